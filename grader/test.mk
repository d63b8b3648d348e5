# test.mk: make test, the project's own checks (what CI runs), for the root
# Makefile to include after the other parts (it names their programs).
#
#   make test               every step below, JOBS at once (default: the cores)
#   make test-all           the same, with what make test runs once done in full:
#                           every lab of test-arm64 (ARM64_LABS_ALL)
#   make -j2 test-step/test-planted   one step, with the steps it waits for
#
# The steps are independent checks; they run at once on a pool of JOBS
# slots (make's own jobserver, which the steps' builds share, so that
# JOBS compilers run at a time in all), and each one's output goes to
# build/test/STEP.log and is printed whole when the step ends, with its
# wall-clock and CPU time. The last lines are the table of every step,
# longest first, and the count CI reads: "test: N passed, M failed in T s".
#
# Nothing is built twice: test-build first builds every program that
# several steps run (the labs' tests, drivers and performance programs for
# each check, the open edition's, the fast references', scanzip's, the
# emulator's own tests) in one make -j, and the steps after it find them
# made. Steps that build only into folders of their own (test-arm64's
# root, test-compile-cuda's GPU build, test-slurm's grading tree) do not
# wait for it. A compile that was done before, in this clone or another,
# comes from ccache (CCACHE in the Makefile); what lives outside the
# clone is under SCANLAB_CACHE (docs/instructors.md#cache).

# Each step is a target of the Makefile's. Listed longest first, the order
# in which the pool starts them; TEST_AFTER_STEP names the steps one waits
# for, and a step without that line waits for test-build.
TEST_STEPS := check-skeletons test-arm64 test-compile-cuda test-slurm test-classroom test-build \
              test-planted test-tamper check-portable test-docs emu-test test-grade-solutions \
              test-open-edition fuzz test-scanzip test-grade-skeletons test-fast test-gpu-lock test-profile test-notebook check-help
TEST_AFTER_test-build        := check-skeletons
TEST_AFTER_test-compile-cuda := check-skeletons
TEST_AFTER_test-arm64        :=
TEST_AFTER_test-slurm        :=
TEST_AFTER_check-skeletons   :=
TEST_AFTER_check-help        :=
TEST_AFTER_test-classroom    := test-arm64
TEST_AFTER_test-notebook     :=
test_after = $(if $(filter undefined,$(origin TEST_AFTER_$(1))),test-build,$(TEST_AFTER_$(1)))

# Everything the steps install (grader/tools/install-deps.sh), at once,
# before any starts: two apt-gets at once would fight over dpkg's lock.
TEST_DEPS := criterion cjson ccache pandoc gnuplot chromium zip unzip slurm help2man clang original-awk arm64

TEST_LOGS := build/test

.PHONY: test test-all test-build
test: deps ## the project's own checks (what CI runs): its steps at once, JOBS at a time, each timed
	$(source_tree_only)
	@grader/tools/install-deps.sh $(TEST_DEPS)
	@rm -rf $(TEST_LOGS) && mkdir -p $(TEST_LOGS)
	@! command -v ccache >/dev/null || ccache --zero-stats >/dev/null; start=$$(date +%s); \
	  echo "make test: $(words $(TEST_STEPS)) steps, $(JOBS) at a time; each printed whole when it ends"; \
	  $(MAKE) --no-print-directory -k -j$(JOBS) --output-sync=target $(TEST_STEPS:%=test-step/%) || :; \
	  grader/test/test-step.sh summary $(TEST_LOGS) $$start $(TEST_STEPS)

test-all: ## make test with what it runs once done in full (every lab of test-arm64: ARM64_LABS_ALL)
	@$(MAKE) --no-print-directory test ARM64_LABS='$(ARM64_LABS_ALL)'

# One step: run with its output kept apart (the + hands it make's
# jobserver, so its builds take their turn in the pool), then shown.
.PHONY: $(TEST_STEPS:%=test-step/%)
$(TEST_STEPS:%=test-step/%): test-step/%: $$(addprefix test-step/,$$(call test_after,$$*)) ## one step of make test with the steps it waits for (make -j2 test-step/test-planted)
	+@grader/test/test-step.sh run $(TEST_LOGS) $* $(MAKE) --no-print-directory $*
	@grader/test/test-step.sh show $(TEST_LOGS) $*

