# planted: the tiled scan stores a whole last tile, past the end of d_out
# lab: 03-efficient-scan
# check: none
# caught-by: tiled::sizes
# message: wrote outside d_out|crashed
#
# No sanitizer needed: the guard zones around every test array catch it.
/^        if (i < n)$/{
N
s/^        if (i < n)\n\(            d_out\[i\] = tile\)/\1/
}
