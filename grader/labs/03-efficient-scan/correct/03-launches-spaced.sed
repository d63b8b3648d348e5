# correct: every launch spelled as Visual Studio's formatter spaces it, k << <g, b >> >(...)
# lab: 03-efficient-scan
# check: none
# caught-by: nothing
# message: full marks
#
# nvcc takes the spaced brackets; nvcc-emu once rewrote only <<<, and the
# file "did not compile" under the emulator: 0 points for right code.
s/<<</<< </g
s/>>>/>> >/g
