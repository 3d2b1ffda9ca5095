"""The guest's compositor and apps: sway as the user `sweep` on the uinput devices, and the app under test
started, waited for and stopped one scenario at a time. Everything it writes goes to /mnt/out,
the 9p share the host reads."""
import json
import os
import signal
import subprocess
import time

OUT = "/mnt/out"
BIN = "/mnt/bin"
SWIFT_LIBS = "/mnt/swift"
UID = GID = 1000
HOME = "/home/sweep"
RUNTIME = "/run/user/1000"


def as_user(argv):
    return ["setpriv", f"--reuid={UID}", f"--regid={GID}", "--init-groups", "--"] + argv


def user_env(**extra):
    env = {"PATH": "/usr/bin:/bin", "HOME": HOME, "XDG_RUNTIME_DIR": RUNTIME, "LANG": "C.UTF-8",
           "WAYLAND_DISPLAY": "wayland-1", "LD_LIBRARY_PATH": SWIFT_LIBS}
    env.update(extra)
    return env


def cpu_ticks(pid):
    """utime + stime of `pid` from /proc, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError):
        return None


def wait_idle(pid, quiet=0.5, timeout=20.0):
    """Until the process's CPU time stops changing for `quiet` seconds: a fixed delay is either too
    long or, under emulation, too short."""
    deadline = time.monotonic() + timeout
    last, since = cpu_ticks(pid), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = cpu_ticks(pid)
        if now is None:
            return False
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return True
    return False


class Sway:
    def __init__(self, config):
        os.makedirs(RUNTIME, exist_ok=True)
        os.chown(RUNTIME, UID, GID)
        os.chmod(RUNTIME, 0o700)
        env = user_env(WLR_BACKENDS="headless,libinput", LIBSEAT_BACKEND="seatd", WLR_RENDERER="pixman",
                       XCURSOR_THEME="DMZ-White")
        env.pop("WAYLAND_DISPLAY")
        self.log = open(f"{OUT}/sway.log", "wb")
        self.proc = subprocess.Popen(as_user(["sway", "-V", "-c", config]), env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while not os.path.exists(f"{RUNTIME}/wayland-1"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"sway did not start (status {self.proc.poll()}); see sway.log")
            time.sleep(0.1)
        wait_idle(self.proc.pid, quiet=0.5)

    def ipc(self, *args):
        sock = next((f"{RUNTIME}/{n}" for n in os.listdir(RUNTIME) if n.startswith("sway-ipc")), "")
        return subprocess.run(as_user(["swaymsg", "-s", sock, "-r"] + list(args)), env=user_env(),
                              capture_output=True, text=True, timeout=20).stdout

    def screenshot(self, path, ppm=False):
        """grim's full-output shot; PPM for the host's pixel checks (no decoder needed there)."""
        cmd = ["grim"] + (["-t", "ppm"] if ppm else ["-l", "6"]) + ["/tmp/shot"]
        subprocess.run(as_user(cmd), env=user_env(), timeout=30, check=False)
        with open("/tmp/shot", "rb") as src, open(path, "wb") as dst:
            dst.write(src.read())

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class App:
    """One run of sweep-demo or sweep-pick with its event log in the share; markers are guest
    times of the scenario's steps, put on the app's own clock through its `ready` line. An app
    without an event log (`event_log=False`: Examples/files) is judged by what it prints and does."""

    def __init__(self, name, binary, args=(), stdin_bytes=None, event_log=True, env=None):
        self.name = name
        self.log_path = f"{OUT}/{name}.jsonl"
        self.markers = {}
        self.notes = {}
        self.stdout = open(f"{OUT}/{name}.stdout", "wb")
        self.stderr = open(f"{OUT}/{name}.app.log", "wb")
        for p in (self.log_path,):
            if os.path.exists(p):
                os.remove(p)
        state = f"/tmp/state-{name}"
        os.makedirs(state, exist_ok=True)
        os.chown(state, UID, GID)
        argv = [f"{BIN}/{binary}"] + (["--event-log", f"/tmp/{name}.jsonl"] if event_log else []) + list(args)
        open(f"/tmp/{name}.jsonl", "w").close()
        os.chown(f"/tmp/{name}.jsonl", UID, GID)
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(as_user(argv), env=user_env(XDG_STATE_HOME=state, **(env or {})),
                                     stdin=subprocess.PIPE if stdin_bytes is not None else subprocess.DEVNULL,
                                     stdout=self.stdout, stderr=self.stderr)
        if stdin_bytes is not None:
            self.proc.stdin.write(stdin_bytes)
            self.proc.stdin.close()
        self.ready_seen = None
        self.ready_t = None

    def now_ms(self):
        return (time.monotonic() - self.t0) * 1000

    def mark(self, label):
        self.markers[label] = round(self.now_ms(), 1)

    def events(self):
        try:
            with open(f"/tmp/{self.name}.jsonl") as f:
                return [json.loads(line) for line in f if line.strip()]
        except (OSError, ValueError):
            return []

    def wait_ready(self, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(f"/tmp/{self.name}.jsonl") as f:
                for line in f:
                    if '"ready"' in line:
                        ev = json.loads(line)
                        if ev.get("event") == "ready":
                            self.ready_seen = round(self.now_ms(), 1)
                            self.ready_t = ev.get("t")
                            wait_idle(self.proc.pid)
                            return True
            if self.proc.poll() is not None:
                return False
            time.sleep(0.01)
        return False

    def wait_output(self, text, timeout=60, stream="app.log"):
        """Until the app's standard error (`app.log`) or output (`stdout`) holds `text`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(f"{OUT}/{self.name}.{stream}", "rb") as f:
                if text.encode() in f.read():
                    return True
            if self.proc.poll() is not None:
                return False
            time.sleep(0.02)
        self.notes["wait_output"] = f"never printed {text}"
        return False

    def last_offset(self, view="list"):
        offsets = [ev["offset"] for ev in self.events() if ev.get("event") == "scroll" and ev.get("view") == view]
        return offsets[-1] if offsets else 0.0

    def wait_scroll_past(self, offset, timeout=3.0, view="list"):
        """Until the view has scrolled past `offset`: a glide seen under way, however slow the
        guest is, before a scenario interrupts it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.last_offset(view) > offset:
                return True
            time.sleep(0.01)
        self.notes["wait_scroll_past"] = f"never past {offset}"
        return False

    def wait_event(self, event, timeout=10.0):
        """Until the app has logged `event` (an event log's "event" name): what a scenario waits
        on before its next step, however slow the guest is."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(ev.get("event") == event for ev in self.events()):
                return True
            time.sleep(0.01)
        self.notes["wait_event"] = f"never logged {event}"
        return False

    def idle(self):
        wait_idle(self.proc.pid)

    def finish(self, keyboard=None, expect_exit=False, timeout=15):
        """Ctrl+Q (or, for an app that exits by itself, nothing), then wait for the process to go,
        so the next scenario never shares the compositor with it."""
        from evdev import ecodes as e
        if not expect_exit and self.proc.poll() is None and keyboard is not None:
            keyboard.combo([e.KEY_LEFTCTRL], e.KEY_Q)
        try:
            status = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
            try:
                status = self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                status = self.proc.wait()
            self.notes["stopped"] = "did not exit in time; terminated"
        self.stdout.close()
        self.stderr.close()
        with open(f"/tmp/{self.name}.jsonl", "rb") as src, open(self.log_path, "wb") as dst:
            dst.write(src.read())
        meta = {"status": status, "markers": self.markers, "ready_seen": self.ready_seen,
                "ready_t": self.ready_t, "notes": self.notes}
        with open(f"{OUT}/{self.name}.meta.json", "w") as f:
            json.dump(meta, f)
        return status
