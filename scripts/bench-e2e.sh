#!/usr/bin/env bash
# make bench-e2e: what a user feels, input to pixels, against GTK 4 in the
# same run. Under one headless sway 1.7 (pixman renderer, 1024 x 768), each
# client in turn -- sweep-demo's grid (release build, 16,777,216 items) and
# GTK 4's own grid view with rubber-band selection (`gtk4-demo
# --run=listview_colors`, GSK_RENDERER=cairo, switched to its 16,777,216
# colours) -- runs with WAYLAND_DEBUG=1, is left until idle, and gets the same
# pointer band dragged across it: 200 moves 8 ms apart, real wl_pointer events
# from sway (scripts/bench-e2e-input.py says why through a virtual pointer and
# not `swaymsg seat seat0 cursor`). scripts/bench-e2e-parse.py reads the
# protocol logs; the table is medians of the runs. Runs are interleaved
# (sweep, gtk, sweep, gtk, ...) after one warm-up run of each, not counted.
#
# Usage: scripts/bench-e2e.sh [RUNS]      (RUNS of each client, default 3)
# Environment:
#   BENCH_E2E_OUT        where the logs, metrics and table go
#                        (default .build-release/bench-e2e; replaced each run)
#   BENCH_E2E_GTK_ITEMS  16777216 (default) or 4096 (gtk4-demo's own default)
#   BENCH_E2E_WARMUP     1 (default) or 0: one uncounted run of each first
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${1:-3}
gtk_items=${BENCH_E2E_GTK_ITEMS:-16777216}
warmup=${BENCH_E2E_WARMUP:-1}
out=${BENCH_E2E_OUT:-$root/.build-release/bench-e2e}
width=1024 height=768
# the band: from (100, 150) to (900, 650) in output coordinates, inside both
# clients' item grids (below GTK's header bar, above the demo's tab bar)
drag=(100 150 900 650 200 8)
case "$runs" in ''|*[!0-9]*|0) echo "usage: $0 [RUNS]  (RUNS >= 1)" >&2; exit 64 ;; esac
case "$gtk_items" in 16777216|4096) ;; *) echo "BENCH_E2E_GTK_ITEMS must be 16777216 or 4096" >&2; exit 64 ;; esac

