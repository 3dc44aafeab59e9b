/*
 * train.c -- learning an evaluation from self-play: generations of MCTS
 * games on worker threads, their samples summed in game order, a ridge fit
 * per weight block after each generation (see train.h).
 */
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "bots/eval.h"
#include "bots/greedy.h"
#include "bots/imitate.h"
#include "bots/mcts.h"
#include "bots/plan.h"
#include "bots/train.h"
#include "games.h"
#include "match.h"
#include "rng.h"
#include "timer.h"

_Static_assert((int)MCTS_ROOT_TURNS_MAX <= (int)IMITATE_CANDIDATES_MAX, "a decision of imitation is a root's turns");

enum {
    TRAIN_CHOICES = 8,     /* searched actions an exploring decision is drawn among */
    TRAIN_HOLD_OUT = 10    /* every TRAIN_HOLD_OUT-th game is held out of the fit */
};

/* One finished game's samples. */
typedef struct train_result {
    int ready;                         /* 1 once the game is over and summed */
    int block;                         /* weight block of its states */
    int players;                       /* seats */
    int score[GAME_MAX_PLAYERS];       /* final scores */
    int forced[GAME_MAX_PLAYERS];      /* 1: the seat was held to the plan policy (forced) */
    int handicap[GAME_MAX_PLAYERS];    /* the handicap the seat was given: +1, -1, 0 none */
    model_fit fit;                     /* its samples' sums */
    long positions;                    /* its decision states */
    long varied[MODEL_FEATURES_MAX];   /* of those, the states where the seats' values of each feature differ */
    imitate_set choices;               /* with imitate: its searched decisions' root turns */
} train_result;

/* What the threads of one generation share. */
typedef struct train_shared {
    const train_config *config;        /* the run */
    const model_features *features;    /* the game's features */
    const eval_hook *hook;             /* the evaluation playing this generation */
    int generation;                    /* its number */
    pthread_mutex_t lock;              /* guards the fields below */
    pthread_cond_t changed;            /* signalled when a game finishes or fails */
    int next;                          /* next game to hand out */
    train_result *results;             /* one per game of the generation */
    int failed;                        /* 1 once a game failed */
    char why[256];                     /* its reason */
} train_shared;

/* One worker thread's scratch. */
typedef struct train_worker {
    train_shared *shared;              /* the generation */
    pthread_t thread;                  /* the thread */
    unsigned char *states;             /* decision states of the current game */
    double (*valued)[GAME_MAX_PLAYERS]; /* with expert: per decision state every seat's value by the deeper
                                          search, NAN in seat 0 where not valued; state_cap of them */
    int state_cap;                     /* room in states (and valued), in states */
    unsigned char *state;              /* the game being played */
    unsigned char *view;               /* the observation of the seat to act */
    int *legal;                        /* scratch, game->max_legal */
    int *allowed;                      /* with forced seats: the legal actions the plan policy allows, max_legal */
    unsigned char *child;              /* with forced seats: a state one action on, game->state_size */
    double *probability;               /* scratch, game->max_legal */
    double rows[GAME_MAX_PLAYERS][MODEL_ROW_MAX]; /* the rows of a state's seats */
    mcts_turn turns[MCTS_ROOT_TURNS_MAX]; /* with imitate: a search's root turns */
    mcts_turn other_turns[MCTS_ROOT_TURNS_MAX]; /* with more teachers: another search's */
    double *turn_rows;                 /* with imitate: their rows (the seat's less its rival's), one after
                                          another, MCTS_ROOT_TURNS_MAX * MODEL_ROW_MAX */
    double turn_offset[MCTS_ROOT_TURNS_MAX]; /* their margins less the learned weights' part */
    double turn_visits[MCTS_ROOT_TURNS_MAX]; /* their visits */
    double mean[MODEL_ROW_MAX];        /* their mean */
} train_worker;

static int train_fail(char *why, size_t why_len, const char *message)
{
    if (why != NULL && why_len > 0)
        snprintf(why, why_len, "%s", message);
    return -1;
}

/* The seed of game k of generation g. */
static uint64_t train_game_seed(uint64_t seed, int generation, int k)
{
    rng r;
    rng_seed(&r, seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(generation + 1)));
    uint64_t s = rng_next(&r);
    rng_seed(&r, s + (uint64_t)k);
    return rng_next(&r);
}

/* The options of game k: player counts (or players alone, if not 0) and
 * variants in turn. */
static game_options train_options(const game_def *game, int players, int k)
{
    int counts = players > 0 ? 1 : game->max_players - game->min_players + 1;
    int fewest = players > 0 ? players : game->min_players;
    int variants = games_variant_options(game);
    int setting = k % (counts * variants);
    return (game_options){fewest + setting % counts, setting / counts};
}

/* Keep a copy of the state about to be decided. 0 or -1. */
static int train_keep(train_worker *w, int *count, size_t size)
{
    if (*count == w->state_cap) {
        int cap = w->state_cap ? 2 * w->state_cap : 256;
        unsigned char *more = realloc(w->states, (size_t)cap * size);
        if (more == NULL)
            return -1;
        w->states = more;
        double (*values)[GAME_MAX_PLAYERS] = realloc(w->valued, (size_t)cap * sizeof *w->valued);
        if (values == NULL)
            return -1;
        w->valued = values;
        w->state_cap = cap;
    }
    w->valued[*count][0] = NAN;
    memcpy(w->states + (size_t)(*count)++ * size, w->state, size);
    return 0;
}

