# arrays-to-svg.awk: draw the array rows a lab driver prints as an SVG.
#
#   build/emu-none/solutions/02-naive-scan/run 8 0x5eed random |
#       awk -f docs/figures/arrays-to-svg.awk -v title="..." > steps.svg
#
# Input: lines as the drivers (make run) and docs/figures/examples.c print
# them, a label, then the values in brackets:
#
#   input                    [ 3 1 7 0 4 1 6 3 ]
#     step, offset 1         [ 3 4 8 7 4 5 7 9 ]
#
# Lines without "[ ... ]" (verdicts, blank lines) are skipped. Each row
# becomes a labelled row of boxes; a value that differs from the row above
# is shaded, so every figure shows what its step changed. Variables:
#
#   title    the SVG's <title> (for screen readers); default "arrays"
#   only     keep only rows whose label matches this regular expression
#   skip     drop rows whose label matches this regular expression
#   arrows   1: draw where each value came from, read off the labels:
#              "offset D"             (Hillis-Steele) i-D and i -> i
#              "up-sweep, stride S"   (Blelloch)      k-S and k -> k
#              "down-sweep, stride S"                  k -> k-S; k-S and k -> k
#            with k = 2S-1, 4S-1, ...; other rows get no arrows
#   numbers  1 (default): number the columns above the first row; 0: do not
#   header   a word to the left of the column numbers ("lane")
#   columns  draw only these columns, e.g. "0-3 31": each gap of columns
#            left out becomes one column of "..." (arrows to or from a
#            column left out are not drawn); default: all
#   shade    1 (default): shade a value that differs from the row above;
#            0: do not (rows that are not steps of one array)
#
# Only awk is needed; the values are never re-computed here, only drawn.
# escape() and trim() are svg-text.awk's, which docs/build.sh gives first.

BEGIN {
    if (title == "") title = "arrays"
    if (numbers == "") numbers = 1
    if (shade == "") shade = 1
    rows = 0; widest_value = 1; widest_label = 1; most = 0
}

{
    open_at = index($0, "["); close_at = index($0, "]")
    if (open_at == 0 || close_at < open_at) next
    label = trim(substr($0, 1, open_at - 1))
    if (label == "") next
    if (only != "" && label !~ only) next
    if (skip != "" && label ~ skip) next
    count = split(trim(substr($0, open_at + 1, close_at - open_at - 1)), values, /[ \t]+/)
    rows++
    row_label[rows] = label; row_count[rows] = count
    for (i = 1; i <= count; i++) {
        cell[rows, i - 1] = values[i]
        if (length(values[i]) > widest_value) widest_value = length(values[i])
    }
    if (count > most) most = count
    if (length(label) > widest_label) widest_label = length(label)
}

# Where each column is drawn: slot[i], or none when "columns" leaves it
# out; gap_at[s]: slot s holds the "..." of a gap. Sets slots.
function place_columns(    parts, count, k, range, shown, i, was_shown) {
    if (columns == "")
        for (i = 0; i < most; i++) shown[i] = 1
    count = split(columns, parts, / +/)
    for (k = 1; k <= count; k++) {
        if (split(parts[k], range, "-") == 1) range[2] = range[1]
        for (i = range[1] + 0; i <= range[2] + 0; i++) shown[i] = 1
    }
    slots = 0; was_shown = 1
    for (i = 0; i < most; i++) {
        if (i in shown) slot[i] = slots++
        else if (was_shown) gap_at[slots++] = 1
        was_shown = i in shown
    }
}

# The x of the middle of slot s, and the y of the top of row r.
function slot_x(s) { return left + s * cell_w + cell_w / 2 }
function mid_x(i) { return slot_x(slot[i]) }
function top_y(r) { return top + (r - 1) * (cell_h + gap) }

