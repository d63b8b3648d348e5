# planted: the frame width is raised with a plain compare-and-store, not atomicMax
# lab: 06-fixed-length
# check: none
# caught-by: check::race
# message: data race.*fixed_length\.cu
#
# The emulator runs a block's threads one at a time between barriers, so
# `if (mine > width) width = mine;` gives the right maximum there and every
# test passes; on a GPU threads overwrite each other's larger widths. The
# default grade's race check (ThreadSanitizer on the driver) names it.
s/^    atomicMax(&width, mine);$/    if (mine > width)\n        width = mine;/
