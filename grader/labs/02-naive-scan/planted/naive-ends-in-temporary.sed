# planted: the ping-pong of the multi-pass naive scan starts on the wrong
# buffer, so the last step writes the temporary instead of d_out
# lab: 02-naive-scan
# check: none
# caught-by: naive_global::sizes
# message: first mismatch
s/if (steps % 2 == 0) {/if (steps % 2 == 1) {/
