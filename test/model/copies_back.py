#!/usr/bin/env python3
"""copies_back.py EXE EXPECTED COPIES BYTES — runs EXE with CAMP_PROFILE=1:
its output equals EXPECTED, and the profile's device-to-host copies are
exactly COPIES copies of BYTES bytes in all (what the kernels may write;
nothing of the arrays they only read)."""
import os
import re
import subprocess
import sys


def main():
    exe, expected, copies, nbytes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    env = dict(os.environ, CAMP_PROFILE="1", CAMP_VALIDATION="1")
    p = subprocess.run([exe], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=240)
    out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    if p.returncode != 0:
        sys.exit(f"FAIL: {exe} exited {p.returncode}:\n{out}{err}")
    with open(expected, encoding="utf-8") as f:
        want = f.read()
    if out != want:
        sys.exit(f"FAIL: output differs\n--- got\n{out}--- want\n{want}")
    m = re.search(r"^copies device to host\s+(\d+) copies\s+(\d+) bytes", err, re.M)
    if not m:
        sys.exit(f"FAIL: no device-to-host line in the profile:\n{err}")
    got = (int(m.group(1)), int(m.group(2)))
    if got != (copies, nbytes):
        sys.exit(f"FAIL: {got[0]} copies of {got[1]} bytes back to the host, want {copies} of {nbytes}:\n{err}")
    print(f"ok: {copies} copies, {nbytes} bytes back to the host")


if __name__ == "__main__":
    main()
