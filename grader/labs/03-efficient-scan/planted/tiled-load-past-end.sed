# planted: the tiled scan loads a whole last tile, past the end of d_in
# lab: 03-efficient-scan
# check: memory
# caught-by: tiled::sizes
# message: overflow|use-after-poison|crashed
#
# Reading past the end changes no output element (each depends only on
# the elements before it), so only the bounds checker sees this.
s/tile\[t + half \* TILE_THREADS\] = i < n ? d_in\[i\] : 0;/tile[t + half * TILE_THREADS] = d_in[i];/
