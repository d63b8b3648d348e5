#!/bin/sh
# gpu-ncu.sh: the counters behind each experiment of docs/examples/gpu.cu,
# as one CSV on stdout: Nsight Compute on every launch of the program's
# profile run (one launch per row of make gpu-examples' CSV, in the same
# order), so the chapter (docs/gpu.md) can show each idea in the counter
# that measures it.
#
#   docs/examples/gpu-ncu.sh [PROGRAM] >gpu-ncu.csv
#
# PROGRAM is the experiments built for the GPU (make gpu-examples builds
# it; default build/cuda-none/docs/examples/gpu). Needs a GPU, ncu (the
# CUDA toolkit's Nsight Compute) and leave to read its counters (an
# ERR_NVGPUCTRPERM message says the administrator must grant it). The
# clocks are left as they run (--clock-control none), as make
# gpu-examples' timings were taken; ncu flushes the caches before each
# launch (its default), as the timings do.
#
# Columns: experiment,parameter (the program's, as in make gpu-examples'
# CSV), kernel (its name up to the first "(" or "<"), then one column per
# metric below, in base units (--print-units base: ns, bytes, percent):
#
#   gpu__time_duration.sum                          the launch's time
#   dram__bytes_read.sum, dram__bytes_write.sum     bytes to and from DRAM
#   dram__throughput.avg.pct_of_peak_sustained_elapsed   DRAM busy, % of peak
#   lts__t_sector_hit_rate.pct                      L2 hit rate
#   l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum global load requests (a warp's load)
#   l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum  the 32-byte sectors they touched
#   sm__maximum_warps_per_active_cycle_pct          theoretical occupancy
#   sm__warps_active.avg.pct_of_peak_sustained_active   achieved occupancy
#   launch__occupancy_limit_{registers,shared_mem,warps,blocks}  blocks per SM each limit allows
#   launch__registers_per_thread                    registers of each thread
#   launch__waves_per_multiprocessor                the grid in waves
#   smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct
#                                                   warps waiting on a load, % of the time
#   sm__throughput.avg.pct_of_peak_sustained_elapsed    the SMs' busiest unit, % of peak
#   sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active  the FMA pipe busy, %
#   smsp__inst_executed.sum                         warp instructions issued
#
# and two columns worked out from those, for the chapter to quote:
#
#   sectors_per_request   sectors over requests: 4 when a warp's 32 words
#                         are contiguous, 32 when each is in a sector of
#                         its own
#   dram_gb_per_s         DRAM bytes read and written over the duration
set -eu

metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum
metrics=$metrics,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct
metrics=$metrics,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
metrics=$metrics,sm__maximum_warps_per_active_cycle_pct,sm__warps_active.avg.pct_of_peak_sustained_active
metrics=$metrics,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem
metrics=$metrics,launch__occupancy_limit_warps,launch__occupancy_limit_blocks,launch__registers_per_thread
metrics=$metrics,launch__waves_per_multiprocessor,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct
metrics=$metrics,sm__throughput.avg.pct_of_peak_sustained_elapsed
metrics=$metrics,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum

die() {
    echo "gpu-ncu.sh: $*" >&2
    exit 1
}

program=${1:-build/cuda-none/docs/examples/gpu}
[ -x "$program" ] || die "no $program: build it with make gpu-examples (BACKEND=cuda), or name it"
command -v ncu >/dev/null 2>&1 || die "ncu (Nsight Compute, in the CUDA toolkit) is not on the PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The program names its launches on stdout; ncu writes its CSV to the log.
ncu --profile-from-start off --clock-control none --csv --page raw --print-units base \
    --metrics "$metrics" --log-file "$work/ncu.csv" "$program" profile >"$work/launches" ||
    die "ncu or the program failed; ncu said: $(grep -v '^"' "$work/ncu.csv" 2>/dev/null | tail -n 5)"

# ncu's lines are fields in quotes ("ID","Process ID",...), a line of
# units after the header; numbers may carry thousands' commas. Keep the
# kernel's name and the metrics, unquoted, beside the launch's name.
grep '^"' "$work/ncu.csv" | awk -v want="$metrics" '
    FILENAME == ARGV[1] { launch[++launches] = $0; next }
    {
        line = substr($0, 2, length($0) - 2)
        count = split(line, field, /","/)
    }
    FNR == 1 {
        for (i = 1; i <= count; i++) column[field[i]] = i
        wanted = split(want, metric, ",")
        printf "experiment,parameter,kernel"
        for (m = 1; m <= wanted; m++) {
            if (!(metric[m] in column)) { print "gpu-ncu.sh: ncu gave no column " metric[m] > "/dev/stderr"; exit 1 }
            printf ",%s", metric[m]
        }
        print ",sectors_per_request,dram_gb_per_s"
        next
    }
    FNR == 2 { next }
    {
        if (++row > launches) { print "gpu-ncu.sh: more kernels than launches" > "/dev/stderr"; exit 1 }
        kernel = field[column["Kernel Name"]]
        sub(/[(<].*/, "", kernel)
        printf "%s,%s", launch[row], kernel
        for (m = 1; m <= wanted; m++) {
            value = field[column[metric[m]]]
            gsub(/,/, "", value)
            printf ",%s", value
            got[metric[m]] = value
        }
        requests = got["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"]
        ns = got["gpu__time_duration.sum"]
        printf ",%s", (requests > 0 ? sprintf("%.2f", got["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] / requests) : "")
        printf ",%s\n", (ns > 0 ? sprintf("%.1f", (got["dram__bytes_read.sum"] + got["dram__bytes_write.sum"]) / ns) : "")
    }
    END { if (row != launches) { print "gpu-ncu.sh: " launches " launches, " row " kernels profiled" > "/dev/stderr"; exit 1 } }
' "$work/launches" -
