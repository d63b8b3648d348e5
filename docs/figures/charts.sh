# charts.sh: make bench's CSV (grader/support/perf/timing.h has its
# columns) as gnuplot charts. Sourced, not run, by the two pages that draw
# them: the course site (docs/build.sh) and the report of a student's own
# run (docs/report/build.sh, make report).
#
# The sourcing script sets `work` (a scratch folder), `out` (the charts go
# to $out/figures/NAME.svg) and a function die MESSAGE that stops it.
# Run from the repository root: the gnuplot scripts are docs/figures/*.gp.
# shellcheck shell=sh disable=SC2154 # work and out: the sourcing script's

# chart NAME CHART [SETTINGS] < rows "n<TAB>version<TAB>ms": one SVG,
# log-log, a line per version in the order they first appear
# (docs/figures/bench.gp; SETTINGS: more of its variables, "key_below=1").
chart() {
    awk -F'\t' '{ if (!($2 in seen)) { seen[$2] = ++count; name[count] = $2 }
                  rows[seen[$2]] = rows[seen[$2]] $1 " " $3 "\n" }
        END { for (i = 1; i <= count; i++) printf "%s\"%s\"\n%s", (i > 1 ? "\n\n" : ""), name[i], rows[i]
              if (count == 0) exit 1 }' >"$work/$1.dat" || die "chart $1: no data"
    blocks=$(grep -c '^"' "$work/$1.dat")
    gnuplot -e "data='$work/$1.dat'; blocks=$blocks; chart='$2'; out='$out/figures/$1.svg'; ${3:-}" docs/figures/bench.gp ||
        die "chart $1: gnuplot failed"
}

# The rows of one benchmark in make bench's CSV (grader/support/perf/timing.h),
# of one input when a third argument names it ("50% kept").
csv_rows() {
    awk -F, -v bench="$2" -v input="${3:-}" \
        'NR > 1 && $4 == bench && (input == "" || $5 == input) { printf "%s\t%s\t%s\n", $7, $6, $9 }' "$1"
}
# The GPU and day of a CSV's first row, for a chart's title.
csv_run() { awk -F, 'NR == 2 { print $2 ", " $1 }' "$1"; }

# rate_chart NAME CSV TITLE [SETTINGS]: grouped bars of make bench's cascade rows
# (grader/labs/08-compressor/bench.cu), a group per input and a bar per
# version, in GB/s of uncompressed data: the file's bytes (4n, n counting
# 4-byte words) over the row's time. SETTINGS: more of ratios.gp's
# variables ("key_below=1").
rate_chart() {
    awk -F, 'NR > 1 && $4 == "cascade" && $6 != "CUB RunLengthEncode (of ints)" {
            if (!($5 in seen)) { seen[$5] = 1; inputs[++ninputs] = $5 }
            if (!($6 in known)) { known[$6] = 1; versions[++nversions] = $6 }
            rate[$5, $6] = 4 * $7 / ($9 * 1e6) }
        END {
            if (ninputs == 0) exit 1
            printf "file"; for (v = 1; v <= nversions; v++) printf " \"%s\"", versions[v]; print ""
            for (i = 1; i <= ninputs; i++) {
                label = inputs[i]; sub(/; [0-9]+ MiB; /, " ", label); gsub(/ /, "_", label)
                printf "%s", label
                for (v = 1; v <= nversions; v++) printf " %s", ((inputs[i], versions[v]) in rate) ? rate[inputs[i], versions[v]] : "NaN"
                print ""
            }
        }' "$2" >"$work/$1.dat" || die "chart $1: no cascade rows in $2"
    columns=$(($(head -1 "$work/$1.dat" | grep -o '"' | wc -l) / 2))
    gnuplot -e "data='$work/$1.dat'; columns=$columns; chart='$3'; ylabel='GB/s of uncompressed data'; out='$out/figures/$1.svg'; ${4:-}" \
        docs/figures/ratios.gp || die "chart $1: gnuplot failed"
}
