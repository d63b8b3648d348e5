# emu.mk: the ScanLab CPU emulator, for the root Makefile to include.
#
# Runs unmodified .cu files on the CPU (see docs/emulator.md). Set CHECK
# (none, race or memory) before including this file. It defines:
#
#   EMU_NVCC      the compiler driver for .cu files: $(EMU_NVCC) [flags] -c x.cu -o x.o
#   EMU_SANITIZE  the sanitizer flag of $(CHECK), for compiling C and .cu
#                 files and for linking: all of a program's code must agree
#   EMU_CFLAGS    for C host code that includes <cuda_runtime_api.h>
#   EMU_LIB       the runtime library for $(CHECK), with the rule that builds it
#   EMU_LDLIBS    what a program using the emulator links with
#   EMU_VARIANT   "" for a native build with the default switch, else what
#                 differs ("-ucontext", "-aarch64", "-aarch64-ucontext"):
#                 part of every build folder's name, so that variants never
#                 mix objects
#   emu-test      the emulator's own tests (the last line counts them), then
#                 again with the portable switch where the default is asm
#   emu-bench     the emulator's speed, in CUDA threads per second
#
# The including Makefile may set COMPILER_LAUNCHER (a command put before
# every compile: the root Makefile's ccache; nvcc-emu reads it from the
# environment) and DEBUG_PREFIX (flags that make the objects' debugging
# information name their folder "."): both may be empty.
#
# Two knobs choose how the library is built:
#
#   EMU_SWITCH=asm|ucontext  the fiber context switch (src/switch.h): asm
#                 (src/switch_ARCH.S) where there is one, x86-64
#                 and aarch64, else ucontext, portable and slower
#   EMU_CROSS=PREFIX  a cross toolchain, e.g. aarch64-linux-gnu- (its g++,
#                 gcc, ar, objdump and objcopy); EMU_RUN then says how to
#                 run its programs, e.g. "qemu-aarch64 -L /usr/aarch64-linux-gnu".
#                 Only the emulator's own tests and bench cross-build: the
#                 labs need Criterion for the target.
#
# Everything is built under build/emu-$(CHECK)$(EMU_VARIANT)/ and
# build/emu-tests$(EMU_VARIANT)/. Variables and targets start with EMU_
# or emu- so they cannot collide with the including Makefile's.

CHECK ?= none

EMU_DIR      := common/emu
EMU_NVCC     := $(EMU_DIR)/nvcc-emu
EMU_CFLAGS   := -I $(EMU_DIR)/include

# The sanitizer flag of each check. The library itself is built without
# it (see src/internal.h) but calls the matching sanitizer's interface.
# Without a check, nvcc-emu compiles the emulator's own access hooks into
# .cu files instead (src/access.cpp: alignment, overlapping blocks).
# The memory check also stops at undefined behaviour that a GPU may
# happen to get right (UBSan): a misaligned access (a 4-byte store at an
# address that is not a multiple of 4 works on a CPU and faults on a GPU:
# cudaErrorMisalignedAddress), a shift by the operand's width or more
# (1u << 32: x86 shifts by 0, a GPU's shift gives 0), signed overflow.
EMU_UNDEFINED       := alignment,shift,signed-integer-overflow
EMU_SANITIZE_none   :=
EMU_SANITIZE_race   := -fsanitize=thread
EMU_SANITIZE_memory := -fsanitize=address,$(EMU_UNDEFINED) -fno-sanitize-recover=$(EMU_UNDEFINED)
# What a program's link adds for a check: clang's memory check on Linux
# links with shared.ld (it says why). (EMU_CLANG: below.)
EMU_LINK_memory      = $(if $(EMU_CLANG),$(if $(filter Darwin,$(shell uname -s)),,-Wl,-T,$(EMU_DIR)/shared.ld))
EMU_DEFINE_none     :=
EMU_DEFINE_race     := -DSCANLAB_EMU_CHECK_RACE
EMU_DEFINE_memory   := -DSCANLAB_EMU_CHECK_MEMORY
EMU_CHECKS          := none race memory
$(if $(filter $(CHECK),$(EMU_CHECKS)),,$(error CHECK must be none, race or memory, not '$(CHECK)'))

# ---- The target and its context switch -----------------------------------

