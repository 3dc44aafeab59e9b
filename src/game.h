/*
 * game.h -- the one generic interface every game engine of maya implements.
 *
 * A game is a table of static facts and functions (game_def) over an opaque,
 * fixed-size, pointer-free state. Bots, records, the command line, the server
 * and the generic tests use only this interface; the engines (src/tikal/,
 * src/tzolkin/) know nothing of them. The model is OpenSpiel's State contract:
 * current player (negative for chance and terminal), legal actions sorted,
 * chance outcomes with probabilities, apply, observation, resampling, text
 * forms. Randomness is explicit: at a chance node the caller picks one
 * outcome with its own random generator, so a game is fully described by its
 * options and its list of actions.
 *
 * Conventions shared by every function below:
 * - a state is game_def.state_size bytes; clone = memcpy, equality = memcmp
 *   (engines keep padding and unused slots zeroed);
 * - functions that can fail return 0 on success and a nonzero game_status on
 *   failure, writing a reason a player understands into why[why_len] (why may
 *   be NULL), and never change the state when they fail;
 * - nothing here allocates memory or does I/O.
 */
#ifndef MAYA_GAME_H
#define MAYA_GAME_H

#include <stddef.h>
#include <stdint.h>

enum {
    GAME_CHANCE = -1,   /* current_player at a chance node */
    GAME_TERMINAL = -2, /* current_player once the game is over */
    GAME_MAX_PLAYERS = 4,
    GAME_MAX_VARIANTS = 2, /* most variants of one game (game_def.variants) */
    GAME_TEXT_MAX = 64, /* longest action text, terminating NUL included */
    GAME_LINE_MAX = 64, /* most actions one line of the notation stands for */
    GAME_SCORE_EVENTS_MAX = 64, /* most score events one action reports */
    GAME_SCORE_KINDS_MAX = 16   /* most kinds of score events one game tells (game_score_totals) */
};

typedef enum game_status {
    GAME_OK = 0,       /* success */
    GAME_EILLEGAL = 1, /* the action is not legal in this state */
    GAME_EPARSE = 2,   /* the text is not an action of this game */
    GAME_EOPTION = 3   /* unsupported options (players, variant) */
} game_status;

typedef struct game_options {
    int players; /* number of seats */
    int variant; /* index into game_def.variants (0 = the default) */
} game_options;

/* One change of a seat's score, told by the engine as it applies it
 * (apply_scored): who, how many points, for what and by which rule. */
typedef struct game_score_event {
    int seat;          /* seat whose score changes */
    int points;        /* the change; negative for a loss or a payment */
    const char *kind;  /* what for, machine-readable (static text): "temple", "payment", "monument"... */
    const char *rule;  /* number of the rule that gives or takes the points (static text): "T18.1" */
    char subject[12];  /* what it is about: a field "d3", a temple "Chaac", a tile "M07"; "" if nothing */
    char what[56];     /* the same for people: "temple d3 majority, value 5" */
} game_score_event;

/* Where apply_scored tells its events: a caller's array. */
typedef struct game_score_trace {
    game_score_event *events; /* caller's array of capacity events */
    int capacity;             /* events the array holds */
    int count;                /* events told so far; past capacity they are counted, not written */
} game_score_trace;

/* Tell one event into trace (nothing when trace is NULL or points is 0):
 * the engines' one way of reporting a change of a score. what_format is
 * printf's. */
void game_score_tell(game_score_trace *trace, int seat, int points, const char *kind, const char *rule,
                     const char *subject, const char *what_format, ...)
    __attribute__((format(printf, 7, 8)));

typedef struct game_def game_def;

/* Where a step (game_def.steps) goes among the score events of the same
 * action: the engine scores in between. */
typedef enum game_step_place {
    GAME_STEP_BEFORE = 0, /* happens before the action's score events (a food day, the final scoring) */
    GAME_STEP_AFTER = 1,  /* happens after them (the corn pool, the start-player token) */
    GAME_STEP_PERIOD = 2  /* after them, and begins a new day or round: a separator in a log */
} game_step_place;

/* One thing that happened by itself (game_def.steps), with the figures a
 * front end needs to tell it in its own language (which of them a kind
 * uses is documented with the kinds, docs/api.md). */
