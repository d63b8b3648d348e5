# planted: the warps' ORs are read without a barrier after they are written
# lab: 08-compressor
# check: none
# caught-by: frame_bytes::sizes
# message: bytes\[[345]\] \(frames of (64|128|256)\): expected
#
# Frames of 64, 128 and 256 combine the ORs that other warps wrote to
# shared memory: without __syncthreads() a warp may read them first.
/^            warp_or\[warp\] = frame_or;$/{
n
d
}
