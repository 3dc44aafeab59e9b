/*
 * ratelog.c -- a log that writes at most a set number of lines a second,
 * counting the rest (ratelog.h).
 */
#include "server/ratelog.h"

#include <assert.h>
#include <math.h>

#include "timer.h"

void ratelog_init(ratelog *log, FILE *out, const char *prefix, int per_second)
{
    assert(per_second >= 1);
    pthread_mutex_init(&log->lock, NULL);
    log->out = out;
    log->prefix = prefix;
    log->per_second = per_second;
    log->second = 0;
    log->lines = 0;
    log->suppressed = 0;
}

/* The count left out, if any, is written. log->lock held. */
static void write_suppressed(ratelog *log)
{
    if (log->suppressed > 0)
        fprintf(log->out, "%s... %ld more suppressed\n", log->prefix, log->suppressed);
    log->suppressed = 0;
}

/* Begin now's second if it is later than the one being counted. A time
 * read before another thread's line moved the log on is counted in the
 * later second: going back would give a second a new allowance, so that
 * threads interleaving two seconds' times could write without limit.
 * log->lock held. */
static void roll(ratelog *log, double now)
{
    long second = (long)floor(now);

    if (second <= log->second)
        return;
    write_suppressed(log);
    log->second = second;
    log->lines = 0;
}

void ratelog_destroy(ratelog *log)
{
    write_suppressed(log);
    fflush(log->out);
    pthread_mutex_destroy(&log->lock);
}

void ratelog_vline_at(ratelog *log, double now, const char *format, va_list args)
{
    pthread_mutex_lock(&log->lock);
    roll(log, now);
    if (log->lines < log->per_second) {
        log->lines++;
        fputs(log->prefix, log->out);
        vfprintf(log->out, format, args);
    } else {
        log->suppressed++;
    }
    pthread_mutex_unlock(&log->lock);
}

void ratelog_line_at(ratelog *log, double now, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    ratelog_vline_at(log, now, format, args);
    va_end(args);
}

void ratelog_line(ratelog *log, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    ratelog_vline_at(log, timer_now(), format, args);
    va_end(args);
}

void ratelog_flush(ratelog *log, double now)
{
    pthread_mutex_lock(&log->lock);
    roll(log, now);
    pthread_mutex_unlock(&log->lock);
}
