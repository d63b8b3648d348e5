#!/bin/sh
# test-classroom.sh: what a student's copy runs on GitHub and in its dev
# container, tried on this machine (make test-classroom).
#
#   grader/test/test-classroom.sh ROOT_DIR BUILD_DIR PYTHON [LAB...]
#
# ROOT_DIR holds the clean root and apt's downloads, kept from one run
# to the next (make test-classroom: SCANLAB_CACHE/amd64); BUILD_DIR what
# one run makes (the release, the steps, their results).
# PYTHON is the checks' venv's (grader/reach.mk: nbclient, actionlint and
# its shellcheck, PyYAML). On a student release made here (make-release.sh):
#
#   1. actionlint (with shellcheck on each run: script) passes the release's
#      .github/workflows/grade.yml; autograding.json gives each lab its
#      rubric's points less the speed points; tasks.json's problem matcher
#      is one (check-reach.py);
#   2. the workflow's run: steps (check-reach.py workflow), in order, each
#      as GitHub runs it (bash -eo pipefail), as a user "runner" with
#      sudo, in a clean Debian 12 amd64 root: Criterion and cJSON are not
#      there until its first step installs them. LAB (default 01 02) is in
#      the environment, which make reads: GitHub's run grades every lab,
#      this one those. Then the artifact's files are there, results.json
#      holds the labs graded, and the job summary the scoreboard;
#   3. the dev container's set-up (check-reach.py devcontainer: the
#      Dockerfile's RUN line, then postCreateCommand's make deps and
#      make grade LAB=01), as root, in another clean copy of the same root;
#   4. the same set-up on arm64 (Docker on an Apple-silicon Mac), in a
#      copy of test-arm64's root (ARM64_WORK, its ROOT_DIR: the programs
#      run under qemu-user), which holds Criterion already (the RUN line's
#      apt-get then finds it installed). Skipped, and said so, when there
#      is no such root: make test runs this step after test-arm64.
#
# The root (ROOT_DIR/root: debian-root.sh) holds what both start with:
# GitHub's runner image has gcc, make, gawk, git and sudo, and the dev
# container's Dockerfile installs them first (there, apt finds them
# installed). Each run gets a fresh copy of it: an overlay whose changes
# live in memory and go when it ends, so the root stays clean; the
# packages apt fetches are kept in WORK_DIR/apt (not fetched again). Each
# phase prints its seconds. Needs root (a mount namespace, chroot), the
# network to Debian's mirror, and debootstrap (install-deps.sh arm64).
set -eu
work=$1 here=$2 python=$3
shift 3
labs=${*:-01 02}
case "$work" in /*) ;; *) work=$PWD/$work ;; esac
case "$here" in /*) ;; *) here=$PWD/$here ;; esac
name=classroom
. grader/test/phases.sh
needs_root "a mount namespace and chroot"
grader/tools/install-deps.sh arm64   # debootstrap, rsync

# ---- 1. The release's files, checked ------------------------------------
release=$here/scanlab-student
grader/tools/make-release.sh "$release" >/dev/null
bin=$(dirname "$python")
"$bin/actionlint" -no-color -shellcheck "$bin/shellcheck" -pyflakes= "$release/.github/workflows/grade.yml" ||
    fail "actionlint finds fault with .github/workflows/grade.yml (above)"
echo "  classroom: actionlint $("$bin/actionlint" -version | head -n 1): grade.yml passes (with shellcheck $("$bin/shellcheck" --version | sed -n 's/^version: //p'))"
awk -v guidance=guided -f grader/lib/rubric.awk "$release"/grader/labs/*/rubric.txt >"$here/rubric.tsv"
"$python" grader/test/check-reach.py autograding "$release/.github/classroom/autograding.json" "$here/rubric.tsv"
"$python" grader/test/check-reach.py tasks "$release/.vscode/tasks.json"
rm -rf "$here/steps" && "$python" grader/test/check-reach.py workflow "$release/.github/workflows/grade.yml" "$here/steps"
"$python" grader/test/check-reach.py devcontainer "$release/.devcontainer" "$here/steps/devcontainer.sh"
phase_done "the release made and its files checked"

# ---- The clean root -------------------------------------------------------
mkdir -p "$work/apt" "$here"
exec 9>"$work/lock"
flock 9
grader/test/debian-root.sh amd64 "$work" build-essential,make,gawk,git,sudo,ca-certificates ||
    fail "no clean root (above)"
phase_done "the root ready"

