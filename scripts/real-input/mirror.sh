#!/usr/bin/env bash
# Prints the Debian mirror this machine's apt already uses, so the guest image comes from the
# same place (no host name is written into the repository). SWEEP_DEBIAN_MIRROR overrides it.
set -euo pipefail
if [ -n "${SWEEP_DEBIAN_MIRROR:-}" ]; then echo "$SWEEP_DEBIAN_MIRROR"; exit 0; fi
# deb822 sources: the first URIs of a stanza whose suites are not the security archive's.
for f in /etc/apt/sources.list.d/*.sources; do
  [ -r "$f" ] || continue
  uri=$(awk 'BEGIN{RS=""; FS="\n"}
    { u=""; s=""
      for (i=1;i<=NF;i++) { if ($i ~ /^URIs:/) u=$i; if ($i ~ /^Suites:/) s=$i }
      if (u != "" && s !~ /-security/) { sub(/^URIs:[ \t]*/, "", u); split(u, a, /[ \t]+/); print a[1]; exit } }' "$f")
  if [ -n "$uri" ]; then echo "$uri"; exit 0; fi
done
# one-line sources
uri=$(grep -hE '^deb[ \t]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
  grep -v -- '-security' | sed -E 's/^deb[ \t]+(\[[^]]*\][ \t]+)?//' | awk '{print $1; exit}')
if [ -n "$uri" ]; then echo "$uri"; exit 0; fi
echo "no Debian mirror found in /etc/apt/sources.list*; set SWEEP_DEBIAN_MIRROR" >&2
exit 1
