# bits-to-svg.awk: draw a payload's bit layout as an SVG: which bits of
# which bytes hold which field.
#
#   build/docs-work/figure-data/examples-08 cascade-payload |
#       awk -f docs/figures/bits-to-svg.awk -v title="..." > payload.svg
#
# Input: one item a line, as docs/figures/examples-08.c prints them:
#
#   line 10 bytes 10-13: the symbols' word 0, bit 0 first
#   byte 50
#   field symbol 0000101 80
#   field unused 0 unused
#
#   line FIRST TITLE...        a new line of the figure, whose first byte is
#                              byte FIRST of the payload; TITLE is drawn above it
#   byte HEX                   the line's next byte, as written (2 hex digits);
#                              at most 4 a line
#   field CLASS BITS LABEL...  the line's next field: its bits, lowest first
#                              (0s and 1s, as read from the bytes), its class
#                              (header, width, symbol, count, unused: its
#                              colour) and LABEL, drawn under it
#
# Lines starting with "#" are comments. Each line of the figure is a row
# of bit cells, bit 0 of its first byte at the left, with each byte's
# offset and value above its 8 bits; the fields are coloured by class (two
# shades, alternating, so that neighbours differ) and bounded by dark
# lines, with their labels under them; a label wider than its field goes
# on a second row of labels. Anything else in the input, or a line whose
# fields do not cover exactly 8 bits a byte, stops with a message on
# stderr and exit status 1: the figure is never drawn from a layout that
# does not add up.
#
# Variables: title, the SVG's <title> (for screen readers); default "bits".
# Only awk is needed; the bits are never computed here, only drawn.
# escape() and trim() are svg-text.awk's, which docs/build.sh gives first.

function fail(message) {
    printf "bits-to-svg.awk: input line %d: %s\n", NR, message > "/dev/stderr"
    failed = 1
    exit 1
}

# The rest of the line after its first `skip` fields.
function rest(skip,    text, k) {
    text = $0
    for (k = 0; k < skip; k++) sub(/^[ \t]*[^ \t]+[ \t]?/, "", text)
    return text
}

# A line's fields must hold its bytes' bits, all of them.
function close_line() {
    if (lines > 0 && line_bits[lines] != 8 * line_bytes[lines])
        fail(sprintf("the figure's line %d (bytes from %d) has %d bytes but fields of %d bits",
                     lines, line_first[lines], line_bytes[lines], line_bits[lines]))
}

BEGIN {
    if (title == "") title = "bits"
    shade["header", 0] = "#d6eaf8"; shade["header", 1] = "#aed6f1"
    shade["width", 0] = "#fdebd0";  shade["width", 1] = "#f8c471"
    shade["symbol", 0] = "#d5f5e3"; shade["symbol", 1] = "#82e0aa"
    shade["count", 0] = "#ebdef0";  shade["count", 1] = "#c39bd3"
    shade["unused", 0] = "#ffffff"; shade["unused", 1] = "#ffffff"
    lines = 0
}

/^#/ || NF == 0 { next }

$1 == "line" {
    close_line()
    if (NF < 3 || $2 !~ /^[0-9]+$/) fail("expected: line FIRST TITLE...")
    lines++
    line_first[lines] = $2 + 0; line_title[lines] = rest(2)
    line_bytes[lines] = 0; line_bits[lines] = 0; line_fields[lines] = 0
    next
}

$1 == "byte" {
    if (lines == 0) fail("a byte before the first line")
    if (NF != 2 || $2 !~ /^[0-9a-fA-F][0-9a-fA-F]$/) fail("expected: byte HEX (2 hex digits)")
    if (line_bytes[lines] == 4) fail("more than 4 bytes in one line of the figure")
    line_byte[lines, ++line_bytes[lines]] = $2
    next
}

