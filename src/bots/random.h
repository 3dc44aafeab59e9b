/*
 * random.h -- the random bot: picks uniformly among the legal actions.
 *
 * The floor of the bot ladder, the player of selfplay, bench and the random
 * simulation tests. It needs only the legal actions, which the acting seat
 * may always know, so it never looks at hidden parts of the state. The
 * caller owns the seeded generator and the scratch array (no allocation).
 */
#ifndef MAYA_BOT_RANDOM_H
#define MAYA_BOT_RANDOM_H

#include "game.h"
#include "rng.h"

/* A legal action of state drawn uniformly with r (advanced by one draw),
 * using legal[game->max_legal] as scratch; -1 if there is none (terminal).
 * At a chance node this is a uniform outcome, not the engine's odds: use
 * match_sample_chance for chance. */
int bot_random_choose(const game_def *game, const void *state, rng *r, int *legal);

#endif
