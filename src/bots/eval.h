/*
 * eval.h -- evaluation of positions for the bots, behind a small table of
 * per-game hooks keyed by the game's engine (game_def).
 *
 * This is the one place where bots know a particular game. Everything else in
 * src/bots/ (greedy, mcts) uses only game.h; an evaluation may read the
 * engine's public state struct (src/tikal/tikal.h, src/tzolkin/tzolkin.h) and
 * its exported rule helpers, never its internals. An evaluation estimates
 * every seat's final score from a state (which may be an observation with
 * hidden parts filled by resample): the current score plus what the position
 * is likely to bring. A game without a hook is evaluated by its current
 * scores.
 *
 * Each game has two versions, picked by bots with the eval option:
 *   v1  the hand-tuned estimate (eval_tikal.c, eval_tzolkin.c: fixed
 *       coefficients), kept as the baseline that strength is measured against;
 *   v2  the learned estimate (the default): the game's features (same files)
 *       weighed by a model (model.h) fitted to self-play by `maya train`, its
 *       weights in data/weights-GAME.txt, embedded in the binary at build time.
 * A hook may also tell the MCTS bot how widely to search the other seats'
 * moves at a state (its `others` knob, see mcts.h) where the game needs a
 * different model of the opponents than the bot's default.
 *
 * The same table holds what a game's bots do differently by default: its
 * mcts options by the number of seats and its own specs of difficulty
 * levels (bot.h), so that no front end compares game names.
 *
 * A game's hooks are registered by one line in the table of eval.c.
 */
#ifndef MAYA_BOT_EVAL_H
#define MAYA_BOT_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "bots/model.h"
#include "game.h"

/* Versions of the evaluation (the eval option of bot specs). */
enum eval_version {
    EVAL_DEFAULT = 0, /* what bots use unless told: the game's own (eval_default_version) */
    EVAL_V1 = 1,      /* hand-tuned */
    EVAL_V2 = 2       /* learned from self-play */
};

typedef struct eval_hook eval_hook;

struct eval_hook {
    const char *game;                                /* game_def.name it applies to */
    void (*estimate)(const eval_hook *hook, const void *state, double *out); /* v1: estimated final
                                                        score of each seat, out[players], for every
                                                        state (no model) or the states of v1_blocks;
                                                        NULL: the scores now, plus the model's gain */
    double scale;                                    /* a clear lead in points, for turning margins into odds */
    double (*others)(const void *state);             /* widening at the other seats' nodes of this
                                                        state, < 0 = the bot's default; NULL = always */
    model *model;                                    /* v2: the learned weights (owned); v1: NULL */
    unsigned v1_blocks;                              /* v2: bit b set if block b of the model has every
                                                        learned weight 0 and the game's v1 is its prior:
                                                        then its states are estimated by v1 (the same
                                                        estimates at v1's cost); 0 = none */
    model_at *at;                                    /* v2: the weights at the last phase evaluated,
                                                        NULL = made per call; a thread that keeps one
                                                        evaluates with its own copy of the hook */
};

/* The version named text[0..len-1] ("v1", "v2"), or -1. */
int eval_version_named(const char *text, size_t len);
/* The name of a version ("v1", "v2"). */
const char *eval_version_name(int version);

/* A game's own spec of a difficulty level of bot.h. */
typedef struct eval_level {
    const char *name; /* the level's name ("expert") */
    const char *spec; /* the spec it stands for in this game */
} eval_level;

/* The options (a spec's text after "mcts:") game's mcts bots take at the
 * seats and variant of at where they differ from the kind's defaults, e.g.
 * Tzolk'in's whole turns "turns=8,iterations=500,playout=-1"; a spec's own
 * options go over them (bot.h). NULL if the game has none. */
const char *eval_mcts_options(const game_def *game, const game_options *at);
/* The spec the level named level stands for in game, NULL if the game
 * keeps the level's spec of bot.h. */
const char *eval_level_spec(const game_def *game, const char *level);

/* The version EVAL_DEFAULT stands for in game: the learned v2 where its
 * weights beat v1 (Tzolk'in), else v1 (Tikal; docs/strength.md). */
int eval_default_version(const game_def *game);
/* A new evaluation of game at version (any game has one: current scores
 * when it has no hook); NULL with a reason if memory fails or the game's
 * embedded weights do not load. Free with eval_free. */
eval_hook *eval_new(const game_def *game, int version, char *why, size_t why_len);
/* The learned evaluation of game with the given weights (owned by the hook
 * from now on: eval_free frees them, and they must not change while it
 * lives). NULL if memory fails. */
eval_hook *eval_with_model(const game_def *game, model *weights);
void eval_free(eval_hook *hook);
/* The feature set of game's learned evaluation, NULL if it has none. */
const model_features *eval_features(const game_def *game);
/* The text of game's embedded weights file, NULL if it has none. */
const char *eval_weights_text(const game_def *game);

/* How good the state is for seat, in points: its estimate minus the best
 * estimate among the other seats. */
double eval_margin(const game_def *game, const eval_hook *hook, const void *state, int seat);
/* The margin of seat from every seat's estimates (eval_estimates). */
double eval_margin_of(const double *estimates, int players, int seat);
/* Every seat's margin at once (out[players]). */
void eval_margins(const game_def *game, const eval_hook *hook, const void *state, double *out);
/* Every seat's estimated final score (out[players]): the game's scores at
 * its end. Returns the number of seats. */
int eval_estimates(const game_def *game, const eval_hook *hook, const void *state, double *out);
/* Reward in [0, 1] of every seat at a state: a finished game gives the win
 * (shared wins split evenly) blended with a little of the score margin, so
 * that bigger wins are preferred; an unfinished one the logistic of the
 * heuristic margin over the hook's scale. */
void eval_rewards(const game_def *game, const eval_hook *hook, const void *state, double *out);
/* eval_rewards from the estimates eval_estimates gave at the state. */
void eval_rewards_of(const game_def *game, const eval_hook *hook, const void *state, const double *estimates,
                     double *out);

/* A 64-bit hash of len bytes (for transposition tables). */
uint64_t eval_hash(const void *bytes, size_t len);

/* The games' hand-tuned estimates (v1), widening and features (eval_tikal.c,
 * eval_tzolkin.c). */
void eval_tikal_estimate(const eval_hook *hook, const void *state, double *out);
double eval_tikal_others(const void *state);
extern const model_features eval_tikal_features;
void eval_tzolkin_estimate(const eval_hook *hook, const void *state, double *out);
extern const model_features eval_tzolkin_features;

#endif
