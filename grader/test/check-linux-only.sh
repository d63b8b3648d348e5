#!/bin/sh
# check-linux-only.sh: the emulator's calls that only one system has stay
# behind a guard (make check-portable runs it), so a new one is caught
# here, not on a student's Mac.
#
#   grader/test/check-linux-only.sh [FILE ...]   (default: common/emu's C++ sources and headers)
#
# A line of code (comments left out) naming something only Linux has
# (elf.h, /proc, addr2line, MAP_STACK, pthread_getattr_np, sysconf's
# cache sizes, the linker's __start_/__stop_ section symbols, SYS_*
# numbers) or only macOS has (mach-o, _NSGetExecutablePath, atos,
# pthread_get_stack*_np, sysctlbyname, getsectiondata) must lie inside an
# #if, #ifdef or #ifndef whose condition names __APPLE__, __linux__, or
# the very name (#if defined(MAP_STACK)). Prints each offender as
# FILE:LINE: NAME: the line, and exits 1 if there is any.
set -eu
cd "$(dirname "$0")/../.."
[ $# -gt 0 ] || set -- common/emu/src/*.cpp common/emu/src/*.h common/emu/include/*.h \
    common/emu/include/scanlab_emu/*.h
awk '
BEGIN {
    names = "elf\\.h|Elf64_|ET_DYN|/proc/|addr2line|MAP_STACK|pthread_getattr_np|_SC_LEVEL[0-9]|" \
            "__start_|__stop_|SYS_[a-z_]+|mach-o/|_NSGetExecutablePath|atos |pthread_get_stack[a-z]*_np|" \
            "sysctlbyname|getsectiondata|_dyld_"
    bad = 0
}
FNR == 1 { depth = 0; in_comment = 0 }
# Drop comments: /* ... */ (also across lines) and // to the end.
{
    line = $0
    if (in_comment) {
        if (!sub(/^.*\*\//, "", line)) next
        in_comment = 0
    }
    gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, "", line)
    if (sub(/\/\*.*$/, "", line)) in_comment = 1
    sub(/\/\/.*$/, "", line)
}
# The stack of conditions: what each open #if names.
line ~ /^[ \t]*#[ \t]*if/ { cond[++depth] = line; next }
line ~ /^[ \t]*#[ \t]*endif/ { if (depth > 0) depth--; next }
line ~ /^[ \t]*#[ \t]*el/ { next }
match(line, names) {
    name = substr(line, RSTART, RLENGTH)
    for (d = depth; d > 0; d--)
        if (cond[d] ~ /__APPLE__|__linux__/ || index(cond[d], name) > 0) next
    printf "%s:%d: %s outside an #if on __APPLE__ or __linux__: %s\n", FILENAME, FNR, name, $0
    bad = 1
}
END { exit bad }
' "$@"
