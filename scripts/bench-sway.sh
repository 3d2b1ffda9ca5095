# Sourced by scripts/bench-e2e.sh and scripts/bench-items.sh: a headless sway
# (pixman renderer, one output at 60 Hz) for clients to be measured in; the
# system's (Debian 12: 1.7) unless use_presenting_sway was called.
#   start_sway WORK WIDTH HEIGHT [SCALE]
#                                  starts it in WORK (a fresh folder), its
#                                  output WIDTH x HEIGHT device pixels at
#                                  SCALE (default 1); sets sway_pid, runtime,
#                                  home and sway_log, and exports
#                                  XDG_RUNTIME_DIR and WAYLAND_DISPLAY
#   sway_logical_size              the output's size in layout (logical)
#                                  coordinates, "WIDTH HEIGHT", as sway
#                                  reports it (at scale 1.5, 2560 x 1600 is
#                                  1706 x 1066)
#   use_presenting_sway ROOT       later start_sway calls run the sway in ROOT
#                                  (scripts/bench-sway-presenting.sh) through
#                                  ROOT's dynamic loader and libraries
#   sway_version                   the version of the sway start_sway runs
#   stop_pid PID                   TERM, then KILL after 3 s
#   sway_tail                      the end of sway's log, on stderr
# The caller defines fail MESSAGE (print and exit non-zero).

stop_pid() {
    local pid=$1
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

sway_tail() {
    echo "--- the last lines of sway's log ($sway_log) ---" >&2
    tail -n 25 "$sway_log" >&2 || true
}

sway_command=(sway)

use_presenting_sway() {
    local root=$1
    sway_command=("$root/lib64/ld-linux-x86-64.so.2" --library-path "$root/usr/lib/x86_64-linux-gnu"
                  "$root/usr/bin/sway")
}

sway_version() {
    "${sway_command[@]}" --version 2>/dev/null | awk '{ print $3 }'
}

start_sway() {
    local work=$1 width=$2 height=$3 scale=${4:-1} scale_option=''
    sway_log="$work/sway.log" runtime="$work/run" home="$work/home"
    mkdir -m 0700 "$runtime"; mkdir -m 0755 "$home"
    [ "$scale" = 1 ] || scale_option=" scale $scale"
    cat > "$work/sway.conf" <<CONF
output HEADLESS-1 mode ${width}x${height}@60Hz${scale_option} position 0 0 bg #202020 solid_color
default_border none
default_floating_border none
focus_follows_mouse no
xwayland disable
seat seat0 fallback true
CONF
    chmod 644 "$work/sway.conf"
    local sway_env=(env -i PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$runtime" HOME="$home"
                    WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman)
    # sway refuses to run as root: as root, run it as nobody
    if [ "$(id -u)" -eq 0 ]; then
        chown 65534:65534 "$runtime" "$home"
        setpriv --reuid=65534 --regid=65534 --clear-groups "${sway_env[@]}" "${sway_command[@]}" -c "$work/sway.conf" \
            > "$sway_log" 2>&1 &
    else
        "${sway_env[@]}" "${sway_command[@]}" -c "$work/sway.conf" > "$sway_log" 2>&1 &
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
}

sway_logical_size() {
    local socket
    socket=$(compgen -G "$runtime/sway-ipc.*.sock" | head -n 1)
    swaymsg -s "$socket" -t get_outputs -r |
        python3 -c 'import json, sys; r = json.load(sys.stdin)[0]["rect"]; print(r["width"], r["height"])'
}
