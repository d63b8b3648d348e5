# portable-rules.sh: what a Mac's tools (BSD, as macOS ships them) would
# refuse or do otherwise, for check-portable.sh's wrappers. Sourced by the
# wrapper of one tool with $tool (its name), $real (the real one), $log
# (where refusals go) and the tool's arguments; ends by running the real
# tool, or by refusing (exit 2) with one line in $log. POSIX sh.

refuse() {
    printf 'check-portable: %s %s: %s\n' "$tool" "$*" "$why" >&2
    printf '%s: %s\n' "$tool" "$why" >>"$log"
    exit 2
}

# The options, up to the first operand (BSD tools take no option after
# an operand: `grep x file -q` is GNU's alone).
for arg in "$@"; do
    case $arg in
    --) break ;;
    --*) why="$arg: a GNU long option"; refuse "$@" ;;
    -*) ;;
    *) break ;;
    esac
done

# have OPTION_LETTER: an option cluster before the first operand has it.
have() {
    for arg in "$@"; do
        case $arg in --) return 1 ;; -*"$letter"*) return 0 ;; -*) ;; *) return 1 ;; esac
    done
    return 1
}
has() { letter=$1; shift; have "$@"; }

case $tool in
sed)
    for arg in "$@"; do
        case $arg in
        -i) why="-i without a suffix (BSD reads the next word as one): -i.bak"; refuse "$@" ;;
        -r | -[a-zA-Z]*r*) why="-r: -E"; refuse "$@" ;;
        *'\x'[0-9a-fA-F]* | *'\t'*) why="\\x or \\t escapes in a script: printf them"; refuse "$@" ;;
        esac
    done ;;
stat)
    if has c "$@"; then why="-c FORMAT: BSD stat's is -f FORMAT"; refuse "$@"; fi ;;
readlink)
    for letter in f e m; do
        if have "$@"; then why="-$letter: BSD readlink has none (cd and pwd -P)"; refuse "$@"; fi
    done ;;
date)
    for arg in "$@"; do
        case $arg in
        -d*) why="-d DATE: BSD date's -d is another thing"; refuse "$@" ;;
        +*%N*) # BSD date has no %N: it prints N
            shift; set -- "$@" "$(printf '%s' "$arg" | sed 's/%N/N/g')" ;;
        *) shift; set -- "$@" "$arg" ;;
        esac
    done ;;
find)
    for arg in "$@"; do
        case $arg in -printf | -fprintf | -regextype | -readable | -writable | -executable)
            why="$arg: GNU find's alone"; refuse "$@" ;;
        esac
    done ;;
grep)
    if has P "$@"; then why="-P (Perl regular expressions): -E"; refuse "$@"; fi ;;
xargs)
    for letter in r d a i; do
        if have "$@"; then why="-$letter: GNU xargs's alone"; refuse "$@"; fi
    done ;;
head | tail)
    prev=""
    for arg in "$@"; do
        case $prev:$arg in
        -n:-[0-9]* | -c:-[0-9]* | *:-n-[0-9]* | *:-c-[0-9]*) why="a negative count (all but the last N): GNU's alone"; refuse "$@" ;;
        esac
        prev=$arg
    done ;;
cp)
    for letter in T t u d; do
        if have "$@"; then why="-$letter: BSD cp has none"; refuse "$@"; fi
    done ;;
install)
    for letter in D t; do
        if have "$@"; then why="-$letter: BSD install has none (mkdir -p first)"; refuse "$@"; fi
    done ;;
mktemp)
    if has p "$@"; then why="-p DIR: a template with the folder in it"; refuse "$@"; fi ;;
cut)
    : ;;   # --complement: refused as a long option above
sort)
    if has V "$@"; then why="-V: GNU sort's alone"; refuse "$@"; fi ;;
wc)
    # BSD wc pads its counts: "       3", not "3".
    "$real" "$@" | awk '{ line = sprintf("%8d", $1); for (i = 2; i <= NF; i++) line = line " " $i; print line }'
    exit ;;
esac
exec "$real" "$@"
