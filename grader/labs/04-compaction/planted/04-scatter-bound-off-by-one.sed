# planted: the scatter's bounds check lets thread n through (i <= n)
# lab: 04-compaction
# check: none
# caught-by: scatter::sizes
# message: crashed in compact_scatter at n = [0-9]+ \(.*\), FILL=[a-z]+ SEED=0x[0-9a-f]+: .*reproduce: make run LAB=04 N=
#
# Thread n reads d_flags[n] and d_positions[n], one past the arrays: in
# the grader's guard zone, 0x6a5a5a5a (nonzero, so "kept"). It writes
# d_out[0x6a5a5a5a], 7 GB past the array: a GPU reports an illegal
# address, the emulator's process dies of SIGSEGV, at the first case
# (n = 0 returns early, so n = 1). The crash must name its case.
# The open edition has no scatter step test: there compact_if's own
# scratch array is read one past d_flags, which the reference keeps last
# so that this is the allocation's guard zone (nonzero), not d_positions[0]
# (0, "not kept", the bug then invisible): its tests fail and check::memory
# finds the read (0/25 under the emulator).
s/if (i < n \&\& d_flags\[i\])/if (i <= n \&\& d_flags[i])/
