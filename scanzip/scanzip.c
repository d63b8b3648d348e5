/*
 * scanzip.c: the command-line tool.
 *
 *   scanzip [-z|-d|-t|-l] [options] [FILE...]     as gzip and zstd
 *   scanzip compress|decompress|info|bench [options] [FILE...]
 *
 * Both ways are one: a subcommand only sets the mode (-z, -d) before
 * the options, which combine (-dcf); FILE.scz is FILE's compressed name;
 * inputs are kept (zstd's way; --rm removes them); several FILEs are
 * handled in turn (run_all), the exit status the worst.
 *
 * `scanzip --help` lists everything (print_help below: the methods'
 * lines and names come from codec.c's table, codec.h: scanzip_methods).
 * This file only deals with files, names, options and messages; the
 * format is container.c's and codec.c's business.
 *
 * Where the output goes (enum output_way below says why):
 *   - a regular file, or a new name: never written in place. The bytes go
 *     to a temporary file in the same directory that gets the name once
 *     everything succeeded: linked (fails if the name exists: no -f) or
 *     renamed over the old file (-f). Where the file system allows it
 *     (Linux's O_TMPFILE) that file has no name until then, so nothing is
 *     left even after SIGKILL; elsewhere it is ".NAME.XXXXXX", removed on
 *     failure and on the signals that can be caught.
 *   - a character device (/dev/null, a terminal), a FIFO or a socket:
 *     opened and written as it is, with or without -f, never replaced.
 *   - a symbolic link: followed; with -f the file it leads to is replaced
 *     and the link stays.
 *   - a directory, a block device, a link that leads nowhere: refused.
 *
 * The output gets the input's permissions and times when both are regular
 * files (finish_input).
 *
 * Exit status: 0 success, 1 bad data, a failed read or write or an output
 * refused (a directory), 2 usage (an unknown option, a bad value, an
 * output that exists without -f, a name that ends or does not end in .scz,
 * a terminal where compressed data would be read or written).
 */
/* O_TMPFILE is Linux's (fcntl.h declares it under _GNU_SOURCE); without it
 * the named temporary file is used (#ifdef O_TMPFILE below). */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "container.h"
#include "engine.h"

#define EXIT_DATA 1
#define EXIT_USAGE 2

/* --help, around the lines print_help writes from the table of methods. */
static const char help_subcommands[] =
    "Usage: scanzip [OPTION]... [FILE]...\n"
    "  or:  scanzip -d [OPTION]... [FILE.scz]...\n"
    "  or:  scanzip SUBCOMMAND [OPTION]... [FILE]...\n"
    "Compress each FILE into FILE.scz, or with -d decompress each FILE.scz into FILE.\n"
    "\n"
    "gzip's and zstd's options work, and combine (-dcf is -d -c -f). No FILE, or '-':\n"
    "standard input to standard output. Each input is kept, as zstd does (--rm removes\n"
    "it once its output is complete). Several FILEs are handled in turn; one that\n"
    "fails does not stop the others, and the exit status is the worst.\n"
    "\n"
    "Subcommands:\n"
    "  compress FILE       compress FILE into FILE.scz (the same as no subcommand)\n"
    "  decompress X.scz    decompress into X (the same as -d)\n"
    "  info FILE.scz       print the header and a table of the chunks: method, frame\n"
    "                      length, raw bytes, payload bytes, ratio; and the totals\n"
    "  bench FILE          compress and decompress FILE in memory with each method and\n"
    "                      the chosen engine; print ratio and MB/s; check the round trip\n"
    "\n"
    "Methods (-m; compress and bench):\n"
    "  auto      per chunk, the smallest of all the others (the default)\n";

static const char help_options[] =
    "\n"
    "Options:\n"
    "  -z, --compress    compress (the default)\n"
    "  -d, --decompress  decompress: X.scz into X; a name without .scz needs -o or -c\n"
    "  -t, --test        decode and check each FILE (its CRCs); write nothing\n"
    "  -l, --list        a line a FILE: compressed and original bytes, ratio, the\n"
    "                    methods of its chunks, name (the CRCs not checked: -t does)\n"
    "  -c, --stdout      write to standard output (cat: several FILEs in a row)\n"
    "  -o FILE           write FILE ('-': standard output); a character device\n"
    "                    (/dev/null), FIFO or socket is written as it is, a symbolic\n"
    "                    link is followed, a directory is refused\n"
    "  -k, --keep        keep each input (the default)\n"
    "  --rm              remove each input once its output file is complete (not\n"
    "                    with -c, -t or an output that is not a regular file)\n"
    "  --no-sparse       decompressing into a file, write its blocks of zeros\n"
    "                    rather than leave holes (zstd's --no-sparse)\n"
    "  -f, --force       overwrite an existing output file (the file a link leads to);\n"
    "                    compress a FILE that ends in .scz; write compressed data to a\n"
    "                    terminal or read it from one\n"
    "  -m METHOD         one of the methods above\n"
    "  -w 8|16|32        element width in bits (default 8)\n"
    "  --shape X,Y,Z     the file ends with an X*Y*Z volume of elements, x fastest;\n"
    "                    the bytes before it (its header) are kept as they are\n"
    "  --axis x|y|z      encode the elements with this axis fastest (default x, file\n"
    "                    order); y and z need --shape and hold the whole volume in\n"
    "                    memory, x streams\n"
    "  --frame N         values per frame of "; /* the framed methods, then: */

static const char help_after_framed[] =
    ", 1..1048576 (default:\n"
    "                    per chunk, whichever of 8 16 32 64 128 256 is smallest)\n"
    "  --chunk N         elements per chunk, 1..67108864 (default 16777216)\n"
    "  --memory SIZE     hold at most SIZE bytes of chunks at once (bytes, or K, M, G):\n"
    "                    fewer chunks in flight, never smaller ones (--chunk is the\n"
    "                    file's); a SIZE below one chunk's need is refused, with the\n"
    "                    least SIZE that works (Memory, below)\n"
    "  --cpu             encode and decode on the CPU\n"
    "  --gpu             on the GPU (default: the GPU when this build has a GPU\n"
    "                    engine and a GPU is present, else the CPU)\n"
    "  -q, --quiet       no progress bar\n"
    "  -v, --verbose     print each file's sizes (input -> output), ratio and time\n"
    "  -V, --version     the version and the format's\n"
    "  -h, --help        this text (also after a subcommand)\n"
    "  --                the options end: FILEs after it may start with '-'\n"
    "\n"
    "A file made from FILE gets FILE's permissions and access and modification times,\n"
    "as with zstd. Concatenated .scz files (cat a.scz b.scz) decompress as one.\n"
    "Files larger than memory are fine (except with --axis y or z): each thread reads\n"
    "a few chunks in turn, encodes them, and writes them in turn (OpenMP threads:\n"
    "OMP_NUM_THREADS), so reading and writing overlap the coding; the\n"
    "output is the same whatever the number of threads. A file is written as a\n"
    "temporary file beside it (unnamed where the file system allows) that takes its\n"
    "name at the end: a failed or interrupted run leaves nothing. Exit status: 0\n"
    "success, 1 bad data, a failed read or write or a refused output, 2 usage.\n"
    "\n"
    "Memory: chunks in flight are one a thread (more when chunks\n"
    "are small: up to 4 MiB of them a thread; fewer under --memory). The peak is\n"
    "  chunks in flight x (chunk bytes + payload bytes + runs) + about 2 MiB.\n"
    "A payload is at most its chunk with -m auto, and up to 8 bytes an element with\n"
    "-m rle on data without runs (-w 8); runs: room for one in 16 elements, 8 bytes\n"
    "each, that compressing keeps so as to look for them once (half the chunk at\n"
    "-w 8). --memory counts each method's largest payload (auto: the chunk) and\n"
    "the runs. Measured with the defaults and 2 threads: -m auto 65 MiB on random\n"
    "bytes (no runs kept), 43 MiB on the atlas; -m rle on random bytes 288 MiB.\n"
    "--axis y and z hold the volume, twice.\n";

