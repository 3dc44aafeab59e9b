/*
 * timer.h -- seconds of the monotonic clock, for time budgets (the search's
 * millis), progress reports and the time columns of benchmarks and
 * tournaments: differences only mean something, and the clock never jumps
 * with the wall clock. Beside it, the process's CPU time.
 */
#ifndef MAYA_TIMER_H
#define MAYA_TIMER_H

/* Seconds since an unspecified start (CLOCK_MONOTONIC). */
double timer_now(void);
/* CPU seconds the process has used, all its threads (CLOCK_PROCESS_CPUTIME_ID):
 * what a benchmark costs when other processes share the cores. */
double timer_cpu(void);
/* CPU seconds the calling thread has used (CLOCK_THREAD_CPUTIME_ID). */
double timer_thread_cpu(void);

#endif
