# profile-table.awk: make profile's table, from the CSV Nsight Compute
# prints for one call of a lab's function (grader/tools/profile.sh runs it).
#
#   awk -f grader/tools/profile-table.awk [-v n=N -v bytes=BYTES] \
#       -v yours_label=TEXT -v theirs_label=TEXT YOURS.csv THEIRS.csv
#   awk -f grader/tools/profile-table.awk -v mode=metrics     the --metrics list
#   awk -f grader/tools/profile-table.awk -v mode=device F.csv  the GPU F names
#   awk -f grader/tools/profile-table.awk -v mode=kernel F.csv  its first kernel's name
#   awk -f grader/tools/profile-table.awk -v mode=reference F.csv   F's table alone,
#                      without the kernels' names (the lab chapters: profile-table.lua)
#   awk -f grader/tools/profile-table.awk -v mode=cell -v row=ROW F.csv   one cell of
#                      F's column: ROW is duration, dram, bytes, l2, loads, stores,
#                      occupancy, limiter, registers, stalls or instructions, or for
#                      prose ratio (bytes' "0.82x" alone) or dram_pct (dram's "51.5 %")
#
# Each CSV is what `ncu --csv --page raw --print-units base --metrics M`
# printed, as it printed it: lines of its own or the program's first
# (==PROF== ..., skipped; the perf program's "profile ..." line, which
# gives the call's n and the bytes it must move: perf.c), then a
# header of quoted column names, a row of units, and a row a kernel:
#
#   "ID","Process ID",...,"Kernel Name",...,"Device","CC","dram__bytes_read.sum",...
#   "","",...,"","","","byte",...
#   "0","4242",...,"scan_tiles(const int *, int *, int)",...,"0","9.0","33554432",...
#
# Fields are split with their quotes in mind (a kernel's name holds
# commas), and numbers lose their thousands separators. An empty file
# (/dev/null) is a side not measured: its column says "-". The output is one
# markdown pipe table, as readable in a terminal as in pandoc (make
# report, the lab chapters): a row a counter, columns yours, the
# reference's, what the counter means, and what to try when yours is off.
# A call of several kernels gives totals (durations and bytes summed, the
# others weighted by each kernel's duration, sectors per request as the
# ratio of the sums); each kernel's name and duration follow the table.
#
# A CSV without a metric the table needs, or without any kernel's row,
# stops with one line naming the file and what it lacks (exit 1): ncu
# itself says nothing of a metric it does not know, it leaves its
# column out.

# ---- The counters ----------------------------------------------------------
#
# What ncu is asked for (mode=metrics prints the list). The stall reasons
# are the smsp__average_warps_issue_stalled_REASON_per_issue_active.ratio
# of every reason: warps waiting on REASON, on average, for each cycle
# that issued an instruction.
function metric_names(   list, reasons, count, i) {
    list = "gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum," \
           "dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct," \
           "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum," \
           "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum," \
           "sm__warps_active.avg.pct_of_peak_sustained_active,sm__maximum_warps_per_active_cycle_pct," \
           "launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem," \
           "launch__occupancy_limit_warps,launch__occupancy_limit_blocks," \
           "launch__registers_per_thread,smsp__thread_inst_executed.sum"
    count = split(STALLS, reasons, " ")
    for (i = 1; i <= count; i++)
        list = list "," STALL_PREFIX reasons[i] STALL_SUFFIX
    return list
}

BEGIN {
    STALL_PREFIX = "smsp__average_warps_issue_stalled_"
    STALL_SUFFIX = "_per_issue_active.ratio"
    STALLS = "barrier branch_resolving dispatch_stall drain imc_miss lg_throttle long_scoreboard " \
             "math_pipe_throttle membar mio_throttle misc no_instruction not_selected selected " \
             "short_scoreboard sleeping tex_throttle wait"
    if (mode == "metrics") {
        print metric_names()
        exit 0
    }
    needed_count = split(metric_names(), needed, ",")
    # Blocks per SM each resource allows (launch__occupancy_limit_*): the
    # least is the limiter, named as a student reads it.
    LIMITS = "registers shared_mem warps blocks"
    limit_name["registers"] = "registers"
    limit_name["shared_mem"] = "shared memory"
    limit_name["warps"] = "block size"
    limit_name["blocks"] = "blocks per SM"
}

