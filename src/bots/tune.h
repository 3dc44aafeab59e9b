/*
 * tune.h -- tuning an evaluation's weights by game results (the engine of
 * `maya train GAME --spsa STEPS`): simultaneous perturbation stochastic
 * approximation (SPSA), the method chess programs tune their evaluation
 * parameters with.
 *
 * The tuned vector u has one entry per feature of the game's feature set
 * (model.h); it moves the weights of that feature by u_f * unit_f at every
 * knot of every tuned block, on top of the starting weights (which for
 * Tikal, with its prior, are v1's estimate plus the start's corrections:
 * from zero corrections the run starts from v1 exactly). unit_f is the
 * weight that moves a seat's estimate by one point per standard deviation
 * of the feature between the seats of a table, measured first on a few
 * games of the start against itself (TUNE_SCALE_GAMES); a feature that never
 * differs between seats (the bias, the scorings left) cannot change a
 * decision and is not tuned. A unit is at most TUNE_UNIT_MAX points per
 * unit of the feature (tune_unit): a feature that rarely differs (Tikal's
 * pending bid, the leader in the supply, treasures) has a tiny spread, and
 * one over it made perturbations of 12 to 66 points per bid point, token
 * or figure, on features v1 weighs at about 1.
 *
 * Step k (0-based) draws a direction d in {-1, +1}^features and plays a
 * pair of games with the same seed between u + c_k d and u - c_k d, seats
 * swapped in the second game (the plus weights in the even seats of the
 * first, in the odd seats of the second), or several such pairs, each of
 * its own seed (the first pair's is that of a run of one pair a step).
 * r in [-1, 1] is the plus side's share of the step's wins minus the minus
 * side's (TUNE_SIGNAL_WIN), or, with TUNE_SIGNAL_MARGIN, the mean over the
 * step's games of the plus seats' mean score minus the minus seats',
 * TUNE_MARGIN_POINTS points counting 1 and each game's clipped to [-1, 1]
 * (a game won by 2 points or by 30 is not the same evidence, and a point
 * is what Tzolk'in's targets count); u moves by
 * a_k r / (2 c_k) d, the SPSA estimate of the gradient of the win rate (of the margin),
 * with the gains a_k = step / (k + 1 + A)^0.602 and c_k = perturb /
 * (k + 1)^0.101 (Spall's choices; A = TUNE_STABILITY, a tenth of a run of
 * a thousand steps, fixed so that the first k steps of every run are the
 * same: a run stopped after k steps leaves the weights of a run of k).
 * The games are played by MCTS at the run's iterations a decision, or, with
 * turns, a search of whole turns at that budget a turn, searching as the
 * config's search options say (train_search_new; e.g. turns and playout:
 * the bot of mcts:turns=K,playout=N).
 * Games cycle through the game's variants at the given player count (so a
 * Tikal 2p run tunes the 2p and 2p-auction blocks together), or are all of
 * one variant if the config names it (a Tikal 2p auction run tunes the
 * 2p-auction block alone); the other blocks keep the start's weights to the
 * bit. Steps are played TUNE_BATCH at a time
 * from the same u on worker threads and applied in step order, so a run is
 * the same for a seed whatever the number of threads.
 */
#ifndef MAYA_BOT_TUNE_H
#define MAYA_BOT_TUNE_H

#include <stdint.h>

#include "bots/model.h"
#include "bots/train.h"
#include "game.h"

enum {
    TUNE_BATCH = 4,       /* steps played from the same weights */
    TUNE_SCALE_GAMES = 4, /* games of the start against itself that measure the features' spread */
    TUNE_STABILITY = 100, /* Spall's A: steps that damp the first gains */
    TUNE_PAIRS_MAX = 8,   /* most pairs of games of a step */
    TUNE_MARGIN_POINTS = 10 /* TUNE_SIGNAL_MARGIN: the score margin that counts as a whole win */
};

/* What moves the weights: who won, or by how many points. */
typedef enum tune_signal {
    TUNE_SIGNAL_WIN = 0,   /* the plus side's share of the wins minus the minus side's */
    TUNE_SIGNAL_MARGIN = 1 /* the plus seats' mean score minus the minus seats', in TUNE_MARGIN_POINTS */
} tune_signal;

/* The largest unit of a feature, in points per unit of the feature: a
 * feature whose spread is below 1 / TUNE_UNIT_MAX is tuned as if it were
 * that. */
#define TUNE_UNIT_MAX 2.0

/* The unit of a feature whose standard deviation between seats is sd:
 * 1 / sd, at most TUNE_UNIT_MAX; 0 (not tuned) for a feature that never
 * differs (sd about 0). */
double tune_unit(double sd);

/* How to tune. */
typedef struct tune_config {
    const game_def *game; /* the game, which must have a feature set (eval_features) */
    uint64_t seed;        /* fixes every game of the run */
    int steps;            /* SPSA steps (pairs of games), >= 1 */
    int iterations;       /* MCTS iterations per decision, >= 1 */
    int players;          /* seats of the games, within the game's range */
    double step;          /* gain a of the steps, in points per standard deviation, > 0 */
    double perturb;       /* perturbation c, in points per standard deviation, > 0 */
    int threads;          /* games played at once, >= 1 */
    const char *variant;  /* every game's variant (a name of game->variants); NULL: the variants in turn */
    int pairs;            /* pairs of games per step, 1..TUNE_PAIRS_MAX */
    train_search_options search; /* the seats' search (train_search_new) */
    tune_signal signal;   /* what moves the weights */
} tune_config;

/* Where a run stands, after each batch of steps. */
typedef struct tune_progress {
    int steps_done;       /* steps played so far */
    int steps;            /* steps of the run */
    double plus_score;    /* the plus side's share of the wins over the run's games so far, 0..1 */
    double plus_margin;   /* the plus seats' mean score minus the minus seats', a game, over the run so far */
    double recent_score;  /* the same over the last TUNE_RECENT steps (fewer at the start) */
    double largest;       /* largest |u_f|, in points per standard deviation */
    const char *largest_name; /* its feature */
    int tuned;            /* features tuned (those that differ between seats) */
    double seconds;       /* time since the run began */
} tune_progress;

enum {
    TUNE_RECENT = 100 /* steps recent_score is over */
};

/* Called after each batch; the model holds the weights of u then. */
typedef void (*tune_report)(void *context, const tune_progress *progress, const model *weights);

/* Tune m (its weights are the start; they are replaced by the tuned ones
 * after each batch). 0, or -1 with a reason in why. */
int tune_run(const tune_config *config, model *m, tune_report report, void *context, char *why, size_t why_len);

#endif
