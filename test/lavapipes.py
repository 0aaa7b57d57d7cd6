#!/usr/bin/env python3
"""lavapipes.py N COMMAND [ARG...] — runs COMMAND with the Vulkan loader told
to load lavapipe N times (VK_DRIVER_FILES naming its manifest and N-1
copies of it), so that a machine without a GPU shows N accelerators;
exits with COMMAND's status. A COMMAND ending in .py runs under this
Python."""
import glob
import os
import shutil
import subprocess
import sys
import tempfile


def lavapipe_manifests(n, tmp):
    """VK_DRIVER_FILES's value for n lavapipes, the copies made in tmp."""
    found = sorted(glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"))
    if not found:
        sys.exit("FAIL: no lavapipe manifest (/usr/share/vulkan/icd.d/lvp_icd*.json): install mesa-vulkan-drivers")
    copies = [found[0]]
    for i in range(1, n):
        copies.append(os.path.join(tmp, f"lvp_copy{i}.json"))
        shutil.copyfile(found[0], copies[-1])
    return ":".join(copies)


def main():
    n, command = int(sys.argv[1]), sys.argv[2:]
    if command[0].endswith(".py"):
        command.insert(0, sys.executable)
    with tempfile.TemporaryDirectory(prefix="camp-lavapipes-") as tmp:
        env = dict(os.environ, VK_DRIVER_FILES=lavapipe_manifests(n, tmp))
        return subprocess.run(command, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
