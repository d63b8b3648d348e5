#!/bin/sh
# test-slurm.sh: `make batch ENGINE=slurm` against a real Slurm, started
# on this machine for the test and stopped after it (make test-slurm).
#
#   grader/test/test-slurm.sh [WORK_DIR]      (default build/slurm-test)
#
# Needs root, as CI has: it installs Debian's slurmctld, slurmd and munge
# when they are missing (install-deps.sh slurm), then runs, all on
# 127.0.0.1 with their files under WORK_DIR: munged with a key of its own,
# slurmctld and slurmd (one node: this machine, one partition) from a
# minimal slurm.conf, on the first free pair of ports from 6917-6918 on
# rather than Slurm's usual 6817-6818, so a real Slurm on the machine, or
# a second checkout's make test beside this one, is left alone. It grades three
# submissions on the CPU emulator through a job array, one task each:
#
#   reference   lab 02's reference file          lab 02 full marks
#   planted     the same with a bug planted      lab 02 fewer points
#   empty       no lab file                      0 points, "no lab file found"
#
# and checks the gradebook and the reports. Bounded: the grading must end
# within 30 minutes. The daemons are stopped whatever happens.
set -eu
work=${1:-build/slurm-test}
case "$work" in /*) ;; *) work=$PWD/$work ;; esac
[ "$(id -u)" -eq 0 ] || { echo "test-slurm.sh: needs root (it starts munged, slurmctld and slurmd)" >&2; exit 1; }
grader/tools/install-deps.sh slurm

fail() { echo "test-slurm: FAIL: $*" >&2; exit 1; }

stop_daemons() {
    for pid_file in "$work/slurmd.pid" "$work/slurmctld.pid" "$work/munge/munged.pid"; do
        [ -f "$pid_file" ] && kill "$(cat "$pid_file")" 2>/dev/null || true
    done
}
trap stop_daemons EXIT INT TERM
stop_daemons
rm -rf "$work" && mkdir -p "$work/state" "$work/spool" "$work/munge"
chmod 700 "$work/munge"

# ---- munge: authentication between the Slurm daemons and commands --------
mungekey --create --keyfile="$work/munge/munge.key" >/dev/null
socket=$work/munge/munge.socket
/usr/sbin/munged --force --key-file="$work/munge/munge.key" --socket="$socket" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" --seed-file="$work/munge/seed" ||
    fail "munged did not start: $(tail -n 3 "$work/munge/munged.log" 2>/dev/null)"

# ---- Slurm: one node, this machine --------------------------------------
# listening PORT: is a socket listening on it (/proc/net/tcp{,6}; no ss
# or netstat needed)?
listening() {
    awk -v port="$(printf ':%04X' "$1")" '$4 == "0A" && substr($2, length($2) - 4) == port { found = 1 }
                                          END { exit !found }' /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
controller_port=6917
while listening "$controller_port" || listening $((controller_port + 1)); do
    controller_port=$((controller_port + 2))
    [ "$controller_port" -lt 7917 ] || fail "no two free ports between 6917 and 7917"
done
node=$(hostname -s)
cat >"$work/slurm.conf" <<CONF
ClusterName=scanlab-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$controller_port
SlurmdPort=$((controller_port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=grade Nodes=ALL Default=YES MaxTime=60 State=UP
CONF
SLURM_CONF=$work/slurm.conf
export SLURM_CONF
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start: $(tail -n 3 "$work/slurmctld.log")"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start: $(tail -n 3 "$work/slurmd.log")"
for try in $(seq 30); do
    sinfo -h -o %t 2>/dev/null | grep -q idle && break
    [ "$try" -lt 30 ] || fail "the node never became idle: $(sinfo 2>&1 | tail -n 2); see $work/slurmd.log"
    sleep 1
done
echo "  slurm: $(sinfo -h -o '%P %D node(s) %t') (munged, slurmctld, slurmd on 127.0.0.1, ports $controller_port and $((controller_port + 1)))"

# ---- Three submissions -------------------------------------------------------
subs=$work/submissions
mkdir -p "$subs/reference" "$subs/planted" "$subs/empty"
cp solutions/02-naive-scan/naive_scan.cu "$subs/reference/"
sed -f grader/labs/02-naive-scan/planted/naive-block-no-barrier.sed solutions/02-naive-scan/naive_scan.cu >"$subs/planted/naive_scan.cu"
cmp -s "$subs/reference/naive_scan.cu" "$subs/planted/naive_scan.cu" && fail "the planted bug no longer applies"
echo "no lab file here" >"$subs/empty/notes.txt"

ENGINE=slurm BACKEND=emu SLURM_CPUS=1 timeout 1800 grader/tools/batch.sh "$subs" "$work/batch" ||
    fail "batch.sh with ENGINE=slurm failed"

# ---- What must have come out ---------------------------------------------------
book=$work/batch/gradebook.csv
echo "  gradebook:"; sed 's/^/    /' "$book"
column() { awk -F, -v id="$1" -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                                            $1 == id { print $(c[name]) }' "$book"; }
[ "$(wc -l <"$book")" -eq 4 ] || fail "the gradebook has $(($(wc -l <"$book") - 1)) rows, not 3"
reference=$(column reference 02-naive-scan) planted=$(column planted 02-naive-scan)
grep -q '02-naive-scan.*full marks' "$work/batch/reference/report.txt" ||
    fail "the reference's lab 02 is not full marks: see $work/batch/reference/report.txt"
[ "$planted" -lt "$reference" ] 2>/dev/null ||
    fail "the planted bug kept $planted of lab 02's $reference points: see $work/batch/planted/report.txt"
[ "$(column empty total)" = 0 ] && grep -q "no lab file found" "$work/batch/empty/grade.log" ||
    fail "the empty submission's total is '$(column empty total)', not 0 with 'no lab file found'"
ls "$work"/batch/slurm-*_1.log "$work"/batch/slurm-*_3.log >/dev/null 2>&1 ||
    fail "no Slurm task logs: the tasks did not run under Slurm"
echo "test-slurm: 3 submissions graded by a Slurm job array: reference $reference, planted $planted, empty 0"