/* The action of seat, n of them legal: the search's best, or with
 * probability explore one of its actions drawn by visits. With whole
 * turns, the next action of the turn the search chose, else the first
 * action of the best turn (the search plays it to its end) or, with
 * probability explore, a first action drawn by visits. *searched is 1 if
 * the search ran (else it is left as it is). */
static int train_search_decide(train_worker *w, mcts *search, int seat, int n, rng *r, int *searched)
{
    const train_config *c = w->shared->config;
    if (c->search.turns > 0) {
        int next = mcts_next_in_turn(search, w->view, seat);
        if (next >= 0)
            return next;
        if (n == 1)
            return w->legal[0];
        *searched = 1;
        if (rng_unit(r) >= c->explore)
            return mcts_choose(search, w->view, seat);
    } else if (n == 1)
        return w->legal[0];
    *searched = 1;
    mcts_choice choices[TRAIN_CHOICES];
    n = mcts_analyse(search, w->view, seat, choices, TRAIN_CHOICES);
    if (n <= 0)
        return -1;
    if (n == 1 || (c->search.turns == 0 && rng_unit(r) >= c->explore))
        return choices[0].action;
    long total = 0;
    for (int i = 0; i < n; i++)
        total += choices[i].visits + 1;
    long pick = (long)rng_below(r, (uint64_t)total);
    for (int i = 0; i < n; i++) {
        pick -= choices[i].visits + 1;
        if (pick < 0)
            return choices[i].action;
    }
    return choices[0].action;
}

/* Of the allowed actions of the seat to act at w->view, the one after
 * which hook values the seat's margin highest (the first of equals). */
static int train_best_allowed(train_worker *w, const eval_hook *hook, int seat, int allowed)
{
    const game_def *game = w->shared->config->game;
    int best = w->allowed[0];
    double best_value = -INFINITY, estimates[GAME_MAX_PLAYERS];
    for (int i = 0; i < allowed; i++) {
        memcpy(w->child, w->view, game->state_size);
        game->apply_listed(w->child, w->allowed[i]);
        int players = eval_estimates(game, hook, w->child, estimates);
        double value = eval_margin_of(estimates, players, seat);
        if (value > best_value) {
            best_value = value;
            best = w->allowed[i];
        }
    }
    return best;
}

/* The action of seat, n of them legal (train_search_decide); a forced
 * seat plays within the game's plan policy: where its rules narrow the
 * legal actions, the search's action if they allow it, else the allowed
 * action hook values best one step on (the search is not asked when they
 * allow one action only). */
static int train_decide(train_worker *w, mcts *search, const eval_hook *hook, int forced, int seat, int n, rng *r,
                        int *searched)
{
    int allowed = n;
    if (forced) {
        memcpy(w->allowed, w->legal, (size_t)n * sizeof *w->legal);
        allowed = plan_of(w->shared->config->game)->filter(w->view, w->allowed, n);
        assert(allowed >= 1 && allowed <= n);
        if (allowed == 1)
            return w->allowed[0];
    }
    int action = train_search_decide(w, search, seat, n, r, searched);
    if (allowed == n || action < 0)
        return action;
    for (int i = 0; i < allowed; i++)
        if (w->allowed[i] == action)
            return action;
    return train_best_allowed(w, hook, seat, allowed);
}

/* The final score each seat is fitted to at each of a game's count
 * decision states (target[count][players]): the lambda-return of the
 * estimates of the evaluation that played, G(i) = (1 - lambda) V(i+1) +
 * lambda G(i+1), where V is every seat's estimated final score at a state
 * and the decision after the last one is the game's end (its final scores).
 * lambda 1 gives the final scores at every state. */
static void train_targets(const train_worker *w, int count, const int *final, double (*target)[GAME_MAX_PLAYERS])
{
    const game_def *game = w->shared->config->game;
    double lambda = w->shared->config->lambda;
    double g[GAME_MAX_PLAYERS], v[GAME_MAX_PLAYERS];
    int players = game->players(w->state);
    for (int p = 0; p < players; p++)
        g[p] = final[p];
    for (int i = count - 1; i >= 0; i--) {
        memcpy(target[i], g, (size_t)players * sizeof *g);
        if (lambda >= 1.0)
            continue;
        eval_estimates(game, w->shared->hook, w->states + (size_t)i * game->state_size, v);
        for (int p = 0; p < players; p++)
            g[p] = (1.0 - lambda) * v[p] + lambda * g[p];
    }
}

/* With probability expert_share, value the state just kept (the
 * observation of seat in w->view) by the deeper search: w->valued[at]. */
static void train_value(train_worker *w, mcts *expert, int seat, int at, rng *valued)
{
    if (rng_unit(valued) >= w->shared->config->expert_share)
        return;
    mcts_choice best;
    if (mcts_analyse(expert, w->view, seat, &best, 1) > 0)
        mcts_root_estimates(expert, w->valued[at]); /* writes nothing (NAN stays) when it has none */
}

/* A self-play seat's search of c with seed and hook (train_search_new) of
 * iterations, following the game's plan policy if c says so; NULL if
 * memory fails. */
