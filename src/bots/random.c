/*
 * random.c -- the random bot (see random.h).
 */
#include "bots/random.h"

int bot_random_choose(const game_def *game, const void *state, rng *r, int *legal)
{
    int n = game->legal_actions(state, legal);
    if (n <= 0)
        return -1;
    return legal[rng_below(r, (uint64_t)n)];
}
