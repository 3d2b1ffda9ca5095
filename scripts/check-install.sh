#!/usr/bin/env bash
# Checks `make install` and `make uninstall`: installs into a temporary DESTDIR with PREFIX=/usr,
# checks every file that should be there (and nothing else), validates the .desktop files, the
# icons, the man pages and the completion scripts, uninstalls, and checks that nothing is left.
#   scripts/check-install.sh                     builds the release first (make install does)
#   BIN_DIR=DIR scripts/check-install.sh         installs the programs already built in DIR
# GENERATE_MANUAL=PATH is passed on to make install as well.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
programs=(sweep-demo sweep-pick sweep-copy scripted-compositor)
app_ids=(org.sweep.Demo org.sweep.Pick)   # the .desktop name is the Wayland app_id
app_programs=(sweep-demo sweep-pick)      # the program each app id belongs to

for tool in desktop-file-validate man python3; do
  command -v "$tool" >/dev/null || { echo "check-install: $tool is missing (scripts/install-deps.sh test)" >&2; exit 1; }
done

dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok   $*"; }

expected=()
for p in "${programs[@]}"; do
  expected+=("usr/bin/$p" "usr/share/man/man1/$p.1" "usr/share/bash-completion/completions/$p"
             "usr/share/zsh/site-functions/_$p" "usr/share/fish/vendor_completions.d/$p.fish")
done
for id in "${app_ids[@]}"; do
  expected+=("usr/share/applications/$id.desktop" "usr/share/icons/hicolor/scalable/apps/$id.svg")
done

echo "== make install DESTDIR=$dest PREFIX=/usr"
make -C "$root" --no-print-directory install DESTDIR="$dest" PREFIX=/usr

echo "== files"
for f in "${expected[@]}"; do
  if [ -s "$dest/$f" ]; then pass "$f"; else fail "$f is missing or empty"; fi
done
for p in "${programs[@]}"; do
  [ -x "$dest/usr/bin/$p" ] || fail "usr/bin/$p is not executable"
done
unexpected=$(cd "$dest" && find . ! -type d | sed 's|^\./||' | sort |
  comm -23 - <(printf '%s\n' "${expected[@]}" | sort))
[ -z "$unexpected" ] || fail "install put files there that are not expected: $unexpected"

echo "== desktop files and icons"
for i in "${!app_ids[@]}"; do
  id=${app_ids[$i]} program=${app_programs[$i]}
  desktop="$dest/usr/share/applications/$id.desktop"
  if out=$(desktop-file-validate "$desktop" 2>&1) && [ -z "$out" ]; then
    pass "desktop-file-validate $id.desktop"
  else
    fail "desktop-file-validate $id.desktop: $out"
  fi
  exec_line=$(sed -n 's/^Exec=//p' "$desktop")
  [ -x "$dest/usr/bin/${exec_line%% *}" ] || fail "$id.desktop: Exec=$exec_line is not an installed program"
  grep -qx "Icon=$id" "$desktop" || fail "$id.desktop: Icon= is not $id"
  grep -rqF "\"$id\"" "$root/Sources/$program" || fail "$id.desktop: $program does not use the app id $id"
  svg="$dest/usr/share/icons/hicolor/scalable/apps/$id.svg"
  if python3 - "$svg" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
assert root.get("viewBox"), "no viewBox"
EOF
  then pass "$id.svg is well-formed SVG"; else fail "$id.svg is not well-formed SVG"; fi
done

echo "== man pages"
for p in "${programs[@]}"; do
  page="$dest/usr/share/man/man1/$p.1"
  warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null || echo "man exited $?")
  [ -z "$warnings" ] || fail "man -l $p.1 warns: $warnings"
  # Wide, so that no option is broken across lines.
  text=$(LC_ALL=C.UTF-8 MANWIDTH=1000 man -l "$page" 2>/dev/null)
  grep -q "^NAME" <<<"$text" && grep -qw -- "$p" <<<"$text" || fail "$p.1 has no NAME naming $p"
  options=$("$dest/usr/bin/$p" --experimental-dump-help | python3 -c '
import json, sys
for argument in json.load(sys.stdin)["command"].get("arguments", []):
    if argument.get("shouldDisplay") and argument["kind"] in ("option", "flag"):
        print(("-" if argument["preferredName"]["kind"] == "short" else "--") + argument["preferredName"]["name"])
')
  [ -n "$options" ] || fail "$p reports no options"
  missing=()
  for option in $options; do
    grep -qF -- "$option" <<<"$text" || missing+=("$option")
  done
  if [ ${#missing[@]} -eq 0 ] && [ -z "$warnings" ]; then
    pass "$p.1 renders without warnings and has its $(wc -w <<<"$options") options"
  fi
  [ ${#missing[@]} -eq 0 ] || fail "$p.1 lacks ${missing[*]}"
done

echo "== completions"
for p in "${programs[@]}"; do
  bash_script="$dest/usr/share/bash-completion/completions/$p"
  zsh_script="$dest/usr/share/zsh/site-functions/_$p"
  fish_script="$dest/usr/share/fish/vendor_completions.d/$p.fish"
  if bash -n "$bash_script" 2>/dev/null && grep -qE "^complete .* $p\$" "$bash_script"; then
    pass "bash completion for $p"
  else
    fail "bash completion for $p: bash -n fails or no 'complete … $p'"
  fi
  if head -n 1 "$zsh_script" | grep -qx "#compdef $p" &&
     { ! command -v zsh >/dev/null || zsh -n "$zsh_script"; }; then
    pass "zsh completion for $p"
  else
    fail "zsh completion for $p: no '#compdef $p' or zsh -n fails"
  fi
  if grep -qF "complete -c '$p'" "$fish_script" &&
     { ! command -v fish >/dev/null || fish --no-execute "$fish_script"; }; then
    pass "fish completion for $p"
  else
    fail "fish completion for $p: no \"complete -c '$p'\" or fish --no-execute fails"
  fi
done

echo "== make uninstall DESTDIR=$dest PREFIX=/usr"
make -C "$root" --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr
left=$(cd "$dest" && find . ! -type d | sed 's|^\./||')
if [ -z "$left" ]; then pass "uninstall left no files"; else fail "uninstall left: $left"; fi

if [ "$failures" -ne 0 ]; then
  echo "check-install: $failures failure(s)" >&2
  exit 1
fi
echo "check-install: all good"
