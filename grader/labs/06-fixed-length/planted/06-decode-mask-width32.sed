# planted: the decoder builds its mask with 1u << width, also for width 32
# lab: 06-fixed-length
# check: none
# caught-by: decode::every_width
# message: first mismatch at value
#
# A shift by 32 is undefined. A GPU's shift saturates (1u << 32 gives 0,
# the mask 0xFFFFFFFF, and the bug hides); x86 uses the count modulo 32
# (1u << 32 gives 1, the mask 0), so the emulator decodes every width-32
# value as 0.
s/return width == 32 ? value : value & ((1u << width) - 1);/return value \& ((1u << width) - 1);/
