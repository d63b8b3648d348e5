# harness.sh: what cli.sh and gpu-engine.sh share, sourced by them with
# the tool's path still in their $1 (a sourced file sees its caller's
# arguments) and a name for the work folder in $harness_name:
#
#   harness_name=cli
#   . "$(dirname "$0")/harness.sh"
#
# It sets $scanzip (an absolute path), moves into a fresh work folder that
# is removed on exit, and defines the counted checks: pass, fail and skip
# (one line each; skip: a check this machine cannot run, and why), and
# check NAME COMMAND... (pass if the command succeeds).
# The caller ends with: echo "NAME: $passed passed, $failed failed".
# set -u only: the checks run commands that must fail, and go on to the next.
set -u
# Never run the checks where we stand (they write files): stop unless
# the work folder was made and entered.
scanzip=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/scanzip-${harness_name:-checks}.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
cd "$work" || exit 2
passed=0
failed=0
skipped=0
pass() { passed=$((passed + 1)); echo "  ok    $*"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $*"; }
skip() { skipped=$((skipped + 1)); echo "  skip  $*"; }
check() { name=$1; shift; if "$@" >/dev/null 2>&1; then pass "$name"; else fail "$name  (run: $*)"; fi; }
