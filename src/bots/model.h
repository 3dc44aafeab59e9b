/*
 * model.h -- the learned evaluation's model: a linear function of features
 * of one seat's position, whose weights glide with the game's progress, fitted
 * to the points the seat went on to score in self-play (cli/train.c).
 *
 * A game gives the model a feature set (model_features): named numbers that
 * describe what one seat has and where it stands (its corn, its step on a
 * temple, a temple it leads...), read from the engine's public state and
 * helpers; a phase in [0, 1] saying how far the game has gone; and a block
 * that picks the weights for the kind of game (e.g. one per player count).
 * The estimate of a seat's final score is its score now, plus the game's
 * base estimate of the points still to come (Tzolk'in: what its final
 * scoring would give on the current state, monuments and leftover goods;
 * 0 for a game without one), plus
 *
 *     sum over features f of x_f * (p_f + w_f(phase)),
 *
 * where p_f is the game's prior weight of the feature (Tikal: the
 * hand-tuned estimate, which is linear in its features, so that the model
 * learns what that estimate misses; 0 without one) and w_f, the learned
 * weight, is piecewise linear between MODEL_KNOTS knots evenly spread over the
 * phase (so a worker can be worth much early and little late). Trained on
 * centred samples (train.h), the estimates are right in their differences
 * between seats, which is all the searches use; their common level is not
 * learned. The model is
 * linear in its weights: fitting is a ridge regression solved exactly from
 * the sums of the normal equations (model_fit), which a training run adds up
 * game by game without keeping the samples. An estimate costs a few hundred
 * multiply-adds per seat, as cheap as the hand-tuned hooks it replaces.
 *
 * Weights file (data/weights-GAME.txt, written by model_write, read by
 * model_parse; the build embeds it in the binary):
 *   # comment lines; "# made by: COMMAND" names the command that made it
 *   model GAME FEATURES KNOTS BLOCKS
 *   block NAME                      one per block, in block order, each followed by
 *   FEATURE W0 W1 ... W(KNOTS-1)    one line per feature, in the feature set's order
 * A file whose game, sizes, block or feature names differ from the feature
 * set is refused with its line number: weights never meet the wrong features.
 * One exception converts an older shape: a file of fewer FEATURES, naming
 * the first FEATURES of the set in order in every block, loads with the
 * features it does not name at weight 0 (their prior alone), which gives
 * the estimates it gave before the later features were added.
 */
#ifndef MAYA_BOT_MODEL_H
#define MAYA_BOT_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"

enum {
    MODEL_SEAT_KEY_WORDS = 8, /* most 64-bit words of a seat's part of a position (model_seat_memo) */
    MODEL_SEAT_MEMO_WAYS = 2, /* parts of a seat a memo keeps */
    MODEL_KNOTS = 3,         /* knots of each weight's curve over the phase */
    MODEL_FEATURES_MAX = 128, /* most features of a seat */
    MODEL_BLOCKS_MAX = 8,    /* most weight blocks */
    MODEL_ROW_MAX = MODEL_KNOTS * MODEL_FEATURES_MAX, /* most coefficients of one block */
    MODEL_COMMAND_MAX = 4096 /* longest command kept from a weights file (with the commands of the weights it
                                was trained --from, in turn: a chain of about ten runs), less one */
};

/* A strategy a self-play seat may be told to follow (train.h): bonus
 * points per unit of one feature, on top of the weights. */
typedef struct model_plan {
    const char *feature; /* the feature's name */
    float bonus;         /* points per unit */
} model_plan;

/* One seat's weighed features kept with the part of the position they
 * were read from (its key). */
typedef struct model_seat_kept {
    const float *w;                     /* the weights it was weighed with, NULL = nothing kept */
    uint64_t key[MODEL_SEAT_KEY_WORDS]; /* everything the seat's features read, as the game packs it */
    float sum;                          /* its weighed features there */
} model_seat_kept;

