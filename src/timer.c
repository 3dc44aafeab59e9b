/*
 * timer.c -- seconds of the monotonic clock and of CPU time (see timer.h).
 */
#include <time.h>

#include "timer.h"

/* Seconds of clock. */
static double timer_read(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double timer_now(void)
{
    return timer_read(CLOCK_MONOTONIC);
}

double timer_cpu(void)
{
    return timer_read(CLOCK_PROCESS_CPUTIME_ID);
}

double timer_thread_cpu(void)
{
    return timer_read(CLOCK_THREAD_CPUTIME_ID);
}
