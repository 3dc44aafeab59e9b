/*
 * term_view.h -- what the terminal shows of a game, whatever the game: the
 * screen picture of a state (board and panel) and the sentence for each
 * action, dispatched to the game's own renderer (term_tikal, term_tzolkin)
 * by the engine's name. A game without a renderer of its own is shown with
 * its engine's render text and named actions.
 */
#ifndef MAYA_TERM_VIEW_H
#define MAYA_TERM_VIEW_H

#include <stddef.h>

#include "game.h"
#include "term/term_canvas.h"

/* Draw the picture of state (an observation for viewer) into c from (0, 0),
 * laid out for c->cols columns; marks are the per-field marks of boards with
 * fields (term_tikal.h), may be NULL. Returns the rows used. */
int term_view_draw(const game_def *game, const void *state, int viewer, const unsigned char *marks, term_canvas *c);
/* Rows and columns the picture of game needs at most, when drawn for cols
 * columns. */
void term_view_size(const game_def *game, int cols, int *rows_out, int *cols_out);
/* The sentence saying what the acting seat (or chance) did with action in
 * state before, as viewer may know it. */
void term_view_words(const game_def *game, const void *before, int action, int viewer, char *buf, size_t len);
/* Number of fields the cursor can visit (0: the game has no cursor board). */
int term_view_fields(const game_def *game);

#endif
