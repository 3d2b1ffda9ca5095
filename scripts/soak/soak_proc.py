"""What /proc says about one process: memory, open files, CPU time."""
import os
import time

TICKS = os.sysconf("SC_CLK_TCK")


def sample(pid):
    """A dict of the process's figures now, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            status = dict(line.rstrip("\n").split(":\t", 1) for line in f if ":\t" in line)
        with open(f"/proc/{pid}/stat") as f:
            # The command name may hold spaces and parentheses: fields start after the last ")".
            fields = f.read().rsplit(")", 1)[1].split()
        fds = len(os.listdir(f"/proc/{pid}/fd"))
        run_ns = runs = 0
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                # Time on a CPU (ns), time waiting for one, times it was run.
                fields_ns = f.read().split()
                run_ns += int(fields_ns[0])
                runs += int(fields_ns[2])
    except (FileNotFoundError, ProcessLookupError):
        return None

    def kib(name):
        return int(status.get(name, "0 kB").split()[0])
    return {
        "t": time.monotonic(),
        "rss": kib("VmRSS"), "rss_anon": kib("RssAnon"), "rss_file": kib("RssFile"), "rss_shmem": kib("RssShmem"),
        "fds": fds, "threads": int(status.get("Threads", "0")),
        # utime and stime: fields 14 and 15 of stat, the 12th and 13th after the name.
        "ticks": int(fields[11]) + int(fields[12]),
        # The scheduler's figures for every thread: ticks miss short wake-ups, these do not.
        "run_ns": run_ns, "runs": runs,
    }


def fd_kinds(pid):
    """Open files by kind ("socket", "pipe", "memfd:…", "anon_inode:[eventfd]", "/dev/…", a path), counted."""
    kinds = {}
    try:
        names = os.listdir(f"/proc/{pid}/fd")
    except FileNotFoundError:
        return kinds
    for name in names:
        try:
            target = os.readlink(f"/proc/{pid}/fd/{name}")
        except OSError:
            continue
        if target.startswith(("socket:", "pipe:")):
            kind = target.split(":")[0]
        elif target.startswith("/memfd:"):
            kind = "memfd:" + target[len("/memfd:"):].split(" (deleted)")[0]
        else:
            kind = target
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds
