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
#include "tzolkin/tzolkin.h"

enum {
    TERM_TZOLK_COLS = 100 /* width the table is drawn for */
};

/* Draw the whole table from (row, col); viewer is the seat the screen
 * belongs to (-1 for none). Returns the rows used. */
int term_tzolk_table(const tzolk_state *s, int viewer, term_canvas *c, int row, int col);

/* The sentence for the log: what happened by action (legal in before), as
 * seen by viewer (a seat, or GAME_CHANCE for everybody): wealth tiles dealt
 * to or kept by another seat are not named. */
void term_tzolk_words(const tzolk_state *before, int action, int viewer, char *buf, size_t len);

#endif