static mcts *train_seat_search(const train_config *c, int iterations, uint64_t seed, const eval_hook *hook)
{
    mcts *search = train_search_new(c->game, iterations, seed, hook, &c->search);
    if (search != NULL && c->policy > 0)
        mcts_use_plan(search, plan_of(c->game), c->policy == 2);
    return search;
}

/* 1 if turns a and b are the same actions. */
static int train_same_turn(const mcts_turn *a, const mcts_turn *b)
{
    return a->length == b->length && memcmp(a->actions, b->actions, (size_t)a->length * sizeof *a->actions) == 0;
}

/* With more than one teacher: the decision of seat at w->view searched
 * again by each other teacher, from a new tree with a seed drawn from
 * teaching, and the visits of each of the count root turns in w->turns
 * (the deciding search's) raised by the visits the others gave the same
 * turn (the same actions); a turn the deciding search did not find is
 * left out. 0, or -1 if memory fails. */
static int train_more_teachers(train_worker *w, int seat, int count, rng *teaching)
{
    const train_config *c = w->shared->config;
    int iterations = c->teacher_iterations > 0 ? c->teacher_iterations : c->iterations;
    for (int t = 1; t < c->teachers; t++) {
        mcts *again = train_seat_search(c, iterations, rng_next(teaching), w->shared->hook);
        if (again == NULL)
            return -1;
        mcts_choose(again, w->view, seat);
        int found = mcts_root_turns(again, w->other_turns, MCTS_ROOT_TURNS_MAX);
        for (int k = 0; k < count; k++)
            for (int o = 0; o < found; o++)
                if (train_same_turn(&w->other_turns[o], &w->turns[k])) {
                    w->turns[k].visits += w->other_turns[o].visits;
                    break;
                }
        mcts_free(again);
    }
    return 0;
}

/* With imitate: the root turns of the search that just decided for seat
 * at w->state, as one decision of the fit (imitate.h): each turn played on
 * a copy of the state, the seat's margin after it by the evaluation that
 * plays and its regression row less its best rival's. A turn the state
 * does not allow as the search saw it (through a chance outcome or a
 * hidden card of its determinization) is left out. 0, or -1 if memory
 * fails. */
static int train_imitate_sample(train_worker *w, const mcts *search, int seat, rng *teaching, imitate_set *out)
{
    const model_features *f = w->shared->features;
    const game_def *game = w->shared->config->game;
    const eval_hook *hook = w->shared->hook;
    int block = f->block(w->state);
    if (hook->model == NULL || (hook->v1_blocks >> block & 1u))
        return 0; /* the margin is not the model's: nothing to fit */
    int count = mcts_root_turns(search, w->turns, MCTS_ROOT_TURNS_MAX), size = f->count * MODEL_KNOTS, kept = 0;
    if (count > 0 && train_more_teachers(w, seat, count, teaching) != 0)
        return -1;
    double played[MODEL_ROW_MAX], visited = 0.0;
    model_get_block(hook->model, block, played);
    for (int k = 0; k < count; k++) {
        memcpy(w->child, w->state, game->state_size);
        int allowed = 1;
        for (int a = 0; a < w->turns[k].length && allowed; a++)
            allowed = game->current_player(w->child) == seat &&
                      game->apply(w->child, w->turns[k].actions[a], NULL, 0) == 0;
        if (!allowed)
            continue;
        double estimates[GAME_MAX_PLAYERS];
        int players = eval_estimates(game, hook, w->child, estimates), rival = seat == 0 ? 1 : 0;
        for (int p = 0; p < players; p++)
            if (p != seat && estimates[p] > estimates[rival])
                rival = p;
        double *row = w->turn_rows + (size_t)kept * (size_t)size, learned = 0.0;
        memset(row, 0, (size_t)size * sizeof *row);
        if (game->current_player(w->child) != GAME_TERMINAL) { /* (at the end the margin is the scores') */
            model_row(f, w->child, seat, row);
            model_row(f, w->child, rival, w->rows[0]);
            for (int j = 0; j < size; j++) {
                row[j] -= w->rows[0][j];
                learned += played[j] * row[j];
            }
        }
        w->turn_offset[kept] = estimates[seat] - estimates[rival] - learned;
        w->turn_visits[kept] = (double)w->turns[k].visits;
        visited += w->turn_visits[kept];
        kept++;
    }
    if (kept < 2 || visited <= 0.0)
        return 0;
    return imitate_add(out, kept, w->turn_rows, w->turn_offset, w->turn_visits);
}

int train_search_usable(const train_search_options *o)
{
    return o->turns >= 0 && o->turns <= MCTS_TURNS_MAX && o->playout >= MCTS_PLAYOUT_END &&
           o->playout <= MCTS_PLAYOUT_MAX && o->playbeam >= 0 && o->playbeam <= GREEDY_BEAM_MAX &&
           (o->playbeam == 0 || o->playout != 0) && o->score >= 0 && o->score <= 100 && o->center >= 0 &&
           o->center <= MCTS_CENTER_MAX && o->scorescale >= 0 && o->scorescale <= MCTS_SCORE_SCALE_MAX &&
           (o->scorescale == 0 || o->score > 0) && o->playtemp >= 0 && (o->playtemp == 0 || o->playbeam > 0);
}

mcts *train_search_new(const game_def *game, int iterations, uint64_t seed, const eval_hook *hook,
                       const train_search_options *options)
{
    mcts_config config = {iterations, 0, 1, 2 * iterations + 1024, 0, BOT_MCTS_EXPLORE / 100.0, seed,
                          MCTS_OTHERS_AUTO, hook};
    mcts *search = mcts_new(game, &config);
    int beam = options->playbeam, choices = options->playtemp > 0 ? MCTS_PLAYOUT_CHOICES : 1;
    if (search != NULL && ((options->turns > 0 && mcts_use_turns(search, options->turns) != 0) ||
                           (beam > 0 && mcts_use_playout_turns(search, beam, choices) != 0))) {
        mcts_free(search);
        return NULL;
    }
    if (search != NULL) {
        mcts_use_playout(search, options->playout);
        mcts_use_score(search, options->score / 100.0);
        mcts_use_center(search, options->center);
        mcts_use_score_scale(search, options->scorescale);
        mcts_use_playout_temperature(search, options->playtemp / 10.0);
    }
    return search;
}

/* Play game k of the generation to its end and sum its samples into out.
 * 0, or -1 with a reason in why. */
static int train_game(train_worker *w, int k, train_result *out, char *why, size_t why_len)
{
    train_shared *sh = w->shared;
    const train_config *c = sh->config;
    const game_def *game = c->game;
    game_options options = train_options(game, c->players, k);
    rng seeds, chance, explore;
    rng_seed(&seeds, train_game_seed(c->seed, sh->generation, k));
    rng_seed(&chance, rng_next(&seeds));
    rng_seed(&explore, rng_next(&seeds));
    if (game->init(w->state, &options, why, why_len) != 0)
        return -1;
    mcts *search[GAME_MAX_PLAYERS] = {NULL};
    eval_hook *planned[GAME_MAX_PLAYERS] = {NULL}; /* the evaluations of seats following a plan */
    const eval_hook *plays[GAME_MAX_PLAYERS];      /* the evaluation of each seat */
    int status = 0;
    for (int p = 0; p < options.players; p++) {
        uint64_t bot_seed = rng_next(&seeds);
        const eval_hook *hook = sh->hook;
        /* a seat may follow a plan (a bonus for one feature), so that the
         * games show what strategies the weights do not favour yet earn */
        if (hook->model != NULL && sh->features->plan_count > 0 && rng_unit(&seeds) < c->plans) {
            const model_plan *plan = &sh->features->plans[rng_below(&seeds, (uint64_t)sh->features->plan_count)];
            model *biased = model_copy(hook->model);
            if (biased != NULL && model_add_bonus(biased, plan->feature, plan->bonus) != 0) {
                model_free(biased);
                biased = NULL;
            }
            if (biased == NULL || (planned[p] = eval_with_model(game, biased)) == NULL) {
                status = train_fail(why, why_len, "out of memory or a plan of no feature");
                break;
            }
            hook = planned[p];
        }
        plays[p] = hook;
        if ((search[p] = train_seat_search(c, c->iterations, bot_seed, hook)) == NULL)
            status = train_fail(why, why_len, "out of memory");
    }
    /* drawn after the seats' seeds: the games are those of a run without it */
    mcts *expert = NULL;
    rng valued;
    uint64_t expert_seed = rng_next(&seeds);
    rng_seed(&valued, rng_next(&seeds));
    if (status == 0 && c->expert > 0 &&
        ((expert = train_search_new(game, c->expert, expert_seed, sh->hook, &(train_search_options){0})) == NULL ||
         mcts_keep_estimates(expert, 1) != 0))
        status = train_fail(why, why_len, "out of memory");
    /* drawn last, and only with forced seats: the games of a run without them stay as they were */
    int *forced = out->forced;
    for (int p = 0; c->forced > 0.0 && p < options.players; p++)
        forced[p] = rng_unit(&seeds) < c->forced;
    /* drawn after them, and only with handicaps, for the same reason */
    int handicapped = -1, delta = 0;
    double when = 0.0;
    if (c->handicap > 0.0 && rng_unit(&seeds) < c->handicap) {
        handicapped = (int)rng_below(&seeds, (uint64_t)options.players);
        delta = rng_below(&seeds, 2) ? 1 : -1;
        when = 0.5 * rng_unit(&seeds);
    }
    /* drawn last of all: the other teachers' seeds (the games are those of one teacher) */
    rng teaching;
    rng_seed(&teaching, rng_next(&seeds));
    int count = 0, length = 0;
    while (status == 0) {
        int player = game->current_player(w->state);
        if (player == GAME_TERMINAL)
            break;
        int action;
        if (player == GAME_CHANCE) {
            int n = game->chance_outcomes(w->state, w->legal, w->probability);
            action = match_pick_outcome(w->legal, w->probability, n, &chance);
        } else {
            if (delta != 0 && out->handicap[handicapped] == 0 && sh->features->phase(w->state) >= when &&
                sh->features->handicap(w->state, handicapped, delta)) {
                out->handicap[handicapped] = delta;
                if (game->check(w->state, why, why_len) != 0) { /* a hook that breaks the state: say so */
                    status = -1;
                    break;
                }
            }
            if (train_keep(w, &count, game->state_size) != 0) {
                status = train_fail(why, why_len, "out of memory");
                break;
            }
            game->observation(w->state, player, w->view);
            if (expert != NULL)
                train_value(w, expert, player, count - 1, &valued);
            int n = game->legal_actions(w->view, w->legal), searched = 0;
            action = train_decide(w, search[player], plays[player], forced[player], player, n, &explore, &searched);
            if (searched && c->imitate && !forced[player] && plays[player] == sh->hook &&
                train_imitate_sample(w, search[player], player, &teaching, &out->choices) != 0)
                status = train_fail(why, why_len, "out of memory");
        }
        if (status != 0)
            break;
        if (action < 0 || ++length > game->max_game_length || game->apply(w->state, action, why, why_len) != 0) {
            if (action < 0 || length > game->max_game_length)
                train_fail(why, why_len, "a self-play game found no action or did not end");
            status = -1;
        }
    }
    for (int p = 0; p < options.players; p++) {
        mcts_free(search[p]);
        eval_free(planned[p]);
    }
    mcts_free(expert);
    if (status != 0)
        return -1;
    out->players = options.players;
    game->scores(w->state, out->score);
    out->block = sh->features->block(w->state);
    double (*target)[GAME_MAX_PLAYERS] = count > 0 ? malloc((size_t)count * sizeof *target) : NULL;
    if (count > 0 && target == NULL)
        return train_fail(why, why_len, "out of memory");
    train_targets(w, count, out->score, target);
    int size = sh->features->count * MODEL_KNOTS;
    for (int i = 0; i < count; i++) {
        if (c->expert > 0 && isnan(w->valued[i][0]))
            continue; /* with the deeper search, only the positions it valued */
        const unsigned char *state = w->states + (size_t)i * game->state_size;
        int then[GAME_MAX_PLAYERS];
        double gain[GAME_MAX_PLAYERS], base[GAME_MAX_PLAYERS], mean_gain = 0.0;
        game->scores(state, then);
        model_base(sh->features, state, options.players, base);
        memset(w->mean, 0, (size_t)size * sizeof *w->mean);
        unsigned char differ[MODEL_FEATURES_MAX] = {0}; /* 1: the seats' values of the feature differ */
        for (int p = 0; p < options.players; p++) {
            model_row(sh->features, state, p, w->rows[p]);
            for (int j = 0; p > 0 && j < size; j++)
                if (w->rows[p][j] != w->rows[0][j])
                    differ[j / MODEL_KNOTS] = 1;
            double goal = c->expert > 0 ? c->expert_mix * w->valued[i][p] + (1.0 - c->expert_mix) * target[i][p]
                                        : target[i][p];
            gain[p] = goal - then[p] - base[p];
            mean_gain += gain[p] / options.players;
            for (int j = 0; j < size; j++)
                w->mean[j] += w->rows[p][j] / options.players;
        }
        out->positions++;
        for (int j = 0; j < sh->features->count; j++)
            out->varied[j] += differ[j];
        /* Each seat against the table's mean (see train.h). */
        for (int p = 0; p < options.players; p++) {
            for (int j = 0; j < size; j++)
                w->rows[p][j] -= w->mean[j];
            model_fit_add(&out->fit, w->rows[p], gain[p] - mean_gain);
        }
    }
    free(target);
    return 0;
}

