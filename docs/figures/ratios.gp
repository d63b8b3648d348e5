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
# Each bar's colour comes from palette.gp (a decoder's bar is paler than
# its encoder's); the font is large and the key below, so that scaled to
# a phone's width (style.css keeps charts 480 px at least) it reads.
load "docs/figures/palette.gp"
# The name of bar i (from 1): the i-th quoted word of the header line.
name(i) = system(sprintf("head -n 1 '%s' | awk -F'\"' '{ print $%d }'", data, 2 * i))
# A group's label on two lines at its first ";" ("x.raw_8-bit;_chunks_of_2^24").
two_lines(s) = strstrt(s, ";") > 0 ? s[1:strstrt(s, ";")] . "\n" . s[strstrt(s, ";") + 2:] : s
set terminal svg size 640,(470 + 24 * columns) dynamic enhanced font "sans,15" background "white"
set output out
set title chart noenhanced font ",13"
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y 10
set format y "10^{%L}"
set yrange [0.1:*]
if (!exists("ylabel")) ylabel = "ratio: original / compressed bytes"
set ylabel ylabel
set xtics noenhanced rotate by -30 font ",13"
set key below left Left reverse noenhanced maxcols 1
set grid ytics mytics lc rgb "#dddddd"
plot for [i = 2:columns + 1] data using i:xtic(two_lines(strcol(1))) title columnheader(i) \
    lc rgb series_colour(name(i - 1)) fs solid (series_dash(name(i - 1)) == 2 ? 0.45 : 0.9) border -1
