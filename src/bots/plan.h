/*
 * plan.h -- scripted strategic policies: what a game's strategy guides say
 * a player should do, as a filter on the legal actions of a position.
 *
 * A search is short-sighted about plans that pay over several turns (take
 * a worker, then place two or three a turn and feed them; keep skulls for
 * Chichen Itza). A plan policy narrows a position's legal actions to those
 * its rules allow (never to none): the greedy bot with plan=1 plans its
 * turn only among them, and the MCTS bot with plan=1 ranks them first in
 * its progressive widening (a progressive bias toward the plan), so that
 * the search still weighs the plan's moves by the evaluation. The rules
 * read the engine's public state, legal list and helpers and look at what
 * an action does by applying it to a copy, never a copy of the rules.
 *
 * A game's policy is registered by one line in the table of plan.c; a game
 * without one has no plan (bots with plan=1 are refused for it).
 */
#ifndef MAYA_BOT_PLAN_H
#define MAYA_BOT_PLAN_H

#include "game.h"

/* A game's policy: filter keeps, in order and in place, the actions of
 * legal[0..n-1] (the state's legal list) its rules allow for the seat to
 * act, and returns their number, n if it has no rule for the position; it
 * never returns 0 for n > 0. */
typedef struct plan_policy {
    const game_def *game;                                 /* the engine it plays */
    int (*filter)(const void *state, int *legal, int n); /* the rules, as above */
} plan_policy;

/* The policy of game, NULL if it has none. */
const plan_policy *plan_of(const game_def *game);

/* The Tzolk'in policy's filter (plan_tzolkin.c). */
int plan_tzolkin_filter(const void *state, int *legal, int n);

#endif