# in_root HOME_DIR SCRIPT: run sh SCRIPT (a path in the root) on a fresh
# overlay of the root $base (apt's downloads kept in $apt), with the release at HOME_DIR/scanlab, the steps at
# /steps and BUILD_DIR/out at /out.
in_root() {
    rm -rf "${here:?}/out" && mkdir -p "$here/out"
    unshare --mount --pid --fork sh -c '
        base=$1 here=$2 home=$3 release=$4 script=$5 labs=$6 apt=$7
        fresh=$here/fresh
        mkdir -p "$fresh" && mount -t tmpfs -o size=8g tmpfs "$fresh" &&
        mkdir -p "$fresh/upper" "$fresh/work" "$fresh/root" &&
        mount -t overlay overlay -o "lowerdir=$base,upperdir=$fresh/upper,workdir=$fresh/work" "$fresh/root" || exit 1
        root=$fresh/root
        mount -t proc proc "$root/proc" && mount -t tmpfs tmpfs "$root/dev/shm" &&
        cp /etc/resolv.conf /etc/hosts "$root/etc/" &&
        mount --bind "$apt" "$root/var/cache/apt/archives" &&
        mkdir -p "$root/steps" "$root/out" "$root$home" && mount --bind "$here/steps" "$root/steps" &&
        mount --bind "$here/out" "$root/out" && cp -r "$release" "$root$home/scanlab" || exit 1
        exec chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
            HOME="$home" LAB="$labs" sh -c "cd $home/scanlab && . $script"
    ' sh "$base" "$here" "$1" "$release" "$2" "$labs" "$apt"
}
base=$work/root apt=$work/apt   # in_root's root and apt cache (part 4: arm64's)

# ---- 2. The workflow's steps, as GitHub's runner runs them ----------------
cat >"$here/steps/workflow.sh" <<'SCRIPT'
useradd --home-dir /home/runner runner   # its home made above, with the release in it
echo 'runner ALL=(ALL) NOPASSWD: ALL' >/etc/sudoers.d/runner
chown -R runner: /home/runner
for step in /steps/[0-9][0-9].sh; do
    start=$(date +%s)
    echo "  workflow: $(sed -n '1s/^# //p' "$step")"
    su runner -c "cd /home/runner/scanlab && env GITHUB_STEP_SUMMARY=/home/runner/summary.md CI=true GITHUB_ACTIONS=true LAB='$LAB' bash --noprofile --norc -eo pipefail $step" ||
        { echo "  workflow: that step failed"; exit 1; }
    echo "  workflow: that step in $(($(date +%s) - start)) s"
done
while read -r kept; do
    [ -s "$kept" ] || { echo "  workflow: upload-artifact keeps $kept, which is not there"; exit 1; }
    cp "$kept" /out/
done </steps/artifacts
cp /home/runner/summary.md /out/
SCRIPT
in_root /home/runner /steps/workflow.sh || fail "a step of the workflow failed in the clean root (above)"
{ grep -q '^ScanLab scoreboard' "$here/out/summary.md" && grep -q '^  total ' "$here/out/summary.md"; } ||
    fail "the job summary has no scoreboard: $here/out/summary.md"
# shellcheck disable=SC2086 # the lab numbers are words
"$python" -c 'import json, sys
results = json.load(open(sys.argv[1]))
tests = results["tests"]
labs = sorted({test["name"].split()[0] for test in tests})
if [lab[:2] for lab in labs] != sorted(sys.argv[2:]):
    sys.exit(f"results.json grades {labs}, not labs {sys.argv[2:]}")
print("  classroom: results.json:", len(tests), "tests of", " ".join(labs), "score", results["score"])' \
    "$here/out/results.json" $labs || fail "results.json is not the grade's (above)"
phase_done "the workflow's steps passed in a clean root (labs $labs)"

# ---- 3. The dev container's set-up ----------------------------------------
in_root /workspaces /steps/devcontainer.sh || fail "the dev container's set-up failed in a clean root (above)"
phase_done "the dev container's set-up passed in a clean root"

# ---- 4. The dev container's set-up on arm64 --------------------------------
arm64=${ARM64_WORK:-}
if [ -z "$arm64" ] || [ ! -d "$arm64/root" ]; then
    echo "  classroom: the dev container on arm64 skipped: no arm64 root (make test-arm64 makes it; ARM64_WORK=${arm64:-unset})"
    exit 0
fi
exec 8>"$arm64/lock"
flock 8   # test-arm64's root, not changed: an overlay again
mkdir -p "$arm64/apt-classroom"
base=$arm64/root apt=$arm64/apt-classroom
in_root /workspaces /steps/devcontainer.sh || fail "the dev container's set-up failed in the arm64 root (above)"
phase_done "the dev container's set-up passed on arm64 (test-arm64's root, under qemu-user)"
