/*
 * term_plain.h -- the line-oriented way to play: no curses, one line per
 * command, for scripts, screen readers and dumb terminals. The commands are
 * those of the session (term_help_text); the position is printed as text
 * whenever a turn starts, and what others did is printed in words as it
 * happens.
 */
#ifndef MAYA_TERM_PLAIN_H
#define MAYA_TERM_PLAIN_H

#include <stdio.h>

#include "term/term_session.h"

/* Play s reading commands from in and writing to out until the players
 * quit or in ends. Returns 0, or 1 if the engine or a bot failed. */
int term_plain_run(term_session *s, FILE *in, FILE *out);
/* Print the picture of the viewer's observation to out. */
void term_plain_board(term_session *s, FILE *out);

#endif