# What several steps run, built once: under the emulator, for each check,
# the labs' programs of the solutions and the skeletons (the planted bugs'
# and cheats' grades rebuild only their lab's own file); the open
# edition's; the fast references' tests; scanzip's programs; and the
# emulator's own tests, both context switches.
test-build: $(OPEN_SKELETONS) ## one build of every program that several of make test's steps run
	$(source_tree_only)
	@for check in none memory race; do \
	  $(MAKE) --no-print-directory BACKEND=emu CHECK=$$check TREE=solutions build || exit 1; done
	@$(MAKE) --no-print-directory BACKEND=emu CHECK=none TREE=labs build
	@$(MAKE) --no-print-directory BACKEND=emu CHECK=none $(FAST_TESTS) $(SCANZIP) $(SCANZIP_TESTS) $(SCANZIP_GPU) \
	  $(SCANZIP_MAN)
	@$(MAKE) --no-print-directory BACKEND=emu GUIDANCE=open TREE=$(dir $(OPEN_SKELETONS)) LAB='$(OPEN_CHECK_LABS)' build
	@$(MAKE) --no-print-directory BACKEND=emu GUIDANCE=open TREE=solutions LAB='$(strip $(OPEN_RUBRIC_LABS))' build
	@for check in memory race; do \
	  $(MAKE) --no-print-directory BACKEND=emu GUIDANCE=open CHECK=$$check TREE=solutions LAB='$(strip $(OPEN_RUBRIC_LABS))' drivers || exit 1; \
	  $(MAKE) --no-print-directory BACKEND=emu GUIDANCE=open CHECK=$$check TREE=$(dir $(OPEN_SKELETONS)) LAB='$(OPEN_CHECK_LABS)' drivers || exit 1; \
	done
	@$(MAKE) --no-print-directory emu-test-programs
	@$(MAKE) --no-print-directory EMU_SWITCH=ucontext emu-test-programs

# ---- The steps that are not a part's own (scanzip.mk has test-scanzip and
# fuzz, docs.mk test-docs, emu.mk emu-test, release.mk check-skeletons) ----

.PHONY: test-open-edition test-compile-cuda test-grade-solutions test-grade-skeletons test-fast test-gpu-lock \
        test-slurm test-planted check-portable test-under-load test-arm64 test-tamper test-profile check-help

# make help says every target and knob (grader/tools/help.awk), and
# names every make X of README.md and docs/ (grader/test/check-help.sh).
check-help: ## every target and knob has its line in make help, and help lists every make X of README.md and docs/*.md
	@grader/test/check-help.sh $(filter %Makefile %.mk,$(MAKEFILE_LIST))


