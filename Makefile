# ScanLab: the one Makefile of the course. `make help` lists the targets.
#
#   make grade               build and grade your labs (labs/NN-name/)
#   make grade LAB=02        one lab;  FILTER='naive_block/*' some of its tests
#   make run LAB=02 N=16     print one lab's arrays for one input
#   make test                the project's own checks (what CI runs)
#
# Read on from top to bottom: the knobs, the tools, the files, how each file
# is built, and last the targets a person types.

# GNU make 4 or newer: macOS comes with 3.81, which this file was never
# run with (second expansion in pattern rules, $(or), else ifeq).
ifneq ($(filter 3.% 2.%,$(MAKE_VERSION)),)
$(error GNU make 4 or newer is needed, this is $(MAKE_VERSION): brew install make, then run gmake instead of make)
endif

# ---- Knobs (set on the command line: make grade LAB=03 BACKEND=emu) ------

LAB     ?=#            a lab number (01, 02, ...); empty means every lab
FILTER  ?=#            a Criterion test filter, e.g. 'tiled/*'
TREE    ?= labs#       labs (your work) or solutions (the reference)
CHECK   ?= none#       none, race or memory: the extra checks to grade with
N       ?= 16#         make run: the input size,
SEED    ?= 0x5eed#     its seed,
FILL    ?= random#     and its kind: random, ones, sparse, zeros, nozeros, minusones, extremes, bigvalues
RESULTS_JSON ?=#       make grade: also write Gradescope's results.json here,
JUNIT_XML    ?=#       and JUnit XML here
TEST_TIMEOUT ?=#       seconds before a test is stopped on a quiet machine (default 150; 30 on a GPU), scaled on a busy one: grader/lib/limits.sh
SUBMISSIONS  ?=#       make batch: a folder of submissions (folders, .tar.gz, .zip)
ENGINE       ?= local#  make batch: local (this machine's CPUs or GPUs) or slurm (a job array)
PERF_N       ?=#       make grade: the size the performance tests time (default 2^24)
ONE_PROCESS  ?=#       make grade: 1 runs each lab's tests in one process first (default on a GPU), 0 never

