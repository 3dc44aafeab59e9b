/*
 * tune.c -- tuning an evaluation's weights by game results (SPSA, see
 * tune.h): the features' spread measured on a few games, then batches of
 * pairs of games between the perturbed weights on worker threads, each
 * pair's result moving the tuned vector.
 */
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "bots/eval.h"
#include "bots/mcts.h"
#include "bots/train.h"
#include "bots/tune.h"
#include "games.h"
#include "match.h"
#include "rng.h"
#include "timer.h"

/* One game of a batch. */
typedef struct tune_game {
    int step;                        /* the SPSA step it belongs to */
    int pair;                        /* its pair of the step, 0..pairs-1 */
    int swapped;                     /* 0: plus weights in the even seats, 1: in the odd ones */
    double plus_share;               /* after the game: the plus seats' share of the wins, 0..1 */
    double plus_margin;              /* after the game: the plus seats' mean score minus the minus seats' */
} tune_game;

/* What the threads of a batch share. */
typedef struct tune_batch {
    const tune_config *config;       /* the run */
    const eval_hook *plus[TUNE_BATCH];  /* each step's plus evaluation */
    const eval_hook *minus[TUNE_BATCH]; /* and its minus one */
    int first;                       /* the batch's first step */
    tune_game games[2 * TUNE_PAIRS_MAX * TUNE_BATCH]; /* its games, 2 * pairs per step */
    int count;                       /* games in the batch */
    pthread_mutex_t lock;            /* guards next, failed and why */
    int next;                        /* next game to hand out */
    int failed;                      /* 1 once a game failed */
    char why[256];                   /* its reason */
} tune_batch;

/* Each state a game decides at, for the spread of the features. */
typedef void (*tune_visit)(void *context, const void *state);

static int tune_fail(char *why, size_t why_len, const char *message)
{
    if (why != NULL && why_len > 0)
        snprintf(why, why_len, "%s", message);
    return -1;
}

/* The seed of the pair of games of step k (k < 0: the spread's games). */
static uint64_t tune_step_seed(uint64_t seed, int k)
{
    rng r;
    rng_seed(&r, seed ^ (0xD1B54A32D192ED03ull * (uint64_t)(k + 1 + TUNE_SCALE_GAMES)));
    return rng_next(&r);
}

/* The seed of pair j of step k: the step's seed for the first pair. */
static uint64_t tune_pair_seed(uint64_t seed, int k, int j)
{
    return tune_step_seed(j == 0 ? seed : seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)j), k);
}

/* The options of the games of step k: the config's variant, or the
 * variants in turn. */
static game_options tune_options(const tune_config *c, int k)
{
    int variant = c->variant != NULL ? games_variant_find(c->game, c->variant) : k % games_variant_options(c->game);
    assert(variant >= 0);
    return (game_options){c->players, variant};
}

/* Play one game of options with hooks[seat] at each seat (the run's
 * search), chance and bots seeded from seed; visit (if not NULL) sees
 * every decision state. The seats' shares of the win into share, their
 * final scores into score. 0, or -1 with a reason in why. */
static int tune_play(const tune_config *c, game_options options, const eval_hook *const *hooks, uint64_t seed,
                     tune_visit visit, void *context, double *share, int *score, char *why, size_t why_len)
{
    const game_def *game = c->game;
    match m;
    if (match_init(&m, game, &options, why, why_len) != 0)
        return -1;
    rng seeds, chance;
    rng_seed(&seeds, seed);
    rng_seed(&chance, rng_next(&seeds));
    mcts *search[GAME_MAX_PLAYERS] = {NULL};
    unsigned char *view = malloc(game->state_size);
    int status = view != NULL ? 0 : tune_fail(why, why_len, "out of memory");
    for (int p = 0; p < options.players && status == 0; p++) {
        search[p] = train_search_new(game, c->iterations, rng_next(&seeds), hooks[p], &c->search);
        if (search[p] == NULL)
            status = tune_fail(why, why_len, "out of memory");
    }
    for (int length = 0; status == 0; length++) {
        int player = match_current_player(&m);
        if (player == GAME_TERMINAL)
            break;
        if (length > game->max_game_length) {
            status = tune_fail(why, why_len, "a game did not end");
            break;
        }
        if (player == GAME_CHANCE) {
            int outcome = match_sample_chance(&m, &chance);
            if (outcome < 0)
                status = tune_fail(why, why_len, "a chance node without outcomes");
            else if (match_apply(&m, outcome, why, why_len) != 0)
                status = -1;
            continue;
        }
        if (visit != NULL)
            visit(context, m.state);
        game->observation(m.state, player, view);
        int action = mcts_choose(search[player], view, player);
        if (action < 0)
            status = tune_fail(why, why_len, "a bot found no action");
        else if (match_apply(&m, action, why, why_len) != 0)
            status = -1;
    }
    if (status == 0) {
        unsigned winners = game->winners(m.state);
        int count = bits_count(winners);
        assert(count > 0);
        for (int p = 0; p < options.players; p++)
            share[p] = (winners >> p & 1u) ? 1.0 / count : 0.0;
        game->scores(m.state, score);
    }
    for (int p = 0; p < options.players; p++)
        mcts_free(search[p]);
    free(view);
    match_free(&m);
    return status;
}