static void *train_worker_main(void *arg)
{
    train_worker *w = arg;
    train_shared *sh = w->shared;
    for (;;) {
        pthread_mutex_lock(&sh->lock);
        int k = sh->failed ? sh->config->games : sh->next++;
        pthread_mutex_unlock(&sh->lock);
        if (k >= sh->config->games)
            return NULL;
        char why[256] = "";
        train_result *out = &sh->results[k];
        int status = train_game(w, k, out, why, sizeof why);
        pthread_mutex_lock(&sh->lock);
        if (status != 0 && !sh->failed) {
            sh->failed = 1;
            snprintf(sh->why, sizeof sh->why, "game %d of generation %d: %.200s", k, sh->generation, why);
        }
        out->ready = status == 0;
        pthread_cond_broadcast(&sh->changed);
        pthread_mutex_unlock(&sh->lock);
    }
}

static void train_worker_free(train_worker *w)
{
    free(w->states);
    free(w->valued);
    free(w->state);
    free(w->view);
    free(w->legal);
    free(w->allowed);
    free(w->child);
    free(w->probability);
    free(w->turn_rows);
}

/* Sums of every block, for the fit (with decay) and the held-out games;
 * with imitate, the decisions instead (this generation's only). */
typedef struct train_sums {
    model_fit fit[MODEL_BLOCKS_MAX];     /* the fitted games, earlier generations decayed */
    model_fit held[MODEL_BLOCKS_MAX];    /* this generation's held-out games */
    imitate_set choices[MODEL_BLOCKS_MAX]; /* with imitate: the fitted games' decisions */
    imitate_set held_choices[MODEL_BLOCKS_MAX]; /* with imitate: the held-out games' decisions */
    double temperature[MODEL_BLOCKS_MAX]; /* with imitate: each block's temperature this generation, in points */
} train_sums;

static void train_sums_free(train_sums *t, int blocks)
{
    for (int b = 0; b < blocks; b++) {
        model_fit_free(&t->fit[b]);
        model_fit_free(&t->held[b]);
        imitate_free(&t->choices[b]);
        imitate_free(&t->held_choices[b]);
    }
}

static int train_sums_init(train_sums *t, int blocks, int size)
{
    memset(t, 0, sizeof *t);
    for (int b = 0; b < blocks; b++) {
        imitate_init(&t->choices[b], size);
        imitate_init(&t->held_choices[b], size);
        if (model_fit_init(&t->fit[b], size) != 0 || model_fit_init(&t->held[b], size) != 0) {
            train_sums_free(t, blocks);
            return -1;
        }
    }
    return 0;
}