# The labs come in two editions from the same solutions (skeleton.awk):
# guided, whose skeletons ask for each step of a lab as a function with
# its TODOs and grade each step, and open, which asks only for the lab's
# interface, graded by the tests of the whole (the steps' points move
# there: rubric.awk). A student release of the open edition says so in
# grader/guidance (make-release.sh), and grades only that way.
RELEASE_GUIDANCE := $(shell cat grader/guidance 2>/dev/null)
GUIDANCE ?= $(or $(RELEASE_GUIDANCE),guided)
$(if $(filter guided open,$(GUIDANCE)),,$(error GUIDANCE must be guided or open, not '$(GUIDANCE)'))
$(if $(filter-out $(RELEASE_GUIDANCE),$(if $(RELEASE_GUIDANCE),$(GUIDANCE))),\
  $(error this copy's labs are the $(RELEASE_GUIDANCE) edition (grader/guidance): GUIDANCE=$(GUIDANCE) cannot grade them))
GUIDANCE_FLAGS := $(if $(filter open,$(GUIDANCE)),-DSCANLAB_GUIDANCE_OPEN)

# cuda runs on an NVIDIA GPU; emu runs the same .cu files on the CPU
# emulator of common/emu/. Without BACKEND, a machine with a GPU uses it.
HAVE_GPU := $(shell nvidia-smi -L 2>/dev/null | grep -q GPU && echo yes)
BACKEND  ?= $(if $(HAVE_GPU),cuda,emu)

# ---- Tools ---------------------------------------------------------------

NVCC_CUDA := $(or $(shell command -v nvcc 2>/dev/null),/usr/local/cuda/bin/nvcc)

# What lives outside the clone, kept from one run to the next on this
# machine (docs/instructors.md#cache): ccache's cache, make test-arm64's
# Debian root. Remove the folder to start from nothing.
SCANLAB_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/scanlab
# A compiler cache, where ccache is installed (make test installs it):
# every compile of gcc, g++ and nvcc, the emulator's included, goes
# through it, and one it has seen before, in this clone or another, comes
# from the cache. Objects name their folder "." rather than the clone's
# (-fdebug-prefix-map), so one clone's are right for another; not nvcc's,
# whose -Xcompiler ccache reads as one word, the clone's path in it, and
# whose host debugging information nothing here reads (the emulator's
# addr2line reads its own builds'). CCACHE= compiles everything anew.
CCACHE ?= $(shell command -v ccache 2>/dev/null)
export COMPILER_LAUNCHER := $(CCACHE)
export CCACHE_DIR ?= $(SCANLAB_CACHE)/ccache
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
export CCACHE_MAXSIZE ?= 4G
DEBUG_PREFIX := -fdebug-prefix-map=$(CURDIR)=.
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(NVCC_CUDA))
CC        := gcc
CXX       := g++

# macOS (no Mac has run this yet; README says what is tested): Criterion,
# cJSON and OpenMP (libomp, which Apple's clang takes only through
# -Xpreprocessor) come from Homebrew, under `brew --prefix` (/opt/homebrew
# on Apple Silicon). On Linux they are the system's, and these add nothing.
SYSTEM := $(shell uname -s)
ifeq ($(SYSTEM),Darwin)
BREW_PREFIX   := $(or $(shell brew --prefix 2>/dev/null),/opt/homebrew)
DEPS_CFLAGS   := -I $(BREW_PREFIX)/include
DEPS_LDFLAGS  := -L $(BREW_PREFIX)/lib
OPENMP_CFLAGS := -Xpreprocessor -fopenmp -I $(BREW_PREFIX)/opt/libomp/include
OPENMP_LIBS   := -L $(BREW_PREFIX)/opt/libomp/lib -lomp
else
DEPS_CFLAGS   :=
DEPS_LDFLAGS  :=
OPENMP_CFLAGS := -fopenmp
OPENMP_LIBS   := -fopenmp
endif

# Warnings are errors everywhere: a warning in a kernel is usually a bug.
WARNINGS  := -Wall -Wextra -Werror
CFLAGS    := -std=c11 -O2 -g $(DEBUG_PREFIX) $(WARNINGS) -I common -I grader/support -I grader/support/perf -I grader/labs $(DEPS_CFLAGS) \
             $(GUIDANCE_FLAGS)

# The CPU emulator: EMU_NVCC, EMU_LIB, EMU_SANITIZE ..., and emu-test.
include common/emu/emu.mk

ifeq ($(BACKEND),cuda)
# Compile for the GPU in this machine, or for every major architecture
# when there is none (CI checks that everything compiles).
CUDA_ARCH ?= $(if $(HAVE_GPU),-arch=native,-arch=all-major)
NVCC      := $(COMPILER_LAUNCHER) $(NVCC_CUDA)
NVCCFLAGS := -std=c++17 -O2 -g -lineinfo $(CUDA_ARCH) -Werror all-warnings \
             -Xcompiler -Wall,-Wextra,-Werror -I common -I grader/support -I grader/support/perf -I grader/labs \
             $(GUIDANCE_FLAGS)
CFLAGS    += -I $(CUDA_HOME)/include
LINK      := $(NVCC_CUDA) $(CUDA_ARCH)
LDLIBS    := -lcriterion
else ifeq ($(BACKEND),emu)
NVCC      := $(EMU_NVCC)
NVCCFLAGS := -O1 -g $(DEBUG_PREFIX) $(WARNINGS) $(EMU_SANITIZE) -I common -I grader/support $(GUIDANCE_FLAGS)
CFLAGS    += $(EMU_CFLAGS) $(EMU_SANITIZE) -DSCANLAB_EMULATOR
LINK      := $(CXX) $(EMU_SANITIZE)
LDLIBS    := $(EMU_LDLIBS) $(DEPS_LDFLAGS) -lcriterion
else
$(error BACKEND must be cuda or emu, not '$(BACKEND)')
endif

# ---- Files ---------------------------------------------------------------

# An emulator built another way (EMU_SWITCH=ucontext), and the open
# edition (its tests built without the steps'), get folders of their own.
BUILD    ?= build/$(BACKEND)-$(CHECK)$(if $(filter emu,$(BACKEND)),$(EMU_VARIANT))$(if $(filter open,$(GUIDANCE)),-open)
# The labs are the folders of solutions/ (of labs/ in a student's copy).
ALL_LABS := $(notdir $(wildcard $(or $(wildcard solutions),labs)/[0-9][0-9]-*))
# LAB=02, or several: LAB="01 05".
LABS     := $(if $(LAB),$(filter $(addsuffix -%,$(LAB)),$(ALL_LABS)),$(ALL_LABS))
$(foreach lab,$(LAB),$(if $(filter $(lab)-%,$(ALL_LABS)),,$(error no lab matches LAB=$(lab); the labs are $(ALL_LABS))))
# The labs without CUDA source (lab 01) run on the host: on either backend
# the grade's memory check runs their driver as the emulator builds it with
# AddressSanitizer (grader/lib/checks.sh, check_orders).
HOST_LABS := $(foreach lab,$(ALL_LABS),$(if $(wildcard $(or $(wildcard solutions),labs)/$(lab)/*.cu),,$(lab)))

# Objects are named after their source: common/todo.c -> $(BUILD)/common/todo.c.o
objects_of     = $(patsubst %,$(BUILD)/%.o,$(1))
COMMON_OBJS    := $(call objects_of,$(wildcard common/*.c))
# The grader's side of each lab is one folder, grader/labs/NN-name/
# (its README says what each file is); its manifest, lab.mk, says which
# earlier labs it builds on and what its benchmark times.
include $(wildcard grader/labs/*/lab.mk)

# The grader's support code, as a library: grader/support/*.c and each
# lab folder's oracle and checks (its .c files that are not a program's
# main, below). A program links only the parts it uses, so lab 06's checks
# never need lab 05's functions and so on. scanzip's CPU codec is in it:
# lab 08's oracle. one_process.c is not: it stands in for libcriterion
# (tests-one-process, below); nor is guarded_malloc.c, linked only into
# the labs whose manifest says GUARDED_NN-name; nor driver_main.c, the
# drivers' main.
GRADER_MAINS   := tests.c fast_tests.c hidden_tests.c driver.c perf.c
SUPPORT_LIB    := $(BUILD)/grader/libsupport.a
SUPPORT_OBJS   := $(call objects_of,$(filter-out grader/support/one_process.c grader/support/guarded_malloc.c \
                                      grader/support/driver_main.c,\
                                      $(wildcard grader/support/*.c)) \
                    $(filter-out $(addprefix %/,$(GRADER_MAINS)),$(wildcard grader/labs/*/*.c)))
ONE_PROCESS_MAIN := $(BUILD)/grader/support/one_process.c.o
# The objects of one lab folder, e.g. $(call lab_objects,labs/02-naive-scan)
lab_objects    = $(call objects_of,$(wildcard $(1)/*.c $(1)/*.cu))

# Later labs call earlier ones through their C interface (common/*.h). The
# grader links its own implementation of those (the provided.cu of each
# lab in USES_NN-name), never the student's, so a bug in lab 03 cannot
# cost points in lab 04.
provided_objects = $(call objects_of,$(foreach used,$(USES_$(1)),grader/labs/$(used)/provided.cu))

# The labs whose tests put every device allocation between guard zones,
# the student's own included (grader/support/guarded_malloc.h): the linker
# sends each cudaMalloc and cudaFree of the program through it.
# macOS's linker has no --wrap: there the tests guard the grader's arrays
# only (guarded_malloc_overrun is weak: cascade_checks.c).
GUARDED_HERE     := $(if $(filter Darwin,$(SYSTEM)),,yes)
guarded_objects   = $(if $(GUARDED_$(1)),$(if $(GUARDED_HERE),$(BUILD)/grader/support/guarded_malloc.c.o))
guarded_link      = $(if $(GUARDED_$(1)),$(if $(GUARDED_HERE),-Xlinker --wrap=cudaMalloc -Xlinker --wrap=cudaFree))

TEST_PROGRAMS  := $(foreach lab,$(LABS),$(BUILD)/$(TREE)/$(lab)/tests)
ONE_PROCESS_PROGRAMS := $(foreach lab,$(LABS),$(BUILD)/$(TREE)/$(lab)/tests-one-process)
DRIVERS        := $(foreach lab,$(LABS),$(BUILD)/$(TREE)/$(lab)/run)

# ---- How each file is built ----------------------------------------------

$(BUILD)/%.c.o: %.c
	@mkdir -p $(@D)
	@echo "  CC    $<"
	@$(COMPILER_LAUNCHER) $(CC) $(CFLAGS) -MMD -MP -c $< -o $@

# A GPU build's objects remember the architectures they were compiled for
# (CUDA_ARCH, in $(BUILD)/cuda-arch): a build for others compiles them
# again, rather than linking code the GPU cannot run (sm_75 code on an
# H100) into a bundle that fails there with "no kernel image".
ifeq ($(BACKEND),cuda)
CUDA_ARCH_STAMP := $(BUILD)/cuda-arch
$(shell mkdir -p $(BUILD) && [ "$$(cat $(CUDA_ARCH_STAMP) 2>/dev/null)" = '$(CUDA_ARCH)' ] || \
  printf '%s\n' '$(CUDA_ARCH)' >$(CUDA_ARCH_STAMP))
endif

$(BUILD)/%.cu.o: %.cu $(CUDA_ARCH_STAMP)
	@mkdir -p $(@D)
	@echo "  NVCC  $<"
	@$(NVCC) $(NVCCFLAGS) -MMD -MP -c $< -o $@

# Keep objects that make would otherwise delete as intermediate files, and
# let the prerequisites below use $$* (expanded once the target is known).
.PRECIOUS: $(BUILD)/%.c.o $(BUILD)/%.cu.o $(BUILD)/reference/%.o
.SECONDEXPANSION:

# A lab's test program: the grader's tests for it (and the instructor's
# hidden ones, when its folder has hidden_tests.c), the lab's own files,
# what it builds on, and the shared support code. $* is the lab folder,
# e.g. labs/02-naive-scan.
$(SUPPORT_LIB): $(SUPPORT_OBJS) $(call objects_of,common/scanzip/codec.c)
	@echo "  AR    $@"
	@rm -f $@ && ar rcs $@ $^

# On a GPU, the tests and drivers see fresh device memory as the emulator
# does, poisoned (grader/support/poison_gpu.c): every cudaMalloc of the
# program, the student's own too, goes through __wrap_cudaMalloc. Not
# the perf programs: each timed call would pay for the fill. (A lab of
# GUARDED_NN-name links guarded_malloc.c's __wrap_cudaMalloc instead,
# which poisons too, and the linker takes that one.)
POISON_GPU := $(if $(filter cuda,$(BACKEND)),-Xlinker --wrap=cudaMalloc)

TEST_PARTS := $(BUILD)/grader/labs/$$(notdir $$*)/tests.c.o \
              $$(call objects_of,$$(wildcard grader/labs/$$(notdir $$*)/hidden_tests.c)) $$(call lab_objects,$$*) \
              $$(call provided_objects,$$(notdir $$*)) $$(call guarded_objects,$$(notdir $$*)) \
              $(COMMON_OBJS) $(SUPPORT_LIB) $(EMU_LIB)
$(BUILD)/%/tests: $(TEST_PARTS)
	@echo "  LINK  $@"
	@$(LINK) $(POISON_GPU) $(call guarded_link,$(notdir $*)) $(filter %.o,$^) $(SUPPORT_LIB) -o $@ $(LDLIBS)

# The same tests, many in one process: on a GPU every process pays for a
# CUDA context, which the driver creates one at a time. The same objects,
# linked with one_process.c (first: it takes the result token before any
# constructor runs) in place of libcriterion. A screening pass: what it
# does not pass, the grader runs again through `tests`.
$(BUILD)/%/tests-one-process: $(ONE_PROCESS_MAIN) $(TEST_PARTS)
	@echo "  LINK  $@"
	@$(LINK) $(POISON_GPU) $(call guarded_link,$(notdir $*)) $(filter %.o,$^) $(SUPPORT_LIB) -o $@ \
	    $(filter-out -lcriterion,$(LDLIBS))

# A lab's debugging driver (make run): prints its arrays for one input.
$(BUILD)/%/run: $(BUILD)/grader/labs/$$(notdir $$*)/driver.c.o $(BUILD)/grader/support/driver_main.c.o \
                $$(call lab_objects,$$*) $$(call provided_objects,$$(notdir $$*)) \
                $(COMMON_OBJS) $(SUPPORT_LIB) $(EMU_LIB)
	@echo "  LINK  $@"
	@$(LINK) $(POISON_GPU) $(filter %.o,$^) $(SUPPORT_LIB) -o $@ $(filter-out -lcriterion,$(LDLIBS))

# A lab's performance test (graded: the rubric's perf:: lines), for the labs
# that have grader/labs/NN-name/perf.c: the harness, which owns the clock, the
# lab's code with what it builds on, and the reference's, renamed, to time
# it against in the same process (grader/support/perf/perf.h).
# Not on macOS, which has no objcopy to rename the reference with (the
# grade says "not timed on macOS": grader/lib/perf.sh).
PERF_LABS      := $(if $(filter Darwin,$(SYSTEM)),,$(filter $(notdir $(patsubst %/perf.c,%,$(wildcard grader/labs/*/perf.c))),$(LABS)))
PERF_PROGRAMS  := $(foreach lab,$(PERF_LABS),$(BUILD)/$(TREE)/$(lab)/perf)
PERF_HARNESS   := $(call objects_of,$(wildcard grader/support/perf/*.c))

# The harness makes the rounds' inputs in parallel (OpenMP).
$(BUILD)/grader/labs/%/perf.c.o $(PERF_HARNESS): CFLAGS += $(OPENMP_CFLAGS)
OPENMP_LINK    := $(if $(filter cuda,$(BACKEND)),-Xcompiler -fopenmp,$(OPENMP_LIBS))

# The reference inside the perf program, beside the student's code (perf.h):
# the solution's objects of the lab joined into one, with every global
# symbol renamed reference_NAME, so that neither version's names meet the
# other's. Built from solutions/ where it is here; a grading tree without
# solutions/ (make batch) is handed these objects instead.
$(BUILD)/reference/%.o: $$(call lab_objects,solutions/$$*)
	@mkdir -p $(@D)
	@echo "  REF   $@"
	@ld -r $^ -o $@.joined
	@nm --defined-only -g -P $@.joined | awk '{ print $$1, "reference_" $$1 }' >$@.symbols
	@objcopy --redefine-syms=$@.symbols $@.joined $@
	@rm -f $@.joined $@.symbols
reference_object = $(if $(wildcard solutions),$(BUILD)/reference/$(1).o,$(wildcard $(BUILD)/reference/$(1).o))

$(BUILD)/%/perf: $(BUILD)/grader/labs/$$(notdir $$*)/perf.c.o $(PERF_HARNESS) $$(call lab_objects,$$*) \
                 $$(call reference_object,$$(notdir $$*)) \
                 $$(call provided_objects,$$(notdir $$*)) $(COMMON_OBJS) $(SUPPORT_LIB) $(EMU_LIB)
	@echo "  LINK  $@"
	@$(LINK) $(OPENMP_LINK) $(filter %.o,$^) $(SUPPORT_LIB) -o $@ $(filter-out -lcriterion,$(LDLIBS))

# The fast references (common/fast.h): solutions/NN-name/fast/*.cu, built
# from lab 07's pieces, kept beside the teaching versions. Only the source
# tree has them. Each has its tests (grader/labs/NN-name/fast_tests.c: make
# test-fast), linked with the lab's reference (whose checks they share),
# and is timed by make bench beside the lab's own version.
FAST_LABS      := $(notdir $(patsubst %/fast/,%,$(wildcard solutions/*/fast/)))
fast_objects    = $(call objects_of,$(wildcard solutions/$(1)/fast/*.cu))
FAST_TESTS     := $(foreach lab,$(FAST_LABS),$(BUILD)/solutions/$(lab)/fast/tests)

# Lab 07's pieces, as the fast references include them: the lines of its
# reference between `// BEGIN PIECES` and `// END PIECES` (the device
# functions, status words and storage layout; grader/tools/skeleton.awk),
# made into a header at build time and never committed, so the reference
# stays their only source and cannot be out of date, and a student's copy
# (no solutions/) has no copy of them.
SINGLE_PASS_PIECES := $(BUILD)/pieces/single_pass_pieces.cuh
ALL_FAST_OBJECTS   := $(foreach lab,$(FAST_LABS),$(call fast_objects,$(lab)))
$(SINGLE_PASS_PIECES): solutions/07-single-pass-scan/single_pass_scan.cu grader/tools/skeleton.awk
	@mkdir -p $(@D)
	@echo "  GEN   $@"
	@awk -v pieces=$(@F) -f grader/tools/skeleton.awk $< >$@.tmp && mv $@.tmp $@
$(ALL_FAST_OBJECTS): $(SINGLE_PASS_PIECES)
$(ALL_FAST_OBJECTS): NVCCFLAGS += -I $(dir $(SINGLE_PASS_PIECES))

$(BUILD)/solutions/%/fast/tests: $(BUILD)/grader/labs/%/fast_tests.c.o $$(call fast_objects,$$*) \
                                 $$(call lab_objects,solutions/$$*) $$(call provided_objects,$$*) \
                                 $(COMMON_OBJS) $(SUPPORT_LIB) $(EMU_LIB)
	@echo "  LINK  $@"
	@$(LINK) $(filter %.o,$^) $(SUPPORT_LIB) -o $@ $(LDLIBS)

# The benchmarks (make bench), real CUDA backend only: a lab's bench.cu,
# named BENCH_NAME_NN-name in its manifest, times the labs of its
# BENCH_TIMES_NN-name, linked with what they build on.
BENCH_LABS      := $(foreach lab,$(ALL_LABS),$(if $(BENCH_NAME_$(lab)),$(lab)))
BENCHES         := $(foreach lab,$(BENCH_LABS),$(BENCH_NAME_$(lab)))
BENCH           ?= $(BENCHES)#  make bench BENCH=rle: one of them
bench_lab        = $(firstword $(foreach lab,$(BENCH_LABS),$(if $(filter $(1),$(BENCH_NAME_$(lab))),$(lab))))
bench_objects    = $(sort $(foreach lab,$(BENCH_TIMES_$(call bench_lab,$(1))),\
                     $(call lab_objects,$(TREE)/$(lab)) $(call provided_objects,$(lab)) \
                     $(call fast_objects,$(lab))))

# The benchmarks time the fast references where they are (not in a
# student's copy): bench_NAME.cu has their rows under this define.
$(BUILD)/grader/labs/%/bench.cu.o: NVCCFLAGS += $(if $(FAST_LABS),-DSCANLAB_FAST_REFERENCES)

$(BUILD)/$(TREE)/bench_%: $(BUILD)/grader/labs/$$(call bench_lab,$$*)/bench.cu.o $(BUILD)/grader/support/perf/timing.c.o \
                          $$(call bench_objects,$$*) $(COMMON_OBJS) $(SUPPORT_LIB)
	@echo "  LINK  $@"
	@$(LINK) $(filter %.o,$^) $(SUPPORT_LIB) -o $@ $(BENCH_LIBS)

# NVIDIA's nvCOMP (make nvcomp) beside scanzip's cascade: bench_cascade
# links bench_nvcomp.cu, built with nvCOMP's C API where build/nvcomp has
# it, else saying "nvCOMP: not fetched". It is NVIDIA's proprietary
# library: fetched, never committed, never bundled (gpu-bundle: NVCOMP=).
# The stamp nvcomp.on or nvcomp.off, made anew when that changes, rebuilds
# the object and the bench the other way.
NVCOMP       ?= build/nvcomp#  where make nvcomp puts it; NVCOMP= builds the bench without it
NVCOMP_FOUND := $(if $(NVCOMP),$(wildcard $(NVCOMP)/fetched))
NVCOMP_OBJ   := $(BUILD)/grader/labs/08-compressor/bench_nvcomp.cu.o
NVCOMP_STAMP := $(dir $(NVCOMP_OBJ))nvcomp.$(if $(NVCOMP_FOUND),on,off)
$(NVCOMP_STAMP):
	@mkdir -p $(@D) && rm -f $(@D)/nvcomp.on $(@D)/nvcomp.off && touch $@
$(NVCOMP_OBJ): $(NVCOMP_STAMP) $(NVCOMP_FOUND)
$(NVCOMP_OBJ): NVCCFLAGS += $(if $(NVCOMP_FOUND),-DSCANLAB_NVCOMP -isystem $(NVCOMP)/include)
$(BUILD)/$(TREE)/bench_cascade: $(NVCOMP_OBJ)
$(BUILD)/$(TREE)/bench_cascade: BENCH_LIBS := $(if $(NVCOMP_FOUND),-L$(NVCOMP)/lib -lnvcomp -Xlinker -rpath=$(abspath $(NVCOMP)/lib))

# ---- scanzip: the file compressor of lab 08 --------------------------------
#
# common/scanzip/ (format.h says the bytes) needs no CUDA and no emulator:
# gcc with OpenMP, the same under BACKEND=cuda and emu. Its tests are
# grader/scanzip/*.c (Criterion), cli.sh and gpu-engine.sh; its fuzzer,
# grader/fuzz/decode.c, is built with clang's libFuzzer and sanitizers.
# Two builds of the tool: $(SCANZIP), CPU only (engine_none.c), and
# $(SCANZIP_GPU), with the GPU engine (engine_gpu.cu) built from labs 05,
# 06 and 08 of SCANZIP_TREE: the references where they are, or your own
# labs with TREE=labs; built from the references it also links lab 08's
# fast codec (common/fast.h), which it uses where it can. Under the
# emulator its GPU runs on the CPU (slowly, only with --gpu): CI checks
# that it writes the CPU's bytes.
SCANZIP_BUILD   := $(BUILD)/scanzip-objects
SCANZIP_CFLAGS  := -std=c11 -O2 -g $(DEBUG_PREFIX) $(WARNINGS) $(OPENMP_CFLAGS) $(DEPS_CFLAGS) -I common/scanzip
SCANZIP_SOURCES := $(filter-out common/scanzip/scanzip.c common/scanzip/engine_none.c,$(wildcard common/scanzip/*.c))
SCANZIP_OBJS    := $(patsubst %,$(SCANZIP_BUILD)/%.o,$(SCANZIP_SOURCES))
SCANZIP         := $(BUILD)/scanzip
SCANZIP_TREE    := $(if $(filter command line,$(origin TREE)),$(TREE),$(or $(wildcard solutions),labs))
SCANZIP_GPU     := $(BUILD)/$(SCANZIP_TREE)/scanzip-gpu
# What the engine's labs use from the grader: the provided.cu of every
# lab in their USES_ that is not one of them (labs 03 and 04).
SCANZIP_ENGINE_PROVIDED := $(sort $(filter-out $(foreach lab,$(SCANZIP_ENGINE_LABS),%/$(lab)/provided.cu.o),\
                             $(foreach lab,$(SCANZIP_ENGINE_LABS),$(call provided_objects,$(lab)))))
SCANZIP_TESTS   := $(BUILD)/grader/scanzip/tests
FUZZER          := build/fuzz/decode
FUZZ_SECONDS    ?= 60
FUZZ_CFLAGS     := -std=c11 -O1 -g $(WARNINGS) -fsanitize=fuzzer,address,undefined \
                   -fno-sanitize-recover=undefined -I common/scanzip

$(SCANZIP_BUILD)/%.c.o: %.c
	@mkdir -p $(@D)
	@echo "  CC    $<"
	@$(COMPILER_LAUNCHER) $(CC) $(SCANZIP_CFLAGS) -MMD -MP -c $< -o $@

$(SCANZIP): $(SCANZIP_BUILD)/common/scanzip/scanzip.c.o $(SCANZIP_BUILD)/common/scanzip/engine_none.c.o $(SCANZIP_OBJS)
	@echo "  LINK  $@"
	@$(CC) $^ -o $@ $(OPENMP_LIBS)

# The labs' objects with what they build on (the grader's scan and compaction).
$(SCANZIP_GPU): $(SCANZIP_BUILD)/common/scanzip/scanzip.c.o $(SCANZIP_OBJS) $(BUILD)/common/scanzip/engine_gpu.cu.o \
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
$(BUILD)/common/scanzip/engine_gpu.cu.o $(call fast_objects,08-compressor): NVCCFLAGS += --default-stream per-thread
endif

$(SCANZIP_TESTS): $(patsubst %,$(SCANZIP_BUILD)/%.o,$(wildcard grader/scanzip/*.c)) $(SCANZIP_OBJS)
	@mkdir -p $(@D)
	@echo "  LINK  $@"
	@$(CC) $^ -o $@ $(OPENMP_LIBS) $(DEPS_LDFLAGS) -lcriterion

$(FUZZER): grader/fuzz/decode.c $(SCANZIP_SOURCES) $(wildcard common/scanzip/*.h)
	@mkdir -p $(@D)
	@echo "  CLANG $@"
	@clang $(FUZZ_CFLAGS) grader/fuzz/decode.c $(SCANZIP_SOURCES) -o $@

# Not build/arm64*: make test-arm64's Debian roots, with trees of their own.
-include $(shell find build -path 'build/arm64*' -prune -o -name '*.d' -type f -print 2>/dev/null)

# ---- Targets -------------------------------------------------------------

.PHONY: all help deps grade build drivers bench report data nvcomp run test check-skeletons skeletons clean planted-builds \
        test-compile-cuda test-grade-solutions test-grade-skeletons test-fast test-planted test-tamper test-slurm test-gpu-lock \
        check-portable test-arm64 test-under-load \
        docs docs-data test-docs student-release gradescope batch gpu-bundle scanzip scanzip-gpu man install bench-scanzip bench-scanzip-zstd test-scanzip fuzz

# A student's copy (make student-release) has no solutions/: the targets
# that need them stop with this message as their first recipe line.
source_tree_only = $(if $(wildcard solutions),,@echo "make $@ is for the ScanLab source tree (this copy has no solutions/)" && exit 1)

all: build ## build every lab's test program (TREE=labs)

help: ## list the targets and the knobs
	@echo "ScanLab targets:"
	@grep -h -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | awk -F'\t' '{ printf "  make %-16s %s\n", $$1, $$2 }'
	@echo
	@echo "Knobs: LAB=02 (or LAB='01 05')  FILTER='tiled/*'  BACKEND=cuda|emu  CHECK=none|race|memory"
	@echo "       TREE=labs|solutions  N=16 (or N=33,1025: several sizes) SEED=0x5eed FILL=random|ones|sparse|zeros|nozeros|minusones|extremes|bigvalues (make run)"
	@echo "       RESULTS_JSON=path JUNIT_XML=path TEST_TIMEOUT=150 PERF_N=16777216 ONE_PROCESS=0|1 (make grade)"
	@echo "       GUIDANCE=guided|open (the labs' edition: make grade, make student-release, make gradescope)"
	@echo "       EDITION=student|full (make docs)  SUBMISSIONS=dir ENGINE=local|slurm WORKERS_PER_GPU=3 (make batch)"
	@echo "       JOBS=$(CPUS) (make test's steps, make grade's builds: at once)  ARM64_LABS='01 07' (make test-arm64)"
	@echo "       SCANLAB_CACHE=$(SCANLAB_CACHE) (what make test keeps)  CCACHE= (compile without ccache)"

deps: ## install what the build needs (Criterion, cJSON) when missing
	@grader/tools/install-deps.sh criterion cjson

build: deps $(TEST_PROGRAMS) $(ONE_PROCESS_PROGRAMS) $(DRIVERS) $(PERF_PROGRAMS) ## build the tests, drivers and performance tests of LAB

# The memory and race checks of a grade run the drivers; under the
# emulator, built with their sanitizer (CHECK=memory or CHECK=race).
drivers: deps $(DRIVERS) ## build the drivers of LAB (make run's programs) only

# Each lab is built on its own: a lab that does not compile loses its old
# programs too (they would grade the last version that did), and the other
# labs still count. All of them are first built at once, in parallel and
# quietly; the lab-by-lab pass then only prints what did not compile.
# tests-one-process only speeds a grade up: a lab whose one-process
# program alone does not link is graded without it, through `tests`.
CPUS           := $(shell nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)
GRADE_PROGRAMS := $(TEST_PROGRAMS) $(ONE_PROCESS_PROGRAMS) $(DRIVERS) $(PERF_PROGRAMS)
grade: deps ## grade LAB (default: every lab) on BACKEND, and print the scoreboard
	@$(MAKE) --no-print-directory -s -k -j$(or $(JOBS),$(CPUS)) $(GRADE_PROGRAMS) >/dev/null 2>&1 || true
	@for lab in $(LABS); do \
	  programs="$(BUILD)/$(TREE)/$$lab/tests $(BUILD)/$(TREE)/$$lab/run"; \
	  [ -f grader/labs/$$lab/perf.c ] && programs="$$programs $(BUILD)/$(TREE)/$$lab/perf"; \
	  one="$(BUILD)/$(TREE)/$$lab/tests-one-process"; \
	  if $(MAKE) --no-print-directory $$programs; then \
	    $(MAKE) --no-print-directory -s $$one >/dev/null 2>&1 || rm -f $$one; \
	  else rm -f $$programs $$one; fi; done
	@FILTER='$(FILTER)' EXPECT='$(EXPECT)' GUIDANCE='$(GUIDANCE)' RESULTS_JSON='$(RESULTS_JSON)' JUNIT_XML='$(JUNIT_XML)' \
	  TEST_TIMEOUT='$(TEST_TIMEOUT)' PERF_N='$(PERF_N)' ONE_PROCESS='$(ONE_PROCESS)' MAKE='$(MAKE)' \
	  EMU_SWITCH='$(EMU_SWITCH)' EMU_VARIANT='$(EMU_VARIANT)' \
	  SCANLAB_DEPS_FLAGS='$(strip $(DEPS_CFLAGS) $(DEPS_LDFLAGS))' grader/grade.sh $(BUILD) $(TREE) $(BACKEND) $(LABS)

# Every row also goes to one CSV file (grader/support/perf/timing.h says its
# columns), with the GPU, its driver and the day.
bench: ## time the labs beside cudaMemcpy and CUB, also as CSV (GPU only; BENCH=scan|compact|rle|pack|single_pass|cascade)
	@$(if $(filter cuda,$(BACKEND)),,echo "make bench needs BACKEND=cuda and a GPU" && exit 1)
	@$(MAKE) --no-print-directory $(foreach name,$(BENCH),$(BUILD)/$(TREE)/bench_$(name))
	@rm -f $(BUILD)/bench.csv
	@for name in $(BENCH); do BENCH_CSV=$(BUILD)/bench.csv $(BUILD)/$(TREE)/bench_$$name || exit 1; done
	@echo "  csv: $(BUILD)/bench.csv"

# make bench's CSV as one page (docs/report/build.sh): your rows beside
# cudaMemcpy and CUB of the same run and the reference's recorded runs on
# the same GPU model (docs/data/bench-*.csv), with questions per lab; your
# answers come from ANSWERS. BENCH_CSV=file builds it from a run made
# elsewhere (the page needs pandoc and gnuplot, make bench a GPU), and
# BENCH_LOG=file shows what that run printed.
REPORT_DIR := build/report
ANSWERS    ?= labs/answers.md
BENCH_LOG  ?=
report: ## your make bench numbers beside CUB and the reference, with questions: build/report/report.html (GPU; or BENCH_CSV=file.csv)
ifeq ($(BENCH_CSV),)
	@$(if $(filter cuda,$(BACKEND)),,echo "make report runs make bench, which needs a GPU (BACKEND=cuda); without one, build it from a CSV make bench wrote on one: make report BENCH_CSV=file.csv" && exit 1)
	@mkdir -p $(REPORT_DIR)
	@{ $(MAKE) --no-print-directory bench; echo $$? >$(REPORT_DIR)/bench.status; } 2>&1 | tee $(REPORT_DIR)/bench.txt
	@[ "$$(cat $(REPORT_DIR)/bench.status)" = 0 ] || \
	  echo "make report: make bench stopped early ($(REPORT_DIR)/bench.txt says why); the page shows the rows it wrote"
	@[ -s $(BUILD)/bench.csv ] || { echo "make report: make bench wrote no rows into $(BUILD)/bench.csv"; exit 1; }
	@cp $(BUILD)/bench.csv $(REPORT_DIR)/bench.csv
	@docs/report/build.sh --answers '$(ANSWERS)' --log $(REPORT_DIR)/bench.txt $(REPORT_DIR)/bench.csv $(REPORT_DIR)
else
	@docs/report/build.sh --answers '$(ANSWERS)' --log '$(BENCH_LOG)' '$(BENCH_CSV)' $(REPORT_DIR)
endif

# Real data for the compression benchmarks (not the tests, which make
# their own): Debian's mricron-data and jbigkit-testdata.
data: ## fetch the real data sets into build/data (brain volumes, a CCITT page; apt-get download), and make a 512^3 volume and controls
	@grader/tools/fetch-data.sh build/data

# NVIDIA's nvCOMP, for bench_cascade only (NVCOMP, above): nothing else
# in the course needs it.
nvcomp: ## fetch NVIDIA's nvCOMP (proprietary; pip download, never committed) into build/nvcomp: make bench BENCH=cascade then times it too
	@grader/tools/fetch-nvcomp.sh $(or $(NVCOMP),build/nvcomp)

# Each knob quoted: an empty N= reaches the driver as '', which it refuses,
# not as a missing argument that moves SEED into N's place. CHECK=memory
# reports device memory left allocated, as check::memory does (the
# emulator's SCANLAB_EMU_LEAK_CHECK; compute-sanitizer's on a GPU).
run: deps $(BUILD)/$(TREE)/$(firstword $(LABS))/run ## print the arrays of lab LAB for input N, SEED, FILL
	@$(if $(filter memory,$(CHECK)),SCANLAB_EMU_LEAK_CHECK=1 )$(BUILD)/$(TREE)/$(firstword $(LABS))/run '$(N)' '$(SEED)' '$(FILL)'

# The open edition's skeletons, made again when a solution or the tools
# that make them change (and not otherwise: the steps of make test that
# build from them run at once).
OPEN_SKELETONS := build/skeletons-open/.made
$(OPEN_SKELETONS): $(if $(wildcard solutions),$(shell find solutions -type f)) grader/tools/skeleton.awk \
                   grader/tools/make-skeletons.sh
	$(source_tree_only)
	@rm -rf $(@D) && grader/tools/make-skeletons.sh solutions $(@D) open && touch $@
	@echo "  the open edition made: $(@D)/"

skeletons: ## regenerate labs/ from solutions/
	$(source_tree_only)
	@grader/tools/make-skeletons.sh solutions labs

check-skeletons: $(OPEN_SKELETONS) ## fail if labs/ differs from what solutions/ generates (and the open edition cannot be made)
	$(source_tree_only)
	@rm -rf build/skeletons && grader/tools/make-skeletons.sh solutions build/skeletons
	@# labs/answers.md is the student's own (make report's answers), not generated.
	@diff -r -x answers.md labs build/skeletons >/dev/null || \
	  { diff -ru -x answers.md labs build/skeletons | head -40; \
	    echo "labs/ is out of date with solutions/: run 'make skeletons'"; exit 1; }
	@echo "  labs/ matches solutions/"

# The open edition (GUIDANCE=open) under the emulator: the skeletons of
# OPEN_CHECK_LABS build and earn nothing, and the references earn full
# marks under the open rubric in the labs whose rubric differs from the
# guided one (a G/O or G/- line: their steps' tests are not built, and
# their points are in the whole's). The other labs' tests are the same in
# both editions, and test-grade-solutions grades their references.
OPEN_CHECK_LABS ?= 02 03 04 05 06 07 08
OPEN_RUBRIC_LABS := $(foreach rubric,$(shell grep -lE '^[0-9][0-9]-[^ ]+ +[^ ]+ +[0-9.]+/' grader/labs/*/rubric.txt),\
                      $(firstword $(subst -, ,$(notdir $(patsubst %/rubric.txt,%,$(rubric))))))
