/*
 * train.h -- learning an evaluation from self-play (the engine of `maya
 * train`): generations of games between MCTS bots that all use the model
 * being learned, each generation followed by a new fit of the model.
 *
 * A generation plays `games` games, cycling through the game's player
 * counts and variants. At every decision of a game, every seat's position
 * becomes a sample: its features (model_row) and, once the game is over,
 * the points that seat went on to score (final score - score then), or
 * with `lambda` below 1 the points the evaluation that played expected it
 * to score from the decisions that followed, blended as in TD(lambda)
 * (the lambda-return: nearer estimates weigh more, the final score gets
 * the rest), which gives each decision the credit of what followed it
 * soon rather than the whole game's noise. The
 * samples are added up into the normal equations of each weight block
 * (model_fit) game by game, in game order, so that a run is the same for a
 * seed whatever the number of threads. Every tenth game is held out: the
 * fit never sees it, and the loss on it before and after the fit (the mean
 * squared error of the predicted points) says whether the new weights
 * predict better than the ones that played. The sums of earlier generations
 * are kept at weight `decay`, so the fit follows the improving play while
 * keeping enough samples. With `anchor` the ridge pulls each fit toward
 * the weights that played its games instead of toward 0, so that a
 * strong ridge keeps what those weights know and the samples move them
 * only where they disagree (expert iteration from given weights).
 * Generation 0 plays with the hand-tuned evaluation
 * (v1) unless the run starts from given weights: its games are better than
 * those of an untrained model, and learning starts from them (expert
 * iteration: the search improves on the evaluation it uses, the next
 * evaluation learns from the search's games).
 *
 * Self-play bots: MCTS with `iterations` per decision; with probability
 * `explore` a decision is drawn among the searched actions in proportion to
 * their visits instead of the best, so that the games show the model
 * positions it would not reach by itself. With probability `plans` a seat
 * of a game (from generation 1 on) follows a plan of the game's feature set
 * (model_plan): one feature drawn, its weight raised by the plan's bonus,
 * so that strategies the weights do not favour yet (a 4th worker, a
 * monument) are played and their outcomes fitted: a self-play that never
 * tries a strategy cannot learn its worth. With `policy` every self-play
 * bot follows the game's scripted plan policy (plan.h, mcts_use_plan), so
 * that the fit sees the games of a player who takes workers, feeds them
 * and places several a turn. With `expert` (expert-iteration targets), a
 * share `expert_share` of the decisions' positions are valued by a deeper
 * search of `expert` iterations with the evaluation that plays, from the
 * observation of the seat to act: every seat's mean estimated final score
 * at the leaves below the action it chooses (mcts_root_estimates), which
 * carries what a position brings a few turns on (a worker standing on a
 * gear is worth the pick-up the search sees it reach) back to the
 * position; each seat's target is that value weighed `expert_mix`, the
 * outcome above (final score or lambda-return) the rest, and only the
 * valued positions are fitted. The search values, it does not play: the
 * games are those of the run without it. With `turns` the self-play bots
 * search whole turns (mcts_use_turns; `iterations` is then a budget per
 * turn) and play the chosen turn to its end, an exploring decision being
 * drawn at the turn's first action (the rest of such a turn is searched
 * again), and with `playout` they play on past each leaf
 * (mcts_use_playout), as the game's default bot does: cheap games of the
 * play the weights will serve. With `forced` a share of the seats of a
 * game (any generation) is held to the game's plan policy (plan.h), which
 * the whole-turn search does not follow by itself: where its rules narrow
 * a position's legal actions (a pick-up that brings a worker, placements
 * on the worker's gear, two or three placements a turn), such a seat plays
 * the search's action if they allow it, else the allowed action the
 * evaluation values best one step on, so that the games have seats with
 * more workers than the others beside seats without (no fit of games whose
 * seats all keep the same workers can value one more). Each generation
 * counts, per block, the positions where the seats' values of each
 * feature differ: the samples the fit can learn that feature from.
 * With `handicap` a share of the games gives one seat, drawn, one more
 * or one fewer (even chances) of what the game's feature set names
 * (model_features.handicap: Tzolk'in, a worker in hand), outside the
 * rules, at the first decision once the game's phase has reached a point
 * drawn in its first half: the search plays that seat as any other, and
 * the outcome fit sees seats that differ in it played well, which no
 * game within the rules shows while the bots never buy a worker; the
 * report gives those seats' margins over the others' mean.
 * With `only` (and `anchor`) the fits move the weights of the features
 * it names alone, the others held as they played: what the handicap's
 * seats teach then goes into the features that describe it, not into
 * the rest of the weights an imitation fit made.
 * With `imitate` (whole turns only) the target is the search's choice,
 * not the outcome (imitate.h): at each decision a seat playing with the
 * weights searched, the root's turns, each with the seat's margin after it
 * and the search's visits, and the fit moves the weights (from those that
 * played with `anchor`) so that the turn they rate best is the one the
 * search visited most, at the temperature at which the weights that
 * played explain the visits best: the evaluation becomes a
 * better turn picker for the playouts and the turn searches (expert
 * iteration's policy target). A generation then fits its own decisions
 * only (decay does not apply); the losses are cross-entropies per
 * decision; the decisions are kept until the fit (about 0.4 MB a
 * 2-player game of Tzolk'in), unlike the value fit's sums. With
 * `teachers` above 1 each such decision is searched again by as many
 * searches less one, each from a new tree and seed (of
 * `teacher_iterations` iterations each if given: deeper teachers), and
 * the fit sees each turn's visits summed over all of them: a truer target
 * than one search's, whose most visited turn another search of the same
 * size picks about half the time (docs/strength.md). With `players`
 * only games of that many seats are played.
 * Threads play games in parallel;
 * every game is fully determined by (seed, generation, game number).
 */