fail() { echo "bench-e2e: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null || fail "$1 is missing (Debian package $2; make bench-e2e installs it)"; }
need sway sway; need grim grim; need gtk4-demo gtk-4-examples; need python3 python3; need setpriv util-linux

echo "Building sweep-demo (release, .build-release; SwiftPM may wait for another build's lock)..."
build_log=$(mktemp)
if ! swift build -c release --scratch-path .build-release --product sweep-demo > "$build_log" 2>&1; then
    tail -n 40 "$build_log" >&2; rm -f "$build_log"; fail "the release build of sweep-demo failed"
fi
rm -f "$build_log"
demo="$(swift build -c release --scratch-path .build-release --show-bin-path)/sweep-demo"
[ -x "$demo" ] || fail "no sweep-demo at $demo after the build"

work=$(mktemp -d /tmp/sweep-bench-e2e.XXXXXX)
chmod 755 "$work"
sway_pid='' input_pid='' client_pid=''

# Stops a process we started, by its pid: TERM, then KILL after 3 s.
stop_pid() {
    local pid=$1
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    stop_pid "$client_pid"
    exec 8>&-
    stop_pid "$input_pid"
    stop_pid "$sway_pid"
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

sway_log="$work/sway.log"
sway_tail() { echo "--- the last lines of sway's log ($sway_log) ---" >&2; tail -n 25 "$sway_log" >&2 || true; }

# --- headless sway; as root it must run as nobody (it refuses root) ---
runtime="$work/run" home="$work/home"
mkdir -m 0700 "$runtime"; mkdir -m 0755 "$home"
cat > "$work/sway.conf" <<CONF
output HEADLESS-1 resolution ${width}x${height} position 0 0 bg #202020 solid_color
default_border none
default_floating_border none
focus_follows_mouse no
xwayland disable
seat seat0 fallback true
CONF
chmod 644 "$work/sway.conf"
sway_env=(env -i PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$runtime" HOME="$home"
          WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman)
if [ "$(id -u)" -eq 0 ]; then
    chown 65534:65534 "$runtime" "$home"
    setpriv --reuid=65534 --regid=65534 --clear-groups "${sway_env[@]}" sway -c "$work/sway.conf" \
        > "$sway_log" 2>&1 &
else
    "${sway_env[@]}" sway -c "$work/sway.conf" > "$sway_log" 2>&1 &
fi
sway_pid=$!
for _ in $(seq 150); do
    [ -S "$runtime/wayland-1" ] && compgen -G "$runtime/sway-ipc.*.sock" >/dev/null && break
    kill -0 "$sway_pid" 2>/dev/null || break
    sleep 0.1
done
if ! kill -0 "$sway_pid" 2>/dev/null; then
    sway_tail; fail "headless sway did not start (it exited; its log is above)"
elif [ ! -S "$runtime/wayland-1" ] || ! compgen -G "$runtime/sway-ipc.*.sock" >/dev/null; then
    sway_tail; fail "headless sway did not start (no socket $runtime/wayland-1 and IPC socket after 15 s)"
fi
export XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY=wayland-1

# --- the pointer device and the drags: a background process fed through a FIFO,
#     one command in, one line (JSON) out ---
mkfifo -m 600 "$work/input.cmd"
python3 scripts/bench-e2e-input.py serve "$width" "$height" < "$work/input.cmd" > "$work/input.out" 2> "$work/input.err" &
input_pid=$!
exec 8> "$work/input.cmd"
input_lines=0
# Sends a command and waits (up to $2 s) for its one line of answer, left in
# $input_reply (not printed: a command substitution would lose the count).
input_reply=''
input_command() {
    local expected=$((input_lines + 1)) limit=$(( $2 * 10 ))
    kill -0 "$input_pid" 2>/dev/null || { cat "$work/input.err" >&2; sway_tail; fail "the pointer driver has exited"; }
    echo "$1" >&8
    for _ in $(seq "$limit"); do
        [ "$(wc -l < "$work/input.out")" -ge "$expected" ] && { input_lines=$expected; input_reply=$(sed -n "${expected}p" "$work/input.out"); return 0; }
        kill -0 "$input_pid" 2>/dev/null || break
        sleep 0.1
    done
    cat "$work/input.err" >&2; sway_tail
    fail "the pointer driver did not answer \`$1\`"
}
for _ in $(seq 50); do [ -s "$work/input.out" ] && break; kill -0 "$input_pid" 2>/dev/null || break; sleep 0.1; done
if [ "$(head -1 "$work/input.out" 2>/dev/null)" != ready ]; then
    cat "$work/input.err" >&2; sway_tail; fail "could not make a pointer device in sway"
fi
input_lines=1

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
vmhwm_kb() { awk '/^VmHWM:/ { print $2 }' "/proc/$1/status"; }
client_gone() {
    echo "--- the last lines of the client's stderr ($1) ---" >&2; tail -n 20 "$1" >&2
    sway_tail; fail "$2"
}
# Waits until the client's CPU time has not changed for half a second (and it has drawn).
wait_idle() {
    local pid=$1 log=$2 name=$3 last='' same=0
    for _ in $(seq 600); do
        local now
        now=$(cpu_ticks "$pid" 2>/dev/null) || client_gone "$log" "$name exited before it was idle"
        if [ "$now" = "$last" ] && grep -q '\.attach(wl_buffer@' "$log"; then
            same=$((same + 1)); [ "$same" -ge 5 ] && return 0
        else
            same=0
        fi
        last=$now
        sleep 0.1
    done
    client_gone "$log" "$name did not become idle within 60 s"
}

rm -rf "$out"; mkdir -p "$out/runs"
date_now=$(date -u +%Y-%m-%d)
clk_tck=$(getconf CLK_TCK)

# One run of one client: start, idle, (GTK: choose its item count), drag, measure, stop.
run_client() {
    local name=$1 label=$2 dir="$out/runs/$2"
    mkdir -p "$dir"
    local client_env=(env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 XDG_RUNTIME_DIR="$runtime"
                      WAYLAND_DISPLAY=wayland-1 WAYLAND_DEBUG=1 XDG_STATE_HOME="$work/state")
    local command
    if [ "$name" = sweep ]; then
        command=("${client_env[@]}" "$demo" --grid --layout tabs --rows 16777216)
    else
        # no accessibility bus here: GTK_A11Y=none keeps GTK from waiting for one
        command=("${client_env[@]}" GSK_RENDERER=cairo GDK_BACKEND=wayland GTK_A11Y=none
                 gtk4-demo --run=listview_colors)
    fi
    ( printf '%s\n' "$EPOCHREALTIME" > "$dir/start"; exec "${command[@]}" ) > "$dir/stdout.log" 2> "$dir/wayland.log" &
    client_pid=$!
    wait_idle "$client_pid" "$dir/wayland.log" "$name"
    # the right window: gtk4-demo opens its own demo browser for a name it does not know
    local title=Sweep; [ "$name" = gtk ] && title=Colors
    grep -q "xdg_toplevel@[0-9]*\.set_title(\"$title\")" "$dir/wayland.log" \
        || fail "$name: no window titled \"$title\" (see $dir/wayland.log)"
    if [ "$name" = gtk ] && [ "$gtk_items" = 16777216 ]; then
        # gtk4-demo starts with 4,096 colours; its header-bar drop-down offers up
        # to 16,777,216: open it and pick the last entry (positions under this
        # sway at 1024 x 768, GTK 4.8's default theme)
        input_command "click 222 22" 5
        sleep 0.5
        input_command "click 229 315" 5
        wait_idle "$client_pid" "$dir/wayland.log" "$name"
        grep -q 'xdg_popup@[0-9]*\.destroy()' "$dir/wayland.log" \
            || fail "gtk: its item-count drop-down did not open and close (see $dir/wayland.log)"
    fi
    local before after hwm
    before=$(cpu_ticks "$client_pid" 2>/dev/null) || client_gone "$dir/wayland.log" "$name exited before the drag"
    input_command "drag ${drag[*]}" 20
    case "$input_reply" in *'"release"'*) ;; *) fail "the drag failed: $input_reply" ;; esac
    sleep 0.3  # the last frame after the release
    after=$(cpu_ticks "$client_pid" 2>/dev/null) && hwm=$(vmhwm_kb "$client_pid" 2>/dev/null) \
        || client_gone "$dir/wayland.log" "$name exited during the drag"
    grim "$dir/after-drag.png" 2>/dev/null || true
    stop_pid "$client_pid"; client_pid=''
    local start_ms
    start_ms=$(awk '{ printf "%.3f", $1 * 1000 }' "$dir/start")
    cat > "$dir/meta.json" <<META
{"client": "$name", "run": "$label", "start_ms": $start_ms, "cpu_before": $before, "cpu_after": $after,
 "clk_tck": $clk_tck, "vmhwm_kb": $hwm, "drag": $input_reply}
META
    python3 scripts/bench-e2e-parse.py run "$dir" || { sway_tail; fail "$name: the run in $dir measured nothing"; }
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "Headless sway $(sway --version 2>/dev/null | awk '{ print $3 }') ${width}x${height}, pixman; band (${drag[0]},${drag[1]}) -> (${drag[2]},${drag[3]}), ${drag[4]} moves ${drag[5]} ms apart"
if [ "$warmup" = 1 ]; then
    echo "Warm-up (not counted):"
    run_client sweep warmup-sweep; run_client gtk warmup-gtk
    mv "$out/runs/warmup-sweep" "$out/runs/warmup-gtk" "$out/"
fi
echo "Runs:"
for i in $(seq "$runs"); do
    run_client sweep "$i-sweep"
    run_client gtk "$i-gtk"
done

echo
revision=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git status --porcelain -- Sources Package.swift 2>/dev/null)" ] || revision="$revision with uncommitted changes in Sources"
echo "End to end against GTK 4 ($date_now, $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)," \
     "load average $load_before before and $(cut -d' ' -f1-3 /proc/loadavg) after;" \
     "sweep-demo release build of $revision; gtk4-demo $(dpkg-query -W -f='${Version}' gtk-4-examples 2>/dev/null)" \
     "with $gtk_items colours):"
echo
python3 scripts/bench-e2e-parse.py table "$out"
echo "Logs, metrics and screenshots after each drag: $out"
