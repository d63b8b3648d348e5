/*
 * check.c: failure messages (see check.h).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include "check.h"
#include "todo.h"

void fail_described(const char *head, const char *hint, const char *format, va_list args)
{
    char reason[1024];
    vsnprintf(reason, sizeof reason, format, args);
    cr_assert_fail("%s\n  %s\n  %s", head, reason, hint);
    __builtin_unreachable();
}

void fail_case(const struct test_case *c, const char *format, ...)
{
    char head[512], hint[256];
    test_case_describe(c, head, sizeof head);
    test_case_reproduce(c, hint, sizeof hint);
    va_list args;
    va_start(args, format);
    fail_described(head, hint, format, args);
}

/* memcmp first: the arrays are equal in almost every run, and a grade
 * compares gigabytes; memcmp does it several times faster than the loop
 * that counts. */
size_t count_differences(const void *expected, const void *got, size_t count, size_t *first)
{
    *first = count;
    if (memcmp(expected, got, count * sizeof(uint32_t)) == 0)
        return 0;
    const uint32_t *e = expected, *g = got;
    size_t differ = 0;
    for (size_t i = 0; i < count; i++)
        if (e[i] != g[i] && differ++ == 0)
            *first = i;
    return differ;
}

void expect_same_ints(const struct test_case *c, const char *what,
                      const int *expected, const int *got, size_t count)
{
    size_t first, differ = count_differences(expected, got, count, &first);
    if (differ == 0)
        return;
    fail_case(c, "%s%sfirst mismatch at index %zu: expected %d, got %d (%zu of %zu elements differ)",
              what ? what : "", what ? ": " : "", first, expected[first], got[first], differ, count);
}

void expect_same_count(const struct test_case *c, const char *what, size_t expected, size_t got)
{
    if (expected != got)
        fail_case(c, "%s: expected %zu, got %zu", what, expected, got);
}

void expect_implemented(void)
{
    if (scanlab_todo_function() != NULL)
        cr_assert_fail("not implemented: %s (%s)", scanlab_todo_function(), scanlab_todo_file());
}
