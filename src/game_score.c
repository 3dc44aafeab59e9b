/*
 * game_score.c -- the one way the engines tell a change of a score
 * (game.h, apply_scored): an event with who, how many points, what for and
 * which rule, appended to the caller's trace. Engines call it with the
 * trace they were given; on the hot path that trace is NULL and nothing is
 * written.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game.h"

void game_score_tell(game_score_trace *trace, int seat, int points, const char *kind, const char *rule,
                     const char *subject, const char *what_format, ...)
{
    if (trace == NULL || points == 0)
        return;
    if (trace->count < trace->capacity) {
        game_score_event *e = &trace->events[trace->count];
        va_list args;
        memset(e, 0, sizeof *e);
        e->seat = seat;
        e->points = points;
        e->kind = kind;
        e->rule = rule;
        snprintf(e->subject, sizeof e->subject, "%s", subject);
        va_start(args, what_format);
        vsnprintf(e->what, sizeof e->what, what_format, args);
        va_end(args);
    }
    trace->count++;
}
