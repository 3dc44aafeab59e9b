/*
 * greedy.h -- the greedy bot: plans its whole turn and plays it.
 *
 * At the first decision of a turn the bot searches the sequences of its own
 * micro-actions up to the end of the turn (Tikal's placement and 10 action
 * points, Tzolk'in's placements or pick-ups with their choices) and keeps
 * the one whose position at the turn's end the evaluation hook (eval.h)
 * (eval.h, the version the bot was made with) rates best for its seat. The search is a beam search: depth by depth it
 * keeps the `beam` best positions still inside the turn, merging identical
 * positions (equal hashes of equal states) reached in different orders. A
 * chance node inside the turn (a Tikal dig) ends the plan and is valued by
 * the expectation over its outcomes; after the outcome the bot plans again.
 * States with very many actions are searched on an
 * evenly spread subset of at most GREEDY_CHILDREN_MAX of them.
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
    GREEDY_DEPTH_MAX = 96,     /* longest plan (micro-actions of one turn) */
    GREEDY_CHILDREN_MAX = 384, /* most actions of one state looked at */
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
/* Plan each turn only among the actions plan allows (plan.h; NULL: all
 * legal actions, the default). */
void greedy_use_plan(greedy *g, const plan_policy *plan);
void greedy_free(greedy *g);

#endif
