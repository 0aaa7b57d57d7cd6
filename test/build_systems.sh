#!/usr/bin/env bash
# build_systems.sh BUILDDIR SOURCEDIR WAY — `meson install --destdir` into a
# temporary directory, then build a sample project against that installed
# tree, one WAY per test:
#   cmake-cc        samples/cmake, CC=campcc, Unix Makefiles (make)
#   cmake-targets   samples/cmake, find_package(camp) + camp_use_campcc(TARGETS), Ninja
#   cmake-sources   samples/cmake, find_package(camp) + camp_use_campcc(SOURCES), Ninja
#   meson-cc        samples/meson, CC=campcc (ninja)
#   meson-generator samples/meson, dependency('camp') + a campcc generator (ninja)
# and for each: run the program (CAMP_VALIDATION=1) against samples/*/expected;
# rebuild with nothing changed (nothing may be rebuilt); touch the header that
# only the kernel uses and rebuild: the kernel file's object must be rebuilt
# and the plain file's must not.
set -euo pipefail
# The build systems' programs run on the device itself, not as a device
# profile (CAMP_SIMULATE): what each profile refuses is the other tests'.
unset CAMP_SIMULATE
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
way=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/camp-build-systems-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL [$way]: $*" >&2; exit 1; }
step() { # step NAME COMMAND...: runs it, its output in $tmp/NAME.log, shown on failure
    local name=$1
    shift
    "$@" >"$tmp/$name.log" 2>&1 || { cat "$tmp/$name.log" >&2; fail "$name failed: $*"; }
}

step install meson install -C "$build" --no-rebuild --destdir "$tmp/dest"
campcc=$(find "$tmp/dest" -path '*/bin/campcc' -type f | head -n 1)
[ -n "$campcc" ] || fail "no bin/campcc under the installed tree"
prefix=$(dirname "$(dirname "$campcc")")
pc_dir=$(dirname "$(find "$prefix" -name camp.pc | head -n 1)")
[ -f "$pc_dir/camp.pc" ] || fail "camp.pc is not installed under $prefix"
[ -f "$(find "$prefix" -name campConfig.cmake | head -n 1)" ] || fail "campConfig.cmake is not installed"
[ -f "$prefix/share/man/man1/campcc.1" ] || fail "the man page campcc.1 is not installed"
pc_cflags=$(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags camp)
case "$pc_cflags" in
*"-I$pc_dir/"*"-D__CAMPCC__=1"*) ;;
*) fail "camp.pc gives '$pc_cflags': want -I under $pc_dir (relocatable) and -D__CAMPCC__=1" ;;
esac

# Nothing from the build tree: the installed campcc. Where the project's own
# compiler builds and links (the package helpers), it is campcc's host
# compiler with the same flags: under CAMP_SANITIZE the installed libcamp
# needs the sanitizer runtime.
unset LD_LIBRARY_PATH
export PATH="$prefix/bin:$PATH"
read -r -a host_words <<<"${CAMP_HOST_CC:-clang-19}"
project_env=(CC="${host_words[0]}" CFLAGS="${host_words[*]:1}" LDFLAGS="${host_words[*]:1}")

case $way in
cmake-*)
    project=cmake exe=scale kernel_header=square.h kernel_obj=scale.c.o plain_obj=main.c.o
    cp -r "$src/samples/cmake" "$tmp/project"
    case $way in
    cmake-cc)
        step configure env CC=campcc cmake -S "$tmp/project" -B "$tmp/b" -G "Unix Makefiles"
        grep -q "The C compiler identification is Clang" "$tmp/configure.log" ||
            { cat "$tmp/configure.log" >&2; fail "CMake did not identify campcc as Clang"; }
        ;;
    cmake-targets | cmake-sources)
        step configure env "${project_env[@]}" cmake -S "$tmp/project" -B "$tmp/b" -G Ninja \
            -DSCALE_CAMP="${way#cmake-}" -DCMAKE_PREFIX_PATH="$prefix"
        ;;
    esac
    build_cmd=(cmake --build "$tmp/b")
    ;;
meson-*)
    project=meson exe=saxpy kernel_header=axpy.h plain_obj=main.c.o
    cp -r "$src/samples/meson" "$tmp/project"
    case $way in
    meson-cc)
        kernel_obj=saxpy.c.o
        step configure env CC=campcc meson setup "$tmp/b" "$tmp/project"
        ;;
    meson-generator)
        kernel_obj=meson-generated_saxpy.camp.c.o
        step configure env "${project_env[@]}" PKG_CONFIG_PATH="$pc_dir" meson setup "$tmp/b" \
            "$tmp/project" -Dcamp=generator
        ;;
    esac
    build_cmd=(ninja -C "$tmp/b")
    ;;
*) fail "unknown way '$way'" ;;
esac

step build "${build_cmd[@]}"
program=$(find "$tmp/b" -name "$exe" -type f -perm -u+x | head -n 1)
[ -n "$program" ] || fail "the build wrote no $exe"
CAMP_VALIDATION=1 "$program" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/out" "$tmp/err" >&2; fail "$exe failed"; }
diff -u "$tmp/project/expected" "$tmp/out" >&2 || fail "$exe printed the wrong output"

# Rebuilds: object mtimes (nanoseconds) before and after.
object() {
    local o
    o=$(find "$tmp/b" -name "$1" | head -n 1)
    [ -n "$o" ] || fail "no object $1 in the build directory"
    echo "$o"
}
kernel_o=$(object "$kernel_obj")
plain_o=$(object "$plain_obj")
stamp() { stat -c %.9Y "$1"; }
k0=$(stamp "$kernel_o") p0=$(stamp "$plain_o")
step rebuild-unchanged "${build_cmd[@]}"
[ "$(stamp "$kernel_o")" = "$k0" ] && [ "$(stamp "$plain_o")" = "$p0" ] ||
    fail "a build with nothing changed rebuilt objects"
sleep 1 # make compares whole seconds on some filesystems
touch "$tmp/project/$kernel_header"
step rebuild-header "${build_cmd[@]}"
[ "$(stamp "$kernel_o")" != "$k0" ] ||
    { cat "$tmp/rebuild-header.log" >&2; fail "touching $kernel_header (used only in the kernel) did not rebuild $kernel_obj"; }
[ "$(stamp "$plain_o")" = "$p0" ] || fail "touching $kernel_header rebuilt $plain_obj, which does not include it"
CAMP_VALIDATION=1 "$program" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/out" "$tmp/err" >&2; fail "$exe failed after the rebuild"; }
echo "ok: $project sample built the $way way against $prefix, ran, and rebuilt exactly on a kernel-only header"
