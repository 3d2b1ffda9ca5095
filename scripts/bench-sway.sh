# Sourced by scripts/bench-e2e.sh and scripts/bench-items.sh: a headless sway
# 1.7 (pixman renderer, one output) for clients to be measured in.
#   start_sway WORK WIDTH HEIGHT   starts it in WORK (a fresh folder), sets
#                                  sway_pid, runtime, home and sway_log, and
#                                  exports XDG_RUNTIME_DIR and WAYLAND_DISPLAY
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

start_sway() {
    local work=$1 width=$2 height=$3
    sway_log="$work/sway.log" runtime="$work/run" home="$work/home"
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
    local sway_env=(env -i PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$runtime" HOME="$home"
                    WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman)
    # sway refuses to run as root: as root, run it as nobody
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
}
