/*
 * Lab 01: scan and stream compaction on the CPU.
 *
 * Goal:   write the serial versions that every later lab is measured
 *         against, and meet scan as the tool that turns "which elements do
 *         I keep?" into "where does each kept element go?".
 * Rules:  plain C11, no libraries beyond the C standard library.
 * Build:  make grade LAB=01        grade this file
 *         make run LAB=01 N=16     print input and output for one array
 *
 * Each function below has a stub marked TODO(student). Replace the stub
 * with your code and delete its TODO_STUDENT() call.
 */
#include <stddef.h>

#include "scan.h"
#include "todo.h"

/*
 * scan_exclusive_cpu: out[i] = in[0] + ... + in[i-1], and out[0] = 0.
 *
 * Example: [3 1 7 0 4 1 6 3] -> [0 3 4 11 11 15 16 22]
 *
 * in == out is allowed, so read in[i] before you write out[i].
 */
void scan_exclusive_cpu(const int *in, int *out, size_t n)
{
    // BEGIN SOLUTION
    int running_sum = 0;
    for (size_t i = 0; i < n; i++) {
        int value = in[i];
        out[i] = running_sum;
        running_sum += value;
    }
    // END SOLUTION
    //@ // TODO(student): one pass, keeping a running sum.
    //@ (void)in; (void)out; (void)n;
    //@ TODO_STUDENT();
}

/*
 * scan_inclusive_cpu: out[i] = in[0] + ... + in[i].
 *
 * Example: [3 1 7 0 4 1 6 3] -> [3 4 11 11 15 16 22 25]
 *
 * in == out is allowed.
 */
void scan_inclusive_cpu(const int *in, int *out, size_t n)
{
    // BEGIN SOLUTION
    int running_sum = 0;
    for (size_t i = 0; i < n; i++) {
        running_sum += in[i];
        out[i] = running_sum;
    }
    // END SOLUTION
    //@ // TODO(student): like the exclusive scan, but add before you write.
    //@ (void)in; (void)out; (void)n;
    //@ TODO_STUDENT();
}

/*
 * compact_cpu: copy the non-zero elements of in to out, keeping their
 * order, and return how many there are. The obvious serial loop. Write
 * nothing else: out[kept..n) stays as it was.
 *
 * Example: [1 0 2 0 0 3] -> [1 2 3], returns 3
 */
size_t compact_cpu(const int *in, int *out, size_t n)
{
    // BEGIN SOLUTION
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (in[i] != 0)
            out[kept++] = in[i];
    return kept;
    // END SOLUTION
    //@ // TODO(student): one pass; out grows only when in[i] != 0.
    //@ (void)in; (void)out; (void)n;
    //@ TODO_STUDENT();
    //@ return 0;
}

/*
 * compact_cpu_with_scan: the same result in three passes, each of which a
 * GPU can run with one thread per element (lab 04 does exactly that):
 *
 *     in       [1 0 2 0 0 3]
 *     flags    [1 0 1 0 0 1]    1 where the element is kept
 *     scan     [0 1 1 2 2 2]    exclusive scan of flags = output index
 *     out      [1 2 3]          out[scan[i]] = in[i] where flags[i] == 1
 *
 * The kept count is the last scan value plus the last flag.
 * scratch has room for n ints: use it for the flags, then scan them in
 * place with your scan_exclusive_cpu. Scatter the kept elements only:
 * after the last kept element, a dropped one's slot is out[kept].
 */
size_t compact_cpu_with_scan(const int *in, int *out, int *scratch, size_t n)
{
    // BEGIN SOLUTION
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        scratch[i] = in[i] != 0;
    int last_flag = scratch[n - 1];
    scan_exclusive_cpu(scratch, scratch, n);
    for (size_t i = 0; i < n; i++)
        if (in[i] != 0)
            out[scratch[i]] = in[i];
    return (size_t)scratch[n - 1] + (size_t)last_flag;
    // END SOLUTION
    //@ // TODO(student): map to flags, scan the flags, scatter.
    //@ (void)in; (void)out; (void)scratch; (void)n;
    //@ TODO_STUDENT();
    //@ return 0;
}
