"""One app under its own scripted compositor for the whole soak: a FIFO script
fed with random input, checkpoints at rest, and the idle check at the end."""
import fcntl
import json
import os
import subprocess
import threading
import time

import soak_proc
from soak_input import InputGenerator, step

# Rest before a checkpoint (flings, animations and frames in flight end), and how long the
# client must then use no CPU at all once input has stopped; shorter only for the self-check.
SETTLE_MS = int(os.environ.get("SOAK_SETTLE_MS", "3000"))
IDLE_SECONDS = float(os.environ.get("SOAK_IDLE_SECONDS", "5"))


class SessionFailure(Exception):
    pass


class Session(threading.Thread):
    """Runs `command` (the client) under scripted-compositor in `directory` for
    `seconds` of random input; `checkpoints` and `samples` hold what was seen."""

    def __init__(self, app, compositor, command, directory, seconds, warmup, every, seed, expected_status):
        super().__init__(name=app, daemon=True)
        self.app, self.compositor_path, self.command, self.directory = app, compositor, command, directory
        self.seconds, self.warmup, self.every = seconds, warmup, every
        self.expected_status = expected_status
        self.input = InputGenerator(app, seed)
        self.line = 0               # lines written: the compositor numbers them the same
        self.actions = 0
        self.checkpoints = []       # {"label", "time", "proc", "fds", "status"}
        self.samples = []           # the sampler's, of the client: soak_proc.sample dicts with "phase"
        self.compositor_samples = []
        self.idle = None            # {"seconds", "ticks", "run_ns", "runs"}
        self.failure = None
        self.client_pid = None
        self.compositor = None
        self.compositor_status = None
        self.input_seconds = 0.0
        self.started = self.input_end = None
        self.phase = "start"
        self.status_path = os.path.join(directory, "status.jsonl")
        self.writer = None
        self.script_log = open(os.path.join(directory, "script.jsonl"), "wb", buffering=0)

    # -- the script pipe

    def open_script(self):
        fifo = os.path.join(self.directory, "script.fifo")
        os.mkfifo(fifo, 0o600)
        self.compositor = subprocess.Popen(
            [self.compositor_path, "--script", fifo, "--shots", self.directory, "--ready-timeout", "60000", "--exit-timeout", "30000",
             "--"] + self.command,
            stdin=subprocess.DEVNULL, stdout=open(os.path.join(self.directory, "client.out"), "wb"),
            stderr=open(os.path.join(self.directory, "compositor.err"), "wb"), cwd=self.directory,
            env={**os.environ, "XDG_STATE_HOME": os.path.join(self.directory, "state")})
        # Non-blocking until the compositor has opened its end, so one that failed at once is noticed.
        deadline = time.monotonic() + 60
        while True:
            try:
                self.writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC)
                break
            except OSError:
                if self.compositor.poll() is not None or time.monotonic() > deadline:
                    raise SessionFailure(f"scripted-compositor never opened its script (status {self.compositor.poll()})")
                time.sleep(0.05)
        fcntl.fcntl(self.writer, fcntl.F_SETFL, fcntl.fcntl(self.writer, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        # A small pipe keeps the input queued ahead of the compositor to a second or so.
        fcntl.fcntl(self.writer, fcntl.F_SETPIPE_SZ, 4096)

    def send(self, steps):
        data = "".join(s + "\n" for s in steps).encode()
        # Every step is kept: a crash is replayed with scripted-compositor --script script.jsonl.
        self.script_log.write(data)
        try:
            while data:
                data = data[os.write(self.writer, data):]
        except BrokenPipeError:
            raise SessionFailure("scripted-compositor stopped reading its script (it exited)")
        self.line += len(steps)

    def status(self, wait=True, timeout=180):
        """Asks for a status line; with `wait`, returns it once played (everything before it was too)."""
        self.send([step("status", file="status.jsonl")])
        wanted = self.line
        if not wait:
            return None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for report in self.status_lines():
                if report["line"] == wanted:
                    return report
            if self.compositor.poll() is not None:
                raise SessionFailure(f"scripted-compositor exited with status {self.compositor.returncode} before line {wanted}")
            time.sleep(0.05)
        raise SessionFailure(f"no status for line {wanted} within {timeout} s")

    def status_lines(self):
        try:
            with open(self.status_path) as f:
                return [json.loads(line) for line in f if line.endswith("\n")]
        except FileNotFoundError:
            return []

    # -- the timeline

    def checkpoint(self, label):
        """Brings the app to rest in its starting state, waits, and records it."""
        # A window keeps one buffer, or two when two frames at its size came too close
        # together for the first one's release; the size change in `rest` frees them all,
        # so a second or third try finds the one, and only a leaked buffer stays.
        for attempt in range(3):
            self.send(self.input.rest() + [step("wait", ms=SETTLE_MS)])
            report = self.status()
            if report["buffers"] <= report["windows"]:
                break
        proc = soak_proc.sample(self.client_pid)
        if proc is None:
            raise SessionFailure(f"the client (pid {self.client_pid}) is gone")
        self.checkpoints.append({"label": label, "time": time.monotonic() - self.started, "proc": proc, "tries": attempt + 1,
                                 "fds": soak_proc.fd_kinds(self.client_pid), "status": report})
        return proc

    def run(self):
        try:
            self.open_script()
            self.send(self.input.start())
            ready = self.status()
            self.client_pid = ready["pid"]
            self.started = time.monotonic()
            self.phase = "warm-up"
            end = self.started + self.seconds
            next_checkpoint = self.started + self.warmup
            label = "warm-up"
            next_status = self.started
            while time.monotonic() < end:
                now = time.monotonic()
                if now >= next_checkpoint:
                    self.checkpoint(label)
                    label, self.phase = "run", "run"
                    next_checkpoint = max(now + self.every / 2, next_checkpoint + self.every)
                    continue
                if now >= next_status:
                    self.status(wait=False)   # the buffers held while busy, read afterwards
                    next_status = now + 5
                self.send(self.input.action())
                self.actions += 1
            self.input_end = time.monotonic()
            self.phase = "end"
            last = self.checkpoint("end")
            # Input has stopped and the app is at rest: it must use no CPU at all.
            time.sleep(IDLE_SECONDS)
            after = soak_proc.sample(self.client_pid)
            if after is None:
                raise SessionFailure("the client exited while idle")
            self.idle = {"seconds": after["t"] - last["t"], "ticks": after["ticks"] - last["ticks"],
                         "runs": after["runs"] - last["runs"], "run_ns": after["run_ns"] - last["run_ns"]}
            self.phase = "closing"
            os.close(self.writer)   # the script's end: the window is asked to close
            self.writer = None
            try:
                self.compositor_status = self.compositor.wait(timeout=60)
            except subprocess.TimeoutExpired:
                raise SessionFailure("the client did not exit within 60 s of the close")
            if self.compositor_status != self.expected_status:
                raise SessionFailure(f"the run ended with status {self.compositor_status}, not {self.expected_status}")
        except (SessionFailure, OSError) as error:
            self.failure = str(error)
        finally:
            self.phase = "done"
            self.stop()

    def stop(self):
        """Ends what is left: the pipe (the compositor closes the window) and, failing that, the compositor."""
        if self.writer is not None:
            os.close(self.writer)
            self.writer = None
        if self.compositor and self.compositor.poll() is None:
            try:
                self.compositor.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.compositor.kill()
                self.compositor.wait()

    @property
    def events(self):
        return self.input.events

    def compositor_tail(self, lines=15):
        try:
            with open(os.path.join(self.directory, "compositor.err"), errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except FileNotFoundError:
            return ""
