/*
 * one_process.c: a lab's tests run one after another in one process
 * (build/.../LAB/tests-one-process; see the Makefile).
 *
 * Contract: linked in place of libcriterion, with the same test objects
 * and support library as the lab's `tests`, it defines the libcriterion
 * symbols they use and a main that runs the tests Test() registered. It
 * is a screening pass that can only ever pass a test: whatever it does
 * not pass (a failure, a skip, a crash, a test it does not run) the
 * grader runs again through Criterion, for the verdict and the message.
 *
 *   SCANLAB_RESULT_TOKEN=T tests-one-process [--timeout S] [SUITE::TEST...] 3>FILE
 *
 * With names, those tests run in that order; without, every test, in the
 * order of the executable's cr_tst section. Descriptor 3 gets one line
 * per name as its test ends, then a last line (TAB-separated):
 *
 *   pass|fail|skip|not-run|unknown|timeout  SUITE::TEST  SECONDS  T
 *   done  COUNT  T                  (COUNT: the lines before it)
 *
 * With --timeout S, a test still running after S seconds is reported
 * "timeout" and the process ends there (exit status 4): a kernel that
 * never ends cannot be stopped otherwise, and the tests after it are
 * left to the caller, as after a crash.
 *
 * The lines are written with write(2) alone. The code under test may
 * print anything, even through a FILE it pointed at descriptor 3, but it
 * cannot know T: T is copied out of the environment and wiped there
 * before any code under test runs, constructors included.
 *
 * Here run the tests of kind CR_TEST_NORMAL with no .signal, .exit_code
 * or .disabled (on the test or on its TestSuite); the others are
 * "not-run" (Criterion runs them). .timeout is ignored: the caller bounds
 * the whole process. A failed assert ends the test's body; its message,
 * file and line go to stderr after the test's name, and fini still runs,
 * as under Criterion; a skip ends the test at once. Only the libcriterion
 * functions the grader's tests use are here: a test that needs another
 * (cr_expect, a C++ test) does not link, and make grade then grades its
 * lab through Criterion alone. Before
 * each test the TODO_STUDENT() record is forgotten (todo.c keeps one per
 * process); any other state the tests or the code under test keep (lab
 * 08's kept scratch, the emulator's sticky error, memory a failed test
 * never freed) carries over to the next test.
 *
 * Exit status: 0 once the done line is written; 2 on a usage error (no
 * descriptor 3, no token, an odd argument); 3 if descriptor 3 stops
 * taking lines, or an assert fails outside any test; 4 after a timeout.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "todo.h"

#define RESULTS_FD 3
#define TOKEN_VARIABLE "SCANLAB_RESULT_TOKEN"
#define TOKEN_MAX 200
#define NAME_MAX_LENGTH 400

/* ---- The token, taken before any code under test runs ------------------- */

static char token[TOKEN_MAX + 1];
static bool token_taken;

/* A preinit function runs before every constructor (the lab's C++ globals
 * and __attribute__((constructor)) included), and glibc hands it the
 * environment. The value is wiped in place, so no later getenv and no
 * copy of the original environment strings holds it; main unsets it. */
static void take_token(int argc, char **argv, char **envp)
{
    (void)argc;
    (void)argv;
    const size_t prefix = strlen(TOKEN_VARIABLE "=");
    for (char **entry = envp; entry != NULL && *entry != NULL; entry++) {
        if (strncmp(*entry, TOKEN_VARIABLE "=", prefix) != 0)
            continue;
        char *value = *entry + prefix;
        size_t length = strlen(value);
        token_taken = length > 0 && length <= TOKEN_MAX && strpbrk(value, "\t\n\r") == NULL;
        if (token_taken)
            memcpy(token, value, length + 1);
        memset(value, 0, length);
    }
}

__attribute__((used, section(".preinit_array")))
static void (*take_token_first)(int, char **, char **) = take_token;

/* ---- The test that runs, and how it ends --------------------------------- */

/* cr_tst holds a pointer per Test(), cr_sts one per TestSuite(); GNU ld
 * names their bounds. Weak: a program without any has neither. */
