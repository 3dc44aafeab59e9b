/*
 * term_session.h -- a game at the terminal, whatever the front end: the
 * match (with undo within the turn), who sits in each seat (a person or a
 * bot), chance drawn from a seed, the log of what everybody did in words,
 * save and load as records, and the commands people type.
 *
 * The plain mode and the curses layer both drive a session: they ask it to
 * step (chance and bots), to run a command line (an action in its notation,
 * completed from a unique prefix of the legal actions, or undo, save, load,
 * go, hint...), and they show its replies, its log and the observation of
 * the seat whose screen it is (the viewer). Nothing here does terminal I/O.
 */
#ifndef MAYA_TERM_SESSION_H
#define MAYA_TERM_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "bots/bot.h"
#include "game.h"
#include "match.h"
#include "rng.h"

/* What a command asks of the front end. */
typedef enum term_result {
    TERM_OK = 0,      /* done; show the reply (may be empty) */
    TERM_QUIT = 1,    /* the player wants to leave */
    TERM_BOARD = 2,   /* show the position again */
    TERM_CONFIRM = 3, /* a route waits: the next line "y" confirms it */
    TERM_HELP = 4     /* show the help (term_help_text) */
} term_result;

enum {
    TERM_ROUTE_MAX = 40,     /* most moves of one confirmed route */
    TERM_LOG_MAX = 4096,     /* most lines the log keeps (the oldest quarter goes when it is full) */
    TERM_LOG_HUMAN_ALL = -2  /* term_session_log_text: a viewer seeing only public texts */
};

typedef struct term_seat {
    int human;     /* 1: a person at this keyboard plays the seat */
    char spec[64]; /* "human" or the bot's spec, for the record's Seat tag */
    bot *bot;      /* the bot playing the seat, NULL for a person */
} term_seat;

typedef struct term_entry {
    int actions;         /* the match's action count after the entry's action */
    int seat;            /* the seat that acted, -1 for chance or the game */
    int acted;           /* 1: the line of an action (of seat); 0: a score or step line */
    int spots[2];        /* keys of the picture's spots the action concerns (term_view_action_spots) */
    int spot_count;      /* entries of spots in use */
    int private_seat;    /* the seat that sees private_text instead, -1 none */
    char *text;          /* the sentence as everybody may know it */
    char *private_text;  /* the sentence as private_seat knows it, or NULL */
} term_entry;

typedef struct term_session {
    const game_def *game;   /* the rules played */
    match match;            /* the game so far */
    term_seat seat[GAME_MAX_PLAYERS]; /* who plays each seat */
    uint64_t seed;          /* seed of chance and bots (shown, for replaying a game) */
    rng chance;             /* draws chance outcomes */
    bot *helper;            /* plays "auto" for people */
    int hints_off;          /* 1: no hints in this game (maya play --no-hints) */
    bot_hint hint[BOT_HINTS]; /* the last hints, best first */
    int hint_count;         /* entries of hint */
    int hint_at;            /* the match's action count when they were made, -1 none */
    int speed_ms;           /* pause after each bot action, milliseconds */
    int viewer;             /* seat whose screen it is, -1 for the public view */
    unsigned char *view;    /* game->observation(state, viewer) */
    unsigned char *before;  /* scratch: the state before an action */
    int *legal;             /* legal actions of the current state */
    int legal_count;        /* entries of legal */
    char *legal_text;       /* their texts, GAME_TEXT_MAX bytes each */
    term_entry *log;        /* what happened, oldest first */
    int log_count;          /* entries of log */
    int log_capacity;       /* entries allocated */
    int log_max;            /* most entries kept (TERM_LOG_MAX; smaller only in tests) */
    long log_dropped;       /* entries dropped from the log's start so far: an entry's number
                               (term_session_log_end) is log_dropped + its index */
    int route[TERM_ROUTE_MAX]; /* moves of a route waiting for confirmation */
    int route_count;        /* entries of route, 0 when none waits */
    char *reply;            /* the answer to the last command (heap, NUL-terminated) */
    size_t reply_len;       /* its length */
    size_t reply_capacity;  /* bytes allocated */
} term_session;