test-open-edition: $(OPEN_SKELETONS) # the open edition: skeletons of OPEN_CHECK_LABS score 0, references full where the rubric differs (emu)
	@$(MAKE) --no-print-directory BACKEND=emu GUIDANCE=open TREE=build/skeletons-open LAB='$(OPEN_CHECK_LABS)' EXPECT=zero grade
	@$(MAKE) --no-print-directory BACKEND=emu GUIDANCE=open TREE=solutions LAB='$(strip $(OPEN_RUBRIC_LABS))' EXPECT=full grade

# test-compile-cuda compiles for the two ends of what this nvcc supports,
# the oldest architecture and the newest major one (sm_75 and sm_120 with
# nvcc 13): the oldest refuses an intrinsic newer GPUs brought, the newest
# one that was retired, and the code between is the same, since no source
# of ours branches on __CUDA_ARCH__ (checked below; CUB's own branches
# are CUB's). It takes a third of all-major's six. A machine with a GPU
# compiles for its own (CUDA_ARCH), as every build there does.
CHECK_CUDA_ARCH = $(if $(HAVE_GPU),$(CUDA_ARCH),$(shell $(NVCC_CUDA) --list-gpu-arch | sed 's/^compute_//' | sort -n | \
  awk 'NR == 1 { oldest = $$1 } $$1 % 10 == 0 { newest = $$1 } \
       END { printf "-gencode=arch=compute_%s,code=sm_%s -gencode=arch=compute_%s,code=sm_%s", oldest, oldest, newest, newest }'))
