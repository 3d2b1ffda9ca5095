"""Guest side of make test-real-input: makes the devices, starts sway on them, and plays the
scenarios the host asked for (plan.json in the share), one app at a time."""
import json
import subprocess
import sys
import time
import traceback

sys.path.insert(0, "/mnt/scripts")
from gestures import Hand  # noqa: E402
from guest_apps import OUT, Sway  # noqa: E402
import scenarios  # noqa: E402


def main():
    started = time.monotonic()
    plan = json.load(open(f"{OUT}/plan.json"))
    # The devices exist before sway starts, so libinput finds them when it enumerates the seat.
    hand = Hand()
    subprocess.run(["udevadm", "settle", "--timeout=10"])
    sway = Sway("/mnt/scripts/sway.config")
    with open(f"{OUT}/inputs.json", "w") as f:
        f.write(sway.ipc("-t", "get_inputs"))
    print(f"guest: sway up after {time.monotonic() - started:.1f} s", flush=True)
    ctx = scenarios.Context(hand, sway)
    by_name = {s.__name__: s for s in scenarios.ALL}
    for name in plan["scenarios"]:
        t = time.monotonic()
        # A known state for every scenario: no finger down, the pointer in the top-left corner.
        hand.mouse_corner()
        try:
            by_name[name](ctx)
            result = {"ok": True}
        except Exception:
            result = {"ok": False, "error": traceback.format_exc()}
        result["seconds"] = round(time.monotonic() - t, 2)
        with open(f"{OUT}/{name}.played.json", "w") as f:
            json.dump(result, f)
        print(f"guest: {name} played in {result['seconds']} s{'' if result['ok'] else ' (error)'}", flush=True)
    sway.stop()
    print(f"guest: all played in {time.monotonic() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()
