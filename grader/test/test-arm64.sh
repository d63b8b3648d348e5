#!/bin/sh
# test-arm64.sh: the labs on arm64 Linux, tried from an x86-64 machine
# (make test-arm64).
#
#   grader/test/test-arm64.sh [WORK_DIR [LAB ...]]   (default build/arm64; labs 01 02 05 07)
#
# make test-arm64 gives WORK_DIR under SCANLAB_CACHE (outside the clone,
# kept from one run to the next) and the labs of ARM64_LABS.
#
# A student on an Apple Silicon Mac runs the labs in a Debian arm64
# container. This gives the same system here: an arm64 Debian 12 root made
# by debootstrap, with build-essential, Criterion and cJSON from Debian's
# arm64 packages, whose programs run under qemu-user-static through
# binfmt_misc: every compiler, make and test in it is an arm64 program, as
# on the Mac, only slower. In the root, on a copy of this tree:
#
#   make emu-test                                  the emulator's own tests
#   make grade LAB=... TREE=solutions EXPECT=full  the references: full marks
#   make grade LAB=... TREE=labs EXPECT=zero       the skeletons: nothing
#
# both grades under the emulator with its checks (memory and race), as a
# student's would be. One limit is aarch64's, not qemu's: GCC 12's
# ThreadSanitizer there follows only about 500 threads at once (fibers
# count), so the race check of a kernel with blocks of 512 or more cannot
# run; the emulator says so (exit 87) and the grade leaves those points
# out ("not graded"), and emu-test here runs its tests without the race
# check, four of which use blocks of 1024, and with the assembly switch
# only (the portable one is tested on x86-64 and by emu-test-aarch64).
#
# The root is kept in WORK_DIR/root and made again only when the package
# list below changes (debootstrap keeps the packages it fetched in
# WORK_DIR/debs for that). The tree is copied into it with rsync
# --checksum: a file whose bytes are the same keeps the copy's old time,
# so the root's build/, kept too, recompiles only what changed, even from
# a fresh clone (whose files are all new to make). Each phase prints its
# time; the first run, root included, takes about 15 minutes on 2 cores
# (docs/instructors.md has the figures), a run after it a few. Two runs
# at once (two clones' make test) take the root in turn (flock).
#
# Needs root (debootstrap, chroot, a mount namespace for /proc) and
# binfmt_misc; it installs debootstrap and qemu-user-static when missing
# and stops with one line where it cannot run. Nothing is mounted outside
# the namespace, so nothing is left mounted when it ends, however it ends.
set -eu
work=${1:-build/arm64}
[ $# -gt 0 ] && shift
labs=${*:-01 02 05 07}
case "$work" in /*) ;; *) work=$PWD/$work ;; esac

name=arm64
. grader/test/phases.sh
needs_root "debootstrap, chroot and a mount namespace"
grader/tools/install-deps.sh arm64
binfmt=/proc/sys/fs/binfmt_misc
[ -f "$binfmt/status" ] || mount -t binfmt_misc binfmt_misc "$binfmt" 2>/dev/null ||
    fail "binfmt_misc is not available here (mount -t binfmt_misc failed), so arm64 programs cannot run"
[ -f "$binfmt/qemu-aarch64" ] || update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 ||
    fail "qemu-aarch64 is not registered with binfmt_misc (update-binfmts --enable qemu-aarch64 failed)"
grep -q '^flags: .*F' "$binfmt/qemu-aarch64" ||
    fail "qemu-aarch64 is registered without the F flag, so it cannot run inside a chroot"

# ---- The root: Debian 12 arm64, made once --------------------------------
# What the labs need to build and grade, as a student installs it.
packages=build-essential,make,gawk,libcriterion-dev,libcjson-dev
root=$work/root
mkdir -p "$work"
exec 9>"$work/lock"
flock 9
if [ "$(cat "$root/.scanlab-packages" 2>/dev/null)" != "$packages" ]; then
    grader/test/debian-root.sh arm64 "$work" "$packages" || fail "no arm64 root (above)"
    phase_done "the root made"
fi

# ---- A copy of this tree, with the root's own build/ kept ---------------
# Every file git would see (committed, changed or new, not ignored), so
# what is tried is what is in the working tree.
# (tar into a fresh stage, then rsync from it: rsync --delete removes
# what the tree no longer has, which it does not do with --files-from)
tree=$root/scanlab stage=$work/stage
rm -rf "$stage" && mkdir -p "$stage" "$tree"
git ls-files -z --cached --others --exclude-standard |
    xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
    tar --null -T - -cf - | tar -xf - -C "$stage"
rsync --recursive --links --perms --checksum --delete --exclude=/build "$stage/" "$tree/" ||
    fail "copying the tree into $tree failed (rsync, above)"
rm -rf "$stage"
phase_done "the tree copied"

# ---- In the root: what a student on arm64 runs ---------------------------
# A private mount namespace: /proc and /dev/shm exist inside it only.
echo "  in the arm64 root ($(chroot "$root" uname -m), under qemu-user): emulator tests, then labs $labs"
unshare --mount --pid --fork sh -c '
    mount -t proc proc "$1/proc" && mount -t tmpfs tmpfs "$1/dev/shm" || exit 1
    exec chroot "$1" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        sh -c "cd /scanlab && t=\$(date +%s) && make --no-print-directory -j2 emu-test EMU_TEST_CHECKS=\"none memory\" EMU_TEST_AGAIN= &&
               echo \"  arm64: make emu-test in \$((\$(date +%s) - t)) s\" && t=\$(date +%s) &&
               make --no-print-directory grade LAB=\"$2\" TREE=solutions BACKEND=emu EXPECT=full &&
               echo \"  arm64: the references graded in \$((\$(date +%s) - t)) s\" && t=\$(date +%s) &&
               make --no-print-directory grade LAB=\"$2\" TREE=labs BACKEND=emu EXPECT=zero &&
               echo \"  arm64: the skeletons graded in \$((\$(date +%s) - t)) s\""
' sh "$root" "$labs" || fail "a step in the arm64 root failed (above)"
echo "  arm64: emulator tests passed; labs $labs: references full marks, skeletons zero"
