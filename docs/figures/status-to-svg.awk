# status-to-svg.awk: draw the status words of a single-pass scan's tiles
# over time (docs/figures/examples-07.c lookback prints them) as an SVG:
# a column per tile, a row per event (a publication, or a warp's round of
# reads, each word as its lane read it), top to bottom, and a legend.
#
#   examples-07 lookback | awk -f docs/figures/status-to-svg.awk -v title="..." > lookback.svg
#
# Input: a label, then one cell per tile in brackets:
#
#   tile 0 publishes INCL 5      [ I5! - - A1 - - - - ]
#   tile 3 reads 0-2             [ I5+ A2+ A7+ A1 - - - - ]
#
# A cell is "-" (TILE_INVALID), "A" and a value (TILE_AGGREGATE) or "I"
# and a value (TILE_INCLUSIVE), then a mark: "!" published in this row,
# "?" read in this row, "+" read and added to the reader's prefix. The
# flag gives the fill, the mark the border. Lines without "[ ... ]" are
# skipped. Variables: title, the SVG's <title> (for screen readers).
#
# Only awk is needed; nothing is computed here, only drawn.
# escape() and trim() are svg-text.awk's, which docs/build.sh gives first.

BEGIN {
    if (title == "") title = "status words"
    rows = 0; tiles = 0; widest_label = 1
    # Fills by flag, borders by mark: the colours of arrays-to-svg.awk.
    fill["-"] = "#ffffff"; fill["A"] = "#fde9a9"; fill["I"] = "#aed6f1"
    flag_name["-"] = "INVALID"; flag_name["A"] = "AGG"; flag_name["I"] = "INCL"
    border[""] = "#34495e"; border["!"] = "#c0392b"; border["?"] = "#2e86c1"; border["+"] = "#2e86c1"
    border_w[""] = 1; border_w["!"] = 3; border_w["?"] = 2; border_w["+"] = 3
    dashes[""] = ""; dashes["!"] = ""; dashes["?"] = " stroke-dasharray=\"4 3\""; dashes["+"] = ""
}

{
    open_at = index($0, "["); close_at = index($0, "]")
    if (open_at == 0 || close_at < open_at) next
    label = trim(substr($0, 1, open_at - 1))
    count = split(trim(substr($0, open_at + 1, close_at - open_at - 1)), cells, /[ \t]+/)
    rows++
    row_label[rows] = label
    for (i = 1; i <= count; i++) {
        text = cells[i]
        flag = substr(text, 1, 1)
        if (!(flag in fill)) { print "status-to-svg.awk: line " NR ": no flag in cell \"" text "\"" > "/dev/stderr"; exit 1 }
        mark = ""
        if (text ~ /[!?+]$/) { mark = substr(text, length(text), 1); text = substr(text, 1, length(text) - 1) }
        cell_flag[rows, i - 1] = flag; cell_mark[rows, i - 1] = mark; cell_value[rows, i - 1] = substr(text, 2)
    }
    if (count > tiles) tiles = count
    if (length(label) > widest_label) widest_label = length(label)
}

function box(x, y, flag, mark, value) {
    printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%d\"%s/>\n",
        x + 2, y + 1, cell_w - 4, cell_h - 2, fill[flag], border[mark], border_w[mark], dashes[mark]
    if (flag == "-") {
        printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#7f8c8d\">-</text>\n", x + cell_w / 2, y + cell_h / 2 + 5
        return
    }
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#5d6d7e\" font-size=\"9\">%s</text>\n", x + cell_w / 2, y + 12, flag_name[flag]
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#111111\" font-weight=\"%s\">%s</text>\n",
        x + cell_w / 2, y + cell_h - 7, (mark == "+" || mark == "!") ? "bold" : "normal", escape(value)
}

function legend_item(x, y, flag, mark, value, words) {
    box(x, y, flag, mark, value)
    printf "<text x=\"%d\" y=\"%d\" fill=\"#2c3e50\" font-size=\"12\">%s</text>\n", x + cell_w + 4, y + cell_h / 2 + 4, escape(words)
}

END {
    if (rows == 0) { print "status-to-svg.awk: no rows in the input" > "/dev/stderr"; exit 1 }
    cell_w = 48; cell_h = 36; gap = 4
    left = widest_label * 8.8 + 16
    top = 26
    legend_top = top + rows * (cell_h + gap) + 12
    width = int(left + tiles * cell_w + 12)
    if (width < 560) width = 560
    height = legend_top + 2 * (cell_h + gap) + 8

    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-labelledby=\"t\">\n",
        width, height, width, height
    printf "<title id=\"t\">%s</title>\n", escape(title)
    print "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
    print "<g font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"14\">"
    printf "<text x=\"%d\" y=\"%d\" fill=\"#7f8c8d\" font-size=\"11\">tile</text>\n", 6, top - 9
    for (i = 0; i < tiles; i++)
        printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#7f8c8d\" font-size=\"11\">%d</text>\n", left + i * cell_w + cell_w / 2, top - 9, i
    for (r = 1; r <= rows; r++) {
        y = top + (r - 1) * (cell_h + gap)
        printf "<text x=\"%d\" y=\"%d\" fill=\"#2c3e50\">%s</text>\n", 6, y + cell_h / 2 + 5, escape(row_label[r])
        for (i = 0; i < tiles; i++)
            if ((r, i) in cell_flag)
                box(left + i * cell_w, y, cell_flag[r, i], cell_mark[r, i], cell_value[r, i])
    }
    # The legend: two lines under the grid.
    print "<g font-size=\"14\">"
    legend_item(6, legend_top, "-", "", "", "not yet published")
    legend_item(196, legend_top, "A", "", "v", "the tile's own sum")
    legend_item(386, legend_top, "I", "", "v", "sum up to this tile")
    y = legend_top + cell_h + gap
    legend_item(6, y, "A", "!", "v", "published now")
    legend_item(196, y, "A", "?", "v", "read")
    legend_item(386, y, "A", "+", "v", "read and added")
    print "</g>"
    print "</g>"
    print "</svg>"
}
