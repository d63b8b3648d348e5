#!/bin/sh
# check.sh: check a built docs site (docs/build.sh OUT_DIR first).
#
#   docs/check.sh [--links] OUT_DIR
#
# Checks, each counted as passed or failed (with --links, only the first
# four: no browser, for a quick check of a site built elsewhere, such as
# the student release's):
#
#   links      every href and src in every page that points inside the site
#              names a file that exists, and every "#anchor" (on the same
#              page or another) names an id="..." of that page. Links with
#              a scheme (https:, mailto:) are not followed (no network);
#              a src (image, stylesheet) with a scheme fails: the site must
#              work offline.
#   print      print.html, every page in one document, has each page's
#              title once, as a chapter heading (the checks above check
#              its ids and links as any page's).
#   scripts    every page loads one script, the site's site.js (the theme
#              switch, copy buttons, search marks), and search.html also
#              search-index.js and search.js; no page has a script of its
#              own, or one from outside the site. The screenshot below is
#              taken with the script left out: the pages read without
#              it (MathML is rendered by the browser itself).
#   load       every page loads in headless Chromium: --dump-dom exits 0,
#              prints the whole document (through </html>) with the page's
#              <title>, and Chromium's log shows no console error and no
#              failed resource load.
#   screenshot one chapter (lab02.html), without its script, is rendered
#              to PNG, and so is an empty white page of the same size; the chapter's PNG must be
#              larger than 20 KB and more than three times the blank one.
#              This proves Chromium painted something that does not
#              compress like a blank page (text, figures); it does not
#              prove the layout looks right; the next two measure it.
#   layout     every page, in a frame of 400 x 800 px (a phone) and of
#              1280 x 900, measured by docs/check-layout.js: the page is
#              no wider than the frame (nothing scrolls sideways), nothing
#              reaches past the text column (wide tables and code scroll in
#              their own box), and every heading with an id, reached by
#              its #anchor, lands below the nav bar and inside the frame;
#              every figure's smallest text is drawn 11px high at least
#              (its SVG's smallest font-size, scaled as the page shows
#              the SVG), and no table column is clipped: no cell is
#              narrower than its content, and no table runs past its box
#              (a column hidden until it is scrolled to) when it would
#              fit with each column as narrow as its content allows.
#   search     search.html, with each glossary term typed as a reader
#              would ("Look-back" for "Look-back (lab 07)"), lists that
#              term's entry first (docs/check-search.js): any term in one
#              step; and that entry, opened as the result links it
#              (glossary.html?mark=...#id), has the words marked.
#
# Needs chromium (grader/tools/install-deps.sh chromium), awk, grep.
# The last line is "docs: N passed, N failed"; exit status 1 on failure.
set -eu

links_only=no
[ "${1:-}" = --links ] && { links_only=yes; shift; }
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
    echo "usage: docs/check.sh [--links] OUT_DIR   (a folder made by docs/build.sh)" >&2
    exit 2