function arrow(from_row, from_i, to_row, to_i, colour) {
    if (from_i < 0 || to_i < 0 || from_i >= row_count[from_row] || to_i >= row_count[to_row]) return
    if (!(from_i in slot) || !(to_i in slot)) return
    printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.4\" marker-end=\"url(#head-%s)\"/>\n",
        mid_x(from_i), top_y(from_row) + cell_h, mid_x(to_i), top_y(to_row) - 3, colour, substr(colour, 2)
}

function draw_arrows(r,    label, d, k) {
    label = row_label[r]
    if (match(label, /offset [0-9]+/)) {
        d = substr(label, RSTART + 7, RLENGTH - 7) + 0
        for (k = 0; k < row_count[r]; k++) {
            if (k >= d) arrow(r - 1, k - d, r, k, "#c0392b")
            arrow(r - 1, k, r, k, "#7f8c8d")
        }
    } else if (match(label, /up-sweep, stride [0-9]+/)) {
        d = substr(label, RSTART + 17, RLENGTH - 17) + 0
        for (k = 2 * d - 1; k < row_count[r]; k += 2 * d) {
            arrow(r - 1, k - d, r, k, "#c0392b")
            arrow(r - 1, k, r, k, "#7f8c8d")
        }
    } else if (match(label, /down-sweep, stride [0-9]+/)) {
        d = substr(label, RSTART + 19, RLENGTH - 19) + 0
        for (k = 2 * d - 1; k < row_count[r]; k += 2 * d) {
            arrow(r - 1, k, r, k - d, "#2e86c1")
            arrow(r - 1, k - d, r, k, "#c0392b")
            arrow(r - 1, k, r, k, "#7f8c8d")
        }
    }
}

END {
    if (rows == 0) { print "arrays-to-svg.awk: no rows in the input" > "/dev/stderr"; exit 1 }
    char_w = 8
    cell_w = widest_value * char_w + 18; if (cell_w < 38) cell_w = 38
    cell_h = 30
    gap = arrows ? 40 : 10
    left = widest_label * 8.6 + 20
    top = numbers ? 28 : 8
    place_columns()
    width = int(left + slots * cell_w + 12)
    height = int(top_y(rows) + cell_h + 10)

    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-labelledby=\"t\">\n",
        width, height, width, height
    printf "<title id=\"t\">%s</title>\n", escape(title)
    print "<defs>"
    split("c0392b 7f8c8d 2e86c1", colours, " ")
    for (c = 1; c <= 3; c++)
        printf "<marker id=\"head-%s\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#%s\"/></marker>\n", colours[c], colours[c]
    print "</defs>"
    print "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
    print "<g font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"14\">"
    if (numbers) {
        for (i = 0; i < most; i++)
            if (i in slot)
                printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#7f8c8d\" font-size=\"11\">%d</text>\n", mid_x(i), top - 9, i
        if (header != "")
            printf "<text x=\"%d\" y=\"%d\" fill=\"#7f8c8d\" font-size=\"11\">%s</text>\n", 6, top - 9, escape(header)
    }
    for (r = 1; r <= rows; r++) {
        y = top_y(r)
        printf "<text x=\"%d\" y=\"%d\" fill=\"#2c3e50\">%s</text>\n", 6, y + cell_h / 2 + 5, escape(row_label[r])
        for (s = 0; s < slots; s++)
            if (s in gap_at)
                printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#7f8c8d\">...</text>\n", slot_x(s), y + cell_h / 2 + 5
        for (i = 0; i < row_count[r]; i++) {
            if (!(i in slot)) continue
            value = cell[r, i]
            if (value == "...") {
                printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#7f8c8d\">...</text>\n", mid_x(i), y + cell_h / 2 + 5
                continue
            }
            changed = shade && r > 1 && i < row_count[r - 1] && cell[r - 1, i] != value
            printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#34495e\"/>\n",
                mid_x(i) - cell_w / 2 + 1, y, cell_w - 2, cell_h, changed ? "#fde9a9" : "#eef3f7"
            printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#111111\">%s</text>\n", mid_x(i), y + cell_h / 2 + 5, escape(value)
        }
        if (arrows && r > 1) draw_arrows(r)
    }
    print "</g>"
    print "</svg>"
}
