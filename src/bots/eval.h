/*
 * eval.h -- heuristic evaluation of positions for the bots, behind a small
 * table of per-game hooks keyed by the game's name.
 *
 * This is the one place where bots know a particular game. Everything else in
 * src/bots/ (greedy, mcts) uses only game.h; an evaluation hook may read the
 * engine's public state struct (src/tikal/tikal.h, src/tzolkin/tzolkin.h) and
 * its exported rule helpers, never its internals. A hook estimates every
 * seat's final score from a state (which may be an observation with hidden
 * parts filled by resample): the current score plus what the position is
 * likely to bring. A game without a hook is evaluated by its current scores.
 * A hook may also tell the MCTS bot how widely to search the other seats'
 * moves at a state (its `others` knob, see mcts.h) where the game needs a
 * different model of the opponents than the bot's default.
 *
 * A hook is registered by one line in the table of eval.c.
 */
#ifndef MAYA_BOT_EVAL_H
#define MAYA_BOT_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

typedef struct eval_hook {
    const char *game;                               /* game_def.name it applies to */
    void (*estimate)(const void *state, double *out); /* estimated final score of each seat, out[players] */
    double scale;                                   /* a clear lead in points, for turning margins into odds */
    double (*others)(const void *state);            /* widening at the other seats' nodes of this
                                                       state, < 0 = the bot's default; NULL = always */
} eval_hook;

/* The hook of game, or a generic one (current scores, scale 10). Never NULL. */
const eval_hook *eval_find(const game_def *game);

/* How good the state is for seat, in points: its estimate minus the best
 * estimate among the other seats. */
double eval_margin(const game_def *game, const eval_hook *hook, const void *state, int seat);
/* Every seat's margin at once (out[players]). */
void eval_margins(const game_def *game, const eval_hook *hook, const void *state, double *out);
/* Reward in [0, 1] of every seat at a state: a finished game gives the win
 * (shared wins split evenly) blended with a little of the score margin, so
 * that bigger wins are preferred; an unfinished one the logistic of the
 * heuristic margin over the hook's scale. */
void eval_rewards(const game_def *game, const eval_hook *hook, const void *state, double *out);

/* A 64-bit hash of len bytes (for transposition tables). */
uint64_t eval_hash(const void *bytes, size_t len);

/* The hooks of the two engines (eval_tikal.c, eval_tzolkin.c). */
void eval_tikal_estimate(const void *state, double *out);
double eval_tikal_others(const void *state);
void eval_tzolkin_estimate(const void *state, double *out);

#endif
