/*
 * store.h -- the server's durable storage: every game as its options, its
 * seats and its append-only list of events (actions, chance outcomes and
 * undos), from which the record and the current state are rebuilt.
 *
 * One interface, two back ends: SQLite (store_sqlite.c, the embedded default:
 * one file, nothing to set up) and PostgreSQL through libpq (store_pg.c), so
 * that several server processes can share one database. store_open picks the
 * back end from the address: "postgresql://..." or "postgres://..." is
 * PostgreSQL, anything else a SQLite file path.
 *
 * Durability: every function that writes returns only after the change is
 * committed (SQLite in WAL mode with synchronous=FULL; PostgreSQL's commit),
 * so the server acknowledges nothing that a crash or kill -9 could lose.
 * Changes are group-committed: one writer thread per store takes every
 * change waiting (appends, new games and seats, from any thread, for any
 * game) and commits them in transactions of at most STORE_BATCH_MAX, so
 * one disk sync serves them all; then it answers each caller. Each change
 * of a batch is checked on its own (a stale append or seat is
 * STORE_ECONFLICT and the others go on); if the transaction fails, every
 * change of the batch is STORE_EIO and none is stored. At most
 * STORE_QUEUE_MAX changes wait; while the queue is full a caller that
 * waits for its commit waits for room too, and one that is called back
 * (a *_start function with on_answer) is refused at once (STORE_EBUSY):
 * it must not wait on a store that stalls.
 * A caller need not wait for its commit: store_append_start,
 * store_create_start and store_set_seat_start queue the change and the
 * writer calls the caller back once it is answered (store_finish then
 * gives the answer without waiting); store_append, store_create and
 * store_set_seat are the same followed by store_finish. Changing a status
 * alone commits on its own (on the caller's thread, or queued to the
 * reader thread below: store_set_status_start).
 * Reads can be queued too: store_load_start and store_list_rows_start hand
 * a read to the store's one reader thread, which reads them one at a time
 * in their order of arrival and calls the caller back, so that a caller
 * that must not wait on the disk (a thread of the HTTP pool) need not; at
 * most as many reads wait as each caller allows (STORE_EBUSY beyond).
 * Concurrency: events carry consecutive versions 1, 2, ... per game and
 * (game, version) is unique, so an append that races another process's append
 * for the same game fails with STORE_ECONFLICT and writes nothing (optimistic
 * concurrency: the caller reloads and reports the request as stale). Every
 * function is safe to call from several threads at once.
 * Between processes (PostgreSQL only) every committed change is announced
 * with NOTIFY on channel "maya": an append with the payload "GAME VERSION
 * events", any other change (create, seat, status) with "GAME VERSION
 * seats", VERSION being the game's version after the change; store_wait
 * delivers those announcements (also a process's own).
 * Errors: every function returns STORE_OK or one of the codes below and,
 * on failure, writes into why (why_len bytes, may be 0) a reason naming the
 * operation and, for STORE_EIO, the database's own message.
 */
#ifndef MAYA_STORE_H
#define MAYA_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

enum {
    STORE_OK = 0,
    STORE_EIO = 1,        /* the database failed (reason in why) */
    STORE_ECONFLICT = 2,  /* another writer appended to the game first */
    STORE_ENOTFOUND = 3,  /* no game with that id */
    STORE_EINVAL = 4,     /* a bad argument (reason in why): nothing done */
    STORE_EBUSY = 5,      /* a queued read refused: as many reads wait already as the caller allows; or a
                             change with a callback: STORE_QUEUE_MAX changes wait already */
    STORE_SEED_BYTES = 32,  /* secret seed of a game's chance draws */
    STORE_HASH_BYTES = 32,  /* hash of a seat's token */
    STORE_NAME_MAX = 64,    /* names, bot specs, variants, dates (NUL included) */
    STORE_RESULT_MAX = 64,  /* a record's Result value (NUL included) */
    STORE_BATCH_MAX = 256,  /* most changes committed in one transaction */
    STORE_QUEUE_MAX = 4096  /* most changes waiting for the writer */
};

typedef enum store_status {
    STORE_OPEN = 0,     /* waiting for players to take the human seats */
    STORE_RUNNING = 1,  /* every seat taken: being played */
    STORE_FINISHED = 2  /* over: the result is final */
} store_status;

typedef enum store_event_kind {
    STORE_ACTION = 0, /* an action or chance outcome: actor and text */
    STORE_UNDO = 1    /* the last action of the undo window taken back */
} store_event_kind;

