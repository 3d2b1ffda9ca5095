#!/usr/bin/env bash
# Big input: sweep-demo on a file of 10,000,000 lines (150 MB, "Item 000000001"
# ..., made in /tmp and removed after) under a headless sway 1.7, as
# `sweep-demo --items FILE --layout tabs`. Per run: time to first frame
# (start to the first commit with a buffer, from its WAYLAND_DEBUG log, as in
# bench-e2e), time until every line is loaded (the app's event log: the
# "items" event whose count reaches 10,000,000, on the app's clock from its
# start), and peak RSS (VmHWM, read every 20 ms until then and 0.5 s after).
# Targets: first frame < 0.5 s, peak RSS < 150 MB. make bench-e2e runs it.
#
# Usage: scripts/bench-items.sh [RUNS]     (default 3)
# Environment:
#   BENCH_ITEMS_DEMO   the sweep-demo binary (else BENCH_E2E_DEMO, else a release build)
#   BENCH_ITEMS_OUT    where logs and items.json go (default .build-release/bench-items)
#   BENCH_ITEMS_SWAY   "running": use the sway of WAYLAND_DISPLAY (bench-e2e's), else start one
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${1:-3}
lines=10000000
out=${BENCH_ITEMS_OUT:-$root/.build-release/bench-items}
case "$runs" in ''|*[!0-9]*|0) echo "usage: $0 [RUNS]  (RUNS >= 1)" >&2; exit 64 ;; esac

fail() { echo "bench-items: $*" >&2; exit 1; }
source scripts/bench-sway.sh
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3) || fail "python3 is missing (Debian package python3)"

demo=${BENCH_ITEMS_DEMO:-${BENCH_E2E_DEMO:-}}
if [ -z "$demo" ]; then
    echo "Building sweep-demo (release, .build-release)..."
    swift build -c release --scratch-path .build-release --product sweep-demo >/dev/null \
        || fail "the release build of sweep-demo failed"
    demo="$(swift build -c release --scratch-path .build-release --show-bin-path)/sweep-demo"
fi
[ -x "$demo" ] || fail "no sweep-demo at $demo"

work=$(mktemp -d /tmp/sweep-bench-items.XXXXXX)
chmod 755 "$work"
sway_pid='' client_pid=''
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    stop_pid "$client_pid"
    stop_pid "$sway_pid"
    rm -rf "$work"  # the 150 MB file too
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ "${BENCH_ITEMS_SWAY:-}" = running ]; then
    [ -S "${XDG_RUNTIME_DIR:-}/${WAYLAND_DISPLAY:-}" ] || fail "BENCH_ITEMS_SWAY=running but no compositor socket"
    home=$work
else
    start_sway "$work" 1024 768
fi

file="$work/items.txt"
seq -f 'Item %09.0f' 1 "$lines" > "$file"
echo "  $(wc -c < "$file") bytes, $lines lines"

rm -rf "$out"; mkdir -p "$out"
clk_tck=$(getconf CLK_TCK)
# without forking, not to take CPU from the app while it loads
vmhwm_kb() {
    local key value _
    while read -r key value _; do [ "$key" = VmHWM: ] && { echo "$value"; return; }; done < "/proc/$1/status"
}
loaded() { grep -q "\"event\":\"items\",\"count\":$lines[,}]" "$1" 2>/dev/null; }

for i in $(seq "$runs"); do
    dir="$out/run-$i"
    mkdir -p "$dir"
    ( printf '%s\n' "$EPOCHREALTIME" > "$dir/start"
      exec env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR" \
          WAYLAND_DISPLAY="$WAYLAND_DISPLAY" WAYLAND_DEBUG=1 XDG_STATE_HOME="$work/state" \
          "$demo" --items "$file" --layout tabs --event-log "$dir/events.log" ) > "$dir/stdout.log" 2> "$dir/wayland.log" &
    client_pid=$!
    hwm=0 settle=0
    # sample until all lines are in (looked for every 100 ms), then 0.5 s more
    # (the frame that shows them)
    for tick in $(seq 3000); do
        kill -0 "$client_pid" 2>/dev/null || { tail -n 20 "$dir/wayland.log" >&2; fail "sweep-demo exited while loading (run $i)"; }
        now=$(vmhwm_kb "$client_pid" 2>/dev/null) || now=0
        [ "${now:-0}" -gt "$hwm" ] && hwm=$now
        if [ "$settle" -gt 0 ] || { [ $((tick % 5)) = 0 ] && loaded "$dir/events.log"; }; then
            settle=$((settle + 1)); [ "$settle" -gt 25 ] && break
        fi
        sleep 0.02
    done
    loaded "$dir/events.log" || fail "run $i: the event log never counted $lines items within 60 s (see $dir/events.log)"
    stop_pid "$client_pid"; client_pid=''
    start_ms=$(awk '{ printf "%.3f", $1 * 1000 }' "$dir/start")
    cat > "$dir/meta.json" <<META
{"client": "sweep", "scenario": "items-$lines", "run": "run-$i", "start_ms": $start_ms,
 "cpu_before": 0, "cpu_after": 0, "clk_tck": $clk_tck, "vmhwm_kb": $hwm, "drag": null}
META
    "$py" scripts/bench-e2e-parse.py run "$dir" > /dev/null || fail "run $i: no frame in $dir/wayland.log"
    "$py" - "$dir" "$lines" <<'PY'
import json, sys
run, lines = sys.argv[1], int(sys.argv[2])
metrics = json.load(open(f"{run}/metrics.json"))
loaded = next(e["t"] for e in map(json.loads, open(f"{run}/events.log"))
              if e.get("event") == "items" and e.get("count") == lines)
metrics["loaded_ms"] = loaded
json.dump(metrics, open(f"{run}/metrics.json", "w"), indent=1)
print(f"  run {run.rsplit('-', 1)[1]}: first frame {metrics['first_frame_ms']:.0f} ms,"
      f" all {lines:,} lines loaded at {loaded:,.0f} ms, peak RSS {metrics['vmhwm_mb']:.1f} MB")
PY
done
"$py" - "$out" "$(wc -c < "$file")" "$lines" <<'PY'
import glob, json, statistics, sys
out, size, lines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runs = [json.load(open(p)) for p in sorted(glob.glob(f"{out}/run-*/metrics.json"))]
summary = {"bytes": size, "lines": lines, "runs": len(runs)}
for key in ("first_frame_ms", "loaded_ms", "vmhwm_mb"):
    summary[key] = statistics.median(r[key] for r in runs)
    summary[key + "_all"] = [r[key] for r in runs]
json.dump(summary, open(f"{out}/items.json", "w"), indent=1)
PY
echo "  medians in $out/items.json"
