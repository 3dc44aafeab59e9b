/*
 * game_score.c -- the one way the engines tell a change of a score
 * (game.h, apply_scored): an event with who, how many points, what for and
 * which rule, appended to the caller's trace. Engines call it with the
 * trace they were given; on the hot path that trace is NULL and nothing is
 * written. It also sums a game's events into each seat's points per kind
 * (game_score_totals), the categories of an end summary.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The entry of kind in totals, added (with rule) if it is new. */
static game_score_kind_total *totals_entry(game_score_totals *totals, const char *kind, const char *rule)
{
    for (int k = 0; k < totals->count; k++)
        if (strcmp(totals->kinds[k].kind, kind) == 0)
            return &totals->kinds[k];
    /* Every engine tells fewer kinds than GAME_SCORE_KINDS_MAX. */
    assert(totals->count < GAME_SCORE_KINDS_MAX);
    if (totals->count == GAME_SCORE_KINDS_MAX)
        return NULL;
    game_score_kind_total *entry = &totals->kinds[totals->count++];
    memset(entry, 0, sizeof *entry);
    entry->kind = kind;
    entry->rule = rule;
    return entry;
}

/* Add the events of trace to totals. */
static void totals_add(game_score_totals *totals, const game_score_trace *trace)
{
    for (int i = 0; i < trace->count && i < trace->capacity; i++) {
        const game_score_event *e = &trace->events[i];
        game_score_kind_total *entry = totals_entry(totals, e->kind, e->rule);
        assert(e->seat >= 0 && e->seat < GAME_MAX_PLAYERS);
        if (entry != NULL)
            entry->points[e->seat] += e->points;
    }
}

int game_score_totals_replay(const game_def *def, const game_options *options, const int *actions, int count,
                             game_score_totals *totals, char *why, size_t why_len)
{
    void *state = malloc(def->state_size);
    int status;

    memset(totals, 0, sizeof *totals);
    if (state == NULL) {
        if (why != NULL)
            snprintf(why, why_len, "out of memory");
        return GAME_EILLEGAL;
    }
    status = def->init(state, options, why, why_len);
    if (status == 0)
        def->scores(state, totals->start);
    for (int i = 0; status == 0 && i < count; i++) {
        game_score_event events[GAME_SCORE_EVENTS_MAX];
        game_score_trace trace = {events, GAME_SCORE_EVENTS_MAX, 0};
        status = def->apply_scored(state, actions[i], &trace, why, why_len);
        totals_add(totals, &trace);
    }
    free(state);
    return status;
}