ARCH_BRANCHES = $(shell grep -rlw __CUDA_ARCH__ solutions labs grader common docs/examples --include='*.cu' --include='*.cuh' \
  --include='*.h' | grep -v '^common/emu/')

test-compile-cuda: $(OPEN_SKELETONS) # every .cu file through the real nvcc (the oldest and newest architectures), the open edition's skeletons too
	$(source_tree_only)
	@$(if $(ARCH_BRANCHES),echo "test-compile-cuda: $(ARCH_BRANCHES) branch on __CUDA_ARCH__: the architectures \
	  between the oldest and the newest compile other code there; compile them all (CHECK_CUDA_ARCH=-arch=all-major)"; exit 1)
	@echo "  compiling for $(CHECK_CUDA_ARCH)"
	@$(MAKE) --no-print-directory BACKEND=cuda CUDA_ARCH='$(CHECK_CUDA_ARCH)' TREE=solutions build \
	  $(foreach name,$(BENCHES),build/cuda-$(CHECK)/solutions/bench_$(name)) \
	  $(FAST_TESTS:$(BUILD)/%=build/cuda-$(CHECK)/%) build/cuda-$(CHECK)/docs/examples/primer.cu.o
	@$(MAKE) --no-print-directory BACKEND=cuda CUDA_ARCH='$(CHECK_CUDA_ARCH)' TREE=labs build
	@$(MAKE) --no-print-directory BACKEND=cuda CUDA_ARCH='$(CHECK_CUDA_ARCH)' GUIDANCE=open TREE=build/skeletons-open build \
	  $(foreach name,$(BENCHES),build/cuda-$(CHECK)-open/build/skeletons-open/bench_$(name))

