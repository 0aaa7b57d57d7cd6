"""Device profiles: --target-profile=NAME, what kernels need that a profile
lacks, as warnings at the kernel (errors under -Werror), matching what the
program's launch refuses under CAMP_SIMULATE=NAME; and CAMP_SIMULATE's
limits, accelerator and errors."""
import os
import re
import signal

from common import expect

DOUBLES = """#include <camp.h>
#include <stdio.h>

int main(void) {
    double d[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        d[i] = d[i] / 3;
    }
    printf("%.3f\\n", d[3]);
}
"""

# a 32 x 32 tile (1,024 threads) with 2 x 32 x 80 floats of tile_static memory (20,480 bytes)
BIG_TILE = """#include <camp.h>

void smooth(float v[64][64]) {
    parallel_for_each(t, tile(extent(64, 64), 32, 32)) {
        tile_static float a[32][80], b[32][80];
        a[t.local[0]][t.local[1]] = v[t.global[0]][t.global[1]];
        b[t.local[0]][t.local[1]] = a[t.local[0]][t.local[1]];
        tile_barrier_wait(t.barrier);
        v[t.global[0]][t.global[1]] = b[t.local[0]][31 - t.local[1]];
    }
}
"""

AT_KERNEL = r"\S+\.c:6:5: warning: "  # DOUBLES' parallel_for_each


def write(ctx, name, text):
    with open(ctx.path(name), "w", encoding="utf-8") as f:
        f.write(text)


def test_target_profile_features(ctx):
    """a kernel on doubles: a warning at the kernel under a profile without shaderFloat64, none under one with it"""
    write(ctx, "doubles.c", DOUBLES)
    _, err = ctx.run(["--target-profile=mali-g710", "doubles.c", "-o", "prog"])
    want = AT_KERNEL + re.escape("the kernel needs double precision (shaderFloat64), which the profile "
                                 "'mali-g710' lacks [-Wtarget-profile]")
    expect(re.search(want, err) and err.count("warning:") == 1, f"want one warning at the kernel, got:\n{err}")
    expect(os.path.exists(ctx.path("prog")), "a warning must not stop the build")
    _, err = ctx.run(["--target-profile=amd-rdna3", "doubles.c", "-o", "prog"])
    expect(err == "", f"amd-rdna3 has doubles: want no warning, got:\n{err}")


def test_target_profile_werror(ctx):
    """-Werror: the warning is an error, named as clang names them, and no output is written"""
    write(ctx, "doubles.c", DOUBLES)
    _, err = ctx.run(["--target-profile=intel-arc", "-Werror", "-c", "doubles.c"], rc=1)
    expect(re.search(r"doubles\.c:6:5: error: the kernel needs double precision \(shaderFloat64\), which the "
                     r"profile 'intel-arc' lacks \[-Werror,-Wtarget-profile\]", err),
           f"want the error at the kernel, got:\n{err}")
    expect(not os.path.exists(ctx.path("doubles.o")), "an error must leave no object")


def test_target_profile_agrees_with_launch(ctx):
    """the feature --target-profile names is the one the launch refuses under CAMP_SIMULATE"""
    write(ctx, "doubles.c", DOUBLES)
    ctx.run(["doubles.c", "-o", "prog"])
    env = dict(os.environ, CAMP_SIMULATE="mali-g710", CAMP_VALIDATION="1")
    _, err = ctx.run([], cmd=[ctx.path("prog")], env=env, rc=-signal.SIGABRT)  # no handler: stderr, abort()
    expect(re.search(r"camp error: the kernel needs double precision \(shaderFloat64\), which the device "
                     r"'.* as mali-g710' does not support", err), f"want the launch refused, got:\n{err}")
    env["CAMP_SIMULATE"] = "amd-rdna3"
    out, _ = ctx.run([], cmd=[ctx.path("prog")], env=env)
    expect(out == "1.333\n", f"as amd-rdna3 the program runs: got {out!r}")


