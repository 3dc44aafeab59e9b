/*
 * hub.h -- the server's games in play: each game's match held in memory and
 * rebuilt from its stored events, the requests of docs/api.md carried out on
 * it, bots playing their seats on the hub's own threads, turn time limits,
 * and the live updates of watchers.
 *
 * The hub is the server's authority: it checks every request's seat token,
 * state number and legality; it draws every chance outcome (draw.h); it
 * works every change out on a copy of the game and stores it (store.h)
 * before the game shows it and the request is answered, so memory never
 * runs ahead of the database: what the store refuses did not happen. The
 * game's lock is let go while the store writes, so readers go on (seeing
 * the game as stored) while its other changes wait their turn. Games leave
 * memory when nothing is to happen in them and come back on demand, within
 * the limits of hub_settings. Everything it answers for a seat is built
 * from that seat's observation (a spectator's is the public one); once a
 * game is over, everyone sees all of it.
 *
 * Requests arrive as already parsed JSON (server.c does HTTP); each request
 * function fills a hub_reply: an HTTP status and a JSON body (or a text), or
 * an error code and reason. Safe to call from many threads: the hub's table
 * has one lock, each game its own (always taken after the table's).
 */
#ifndef MAYA_HUB_H
#define MAYA_HUB_H

#include <jansson.h>
#include <stdint.h>

#include "server/store.h"

typedef struct hub hub;
typedef struct hub_watch hub_watch;

typedef struct hub_settings {
    int bot_threads;        /* threads playing bot seats (>= 1), besides the one of quick bots */
    int keepalive_seconds;  /* silence before a watcher gets a keep-alive comment */
    int max_bot_millis;     /* longest time budget a bot spec may ask for */
    int max_bot_threads;    /* most search threads a bot spec may ask for */
    int max_bot_iterations; /* most iterations a bot spec may ask for */
    int max_bot_nodes;      /* largest node pool per thread a bot spec may ask for */
    int max_hint_searches;  /* hint searches at once; more are answered 503 busy */
    int max_undos;          /* undos one game may store; more are refused (bounds its events) */
    int creates_per_minute; /* games one address may create per quota window; more are refused */
    int quota_window_seconds; /* the window creates_per_minute counts in (60; a test may lengthen it so
                                 that no check depends on how fast it runs) */
    int open_per_address;   /* games one address created that may wait for players at once */
    int max_reads;          /* reads of the store waiting at once for requests (a game not in memory, a
                               listing); more are answered 503 busy */
    int max_games;          /* games kept in memory at once (0: no limit); beyond it the one
                               unused longest that may leave does, else new ones are refused */
    int idle_seconds;       /* a game nobody used this long leaves memory if nothing is to
                               happen in it (0: never; finished games after a minute at most) */
    int log_per_second;     /* lines of the games' log (a game that cannot be read, start or move) written
                               in a second (>= 1); the rest are counted and the count logged */
} hub_settings;

typedef struct hub_reply {
    int status;        /* HTTP status */
    json_t *body;      /* JSON answer (owned; NULL for an error or a text answer) */
    char *text;        /* text answer (owned, malloc'd), e.g. a record; else NULL */
    const char *code;  /* error code of docs/api.md (static), NULL on success */
    char error[256];   /* reason for people, "" on success */
    int again;         /* 1 with a 503: the game left memory, or is to be read again from the store, since
                          hub_load looked (nothing was read here): make the request again from hub_load */
} hub_reply;

/* The settings for play. */
void hub_default_settings(hub_settings *settings);
/* A hub over st: loads every open and running game, starts the bot and
 * watchdog threads. NULL with a reason on failure. st stays the caller's. */
hub *hub_new(store *st, const hub_settings *settings, char *why, size_t why_len);
/* End every watcher's stream and stop the bots (before the HTTP server
 * stops, so that no connection waits for a change that will never come). */
void hub_stop(hub *h);
/* Stop (hub_stop) and release the hub, once nothing calls it any more. */
void hub_free(hub *h);

/* Release what a reply owns (the reply itself is the caller's). */
void hub_reply_free(hub_reply *r);

/* The requests of docs/api.md. token is the presented seat token or NULL;
 * address is the client's IP address as text (quotas are per address). */
