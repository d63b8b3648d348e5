# docs.mk: the course site, for the root Makefile to include: make docs
# (either edition), docs-data (the figures' data) and test-docs (its
# checks, a step of make test). docs/build.sh builds the site, docs/check*.sh
# check it.

.PHONY: docs docs-data test-docs gpu-examples

# The site has two editions (docs/build.sh says what each shows): the
# student edition, the default and the one a student release builds, which
# never shows what students write; and the full edition, with the
# references, for self-learners and instructors, which needs solutions/.
EDITION  ?= student## make docs: the student edition (no solution shown) or full (the references too)
$(if $(filter student full,$(EDITION)),,$(error EDITION must be student or full, not '$(EDITION)'))
DOCS_OUT := build/docs$(if $(filter full,$(EDITION)),-full)

docs: ## build the course site (pandoc; nothing fetched): EDITION=student into build/docs, full into build/docs-full
	$(if $(filter full,$(EDITION)),$(source_tree_only))
	@grader/tools/install-deps.sh pandoc gnuplot
	@SCANLAB_REPO_URL='$(REPO_URL)' SCANLAB_DOWNLOAD_URL='$(DOWNLOAD_URL)' docs/build.sh --edition $(EDITION) $(DOCS_OUT)
	@echo "  open $(DOCS_OUT)/index.html"

# The figures are drawn from docs/data/figures/, what the solutions print;
# the full edition's build fails when the solutions print something else.
docs-data: ## recompute docs/data/figures/ (the figures' data) from the solutions; commit the result
	$(source_tree_only)
	@rm -rf docs/data/figures && docs/figure-data.sh docs/data/figures

# Both editions build (the full one checks the figure data); the student
# one passes every check of docs/check.sh and shows no line of a solution,
# which the full one does show; a student release builds the same site.
test-docs: ## both editions build, their links resolve, the student one shows no solution, loads in Chromium, fits 400 px and finds every glossary term by search; every measured number (the READMEs' too) is a datum of docs/data/; the chapters' predicted outputs and self-check answers are the references'; the emulator's path needs no CUDA toolkit; a student release builds it and names no file it lacks, and the open edition's READMEs name nothing its skeletons lack; rubric tables match; make report's page builds from recorded CSVs
	$(source_tree_only)
	@grader/tools/install-deps.sh pandoc gnuplot chromium
	@grader/test/check-rubric-tables.sh
	@docs/build.sh build/docs && docs/check.sh build/docs
	@docs/build.sh --edition full build/docs-full && docs/check.sh --links build/docs-full
	@docs/check-leaks.sh build/docs build/docs-full
	@docs/check-predictions.sh
	@docs/check-no-toolkit.sh
	@docs/check-readme-datums.sh
	@docs/check-release.sh build/docs build/docs-release/scanlab-student
	@grader/tools/make-release.sh --guidance open build/release-open/scanlab-student >/dev/null
	@docs/check-names.sh build/release-open/scanlab-student
	@docs/report/test.sh build/report-test


# The experiments of the chapter "How a GPU runs your kernel" (docs/gpu.md),
# docs/examples/gpu.cu, as a program of either backend: docs/build.sh runs
# its check on the emulator; make gpu-examples times them on a GPU, into
# the CSV the chapter's figures are drawn from (docs/data/gpu-h200.csv is
# one such run; docs/examples/gpu-ncu.sh adds the counters).
GPU_EXAMPLES := $(BUILD)/docs/examples/gpu
$(GPU_EXAMPLES): $(BUILD)/docs/examples/gpu.cu.o $(BUILD)/grader/support/perf/timing.c.o \
                 $(if $(filter emu,$(BACKEND)),$(EMU_LIB))
	@echo "  LINK  $@"
	@$(LINK) $(filter %.o,$^) -o $@ $(if $(filter emu,$(BACKEND)),$(EMU_LDLIBS))

gpu-examples: ## time the GPU chapter's experiments (docs/examples/gpu.cu) into build/gpu-examples.csv (BACKEND=cuda, a GPU)
	@$(if $(filter cuda,$(BACKEND)),,echo "make gpu-examples needs BACKEND=cuda and a GPU" && exit 1)
	@$(MAKE) --no-print-directory $(GPU_EXAMPLES)
	@$(GPU_EXAMPLES) measure >build/gpu-examples.csv.part && mv build/gpu-examples.csv.part build/gpu-examples.csv
	@echo "  csv: build/gpu-examples.csv"