# ---- Reading the CSV ------------------------------------------------------

function die(message) {
    print "make profile: " message > "/dev/stderr"
    failed = 1
    exit 1
}

# split_csv(LINE, FIELDS): LINE's fields into FIELDS[1..], quotes taken
# off ("a,b" is one field, "" inside quotes is one quote); their count.
function split_csv(line, fields,   count, i, c, field, quoted) {
    count = 0
    field = ""
    quoted = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (quoted) {
            if (c == "\"" && substr(line, i + 1, 1) == "\"") { field = field c; i++ }
            else if (c == "\"") quoted = 0
            else field = field c
        } else if (c == "\"") quoted = 1
        else if (c == ",") { fields[++count] = field; field = "" }
        else field = field c
    }
    fields[++count] = field
    return count
}

# A cell as a number scaled to ours (us, bytes, %), or ""
# where ncu has none ("n/a", empty).
function number(text, unit,   scale) {
    gsub(/,/, "", text)
    if (text !~ /^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/)
        return ""
    # --print-units base: "ns", "byte", "%" (ncu 2025.3 on the H200); the
    # longer and larger names in case another version prints them.
    scale = 1
    if (unit == "ns" || unit == "nsecond") scale = 0.001
    else if (unit == "ms" || unit == "msecond") scale = 1000
    else if (unit == "s" || unit == "second") scale = 1000000
    else if (unit == "Kbyte" || unit == "KB") scale = 1e3
    else if (unit == "Mbyte" || unit == "MB") scale = 1e6
    else if (unit == "Gbyte" || unit == "GB") scale = 1e9
    return text * scale
}

# The first file is yours, the second the reference's, even when both
# are one file; an empty one (/dev/null) has no first line.
FNR == 1 {
    side = (!read_one && FILENAME == ARGV[1]) ? 1 : 2
    read_one = 1
    state = "before"
    file[side] = FILENAME
}
{ sub(/\r$/, "") }
# The perf program's own line (perf.c), where the file has it: the call's
# size and the bytes it must move, else those of -v n= and bytes=.
#   profile  ok  scan_exclusive_tiled  16777216  reference  134217728  ...
state == "before" && /^profile\t/ {
    split($0, line_fields, "\t")
    size[side] = line_fields[4]
    must[side] = line_fields[6]
    next
}
state == "before" && /^"ID","Process ID",/ {
    columns = split_csv($0, header)
    for (i = 1; i <= columns; i++) column[side, header[i]] = i
    # ncu prints no column, and no message, for a metric it does not know
    # or cannot collect on this GPU.
    missing = ""
    for (i = 1; i <= needed_count; i++)
        if (!((side, needed[i]) in column)) missing = missing (missing == "" ? "" : ", ") needed[i]
    if (missing != "" && mode != "device" && mode != "kernel")
        die(FILENAME ": no column " missing " (ncu prints none for a metric it was not asked for, does not know, or cannot collect on this GPU)")
    if (!((side, "Kernel Name") in column))
        die(FILENAME ": no column \"Kernel Name\": not ncu's --csv --page raw output")
    state = "units"
    next
}
state == "units" {
    split_csv($0, units_row)
    for (i = 1; i <= columns; i++) unit[side, i] = units_row[i]
    state = "rows"
    next
}
state == "rows" && /^"/ {
    if (split_csv($0, cells) != columns)
        die(FILENAME " line " FNR ": " length(cells) " fields, not the header's " columns)
    k = ++kernels[side]
    name[side, k] = cells[column[side, "Kernel Name"]]
    device[side] = cells[column[side, "Device"]]
    if ((side, "device__attribute_display_name") in column)
        device[side] = cells[column[side, "device__attribute_display_name"]]
    for (i = 1; i <= needed_count; i++) {
        c = column[side, needed[i]]
        value[side, k, needed[i]] = number(cells[c], unit[side, c])
    }
    next
}

# ---- The totals of a side --------------------------------------------------

