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
set terminal svg size 820,460 dynamic enhanced font "sans,12" background "white"
set output out
set title chart noenhanced
set logscale x 2
set logscale y 10
set format x "2^{%L}"
set format y "10^{%L}"
set xlabel "n (elements)"
set ylabel "time of one call (ms)"
set key outside right center Left reverse noautotitle
set grid xtics ytics mytics lc rgb "#dddddd"
set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05
plot for [i = 0:blocks - 1] data index i using 1:2 with linespoints lw 2 pt 7 ps 0.6 title columnheader(1) noenhanced
