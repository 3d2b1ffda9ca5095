#!/usr/bin/env bash
# make bench-e2e: what a user feels, input to pixels, against GTK 4 in the
# same run. Under headless sway 1.7 (pixman renderer, 1024 x 768), each
# client in turn -- sweep-demo (release build) and sweep-gtk-peer
# (Benchmarks/gtk-peer: GtkGridView / GtkListView with rubber-band selection,
# GSK_RENDERER=cairo, the same cell geometry) -- runs with WAYLAND_DEBUG=1, is
# left until idle, and gets the same pointer band dragged across it: 200 moves
# 8 ms apart, real wl_pointer events from sway (scripts/bench-e2e-input.py says
# why through a virtual pointer). Scenarios: the grid at 16,777,216 and
# 1,000,000 items, the list at 1,000,000 and 16,777,216. After one warm-up run
# of each (which also checks both selected the same items), runs alternate
# sweep, gtk, sweep, gtk, ... Then foot's time to first frame (a baseline for
# start-up), and scripts/bench-items.sh (10,000,000 lines from a file) under
# the same sway. Then HiDPI: a sway whose output is 2560 x 1600 at scale 2
# (1280 x 800 logical), and one at scale 1.5 (1706 x 1066 logical; sway 1.7
# has no fractional-scale-v1, so both clients draw at buffer scale 2 and sway
# scales their buffers down), each with the grid and the list at 16,777,216
# items, warm-up and alternating runs as before; each run checks that the
# client drew at the output's scale. Last, the grid once more under Debian 13's sway 1.10, whose
# headless output reports frames presented: input → presentation for Sweep,
# Sweep with late latching, and the GTK peer (asking for the feedback itself).
# At scale 1 and each other scale, a table of 20 columns over 1,000,000 rows
# (Examples/records against the peer's GtkColumnView of the same geometry): the
# band drag over its rows, and a fling, two fingers flicked on a touchpad
# (12 scrolls of 50 px 8 ms apart, then the lift: axis_stop), measured until
# the fling's frames stop; their own section in docs/performance.md. And two
# scenarios of Sweep alone (GTK has neither): an animated delete (sweep-demo's
# list of 1,000,000: row 0 clicked, Shift+Down 499 times through a virtual
# keyboard (sweep-input), then Delete, measured from the Delete to the end of
# the animation's frames) and a fling over Examples/mail's 1,000,000 messages,
# rows as tall as their snippets (the table's fling); their section too.
# scripts/bench-e2e-parse.py reads each protocol log;
# scripts/bench-e2e-report.py makes the tables (medians), the targets, the
# latency plot and the docs section.
#
# Usage: scripts/bench-e2e.sh [RUNS]      (RUNS of each client and scenario, default 9)
# Environment:
#   BENCH_E2E_DEMO     a sweep-demo binary to use instead of building one
#   BENCH_E2E_RECORDS  an Examples/records binary, likewise (the table's client)
#   BENCH_E2E_OUT      where logs, per-run metrics and tables go
#                      (default .build-release/bench-e2e; replaced each run)
#   BENCH_E2E_WARMUP   1 (default) or 0: one uncounted run of each first
#   BENCH_E2E_DOCS     1 (default): write the table into docs/performance.md and the
#                      plot to docs/images/bench-e2e-latency.png; 0: only into BENCH_E2E_OUT
#   BENCH_E2E_ITEMS    1 (default) or 0: also run scripts/bench-items.sh
#   BENCH_E2E_PRESENTATION  1 (default) or 0: also the input → presentation pass
#                      under Debian 13's sway (scripts/bench-sway-presenting.sh)
#   BENCH_E2E_LATCH_MS more starting margins (ms, as SWEEP_LATE_LATCH_MS) that
#                      pass measures, besides the default and off; e.g. "3 4"
#   BENCH_E2E_MAIN     1 (default) or 0: leave out everything but that pass
#   BENCH_E2E_SCALES   the output scales to measure at, in that order (default
#                      "1 2 1.5"): 1 is the 1024 x 768 output with foot and
#                      bench-items.sh; any other is the 2560 x 1600 output at
#                      that scale; e.g. "2" for scale 2 only
#   BENCH_E2E_SCALED_ITEMS  the item counts of the grid and list at scales
#                      other than 1 (default 16777216; e.g. "16777216 1000000")
#   BENCH_E2E_VIEWS    which of the views to measure (default "grid list table
#                      table-fling list-delete mail-fling"); e.g. "table table-fling" for the table only
#   BENCH_E2E_INPUT, BENCH_E2E_MAIL  sweep-input and Examples/mail binaries to use instead of building them
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${1:-9}
warmup=${BENCH_E2E_WARMUP:-1}
write_docs=${BENCH_E2E_DOCS:-1}
with_items=${BENCH_E2E_ITEMS:-1}
with_presentation=${BENCH_E2E_PRESENTATION:-1}
with_main=${BENCH_E2E_MAIN:-1}
latch_margins=${BENCH_E2E_LATCH_MS:-}
out=${BENCH_E2E_OUT:-$root/.build-release/bench-e2e}
width=1024 height=768
# The HiDPI output, in device pixels; its layout size is this over the scale
hidpi_width=2560 hidpi_height=1600
scales=${BENCH_E2E_SCALES-1 2 1.5}
scaled_items=${BENCH_E2E_SCALED_ITEMS:-16777216}
# The band, in layout (logical) coordinates: inside both apps' item area (below
# the 44 px toolbar or header bar, above the 49 px tab bar). It ends at x = 850,
# where both grids have their 8th column (GTK's columns are wider, see the
# peer). The same band at every scale: the windows are 1280 x 800 logical at
# scale 2 and 1706 x 1066 at 1.5, and the 8th column is at 822-922 (Sweep,
# 11 columns 116 apart from x = 10) and 818-925 (GTK) at 1280, at 803-903 and
# 800-906 (15 columns) at 1706; the rows are the same, so both apps select
# 6 rows of 8 cells, or 12 list rows, at each scale (the warm-up checks).
drag=(100 150 850 650 200 8)
# The table's band: from the second column to the eighth, rows 2 to 17 in both
# (Sweep's rows start at y = 74 under its 44 px filter bar and 30 px header,
# GTK's at 77; both 32 px high), its ends away from a row's edge in both.
table_drag=(100 150 850 640 200 8)
# The fling: over the rows, 600 px in 12 scrolls 8 ms apart (6.25 px a ms), then the lift
table_fling=(500 400 600 12 8)
# The fling over the mail's rows (under its 40 px search field), as the table's
mail_fling=(500 400 600 12 8)
views=${BENCH_E2E_VIEWS-grid list table table-fling list-delete mail-fling}
scenarios=()
for scenario in "grid 16777216" "grid 1000000" "list 1000000" "list 16777216" "table 1000000" "table-fling 1000000" \
                "list-delete 1000000" "mail-fling 1000000"; do
    if [[ " $views " == *" ${scenario% *} "* ]]; then scenarios+=("$scenario"); fi
