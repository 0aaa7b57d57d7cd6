#!/usr/bin/env bash
# install.sh BUILDDIR SOURCEDIR — `meson install` into a temporary directory,
# then the installed campcc alone (no extra flags or environment) builds and
# runs samples/add_arrays.c. The installed tree must be self-contained: the
# program must use the installed camp.h and libcamp, not the build tree's.
# Then the samples installed in share/doc/campcc/samples are built as their
# README.md says (its two marked blocks, run as written) and each program
# prints its NAME.expected.
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/camp-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL [install]: $*" >&2; exit 1; }

meson install -C "$build" --no-rebuild --destdir "$tmp/dest" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log" >&2; fail "meson install failed"; }

campcc=$(find "$tmp/dest" -path '*/bin/campcc' -type f | head -n 1)
[ -n "$campcc" ] || fail "no bin/campcc under the installed tree: $(cd "$tmp/dest" && find . -type f)"
[ -x "$campcc" ] || fail "$campcc is not executable"
prefix=$(dirname "$(dirname "$campcc")")
[ -n "$(find "$prefix" -name camp.h)" ] || fail "camp.h is not installed under $prefix"
[ -n "$(find "$prefix" -name 'libcamp.so*')" ] || fail "libcamp.so is not installed under $prefix"

# Run the installed compiler from a directory outside the source and build trees.
unset LD_LIBRARY_PATH
# The installed tree is checked on the device itself: as a device profile
# (CAMP_SIMULATE) the samples' own tests expect what each profile refuses.
unset CAMP_SIMULATE
cd "$tmp"
cp "$src/samples/add_arrays.c" "$tmp/add_arrays.c"
"$campcc" -v add_arrays.c -o add_arrays 2>"$tmp/campcc.log" ||
    { cat "$tmp/campcc.log" >&2; fail "the installed campcc could not build add_arrays.c"; }
[ -x add_arrays ] || fail "campcc exited 0 but wrote no add_arrays"
grep -qF "$prefix" "$tmp/campcc.log" ||
    { cat "$tmp/campcc.log" >&2; fail "campcc -v shows no command using the installed prefix $prefix"; }

# If the program links libcamp dynamically, it must find the installed one.
if ldd ./add_arrays | grep -q 'libcamp'; then
    lib=$(ldd ./add_arrays | awk '/libcamp/ {print $3}')
    case "$lib" in
    "$prefix"/*) ;;
    *) ldd ./add_arrays >&2; fail "add_arrays loads libcamp from '$lib', not from $prefix" ;;
    esac
fi

CAMP_VALIDATION=1 ./add_arrays >"$tmp/out" 2>"$tmp/err" ||
    { cat "$tmp/out" "$tmp/err" >&2; fail "add_arrays built by the installed campcc failed"; }
if ! diff -u "$src/samples/add_arrays.expected" "$tmp/out" >&2; then
    fail "add_arrays built by the installed campcc printed the wrong output"
fi
# camp-info, and campcc --list-accelerators through it, run from the prefix alone.
"$prefix/bin/camp-info" >"$tmp/info" 2>&1 || { cat "$tmp/info" >&2; fail "the installed camp-info failed"; }
grep -q '^accelerator 0' "$tmp/info" || { cat "$tmp/info" >&2; fail "the installed camp-info listed no accelerator"; }
"$campcc" --list-accelerators >"$tmp/list" 2>&1 || { cat "$tmp/list" >&2; fail "campcc --list-accelerators failed"; }
cmp -s "$tmp/info" "$tmp/list" || fail "campcc --list-accelerators does not print camp-info's list"
# camp-prof draws add_arrays' trace.
CAMP_TRACE="$tmp/trace.json" ./add_arrays >/dev/null 2>&1 || fail "add_arrays with CAMP_TRACE failed"
"$prefix/bin/camp-prof" "$tmp/trace.json" -o "$tmp/timeline.svg" || fail "the installed camp-prof failed"
grep -q '<rect class="device"' "$tmp/timeline.svg" || fail "the installed camp-prof drew no kernel"

# The installed samples, built by the commands of their README.md.
readme="$prefix/share/doc/campcc/samples/README.md"
[ -f "$readme" ] || fail "the samples' README.md is not installed in $prefix/share/doc/campcc/samples"
readme_block() { # the fenced block after the comment line that holds $1
    awk -v marker="$1" 'index($0, marker) { found = 1; next }
        found && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }' "$readme"
}
copy=$(readme_block "copies the installed samples")
build=$(readme_block "runs this block in that copy")
[ -n "$copy" ] && [ -n "$build" ] || fail "$readme has no marked copy and build blocks"
(cd "$tmp" && PREFIX="$prefix" PATH="$prefix/bin:$PATH" bash -e -c "$copy" && cd campcc-samples &&
    PATH="$prefix/bin:$PATH" bash -e -c "$build") >"$tmp/samples.log" 2>&1 ||
    { cat "$tmp/samples.log" >&2; fail "the samples' README.md commands failed with the installed campcc"; }
samples="$tmp/campcc-samples"
ran=0
for expected in "$samples"/*.expected "$samples"/heat/*.expected "$samples"/vkfft/*.expected; do
    name=$(basename "$expected" .expected)
    [ -x "$samples/$name" ] || fail "the README's commands built no $name (for $expected)"
    (cd "$samples" && CAMP_VALIDATION=1 "./$name" >"$tmp/$name.out" 2>"$tmp/$name.err") ||
        { cat "$tmp/$name.err" >&2; fail "the installed sample $name failed"; }
    diff -u "$expected" "$tmp/$name.out" >&2 || fail "the installed sample $name printed the wrong output"
    ran=$((ran + 1))
done
# a sanitized libcamp (CAMP_SANITIZE=1 test/run) in an uninstrumented Python needs the runtime first
read -r -a host_words <<<"${CAMP_HOST_CC:-clang-19}"
preload=
case " ${host_words[*]} " in
*-fsanitize=address*) preload=$("${host_words[@]}" -print-file-name=libclang_rt.asan-x86_64.so) ;;
esac
(cd "$samples" && CAMP_VALIDATION=1 LD_PRELOAD="$preload" python3 python/vecmath.py ./libvecmath.so \
    >"$tmp/vecmath.out" 2>&1) ||
    { cat "$tmp/vecmath.out" >&2; fail "python/vecmath.py on the installed sample's libvecmath.so failed"; }
echo "ok: installed campcc ($campcc) builds and runs add_arrays, and the $ran installed samples as their README says"
