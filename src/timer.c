/*
 * timer.c -- seconds of the monotonic clock (see timer.h).
 */
#include <time.h>

#include "timer.h"

double timer_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
