# palette.gp: one colour for each series of the site's charts, loaded by
# bench.gp and ratios.gp, so a series keeps its colour from chart to chart:
# cudaMemcpy (the bound) is always dark grey, CUB always orange, the
# course's numbered versions ("1 compact_if", "2 one pass; ...") blue,
# green, purple, red in that order, and the older tables' functions and
# the compressors have colours of their own below.
#
#   series_colour(name)  the colour, as an RGB number for "lc rgb variable"
#                        or "fc rgb"; unknown names get grey-blue
#   series_dash(name)    2 (dashed) for the second kind of a pair that
#                        shares a colour: a decoder, or the "> 50" input
#                        of compaction; 1 (solid) otherwise

starts(name, prefix) = strstrt(name, prefix) == 1
# A version number, "3 rle_encode_single_pass" -> 3; 0 when there is none.
version(name) = (strstrt("123456789", name[1:1]) > 0 && name[2:2] eq " ") ? int(name[1:1]) : 0
version_colour(v) = v == 1 ? 0x1f77b4 : v == 2 ? 0x2ca02c : v == 3 ? 0x9467bd : v == 4 ? 0xd62728 : 0x17becf
named_colour(name) = \
    starts(name, "cudaMemcpy") ? 0x444444 : \
    starts(name, "CUB") ? 0xe67e22 : \
    starts(name, "scan_exclusive_single_pass") || starts(name, "scanzip cascade") ? 0x1f77b4 : \
    starts(name, "scan_exclusive_tiled") || starts(name, "PARLE") || starts(name, "pack_encode") || starts(name, "scanzip rle8") ? 0x2ca02c : \
    starts(name, "scan_exclusive_blelloch") || starts(name, "segmented") || starts(name, "scanzip pack") ? 0x9467bd : \
    starts(name, "scan_inclusive_naive") || starts(name, "decode_search") || starts(name, "pack_decode") ? 0xd62728 : \
    starts(name, "scan_exclusive_cpu") || starts(name, "decode_scan") ? 0x8c564b : \
    starts(name, "scan_tiles_exclusive") ? 0x17becf : \
    starts(name, "gzip -1") ? 0xbcbd22 : starts(name, "gzip -9") ? 0x7f7f22 : \
    starts(name, "zstd") ? 0xe377c2 : 0x6b7f99
series_colour(name) = version(name) > 0 ? version_colour(version(name)) : named_colour(name)
series_dash(name) = (strstrt(name, "decode") > 0 || strstrt(name, "(> 50)") > 0) ? 2 : 1
