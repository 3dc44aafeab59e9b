/*
 * hub_internal.h -- what the parts of the hub (hub.c, hub_*.c) share: the
 * hub, a game in memory, and each part's functions for the others.
 *
 * Locks: the table lock (hub.table_lock) guards the table of games and
 * who holds each (refs); a game's watchers' render lock (hub_watch.c) is
 * taken before that game's lock, which guards the game; the queue lock
 * guards the bots' queues; the creators lock the quotas. They are taken in
 * that order only; no lock is held while a bot thinks, nor a game's while
 * its change is being stored (hub_game_store_begin, hub_game_store_end) or
 * its view rendered. A game's lock is let go with hub_game_unlock (which
 * resumes the requests parked behind a change once it is stored), never
 * with pthread_mutex_unlock alone.
 */
#ifndef MAYA_HUB_INTERNAL_H
#define MAYA_HUB_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "bots/level_time.h"
#include "game.h"
#include "match.h"
#include "server/hub.h"
#include "server/ratelog.h"
#include "server/token.h"

/* A change of a game on its way to the store (hub_game.c). */
typedef struct hub_change hub_change;

enum {
    LIST_DEFAULT = 50,        /* games listed when no limit is asked */
    LIST_MAX = 500,           /* most games one list answers */
    LOAD_MAX = 1000000,       /* most unfinished games loaded at start */
    TURN_SECONDS_MAX = 604800, /* longest turn limit: a week */
    CREATORS_MAX = 4096,      /* addresses whose quota use is kept at once */
    UNHEARD_MAX = 1024,       /* announcements of games not in memory kept (hub.unheard) */
    FINISHED_IDLE_SECONDS = 60, /* a finished game unused this long leaves memory */
    ADDRESS_MAX = 48,         /* an IP address as text, NUL included */
    CHANGE_SPARES = 64,       /* finished changes kept with their buffers for the next (hub.spare_changes:
                                 about 23 KiB each for Tikal, 5 KiB for Tzolk'in) */
    NO_SEAT = -100            /* hub_game_seat_of: the request was refused */
};

/* hub_game.storing: whether a change of the game is being stored, and who
 * finishes it. */
enum {
    STORING_NONE = 0,     /* no change is being stored */
    STORING_WAITED = 1,   /* one is, and its thread waits for the store */
    STORING_SUSPENDED = 2 /* one is, for a suspended request (hub_game_wait_on_pool) */
};

/* The bots' lanes: a quick bot (one thread, a budget of at most
 * QUICK_MILLIS or QUICK_ITERATIONS, as every difficulty level) has a
 * thread of its own besides the others, so it never waits behind a slow
 * one. */
enum {
    LANE_QUICK = 0,
    LANE_SLOW = 1,
    LANES = 2,
    QUICK_MILLIS = 200,
    QUICK_ITERATIONS = 10000
};

/* A first-in first-out ring of game ids. */
typedef struct id_ring {
    int64_t *ids; /* entries (capacity of them) */
    int head;     /* index of the oldest */
    int count;    /* ids in it */
    int capacity; /* entries allocated */
} id_ring;

/* What one address used of the creation quotas (hub_settings). */
typedef struct hub_creator {
    char address[ADDRESS_MAX]; /* the client's IP address, "" for a free entry */
    double minute_start;       /* timer_now() when its current window of creations began
                                  (hub_settings.quota_window_seconds, a minute) */
    int created;               /* games it created in that window */
    int open;                  /* its games still waiting for players */
} hub_creator;