typedef struct game_step {
    const char *kind;      /* static text: "day", "food day", "scoring round"... */
    const char *rule;      /* the number of the rule that makes it happen (static text) */
    const char *what;      /* the same in English words */
    game_step_place place; /* where it goes among the action's score events */
    int seat;              /* the seat it concerns, -1 none */
    int number;            /* its number or amount (a day, a food day, a round, corn), 0 none */
    int count;             /* how many in all or at once (food days, teeth turned, tiles), 0 none */
    int form;              /* which of the kind's sentences it is (0 the first, e.g. a food day's points) */
} game_step;

/* Receives one step (game_def.steps). */
typedef void (*game_step_emit)(void *context, const game_step *step);

/* One category of a game's scoring: the points of every seat from the
 * events of one kind. */
typedef struct game_score_kind_total {
    const char *kind;                 /* the events' kind (static text of the engine) */
    const char *rule;                 /* the rule of the first event of this kind */
    int points[GAME_MAX_PLAYERS];     /* per seat, the sum of its events of this kind */
} game_score_kind_total;

/* Each seat's points by category: the sums of the score events told so
 * far, per kind, in the order the kinds first appeared. Per seat, start
 * plus the sum over the kinds is its score (game.h apply_scored). */
typedef struct game_score_totals {
    int start[GAME_MAX_PLAYERS];                        /* scores at the start (game_score_totals_replay) */
    game_score_kind_total kinds[GAME_SCORE_KINDS_MAX]; /* the categories, first told first */
    int count;                                          /* entries of kinds in use */
} game_score_totals;

/* The totals of a whole game: its count actions replayed from the start
 * with options, and the scores at the start (nonzero in Tikal's auction
 * game). 0, or the engine's status and reason if an action is
 * refused (totals then hold the actions before it). */
int game_score_totals_replay(const game_def *def, const game_options *options, const int *actions, int count,
                             game_score_totals *totals, char *why, size_t why_len);

struct game_def {
    const char *name;               /* "tikal", "tzolkin": the record's Game tag */
    const char *const *variants;    /* NULL-terminated variant names; NULL if the game has none */
    int min_players;                /* fewest seats */
    int max_players;                /* most seats */
    size_t state_size;              /* bytes of one state */
    int num_actions;                /* action ids are 0 .. num_actions-1 */
    int max_legal;                  /* most legal actions (or chance outcomes) of any state */
    int max_game_length;            /* most actions, chance included, of any game */

