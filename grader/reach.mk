# reach.mk: the course beyond this machine, for the root Makefile to
# include: a hosted GPU's notebook (notebooks/scanlab-colab.ipynb), a
# GitHub Classroom's workflow and points (.github/), the dev container
# (.devcontainer/) and VS Code's tasks (.vscode/); README.md, "Where to
# get a GPU", says what each is for.
#
#   make test-notebook    the notebook's cells up to the first that needs a GPU, on a student release
#   make test-classroom   actionlint, the workflow's steps and the dev container's set-up in clean roots
#
# Their checks are Python tools from PyPI (grader/reach-requirements.txt,
# pinned), in a venv under SCANLAB_CACHE named after the list's checksum,
# so that a new list makes a new one and an old one is kept from run to run.

REACH_REQUIREMENTS := grader/reach-requirements.txt
REACH_VENV  = $(SCANLAB_CACHE)/venv-$(shell cksum <$(REACH_REQUIREMENTS) | cut -d' ' -f1)
REACH_PY    = $(REACH_VENV)/bin/python

.PHONY: reach-venv test-notebook test-classroom
reach-venv: ## the venv of the notebook's and the workflow's checks (grader/reach-requirements.txt)
	@[ -x $(REACH_PY) ] || { echo "  VENV  $(REACH_VENV)"; rm -rf $(REACH_VENV).new && \
	  python3 -m venv $(REACH_VENV).new && \
	  $(REACH_VENV).new/bin/pip install -q --disable-pip-version-check --no-deps --only-binary=:all: \
	    -r $(REACH_REQUIREMENTS) && mv $(REACH_VENV).new $(REACH_VENV); }

# On a student release, as a student's copy is: a tarball, as the
# notebook's COURSE may be one.
test-notebook: reach-venv ## the Colab notebook's cells up to the first tagged needs-gpu, on a student release (nbclient)
	$(source_tree_only)
	@grader/tools/make-release.sh build/notebook-test/scanlab-student >/dev/null
	@rm -rf build/notebook-test/work
	@SCANLAB_COURSE=$(CURDIR)/build/notebook-test/scanlab-student.tar.gz SCANLAB_WORK=$(CURDIR)/build/notebook-test/work \
	  $(REACH_PY) grader/test/run-notebook.py notebooks/scanlab-colab.ipynb build/notebook-test/ran.ipynb

test-classroom: reach-venv ## the release's workflow passes actionlint; its steps, and the dev container's set-up, pass in clean Debian roots (root)
	$(source_tree_only)
	@ARM64_WORK=$(SCANLAB_CACHE)/arm64 grader/test/test-classroom.sh $(SCANLAB_CACHE)/amd64 build/classroom-test $(REACH_PY)
