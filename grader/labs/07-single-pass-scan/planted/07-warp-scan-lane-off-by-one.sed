# planted: a lane adds the shuffled value only when lane > offset
# lab: 07-single-pass-scan
# check: none
# caught-by: warp::sizes
# message: first mismatch at index 1
#
# Lane `offset` has a lane `offset` below it (lane 0): it must add too.
# Lane 1 never adds lane 0's value.
s/        if (lane >= offset)$/        if (lane > offset)/
