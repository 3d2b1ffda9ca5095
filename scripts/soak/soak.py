#!/usr/bin/env python3
"""make soak: sweep-demo and sweep-pick (5,000 generated records) each under its own
scripted compositor, side by side, fed random input without a break for SOAK_SECONDS
(default 3600) through one FIFO script each, so each client stays one process all along.

Every SOAK_SAMPLE seconds (5) it samples each client's /proc: VmRSS (and its anonymous,
file and shared parts), open fds, CPU ticks. At checkpoints (the end of the warm-up,
max(30 s, 10 %), then every SOAK_CHECKPOINT seconds, and the end) the input pauses: the
app is brought back to its starting output, seat and keymap, left alone for 3 s, and
the compositor's `status` step reports its live wl_buffers, shm pools and every other
protocol object. It fails, with the reason, when a client's RSS at the end is more than
5 % above the median of the checkpoints after the warm-up; when its fds (by kind), its
wl_buffers, shm pools or any protocol object at the end are more than after the warm-up;
when it runs at all (CPU ticks, the scheduler's nanoseconds and run count) in the 5 s
after the input has stopped; when it exits, crashes or
changes before the end. The figures go to stdout and SOAK_OUT (default /tmp/sweep-soak):
report.txt, and per app the samples, checkpoints, status lines, compositor log and every
step sent (script.jsonl, to replay a failure).

SOAK_BIN_DIR names the folder of scripted-compositor, sweep-demo and sweep-pick (make
soak builds them optimized in .build-release); SOAK_APPS="demo" runs one; SOAK_SEED
repeats an earlier run's input (the same steps; how many fit in the time varies).
SOAK_SAMPLE and SOAK_CHECKPOINT set the intervals in seconds; SOAK_SETTLE_MS (3000) and
SOAK_IDLE_SECONDS (5) the rest before a checkpoint and the idle check, shorter only in
the test that runs this for a few seconds (SoakRunTests).
"""
import json
import os
import random
import shutil
import statistics
import sys
import time

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import soak_proc  # noqa: E402
from soak_session import IDLE_SECONDS, Session  # noqa: E402

RSS_GROWTH_LIMIT = 0.05


def records(path, count, seed):
    """Picker records of the kinds people pick: paths, accented and wide text, long lines, tabs."""
    r = random.Random(seed)
    words = ["src", "docs", "café", "École", "report", "東京", "naïve", "build", "image", "zürich", "log", "tmp", "Ünïcode"]
    with open(path, "w") as f:
        for i in range(count):
            kind = i % 5
            if kind == 0:
                line = "/home/user/" + "/".join(r.choice(words) for _ in range(r.randint(1, 5))) + f"/file_{i}.{r.choice(['swift', 'png', 'txt'])}"
            elif kind == 1:
                line = " ".join(r.choice(words) for _ in range(r.randint(1, 8))) + f" {i}"
            elif kind == 2:
                line = f"{i}\t" + "\t".join(r.choice(words) for _ in range(3))
            elif kind == 3:
                line = "".join(r.choice(words) for _ in range(r.randint(20, 60)))
            else:
                line = f"branch-{i}-{r.choice(words)}"
            f.write(line + "\n")


def mib(kib):
    return f"{kib / 1024:.1f}"


