/*
 * games.c -- the registry of game engines (see games.h): one constant table
 * of the engines' game_def, and lookups by name and by variant name.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "games.h"
#include "tikal/tikal.h"
#include "tzolkin/tzolkin.h"

/* Every engine of maya, in the order menus and tests list them. A new
 * engine adds its header above and its game_def here. */
static const game_def *const games_table[] = {
    &tikal_game,
    &tzolkin_game,
};

enum { GAMES_COUNT = (int)(sizeof games_table / sizeof games_table[0]) };

const game_def *games_find(const char *name)
{
    if (name == NULL)
        return NULL;
    for (int i = 0; i < GAMES_COUNT; i++)
        if (strcmp(games_table[i]->name, name) == 0)
            return games_table[i];
    return NULL;
}

int games_count(void)
{
    return GAMES_COUNT;
}

const game_def *games_at(int index)
{
    if (index < 0 || index >= GAMES_COUNT)
        return NULL;
    return games_table[index];
}

void games_names(const char *separator, char *buf, size_t len)
{
    size_t used = 0;
    if (len == 0)
        return;
    buf[0] = '\0';
    for (int i = 0; i < GAMES_COUNT && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i > 0 ? separator : "", games_table[i]->name);
        used += n > 0 ? (size_t)n : 0;
    }
}

int games_variant_count(const game_def *game)
{
    int n = 0;
    if (game->variants != NULL)
        while (game->variants[n] != NULL)
            n++;
    return n;
}

int games_variant_options(const game_def *game)
{
    int n = games_variant_count(game);
    assert(n <= GAME_MAX_VARIANTS);
    return n > 0 ? n : 1;
}

int games_variant_of(const game_def *game, const void *state)
{
    int variant = game->variant != NULL ? game->variant(state) : 0;
    assert(variant >= 0 && variant < games_variant_options(game));
    return variant;
}

int games_variant_find(const game_def *game, const char *name)
{
    int n = games_variant_count(game);
    for (int i = 0; i < n; i++)
        if (strcmp(game->variants[i], name) == 0)
            return i;
    return -1;
}

const char *games_variant_name(const game_def *game, int variant)
{
    if (variant < 0 || variant >= games_variant_count(game))
        return NULL;
    return game->variants[variant];
}
