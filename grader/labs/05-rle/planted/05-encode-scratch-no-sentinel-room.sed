# planted: the encoder's scratch array has no room for the run starts' sentinel
# lab: 05-rle
# check: none
# caught-by: encode::families
# message: rle_encode .*wrote outside one of the device arrays it allocated: a device array of [0-9]+ 4-byte elements .* past its end
#
# 3n ints for the mask, its scan and the run starts, but the starts hold
# runs + 1 entries (the sentinel n after the last run): one int past the
# student's own array, which no grader array's guard sees.
s/cudaMalloc((void \*\*)&d_scratch, (3 \* n + 1) \* sizeof(int))/cudaMalloc((void **)\&d_scratch, 3 * n * sizeof(int))/
