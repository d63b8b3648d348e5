# ScanLab: the root Makefile of the course. `make help` lists every target
# and knob.
#
#   make grade               build and grade your labs (labs/NN-name/)
#   make grade LAB=02        one lab;  FILTER='naive_block/*' some of its tests
#   make run LAB=02 N=16     print one lab's arrays for one input
#   make test                the project's own checks (what CI runs)
#
# Read on from top to bottom: the knobs, the tools, the parts (each in a
# file of its own, included below), and last the targets a person types
# most. The parts:
#
#   common/emu/emu.mk    the CPU emulator: its library, emu-test, emu-bench
#   grader/labs.mk       how each lab's programs are built; bench, report, profile, data, nvcomp
#   scanzip/scanzip.mk   scanzip, the compressor of lab 08: the tool, its tests, fuzzer, benches
#   docs/docs.mk         the course site: docs, docs-data, test-docs
#   grader/release.mk    what a class receives: skeletons, student-release, gradescope, batch, gpu-bundle
#   grader/test.mk       make test and its steps
#
# Every target and knob carries its line of `make help` after `## `
# (grader/tools/help.awk prints them; make test's check-help step,
# grader/test/check-help.sh, fails on one without it). A knob's `##`
# follows its value with no space between: make would keep the space in
# the value.

# GNU make 4 or newer: macOS comes with 3.81, which this file was never
# run with (second expansion in pattern rules, $(or), else ifeq).
ifneq ($(filter 3.% 2.%,$(MAKE_VERSION)),)
$(error GNU make 4 or newer is needed, this is $(MAKE_VERSION): brew install make, then run gmake instead of make)
endif

# ---- Knobs (set on the command line: make grade LAB=03 BACKEND=emu) ------

LAB     ?=## a lab number (01, 02, ...) or several (LAB='01 05'); empty means every lab
FILTER  ?=## make grade: a Criterion test filter, e.g. 'tiled/*'
TREE    ?= labs## labs (your work) or solutions (the reference), or any folder of lab folders
CHECK   ?= none## none, race or memory: the extra checks to grade (and make run) with
N       ?= 16## make run: the input size (or several: N=33,1025)
SEED    ?= 0x5eed## make run: the input's seed
FILL    ?= random## make run: the input's kind: random, ones, sparse, zeros, nozeros, minusones, extremes, bigvalues
RESULTS_JSON ?=## make grade: also write Gradescope's results.json here
JUNIT_XML    ?=## make grade: also write JUnit XML here
TEST_TIMEOUT ?=## make grade: seconds before a test is stopped on a quiet machine (default 150; 30 on a GPU), scaled on a busy one
PERF_N       ?=## make grade: the size the performance tests time (default 2^24)
ONE_PROCESS  ?=## make grade: 1 runs each lab's tests in one process first (default on a GPU), 0 never
REPO_URL     ?=## make docs: the course repository's address, linked from every page (empty: links to index.html#get-the-code; the project has no public one)
DOWNLOAD_URL ?=## make docs: where the student release's tarball is downloaded, likewise
EXPECT       ?=## make grade: full or zero: fail unless every lab earns that (make test's grades)

