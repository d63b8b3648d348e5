# release.mk: what a class receives and grading many at once, for the root
# Makefile to include: the skeletons made from the solutions (skeletons,
# check-skeletons, the open edition's), the students' tree (student-release),
# Gradescope's autograder, a folder of submissions graded (batch), and the
# builds a GPU machine grades from (gpu-bundle, planted-builds).

.PHONY: skeletons check-skeletons student-release gradescope batch planted-builds gpu-bundle


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
student-release: check-skeletons ## build/release/: the students' tree and tarball (no solutions, no hidden tests; GUIDANCE=open: the open edition)
	$(source_tree_only)
	@grader/tools/make-release.sh --guidance $(GUIDANCE) build/release/scanlab-student

gradescope: check-skeletons ## build/gradescope/autograder.zip: Gradescope's autograder (emulator, hidden tests in)
	$(source_tree_only)
	@grader/tools/install-deps.sh zip
	@grader/tools/make-release.sh --guidance $(GUIDANCE) --grading build/gradescope/tree
	@grader/gradescope/make-autograder.sh build/gradescope/tree build/gradescope

# make batch (docs/instructors.md#batch): grader/tools/batch.sh says how.
SUBMISSIONS     ?=## make batch: a folder of submissions (folders, .tar.gz, .zip)
ENGINE          ?= local## make batch: local (this machine's CPUs or GPUs) or slurm (a job array)
WORKERS_PER_GPU ?=## make batch on GPUs: workers a GPU (default 3)
batch: deps ## grade every submission of SUBMISSIONS=dir into build/batch/gradebook.csv
	@$(if $(SUBMISSIONS),,echo "make batch needs SUBMISSIONS=dir (folders, .tar.gz or .zip of lab files)" && exit 1)
	@ENGINE='$(ENGINE)' GUIDANCE='$(GUIDANCE)' WORKERS_PER_GPU='$(WORKERS_PER_GPU)' grader/tools/batch.sh '$(SUBMISSIONS)' build/batch

# Both trees built for the GPU (CUDA_ARCH, e.g. -arch=sm_90; all-major
# without a GPU here), then copied with their libraries into one folder.
planted-builds: ## build each planted bug's lab (grader/labs/*/planted/) on BACKEND, as grader/test/grade-planted.sh grades it (on a GPU: from make gpu-bundle)
	$(source_tree_only)
	@for script in grader/labs/*/planted/*.sed; do \
	  name=$$(basename $$script .sed); lab=$$(sed -n 's/^# lab: //p' $$script); \
	  grader/test/plant.sh $$script $$lab build/planted/$$name || exit 1; \
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

