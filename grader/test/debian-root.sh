#!/bin/sh
# debian-root.sh: a Debian 12 root made by debootstrap, kept from one run
# to the next (make test-arm64, make test-classroom).
#
#   grader/test/debian-root.sh ARCH WORK_DIR PACKAGES
#
# Makes WORK_DIR/root, a minbase Debian 12 (bookworm) root for ARCH
# (amd64, arm64: the latter's programs run under qemu-user through
# binfmt_misc) with PACKAGES (comma-separated, e.g. build-essential,make),
# unless it is there with that same list (WORK_DIR/root/.scanlab-packages);
# debootstrap keeps what it fetched in WORK_DIR/debs, so a new list
# fetches only what is new. The caller holds WORK_DIR/lock (flock) while
# it uses the root. Needs root and debootstrap.
set -eu
arch=$1 work=$2 packages=$3
root=$work/root
[ "$(cat "$root/.scanlab-packages" 2>/dev/null)" = "$packages" ] && exit 0
echo "  making a $arch Debian 12 root in $root (debootstrap; a few minutes)"
rm -rf "$root" "$root.new"
mkdir -p "$work/debs"
debootstrap --arch="$arch" --variant=minbase --include="$packages" --cache-dir="$work/debs" \
    bookworm "$root.new" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 || {
    echo "debian-root.sh: debootstrap failed: see $work/debootstrap.log ($(tail -n 1 "$work/debootstrap.log"))" >&2
    exit 1
}
echo "$packages" >"$root.new/.scanlab-packages"
mv "$root.new" "$root"
