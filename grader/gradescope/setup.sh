#!/bin/sh
# setup.sh: Gradescope runs this once, as root, when it builds the
# autograder's image (its Ubuntu base image). The zip is unpacked in
# /autograder/source/; the ScanLab grading tree is its scanlab/.
set -eu
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends gcc g++ make libcriterion-dev libcjson-dev
# Build the emulator, the grader's support code and the skeletons now, so
# that each submission only compiles its own files; the same for the
# drivers that the memory and race checks run (grade.sh).
cd "$(dirname "$0")/scanlab"
make --no-print-directory BACKEND=emu build
make --no-print-directory BACKEND=emu CHECK=memory drivers
make --no-print-directory BACKEND=emu CHECK=race drivers
