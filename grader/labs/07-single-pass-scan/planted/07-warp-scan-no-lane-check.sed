# planted: every lane adds the shuffled value, lanes below `offset` too
# lab: 07-single-pass-scan
# check: none
# caught-by: warp::sizes
# message: first mismatch at index 0
#
# __shfl_up_sync gives a lane below `offset` its own value back (there is
# no lane `offset` below it): without `if (lane >= offset)` lane 0 adds
# itself at every step and ends with 32 times its value.
s|^        if (lane >= offset)$|        if (lane < SP_WARP) /* planted: no real lane check */|