# The solutions pass through the one-process run a GPU grade uses (every
# test passes there); the skeletons, the planted bugs and the cheats fail
# and so go through Criterion, one process a test, for their messages.
test-grade-solutions: # the reference solutions earn full marks
	$(source_tree_only)
	@mkdir -p build; $(MAKE) --no-print-directory BACKEND=emu TREE=solutions EXPECT=full ONE_PROCESS=1 grade \
	  >build/solutions-grade.log 2>&1; status=$$?; cat build/solutions-grade.log; [ $$status -eq 0 ] || exit 1; \
	  grep -Eq '^one process: ([0-9]+) of \1 test runs' build/solutions-grade.log || \
	  { echo "the one-process run did not pass every test of the solutions"; exit 1; }

test-grade-skeletons: # the skeletons earn nothing, and nothing crashes
	$(source_tree_only)
	@$(MAKE) --no-print-directory BACKEND=emu TREE=labs EXPECT=zero grade

test-fast: deps $(FAST_TESTS) # the fast references of labs 04-06 and 08 agree with the oracles (BACKEND: emu without a GPU)
	$(source_tree_only)
	@for program in $(FAST_TESTS); do echo "  TEST  $$program"; \
	  $$program --jobs 2 --short-filename || exit 1; done

test-gpu-lock: # the GPU lock that grades sharing a GPU take (grader/lib/gpu-lock.sh, perf.c), checked without a GPU
	$(source_tree_only)
	@$(MAKE) --no-print-directory -s BACKEND=emu CHECK=none BUILD=build/emu-none TREE=solutions build/emu-none/solutions/04-compaction/perf
	@grader/tools/test-gpu-lock.sh build/emu-none/solutions/04-compaction/perf

