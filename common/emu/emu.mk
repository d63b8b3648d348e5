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
#   emu-test      the emulator's own tests (the last line counts them)
#   emu-bench     the emulator's speed, in CUDA threads per second
#
# Everything is built under build/emu-$(CHECK)/ and build/emu-tests/.
# Variables and targets start with EMU_ or emu- so they cannot collide
# with the including Makefile's.

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
EMU_DEFINE_none     :=
EMU_DEFINE_race     := -DSCANLAB_EMU_CHECK_RACE
EMU_DEFINE_memory   := -DSCANLAB_EMU_CHECK_MEMORY
EMU_CHECKS          := none race memory
$(if $(filter $(CHECK),$(EMU_CHECKS)),,$(error CHECK must be none, race or memory, not '$(CHECK)'))

EMU_SANITIZE := $(EMU_SANITIZE_$(CHECK))
emu_lib       = build/emu-$(1)/libscanlab_emu.a
EMU_LIB      := $(call emu_lib,$(CHECK))
EMU_LDLIBS   := $(EMU_LIB) $(EMU_SANITIZE) -lstdc++ -lpthread -lm

# ---- The runtime library, one per check ----------------------------------

EMU_SOURCES  := $(wildcard $(EMU_DIR)/src/*.cpp $(EMU_DIR)/src/*.S)
EMU_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror -fno-exceptions \
                -I $(EMU_DIR)/include -MMD -MP
emu_objects   = $(patsubst $(EMU_DIR)/src/%,build/emu-$(1)/obj/%.o,$(EMU_SOURCES))

define EMU_LIBRARY_RULES
build/emu-$(1)/obj/%.cpp.o: $(EMU_DIR)/src/%.cpp
	@mkdir -p $$(@D)
	@echo "  CXX   $$< ($(1))"
	@g++ $(EMU_CXXFLAGS) $(EMU_DEFINE_$(1)) -c $$< -o $$@

build/emu-$(1)/obj/%.S.o: $(EMU_DIR)/src/%.S
	@mkdir -p $$(@D)
	@g++ -c $$< -o $$@

$(call emu_lib,$(1)): $(call emu_objects,$(1))
	@echo "  AR    $$@"
	@rm -f $$@ && ar rcs $$@ $$^
endef
$(foreach check,$(EMU_CHECKS),$(eval $(call EMU_LIBRARY_RULES,$(check))))

# ---- Tests ----------------------------------------------------------------
# Each tests/*.cu is a program; its "//! run" lines say how to run it, under
# which check and what to expect (see tests/run.sh). A test is built for
# every check its run lines name.

EMU_TEST_SOURCES := $(wildcard $(EMU_DIR)/tests/*.cu)
EMU_TEST_FLAGS   := -O1 -g -Wall -Wextra -Werror
emu_tests_for     = $(patsubst $(EMU_DIR)/tests/%.cu,build/emu-tests/$(1)/%,\
                    $(shell grep -l '^//! run $(1) ' $(EMU_TEST_SOURCES)))
EMU_TEST_PROGRAMS := $(foreach check,$(EMU_CHECKS),$(call emu_tests_for,$(check))) \
                     build/emu-tests/none/c_host
# Test objects are kept, so that make neither rebuilds them nor prints
# their removal last. (.PRECIOUS, not .SECONDARY: listing targets there
# would cancel an including Makefile's plain ".SECONDARY:".)
.PRECIOUS: $(foreach check,$(EMU_CHECKS),build/emu-tests/$(check)/%.o)

define EMU_TEST_RULES
build/emu-tests/$(1)/%.o: $(EMU_DIR)/tests/%.cu $(EMU_NVCC)
	@mkdir -p $$(@D)
	@echo "  NVCC  $$< ($(1))"
	@$(EMU_NVCC) $(EMU_TEST_FLAGS) $(EMU_SANITIZE_$(1)) -MMD -MP -c $$< -o $$@

build/emu-tests/$(1)/%: build/emu-tests/$(1)/%.o $(call emu_lib,$(1))
	@g++ $$< -o $$@ $(call emu_lib,$(1)) $(EMU_SANITIZE_$(1)) -lpthread
endef
$(foreach check,$(EMU_CHECKS),$(eval $(call EMU_TEST_RULES,$(check))))

# C host code (gcc, C11) calling kernels of a .cu file, as the labs' tests do.
build/emu-tests/none/c_host: $(EMU_DIR)/tests/c_host.c build/emu-tests/none/c_host_kernels.o \
                             $(call emu_lib,none)
	@gcc -std=c11 $(EMU_TEST_FLAGS) $(EMU_CFLAGS) $(filter-out %.a,$^) -o $@ \
	    $(call emu_lib,none) -lstdc++ -lpthread -lm

.PHONY: emu-test emu-bench
emu-test: $(EMU_TEST_PROGRAMS) ## the CPU emulator's own tests
	@sh $(EMU_DIR)/tests/run.sh $(EMU_DIR)/tests build/emu-tests

build/emu-bench/emu_bench: $(EMU_DIR)/bench/emu_bench.cu $(call emu_lib,none) $(EMU_NVCC)
	@mkdir -p $(@D)
	@$(EMU_NVCC) -O2 -Wall -Wextra -Werror -c $< -o $@.o
	@g++ $@.o -o $@ $(call emu_lib,none) -lpthread

emu-bench: build/emu-bench/emu_bench ## the CPU emulator's speed (CUDA threads a second)
	@$<

-include $(wildcard build/emu-*/obj/*.d build/emu-tests/*/*.d)