EMU_CROSS    ?=## a cross toolchain's prefix for the emulator's tests, e.g. aarch64-linux-gnu-
EMU_RUN      ?=## how to run a cross build's programs, e.g. "qemu-aarch64 -L /usr/aarch64-linux-gnu"
EMU_CXX      := $(EMU_CROSS)$(CXX)
EMU_CC       := $(EMU_CROSS)$(CC)
EMU_AR       := $(EMU_CROSS)ar
EMU_CLANG    := $(findstring clang,$(shell $(EMU_CXX) --version 2>/dev/null))
# nvcc-emu compiles with $CXX (g++ unless told) and renames sections with
# $OBJDUMP, $OBJCOPY.
EMU_NVCC_ENV := $(strip $(if $(filter-out g++,$(EMU_CXX)),CXX=$(EMU_CXX)) \
                $(if $(EMU_CROSS),OBJDUMP=$(EMU_CROSS)objdump OBJCOPY=$(EMU_CROSS)objcopy))
# x86_64-linux-gnu -> x86_64, aarch64-linux-gnu -> aarch64; Apple's
# clang says arm64-apple-darwin23.6.0 for aarch64.
EMU_ARCH     := $(patsubst arm64,aarch64,$(firstword $(subst -, ,$(shell $(EMU_CXX) -dumpmachine 2>/dev/null))))
$(if $(EMU_ARCH),,$(error cannot run '$(EMU_CXX) -dumpmachine': install $(EMU_CXX)))
EMU_ASM_ARCHES := x86_64 aarch64
EMU_SWITCH_DEFAULT := $(if $(filter $(EMU_ARCH),$(EMU_ASM_ARCHES)),asm,ucontext)
EMU_SWITCH   ?= $(EMU_SWITCH_DEFAULT)## the fibers' context switch: asm (x86-64, aarch64) or ucontext (portable, slower)
$(if $(filter $(EMU_SWITCH),asm ucontext),,$(error EMU_SWITCH must be asm or ucontext, not '$(EMU_SWITCH)'))
$(if $(filter asm,$(EMU_SWITCH)),$(if $(filter $(EMU_ARCH),$(EMU_ASM_ARCHES)),,\
  $(error EMU_SWITCH=asm: there is no src/switch_$(EMU_ARCH).S; use EMU_SWITCH=ucontext)))
# A compiler other than g++ (make CXX=clang++ CC=clang) builds apart too.
EMU_COMPILER := $(if $(filter-out g++,$(CXX)),-$(notdir $(CXX)))
EMU_VARIANT  := $(if $(EMU_CROSS),-$(EMU_ARCH))$(if $(filter $(EMU_SWITCH),$(EMU_SWITCH_DEFAULT)),,-$(EMU_SWITCH))$(EMU_COMPILER)
# The switch's source, and the define by which switch.h (in fiber.cpp)
# matches it: every variant has folders of its own, so all of a library
# agrees.
EMU_SWITCH_SOURCES_asm      := $(EMU_DIR)/src/switch_$(EMU_ARCH).S
EMU_SWITCH_SOURCES_ucontext := $(EMU_DIR)/src/switch_ucontext.cpp
EMU_SWITCH_DEFINE_asm       :=
EMU_SWITCH_DEFINE_ucontext  := -DSCANLAB_EMU_SWITCH_UCONTEXT

EMU_SANITIZE := $(EMU_SANITIZE_$(CHECK))
emu_lib       = build/emu-$(1)$(EMU_VARIANT)/libscanlab_emu.a
EMU_LIB      := $(call emu_lib,$(CHECK))
# The C++ library: libstdc++ (Linux), libc++ (macOS, which has no other).
EMU_CXXLIB   := $(if $(filter Darwin,$(shell uname -s)),-lc++,-lstdc++)
EMU_LDLIBS   := $(EMU_LIB) $(EMU_SANITIZE) $(EMU_LINK_$(CHECK)) $(EMU_CXXLIB) -lpthread -lm

# ---- The runtime library, one per check ----------------------------------

