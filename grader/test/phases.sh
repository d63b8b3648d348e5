# phases.sh: what the tests that run as root in timed phases share
# (test-arm64.sh, test-classroom.sh), sourced once `name` is set:
#
#   name=arm64
#   . grader/test/phases.sh
#   needs_root "chroot and a mount namespace"   stops unless root, saying why
#   fail "no arm64 root"       test-arm64: no arm64 root   (on stderr; exit 1)
#   phase_done "the tree"        arm64: the tree in 41 s   (since the last phase)
fail() { echo "test-$name: $*" >&2; exit 1; }
needs_root() {
    [ "$(id -u)" -eq 0 ] || fail "needs root ($1); run it as root, or in CI"
}
phase_start=$(date +%s)
phase_done() {
    echo "  $name: $1 in $(($(date +%s) - phase_start)) s"
    phase_start=$(date +%s)
}
