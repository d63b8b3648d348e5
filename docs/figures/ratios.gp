# ratios.gp: grouped bars, one group per file and a bar per compressor (or
# per operation), on a logarithmic axis, as SVG: compression ratios, and
# (with ylabel set) the GPU's rates.
#
#   gnuplot -e "data='x.dat'; columns=6; chart='...'; out='x.svg'" docs/figures/ratios.gp
#   gnuplot -e "...; ylabel='GB/s'" docs/figures/ratios.gp
#
# data is a table: a header line (the word "file", then each bar's name
# in quotes), then a line per file: its name and one number per bar
# (docs/build.sh writes it from make bench-scanzip's or make bench's
# CSV). Nothing is computed here: the bars are the measured numbers.
# Optional: key_below=1 puts the key under the plot (long names).
height = exists("key_below") ? 560 : 460
set terminal svg size 860,height dynamic enhanced font "sans,12" background "white"
set output out
set title chart noenhanced
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y 10
set format y "10^{%L}"
set yrange [0.1:*]
if (!exists("ylabel")) ylabel = "ratio: original / compressed bytes"
set ylabel ylabel
set xtics noenhanced rotate by -20
if (exists("key_below")) { set key below left Left reverse noenhanced maxrows 6 } \
else { set key outside right center Left reverse noenhanced }
set grid ytics mytics lc rgb "#dddddd"
plot for [i = 2:columns + 1] data using i:xtic(1) title columnheader(i)
