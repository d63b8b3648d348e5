#!/bin/sh
# make-class.sh: a mock class for trying `make batch` before a real one:
# submissions made from the reference solutions, as folders of lab files.
#
#   grader/tools/make-class.sh OUT_DIR [CORRECT]
#
# OUT_DIR/NN-ID/ holds every lab file of solutions/ (naive_scan.cu, ...),
# changed according to the kind of submission its ID names; NN deals the
# kinds out in turn (correct, slow, buggy, cheat, empty, correct, ...), so
# that the first submissions of a batch, graded first, are already a mix:
#   correct-NN   the reference, CORRECT of them (default 10): full marks
#   slow-LAB     the reference with lab LAB's timed function doing its
#                work twice: right, about 2x slower, fewer speed points
#   buggy-NAME   a bug of grader/labs/*/planted/NAME.sed: that test fails
#   cheat-NAME   a cheat or an attack of grader/tamper/NAME.sed (crashes,
#                endless loops, copying the oracle, faked reports ...):
#                it gains nothing
#   empty        the untouched skeletons: zero, nothing crashes
# The planted bugs are taken two per lab and the cheats one per lab, in
# name order, so the class covers every lab; the crashing and hanging
# cheats all come along.
set -eu
out=${1:?usage: make-class.sh OUT_DIR [CORRECT]}
correct=${2:-10}
rm -rf "$out" && mkdir -p "$out"

# submission ID [SCRIPT LAB]: the reference's lab files, SCRIPT applied
# to LAB's, in OUT_DIR/.staged/ID until they are dealt out.
submission() {
    mkdir -p "$out/.staged/$1"
    for lab_dir in solutions/[0-9][0-9]-*; do
        for source in "$lab_dir"/*.c "$lab_dir"/*.cu; do
            [ -f "$source" ] || continue
            if [ $# -eq 3 ] && [ "$(basename "$lab_dir")" = "$3" ]; then
                sed -f "$2" "$source" >"$out/.staged/$1/$(basename "$source")"
            else
                cp "$source" "$out/.staged/$1/"
            fi
        done
    done
}

field() { sed -n "s/^# $1: //p" "$2"; }

for i in $(seq 1 "$correct"); do submission "correct-$(printf %02d "$i")"; done

# Twice the work: the whole call made once more before the real one.
slow=$(mktemp)
trap 'rm -f "$slow"' EXIT
printf '%s\n' 's|^    return compact_if(d_in, d_out, n, KEEP_NONZERO, 0, kept);|    compact_if(d_in, d_out, n, KEEP_NONZERO, 0, kept);\n&|' >"$slow"
submission slow-04-compaction "$slow" 04-compaction

for kind in planted tamper; do
    seen=""
    scripts=grader/tamper/*.sed
    [ $kind = planted ] && scripts=grader/labs/*/planted/*.sed
    for script in $scripts; do
        lab=$(field lab "$script") name=$(basename "$script" .sed)
        [ -n "$lab" ] || continue
        case "$kind:$name" in
        tamper:*loop* | tamper:*fault* | tamper:segfault) ;;     # every crash and hang comes along
        planted:*) [ "$(echo "$seen" | tr ' ' '\n' | grep -cx "$lab")" -lt 2 ] || continue ;;   # two per lab
        *) [ "$(echo "$seen" | tr ' ' '\n' | grep -cx "$lab")" -lt 1 ] || continue ;;          # one per lab
        esac
        seen="$seen $lab"
        submission "$([ "$kind" = planted ] && echo buggy || echo cheat)-$name" "$script" "$lab"
    done
done

mkdir -p "$out/.staged/empty"
for source in labs/[0-9][0-9]-*/*.c labs/[0-9][0-9]-*/*.cu; do
    [ -f "$source" ] && cp "$source" "$out/.staged/empty/"
done

# Deal them out: the next of each kind in turn, numbered.
number=0
while [ -n "$(ls "$out/.staged")" ]; do
    for kind in correct slow buggy cheat empty; do
        id=$(ls "$out/.staged" | grep "^$kind" | sed -n 1p)
        [ -n "$id" ] || continue
        number=$((number + 1))
        mv "$out/.staged/$id" "$out/$(printf %02d "$number")-$id"
    done
done
rmdir "$out/.staged"
echo "make-class.sh: $number submissions in $out"