#ifndef MAYA_BOT_TRAIN_H
#define MAYA_BOT_TRAIN_H

#include <stdint.h>

#include "bots/eval.h"
#include "bots/mcts.h"
#include "bots/model.h"
#include "game.h"

enum {
    TRAIN_TEACHERS_MAX = 8 /* searches a decision of imitation may sum */
};

/* The options of a self-play seat's search (train_search_new), each as
 * the mcts bot's option it names; all 0: one action a decision, valued at
 * the leaf. */
typedef struct train_search_options {
    int turns;    /* whole turns, the turns best at a node (mcts_use_turns, turns=K), 0 = single actions */
    int playout;  /* the playout past each leaf (mcts_use_playout, playout=N), -1 = to the seat's next turn,
                     -2 = to the game's end */
    int playbeam; /* with a playout: its seats play whole turns found by this beam (mcts_use_playout_turns,
                     playturns=1,playbeam=B), 0 = single actions */
    int score;    /* hundredths of each seat's reward on its own points (mcts_use_score, score=K), 0..100 */
    int center;   /* with score and a playout: the points measured from where this many playouts from the root
                     end (mcts_use_center, center=N), 0 = from the root's estimates */
    int scorescale; /* with score: the points of a gain rated 3/4 (mcts_use_score_scale, scorescale=P),
                       0 = the game's scale */
    int playtemp; /* with playbeam: the playout's turns drawn by a softmax of this temperature in tenths of a
                     point (mcts_use_playout_temperature, playtemp=T), 0 = the best turn */
} train_search_options;

/* 1 if every option of o is in its range and has what it needs, else 0. */
int train_search_usable(const train_search_options *o);

/* The search every self-play seat plays with, in training and in tuning
 * (tune.h) alike: one thread of iterations per decision (per turn with
 * turns), a node pool it never fills, the bots' exploration constant,
 * seeded by seed, valuing by hook, searching as options says. NULL if
 * memory fails. */
mcts *train_search_new(const game_def *game, int iterations, uint64_t seed, const eval_hook *hook,
                       const train_search_options *options);

