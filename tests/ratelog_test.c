/*
 * ratelog_test.c -- the rate-limited log of the server (ratelog.h): at
 * most per_second lines in one second of the clock given, the rest counted
 * and the count written once when a later second begins (by a line or a
 * flush) or when the log ends; nothing written for a second without lines
 * left out; a time earlier than the second being counted (a thread that
 * read the clock late) counts in that second. The clock is the test's, so
 * nothing depends on timing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "server/ratelog.h"

/* A log into memory: text holds what was written once out is closed. */
typedef struct memory_log {
    ratelog log;  /* the log under test */
    FILE *out;    /* its stream */
    char *text;   /* what it wrote (open_memstream's) */
    size_t size;  /* its length */
} memory_log;

static void memory_log_open(memory_log *m, int per_second)
{
    m->text = NULL;
    m->size = 0;
    m->out = open_memstream(&m->text, &m->size);
    assert_non_null(m->out);
    ratelog_init(&m->log, m->out, "p: ", per_second);
}

/* What was written so far (the stream flushed). */
static const char *memory_log_text(memory_log *m)
{
    fflush(m->out);
    return m->text != NULL ? m->text : "";
}

static void memory_log_close(memory_log *m)
{
    fclose(m->out);
    free(m->text);
}

static void test_lines_within_allowance(void **unused)
{
    (void)unused;
    memory_log m;
    memory_log_open(&m, 2);
    ratelog_line_at(&m.log, 100.1, "one %d\n", 1);
    ratelog_line_at(&m.log, 100.9, "two\n");
    ratelog_line_at(&m.log, 101.0, "three\n"); /* a new second: its own allowance */
    ratelog_flush(&m.log, 105.0);
    assert_string_equal(memory_log_text(&m), "p: one 1\np: two\np: three\n");
    ratelog_destroy(&m.log);
    assert_string_equal(memory_log_text(&m), "p: one 1\np: two\np: three\n");
    memory_log_close(&m);
}

static void test_burst_counted(void **unused)
{
    (void)unused;
    memory_log m;
    memory_log_open(&m, 3);
    for (int i = 0; i < 1000; i++)
        ratelog_line_at(&m.log, 200.5, "line %d\n", i);
    /* the second is not over: the count waits */
    assert_string_equal(memory_log_text(&m), "p: line 0\np: line 1\np: line 2\n");
    ratelog_flush(&m.log, 200.99);
    assert_string_equal(memory_log_text(&m), "p: line 0\np: line 1\np: line 2\n");
    ratelog_flush(&m.log, 201.0);
    assert_string_equal(memory_log_text(&m), "p: line 0\np: line 1\np: line 2\np: ... 997 more suppressed\n");
    ratelog_flush(&m.log, 202.0); /* once only */
    ratelog_line_at(&m.log, 202.0, "after\n");
    assert_string_equal(memory_log_text(&m),
                        "p: line 0\np: line 1\np: line 2\np: ... 997 more suppressed\np: after\n");
    ratelog_destroy(&m.log);
    memory_log_close(&m);
}

static void test_count_written_by_next_line_and_at_end(void **unused)
{
    (void)unused;
    memory_log m;
    memory_log_open(&m, 1);
    ratelog_line_at(&m.log, 7.0, "a\n");
    ratelog_line_at(&m.log, 7.2, "b\n");
    ratelog_line_at(&m.log, 8.0, "c\n"); /* a later second's line writes the count first */
    ratelog_line_at(&m.log, 8.5, "d\n");
    ratelog_destroy(&m.log); /* the last count at the end */
    assert_string_equal(memory_log_text(&m), "p: a\np: ... 1 more suppressed\np: c\np: ... 1 more suppressed\n");
    memory_log_close(&m);
}

static void test_late_time_counts_in_current_second(void **unused)
{
    (void)unused;
    memory_log m;
    memory_log_open(&m, 1);
    ratelog_line_at(&m.log, 301.0, "now\n");
    /* threads that read the clock before the line above took the lock: their
     * second is over, so they share the current second's allowance */
    for (int i = 0; i < 100; i++) {
        ratelog_line_at(&m.log, 300.9, "late\n");
        ratelog_line_at(&m.log, 301.5, "now again\n");
    }
    assert_string_equal(memory_log_text(&m), "p: now\n");
    ratelog_flush(&m.log, 302.0);
    assert_string_equal(memory_log_text(&m), "p: now\np: ... 200 more suppressed\n");
    ratelog_destroy(&m.log);
    memory_log_close(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines_within_allowance),
        cmocka_unit_test(test_burst_counted),
        cmocka_unit_test(test_count_written_by_next_line_and_at_end),
        cmocka_unit_test(test_late_time_counts_in_current_second),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
