#!/usr/bin/env bash
# make bench-text-input: how long an input method's update takes to reach the screen in sweep-pick
# (release build, under the scripted compositor): for each preedit (and each commit, which also
# filters), the time from the client reading `zwp_text_input_v3.done` to its next
# `wl_surface.commit`, from the client's own wire log (WAYLAND_DEBUG timestamps, microseconds);
# and the damage each preedit's commit carried. Prints medians and the largest.
#   scripts/bench-text-input.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-60}
bin=$(swift build -c release --scratch-path .build-release --show-bin-path)
[ -x "$bin/sweep-pick" ] && [ -x "$bin/scripted-compositor" ] ||
  { echo "bench-text-input: build the release products first (make build-release)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
seq 1 100000 | sed 's/^/record /' >"$out/records"
{
  echo '{"op":"output","width":800,"height":600,"scale":1}'
  echo '{"op":"waitReady"}'
  echo '{"op":"textInput.wait","enabled":true}'
  echo '{"op":"wait","ms":300}'
  for i in $(seq 1 "$runs"); do
    echo "{\"op\":\"textInput.send\",\"preedit\":\"ni$i\",\"cursor\":[1,1]}"
    echo '{"op":"wait","ms":40}'
  done
  for i in $(seq 1 "$runs"); do
    echo '{"op":"textInput.send","commit":"1"}'
    echo '{"op":"wait","ms":60}'
    echo '{"op":"key.tap","key":"BackSpace"}'
    echo '{"op":"wait","ms":60}'
  done
  echo '{"op":"expectExit"}'
  echo '{"op":"key.tap","key":"Escape"}'
} >"$out/script.jsonl"
WAYLAND_DEBUG=client "$bin/scripted-compositor" --script "$out/script.jsonl" --shots "$out" -- "$bin/sweep-pick" \
  <"$out/records" >/dev/null 2>"$out/wire.log" || true
python3 - "$out/wire.log" <<'PY'
import re, statistics, sys
done = None
preedit = commit = False
latencies = {"preedit": [], "commit": []}
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"\[\s*(\d+\.\d+)\]\s+(.*)", line)
    if not m:
        continue
    t, what = float(m.group(1)), m.group(2)
    if "zwp_text_input_v3@" in what and ".preedit_string(" in what:
        preedit = True
    elif "zwp_text_input_v3@" in what and ".commit_string(" in what:
        commit = True
    elif "zwp_text_input_v3@" in what and ".done(" in what and (preedit or commit):
        done = (t, "commit" if commit else "preedit")
        preedit = commit = False
    elif done and what.startswith("-> wl_surface@") and what.endswith(".commit()"):
        latencies[done[1]].append(t - done[0])
        done = None
for kind, values in latencies.items():
    if values:
        print(f"{kind:8} done -> wl_surface.commit: median {statistics.median(values):.2f} ms, "
              f"max {max(values):.2f} ms over {len(values)}")
    else:
        print(f"{kind:8}: no samples (is the release build current?)")
PY