/* Scale every sum of fit by factor (the decay of older generations). */
static void train_fit_scale(model_fit *fit, double factor)
{
    size_t n = (size_t)fit->size;
    for (size_t i = 0; i < n * n; i++)
        fit->xtx[i] *= factor;
    for (size_t i = 0; i < n; i++)
        fit->xty[i] *= factor;
    fit->yy *= factor;
    fit->samples = (long)((double)fit->samples * factor + 0.5);
}

/* Mean squared error of m's weights over the held-out sums of every block;
 * with imitate, their mean cross-entropy over the held-out decisions, and
 * the share of those whose most visited turn they rate best into *agree. */
static double train_held_loss(const train_config *c, const model *m, const train_sums *t, long *samples,
                              double *agree)
{
    const model_features *f = m->features;
    double w[MODEL_ROW_MAX], sum = 0.0, agreed = 0.0;
    *samples = 0;
    for (int b = 0; b < f->blocks; b++) {
        long n = c->imitate ? t->held_choices[b].decisions : t->held[b].samples;
        if (n == 0)
            continue;
        model_get_block(m, b, w);
        double share = 0.0;
        double loss = c->imitate ? imitate_loss(&t->held_choices[b], w, t->temperature[b], &share)
                                 : model_fit_loss(&t->held[b], w);
        sum += loss * (double)n;
        agreed += share * (double)n;
        *samples += n;
    }
    *agree = *samples > 0 ? agreed / (double)*samples : 0.0;
    return *samples > 0 ? sum / (double)*samples : 0.0;
}

/* The bounds of the held-out decisions' cross-entropy (imitate_bounds),
 * every block's, weighted by their decisions, into progress. */
static void train_held_bounds(const model_features *f, const train_sums *t, train_progress *progress)
{
    double uniform = 0.0, own = 0.0;
    long decisions = 0;
    for (int b = 0; b < f->blocks; b++) {
        long n = t->held_choices[b].decisions;
        double block_uniform, block_own;
        imitate_bounds(&t->held_choices[b], &block_uniform, &block_own);
        uniform += block_uniform * (double)n;
        own += block_own * (double)n;
        decisions += n;
    }
    progress->held_uniform = decisions > 0 ? uniform / (double)decisions : 0.0;
    progress->held_own = decisions > 0 ? own / (double)decisions : 0.0;
}

/* Play one generation with hook, merging each game's sums (in game order)
 * into t; progress reported while it goes. 0 or -1 with a reason. */
