# svg-text.awk: text as SVG takes it, for the figure drawers
# (arrays-to-svg.awk, status-to-svg.awk, bits-to-svg.awk), which docs/build.sh
# runs with this file first: awk -f svg-text.awk -f arrays-to-svg.awk ...

# escape(text): & < > " as entities: "a<b" -> "a&lt;b".
function escape(text) {
    gsub(/&/, "\\&amp;", text); gsub(/</, "\\&lt;", text); gsub(/>/, "\\&gt;", text)
    gsub(/"/, "\\&quot;", text)
    return text
}

# trim(text): without its leading and trailing blanks.
function trim(text) { sub(/^[ \t]+/, "", text); sub(/[ \t]+$/, "", text); return text }
