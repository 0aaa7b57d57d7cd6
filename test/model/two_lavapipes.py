#!/usr/bin/env python3
"""two_lavapipes.py E2E_PY EXE EXPECTED [ENV=VALUE...] — runs `e2e.py
prebuilt` on EXE with the Vulkan loader told to load lavapipe twice
(VK_DRIVER_FILES naming its manifest and a copy of it), so that a machine
without a GPU shows two accelerators."""
import glob
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    e2e_py, exe, expected = sys.argv[1:4]
    manifests = sorted(glob.glob("/usr/share/vulkan/icd.d/lvp_icd*.json"))
    if not manifests:
        sys.exit("FAIL: no lavapipe manifest (/usr/share/vulkan/icd.d/lvp_icd*.json): "
                 "install mesa-vulkan-drivers")
    with tempfile.TemporaryDirectory(prefix="camp-two-") as tmp:
        copy = os.path.join(tmp, "lvp_copy.json")
        shutil.copyfile(manifests[0], copy)
        env = dict(os.environ, VK_DRIVER_FILES=f"{manifests[0]}:{copy}")
        env.update(kv.split("=", 1) for kv in sys.argv[4:])
        return subprocess.run([sys.executable, e2e_py, "prebuilt", "--expected", expected, exe],
                              env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