/* The sums of the features' spread between the seats of a table. */
typedef struct tune_spread {
    const model_features *features;     /* the feature set */
    int players;                        /* seats of the game being played */
    double squares[MODEL_FEATURES_MAX]; /* sum of squared deviations from the table's mean */
    long samples;                       /* seats summed */
} tune_spread;

static void tune_spread_visit(void *context, const void *state)
{
    tune_spread *t = context;
    const model_features *f = t->features;
    float x[GAME_MAX_PLAYERS][MODEL_FEATURES_MAX];
    f->extract(state, x);
    for (int i = 0; i < f->count; i++) {
        double mean = 0.0;
        for (int p = 0; p < t->players; p++)
            mean += x[p][i] / (double)t->players;
        for (int p = 0; p < t->players; p++)
            t->squares[i] += (x[p][i] - mean) * (x[p][i] - mean);
    }
    t->samples += t->players;
}

double tune_unit(double sd)
{
    if (!(sd > 1e-6))
        return 0.0;
    return 1.0 / sd < TUNE_UNIT_MAX ? 1.0 / sd : TUNE_UNIT_MAX;
}

/* unit[f]: the weight of one point per standard deviation of feature f
 * between seats, 0 for a feature that never differs; played with the
 * start's weights against themselves. The number of tuned features, or -1. */
static int tune_units(const tune_config *c, const eval_hook *start, double *unit, char *why, size_t why_len)
{
    tune_spread t = {.features = start->model->features};
    const eval_hook *hooks[GAME_MAX_PLAYERS];
    double share[GAME_MAX_PLAYERS];
    int score[GAME_MAX_PLAYERS];
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        hooks[p] = start;
    for (int g = 0; g < TUNE_SCALE_GAMES; g++) {
        game_options options = tune_options(c, g);
        t.players = options.players;
        if (tune_play(c, options, hooks, tune_step_seed(c->seed, -1 - g), tune_spread_visit, &t, share, score,
                      why, why_len) != 0)
            return -1;
    }
    int tuned = 0;
    for (int i = 0; i < t.features->count; i++) {
        double sd = t.samples > 0 ? sqrt(t.squares[i] / (double)t.samples) : 0.0;
        unit[i] = tune_unit(sd);
        tuned += unit[i] != 0.0;
    }
    return tuned;
}

static void *tune_worker(void *arg)
{
    tune_batch *b = arg;
    const tune_config *c = b->config;
    for (;;) {
        pthread_mutex_lock(&b->lock);
        int g = b->failed ? b->count : b->next++;
        pthread_mutex_unlock(&b->lock);
        if (g >= b->count)
            return NULL;
        tune_game *game = &b->games[g];
        int i = game->step - b->first;
        const eval_hook *hooks[GAME_MAX_PLAYERS];
        double share[GAME_MAX_PLAYERS];
        int score[GAME_MAX_PLAYERS];
        for (int p = 0; p < c->players; p++)
            hooks[p] = (p % 2 == game->swapped) ? b->plus[i] : b->minus[i];
        char why[256] = "";
        int status = tune_play(c, tune_options(c, game->step), hooks, tune_pair_seed(c->seed, game->step, game->pair),
                               NULL, NULL, share, score, why, sizeof why);
        game->plus_share = 0.0;
        double points[2] = {0.0, 0.0}; /* the minus seats' total, the plus seats' */
        int seats[2] = {0, 0};
        for (int p = 0; p < c->players && status == 0; p++) {
            int plus = p % 2 == game->swapped;
            game->plus_share += plus ? share[p] : 0.0;
            points[plus] += score[p];
            seats[plus]++;
        }
        game->plus_margin = status == 0 ? points[1] / seats[1] - points[0] / seats[0] : 0.0;
        if (status != 0) {
            pthread_mutex_lock(&b->lock);
            if (!b->failed)
                snprintf(b->why, sizeof b->why, "step %d: %.200s", game->step, why);
            b->failed = 1;
            pthread_mutex_unlock(&b->lock);
        }
    }
}

