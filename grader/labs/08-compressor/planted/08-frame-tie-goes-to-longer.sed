# planted: a tie between two frame lengths goes to the longer one
# lab: 08-compressor
# check: none
# caught-by: encode::chosen
# message: payload byte [0-9]+ \(the frame length\)
#
# format.h: the smallest payload wins, and a tie goes to the shortest frame.
# A short chunk is one frame whatever the length: every candidate ties, and
# scanzip writes 8.
s/        if (k == 0 || total < \*bytes) {/        if (k == 0 || total <= *bytes) {/
