/*
 * timer.h -- seconds of the monotonic clock, for time budgets (the search's
 * millis), progress reports and the time columns of benchmarks and
 * tournaments: differences only mean something, and the clock never jumps
 * with the wall clock.
 */
#ifndef MAYA_TIMER_H
#define MAYA_TIMER_H

/* Seconds since an unspecified start (CLOCK_MONOTONIC). */
double timer_now(void);

#endif
