#!/bin/sh
# bench-scanzip.sh: scanzip on the data sets of make data, beside gzip and
# zstd, file to file (make bench-scanzip).
#
#   scanzip/bench/bench-scanzip.sh SCANZIP DATA_DIR CSV
#
# For each file, each scanzip method (-m rle8, rle, pack, cascade, auto;
# the volumes with their --shape, and also cascade along y and z and auto
# with --frame 128; counters16.raw with -w 16, its elements' width) and gzip -1 / -9, zstd -1 -T0 / -19 -T0
# (when zstd is installed): the compressed size and the wall time to
# compress and to decompress, file to file, each output checked against
# the original with cmp. One CSV row each:
#
#   date,machine,engine,file,bytes,tool,setting,compressed_bytes,ratio,compress_s,decompress_s
#
# `machine` is the CPU model and its CPU count; `engine` what scanzip ran
# on (cpu, or gpu when it has a GPU engine). docs/data/scanzip-*.csv are
# such files, recorded; docs/scanzip.md shows them.
set -eu
scanzip=$1 data=$2 csv=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
day=$(date +%Y-%m-%d)
machine="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1 | tr -s ' ' | tr ',' ' ') x $(nproc)"
# What the tool runs on when neither --cpu nor --gpu is given: its -v line says.
engine=$(head -c 4096 /dev/zero | "$scanzip" compress -v -o - - 2>&1 >/dev/null | sed -n 's/.*, engine \([^,]*\),.*/\1/p')
now() { date +%s.%N; }
seconds() { awk -v from="$1" -v to="$2" 'BEGIN { printf "%.3f", to - from }'; }

# row FILE TOOL SETTING COMPRESS_COMMAND DECOMPRESS_COMMAND: time both
# (each reads $work/in or $work/packed on standard input), check, print.
row() {
    file=$1 tool=$2 setting=$3
    start=$(now); sh -c "$4" <"$work/in" >"$work/packed"; middle=$(now)
    sh -c "$5" <"$work/packed" >"$work/out"; end=$(now)
    cmp -s "$work/in" "$work/out" || { echo "bench-scanzip.sh: $tool $setting did not give $file back" >&2; exit 1; }
    bytes=$(wc -c <"$work/in") packed=$(wc -c <"$work/packed")
    printf '%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$day" "$machine" "$engine" "$file" "$bytes" "$tool" "$setting" \
        "$packed" "$(awk -v a="$bytes" -v b="$packed" 'BEGIN { printf "%.2f", a / b }')" \
        "$(seconds "$start" "$middle")" "$(seconds "$middle" "$end")" >>"$csv"
    printf '  %-18s %-8s %-12s %8.2fx\n' "$file" "$tool" "$setting" "$(awk -v a="$bytes" -v b="$packed" 'BEGIN { print a / b }')"
}

echo "date,machine,engine,file,bytes,tool,setting,compressed_bytes,ratio,compress_s,decompress_s" >"$csv"
# FILE:SHAPE:WIDTH (bits; 8 when empty)
for entry in brodmann.nii:181,217,181: ch2bet.nii:181,217,181: ch2.nii:181,217,181: brodmann-512.raw:512,512,512: \
             test-t82.pbm:: random.raw:: sawtooth.raw:: zeros.raw:: counters16.raw::16; do
    file=${entry%%:*} rest=${entry#*:}
    shape=${rest%%:*} width=${rest#*:}
    [ -f "$data/$file" ] || { echo "bench-scanzip.sh: no $data/$file: run make data" >&2; exit 1; }
    cp "$data/$file" "$work/in"
    # Volumes also with runs along y and z (the thesis's lesson), and with
    # one frame length for every chunk instead of the best one.
    settings="rle8 rle pack cascade auto"
    [ -n "$shape" ] && settings="$settings cascade_--axis_y cascade_--axis_z auto_--frame_128"
    for setting in $settings; do
        setting=$(echo "$setting" | tr '_' ' ')
        row "$file" scanzip "$setting" "$scanzip compress -q -m $setting ${shape:+--shape $shape} ${width:+-w $width} -o - -" \
            "$scanzip decompress -q -o - -"
    done
    for level in 1 9; do row "$file" gzip "-$level" "gzip -$level -c" "gzip -d -c"; done
    if command -v zstd >/dev/null 2>&1; then
        for level in 1 19; do row "$file" zstd "-$level -T0" "zstd -q -$level -T0 -c" "zstd -q -d -c"; done
    fi
done
command -v zstd >/dev/null 2>&1 || echo "bench-scanzip.sh: zstd is not installed: its rows are left out"
echo "  csv: $csv"