static int train_generation(const train_config *c, const model_features *f, const eval_hook *hook, int generation,
                            train_sums *t, train_progress *progress, const model *m, train_report report,
                            void *context, char *why, size_t why_len)
{
    const game_def *game = c->game;
    int size = f->count * MODEL_KNOTS;
    train_shared sh = {.config = c, .features = f, .hook = hook, .generation = generation};
    sh.results = calloc((size_t)c->games, sizeof *sh.results);
    train_worker *workers = calloc((size_t)c->threads, sizeof *workers);
    if (sh.results == NULL || workers == NULL) {
        free(sh.results);
        free(workers);
        return train_fail(why, why_len, "out of memory");
    }
    int status = 0;
    for (int k = 0; k < c->games; k++)
        imitate_init(&sh.results[k].choices, size);
    for (int k = 0; k < c->games && status == 0; k++)
        if (model_fit_init(&sh.results[k].fit, size) != 0)
            status = train_fail(why, why_len, "out of memory");
    pthread_mutex_init(&sh.lock, NULL);
    pthread_cond_init(&sh.changed, NULL);
    int started = 0;
    for (; status == 0 && started < c->threads; started++) {
        train_worker *w = &workers[started];
        w->shared = &sh;
        w->state = malloc(game->state_size);
        w->view = malloc(game->state_size);
        w->legal = malloc((size_t)game->max_legal * sizeof *w->legal);
        w->allowed = malloc((size_t)game->max_legal * sizeof *w->allowed);
        w->child = malloc(game->state_size);
        w->probability = malloc((size_t)game->max_legal * sizeof *w->probability);
        w->turn_rows = c->imitate ? malloc((size_t)MCTS_ROOT_TURNS_MAX * MODEL_ROW_MAX * sizeof *w->turn_rows) : NULL;
        if (w->state == NULL || w->view == NULL || w->legal == NULL || w->probability == NULL || w->allowed == NULL ||
            w->child == NULL || (c->imitate && w->turn_rows == NULL) ||
            pthread_create(&w->thread, NULL, train_worker_main, w) != 0) {
            train_worker_free(w);
            status = train_fail(why, why_len, "cannot start a training thread");
            pthread_mutex_lock(&sh.lock);
            sh.failed = 1;
            pthread_mutex_unlock(&sh.lock);
            break;
        }
    }
    /* Merge finished games in order; report as they come. */
    int merged = 0;
    double score_sum[GAME_MAX_PLAYERS + 1] = {0};
    int score_count[GAME_MAX_PLAYERS + 1] = {0};
    double forced_sum[GAME_MAX_PLAYERS + 1] = {0};
    int forced_count[GAME_MAX_PLAYERS + 1] = {0};
    double handicap_sum[2] = {0};
    pthread_mutex_lock(&sh.lock);
    while (status == 0 && merged < c->games && !sh.failed) {
        if (!sh.results[merged].ready) {
            pthread_cond_wait(&sh.changed, &sh.lock);
            continue;
        }
        pthread_mutex_unlock(&sh.lock);
        train_result *r = &sh.results[merged];
        int held = merged % TRAIN_HOLD_OUT == TRAIN_HOLD_OUT - 1;
        model_fit_merge(held ? &t->held[r->block] : &t->fit[r->block], &r->fit);
        model_fit_free(&r->fit);
        int kept = imitate_merge(held ? &t->held_choices[r->block] : &t->choices[r->block], &r->choices);
        imitate_free(&r->choices);
        if (kept != 0) {
            pthread_mutex_lock(&sh.lock);
            sh.failed = 1; /* the threads stop */
            status = train_fail(why, why_len, "out of memory");
            break;
        }
        for (int p = 0; p < r->players; p++) {
            score_sum[r->players] += r->score[p];
            score_count[r->players]++;
            forced_sum[r->players] += r->forced[p] ? r->score[p] : 0;
            forced_count[r->players] += r->forced[p];
            if (r->handicap[p] != 0) {
                double others = 0.0;
                for (int o = 0; o < r->players; o++)
                    others += o != p ? r->score[o] / (double)(r->players - 1) : 0.0;
                int minus = r->handicap[p] < 0;
                handicap_sum[minus] += r->score[p] - others;
                progress->handicap_count[minus]++;
            }
        }
        progress->positions[r->block] += r->positions;
        for (int j = 0; j < f->count; j++)
            progress->varied[r->block][j] += r->varied[j];
        merged++;
        progress->games_done = merged;
        if (report != NULL)
            report(context, progress, m);
        pthread_mutex_lock(&sh.lock);
    }
    if (sh.failed && status == 0)
        status = train_fail(why, why_len, sh.why);
    pthread_mutex_unlock(&sh.lock);
    for (int i = 0; i < started; i++) {
        pthread_join(workers[i].thread, NULL);
        train_worker_free(&workers[i]);
    }
    for (int k = 0; k < c->games; k++) {
        model_fit_free(&sh.results[k].fit);
        imitate_free(&sh.results[k].choices);
    }
    for (int p = 0; p <= GAME_MAX_PLAYERS; p++) {
        progress->mean_score[p] = score_count[p] ? score_sum[p] / score_count[p] : 0.0;
        progress->score_count[p] = score_count[p];
        progress->forced_score[p] = forced_count[p] ? forced_sum[p] / forced_count[p] : 0.0;
        progress->forced_count[p] = forced_count[p];
    }
    for (int i = 0; i < 2; i++)
        progress->handicap_margin[i] = progress->handicap_count[i] ? handicap_sum[i] / progress->handicap_count[i] : 0;
    pthread_cond_destroy(&sh.changed);
    pthread_mutex_destroy(&sh.lock);
    free(sh.results);
    free(workers);
    return status;
}

/* The coefficients c->only (not NULL) holds: held[count * MODEL_KNOTS],
 * 1 = kept as they played. 0, or -1 with a reason if it names a feature f
 * does not have. */
static int train_held(const train_config *c, const model_features *f, unsigned char *held, char *why,
                      size_t why_len)
{
    memset(held, 1, (size_t)f->count * MODEL_KNOTS);
    for (const char *name = c->only; *name != '\0';) {
        size_t length = strcspn(name, ",");
        char feature[64];
        snprintf(feature, sizeof feature, "%.*s", (int)(length < sizeof feature ? length : sizeof feature - 1),
                 name);
        int j = length < sizeof feature ? model_feature_index(f, feature) : -1;
        if (j < 0) {
            snprintf(why, why_len, "no feature \"%.*s\" to fit alone (the weights file names every feature)",
                     (int)length, name);
            return -1;
        }
        memset(held + (size_t)j * MODEL_KNOTS, 0, MODEL_KNOTS);
        name += length + (name[length] == ',');
    }
    return 0;
}

/* Fit every block with samples, the coefficients held kept as they
 * played (held NULL: none); the new weights go into m. */
static int train_fit(const train_config *c, model *m, const train_sums *t, const unsigned char *held,
                     train_progress *progress, char *why, size_t why_len)
{
    const model_features *f = m->features;
    double w[MODEL_ROW_MAX];
    double sse = 0.0, sse_before = 0.0;
    long samples = 0;
    for (int b = 0; b < f->blocks && c->imitate; b++) {
        const imitate_set *choices = &t->choices[b];
        if (choices->decisions == 0)
            continue; /* no decision of this kind: the weights stay */
        double played[MODEL_ROW_MAX];
        model_get_block(m, b, played);
        sse_before += imitate_loss(choices, played, t->temperature[b], NULL) * (double)choices->decisions;
        if (imitate_fit(choices, t->temperature[b], c->ridge, c->anchor ? played : NULL, held, w) != 0)
            return train_fail(why, why_len, "out of memory, or the fit's equations are singular (raise --ridge)");
        model_set_block(m, b, w);
        sse += imitate_loss(choices, w, t->temperature[b], NULL) * (double)choices->decisions;
        samples += choices->decisions;
    }
    for (int b = 0; b < f->blocks && !c->imitate; b++) {
        if (t->fit[b].samples == 0)
            continue; /* no game of this kind yet: the weights stay */
        model_get_block(m, b, w);
        sse_before += model_fit_loss(&t->fit[b], w) * (double)t->fit[b].samples;
        if (model_fit_solve_held(&t->fit[b], c->ridge, c->anchor ? w : NULL, held, w) != 0)
            return train_fail(why, why_len, "the fit's equations are singular (raise --ridge)");
        model_set_block(m, b, w);
        sse += model_fit_loss(&t->fit[b], w) * (double)t->fit[b].samples;
        samples += t->fit[b].samples;
    }
    progress->train_loss = samples > 0 ? sse / (double)samples : 0.0;
    progress->train_before = samples > 0 ? sse_before / (double)samples : 0.0;
    return 0;
}

