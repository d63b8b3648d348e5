# planted: the decoder reads and checks the run count before it checks that the payload holds the 8-byte header
# lab: 08-compressor
# check: memory
# caught-by: decode::damaged
# message: AddressSanitizer: use-after-poison
#
# Failing fast on a bad run count reads its 4 bytes first: a payload cut
# to 0..3 bytes is read past its end (the frame length's check comes after,
# so a cut to 4..7 bytes is refused in time). The run count read is garbage
# and refused, so no result is wrong: the bounds checker sees the read.
s/^    if (payload_bytes < sizeof header)$/    RETURN_IF_CUDA_ERROR(cudaMemcpy(header, d_payload, 4, cudaMemcpyDeviceToHost));\
    if (header[0] == 0 || header[0] > n || payload_bytes < sizeof header)/
