# planted: the run starts lack the sentinel n
# lab: 05-rle
# check: none
# caught-by: starts::families
# message: d_starts: first mismatch
#
# Without starts[runs] = n the last run has no end, and its count is
# whatever lay after the last start.
/^    if (i == n - 1)$/{
N
s/^    if (i == n - 1)\n        d_starts\[d_scanned\[i\]\] = (int)n;/    (void)n;/
}
