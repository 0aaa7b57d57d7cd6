#!/usr/bin/env python3
"""pipeline_cache.py EXE — the on-disk pipeline cache: a run writes
$XDG_CACHE_HOME/camp/pipelines-*.bin with a valid VkPipelineCache header; a
corrupt file is ignored and replaced; processes running at once all succeed
and leave a valid file (written to a temporary name, then renamed)."""
import glob
import os
import struct
import subprocess
import sys
import tempfile


def run(exe, env, count=1):
    procs = [subprocess.Popen([exe], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for _ in range(count)]
    for p in procs:
        _, err = p.communicate(timeout=240)
        if p.returncode != 0:
            sys.exit(f"FAIL: {exe} exited {p.returncode}:\n{err.decode(errors='replace')}")


def cache_files(home):
    return glob.glob(os.path.join(home, "camp", "pipelines-*.bin"))


def check_valid(home, why):
    files = cache_files(home)
    if len(files) != 1:
        sys.exit(f"FAIL ({why}): want one cache file, found {files}")
    data = open(files[0], "rb").read()
    length, version = struct.unpack_from("<II", data) if len(data) >= 8 else (0, 0)
    if len(data) < 32 or length < 32 or version != 1:
        sys.exit(f"FAIL ({why}): {files[0]} has no VkPipelineCache header (length {length}, version {version})")
    leftovers = [f for f in os.listdir(os.path.dirname(files[0])) if not f.endswith(".bin")]
    if leftovers:
        sys.exit(f"FAIL ({why}): temporary files left behind: {leftovers}")
    return files[0]


def main():
    exe = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="camp-cache-") as home:
        env = dict(os.environ, XDG_CACHE_HOME=home, CAMP_VALIDATION="1")
        run(exe, env)
        path = check_valid(home, "first run")
        with open(path, "wb") as f:
            f.write(b"\xff" * 64)  # a foreign or torn file
        run(exe, env)
        check_valid(home, "after a corrupt file")
        run(exe, env, count=4)
        check_valid(home, "four processes at once")
        env["CAMP_PIPELINE_CACHE"] = "0"
        os.remove(path)
        run(exe, env)
        if cache_files(home):
            sys.exit("FAIL: CAMP_PIPELINE_CACHE=0 still wrote a cache file")
    print("pipeline cache: written, validated, replaced when corrupt, safe with 4 processes")


if __name__ == "__main__":
    main()
