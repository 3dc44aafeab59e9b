/*
 * greedy.h -- the greedy bot: plans its whole turn and plays it.
 *
 * At the first decision of a turn the bot finds the best way to finish it
 * (turns.h: a beam search over its own micro-actions up to the end of the
 * turn -- Tikal's placement and 10 action points, Tzolk'in's placements or
 * pick-ups with their choices -- keeping `beam` positions per depth, the
 * turn's end rated by the evaluation hook of eval.h, the version the bot
 * was made with). A chance node inside the turn (a Tikal dig) ends the
 * plan; after the outcome the bot plans again.
 *
 * The bot plays the plan's actions one per call while the observation it is
 * given is the one the plan expects; anything else makes it plan again. It
 * is deterministic for a given seed: hidden parts of the observation are
 * filled with game->resample from its own generator, once per plan.
 * Memory is allocated once, in greedy_new: about (2 * beam + 4) states.
 */
#ifndef MAYA_BOT_GREEDY_H
#define MAYA_BOT_GREEDY_H

#include <stdint.h>

#include "bots/eval.h"
#include "bots/plan.h"
#include "game.h"

enum {
    GREEDY_BEAM_DEFAULT = 12,  /* default beam width */
    GREEDY_BEAM_MAX = 4096     /* widest beam accepted */
};

typedef struct greedy greedy;

/* A greedy bot for game rating positions by hook (which must outlive it)
 * and keeping beam positions per depth (1 = pure best-first descent); NULL
 * if memory fails. */
greedy *greedy_new(const game_def *game, const eval_hook *hook, int beam, uint64_t seed);
/* The action for seat, to act in the state whose observation for seat is
 * observation; -1 if there is none. */
int greedy_choose(greedy *g, const void *observation, int seat);
/* The next action of the turn an earlier greedy_choose chose, if seat is
 * shown the observation that turn expects; else -1 (no planning). */
int greedy_next_in_turn(greedy *g, const void *observation, int seat);
/* Plan each turn only among the actions plan allows (plan.h; NULL: all
 * legal actions, the default). */
void greedy_use_plan(greedy *g, const plan_policy *plan);
void greedy_free(greedy *g);

#endif
