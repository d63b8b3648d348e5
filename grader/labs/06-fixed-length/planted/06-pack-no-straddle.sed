# planted: a value that straddles two words loses its high bits
# lab: 06-fixed-length
# check: none
# caught-by: values::frames
# message: d_words: first mismatch at word
#
# Only the low part of each value is written; the bits that belong in the
# next word are dropped. The message names the value whose bits differ.
s/^        atomicOr(&d_words\[word + 1\], value >> (32 - shift));$/        (void)0; \/\/ the high part is lost/