    /* Set up a new game. */
    int (*init)(void *state, const game_options *options, char *why, size_t why_len);
    /* Seat to act (0-based), GAME_CHANCE or GAME_TERMINAL. */
    int (*current_player)(const void *state);
    /* Number of seats of the game this state (or observation) belongs to:
     * options.players at init, never changing; so that code holding only a
     * state (bots, evaluations) can size per-seat arrays. */
    int (*players)(const void *state);
    /* The variant (game_options.variant at init, never changing) of the
     * game this state (or observation) belongs to; NULL for a game without
     * variants (always 0). */
    int (*variant)(const void *state);
    /* Write the legal actions (at a chance node: the outcomes) in ascending
     * order into out[max_legal]; return their number (0 when terminal). */
    int (*legal_actions)(const void *state, int *out);
    /* At a chance node: outcomes ascending and their probabilities (summing
     * to 1); return their number. Elsewhere return 0. */
    int (*chance_outcomes)(const void *state, int *out, double *probability);
    /* Apply one action (or chance outcome). */
    int (*apply)(void *state, int action, char *why, size_t why_len);
    /* apply, telling each change of a score it makes into trace (appended
     * after trace->count; trace may be NULL, which is apply). Every point
     * that changes scores() is told, and only those: per seat, the told
     * points of an action add up to the change of its score (events may
     * cancel: a Tzolk'in temple's negative step and its premium), and an
     * event never has 0 points. */
    int (*apply_scored)(void *state, int action, game_score_trace *trace, char *why, size_t why_len);
    /* apply of an action that legal_actions (or chance_outcomes) listed for
     * this very state, without checking it again: for searches, which apply
     * only what they listed. The test build asserts that it is legal; for
     * any other action the result is undefined. */
    void (*apply_listed)(void *state, int action);
    /* Nonzero when applying this action, legal in this state, closes the
     * undo window: a chance outcome, the end of a turn, or anything that
     * reveals information. Undo never goes back across such an action.
     * Defined only for legal actions. */
    int (*closes_undo)(const void *state, int action);
    /* Scores as the game counts them, in seat order (out[players]). */
    void (*scores)(const void *state, int *out);
    /* Bit i set if seat i is a winner (ties share); 0 before the end. */
    unsigned (*winners)(const void *state);
    /* Copy of the state as seat sees it: what the seat may not see is
     * replaced by a canonical placeholder. seat may be GAME_CHANCE for the
     * public view. */
    void (*observation)(const void *state, int seat, void *out);
    /* Fill the parts of an observation that seat cannot see with values
     * consistent with what it saw, drawn with the caller's generator state
     * (*rng is advanced). For information-set search. */
    void (*resample)(void *state, int seat, uint64_t *rng);
    /* 0 if the legal actions at state depend only on what seat sees of it
     * (every state with the same observation has the same legal actions,
     * and each of them leads to the same observation), so that a search
     * need not list them again for each determinization; else 1. NULL:
     * they may always depend on what seat cannot see. */
    int (*legal_hidden)(const void *state, int seat);
    /* Canonical text of a legal action (without the actor); 0 on success. */
    int (*action_to_text)(const void *state, int action, char *buf, size_t len);
    /* The text of action (legal in state, the state before it) as seat sees
     * it once the game has reached now (a later state of the same game, or
     * the state right after action): action_to_text with what seat may not
     * see, at now, replaced by "?" as the rules' notation shows it (e.g.
     * tzolkin.md Z23.8: "deal 2 ?", "keep ? ?"). seat is 0..players-1 or
     * GAME_CHANCE for a spectator, who sees only what is public. A game
     * without hidden action text returns action_to_text. 0 on success;
     * nonzero for an action id out of range, a seat out of range or a
     * buffer too small. */
    int (*action_seen)(const void *state, int action, int seat, const void *now, char *buf, size_t len);
    /* Parse an action's text (any accepted form) in this state; 0 on success.
     * The result need not be legal: apply decides that, with its reason. */
    int (*text_to_action)(const void *state, const char *text, int *action, char *why, size_t why_len);
    /* The position as text for people (several lines), written as snprintf
     * does: at most len bytes, NUL-terminated; returns the length the whole
     * text needs, so a caller can size its buffer. */
    size_t (*render)(const void *state, char *buf, size_t len);

    /* Lines of several actions. A line of the notation is usually one
     * action; but a decision with very many outcomes can be made as a short
     * sequence of small actions that the notation writes as one line (a
     * Tzolk'in market visit: steps of one resource each, then its end,
     * written "market +2w -1g"), so that no list is long. The three hooks
     * below say how; a game without such lines leaves them NULL, and the
     * generic code (match_line_actions, match_apply_line, match_undo,
     * records, logs) then treats every action as its own line. */
    /* Nonzero if action, legal in state, leaves its line unfinished: no line
     * is written for it, and the action that finishes the line is written
     * with the whole line's text (its action_to_text). */
    int (*line_open)(const void *state, int action);
    /* Parse a line (any text text_to_action accepts) into the actions it
     * stands for in state, in order, into out[GAME_LINE_MAX], *count of
     * them; 0 on success, else a game_status with a reason. The actions
     * need not be legal: apply decides. (text_to_action gives the first.) */
    int (*line_actions)(const void *state, const char *text, int *out, int *count, char *why, size_t why_len);
    /* Every legal line at state, each given once to emit (in any order), as
     * a list of the notation shows them: where a line stands for several
     * actions, the whole lines (every market visit), not their steps. */
    void (*legal_lines)(const void *state, void (*emit)(void *context, const char *line), void *context);

    /* Check the invariants of a state (or an observation): counts
     * conserved, masks consistent with counts, scores and indices in range.
     * 0 if every one holds, else nonzero with the first broken one in
     * why[why_len]. For the generic tests (tests/game_sim_test.c): it
     * may be slower than apply. Every registered engine has one. */
    int (*check)(const void *state, char *why, size_t why_len);
    /* What happened by itself when an action turned before into after
     * (the calendar turning to a new day, a food day, a new age, a scoring
     * round beginning, the final scoring...), told to emit in the order it
     * happened, as the records' automatic steps (tikal.md T29.3, tzolkin.md
     * Z23.4) describe them. Only public things, so every seat may read
     * them. NULL for a game that tells none. */
    void (*steps)(const void *before, const void *after, game_step_emit emit, void *context);
    const char *title;              /* the game's name for people: "Tikal", "Tzolk'in" */
};

#endif