/* How to train. */
typedef struct train_config {
    const game_def *game; /* the game, which must have a feature set (eval_features) */
    uint64_t seed;        /* fixes every game of the run */
    int generations;      /* rounds of play then fit, >= 1 */
    int games;            /* games per generation, >= 1 */
    int iterations;       /* MCTS iterations per decision in self-play, >= 1 */
    double explore;       /* chance of a decision drawn by visits, 0..1 */
    double ridge;         /* ridge penalty per sample, > 0 */
    double decay;         /* weight kept of the earlier generations' sums, 0..1 */
    int threads;          /* games played at once, >= 1 */
    int start_v1;         /* 1: generation 0 plays with the hand-tuned evaluation */
    double plans;         /* chance that a self-play seat follows one of the game's plans, 0..1 */
    double lambda;        /* targets: 1 = final scores, below 1 = lambda-returns of the estimates, 0..1 */
    int policy;           /* self-play bots follow the game's plan policy (plan.h): 0 not, 1 ranked first, 2 only */
    int anchor;           /* 1: the ridge pulls each fit toward the weights that played it, 0: toward 0 */
    int expert;           /* iterations of the deeper search that values positions, 0 = none (see above) */
    double expert_share;  /* with expert: chance that a decision's position is valued (only those are fitted), 0..1 */
    double expert_mix;    /* with expert: weight of the search's value in a target, the outcome's the rest, 0..1 */
    train_search_options search; /* self-play's search */
    double forced;        /* chance that a self-play seat is held to the game's plan policy (see above), 0..1 */
    int players;          /* games of this many seats only, 0 = every count in turn */
    int imitate;          /* 1: fit to the search's turns (see above), which needs turns; 0 = to the outcomes */
    int teachers;         /* with imitate: the searches whose visits a decision's fit sums, the deciding one
                             first (see above), 1..TRAIN_TEACHERS_MAX; 0 = 1 */
    int teacher_iterations; /* with teachers above 1: MCTS iterations of each search after the deciding one,
                               >= 0; 0 = iterations */
    double handicap;      /* chance that a game gives one seat a handicap (see above), 0..1 */
    const char *only;     /* with anchor: the features the fits move, names separated by commas, every other
                             feature's weights kept as they played (e.g. what a handicap varies); NULL = all */
} train_config;

/* Where a run stands, for progress reports. */
typedef struct train_progress {
    int generation;        /* 0-based */
    int games_done;        /* games of this generation finished */
    int games;             /* games of this generation */
    int finished;          /* 1 once the generation's fit is done (the fields below are set) */
    long samples;          /* samples fitted this generation (held-out games aside) */
    long held_out;         /* samples of the held-out games */
    double loss_before;    /* held-out mean squared error of the weights that played */
    double loss_after;     /* held-out mean squared error of the new weights */
    double train_before;   /* mean squared error of the weights that played on the fitted sums */
    double train_loss;     /* mean squared error of the new weights on the fitted sums */
    double agree_before;   /* with imitate: share of the held-out decisions whose most visited turn the weights
                              that played rate best (the losses above are then cross-entropies per decision) */
    double agree_after;    /* the same of the new weights */
    double temperature;    /* with imitate: the temperature of the fit (imitate_temperature), in points */
    double held_uniform;   /* with imitate: the held-out decisions' cross-entropy at even odds, and */
    double held_own;       /* their visit shares' own entropy, the least any model can reach (imitate_bounds) */
    double mean_score[GAME_MAX_PLAYERS + 1]; /* mean final score per seat by player count */
    int score_count[GAME_MAX_PLAYERS + 1];   /* seats those means are over (0: no game of that count) */
    double forced_score[GAME_MAX_PLAYERS + 1]; /* the same of the forced seats alone */
    int forced_count[GAME_MAX_PLAYERS + 1];    /* forced seats those means are over */
    double handicap_margin[2]; /* mean final margin of the seats given one more ([0]) and one fewer ([1]) over
                                  their tables' other seats' mean */
    int handicap_count[2];     /* seats those means are over */
    long positions[MODEL_BLOCKS_MAX];        /* fitted and held-out positions of each block this generation */
    long varied[MODEL_BLOCKS_MAX][MODEL_FEATURES_MAX]; /* of those, the positions where the seats' values of each
                                                          feature differ (the fit learns a feature only from them) */
    double seconds;        /* time of the generation */
} train_progress;

/* Called while a run goes on (after each game and after each fit); the
 * model holds the newest weights when finished is 1. */
typedef void (*train_report)(void *context, const train_progress *progress, const model *weights);

/* Train m (its weights are the start; they are replaced by each fit).
 * 0, or -1 with a reason in why. */
int train_run(const train_config *config, model *m, train_report report, void *context, char *why,
              size_t why_len);

#endif
