#!/bin/sh
# manual.sh: scanzip's manual page and make install (make test-scanzip).
#
#   scanzip/tests/manual.sh path/to/scanzip path/to/scanzip.1 INSTALLED_PREFIX
#
# INSTALLED_PREFIX is where `make install DESTDIR=... PREFIX=...` put the
# tool (the Makefile runs it into build/, never into the system). Checks,
# each counted: groff reads the page without a warning; it has the
# sections a man page reader looks for; every option that --help names
# is on the page (help2man made it from --help: a page built from an
# older binary, or a --help line help2man could not read, shows here);
# the installed tool runs and its page is the one made here. The last
# line is "manual: N passed, N failed"; exit 1 on failure.
[ $# -eq 3 ] || { echo "usage: $0 path/to/scanzip path/to/scanzip.1 INSTALLED_PREFIX" >&2; exit 2; }
page=$(cd "$(dirname "$2")" && pwd)/$(basename "$2") || exit 2
installed=$(cd "$3" && pwd) || exit 2
harness_name=manual
. "$(dirname "$0")/harness.sh" || exit 2

groff -man -ww -z "$page" >groff.log 2>&1
if [ -s groff.log ]; then fail "groff -man -ww warns about $page: $(head -c 300 groff.log)"; else pass "groff reads the page without a warning"; fi

MANWIDTH=100 man -l "$page" >page.txt 2>man.log || fail "man -l $page: $(head -c 300 man.log)"
for section in NAME SYNOPSIS DESCRIPTION OPTIONS EXAMPLES "SEE ALSO"; do
    if grep -q "^$section\$" page.txt; then pass "section $section"; else fail "no section $section in $page (man -l $page)"; fi
done

"$scanzip" --help >help.txt
# Each option as --help spells it: "-d, --decompress", "--rm", "-o FILE".
grep -o -E '^  (-[a-zA-Z], )?--?[a-z][a-z-]*' help.txt | sed 's/^  //; s/,.*//' >options.txt
grep -o -E '^  -[a-zA-Z], --[a-z-]+' help.txt | sed 's/.*, //' >>options.txt
missing=""
while read -r option; do
    grep -q -E -e "(^|[^a-zA-Z-])$option([^a-zA-Z-]|$)" page.txt || missing="$missing $option"
done <options.txt
if [ -z "$missing" ]; then
    pass "the page names all $(wc -l <options.txt | tr -d ' ') options of --help"
else
    fail "options in --help but not on the page:$missing (make man rebuilds it from --help)"
fi

check "the installed scanzip runs (-V)" "$installed/bin/scanzip" -V
check "the installed page is the one made here" cmp "$installed/share/man/man1/scanzip.1" "$page"
echo "manual: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