extern struct criterion_test *__start_cr_tst[] __attribute__((weak));
extern struct criterion_test *__stop_cr_tst[] __attribute__((weak));
extern struct criterion_suite *__start_cr_sts[] __attribute__((weak));
extern struct criterion_suite *__stop_cr_sts[] __attribute__((weak));

static struct {
    const struct criterion_test *test;   /* NULL between tests */
    const struct criterion_suite *suite; /* its TestSuite(), or NULL */
    bool failed, skipped;
    jmp_buf end;       /* the test is over (a skip, a death) */
    jmp_buf body_end;  /* its body is over (a failed assert): fini runs */
    jmp_buf *on_abort; /* where a failed assert goes now */
} run;

/* One line to stderr about the running test, after its name. */
__attribute__((format(printf, 1, 2)))
static void say(const char *format, ...)
{
    if (run.test != NULL)
        fprintf(stderr, "%s::%s: ", run.test->category, run.test->name);
    else
        fprintf(stderr, "tests-one-process: ");
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}

/* An assert outside any test has nowhere to go back to. */
static void require_test(const char *what)
{
    if (run.test == NULL || run.on_abort == NULL) {
        say("%s outside any test", what);
        exit(3);
    }
}

/* ---- What libcriterion provides to the test objects ---------------------- */

/* Zero: no full_stats, so a passing assert sends nothing. */
struct criterion_options criterion_options;

int cr_vasprintf(char **strp, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int length = vsnprintf(NULL, 0, fmt, ap);
    *strp = length < 0 ? NULL : malloc((size_t)length + 1);
    if (*strp != NULL)
        vsnprintf(*strp, (size_t)length + 1, fmt, again);
    va_end(again);
    return *strp != NULL ? length : -1;
}

int cr_asprintf(char **strp, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    int length = cr_vasprintf(strp, fmt, args);
    va_end(args);
    return length;
}

void cr_asprintf_free(char *buf)
{
    free(buf);
}

/* An assert's default message, worded as Criterion words it. */
char *cr_translate_assert_msg(int msg_index, ...)
{
    static const char *const messages[] = {
        [CRITERION_ASSERT_MSG_FAIL] = "The conditions for this assertion were not met.",
        [CRITERION_ASSERT_MSG_EXPR_FALSE] = "The expression %s is false.",
        [CRITERION_ASSERT_MSG_EXPR_AS_STRINGS_FALSE] = "The expression (as strings) %s is false.",
        [CRITERION_ASSERT_MSG_IS_NULL] = "%s is null.",
        [CRITERION_ASSERT_MSG_IS_NOT_NULL] = "%s is not null.",
        [CRITERION_ASSERT_MSG_IS_EMPTY] = "%s is empty.",
        [CRITERION_ASSERT_MSG_IS_NOT_EMPTY] = "%s is not empty.",
    };
    const int known = (int)(sizeof messages / sizeof messages[0]);
    const char *format = msg_index >= 0 && msg_index < known ? messages[msg_index] : NULL;
    char *message;
    va_list args;
    va_start(args, msg_index);
    cr_vasprintf(&message, format != NULL ? format : "An assertion failed.", args);
    va_end(args);
    return message;
}

/* Every failed assert comes here, cr_expect's too, before the test goes on
 * or ends: so a failure is counted even where the test goes on. */
void criterion_send_assert(struct criterion_assert_stats *stats)
{
    if (stats->passed)
        return;
    run.failed = true;
    say("%s:%u: %s", stats->file, stats->line, stats->message != NULL ? stats->message : "");
}

void cri_asserts_passed_incr(void)
{
}

void criterion_abort_test(void)
{
    require_test("an assert failed");
    run.failed = true;
    longjmp(*run.on_abort, 1);
}

void criterion_skip_test(const char *format, ...)
{
    require_test("a skip");
    char *message = NULL;
    va_list args;
    va_start(args, format);
    cr_vasprintf(&message, format, args);
    va_end(args);
    say("skipped: %s", message != NULL ? message : format);
    free(message);
    run.skipped = true;
    longjmp(run.end, 1);
}

