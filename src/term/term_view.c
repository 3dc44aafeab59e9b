/*
 * term_view.c -- dispatch of pictures, spots and sentences to each game's
 * renderer (see term_view.h).
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

/* Tikal: the panel beside the board when there is room, else under it. */
static int tikal_side(int cols)
{
    return cols >= TERM_TIKAL_BOARD_COLS + 2 + TERM_TIKAL_PANEL_COLS;
}

void term_view_size(const game_def *game, int cols, int *rows_out, int *cols_out)
{
    if (is_game(game, "tikal")) {
        int side = tikal_side(cols);
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

int term_view_draw(const game_def *game, const void *state, int viewer, const unsigned char *marks, term_canvas *c,
                   term_spots *spots)
{
    if (spots)
        spots->count = 0;
    if (is_game(game, "tikal")) {
        const tikal_state *s = state;
        term_tikal_board(s, marks, c, 0, 0, spots);
        if (tikal_side(c->cols)) {
            int rows = term_tikal_panel(s, viewer, c, 0, TERM_TIKAL_BOARD_COLS + 2, TERM_TIKAL_PANEL_COLS);
            return rows > TERM_TIKAL_BOARD_ROWS ? rows : TERM_TIKAL_BOARD_ROWS;
        }
        return TERM_TIKAL_BOARD_ROWS + 1 +
               term_tikal_panel(s, viewer, c, TERM_TIKAL_BOARD_ROWS + 1, 0, TERM_TIKAL_PANEL_COLS);
    }
    if (is_game(game, "tzolkin"))
        return term_tzolk_table(state, viewer, marks, c, 0, 0, spots);
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
    if (is_game(game, "tikal"))
        return tikal_side(cols) ? 0 : TERM_TIKAL_BOARD_ROWS + 1;
    if (is_game(game, "tzolkin")) {
        term_spots spots;
        term_view_spots(game, state, -1, cols, &spots);
        int i = term_spots_find(&spots, TERM_TZOLK_SPOT_TEMPLE);
        return i >= 0 ? spots.spot[i].row : 0;
    }
    return 0;
}

int term_view_action_spots(const game_def *game, const void *state, int action, int keys[2])
{
    if (is_game(game, "tikal"))
        return term_tikal_action_fields(action, keys);
    if (is_game(game, "tzolkin"))
        return term_tzolk_action_spots(state, action, keys);
    return 0;
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