void hub_summary(hub *h, int64_t id, hub_reply *r);
/* at: NULL for the game now, else "N": the position after the first N
 * actions of the current line of play (the replay viewer's steps); text:
 * "1" for the view with the position rendered as text, NULL or "0"
 * without. */
void hub_view(hub *h, int64_t id, const char *token, const char *at, const char *text, hub_reply *r);
void hub_legal(hub *h, int64_t id, const char *token, const char *prefix, hub_reply *r);
/* What line, a line of several steps (a Tzolk'in market visit), would
 * change in the observation of token's seat, which is to act: a JSON Patch
 * from its observation now, worked out on a copy (nothing is stored). */
void hub_preview(hub *h, int64_t id, const char *token, const char *line, hub_reply *r);
/* A request waiting without a thread: a new game, an action, an undo or
 * a seat change for its commit (hub_create, hub_act, hub_undo, hub_join,
 * hub_leave, hub_hints_off), hints for their search (hub_hints), a
 * change parked behind another change of its game being stored, or a
 * read of the store (hub_load, hub_list). */
typedef struct hub_later hub_later;
/* Called once the answer of a request left waiting is ready (on the
 * store's writer thread, or a hints' thread; for a parked request, on the
 * thread that let go of its game once its change was stored): it may only
 * take note (e.g. resume a connection). */
typedef void hub_ready(void *context);
/* A change of a game that waits for its commit: an action (hub_act), an
 * undo (hub_undo), a seat taken (hub_join: the token is not used), given
 * up (hub_leave) or its hints turned off (hub_hints_off). later NULL:
 * answers once the change is stored. Else, if the change is to be stored,
 * or must wait for another change of the game being stored, *later is
 * set, r left empty and the game's lock let go: ready(context) is called
 * once the store answered (or the other change is stored), and
 * hub_later_answer (on any thread, exactly once) then fills r or asks for
 * the request again; otherwise *later is NULL and r is the answer. */
typedef void hub_change_request(hub *h, int64_t id, const char *token, const json_t *body, hub_ready *ready,
                                void *context, hub_later **later, hub_reply *r);
hub_change_request hub_act;
hub_change_request hub_undo;
hub_change_request hub_join;
hub_change_request hub_leave;
hub_change_request hub_hints_off;
/* A new game (address: the creator's, for the quotas), as hub_act:
 * stored, then started if every seat is taken (a second wait for the
 * store: hub_later_answer). */
void hub_create(hub *h, const json_t *body, const char *address, hub_ready *ready, void *context, hub_later **later,
                hub_reply *r);
/* Before any request for game id (server.c): if the game is not in
 * memory, its read from the store is queued to the store's reader, *later
 * set and r left empty, so that no thread of the HTTP pool waits on the
 * disk: ready(context) is called once it is read, and hub_later_answer
 * then puts it in memory and answers HUB_LATER_AGAIN (make the request
 * again), or fills r (404 no such game, 503 the store failed). A game in
 * memory that is to be read again (after a failure of the store, or
 * behind another process's change it did not hear of) is read the same
 * way, then takes what was read (and starts if every seat is then taken,
 * a second wait as a join's start), or, while another thread reads or
 * changes it, the request waits for that without a thread (parked).
 * Otherwise *later is NULL and r empty (the game is in memory: go on), or
 * r is filled: 503 busy when settings.max_reads reads wait already. later
 * NULL (the hub starting, or the server stopping): the game is read here,
 * on the caller's thread, and r filled if it cannot be. The request
 * functions never read a game themselves: one that finds its game gone
 * from memory, or to be read again, since hub_load looked answers 503 with
 * r->again set (hub_reply). */
void hub_load(hub *h, int64_t id, hub_ready *ready, void *context, hub_later **later, hub_reply *r);
/* GET /api/games: the stored rows of the games with status (NULL: any), at
 * most limit, read on the store's reader as hub_load reads a game (*later
 * set, r empty; hub_later_answer then answers); later NULL: read here. A
 * game in memory is listed as it is there. */
void hub_list(hub *h, const char *status, const char *limit, hub_ready *ready, void *context, hub_later **later,
              hub_reply *r);
