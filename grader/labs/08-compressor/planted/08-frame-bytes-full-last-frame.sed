# planted: the last, short frame is counted as a whole frame
# lab: 08-compressor
# check: none
# caught-by: frame_bytes::sizes
# message: bytes\[0\] \(frames of 8\): expected
#
# 9 values in frames of 8 are a frame of 8 and a frame of 1: counting 8
# values of the second overstates its bits, and may pick the wrong frame.
s/bits_of(frame_or) \* frame_values(8u << k, count, i);/bits_of(frame_or) * (8u << k);/