/* m's weights = start's + u_f unit_f on every knot of the tuned blocks. */
static void tune_apply(model *m, const model *start, const int *tuned_block, const double *u, const double *unit)
{
    const model_features *f = m->features;
    for (int b = 0; b < f->blocks; b++)
        for (int i = 0; i < f->count; i++)
            for (int k = 0; k < MODEL_KNOTS; k++) {
                size_t at = ((size_t)b * (size_t)f->count + (size_t)i) * MODEL_KNOTS + (size_t)k;
                m->weights[at] = start->weights[at] + (tuned_block[b] ? (float)(u[i] * unit[i]) : 0.0f);
            }
}

/* An evaluation with the weights of u + sign c_k d. NULL if memory fails. */
static eval_hook *tune_side(const tune_config *c, const model *start, const int *tuned_block, const double *u,
                           const double *unit, const double *d, double ck, double sign)
{
    const model_features *f = start->features;
    double v[MODEL_FEATURES_MAX];
    for (int i = 0; i < f->count; i++)
        v[i] = u[i] + sign * ck * d[i];
    model *side = model_copy(start);
    if (side == NULL)
        return NULL;
    tune_apply(side, start, tuned_block, v, unit);
    return eval_with_model(c->game, side);
}

/* A game's margin signal (tune.h), -1..1. */
static double tune_margin_signal(const tune_game *g)
{
    double r = g->plus_margin / TUNE_MARGIN_POINTS;
    return r > 1.0 ? 1.0 : r < -1.0 ? -1.0 : r;
}

/* Play steps first..first+count-1 from u and move u by their results
 * (step order); results[k] gets the plus side's share of step k's wins,
 * margins[k] its mean margin a game. */
static int tune_batch_play(const tune_config *c, const model *start, const int *tuned_block, double *u,
                           const double *unit, int first, int count, double *results, double *margins, char *why,
                           size_t why_len)
{
    const model_features *f = start->features;
    tune_batch b = {.config = c, .first = first, .count = 2 * c->pairs * count};
    double d[TUNE_BATCH][MODEL_FEATURES_MAX], ck[TUNE_BATCH];
    int status = 0;
    for (int i = 0; i < count; i++) {
        int k = first + i;
        rng r;
        rng_seed(&r, tune_step_seed(c->seed, k) ^ 0x5851F42D4C957F2Dull);
        for (int j = 0; j < f->count; j++)
            d[i][j] = unit[j] == 0.0 ? 0.0 : rng_below(&r, 2) ? 1.0 : -1.0;
        ck[i] = c->perturb / pow(k + 1, 0.101);
        b.plus[i] = tune_side(c, start, tuned_block, u, unit, d[i], ck[i], 1.0);
        b.minus[i] = tune_side(c, start, tuned_block, u, unit, d[i], ck[i], -1.0);
        if (b.plus[i] == NULL || b.minus[i] == NULL)
            status = tune_fail(why, why_len, "out of memory");
        for (int j = 0; j < c->pairs; j++) {
            tune_game *pair = &b.games[2 * (i * c->pairs + j)];
            pair[0] = (tune_game){k, j, 0, 0.0, 0.0};
            pair[1] = (tune_game){k, j, 1, 0.0, 0.0};
        }
    }
    pthread_mutex_init(&b.lock, NULL);
    pthread_t threads[2 * TUNE_PAIRS_MAX * TUNE_BATCH];
    int started = 0;
    while (status == 0 && started < c->threads && started < b.count) {
        if (pthread_create(&threads[started], NULL, tune_worker, &b) != 0) {
            pthread_mutex_lock(&b.lock);
            b.failed = 1;
            snprintf(b.why, sizeof b.why, "cannot start a tuning thread");
            pthread_mutex_unlock(&b.lock);
            break;
        }
        started++;
    }
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    if (status == 0 && (b.failed || started == 0))
        status = tune_fail(why, why_len, started == 0 ? "cannot start a tuning thread" : b.why);
    for (int i = 0; i < count && status == 0; i++) {
        int k = first + i;
        /* the step's signal: the plus side's wins minus the minus side's
         * over the step's pairs, or the mean of its games' margin signals */
        double plus = 0.0, margin = 0.0, clipped = 0.0;
        for (int g = 2 * i * c->pairs; g < 2 * (i + 1) * c->pairs; g++) {
            plus += b.games[g].plus_share;
            margin += b.games[g].plus_margin;
            clipped += tune_margin_signal(&b.games[g]);
        }
        double r = c->signal == TUNE_SIGNAL_WIN ? plus / c->pairs - 1.0 : clipped / (2 * c->pairs);
        double ak = c->step / pow(k + 1 + TUNE_STABILITY, 0.602);
        for (int j = 0; j < f->count; j++)
            u[j] += ak * r / (2.0 * ck[i]) * d[i][j];
        results[k] = plus / (2 * c->pairs);
        margins[k] = margin / (2 * c->pairs);
    }
    for (int i = 0; i < count; i++) {
        eval_free((eval_hook *)b.plus[i]);
        eval_free((eval_hook *)b.minus[i]);
    }
    pthread_mutex_destroy(&b.lock);
    return status;
}