# The open edition (GUIDANCE=open) under the emulator: the skeletons of
# OPEN_CHECK_LABS build and earn nothing, and the references earn full
# marks under the open rubric in the labs whose rubric differs from the
# guided one (a G/O or G/- line: their steps' tests are not built, and
# their points are in the whole's). The other labs' tests are the same in
# both editions, and test-grade-solutions grades their references.
OPEN_CHECK_LABS ?= 02 03 04 05 06 07 08## make test-open-edition: the labs whose open skeletons it grades
OPEN_RUBRIC_LABS := $(foreach rubric,$(shell grep -lE '^[0-9][0-9]-[^ ]+ +[^ ]+ +[0-9.]+/' grader/labs/*/rubric.txt),\
                      $(firstword $(subst -, ,$(notdir $(patsubst %/rubric.txt,%,$(rubric))))))
test-open-edition: $(OPEN_SKELETONS) ## the open edition: skeletons of OPEN_CHECK_LABS score 0, references full where the rubric differs (emu); test-docs checks its READMEs' names
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
ARCH_BRANCHES = $(shell grep -rlw __CUDA_ARCH__ solutions labs grader common scanzip docs/examples --include='*.cu' --include='*.cuh' \
  --include='*.h' | grep -v '^common/emu/')

test-compile-cuda: $(OPEN_SKELETONS) ## every .cu file through the real nvcc (the oldest and newest architectures), the open edition's skeletons too
	$(source_tree_only)
	@$(if $(ARCH_BRANCHES),echo "test-compile-cuda: $(ARCH_BRANCHES) branch on __CUDA_ARCH__: the architectures \
	  between the oldest and the newest compile other code there; compile them all (CHECK_CUDA_ARCH=-arch=all-major)"; exit 1)
	@echo "  compiling for $(CHECK_CUDA_ARCH)"
	@$(MAKE) --no-print-directory BACKEND=cuda CUDA_ARCH='$(CHECK_CUDA_ARCH)' TREE=solutions build \
	  $(foreach name,$(BENCHES),build/cuda-$(CHECK)/solutions/bench_$(name)) \
	  $(FAST_TESTS:$(BUILD)/%=build/cuda-$(CHECK)/%) build/cuda-$(CHECK)/docs/examples/primer.cu.o \
	  build/cuda-$(CHECK)/docs/examples/gpu.cu.o
	@$(MAKE) --no-print-directory BACKEND=cuda CUDA_ARCH='$(CHECK_CUDA_ARCH)' TREE=labs build
	@$(MAKE) --no-print-directory BACKEND=cuda CUDA_ARCH='$(CHECK_CUDA_ARCH)' GUIDANCE=open TREE=build/skeletons-open build \
	  $(foreach name,$(BENCHES),build/cuda-$(CHECK)-open/build/skeletons-open/bench_$(name))

# The solutions pass through the one-process run a GPU grade uses (every
# test passes there); the skeletons, the planted bugs and the cheats fail
# and so go through Criterion, one process a test, for their messages.
test-grade-solutions: ## the reference solutions earn full marks
	$(source_tree_only)
	@mkdir -p build; $(MAKE) --no-print-directory BACKEND=emu TREE=solutions EXPECT=full ONE_PROCESS=1 grade \
	  >build/solutions-grade.log 2>&1; status=$$?; cat build/solutions-grade.log; [ $$status -eq 0 ] || exit 1; \
	  grep -Eq '^one process: ([0-9]+) of \1 test runs' build/solutions-grade.log || \
	  { echo "the one-process run did not pass every test of the solutions"; exit 1; }

test-grade-skeletons: ## the skeletons earn nothing, and nothing crashes
	$(source_tree_only)
	@$(MAKE) --no-print-directory BACKEND=emu TREE=labs EXPECT=zero grade

test-fast: deps $(FAST_TESTS) ## the fast references of labs 04-06 and 08 agree with the oracles (BACKEND: emu without a GPU)
	$(source_tree_only)
	@for program in $(FAST_TESTS); do echo "  TEST  $$program"; \
	  $$program --jobs 2 --short-filename || exit 1; done

test-gpu-lock: ## the GPU lock that grades sharing a GPU take (grader/lib/gpu-lock.sh, perf.c), checked without a GPU
	$(source_tree_only)
	@$(MAKE) --no-print-directory -s BACKEND=emu CHECK=none BUILD=build/emu-none TREE=solutions build/emu-none/solutions/04-compaction/perf
	@grader/test/test-gpu-lock.sh build/emu-none/solutions/04-compaction/perf

# make profile without a GPU: its table from the recorded ncu outputs
# (docs/data/profile/h200/), and its fallbacks, through a stand-in for
# ncu that runs the emulator's perf programs (grader/test/test-profile.sh).
test-profile: ## make profile's tables from the recorded ncu outputs match the committed ones; its fallbacks (emu, no ncu, ncu refused, a todo function, a student's copy) each say why and show the recorded reference
	$(source_tree_only)
	@$(MAKE) --no-print-directory -s BACKEND=emu CHECK=none BUILD=build/emu-none TREE=solutions build/emu-none/solutions/03-efficient-scan/perf
	@$(MAKE) --no-print-directory -s BACKEND=emu CHECK=none BUILD=build/emu-none TREE=labs build/emu-none/labs/03-efficient-scan/perf
	@grader/test/test-profile.sh build/emu-none build/profile-test

test-slurm: ## make batch ENGINE=slurm grades 3 submissions through a Slurm started on this machine (root)
	$(source_tree_only)
	@grader/test/test-slurm.sh build/slurm-test

test-planted: ## each bug planted in a solution is caught by the matching check
	$(source_tree_only)
	@grader/test/run-planted.sh

# Other systems than this one: a Mac's tools and compilers, as far as this
# machine can stand in for them (grader/test/check-portable.sh says how),
# and arm64 Linux, in a Debian root run by qemu (test-arm64.sh says how).
check-portable: ## grade labs 01 and 02 under a macOS-like PATH (no GNU-only tools or options; dash, the one-true-awk), and with clang; emu-test with clang; no unguarded Linux-only call in common/emu
	$(source_tree_only)
	@grader/test/check-portable.sh build/portable

# The same steps on a busy machine: BUSY processes (default three per
# core) keep the cores busy beside them; every time limit must hold
# (grader/lib/load.sh scales them). docs/instructors.md#busy.
BUSY  ?=## make test-under-load: how many busy processes (default 3 per core)
STEPS ?= test## make test-under-load: the steps it runs (make test, or some of its steps)
test-under-load: ## make test (or STEPS="test-tamper ...") beside BUSY busy processes (default 3 per core)
	@BUSY='$(BUSY)' grader/test/test-under-load.sh $(STEPS)

# make test grades the labs of ARM64_LABS there, whose code differs by
# architecture (lab 07: atomics, int4 alignment, the look-back's order;
# lab 01: the host's own sanitizer runtime); make test-all every lab of
# ARM64_LABS_ALL.
ARM64_LABS     ?= 01 07## make test-arm64: the labs it grades (make test-all: ARM64_LABS_ALL)
ARM64_LABS_ALL := 01 02 05 07
test-arm64: ## emu-test and labs ARM64_LABS (01 07) graded in an arm64 Debian root under qemu-user (root; kept in SCANLAB_CACHE)
	$(source_tree_only)
	@grader/test/test-arm64.sh $(SCANLAB_CACHE)/arm64 $(or $(LAB),$(ARM64_LABS))

test-tamper: ## each cheating submission in grader/tamper/ gains nothing
	$(source_tree_only)
	@grader/test/run-tamper.sh