def test_target_profile_tile(ctx):
    """a tile larger than the profile's workgroups and shared memory: a warning for each, with both numbers"""
    write(ctx, "tile.c", BIG_TILE)
    _, err = ctx.run(["--target-profile=roadmap-2022", "-c", "tile.c"])
    for want in ("the kernel's tile has 1024 threads; the profile 'roadmap-2022' allows 256 "
                 "(maxComputeWorkGroupInvocations)",
                 "the kernel's tile_static variables take 20480 bytes; the profile 'roadmap-2022' allows 16384 "
                 "(maxComputeSharedMemorySize)"):
        expect(re.search(r"tile\.c:4:5: warning: " + re.escape(want), err), f"want '{want}', got:\n{err}")
    _, err = ctx.run(["--target-profile=intel-arc", "-c", "tile.c"])
    expect(err == "", f"the tile fits intel-arc: want no warning, got:\n{err}")


def test_target_profile_cannot_run(ctx):
    """a profile without what libcamp needs of every device: said once, at the first kernel"""
    write(ctx, "doubles.c", DOUBLES)
    _, err = ctx.run(["--target-profile=android-baseline-2022", "-c", "doubles.c"])
    expect(re.search(AT_KERNEL + r"no kernel runs on every device of the profile 'android-baseline-2022': "
                     r"the profile guarantees only Vulkan 1\.1", err), f"want the profile refused, got:\n{err}")


def test_target_profile_unknown(ctx):
    """a profile name campcc does not know: an error listing the known ones"""
    _, err = ctx.run(["--target-profile=mali", "-c", "scale.c"], rc=1)
    expect("campcc: error: --target-profile=mali names no device profile (there are: roadmap-2022," in err
           and "mali-g710" in err, f"want the known profiles listed, got:\n{err}")


# 40 KiB of tile_static memory: more than lavapipe's 32 KiB, less than amd-rdna3's 64 KiB
BIG_SHARED = """#include <camp.h>
#include <stdio.h>

int main(void) {
    float v[256];
    for (int i = 0; i < 256; i++) v[i] = (float)i;
    parallel_for_each(t, tile(extent(256), 256)) {
        tile_static float big[10240];
        big[t.local] = v[t.global];
        tile_barrier_wait(t.barrier);
        v[t.global] = big[255 - t.local];
    }
    printf("%g\\n", v[0]);
}
"""


def test_simulate_limits_at_most_the_device(ctx):
    """CAMP_SIMULATE never gives more than the device has: a profile's 64 KiB of shared memory is lavapipe's 32 KiB"""
    write(ctx, "shared.c", BIG_SHARED)
    _, err = ctx.run(["--target-profile=amd-rdna3", "shared.c", "-o", "prog"])
    expect(err == "", f"40 KiB of tile_static memory fit amd-rdna3: want no warning, got:\\n{err}")
    env = dict(os.environ, CAMP_SIMULATE="amd-rdna3", CAMP_VALIDATION="1")
    _, err = ctx.run([], cmd=[ctx.path("prog")], env=env, rc=-signal.SIGABRT)
    expect(re.search(r"camp error: the kernel's tile_static variables take 40960 bytes; the device .* as amd-rdna3 "
                     r"allows 32768 \(maxComputeSharedMemorySize\)", err), f"want lavapipe's limit, got:\\n{err}")


def test_simulate_accelerator(ctx):
    """camp-info as a profile: the description names it, double precision and shared memory are the profile's"""
    env = dict(os.environ, CAMP_SIMULATE="mali-g710")
    out, _ = ctx.run(["--list-accelerators"], env=env)
    expect(re.search(r"^accelerator 0 \(default\): .* as mali-g710$", out, flags=re.M)
           and re.search(r"supports_double_precision +no", out) and re.search(r"usable by campcc +yes", out),
           f"want the accelerator as mali-g710, without doubles, usable; got:\\n{out}")
    env["CAMP_SIMULATE"] = "android-baseline-2022"
    out, _ = ctx.run(["--list-accelerators"], env=env)
    expect(re.search(r"usable by campcc +no", out), f"android-baseline-2022 cannot run campcc's kernels:\\n{out}")


def test_simulate_unknown(ctx):
    """a profile libcamp does not know: exit status 1 (a setting to fix), listing the known ones"""
    write(ctx, "doubles.c", DOUBLES)
    ctx.run(["doubles.c", "-o", "prog"])
    env = dict(os.environ, CAMP_SIMULATE="mali")
    _, err = ctx.run([], cmd=[ctx.path("prog")], env=env, rc=1)
    expect("camp error: CAMP_SIMULATE=mali names no device profile (there are: roadmap-2022," in err,
           f"want the known profiles listed, got:\\n{err}")
