#!/usr/bin/env python3
"""fails_with.py --status N --fails-with TEXT [--fails-with TEXT...] -- COMMAND...

Runs COMMAND with the validation layers on (CAMP_VALIDATION=1) and wants
it to fail: exit status N and every TEXT on stderr, within the time limit,
so that a part of the program left waiting for a failed one (a strip
waiting for its neighbour's halo) fails the test instead of hanging it."""
import argparse
import os
import subprocess
import sys

TIMEOUT = 120  # seconds: meson's own limit is above it


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--status", type=int, required=True)
    p.add_argument("--fails-with", action="append", required=True)
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    env = dict(os.environ, CAMP_VALIDATION="1")
    try:
        r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as e:
        sys.exit(f"FAIL: {' '.join(cmd)} still ran after {TIMEOUT}s (it hangs)\n{e.stderr or ''}")
    report = f"command: {' '.join(cmd)}\nexit status {r.returncode}\n--- stderr ---\n{r.stderr}"
    if "camp: vulkan validation" in r.stderr:
        sys.exit("FAIL: Vulkan validation reported a problem\n" + report)
    missing = [text for text in a.fails_with if text not in r.stderr]
    if r.returncode != a.status or missing:
        sys.exit(f"FAIL: want exit status {a.status} and on stderr {missing}\n" + report)
    print(report)


if __name__ == "__main__":
    main()
