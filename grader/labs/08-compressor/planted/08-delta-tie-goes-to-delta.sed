# planted: a tie between the plain and the delta payload goes to delta
# lab: 08-compressor
# check: none
# caught-by: encode::chosen
# message: delta_used|payload byte
#
# format.h: delta is written only when strictly smaller. [7 7 7 9] packs
# [7 9] and its deltas [14 4] into 18 bytes alike, and scanzip writes it
# without delta: a GPU that writes it with delta writes another file.
s/delta_bytes < plain_bytes)/delta_bytes <= plain_bytes)/