/* The names of the methods (with framed_only, of those whose payload
 * stores a frame length), ", " between them and `last` before the last:
 *     all, ", ":          "stored, rle8, rle, pack, cascade"
 *     framed, " and ":    "pack and cascade" */
static void method_names(bool framed_only, const char *last, char *out, size_t size)
{
    unsigned kept[SCANZIP_METHODS], count = 0;
    for (unsigned m = 0; m < SCANZIP_METHODS; m++)
        if (!framed_only || scanzip_methods[m].frame_field != SCANZIP_UNFRAMED)
            kept[count++] = m;
    size_t used = 0;
    out[0] = '\0';
    for (unsigned k = 0; k < count && used < size; k++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", k == 0 ? "" : k + 1 == count ? last : ", ",
                                 scanzip_methods[kept[k]].name);
}

/* "  rle8      runs as ...", a '\n' in its help going on under the first line. */
static void print_method_help(const struct scanzip_method *method)
{
    const char *line = method->help;
    printf("  %-9s ", method->name);
    for (;;) {
        size_t length = strcspn(line, "\n");
        printf("%.*s\n", (int)length, line);
        if (line[length] == '\0')
            return;
        line += length + 1;
        printf("%12s", "");
    }
}

static void print_help(void)
{
    char framed[200];
    fputs(help_subcommands, stdout);
    for (unsigned m = 0; m < SCANZIP_METHODS; m++)
        print_method_help(&scanzip_methods[m]);
    method_names(true, " and ", framed, sizeof framed);
    printf("%s%s%s", help_options, framed, help_after_framed);
}

/* ---- Messages ------------------------------------------------------------- */