test-slurm: # make batch ENGINE=slurm grades 3 submissions through a Slurm started on this machine (root)
	$(source_tree_only)
	@grader/tools/test-slurm.sh build/slurm-test

test-planted: # each bug planted in a solution is caught by the matching check
	$(source_tree_only)
	@grader/tools/run-planted.sh

# Other systems than this one: a Mac's tools and compilers, as far as this
# machine can stand in for them (grader/tools/check-portable.sh says how),
# and arm64 Linux, in a Debian root run by qemu (test-arm64.sh says how).
check-portable: ## grade labs 01 and 02 under a macOS-like PATH (no GNU-only tools or options; dash, the one-true-awk), and with clang; emu-test with clang; no unguarded Linux-only call in common/emu
	$(source_tree_only)
	@grader/tools/check-portable.sh build/portable

# The same steps on a busy machine: BUSY processes (default three per
# core) keep the cores busy beside them; every time limit must hold
# (grader/lib/load.sh scales them). docs/instructors.md#busy.
BUSY  ?=
STEPS ?= test
test-under-load: ## make test (or STEPS="test-tamper ...") beside BUSY busy processes (default 3 per core)
	@BUSY='$(BUSY)' grader/tools/test-under-load.sh $(STEPS)

# make test grades the labs of ARM64_LABS there, whose code differs by
# architecture (lab 07: atomics, int4 alignment, the look-back's order;
# lab 01: the host's own sanitizer runtime); make test-all every lab of
# ARM64_LABS_ALL.
ARM64_LABS     ?= 01 07
ARM64_LABS_ALL := 01 02 05 07
test-arm64: ## emu-test and labs ARM64_LABS (01 07) graded in an arm64 Debian root under qemu-user (root; kept in SCANLAB_CACHE)
	$(source_tree_only)
	@grader/tools/test-arm64.sh $(SCANLAB_CACHE)/arm64 $(or $(LAB),$(ARM64_LABS))

