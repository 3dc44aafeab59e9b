/*
 * games.h -- the registry of the game engines maya knows, by name.
 *
 * Front ends, records and generic tests find an engine here from a record's
 * Game tag or a command-line argument, and list every game to offer or test
 * them all. The registry is a constant table: adding a game is one line in
 * games.c.
 */
#ifndef MAYA_GAMES_H
#define MAYA_GAMES_H

#include "game.h"

/* The engine named name (a record's Game tag), or NULL if none is. */
const game_def *games_find(const char *name);
/* Number of registered engines. */
int games_count(void);
/* The engine at index 0 .. games_count()-1 in registry order, else NULL. */
const game_def *games_at(int index);

/* The names of every engine in registry order, separated by separator, into
 * buf[len] (truncated if it is too small); for messages that say what is
 * offered. */
void games_names(const char *separator, char *buf, size_t len);

/* Index of the variant called name in game->variants, or -1 if the game has
 * no such variant. */
int games_variant_find(const game_def *game, const char *name);
/* Number of variants of game (0 when it has none). */
int games_variant_count(const game_def *game);
/* Number of values game_options.variant takes for game: its variants, or
 * 1 (variant 0) for a game without; at most GAME_MAX_VARIANTS. */
int games_variant_options(const game_def *game);
/* The variant of the game state (or an observation) belongs to: the
 * engine's variant hook, 0 for a game without variants. */
int games_variant_of(const game_def *game, const void *state);
/* Name of variant index of game, or NULL if the game has no such variant. */
const char *games_variant_name(const game_def *game, int variant);

#endif