done
[ -n "${views// /}" ] || { echo "BENCH_E2E_VIEWS is empty" >&2; exit 64; }
for view in $views; do
    case "$view" in grid|list|table|table-fling|list-delete|mail-fling) ;; *)
        echo "BENCH_E2E_VIEWS: \"$view\" is not one of grid, list, table, table-fling, list-delete, mail-fling" >&2; exit 64 ;; esac
done
# Without the grid or the list, sweep-demo is not measured: nor are foot's first frame, the
# big input and the presentation pass (which are sweep-demo's).
with_demo=0
[[ " $views " != *" grid "* && " $views " != *" list "* ]] || with_demo=1
[ "$with_demo" = 1 ] || with_items=0 with_presentation=0
case "$runs" in ''|*[!0-9]*|0) echo "usage: $0 [RUNS]  (RUNS >= 1)" >&2; exit 64 ;; esac
[ "$with_main" != 1 ] || [ -n "${scales// /}" ] || { echo "BENCH_E2E_SCALES is empty" >&2; exit 64; }
for scale in $scales; do
    [[ "$scale" =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v s="$scale" 'BEGIN { exit !(s >= 1 && s <= 4) }' ||
        { echo "BENCH_E2E_SCALES: \"$scale\" is not an output scale from 1 to 4" >&2; exit 64; }
done
for items in $scaled_items; do
    [[ "$items" =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_E2E_SCALED_ITEMS: \"$items\" is not an item count" >&2; exit 64; }
done
for margin in $latch_margins; do
    [[ "$margin" =~ ^[0-9]+(\.[0-9]+)?$ ]] ||
        { echo "BENCH_E2E_LATCH_MS: \"$margin\" is not a margin in milliseconds" >&2; exit 64; }
done

fail() { echo "bench-e2e: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null || fail "$1 is missing (Debian package $2; make bench-e2e installs it)"; }
need sway sway; need swaymsg sway; need grim grim; need wayland-scanner libwayland-bin; need foot foot; need cc gcc; need pkg-config pkg-config
need setpriv util-linux
pkg-config --exists gtk4 || fail "GTK 4's headers are missing (Debian package libgtk-4-dev; make bench-e2e installs it)"
# Debian's python3, where python3-matplotlib goes (a python3 earlier in PATH may lack it)
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3) || fail "python3 is missing (Debian package python3)"
"$py" -c 'import matplotlib' 2>/dev/null || fail "matplotlib is missing for $py (Debian package python3-matplotlib)"
source scripts/bench-sway.sh

# client PRODUCT VARIABLE: the release build of PRODUCT, or the binary VARIABLE
# (BENCH_E2E_DEMO, BENCH_E2E_RECORDS) names instead; its path on standard output.
client() {
    local product=$1 given=${!2:-} path build_log
    if [ -n "$given" ]; then
        path=$(realpath "$given")
        [ -x "$path" ] || fail "$2=$given is not an executable"
        echo "$product: $path ($2, not built)" >&2
    else
        echo "Building $product (release, .build-release; SwiftPM may wait for another build's lock)..." >&2
        build_log=$(mktemp)
        if ! swift build -c release --scratch-path .build-release --product "$product" > "$build_log" 2>&1; then
            tail -n 40 "$build_log" >&2; rm -f "$build_log"; fail "the release build of $product failed"
        fi
        rm -f "$build_log"
        path="$(swift build -c release --scratch-path .build-release --show-bin-path)/$product"
        [ -x "$path" ] || fail "no $product at $path after the build"
    fi
    echo "$path"
}
demo='' records='' sweep_input='' mail=''
[[ "$with_demo" != 1 && " $views " != *" list-delete "* ]] || demo=$(client sweep-demo BENCH_E2E_DEMO)
[[ " $views " != *" table"* ]] || records=$(client records BENCH_E2E_RECORDS)
[[ " $views " != *" list-delete "* ]] || sweep_input=$(client sweep-input BENCH_E2E_INPUT)
[[ " $views " != *" mail-fling "* ]] || mail=$(client mail BENCH_E2E_MAIL)
# Scenarios GTK has no counterpart of: Sweep alone runs them.
sweep_only() { [[ "$1" == list-delete || "$1" == mail-fling ]]; }

rm -rf "$out"; mkdir -p "$out/runs" "$out/warmup"
peer="$out/sweep-gtk-peer"
# shellcheck disable=SC2046 # pkg-config's flags are words
if ! { wayland-scanner client-header protocols/presentation-time.xml "$out/presentation-time.h" &&
       wayland-scanner private-code protocols/presentation-time.xml "$out/presentation-time.c" &&
       cc -O2 -Wall -I "$out" -o "$peer" Benchmarks/gtk-peer/sweep-gtk-peer.c "$out/presentation-time.c" \
          $(pkg-config --cflags --libs gtk4 wayland-client); } > "$out/peer-build.log" 2>&1; then
    cat "$out/peer-build.log" >&2
    fail "the GTK peer (Benchmarks/gtk-peer/sweep-gtk-peer.c) did not build; the compiler's output is above"
fi

# Before anything is measured, so a machine that cannot have it fails at once.
if [ "$with_presentation" = 1 ]; then
    presenting_root=$(scripts/bench-sway-presenting.sh) ||
        fail "no sway that reports presentation (see above); BENCH_E2E_PRESENTATION=0 leaves that pass out"
fi

work=$(mktemp -d /tmp/sweep-bench-e2e.XXXXXX)
chmod 755 "$work"
sway_pid='' input_pid='' client_pid=''
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

# --- the pointer device and the drags: a background process fed through a FIFO,
#     one command in, one line (JSON) out; started in each sway ---
# Sends a command and waits (up to $2 s) for its one line of answer, left in
# $input_reply (not printed: a command substitution would lose the count).
input_reply=''
input_command() {
    local expected=$((input_lines + 1)) limit=$(( $2 * 10 ))
    kill -0 "$input_pid" 2>/dev/null || { cat "$input_dir/input.err" >&2; sway_tail; fail "the pointer driver has exited"; }
    echo "$1" >&8
    for _ in $(seq "$limit"); do
        [ "$(wc -l < "$input_dir/input.out")" -ge "$expected" ] && { input_lines=$expected; input_reply=$(sed -n "${expected}p" "$input_dir/input.out"); return 0; }
        kill -0 "$input_pid" 2>/dev/null || break
        sleep 0.1
    done
    cat "$input_dir/input.err" >&2; sway_tail
    fail "the pointer driver did not answer \`$1\`"
}
# start_input DIR: the driver for the running sway, its FIFO and logs in DIR
start_input() {
    input_dir=$1
    mkfifo -m 600 "$input_dir/input.cmd"
    "$py" scripts/bench-e2e-input.py serve "$logical_width" "$logical_height" < "$input_dir/input.cmd" > "$input_dir/input.out" \
        2> "$input_dir/input.err" &
    input_pid=$!
    exec 8> "$input_dir/input.cmd"
    for _ in $(seq 50); do [ -s "$input_dir/input.out" ] && break; kill -0 "$input_pid" 2>/dev/null || break; sleep 0.1; done
    if [ "$(head -1 "$input_dir/input.out" 2>/dev/null)" != ready ]; then
        cat "$input_dir/input.err" >&2; sway_tail; fail "could not make a pointer device in sway"
    fi
    input_lines=1
}
stop_input() {
    exec 8>&-
    stop_pid "$input_pid"; input_pid=''
}
# use_sway DIR WIDTH HEIGHT SCALE: stops the sway running (and its pointer
# driver) and starts one in DIR, its output WIDTH x HEIGHT device pixels at
# SCALE, with a pointer driver over its layout size (logical_width x
# logical_height, as sway reports it; motions are given in that space)
output_scale=1 logical_width=$width logical_height=$height
use_sway() {
    local dir=$1
    [ -z "$input_pid" ] || stop_input
    stop_pid "$sway_pid"; sway_pid=''
    [ -d "$dir" ] || mkdir -m 755 "$dir"
    start_sway "$dir" "$2" "$3" "$4"
    output_scale=$4
    read -r logical_width logical_height < <(sway_logical_size) || true
    [[ "${logical_width:-}" =~ ^[0-9]+$ && "${logical_height:-}" =~ ^[0-9]+$ ]] ||
        { sway_tail; fail "swaymsg -t get_outputs gave no output size"; }
    start_input "$dir"
}

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

date_now=$(date -u +%Y-%m-%d)
clk_tck=$(getconf CLK_TCK)
# Flags the GTK peer gets (the presentation pass adds --presentation-feedback)
peer_flags=()

# One run: start the client, wait until idle, drag (unless the scenario is
# "start"), measure, stop. $1 client (sweep; sweep-latch-MS, Sweep with
# SWEEP_LATE_LATCH_MS=MS, 0 for off; gtk; foot), $2 view (grid, list, table: sweep-demo's
# grid or list, or records, and the band; table-fling: records and the fling; start: no
# input), $3 items, $4 the run's folder.
run_client() {
    local name=$1 view=$2 items=$3 dir=$4 check=${5:-}
    mkdir -p "$dir"
    local command title
    local client_env=(env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 XDG_RUNTIME_DIR="$runtime"
                      WAYLAND_DISPLAY=wayland-1 WAYLAND_DEBUG=1 XDG_STATE_HOME="$work/state")
    case "$name" in
      sweep|sweep-latch-*)
        title=Sweep
        [ "$name" = sweep ] || client_env+=(SWEEP_LATE_LATCH_MS="${name#sweep-latch-}")
        case "$view" in
          table*)
            title=Records
            command=("${client_env[@]}" "$records" --rows "$items")
            # its selection lines, in the form of sweep-demo's event log
            [ -z "$check" ] || command+=(--print-selection) ;;
          mail*)
            title=Mail
            command=("${client_env[@]}" "$mail" --messages "$items") ;;
          *)
            command=("${client_env[@]}" "$demo" --layout tabs --rows "$items")
            if [ "$view" = grid ]; then command+=(--grid); else command+=(--page list); fi
            [ -z "$check" ] || command+=(--event-log "$dir/events.log") ;;
        esac ;;
      gtk)
        # no accessibility bus here: GTK_A11Y=none keeps GTK from waiting for one
        title="Sweep GTK peer"
        command=("${client_env[@]}" GSK_RENDERER=cairo GDK_BACKEND=wayland GTK_A11Y=none "$peer" --items "$items"
                 "${peer_flags[@]}")
        case "$view" in
          grid) command+=(--grid --cell-size 100 --spacing 8) ;;
          table*) command+=(--table) ;;
          *) command+=(--list --cell-size 44 --spacing 0) ;;
        esac
        [ -z "$check" ] || command+=(--print-selection) ;;
      foot)
        title=foot
        command=("${client_env[@]}" foot sleep 600) ;;
    esac
    ( printf '%s\n' "$EPOCHREALTIME" > "$dir/start"; exec "${command[@]}" ) > "$dir/stdout.log" 2> "$dir/wayland.log" &
    client_pid=$!
    wait_idle "$client_pid" "$dir/wayland.log" "$name"
    grep -q "xdg_toplevel@[0-9]*\.set_title(\"$title\")" "$dir/wayland.log" \
        || fail "$name: no window titled \"$title\" (see $dir/wayland.log)"
    local before after hwm drag_record=null
    before=$(cpu_ticks "$client_pid" 2>/dev/null) || client_gone "$dir/wayland.log" "$name exited before the drag"
    case "$view" in
      start) ;;
      table-fling)
        input_command "fling ${table_fling[*]}" 20
        case "$input_reply" in *'"lift"'*) ;; *) fail "the fling failed: $input_reply" ;; esac
        drag_record=$input_reply
        sleep 6  # the fling is over (Sweep's lasts ~3.2 s, GTK's ~1.9 s; the parse checks it ended)
        ;;
      mail-fling)
        input_command "fling ${mail_fling[*]}" 20
        case "$input_reply" in *'"lift"'*) ;; *) fail "the fling failed: $input_reply" ;; esac
        drag_record=$input_reply
        sleep 6
        ;;
      list-delete)
        # Row 0 clicked (under the 44 px toolbar), 499 more by Shift+Down, then Delete: 500 rows go, animated.
        input_command "click 300 66" 20
        local keys="$dir/keys.jsonl"
        { echo '{"op":"key.down","key":"Shift_L"}'
          for _ in $(seq 499); do echo '{"op":"key.tap","key":"Down"}'; done
          echo '{"op":"key.up","key":"Shift_L"}'
          echo '{"op":"wait","ms":500}'
          echo '{"op":"key.tap","key":"Delete"}'; } > "$keys"
        env -i PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY=wayland-1 \
            "$sweep_input" --via virtual-keyboard --script "$keys" > "$dir/keys.log" 2>&1 ||
            { cat "$dir/keys.log" >&2; fail "sweep-input could not play the keys"; }
        input_command offsets 20
        case "$input_reply" in *'"clock_offsets_ms"'*) ;; *) fail "the pointer driver gave no clock offsets: $input_reply" ;; esac
        drag_record="{\"delete\": true, ${input_reply#\{}"
        sleep 1.5  # the animation (250 ms) and the frames after it
        ;;
      *)
        local band=("${drag[@]}")
        [ "$view" != table ] || band=("${table_drag[@]}")
        input_command "drag ${band[*]}" 20
        case "$input_reply" in *'"release"'*) ;; *) fail "the drag failed: $input_reply" ;; esac
        drag_record=$input_reply
        sleep 0.3  # the last frame after the release
        ;;
    esac
    after=$(cpu_ticks "$client_pid" 2>/dev/null) && hwm=$(vmhwm_kb "$client_pid" 2>/dev/null) \
        || client_gone "$dir/wayland.log" "$name exited during the drag"
    local measured_ms
    measured_ms=$(awk -v t="$EPOCHREALTIME" 'BEGIN { printf "%.3f", t * 1000 }')
    [ "$view" = start ] || grim "$dir/after-drag.png" 2>/dev/null || true
    stop_pid "$client_pid"; client_pid=''
    local start_ms scenario=$view
    start_ms=$(awk '{ printf "%.3f", $1 * 1000 }' "$dir/start")
    [ "$view" = start ] || scenario="$view-$items$(scale_tag)"
    cat > "$dir/meta.json" <<META
{"client": "$name", "scenario": "$scenario", "run": "$(basename "$dir")", "start_ms": $start_ms,
 "cpu_before": $before, "cpu_after": $after, "clk_tck": $clk_tck, "vmhwm_kb": $hwm, "drag": $drag_record,
 "scale": $output_scale, "output": [$logical_width, $logical_height], "measured_ms": $measured_ms}
