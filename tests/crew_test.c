/*
 * crew_test.c -- the kept threads of crew.h: every run runs each part
 * exactly once, part 0 on the calling thread and the others on threads of
 * the crew, kept from run to run (the same thread for a part each time);
 * parts out of 1..CREW_PARTS_MAX are refused; a crew of CREW_PARTS_MAX
 * parts runs them all; a crew ends without having run.
 */
#define _GNU_SOURCE /* gettid */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <sys/types.h>
#include <unistd.h>

#include "crew.h"

/* What the parts of the runs did. */
typedef struct crew_log {
    int runs[CREW_PARTS_MAX];          /* runs of each part (each part writes its own) */
    pid_t thread[CREW_PARTS_MAX];      /* the thread each part ran on last (thread ids are not reused soon,
                                          as pthread_t values of ended threads are) */
    int moved;                         /* 1 if a part ran on another thread than before */
} crew_log;

static void crew_log_part(void *arg, int part)
{
    crew_log *log = arg;
    pid_t self = gettid();
    if (log->runs[part] > 0 && log->thread[part] != self)
        log->moved = 1; /* only part's own fields are written: no other part touches them */
    log->thread[part] = self;
    log->runs[part]++;
}

static void test_runs(void **unused)
{
    (void)unused;
    const int sizes[] = {1, 2, 3, CREW_PARTS_MAX};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        crew_log log;
        memset(&log, 0, sizeof log);
        crew *c = crew_new(sizes[k], crew_log_part, &log);
        assert_non_null(c);
        int parts = crew_parts(c);
        assert_int_equal(parts, sizes[k]); /* the test machine gives the threads asked */
        for (int run = 1; run <= 50; run++) {
            crew_run(c);
            for (int p = 0; p < CREW_PARTS_MAX; p++)
                assert_int_equal(log.runs[p], p < parts ? run : 0);
            assert_int_equal(log.thread[0], gettid());
            for (int p = 1; p < parts; p++)
                assert_int_not_equal(log.thread[p], gettid());
        }
        assert_int_equal(log.moved, 0);
        crew_free(c);
    }
}

static void test_limits(void **unused)
{
    (void)unused;
    crew_log log;
    memset(&log, 0, sizeof log);
    assert_null(crew_new(0, crew_log_part, &log));
    assert_null(crew_new(-1, crew_log_part, &log));
    assert_null(crew_new(CREW_PARTS_MAX + 1, crew_log_part, &log));
    crew *idle = crew_new(4, crew_log_part, &log); /* ends without a run */
    assert_non_null(idle);
    crew_free(idle);
    for (int p = 0; p < CREW_PARTS_MAX; p++)
        assert_int_equal(log.runs[p], 0);
    crew_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runs),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
