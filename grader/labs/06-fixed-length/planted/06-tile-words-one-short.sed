# planted: the shared copy of a tile's words is one word short (PACK_TILE, not PACK_TILE + 1)
# lab: 06-fixed-length
# check: none
# caught-by: values::frames
# message: FILL=shift[0-9]+ .*d_words: first mismatch at word
#
# 1024 values of 32 bits fill 1024 words exactly when the tile starts on a
# word; started s bits into one (a first value of s bits, one value a
# frame: FILL=shiftS) they touch 1025, and the last word's bits are lost.
# Every fill but the shifted ones starts its full tiles on a word.
s/#define PACK_TILE_WORDS (PACK_TILE + 1)/#define PACK_TILE_WORDS PACK_TILE/
