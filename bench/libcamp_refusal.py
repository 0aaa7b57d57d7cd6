"""libcamp_refusal.py — a benchmark program libcamp refused on the device.

bench/run, checked_cost.py and many_kernels.py note such a program (what
it measured before, and why) instead of failing it: the device, or the
CAMP_SIMULATE profile it acts as (docs/portability.md), lacks a feature a
kernel needs, allows fewer threads in a tile than a kernel's, or no device
can run kernels at all."""
import re

# libcamp's message for each
LIBCAMP_REFUSAL = re.compile(r"camp error: (the kernel needs .*, which the device '.*' does not support"
                             r"|the kernel's tile has \d+ threads; the device .* allows \d+ \(\w+\)"
                             r"|no usable Vulkan device: .*)$", re.M)


def refusal(returncode, stderr):
    """Why libcamp refused the program that exited with `returncode` and
    printed `stderr`, or None where it was not refused."""
    m = LIBCAMP_REFUSAL.search(stderr) if returncode != 0 else None
    return m.group(1) if m else None
