/*
 * check.c: failure messages (see check.h).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include "check.h"
#include "guarded_buffer.h"
#include "host.h"
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
    char head[640], hint[256];
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

static void show_value(uint32_t value, enum value_style style, char *text, size_t size)
{
    switch (style) {
    case VALUES_DECIMAL: snprintf(text, size, "%d", (int)value); break;
    case VALUES_HEX8: snprintf(text, size, "0x%08x", value); break;
    case VALUES_HEX: snprintf(text, size, "0x%x", value); break;
    }
}

const char *poison_note(uint32_t value, size_t bytes)
{
    uint32_t mask = bytes >= 4 ? 0xffffffffu : (1u << (8 * bytes)) - 1;
    return (value & mask) == (POISON & mask) ? " (the grader's poison, what fresh memory holds: nothing was written there)"
                                             : "";
}

/* A sum that took in elements of a guard zone (a load past n, an int4
 * read whole at the tail) is off by a multiple of the guard's value:
 * "(got - expected = 2 x 0x6a5a5a5a, ...)". "" when it is not. */
static const char *guard_read_note(uint32_t expected, uint32_t got, char *text, size_t size)
{
    for (uint32_t k = 1; k <= 4; k++)
        if (got - expected == k * GUARD_INTS) {
            snprintf(text, size, " (got - expected = %u x 0x%08x, what the grader's guard zones around each array hold:"
                     " %u element%s read from past the end or before the start of an input, and added in)", k,
                     GUARD_INTS, k, k == 1 ? "" : "s");
            return text;
        }
    return "";
}

void expect_same_values(const struct test_case *c, const char *what, const void *expected,
                        const void *got, size_t count, enum value_style style)
{
    size_t first, differ = count_differences(expected, got, count, &first);
    if (differ == 0)
        return;
    char want[16], have[16];
    uint32_t got_value = ((const uint32_t *)got)[first];
    show_value(((const uint32_t *)expected)[first], style, want, sizeof want);
    show_value(got_value, style, have, sizeof have);
    char guard[256];
    const char *note = style == VALUES_DECIMAL
        ? guard_read_note(((const uint32_t *)expected)[first], got_value, guard, sizeof guard) : "";
    fail_case(c, "%s%sfirst mismatch at index %zu: expected %s, got %s%s%s (%zu of %zu %s)", what ? what : "",
              what ? ": " : "", first, want, have, poison_note(got_value, 4), note, differ, count,
              style == VALUES_DECIMAL ? "elements differ" : "differ");
}

void expect_same_ints(const struct test_case *c, const char *what,
                      const int *expected, const int *got, size_t count)
{
    expect_same_values(c, what, expected, got, count, VALUES_DECIMAL);
}

void expect_same_count(const struct test_case *c, const char *what, size_t expected, size_t got)
{
    if (expected != got)
        fail_case(c, "%s: expected %zu, got %zu", what, expected, got);
}

/* host.h: a test program's host allocation that failed fails the test. */
void host_out_of_memory(const char *words)
{
    cr_assert_fail("%s", words);
    __builtin_unreachable();
}

void expect_implemented(void)
{
    if (scanlab_todo_function() != NULL)
        cr_assert_fail("not implemented: %s (%s)", scanlab_todo_function(), scanlab_todo_file());
}
