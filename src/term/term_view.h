/*
 * term_view.h -- what the terminal shows of a game, whatever the game: the
 * screen picture of a state (board and panel) with its spots (the places
 * the cursor visits), the spots each action concerns, and the sentence for
 * each action, dispatched to the game's own renderer (term_tikal,
 * term_tzolkin) through the registry term_games.h. A game without a renderer of its own
 * is shown with its engine's render text and named actions, without spots.
 */
#ifndef MAYA_TERM_VIEW_H
#define MAYA_TERM_VIEW_H

#include <stddef.h>

#include "game.h"
#include "term/term_canvas.h"

/* Draw the picture of state (an observation for viewer) into c from (0, 0),
 * laid out for c->cols columns; marks[i] (may be NULL) are the TERM_MARK_*
 * of spot i; the spots go into spots (may be NULL). Returns the rows used. */
int term_view_draw(const game_def *game, const void *state, int viewer, const unsigned char *marks, term_canvas *c,
                   term_spots *spots);
/* The spots of the picture laid out for cols columns, without drawing. */
void term_view_spots(const game_def *game, const void *state, int viewer, int cols, term_spots *spots);
/* The picture drawn for cols columns as lines of text (heap, NULL if memory
 * fails). */
char *term_view_text(const game_def *game, const void *state, int viewer, int cols);
/* Rows and columns the picture of game needs at most, when drawn for cols
 * columns. */
void term_view_size(const game_def *game, int cols, int *rows_out, int *cols_out);
/* Row where the second part of the picture (the panel, the seats' table)
 * begins when laid out for cols columns, 0 if it has none of its own. */
int term_view_panel_row(const game_def *game, const void *state, int cols);
/* The keys of the spots action (legal in state) concerns, the one it aims
 * at first, into keys[2]; returns how many (0: no spot). */
int term_view_action_spots(const game_def *game, const void *state, int action, int keys[2]);
/* Set TERM_MARK_TARGET in marks[i] for each spot i that one of
 * legal[0..n-1] aims at. */
void term_view_targets(const game_def *game, const void *state, const int *legal, int n, const term_spots *spots,
                       unsigned char *marks);
/* The sentence saying what the acting seat (or chance) did with action in
 * state before, as viewer may know it. */
void term_view_words(const game_def *game, const void *before, int action, int viewer, char *buf, size_t len);

#endif