typedef struct hub_game {
    int64_t id;                         /* the game's id: set before it enters the table, then never
                                           changed (read without the lock) */
    int refs;                           /* threads holding it outside the table's lock (guarded by
                                           the table's lock): it leaves memory only at 0 */
    pthread_mutex_t lock;               /* guards everything below */
    int storing;                        /* STORING_*: a change is being stored, the lock let go: other
                                           changes wait (hub_game_wait_changes, or parked: hub_game_park),
                                           readers see g as stored */
    hub_later *parked;                  /* requests waiting without a thread for the change being stored
                                           (hub_game_park), resumed by hub_game_unlock once it is; at most
                                           one per connection (--max-connections, --per-address) */
    pthread_cond_t stored;              /* broadcast when a change has been stored or refused */
    struct hub_watchers *watchers;      /* live watchers and their shared views, NULL before the first */
    uint64_t epoch;                     /* changes seen by this process (events, seats, reloads) */
    store_game row;                     /* the stored row: options, status, state number */
    store_seat seats[GAME_MAX_PLAYERS]; /* the stored seats */
    const game_def *def;                /* the rules */
    match m;                            /* the game replayed from its stored events */
    int broken;                         /* 1 if the stored events do not replay: never served */
    int unsure;                         /* 1 if it is to be read again from the store (a read failed, or
                                           another process changed it first): served again once a reload
                                           succeeds */
    int bot_queued;                     /* 1 while a bot's move is queued or being thought */
    double turn_started;                /* when turn_seat got the move (timer_now, seconds) */
    int turn_seat;                      /* seat whose turn turn_started times, -1 none */
    double bot_turn_seconds;            /* the bots' thinking time in the current turn so far */
    json_t *hints;                      /* the last hints answer (owned), NULL none */
    int64_t hints_version;              /* the state number it was worked out at */
    int undos;                          /* undos among its stored events (hub_settings.max_undos) */
    char creator[ADDRESS_MAX];          /* address whose open-game quota it uses while open, "" none */
    double used;                        /* timer_now() when a request last used it */
} hub_game;

struct hub {
    store *st;                  /* where every game is kept (the caller's) */
    hub_settings settings;      /* limits and thread counts */
    ratelog log;                /* the games' log lines, at most settings.log_per_second a second */
    pthread_mutex_t table_lock; /* guards games, count, capacity, the games' refs, unheard */
    hub_game **games;           /* games in memory, sorted by id */
    int64_t *ids;               /* games[i]->id at i: searched without touching each game */
    int count;                  /* entries of games and ids */
    int capacity;               /* entries allocated of each */
    store_note unheard[UNHEARD_MAX]; /* announcements of changes of games not in memory, a ring */
    uint64_t unheard_count;     /* announcements put in unheard so far */
    pthread_mutex_t queue_lock; /* guards the bots' queues */
    pthread_cond_t queue_ready; /* broadcast when an id is queued or the hub stops */
    id_ring queues[LANES];      /* games whose bot is to move, by lane (at most one entry per game) */
    pthread_t *bot_threads;     /* the bots' threads: settings.bot_threads, then the quick lane's */
    int bot_thread_count;       /* how many were started */
    pthread_t watchdog;         /* time limits, idle bots, announcements */
    int watchdog_started;       /* 1 once the watchdog runs */
    atomic_int stopping;        /* 1 once hub_free began */
    atomic_int hint_searches;   /* hint searches queued or running now (at most settings.max_hint_searches) */
    pthread_mutex_t hints_lock; /* guards hints_queue, hints_stopped and the searches' answered */
    pthread_cond_t hints_ready; /* broadcast when a search is queued or answered, or the hub stops */
    hub_later *hints_queue;     /* hint searches waiting for a thread, oldest first (at most
                                   settings.max_hint_searches: hint_searches counts them) */
    int hints_stopped;          /* 1 once the hub stops: no search is queued any more */
    pthread_t *hint_threads;    /* the hints' threads (settings.max_hint_searches) */
    int hint_thread_count;      /* how many were started */
    atomic_int bots_thinking;   /* bot decisions being thought now (GET /api/stats) */
    atomic_llong bot_moves_in_turn; /* bot actions played from a turn chosen at an earlier decision, unthought
                                       (GET /api/stats) */
    atomic_int parked;          /* requests parked behind another change of their game now (hub_game_park;
                                   GET /api/stats) */
    pthread_mutex_t creators_lock; /* guards creators (taken last: after any game's lock) */
    hub_creator *creators;      /* quota use per address, CREATORS_MAX entries */
    pthread_mutex_t spares_lock; /* guards spare_changes and spare_count */
    hub_change *spare_changes;  /* finished changes kept with their buffers (hub_game.c), a stack */
    int spare_count;            /* entries of spare_changes, at most CHANGE_SPARES */
    pthread_mutex_t level_times_lock; /* guards level_times */
    level_time_live level_times; /* running mean of the bots' turns by game and level (GET /api/bots) */
};


