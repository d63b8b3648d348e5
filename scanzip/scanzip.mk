# scanzip.mk: scanzip, the file compressor of lab 08, for the root Makefile
# to include after grader/labs.mk (whose lab_objects, provided_objects and
# fast_objects the GPU engine's build uses).
#
# Everything of scanzip is in this folder: the tool (format.h says the
# bytes), its tests (tests/: Criterion, cli.sh, memory.sh, manual.sh,
# gpu-engine.sh), its fuzzer (fuzz/) and its benchmarks (bench/). It
# defines the targets scanzip, man, install, scanzip-gpu, bench-scanzip,
# bench-scanzip-zstd, test-scanzip and fuzz.
#
# The CPU tool needs no CUDA and no emulator: gcc with OpenMP, the same
# under BACKEND=cuda and emu. The fuzzer is built with clang's libFuzzer
# and sanitizers. Two builds of the tool: $(SCANZIP), CPU only
# (engine_none.c), and $(SCANZIP_GPU), with the GPU engine.
#
# Where the GPU engine comes from: engine_gpu.cu calls lab 08's
# cascade_encode and cascade_decode (common/cascade.h) and labs 05 and
# 06 through theirs (common/rle.h, common/pack.h); scanzip-gpu links the
# objects of SCANZIP_ENGINE_LABS (grader/labs/08-compressor/lab.mk: 05, 06
# and 08) from SCANZIP_TREE: the references where they are, or your own
# labs with TREE=labs. Built from the references it also links lab 08's
# fast codec (common/fast.h), which it uses where it can. The other way,
# lab 08 takes scanzip's format (format.h, through common/cascade.h) and
# its grader checks payloads against scanzip's CPU codec (codec.c, in the
# grader's library: grader/labs.mk). Under the emulator the GPU engine
# runs on the CPU (slowly, only with --gpu): make test-scanzip checks
# that it writes the CPU's bytes.
SCANZIP_BUILD   := $(BUILD)/scanzip-objects
SCANZIP_CFLAGS  := -std=c11 -O2 -g $(DEBUG_PREFIX) $(WARNINGS) $(OPENMP_CFLAGS) $(DEPS_CFLAGS) -I scanzip
SCANZIP_SOURCES := $(filter-out scanzip/scanzip.c scanzip/engine_none.c,$(wildcard scanzip/*.c))
SCANZIP_OBJS    := $(patsubst %,$(SCANZIP_BUILD)/%.o,$(SCANZIP_SOURCES))
SCANZIP         := $(BUILD)/scanzip
SCANZIP_TREE    := $(if $(filter command line,$(origin TREE)),$(TREE),$(or $(wildcard solutions),labs))
SCANZIP_GPU     := $(BUILD)/$(SCANZIP_TREE)/scanzip-gpu
# What the engine's labs use from the grader: the provided.cu of every
# lab in their USES_ that is not one of them (labs 03 and 04).
SCANZIP_ENGINE_PROVIDED := $(sort $(filter-out $(foreach lab,$(SCANZIP_ENGINE_LABS),%/$(lab)/provided.cu.o),\
                             $(foreach lab,$(SCANZIP_ENGINE_LABS),$(call provided_objects,$(lab)))))
SCANZIP_TESTS   := $(BUILD)/scanzip-tests
FUZZER          := build/fuzz/decode
FUZZ_SECONDS    ?= 60## make fuzz: how long to fuzz scanzip's decoder, in seconds
FUZZ_CFLAGS     := -std=c11 -O1 -g $(WARNINGS) -fsanitize=fuzzer,address,undefined \
                   -fno-sanitize-recover=undefined -I scanzip

$(SCANZIP_BUILD)/%.c.o: %.c
	@mkdir -p $(@D)
	@echo "  CC    $<"
	@$(COMPILER_LAUNCHER) $(CC) $(SCANZIP_CFLAGS) -MMD -MP -c $< -o $@

# The GPU engine is compiled as the labs' .cu files are (grader/labs.mk),
# into scanzip's objects: $(BUILD)/scanzip is the CPU tool, not a folder.
$(SCANZIP_BUILD)/%.cu.o: %.cu $(CUDA_ARCH_STAMP)
	$(compile_cu)

$(SCANZIP): $(SCANZIP_BUILD)/scanzip/scanzip.c.o $(SCANZIP_BUILD)/scanzip/engine_none.c.o $(SCANZIP_OBJS)
	@echo "  LINK  $@"
	@$(CC) $^ -o $@ $(OPENMP_LIBS)

# The labs' objects with what they build on (the grader's scan and compaction).
$(SCANZIP_GPU): $(SCANZIP_BUILD)/scanzip/scanzip.c.o $(SCANZIP_OBJS) $(SCANZIP_BUILD)/scanzip/engine_gpu.cu.o \
                $(foreach lab,$(SCANZIP_ENGINE_LABS),$(call lab_objects,$(SCANZIP_TREE)/$(lab))) \
                $(if $(filter solutions,$(SCANZIP_TREE)),$(call fast_objects,08-compressor)) \
                $(SCANZIP_ENGINE_PROVIDED) $(COMMON_OBJS) $(EMU_LIB)
	@mkdir -p $(@D)
	@echo "  LINK  $@"
	@$(LINK) $(OPENMP_LINK) $(filter %.o,$^) -o $@ $(filter-out -lcriterion,$(LDLIBS))

# The GPU engine encodes several chunks at once on the container's threads
# (engine_gpu.cu): its copies and kernels, and the fast codec's, go to each
# thread's own default stream, so that they overlap.
ifeq ($(BACKEND),cuda)
$(SCANZIP_BUILD)/scanzip/engine_gpu.cu.o $(call fast_objects,08-compressor): NVCCFLAGS += --default-stream per-thread
endif

$(SCANZIP_TESTS): $(patsubst %,$(SCANZIP_BUILD)/%.o,$(wildcard scanzip/tests/*.c)) $(SCANZIP_OBJS)
	@mkdir -p $(@D)
	@echo "  LINK  $@"
	@$(CC) $^ -o $@ $(OPENMP_LIBS) $(DEPS_LDFLAGS) -lcriterion

$(FUZZER): scanzip/fuzz/decode.c $(SCANZIP_SOURCES) $(wildcard scanzip/*.h)
	@mkdir -p $(@D)
	@echo "  CLANG $@"
	@clang $(FUZZ_CFLAGS) scanzip/fuzz/decode.c $(SCANZIP_SOURCES) -o $@

.PHONY: scanzip man install scanzip-gpu bench-scanzip bench-scanzip-zstd test-scanzip fuzz
scanzip: $(SCANZIP) ## build the file compressor build/.../scanzip (CPU; see docs/scanzip.md)

# The manual page is scanzip --help and --version, turned into man(7) by
# help2man, with the examples of scanzip/scanzip.h2m.
SCANZIP_MAN := $(BUILD)/scanzip.1
$(SCANZIP_MAN): $(SCANZIP) scanzip/scanzip.h2m
	@grader/tools/install-deps.sh help2man
	@echo "  MAN   $@"
	@help2man --no-info --no-discard-stderr --include scanzip/scanzip.h2m --output $@ $(SCANZIP)

man: $(SCANZIP_MAN) ## scanzip's manual page (man -l build/.../scanzip.1), made from its --help

# make install PREFIX=~/.local (default /usr/local; DESTDIR= for packagers):
# the CPU tool and its manual page.
PREFIX ?= /usr/local## make install: where scanzip goes (PREFIX/bin, PREFIX/share/man); DESTDIR= for packagers
install: $(SCANZIP) $(SCANZIP_MAN) ## install scanzip and its manual page under PREFIX (/usr/local)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(SCANZIP) $(DESTDIR)$(PREFIX)/bin/scanzip
	install -m 644 $(SCANZIP_MAN) $(DESTDIR)$(PREFIX)/share/man/man1/scanzip.1

scanzip-gpu: $(SCANZIP_GPU) ## the compressor with its GPU engine from labs 05, 06, 08 (TREE=labs: yours), build/.../TREE/scanzip-gpu

# make data's files through scanzip (each method), gzip and zstd, file to
# file, into one CSV; docs/data/scanzip-cpu.csv is such a run, recorded.
bench-scanzip: $(SCANZIP) ## scanzip beside gzip and zstd on make data's files, as CSV (build/bench-scanzip.csv)
	@[ -f build/data/SHA256SUMS ] || grader/tools/fetch-data.sh build/data
	@scanzip/bench/bench-scanzip.sh $(SCANZIP) build/data build/bench-scanzip.csv

bench-scanzip-zstd: $(SCANZIP) ## scanzip beside zstd -1 on the atlas and the zeros: medians, per core and every core (build/bench-scanzip-zstd.csv)
	@[ -f build/data/SHA256SUMS ] || grader/tools/fetch-data.sh build/data
	@scanzip/bench/bench-scanzip-zstd.sh $(SCANZIP) build/data build/bench-scanzip-zstd.csv

test-scanzip: deps $(SCANZIP) $(SCANZIP_TESTS) $(SCANZIP_GPU) $(SCANZIP_MAN) ## scanzip's tests: round trips, known bytes, corrupt input; the CLI; peak memory; the manual page and make install; the GPU engine's bytes
	@echo "  TEST  $(SCANZIP_TESTS)"
	@OMP_WAIT_POLICY=passive $(SCANZIP_TESTS) --jobs 2 --short-filename
	@scanzip/tests/cli.sh $(SCANZIP)
	@scanzip/tests/memory.sh $(SCANZIP)
	@rm -rf build/install-test && $(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/build/install-test PREFIX=/usr >/dev/null
	@scanzip/tests/manual.sh $(SCANZIP) $(SCANZIP_MAN) build/install-test/usr
	@scanzip/tests/gpu-engine.sh $(SCANZIP_GPU)

fuzz: $(SCANZIP) ## replay scanzip/fuzz/regressions/, then fuzz scanzip's decoder for FUZZ_SECONDS (60)
	@grader/tools/install-deps.sh clang
	@$(MAKE) --no-print-directory $(FUZZER)
	@scanzip/fuzz/run.sh $(FUZZER) $(SCANZIP) $(FUZZ_SECONDS) build/fuzz

