/*
 * plan_tzolkin.c -- the Tzolk'in plan policy (plan.h): the basics that
 * strategy guides agree on and a search of a few thousand iterations does
 * not find, as rules on the legal actions of a turn.
 *
 *  - More workers: while a seat has fewer than its target (PLAN_TZOLKIN_
 *    WORKERS_EARLY until the second food day, PLAN_TZOLKIN_WORKERS_LATE
 *    after), its placements keep a worker on the gear whose pick brings a
 *    worker, and a pick that brings one is taken whenever it is legal.
 *  - Skulls to Chichen Itza: a seat holding more skulls than it has
 *    workers there places one there.
 *  - Two or three workers a placing turn: a turn starts by placing when at
 *    least two placements are affordable and no worker of the seat waits
 *    at the top of its gear, and a placing turn goes on (up to
 *    PLAN_TZOLKIN_PLACE_MAX workers) while a placement leaves the corn of
 *    the reserve: the next food day's feeding when it is at most
 *    PLAN_TZOLKIN_FOOD_NEAR teeth away.
 * Where to place among the allowed gears, which action a pick takes, what
 * to build and pay are left to the search. What an action does is found by
 * applying it to a copy of the state, what it costs by tzolk_listed_cost.
 */
#include <string.h>

#include "bots/plan.h"
#include "tzolkin/tzolkin.h"

enum {
    PLAN_TZOLKIN_WORKERS_EARLY = 4, /* workers wanted before the second food day */
    PLAN_TZOLKIN_WORKERS_LATE = 5,  /* workers wanted from the second food day on */
    PLAN_TZOLKIN_PLACE_MAX = 3,     /* workers a placing turn goes on to */
    PLAN_TZOLKIN_FOOD_NEAR = 4      /* teeth before a food day from which its corn is kept */
};

static int plan_tzolkin_is_place(int action)
{
    return action >= TZOLK_A_PLACE && action <= TZOLK_A_PLACE_START;
}

static int plan_tzolkin_is_pick(int action)
{
    return action >= TZOLK_A_PICK && action < TZOLK_A_BUILD;
}

/* Corn the actor keeps back from placements: the next food day's feeding
 * when that day is near. */
static int plan_tzolkin_reserve(const tzolk_state *s)
{
    int teeth = tzolk_teeth_to_food_day(s);
    return teeth >= 0 && teeth <= PLAN_TZOLKIN_FOOD_NEAR ? tzolk_feeding_cost(s, s->actor) : 0;
}

/* Nonzero if the actor lacks the corn of its reserve. */
static int plan_tzolkin_hungry(const tzolk_state *s)
{
    return s->player[s->actor].corn < plan_tzolkin_reserve(s);
}

/* The workers the actor should have by now. */
static int plan_tzolkin_target(const tzolk_state *s)
{
    return s->next_food < 2 ? PLAN_TZOLKIN_WORKERS_EARLY : PLAN_TZOLKIN_WORKERS_LATE;
}

/* Corn the actor may spend on placements: all of it when hungry (corn
 * comes first), else what is above the reserve. */
static int plan_tzolkin_budget(const tzolk_state *s)
{
    return s->player[s->actor].corn - (plan_tzolkin_hungry(s) ? 0 : plan_tzolkin_reserve(s));
}

/* Workers of seat on gear g, and whether one stands at or above the
 * gear's last regular action (nothing more to wait for). */
static int plan_tzolkin_on_gear(const tzolk_state *s, int seat, int g, int *topped)
{
    const tzolk_gear_def *gear = &tzolk_board()->gear[g];
    int count = 0;
    for (int pos = 0; pos <= gear->last; pos++)
        if (tzolk_piece(s, g, pos) == seat) {
            count++;
            *topped |= pos >= gear->actions;
        }
    return count;
}

/* Keep, in place, the actions of legal[0..n-1] with keep[i] set; their
 * number (0 leaves legal as it was). */
static int plan_tzolkin_keep(int *legal, int n, const unsigned char *keep)
{
    int kept = 0;
    for (int i = 0; i < n; i++)
        kept += keep[i];
    if (kept == 0)
        return 0;
    kept = 0;
    for (int i = 0; i < n; i++)
        if (keep[i])
            legal[kept++] = legal[i];
    return kept;
}

