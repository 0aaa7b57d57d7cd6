#!/usr/bin/env python3
"""pipeline_cache.py EXE — the on-disk pipeline cache: a run writes
$XDG_CACHE_HOME/camp/pipelines-*.bin with a valid VkPipelineCache header; a
corrupt file is ignored and replaced; processes running at once all succeed
and leave a valid file (written to a temporary name, then renamed); a FIFO
or a directory at the cache's path (or a symbolic link to a FIFO) neither
blocks the program nor is replaced: it runs with one warning and no cache."""
import glob
import os
import shutil
import stat
import struct
import subprocess
import sys
import tempfile

WARNING = "is not a regular file: pipelines are not cached"


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


def run_beside(exe, env, path, what, expected):
    """Runs EXE with `what` at the cache's path: the output it gives with a
    cache, exactly one warning, and `what` left in place."""
    try:
        p = subprocess.run([exe], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired:
        sys.exit(f"FAIL: with {what} at {path}, {exe} was still running after 60 s")
    err = p.stderr.decode(errors="replace")
    if p.returncode != 0 or p.stdout != expected:
        sys.exit(f"FAIL: with {what} at the cache's path, {exe} exited {p.returncode}, output:\n"
                 f"{p.stdout.decode(errors='replace')}{err}")
    warnings = [line for line in err.splitlines() if WARNING in line]
    if len(warnings) != 1 or path not in warnings[0] or len(err.splitlines()) != 1:
        sys.exit(f"FAIL: with {what} at the cache's path, want one warning naming it, got:\n{err}")


def not_files(exe, env, path, expected):
    os.mkfifo(path)
    run_beside(exe, env, path, "a FIFO", expected)
    if not os.path.exists(path) or not stat.S_ISFIFO(os.lstat(path).st_mode):
        sys.exit("FAIL: the FIFO at the cache's path was replaced")
    fifo = path + ".fifo"
    os.rename(path, fifo)
    os.symlink(fifo, path)
    run_beside(exe, env, path, "a symbolic link to a FIFO", expected)
    if not os.path.islink(path):
        sys.exit("FAIL: the symbolic link at the cache's path was replaced")
    os.remove(path)
    os.remove(fifo)
    os.mkdir(path)
    run_beside(exe, env, path, "a directory", expected)
    if not os.path.isdir(path) or os.listdir(os.path.dirname(path)) != [os.path.basename(path)]:
        sys.exit("FAIL: the directory at the cache's path was replaced, or files were left beside it")
    shutil.rmtree(path)


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
        del env["CAMP_PIPELINE_CACHE"]
        expected = subprocess.run([exe], env=env, stdout=subprocess.PIPE, check=True, timeout=240).stdout
        os.remove(check_valid(home, "before the FIFO"))
        not_files(exe, env, path, expected)
    print("pipeline cache: written, validated, replaced when corrupt, safe with 4 processes, "
          "skipped with a warning where a FIFO or a directory is")


if __name__ == "__main__":
    main()
