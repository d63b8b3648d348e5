# gpu.gp: one experiment of docs/examples/gpu.cu as a chart, as SVG: what
# the experiment varies across, the speed it reached up.
#
#   gnuplot -e "data='x.dat'; chart='...'; xlabel='stride'; ylabel='GB/s'; out='x.svg'" docs/figures/gpu.gp
#
# data holds "x y" lines, the measured rows in order (docs/build.sh's
# gpu_chart writes them from docs/data/gpu-h200.csv). Optional: logx=2 (a
# base-2 axis: strides, waves, working sets), logy=10; line=Y and
# line_title='...': a level drawn across (cudaMemcpy's speed, one thread
# an element); mark=X and mark_title='...': a line drawn up (the L2 size).
# Nothing is computed here: the points are the measured ones. Drawn small
# with a large font, as bench.gp's charts are, so that scaled to a phone's
# 400 px the labels stay readable.
set terminal svg size 640,420 dynamic enhanced font "sans,15" background "white"
set output out
set title chart noenhanced font ",13"
set xlabel xlabel noenhanced
set ylabel ylabel noenhanced
if (exists("logx")) set logscale x logx
if (exists("logy")) set logscale y logy
set key top left Left reverse noautotitle
set grid xtics ytics lc rgb "#dddddd"
set offsets graph 0.03, graph 0.03, graph 0.08, graph 0.05
set yrange [0:*]
if (exists("logy")) set yrange [*:*]
if (exists("mark")) set arrow from mark, graph 0 to mark, graph 1 nohead lc rgb "#e67e22" lw 2 dt 2
if (exists("mark")) set label mark_title at mark, graph 0.93 offset 0.5,0 textcolor rgb "#e67e22" noenhanced
if (exists("line")) {
    plot data using 1:2 with linespoints lw 2.5 pt 7 ps 0.8 lc rgb "#1f77b4" notitle, \
         line with lines lw 2 dt 2 lc rgb "#444444" title line_title noenhanced
} else {
    plot data using 1:2 with linespoints lw 2.5 pt 7 ps 0.8 lc rgb "#1f77b4" notitle
}
