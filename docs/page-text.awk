# page-text.awk: page_text(line), one line of a page pandoc built, as text,
# for the awk programs of docs/check-leaks.sh and docs/check-paths.sh
# (each puts this file's text before its own program).
#
# Tags are stripped and the entities pandoc writes decoded. Pandoc escapes
# < and > in text, so a bare one is always part of a tag, which may begin
# on one line and end on the next:
#
#   '<span class="dt">int</span> n = a &lt; b;'  ->  'int n = a < b;'
function page_text(line) {
    sub(/^[^<>]*>/, "", line)
    gsub(/<[^>]*>/, "", line)
    sub(/<[^>]*$/, "", line)
    gsub(/&lt;/, "<", line); gsub(/&gt;/, ">", line)
    gsub(/&quot;/, "\"", line); gsub(/&#39;/, "'", line)
    gsub(/&amp;/, "\\&", line)
    return line
}
