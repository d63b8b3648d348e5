# planted: the decoder refuses the longest frame length, 2^20
# lab: 08-compressor
# check: none
# caught-by: decode::oracle_payloads
# message: frame length 1048576 = 2\^20, the longest the format allows, delta o(n|ff)\) was refused
#
# format.h: a frame length is 1..2^20, both ends included, and scanzip
# --frame 1048576 writes payloads with it. `>=` where `>` belongs refuses
# them all; every other length still decodes.
s/    if (runs == 0 || runs > n || frame_length == 0 || frame_length > SCANZIP_MAX_FRAME_LENGTH)/    if (runs == 0 || runs > n || frame_length == 0 || frame_length >= SCANZIP_MAX_FRAME_LENGTH)/