$1 == "field" {
    if (lines == 0) fail("a field before the first line")
    if (NF < 4 || $3 !~ /^[01]+$/) fail("expected: field CLASS BITS LABEL...")
    if (!(($2, 0) in shade)) fail("unknown class " $2 " (header, width, symbol, count, unused)")
    k = ++line_fields[lines]
    field_class[lines, k] = $2; field_bits[lines, k] = $3; field_label[lines, k] = rest(3)
    field_start[lines, k] = line_bits[lines]
    line_bits[lines] += length($3)
    next
}

{ fail("expected a line, byte or field item, not: " $0) }

END {
    if (failed) exit 1
    close_line()
    if (lines == 0) { print "bits-to-svg.awk: no lines in the input" > "/dev/stderr"; exit 1 }

    cell_w = 22; cell_h = 26; left = 8; char_w = 7.8
    title_h = 22; byte_h = 17; label_h = 17; gap = 14
    width = left * 2 + 32 * cell_w
    # Each line: its title, the byte labels, the cells, one or two rows of labels.
    y = 4
    for (l = 1; l <= lines; l++) {
        line_top[l] = y
        second = 0
        for (k = 1; k <= line_fields[l]; k++)
            if (length(field_label[l, k]) * char_w > length(field_bits[l, k]) * cell_w - 2) second = 1
        line_second[l] = second
        y += title_h + byte_h + cell_h + label_h * (1 + second) + gap
    }
    height = int(y)

    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-labelledby=\"t\">\n",
        width, height, width, height
    printf "<title id=\"t\">%s</title>\n", escape(title)
    print "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
    print "<g font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"14\">"
    for (l = 1; l <= lines; l++) {
        top = line_top[l]
        cells_y = top + title_h + byte_h
        printf "<text x=\"%d\" y=\"%d\" fill=\"#2c3e50\" font-weight=\"bold\">%s</text>\n", left, top + 15, escape(line_title[l])
        for (b = 1; b <= line_bytes[l]; b++) {
            x = left + (b - 1) * 8 * cell_w
            printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#566573\" font-size=\"12\">byte %d: 0x%s</text>\n",
                x + 4 * cell_w, cells_y - 4, line_first[l] + b - 1, line_byte[l, b]
            printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#7f8c8d\"/>\n", x, cells_y - 14, x, cells_y
        }
        x = left + line_bytes[l] * 8 * cell_w
        printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#7f8c8d\"/>\n", x, cells_y - 14, x, cells_y
        for (k = 1; k <= line_fields[l]; k++) {
            class = field_class[l, k]; bits = field_bits[l, k]
            x0 = left + field_start[l, k] * cell_w
            fill = shade[class, (k - 1) % 2]
            for (i = 1; i <= length(bits); i++) {
                x = x0 + (i - 1) * cell_w
                printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#bdc3c7\"/>\n",
                    x, cells_y, cell_w, cell_h, fill
                printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
                    x + cell_w / 2, cells_y + 18, class == "unused" ? "#95a5a6" : "#111111", substr(bits, i, 1)
            }
            x1 = x0 + length(bits) * cell_w
            printf "<path d=\"M%d,%d V%d M%d,%d V%d\" stroke=\"#2c3e50\" stroke-width=\"2\" fill=\"none\"/>\n",
                x0, cells_y, cells_y + cell_h + 5, x1, cells_y, cells_y + cell_h + 5
            label = field_label[l, k]
            if (length(label) * char_w <= length(bits) * cell_w - 2)
                printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#111111\" font-size=\"13\">%s</text>\n",
                    (x0 + x1) / 2, cells_y + cell_h + label_h, escape(label)
            else if ((x0 + x1) / 2 > width / 2)
                printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#111111\" font-size=\"13\">%s</text>\n",
                    x1, cells_y + cell_h + 2 * label_h, escape(label)
            else
                printf "<text x=\"%d\" y=\"%d\" fill=\"#111111\" font-size=\"13\">%s</text>\n",
                    x0, cells_y + cell_h + 2 * label_h, escape(label)
        }
    }
    print "</g>"
    print "</svg>"
}
