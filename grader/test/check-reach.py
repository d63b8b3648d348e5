#!/usr/bin/env python3
"""check-reach.py: read the files that take the course beyond this
machine, for make test-classroom (grader/test/test-classroom.sh).

    check-reach.py workflow GRADE_YML OUT_DIR   each run: step of the job as OUT_DIR/NN.sh, in order,
                                                and OUT_DIR/artifacts: the paths upload-artifact keeps
    check-reach.py devcontainer DIR OUT.sh      Dockerfile's ARG defaults and RUN lines, then
                                                devcontainer.json's postCreateCommand, as one script
    check-reach.py autograding JSON RUBRIC_TSV  each lab's Classroom points are its rubric's, the
                                                speed points left out (no GPU on GitHub's runners)
    check-reach.py tasks TASKS_JSON LINE...     the problem matcher is the same in every task and
                                                finds FILE:LINE in each LINE given (the grader's)

Each exits 1 with a line saying what is wrong.
"""
import json
import os
import re
import sys

import yaml


def fail(message):
    sys.exit(f"check-reach.py: {message}")


def workflow(path, out):
    with open(path) as file:
        flow = yaml.safe_load(file)
    jobs = flow.get("jobs", {})
    if len(jobs) != 1:
        fail(f"{path}: one job expected, found {len(jobs)}")
    steps = next(iter(jobs.values()))["steps"]
    os.makedirs(out, exist_ok=True)
    count, kept = 0, []
    for step in steps:
        if "run" in step:
            count += 1
            with open(os.path.join(out, f"{count:02d}.sh"), "w") as script:
                script.write(f"# {step.get('name', 'step')}\n{step['run']}\n")
        elif step.get("uses", "").startswith("actions/upload-artifact@"):
            kept += step["with"]["path"].split()
    if count == 0 or not kept:
        fail(f"{path}: no run: steps, or nothing kept by upload-artifact")
    with open(os.path.join(out, "artifacts"), "w") as file:
        file.write("\n".join(kept) + "\n")


def devcontainer(folder, out):
    with open(os.path.join(folder, "devcontainer.json")) as file:
        config = json.loads("".join(line for line in file if not line.lstrip().startswith("//")))
    with open(os.path.join(folder, config["build"]["dockerfile"])) as file:
        lines = file.read().replace("\\\n", " ").splitlines()
    script = ["set -e"]
    args = config["build"].get("args", {})
    for line in lines:
        words = line.split(None, 1)
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "ARG":
            name, _, default = words[1].partition("=")
            script.append(f"{name}={json.dumps(args.get(name, default))}")
        elif words[0] == "RUN":
            script.append(words[1])
        elif words[0] != "FROM":
            fail(f"{folder}: the Dockerfile's {words[0]} is not run by this check")
    script.append(config["postCreateCommand"])
    with open(out, "w") as file:
        file.write("\n".join(script) + "\n")


def autograding(path, rubric):
    points = {}
    with open(rubric) as file:
        for line in file:
            lab, test, value, visibility = line.rstrip("\n").split("\t")[:4]
            if not test.startswith("perf::") and visibility != "hidden":
                points[lab] = points.get(lab, 0) + float(value)
    with open(path) as file:
        tests = json.load(file)["tests"]
    given = {test["name"]: test["points"] for test in tests}
    if given != points:
        fail(f"{path}: points {given} are not the rubrics' {points}")
    for test in tests:
        if f"LAB={test['name'][:2]} " not in test["run"] or "EXPECT=full" not in test["run"]:
            fail(f"{path}: {test['name']} does not grade LAB={test['name'][:2]} with EXPECT=full")
    print(f"  autograding.json: {len(tests)} labs, {sum(given.values()):g} points, the rubrics' less the speed points")


def tasks(path, lines):
    with open(path) as file:
        config = json.loads("".join(line for line in file if not line.lstrip().startswith("//")))
    matchers = [m for task in config["tasks"] for m in task["problemMatcher"] if isinstance(m, dict)]
    if len(matchers) != len(config["tasks"]) or any(m != matchers[0] for m in matchers):
        fail(f"{path}: every task needs the same problem matcher")
    pattern = matchers[0]["pattern"]
    regexp = re.compile(pattern["regexp"])
    for line in lines:
        found = regexp.match(line)
        if not found or not os.path.isfile(found.group(pattern["file"])):
            fail(f"{path}: the matcher finds no file of this tree in: {line}")
        print(f"  tasks.json: {found.group(pattern['file'])}:{found.group(pattern['line'])} <- {line.strip()[:90]}")


def main():
    commands = {"workflow": (workflow, 2), "devcontainer": (devcontainer, 2), "autograding": (autograding, 2)}
    if len(sys.argv) >= 3 and sys.argv[1] == "tasks":
        tasks(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) >= 2 and sys.argv[1] in commands and len(sys.argv) == 2 + commands[sys.argv[1]][1]:
        commands[sys.argv[1]][0](*sys.argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