/* The trampoline each Test() makes calls these three in turn: the
 * suite's fixtures around the test's own, as Criterion orders them. */
void criterion_internal_test_setup(void)
{
    if (run.suite != NULL && run.suite->data->init != NULL)
        run.suite->data->init();
    if (run.test->data->init != NULL)
        run.test->data->init();
}

void criterion_internal_test_main(void (*fn)(void))
{
    run.on_abort = &run.body_end;
    if (setjmp(run.body_end) == 0)
        fn();
    run.on_abort = &run.end;
}

void criterion_internal_test_teardown(void)
{
    if (run.test->data->fini != NULL)
        run.test->data->fini();
    if (run.suite != NULL && run.suite->data->fini != NULL)
        run.suite->data->fini();
}

/* ---- Finding and running tests ------------------------------------------- */

static size_t test_count(void)
{
    return __start_cr_tst != NULL ? (size_t)(__stop_cr_tst - __start_cr_tst) : 0;
}

static const struct criterion_suite *suite_named(const char *name)
{
    size_t count = __start_cr_sts != NULL ? (size_t)(__stop_cr_sts - __start_cr_sts) : 0;
    for (size_t i = 0; i < count; i++)
        if (__start_cr_sts[i] != NULL && strcmp(__start_cr_sts[i]->name, name) == 0)
            return __start_cr_sts[i];
    return NULL;
}

/* "suite::test" names this test. */
static bool named(const struct criterion_test *test, const char *name)
{
    size_t suite_length = strlen(test->category);
    return strncmp(name, test->category, suite_length) == 0 &&
           strncmp(name + suite_length, "::", 2) == 0 && strcmp(name + suite_length + 2, test->name) == 0;
}

static const struct criterion_test *test_named(const char *name)
{
    for (size_t i = 0; i < test_count(); i++)
        if (__start_cr_tst[i] != NULL && named(__start_cr_tst[i], name))
            return __start_cr_tst[i];
    return NULL;
}

/* Tests that expect a signal or an exit status need a process of their own. */
static bool runs_here(const struct criterion_test_extra_data *data)
{
    return data != NULL && data->kind_ == CR_TEST_NORMAL && data->signal == 0 &&
           data->exit_code == 0 && !data->disabled;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Runs one test; "pass", "fail" or "skip". A test that starts inside
 * another (code under test calling back into the runner) ends the process. */
static const char *run_test(const struct criterion_test *test, const struct criterion_suite *suite)
{
    if (run.test != NULL)
        abort();
    run.test = test;
    run.suite = suite;
    run.failed = run.skipped = false;
    run.on_abort = &run.end;
    scanlab_todo_clear();
    if (setjmp(run.end) == 0)
        test->test();
    const char *verdict = run.skipped ? "skip" : run.failed ? "fail" : "pass";
    run.test = NULL;
    run.on_abort = NULL;
    fflush(stdout);
    fflush(stderr);
    return verdict;
}

/* ---- Results, on descriptor 3 only ---------------------------------------- */

static size_t lines_written;

/* One whole line in as few write(2) calls as the descriptor allows. */
__attribute__((format(printf, 1, 2)))
static void put_line(const char *format, ...)
{
    char line[2 * NAME_MAX_LENGTH + TOKEN_MAX];
    va_list args;
    va_start(args, format);
    int length = vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (length < 0 || (size_t)length >= sizeof line) {
        say("a result line is too long");
        exit(3);
    }
    for (size_t done = 0; done < (size_t)length;) {
        ssize_t wrote = write(RESULTS_FD, line + done, (size_t)length - done);
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0) {
            say("descriptor %d takes no more results: %s", RESULTS_FD, strerror(errno));
            exit(3);
        }
        done += (size_t)wrote;
    }
}

static void report(const char *verdict, const char *name, double seconds)
{
    put_line("%s\t%s\t%.3f\t%s\n", verdict, name, seconds, token);
    lines_written++;
}

