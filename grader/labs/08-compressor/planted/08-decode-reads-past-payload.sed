# planted: the decoder reads a stream's words without checking they fit
# lab: 08-compressor
# check: memory
# caught-by: decode::damaged
# message: AddressSanitizer: use-after-poison .* in read_words_kernel
#
# A payload cut short by a byte still claims its last word: the words
# kernel reads up to 3 bytes past the payload. On a GPU that is usually
# some other allocation and goes unseen; the bounds checker sees it.
/^    if ((payload_bytes - \*at) \/ 4 < words)$/{
N
d
}
