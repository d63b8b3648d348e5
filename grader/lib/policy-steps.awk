# policy-steps.awk: which graded steps reach a function an earlier lab
# provides, in the compiled objects (policy-check.sh runs it).
#
#   awk -f policy-steps.awk POLICY DUMP
#
# POLICY is a lab's policy.txt: lines "step FUNCTION FORBIDDEN,... REASON"
# (grader/labs/README.md). DUMP is what objdump says of the objects:
# `objdump -t` (the symbol table), `objdump -dr --no-show-raw-insn` (the
# code, each relocation under its instruction) and `objdump -r` (the data
# sections' relocations). The call graph is every reference from one
# function to another: a call or jump the assembler resolved itself (a
# static function in the same section: "call 1a0 <_ZL11measure_one...>"),
# a relocation under an instruction ("R_X86_64_PLT32 pack_encode-0x4",
# or ".text+0x19c" for a local function elsewhere), and a pointer stored in
# a data section that a function refers to (a table of function pointers).
# For each step, one line per forbidden function it reaches:
#
#   FUNCTION <TAB> FORBIDDEN <TAB> FUNCTION -> helper -> FORBIDDEN <TAB> REASON
#
# An instruction's own "<name+0x..>" is ignored when a relocation follows
# it: in an object not yet linked a call's target there is only a
# placeholder (often the next instruction, or the next function).

# ---- The policy -------------------------------------------------------------

FILENAME == ARGV[1] && $1 == "step" {
    steps++
    step_function[steps] = $2
    step_forbidden[steps] = $3
    reason = $0
    sub(/^[ \t]*step[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]+/, "", reason)
    step_reason[steps] = reason
    next
}
FILENAME == ARGV[1] { next }

# ---- The dump ---------------------------------------------------------------

/^SYMBOL TABLE:/ { part = "symbols"; next }
/^Disassembly of section / { part = "code"; section = $4; sub(/:$/, "", section); function_name = ""; next }
/^RELOCATION RECORDS FOR \[/ {
    part = "relocations"; section = $4; gsub(/[\[\]:]/, "", section); next
}

# "0000000000000221 l     F .text	0000000000000043 _ZL15check_argumentsPKvS0_mj"
part == "symbols" && NF >= 4 {
    line = $0
    name = $NF
    if (match(line, /[ \t]F[ \t]+[^ \t]+[ \t]+[0-9a-f]+[ \t]/)) {
        split(substr(line, RSTART, RLENGTH), field, /[ \t]+/)
        functions_in[field[3]] = functions_in[field[3]] " " name
        start[name] = hex(substr(line, 1, 16))
        size[name] = hex(field[4])
    } else if (match(line, /[ \t]O[ \t]+[^ \t]+[ \t]/)) {
        split(substr(line, RSTART, RLENGTH), field, /[ \t]+/)
        object_section[name] = field[3]
    }
    next
}

# "0000000000002881 <cascade_frame_bytes>:"
part == "code" && /^[0-9a-f]+ <.*>:$/ {
    flush_pending()
    function_name = $2
    gsub(/[<>:]/, "", function_name)
    next
}

# "			28cc: R_X86_64_PLT32	pack_encode-0x4"
part == "code" && /^[ \t]+[0-9a-f]+: R_/ {
    pending = ""
    edge(function_name, target_of($3, $2, 0))
    next
}

# "    28cb:	call   28d0 <cascade_frame_bytes+0x4f>"
part == "code" && /^[ \t]+[0-9a-f]+:/ {
    flush_pending()
    if (match($0, /<[^<>]+>[ \t]*$/)) {
        pending = substr($0, RSTART + 1, RLENGTH - 1)
        sub(/>[ \t]*$/, "", pending)
        sub(/\+0x[0-9a-f]+$/, "", pending)
    }
    next
}

# "0000000000000010 R_X86_64_64       pack_encode" in .data.rel.ro and the like:
# what the section points at, for the functions that refer to it.
part == "relocations" && section ~ /^\.(data|rodata|tdata)/ && $2 ~ /^R_/ {
    edge("[" section "]", target_of($3, $2, 1))
    next
}

function flush_pending() {
    if (pending != "")
        edge(function_name, pending)
    pending = ""
}

function hex(text,    value, k, digit) {
    value = 0
    text = tolower(text)
    for (k = 1; k <= length(text); k++) {
        digit = index("0123456789abcdef", substr(text, k, 1))
        if (digit == 0)
            break
        value = value * 16 + digit - 1
    }
    return value
}

# A relocation's symbol as a node: a function's name; a section and an
# offset resolved to the function there (x86-64's PC-relative kinds count
# from 4 bytes before their target); data (a section, or an object in one)
# as the node of its section. From data (`exact`), only a function's first
# byte counts: a pointer to a function is that, and a switch's jump table
# in .rodata points inside one.
function target_of(value, kind, exact,    name, offset, sign, names, k, where, first) {
    name = value
    offset = 0
    if (match(name, /[+-]0x[0-9a-f]+$/)) {
        sign = substr(name, RSTART, 1)
        offset = hex(substr(name, RSTART + 3))
        if (sign == "-")
            offset = -offset
        name = substr(name, 1, RSTART - 1)
    }
    if (name in object_section)
        return "[" object_section[name] "]"
    if (name !~ /^\./)
        return name
    if (name !~ /^\.text/)
        return "[" name "]"
    where = offset + (!exact && kind ~ /^R_X86_64_(PC32|PLT32)$/ ? 4 : 0)
    split(functions_in[name], names, " ")
    for (k in names) {
        first = start[names[k]]
        if (exact ? where == first : first <= where && where < first + size[names[k]])
            return names[k]
    }
    return exact ? "" : name   # code without a symbol: objdump names it by its section too
}

function edge(from, to) {
    if (from == "" || to == "" || from == to || ((from, to) in seen))
        return
    seen[from, to] = 1
    callees[from] = callees[from] " " to
}

# ---- What each step reaches ----------------------------------------------------

END {
    for (s = 1; s <= steps; s++) {
        delete parent
        delete forbidden
        split(step_forbidden[s], list, ",")
        for (k in list)
            forbidden[list[k]] = 1
        root = step_function[s]
        queue[1] = root
        parent[root] = ""
        head = 1; tail = 1
        while (head <= tail) {
            node = queue[head++]
            count = split(callees[node], next_nodes, " ")
            for (k = 1; k <= count; k++) {
                callee = next_nodes[k]
                if (callee in parent)
                    continue
                parent[callee] = node
                if (callee in forbidden) {
                    path = callee
                    for (up = node; up != ""; up = parent[up])
                        path = up " -> " path
                    printf "%s\t%s\t%s\t%s\n", root, callee, path, step_reason[s]
                    continue
                }
                queue[++tail] = callee
            }
        }
    }
}
