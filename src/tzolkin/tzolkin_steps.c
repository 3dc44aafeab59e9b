/*
 * tzolkin_steps.c -- what happens by itself in Tzolk'in when an action is
 * applied (game.h steps; tzolkin.md Z23.4 lists these automatic steps):
 * read from the state before and after the action, in the order the rules
 * carry them out. Every step told here is public.
 */
#include <stdarg.h>
#include <stdio.h>

#include "tzolkin/tzolkin.h"
#include "tzolkin/tzolkin_steps.h"

enum { STEP_TEXT_MAX = 96 /* longest sentence of a step */ };

/* Tell one step: its kind, rule, place and figures in told (what is
 * filled here), its words given as printf's. */
static void step(game_step_emit emit, void *context, game_step told, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void step(game_step_emit emit, void *context, game_step told, const char *format, ...)
{
    char what[STEP_TEXT_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(what, sizeof what, format, args);
    va_end(args);
    told.what = what;
    emit(context, &told);
}

void tzolk_steps(const void *before_state, const void *after_state, game_step_emit emit, void *context)
{
    const tzolk_state *before = before_state, *after = after_state;

    if (!tzolk_all_kept(before) && tzolk_all_kept(after))
        step(emit, context, (game_step){"wealth", "Z2.10", NULL, GAME_STEP_BEFORE, -1, 0, 0, 0},
             "Every seat receives the contents of its two kept wealth tiles");
    if (before->pool > 0 && after->pool == 0) /* only its taker empties the pool, right after his turn */
        step(emit, context,
             (game_step){"corn pool", "Z16.2", NULL, GAME_STEP_BEFORE, before->actor, before->pool, 0, 0},
             "Seat %d takes the %d corn of the start-player space", before->actor + 1, (int)before->pool);
    if (after->next_food > before->next_food) {
        int mid = tzolk_board()->food_mid[after->next_food - 1];
        step(emit, context,
             (game_step){"food day", "Z18.3", NULL, GAME_STEP_BEFORE, -1, after->next_food, TZOLK_FOOD_DAYS, mid != 0},
             "Food day %d of %d: every seat feeds its workers (Z18.4), %s", (int)after->next_food, TZOLK_FOOD_DAYS,
             mid ? "the temples give their resources (Z18.5)" : "the temples give their points (Z18.6)");
    }
    if (after->age > before->age)
        step(emit, context, (game_step){"age", "Z13.5", NULL, GAME_STEP_BEFORE, -1, after->age, 0, 0},
             "Age II: the age-I buildings leave, age-II buildings are revealed");
    if (after->pool > before->pool && after->phase != TZOLK_PH_OVER)
        step(emit, context, (game_step){"corn pool", "Z16.5", NULL, GAME_STEP_AFTER, -1, after->pool, 1, 1},
             "1 corn into the start-player pool (now %d)", (int)after->pool);
    if (after->token != before->token && before->phase != TZOLK_PH_START && after->phase != TZOLK_PH_OVER)
        step(emit, context, (game_step){"token", "Z16.3", NULL, GAME_STEP_AFTER, after->token, 0, 0, 0},
             "Seat %d holds the start-player token", after->token + 1);
    if (after->teeth > before->teeth && after->phase != TZOLK_PH_OVER) /* no day after the last (Z19.1) */
        step(emit, context,
             (game_step){"day", "Z17.1", NULL, GAME_STEP_PERIOD, -1, after->teeth, after->teeth - before->teeth, 0},
             "Day %d: the calendar turns %d %s", (int)after->teeth,
             after->teeth - before->teeth, after->teeth - before->teeth == 1 ? "tooth" : "teeth");
    if (after->phase == TZOLK_PH_OVER && before->phase != TZOLK_PH_OVER)
        step(emit, context, (game_step){"final scoring", "Z19.2", NULL, GAME_STEP_BEFORE, -1, 0, 0, 0},
             "Final scoring: corn, skulls and monuments");
}
