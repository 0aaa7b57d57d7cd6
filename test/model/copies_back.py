#!/usr/bin/env python3
"""copies_back.py EXE EXPECTED COPIES BYTES [IN_COPIES IN_BYTES] — runs EXE
with CAMP_PROFILE=1: its output equals EXPECTED, and the profile's
device-to-host copies are exactly COPIES copies of BYTES bytes in all (what
the kernels may write; nothing of the arrays they only read); with
IN_COPIES and IN_BYTES, its host-to-device copies too."""
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
    wanted = [("device to host", copies, nbytes)]
    if len(sys.argv) > 6:
        wanted.append(("host to device", int(sys.argv[5]), int(sys.argv[6])))
    for direction, want_copies, want_bytes in wanted:
        m = re.search(rf"^copies {direction}\s+(\d+) copies\s+(\d+) bytes", err, re.M)
        if not m:
            sys.exit(f"FAIL: no {direction} line in the profile:\n{err}")
        got = (int(m.group(1)), int(m.group(2)))
        if got != (want_copies, want_bytes):
            sys.exit(f"FAIL: {got[0]} copies of {got[1]} bytes {direction}, want {want_copies} of {want_bytes}:\n{err}")
        print(f"ok: {want_copies} copies, {want_bytes} bytes {direction}")


if __name__ == "__main__":
    main()
