#!/usr/bin/env python3
"""check_refusal.py PROGRAM ARGS... — a test: the benchmark program must
refuse these arguments (a size it cannot take) with a message naming the
reason: non-zero exit, "refused" on stderr, and no BENCH line. A program
that asks the device (its memory) before it can refuse may be refused by
libcamp first, as a CAMP_SIMULATE profile no device is usable as
(libcamp_refusal.py)."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from libcamp_refusal import refusal  # noqa: E402

done = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=300)
print(done.stderr, end="")
refused = "refused" in done.stderr or (refusal(done.returncode, done.stderr) or "").startswith("no usable")
if done.returncode == 0 or not refused or "BENCH" in done.stdout:
    sys.exit(f"expected a refusal, got exit {done.returncode}, stdout {done.stdout!r}")