int tune_run(const tune_config *c, model *m, tune_report report, void *context, char *why, size_t why_len)
{
    const model_features *f = m->features;
    if (c->steps < 1 || c->iterations < 1 || c->threads < 1 || !(c->step > 0.0) || !(c->perturb > 0.0) ||
        c->pairs < 1 || c->pairs > TUNE_PAIRS_MAX || !train_search_usable(&c->search) ||
        (c->signal != TUNE_SIGNAL_WIN && c->signal != TUNE_SIGNAL_MARGIN) ||
        c->players < c->game->min_players || c->players > c->game->max_players)
        return tune_fail(why, why_len, "bad tuning settings");
    if (c->variant != NULL && games_variant_find(c->game, c->variant) < 0)
        return tune_fail(why, why_len, "no such variant");
    double start_time = timer_now();
    model *start = model_copy(m);
    model *playing = model_copy(m);
    eval_hook *start_hook = playing != NULL ? eval_with_model(c->game, playing) : NULL;
    double *results = calloc(2 * (size_t)c->steps, sizeof *results);
    double *margins = results != NULL ? results + c->steps : NULL; /* the second half */
    if (start == NULL || start_hook == NULL || results == NULL) {
        eval_free(start_hook); /* without it, eval_with_model freed the copy */
        model_free(start);
        free(results);
        return tune_fail(why, why_len, "out of memory");
    }
    /* the blocks of the games played: those of each variant's first state
     * (the config's variant only, if it names one) */
    int tuned_block[MODEL_BLOCKS_MAX] = {0};
    int status = 0;
    unsigned char *state = malloc(c->game->state_size);
    for (int v = 0; v < games_variant_options(c->game) && status == 0; v++) {
        game_options options = tune_options(c, v);
        if (state == NULL || c->game->init(state, &options, why, why_len) != 0)
            status = state == NULL ? tune_fail(why, why_len, "out of memory") : -1;
        else
            tuned_block[f->block(state)] = 1;
    }
    free(state);
    double unit[MODEL_FEATURES_MAX], u[MODEL_FEATURES_MAX] = {0};
    int tuned = status == 0 ? tune_units(c, start_hook, unit, why, why_len) : -1;
    if (tuned < 0)
        status = -1;
    double plus_sum = 0.0, margin_sum = 0.0;
    for (int first = 0; status == 0 && first < c->steps; first += TUNE_BATCH) {
        int count = c->steps - first < TUNE_BATCH ? c->steps - first : TUNE_BATCH;
        status = tune_batch_play(c, start, tuned_block, u, unit, first, count, results, margins, why,
                                 why_len);
        if (status != 0)
            break;
        tune_apply(m, start, tuned_block, u, unit);
        tune_progress p = {.steps_done = first + count, .steps = c->steps, .tuned = tuned, .largest_name = ""};
        double recent = 0.0;
        int from = p.steps_done > TUNE_RECENT ? p.steps_done - TUNE_RECENT : 0;
        for (int k = first; k < p.steps_done; k++) {
            plus_sum += results[k];
            margin_sum += margins[k];
        }
        for (int k = from; k < p.steps_done; k++)
            recent += results[k];
        p.plus_score = plus_sum / p.steps_done;
        p.plus_margin = margin_sum / p.steps_done;
        p.recent_score = recent / (p.steps_done - from);
        for (int i = 0; i < f->count; i++)
            if (fabs(u[i]) > p.largest) {
                p.largest = fabs(u[i]);
                p.largest_name = f->names[i];
            }
        p.seconds = timer_now() - start_time;
        if (report != NULL)
            report(context, &p, m);
    }
    eval_free(start_hook);
    model_free(start);
    free(results);
    return status;
}