EMU_SOURCES  := $(filter-out $(EMU_DIR)/src/switch_%,$(wildcard $(EMU_DIR)/src/*.cpp)) \
                $(EMU_SWITCH_SOURCES_$(EMU_SWITCH))
EMU_CXXFLAGS := -std=c++17 -O2 -g $(DEBUG_PREFIX) -Wall -Wextra -Werror -fno-exceptions \
                -I $(EMU_DIR)/include -MMD -MP $(EMU_SWITCH_DEFINE_$(EMU_SWITCH))
emu_objects   = $(patsubst $(EMU_DIR)/src/%,build/emu-$(1)$(EMU_VARIANT)/obj/%.o,$(EMU_SOURCES))

define EMU_LIBRARY_RULES
build/emu-$(1)$(EMU_VARIANT)/obj/%.cpp.o: $(EMU_DIR)/src/%.cpp
	@mkdir -p $$(@D)
	@echo "  CXX   $$< ($(1)$(EMU_VARIANT))"
	@$(COMPILER_LAUNCHER) $(EMU_CXX) $(EMU_CXXFLAGS) $(EMU_DEFINE_$(1)) -c $$< -o $$@

build/emu-$(1)$(EMU_VARIANT)/obj/%.S.o: $(EMU_DIR)/src/%.S
	@mkdir -p $$(@D)
	@$(COMPILER_LAUNCHER) $(EMU_CXX) -c $$< -o $$@

$(call emu_lib,$(1)): $(call emu_objects,$(1))
	@echo "  AR    $$@"
	@rm -f $$@ && $(EMU_AR) rcs $$@ $$^
endef
$(foreach check,$(EMU_CHECKS),$(eval $(call EMU_LIBRARY_RULES,$(check))))

# ---- Tests ----------------------------------------------------------------
# Each tests/*.cu is a program; its "//! run" lines say how to run it, under
# which check and what to expect (see tests/run.sh). A test is built for
# every check its run lines name, of EMU_TEST_CHECKS: all three natively,
# only none for a cross build (the sanitizers' runtimes need the target's
# address space layout, which an emulator such as qemu-user may not give).
# Test objects do not depend on the switch: the variants of one target
# share them (build/emu-tests$(EMU_TARGET)/CHECK/*.o), each variant links
# its own programs.

EMU_TEST_CHECKS  ?= $(if $(EMU_CROSS),none,$(EMU_CHECKS))## make emu-test: the checks it builds its tests for (default none race memory; none when cross)
EMU_TARGET       := $(if $(EMU_CROSS),-$(EMU_ARCH))$(EMU_COMPILER)
EMU_TEST_OBJ      = build/emu-tests$(EMU_TARGET)/$(1)
EMU_TEST_BIN      = build/emu-tests$(EMU_VARIANT)/$(1)
EMU_TEST_SOURCES := $(wildcard $(EMU_DIR)/tests/*.cu)
EMU_TEST_FLAGS   := -O1 -g $(DEBUG_PREFIX) -Wall -Wextra -Werror
emu_tests_for     = $(patsubst $(EMU_DIR)/tests/%.cu,$(call EMU_TEST_BIN,$(1))/%,\
                    $(shell grep -l '^//! run $(1) ' $(EMU_TEST_SOURCES)))
EMU_TEST_PROGRAMS := $(foreach check,$(EMU_TEST_CHECKS),$(call emu_tests_for,$(check))) \
                     $(call EMU_TEST_BIN,none)/c_host
# Test objects are kept, so that make neither rebuilds them nor prints
# their removal last. (.PRECIOUS, not .SECONDARY: listing targets there
# would cancel an including Makefile's plain ".SECONDARY:".)
.PRECIOUS: $(foreach check,$(EMU_CHECKS),$(call EMU_TEST_OBJ,$(check))/%.o)

define EMU_TEST_RULES
$(call EMU_TEST_OBJ,$(1))/%.o: $(EMU_DIR)/tests/%.cu $(EMU_NVCC)
	@mkdir -p $$(@D)
	@echo "  NVCC  $$< ($(1)$(EMU_TARGET))"
	@$(EMU_NVCC_ENV) $(EMU_NVCC) $(EMU_TEST_FLAGS) $(EMU_SANITIZE_$(1)) -MMD -MP -c $$< -o $$@

$(call EMU_TEST_BIN,$(1))/%: $(call EMU_TEST_OBJ,$(1))/%.o $(call emu_lib,$(1))
	@mkdir -p $$(@D)
	@$(EMU_CXX) $$< -o $$@ $(call emu_lib,$(1)) $(EMU_SANITIZE_$(1)) $(EMU_LINK_$(1)) -lpthread
endef
$(foreach check,$(EMU_CHECKS),$(eval $(call EMU_TEST_RULES,$(check))))

# C host code (gcc, C11) calling kernels of a .cu file, as the labs' tests do.
$(call EMU_TEST_BIN,none)/c_host: $(EMU_DIR)/tests/c_host.c $(call EMU_TEST_OBJ,none)/c_host_kernels.o \
                                  $(call emu_lib,none)
	@mkdir -p $(@D)
	@$(EMU_CC) -std=c11 $(EMU_TEST_FLAGS) $(EMU_CFLAGS) $(filter-out %.a,$^) -o $@ \
	    $(call emu_lib,none) $(EMU_CXXLIB) -lpthread -lm

# emu-test runs twice where the default switch is assembly: the portable
# ucontext switch must keep working on the machines that test (it is the
# only one on other architectures). emu-test-aarch64 cross-builds the tests
# for aarch64 and runs them under qemu-user (apt-get install
# g++-aarch64-linux-gnu qemu-user), which checks switch_aarch64.S, then
# ucontext there.
# setarch -R: ThreadSanitizer (EMU_TEST_CHECKS='none race memory') wants no
# address randomization and would otherwise re-execute itself, which the
# host kernel cannot do for an aarch64 program; qemu passes the flag on.
EMU_TEST_AGAIN := $(filter asm,$(EMU_SWITCH_DEFAULT))

# What clang (Debian 12's clang 14, 15 and 16, and so Apple's, whose
# runtimes are LLVM's) cannot show that GCC can: run.sh counts these runs
# "known" with the why, and fails if one goes as its line says (then
# drop it). The same three for each of those versions (common/emu/README.md,
# "Compilers tried"); docs/emulator.md ("Which systems are tested") says
# what each means.
EMU_TEST_KNOWN_clang := \
  bug_missing_barrier [race]: clang's ThreadSanitizer runtime misses this race in a block of 512 threads (it sees it with 128);\
  diag_misaligned [none MISALIGNED=load: clang copies an int4 as bytes (memmove; from clang 16 __tsan_memmove, a range of no alignment), so the access hooks never see a 16-byte load;\
  diag_misaligned [none MISALIGNED=store: clang copies an int4 as bytes (memmove; from clang 16 __tsan_memmove, a range of no alignment), so the access hooks never see a 16-byte store
# GCC 13 (Ubuntu 24.04's, where a GPU grade builds its emulator checks;
# measured on the lent H200 machine): its ThreadSanitizer runtime, newer
# than GCC 12's, misses the same race as clang's; everything else as GCC 12.
EMU_TEST_KNOWN_gcc13 := \
  bug_missing_barrier [race]: GCC 13's ThreadSanitizer runtime misses this race in a block of 512 threads (it sees it with 128), as clang's does
EMU_GCC_MAJOR  := $(if $(EMU_CLANG),,$(firstword $(subst ., ,$(shell $(EMU_CXX) -dumpversion 2>/dev/null))))
EMU_TEST_KNOWN := $(if $(EMU_CLANG),$(EMU_TEST_KNOWN_clang),$(if $(filter 13,$(EMU_GCC_MAJOR)),$(EMU_TEST_KNOWN_gcc13)))
EMU_QEMU_AARCH64  = setarch $(shell uname -m) -R qemu-aarch64 -L /usr/aarch64-linux-gnu

.PHONY: emu-test emu-test-programs emu-test-aarch64 emu-bench
emu-test-programs: $(EMU_TEST_PROGRAMS) ## the emulator's tests built, not run (make test's test-build)

emu-test: $(EMU_TEST_PROGRAMS) ## the CPU emulator's own tests (again with EMU_SWITCH=ucontext)
	@EMU_RUN='$(EMU_RUN)' EMU_TEST_KNOWN="$(EMU_TEST_KNOWN)" sh $(EMU_DIR)/tests/run.sh $(EMU_DIR)/tests build/emu-tests$(EMU_VARIANT) '$(EMU_TEST_CHECKS)'
ifneq ($(and $(EMU_TEST_AGAIN),$(filter $(EMU_SWITCH),$(EMU_SWITCH_DEFAULT))),)
	@echo "  the same tests with EMU_SWITCH=ucontext, the portable switch:"
	@$(MAKE) --no-print-directory EMU_SWITCH=ucontext emu-test
endif

emu-test-aarch64: ## the emulator's tests built for aarch64, run under qemu-user
	@$(MAKE) --no-print-directory EMU_CROSS=aarch64-linux-gnu- \
	    EMU_RUN='$(EMU_QEMU_AARCH64)' emu-test

EMU_BENCH := build/emu-bench$(EMU_VARIANT)/emu_bench
$(EMU_BENCH): $(EMU_DIR)/bench/emu_bench.cu $(call emu_lib,none) $(EMU_NVCC)
	@mkdir -p $(@D)
	@$(EMU_NVCC_ENV) $(EMU_NVCC) -O2 -Wall -Wextra -Werror -c $< -o $@.o
	@$(EMU_CXX) $@.o -o $@ $(call emu_lib,none) -lpthread

emu-bench: $(EMU_BENCH) ## the CPU emulator's speed (CUDA threads a second)
	@$(EMU_RUN) $<

-include $(wildcard build/emu-*/obj/*.d build/emu-tests*/*/*.d)