typedef struct store_game {
    int64_t id;                          /* assigned by store_create, > 0 */
    char game[STORE_NAME_MAX];           /* game_def.name: "tikal", "tzolkin" */
    char variant[STORE_NAME_MAX];        /* variant name, "" if the game has none */
    int players;                         /* seats */
    int turn_seconds;                    /* time limit of a human turn, 0 = none */
    char replacement[STORE_NAME_MAX];    /* bot spec taking over a seat left or out of time */
    unsigned char seed[STORE_SEED_BYTES]; /* secret seed of the chance draws, never sent out */
    char created[STORE_NAME_MAX];        /* creation time, UTC, "YYYY-MM-DDTHH:MM:SSZ" */
    store_status status;                 /* open, running, finished */
    char result[STORE_RESULT_MAX];       /* final scores "S1 S2 ..." once finished, else "" */
    int64_t version;                     /* events stored so far (the state number) */
} store_game;

/* An announcement of a committed change (store_wait). */
typedef struct store_note {
    int64_t game;    /* the game that changed */
    int64_t version; /* its version after the change */
    int events;      /* 1: events were appended; 0: its row or seats changed (create, seat, status) */
} store_note;

typedef struct store_seat {
    int seat;                              /* 0-based seat number */
    int is_bot;                            /* 1: a bot plays it; 0: a person */
    char bot[STORE_NAME_MAX];              /* bot spec when is_bot, else "" */
    char name[STORE_NAME_MAX];             /* shown name ("" = none given) */
    int taken;                             /* person seats: 1 once someone joined */
    unsigned char token_hash[STORE_HASH_BYTES]; /* hash of the seat's secret token (zero if none) */
    int hints_off;                         /* 1: the seat turned hints off for this game */
} store_seat;

typedef struct store_event {
    int64_t version;          /* 1-based position in the game's event list */
    store_event_kind kind;    /* action or undo */
    int actor;                /* action: seat 0.., or GAME_CHANCE; undo: the seat undoing */
    char text[GAME_TEXT_MAX]; /* action: canonical action text; undo: "" */
} store_event;

typedef struct store store;

/* Open (creating tables if needed) the store at where: a SQLite file path
 * or a postgresql:// address. Returns STORE_OK with *out set, or STORE_EIO
 * with a reason and *out NULL (also for an empty, unreachable or unusable
 * address, a file that is not a database, a schema newer than this code). */
int store_open(store **out, const char *where, char *why, size_t why_len);
/* Close the store and release it; st may be NULL. */
void store_close(store *st);

/* Store a new game (version 0, no events) with its seats[0..game->players-1]
 * (seats[i].seat must be i); game->created is set to the current time if it
 * was "", and once stored game->id to the new id and game->version to 0. */
int store_create(store *st, store_game *game, const store_seat *seats, char *why, size_t why_len);
/* A change queued by a *_start function below, not yet finished. */
typedef struct store_waiter store_pending;
/* Called by the writer once a queued change is answered (store_finish
 * no longer waits), without the store's locks; it runs on the writer's
 * thread, so it only takes note (e.g. wakes a connection) and returns. */
typedef void store_answered(void *context);
/* store_create without waiting for the commit: checks the arguments (an
 * error is returned at once and nothing is queued), queues the new game
 * and returns STORE_OK with *pending set; on_answer(context) (NULL: none)
 * is called once it is answered. game, seats and why must stay until
 * store_finish, which sets game's id once it is stored. */
int store_create_start(store *st, store_game *game, const store_seat *seats, store_answered *on_answer,
                       void *context, store_pending **pending, char *why, size_t why_len);
/* Replace one seat of a game (join, leave, bot replacement): the seat
 * numbered seat->seat. STORE_EINVAL if the game has no such seat. With
 * expected (the seat as the caller last saw it; NULL: whatever it is), only
 * if the stored seat still has expected's is_bot, taken and token_hash:
 * otherwise STORE_ECONFLICT and nothing written (two processes sharing the
 * store cannot both give one seat away). */
int store_set_seat(store *st, int64_t game, const store_seat *seat, const store_seat *expected, char *why,
                   size_t why_len);
/* store_set_seat without waiting for the commit, as store_create_start:
 * seat, expected and why must stay until store_finish. */
int store_set_seat_start(store *st, int64_t game, const store_seat *seat, const store_seat *expected,
                         store_answered *on_answer, void *context, store_pending **pending, char *why,
                         size_t why_len);
/* Set a game's status and result ("" while not finished; NULL is ""). */
int store_set_status(store *st, int64_t game, store_status status, const char *result, char *why,
                     size_t why_len);
/* Append events[0..n-1], whose versions must be version+1 .. version+n, to a
 * game whose stored version is version, and with them (in the same
 * transaction) set the game's status and result; n >= 1. STORE_ECONFLICT,
 * with nothing written, if the stored version is no longer version. */
int store_append(store *st, int64_t game, int64_t version, const store_event *events, int n,
                 store_status status, const char *result, char *why, size_t why_len);
/* store_append without waiting for the commit, as store_create_start:
 * events, result and why must stay until store_finish. */
int store_append_start(store *st, int64_t game, int64_t version, const store_event *events, int n,
                       store_status status, const char *result, store_answered *on_answer, void *context,
                       store_pending **pending, char *why, size_t why_len);