# sum(S, METRIC): the metric summed over S's kernels.
function sum(s, metric,   k, total) {
    total = 0
    for (k = 1; k <= kernels[s]; k++) total += value[s, k, metric]
    return total
}
# weighted(S, METRIC): the mean over S's kernels weighted by duration, or
# "" if no kernel has the metric.
function weighted(s, metric,   k, total, weight, v, d) {
    total = weight = 0
    for (k = 1; k <= kernels[s]; k++) {
        v = value[s, k, metric]
        d = value[s, k, "gpu__time_duration.sum"]
        if (v != "") { total += v * d; weight += d }
    }
    return weight > 0 ? total / weight : ""
}
# The longest of S's kernels: its launch settles registers and limiter.
function longest(s,   k, best) {
    best = 1
    for (k = 2; k <= kernels[s]; k++)
        if (value[s, k, "gpu__time_duration.sum"] > value[s, best, "gpu__time_duration.sum"]) best = k
    return best
}
function ratio(s, top, bottom,   b) {
    b = sum(s, bottom)
    return b > 0 ? sprintf("%.2f", sum(s, top) / b) : "no requests"
}
function limiter(s,   k, count, names, i, least, who, v) {
    k = longest(s)
    count = split(LIMITS, names, " ")
    least = ""
    for (i = 1; i <= count; i++) {
        v = value[s, k, "launch__occupancy_limit_" names[i]]
        if (v == "") continue
        if (least == "" || v < least) { least = v; who = limit_name[names[i]] }
        else if (v == least) who = who ", " limit_name[names[i]]
    }
    return least == "" ? "?" : who " (" least " blocks/SM)"
}
function registers(s,   k, low, high, v) {
    for (k = 1; k <= kernels[s]; k++) {
        v = value[s, k, "launch__registers_per_thread"]
        if (low == "" || v < low) low = v
        if (high == "" || v > high) high = v
    }
    return low == high ? low : low " to " high
}
function stalls(s,   count, reasons, i, j, w, best, text, taken) {
    count = split(STALLS, reasons, " ")
    text = ""
    for (j = 1; j <= 3; j++) {
        best = ""
        for (i = 1; i <= count; i++) {
            if (reasons[i] in taken) continue
            w = weighted(s, STALL_PREFIX reasons[i] STALL_SUFFIX)
            if (w != "" && (best == "" || w > top)) { best = reasons[i]; top = w }
        }
        if (best == "") break
        taken[best] = 1
        text = text (j > 1 ? ", " : "") best " " sprintf("%.1f", top)
    }
    return text
}

# cell(S, ROW): the text of a row for side S.
function cell(s, row,   us, moved, count, least) {
    if (kernels[s] == 0) return "-"
    count = size[s] != "" ? size[s] : n
    least = must[s] != "" ? must[s] : bytes
    us = sum(s, "gpu__time_duration.sum")
    moved = sum(s, "dram__bytes_read.sum") + sum(s, "dram__bytes_write.sum")
    if (row == "duration") return sprintf("%.1f us", us)
    if (row == "dram") return sprintf("%.1f %% of peak, %.0f GB/s",
                                      weighted(s, "dram__throughput.avg.pct_of_peak_sustained_elapsed"),
                                      us > 0 ? moved / us / 1000 : 0)
    if (row == "bytes") return sprintf("%.1f MB, %.2fx", moved / 1e6, least > 0 ? moved / least : 0)
    if (row == "ratio") return sprintf("%.2fx", least > 0 ? moved / least : 0)    # for prose
    if (row == "dram_pct") return sprintf("%.1f %%", weighted(s, "dram__throughput.avg.pct_of_peak_sustained_elapsed"))
    if (row == "l2") return sprintf("%.1f %%", weighted(s, "lts__t_sector_hit_rate.pct"))
    if (row == "loads") return ratio(s, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
                                     "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum")
    if (row == "stores") return ratio(s, "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
                                      "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum")
    if (row == "occupancy") return sprintf("%.1f %% of %.1f %%",
                                           weighted(s, "sm__warps_active.avg.pct_of_peak_sustained_active"),
                                           weighted(s, "sm__maximum_warps_per_active_cycle_pct"))
    if (row == "limiter") return limiter(s)
    if (row == "registers") return registers(s)
    if (row == "stalls") return stalls(s)
    if (row == "instructions") return sprintf("%.1f", count > 0 ? sum(s, "smsp__thread_inst_executed.sum") / count : 0)
    die("no row " row " (profile-table.awk's rows: duration, dram, bytes, ...)")
}