static __attribute__((format(printf, 2, 3), noreturn)) void die(int status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("scanzip: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

static __attribute__((noreturn)) void usage_error(const char *message)
{
    die(EXIT_USAGE, "%s (scanzip --help lists the options)", message);
}

/* ---- The temporary output file, removed on failure and on signals ---------- */

static char temporary_path[PATH_MAX];
static volatile sig_atomic_t have_temporary;

static void remove_temporary(void)
{
    if (have_temporary) {
        have_temporary = 0;
        unlink(temporary_path);
    }
}

static void on_signal(int signal_number)
{
    if (have_temporary)
        unlink(temporary_path); /* async-signal-safe */
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void catch_signals(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    sigaction(SIGQUIT, &action, NULL);
    sigaction(SIGPIPE, &action, NULL);
    sigaction(SIGXFSZ, &action, NULL);
}

/* ---- Options --------------------------------------------------------------- */

enum engine_request { ENGINE_DEFAULT, ENGINE_CPU, ENGINE_GPU };

/* What is done to each FILE: a subcommand, or gzip's and zstd's options
 * (-d, -z, -t, -l; the last one given wins). */
enum mode { MODE_COMPRESS, MODE_DECOMPRESS, MODE_TEST, MODE_LIST, MODE_INFO, MODE_BENCH };

struct command {
    enum mode mode;
    const char **inputs; /* the FILEs, in order; none: standard input */
    int input_count;
    const char *input;  /* the one being handled; NULL or "-": standard input */
    const char *output; /* NULL: from the input's name; "-": standard output */
    struct scanzip_options options;
    int method_given;
    enum engine_request engine;
    int force, quiet, verbose;
    int to_stdout;    /* -c: every output to standard output */
    uint64_t memory;  /* --memory: bytes of chunks in flight at most; 0: no bound */
    int remove_input; /* --rm: remove FILE once its output is complete (not with -c) */
    int no_sparse;    /* --no-sparse: write blocks of zeros, not holes */
};

static unsigned long parse_number(const char *option, const char *text, unsigned long low, unsigned long high)
{
    char *end;
    errno = 0;
    unsigned long value = strtoul(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || value < low || value > high) {
        char message[200];
        snprintf(message, sizeof message, "%s %s: expected a number in %lu..%lu", option, text, low, high);
        usage_error(message);
    }
    return value;
}

/* "--memory 64M": bytes, or with K, M, G (k, m, g) times 2^10, 2^20, 2^30. */
static uint64_t parse_size(const char *option, const char *text)
{
    static const char units[] = "KMG";
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    const char *unit = *end != '\0' ? strchr(units, end[0] & ~0x20) : NULL;
    unsigned shift = unit != NULL ? 10 * (unsigned)(unit - units + 1) : 0;
    bool bad_end = *end != '\0' && (unit == NULL || *unit == '\0' || end[1] != '\0');
    if (errno != 0 || end == text || text[0] == '-' || value == 0 || bad_end || value > (UINT64_MAX >> shift)) {
        char message[200];
        snprintf(message, sizeof message, "%s %s: expected a size such as 64M or 1G (bytes, K, M, G)", option, text);
        usage_error(message);
    }
    return (uint64_t)value << shift;
}

static enum scanzip_choice parse_method(const char *text)
{
    for (enum scanzip_choice c = 0; c <= SCANZIP_CHOOSE_AUTO; c++)
        if (strcmp(text, scanzip_choice_name(c)) == 0)
            return c;
    char names[200], message[300];
    method_names(false, ", ", names, sizeof names);
    snprintf(message, sizeof message, "-m %s: the methods are auto, %s", text, names);
    usage_error(message);
}

static void parse_shape(const char *text, uint32_t shape[3])
{
    char *end;
    const char *p = text;
    for (int k = 0; k < 3; k++) {
        errno = 0;
        unsigned long size = strtoul(p, &end, 10);
        if (errno != 0 || end == p || *p == '-' || size < 1 || size > UINT32_MAX || *end != (k < 2 ? ',' : '\0')) {
            char message[200];
            snprintf(message, sizeof message, "--shape %s: expected X,Y,Z, three sizes of at least 1", text);
            usage_error(message);
        }
        shape[k] = (uint32_t)size;
        p = end + 1;
    }
}

static unsigned parse_axis(const char *text)
{
    if (strcmp(text, "x") == 0)
        return SCANZIP_AXIS_X;
    if (strcmp(text, "y") == 0)
        return SCANZIP_AXIS_Y;
    if (strcmp(text, "z") == 0)
        return SCANZIP_AXIS_Z;
    usage_error("--axis takes x, y or z");
}

static void print_version(void)
{
    printf("scanzip (ScanLab) 1\nIt writes the scanzip format version %d (files that start with \"%s\"),\n"
           "and reads versions %d to %d.\n", SCANZIP_VERSION, SCANZIP_MAGIC, SCANZIP_FIRST_VERSION, SCANZIP_VERSION);
}

/* The options without a value; each has a long name (alias: another one,
 * as gzip's and zstd's) and most a letter, which combine: -dcf is -d -c -f. */
enum flag { FLAG_DECOMPRESS, FLAG_COMPRESS, FLAG_STDOUT, FLAG_KEEP, FLAG_RM, FLAG_FORCE, FLAG_QUIET, FLAG_VERBOSE,
            FLAG_TEST, FLAG_LIST, FLAG_VERSION, FLAG_HELP, FLAG_CPU, FLAG_GPU, FLAG_NO_SPARSE };

static const struct flag_name {
    enum flag flag;
    char letter; /* 0: the long name only */
    const char *name, *alias;
} flag_names[] = {
    {FLAG_DECOMPRESS, 'd', "--decompress", "--uncompress"}, {FLAG_COMPRESS, 'z', "--compress", NULL},
    {FLAG_STDOUT, 'c', "--stdout", "--to-stdout"},          {FLAG_KEEP, 'k', "--keep", NULL},
    {FLAG_RM, 0, "--rm", NULL},                             {FLAG_FORCE, 'f', "--force", NULL},
    {FLAG_QUIET, 'q', "--quiet", NULL},                     {FLAG_VERBOSE, 'v', "--verbose", NULL},
    {FLAG_TEST, 't', "--test", NULL},                       {FLAG_LIST, 'l', "--list", NULL},
    {FLAG_VERSION, 'V', "--version", NULL},                 {FLAG_HELP, 'h', "--help", NULL},
    {FLAG_CPU, 0, "--cpu", NULL},                           {FLAG_GPU, 0, "--gpu", NULL},
    {FLAG_NO_SPARSE, 0, "--no-sparse", NULL},
};

static void apply_flag(struct command *c, enum flag flag)
{
    switch (flag) {
    case FLAG_DECOMPRESS: c->mode = MODE_DECOMPRESS; break;
    case FLAG_COMPRESS: c->mode = MODE_COMPRESS; break;
    case FLAG_TEST: c->mode = MODE_TEST; break;
    case FLAG_LIST: c->mode = MODE_LIST; break;
    case FLAG_STDOUT: c->to_stdout = 1; break;
    case FLAG_KEEP: c->remove_input = 0; break;
    case FLAG_RM: c->remove_input = 1; break;
    case FLAG_FORCE: c->force = 1; break;
    case FLAG_QUIET: c->quiet = 1, c->verbose = 0; break;
    case FLAG_VERBOSE: c->verbose = 1, c->quiet = 0; break;
    case FLAG_CPU: c->engine = ENGINE_CPU; break;
    case FLAG_GPU: c->engine = ENGINE_GPU; break;
    case FLAG_NO_SPARSE: c->no_sparse = 1; break;
    case FLAG_VERSION: print_version(); exit(0);
    case FLAG_HELP: print_help(); exit(0);
    }
}

/* The flag named `long_name` ("--keep"), or else `letter` ('k'); -1: none. */
static int find_flag(const char *long_name, char letter)
{
    for (size_t k = 0; k < sizeof flag_names / sizeof flag_names[0]; k++) {
        const struct flag_name *f = &flag_names[k];
        if (long_name != NULL ? strcmp(long_name, f->name) == 0 || (f->alias && strcmp(long_name, f->alias) == 0)
                              : letter != 0 && letter == f->letter)
            return (int)f->flag;
    }
    return -1;
}

static __attribute__((noreturn)) void unknown_option(const char *arg)
{
    char message[300];
    snprintf(message, sizeof message, "unknown option %s", arg);
    usage_error(message);
}

/* An option with a value, by its name ("-o", "--frame"); 0: not one. */
static int apply_value(struct command *c, const char *name, const char *value)
{
    if (strcmp(name, "-o") == 0) {
        c->output = value;
    } else if (strcmp(name, "-m") == 0) {
        c->options.choice = parse_method(value);
        c->method_given = 1;
    } else if (strcmp(name, "-w") == 0) {
        unsigned long bits = parse_number("-w", value, 8, 32);
        if (bits != 8 && bits != 16 && bits != 32)
            usage_error("-w takes 8, 16 or 32");
        c->options.element_bytes = (unsigned)bits / 8;
    } else if (strcmp(name, "--shape") == 0) {
        parse_shape(value, c->options.shape);
    } else if (strcmp(name, "--axis") == 0) {
        c->options.axis = parse_axis(value);
    } else if (strcmp(name, "--frame") == 0) {
        c->options.frame_length = (uint32_t)parse_number("--frame", value, 1, SCANZIP_MAX_FRAME_LENGTH);
    } else if (strcmp(name, "--chunk") == 0) {
        c->options.chunk_elements = (uint32_t)parse_number("--chunk", value, 1, SCANZIP_MAX_CHUNK_ELEMENTS);
    } else if (strcmp(name, "--memory") == 0) {
        c->memory = parse_size("--memory", value);
    } else {
        return 0;
    }
    return 1;
}

/* The next argument, as the value of `name`. */
static const char *next_value(int argc, char **argv, int *i, const char *name)
{
    if (*i + 1 >= argc) {
        char message[200];
        snprintf(message, sizeof message, "%s needs a value", name);
        usage_error(message);
    }
    return argv[++*i];
}

/* "--keep", "--frame 8" or "--frame=8". */
static void parse_long(int argc, char **argv, int *i, struct command *c)
{
    const char *arg = argv[*i], *equals = strchr(arg, '=');
    char name[64];
    snprintf(name, sizeof name, "%.*s", equals ? (int)(equals - arg) : (int)strlen(arg), arg);
    static const char *const with_value[] = {"--shape", "--axis", "--frame", "--chunk", "--memory"};
    int flag = equals ? -1 : find_flag(name, 0);
    if (flag >= 0) {
        apply_flag(c, (enum flag)flag);
        return;
    }
    for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
        if (strcmp(name, with_value[k]) == 0) {
            apply_value(c, name, equals ? equals + 1 : next_value(argc, argv, i, name));
            return;
        }
    unknown_option(arg);
}

/* "-dcf": letters without a value; the last of them may take one: "-qo
 * out.scz", "-qoout.scz", "-o=out.scz" (the '=' as scanzip always took it). */
static void parse_short(int argc, char **argv, int *i, struct command *c)
{
    const char *arg = argv[*i];
    for (const char *p = arg + 1; *p != '\0'; p++) {
        char name[3] = {'-', *p, '\0'};
        if (*p == 'o' || *p == 'm' || *p == 'w') {
            const char *rest = p[1] == '=' ? p + 2 : p + 1;
            apply_value(c, name, *rest != '\0' ? rest : next_value(argc, argv, i, name));
            return;
        }
        int flag = find_flag(NULL, *p);
        if (flag < 0)
            unknown_option(p == arg + 1 && p[1] == '\0' ? arg : name);
        apply_flag(c, (enum flag)flag);
    }
}

/* Options and FILEs from argv[first] on, in any order; "--" ends the
 * options (a FILE may then start with '-'); "-" alone is standard input. */
static void parse_arguments(int argc, char **argv, int first, struct command *c)
{
    int options_end = 0;
    c->inputs = calloc((size_t)argc, sizeof *c->inputs);
    if (c->inputs == NULL)
        die(EXIT_DATA, "out of memory");
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        if (options_end || arg[0] != '-' || arg[1] == '\0')
            c->inputs[c->input_count++] = arg;
        else if (strcmp(arg, "--") == 0)
            options_end = 1;
        else if (arg[1] == '-')
            parse_long(argc, argv, &i, c);
        else
            parse_short(argc, argv, &i, c);
    }
    if (c->output != NULL && c->input_count > 1)
        usage_error("-o names one output: give one FILE with -o, or use -c");
}

/* The engine --cpu, --gpu or the build's default gives; a GPU engine is
 * told to start (CUDA's context, made while the input is read) for the
 * methods that may come: -m when compressing, any when decompressing. */
static const struct scanzip_engine *choose_engine(const struct command *c)
{
    if (c->engine == ENGINE_CPU) /* before asking CUDA for a GPU: its driver takes 0.2 s to answer */
        return &scanzip_cpu_engine;
    const struct scanzip_engine *gpu = scanzip_gpu_engine();
    if (c->engine == ENGINE_GPU && gpu == NULL)
        die(EXIT_USAGE, "--gpu: %s", scanzip_gpu_missing_reason());
    if (gpu == NULL || (c->engine == ENGINE_DEFAULT && !gpu->by_default))
        return &scanzip_cpu_engine;
    bool decoding = c->mode == MODE_DECOMPRESS || c->mode == MODE_TEST;
    if (gpu->start != NULL)
        gpu->start(decoding ? SCANZIP_CHOOSE_AUTO : c->options.choice);
    return gpu;
}

/* ---- Files ------------------------------------------------------------------ */

static int is_standard(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0;
}

static const char *display_name(const char *path)
{
    return is_standard(path) ? "(standard input)" : path;
}

static FILE *open_input(const char *path)
{
    if (is_standard(path))
        return stdin;
    FILE *file = fopen(path, "rb");
    if (file == NULL)
        die(EXIT_DATA, "%s: %s", path, strerror(errno));
    return file;
}

/* The input's size: of a regular file, the bytes after where it stands
 * (standard input may have been read in part: `{ head -c 40 >/dev/null;
 * scanzip -c; } <file`); a pipe is first copied to an anonymous temporary
 * file, since the header needs the size before the first chunk. */
static FILE *sized_input(FILE *in, const char *name, uint64_t *size)
{
    struct stat status;
    off_t at = ftello(in);
    if (fstat(fileno(in), &status) == 0 && S_ISREG(status.st_mode) && at >= 0 && at <= status.st_size) {
        *size = (uint64_t)(status.st_size - at);
        return in;
    }
    FILE *spool = tmpfile();
    if (spool == NULL)
        die(EXIT_DATA, "%s: cannot make a temporary file to hold standard input: %s", name, strerror(errno));
    static uint8_t piece[1 << 16];
    size_t got;
    *size = 0;
    while ((got = fread(piece, 1, sizeof piece, in)) > 0) {
        if (fwrite(piece, 1, got, spool) != got)
            die(EXIT_DATA, "%s: copying standard input to a temporary file: %s", name, strerror(errno));
        *size += got;
    }
    if (ferror(in))
        die(EXIT_DATA, "%s: %s", name, strerror(errno));
    rewind(spool);
    return spool;
}

/* 0666 less the umask: what a new file would get. */
static mode_t default_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* ---- The output --------------------------------------------------------------- */

/* How the output is written. A regular file is never written in place: a
 * failed run must not leave half of it, and the old file stays whole until
 * the new one is. Anything else that takes bytes (a character device such
 * as /dev/null, /dev/full or a terminal; a FIFO; a socket) has no contents
 * to keep, and replacing it with a regular file would break it (a device
 * node gone, a FIFO's reader waiting for nothing): it is opened and
 * written as it is, as zstd does. */
enum output_way {
    TO_STANDARD_OUTPUT,
    IN_PLACE,          /* a character device, FIFO or socket */
    UNNAMED_TEMPORARY, /* O_TMPFILE: a file with no name until it is complete */
    NAMED_TEMPORARY,   /* ".NAME.XXXXXX" in temporary_path, where O_TMPFILE is not to be had */
};

struct output {
    const char *target;  /* as the user named it; NULL: standard output */
    char path[PATH_MAX]; /* the file to make: target, or where a symbolic link at target leads */
    enum output_way way;
    FILE *file;
};

/* What is at an output's name, symbolic links followed. */
enum existing { EXISTING_NOTHING, EXISTING_REGULAR, EXISTING_STREAM };

static const char *output_name(const struct output *out)
{
    return out->target == NULL ? "(standard output)" : out->target;
}

/* What is at `target`; `path` gets the file to make. A symbolic link is
 * followed, as the shell's `>` does: with -f the file it leads to is
 * replaced (made in that file's directory, renamed over it) and the link
 * stays. gzip -f and zstd -f instead put a regular file in the link's
 * place, silently cutting what it connected. A link that leads nowhere is
 * refused rather than followed to make a file somewhere else; so are a
 * directory and a block device (a disk: never scanzip's output). */
static enum existing classify_output(const char *target, char path[PATH_MAX])
{
    struct stat link_status, status;
    if (lstat(target, &link_status) != 0) {
        if (errno != ENOENT)
            die(EXIT_DATA, "%s: %s", target, strerror(errno));
        if (snprintf(path, PATH_MAX, "%s", target) >= PATH_MAX)
            die(EXIT_USAGE, "%s: the name is too long", target);
        return EXISTING_NOTHING;
    }
    if (stat(target, &status) != 0)
        die(EXIT_DATA, "%s is a symbolic link that leads nowhere (%s): not followed; remove it or name another output",
            target, strerror(errno));
    if (S_ISCHR(status.st_mode) || S_ISFIFO(status.st_mode) || S_ISSOCK(status.st_mode))
        return EXISTING_STREAM;
    if (!S_ISREG(status.st_mode))
        die(EXIT_DATA, "%s is %s: the output must be a regular file, a character device (/dev/null) or a FIFO", target,
            S_ISDIR(status.st_mode) ? "a directory" : S_ISBLK(status.st_mode) ? "a block device" : "not a file");
    if (!S_ISLNK(link_status.st_mode))
        snprintf(path, PATH_MAX, "%s", target);
    else if (realpath(target, path) == NULL)
        die(EXIT_DATA, "%s: following the symbolic link: %s", target, strerror(errno));
    return EXISTING_REGULAR;
}

/* Open a character device, FIFO or socket as it is: O_WRONLY, no O_CREAT
 * (it exists), no O_TRUNC (nothing to cut), no rename. A FIFO waits here
 * for its reader. */
static FILE *open_in_place(const char *target, int refuse_terminal)
{
    int fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        die(EXIT_DATA, "%s: cannot open it for writing: %s", target, strerror(errno));
    struct stat status;
    if (fstat(fd, &status) != 0 || S_ISREG(status.st_mode))
        die(EXIT_DATA, "%s: it was replaced by a regular file while being opened; nothing written", target);
    if (refuse_terminal && isatty(fd))
        die(EXIT_USAGE, "%s is a terminal: compressed data not written to it (-f to force it)", target);
    FILE *file = fdopen(fd, "wb");
    if (file == NULL)
        die(EXIT_DATA, "%s: %s", target, strerror(errno));
    return file;
}

/* The length of `path`'s directory part: "a/b.scz" 2, "b.scz" 0. */
static int directory_length(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash == NULL ? 0 : (int)(slash - path + 1);
}

/* temporary_path = ".NAME.suffix" beside `path`. */
static void name_beside(const char *path, const char *suffix)
{
    int directory = directory_length(path);
    if (snprintf(temporary_path, sizeof temporary_path, "%.*s.%s.%s", directory, path, path + directory,
                 suffix) >= (int)sizeof temporary_path)
        die(EXIT_USAGE, "%s: the name is too long", path);
}

#ifdef O_TMPFILE
/* Give the unnamed file `fd` the name `path`, through /proc/self/fd/N as
 * open(2) shows (linkat's AT_EMPTY_PATH would need CAP_DAC_READ_SEARCH).
 * Fails with EEXIST if the name exists: linkat never replaces. */
static int link_unnamed(int fd, const char *path)
{
    char self[32];
    snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, self, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

/* A file with no name in `path`'s directory, or -1 where the kernel or the
 * file system has no O_TMPFILE, or there is no /proc to name it through. */
static int open_unnamed(const char *path, mode_t mode)
{
    char directory[PATH_MAX], self[32];
    int length = directory_length(path);
    snprintf(directory, sizeof directory, "%.*s", length > 0 ? length : 1, length > 0 ? path : ".");
    int fd = open(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
    if (fd < 0)
        return -1;
    snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
    if (access(self, F_OK) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}
#else
static int link_unnamed(int fd, const char *path)
{
    (void)fd, (void)path;
    errno = ENOTSUP;
    return -1;
}

static int open_unnamed(const char *path, mode_t mode)
{
    (void)path, (void)mode;
    return -1;
}
#endif

/* A named temporary file ".NAME.XXXXXX" beside `path`, removed on failure
 * and on the signals caught. */
static int open_named(const char *target, const char *path)
{
    name_beside(path, "XXXXXX");
    int fd = mkstemp(temporary_path);
    if (fd < 0)
        die(EXIT_DATA, "%s: cannot create a temporary file beside it: %s", target, strerror(errno));
    have_temporary = 1;
    return fd;
}

/* The new file that will become out->path, with `mode` (not less the
 * umask: the input's own mode is kept). */
static void open_temporary(struct output *out, mode_t mode)
{
    int fd = open_unnamed(out->path, mode);
    out->way = fd >= 0 ? UNNAMED_TEMPORARY : NAMED_TEMPORARY;
    if (fd < 0)
        fd = open_named(out->target, out->path);
    fchmod(fd, mode);
    out->file = fdopen(fd, "wb");
    if (out->file == NULL) {
        remove_temporary();
        die(EXIT_DATA, "%s: %s", out->target, strerror(errno));
    }
}

static __attribute__((noreturn)) void naming_failed(const struct output *out, int error)
{
    remove_temporary();
    if (error == EEXIST)
        die(EXIT_USAGE, "%s already exists; use -f to overwrite it", out->target);
    die(EXIT_DATA, "%s: %s", out->target, strerror(error));
}

/* Give the named temporary file its final name: link() fails if the name
 * has appeared meanwhile (no -f), rename() replaces it (-f). */
static void name_named(const struct output *out, int force)
{
    if ((force ? rename(temporary_path, out->path) : link(temporary_path, out->path)) != 0)
        naming_failed(out, errno);
    if (!force)
        unlink(temporary_path);
    have_temporary = 0;
}

/* Give the unnamed file its final name. Linux has no call that links a
 * file descriptor over an existing name, so with -f, where the name
 * exists, the file is linked to a temporary name that is then renamed
 * over it (rename is atomic: the name always holds the old file or the
 * new one). Only between those two calls is there a name that SIGKILL
 * would leave; the signals caught remove it. A predictable name is safe
 * here: linkat makes a new link or fails, it never follows one. */
static void name_unnamed(const struct output *out, int force)
{
    int fd = fileno(out->file);
    if (link_unnamed(fd, out->path) == 0)
        return;
    if (errno != EEXIST || !force)
        naming_failed(out, errno);
    for (int attempt = 0;; attempt++) {
        char suffix[40];
        snprintf(suffix, sizeof suffix, "%ld-%d", (long)getpid(), attempt);
        name_beside(out->path, suffix);
        if (link_unnamed(fd, temporary_path) == 0)
            break;
        if (errno != EEXIST || attempt == 99)
            naming_failed(out, errno);
    }
    have_temporary = 1;
    name_named(out, 1);
}

/* Open the output: standard output for NULL, else by what is at `target`
 * (classify_output). Without -f an existing regular file is refused (exit
 * 2); a device or FIFO is written whatever -f says, except that compressed
 * data goes to a terminal only with -f (refuse_terminal). */
static struct output open_output(const char *target, int force, int refuse_terminal, mode_t mode)
{
    struct output out = {.target = target, .way = TO_STANDARD_OUTPUT, .file = stdout};
    if (target == NULL)
        return out;
    enum existing what = classify_output(target, out.path);
    if (what == EXISTING_STREAM) {
        out.way = IN_PLACE;
        out.file = open_in_place(target, refuse_terminal);
        return out;
    }
    if (what == EXISTING_REGULAR && !force)
        die(EXIT_USAGE, "%s already exists; use -f to overwrite it", target);
    open_temporary(&out, mode);
    return out;
}

/* Finish the output: on success name the new file; on failure drop it (an
 * unnamed one vanishes when closed). Written in place, a failure leaves
 * what was written: a device or FIFO cannot take it back. */
static void close_output(struct output *out, int status, int force)
{
    if (out->way == TO_STANDARD_OUTPUT)
        return;
    if (status == 0 && fflush(out->file) != 0) {
        remove_temporary();
        die(EXIT_DATA, "%s: writing the output failed: %s", out->target, strerror(errno));
    }
    if (status == 0 && out->way == UNNAMED_TEMPORARY)
        name_unnamed(out, force);
    if (fclose(out->file) != 0 && status == 0) {
        remove_temporary();
        die(EXIT_DATA, "%s: writing the output failed: %s", out->target, strerror(errno));
    }
    if (out->way == NAMED_TEMPORARY && status == 0)
        name_named(out, force);
    else if (out->way == NAMED_TEMPORARY)
        remove_temporary();
}

/* ---- Progress --------------------------------------------------------------- */

struct progress_bar {
    const char *verb;
    int last_percent;
};

static void draw_progress(void *context, uint64_t done, uint64_t total)
{
    struct progress_bar *bar = context;
    int percent = total == 0 ? 100 : (int)(100 * done / total);
    if (percent == bar->last_percent)
        return;
    bar->last_percent = percent;
    char filled[41];
    int marks = percent * 40 / 100;
    memset(filled, '#', (size_t)marks);
    memset(filled + marks, '.', (size_t)(40 - marks));
    filled[40] = '\0';
    fprintf(stderr, "\r  %s [%s] %3d%%", bar->verb, filled, percent);
    fflush(stderr);
}

static void clear_progress(const struct scanzip_run *run)
{
    if (run->progress.report != NULL)
        fputs("\r\033[K", stderr);
}

/* What the container is told: --memory, and the bar unless -q or stderr
 * is not a terminal. */
static struct scanzip_run run_for(const struct command *c, struct progress_bar *bar)
{
    struct scanzip_run run = {c->memory, {NULL, bar}, 0, false};
    if (!c->quiet && isatty(STDERR_FILENO))
        run.progress.report = draw_progress;
    return run;
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int thread_count(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

/* ---- compress and decompress ------------------------------------------------ */

/* "scanzip: x.scz: 1234 -> 5678 bytes (4.60x) ...": from the input's size
 * to the output's, whichever way; the ratio is original / compressed. */
static void print_summary(const struct command *c, uint64_t from, uint64_t to, double ratio, double seconds,
                          const struct scanzip_engine *engine)
{
    if (!c->verbose)
        return;
    fprintf(stderr, "scanzip: %s: %llu -> %llu bytes (%.2fx) in %.3f s, engine %s, %d threads%s\n",
            display_name(c->input), (unsigned long long)from, (unsigned long long)to, ratio, seconds, engine->name,
            thread_count(), c->mode == MODE_TEST ? ", checked (nothing written)" : "");
}

static int has_scz_suffix(const char *name)
{
    size_t length = strlen(name);
    return length > 4 && strcmp(name + length - 4, ".scz") == 0;
}

/* Where the output goes; NULL: standard output (-c, -o -, or standard
 * input without -o). Without -o the name comes from the input's:
 * compressing x gives x.scz (x.scz itself is refused without -f: it is
 * most likely compressed already), decompressing x.scz gives x. */
static const char *output_target(const struct command *c, char derived[PATH_MAX])
{
    const char *target = c->to_stdout ? "-" : c->output;
    if (target == NULL && !is_standard(c->input) && c->mode == MODE_COMPRESS) {
        if (has_scz_suffix(c->input) && !c->force)
            die(EXIT_USAGE, "%s already has the .scz suffix: not compressed again (-f to make %s.scz anyway)",
                c->input, c->input);
        if (snprintf(derived, PATH_MAX, "%s.scz", c->input) >= PATH_MAX)
            die(EXIT_USAGE, "%s: the name is too long", c->input);
        target = derived;
    } else if (target == NULL && !is_standard(c->input)) {
        if (!has_scz_suffix(c->input))
            die(EXIT_USAGE, "%s does not end in .scz, so its output needs a name: use -o FILE, or -c", c->input);
        snprintf(derived, PATH_MAX, "%.*s", (int)strlen(c->input) - 4, c->input);
        target = derived;
    }
    return target != NULL && strcmp(target, "-") == 0 ? NULL : target;
}

/* The input; *status gets its stat (st_mode 0 for standard input). */
static FILE *open_input_stat(const char *path, struct stat *status)
{
    FILE *in = open_input(path);
    if (is_standard(path) || fstat(fileno(in), status) != 0)
        memset(status, 0, sizeof *status);
    if (S_ISDIR(status->st_mode))
        die(EXIT_DATA, "%s is a directory: not read", path);
    return in;
}

/* A new output file gets the input's permissions when the input is a
 * regular file, else what a new file gets. */
static mode_t output_mode(const struct stat *input)
{
    return S_ISREG(input->st_mode) ? input->st_mode & 0777 : default_mode();
}

/* Once the output is complete: it gets the input's access and modification
 * times, as zstd does both ways (gzip keeps the time in its header; the
 * scanzip format has no field for it), when both are regular files; and
 * with --rm the input goes, only where a file was made (not with -c, not
 * into /dev/null). */
static void finish_input(const struct command *c, const struct stat *input, const struct output *out)
{
    int made = out->way == UNNAMED_TEMPORARY || out->way == NAMED_TEMPORARY;
    struct timespec times[2] = {input->st_atim, input->st_mtim};
    if (made && S_ISREG(input->st_mode) && utimensat(AT_FDCWD, out->path, times, 0) != 0)
        fprintf(stderr, "scanzip: %s: its time not set to %s's: %s\n", out->target, c->input, strerror(errno));
    if (made && c->remove_input && !is_standard(c->input) && unlink(c->input) != 0)
        die(EXIT_DATA, "%s: the output %s is complete, but removing this input failed: %s", c->input, out->target,
            strerror(errno));
}

/* After a run's stream, whatever its result: the bar cleared and the
 * output closed (close_output: kept on success, dropped on failure); then
 * a failure ends the program, naming the output when a write failed
 * (/dev/full: ...) and the input otherwise, and a success ends with
 * finish_input. */
static void finish_run(const struct command *c, const struct scanzip_run *run, int result,
                       const struct scanzip_why *why, struct output *out, const struct stat *status)
{
    clear_progress(run);
    const char *failed = ferror(out->file) ? output_name(out) : display_name(c->input);
    close_output(out, result, c->force);
    if (result != 0)
        die(EXIT_DATA, "%s: %s", failed, why->text);
    finish_input(c, status, out);
}

static int run_compress(struct command *c, const struct scanzip_engine *engine)
{
    char derived[PATH_MAX];
    const char *target = output_target(c, derived);
    if (target == NULL && isatty(STDOUT_FILENO) && !c->force)
        die(EXIT_USAGE, "compressed data not written to a terminal; use -f to force, or -o/-c to a file");
    struct stat status;
    FILE *in = open_input_stat(c->input, &status);
    uint64_t size;
    in = sized_input(in, display_name(c->input), &size);
    struct scanzip_header header;
    struct scanzip_why why;
    if (scanzip_plan(&c->options, size, &header, &why) != 0 ||
        scanzip_check_memory(&c->options, size, c->memory, &why) != 0)
        die(EXIT_USAGE, "%s: %s", display_name(c->input), why.text);
    struct output out = open_output(target, c->force, !c->force, output_mode(&status));
    struct progress_bar bar = {"compressing", -1};
    struct scanzip_run run = run_for(c, &bar);
    double start = seconds_now();
    int result = scanzip_compress_stream(engine, &c->options, in, size, out.file, &run, &why);
    finish_run(c, &run, result, &why, &out, &status);
    uint64_t written = run.compressed_bytes;
    print_summary(c, size, written, written > 0 ? (double)size / (double)written : 0.0, seconds_now() - start,
                  engine);
    return 0;
}

/* Decompress, or with -t decode and check into /dev/null. */
static int run_decompress(struct command *c, const struct scanzip_engine *engine)
{
    char derived[PATH_MAX];
    const char *target = c->mode == MODE_TEST ? "/dev/null" : output_target(c, derived);
    struct stat status;
    FILE *in = open_input_stat(c->input, &status);
    struct output out = open_output(target, c->force, 0, output_mode(&status));
    struct progress_bar bar = {c->mode == MODE_TEST ? "testing" : "decompressing", -1};
    struct scanzip_run run = run_for(c, &bar);
    run.sparse = !c->no_sparse && (out.way == UNNAMED_TEMPORARY || out.way == NAMED_TEMPORARY);
    struct scanzip_why why;
    struct scanzip_header header = {0};
    double start = seconds_now();
    int result = scanzip_decompress_stream(engine, in, out.file, UINT64_MAX, &run, &header, &why);
    finish_run(c, &run, result, &why, &out, &status);
    uint64_t read = run.compressed_bytes;
    print_summary(c, read, header.original_bytes, read > 0 ? (double)header.original_bytes / (double)read : 0.0,
                  seconds_now() - start, engine);
    return 0;
}

/* ---- info ------------------------------------------------------------------- */

static void print_header(const char *name, const struct scanzip_header *h, const struct scanzip_layout *layout)
{
    printf("%s: scanzip version %u\n", name, h->version);
    printf("  original bytes  %llu\n", (unsigned long long)h->original_bytes);
    printf("  elements        %llu of %u bits", (unsigned long long)layout->element_count, 8 * h->element_bytes);
    if (h->shape[0] != 0)
        printf(", shape %u x %u x %u, axis %c fastest", h->shape[0], h->shape[1], h->shape[2], "xyz"[h->axis]);
    printf("\n  prefix, tail    %u bytes, %llu bytes (stored)\n", h->prefix_bytes,
           (unsigned long long)layout->tail_bytes);
    printf("  chunks          %llu of up to %u elements\n\n", (unsigned long long)layout->chunk_count,
           h->chunk_elements);
    printf("  %8s  %-8s  %-19s  %7s  %12s  %12s  %9s\n", "chunk", "part", "method", "frame", "raw bytes", "payload",
           "ratio");
}

static const char *part_name(const struct scanzip_layout *layout, uint64_t index)
{
    if (index < layout->prefix_chunks)
        return "prefix";
    return index < layout->prefix_chunks + layout->element_chunks ? "elements" : "tail";
}

static void skip_bytes(FILE *in, uint64_t size)
{
    if (fseeko(in, (off_t)size, SEEK_CUR) == 0)
        return;
    static uint8_t piece[1 << 16];
    while (size > 0) {
        size_t got = fread(piece, 1, size < sizeof piece ? size : sizeof piece, in);
        if (got == 0)
            return;
        size -= got;
    }
}

/* The frame length a chunk's payload stores, as text into frame ("" for
 * a method without one: its row's frame_field; pack's is its payload's
 * first u32, cascade's its second). Without --frame it differs from chunk
 * to chunk. *read gets the payload bytes read; -1 when the file ends. */
static int read_frame(FILE *in, const struct scanzip_record *r, char frame[16], uint32_t *read)
{
    int field = scanzip_methods[r->method].frame_field; /* r->method was checked (scanzip_record_read) */
    uint8_t bytes[4];
    frame[0] = '\0';
    *read = 0;
    if (field == SCANZIP_UNFRAMED || (uint64_t)field + 4 > r->payload_bytes)
        return 0; /* none, or too short to be valid: decompress says why */
    skip_bytes(in, (uint64_t)field);
    if (fread(bytes, 1, sizeof bytes, in) != sizeof bytes)
        return -1;
    *read = (uint32_t)field + 4;
    snprintf(frame, 16, "%u", scanzip_load32(bytes));
    return 0;
}

/* The record of chunk `index` at byte `where` of its stream; exits on a
 * truncated or bad one. */
static void read_record(FILE *in, const char *name, const struct scanzip_layout *layout, uint64_t index,
                        uint64_t where, struct scanzip_record *r)
{
    uint8_t record_bytes[SCANZIP_RECORD_BYTES];
    struct scanzip_why why;
    if (fread(record_bytes, 1, sizeof record_bytes, in) != sizeof record_bytes)
        die(EXIT_DATA, "%s: chunk %llu of %llu (bytes %llu..): the file ends here: it is truncated", name,
            (unsigned long long)index + 1, (unsigned long long)layout->chunk_count, (unsigned long long)where);
    if (scanzip_record_read(record_bytes, layout, index, where, r, &why) != 0)
        die(EXIT_DATA, "%s: %s", name, why.text);
}

/* ---- list (-l) ----------------------------------------------------------------- */

static void print_list_heading(void)
{
    printf("%12s  %12s  %8s  %-24s  %s\n", "compressed", "original", "ratio", "methods", "name");
}

/* One stream of a file for -l: its first `already` header bytes are in
 * `bytes`; adds its bytes, its original bytes and the methods of its
 * chunks (bits 1 << method). */
static void list_stream(FILE *in, const char *name, uint8_t bytes[SCANZIP_HEADER_BYTES], size_t already,
                        uint64_t *compressed, uint64_t *original, unsigned *methods)
{
    struct scanzip_header h;
    struct scanzip_layout layout;
    struct scanzip_why why;
    uint64_t got = already + fread(bytes + already, 1, SCANZIP_HEADER_BYTES - already, in);
    if (scanzip_header_read(bytes, got, &h, &why) != 0 || scanzip_layout_of(&h, &layout, &why) != 0)
        die(EXIT_DATA, "%s: %s", name, why.text);
    uint64_t where = SCANZIP_HEADER_BYTES;
    for (uint64_t index = 0; index < layout.chunk_count; index++) {
        struct scanzip_record r;
        read_record(in, name, &layout, index, where, &r);
        *methods |= 1u << r.method;
        skip_bytes(in, r.payload_bytes);
        where += SCANZIP_RECORD_BYTES + r.payload_bytes;
    }
    *compressed += where;
    *original += h.original_bytes;
}

/* A line as `gzip -l` and `zstd -l` write: compressed and original size,
 * ratio, the methods of its chunks, the name. The CRCs are not checked
 * (-t does). Concatenated streams count as one file. */
static int run_list(struct command *c)
{
    const char *name = display_name(c->input);
    struct stat status;
    FILE *in = open_input_stat(c->input, &status);
    uint8_t bytes[SCANZIP_HEADER_BYTES];
    uint64_t compressed = 0, original = 0;
    unsigned methods = 0;
    size_t already = 0, magic = sizeof SCANZIP_MAGIC - 1;
    do {
        list_stream(in, name, bytes, already, &compressed, &original, &methods);
        already = fread(bytes, 1, magic, in);
        if (already > 0 && (already < magic || memcmp(bytes, SCANZIP_MAGIC, magic) != 0))
            die(EXIT_DATA, "%s: bytes after the last chunk (from byte %llu on): the file is corrupt", name,
                (unsigned long long)compressed);
    } while (already > 0);
    /* A payload cut short was skipped by seeking past the end. */
    if (S_ISREG(status.st_mode) && compressed > (uint64_t)status.st_size)
        die(EXIT_DATA, "%s: the file ends at byte %llu, before its last chunk does: it is truncated", name,
            (unsigned long long)status.st_size);
    char names[200] = "";
    size_t used = 0;
    for (unsigned m = 0; m < SCANZIP_METHODS; m++)
        if (methods & (1u << m))
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", used ? "," : "",
                                     scanzip_methods[m].name);
    printf("%12llu  %12llu  %7.2fx  %-24s  %s\n", (unsigned long long)compressed, (unsigned long long)original,
           compressed > 0 ? (double)original / (double)compressed : 0.0, methods ? names : "(no chunks)", name);
    return 0;
}

/* ---- info (after list: read_record) ---- */

static int run_info(struct command *c)
{
    const char *name = display_name(c->input);
    FILE *in = open_input(c->input);
    uint8_t bytes[SCANZIP_HEADER_BYTES];
    struct scanzip_header h;
    struct scanzip_layout layout;
    struct scanzip_why why;
    uint64_t got = fread(bytes, 1, sizeof bytes, in);
    if (scanzip_header_read(bytes, got, &h, &why) != 0 || scanzip_layout_of(&h, &layout, &why) != 0)
        die(EXIT_DATA, "%s: %s", name, why.text);
    print_header(name, &h, &layout);
    uint64_t where = SCANZIP_HEADER_BYTES, payload_total = 0;
    for (uint64_t index = 0; index < layout.chunk_count; index++) {
        struct scanzip_record r;
        read_record(in, name, &layout, index, where, &r);
        char method[32], frame[16];
        scanzip_variant_name(r.method, r.flags, method, sizeof method);
        uint32_t head_bytes;
        if (read_frame(in, &r, frame, &head_bytes) != 0)
            die(EXIT_DATA, "%s: chunk %llu of %llu (bytes %llu..): the file ends here: it is truncated", name,
                (unsigned long long)index + 1, (unsigned long long)layout.chunk_count, (unsigned long long)where);
        printf("  %8llu  %-8s  %-19s  %7s  %12u  %12u  %8.2fx\n", (unsigned long long)index + 1,
               part_name(&layout, index), method, frame, r.raw_bytes, r.payload_bytes,
               r.payload_bytes > 0 ? (double)r.raw_bytes / r.payload_bytes : 0.0);
        skip_bytes(in, r.payload_bytes - head_bytes);
        where += SCANZIP_RECORD_BYTES + r.payload_bytes;
        payload_total += r.payload_bytes;
    }
    printf("\n  %8s  %-8s  %-19s  %7s  %12llu  %12llu  %8.2fx   (payloads)\n", "total", "", "", "",
           (unsigned long long)h.original_bytes, (unsigned long long)payload_total,
           payload_total > 0 ? (double)h.original_bytes / (double)payload_total : 0.0);
    printf("  %8s  %-8s  %-19s  %7s  %12llu  %12llu  %8.2fx   (the whole file)\n", "", "", "", "",
           (unsigned long long)h.original_bytes, (unsigned long long)where,
           (double)h.original_bytes / (double)where);
    printf("\nThe payloads' CRCs were not checked: scanzip -t FILE does.\n");
    return 0;
}

/* ---- bench ------------------------------------------------------------------ */

static uint8_t *read_everything(const char *path, uint64_t *size)
{
    FILE *in = open_input(path);
    in = sized_input(in, display_name(path), size);
    uint8_t *bytes = malloc(*size > 0 ? *size : 1);
    if (bytes == NULL)
        die(EXIT_DATA, "%s: out of memory (%llu bytes)", display_name(path), (unsigned long long)*size);
    if (*size > 0 && fread(bytes, 1, *size, in) != *size)
        die(EXIT_DATA, "%s: could not read all of it", display_name(path));
    if (in != stdin)
        fclose(in);
    return bytes;
}

/* Compress and decompress once; the times in seconds; exits on failure. */
static uint64_t bench_once(const struct command *c, const struct scanzip_engine *engine,
                           const struct scanzip_options *options, const uint8_t *data, uint64_t size,
                           double *compress_seconds, double *decompress_seconds)
{
    uint8_t *packed, *unpacked;
    uint64_t packed_size, unpacked_size;
    struct scanzip_why why;
    double start = seconds_now();
    if (scanzip_compress_memory(engine, options, data, size, &packed, &packed_size, &why) != 0)
        die(EXIT_DATA, "%s: %s", display_name(c->input), why.text);
    double middle = seconds_now();
    if (scanzip_decompress_memory(engine, packed, packed_size, UINT64_MAX, &unpacked, &unpacked_size, &why) != 0)
        die(EXIT_DATA, "%s: the round trip failed: %s", display_name(c->input), why.text);
    *compress_seconds = middle - start;
    *decompress_seconds = seconds_now() - middle;
    if (unpacked_size != size || (size > 0 && memcmp(unpacked, data, size) != 0))
        die(EXIT_DATA, "%s: the round trip gave different bytes", display_name(c->input));
    free(packed);
    free(unpacked);
    return packed_size;
}

static int run_bench(struct command *c, const struct scanzip_engine *engine)
{
    uint64_t size;
    uint8_t *data = read_everything(c->input, &size);
    struct scanzip_header header;
    struct scanzip_why why;
    if (scanzip_plan(&c->options, size, &header, &why) != 0)
        die(EXIT_USAGE, "%s: %s", display_name(c->input), why.text);
    char frame[32] = "chosen per chunk";
    if (c->options.frame_length != SCANZIP_FRAME_CHOOSE)
        snprintf(frame, sizeof frame, "%u", c->options.frame_length);
    printf("%s: %llu bytes, %u-bit elements, axis %c, frame %s, chunk %u, engine %s, %d threads\n",
           display_name(c->input), (unsigned long long)size, 8 * c->options.element_bytes, "xyz"[c->options.axis],
           frame, c->options.chunk_elements, engine->name, thread_count());
    printf("  %-8s  %12s  %8s  %14s  %16s  %s\n", "method", "bytes", "ratio", "compress MB/s", "decompress MB/s",
           "round trip");
    for (int m = SCANZIP_STORED + 1; m <= SCANZIP_CHOOSE_AUTO; m++) { /* every method after stored, then auto */
        if (c->method_given && (int)c->options.choice != m)
            continue;
        struct scanzip_options options = c->options;
        options.choice = (enum scanzip_choice)m;
        double best_compress = 1e30, best_decompress = 1e30, spent = 0;
        uint64_t packed = 0;
        for (int run = 0; run < 5 && (run < 1 || spent < 1.0); run++) {
            double compress_seconds, decompress_seconds;
            packed = bench_once(c, engine, &options, data, size, &compress_seconds, &decompress_seconds);
            best_compress = compress_seconds < best_compress ? compress_seconds : best_compress;
            best_decompress = decompress_seconds < best_decompress ? decompress_seconds : best_decompress;
            spent += compress_seconds + decompress_seconds;
        }
        printf("  %-8s  %12llu  %7.2fx  %14.1f  %16.1f  ok\n", scanzip_choice_name((enum scanzip_choice)m),
               (unsigned long long)packed, packed > 0 ? (double)size / (double)packed : 0.0,
               (double)size / 1e6 / best_compress, (double)size / 1e6 / best_decompress);
    }
    free(data);
    return 0;
}

/* ---- main --------------------------------------------------------------------- */

/* Compressed data is not read from a terminal; nor is a FILE to compress
 * when none is named: a usage error at once instead of waiting for input. */
static void refuse_terminal_input(const struct command *c)
{
    if (!is_standard(c->input) || !isatty(STDIN_FILENO) || c->force)
        return;
    if (c->mode == MODE_COMPRESS || c->mode == MODE_BENCH)
        usage_error("no FILE, and standard input is a terminal: name a FILE, or pipe the data in");
    die(EXIT_USAGE, "compressed data not read from a terminal: name a FILE.scz, or pipe it in (-f to force it)");
}

/* One FILE (NULL: standard input); the exit status. */
static int run_one(struct command *c, const char *input)
{
    c->input = input;
    refuse_terminal_input(c);
    switch (c->mode) {
    case MODE_COMPRESS:
        return run_compress(c, choose_engine(c));
    case MODE_DECOMPRESS:
    case MODE_TEST:
        return run_decompress(c, choose_engine(c));
    case MODE_LIST:
        return run_list(c);
    case MODE_INFO:
        return run_info(c);
    case MODE_BENCH:
        return run_bench(c, choose_engine(c));
    }
    return EXIT_USAGE;
}

/* Each FILE in turn; one that fails does not stop the others, as with
 * gzip and zstd, and the exit status is the worst. With several, each
 * runs in a child process, so that a failure's die() (its message, its
 * exit, the temporary file's removal) is exactly as with one FILE. A
 * child killed by a signal (Ctrl-C reaches both) stops them all. */
static int run_all(struct command *c)
{
    if (c->input_count <= 1)
        return run_one(c, c->input_count == 1 ? c->inputs[0] : NULL);
    int worst = 0;
    for (int k = 0; k < c->input_count; k++) {
        fflush(stdout);
        fflush(stderr);
        pid_t pid = fork();
        if (pid < 0)
            die(EXIT_DATA, "%s: cannot start a process for it: %s", c->inputs[k], strerror(errno));
        if (pid == 0)
            exit(run_one(c, c->inputs[k]));
        int status;
        while (waitpid(pid, &status, 0) < 0)
            if (errno != EINTR)
                die(EXIT_DATA, "%s: waiting for its process: %s", c->inputs[k], strerror(errno));
        if (WIFSIGNALED(status)) {
            signal(WTERMSIG(status), SIG_DFL);
            raise(WTERMSIG(status));
        }
        int code = WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_DATA;
        worst = code > worst ? code : worst;
    }
    return worst;
}

/* "compress" etc.: the subcommand's mode in *mode; 0: not a subcommand. */
static int subcommand_mode(const char *word, enum mode *mode)
{
    static const struct { const char *name; enum mode mode; } subcommands[] = {
        {"compress", MODE_COMPRESS}, {"decompress", MODE_DECOMPRESS}, {"info", MODE_INFO}, {"bench", MODE_BENCH}};
    for (size_t k = 0; k < sizeof subcommands / sizeof subcommands[0]; k++)
        if (strcmp(word, subcommands[k].name) == 0) {
            *mode = subcommands[k].mode;
            return 1;
        }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "help") == 0) {
        print_help();
        return 0;
    }
    struct command c = {.mode = MODE_COMPRESS, .options = scanzip_default_options()};
    int first = argc >= 2 && subcommand_mode(argv[1], &c.mode) ? 2 : 1;
    parse_arguments(argc, argv, first, &c);
    catch_signals();
    atexit(remove_temporary);
    if (c.mode == MODE_LIST)
        print_list_heading();
    return run_all(&c);
}
