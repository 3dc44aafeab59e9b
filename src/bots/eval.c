/*
 * eval.c -- the table of evaluation hooks and what the searches build on
 * them: margins, rewards, state hashes (see eval.h).
 */
#include <math.h>
#include <string.h>

#include "bots/eval.h"

/* Per-game hooks; the scale is a lead that wins most games. */
static const eval_hook eval_hooks[] = {
    {"tikal", eval_tikal_estimate, 12.0, eval_tikal_others},
    {"tzolkin", eval_tzolkin_estimate, 10.0, NULL},
};

/* The generic hook: current scores; needs the game, so it is built per call. */
static const eval_hook eval_generic = {"", NULL, 10.0, NULL};

const eval_hook *eval_find(const game_def *game)
{
    for (size_t i = 0; i < sizeof eval_hooks / sizeof eval_hooks[0]; i++)
        if (strcmp(eval_hooks[i].game, game->name) == 0)
            return &eval_hooks[i];
    return &eval_generic;
}

/* Estimated final scores of every seat; returns the number of seats. */
static int eval_estimates(const game_def *game, const eval_hook *hook, const void *state, double *out)
{
    int players = game->players(state);
    if (hook->estimate != NULL && game->current_player(state) != GAME_TERMINAL) {
        hook->estimate(state, out);
        return players;
    }
    int scores[GAME_MAX_PLAYERS];
    game->scores(state, scores);
    for (int i = 0; i < players; i++)
        out[i] = scores[i];
    return players;
}

/* out[i] = v[i] - max over j != i of v[j]. */
static void eval_to_margins(const double *v, int players, double *out)
{
    for (int i = 0; i < players; i++) {
        double best = -1e300;
        for (int j = 0; j < players; j++)
            if (j != i && v[j] > best)
                best = v[j];
        out[i] = players > 1 ? v[i] - best : v[i];
    }
}

double eval_margin(const game_def *game, const eval_hook *hook, const void *state, int seat)
{
    double margins[GAME_MAX_PLAYERS];
    eval_margins(game, hook, state, margins);
    return margins[seat];
}

void eval_margins(const game_def *game, const eval_hook *hook, const void *state, double *out)
{
    double v[GAME_MAX_PLAYERS];
    int players = eval_estimates(game, hook, state, v);
    eval_to_margins(v, players, out);
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
    double v[GAME_MAX_PLAYERS], share[GAME_MAX_PLAYERS];
    int players = eval_estimates(game, hook, state, v);
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

uint64_t eval_hash(const void *bytes, size_t len)
{
    const unsigned char *p = bytes;
    uint64_t h = 0x9E3779B97F4A7C15ull ^ len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
    }
    for (; i < len; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    h ^= h >> 32;
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 29);
}
