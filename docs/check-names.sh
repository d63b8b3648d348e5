#!/bin/sh
# check-names.sh: the open edition's READMEs name only what its skeletons
# and headers have, as docs/check-paths.sh does for paths. Run on an open
# release (make test-open-edition makes one): a student told to call
# `scan_exclusive_tiled` "written for you", or to fill `d_tile_sums`, must
# find them in the file they edit or in common/.
#
#   docs/check-names.sh TREE     (TREE/labs/NN-name/, TREE/common/*.h)
#
# For each TREE/labs/NN-name/README.md, takes every identifier-looking
# name in its code, inline spans and fenced blocks alike: a word with an
# underscore inside, a word in camelCase, or a word called as a function:
#
#   "the tile sums in `d_tile_sums[b]`"   ->  d_tile_sums
#   "`blelloch_sweeps(d_tree, size)`"     ->  blelloch_sweeps, d_tree
#
# and fails for each one that is not a word of that lab's own files
# (TREE/labs/NN-name/*.c, .cu, .h) or of the headers (TREE/common/*.h),
# and not in the allow-list below. Not names: paths (docs/check-paths.sh
# checks them), a grader test `suite::test` (check-rubric-tables.sh checks
# those), a make knob `NAME=value`, a make target.
#
# A name the README says is given must be given: one in a span followed
# by "(written for you)" or "(provided)", or listed in spans right after
# "written for you:", fails when the skeleton's function of that name is
# a stub (its body calls TODO_STUDENT()):
#
#   "`scan_exclusive_tiled` (written for you) makes one allocation"
#       ->  fails while the open skeleton asks the student to write it
#
# Needs awk. The last line is "names: N named, N missing"; exit status 1
# if any is missing.
set -eu

