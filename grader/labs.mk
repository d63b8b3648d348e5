# labs.mk: how each lab's programs are built, for the root Makefile to
# include after its knobs and tools (CFLAGS, NVCC, LINK, emu.mk's EMU_LIB).
#
# Every lab's programs come from three places: the lab's own files
# (TREE/NN-name/, the student's or the reference's), its grader
# (grader/labs/NN-name/: tests, driver, perf task, benchmark, oracle) and
# the shared support code (common/, grader/support/). Each lab's program
# is $(BUILD)/TREE/NN-name/PROGRAM:
#
#   tests              the grader's tests (Criterion), one process a test
#   tests-one-process  the same tests in one process (a GPU grade's first pass)
#   run                make run's driver: one input's arrays, printed
#   perf               the graded performance task (the rubric's perf:: lines)
#
# and beside them the fast references' tests (solutions/NN-name/fast/tests)
# and make bench's programs ($(BUILD)/TREE/bench_NAME). The targets that
# measure are here too: bench, report, profile, data and nvcomp.

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
# lab 08's oracle (its object apart from $(BUILD)/scanzip, the tool:
# below). one_process.c is not: it stands in for libcriterion
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

# How a C file and a .cu file are compiled (scanzip.mk compiles the GPU
# engine into its own objects the same way).
define compile_c
@mkdir -p $(@D)
@echo "  CC    $<"
@$(COMPILER_LAUNCHER) $(CC) $(CFLAGS) -MMD -MP -c $< -o $@
endef
define compile_cu
@mkdir -p $(@D)
@echo "  NVCC  $<"
@$(NVCC) $(NVCCFLAGS) -MMD -MP -c $< -o $@
endef

$(BUILD)/%.c.o: %.c
	$(compile_c)

# scanzip's CPU codec as the grader's library has it (lab 08's oracle:
# CFLAGS, the check's sanitizer and all), in a folder of the grader's:
# $(BUILD)/scanzip is the tool (scanzip/scanzip.mk).
ORACLE_CODEC := $(BUILD)/grader/scanzip/codec.c.o
$(ORACLE_CODEC): scanzip/codec.c
	$(compile_c)

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
	$(compile_cu)

# The references see the guided edition's headers in either edition: the
# open one's lack the steps' declarations (#ifndef SCANLAB_GUIDANCE_OPEN
# in common/*.h), which the references, written the guided way, use
# (lab 07's status words); no file of solutions/ reads the macro.
$(BUILD)/solutions/%.cu.o: NVCCFLAGS += -USCANLAB_GUIDANCE_OPEN

# Keep objects that make would otherwise delete as intermediate files, and
# let the prerequisites below use $$* (expanded once the target is known).
.PRECIOUS: $(BUILD)/%.c.o $(BUILD)/%.cu.o $(BUILD)/reference/%.o
.SECONDEXPANSION:

# A lab's test program: the grader's tests for it (and the instructor's
# hidden ones, when its folder has hidden_tests.c), the lab's own files,
# what it builds on, and the shared support code. $* is the lab folder,
# e.g. labs/02-naive-scan.
$(SUPPORT_LIB): $(SUPPORT_OBJS) $(ORACLE_CODEC)
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
BENCH           ?= $(BENCHES)## make bench: which benchmarks (scan compact rle pack single_pass cascade; default all)
bench_lab        = $(firstword $(foreach lab,$(BENCH_LABS),$(if $(filter $(1),$(BENCH_NAME_$(lab))),$(lab))))
bench_objects    = $(sort $(foreach lab,$(BENCH_TIMES_$(call bench_lab,$(1))),\
                     $(call lab_objects,$(TREE)/$(lab)) $(call provided_objects,$(lab)) \
                     $(call fast_objects,$(lab))))

# The benchmarks time the fast references where they are (not in a
# student's copy): a lab's bench.cu has their rows under this define.
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
NVCOMP       ?= build/nvcomp## where make nvcomp puts nvCOMP and bench_cascade finds it; NVCOMP= builds the bench without it
NVCOMP_FOUND := $(if $(NVCOMP),$(wildcard $(NVCOMP)/fetched))
NVCOMP_OBJ   := $(BUILD)/grader/labs/08-compressor/bench_nvcomp.cu.o
NVCOMP_STAMP := $(dir $(NVCOMP_OBJ))nvcomp.$(if $(NVCOMP_FOUND),on,off)
$(NVCOMP_STAMP):
	@mkdir -p $(@D) && rm -f $(@D)/nvcomp.on $(@D)/nvcomp.off && touch $@