/* Seat specs: "human" or a bot spec (bot.h), a level's name among them;
 * "bot" means the default level (BOT_DEFAULT_LEVEL), which also plays
 * "auto" for people. */
/* The hint bot's best actions for the person to act (at most BOT_HINTS,
 * from that seat's observation only), kept in s->hint; their number, or
 * -1 with a reason people understand in why (hints off, nobody's turn). */
int term_session_hints(term_session *s, char *why, size_t why_len);
/* The text of hint i: "place PAL (62% to win)". */
void term_session_hint_text(const term_session *s, int i, char *buf, size_t len);

/* Start a new game; specs[0..players-1] give the seats. 0, or nonzero
 * with a reason in why (nothing to free then). */
int term_session_init(term_session *s, const game_def *game, const game_options *options, const char *const *specs,
                      uint64_t seed, char *why, size_t why_len);
void term_session_free(term_session *s);
/* Let the bot of spec (a level or a bot spec) play "auto" for people
 * instead of the default level. 0, or -1 with a reason (nothing changed). */
int term_session_set_helper(term_session *s, const char *spec, char *why, size_t why_len);

/* Replace the game by the record at path; specs (may be NULL) override the
 * seats the record names. 0, or nonzero with "FILE:LINE: reason". */
int term_session_load(term_session *s, const char *path, const char *const *specs, char *why, size_t why_len);
/* Write the game so far as a record to path. */
int term_session_save(const term_session *s, const char *path, char *why, size_t why_len);

/* Seat to act (a seat, GAME_CHANCE or GAME_TERMINAL). */
int term_session_actor(const term_session *s);
/* 1 if a person must act now. */
int term_session_waiting(const term_session *s);
/* Number of seats played by people. */
int term_session_humans(const term_session *s);
/* Play one chance outcome or one bot action: 1 done, 0 nothing to do
 * (a person to act, or the game over), -1 engine or bot failure (reply). */
int term_session_step(term_session *s);
/* Play the action a bot or chance chose for the seat to act (-1: none):
 * 1 done, -1 failure (reply). */
int term_session_play(term_session *s, int action);
/* Apply action for the seat to act, logging it; 0 or the engine's status. */
int term_session_apply(term_session *s, int action, char *why, size_t why_len);

/* The seat whose screen comes next (the person to act, else the viewer so
 * far); -1 when only bots play. */
int term_session_next_viewer(const term_session *s);
/* 1 if seat `to` may not see what the screen of seat `from` shows, so the
 * keyboard must be passed with a blank screen between them. */
int term_session_private_between(term_session *s, int from, int to);
/* Make seat the viewer and refresh the observation. */
void term_session_set_viewer(term_session *s, int seat);
/* Refresh the legal actions and their texts (of the person to act). */
void term_session_refresh(term_session *s);

/* Run one command line (see term_help_text). The answer is in s->reply. */
term_result term_session_command(term_session *s, const char *line);
/* Legal action texts whose words the words of prefix begin ("mo L a5 b"
 * for "move L a5 b4"): their indexes into s->legal in out[max]; returns
 * how many match (may exceed max). */
int term_session_complete(const term_session *s, const char *prefix, int *out, int max);
/* Text of legal action i (0 .. legal_count-1). */
const char *term_session_legal_text(const term_session *s, int i);
/* The log entry i as viewer may read it. */
/* The number the next log entry will get: entries ever logged, the
 * dropped ones included (a front end remembers how far it has shown). */
long term_session_log_end(const term_session *s);
const char *term_session_log_text(const term_session *s, int i, int viewer);
/* The log entries [*from, *to) that tell what the other seats did between
 * seat's last turn and its turn now (or since the start): from the line
 * after seat's action before the others' latest action, to the line after
 * the others' latest action. Empty (*from == *to) if no other seat acted. */
void term_session_log_others(const term_session *s, int seat, int *from, int *to);

/* Help: the commands and keys, the legend of the game's symbols on the
 * screen ("" if it has none), and the rules summary of the game (into buf:
 * TERM_RULES_MAX bytes hold every game's). */
enum { TERM_RULES_MAX = 2048 };
const char *term_help_text(void);
const char *term_help_legend(const game_def *game);
void term_help_rules(const game_def *game, char *buf, size_t len);

#endif
