/*
 * term_view.c -- dispatch of pictures and sentences to each game's renderer
 * (see term_view.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "term/term_tikal.h"
#include "term/term_tzolkin.h"
#include "term/term_view.h"

static int is_game(const game_def *game, const char *name)
{
    return strcmp(game->name, name) == 0;
}

void term_view_size(const game_def *game, int cols, int *rows_out, int *cols_out)
{
    if (is_game(game, "tikal")) {
        int side = cols >= TERM_TIKAL_BOARD_COLS + 2 + TERM_TIKAL_PANEL_COLS;
        *cols_out = side ? TERM_TIKAL_BOARD_COLS + 2 + TERM_TIKAL_PANEL_COLS : TERM_TIKAL_BOARD_COLS;
        *rows_out = side ? TERM_TIKAL_BOARD_ROWS : TERM_TIKAL_BOARD_ROWS + 32;
    } else if (is_game(game, "tzolkin")) {
        *cols_out = TERM_TZOLK_COLS;
        *rows_out = 48;
    } else {
        *cols_out = 120;
        *rows_out = 80;
    }
}

int term_view_draw(const game_def *game, const void *state, int viewer, const unsigned char *marks, term_canvas *c)
{
    if (is_game(game, "tikal")) {
        const tikal_state *s = state;
        term_tikal_board(s, marks, c, 0, 0);
        if (c->cols >= TERM_TIKAL_BOARD_COLS + 2 + TERM_TIKAL_PANEL_COLS) {
            int rows = term_tikal_panel(s, viewer, c, 0, TERM_TIKAL_BOARD_COLS + 2, TERM_TIKAL_PANEL_COLS);
            return rows > TERM_TIKAL_BOARD_ROWS ? rows : TERM_TIKAL_BOARD_ROWS;
        }
        return TERM_TIKAL_BOARD_ROWS + 1 +
               term_tikal_panel(s, viewer, c, TERM_TIKAL_BOARD_ROWS + 1, 0, TERM_TIKAL_PANEL_COLS);
    }
    if (is_game(game, "tzolkin"))
        return term_tzolk_table(state, viewer, c, 0, 0);
    size_t need = game->render(state, NULL, 0) + 1;
    char *text = malloc(need);
    int row = 0;
    if (text == NULL)
        return 0;
    game->render(state, text, need);
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n"))
        term_canvas_text(c, row++, 0, line, TERM_ST_NORMAL);
    free(text);
    return row;
}

void term_view_words(const game_def *game, const void *before, int action, int viewer, char *buf, size_t len)
{
    if (is_game(game, "tikal")) {
        term_tikal_words(before, action, buf, len);
        return;
    }
    if (is_game(game, "tzolkin")) {
        term_tzolk_words(before, action, viewer, buf, len);
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

int term_view_fields(const game_def *game)
{
    return is_game(game, "tikal") ? TIKAL_FIELDS : 0;
}
