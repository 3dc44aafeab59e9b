/*
 * term_games.h -- the registry of the terminal's games: one entry per game
 * that the terminal draws with a renderer of its own (term_tikal,
 * term_tzolkin), found by the engine's game_def. An entry holds what the
 * terminal needs of a game and nothing else decides by game: its picture
 * (board and panel) with its spots, the spots each action concerns, the
 * sentence for each action, the summary of its rules, the legend of its
 * symbols, and its capabilities
 * (figures that walk routes with the go command). Adding a game to the
 * terminal is one entry in its renderer's file and one line in
 * term_games.c; a game without an entry is shown by term_view's fallback.
 */
#ifndef MAYA_TERM_GAMES_H
#define MAYA_TERM_GAMES_H

#include <stddef.h>

#include "game.h"
#include "term/term_canvas.h"

typedef struct term_game {
    const game_def *game; /* the engine this entry draws */
    /* Rows and columns the picture needs at most when drawn for cols columns. */
    void (*size)(int cols, int *rows_out, int *cols_out);
    /* Draw the picture of state (an observation for viewer) into c from (0, 0)
     * for c->cols columns, with marks[i] on spot i (marks may be NULL) and
     * its spots into spots (may be NULL); returns the rows used. */
    int (*draw)(const void *state, int viewer, const unsigned char *marks, term_canvas *c, term_spots *spots);
    /* Row where the panel begins when laid out for cols columns, 0 if beside the board. */
    int (*panel_row)(const void *state, int cols);
    /* Keys of the spots a legal action concerns, first the one it aims at; returns how many. */
    int (*action_spots)(const void *state, int action, int keys[2]);
    /* The sentence for action in state before as viewer may know it. */
    void (*words)(const void *before, int action, int viewer, char *buf, size_t len);
    /* A summary of the rules for the rules command and key r, its numbers
     * asked of the engine, into buf. */
    void (*rules)(char *buf, size_t len);
    const char *legend;   /* what the picture's symbols mean, shown with the help (key ?) */
    int routes;           /* 1 if figures walk routes of several fields (command go, key g) */
    int home_spot;        /* spot key the cursor starts on, -1: the first target */
} term_game;

/* The terminal's entry for game, or NULL if it has none. */
const term_game *term_games_find(const game_def *game);

#endif
