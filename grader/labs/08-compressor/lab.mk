# grader/labs/08-compressor/lab.mk: lab 08's manifest, read by the root Makefile
# (grader/labs/README.md says what each line means).
#
# The earlier labs it calls through common/*.h: their provided.cu, the
# grader's own implementation, is linked in place of the student's.
USES_08-compressor := 03-efficient-scan 05-rle 06-fixed-length
# make bench BENCH=cascade: bench.cu, which times these labs' code.
BENCH_NAME_08-compressor  := cascade
BENCH_TIMES_08-compressor := 08-compressor
# Every device allocation of its tests, the student's own included, lies
# between guard zones (grader/support/guarded_malloc.h): its decoder sizes
# its own scratch arrays, and a payload that lies about its runs must not
# make it write past one where no other guard looks.
GUARDED_08-compressor := yes
# scanzip-gpu's engine: these labs from the tree built (the references, or
# TREE=labs), with what they use from the grader (USES_ of each).
SCANZIP_ENGINE_LABS := 05-rle 06-fixed-length 08-compressor
# The oracle beside scanzip's CPU codec (oracle_agreement.c): linked into
# the fast reference's tests, which make test-fast runs and which link
# the codec already (the support library's).
$(BUILD)/solutions/08-compressor/fast/tests: $(BUILD)/grader/labs/08-compressor/oracle_agreement.c.o
