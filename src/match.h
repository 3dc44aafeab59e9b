/*
 * match.h -- one game in progress over any engine of game.h: its options,
 * its current state, every action applied so far, and undo within a turn.
 *
 * The list of actions is the whole game (with the options it is what a record
 * stores). Undo follows the engines' policy (game.h closes_undo): the match
 * keeps a snapshot of the state where the undo window opened and the actions
 * applied since; undoing restores the snapshot and applies again all but the
 * last of them. The window closes after any action that closes_undo flags (a
 * chance outcome, the end of a turn, a reveal); the snapshot is then taken
 * after it. Undo takes back a whole line of the notation: the action
 * that finished a line of several actions (game.h line_open) goes back
 * with the steps of its line. A match owns heap memory: match_free
 * releases it.
 */
#ifndef MAYA_MATCH_H
#define MAYA_MATCH_H

#include <stddef.h>

#include "game.h"
#include "rng.h"

/* Failures of the match itself, beside the engines' game_status codes. */
enum {
    MATCH_ENOMEM = 16, /* out of memory */
    MATCH_ENOUNDO = 17 /* nothing to undo, or the engine broke a replay */
};

typedef struct match {
    const game_def *game;     /* the rules being played */
    game_options options;     /* seats and variant of this game */
    unsigned char *state;     /* the current state, game->state_size bytes */
    unsigned char *undo_base; /* the state where the undo window opened */
    unsigned char *before;    /* the state before the action being applied */
    int *actions;             /* every action applied since the start, in order */
    int count;                /* actions applied (entries of actions in use) */
    int capacity;             /* entries allocated for actions */
    int undo_from;            /* index in actions of the first undoable action */
    int *outcomes;            /* scratch: chance outcomes, game->max_legal */
    double *probability;      /* scratch: their probabilities, game->max_legal */
} match;

/* Set up a new game of game with options. Returns 0, a game_status from the
 * engine's init (e.g. GAME_EOPTION) or MATCH_ENOMEM, with a reason in why.
 * On failure nothing is left to free. */
int match_init(match *m, const game_def *game, const game_options *options, char *why, size_t why_len);
/* Release what match_init allocated; m may be zeroed or already freed. */
void match_free(match *m);

/* Make dst a copy of src: its options, state, actions and undo window
 * (e.g. to put a match back as it was when a change cannot be kept). dst is
 * zeroed or a match of src's game; it keeps its own buffers where they are
 * large enough. Returns 0, or MATCH_ENOMEM with dst unchanged. */
int match_copy(match *dst, const match *src);

/* Seat to act, GAME_CHANCE or GAME_TERMINAL (game.h current_player). */
int match_current_player(const match *m);
/* Apply one action or chance outcome. Returns 0, or the engine's status
 * (or MATCH_ENOMEM) with its reason; on failure the match is unchanged. */
int match_apply(match *m, int action, char *why, size_t why_len);
/* Nonzero if action, legal in state, leaves its line of the notation
 * unfinished (game.h line_open; never for a game without such lines). */
int match_line_open(const game_def *game, const void *state, int action);
/* The actions the line text stands for at m's state (game.h line_actions,
 * or text_to_action's one action), into out[GAME_LINE_MAX], *count of them.
 * 0, or the engine's status with its reason. */
int match_line_actions(const match *m, const char *text, int *out, int *count, char *why, size_t why_len);
/* 0 if actions[0..count-1] apply one after the other at m's state, else
 * the status and reason of the first refused; m is not changed. */
int match_try_actions(const match *m, const int *actions, int count, char *why, size_t why_len);
/* Apply a whole line: every action of match_line_actions, or none of them
 * (0, or the status and reason of the first refused, m unchanged). */
int match_apply_line(match *m, const char *text, char *why, size_t why_len);
/* match_apply telling each change of a score into trace (game.h
 * apply_scored); trace may be NULL. */
int match_apply_scored(match *m, int action, game_score_trace *trace, char *why, size_t why_len);
/* Nonzero if an action can be taken back (the undo window is not empty). */
int match_can_undo(const match *m);
/* Take back the last line of the undo window (its last action, with the
 * steps before it when that action finished a line of several). Returns 0, or
 * MATCH_ENOUNDO (nothing to undo; or the engine refused to apply again what
 * it accepted before, which is a bug reported in why). */
int match_undo(match *m, char *why, size_t why_len);

/* The outcome of outcomes[0..n-1] that a uniform draw of r selects
 * according to probability[0..n-1] (which sum to 1); r is advanced. */
int match_pick_outcome(const int *outcomes, const double *probability, int n, rng *r);
/* At a chance node, an outcome drawn with r according to the engine's
 * probabilities (not applied); -1 when the state is not a chance node. */
int match_sample_chance(match *m, rng *r);

#endif