/* Mark in keep the placements of legal the rules allow now: those the
 * corn above the reserve pays for, on a wanted gear if one is affordable
 * (the worker gear while short of workers, Chichen Itza while skulls wait,
 * Palenque alone when hungry). */
static void plan_tzolkin_placements(const tzolk_state *s, const int *legal, int n, unsigned char *keep)
{
    int seat = s->actor, topped = 0;
    const tzolk_player *pl = &s->player[seat];
    unsigned wanted = 0;
    for (int g = 0; g < TZOLK_GEARS; g++) {
        int mine = plan_tzolkin_on_gear(s, seat, g, &topped);
        if (g == TZOLK_UXM && pl->workers < plan_tzolkin_target(s) && mine == 0)
            wanted |= 1u << g;
        if (g == TZOLK_CHI && pl->skulls > mine)
            wanted |= 1u << g;
    }
    if (plan_tzolkin_hungry(s))
        wanted = 1u << TZOLK_PAL; /* corn first */
    int budget = plan_tzolkin_budget(s), wanted_allowed = 0;
    for (int i = 0; i < n; i++) {
        int cost = plan_tzolkin_is_place(legal[i]) ? tzolk_listed_cost(s, legal[i]) : -1;
        keep[i] = cost >= 0 && cost <= budget;
        wanted_allowed += keep[i] && (wanted >> (legal[i] - TZOLK_A_PLACE) & 1u);
    }
    if (wanted_allowed > 0)
        for (int i = 0; i < n; i++)
            keep[i] = keep[i] && (wanted >> (legal[i] - TZOLK_A_PLACE) & 1u);
}

/* How many workers the actor can place this turn within the reserve,
 * cheapest first (at most two: all the rule needs to know). */
static int plan_tzolkin_affordable(const tzolk_state *s)
{
    tzolk_state copy = *s;
    int legal[TZOLK_LEGAL_MAX], placed = 0;
    int budget = plan_tzolkin_budget(s);
    while (placed < 2) {
        int n = tzolk_legal_actions(&copy, legal), cheapest = -1, best = 0;
        for (int i = 0; i < n; i++) {
            int cost = plan_tzolkin_is_place(legal[i]) ? tzolk_listed_cost(&copy, legal[i]) : -1;
            if (cost >= 0 && (cheapest < 0 || cost < best))
                cheapest = legal[i], best = cost;
        }
        if (cheapest < 0 || (budget -= best) < 0 || tzolk_apply(&copy, cheapest, NULL, 0) != 0)
            break;
        placed++;
    }
    return placed;
}

int plan_tzolkin_filter(const void *state, int *legal, int n)
{
    const tzolk_state *s = state;
    if (s->phase != TZOLK_PH_TURN || s->sp > 0 || n <= 1)
        return n;
    int seat = s->actor;
    const tzolk_player *pl = &s->player[seat];
    unsigned char keep[TZOLK_LEGAL_MAX];
    if (pl->workers < plan_tzolkin_target(s)) {
        /* a pick that brings a worker, whenever one is legal */
        for (int i = 0; i < n; i++) {
            tzolk_state child = *s;
            keep[i] = plan_tzolkin_is_pick(legal[i]) && tzolk_apply(&child, legal[i], NULL, 0) == 0 &&
                      child.player[seat].workers > pl->workers;
        }
        int kept = plan_tzolkin_keep(legal, n, keep);
        if (kept > 0)
            return kept;
    }
    if (pl->hand == 0 || s->placed >= PLAN_TZOLKIN_PLACE_MAX)
        return n;
    if (s->mode == 0) {
        int topped = 0, on_gears = 0;
        for (int g = 0; g < TZOLK_GEARS; g++)
            on_gears += plan_tzolkin_on_gear(s, seat, g, &topped);
        int affordable = plan_tzolkin_affordable(s);
        if (topped || affordable < (on_gears == 0 ? 1 : 2))
            return n;
    } else if (s->mode != 1)
        return n;
    plan_tzolkin_placements(s, legal, n, keep);
    int kept = plan_tzolkin_keep(legal, n, keep);
    return kept > 0 ? kept : n;
}