META
    "$py" scripts/bench-e2e-parse.py run "$dir" || { sway_tail; fail "$name: the run in $dir failed (the reason is above)"; }
}
# "" at scale 1, "@2" at scale 2: the suffix of a scenario's name
scale_tag() { [ "$output_scale" = 1 ] || echo "@$output_scale"; }

# pass SCENARIO...: the warm-up run of each (checking the selections) and the
# alternating runs, at the running sway's scale
pass() {
    local scenario view items tag i
    tag=$(scale_tag)
    if [ "$warmup" = 1 ]; then
        echo "Warm-up (not counted; checks that both apps select the same items):"
        for scenario in "$@"; do
            read -r view items <<< "$scenario"
            run_client sweep "$view" "$items" "$out/warmup/$view-$items$tag-sweep" check
            ! sweep_only "$view" || continue
            run_client gtk "$view" "$items" "$out/warmup/$view-$items$tag-gtk" check
            [ "$view" != table-fling ] || continue  # a fling selects nothing
            local selection_log="$out/warmup/$view-$items$tag-sweep/events.log"
            [ "$view" != table ] || selection_log="$out/warmup/$view-$items$tag-sweep/stdout.log"  # records --print-selection
            "$py" scripts/bench-e2e-report.py selection "$view-$items$tag" "$selection_log" \
                "$out/warmup/$view-$items$tag-gtk/stdout.log" >> "$out/selection.jsonl"
            tail -n 1 "$out/selection.jsonl"
        done
    fi
    echo "Runs:"
    for i in $(seq "$runs"); do
        for scenario in "$@"; do
            read -r view items <<< "$scenario"
            run_client sweep "$view" "$items" "$out/runs/$view-$items$tag-$i-sweep"
            sweep_only "$view" || run_client gtk "$view" "$items" "$out/runs/$view-$items$tag-$i-gtk"
        done
    done
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$SECONDS
scaled_sizes=()
if [ "$with_main" = 1 ]; then
  for scale in $scales; do
    if [ "$scale" = 1 ]; then
        use_sway "$work" "$width" "$height" 1
        echo "Headless sway $(sway_version) ${width}x${height}, pixman; band (${drag[0]},${drag[1]}) -> (${drag[2]},${drag[3]}), ${drag[4]} moves ${drag[5]} ms apart"
        pass "${scenarios[@]}"
        if [ "$with_demo" = 1 ]; then
            echo "foot, time to first frame:"
            run_client foot start 0 "$out/warmup/start-foot"
            for i in $(seq "$runs"); do run_client foot start 0 "$out/runs/start-$i-foot"; done
        fi

        if [ "$with_items" = 1 ]; then
            echo "Big input (scripts/bench-items.sh, the same sway):"
            BENCH_ITEMS_DEMO="$demo" BENCH_ITEMS_OUT="$out/items" BENCH_ITEMS_SWAY=running scripts/bench-items.sh
        fi
    else
        use_sway "$work/scale-$scale" "$hidpi_width" "$hidpi_height" "$scale"
        scaled_sizes+=("scale $scale ($logical_width x $logical_height logical)")
        echo "Headless sway $(sway_version) ${hidpi_width}x${hidpi_height} at scale $scale (${logical_width}x${logical_height} logical), pixman; the same band in logical coordinates"
        scaled_scenarios=()
        for view in $views; do
            case "$view" in
              grid|list) for items in $scaled_items; do scaled_scenarios+=("$view $items"); done ;;
              *) scaled_scenarios+=("$view 1000000") ;;
            esac
        done
        pass "${scaled_scenarios[@]}"
    fi
  done