/* ---- The watchdog: a test that runs too long ends the process ------------
 *
 * A thread of its own looks at the running test once a second. The main
 * thread publishes the test's name and start under the mutex; once the
 * watchdog has reported a timeout it never lets go of the mutex, so the
 * main thread cannot report that test as well before _exit. */

static pthread_mutex_t watched_lock = PTHREAD_MUTEX_INITIALIZER;
static const char *watched_name; /* NULL between tests */
static double watched_start, timeout_s;

static void watch(const char *name)
{
    pthread_mutex_lock(&watched_lock);
    watched_name = name;
    watched_start = now_s();
    pthread_mutex_unlock(&watched_lock);
}

static void *watchdog(void *unused)
{
    (void)unused;
    for (;;) {
        sleep(1);
        pthread_mutex_lock(&watched_lock);
        if (watched_name != NULL && now_s() - watched_start > timeout_s) {
            report("timeout", watched_name, now_s() - watched_start);
            _exit(4);
        }
        pthread_mutex_unlock(&watched_lock);
    }
    return NULL;
}

/* The test `name` names, if any, run here if it can, and reported. */
static void run_and_report(const char *name, const struct criterion_test *test)
{
    const struct criterion_suite *suite = test != NULL ? suite_named(test->category) : NULL;
    if (test == NULL)
        report("unknown", name, 0);
    else if (!runs_here(test->data) || (suite != NULL && !runs_here(suite->data)))
        report("not-run", name, 0);
    else {
        double start = now_s();
        watch(name);
        const char *verdict = run_test(test, suite);
        pthread_mutex_lock(&watched_lock);
        watched_name = NULL;
        report(verdict, name, now_s() - start);
        pthread_mutex_unlock(&watched_lock);
    }
}

static void run_every_test(void)
{
    char name[2 * NAME_MAX_LENGTH];
    for (size_t i = 0; i < test_count(); i++) {
        const struct criterion_test *test = __start_cr_tst[i];
        if (test == NULL)
            continue;
        snprintf(name, sizeof name, "%s::%s", test->category, test->name);
        run_and_report(name, test);
    }
}

/* ---- The command line ------------------------------------------------------ */

__attribute__((noreturn))
static void usage(const char *problem)
{
    fprintf(stderr, "tests-one-process: %s\n"
            "usage: " TOKEN_VARIABLE "=TOKEN tests-one-process [--timeout SECONDS] [SUITE::TEST...] 3>RESULTS\n",
            problem);
    exit(2);
}

/* A name may not break the line it is written on. */
static void check_names(int count, char **names)
{
    for (int i = 0; i < count; i++)
        if (strstr(names[i], "::") == NULL || strpbrk(names[i], "\t\n\r") != NULL ||
            strlen(names[i]) > NAME_MAX_LENGTH)
            usage("tests are named SUITE::TEST");
}

int main(int argc, char **argv)
{
    static bool started;
    if (started) /* main called again, from code under test */
        abort();
    started = true;
    unsetenv(TOKEN_VARIABLE);
    if (!token_taken)
        usage(TOKEN_VARIABLE " is unset, empty, too long, or holds a tab or a newline");
    if (fcntl(RESULTS_FD, F_GETFD) == -1)
        usage("descriptor 3 is not open: the results go there");
    if (argc >= 3 && strcmp(argv[1], "--timeout") == 0) {
        char *end = NULL;
        timeout_s = strtod(argv[2], &end);
        if (*end != '\0' || !(timeout_s > 0))
            usage("--timeout takes a number of seconds");
        pthread_t thread;
        if (pthread_create(&thread, NULL, watchdog, NULL) != 0)
            usage("cannot start the watchdog thread");
        argc -= 2, argv += 2;
    }
    check_names(argc - 1, argv + 1);
    if (argc == 1)
        run_every_test();
    for (int i = 1; i < argc; i++)
        run_and_report(argv[i], test_named(argv[i]));
    put_line("done\t%zu\t%s\n", lines_written, token);
    return 0;
}
