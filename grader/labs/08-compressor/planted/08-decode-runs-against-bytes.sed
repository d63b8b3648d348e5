# planted: the decoder checks the run count against the chunk's bytes, not its elements
# lab: 08-compressor
# check: none
# caught-by: decode::damaged
# message: w = [24], .*given runs n \+ 1 = [0-9]+, with streams of [0-9]+ values to match .* wrote outside one of the device arrays it allocated: a device array of [0-9]+ 4-byte elements .* past its end
#
# d_raw has n * w bytes, the scratch arrays n elements: for w = 2 or 4 a
# payload of n + 1 runs passes this check and its symbols and counts
# overrun the scratch arrays. For w = 1 the two bounds agree, so only the
# wider chunks show it.
s/    if (runs == 0 || runs > n || frame_length == 0 || frame_length > SCANZIP_MAX_FRAME_LENGTH)/    if (runs == 0 || runs > n * element_bytes || frame_length == 0 || frame_length > SCANZIP_MAX_FRAME_LENGTH)/
