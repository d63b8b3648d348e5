# planted: the same missing barrier, found by the race detector
# lab: 03-efficient-scan
# check: race
# caught-by: check::race
# message: data race
/__syncthreads(); \/\/ the level above is complete/d
