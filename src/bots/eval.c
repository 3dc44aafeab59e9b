/*
 * eval.c -- the table of evaluation hooks and what the searches build on
 * them: margins, rewards, state hashes (see eval.h).
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "bots/eval.h"
#include "tikal/tikal.h"
#include "tzolkin/tzolkin.h"
#include "weights.h"

/* A game's evaluations. */
typedef struct eval_entry {
    const game_def *game;                                  /* the engine */
    void (*v1)(const eval_hook *, const void *, double *); /* hand-tuned estimate */
    double scale;                                          /* a lead that wins most games */
    double (*others)(const void *state);                   /* widening per state, or NULL */
    const model_features *features;                        /* the learned evaluation's features */
    const char *weights;                                   /* its weights file, embedded */
    int default_version;                                   /* what EVAL_DEFAULT means for it */
    const char *mcts_options[GAME_MAX_VARIANTS][GAME_MAX_PLAYERS + 1]; /* its mcts bots' options in variant V
                                                                          at N seats, over the kind's defaults
                                                                          (eval_mcts_options), NULL = none */
    const eval_level *levels;                              /* its own specs of levels, ended by a NULL name;
                                                              NULL = the levels' specs of bot.h */
    int v1_is_prior;                                       /* 1: v1 is the learned estimate at weights 0 (the
                                                              features' prior), so a block of zeros is
                                                              estimated by v1 (eval_hook.v1_blocks) */
} eval_entry;

/* Tzolk'in's levels where its whole-turn search changes their meaning: its
 * casual level stays the search over micro-actions at 300 iterations a
 * decision, its expert gets 1.8 s of time a turn, shared by the turn's
 * searches (docs/strength.md). */
static const eval_level eval_tzolkin_levels[] = {
    {"casual", "mcts:turns=0,iterations=300"},
    {"expert", "mcts:turnmillis=1800"},
    {NULL, NULL},
};

_Static_assert(MODEL_BLOCKS_MAX <= 32, "eval_hook.v1_blocks has a bit for every block");

/* The registry of evaluations: a new game adds one line. */
static const eval_entry eval_entries[] = {
    /* Tikal's tuned v2 wins 67% of basic and 85% of auction 2p games
     * against v1 at equal time, and is v1 itself at 3-4 players (its
     * untuned blocks; docs/strength.md); at 2 players a v2 iteration
     * costs 1.24 of v1's in the basic game and 1.58 in the auction (whose
     * model of the other bidders values each bid), so its budgets there
     * keep to the time of v1's 5,000 iterations */
    {&tikal_game, eval_tikal_estimate, 12.0, eval_tikal_others, &eval_tikal_features, weights_tikal_text, EVAL_V2,
     {{[2] = "iterations=4000"}, {[2] = "iterations=3000"}}, NULL, 1},
    /* Tzolk'in's mcts searches whole turns, plays each leaf on to the
     * game's end and values it by the seat's own points (docs/strength.md,
     * "playouts to the game's end"), their gain from where 8 playouts from
     * the root end ("the score's centre"), each seat of a playout drawing
     * its turn among its best by a softmax ("a softmax in the playouts"),
     * the gain rated on a scale of 30 points ("the score utility's scale");
     * the budgets a turn (256, 128 and 96 iterations at 2, 3 and 4 players)
     * keep its turns to about 0.3 s ("4 players: playouts to the end", "3
     * players: playouts to the end"; 96 at 4 players since the other
     * seats' features are kept, for less CPU than 64 cost before: "4
     * players: the iterations the kept features paid for") */
    {&tzolkin_game, eval_tzolkin_estimate, 10.0, NULL, &eval_tzolkin_features, weights_tzolkin_text, EVAL_V2,
     {{[2] = "turns=8,iterations=256,playout=-2,playturns=1,score=100,center=8,scorescale=30,playtemp=10",
       [3] = "turns=8,iterations=128,playout=-2,playturns=1,score=100,center=8,scorescale=30,playtemp=20",
       [4] = "turns=8,iterations=96,playout=-2,playturns=1,score=100,center=8,scorescale=30,playtemp=20"}},
     eval_tzolkin_levels, 0},
};

static const char *const eval_version_names[] = {"", "v1", "v2"};

int eval_version_named(const char *text, size_t len)
{
    for (int v = EVAL_V1; v <= EVAL_V2; v++)
        if (strlen(eval_version_names[v]) == len && memcmp(text, eval_version_names[v], len) == 0)
            return v;
    return -1;
}

const char *eval_version_name(int version)
{
    return version >= EVAL_V1 && version <= EVAL_V2 ? eval_version_names[version] : "?";
}

