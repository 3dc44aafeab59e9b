/*
 * term_tikal.h -- Tikal for the terminal: the board drawn as hexes, the side
 * panel, sentences for the log, the fields each legal action aims at, and the
 * cheapest route of a figure across several fields (the engine's).
 *
 * The renderers are pure functions from a state (the observation a seat may
 * see) to cells of a canvas, so that the plain mode, the curses layer and
 * golden tests share them. Board geometry (tikal.h): 8 columns a..h of 5
 * rows, flat-topped hexes, odd columns half a hex lower. Every hex shows its
 * name and tile, the stones on each of its six edges (a digit just inside
 * the edge, '.' for none), its kind (T5 a temple of value 5, T5+2 with two
 * levels uncovered, T5 G2 guarded by seat 2, $3 three treasures left, VOLC
 * a volcano, jungle, BASE), a camp ("camp 1" or "$0 C1": seat 1's camp) and
 * the figures of each seat as
 * "seat:explorers" with L for the leader (1:3L = three explorers and the
 * leader of seat 1).
 */
#ifndef MAYA_TERM_TIKAL_H
#define MAYA_TERM_TIKAL_H

#include <stddef.h>

#include "term/term_canvas.h"
#include "term/term_games.h"
#include "tikal/tikal.h"

enum {
    TERM_TIKAL_BOARD_ROWS = 34, /* cells the board needs */
    TERM_TIKAL_BOARD_COLS = 93,
    TERM_TIKAL_PANEL_COLS = 26, /* width the panel is written for: beside the board at 120 columns */
    TERM_TIKAL_PANEL_BELOW_ROWS = 16 /* rows of the panel's columns under the board (shown whole at 80x24) */
};

/* Draw the board with its top-left corner at (row, col); marks[field] is a
 * set of TERM_MARK_* (marks may be NULL). Every field is a spot, keyed by
 * the field and recorded in field order (so a spot's index is its field)
 * into spots (may be NULL): the inside of its hex. */
void term_tikal_board(const tikal_state *s, const unsigned char *marks, term_canvas *c, int row, int col,
                      term_spots *spots);

/* Draw the panel (who acts, each seat's score and figures, treasures, tile
 * in hand, auction) from (row, col) in blocks of TERM_TIKAL_PANEL_COLS
 * cells; a block that would pass max_rows rows begins a new column to the
 * right (max_rows 0: one column). viewer is the seat the screen belongs
 * to (-1 for none); returns the rows used. */
int term_tikal_panel(const tikal_state *s, int viewer, term_canvas *c, int row, int col, int max_rows);

/* The sentence for the log: what the actor of state `before` did by action
 * (legal there), e.g. "Seat 2 moved the leader from a5 to b4 (2 AP)". */
void term_tikal_words(const tikal_state *before, int action, char *buf, size_t len);

/* The fields action concerns: the one it aims at (placing, deploying,
 * moving, digging...) in fields[0], the one a figure leaves in fields[1];
 * returns how many (0 for actions on no field). */
int term_tikal_action_fields(int action, int fields[2]);

/* The cheapest walk of the actor's figure (0 explorer, 1 leader) from field
 * `from` to field `to`, as the engine finds it (tikal_find_routes: crossings
 * of T11 and the actor's secret paths of T10): writes the actions into
 * moves[TIKAL_ROUTE_MAX] and the total AP into *cost; returns the number of
 * actions, 0 if from == to, -1 if to cannot be reached. */
int term_tikal_route(const tikal_state *s, int figure, int from, int to, int *moves, int *cost);
/* Set TERM_MARK_TARGET for every field the actor's figure can reach from
 * `from` with at most ap AP (the same walks). */
void term_tikal_reach(const tikal_state *s, int from, int ap, unsigned char *marks);

/* Tikal's entry in the terminal's registry (term_games.h). */
extern const term_game term_tikal_game;

#endif