int train_run(const train_config *c, model *m, train_report report, void *context, char *why, size_t why_len)
{
    const model_features *f = m->features;
    if (c->generations < 1 || c->games < 1 || c->iterations < 1 || c->threads < 1 || !(c->ridge > 0.0) ||
        c->explore < 0.0 || c->explore > 1.0 || c->decay < 0.0 || c->decay > 1.0 || c->plans < 0.0 || c->plans > 1.0 ||
        !(c->lambda >= 0.0 && c->lambda <= 1.0) || c->policy < 0 || c->policy > 2 || c->anchor < 0 || c->anchor > 1 ||
        c->expert < 0 || !(c->forced >= 0.0 && c->forced <= 1.0) || !train_search_usable(&c->search) ||
        c->players < 0 ||
        (c->players > 0 && (c->players < c->game->min_players || c->players > c->game->max_players)) ||
        c->imitate < 0 || c->imitate > 1 || (c->imitate && (c->search.turns == 0 || c->start_v1)) ||
        c->teachers < 0 || c->teachers > TRAIN_TEACHERS_MAX || (c->teachers > 1 && !c->imitate) ||
        c->teacher_iterations < 0 || (c->teacher_iterations > 0 && c->teachers < 2) ||
        (c->expert > 0 && !(c->expert_share > 0.0 && c->expert_share <= 1.0 && c->expert_mix >= 0.0 &&
                            c->expert_mix <= 1.0)))
        return train_fail(why, why_len, "bad training settings");
    if ((c->policy > 0 || c->forced > 0.0) && plan_of(c->game) == NULL)
        return train_fail(why, why_len, "the game has no plan policy");
    if (!(c->handicap >= 0.0 && c->handicap <= 1.0) || (c->handicap > 0.0 && f->handicap == NULL))
        return train_fail(why, why_len, "bad handicap: a share 0..1 of the games, for a game that has one");
    if (c->only != NULL && !c->anchor)
        return train_fail(why, why_len, "the features fitted alone move from the weights that played: anchor");
    unsigned char mask[MODEL_ROW_MAX];
    if (c->only != NULL && train_held(c, f, mask, why, why_len) != 0)
        return -1;
    const unsigned char *held = c->only != NULL ? mask : NULL;
    train_sums sums;
    if (train_sums_init(&sums, f->blocks, f->count * MODEL_KNOTS) != 0)
        return train_fail(why, why_len, "out of memory");
    int status = 0;
    for (int g = 0; status == 0 && g < c->generations; g++) {
        double start = timer_now();
        train_progress progress = {.generation = g, .games = c->games};
        /* The evaluation that plays: v1 at first if asked, else a copy of the weights now. */
        eval_hook *hook = NULL;
        if (g == 0 && c->start_v1)
            hook = eval_new(c->game, EVAL_V1, why, why_len);
        else {
            model *copy = model_copy(m);
            hook = copy != NULL ? eval_with_model(c->game, copy) : NULL;
        }
        if (hook == NULL) {
            status = train_fail(why, why_len, "cannot make the evaluation to play with");
            break;
        }
        for (int b = 0; b < f->blocks; b++) {
            train_fit_scale(&sums.fit[b], c->decay);
            model_fit_clear(&sums.held[b]);
            imitate_clear(&sums.choices[b]);
            imitate_clear(&sums.held_choices[b]);
        }
        status = train_generation(c, f, hook, g, &sums, &progress, m, report, context, why, why_len);
        eval_free(hook);
        if (status != 0)
            break;
        for (int b = 0; b < f->blocks && c->imitate; b++) {
            double played[MODEL_ROW_MAX];
            model_get_block(m, b, played);
            sums.temperature[b] = imitate_temperature(&sums.choices[b], played);
            if (sums.choices[b].decisions > 0)
                progress.temperature = sums.temperature[b]; /* (the last block's fitted: one with --players) */
        }
        progress.loss_before = train_held_loss(c, m, &sums, &progress.held_out, &progress.agree_before);
        train_held_bounds(f, &sums, &progress);
        status = train_fit(c, m, &sums, held, &progress, why, why_len);
        if (status != 0)
            break;
        progress.loss_after = train_held_loss(c, m, &sums, &progress.held_out, &progress.agree_after);
        for (int b = 0; b < f->blocks; b++)
            progress.samples += c->imitate ? sums.choices[b].decisions : sums.fit[b].samples;
        progress.finished = 1;
        progress.seconds = timer_now() - start;
        if (report != NULL)
            report(context, &progress, m);
    }
    train_sums_free(&sums, f->blocks);
    return status;
}