fi

if [ "$with_presentation" = 1 ]; then
    # Input → presentation needs a compositor that reports frames presented, which
    # Debian 12's headless sway does not: the same drag under Debian 13's sway, the
    # grid only, Sweep as shipped (late latching on), Sweep with each margin (0:
    # off, drawing at the frame callback), and the GTK peer asking for the
    # feedback GTK 4.8 does not.
    use_presenting_sway "$presenting_root"
    presenting_version=$(sway_version)
    use_sway "$work/presenting" "$width" "$height" 1
    peer_flags=(--presentation-feedback)
    clients=(sweep sweep-latch-0)
    for margin in $latch_margins; do [ "$margin" = 0 ] || clients+=("sweep-latch-$margin"); done
    clients+=(gtk)
    echo "Input → presentation, headless sway $presenting_version (Debian 13), grid of 16,777,216: ${clients[*]}"
    mkdir -p "$out/presentation/runs"
    for client in "${clients[@]}"; do
        run_client "$client" grid 16777216 "$out/presentation/warmup-$client"
    done
    for i in $(seq "$runs"); do
        for client in "${clients[@]}"; do
            run_client "$client" grid 16777216 "$out/presentation/runs/grid-16777216-$i-$client"
        done
    done
fi

echo
revision=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git status --porcelain -- Sources Examples Package.swift 2>/dev/null)" ] ||
    revision="$revision with uncommitted changes in Sources or Examples"
