#!/usr/bin/env python3
"""check_refusal.py PROGRAM ARGS... — a test: the benchmark program must
refuse these arguments (a size it cannot take) with a message naming the
reason: non-zero exit, "refused" on stderr, and no BENCH line."""
import subprocess
import sys

done = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=300)
print(done.stderr, end="")
if done.returncode == 0 or "refused" not in done.stderr or "BENCH" in done.stdout:
    sys.exit(f"expected a refusal, got exit {done.returncode}, stdout {done.stdout!r}")