/* A seat's weighed features at the last parts of positions met, so that
 * the next position where that part is the same weighs the seat for free:
 * while one seat plans its turn, the other seats' parts stay as they were
 * (two ways: the turn's positions before and after the round's end). */
typedef struct model_seat_memo {
    model_seat_kept way[MODEL_SEAT_MEMO_WAYS]; /* the parts kept */
    int older;                                 /* the way to replace next: the one used less lately */
} model_seat_memo;

_Static_assert((int)MODEL_SEAT_MEMO_WAYS == 2, "the way used less lately is the other one");

/* The sum memo keeps for weights w and the key of words[0..n-1], NULL if
 * it keeps none. */
static inline const float *model_seat_find(model_seat_memo *memo, const float *w, const uint64_t *words, int n)
{
    for (int i = 0; i < MODEL_SEAT_MEMO_WAYS; i++) {
        const model_seat_kept *k = &memo->way[i];
        uint64_t differ = k->w != w;
        for (int j = 0; j < n; j++)
            differ |= k->key[j] ^ words[j];
        if (!differ) {
            memo->older = 1 - i;
            return &k->sum;
        }
    }
    return NULL;
}

/* Keep sum for weights w and the key of words[0..n-1] in memo, in place
 * of the way used less lately. */
static inline void model_seat_keep(model_seat_memo *memo, const float *w, const uint64_t *words, int n, float sum)
{
    model_seat_kept *k = &memo->way[memo->older];
    k->w = w;
    for (int j = 0; j < n; j++)
        k->key[j] = words[j];
    k->sum = sum;
    memo->older = 1 - memo->older;
}

/* What a game gives its learned evaluation. */
typedef struct model_features {
    const char *game;                      /* game_def.name */
    int count;                             /* features per seat, <= MODEL_FEATURES_MAX */
    const char *const *names;              /* their names: letters, digits, '_' */
    int blocks;                            /* weight blocks, <= MODEL_BLOCKS_MAX */
    const char *const *block_names;        /* their names */
    int (*block)(const void *state);       /* the block a state's game uses */
    double (*phase)(const void *state);    /* progress: 0 at the start, 1 at the end */
    /* every seat's features: out[seat][0..count-1] */
    void (*extract)(const void *state, float (*out)[MODEL_FEATURES_MAX]);
    /* the base estimate of the points each seat is still to score
     * (out[players]), which the features correct; NULL = 0 */
    void (*base)(const void *state, int players, double *out);
    const float *prior;                    /* prior weight of each feature (count), NULL = 0 */
    const model_plan *plans;               /* strategies for self-play, NULL = none */
    int plan_count;                        /* entries of plans */
    /* every seat's features weighed by w[count] and summed in float in
     * the features' order, added to out[players]: extract's features
     * weighed as model_gain does, to the bit, without writing them out;
     * memo (NULL = none) is memo[players] kept by the caller for these
     * weights' model, which a game may read and write (model_seat_memo:
     * the same sums to the bit); NULL = extract, then weigh */
    void (*weigh)(const void *state, const float *w, int players, model_seat_memo *memo, double *out);
    /* for self-play only (train.h, handicap): give seat delta (+1 or -1)
     * more of what seats must differ in for the fit to learn its worth
     * (Tzolk'in: a worker in hand), outside the rules; 1 if done, 0 if the
     * state does not allow it now (mid-turn, no worker to take...);
     * NULL = the game has none */
    int (*handicap)(void *state, int seat, int delta);
} model_features;

/* A set of weights for a feature set. */
typedef struct model {
    const model_features *features; /* what the weights weigh */
    float *weights;                  /* [blocks][count][MODEL_KNOTS] */
    char command[MODEL_COMMAND_MAX]; /* the command that made them ("" unknown) */
} model;

/* A model with every weight 0 (estimates = scores now); NULL if memory fails. */
model *model_new(const model_features *features);
/* A model read from a weights file's text; NULL with "line N: reason" in
 * why if the text is not weights of this feature set. */
