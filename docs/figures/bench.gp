# bench.gp: a log-log chart of measured times, one line per version, as SVG.
#
#   gnuplot -e "data='x.dat'; blocks=6; chart='one scan of n int32 on ...'; out='x.svg'" docs/figures/bench.gp
#
# data holds one block per version, two blank lines apart, each starting
# with the version's name in quotes and then "n milliseconds" lines
# (docs/build.sh writes them from docs/data/: make bench's CSV, or the
# older "log2_n series ms" tables). Both axes are logarithmic: n in powers
# of two, the time in decades. Nothing is computed: the points are the
# measured ones.
#
# Optional: key_below=1 puts the key under the plot (long names), and
# colors='1 1 2' and dashes='1 2 1' give each block its line colour and
# dash type, in block order (make report draws a reference's line dashed,
# in the colour of the version it stands beside).
height = exists("key_below") ? 600 : 460
set terminal svg size 820,height dynamic enhanced font "sans,12" background "white"
set output out
set title chart noenhanced
set logscale x 2
set logscale y 10
set format x "2^{%L}"
set format y "10^{%L}"
set xlabel "n (elements)"
set ylabel "time of one call (ms)"
if (exists("key_below")) { set key below left Left reverse noautotitle maxrows 8 } \
else { set key outside right center Left reverse noautotitle }
set grid xtics ytics mytics lc rgb "#dddddd"
set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05
color(i) = exists("colors") ? int(word(colors, i + 1)) : i + 1
dash(i) = exists("dashes") ? int(word(dashes, i + 1)) : 1
plot for [i = 0:blocks - 1] data index i using 1:2 with linespoints lw 2 pt 7 ps 0.6 lc color(i) dt dash(i) \
    title columnheader(1) noenhanced
