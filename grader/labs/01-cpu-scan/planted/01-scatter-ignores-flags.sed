# planted: the scatter writes every element, kept or dropped
# lab: 01-cpu-scan
# check: none
# caught-by: compact::with_scan
# message: out\[[0-9]+\] was written \(0\), past the [0-9]+ it should hold
#
# A dropped element's scan value is the slot of the next kept element,
# which overwrites it later in a serial loop; but after the last kept
# element there is none, and the dropped zeros at the end land on
# out[kept], past the output. The grader fills out with 0x0badcafe first.
/^        if (in\[i\] != 0)$/{
N
s/^        if (in\[i\] != 0)\n            out\[scratch\[i\]\] = in\[i\];$/        out[scratch[i]] = in[i];/
}
