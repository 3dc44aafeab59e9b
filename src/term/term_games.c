/*
 * term_games.c -- the registry of the terminal's games (see term_games.h):
 * one constant table of the entries each game's renderer defines.
 */
#include "term/term_games.h"
#include "term/term_tikal.h"
#include "term/term_tzolkin.h"

/* A new game adds its renderer's header above and its entry here. */
static const term_game *const term_games_table[] = {
    &term_tikal_game,
    &term_tzolk_game,
};

const term_game *term_games_find(const game_def *game)
{
    for (size_t i = 0; i < sizeof term_games_table / sizeof term_games_table[0]; i++)
        if (term_games_table[i]->game == game)
            return term_games_table[i];
    return NULL;
}