static const eval_entry *eval_entry_of(const game_def *game)
{
    for (size_t i = 0; i < sizeof eval_entries / sizeof eval_entries[0]; i++)
        if (eval_entries[i].game == game)
            return &eval_entries[i];
    return NULL;
}

const model_features *eval_features(const game_def *game)
{
    const eval_entry *e = eval_entry_of(game);
    return e != NULL ? e->features : NULL;
}

const char *eval_weights_text(const game_def *game)
{
    const eval_entry *e = eval_entry_of(game);
    return e != NULL ? e->weights : NULL;
}

/* A hook of game with e's scale and widening (the generic ones without e). */
static eval_hook *eval_alloc(const eval_entry *e, const game_def *game, char *why, size_t why_len)
{
    eval_hook *hook = calloc(1, sizeof *hook);
    if (hook == NULL) {
        if (why != NULL && why_len > 0)
            snprintf(why, why_len, "out of memory");
        return NULL;
    }
    hook->game = game->name;
    hook->scale = e != NULL ? e->scale : 10.0;
    hook->others = e != NULL ? e->others : NULL;
    return hook;
}

const char *eval_mcts_options(const game_def *game, const game_options *at)
{
    const eval_entry *e = eval_entry_of(game);
    assert(at->players >= 1 && at->players <= GAME_MAX_PLAYERS);
    assert(at->variant >= 0 && at->variant < GAME_MAX_VARIANTS);
    return e != NULL ? e->mcts_options[at->variant][at->players] : NULL;
}

const char *eval_level_spec(const game_def *game, const char *level)
{
    const eval_entry *e = eval_entry_of(game);
    for (const eval_level *l = e != NULL ? e->levels : NULL; l != NULL && l->name != NULL; l++)
        if (strcmp(l->name, level) == 0)
            return l->spec;
    return NULL;
}

int eval_default_version(const game_def *game)
{
    const eval_entry *e = eval_entry_of(game);
    return e != NULL ? e->default_version : EVAL_V1;
}

eval_hook *eval_new(const game_def *game, int version, char *why, size_t why_len)
{
    const eval_entry *e = eval_entry_of(game);
    if (version == EVAL_DEFAULT)
        version = eval_default_version(game);
    if (e != NULL && version == EVAL_V2) {
        model *weights = model_parse(e->features, e->weights, why, why_len);
        if (weights == NULL)
            return NULL;
        eval_hook *hook = eval_with_model(game, weights);
        if (hook == NULL && why != NULL && why_len > 0)
            snprintf(why, why_len, "out of memory");
        return hook;
    }
    eval_hook *hook = eval_alloc(e, game, why, why_len);
    if (hook != NULL)
        hook->estimate = e != NULL ? e->v1 : NULL;
    return hook;
}

eval_hook *eval_with_model(const game_def *game, model *weights)
{
    const eval_entry *e = eval_entry_of(game);
    eval_hook *hook = eval_alloc(e, game, NULL, 0);
    if (hook == NULL) {
        model_free(weights);
        return NULL;
    }
    hook->model = weights;
    const model_features *f = weights->features;
    size_t block_size = (size_t)f->count * MODEL_KNOTS;
    for (int b = 0; e != NULL && e->v1_is_prior && b < f->blocks; b++) {
        size_t zeros = 0;
        while (zeros < block_size && weights->weights[(size_t)b * block_size + zeros] == 0.0f)
            zeros++;
        hook->v1_blocks |= (zeros == block_size ? 1u : 0u) << b;
    }
    hook->estimate = hook->v1_blocks != 0 ? e->v1 : NULL;
    return hook;
}

void eval_free(eval_hook *hook)
{
    if (hook == NULL)
        return;
    model_free(hook->model);
    free(hook);
}

int eval_estimates(const game_def *game, const eval_hook *hook, const void *state, double *out)
{
    int players = game->players(state);
    int over = game->current_player(state) == GAME_TERMINAL;
    if (hook->estimate != NULL && !over &&
        (hook->model == NULL || (hook->v1_blocks >> hook->model->features->block(state) & 1u)))
        hook->estimate(hook, state, out);
    else {
        int scores[GAME_MAX_PLAYERS];
        game->scores(state, scores);
        if (hook->model != NULL && !over) {
            if (hook->at != NULL)
                model_gain_at(hook->model, hook->at, state, players, out);
            else
                model_gain(hook->model, state, players, out);
        }
        for (int i = 0; i < players; i++)
            out[i] = (hook->model != NULL && !over ? out[i] : 0.0) + scores[i];
    }
    return players;
}

