# gpu-lock.sh: the GPU shared between grades (sourced by grade.sh, by
# each job of grader/jobs/ that runs a lab's code, and by
# grader/test/test-gpu-lock.sh, which checks it: make test-gpu-lock).
#
#   gpu_lock_file BACKEND    the lock file to take, or nothing (no lock)
#   lab_uses_gpu LAB         true when TREE/LAB has CUDA source
#   on_gpu_of LAB COMMAND... COMMAND holding the GPU shared if LAB uses it
#   sharing_gpu COMMAND...   COMMAND holding the GPU shared
#   alone_on_gpu SECONDS COMMAND...   the GPU to itself for SECONDS, then shared
#
# They read $gpu_lock (the lock file; empty: run without one) and, for
# lab_uses_gpu, $tree; each returns its COMMAND's exit status. POSIX sh.
#
# Several grades may share a GPU (make batch runs a few per GPU): their
# tests and checks may run together, but a perf program's clocks must
# have the GPU alone. So each test and each check holds a lock file shared
# while it runs, one lock per GPU, and so does a perf program but for its
# timed runs, for which it takes it exclusively (perf.c, lock_gpu).
# Writers first: whoever wants it exclusively holds the same path with
# ".writers" shared from before it waits until it is done, and a test or
# check may start only while no one does (it takes ".writers" exclusively
# for a moment). A waiting perf program so waits only for the tests
# running then (a second or two; a test that never ends, its timeout),
# not for whole grades, and perf programs waiting together time one after
# another. The tests of a lab with no CUDA source (lab 01) take no lock:
# they cannot touch the GPU, and an endless loop there holds up no one.
# flock(1), from util-linux. SCANLAB_GPU_LOCK names the lock file; set,
# it is taken under the emulator too, so that the CPU's tests go through
# the same path (run-planted.sh: every planted bug must still be caught
# through the lock).

# gpu_lock_file BACKEND: SCANLAB_GPU_LOCK, or on a GPU one file per GPU
# (/tmp/scanlab-gpu-UUID.lock, the GPU CUDA_VISIBLE_DEVICES names first);
# nothing without flock(1), or under the emulator unless SCANLAB_GPU_LOCK
# is set.
gpu_lock_file() {
    if [ "$1" != cuda ] && [ -z "${SCANLAB_GPU_LOCK:-}" ]; then return 0; fi
    command -v flock >/dev/null 2>&1 || return 0
    gpu_=${CUDA_VISIBLE_DEVICES:-}
    gpu_=${gpu_%%,*}
    uuid_=$(nvidia-smi -i "${gpu_:-0}" --query-gpu=uuid --format=csv,noheader 2>/dev/null | head -n 1)
    echo "${SCANLAB_GPU_LOCK:-${TMPDIR:-/tmp}/scanlab-gpu-${uuid_:-${gpu_:-0}}.lock}"
}

# lab_uses_gpu LAB: the lab has CUDA source (above: lab 01 has none).
lab_uses_gpu() {
    ls "$tree/$1"/*.cu >/dev/null 2>&1
}

# on_gpu_of LAB COMMAND...: COMMAND, holding the GPU shared if LAB uses it.
on_gpu_of() {
    if lab_uses_gpu "$1"; then shift; sharing_gpu "$@"; else shift; "$@"; fi
}

# sharing_gpu COMMAND...: run it holding the GPU shared. The shell holds
# the lock; the command's processes do not inherit it.
sharing_gpu() {
    if [ -z "$gpu_lock" ]; then "$@"; return; fi
    touch "$gpu_lock" "$gpu_lock.writers" 2>/dev/null || :
    exec 8<"$gpu_lock.writers" 9<"$gpu_lock"
    { flock -x 8 && flock -s 9 && flock -u 8; } || :
    # The command's status is the caller's verdict: keep it.
    if "$@" 8<&- 9<&-; then set -- 0; else set -- $?; fi
    exec 8<&- 9<&-
    return "$1"
}

# alone_on_gpu SECONDS COMMAND...: run it with the GPU to itself (the
# lock exclusively) for its first SECONDS, and shared after that. A rerun
# of a test that timed out beside other grades (tests.sh) so has the GPU
# alone while it should end (alone, the reference's slowest test takes
# 4.4 s on an H100, most of it on the CPU); a test still running after
# that runs on, to its own limit, but no longer stops every other grade
# on the GPU: in a batch, a kernel that never ended held them all up for
# 30 s.
alone_on_gpu() {
    window_=$1
    shift
    if [ -z "$gpu_lock" ]; then "$@"; return; fi
    touch "$gpu_lock" "$gpu_lock.writers" 2>/dev/null || :
    exec 8<"$gpu_lock.writers" 9<"$gpu_lock"
    { flock -s 8 && flock -x 9; } || :
    "$@" 8<&- 9<&- &
    set -- $! 0   # the command's pid, tenths of a second waited
    while [ "$2" -lt $((window_ * 10)) ] && kill -0 "$1" 2>/dev/null; do
        sleep 0.1
        set -- "$1" $(($2 + 1))
    done
    { flock -s 9 && flock -u 8; } || :   # shared from now on
    if wait "$1"; then set -- 0; else set -- $?; fi
    exec 8<&- 9<&-
    return "$1"
}
