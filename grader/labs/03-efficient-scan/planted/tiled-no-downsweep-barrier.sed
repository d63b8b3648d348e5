# planted: the down-sweep of the tiled scan loses its barrier
# lab: 03-efficient-scan
# check: none
# caught-by: tiled::sizes
# message: reverse thread order
#
# In forward order each thread still finds its parent's value written, so
# this bug passes; grading in reverse order as well is what catches it.
/__syncthreads(); \/\/ the level above is complete/d
