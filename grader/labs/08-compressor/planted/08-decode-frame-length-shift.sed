# planted: the decoder tests the frame length's bits above bit 19, not its value
# lab: 08-compressor
# check: none
# caught-by: decode::oracle_payloads
# message: frame length 1048576 = 2\^20, the longest the format allows, delta o(n|ff)\) was refused
#
# "More than 2^20" as "has a bit above the low 20": frame_length >> 20 is
# 1 for 2^20 itself, the longest frame the format allows, so its payloads
# are refused. (frame_length - 1) >> 20 would have been right.
s/    if (runs == 0 || runs > n || frame_length == 0 || frame_length > SCANZIP_MAX_FRAME_LENGTH)/    if (runs == 0 || runs > n || frame_length == 0 || (frame_length >> 20) != 0)/
