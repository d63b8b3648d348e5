# planted: the one-loop compaction stores every element at out[kept]
# lab: 01-cpu-scan
# check: none
# caught-by: compact::without_scan
# message: out\[[0-9]+\] was written \(0\), past the [0-9]+ it should hold
#
# The branch-free loop: store in[i] at out[kept] always, advance kept
# only when in[i] != 0. The kept elements come out right, but a dropped
# element after the last kept one writes out[kept] (with all zeros,
# out[0]), which must stay untouched.
/^size_t compact_cpu(/,/^}/{
s/^    for (size_t i = 0; i < n; i++)$/    for (size_t i = 0; i < n; i++) {/
/^        if (in\[i\] != 0)$/{
N
s/^        if (in\[i\] != 0)\n            out\[kept++\] = in\[i\];$/        out[kept] = in[i];\n        kept += in[i] != 0;\n    }/
}
}
