# planted: the one-block naive scan loses the barrier between steps
# lab: 02-naive-scan
# check: none
# caught-by: naive_block::sizes
# message: first mismatch
/a barrier that only some threads reach is undefined\./{
n
d
}