test-tamper: # each cheating submission in grader/tamper/ gains nothing
	$(source_tree_only)
	@grader/tools/run-tamper.sh

# scanzip (docs/scanzip.md): the tool, its tests, a bounded fuzzing run.
scanzip: $(SCANZIP) ## build the file compressor build/.../scanzip (CPU; see docs/scanzip.md)

# The manual page is scanzip --help and --version, turned into man(7) by
# help2man, with the examples of common/scanzip/scanzip.h2m.
SCANZIP_MAN := $(BUILD)/scanzip.1
$(SCANZIP_MAN): $(SCANZIP) common/scanzip/scanzip.h2m
	@grader/tools/install-deps.sh help2man
	@echo "  MAN   $@"
	@help2man --no-info --no-discard-stderr --include common/scanzip/scanzip.h2m --output $@ $(SCANZIP)

man: $(SCANZIP_MAN) ## scanzip's manual page (man -l build/.../scanzip.1), made from its --help

# make install PREFIX=~/.local (default /usr/local; DESTDIR= for packagers):
# the CPU tool and its manual page.
PREFIX ?= /usr/local
install: $(SCANZIP) $(SCANZIP_MAN) ## install scanzip and its manual page under PREFIX (/usr/local)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(SCANZIP) $(DESTDIR)$(PREFIX)/bin/scanzip
	install -m 644 $(SCANZIP_MAN) $(DESTDIR)$(PREFIX)/share/man/man1/scanzip.1

scanzip-gpu: $(SCANZIP_GPU) ## the compressor with its GPU engine from labs 05, 06, 08 (TREE=labs: yours), build/.../TREE/scanzip-gpu

# make data's files through scanzip (each method), gzip and zstd, file to
# file, into one CSV; docs/data/scanzip-cpu.csv is such a run, recorded.
bench-scanzip: $(SCANZIP) ## scanzip beside gzip and zstd on make data's files, as CSV (build/bench-scanzip.csv)
	@[ -f build/data/SHA256SUMS ] || grader/tools/fetch-data.sh build/data
	@grader/tools/bench-scanzip.sh $(SCANZIP) build/data build/bench-scanzip.csv