model *model_parse(const model_features *features, const char *text, char *why, size_t why_len);
/* Write m as a weights file, "# made by: command" in its header. 0 or -1. */
int model_write(const model *m, FILE *out, const char *command);
void model_free(model *m);
/* A copy of m; NULL if memory fails. */
model *model_copy(const model *m);
/* The index of the feature named name in f, -1 if it has none. */
int model_feature_index(const model_features *f, const char *name);
/* Add points per unit of the feature named name to every weight of it (a
 * plan); -1 if the feature set has no such feature. */
int model_add_bonus(model *m, const char *name, float points);

enum { MODEL_AT_PHASES = 4 }; /* phases a model_at keeps the weights of */

/* The weights of one block at one phase (each feature's weight there plus
 * its prior). */
typedef struct model_at_phase {
    int block;                   /* the block */
    double phase;                /* the phase */
    float w[MODEL_FEATURES_MAX]; /* weight + prior of each feature there */
} model_at_phase;

/* The weights at the last few phases evaluated, kept by a caller that
 * evaluates many states of a few phases -- a search's thread, whose
 * positions are a few moves apart but may straddle a round or two -- so
 * that model_gain_at interpolates them again only for a block and phase it
 * has not kept (the oldest kept is replaced). One per thread:
 * model_gain_at writes it. It is valid while the model's weights stay as
 * they are: after model_set_block or model_add_bonus on the same model,
 * start from at.model = NULL. */
typedef struct model_at {
    const model *model;                    /* the weights they were made from, NULL = nothing yet */
    int kept;                              /* entries of phases in use */
    int oldest;                            /* the entry to replace next once all are in use */
    model_at_phase phases[MODEL_AT_PHASES]; /* the weights at each phase kept */
    model_seat_memo seats[GAME_MAX_PLAYERS]; /* each seat's weighed features last evaluated (weigh) */
} model_at;

/* Points each seat is estimated to score from now on (out[players]):
 * the base estimate plus the weighed features. */
void model_gain(const model *m, const void *state, int players, double *out);
/* model_gain with the weights kept in at (the same values to the bit). */
void model_gain_at(const model *m, model_at *at, const void *state, int players, double *out);
/* What every seat's estimate is before the learned weights (out[players]):
 * the base plus the features at their prior weights. */
void model_base(const model_features *features, const void *state, int players, double *out);
/* The regression row of seat at state: row[count * MODEL_KNOTS] (the
 * features spread over the two knots around the phase); returns the block. */
int model_row(const model_features *features, const void *state, int seat, double *row);

/* The sums of a ridge regression of one block: y ~ w . row. */
typedef struct model_fit {
    int size;       /* coefficients, count * MODEL_KNOTS */
    double *xtx;    /* sum of row row^T, size * size */
    double *xty;    /* sum of y row, size */
    double yy;      /* sum of y^2 */
    long samples;   /* rows added */
} model_fit;

/* Sums for size coefficients, all 0; -1 if memory fails. */
int model_fit_init(model_fit *fit, int size);
void model_fit_free(model_fit *fit);
void model_fit_clear(model_fit *fit);
void model_fit_add(model_fit *fit, const double *row, double y);
/* fit += other (same size). */
void model_fit_merge(model_fit *fit, const model_fit *other);
/* Mean squared error of weights w (size of them) on the samples; 0 if none. */
double model_fit_loss(const model_fit *fit, const double *w);
/* The weights minimising squared error + ridge * samples * |w - prior|^2
 * (prior NULL = 0), into w; -1 if the system is singular. */
int model_fit_solve(const model_fit *fit, double ridge, const double *prior, double *w);
/* model_fit_solve with the coefficients i where held[i] is 1 kept at
 * prior[i] (prior must be given), the others fitted to what they leave. */
int model_fit_solve_held(const model_fit *fit, double ridge, const double *prior, const unsigned char *held,
                         double *w);

/* The weights of block b as a regression vector (size count * MODEL_KNOTS) and back. */
void model_get_block(const model *m, int b, double *w);
void model_set_block(model *m, int b, const double *w);

#endif
