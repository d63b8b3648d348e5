# planted: lane k reads the word of tile - k, its own tile first
# lab: 07-single-pass-scan
# check: none
# caught-by: lookback::prefixes
# message: tile [0-9]+: expected prefix
s/long long mine = newest - lane;/long long mine = newest + 1 - lane;/
