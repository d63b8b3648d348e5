# bench-to-svg.awk: a line chart of measured scan times, as SVG.
#
#   awk -f docs/figures/bench-to-svg.awk docs/data/bench-h200.txt > bench.svg
#
# Input: "log2_n series milliseconds" per line; "#" lines are comments,
# a comment "# hardware: ..." names the machine in the chart's title, and
# "# chart: ..." says what was timed (default "one scan of n int32").
# Both axes are logarithmic: x is n = 2^log2_n elements, y the time in ms
# (each decade a grid line). One line per series, in the order the series
# first appear, with its name at the right end. Nothing is computed but
# the positions: the numbers are the measured ones.

function log10(x) { return log(x) / log(10) }
function px(l) { return plot_left + (l - min_x) / (max_x - min_x) * plot_w }
function py(ms) { return plot_top + (max_d - log10(ms)) / (max_d - min_d) * plot_h }
function escape(text) {
    gsub(/&/, "\\&amp;", text); gsub(/</, "\\&lt;", text); gsub(/>/, "\\&gt;", text)
    return text
}

/^# *hardware:/ { hardware = $0; sub(/^# *hardware: */, "", hardware); next }
/^# *chart:/ { chart = $0; sub(/^# *chart: */, "", chart); next }
/^#/ || NF < 3 { next }
NF > 3 || $3 + 0 <= 0 {
    print "bench-to-svg.awk: line " NR ": want \"log2_n series milliseconds\", a one-word series and a positive time" > "/dev/stderr"
    bad = 1; exit 1
}
{
    if (!($2 in seen)) { seen[$2] = ++series; name[series] = $2 }
    s = seen[$2]; points[s]++
    x[s, points[s]] = $1 + 0; y[s, points[s]] = $3 + 0
    if (count == 0 || $1 + 0 < min_x) min_x = $1 + 0
    if (count == 0 || $1 + 0 > max_x) max_x = $1 + 0
    if (count == 0 || $3 + 0 < min_y) min_y = $3 + 0
    if (count == 0 || $3 + 0 > max_y) max_y = $3 + 0
    count++
}

END {
    if (bad) exit 1
    if (count == 0) { print "bench-to-svg.awk: no data" > "/dev/stderr"; exit 1 }
    if (chart == "") chart = "one scan of n int32"
    split("#1b4f72 #117a65 #b9770e #884ea0 #c0392b #566573 #2e86c1 #d35400", colour, " ")
    min_d = int(log10(min_y)); if (10 ^ min_d > min_y) min_d--
    max_d = int(log10(max_y)); if (10 ^ max_d < max_y) max_d++
    width = 820; height = 460
    plot_left = 70; plot_top = 50; plot_w = 470; plot_h = 340
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-labelledby=\"t\">\n", width, height, width, height
    printf "<title id=\"t\">Time of %s against n on %s (log-log)</title>\n", escape(chart), escape(hardware)
    print "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
    print "<g font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"13\" fill=\"#2c3e50\">"
    printf "<text x=\"%d\" y=\"24\" font-size=\"15\" font-weight=\"bold\">Time of %s, %s</text>\n", plot_left, escape(chart), escape(hardware)
    for (d = min_d; d <= max_d; d++) {
        printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#d5dbdb\"/>\n", plot_left, py(10 ^ d), plot_left + plot_w, py(10 ^ d)
        printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s ms</text>\n", plot_left - 6, py(10 ^ d) + 4, (d >= 0 ? sprintf("%d", 10 ^ d) : sprintf("%." (-d) "f", 10 ^ d))
    }
    for (l = min_x; l <= max_x; l += 2) {
        printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eaeded\"/>\n", px(l), plot_top, px(l), plot_top + plot_h
        printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">2<tspan dy=\"-6\" font-size=\"10\">%d</tspan></text>\n", px(l), plot_top + plot_h + 20, l
    }
    printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#2c3e50\"/>\n", plot_left, plot_top, plot_w, plot_h
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">n (elements, log scale)</text>\n", plot_left + plot_w / 2, plot_top + plot_h + 44
    for (s = 1; s <= series; s++) {
        path = ""
        for (p = 1; p <= points[s]; p++)
            path = path sprintf("%s%.1f,%.1f", p == 1 ? "M" : " L", px(x[s, p]), py(y[s, p]))
        printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.2\"/>\n", path, colour[s]
        for (p = 1; p <= points[s]; p++)
            printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s, n = 2^%d: %s ms</title></circle>\n", px(x[s, p]), py(y[s, p]), colour[s], escape(name[s]), x[s, p], y[s, p]
        last = points[s]
        label = name[s]
        # Labels at the right edge, spread apart when two lines end close.
        ly = py(y[s, last]) + 4
        for (t = 1; t < s; t++) if (ly - used[t] < 15 && ly - used[t] > -15) ly = used[t] + 15
        used[s] = ly
        printf "<text x=\"%d\" y=\"%.1f\" fill=\"%s\">%s (%s ms)</text>\n", plot_left + plot_w + 8, ly, colour[s], escape(label), y[s, last]
    }
    print "</g>"
    print "</svg>"
}
