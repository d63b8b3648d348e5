#!/bin/sh
# policy-check.sh: what a submission may not do, checked before it runs.
#
#   grader/lib/policy-check.sh LAB_DIR OBJECT_DIR
#
# LAB_DIR holds the student's sources (labs/02-naive-scan, ...); OBJECT_DIR
# the objects `make` compiled from them. Prints one line per violation
# ("policy: ...") and exits 1 if there is any; the lab then scores 0.
#
# Two looks at the same code:
# - the sources: Thrust, CUB and CUDPP (the labs ask for your own kernels),
#   the grader's oracle_* functions (the expected answers), inline assembly;
# - the compiled objects' symbols (nm): what the code really calls
#   (undefined) or made of a library's templates (defined: CUB, Thrust),
#   whatever macros or token pasting hid in the source. Leaving the
#   process (exit, _exit, fork, exec, kill, raw syscall), touching files
#   (open, fopen, mkdir, unlink, rename, write to a descriptor), loading code
#   (dlopen, dlsym), changing signal handling, oracle_*, reference_*
#   (the reference the performance test links in beside the student's
#   code: grader/support/perf/perf.h), scanzip_* (scanzip's CPU codec, in
#   the grader's library for lab 08's agreement test: a decoder in a
#   library call), and the test framework's own functions
#   (criterion_*, cr_*, main: what grade.sh's one-process run is made of)
#   are refused.
#   printf and friends stay allowed: stdout is only a log, never the verdict.
# - a lab's own rules (grader/labs/LAB/policy.txt): a graded step may not
#   reach an earlier lab's provided functions, which would do it in the
#   student's place, directly or through the file's own functions; the
#   objects' call graph is read from objdump (policy-steps.awk), where
#   there is a GNU objdump (not on macOS: there that rule is not checked).
set -eu
dir=$1 objects=$2
found=0
say() { echo "policy: $*"; found=1; }

for source in "$dir"/*.c "$dir"/*.cu "$dir"/*.h "$dir"/*.cuh; do
    [ -f "$source" ] || continue
    file=${source#./}
    hit() { grep -n -E "$1" "$source" | head -n 1 | cut -d: -f1; }
    line=$(hit '#[[:space:]]*include[[:space:]]*[<"](thrust|cub|cudpp)|(thrust|cub)::|cudpp')
    [ -n "$line" ] && say "$file:$line uses Thrust, CUB or CUDPP: this lab asks for your own kernels"
    line=$(hit '(^|[^A-Za-z0-9_])oracle_')
    [ -n "$line" ] && say "$file:$line names the grader's oracle (oracle_*): tests compare against it, code under test may not call it"
    line=$(hit '(^|[^A-Za-z0-9_])(exit|_exit|_Exit|quick_exit|abort)[[:space:]]*\(')
    [ -n "$line" ] && say "$file:$line ends the process (exit, _exit, abort): a test must see your function return"
    line=$(hit '(^|[^A-Za-z0-9_])(__asm__|__asm|asm)([^A-Za-z0-9_]|$)')
    [ -n "$line" ] && say "$file:$line uses inline assembly, which the grader does not accept"
done

denied='^(exit|_exit|_Exit|quick_exit|at_quick_exit|syscall|fork|vfork|clone|clone3|execve|execv|execvp|execvpe|execl|execlp|execle|fexecve|posix_spawn|posix_spawnp|system|popen|kill|killpg|tgkill|raise|signal|sigaction|sigprocmask|pthread_sigmask|setitimer|alarm|open|open64|openat|openat64|creat|creat64|fopen|fopen64|freopen|freopen64|fdopen|mkdir|mkdirat|rmdir|unlink|unlinkat|remove|rename|renameat|symlink|link|truncate|ftruncate|chmod|chdir|write|pwrite|pwrite64|writev|dup|dup2|dup3|mmap|mmap64|mprotect|dlopen|dlmopen|dlsym|dlvsym|ptrace|socket|connect|setrlimit|prctl|setsid|setpgid|longjmp|siglongjmp|_longjmp|oracle_.*|criterion_.*|cri_.*|cr_.*|main)$'
# nvcc's own host stubs call exit: on the GPU backend grade.sh passes
# POLICY_ALLOW=exit and the source scan above is what catches it.
allowed=$(echo "${POLICY_ALLOW:-}" | tr " " "|")
for object in "$objects"/*.o; do
    [ -f "$object" ] || continue
    nm -u "$object" 2>/dev/null | awk '{ print $NF }' | sed 's/@.*//' | sort -u >"$object.undefined"
    calls=$(grep -E "$denied" "$object.undefined" | grep -v -E "^(${allowed:-\$^})\$" | tr '\n' ' ')
    [ -n "$calls" ] && say "$(basename "$object" .o) calls ${calls% }: code under test may not leave the process, touch files or signals, or read the grader's answers"
    codec=$(grep -E '^scanzip_' "$object.undefined" | head -n 1)
    [ -n "$codec" ] && say "$(basename "$object" .o) calls $codec: scanzip's own codec, which the grader's library holds to check its oracle against, is not yours to call"
    reference=$(grep -E '^reference_' "$object.undefined" | head -n 1)
    [ -n "$reference" ] && say "$(basename "$object" .o) calls $reference: the reference solution, which the performance test links in to time your code against, is not yours to call"
    # Thrust and CUB are templates: what a file makes of them is defined
    # in its own object (N3cub, N6thrust: their namespaces, mangled), so
    # every symbol is read, not only the undefined ones.
    library=$({ grep -E '(thrust|3cub|cudpp)' "$object.undefined" || :
                nm --defined-only "$object" 2>/dev/null | awk '{ print $NF }' | grep -E '(N6thrust|N3cub)'; } | head -n 1)
    [ -n "$library" ] && say "$(basename "$object" .o) links Thrust, CUB or CUDPP ($library): this lab asks for your own kernels"
    rm -f "$object.undefined"
done
# The graded steps that an earlier lab's functions may not do (policy.txt):
# every object's symbols, code and data relocations, one call graph.
policy=$(dirname "$0")/../labs/$(basename "$dir")/policy.txt
if [ -f "$policy" ] && objdump --version 2>/dev/null | grep -q GNU; then
    dump=$(mktemp)
    for object in "$objects"/*.o; do
        [ -f "$object" ] || continue
        objdump -t "$object" && objdump -dr --no-show-raw-insn "$object" && objdump -r "$object"
    done >"$dump" 2>/dev/null || :
    reached=$(awk -f "$(dirname "$0")/policy-steps.awk" "$policy" "$dump")
    rm -f "$dump"
    tab=$(printf '\t')
    while IFS=$tab read -r step callee path why; do
        [ -n "$step" ] || continue
        # Names as the source spells them: measure_one, not _ZL11measure_onePKjmPm.
        # and a data section as what it holds there: [.data.rel] -> a pointer in .data.rel.
        path=$(echo "$path" | c++filt | sed -e 's/ \[clone [^]]*\]//g' -e ':strip' -e 's/([^()]*)//g' -e 't strip' \
               -e 's/\[\([^]]*\)\]/a pointer in \1/g')
        say "$step calls $callee, a function an earlier lab provides ($path): $why"
    done <<EOF_REACHED
$reached
EOF_REACHED
fi
exit $found
