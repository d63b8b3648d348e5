# limits.sh: every time and memory limit of a grade, in one place
# (sourced by grade.sh, which writes them into the grade's settings.sh
# for its jobs). Reads $backend (cuda or emu) and $CHECK; sets:
#
#   test_timeout     seconds a test may run (TEST_TIMEOUT)
#   long_timeout     seconds a check's run or a perf program may run
#   kill_slack       seconds past a test's limit before timeout(1) stops it
#                    (Criterion, given the limit, should have stopped it first)
#   kill_after       seconds timeout(1) waits after its TERM before its KILL
#   hanging_timeout  a test's limit once its lab is seen to hang on a GPU,
#                    and how long a rerun has the GPU alone (gpu-lock.sh)
#   memory_limit     MiB of address space a test may use (0: no limit)
#
#   emu_timeout      seconds without progress before the emulator stops a
#                    kernel (SCANLAB_EMU_TIMEOUT, common/emu/; 10 s)
#   load_scale       what the seconds above were multiplied by (below)
#   jobs             runs at once (JOBS; the cores)
#
# Limits set elsewhere: make test's run-tamper.sh gives each grade of a
# cheat GRADE_LIMIT (120 s, times the same scale) with TEST_TIMEOUT=10.
#
# On a GPU the reference's slowest test takes 4.4 s alone (lab 08's
# roundtrip::large, measured on an H100) and a few times that while grades
# share the GPU (make batch): 30 s leaves room, a test that still runs out
# of it there runs again alone (tests.sh, rerun_timeouts_alone), and an
# endless loop costs half a minute, not the emulator's two and a half. The
# checks and the performance test get twice as long there
# (compute-sanitizer slows a kernel down; perf runs it 32 times).
#
# Those are the limits of a quiet machine. On a busy one every run takes
# longer, so each limit in seconds is multiplied by load_scale, measured
# once as the grade begins (load.sh, busy_scale: 1 on a quiet machine, 4
# with six busy processes beside a grade of 2 jobs on 2 cores), and the
# message of a run that timed out says how busy the machine was then
# (busy_note). TEST_TIMEOUT_SCALE=N sets the scale instead (1: as set).
. "$here/lib/load.sh"
jobs=${JOBS:-$(cores)}
load_others=$(ready_others)
load_scale=${TEST_TIMEOUT_SCALE:-$(busy_scale "$jobs" "$load_others")}
load_words=$(busy_words "$load_others")
test_timeout=$((${TEST_TIMEOUT:-$([ "$backend" = cuda ] && echo 30 || echo 150)} * load_scale))
long_timeout=$test_timeout kill_slack=30
if [ "$backend" = cuda ]; then long_timeout=$((test_timeout * 2)) kill_slack=5; fi
kill_after=5
# The emulator's own limit: a kernel that makes no progress for 10 s.
emu_timeout=$(awk -v limit="${SCANLAB_EMU_TIMEOUT:-10}" -v scale="$load_scale" 'BEGIN { print limit * scale }')

# A lab whose test timed out with the GPU to itself really hangs: its
# tests not yet run get a third of TEST_TIMEOUT (10 s on a GPU), not all
# of it. The tests that follow a hanging one in the lab's one-process run
# mostly call the same kernels: with 30 s each, the kernel-loop cheat's
# five kept four endless kernels on the GPU for a minute, slowing every
# grade beside it. A rerun alone has the GPU to itself as long.
hanging_timeout=$((test_timeout / 3))
[ "$hanging_timeout" -ge 1 ] || hanging_timeout=1

# A test's address space under the emulator: the solutions' tests pass
# in 256 MiB (not in 192: large inputs, 1024 fiber stacks), and a test
# that fills the emulated device's 4 GiB needs 4 GiB more. 8 GiB keeps
# room to spare, and two tests at once still fit the CI machine's 24 GiB.
# Past it malloc fails, so a test that exhausts memory fails alone.
# Sanitizers and the CUDA driver reserve terabytes of address space they
# never use: no limit with them.
memory_limit=0
if [ "$backend:${CHECK:-none}" = emu:none ]; then memory_limit=${TEST_MEMORY_LIMIT:-8192}; fi