bench-scanzip-zstd: $(SCANZIP) ## scanzip beside zstd -1 on the atlas and the zeros: medians, per core and every core (build/bench-scanzip-zstd.csv)
	@[ -f build/data/SHA256SUMS ] || grader/tools/fetch-data.sh build/data
	@grader/tools/bench-scanzip-zstd.sh $(SCANZIP) build/data build/bench-scanzip-zstd.csv

test-scanzip: deps $(SCANZIP) $(SCANZIP_TESTS) $(SCANZIP_GPU) $(SCANZIP_MAN) # scanzip's tests: round trips, known bytes, corrupt input; the CLI; peak memory; the manual page and make install; the GPU engine's bytes
	@echo "  TEST  $(SCANZIP_TESTS)"
	@OMP_WAIT_POLICY=passive $(SCANZIP_TESTS) --jobs 2 --short-filename
	@grader/scanzip/cli.sh $(SCANZIP)
	@grader/scanzip/memory.sh $(SCANZIP)
	@rm -rf build/install-test && $(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/build/install-test PREFIX=/usr >/dev/null
	@grader/scanzip/manual.sh $(SCANZIP) $(SCANZIP_MAN) build/install-test/usr
	@grader/scanzip/gpu-engine.sh $(SCANZIP_GPU)

fuzz: $(SCANZIP) # replay grader/fuzz/regressions/, then fuzz scanzip's decoder for FUZZ_SECONDS (60)
	@grader/tools/install-deps.sh clang
	@$(MAKE) --no-print-directory $(FUZZER)
	@grader/fuzz/run.sh $(FUZZER) $(SCANZIP) $(FUZZ_SECONDS) build/fuzz

# The site has two editions (docs/build.sh says what each shows): the
# student edition, the default and the one a student release builds, which
# never shows what students write; and the full edition, with the
# references, for self-learners and instructors, which needs solutions/.
EDITION  ?= student
$(if $(filter student full,$(EDITION)),,$(error EDITION must be student or full, not '$(EDITION)'))
DOCS_OUT := build/docs$(if $(filter full,$(EDITION)),-full)

docs: ## build the course site (pandoc; nothing fetched): EDITION=student into build/docs, full into build/docs-full
	$(if $(filter full,$(EDITION)),$(source_tree_only))
	@grader/tools/install-deps.sh pandoc gnuplot
	@docs/build.sh --edition $(EDITION) $(DOCS_OUT)
	@echo "  open $(DOCS_OUT)/index.html"

# The figures are drawn from docs/data/figures/, what the solutions print;
# the full edition's build fails when the solutions print something else.
docs-data: ## recompute docs/data/figures/ (the figures' data) from the solutions; commit the result
	$(source_tree_only)
	@rm -rf docs/data/figures && docs/figure-data.sh docs/data/figures

# Both editions build (the full one checks the figure data); the student
# one passes every check of docs/check.sh and shows no line of a solution,
# which the full one does show; a student release builds the same site.
test-docs: # both editions build, their links resolve, the student one shows no solution, loads in Chromium, fits 400 px and finds every glossary term by search; the chapters' predicted outputs are the references'; a student release builds it and names no file it lacks; rubric tables match; make report's page builds from recorded CSVs
	$(source_tree_only)
	@grader/tools/install-deps.sh pandoc gnuplot chromium
	@grader/tools/check-rubric-tables.sh
	@docs/build.sh build/docs && docs/check.sh build/docs
	@docs/build.sh --edition full build/docs-full && docs/check.sh --links build/docs-full
	@docs/check-leaks.sh build/docs build/docs-full
	@docs/check-predictions.sh
	@docs/check-release.sh build/docs build/docs-release/scanlab-student
	@docs/report/test.sh build/report-test

# ---- For instructors: what a class receives, and grading many at once ----

student-release: check-skeletons ## build/release/: the students' tree and tarball (no solutions, no hidden tests; GUIDANCE=open: the open edition)
	$(source_tree_only)
	@grader/tools/make-release.sh --guidance $(GUIDANCE) build/release/scanlab-student

gradescope: check-skeletons ## build/gradescope/autograder.zip: Gradescope's autograder (emulator, hidden tests in)
	$(source_tree_only)
	@grader/tools/install-deps.sh zip
	@grader/tools/make-release.sh --guidance $(GUIDANCE) --grading build/gradescope/tree
	@grader/gradescope/make-autograder.sh build/gradescope/tree build/gradescope

batch: deps ## grade every submission of SUBMISSIONS=dir into build/batch/gradebook.csv
	@$(if $(SUBMISSIONS),,echo "make batch needs SUBMISSIONS=dir (folders, .tar.gz or .zip of lab files)" && exit 1)
	@ENGINE='$(ENGINE)' GUIDANCE='$(GUIDANCE)' grader/tools/batch.sh '$(SUBMISSIONS)' build/batch

# Both trees built for the GPU (CUDA_ARCH, e.g. -arch=sm_90; all-major
# without a GPU here), then copied with their libraries into one folder.
planted-builds: ## build each planted bug's lab (grader/labs/*/planted/) on BACKEND, as grader/tools/grade-planted.sh grades it (on a GPU: from make gpu-bundle)
	$(source_tree_only)
	@for script in grader/labs/*/planted/*.sed; do \
	  name=$$(basename $$script .sed); lab=$$(sed -n 's/^# lab: //p' $$script); \
	  grader/tools/plant.sh $$script $$lab build/planted/$$name || exit 1; \
	  $(MAKE) --no-print-directory TREE=build/planted/$$name LAB=$${lab%%-*} build || \
	    echo "planted-builds: $$name does not build (grade-planted.sh says so)"; \
	  if [ "$(BACKEND)" = cuda ]; then for check in none memory race; do \
	    $(MAKE) --no-print-directory BACKEND=emu CHECK=$$check TREE=build/planted/$$name LAB=$${lab%%-*} drivers || exit 1; \
	  done; fi; \
	done

gpu-bundle: ## build/gpu-bundle/: grades on a GPU node without Criterion or root
	$(source_tree_only)
	@$(MAKE) --no-print-directory BACKEND=cuda TREE=solutions NVCOMP= build \
	  $(foreach name,$(BENCHES),build/cuda-$(CHECK)/solutions/bench_$(name)) \
	  $(FAST_TESTS:$(BUILD)/%=build/cuda-$(CHECK)/%)
	@$(MAKE) --no-print-directory BACKEND=cuda TREE=labs NVCOMP= build $(foreach name,$(BENCHES),build/cuda-$(CHECK)/labs/bench_$(name))
	@for check in none memory race; do for tree in solutions labs; do \
	  $(MAKE) --no-print-directory BACKEND=emu CHECK=$$check TREE=$$tree drivers || exit 1; done; done
	@rm -rf build/gpu-bundle
	@grader/tools/make-gpu-bundle.sh build/cuda-$(CHECK) build/gpu-bundle $(ALL_LABS)

clean: ## remove everything built
	rm -rf build

# The course beyond this machine (a notebook, GitHub Classroom, a dev container): grader/reach.mk.
include grader/reach.mk

# make test and its steps' pool (test-build, test-all): in a file of its own.
include grader/test.mk