def evaluate(session):
    """(problems, report lines) for one session."""
    problems, lines = [], []
    name = {"demo": "sweep-demo", "pick": "sweep-pick"}[session.app]
    seconds = (session.input_end or time.monotonic()) - (session.started or time.monotonic())
    lines.append(f"{name} (pid {session.client_pid}): {seconds:.0f} s of input, warm-up {session.warmup:.0f} s, "
                 f"{len(session.checkpoints)} checkpoints")
    if session.failure:
        problems.append(session.failure)
    cps = session.checkpoints
    warm = next((c for c in cps if c["label"] == "warm-up"), None)
    end = next((c for c in cps if c["label"] == "end"), None)
    steps = session.line
    if seconds > 0:
        lines.append(f"  input: {steps:,} script steps ({steps / seconds:.1f}/s), {session.actions:,} actions, "
                     f"~{session.events:,} input events ({session.events / seconds:.0f}/s)")
    samples = [s for s in session.samples if s["phase"] != "start"]
    if samples:
        first = samples[0]
        lines.append(f"  RSS MiB, sampled every 5 s while busy: start {mib(first['rss'])}, max {mib(max(s['rss'] for s in samples))}, "
                     f"last {mib(samples[-1]['rss'])} (anonymous: start {mib(first['rss_anon'])}, max "
                     f"{mib(max(s['rss_anon'] for s in samples))}; shared, the buffers: max {mib(max(s['rss_shmem'] for s in samples))})")
        lines.append(f"  fds while busy: {min(s['fds'] for s in samples)}-{max(s['fds'] for s in samples)}; threads "
                     f"{min(s['threads'] for s in samples)}-{max(s['threads'] for s in samples)}")
        busy_ticks = samples[-1]["ticks"] - first["ticks"]
        span = samples[-1]["t"] - first["t"]
        if span > 0:
            lines.append(f"  CPU: {busy_ticks / soak_proc.TICKS:.1f} s in {span:.0f} s ({100 * busy_ticks / soak_proc.TICKS / span:.0f} % of a core)")
    busy_buffers = [s["buffers"] for s in session.status_lines()]
    if busy_buffers:
        lines.append(f"  wl_buffers while busy: {min(busy_buffers)}-{max(busy_buffers)} ({len(busy_buffers)} status reports)")
    if warm and end:
        after = [c for c in cps if c["label"] in ("warm-up", "run")]
        median = statistics.median(c["proc"]["rss"] for c in after)
        median_anon = statistics.median(c["proc"]["rss_anon"] for c in after)
        growth = end["proc"]["rss"] / median - 1
        lines.append(f"  at rest (checkpoints): RSS MiB after warm-up {mib(warm['proc']['rss'])}, median after warm-up "
                     f"{mib(median)}, max {mib(max(c['proc']['rss'] for c in cps))}, end {mib(end['proc']['rss'])} "
                     f"({100 * growth:+.1f} % against the median; limit +{100 * RSS_GROWTH_LIMIT:.0f} %)")
        lines.append(f"    anonymous MiB: after warm-up {mib(warm['proc']['rss_anon'])}, median {mib(median_anon)}, "
                     f"end {mib(end['proc']['rss_anon'])}; series: "
                     + " ".join(mib(c["proc"]["rss"]) for c in cps))
        if growth > RSS_GROWTH_LIMIT:
            problems.append(f"RSS grew {100 * growth:.1f} % after the warm-up ({mib(median)} → {mib(end['proc']['rss'])} MiB)")
        wf, ef = warm["proc"]["fds"], end["proc"]["fds"]
        lines.append(f"  fds at rest: after warm-up {wf}, end {ef}; series: " + " ".join(str(c["proc"]["fds"]) for c in cps))
        if ef > wf:
            grown = {k: f"{warm['fds'].get(k, 0)} → {v}" for k, v in end["fds"].items() if v > warm["fds"].get(k, 0)}
            problems.append(f"open fds grew from {wf} to {ef}: {grown}")
        wr, er = warm["status"]["resources"], end["status"]["resources"]
        lines.append(f"  buffers at rest: wl_buffer {wr.get('wl_buffer', 0)} → {er.get('wl_buffer', 0)}, wl_shm_pool "
                     f"{wr.get('wl_shm_pool', 0)} → {er.get('wl_shm_pool', 0)}; protocol objects {sum(wr.values())} → "
                     f"{sum(er.values())}; wl_buffer series: " + " ".join(str(c["status"]["buffers"]) for c in cps)
                     + f" (rest reached again for {sum(c['tries'] > 1 for c in cps)} of them)")
        grown = {k: f"{wr.get(k, 0)} → {v}" for k, v in er.items() if v > wr.get(k, 0)}
        if grown:
            problems.append(f"protocol objects grew after the warm-up: {grown}")
        pids = {report["pid"] for report in session.status_lines()}
        if len(pids) != 1:
            problems.append(f"the client changed: process ids {sorted(pids)}")
    elif not session.failure:
        problems.append("no checkpoint after the warm-up and at the end")
    if session.idle:
        idle = session.idle
        lines.append(f"  idle after input: {idle['ticks']} CPU ticks ({1000 // soak_proc.TICKS} ms each), {idle['run_ns']} ns on a CPU, "
                     f"{idle['runs']} times run in {idle['seconds']:.1f} s")
        if idle["ticks"] or idle["run_ns"] or idle["runs"]:
            problems.append(f"not idle in the {IDLE_SECONDS:g} s after the input stopped: {idle['ticks']} ticks, "
                            f"{idle['run_ns'] / 1e6:.3f} ms on a CPU, run {idle['runs']} times")
    if session.compositor_status is not None:
        lines.append(f"  closed: exit status {session.compositor_status}")
    lines.append(f"  {'FAIL: ' + '; '.join(problems) if problems else 'PASS'}")
    if problems and session.failure:
        lines.append("  compositor log (the client's stderr too):\n" + "    " + session.compositor_tail().replace("\n", "\n    "))
        lines.append(f"  replay: {session.compositor_path} --script {session.directory}/script.jsonl -- {' '.join(session.command)}")
    return problems, lines


