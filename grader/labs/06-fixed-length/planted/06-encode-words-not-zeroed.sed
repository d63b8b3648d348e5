# planted: the encoder ORs into words it never set to zero
# lab: 06-fixed-length
# check: none
# caught-by: encode::sizes
# message: d_words: first mismatch at word
#
# atomicOr only sets bits: whatever d_words held before stays in the
# stream. The grader fills d_words with 0x0badcafe before each call.
/^    RETURN_IF_CUDA_ERROR(cudaMemset(d_words, 0, count \* sizeof(uint32_t)));$/d