/* What hub_later_answer did. */
typedef enum hub_later_outcome {
    HUB_LATER_ANSWERED = 0, /* r is the answer; later is freed */
    HUB_LATER_WAITS = 1,    /* it waits again (a new game's or a join's start on its way to the store): later
                               kept, r empty, ready(context) called again once answered */
    HUB_LATER_AGAIN = 2     /* a parked request whose game's change is stored: make the request again
                               (later freed, r empty) */
} hub_later_outcome;
/* The answer of a request left waiting (waiting for it if ready was not
 * called yet). A create or join whose game is now to start waits again
 * only if may_wait (else the start is waited for here). */
hub_later_outcome hub_later_answer(hub *h, hub_later *later, int may_wait, hub_reply *r);
void hub_log(hub *h, int64_t id, const char *token, const char *from, hub_reply *r);
void hub_record(hub *h, int64_t id, const char *token, hub_reply *r);
/* The hint bot's best actions for token's seat, which is to act, from its
 * own observation only; kept for the state number they were made at. A
 * search is worked out on one of the hub's max_hint_searches hints'
 * threads, without the game's lock; beyond that many at once, 503 busy.
 * As hub_act: *later is set if a search was queued (ready(context) once
 * it is worked out, then hub_later_answer), else r is the answer. */
void hub_hints(hub *h, int64_t id, const char *token, hub_ready *ready, void *context, hub_later **later,
               hub_reply *r);
/* The seed of the hints of game id at state number version (bot_hints):
 * the same position gives the same hints. */
uint64_t hub_hints_seed(int64_t id, int64_t version);
/* The difficulty levels people may pick a bot by, and the hints' level. */
void hub_bots(hub *h, hub_reply *r);
/* GET /api/catalog: the games the server offers (name, title, variants,
 * seats, from the engines' registry) and its bots' levels. */
void hub_catalog(hub *h, hub_reply *r);
/* GET /api/facts/NAME: the static facts of the game called name
 * (observe_facts_json); 404 if no such game or it has none. */
void hub_facts(const char *name, hub_reply *r);
/* The server's load as GET /api/stats tells it: games in memory, their
 * limit, bot decisions being thought now, requests parked behind another
 * change of their game, and the store's writer's figures. */
void hub_stats(hub *h, hub_reply *r);

/* Live updates, without a thread each. A watcher of game id as token's
 * seat (NULL: spectator), of whole views only if whole is "1" (NULL or
 * "0": patches, below), of views with their "text" if text is "1" (as
 * hub_view); NULL with the error in r if the game, the token, whole or
 * text is wrong.
 * notify(context) is called after every change of the game and when the
 * hub stops, on the thread that made the change and with the game's lock
 * held: it may only take note (e.g. wake a connection), never call the
 * hub. */
typedef void hub_watch_notify(void *context);
hub_watch *hub_watch_open(hub *h, int64_t id, const char *token, const char *whole, const char *text,
                          hub_watch_notify *notify, void *context, hub_reply *r);

typedef enum hub_watch_status {
    HUB_WATCH_READY, /* *text is the next piece */
    HUB_WATCH_WAIT,  /* nothing yet: ask again after notify, or at *due for a keep-alive */
    HUB_WATCH_END    /* the stream is over (the hub stops, or the token stopped working) */
} hub_watch_status;

/* The next piece of the event stream, without waiting: the view at once on
 * the first call, then after each change (the latest only, if several came
 * meanwhile) what changed since the view the watcher has, as a patch
 * (jpatch.h; one after the other if it is a few changes behind), or the
 * whole view if it is further behind or asked for whole views; or a
 * keep-alive comment after keepalive_seconds of silence (docs/api.md). A
 * view and its patch are rendered once per change for each seat (once for
 * all spectators), outside the game's lock, and shared by its watchers:
 * *text (*len bytes, Server-Sent Events form) stays valid until the next
 * call or hub_watch_close. On HUB_WATCH_WAIT, *due is when (timer_now) a
 * keep-alive falls due. */
hub_watch_status hub_watch_poll(hub_watch *w, const char **text, size_t *len, double *due);
/* Stop watching (NULL: nothing); no notify follows. */
void hub_watch_close(hub_watch *w);

#endif
