#!/usr/bin/env python3
"""mpi_run.py [--lavapipes N] [--expected FILE | --fails-with TEXT --status N] -- MPIRUN_ARGS...

Runs `mpirun --oversubscribe MPIRUN_ARGS` (more ranks than this machine's
cores) with the validation layers on (CAMP_VALIDATION=1; a validation
message fails the test), and with --lavapipes N the Vulkan loader told to
load lavapipe N times, so that each rank of a node without a GPU has an
accelerator of its own.
  --expected FILE   exit status 0 and stdout exactly FILE;
  --fails-with TEXT --status N
                    TEXT (a Python regular expression) on stderr and
                    mpirun's exit status N (the code
                    the failing rank gave MPI_Abort), within the time
                    limit: a rank left waiting for a failed one fails the
                    test instead of hanging it. (Open MPI's own report of
                    the abort is not looked for: mpirun may kill the ranks
                    before printing it.)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from lavapipes import lavapipe_manifests  # noqa: E402

TIMEOUT = 200  # seconds: meson's own limit is above it


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--lavapipes", type=int, default=0)
    p.add_argument("--expected")
    p.add_argument("--fails-with")
    p.add_argument("--status", type=int)
    p.add_argument("mpirun_args", nargs=argparse.REMAINDER)
    a = p.parse_args()
    args = a.mpirun_args[1:] if a.mpirun_args[:1] == ["--"] else a.mpirun_args
    with tempfile.TemporaryDirectory(prefix="camp-mpi-") as tmp:
        env = dict(os.environ, CAMP_VALIDATION="1")
        if a.lavapipes:
            env["VK_DRIVER_FILES"] = lavapipe_manifests(a.lavapipes, tmp)
        cmd = ["mpirun", "--oversubscribe", *args]
        try:
            r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired as e:
            sys.exit(f"FAIL: {' '.join(cmd)} still ran after {TIMEOUT}s (a rank hangs)\n{e.stderr or ''}")
    report = (f"command: {' '.join(cmd)}\nexit status {r.returncode}\n"
              f"--- stdout ---\n{r.stdout}--- stderr ---\n{r.stderr}")
    if "camp: vulkan validation" in r.stderr:
        sys.exit("FAIL: Vulkan validation reported a problem\n" + report)
    if a.fails_with is not None:
        if r.returncode != a.status or not re.search(a.fails_with, r.stderr):
            sys.exit(f"FAIL: want exit status {a.status} and '{a.fails_with}' on stderr\n" + report)
    else:
        want = open(a.expected, encoding="utf-8").read()
        if r.returncode != 0 or r.stdout != want:
            sys.exit(f"FAIL: want exit status 0 and stdout\n{want}" + report)
    print(report)


if __name__ == "__main__":
    main()
