# planted: a value that ends exactly at a word's end is taken to straddle
# lab: 06-fixed-length
# check: none
# caught-by: encode::every_width
# message: mismatch
#
# With >= for >, a width-32 value at shift 0 ORs value >> 32 into the next
# word: undefined in C. x86 shifts by 0 and ORs the whole value there, so
# the emulator's tests fail; a GPU's shift gives 0 and the tests pass, but
# a GPU grade also runs the emulator's memory check, whose UBSan names the
# shift ("shift exponent 32 is too large"), and the OR past the stream's
# last word is an access compute-sanitizer sees.
s/    if (shift + width > 32) \/\* straddles, so shift >= 1 \*\//    if (shift + width >= 32)/