/* The answer of a change a *_start function queued, as the function
 * without _start would return it (waiting for it if not answered yet);
 * pending is freed. */
int store_finish(store *st, store_pending *pending);

/* Load one game: its row, seats[0..players-1] and every event in order
 * (*events is malloc'd, free it; *n its count), or with events and n NULL
 * the row and seats only. STORE_ENOTFOUND if absent. */
int store_load(store *st, int64_t id, store_game *game, store_seat seats[GAME_MAX_PLAYERS],
               store_event **events, int *n, char *why, size_t why_len);
/* Ids of games, newest first, at most max: with status (or every status
 * when status < 0). *n is set to how many were written to ids. */
int store_list(store *st, int status, int64_t *ids, int max, int *n, char *why, size_t why_len);

/* A read queued by store_load_start or store_list_rows_start, not yet finished. */
typedef struct store_reading store_read_pending;
/* store_load on the store's reader thread: checks the arguments (an error
 * is returned at once and nothing is queued), then queues the read unless
 * max_waiting reads (>= 1) are queued or being read already (STORE_EBUSY,
 * nothing queued), and returns STORE_OK with *pending set;
 * on_answer(context) (NULL: none) is called on the reader's thread once it
 * is read (it only takes note), before store_read_finish can return.
 * game, seats, events, n and why must stay
 * until store_read_finish, which gives store_load's answer. */
int store_load_start(store *st, int64_t id, store_game *game, store_seat seats[GAME_MAX_PLAYERS],
                     store_event **events, int *n, int max_waiting, store_answered *on_answer, void *context,
                     store_read_pending **pending, char *why, size_t why_len);
/* A listing's stored rows, read as store_load_start reads: the ids
 * store_list gives (status, at most max >= 1), each with its row and seats
 * (rows[i], seats[i], i < *n); a listed game that cannot be read then (gone
 * meanwhile, or the store failed on it alone) is left out. rows, seats, n
 * and why must stay until store_read_finish. */
int store_list_rows_start(store *st, int status, int max, store_game *rows, store_seat (*seats)[GAME_MAX_PLAYERS],
                          int *n, int max_waiting, store_answered *on_answer, void *context,
                          store_read_pending **pending, char *why, size_t why_len);
/* The answer of a read a *_start function above queued, as store_load or
 * store_list would return it (waiting for it if not read yet); pending is
 * freed. */
int store_read_finish(store *st, store_read_pending *pending);
/* store_set_status done on the store's reader thread, queued and answered
 * as a read above is (the same queue, the same bound: STORE_EBUSY when
 * max_waiting wait already), for a caller that must not wait on the disk
 * (a start with nothing to draw); store_read_finish gives its answer.
 * result (NULL is "") and why must stay until then. */
int store_set_status_start(store *st, int64_t game, store_status status, const char *result, int max_waiting,
                           store_answered *on_answer, void *context, store_read_pending **pending, char *why,
                           size_t why_len);

/* Wait up to timeout_ms for an announcement of a committed change from any
 * process sharing the store; returns 1 with *note filled, 0 on
 * timeout, or -1 if the connection failed (after waiting timeout_ms when it
 * could not be opened; it is opened again on the next call, and what was
 * announced in between is lost: reload what you watch).
 * PostgreSQL: the first call opens the listening connection, and only what
 * is committed after it is delivered, so a process that watches calls it
 * once when it starts (timeout_ms 0 returns at once). Announcements are
 * queued until read; each is delivered to one caller, so one thread per
 * process should wait and pass them on.
 * SQLite announces nothing: store_wait sleeps timeout_ms and returns 0. */
int store_wait(store *st, int timeout_ms, store_note *note);

/* For tests, to make a batch of known appends: while held (hold 1) the
 * writer starts no transaction and appends wait in the queue; hold 0 lets
 * it commit them again. */
void store_hold_writer(store *st, int hold);
/* Appends waiting in the queue now (not those being committed). */
int store_queued(store *st);
/* For tests, as store_hold_writer: while held the reader starts no read
 * and queued reads wait. */
void store_hold_reader(store *st, int hold);

/* What the writer has done since the store was opened (GET /api/stats):
 * how many transactions it committed or tried, how many changes
 * (appends, new games, seats) they carried, and how long they took (the
 * back end's commit, disk sync included, measured on the monotonic
 * clock); and how many changes wait for their answer now. */
typedef struct store_counters {
    int64_t batches;          /* the writer's transactions, committed or failed */
    int64_t changes;          /* changes those carried */
    int largest_batch;        /* most changes in one of them */
    int64_t commit_us;        /* microseconds spent in them in all */
    int64_t slowest_commit_us; /* the longest of them, microseconds */
    int waiting;              /* changes now queued or being committed, not yet answered */
    int reads_waiting;        /* reads now queued or being read (store_load_start, store_list_rows_start) */
} store_counters;
void store_get_counters(store *st, store_counters *out);

#endif