fi
site=$(cd "$1" && pwd)
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok    $*"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $*"; }
# The last line, and the exit status.
finish() {
    echo "docs: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/scanlab-docs-check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

pages=$(cd "$site" && ls ./*.html 2>/dev/null | sed 's|^\./||')
if [ -z "$pages" ]; then
    fail "no pages in $site"
    finish
fi

# ---- ids and links ----------------------------------------------------------
# ids.txt: "page id" for every id="..." in every page, after a space or
# at the start of a line (<h3\nid="...">), as for the links below.
for page in $pages; do
    grep -o -E '(^|[[:space:]])id="[^"]*"' "$site/$page" | sed -E "s|^[[:space:]]*id=\"(.*)\"\$|$page \\1|"
done >"$tmp/ids.txt"

# refs.txt: "page attribute target" for every href and src, after a
# space or at the start of a line: pandoc wraps its lines inside tags, so
# a line may begin with href="..." (<a\nhref="#editions">).
for page in $pages; do
    grep -o -E '(^|[[:space:]])(href|src)="[^"]*"' "$site/$page" |
        sed -E "s|^[[:space:]]*(href\|src)=\"(.*)\"\$|$page \\1 \\2|"
done >"$tmp/refs.txt"

# One awk pass resolves them all; a missing file is tested with the shell.
awk -v site="$site" '
    FILENAME == ARGV[1] { id[$1, $2] = 1; next }
    {
        page = $1; kind = $2; target = $3
        if (target ~ /^[a-zA-Z][a-zA-Z0-9+.-]*:/) {
            if (kind == "src") print "FAIL", page, "loads " target " from outside the site"
            next
        }
        file = target; anchor = ""
        if (index(target, "#") > 0) {
            file = substr(target, 1, index(target, "#") - 1)
            anchor = substr(target, index(target, "#") + 1)
        }
        if (file == "") file = page
        if ((getline line < (site "/" file)) < 0) { print "FAIL", page, "links to missing file " file; next }
        close(site "/" file)
        if (anchor != "" && !((file, anchor) in id)) { print "FAIL", page, "links to missing anchor " file "#" anchor; next }
        print "OK", page, target
    }' "$tmp/ids.txt" "$tmp/refs.txt" >"$tmp/links.txt"
total=$(wc -l <"$tmp/links.txt")
broken=$(grep -c '^FAIL' "$tmp/links.txt" || :)   # grep -c of none exits 1
if [ "$broken" -eq 0 ] && [ "$total" -gt 0 ]; then
    pass "links: $total internal links and anchors in $(echo "$pages" | wc -w) pages resolve"
else
    grep '^FAIL' "$tmp/links.txt" | sed 's/^FAIL /        /'
    fail "links: $broken of $total links are broken"
fi

# Duplicate ids make anchors ambiguous.
dups=$(sort "$tmp/ids.txt" | uniq -d)
if [ -z "$dups" ]; then
    pass "ids: no page repeats an id"
else
    echo "$dups" | sed 's/^/        duplicate id: /'
    fail "ids: some pages repeat an id"
fi

# print.html has each page's title once, as a chapter heading, in the
# order of the site (the pager's links give it); its ids and links are
# checked above with the other pages'.
if [ -f "$site/print.html" ]; then
    titles=$(for page in $pages; do
        case "$page" in print.html | search.html) continue ;; esac
        printf '%s\t%s\n' "${page%.html}" "$(sed -n 's|^<h1 class="title">\(.*\)</h1>$|\1|p' "$site/$page")"
    done)
    wrong=$(echo "$titles" | while IFS="$(printf '\t')" read -r name title; do
        found=$(grep -c -F "<h1 class=\"chapter\" id=\"$name\">$title<a" "$site/print.html" || :)
        [ "$found" -eq 1 ] || echo "$name.html's title \"$title\" is there $found times"
    done)
    if [ -z "$wrong" ]; then
        pass "print: print.html has each of the $(echo "$titles" | wc -l) pages' titles once, as a chapter"
    else
        echo "$wrong" | sed 's/^/        /'
        fail "print: print.html lacks a chapter, or repeats one"
    fi
else
    fail "print: no print.html in $site"
fi

# Each page's <script> tags, in order, are site.js's (and search.html's
# two more); an inline handler (onclick=) is a script too.
wrong=$(for page in $pages; do
    expected='<script src="site.js"> '
    [ "$page" = search.html ] && expected='<script src="site.js"> <script src="search-index.js"> <script src="search.js"> '
    found=$(grep -o -i '<script[^>]*>' "$site/$page" | tr '\n' ' ')
    [ "$found" = "$expected" ] || echo "$page loads $found(expected $expected)"
    ! grep -q -i -E '[[:space:]]on[a-z]+="' "$site/$page" || echo "$page has an inline handler (on...=)"
done)
if [ -z "$wrong" ]; then
    pass "scripts: every page loads site.js alone, search.html also search-index.js and search.js"
else
    echo "$wrong" | sed 's/^/        /'
    fail "scripts: a page loads a script of its own"
fi
[ "$links_only" = yes ] && finish

# ---- headless Chromium -------------------------------------------------------
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    fail "chromium: not installed (grader/tools/install-deps.sh chromium)"
    finish
fi
# Headless, no sandbox (CI runs as root), no GPU, a profile of our own,
# nothing fetched from the network, and the console on stderr.
docs=$(cd "$(dirname "$0")" && pwd)
browse() {
    timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
        --no-first-run --no-default-browser-check --disable-extensions \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 "$@"
}

for page in $pages; do
    title=$(sed -n 's|.*<title>\(.*\)</title>.*|\1|p' "$site/$page" | head -n 1)
    status=0
    browse --dump-dom "file://$site/$page" >"$tmp/dom.html" 2>"$tmp/console.log" || status=$?
    # Chromium logs console messages as "CONSOLE(line)" and failed loads
    # as "net::ERR_...". Its own start-up chatter (dbus, GPU) is not ours.
    problems=$(grep -E 'CONSOLE\(|Uncaught|net::ERR_|Failed to load' "$tmp/console.log" | head -n 3)
    if [ $status -ne 0 ]; then
        fail "load $page: chromium exited with $status"
        tail -n 5 "$tmp/console.log" | sed 's/^/        /'
    elif ! grep -q '</html>' "$tmp/dom.html" || ! grep -q -F "<title>$title</title>" "$tmp/dom.html"; then
        fail "load $page: the DOM Chromium printed is incomplete (no </html> or no title '$title')"
    elif [ -n "$problems" ]; then
        fail "load $page: errors while loading"
        echo "$problems" | sed 's/^/        /'
    else
        pass "load $page"
    fi
done

# ---- one screenshot, not blank -----------------------------------------------
shot=lab02.html
[ -f "$site/$shot" ] || shot=$(echo "$pages" | head -n 1)
printf '<!DOCTYPE html><html><head><title>blank</title></head><body style="background:#fff"></body></html>\n' \
    >"$tmp/blank.html"
# A failed screenshot is judged below, by the size of what it left.
browse --screenshot="$tmp/blank.png" --window-size=1024,1400 --hide-scrollbars "file://$tmp/blank.html" \
    >/dev/null 2>&1 || :
# The chapter without its <script> lines (site.js), from the site's folder
# (<base>): what a reader with JavaScript off sees.
sed -e '/<script/d' -e "s|<head>|<head><base href=\"file://$site/\">|" "$site/$shot" >"$tmp/no-js.html"
browse --screenshot="$tmp/page.png" --window-size=1024,1400 --hide-scrollbars "file://$tmp/no-js.html" \
    >/dev/null 2>&1 || :
page_size=$(wc -c <"$tmp/page.png" 2>/dev/null || echo 0)
blank_size=$(wc -c <"$tmp/blank.png" 2>/dev/null || echo 0)
# A PNG starts with the bytes 0x89 "PNG".
is_png=$(head -c 4 "$tmp/page.png" 2>/dev/null | tail -c 3)
if [ "$is_png" = PNG ] && [ "$blank_size" -gt 0 ] && [ "$page_size" -gt 20000 ] &&
    [ "$page_size" -gt $((blank_size * 3)) ]; then
    pass "screenshot $shot (no script): $page_size bytes of PNG, a blank page is $blank_size"
else
    fail "screenshot $shot: $page_size bytes (blank page: $blank_size bytes); looks blank or missing"
fi
if [ -n "${DOCS_SCREENSHOT:-}" ] && [ -f "$tmp/page.png" ]; then
    cp "$tmp/page.png" "$DOCS_SCREENSHOT"
fi

# ---- layout at 400 and 1280 px ------------------------------------------------
# probe NAME SCRIPT SETTINGS: run docs/SCRIPT (after docs/probe.js, the
# loop it shares) on a page of our own that sets SETTINGS (JavaScript),
# and print the <pre id="NAME"> it writes.
probe() {
    printf '<!DOCTYPE html><html><head><title>probe</title></head><body>\n<script>%s</script>\n<script src="file://%s/probe.js"></script>\n<script src="file://%s/%s"></script>\n</body></html>\n' \
        "$3" "$docs" "$docs" "$2" >"$tmp/$1.html"
    browse --allow-file-access-from-files --window-size=1400,1000 --virtual-time-budget=60000 \
        --dump-dom "file://$tmp/$1.html" 2>"$tmp/$1.log" | sed -n "/<pre id=\"$1\">/,/^done/p" | sed 's/<[^>]*>//g'
}
js_pages=$(echo "$pages" | sed 's/.*/"&"/' | paste -s -d, -)
probe layout-probe check-layout.js \
    "var LAYOUT_SITE = \"file://$site/\"; var LAYOUT_PAGES = [$js_pages]; var LAYOUT_SIZES = [[400, 800], [1280, 900]];" \
    >"$tmp/layout.txt"
# Judge each page at each width; anchors: the heading's top at or below
# the nav bar's bottom (0 once the bar has scrolled away) and above the
# frame's bottom.
awk '
    $1 == "page" { page = $2 " at " $3 "px"; pages[++n] = page; problems[page] = ""; next }
    $1 == "width" && $2 > $3 { problems[page] = problems[page] "\n        scrolls sideways: " $2 "px of page in a " $3 "px window"; next }
    $1 == "wide" { problems[page] = problems[page] "\n        past the text column by " $5 "px: <" $4 "> " substr($0, index($0, "\"")); next }
    $1 == "error" { problems[page] = problems[page] "\n        " $0; next }
    $1 == "figure" { figures++
        if ($5 < 11) problems[page] = problems[page] "\n        figure " $4 ": its smallest text is " $5 "px (11 at least)"
        next }
    $1 == "clipped" { problems[page] = problems[page] "\n        a table column clipped by " $4 "px (a cell narrower than its content, or a table wider than its box that would fit): " substr($0, index($0, "\"")); next }
    $1 == "anchor" { anchors++
        if (($5 < $6 - 1 || $5 >= $7) && ++hidden[page] <= 3)
            problems[page] = problems[page] "\n        #" $4 " lands at " $5 "px, the nav bar ends at " $6 "px, the window at " $7 "px"
        next }
    $1 == "done" { done = 1 }
    END {
        for (i = 1; i <= n; i++)
            if (problems[pages[i]] != "") print "FAIL " pages[i] problems[pages[i]] \
                (hidden[pages[i]] > 3 ? "\n        and " hidden[pages[i]] - 3 " more headings" : "")
            else print "OK " pages[i]
        print "ANCHORS " anchors + 0
        print "FIGURES " figures + 0
        if (!done) print "FAIL the probe did not finish"
    }' "$tmp/layout.txt" >"$tmp/layout-verdict.txt"
measured=$(grep -c '^OK' "$tmp/layout-verdict.txt" || :)
anchors=$(sed -n 's/^ANCHORS //p' "$tmp/layout-verdict.txt")
figures=$(sed -n 's/^FIGURES //p' "$tmp/layout-verdict.txt")
if ! grep -q '^FAIL' "$tmp/layout-verdict.txt" && [ "$measured" -eq $(($(echo "$pages" | wc -w) * 2)) ]; then
    pass "layout: $measured page views (400 and 1280 px) fit their width, no table column is clipped; $anchors headings land clear of the nav bar; $figures figures drawn show text of 11px or more"
else
    grep -v -E '^(OK|ANCHORS|FIGURES) ' "$tmp/layout-verdict.txt" | sed 's/^FAIL /        /'
    [ -s "$tmp/layout.txt" ] || tail -n 5 "$tmp/layout-probe.log" | sed 's/^/        /'
    fail "layout: $measured of $(($(echo "$pages" | wc -w) * 2)) page views fit; see above (docs/check-layout.js measures)"
fi

# ---- search finds every glossary term in one step --------------------------------
if [ -f "$site/search.html" ] && [ -f "$site/glossary.html" ]; then
    # [id, text] of each term: <dt><span id="ID" class="term">TEXT</span></dt>,
    # its tags dropped, and quotes and backslashes (none is typed) too.
    terms=$(tr '\n' ' ' <"$site/glossary.html" | awk '{
        n = split($0, part, "</dt>")
        for (i = 1; i <= n; i++) {
            if (!match(part[i], /<span id="[^"]*" class="term">/)) continue
            term = substr(part[i], RSTART + 10)
            id = substr(term, 1, index(term, "\"") - 1)
            text = substr(term, index(term, ">") + 1)
            gsub(/<[^>]*>/, "", text); gsub(/ +$/, "", text); gsub(/["\\]/, "", text)
            printf "%s[\"%s\", \"%s\"]", (count++ ? ", " : ""), id, text
        }
    }')
    probe search-probe check-search.js "var SEARCH_SITE = \"file://$site/\"; var SEARCH_TERMS = [$terms];" >"$tmp/search.txt"
    total=$(grep -c '^term' "$tmp/search.txt" || :)
    missed=$(awk '$1 == "term" && ($3 != "glossary.html#" $2 || $4 < 1)' "$tmp/search.txt")
    if [ "$total" -gt 0 ] && [ -z "$missed" ] && grep -q '^done' "$tmp/search.txt"; then
        pass "search: each of $total glossary terms, typed in search.html, lists its glossary entry first, which marks it"
    else
        echo "$missed" | awk 'NF { print "        " $2 ": the first result is " $3 ", which marks " $4 " words" }'
        fail "search: $(echo "$missed" | grep -c . || :) of $total glossary terms are not the first result, or not marked there (or the probe did not finish)"
    fi
else
    fail "search: no search.html or glossary.html in $site"
fi

finish