$(NVCOMP_OBJ): $(NVCOMP_STAMP) $(NVCOMP_FOUND)
$(NVCOMP_OBJ): NVCCFLAGS += $(if $(NVCOMP_FOUND),-DSCANLAB_NVCOMP -isystem $(NVCOMP)/include)
$(BUILD)/$(TREE)/bench_cascade: $(NVCOMP_OBJ)
$(BUILD)/$(TREE)/bench_cascade: BENCH_LIBS := $(if $(NVCOMP_FOUND),-L$(NVCOMP)/lib -lnvcomp -Xlinker -rpath=$(abspath $(NVCOMP)/lib))


.PHONY: bench report profile data nvcomp

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
# BENCH_LOG=file shows what that run printed. The tables make profile
# left in build/profile/ have a section of their own.
REPORT_DIR := build/report
ANSWERS    ?= labs/answers.md## make report: your answers to its questions
BENCH_CSV  ?=## make report: build the page from this CSV of make bench's, run elsewhere (no GPU needed here)
BENCH_LOG  ?=## make report with BENCH_CSV: what that make bench printed, shown on the page
report: ## your make bench numbers beside CUB and the reference, with questions, and make profile's tables: build/report/report.html (GPU; or BENCH_CSV=file.csv)
ifeq ($(BENCH_CSV),)
	@$(if $(filter cuda,$(BACKEND)),,echo "make report runs make bench, which needs a GPU (BACKEND=cuda); without one, build it from a CSV make bench wrote on one: make report BENCH_CSV=file.csv" && exit 1)
	@mkdir -p $(REPORT_DIR)
	@{ $(MAKE) --no-print-directory bench; echo $$? >$(REPORT_DIR)/bench.status; } 2>&1 | tee $(REPORT_DIR)/bench.txt
	@[ "$$(cat $(REPORT_DIR)/bench.status)" = 0 ] || \
	  echo "make report: make bench stopped early ($(REPORT_DIR)/bench.txt says why); the page shows the rows it wrote"
	@[ -s $(BUILD)/bench.csv ] || { echo "make report: make bench wrote no rows into $(BUILD)/bench.csv"; exit 1; }
	@cp $(BUILD)/bench.csv $(REPORT_DIR)/bench.csv
	@docs/report/build.sh --answers '$(ANSWERS)' --log $(REPORT_DIR)/bench.txt --profile $(PROFILE_DIR) \
	  $(REPORT_DIR)/bench.csv $(REPORT_DIR)
else
	@docs/report/build.sh --answers '$(ANSWERS)' --log '$(BENCH_LOG)' --profile $(PROFILE_DIR) '$(BENCH_CSV)' $(REPORT_DIR)
endif

# Nsight Compute's counters of one call of a lab's timed function (its
# perf program's, at the graded size), yours beside the reference's:
# grader/tools/profile.sh says how, and what it shows where counters
# cannot be read. The table stays in build/profile/ for make report.
PROFILE_DIR  := build/profile
PROFILE_LABS := $(foreach lab,$(wildcard grader/labs/*/perf.c),$(firstword $(subst -, ,$(notdir $(patsubst %/perf.c,%,$(lab))))))
NCU          ?=## make profile: the ncu to run (default: ncu on PATH, else CUDA_HOME/bin/ncu)
profile: ## Nsight Compute's counters of LAB's timed function, yours beside the reference's, with what each means and what to try (a GPU and ncu; else the reference's recorded ones)
	@$(if $(filter 1,$(words $(LABS))),,echo "make profile needs one lab: LAB=NN, one of $(PROFILE_LABS)" && exit 1)
	@$(if $(filter $(LABS),$(PERF_LABS)),,echo "make profile: lab $(LABS) has no timed function (the labs that have one: $(PROFILE_LABS))" && exit 1)
	@$(if $(filter cuda,$(BACKEND)),$(MAKE) --no-print-directory $(BUILD)/$(TREE)/$(LABS)/perf)
	@NCU='$(NCU)' CUDA_HOME='$(CUDA_HOME)' PERF_N='$(PERF_N)' SEED='$(SEED)' \
	  grader/tools/profile.sh $(BUILD)/$(TREE)/$(LABS)/perf $(BACKEND) $(PROFILE_DIR)

# Real data for the compression benchmarks (not the tests, which make
# their own): Debian's mricron-data and jbigkit-testdata.
data: ## fetch the real data sets into build/data (brain volumes, a CCITT page; apt-get download), and make a 512^3 volume and controls
	@grader/tools/fetch-data.sh build/data

# NVIDIA's nvCOMP, for bench_cascade only (NVCOMP, above): nothing else
# in the course needs it.
nvcomp: ## fetch NVIDIA's nvCOMP (proprietary; pip download, never committed) into build/nvcomp: make bench BENCH=cascade then times it too
	@grader/tools/fetch-nvcomp.sh $(or $(NVCOMP),build/nvcomp)
