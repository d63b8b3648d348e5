#!/bin/sh
# check-leaks.sh: the student edition of the site shows no line of what
# students must write, and the full edition does (so the check can see).
#
#   docs/check-leaks.sh STUDENT_SITE FULL_SITE   (two folders of docs/build.sh)
#
# A secret line is a line of a solution region of solutions/*/*.c or *.cu
# (between `// BEGIN SOLUTION` and `// END SOLUTION`), unless it is
# trivial (fewer than 12 characters besides spaces: braces, `return err;`;
# or the idiom every CUDA text shows, `int t = threadIdx.x;`, which the
# primer's own example uses) or students have it anyway: it is also a line of labs/ (the skeletons),
# common/, or the files of grader/ a student release carries (not
# grader/labs/*/planted/, grader/tamper/ or grader/labs/*/hidden_tests.c, which
# make-release.sh leaves out and which copy solution code).
#
# Pages are read as text (docs/page-text.awk: tags stripped, as pandoc
# highlights code with nested spans, one line of HTML per line of code,
# the first one after the tags that open the block; entities decoded),
# whitespace collapsed, as the code lines are. It fails for every
# line of a student-edition page that is a secret line, naming the page,
# the line and the solution file it came from; and it fails if the full
# edition shows no secret line at all, since then the check would be blind.
#
# Needs solutions/ and awk. The last line counts the secret lines each
# edition shows; exit status 1 on failure.
set -eu

if [ $# -ne 2 ] || [ ! -d "$1" ] || [ ! -d "$2" ]; then
    echo "usage: docs/check-leaks.sh STUDENT_SITE FULL_SITE   (folders made by docs/build.sh)" >&2
    exit 2
fi
student=$(cd "$1" && pwd) full=$(cd "$2" && pwd)
cd "$(dirname "$0")/.."
[ -d solutions ] || { echo "docs/check-leaks.sh: needs solutions/" >&2; exit 2; }

public=$(find labs common grader \
    \( -path 'grader/labs/*/planted' -o -path grader/tamper -o -path 'grader/labs/*/hidden_tests.c' \) -prune -o \
    -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' -o -name '*.cpp' \) -print)

# Files are read in this order, each group after its "mode=" argument.
# shellcheck disable=SC2046,SC2086 # the file lists are meant to split
awk "$(cat docs/page-text.awk)"'
    function normalise(line) {
        gsub(/[ \t\r]+/, " ", line)
        sub(/^ /, "", line)
        sub(/ $/, "", line)
        return line
    }
    function trivial(line,    bare) {
        bare = line
        gsub(/ /, "", bare)
        return length(bare) < 12 || line ~ /^int [a-z]+ = threadIdx\.x;$/
    }
    mode == "public" { public[normalise($0)] = 1; next }
    mode == "solution" && /^[ \t]*\/\/ BEGIN SOLUTION/ { inside = 1; next }
    mode == "solution" && /^[ \t]*\/\/ END SOLUTION/ { inside = 0; next }
    mode == "solution" {
        line = normalise($0)
        if (inside && !trivial(line) && !(line in public) && !(line in secret)) {
            secret[line] = FILENAME ":" FNR
            secrets++
        }
        next
    }
    {
        line = normalise(page_text($0))
        if (!(line in secret)) next
        if (mode == "student") {
            printf "  FAIL  %s:%d shows %s:\n        %s\n", FILENAME, FNR, secret[line], line
            leaks++
        } else {
            shown++
        }
    }
    END {
        printf "  %d secret lines in the solution regions of solutions/\n", secrets
        if (shown == 0)
            print "  FAIL  the full edition shows no secret line: the check is blind"
        else
            printf "  ok    the full edition shows %d secret lines (the check sees them)\n", shown
        if (leaks == 0)
            print "  ok    the student edition shows none"
        printf "leaks: the student edition shows %d secret lines, the full edition %d\n", leaks, shown
        exit (leaks > 0 || shown == 0)
    }' mode=public $public \
    mode=solution solutions/*/*.c solutions/*/*.cu \
    mode=student "$student"/*.html \
    mode=full "$full"/*.html