# ---- The table ---------------------------------------------------------------

function define(key, title, means, try) {
    rows[++row_count] = key
    row_title[key] = title
    row_means[key] = means
    row_try[key] = try
}
function line(a, b, c, d, e) {
    printf "| %-26s | %-32s | %-32s | %s | %s |\n", a, b, c, d, e
}

END {
    if (failed || mode == "metrics") exit failed
    if (mode == "device") { print device[1]; exit 0 }
    if (mode == "kernel") { print name[1, 1]; exit 0 }
    for (s = 1; s <= 2; s++)
        if (file[s] != "" && file[s] != "-" && kernels[s] == 0)
            die(file[s] ": no kernel's row (did ncu profile anything? its messages are in the file)")
    define("duration", "duration",
           "GPU time of the call's kernels, summed",
           "the rows below say where it goes")
    define("dram", "DRAM throughput",
           "how busy memory was, of its peak; a memory-bound kernel wants 80 % or more",
           "more bytes in flight: more blocks, wider loads (int4), fewer passes over the data")
    define("bytes", "DRAM bytes, x what it must",
           "bytes read and written in DRAM, and that over the least the call must move (below 1: writes still in L2 at the end)",
           "over 1.5x: a pass too many, or data read twice; fuse kernels, keep a tile in shared memory")
    define("l2", "L2 hit rate",
           "share of requests the L2 cache served without DRAM",
           "low is normal for one pass over big data; high with many bytes: data re-read, reuse it on chip")
    define("loads", "sectors per request, loads",
           "32-byte sectors a warp's load touched: 4 when 32 threads read 32 words in a row, 16 for 32 int4",
           "above 4 (16 for int4): a warp's threads read far apart (strided); make thread i read word i")
    define("stores", "sectors per request, stores",
           "the same for stores: 4 for words in a row, 16 for int4",
           "above 4: scattered writes; stage them in shared memory and write in order")
    define("occupancy", "achieved of theoretical occupancy",
           "warps resident per SM, of the most it holds: measured, and what the launch allows",
           "achieved far below theoretical: too few blocks or uneven ones; launch more")
    define("limiter", "occupancy limit",
           "what caps the blocks per SM: registers, shared memory, block size or blocks",
           "registers: fewer live variables; shared memory: smaller tiles; block size: 256 threads")
    define("registers", "registers per thread",
           "registers each thread holds; more per thread, fewer warps per SM",
           "above 64 limits occupancy: simplify the kernel or use `__launch_bounds__`")
    define("stalls", "top warp stall reasons",
           "why warps waited: cycles stalled per instruction issued; long_scoreboard is global memory, barrier `__syncthreads()`",
           "long_scoreboard: more loads in flight; barrier: fewer `__syncthreads()`; wait/lg_throttle: fewer, wider loads")
    define("instructions", "instructions per element",
           "thread instructions executed over n: the work per element",
           "far above the reference's: a loop or index arithmetic to simplify")
    if (mode == "cell") { print cell(1, row); exit 0 }
    if (mode == "reference") {
        print "| counter | reference | what it means | when yours is off, try |"
        print "|---|---|---|---|"
        for (r = 1; r <= row_count; r++)
            printf "| %s | %s | %s | %s |\n", row_title[rows[r]], cell(1, rows[r]), row_means[rows[r]], row_try[rows[r]]
        exit 0
    }
    printf "yours: %s\n\nreference: %s\n\n", yours_label, theirs_label
    line("counter", "yours", "reference", "what it means", "when yours is off, try")
    printf "|%s|%s|%s|%s|%s|\n", dashes(28), dashes(34), dashes(34), "---", "---"
    for (r = 1; r <= row_count; r++)
        line(row_title[rows[r]], cell(1, rows[r]), cell(2, rows[r]), row_means[rows[r]], row_try[rows[r]])
    for (s = 1; s <= 2; s++) {
        if (kernels[s] == 0) continue
        printf "\nkernels, %s:\n\n", s == 1 ? "yours" : "the reference's"
        for (k = 1; k <= kernels[s]; k++)
            printf "- %.1f us `%s`\n", value[s, k, "gpu__time_duration.sum"], name[s, k]
    }
}
function dashes(count,   text) {
    text = ""
    while (count-- > 0) text = text "-"
    return text
}
