/*
 * term_view.c -- dispatch of pictures, spots and sentences to each game's
 * renderer through the terminal's registry (term_games.h), and the plain
 * fallback for a game without an entry (see term_view.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "term/term_games.h"
#include "term/term_view.h"

void term_view_size(const game_def *game, int cols, int *rows_out, int *cols_out)
{
    const term_game *entry = term_games_find(game);
    if (entry != NULL) {
        entry->size(cols, rows_out, cols_out);
        return;
    }
    *cols_out = 120;
    *rows_out = 80;
}

int term_view_draw(const game_def *game, const void *state, int viewer, const unsigned char *marks, term_canvas *c,
                   term_spots *spots)
{
    if (spots)
        spots->count = 0;
    const term_game *entry = term_games_find(game);
    if (entry != NULL)
        return entry->draw(state, viewer, marks, c, spots);
    size_t need = game->render(state, NULL, 0) + 1;
    char *text = malloc(need);
    int row = 0;
    if (text == NULL)
        return 0;
    game->render(state, text, need);
    char *rest;
    for (char *line = strtok_r(text, "\n", &rest); line != NULL; line = strtok_r(NULL, "\n", &rest))
        term_canvas_text(c, row++, 0, line, TERM_ST_NORMAL);
    free(text);
    return row;
}

void term_view_spots(const game_def *game, const void *state, int viewer, int cols, term_spots *spots)
{
    term_canvas measure = {0, cols, NULL, NULL}; /* no cells: lays out only */
    term_view_draw(game, state, viewer, NULL, &measure, spots);
}

char *term_view_text(const game_def *game, const void *state, int viewer, int cols)
{
    int rows, width;
    term_canvas c;
    term_view_size(game, cols, &rows, &width);
    if (term_canvas_init(&c, rows, width) != 0)
        return NULL;
    term_view_draw(game, state, viewer, NULL, &c, NULL);
    char *text = term_canvas_string(&c);
    term_canvas_free(&c);
    return text;
}

int term_view_panel_row(const game_def *game, const void *state, int cols)
{
    const term_game *entry = term_games_find(game);
    return entry != NULL ? entry->panel_row(state, cols) : 0;
}

int term_view_action_spots(const game_def *game, const void *state, int action, int keys[2])
{
    const term_game *entry = term_games_find(game);
    return entry != NULL ? entry->action_spots(state, action, keys) : 0;
}

void term_view_targets(const game_def *game, const void *state, const int *legal, int n, const term_spots *spots,
                       unsigned char *marks)
{
    int keys[2];
    for (int i = 0; i < n; i++)
        if (term_view_action_spots(game, state, legal[i], keys) > 0) {
            int at = term_spots_find(spots, keys[0]);
            if (at >= 0)
                marks[at] |= TERM_MARK_TARGET;
        }
}

void term_view_words(const game_def *game, const void *before, int action, int viewer, char *buf, size_t len)
{
    const term_game *entry = term_games_find(game);
    if (entry != NULL) {
        entry->words(before, action, viewer, buf, len);
        return;
    }
    char text[GAME_TEXT_MAX] = "?";
    game->action_to_text(before, action, text, sizeof text);
    int who = game->current_player(before);
    if (who >= 0)
        snprintf(buf, len, "Seat %d: %s", who + 1, text);
    else
        snprintf(buf, len, "Chance: %s", text);
}