/* ------------------------------------------------------------ hub_reply.c */

/* Fill r with an error: HTTP status, the code of docs/api.md and the
 * reason for people (cut to fit, still valid UTF-8). */
void hub_reply_fail(hub_reply *r, int status, const char *code, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
/* Fill r with a JSON answer (body owned by r). */
void hub_reply_answer(hub_reply *r, int status, json_t *body);
/* 0 if every key of object is one of allowed[0..n-1]; else fills r. */
int hub_reply_only_fields(const json_t *object, const char *const *allowed, int n, hub_reply *r);
/* The integer field name of object in [min, max] into *out (fallback when
 * absent and not required); 0, or -1 with r filled. */
int hub_reply_int_field(const json_t *object, const char *name, json_int_t min, json_int_t max, int required,
                        json_int_t fallback, json_int_t *out, hub_reply *r);
/* The string field name of object (NULL when absent or null); -1 with r
 * filled if it is not a string of fewer than max bytes without control
 * characters. */
int hub_reply_text_field(const json_t *object, const char *name, size_t max, const char **out, hub_reply *r);
/* The error code of a change the store did not keep (rc, not a
 * conflict): "busy" if it could not even be queued (STORE_EBUSY: the
 * writer's queue is full; ask again), else "store". */
const char *hub_reply_store_code(int rc);
/* A whole number from min to max given as the query argument name (text
 * NULL: absent, *out unchanged); 0, or -1 with r filled. */
int hub_reply_query_number(const char *text, const char *name, long min, long max, long *out, hub_reply *r);

/* ------------------------------------------------------------ hub_quota.c */

/* A bot spec the server accepts for a game of def with the options at:
 * parsed (else 400) and, as it plays that game (bot_settings_at: the
 * game's own defaults and level specs), within the hub's limits (else
 * 422), so that no game's bot can starve the others. */
int hub_quota_check_bot_spec(const hub *h, const game_def *def, const game_options *at, const char *spec,
                             const char *what, hub_reply *r);
/* Count a new game of address against its quotas (hub_settings: games per
 * minute and, if it will wait for players, open games): 0, or -1 with r
 * filled (429). A limit of 0 is none. */
int hub_quota_take(hub *h, const char *address, int waits, hub_reply *r);
/* Give back what hub_quota_take counted for a game of address: its open game
 * if it waited (it started, or was never stored) and, if it was never
 * stored (uncreate), its creation too. */
void hub_quota_give_back(hub *h, const char *address, int waited, int uncreate);
/* Give back the open-game quota g (locked) uses once it no longer waits
 * for players. */
void hub_quota_creator_release(hub *h, hub_game *g);

/* ------------------------------------------------------------ hub_game.c */

/* A stored status's name in the API ("open", "running", "finished"). */
const char *hub_game_status_name(store_status status);
/* Release the finished changes h keeps (hub_free). */
void hub_game_free_spares(hub *h);
/* Release g (out of the table, held by nobody) and what it owns. */
void hub_game_free(hub_game *g);
/* An empty game with its lock and condition made, or NULL. */
hub_game *hub_game_new(void);
/* Wait until no change of g (locked) is being stored: every change waits
 * its turn, and sees what the one before stored. Not on a thread of the
 * HTTP pool (there a request parks: hub_game_park). */
void hub_game_wait_changes(hub_game *g);
/* hub_game_wait_changes for a thread of the HTTP pool whose request
 * cannot park (the server stops): it waits only for a change whose own
 * thread waits for the store, and returns 1 at once (else 0) if the change
 * being stored is a suspended request's, which is finished on the pool
 * thread of its connection once resumed (server.c): maybe the very thread
 * that would wait for it. */
int hub_game_wait_on_pool(hub_game *g);
/* Let go of g's lock while a change of it is being stored (hub_game_store_end takes
 * it again): meanwhile everyone reads g as it is stored, and other changes
 * wait (hub_game_wait_changes). suspended: the change is a suspended
 * request's (hub_game_wait_on_pool). */
void hub_game_store_begin(hub_game *g, int suspended);
/* The change hub_game_store_begin announced is stored or refused: g is
 * locked again and the next change may go. */
void hub_game_store_end(hub_game *g);
/* Let go of g's lock; if no change of it is being stored, the requests
 * parked behind the last one are resumed (each one's ready(context)) to
 * be asked again. */
void hub_game_unlock(hub_game *g);
/* Park a request that must wait for the change of g (locked, held by the
 * caller) being stored, without a thread: *later is set to a hub_later
 * that holds g (hub_later_answer then answers HUB_LATER_AGAIN) and g's
 * lock is let go; ready(context) is called once that change is stored.
 * 0, or -1 with r filled (out of memory) and g still locked. */
int hub_game_park(hub_game *g, hub_ready *ready, void *context, hub_later **later, hub_reply *r);
/* Make g play m (replayed from g's row and its events): g takes m over,
 * and m is left empty. */
void hub_game_take_match(hub_game *g, match *m);
/* Make g, whose row was read from the store, play its stored events
 * events[0..n-1]: replayed, or if they do not replay marked broken. */
void hub_game_take_events(hub *h, hub_game *g, const store_event *events, int n);
/* Load game id from the store into a new hub_game (not in the table). A
 * game whose events do not replay is loaded broken (never served). */
hub_game *hub_game_load(hub *h, int64_t id, int *status, char *why, size_t why_len);
/* Replace g's row, seats and match by what the store holds (another
 * process's change; a game to be read again), all or nothing, read on the
 * store's reader (within settings.max_reads) and waited for on the
 * caller's thread (the watchdog's, or the hub starting or the server
 * stopping: never a pool thread's otherwise): if the store
 * cannot be read, g keeps what it had and is marked unsure (served only
 * once a reload succeeds: hub_load reads it again first); if the stored
 * events do not replay, g is marked broken. g is locked, and let go while
 * the store is read (as while a change is stored: readers see g as it
 * was, changes wait). 0 once reloaded. */
int hub_game_reload(hub *h, hub_game *g);
/* The second half of hub_game_reload, for a read done elsewhere (the
 * store's reader, hub_load): g (locked) takes what the read gave (rc, and
 * if STORE_OK the row, seats[0..GAME_MAX_PLAYERS-1] and events[0..n-1]),
 * or keeps what it had and is marked unsure (why: the read's reason). */
int hub_game_take_stored(hub *h, hub_game *g, int rc, const store_game *row, const store_seat *seats,
                         const store_event *events, int n, const char *why);
/* Nonzero if g may be played and shown: it replays and is as stored. */
int hub_game_served(const hub_game *g);
/* The seat of a presented token: its seat, GAME_CHANCE for no token when
 * spectators are allowed, or NO_SEAT with r filled. g is locked. */
int hub_game_seat_of(const hub_game *g, const char *token, int required, hub_reply *r);
/* Seat to move while the game runs, else -1 ("chance" never lasts). */
int hub_game_to_move(const hub_game *g);
/* A game's summary as its stored row and seats tell it (a listing's
 * entry): hub_game_summary_json without hub_game_to_move and scores. */
json_t *hub_game_row_summary_json(const store_game *row, const store_seat *seat_rows);
/* g's summary (GET /api/games/ID): its row, who is to move and the scores;
 * once g is over, also each seat's points by category. */
json_t *hub_game_summary_json(const hub_game *g);
/* The text of action (played in before) as seat may see it with g at now:
 * as game_observe, in full once g is over. */
void hub_game_action_text(const hub_game *g, const void *before, int action, int seat, const void *now, char *buf,
                          size_t len);
/* What seat (GAME_CHANCE: a spectator) sees of g, as GET .../view answers:
 * of the game now (at < 0, state is g->m.state) or of state, the position
 * after the first at actions; with_text: with the position rendered as text
 * for people ("text", the terminal's rendering), which only asking clients
 * get (it changes with nearly every move: most of a stream's patches). */
json_t *hub_game_view_json(const hub_game *g, int seat, const void *state, int at, int with_text);
/* After a change of g (locked): wake the watchers, restart the turn clock
 * if the move passed to another seat, wake a bot. */
void hub_game_changed(hub *h, hub_game *g);
/* Apply actions[0..count-1] (by seat; count 0: none; several: the actions
 * of one line, game.h line_actions) to a copy of g's match (g locked, no
 * change of it being stored), then draw every chance outcome until a seat
 * must act, and store it all in one append with the new status, without
 * g's lock meanwhile; then g plays the copy. applied (if not NULL) receives
 * the lines. 0, or -1 with r filled and g as stored. */
int hub_game_commit(hub *h, hub_game *g, int seat, const int *actions, int count, json_t *applied, hub_reply *r);
/* hub_game_commit without waiting for the store (count >= 1): the change,
 * queued with g's lock let go (as hub_game_store_begin), and
 * on_stored(context) is called once the store answered (on the store's
 * writer thread: it may only take note); or NULL with r filled and g
 * locked as stored. */
hub_change *hub_game_commit_start(hub *h, hub_game *g, int seat, const int *actions, int count,
                                  store_answered *on_stored, void *context, hub_reply *r);
/* The same for taking back the last action of g (locked; match_can_undo)
 * for seat: one undo event, stored as hub_game_commit_start stores a
 * change; once stored (hub_game_commit_end) g has it and counts it in
 * g->undos. */
hub_change *hub_game_undo_start(hub *h, hub_game *g, int seat, store_answered *on_stored, void *context,
                                hub_reply *r);
/* The rest of hub_game_commit for c (waiting for the store if it did not
 * answer yet): its game locked again, then as hub_game_commit; c is freed. */
int hub_game_commit_end(hub *h, hub_change *c, json_t *applied, hub_reply *r);
/* Start g (locked) if it is open and every seat is taken: draw what
 * chance must draw and store the new status. 0, or -1 with r filled. */
int hub_game_start_if_full(hub *h, hub_game *g, hub_reply *r);
/* hub_game_start_if_full without waiting for the store: the start, queued
 * as hub_game_commit_start queues a change (on_stored(context) once the
 * store answered; a start with nothing to draw is its status alone,
 * changed on the store's reader within settings.max_reads); or NULL, with
 * r filled if the start failed, else empty (nothing to start). */
hub_change *hub_game_start_begin(hub *h, hub_game *g, store_answered *on_stored, void *context, hub_reply *r);
/* The rest of hub_game_start_if_full for c: its game locked again; c is
 * freed. */
int hub_game_start_end(hub *h, hub_change *c, hub_reply *r);
/* Another process changed g (locked): take what the store holds, wake
 * watchers and bots, and start the game if the change took its last free
 * seat (the joining process may not have known the other seats were taken;
 * if both start it, the store keeps one start and the other's game is
 * read again). */
void hub_game_catch_up(hub *h, hub_game *g);
/* Store seat (the new state of seat seat->seat of g, locked, no change of
 * it being stored) as hub_game_commit_start queues a change (g's lock let
 * go; on_stored(context) once the store answered, NULL: nobody is told),
 * only if the stored seat is still g's: the change, or NULL with r filled
 * (503) and g locked as stored. */
hub_change *hub_game_seat_start(hub *h, hub_game *g, const store_seat *seat, const char *conflict_code,
                                const char *conflict, store_answered *on_stored, void *context, hub_reply *r);
/* The rest of the seat change c (waiting for the store if it did not
 * answer yet): its game locked again; once stored, g has the seat (0);
 * if another process changed the seat first, g is marked to be read again
 * (unsure: hub_load reads it before it is served) and r gets 409
 * conflict_code "seat N <conflict>"; if the store failed, 503 and g is
 * unchanged (-1). c is freed. */
int hub_game_seat_end(hub *h, hub_change *c, hub_reply *r);
/* Seat of g (locked) as it is once handed over: to nobody in an open
 * game, to the replacement bot in a running one. */
void hub_game_seat_given_up(const hub_game *g, int seat, store_seat *given);
/* Hand seat of g (locked) over (hub_game_seat_given_up), waiting for the
 * store: 0, or -1 with r filled. */
int hub_game_give_up_seat(hub *h, hub_game *g, int seat, hub_reply *r);

/* ---------------------------------------------------------- hub_request.c */

/* What a request waiting without a thread waits for (hub_later). */
typedef enum hub_later_kind {
    LATER_HINTS = 0, /* a hint search on the hints' threads */
    LATER_ACT,       /* an action being stored (change) */
    LATER_UNDO,      /* an undo being stored (change; answered with the state number alone) */
    LATER_CREATE,    /* a new game being stored (created), then its start (change) */
    LATER_SEAT,      /* a seat change being stored (change: a join, leave or hints off), then for a join
                        that fills the game its start (change) */
    LATER_AGAIN,     /* a request parked behind another change of its game (hub_game_park): asked again
                        once that one is stored */
    LATER_LOAD,      /* a request for a game not in memory, its read from the store queued (hub_load): asked
                        again once the game is in memory */
    LATER_LIST,      /* a listing, its stored rows being read (hub_list) */
    LATER_RELOAD     /* a request for a game in memory to be read again (unsure, or behind another process's
                        change: hub_load), its read queued; once read, the game takes it and starts if every
                        seat is taken (its start stored as a join's), and the request is asked again */
} hub_later_kind;

/* A request waiting without a thread (hub.h): a change being stored, a
 * read of the store (a game not in memory, a listing), or a hint search on
 * the hints' threads. */
struct hub_later {
    hub_later_kind kind; /* what it waits for */
    hub_game *g;         /* its game, held (not locked) until answered; a new game: owned, out of the
                            table until stored */
    hub_change *change;  /* the action, undo, seat change or start being stored, else NULL */
    int starting;        /* 1 once change is the game's start (a create's, or a join's) */
    /* a seat change: */
    int starts;          /* 1: a join, which starts the game once stored if every seat is taken */
    json_t *answer;      /* the answer once stored (owned) */
    /* a create: */
    store_pending *created;       /* the new game on its way to the store, NULL once answered */
    int seat_joined;              /* the seat its creator joined (whose token it answers), -1 none */
    char token[TOKEN_TEXT];       /* that seat's token */
    char address[ADDRESS_MAX];    /* the creator's address (quotas) */
    int waits;                    /* 1: the new game counts against its creator's open games */
    uint64_t since;               /* announcements heard before the new game was stored, or a game not in
                                     memory asked for its read (hub_table_add) */
    /* a game's read (g: the game being read, owned; a reload's: held), a listing's: */
    store_read_pending *read;      /* the read on its way, NULL once answered */
    store_event *events;           /* a game's: its events as read (malloc'd by the store) */
    int event_count;               /* their count */
    store_game *rows;              /* a listing's: the rows read (room for its limit); a reload's: its row */
    store_seat (*row_seats)[GAME_MAX_PLAYERS]; /* their seats (a reload: one row's) */
    int row_count;                 /* rows read */
    /* a hint search: */
    const game_def *def; /* the rules */
    int seat;            /* the seat the hints are for */
    int64_t version;     /* the state number they are worked out at */
    void *seen;          /* the seat's observation there (owned), NULL once searched */
    json_t *hints;       /* the answer once worked out (owned), NULL if it failed */
    int answered;        /* 1 once worked out (guarded by hub.hints_lock) */
    char why[200];       /* why it failed */
    hub_ready *done;     /* called once worked out or stored (the hints' or the store's thread) */
    void *context;       /* done's argument */
    hub_later *next;     /* next on hub.hints_queue, or on its game's parked requests */
};

/* ------------------------------------------------------------ hub_hints.c */

/* The hints' threads hub_new starts (arg: the hub; settings.max_hint_searches
 * of them): each works out the searches queued by hub_hints, one at a time,
 * until the hub stops and none is left. */
void *hub_hints_thread(void *arg);
/* The answer of a hint search hub_hints queued (waiting for it if need
 * be): later is freed and its game let go. */
void hub_hints_answer(hub *h, hub_later *later, hub_reply *r);

/* ------------------------------------------------------------ hub_table.c */

/* Make room in the table for a game about to be created, before it is
 * stored (so that a game is not stored that could not then be served):
 * 0, or -1 with r filled (503 busy). */
int hub_table_room_for_new(hub *h, hub_reply *r);
/* Put g (held by nobody) in the table unless a game with its id is there,
 * and hold it: returns the one in the table (g is freed if it lost; *added
 * says whether g went in), or NULL with r filled if there is no room or
 * no memory. since: unheard_count when g was read from the store; *missed
 * is set if the store announced a change of g since then (g may be behind). */
hub_game *hub_table_add(hub *h, hub_game *g, uint64_t since, int *added, int *missed, hub_reply *r);
/* The game in memory with id, held (hub_table_release when done), or NULL; then
 * *since (if not NULL) is the count of announcements heard so far, for
 * hub_table_add. */
hub_game *hub_table_find(hub *h, int64_t id, uint64_t *since);
/* Let go of a game hub_table_find or hub_table_add gave. */
void hub_table_release(hub *h, hub_game *g);
/* Unlock a game hub_table_lock_game gave and let go of it. */
void hub_table_unlock(hub *h, hub_game *g);
/* The game an announcement of another process is about, held, if it is in
 * memory; else NULL, and the announcement is kept for hub_table_add (so that a
 * game being loaded meanwhile is caught up). */
hub_game *hub_table_find_heard(hub *h, const store_note *note);
/* The count of announcements heard so far, for hub_table_add. */
uint64_t hub_table_heard(hub *h);
/* Game id, in memory (hub_load put it there), held and locked
 * (hub_table_unlock when done); NULL with r filled if it cannot be served
 * (500 broken). Nothing is read from the store here: a game that left
 * memory, or is to be read again, since hub_load looked is 503 with
 * r->again set (the request is made again from hub_load). */
hub_game *hub_table_lock_game(hub *h, int64_t id, hub_reply *r);
/* hub_table_lock_game for a request that changes the game, once no other
 * change of it is being stored: while one is, the request is parked
 * (hub_game_park: NULL, *later set, r empty); if it cannot wait (later
 * NULL: the server stops), it waits here for a change whose thread waits
 * for the store (hub_game_wait_on_pool), and for a suspended request's it
 * gets NULL with r filled (409 changing). */
hub_game *hub_table_lock_game_to_change(hub *h, int64_t id, hub_ready *ready, void *context, hub_later **later,
                                        hub_reply *r);
/* What hub_load did with later (LATER_LOAD) once its read is answered:
 * the game put in memory (HUB_LATER_AGAIN: the request is made again), or
 * r filled (404, 503). later is freed. */
hub_later_outcome hub_table_load_end(hub *h, hub_later *later, hub_reply *r);
/* The table's games, each held (hub_table_release_all when done); *n their
 * number. NULL if memory fails. */
hub_game **hub_table_snapshot(hub *h, int *n);
/* Let go of the games of a hub_table_snapshot and free it. */
void hub_table_release_all(hub *h, hub_game **games, int n);
/* Games unused for settings.idle_seconds (finished ones sooner) that may
 * leave memory leave it; they come back from the store when asked for. */
void hub_table_evict_idle(hub *h);

/* ------------------------------------------------------------ hub_watch.c */

/* Tell g's watchers it changed (g locked): each one's notify. */
void hub_watch_changed(hub_game *g);
/* Release what a game keeps for its watchers (none left; NULL: nothing). */
void hub_watch_free_all(struct hub_watchers *watchers);

/* ------------------------------------------------------------ hub_bots.c */

/* Put g's id on its bot's queue if a bot is to move and none is queued
 * (a game is queued at most once: the queues hold at most the games in
 * memory). */
void hub_bots_queue(hub *h, hub_game *g);
/* The threads hub_new starts (arg: the hub), until it stops: a bot thread
 * (every lane, quick bots first), the quick lane's own thread, and the
 * watchdog (once a second: turn limits, bots to wake, idle games out of
 * memory; other processes' changes as the store announces them). */
void *hub_bots_thread(void *arg);
void *hub_bots_quick_thread(void *arg);
void *hub_bots_watchdog_thread(void *arg);

#endif