# The labs come in two editions from the same solutions (skeleton.awk):
# guided, whose skeletons ask for each step of a lab as a function with
# its TODOs and grade each step, and open, which asks only for the lab's
# interface, graded by the tests of the whole (the steps' points move
# there: rubric.awk). A student release of the open edition says so in
# grader/guidance (make-release.sh), and grades only that way.
RELEASE_GUIDANCE := $(shell cat grader/guidance 2>/dev/null)
GUIDANCE ?= $(or $(RELEASE_GUIDANCE),guided)## guided or open: the labs' edition (make grade, student-release, gradescope)
$(if $(filter guided open,$(GUIDANCE)),,$(error GUIDANCE must be guided or open, not '$(GUIDANCE)'))
$(if $(filter-out $(RELEASE_GUIDANCE),$(if $(RELEASE_GUIDANCE),$(GUIDANCE))),\
  $(error this copy's labs are the $(RELEASE_GUIDANCE) edition (grader/guidance): GUIDANCE=$(GUIDANCE) cannot grade them))
GUIDANCE_FLAGS := $(if $(filter open,$(GUIDANCE)),-DSCANLAB_GUIDANCE_OPEN)

# cuda runs on an NVIDIA GPU; emu runs the same .cu files on the CPU
# emulator of common/emu/. Without BACKEND, a machine with a GPU uses it.
HAVE_GPU := $(shell nvidia-smi -L 2>/dev/null | grep -q GPU && echo yes)
BACKEND  ?= $(if $(HAVE_GPU),cuda,emu)## cuda (an NVIDIA GPU) or emu (the CPU emulator); default: cuda where there is a GPU

# Where a build goes: an emulator built another way (EMU_SWITCH=ucontext),
# and the open edition (its tests built without the steps'), get folders
# of their own.
BUILD ?= build/$(BACKEND)-$(CHECK)$(if $(filter emu,$(BACKEND)),$(EMU_VARIANT))$(if $(filter open,$(GUIDANCE)),-open)## the build folder (default build/BACKEND-CHECK...)

# How many programs build, and make test's steps run, at once.
CPUS := $(shell nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)
JOBS ?= $(CPUS)## make grade's builds and make test's steps: how many at once (default: the cores)

# The compilers of the host code and the emulator (make CC=clang CXX=clang++:
# clang's build, in folders of its own: emu.mk's EMU_VARIANT).
CC  := gcc## the C compiler
CXX := g++## the C++ compiler (the emulator, and the link under BACKEND=emu)

# ---- Tools ---------------------------------------------------------------

NVCC_CUDA := $(or $(shell command -v nvcc 2>/dev/null),/usr/local/cuda/bin/nvcc)
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(NVCC_CUDA))## the CUDA toolkit (default: nvcc's, else /usr/local/cuda)

# What lives outside the clone, kept from one run to the next on this
# machine (docs/instructors.md#cache): ccache's cache, make test-arm64's
# Debian root. Remove the folder to start from nothing.
SCANLAB_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/scanlab## what make test keeps between runs (ccache's cache, the arm64 root)
# A compiler cache, where ccache is installed (make test installs it):
# every compile of gcc, g++ and nvcc, the emulator's included, goes
# through it, and one it has seen before, in this clone or another, comes
# from the cache. Objects name their folder "." rather than the clone's
# (-fdebug-prefix-map), so one clone's are right for another; not nvcc's,
# whose -Xcompiler ccache reads as one word, the clone's path in it, and
# whose host debugging information nothing here reads (the emulator's
# addr2line reads its own builds').
CCACHE ?= $(shell command -v ccache 2>/dev/null)## the compiler cache; CCACHE= compiles everything anew
export COMPILER_LAUNCHER := $(CCACHE)
export CCACHE_DIR ?= $(SCANLAB_CACHE)/ccache## ccache's cache
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
export CCACHE_MAXSIZE ?= 4G## how big ccache's cache may grow
DEBUG_PREFIX := -fdebug-prefix-map=$(CURDIR)=.

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
# The root is on the include path for scanzip/ (lab 08 takes its format,
# common/cascade.h, and its grader its codec: "scanzip/codec.h").
WARNINGS  := -Wall -Wextra -Werror
INCLUDES  := -I common -I . -I grader/support -I grader/support/perf -I grader/labs
CFLAGS    := -std=c11 -O2 -g $(DEBUG_PREFIX) $(WARNINGS) $(INCLUDES) $(DEPS_CFLAGS) $(GUIDANCE_FLAGS)

# The CPU emulator: EMU_NVCC, EMU_LIB, EMU_SANITIZE ..., and emu-test.
include common/emu/emu.mk

ifeq ($(BACKEND),cuda)
# Compile for the GPU in this machine, or for every major architecture
# when there is none (CI checks that everything compiles).
CUDA_ARCH ?= $(if $(HAVE_GPU),-arch=native,-arch=all-major)## nvcc's architectures (default: this GPU's, else every major one)
NVCC      := $(COMPILER_LAUNCHER) $(NVCC_CUDA)
NVCCFLAGS := -std=c++17 -O2 -g -lineinfo $(CUDA_ARCH) -Werror all-warnings \
             -Xcompiler -Wall,-Wextra,-Werror $(INCLUDES) $(GUIDANCE_FLAGS)
CFLAGS    += -I $(CUDA_HOME)/include
LINK      := $(NVCC_CUDA) $(CUDA_ARCH)
LDLIBS    := -lcriterion
else ifeq ($(BACKEND),emu)
NVCC      := $(EMU_NVCC)
NVCCFLAGS := -O1 -g $(DEBUG_PREFIX) $(WARNINGS) $(EMU_SANITIZE) -I common -I . -I grader/support $(GUIDANCE_FLAGS)
CFLAGS    += $(EMU_CFLAGS) $(EMU_SANITIZE) -DSCANLAB_EMULATOR
LINK      := $(CXX) $(EMU_SANITIZE)
LDLIBS    := $(EMU_LDLIBS) $(DEPS_LDFLAGS) -lcriterion
else
$(error BACKEND must be cuda or emu, not '$(BACKEND)')
endif

# ---- The parts -----------------------------------------------------------

# `make` alone builds (the parts define files to build before `all`).
.DEFAULT_GOAL := all

# A student's copy (make student-release) has no solutions/: the targets
# that need them stop with this message as their first recipe line.
source_tree_only = $(if $(wildcard solutions),,@echo "make $@ is for the ScanLab source tree (this copy has no solutions/)" && exit 1)

include grader/labs.mk
include scanzip/scanzip.mk
include docs/docs.mk
include grader/release.mk
include grader/reach.mk
include grader/test.mk

# What each object was built from (gcc -MMD). Not build/arm64*: make
# test-arm64's Debian roots, with trees of their own.
-include $(shell find build -path 'build/arm64*' -prune -o -name '*.d' -type f -print 2>/dev/null)

# ---- Targets -------------------------------------------------------------

.PHONY: all help deps build drivers grade grade-holding-lock run clean

all: build ## build every lab's test program (TREE=labs)

# Every line of `## ` in the Makefile and its parts, in the order read.
help: ## list the targets and the knobs, each with its meaning
	@awk -f grader/tools/help.awk $(filter %Makefile %.mk,$(MAKEFILE_LIST))

deps: ## install what the build needs (Criterion, cJSON) when missing
	@grader/tools/install-deps.sh criterion cjson

build: deps $(TEST_PROGRAMS) $(ONE_PROCESS_PROGRAMS) $(DRIVERS) $(PERF_PROGRAMS) ## build the tests, drivers and performance tests of LAB

# The memory and race checks of a grade run the drivers; under the
# emulator, built with their sanitizer (CHECK=memory or CHECK=race).
drivers: deps $(DRIVERS) ## build the drivers of LAB (make run's programs) only

# Each lab is built on its own: a lab that does not compile loses its old
# programs too (they would grade the last version that did), and the other
# labs still count. All of them are first built at once, in parallel and
# quietly; the lab-by-lab pass then only prints what did not compile
# (-s: not "is up to date" for each program that did). tests-one-process
# only speeds a grade up: a lab whose one-process program alone does not
# link is graded without it, through `tests`.
GRADE_PROGRAMS := $(TEST_PROGRAMS) $(ONE_PROCESS_PROGRAMS) $(DRIVERS) $(PERF_PROGRAMS)
grade: deps ## grade LAB (default: every lab) on BACKEND, and print the scoreboard
	@grader/lib/grade-lock.sh $(BUILD)/grade/$(TREE).lock $(MAKE) --no-print-directory grade-holding-lock

# What make grade runs once no other grade of this TREE and BUILD runs in
# this checkout (grade-lock.sh): build what is missing, then grade.sh.
grade-holding-lock: ## make grade's work, run holding its lock (call make grade, not this)
	@$(MAKE) --no-print-directory -s -k -j$(or $(JOBS),$(CPUS)) $(GRADE_PROGRAMS) >/dev/null 2>&1 || true
	@for lab in $(LABS); do \
	  programs="$(BUILD)/$(TREE)/$$lab/tests $(BUILD)/$(TREE)/$$lab/run"; \
	  [ -f grader/labs/$$lab/perf.c ] && programs="$$programs $(BUILD)/$(TREE)/$$lab/perf"; \
	  one="$(BUILD)/$(TREE)/$$lab/tests-one-process"; \
	  if $(MAKE) --no-print-directory -s $$programs; then \
	    $(MAKE) --no-print-directory -s $$one >/dev/null 2>&1 || rm -f $$one; \
	  else rm -f $$programs $$one; fi; done
	@FILTER='$(FILTER)' EXPECT='$(EXPECT)' GUIDANCE='$(GUIDANCE)' RESULTS_JSON='$(RESULTS_JSON)' JUNIT_XML='$(JUNIT_XML)' \
	  TEST_TIMEOUT='$(TEST_TIMEOUT)' PERF_N='$(PERF_N)' ONE_PROCESS='$(ONE_PROCESS)' MAKE='$(MAKE)' \
	  EMU_SWITCH='$(EMU_SWITCH)' EMU_VARIANT='$(EMU_VARIANT)' \
	  SCANLAB_DEPS_FLAGS='$(strip $(DEPS_CFLAGS) $(DEPS_LDFLAGS))' grader/grade.sh $(BUILD) $(TREE) $(BACKEND) $(LABS)

# Each knob quoted: an empty N= reaches the driver as '', which it refuses,
# not as a missing argument that moves SEED into N's place. CHECK=memory
# reports device memory left allocated, as check::memory does (the
# emulator's SCANLAB_EMU_LEAK_CHECK; compute-sanitizer's on a GPU).
run: deps $(BUILD)/$(TREE)/$(firstword $(LABS))/run ## print the arrays of lab LAB for input N, SEED, FILL
	@$(if $(filter memory,$(CHECK)),SCANLAB_EMU_LEAK_CHECK=1 )$(BUILD)/$(TREE)/$(firstword $(LABS))/run '$(N)' '$(SEED)' '$(FILL)'

clean: ## remove everything built
	rm -rf build