def main():
    seconds = float(os.environ.get("SOAK_SECONDS", "3600"))
    bin_dir = os.environ.get("SOAK_BIN_DIR") or sys.exit("soak: set SOAK_BIN_DIR to the folder of the built programs (make soak does)")
    out = os.environ.get("SOAK_OUT", "/tmp/sweep-soak")
    apps = os.environ.get("SOAK_APPS", "demo pick").split()
    if not apps or any(app not in ("demo", "pick") for app in apps) or seconds <= 0:
        sys.exit("soak: SOAK_APPS takes demo and pick, SOAK_SECONDS a number above 0")
    seed = int(os.environ.get("SOAK_SEED", str(int(time.time()))))
    interval = float(os.environ.get("SOAK_SAMPLE", "5"))
    warmup = min(max(30.0, seconds / 10), seconds / 2)
    every = float(os.environ.get("SOAK_CHECKPOINT", str(max(30.0, seconds / 60))))
    for program in ["scripted-compositor"] + [{"demo": "sweep-demo", "pick": "sweep-pick"}[a] for a in apps]:
        if not os.access(os.path.join(bin_dir, program), os.X_OK):
            sys.exit(f"soak: no {program} in {bin_dir}")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    compositor = os.path.join(bin_dir, "scripted-compositor")
    sessions = []
    for index, app in enumerate(apps):
        directory = os.path.join(out, app)
        os.makedirs(directory)
        if app == "demo":
            command, expected = [os.path.join(bin_dir, "sweep-demo"), "--rows", "2000", "--layout", "auto"], 0
        else:
            records(os.path.join(directory, "records.txt"), 5000, seed)
            # Closed by the compositor, the picker cancels: status 1, nothing printed.
            command, expected = [os.path.join(bin_dir, "sweep-pick"), "--width", "90%", "--height", "90%",
                                 os.path.join(directory, "records.txt")], 1
        sessions.append(Session(app, compositor, command, directory, seconds, warmup, every, seed + index, expected))
    print(f"soak: {' and '.join(apps)} for {seconds:.0f} s{' each, side by side' if len(apps) > 1 else ''} (warm-up {warmup:.0f} s, checkpoints every "
          f"{every:.0f} s, seed {seed}); figures in {out}", flush=True)
    for session in sessions:
        session.start()
    logs = {s.app: open(os.path.join(s.directory, "samples.jsonl"), "w") for s in sessions}
    last_print = time.monotonic()
    try:
        while any(s.is_alive() for s in sessions):
            for session in sessions:
                if session.client_pid and session.phase in ("warm-up", "run", "end"):
                    sample = soak_proc.sample(session.client_pid)
                    if sample:
                        sample["phase"] = session.phase
                        session.samples.append(sample)
                        logs[session.app].write(json.dumps(sample) + "\n")
                        logs[session.app].flush()
            if time.monotonic() - last_print >= 60:
                last_print = time.monotonic()
                print("soak: " + "; ".join(f"{s.app} {s.phase}, {s.line:,} steps, RSS {mib(s.samples[-1]['rss']) if s.samples else '?'} MiB, "
                                           f"{s.samples[-1]['fds'] if s.samples else '?'} fds" for s in sessions), flush=True)
            time.sleep(interval)
    except KeyboardInterrupt:
        print("soak: interrupted; closing the clients", file=sys.stderr)
        for session in sessions:
            session.stop()
        raise
    for session in sessions:
        session.join()
    report, failed = [f"soak of {' and '.join(apps)}: {seconds:.0f} s, seed {seed}"], []
    for session in sessions:
        problems, lines = evaluate(session)
        report += lines
        with open(os.path.join(session.directory, "checkpoints.jsonl"), "w") as f:
            for checkpoint in session.checkpoints:
                f.write(json.dumps(checkpoint) + "\n")
        if problems:
            failed.append(session.app)
    report.append(f"soak: {'FAIL (' + ', '.join(failed) + ')' if failed else 'PASS'}")
    text = "\n".join(report) + "\n"
    print(text, end="")
    with open(os.path.join(out, "report.txt"), "w") as f:
        f.write(text)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
