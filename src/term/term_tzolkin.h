/*
 * term_tzolkin.h -- Tzolk'in for the terminal: the table drawn as text (the
 * five gears with their positions and workers, the calendar and the next
 * food day, temples, technologies, resources, the building and monument
 * display, every seat's buildings), and sentences for the log.
 *
 * Like term_tikal.h these are pure functions from a state -- the
 * observation the screen's seat may see -- to canvas cells, shared by the
 * plain mode, the curses layer and golden tests.
 */
#ifndef MAYA_TERM_TZOLKIN_H
#define MAYA_TERM_TZOLKIN_H

#include <stddef.h>

#include "term/term_canvas.h"
#include "term/term_games.h"
#include "tzolkin/tzolkin.h"

enum {
    TERM_TZOLK_COLS = 100 /* width the table is drawn for */
};

/* Keys of the table's spots: gear g's position p is TERM_TZOLK_SPOT_GEAR
 * + 16*g + p, the others add the temple, track, building or monument. */
enum {
    TERM_TZOLK_SPOT_GEAR = 0,
    TERM_TZOLK_SPOT_START = 80,     /* the start-player space */
    TERM_TZOLK_SPOT_TEMPLE = 90,    /* + t: a temple's column of the seats' table */
    TERM_TZOLK_SPOT_TRACK = 94,     /* + x: a technology track's column */
    TERM_TZOLK_SPOT_BUILDING = 100, /* + b: a building on display */
    TERM_TZOLK_SPOT_MONUMENT = 140  /* + m: a monument on display */
};

/* Draw the whole table from (row, col); viewer is the seat the screen
 * belongs to (-1 for none). The spots (gear positions, the start-player
 * space, the temples' and tracks' headings, the buildings and monuments on
 * display) go into spots (may be NULL); marks (may be NULL) has the
 * TERM_MARK_* of each by its index there. Returns the rows used. */
int term_tzolk_table(const tzolk_state *s, int viewer, const unsigned char *marks, term_canvas *c, int row, int col,
                     term_spots *spots);

/* The keys of the spots action concerns, the one it aims at first (a
 * placement: the position the worker goes to; a pick-up: its position,
 * then the action's); returns how many (0: none, e.g. end, market). */
int term_tzolk_action_spots(const tzolk_state *s, int action, int keys[2]);

/* The sentence for the log: what happened by action (legal in before), as
 * seen by viewer (a seat, or GAME_CHANCE for everybody): wealth tiles dealt
 * to or kept by another seat are not named. */
void term_tzolk_words(const tzolk_state *before, int action, int viewer, char *buf, size_t len);

/* Tzolk'in's entry in the terminal's registry (term_games.h). */
extern const term_game term_tzolk_game;

#endif
