/*
 * ratelog.h -- a log that writes at most a set number of lines a second.
 *
 * A server under attack or with its store down could otherwise write a
 * line per refused connection or per game each second without end. The
 * lines past a second's allowance are counted instead, and once their
 * second is over one line says how many were left out. The clock is an
 * argument of the functions that need it, so that a test decides which
 * second a line falls in; ratelog_line reads the monotonic clock.
 * Safe to call from any thread.
 */
#ifndef MAYA_RATELOG_H
#define MAYA_RATELOG_H

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

typedef struct ratelog {
    pthread_mutex_t lock; /* guards the fields below */
    FILE *out;            /* where lines go (the caller's) */
    const char *prefix;   /* written before every line, static */
    int per_second;       /* lines allowed each second (>= 1) */
    long second;          /* the second being counted (of the clock given) */
    int lines;            /* lines written in it */
    long suppressed;      /* lines left out since the last count was written */
} ratelog;

/* A log to out of at most per_second (>= 1) lines a second, each after prefix. */
void ratelog_init(ratelog *log, FILE *out, const char *prefix, int per_second);
/* Write the count left out, if any, and release the log. */
void ratelog_destroy(ratelog *log);
/* A line (format ends it with its own newline) at time now (seconds of
 * one clock), unless now's second has used up its lines. */
void ratelog_vline_at(ratelog *log, double now, const char *format, va_list args);
void ratelog_line_at(ratelog *log, double now, const char *format, ...) __attribute__((format(printf, 3, 4)));
/* ratelog_line_at now, by the monotonic clock (timer_now). */
void ratelog_line(ratelog *log, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Write the count left out in a second that is over by now (timer_now's
 * clock): the watching threads call it now and then, so that the count of
 * a burst is written even if no line follows it. */
void ratelog_flush(ratelog *log, double now);

#endif