double eval_margin_of(const double *estimates, int players, int seat)
{
    double best = -1e300;
    for (int j = 0; j < players; j++)
        if (j != seat && estimates[j] > best)
            best = estimates[j];
    return players > 1 ? estimates[seat] - best : estimates[seat];
}

double eval_margin(const game_def *game, const eval_hook *hook, const void *state, int seat)
{
    double v[GAME_MAX_PLAYERS];
    int players = eval_estimates(game, hook, state, v);
    return eval_margin_of(v, players, seat);
}

void eval_margins(const game_def *game, const eval_hook *hook, const void *state, double *out)
{
    double v[GAME_MAX_PLAYERS];
    int players = eval_estimates(game, hook, state, v);
    for (int i = 0; i < players; i++)
        out[i] = eval_margin_of(v, players, i);
}

/* Every seat's share of the odds of winning, exp(v_i / scale) normalised
 * over the seats, written as 1 / (1 + sum over j != i of exp((v_j - v_i) /
 * scale)): with two seats it is the logistic of the margin. */
static void eval_shares(const double *v, int players, double scale, double *out)
{
    for (int i = 0; i < players; i++) {
        double rest = 0.0;
        for (int j = 0; j < players; j++)
            if (j != i)
                rest += exp((v[j] - v[i]) / scale);
        out[i] = 1.0 / (1.0 + rest);
    }
}

void eval_rewards(const game_def *game, const eval_hook *hook, const void *state, double *out)
{
    double v[GAME_MAX_PLAYERS];
    eval_estimates(game, hook, state, v);
    eval_rewards_of(game, hook, state, v, out);
}

void eval_rewards_of(const game_def *game, const eval_hook *hook, const void *state, const double *v, double *out)
{
    double share[GAME_MAX_PLAYERS];
    int players = game->players(state);
    eval_shares(v, players, hook->scale, share);
    if (game->current_player(state) == GAME_TERMINAL) {
        unsigned winners = game->winners(state);
        int count = 0;
        for (int i = 0; i < players; i++)
            count += (int)(winners >> i & 1u);
        for (int i = 0; i < players; i++) {
            double win = (winners >> i & 1u) ? 1.0 / count : 0.0;
            out[i] = 0.9 * win + 0.1 * share[i];
        }
        return;
    }
    for (int i = 0; i < players; i++)
        out[i] = share[i];
}

/* Two 64-bit lanes side by side (GCC's vector extension: SSE2 on x86-64). */
typedef uint64_t eval_lanes __attribute__((vector_size(16)));

/* Each lane of x: its low 32 bits times its high 32 bits (SSE2 has the
 * instruction; GCC does not find it in the vector expression). */
static inline eval_lanes eval_hash_halves(eval_lanes x)
{
#ifdef __SSE2__
    return (eval_lanes)_mm_mul_epu32((__m128i)x, _mm_srli_epi64((__m128i)x, 32));
#else
    const eval_lanes low = {0xFFFFFFFFull, 0xFFFFFFFFull};
    return (x & low) * (x >> 32);
#endif
}

/* h with word w folded in. */
static inline uint64_t eval_hash_mix(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 29);
}

uint64_t eval_hash(const void *bytes, size_t len)
{
    /* 16 bytes at a time into two pairs of lanes: each 8-byte word, keyed
     * by its place, adds the product of its halves (one 32x32-bit multiply
     * a lane) and the other word of its 16 as it is, so that every byte
     * counts; then the lanes and the tail folded into one. (A 64-bit
     * multiply a word, which SSE2 has no instruction for, took three times
     * as long on a Tzolk'in state.) */
    const unsigned char *p = bytes;
    const eval_lanes step = {0xA0761D6478BD642Full, 0xE7037ED1A0B428DBull};
    eval_lanes acc[2] = {{0x9E3779B97F4A7C15ull ^ len, 0xC2B2AE3D27D4EB4Full},
                         {0x165667B19E3779F9ull, 0x27D4EB2F165667C5ull}};
    eval_lanes key = {0x9FB21C651E98DF25ull, 0xD6E8FEB86659FD93ull};
    size_t i = 0;
    for (; i + 32 <= len; i += 32)
        for (int k = 0; k < 2; k++) {
            eval_lanes d;
            memcpy(&d, p + i + 16 * (size_t)k, sizeof d);
            eval_lanes x = d ^ key;
            acc[k] += eval_hash_halves(x);
            acc[k] += __builtin_shufflevector(d, d, 1, 0);
            key += step;
        }
    uint64_t h = len;
    for (int k = 0; k < 2; k++)
        for (int lane = 0; lane < 2; lane++)
            h = eval_hash_mix(h, acc[k][lane]);
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = eval_hash_mix(h, w);
    }
    for (; i < len; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    h ^= h >> 32;
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 29);
}