if [ $# -ne 1 ] || [ ! -d "$1/labs" ] || [ ! -d "$1/common" ]; then
    echo "usage: docs/check-names.sh TREE   (an open release: TREE/labs/NN-name/ and TREE/common/)" >&2
    exit 2
fi
tree=$1

# Names a README may use that no skeleton or header defines: shell
# patterns, then -- and why.
allowed='
cuda*                                           -- the CUDA runtime API: cudaMemcpy, cudaMalloc ...
__*                                             -- CUDA built-ins and intrinsics: __syncthreads ...
atomic*                                         -- CUDA atomics: atomicAdd ...
threadIdx blockIdx blockDim gridDim warpSize    -- CUDA built-in variables
size_t uint32_t uint64_t uint8_t int32_t        -- C types
sizeof log2 INT_MIN INT_MAX UINT32_MAX          -- C: an operator, maths, limits.h and stdint.h constants
ExclusiveSum                                    -- CUB: the scan make bench times beside yours, never called by a lab
AddressSanitizer ThreadSanitizer                -- the checkers the grader runs, named in its output
bench_*                                         -- the benchmark programs of make bench
'
patterns=$(printf '%s\n' "$allowed" | sed -n 's/ *--.*//p')

status=0 named=0 missing=0
for readme in "$tree"/labs/[0-9][0-9]-*/README.md; do
    lab=$(dirname "$readme")
    # The words the edition gives this lab: its own files and the headers.
    known=$(cat "$lab"/*.c "$lab"/*.cu "$lab"/*.h "$tree"/common/*.h 2>/dev/null |
        tr -c 'A-Za-z0-9_' '\n' | grep -E '^[A-Za-z_]' | sort -u)
    # "line<TAB>name<TAB>the line" for every name in the README's code.
    names=$(awk '
        function names_in(code, shown,    word) {
            gsub(/[A-Za-z0-9_.*-]*\/[A-Za-z0-9_.\/*-]*/, " ", code)  # paths
            gsub(/[A-Za-z0-9_]+::[A-Za-z0-9_*]+/, " ", code)          # suite::test
            gsub(/[A-Z][A-Z0-9_]*=[^ ]*/, " ", code)                   # make knobs
            while (match(code, /[A-Za-z_][A-Za-z0-9_]*/)) {
                word = substr(code, RSTART, RLENGTH)
                after = substr(code, RSTART + RLENGTH, 1)
                code = substr(code, RSTART + RLENGTH)
                if (word ~ /[A-Za-z0-9]_[A-Za-z0-9]|^_|_$/ || word ~ /[a-z][A-Z]/ || after == "(")
                    printf "%d\t%s\t%s\n", FNR, word, substr(shown, 1, 100)
            }
        }
        /^[ \t]*(```|~~~)/ { fenced = !fenced; next }
        fenced { names_in($0, $0); next }
        {
            rest = $0
            while (match(rest, /`[^`]+`/)) {
                span = substr(rest, RSTART + 1, RLENGTH - 2)
                rest = substr(rest, RSTART + RLENGTH)  # before names_in moves RSTART
                names_in(span, $0)
            }
        }' "$readme" | awk -F '\t' '!seen[$1 FS $2]++')
    lines=$(printf '%s\n' "$names" | while IFS='	' read -r line name text; do
        printf '%s\n' "$known" | grep -qxF "$name" && continue
        ok=no
        set -f  # the patterns are words, not file names
        for pattern in $patterns; do
            # shellcheck disable=SC2254 # the pattern is meant to match
            case "$name" in $pattern) ok=yes; break ;; esac
        done
        set +f
        [ $ok = yes ] && continue
        printf '  FAIL  %s:%s names %s, which neither %s/ nor common/*.h has:\n        %s\n' \
            "$readme" "$line" "$name" "$(basename "$lab")" "$text"
    done)
    sources=$(find "$lab" -maxdepth 1 \( -name '*.c' -o -name '*.cu' \) | sort)
    # shellcheck disable=SC2086 # the file list is meant to split
    # "line<TAB>name" for every name the README says is given, then each
    # one whose function in the lab's files is a stub.
    stubs=$(awk '
        /^[a-zA-Z_].*\(/ && !/;[ \t]*$/ {            # a definition starts
            name = $0; sub(/\(.*/, "", name); sub(/.*[^A-Za-z0-9_]/, "", name); body = name }
        body != "" && /TODO_STUDENT\(\)/ { stub[body] = 1 }
        /^}/ { body = "" }
        END { for (name in stub) print name }' $sources)
    given=$(awk '
        function claim(name) { gsub(/\(.*|[^A-Za-z0-9_]/, "", name); if (name != "") print start "\t" name }
        function paragraph(text,    rest, list) {
            rest = text
            while (match(rest, /`[^`]+` \((written for you|provided)\)/)) {
                claim(substr(rest, RSTART + 1, index(substr(rest, RSTART + 1), "`") - 1))
                rest = substr(rest, RSTART + RLENGTH)
            }
            rest = text
            while (match(rest, /[Ww]ritten for you: /)) {
                rest = substr(rest, RSTART + RLENGTH)
                while (match(rest, /^(and )?`[^`]+`(,? (and )?)?/)) {
                    list = substr(rest, RSTART, RLENGTH)
                    sub(/^(and )?`/, "", list); sub(/`.*/, "", list)
                    claim(list)
                    rest = substr(rest, RSTART + RLENGTH)
                }
            }
        }
        /^[ \t]*$/ { paragraph(text); text = ""; next }
        /^[ \t]*([-*] |\|)/ { paragraph(text); text = "" }   # a list item or a table row
        { if (text == "") start = FNR; text = text " " $0; gsub(/  +/, " ", text) }
        END { paragraph(text) }' "$readme")
    claims=$(printf '%s\n' "$given" | while IFS='	' read -r line name; do
        [ -n "$name" ] || continue
        printf '%s\n' "$stubs" | grep -qxF "$name" || continue
        printf '  FAIL  %s:%s says %s is written for you, but %s/ asks the student to write it (a TODO_STUDENT() stub)\n' \
            "$readme" "$line" "$name" "$(basename "$lab")"
    done)
    if [ -n "$claims" ]; then
        printf '%s\n' "$claims"
        missing=$((missing + $(printf '%s\n' "$claims" | grep -c '^  FAIL')))
        status=1
    fi
    count=$(printf '%s\n' "$names" | cut -f 2 | sort -u | wc -l)
    named=$((named + count))
    if [ -n "$lines" ]; then
        printf '%s\n' "$lines"
        missing=$((missing + $(printf '%s\n' "$lines" | grep -c '^  FAIL')))
        status=1
    fi
done
echo "names: $named named in the open READMEs' code, $missing missing or not given"
exit $status
