# bench.gp: a log-log chart of measured times, one line per version, as SVG.
#
#   gnuplot -e "data='x.dat'; blocks=6; chart='one scan of n int32 on ...'; out='x.svg'" docs/figures/bench.gp
#
# data holds one block per version, two blank lines apart, each starting
# with the version's name in quotes and then "n milliseconds" lines
# (docs/build.sh writes them from docs/data/: make bench's CSV, or the
# older "log2_n series ms" tables). Both axes are logarithmic: n in powers
# of two, the time in decades. Nothing is computed: the points are the
# measured ones. Each series has its colour (and dash) from palette.gp.
# The chart is drawn small with a large font and its key below, so that
# scaled down to a phone's 400 px (style.css keeps charts 480 px at least)
# its labels stay readable.
#
# Optional (make report): colors='1 1 2' and dashes='1 2 1' give each
# block a colour of gnuplot's own and a dash type, in block order, in
# place of the palette's (a reference's line dashed, in the colour of the
# version it stands beside).
load "docs/figures/palette.gp"
# The name of series i (from 0): the quoted first line of its block.
name(i) = system(sprintf("sed -n 's/^\"\\(.*\\)\"$/\\1/p' '%s' | sed -n '%dp'", data, i + 1))
# make report's charts (colors given) have twice the lines, with long
# names: wider, in a smaller font, so that their key fits.
width = exists("colors") ? 900 : 640
font_size = exists("colors") ? 12 : 15
set terminal svg size width,(330 + (exists("colors") ? 20 : 24) * blocks) dynamic enhanced font "sans,".font_size background "white"
set output out
set title chart noenhanced font ",13"
set logscale x 2
set logscale y 10
set format x "2^{%L}"
set format y "10^{%L}"
set xlabel "n (elements)"
set ylabel "time of one call (ms)"
set key below left Left reverse noautotitle maxcols 1
set grid xtics ytics mytics lc rgb "#dddddd"
set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05
dash(i) = exists("dashes") ? int(word(dashes, i + 1)) : series_dash(name(i))
if (exists("colors")) {
    plot for [i = 0:blocks - 1] data index i using 1:2 with linespoints lw 2.5 pt 7 ps 0.7 \
        lc int(word(colors, i + 1)) dt dash(i) title columnheader(1) noenhanced
} else {
    plot for [i = 0:blocks - 1] data index i using 1:2 with linespoints lw 2.5 pt 7 ps 0.7 \
        lc rgb series_colour(name(i)) dt dash(i) title columnheader(1) noenhanced
}
