# planted: the frame width is cleared without a barrier before the atomicMax
# lab: 06-fixed-length
# check: none
# caught-by: widths::frames
# message: reverse thread order
#
# In forward order thread 0 clears the shared width before any other
# thread raises it; in reverse order it runs last and wipes their maxima.
/^        width = 0;$/{
n
d
}
