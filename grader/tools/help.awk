# help.awk: make help, from the Makefile and its parts: every target and
# every knob, each with the line that follows its `## `.
#
#   awk -f grader/tools/help.awk Makefile grader/labs.mk ...          (make help)
#   awk -v mode=targets -f grader/tools/help.awk FILES...   the targets' names, one a line
#   awk -v mode=check -f grader/tools/help.awk FILES...     exit 1, saying where, when a
#                      knob (a ?= line) or a target of .PHONY has no `## ` line
#
# A target is a rule line that is not a recipe, e.g.
#     grade: deps ## grade LAB (default: every lab) on BACKEND, and print the scoreboard
# and a knob an assignment, its `##` right after its value, e.g.
#     TREE    ?= labs## labs (your work) or solutions (the reference)
# printed as "TREE=labs" (a default made by a function is left out: its
# line says it). A static pattern rule of a list, e.g.
#     $(TEST_STEPS:%=test-step/%): test-step/%: ... ## one step of make test
# is listed as its pattern, test-step/STEP. A knob set in two files is
# listed once, where it is first read.

function meaning(line) { sub(/^[^#]*## */, "", line); return line }

# Lines of a define ... endef are a recipe's or a value's, not rules.
/^define[ \t]/ { in_define = 1; next }
in_define { if ($0 ~ /^endef/) in_define = 0; next }
/^\t/ || /^[ \t]*#/ { next }

# .PHONY's names, over continued lines: the targets that must have a line.
/^\.PHONY:/ || continued_phony {
    line = $0
    sub(/^\.PHONY:/, "", line)
    continued_phony = (line ~ /\\$/)
    sub(/\\$/, "", line)
    n = split(line, names, /[ \t]+/)
    for (i = 1; i <= n; i++)
        if (names[i] != "" && names[i] !~ /\$/ && !(names[i] in phony)) {
            phony[names[i]] = FILENAME ":" FNR
            phony_order[++phonies] = names[i]
        }
    next
}

# A knob: NAME ?= value, or any assignment with its `## `.
/^(export[ \t]+)?[A-Za-z_][A-Za-z0-9_]*[ \t]*(\?|:|\+)?=/ {
    line = $0
    sub(/^export[ \t]+/, "", line)
    name = line; sub(/[ \t]*(\?|:|\+)?=.*/, "", name)
    if (line !~ /## /) {
        if (line ~ /^[A-Za-z0-9_]*[ \t]*\?=/ && !(name in knob)) missing[++missings] = FILENAME ":" FNR ": the knob " name " has no `## ` line"
        next
    }
    if (name in knob) next
    value = line; sub(/^[^=]*=[ \t]*/, "", value); sub(/[ \t]*##.*/, "", value)
    knob[name] = 1
    knob_file[++knobs] = FILENAME
    knob_shown[knobs] = name (value ~ /\$/ ? "" : "=" value)
    knob_line[knobs] = meaning($0)
    next
}

# A target: NAME [NAME...]: prerequisites ## meaning.
/^[^ \t=#][^=]*:([^=]|$)/ {
    if ($0 !~ /## /) next
    head = $0; sub(/:.*/, "", head)
    if (head ~ /^\$\(/) {                    # a static pattern rule: its pattern
        head = $0; sub(/^\$\([^)]*\):[ \t]*/, "", head); sub(/:.*/, "", head); gsub(/%/, "STEP", head)
    }
    n = split(head, names, /[ \t]+/)
    for (i = 1; i <= n; i++) {
        if (names[i] == "" || names[i] in target) continue
        target[names[i]] = 1
        target_file[++targets] = FILENAME
        target_name[targets] = names[i]
        target_line[targets] = meaning($0)
    }
}

END {
    if (mode == "targets") {
        for (i = 1; i <= targets; i++) print target_name[i]
        exit 0
    }
    if (mode == "check") {
        for (i = 1; i <= phonies; i++)
            if (!(phony_order[i] in target))
                missing[++missings] = phony[phony_order[i]] ": the target " phony_order[i] " has no `## ` line"
        for (i = 1; i <= missings; i++) print "make help: " missing[i] > "/dev/stderr"
        exit (missings > 0)
    }
    print "ScanLab: make TARGET [KNOB=value ...], e.g. make grade LAB=02 BACKEND=emu"
    print ""
    print "Targets:"
    for (i = 1; i <= targets; i++) {
        if (target_file[i] != last) { last = target_file[i]; printf "  (%s)\n", last }
        printf "  make %-21s %s\n", target_name[i], target_line[i]
    }
    print ""
    print "Knobs (NAME=default where it is one value):"
    last = ""
    for (i = 1; i <= knobs; i++) {
        if (knob_file[i] != last) { last = knob_file[i]; printf "  (%s)\n", last }
        printf "  %-25s %s\n", knob_shown[i], knob_line[i]
    }
}
