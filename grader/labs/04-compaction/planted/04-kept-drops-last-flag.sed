# planted: the kept count forgets the last flag
# lab: 04-compaction
# check: none
# caught-by: nonzero::sizes
# message: the kept count
#
# The exclusive scan's last value counts the kept elements before the
# last one; an input whose last element is kept comes out one short.
s/\*kept = (size_t)last_position + (size_t)last_flag;/*kept = (size_t)last_position;/
