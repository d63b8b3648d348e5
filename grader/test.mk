# test.mk: make test, the project's own checks (what CI runs), for the root
# Makefile to include after its targets.
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
              test-open-edition fuzz test-scanzip test-grade-skeletons test-fast test-gpu-lock test-notebook
TEST_AFTER_test-build        := check-skeletons
TEST_AFTER_test-compile-cuda := check-skeletons
TEST_AFTER_test-arm64        :=
TEST_AFTER_test-slurm        :=
TEST_AFTER_check-skeletons   :=
TEST_AFTER_test-classroom    :=
TEST_AFTER_test-notebook     :=
test_after = $(if $(filter undefined,$(origin TEST_AFTER_$(1))),test-build,$(TEST_AFTER_$(1)))

# Everything the steps install (grader/tools/install-deps.sh), at once,
# before any starts: two apt-gets at once would fight over dpkg's lock.
TEST_DEPS := criterion cjson ccache pandoc gnuplot chromium zip unzip slurm help2man clang original-awk arm64

TEST_LOGS := build/test
JOBS      ?= $(CPUS)

.PHONY: test test-all test-build
test: deps ## the project's own checks (what CI runs): its steps at once, JOBS at a time, each timed
	$(source_tree_only)
	@grader/tools/install-deps.sh $(TEST_DEPS)
	@rm -rf $(TEST_LOGS) && mkdir -p $(TEST_LOGS)
	@! command -v ccache >/dev/null || ccache --zero-stats >/dev/null; start=$$(date +%s); \
	  echo "make test: $(words $(TEST_STEPS)) steps, $(JOBS) at a time; each printed whole when it ends"; \
	  $(MAKE) --no-print-directory -k -j$(JOBS) --output-sync=target $(TEST_STEPS:%=test-step/%) || :; \
	  grader/tools/test-step.sh summary $(TEST_LOGS) $$start $(TEST_STEPS)

test-all: ## make test with what it runs once done in full (every lab of test-arm64: ARM64_LABS_ALL)
	@$(MAKE) --no-print-directory test ARM64_LABS='$(ARM64_LABS_ALL)'

# One step: run with its output kept apart (the + hands it make's
# jobserver, so its builds take their turn in the pool), then shown.
.PHONY: $(TEST_STEPS:%=test-step/%)
$(TEST_STEPS:%=test-step/%): test-step/%: $$(addprefix test-step/,$$(call test_after,$$*))
	+@grader/tools/test-step.sh run $(TEST_LOGS) $* $(MAKE) --no-print-directory $*
	@grader/tools/test-step.sh show $(TEST_LOGS) $*

# What several steps run, built once: under the emulator, for each check,
# the labs' programs of the solutions and the skeletons (the planted bugs'
# and cheats' grades rebuild only their lab's own file); the open
# edition's; the fast references' tests; scanzip's programs; and the
# emulator's own tests, both context switches.
test-build: $(OPEN_SKELETONS) # one build of every program that several of make test's steps run
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
