# planted: the decoder never checks the run count against n
# lab: 08-compressor
# check: none
# caught-by: decode::damaged
# message: given runs n \+ 1 = [0-9]+, with streams of [0-9]+ values to match .* wrote outside one of the device arrays it allocated: a device array of [0-9]+ 4-byte elements .* past its end
#
# The run count sizes everything the decoder writes: n + 1 runs in a
# payload built for them decode one frame width, offset, symbol and count
# past the scratch arrays of n. The counts then add up to n + 1 and the
# payload is refused, too late: the writes happened. Each scratch array is
# its own allocation, between the test program's guard zones.
s/    if (runs == 0 || runs > n || frame_length == 0 || frame_length > SCANZIP_MAX_FRAME_LENGTH)/    if (runs == 0 || frame_length == 0 || frame_length > SCANZIP_MAX_FRAME_LENGTH)/
