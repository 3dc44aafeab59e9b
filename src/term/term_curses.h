/*
 * term_curses.h -- the full-screen way to play, with ncurses (wide
 * characters, colours, resizing): the picture of the game (term_view), the
 * log, the replies and an input line; a cursor over the board with the
 * legal targets highlighted, menus of the legal actions, typed commands with
 * completion, routes across several fields, undo, save and load, bots shown
 * step by step, and a blank screen to pass the keyboard between people who
 * may not see each other's secrets.
 */
#ifndef MAYA_TERM_CURSES_H
#define MAYA_TERM_CURSES_H

#include "term/term_session.h"

/* Play s full screen on the terminal until the players quit; 0, or 1 if
 * the terminal cannot be used or the engine or a bot failed. */
int term_curses_run(term_session *s);

#endif
