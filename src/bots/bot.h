/*
 * bot.h -- the generic interface of maya's bots: one opaque bot made from a
 * text spec ("random", "greedy", "mcts:iterations=4000,threads=2"), asked
 * for an action given what its seat may see.
 *
 * Bots use only game.h, so every bot plays every game. A bot never sees the
 * hidden parts of the state: the caller passes game->observation(state,
 * seat) and the bot fills hidden parts itself (game->resample) where its
 * search needs a full state. A bot is deterministic for a given seed and an
 * iteration budget; with a time budget it answers within that time.
 */
#ifndef MAYA_BOT_H
#define MAYA_BOT_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

typedef struct bot bot;

typedef struct bot_settings {
    char kind[16];   /* "random", "greedy", "mcts" */
    int iterations;  /* search budget per decision in iterations, 0 = by time */
    int millis;      /* search budget per decision in milliseconds, 0 = by iterations */
    int threads;     /* threads searching in parallel (root parallelism), >= 1 */
    uint64_t seed;   /* seed of the bot's own random generator */
} bot_settings;

/* Parse a spec "KIND[:key=value,...]" into settings, starting from the
 * kind's defaults for play; keys: iterations, millis, threads, seed.
 * 0 on success, else a reason in why. */
int bot_parse(const char *spec, bot_settings *out, char *why, size_t why_len);
/* The spec text of settings (for records' Seat tags), e.g. "mcts:iterations=4000". */
void bot_spec(const bot_settings *settings, char *buf, size_t len);
/* A new bot for game; NULL with a reason if the kind is unknown or memory fails. */
bot *bot_new(const game_def *game, const bot_settings *settings, char *why, size_t why_len);
/* The action the bot plays for seat, which is to act in the state whose
 * observation for that seat is `observation`. -1 if there is none. */
int bot_choose(bot *b, const void *observation, int seat);
void bot_free(bot *b);

#endif
