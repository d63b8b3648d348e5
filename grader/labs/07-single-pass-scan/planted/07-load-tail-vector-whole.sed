# planted: load_vectors loads the tile's last int4 whole, past n
# lab: 07-single-pass-scan
# check: none
# caught-by: tiles::sizes
# message: d_tile_totals: first mismatch.*got - expected = [123] x 0x6a5a5a5a, what the grader's guard zones around each array hold
#
# At n = 3 * 8192 + 5 the last int4 holds one element and three past the
# end: read whole, they add the guard zone's words into the tile's total
# (no output element past n is stored, so the scan itself looks right).
# The message says how far the sum is off: whole guard words.
/^__device__ void load_vectors/,/^}/s/^        if (aligned \&\& i + 4 <= n) {$/        if (aligned \&\& i < n) {/
