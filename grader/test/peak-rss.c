/*
 * peak-rss.c: run a command and write down its peak resident memory.
 *
 *   peak-rss OUT_FILE COMMAND [ARG]...
 *
 * Runs COMMAND with our standard input, output and error, waits for it
 * with wait4, and writes its ru_maxrss in KiB (Linux counts KiB, macOS
 * bytes) to OUT_FILE as one line, e.g. "148876": what GNU time's %M
 * says, without GNU time (scanzip/tests/memory.sh compiles and uses
 * it). Exits with the command's status, 128 + the signal if one killed
 * it, 127 if it could not be run, 2 on a usage error.
 */
#define _DEFAULT_SOURCE

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s OUT_FILE COMMAND [ARG]...\n", argv[0]);
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "peak-rss: fork: %s\n", strerror(errno));
        return 127;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        fprintf(stderr, "peak-rss: %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "peak-rss: wait4: %s\n", strerror(errno));
            return 127;
        }
#ifdef __APPLE__
    long kib = usage.ru_maxrss / 1024; /* macOS counts bytes */
#else
    long kib = usage.ru_maxrss;
#endif
    FILE *out = fopen(argv[1], "w");
    if (out == NULL || fprintf(out, "%ld\n", kib) < 0 || fclose(out) != 0) {
        fprintf(stderr, "peak-rss: %s: cannot write it\n", argv[1]);
        return 127;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
