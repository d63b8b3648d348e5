# job.sh: what every job of grader/jobs/ starts with (sourced first thing
# there, after set -eu). POSIX sh.
#
#   . "$(dirname "$0")/../lib/job.sh"      (the job's $1: OUT/settings.sh)
#
# Reads the grade's settings, which grade.sh wrote to OUT/settings.sh
# ($out, $build, $tree, the time limits, $gpu_env ...), and defines the
# functions the jobs run their programs with: on_gpu_of (gpu-lock.sh),
# limited (timeout.sh) and those of load.sh. Each job then reads its own
# words from $2.
. "$1"
. "$(dirname "$0")/../lib/gpu-lock.sh"
. "$(dirname "$0")/../lib/timeout.sh"
. "$(dirname "$0")/../lib/load.sh"