records_revision=$revision
[ -z "${BENCH_E2E_DEMO:-}" ] || revision="prebuilt (BENCH_E2E_DEMO, $(date -u -r "$demo" '+%Y-%m-%d %H:%M') UTC) while the tree was at $revision"
[ -z "${BENCH_E2E_RECORDS:-}" ] ||
    records_revision="prebuilt (BENCH_E2E_RECORDS, $(date -u -r "$records" '+%Y-%m-%d %H:%M') UTC) while the tree was at $records_revision"
# The table's client, for its section (bench-e2e-report.py puts it in place of sweep-demo's)
[ -z "$records" ] || echo "records release build, $records_revision" > "$out/conditions-records.txt"
cat > "$out/conditions.txt" <<TEXT
$date_now, $(nproc) cores ($(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)), load average $load_before before and $(cut -d' ' -f1-3 /proc/loadavg) after, $((SECONDS - started)) s in all; sway $(dpkg-query -W -f='${Version}' sway 2>/dev/null) headless (pixman) at ${width} x ${height}; sweep-demo release build, $revision; GTK $(pkg-config --modversion gtk4) (sweep-gtk-peer, cairo renderer); foot $(dpkg-query -W -f='${Version}' foot 2>/dev/null)
TEXT
[ "${#scaled_sizes[@]}" = 0 ] || cat > "$out/conditions-hidpi.txt" <<TEXT
$date_now, $(nproc) cores ($(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)); sway $(dpkg-query -W -f='${Version}' sway 2>/dev/null) headless (pixman) at ${hidpi_width} x ${hidpi_height}, 60 Hz, $(IFS=,; echo "${scaled_sizes[*]}" | sed 's/,/, /g'); sweep-demo release build, $revision; GTK $(pkg-config --modversion gtk4) (sweep-gtk-peer, cairo renderer)
TEXT
[ "$with_presentation" != 1 ] || cat > "$out/presentation/conditions.txt" <<TEXT
$date_now, $(nproc) cores, sway $presenting_version from Debian 13 (scripts/bench-sway-presenting.sh), headless (pixman) at ${width} x ${height}, 60 Hz; sweep-demo release build, $revision; GTK $(pkg-config --modversion gtk4) (sweep-gtk-peer --presentation-feedback, cairo renderer)
TEXT
if [ "$with_main" = 1 ]; then
    report=("$py" scripts/bench-e2e-report.py report "$out")
    [ "$write_docs" != 1 ] || report+=(--docs docs/performance.md --plot docs/images/bench-e2e-latency.png)
    "${report[@]}"
fi
if [ "$with_presentation" = 1 ]; then
    report=("$py" scripts/bench-e2e-report.py presentation "$out/presentation")
    [ "$write_docs" != 1 ] || report+=(--docs docs/performance.md)
    "${report[@]}"
fi
echo "Logs, metrics and screenshots after each drag: $out"
