/*
 * hub.c -- the server's games in play (see hub.h): the table of games in
 * memory, each rebuilt from its stored events; the requests of docs/api.md;
 * the bot threads; the watchdog thread (turn time limits, bots to wake,
 * other processes' changes announced by the store); live watchers.
 *
 * Locks: the table lock (hub.table_lock) guards the table of games and
 * who holds each (refs); a game's watchers' render lock (the watcher
 * section) is taken before that game's lock, which guards the game; the
 * queue lock guards the bots' queues; the creators lock the quotas. They
 * are taken in that order only; no lock is held while a bot thinks, nor a
 * game's while its change is being stored (store_begin, store_end) or its
 * view rendered.
 */
#include "server/hub.h"

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bots/bot.h"
#include "games.h"
#include "match.h"
#include "record/record.h"
#include "server/draw.h"
#include "server/jpatch.h"
#include "server/observe.h"
#include "server/token.h"
#include "timer.h"

enum {
    LIST_DEFAULT = 50,        /* games listed when no limit is asked */
    LIST_MAX = 500,           /* most games one list answers */
    LOAD_MAX = 1000000,       /* most unfinished games loaded at start */
    TURN_SECONDS_MAX = 604800, /* longest turn limit: a week */
    CREATORS_MAX = 4096,      /* addresses whose quota use is kept at once */
    UNHEARD_MAX = 1024,       /* announcements of games not in memory kept (hub.unheard) */
    FINISHED_IDLE_SECONDS = 60, /* a finished game unused this long leaves memory */
    ADDRESS_MAX = 48,         /* an IP address as text, NUL included */
    NO_SEAT = -100            /* seat_of: the request was refused */
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
    double minute_start;       /* timer_now() when its current minute of creations began */
    int created;               /* games it created in that minute */
    int open;                  /* its games still waiting for players */
} hub_creator;

typedef struct hub_game {
    int64_t id;                         /* the game's id: set before it enters the table, then never
                                           changed (read without the lock) */
    int refs;                           /* threads holding it outside the table's lock (guarded by
                                           the table's lock): it leaves memory only at 0 */
    pthread_mutex_t lock;               /* guards everything below */
    int storing;                        /* 1 while a change is being stored, the lock let go: other
                                           changes wait (game_wait_changes), readers see g as stored */
    pthread_cond_t stored;              /* broadcast when a change has been stored or refused */
    struct hub_watchers *watchers;      /* live watchers and their shared views, NULL before the first */
    uint64_t epoch;                     /* changes seen by this process (events, seats, reloads) */
    store_game row;                     /* the stored row: options, status, state number */
    store_seat seats[GAME_MAX_PLAYERS]; /* the stored seats */
    const game_def *def;                /* the rules */
    match m;                            /* the game replayed from its stored events */
    int broken;                         /* 1 if the stored events do not replay: never served */
    int unsure;                         /* 1 if a refused change could not be put back or the store
                                           not read after it: served again once a reload succeeds */
    int bot_queued;                     /* 1 while a bot's move is queued or being thought */
    double turn_started;                /* when turn_seat got the move (timer_now, seconds) */
    int turn_seat;                      /* seat whose turn turn_started times, -1 none */
    json_t *hints;                      /* the last hints answer (owned), NULL none */
    int64_t hints_version;              /* the state number it was worked out at */
    int undos;                          /* undos among its stored events (hub_settings.max_undos) */
    char creator[ADDRESS_MAX];          /* address whose open-game quota it uses while open, "" none */
    double used;                        /* timer_now() when a request last used it */
} hub_game;

struct hub {
    store *st;                  /* where every game is kept (the caller's) */
    hub_settings settings;      /* limits and thread counts */
    pthread_mutex_t table_lock; /* guards games, count, capacity, the games' refs, unheard */
    hub_game **games;           /* games in memory, sorted by id */
    int count;                  /* entries of games */
    int capacity;               /* entries allocated */
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
    atomic_int hint_searches;   /* hint searches running now (at most settings.max_hint_searches) */
    atomic_int bots_thinking;   /* bot decisions being thought now (GET /api/stats) */
    pthread_mutex_t creators_lock; /* guards creators (taken last: after any game's lock) */
    hub_creator *creators;      /* quota use per address, CREATORS_MAX entries */
};

/* Of the watchers section below: tell a game's watchers it changed (its
 * lock held); release what the game keeps for them. */
static void watchers_notify(hub_game *g);
static void watchers_free(struct hub_watchers *watchers);

/* ------------------------------------------------------------ replies */

static void fail(hub_reply *r, int status, const char *code, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Cut text where a UTF-8 sequence that a shortened text broke off begins,
 * so that it stays valid UTF-8 (JSON strings must be). */
static void utf8_cut_broken_end(char *text)
{
    size_t len = strlen(text), start = len;

    while (start > 0 && len - start < 4 && ((unsigned char)text[start - 1] & 0xC0) == 0x80)
        start--; /* back over continuation bytes to the sequence's lead byte */
    if (start > 0 && (unsigned char)text[start - 1] >= 0xC0) {
        unsigned char lead = (unsigned char)text[start - 1];
        size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (len - (start - 1) < need)
            text[start - 1] = '\0';
    }
}

static void fail(hub_reply *r, int status, const char *code, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vsnprintf(r->error, sizeof r->error, format, args);
    va_end(args);
    utf8_cut_broken_end(r->error);
    r->status = status;
    r->code = code;
}

static void answer(hub_reply *r, int status, json_t *body)
{
    r->status = status;
    r->body = body;
    if (body == NULL)
        fail(r, 500, "internal", "out of memory");
}

void hub_reply_free(hub_reply *r)
{
    json_decref(r->body);
    free(r->text);
    r->body = NULL;
    r->text = NULL;
}

void hub_default_settings(hub_settings *settings)
{
    *settings = (hub_settings){
        .bot_threads = 2,
        .keepalive_seconds = 15,
        .max_bot_millis = 2000,
        .max_bot_threads = 2,
        .max_bot_iterations = 50000,
        .max_bot_nodes = 200000,
        .max_hint_searches = 2,
        .max_undos = 300,
        .creates_per_minute = 30,
        .open_per_address = 10,
        .max_games = 10000,
        .idle_seconds = 600,
    };
}

/* ------------------------------------------------------------ JSON fields */

/* 0 if every key of object is one of allowed[0..n-1]; else fills r. */
static int only_fields(const json_t *object, const char *const *allowed, int n, hub_reply *r)
{
    const char *key;
    json_t *value;

    if (!json_is_object(object)) {
        fail(r, 400, "bad_json", "the body must be a JSON object");
        return -1;
    }
    json_object_foreach((json_t *)object, key, value) {
        int known = 0;
        for (int i = 0; i < n && !known; i++)
            known = strcmp(key, allowed[i]) == 0;
        if (!known) {
            fail(r, 400, "bad_field", "unknown field \"%s\"", key);
            return -1;
        }
    }
    return 0;
}

/* The integer field name of object in [min, max] into *out (fallback when
 * absent and not required); 0, or -1 with r filled. */
static int int_field(const json_t *object, const char *name, json_int_t min, json_int_t max, int required,
                     json_int_t fallback, json_int_t *out, hub_reply *r)
{
    const json_t *value = json_object_get(object, name);

    if (value == NULL || json_is_null(value)) {
        if (required) {
            fail(r, 400, "bad_field", "field \"%s\" is missing", name);
            return -1;
        }
        *out = fallback;
        return 0;
    }
    if (!json_is_integer(value) || json_integer_value(value) < min || json_integer_value(value) > max) {
        fail(r, 400, "bad_field", "field \"%s\" must be a whole number from %lld to %lld", name, (long long)min,
             (long long)max);
        return -1;
    }
    *out = json_integer_value(value);
    return 0;
}

/* The string field name of object (NULL when absent or null); -1 with r
 * filled if it is not a string of fewer than max bytes without control
 * characters. */
static int text_field(const json_t *object, const char *name, size_t max, const char **out, hub_reply *r)
{
    const json_t *value = json_object_get(object, name);
    const char *text;

    *out = NULL;
    if (value == NULL || json_is_null(value))
        return 0;
    if (!json_is_string(value)) {
        fail(r, 400, "bad_field", "field \"%s\" must be a string", name);
        return -1;
    }
    text = json_string_value(value);
    if (strlen(text) >= max || strlen(text) != json_string_length(value)) {
        fail(r, 400, "bad_field", "field \"%s\" is too long (at most %zu bytes)", name, max - 1);
        return -1;
    }
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if (*c < 0x20 || *c == 0x7f || *c == '"') {
            fail(r, 400, "bad_field", "field \"%s\" holds a control character or a quote", name);
            return -1;
        }
    *out = text;
    return 0;
}

/* A bot spec the server accepts: parsed (else 400) and within the hub's
 * limits (else 422), so that no game's bot can starve the others. */
static int check_bot_spec(const hub *h, const char *spec, const char *what, hub_reply *r)
{
    const hub_settings *limit = &h->settings;
    bot_settings settings;
    char why[160];

    if (bot_parse(spec, &settings, why, sizeof why) != 0) {
        fail(r, 400, "bad_field", "%s: %s", what, why);
        return -1;
    }
    if (settings.millis > limit->max_bot_millis || settings.threads > limit->max_bot_threads ||
        settings.iterations > limit->max_bot_iterations || settings.nodes > limit->max_bot_nodes) {
        fail(r, 422, "bot_limit", "%s \"%s\": this server allows bots at most millis=%d, threads=%d, iterations=%d, nodes=%d",
             what, spec, limit->max_bot_millis, limit->max_bot_threads, limit->max_bot_iterations,
             limit->max_bot_nodes);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ quotas */

/* Count a new game of address against its quotas (hub_settings: games per
 * minute and, if it will wait for players, open games): 0, or -1 with r
 * filled (429). A limit of 0 is none. */
static int quota_take(hub *h, const char *address, int waits, hub_reply *r)
{
    const hub_settings *limit = &h->settings;
    double now = timer_now();
    hub_creator *entry = NULL, *reusable = NULL;
    int refused = 0;

    pthread_mutex_lock(&h->creators_lock);
    for (int i = 0; i < CREATORS_MAX && entry == NULL; i++) {
        hub_creator *c = &h->creators[i];
        if (strcmp(c->address, address) == 0)
            entry = c;
        else if (reusable == NULL && (c->address[0] == '\0' || (c->open == 0 && now - c->minute_start >= 60.0)))
            reusable = c;
    }
    if (entry == NULL && reusable != NULL) {
        entry = reusable;
        *entry = (hub_creator){.minute_start = now};
        snprintf(entry->address, sizeof entry->address, "%s", address);
    }
    if (entry == NULL) {
        refused = 1;
        fail(r, 429, "quota", "the server is busy with games of %d other addresses: try again in a minute",
             CREATORS_MAX);
    } else {
        if (now - entry->minute_start >= 60.0) {
            entry->minute_start = now;
            entry->created = 0;
        }
        if (limit->creates_per_minute > 0 && entry->created >= limit->creates_per_minute) {
            refused = 1;
            fail(r, 429, "quota", "%d games were created from your address in the last minute (the most): try again in %.0f s",
                 entry->created, 60.0 - (now - entry->minute_start) + 0.5);
        } else if (waits && limit->open_per_address > 0 && entry->open >= limit->open_per_address) {
            refused = 1;
            fail(r, 429, "quota",
                 "%d games created from your address are waiting for players (the most): start or leave one first",
                 entry->open);
        } else {
            entry->created++;
            entry->open += waits;
        }
    }
    pthread_mutex_unlock(&h->creators_lock);
    return refused ? -1 : 0;
}

/* Give back what quota_take counted for a game of address: its open game
 * if it waited (it started, or was never stored) and, if it was never
 * stored (uncreate), its creation too. */
static void quota_give_back(hub *h, const char *address, int waited, int uncreate)
{
    pthread_mutex_lock(&h->creators_lock);
    for (int i = 0; i < CREATORS_MAX; i++) {
        hub_creator *c = &h->creators[i];
        if (strcmp(c->address, address) == 0) {
            assert(c->open >= waited);
            c->open -= waited;
            if (uncreate && c->created > 0)
                c->created--;
            break;
        }
    }
    pthread_mutex_unlock(&h->creators_lock);
}

/* ------------------------------------------------------------ one game */

static const char *status_name(store_status status)
{
    return status == STORE_OPEN ? "open" : status == STORE_RUNNING ? "running" : "finished";
}

static void game_free(hub_game *g)
{
    if (g == NULL)
        return;
    match_free(&g->m);
    json_decref(g->hints);
    watchers_free(g->watchers);
    pthread_mutex_destroy(&g->lock);
    pthread_cond_destroy(&g->stored);
    free(g);
}

static hub_game *game_new(void)
{
    hub_game *g = calloc(1, sizeof *g);

    if (g == NULL)
        return NULL;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->stored, NULL);
    g->turn_seat = -1;
    return g;
}

/* Wait until no change of g (locked) is being stored: every change waits
 * its turn, and sees what the one before stored. */
static void game_wait_changes(hub_game *g)
{
    while (g->storing)
        pthread_cond_wait(&g->stored, &g->lock);
}

/* Let go of g's lock while a change of it is being stored (store_end takes
 * it again): meanwhile everyone reads g as it is stored, and other changes
 * wait (game_wait_changes). */
static void store_begin(hub_game *g)
{
    assert(!g->storing);
    g->storing = 1;
    pthread_mutex_unlock(&g->lock);
}

static void store_end(hub_game *g)
{
    pthread_mutex_lock(&g->lock);
    g->storing = 0;
    pthread_cond_broadcast(&g->stored);
}

/* The match of a game with row's options after its events, into *out (a
 * match of its own; nothing to free on failure). 0, or -1 with a reason. */
static int replay_events(const store_game *row, const store_event *events, int n, match *out, char *why,
                         size_t why_len)
{
    const game_def *def = games_find(row->game);
    game_options options;

    if (def == NULL) {
        snprintf(why, why_len, "unknown game \"%s\"", row->game);
        return -1;
    }
    options.players = row->players;
    options.variant = row->variant[0] ? games_variant_find(def, row->variant) : 0;
    if (options.variant < 0 || match_init(out, def, &options, why, why_len) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        char reason[200];
        if (events[i].kind == STORE_UNDO) {
            if (match_undo(out, reason, sizeof reason) != 0) {
                snprintf(why, why_len, "event %d (undo): %s", i + 1, reason);
                match_free(out);
                return -1;
            }
            continue;
        }
        if (match_apply_line(out, events[i].text, reason, sizeof reason) != 0) {
            snprintf(why, why_len, "event %d (%s): %s", i + 1, events[i].text, reason);
            match_free(out);
            return -1;
        }
    }
    return 0;
}

/* The undos among events[0..n-1]. */
static int undo_count(const store_event *events, int n)
{
    int undos = 0;

    for (int i = 0; i < n; i++)
        undos += events[i].kind == STORE_UNDO;
    return undos;
}

/* Make g play m (replayed from g's row and its events): g takes m over,
 * and m is left empty. */
static void game_take_match(hub_game *g, match *m)
{
    match_free(&g->m);
    g->m = *m;
    *m = (match){0};
    g->def = g->m.game;
    g->broken = 0;
}

/* Load game id from the store into a new hub_game (not in the table). A
 * game whose events do not replay is loaded broken (never served). */
static hub_game *game_load(hub *h, int64_t id, int *status, char *why, size_t why_len)
{
    hub_game *g = game_new();
    store_event *events = NULL;
    int n = 0, rc;
    match m;

    if (g == NULL) {
        *status = STORE_EIO;
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    rc = store_load(h->st, id, &g->row, g->seats, &events, &n, why, why_len);
    g->id = id;
    if (rc == STORE_OK && replay_events(&g->row, events, n, &m, why, why_len) == 0) {
        game_take_match(g, &m);
        g->undos = undo_count(events, n);
    } else if (rc == STORE_OK) {
        g->broken = 1;
        fprintf(stderr, "maya serve: game %lld does not replay: %s\n", (long long)id, why);
    }
    free(events);
    *status = rc;
    if (rc != STORE_OK) {
        game_free(g);
        return NULL;
    }
    return g;
}

/* Replace g's row, seats and match by what the store holds (after a
 * conflict, or another process's change), all or nothing: if the store
 * cannot be read, g keeps what it had and is marked unsure (lock_game
 * serves it only once a reload succeeds); if the stored events do not
 * replay, g is marked broken. g is locked. 0 once reloaded. */
static int game_reload(hub *h, hub_game *g)
{
    store_game row;
    store_seat seats[GAME_MAX_PLAYERS];
    store_event *events = NULL;
    int n = 0;
    char why[256];
    match m;

    game_wait_changes(g);
    if (store_load(h->st, g->row.id, &row, seats, &events, &n, why, sizeof why) != STORE_OK) {
        g->unsure = 1;
        fprintf(stderr, "maya serve: game %lld cannot be reloaded: %s\n", (long long)g->row.id, why);
        free(events);
        return -1;
    }
    g->unsure = 0;
    if (replay_events(&row, events, n, &m, why, sizeof why) == 0) {
        game_take_match(g, &m);
        g->undos = undo_count(events, n);
    } else {
        g->broken = 1;
        fprintf(stderr, "maya serve: game %lld does not replay: %s\n", (long long)g->row.id, why);
    }
    free(events);
    g->row = row;
    memcpy(g->seats, seats, sizeof seats);
    g->epoch++;
    watchers_notify(g);
    return g->broken ? -1 : 0;
}

/* Nonzero if g may be played and shown: it replays and is as stored. */
static int game_served(const hub_game *g)
{
    return !g->broken && !g->unsure;
}

/* The seat of a presented token: its seat, GAME_CHANCE for no token when
 * spectators are allowed, or NO_SEAT with r filled. g is locked. */
static int seat_of(const hub_game *g, const char *token, int required, hub_reply *r)
{
    unsigned char hash[STORE_HASH_BYTES];

    if (token == NULL || token[0] == '\0') {
        if (!required)
            return GAME_CHANCE;
        fail(r, 401, "no_token", "this request needs a seat's token (Authorization: Bearer TOKEN)");
        return NO_SEAT;
    }
    if (token_hash(token, hash) == 0)
        for (int s = 0; s < g->row.players; s++)
            if (token_matches(hash, g->seats[s].token_hash))
                return s;
    fail(r, 401, "bad_token", "the token is no seat's token in game %lld", (long long)g->row.id);
    return NO_SEAT;
}

/* Seat to move while the game runs, else -1 ("chance" never lasts). */
static int to_move(const hub_game *g)
{
    return g->row.status == STORE_RUNNING ? match_current_player(&g->m) : -1;
}

/* A current player as the API shows it: the seat, "chance" or null (over). */
static json_t *player_json(int player)
{
    return player == GAME_CHANCE ? json_string("chance") : player >= 0 ? json_integer(player) : json_null();
}

static json_t *to_move_json(const hub_game *g)
{
    return g->row.status == STORE_RUNNING ? player_json(to_move(g)) : json_null();
}

/* The scores as everyone may see them (computed on the public view). */
static json_t *scores_json(const hub_game *g, const void *public_view)
{
    int scores[GAME_MAX_PLAYERS];
    json_t *list = json_array();

    g->def->scores(public_view, scores);
    for (int s = 0; s < g->row.players; s++)
        json_array_append_new(list, json_integer(scores[s]));
    return list;
}

/* A game's summary as its stored row and seats tell it (a listing's
 * entry): summary_json without to_move and scores. */
static json_t *row_summary_json(const store_game *row, const store_seat *seat_rows)
{
    json_t *seats = json_array();

    for (int s = 0; seats != NULL && s < row->players; s++) {
        const store_seat *seat = &seat_rows[s];
        json_array_append_new(seats, json_pack("{s:i, s:s, s:s?, s:s, s:b, s:b}", "seat", s, "type",
                                               seat->is_bot ? "bot" : "human", "bot",
                                               seat->is_bot ? seat->bot : NULL, "name", seat->name, "taken",
                                               seat->is_bot || seat->taken, "hints", !seat->hints_off));
    }
    return json_pack("{s:I, s:s, s:s?, s:i, s:s, s:I, s:s, s:i, s:s, s:o, s:s?}", "id", (json_int_t)row->id,
                     "game", row->game, "variant", row->variant[0] ? row->variant : NULL, "players",
                     row->players, "status", status_name(row->status), "version", (json_int_t)row->version,
                     "created", row->created, "turn_seconds", row->turn_seconds, "replacement", row->replacement,
                     "seats", seats, "result", row->status == STORE_FINISHED ? row->result : NULL);
}

/* g's summary (GET /api/games/ID): its row, who is to move and the scores. */
static json_t *summary_json(const hub_game *g)
{
    json_t *summary = row_summary_json(&g->row, g->seats);
    void *public_view = malloc(g->def->state_size);

    if (public_view == NULL || summary == NULL) {
        free(public_view);
        json_decref(summary);
        return NULL;
    }
    g->def->observation(g->m.state, GAME_CHANCE, public_view);
    json_object_set_new(summary, "to_move", to_move_json(g));
    json_object_set_new(summary, "scores", scores_json(g, public_view));
    free(public_view);
    return summary;
}

/* What seat (GAME_CHANCE: a spectator) may see of state, a position of g,
 * into out: its observation while g is played, everything once g is over
 * (nothing is left to protect: the views, the replay viewer's steps, the
 * log and the record then show it all). */
static void game_observe(const hub_game *g, const void *state, int seat, void *out)
{
    if (g->row.status == STORE_FINISHED)
        memcpy(out, state, g->def->state_size);
    else
        g->def->observation(state, seat, out);
}

/* The text of action (played in before) as seat may see it with g at now:
 * as game_observe, in full once g is over. */
static void game_action_text(const hub_game *g, const void *before, int action, int seat, const void *now,
                             char *buf, size_t len)
{
    if (g->row.status == STORE_FINISHED)
        g->def->action_to_text(before, action, buf, len);
    else
        g->def->action_seen(before, action, seat, now, buf, len);
}

/* What seat (GAME_CHANCE: a spectator) sees of g, as GET .../view answers:
 * of the game now (at < 0, state is g->m.state) or of state, the position
 * after the first at actions. */
static json_t *view_json(const hub_game *g, int seat, const void *state, int at)
{
    void *seen = malloc(g->def->state_size);
    size_t text_len;
    char *text;
    json_t *view, *winners = json_null();
    unsigned won;

    if (seen == NULL)
        return NULL;
    game_observe(g, state, seat, seen);
    text_len = g->def->render(seen, NULL, 0) + 1;
    text = malloc(text_len);
    if (text == NULL) {
        free(seen);
        return NULL;
    }
    g->def->render(seen, text, text_len);
    won = g->def->winners(state);
    if (g->def->current_player(state) == GAME_TERMINAL) {
        winners = json_array();
        for (int s = 0; s < g->row.players; s++)
            if (won & (1u << s))
                json_array_append_new(winners, json_integer(s));
    }
    view = json_pack("{s:I, s:I, s:o, s:s, s:o, s:b, s:o, s:o, s:o, s:s, s:o}", "id", (json_int_t)g->row.id,
                     "version", (json_int_t)g->row.version, "seat", seat >= 0 ? json_integer(seat) : json_null(),
                     "status", status_name(g->row.status), "to_move",
                     at < 0 ? to_move_json(g) : player_json(g->def->current_player(state)), "can_undo",
                     at < 0 && seat >= 0 && seat == to_move(g) && match_can_undo(&g->m), "scores",
                     scores_json(g, seen), "winners", winners, "observation", observe_json(g->def, seen), "text",
                     text, "summary", summary_json(g));
    if (view != NULL && at >= 0)
        json_object_set_new(view, "at", json_integer(at));
    free(text);
    free(seen);
    return view;
}

/* Give back the open-game quota g (locked) uses once it no longer waits
 * for players. */
static void creator_release(hub *h, hub_game *g)
{
    if (g->creator[0] != '\0' && g->row.status != STORE_OPEN) {
        quota_give_back(h, g->creator, 1, 0);
        g->creator[0] = '\0';
    }
}

/* Add id at the end of ring; 0, or -1 if memory fails. */
static int ring_push(id_ring *ring, int64_t id)
{
    if (ring->count == ring->capacity) {
        int capacity = ring->capacity ? 2 * ring->capacity : 64;
        int64_t *ids = malloc(sizeof *ids * (size_t)capacity);
        if (ids == NULL)
            return -1;
        for (int i = 0; i < ring->count; i++)
            ids[i] = ring->ids[(ring->head + i) % ring->capacity];
        free(ring->ids);
        ring->ids = ids;
        ring->head = 0;
        ring->capacity = capacity;
    }
    ring->ids[(ring->head + ring->count) % ring->capacity] = id;
    ring->count++;
    return 0;
}

/* Take the oldest id out of ring (which is not empty). */
static int64_t ring_pop(id_ring *ring)
{
    int64_t id = ring->ids[ring->head];

    assert(ring->count > 0);
    ring->head = (ring->head + 1) % ring->capacity;
    ring->count--;
    return id;
}

/* The lane of a bot spec: quick if it thinks on one thread for at most
 * QUICK_MILLIS or QUICK_ITERATIONS (random and greedy bots always). */
static int bot_lane(const char *spec)
{
    bot_settings settings;

    if (bot_parse(spec, &settings, NULL, 0) != 0)
        return LANE_QUICK; /* refused at once when it is to move */
    if (strcmp(settings.kind, "mcts") != 0)
        return LANE_QUICK;
    return settings.threads == 1 && settings.millis <= QUICK_MILLIS &&
                   (settings.millis > 0 || settings.iterations <= QUICK_ITERATIONS)
               ? LANE_QUICK
               : LANE_SLOW;
}

/* Put g's id on its bot's queue if a bot is to move and none is queued
 * (a game is queued at most once: the queues hold at most the games in
 * memory). */
static void queue_bot(hub *h, hub_game *g)
{
    int current = to_move(g), lane;

    if (g->bot_queued || !game_served(g) || current < 0 || !g->seats[current].is_bot)
        return;
    lane = bot_lane(g->seats[current].bot);
    pthread_mutex_lock(&h->queue_lock);
    if (ring_push(&h->queues[lane], g->id) == 0) {
        g->bot_queued = 1;
        pthread_cond_broadcast(&h->queue_ready);
    } /* else out of memory: the watchdog queues it again later */
    pthread_mutex_unlock(&h->queue_lock);
}

/* After a change of g (locked): wake the watchers, restart the turn clock
 * if the move passed to another seat, wake a bot. */
static void changed(hub *h, hub_game *g)
{
    int current = to_move(g);

    creator_release(h, g);
    g->epoch++;
    watchers_notify(g);
    if (current != g->turn_seat) {
        g->turn_seat = current;
        g->turn_started = timer_now();
    }
    queue_bot(h, g);
}

/* The record's Result value of g's finished position state: the scores. */
static void result_text(const hub_game *g, const void *state, char *out, size_t len)
{
    int scores[GAME_MAX_PLAYERS];
    size_t used = 0;

    out[0] = '\0';
    g->def->scores(state, scores);
    for (int s = 0; s < g->row.players && used < len; s++)
        used += (size_t)snprintf(out + used, len - used, s ? " %d" : "%d", scores[s]);
}

/* Apply actions[0..count-1] (by seat; count 0: none; several: the actions
 * of one line, game.h line_actions) to a copy of g's match (g locked, no
 * change of it being stored), then draw every chance outcome until a seat
 * must act, and store it all in one append with the new status, without
 * g's lock meanwhile; then g plays the copy. applied (if not NULL) receives
 * the lines. 0, or -1 with r filled and g as stored. */
static int commit(hub *h, hub_game *g, int seat, const int *actions, int count, json_t *applied, hub_reply *r)
{
    const game_def *def = g->def;
    int64_t version = g->row.version;
    store_event *events = NULL;
    unsigned char *befores = NULL; /* the state before each event, for the lines as seat sees them */
    int n = 0, capacity = 0, rc = STORE_OK;
    store_status status;
    char result[STORE_RESULT_MAX] = "", why[256];
    match work = {0}; /* g's match with the change, played by g once stored */

    assert(!g->storing);
    if (match_copy(&work, &g->m) != 0) {
        fail(r, 500, "internal", "out of memory");
        return -1;
    }
    for (;;) {
        int actor = match_current_player(&work), pick = n < count ? actions[n] : -1;
        if (n >= count) {
            int outcomes;
            if (actor != GAME_CHANCE)
                break;
            outcomes = def->chance_outcomes(work.state, work.outcomes, work.probability);
            pick = draw_outcome(g->row.seed, version + n + 1, work.outcomes, work.probability, outcomes);
        } else {
            actor = seat;
        }
        if (n == capacity) {
            store_event *more = realloc(events, sizeof *events * (size_t)(capacity = capacity ? 2 * capacity : 8));
            unsigned char *more_befores = more ? realloc(befores, def->state_size * (size_t)capacity) : NULL;
            if (more != NULL)
                events = more;
            if (more_befores == NULL) {
                fail(r, 500, "internal", "out of memory");
                goto refused;
            }
            befores = more_befores;
        }
        memcpy(befores + def->state_size * (size_t)n, work.state, def->state_size);
        events[n] = (store_event){.version = version + n + 1, .kind = STORE_ACTION, .actor = actor};
        def->action_to_text(work.state, pick, events[n].text, sizeof events[n].text);
        if (match_apply(&work, pick, why, sizeof why) != 0) {
            if (n < count) /* the seat's own action: refused, nothing changed */
                fail(r, 422, "illegal", "%s", why);
            else
                fail(r, 500, "internal", "chance outcome refused: %s", why);
            goto refused;
        }
        n++;
    }
    if (n == 0) { /* nothing to draw: only the status changes */
        store_begin(g);
        rc = store_set_status(h->st, g->id, STORE_RUNNING, "", why, sizeof why);
        store_end(g);
        if (rc != STORE_OK) {
            fail(r, 503, "store", "the game could not be stored: %s", why);
            goto refused;
        }
        g->row.status = STORE_RUNNING;
        free(events);
        free(befores);
        match_free(&work);
        changed(h, g);
        return 0;
    }
    status = match_current_player(&work) == GAME_TERMINAL ? STORE_FINISHED : STORE_RUNNING;
    if (status == STORE_FINISHED)
        result_text(g, work.state, result, sizeof result);
    store_begin(g);
    rc = store_append(h->st, g->id, version, events, n, status, result, why, sizeof why);
    store_end(g);
    if (rc != STORE_OK) {
        if (rc == STORE_ECONFLICT)
            fail(r, 409, "stale", "the game moved on meanwhile (state %lld is no longer current)",
                 (long long)version);
        else
            fail(r, 503, "store", "the action could not be stored: %s", why);
        goto refused;
    }
    for (int i = 0; i < n && applied != NULL; i++) { /* the last n lines of play, as seat sees them */
        char seen[GAME_TEXT_MAX];
        int index = work.count - n + i;
        def->action_seen(befores + def->state_size * (size_t)i, work.actions[index], seat, work.state, seen,
                         sizeof seen);
        json_array_append_new(applied, json_pack("{s:i, s:o, s:s}", "index", index, "actor",
                                                 events[i].actor >= 0 ? json_integer(events[i].actor)
                                                                      : json_string("chance"),
                                                 "text", seen));
    }
    game_take_match(g, &work);
    g->row.version = version + n;
    g->row.status = status;
    snprintf(g->row.result, sizeof g->row.result, "%s", result);
    free(events);
    free(befores);
    changed(h, g);
    return 0;
refused:
    free(events);
    free(befores);
    match_free(&work);
    if (rc == STORE_ECONFLICT) /* another process moved the game on */
        game_reload(h, g);
    return -1;
}

/* ------------------------------------------------------------ the table */

/* Index of id in the table, or where it would go (*found = 0). Table locked. */
static int table_index(const hub *h, int64_t id, int *found)
{
    int low = 0, high = h->count;

    while (low < high) {
        int mid = (low + high) / 2;
        if (h->games[mid]->id < id)
            low = mid + 1;
        else
            high = mid;
    }
    *found = low < h->count && h->games[low]->id == id;
    return low;
}

/* Nonzero if g may leave memory now (table locked): nobody holds it, and
 * nothing is to happen to it unless someone asks (it is over, or people
 * are to move in it without a time limit), it is not waiting for players
 * under its creator's quota, and it was last used at least idle_seconds
 * ago (finished games: FINISHED_IDLE_SECONDS). */
static int table_may_evict(const hub_game *g, double now, double idle_seconds)
{
    int current;

    if (g->refs > 0 || g->bot_queued || g->creator[0] != '\0')
        return 0;
    if (g->broken || g->unsure || g->row.status == STORE_FINISHED)
        return now - g->used >= (idle_seconds < FINISHED_IDLE_SECONDS ? idle_seconds : FINISHED_IDLE_SECONDS);
    current = match_current_player(&g->m);
    return g->row.turn_seconds == 0 && (current < 0 || !g->seats[current].is_bot) && now - g->used >= idle_seconds;
}

/* Take the game at index at out of the table and free it (table locked;
 * table_may_evict said yes). */
static void table_evict(hub *h, int at)
{
    hub_game *g = h->games[at];

    assert(g->refs == 0);
    memmove(h->games + at, h->games + at + 1, sizeof *h->games * (size_t)(h->count - at - 1));
    h->count--;
    game_free(g);
}

/* Make room for one more game when the table holds settings.max_games
 * (table locked): the game unused longest that may leave memory leaves.
 * 0, or -1 if none may. */
static int table_make_room(hub *h)
{
    double now = timer_now();
    int oldest = -1;

    if (h->settings.max_games <= 0 || h->count < h->settings.max_games)
        return 0;
    for (int i = 0; i < h->count; i++)
        if (table_may_evict(h->games[i], now, 0.0) && (oldest < 0 || h->games[i]->used < h->games[oldest]->used))
            oldest = i;
    if (oldest < 0)
        return -1;
    table_evict(h, oldest);
    return 0;
}

/* Make room in the table for a game about to be created, before it is
 * stored (so that a game is not stored that could not then be served):
 * 0, or -1 with r filled (503 busy). */
static int table_room_for_new(hub *h, hub_reply *r)
{
    int full;

    pthread_mutex_lock(&h->table_lock);
    full = table_make_room(h) != 0;
    pthread_mutex_unlock(&h->table_lock);
    if (full)
        fail(r, 503, "busy", "the server has %d games in play, the most it keeps: try again later",
             h->settings.max_games);
    return full ? -1 : 0;
}

/* Put g (held by nobody) in the table unless a game with its id is there,
 * and hold it: returns the one in the table (g is freed if it lost; *added
 * says whether g went in), or NULL with r filled if there is no room or
 * no memory. since: unheard_count when g was read from the store; *missed
 * is set if the store announced a change of g since then (g may be behind). */
static hub_game *table_add(hub *h, hub_game *g, uint64_t since, int *added, int *missed, hub_reply *r)
{
    int found, at;

    *added = 0;
    *missed = 0;
    pthread_mutex_lock(&h->table_lock);
    at = table_index(h, g->id, &found);
    if (found) {
        hub_game *there = h->games[at];
        there->refs++;
        pthread_mutex_unlock(&h->table_lock);
        game_free(g);
        return there;
    }
    if (table_make_room(h) != 0) {
        pthread_mutex_unlock(&h->table_lock);
        game_free(g);
        fail(r, 503, "busy", "the server has %d games in play, the most it keeps: try again later",
             h->settings.max_games);
        return NULL;
    }
    at = table_index(h, g->id, &found);
    if (h->count == h->capacity) {
        int capacity = h->capacity ? 2 * h->capacity : 64;
        hub_game **games = realloc(h->games, sizeof *games * (size_t)capacity);
        if (games == NULL) {
            pthread_mutex_unlock(&h->table_lock);
            game_free(g);
            fail(r, 500, "internal", "out of memory");
            return NULL;
        }
        h->games = games;
        h->capacity = capacity;
    }
    memmove(h->games + at + 1, h->games + at, sizeof *h->games * (size_t)(h->count - at));
    h->games[at] = g;
    h->count++;
    g->refs = 1;
    *added = 1;
    *missed = h->unheard_count - since > UNHEARD_MAX;
    for (uint64_t k = since; k < h->unheard_count && !*missed; k++)
        *missed = h->unheard[k % UNHEARD_MAX].game == g->id;
    pthread_mutex_unlock(&h->table_lock);
    return g;
}

/* The game in memory with id, held (game_release when done), or NULL; then
 * *since (if not NULL) is the count of announcements heard so far, for
 * table_add. */
static hub_game *table_find(hub *h, int64_t id, uint64_t *since)
{
    hub_game *g = NULL;
    int found, at;

    pthread_mutex_lock(&h->table_lock);
    at = table_index(h, id, &found);
    if (found) {
        g = h->games[at];
        g->refs++;
    } else if (since != NULL) {
        *since = h->unheard_count;
    }
    pthread_mutex_unlock(&h->table_lock);
    return g;
}

/* Let go of a game table_find or table_add gave. */
static void game_release(hub *h, hub_game *g)
{
    pthread_mutex_lock(&h->table_lock);
    assert(g->refs > 0);
    g->refs--;
    pthread_mutex_unlock(&h->table_lock);
}

/* Unlock a game lock_game gave and let go of it. */
static void game_unlock(hub *h, hub_game *g)
{
    pthread_mutex_unlock(&g->lock);
    game_release(h, g);
}

/* The game an announcement of another process is about, held, if it is in
 * memory; else NULL, and the announcement is kept for table_add (so that a
 * game being loaded meanwhile is caught up). */
static hub_game *table_find_heard(hub *h, const store_note *note)
{
    hub_game *g = NULL;
    int found, at;

    pthread_mutex_lock(&h->table_lock);
    at = table_index(h, note->game, &found);
    if (found) {
        g = h->games[at];
        g->refs++;
    } else {
        h->unheard[h->unheard_count % UNHEARD_MAX] = *note;
        h->unheard_count++;
    }
    pthread_mutex_unlock(&h->table_lock);
    return g;
}

/* The count of announcements heard so far, for table_add. */
static uint64_t table_heard(hub *h)
{
    uint64_t count;

    pthread_mutex_lock(&h->table_lock);
    count = h->unheard_count;
    pthread_mutex_unlock(&h->table_lock);
    return count;
}

/* Start g (locked) if it is open and every seat is taken: draw what
 * chance must draw and store the new status. 0, or -1 with r filled. */
static int start_if_full(hub *h, hub_game *g, hub_reply *r)
{
    if (g->row.status != STORE_OPEN)
        return 0;
    for (int s = 0; s < g->row.players; s++)
        if (!g->seats[s].is_bot && !g->seats[s].taken)
            return 0;
    if (commit(h, g, -1, NULL, 0, NULL, r) == 0)
        return 0;
    /* another process, hearing of the last seat taken, started it first:
     * reloaded, the game runs all the same */
    if (r->status == 409 && g->row.status != STORE_OPEN) {
        r->status = 0;
        r->code = NULL;
        r->error[0] = '\0';
        return 0;
    }
    return -1;
}

/* Another process changed g (locked): take what the store holds, wake
 * watchers and bots, and start the game if the change took its last free
 * seat (the joining process may not have known the other seats were taken;
 * if both start it, the store keeps one start and the other reloads). */
static void catch_up(hub *h, hub_game *g)
{
    hub_reply r = {0};

    game_reload(h, g);
    changed(h, g);
    if (start_if_full(h, g, &r) != 0 && r.status != 409)
        fprintf(stderr, "maya serve: game %lld cannot start: %s\n", (long long)g->row.id, r.error);
    hub_reply_free(&r);
}

/* Game id, loaded from the store if need be, held and locked (game_unlock
 * when done); NULL with r filled if there is none (or it cannot be
 * served). */
static hub_game *lock_game(hub *h, int64_t id, hub_reply *r)
{
    uint64_t since = 0;
    hub_game *g = table_find(h, id, &since);
    int added = 0, missed = 0;

    if (g == NULL) {
        char why[256];
        int status;
        g = game_load(h, id, &status, why, sizeof why);
        if (g == NULL) {
            if (status == STORE_ENOTFOUND)
                fail(r, 404, "not_found", "there is no game %lld", (long long)id);
            else
                fail(r, 503, "store", "game %lld cannot be loaded: %s", (long long)id, why);
            return NULL;
        }
        if ((g = table_add(h, g, since, &added, &missed, r)) == NULL)
            return NULL;
    }
    pthread_mutex_lock(&g->lock);
    g->used = timer_now();
    /* a change another process announced while it loaded went unheard */
    if (missed)
        catch_up(h, g);
    else if (added)
        changed(h, g); /* its bot to move, its turn clock */
    if (g->unsure)
        game_reload(h, g);
    if (g->broken) {
        game_unlock(h, g);
        fail(r, 500, "broken", "game %lld is damaged in the store and cannot be played", (long long)id);
        return NULL;
    }
    if (g->unsure) {
        game_unlock(h, g);
        fail(r, 503, "store", "game %lld cannot be read from the store now: try again later", (long long)id);
        return NULL;
    }
    return g;
}

/* lock_game for a request that changes the game: once no other change of
 * it is being stored. */
static hub_game *lock_game_to_change(hub *h, int64_t id, hub_reply *r)
{
    hub_game *g = lock_game(h, id, r);

    if (g != NULL)
        game_wait_changes(g);
    return g;
}

/* ------------------------------------------------------------ requests */

/* Read the seats of a create request into seats; -1 with r filled. */
static int read_seats(const hub *h, const json_t *list, int players, store_seat *seats, hub_reply *r)
{
    static const char *const fields[] = {"type", "name", "bot"};

    if (!json_is_array(list) || (int)json_array_size(list) != players) {
        fail(r, 400, "bad_field", "field \"seats\" must be a list of %d seats, one per player", players);
        return -1;
    }
    for (int s = 0; s < players; s++) {
        const json_t *item = json_array_get(list, (size_t)s);
        const char *type, *name, *spec;
        if (only_fields(item, fields, 3, r) != 0 || text_field(item, "type", 16, &type, r) != 0 ||
            text_field(item, "name", STORE_NAME_MAX, &name, r) != 0 ||
            text_field(item, "bot", STORE_NAME_MAX, &spec, r) != 0)
            return -1;
        seats[s] = (store_seat){.seat = s};
        snprintf(seats[s].name, sizeof seats[s].name, "%s", name ? name : "");
        if (type != NULL && strcmp(type, "human") == 0 && spec == NULL)
            continue;
        if (type == NULL || strcmp(type, "bot") != 0 || spec == NULL) {
            fail(r, 400, "bad_field", "seat %d must be {\"type\": \"human\"} or {\"type\": \"bot\", \"bot\": SPEC}", s);
            return -1;
        }
        if (check_bot_spec(h, spec, "bot", r) != 0)
            return -1;
        seats[s].is_bot = 1;
        seats[s].taken = 1;
        snprintf(seats[s].bot, sizeof seats[s].bot, "%s", spec);
    }
    return 0;
}

void hub_create(hub *h, const json_t *body, const char *address, hub_reply *r)
{
    static const char *const fields[] = {"game", "variant", "players", "seats", "turn_seconds", "replacement", "join"};
    const char *name, *variant, *replacement;
    const game_def *def;
    json_int_t players, turn_seconds, join;
    game_options options;
    store_seat seats[GAME_MAX_PLAYERS];
    char token[TOKEN_TEXT] = "", why[256];
    hub_game *g;
    int added, missed, waits = 0;
    uint64_t since;
    match m;
    time_t now = time(NULL);
    struct tm utc;

    if (only_fields(body, fields, 7, r) != 0 || text_field(body, "game", STORE_NAME_MAX, &name, r) != 0 ||
        text_field(body, "variant", STORE_NAME_MAX, &variant, r) != 0 ||
        text_field(body, "replacement", STORE_NAME_MAX, &replacement, r) != 0)
        return;
    def = name ? games_find(name) : NULL;
    if (def == NULL) {
        char names[256];
        games_names(", ", names, sizeof names);
        fail(r, 400, "bad_field", "field \"game\" must be one of %s (GET /api/catalog)", names);
        return;
    }
    if (int_field(body, "players", def->min_players, def->max_players, 1, 0, &players, r) != 0 ||
        int_field(body, "turn_seconds", 0, TURN_SECONDS_MAX, 0, 0, &turn_seconds, r) != 0 ||
        int_field(body, "join", 0, players - 1, 0, -1, &join, r) != 0)
        return;
    options.players = (int)players;
    options.variant = variant ? games_variant_find(def, variant) : 0;
    if (options.variant < 0) {
        fail(r, 400, "bad_field", "%s has no variant \"%s\"", def->name, variant);
        return;
    }
    if (replacement == NULL)
        replacement = "mcts";
    if (check_bot_spec(h, replacement, "replacement", r) != 0 ||
        read_seats(h, json_object_get(body, "seats"), (int)players, seats, r) != 0)
        return;
    if (join >= 0 && seats[join].is_bot) {
        fail(r, 400, "bad_field", "field \"join\": seat %d is a bot's", (int)join);
        return;
    }
    if (match_init(&m, def, &options, why, sizeof why) != 0) {
        fail(r, 400, "bad_field", "%s", why);
        return;
    }
    for (int s = 0; s < players; s++) /* it will wait for players: counted under an open-games limit */
        waits |= !seats[s].is_bot && s != join && h->settings.open_per_address > 0;
    if (table_room_for_new(h, r) != 0 || quota_take(h, address, waits, r) != 0) {
        match_free(&m);
        return;
    }
    g = game_new();
    if (g == NULL) {
        quota_give_back(h, address, waits, 1);
        match_free(&m);
        fail(r, 500, "internal", "out of memory");
        return;
    }
    snprintf(g->row.game, sizeof g->row.game, "%s", def->name);
    snprintf(g->row.variant, sizeof g->row.variant, "%s",
             games_variant_name(def, options.variant) ? games_variant_name(def, options.variant) : "");
    g->row.players = (int)players;
    g->row.turn_seconds = (int)turn_seconds;
    snprintf(g->row.replacement, sizeof g->row.replacement, "%s", replacement);
    draw_new_seed(g->row.seed);
    gmtime_r(&now, &utc);
    strftime(g->row.created, sizeof g->row.created, "%Y-%m-%dT%H:%M:%SZ", &utc);
    g->row.status = STORE_OPEN;
    if (join >= 0) {
        token_new(token, seats[join].token_hash);
        seats[join].taken = 1;
    }
    memcpy(g->seats, seats, sizeof seats);
    since = table_heard(h);
    if (store_create(h->st, &g->row, g->seats, why, sizeof why) != STORE_OK) {
        quota_give_back(h, address, waits, 1);
        match_free(&m);
        game_free(g);
        fail(r, 503, "store", "the game could not be stored: %s", why);
        return;
    }
    g->id = g->row.id;
    game_take_match(g, &m);
    if ((g = table_add(h, g, since, &added, &missed, r)) == NULL) {
        /* stored all the same: it is loaded when asked for */
        quota_give_back(h, address, waits, 0);
        return;
    }
    pthread_mutex_lock(&g->lock);
    game_wait_changes(g);
    g->used = timer_now();
    /* a game that waits for players uses its creator's open-game quota
     * until it starts (changed() gives it back), and stays in memory
     * meanwhile; the table's game, as a list request may have loaded it
     * first */
    if (waits)
        snprintf(g->creator, sizeof g->creator, "%s", address);
    if (missed) /* another process saw it listed and changed it meanwhile */
        catch_up(h, g);
    /* the game is the creator's once stored: if its start cannot be
     * stored now, the watchdog starts it later (sweep) */
    if (start_if_full(h, g, r) != 0) {
        fprintf(stderr, "maya serve: game %lld cannot start yet: %s\n", (long long)g->id, r->error);
        *r = (hub_reply){0};
    }
    creator_release(h, g); /* if it started before its creator was noted */
    {
        json_t *summary = summary_json(g);
        if (summary != NULL && join >= 0) {
            json_object_set_new(summary, "seat", json_integer(join));
            json_object_set_new(summary, "token", json_string(token));
        }
        answer(r, 201, summary);
    }
    game_unlock(h, g);
}

/* A whole number from min to max given as the query argument name (text
 * NULL: absent, *out unchanged); 0, or -1 with r filled. */
static int query_number(const char *text, const char *name, long min, long max, long *out, hub_reply *r)
{
    char *end;
    long value;

    if (text == NULL)
        return 0;
    errno = 0;
    value = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno != 0 || value < min || value > max) {
        if (max < INT_MAX)
            fail(r, 400, "bad_field", "%s must be a whole number from %ld to %ld", name, min, max);
        else
            fail(r, 400, "bad_field", "%s must be a whole number from %ld", name, min);
        return -1;
    }
    *out = value;
    return 0;
}

void hub_list(hub *h, const char *status, const char *limit, hub_reply *r)
{
    int wanted = -1, n = 0;
    long max = LIST_DEFAULT;
    int64_t *ids;
    json_t *games;
    char why[256];

    if (status != NULL) {
        wanted = strcmp(status, "open") == 0      ? STORE_OPEN
                 : strcmp(status, "running") == 0 ? STORE_RUNNING
                 : strcmp(status, "finished") == 0 ? STORE_FINISHED
                                                   : -2;
        if (wanted == -2) {
            fail(r, 400, "bad_field", "status must be open, running or finished");
            return;
        }
    }
    if (query_number(limit, "limit", 1, LIST_MAX, &max, r) != 0)
        return;
    ids = malloc(sizeof *ids * (size_t)max);
    if (ids == NULL || store_list(h->st, wanted, ids, (int)max, &n, why, sizeof why) != STORE_OK) {
        free(ids);
        fail(r, 503, "store", "the games cannot be listed");
        return;
    }
    /* from the stored rows: a game in memory gives its own (as stored),
     * and no game is loaded for a listing */
    games = json_array();
    for (int i = 0; i < n; i++) {
        hub_game *g = table_find(h, ids[i], NULL);
        store_game row;
        store_seat seats[GAME_MAX_PLAYERS];
        if (g != NULL) {
            pthread_mutex_lock(&g->lock);
            row = g->row;
            memcpy(seats, g->seats, sizeof seats);
            game_unlock(h, g);
        } else if (store_load(h->st, ids[i], &row, seats, NULL, NULL, why, sizeof why) != STORE_OK) {
            continue; /* just gone, or the store failed: left out of the list */
        }
        json_array_append_new(games, row_summary_json(&row, seats));
    }
    free(ids);
    answer(r, 200, json_pack("{s:o}", "games", games));
}

void hub_summary(hub *h, int64_t id, hub_reply *r)
{
    hub_game *g = lock_game(h, id, r);

    if (g == NULL)
        return;
    answer(r, 200, summary_json(g));
    game_unlock(h, g);
}

/* Store seat (the new state of seat seat->seat of g, locked, no change of
 * it being stored) without g's lock meanwhile, only if the stored seat is
 * still g's (else another process changed it first: g is reloaded and r
 * gets 409 conflict_code "seat N <conflict>"); once stored, g has it. If
 * the store fails, r gets 503 and g is unchanged. 0 once stored. */
static int store_seat_change(hub *h, hub_game *g, const store_seat *seat, const char *conflict_code,
                             const char *conflict, hub_reply *r)
{
    store_seat before = g->seats[seat->seat];
    char why[256];
    int rc;

    store_begin(g);
    rc = store_set_seat(h->st, g->id, seat, &before, why, sizeof why);
    store_end(g);
    if (rc == STORE_ECONFLICT) {
        game_reload(h, g);
        fail(r, 409, conflict_code, "seat %d %s", seat->seat, conflict);
        return -1;
    }
    if (rc != STORE_OK) {
        fail(r, 503, "store", "the seat could not be stored: %s", why);
        return -1;
    }
    g->seats[seat->seat] = *seat;
    changed(h, g);
    return 0;
}

void hub_join(hub *h, int64_t id, const json_t *body, hub_reply *r)
{
    static const char *const fields[] = {"seat", "name"};
    json_int_t seat;
    const char *name;
    char token[TOKEN_TEXT];
    store_seat taken;
    hub_game *g;

    if (only_fields(body, fields, 2, r) != 0 || text_field(body, "name", STORE_NAME_MAX, &name, r) != 0 ||
        (g = lock_game_to_change(h, id, r)) == NULL)
        return;
    if (int_field(body, "seat", 0, g->row.players - 1, 0, -1, &seat, r) != 0)
        goto done;
    if (g->row.status != STORE_OPEN) {
        fail(r, 409, "not_open", "game %lld is %s: no seat can be joined", (long long)id,
             status_name(g->row.status));
        goto done;
    }
    for (int s = 0; s < g->row.players && seat < 0; s++)
        if (!g->seats[s].is_bot && !g->seats[s].taken)
            seat = s;
    if (seat < 0 || g->seats[seat].is_bot || g->seats[seat].taken) {
        fail(r, 409, "seat_taken", seat < 0 ? "every seat is taken" : "seat %d is taken", (int)seat);
        goto done;
    }
    taken = g->seats[seat];
    taken.taken = 1;
    if (name != NULL)
        snprintf(taken.name, sizeof taken.name, "%s", name);
    token_new(token, taken.token_hash);
    /* another process may have given the seat away first */
    if (store_seat_change(h, g, &taken, "seat_taken", "is taken", r) != 0)
        goto done;
    /* the seat is the joiner's once stored: if the start cannot be stored
     * now, the watchdog starts the game later (sweep) */
    if (start_if_full(h, g, r) != 0) {
        fprintf(stderr, "maya serve: game %lld cannot start yet: %s\n", (long long)id, r->error);
        *r = (hub_reply){0};
    }
    answer(r, 200, json_pack("{s:i, s:s}", "seat", (int)seat, "token", token));
done:
    game_unlock(h, g);
}

void hub_view(hub *h, int64_t id, const char *token, const char *at, hub_reply *r)
{
    hub_game *g;
    long step = -1;
    int seat;
    void *state;

    if (query_number(at, "at", 0, INT_MAX, &step, r) != 0)
        return;
    if ((g = lock_game(h, id, r)) == NULL)
        return;
    seat = seat_of(g, token, 0, r);
    if (seat == NO_SEAT)
        goto done;
    if (step < 0) {
        answer(r, 200, view_json(g, seat, g->m.state, -1));
        goto done;
    }
    if (step > g->m.count) {
        fail(r, 400, "bad_field", "at is %ld, but the line of play has %d actions", step, g->m.count);
        goto done;
    }
    state = malloc(g->def->state_size);
    if (state == NULL) {
        fail(r, 500, "internal", "out of memory");
        goto done;
    }
    g->def->init(state, &g->m.options, NULL, 0);
    for (long i = 0; i < step; i++)
        g->def->apply(state, g->m.actions[i], NULL, 0);
    answer(r, 200, view_json(g, seat, state, (int)step));
    free(state);
done:
    game_unlock(h, g);
}

void hub_legal(hub *h, int64_t id, const char *token, const char *prefix, hub_reply *r)
{
    hub_game *g = lock_game(h, id, r);
    int seat, n = 0, *legal = NULL;
    json_t *actions;

    if (g == NULL)
        return;
    seat = seat_of(g, token, 1, r);
    if (seat == NO_SEAT)
        goto done;
    actions = json_array();
    if (seat == to_move(g)) {
        legal = malloc(sizeof *legal * (size_t)g->def->max_legal);
        if (legal == NULL) {
            json_decref(actions);
            fail(r, 500, "internal", "out of memory");
            goto done;
        }
        n = g->def->legal_actions(g->m.state, legal);
    }
    for (int i = 0; i < n; i++) {
        char text[GAME_TEXT_MAX];
        g->def->action_to_text(g->m.state, legal[i], text, sizeof text);
        if (prefix == NULL || strncmp(text, prefix, strlen(prefix)) == 0)
            json_array_append_new(actions, json_pack("{s:i, s:s}", "id", legal[i], "text", text));
    }
    free(legal);
    answer(r, 200, json_pack("{s:I, s:i, s:o}", "version", (json_int_t)g->row.version, "seat", seat, "actions",
                             actions));
done:
    game_unlock(h, g);
}

/* The checks every move request shares: a seat token, a running game, the
 * current state number, the seat to move. The seat, or NO_SEAT with r
 * filled. g is locked. */
static int mover(hub_game *g, const char *token, const json_t *body, hub_reply *r)
{
    json_int_t version;
    int seat = seat_of(g, token, 1, r);

    if (seat == NO_SEAT || int_field(body, "version", 0, INT64_MAX, 1, 0, &version, r) != 0)
        return NO_SEAT;
    if (g->row.status != STORE_RUNNING) {
        fail(r, 409, g->row.status == STORE_OPEN ? "not_open" : "finished", "game %lld is %s",
             (long long)g->row.id, g->row.status == STORE_OPEN ? "waiting for players" : "over");
        return NO_SEAT;
    }
    if (version != g->row.version) {
        fail(r, 409, "stale", "the move was chosen at state %lld; the game is at state %lld", (long long)version,
             (long long)g->row.version);
        return NO_SEAT;
    }
    if (seat != to_move(g)) {
        fail(r, 403, "not_your_turn", "seat %d is not to act", seat);
        return NO_SEAT;
    }
    return seat;
}

void hub_act(hub *h, int64_t id, const char *token, const json_t *body, hub_reply *r)
{
    static const char *const fields[] = {"version", "action", "id"};
    const char *text;
    json_int_t number;
    int seat, actions[GAME_LINE_MAX], count = 1;
    char why[200];
    json_t *applied;
    hub_game *g;

    if (only_fields(body, fields, 3, r) != 0 || text_field(body, "action", GAME_TEXT_MAX, &text, r) != 0 ||
        (g = lock_game_to_change(h, id, r)) == NULL)
        return;
    if (int_field(body, "id", 0, g->def->num_actions - 1, 0, -1, &number, r) != 0 ||
        (seat = mover(g, token, body, r)) == NO_SEAT)
        goto done;
    if ((text == NULL) == (number < 0)) {
        fail(r, 400, "bad_field", "give the action as either \"action\" (its text) or \"id\"");
        goto done;
    }
    actions[0] = (int)number;
    if (text != NULL && match_line_actions(&g->m, text, actions, &count, why, sizeof why) != 0) {
        fail(r, 422, "illegal", "%s", why);
        goto done;
    }
    applied = json_array();
    if (commit(h, g, seat, actions, count, applied, r) == 0)
        answer(r, 200, json_pack("{s:I, s:o}", "version", (json_int_t)g->row.version, "applied", applied));
    else
        json_decref(applied);
done:
    game_unlock(h, g);
}

void hub_undo(hub *h, int64_t id, const char *token, const json_t *body, hub_reply *r)
{
    static const char *const fields[] = {"version"};
    store_event undo;
    char why[256];
    int seat, rc;
    int64_t version;
    hub_game *g;
    match work = {0}; /* g's match with the action taken back, played by g once stored */

    if (only_fields(body, fields, 1, r) != 0 || (g = lock_game_to_change(h, id, r)) == NULL)
        return;
    if ((seat = mover(g, token, body, r)) == NO_SEAT)
        goto done;
    if (!match_can_undo(&g->m)) {
        fail(r, 409, "cannot_undo", "nothing to undo: the turn has no action that can be taken back");
        goto done;
    }
    if (g->undos >= h->settings.max_undos) {
        fail(r, 429, "limit", "game %lld has taken back %d actions, the most this server keeps for one game",
             (long long)id, g->undos);
        goto done;
    }
    if (match_copy(&work, &g->m) != 0 || match_undo(&work, why, sizeof why) != 0) {
        fail(r, 500, "internal", "the undo cannot be worked out");
        goto done;
    }
    version = g->row.version;
    undo = (store_event){.version = version + 1, .kind = STORE_UNDO, .actor = seat};
    store_begin(g);
    rc = store_append(h->st, id, version, &undo, 1, STORE_RUNNING, "", why, sizeof why);
    store_end(g);
    if (rc != STORE_OK) {
        if (rc == STORE_ECONFLICT) {
            fail(r, 409, "stale", "the game moved on meanwhile (state %lld is no longer current)",
                 (long long)version);
            game_reload(h, g);
        } else {
            fail(r, 503, "store", "the undo could not be stored: %s", why);
        }
        goto done;
    }
    game_take_match(g, &work);
    g->row.version = version + 1;
    g->undos++;
    changed(h, g);
    answer(r, 200, json_pack("{s:I}", "version", (json_int_t)g->row.version));
done:
    match_free(&work);
    game_unlock(h, g);
}

/* Hand seat of g (locked) over: to nobody in an open game, to the
 * replacement bot in a running one. */
static int give_up_seat(hub *h, hub_game *g, int seat, hub_reply *r)
{
    store_seat given = g->seats[seat];

    memset(given.token_hash, 0, sizeof given.token_hash);
    if (g->row.status == STORE_OPEN) {
        given.taken = 0;
        given.hints_off = 0;
        given.name[0] = '\0';
    } else {
        given.is_bot = 1;
        snprintf(given.bot, sizeof given.bot, "%s", g->row.replacement);
    }
    return store_seat_change(h, g, &given, "stale", "changed meanwhile", r);
}

void hub_leave(hub *h, int64_t id, const char *token, const json_t *body, hub_reply *r)
{
    hub_game *g;
    int seat;

    if (only_fields(body, NULL, 0, r) != 0 || (g = lock_game_to_change(h, id, r)) == NULL)
        return;
    seat = seat_of(g, token, 1, r);
    if (seat != NO_SEAT) {
        if (g->row.status == STORE_FINISHED)
            fail(r, 409, "finished", "game %lld is over", (long long)id);
        else if (give_up_seat(h, g, seat, r) == 0)
            answer(r, 200, json_pack("{s:i, s:s}", "seat", seat, "now",
                                     g->seats[seat].is_bot ? g->seats[seat].bot : "free"));
    }
    game_unlock(h, g);
}

uint64_t hub_hints_seed(int64_t id, int64_t version)
{
    return (uint64_t)id * 0x9E3779B97F4A7C15u ^ (uint64_t)version * 0xC2B2AE3D27D4EB4Fu;
}

/* The hints answer for seat of game id (rules def) at the state version,
 * whose observation for seat is seen: the hint bot's best actions, their
 * texts and chances. Called without the game's lock: all is the caller's. */
static json_t *hints_json(const game_def *def, int64_t id, const void *seen, int seat, int64_t version, char *why,
                          size_t why_len)
{
    bot_hint hints[BOT_HINTS];
    int count = bot_hints(def, seen, seat, hub_hints_seed(id, version), hints, BOT_HINTS, why, why_len);
    json_t *list = json_array();

    if (count < 0 || list == NULL) {
        json_decref(list);
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        char text[GAME_TEXT_MAX];
        def->action_to_text(seen, hints[i].action, text, sizeof text);
        json_array_append_new(list, json_pack("{s:s, s:i, s:f, s:I}", "action", text, "id", hints[i].action,
                                              "chance", hints[i].chance, "visits", (json_int_t)hints[i].visits));
    }
    return json_pack("{s:I, s:i, s:s, s:o}", "version", (json_int_t)version, "seat", seat, "level",
                     BOT_HINT_LEVEL, "hints", list);
}

void hub_hints(hub *h, int64_t id, const char *token, hub_reply *r)
{
    hub_game *g = lock_game(h, id, r);
    int seat;
    int64_t version;
    const game_def *def;
    void *seen;
    json_t *hints;
    char why[200] = "";

    if (g == NULL)
        return;
    seat = seat_of(g, token, 1, r);
    if (seat == NO_SEAT) {
        game_unlock(h, g);
        return;
    }
    if (g->seats[seat].hints_off) {
        fail(r, 403, "hints_off", "seat %d turned hints off for this game", seat);
    } else if (g->row.status != STORE_RUNNING) {
        fail(r, 409, g->row.status == STORE_OPEN ? "not_open" : "finished", "game %lld is %s",
             (long long)id, g->row.status == STORE_OPEN ? "waiting for players" : "over");
    } else if (seat != to_move(g)) {
        fail(r, 403, "not_your_turn", "seat %d is not to act: hints are for the seat to act", seat);
    } else if (g->hints != NULL && g->hints_version == g->row.version) {
        answer(r, 200, json_incref(g->hints));
    } else if (atomic_fetch_add(&h->hint_searches, 1) >= h->settings.max_hint_searches) {
        atomic_fetch_sub(&h->hint_searches, 1);
        fail(r, 503, "busy", "the server is working out %d hints already: ask again in a moment",
             h->settings.max_hint_searches);
    } else if ((seen = malloc(g->def->state_size)) == NULL) {
        atomic_fetch_sub(&h->hint_searches, 1);
        fail(r, 500, "internal", "out of memory");
    } else {
        /* the search runs on the seat's own observation, without the lock */
        g->def->observation(g->m.state, seat, seen);
        version = g->row.version;
        def = g->def;
        pthread_mutex_unlock(&g->lock);
        hints = hints_json(def, id, seen, seat, version, why, sizeof why);
        free(seen);
        atomic_fetch_sub(&h->hint_searches, 1);
        if (hints == NULL) {
            fail(r, 500, "internal", "no hints: %s", why[0] ? why : "out of memory");
            return;
        }
        pthread_mutex_lock(&g->lock);
        if (g->row.version == version) {
            json_decref(g->hints);
            g->hints = json_incref(hints);
            g->hints_version = version;
        }
        answer(r, 200, hints);
    }
    game_unlock(h, g);
}

/* The bots' levels the server offers (GET /api/bots; "bots" of GET /api/catalog). */
static json_t *bots_json(void)
{
    int count;
    const bot_level *levels = bot_levels(&count);
    json_t *list = json_array();

    for (int i = 0; list != NULL && i < count; i++)
        json_array_append_new(list, json_pack("{s:s, s:s, s:s}", "name", levels[i].name, "spec", levels[i].spec,
                                              "about", levels[i].description));
    return json_pack("{s:o, s:s, s:s}", "levels", list, "default", BOT_DEFAULT_LEVEL, "hints", BOT_HINT_LEVEL);
}

void hub_bots(hub_reply *r)
{
    answer(r, 200, bots_json());
}

/* One game of the catalog: its engine's name, title, variants and seats. */
static json_t *catalog_game_json(const game_def *def)
{
    json_t *variants = json_array();

    for (int v = 0; variants != NULL && v < games_variant_count(def); v++)
        json_array_append_new(variants, json_string(games_variant_name(def, v)));
    return json_pack("{s:s, s:s, s:o, s:i, s:i}", "name", def->name, "title", def->title, "variants", variants,
                     "min_players", def->min_players, "max_players", def->max_players);
}

void hub_catalog(hub_reply *r)
{
    json_t *list = json_array();

    for (int i = 0; list != NULL && i < games_count(); i++)
        json_array_append_new(list, catalog_game_json(games_at(i)));
    answer(r, 200, json_pack("{s:o, s:o}", "games", list, "bots", bots_json()));
}

void hub_facts(const char *name, hub_reply *r)
{
    const game_def *game = games_find(name);
    json_t *facts = game != NULL ? observe_facts_json(game) : NULL;

    if (facts == NULL)
        fail(r, 404, "not_found", "no static facts for a game called '%.40s'", name);
    else
        answer(r, 200, facts);
}

void hub_stats(hub *h, hub_reply *r)
{
    int count;

    pthread_mutex_lock(&h->table_lock);
    count = h->count;
    pthread_mutex_unlock(&h->table_lock);
    answer(r, 200, json_pack("{s:i, s:i, s:i}", "games_in_memory", count, "max_games", h->settings.max_games,
                             "bots_thinking", atomic_load(&h->bots_thinking)));
}

void hub_hints_off(hub *h, int64_t id, const char *token, const json_t *body, hub_reply *r)
{
    hub_game *g;
    store_seat off;
    int seat;

    if (only_fields(body, NULL, 0, r) != 0 || (g = lock_game_to_change(h, id, r)) == NULL)
        return;
    seat = seat_of(g, token, 1, r);
    if (seat == NO_SEAT)
        goto done;
    if (g->row.status == STORE_FINISHED) {
        fail(r, 409, "finished", "game %lld is over", (long long)id);
        goto done;
    }
    if (!g->seats[seat].hints_off) {
        off = g->seats[seat];
        off.hints_off = 1;
        if (store_seat_change(h, g, &off, "stale", "changed meanwhile", r) != 0)
            goto done;
    }
    answer(r, 200, json_pack("{s:i, s:b}", "seat", seat, "hints", 0));
done:
    game_unlock(h, g);
}

/* The score events an action told (game.h apply_scored), for the log:
 * derived while the log replays the record, so the same after a reload or
 * in a replay and never stored. Scores are public and every event is about
 * public things, so every seat and spectator sees them all. */
static json_t *score_events_json(const game_score_trace *trace)
{
    json_t *list = json_array();
    for (int i = 0; i < trace->count && i < trace->capacity; i++) {
        const game_score_event *e = &trace->events[i];
        json_array_append_new(list, json_pack("{s:i, s:i, s:s, s:s, s:s, s:s}", "seat", e->seat, "points", e->points,
                                              "kind", e->kind, "subject", e->subject, "what", e->what, "rule",
                                              e->rule));
    }
    return list;
}

void hub_log(hub *h, int64_t id, const char *token, const char *from, hub_reply *r)
{
    hub_game *g;
    long first = 0;
    int seat;
    void *state;
    json_t *actions;

    if (query_number(from, "from", 0, INT_MAX, &first, r) != 0)
        return;
    if ((g = lock_game(h, id, r)) == NULL)
        return;
    seat = seat_of(g, token, 0, r);
    state = malloc(g->def->state_size);
    if (seat == NO_SEAT || state == NULL) {
        if (state == NULL)
            fail(r, 500, "internal", "out of memory");
        goto done;
    }
    g->def->init(state, &g->m.options, NULL, 0);
    actions = json_array();
    for (int i = 0; i < g->m.count; i++) {
        int actor = g->def->current_player(state);
        char text[GAME_TEXT_MAX];
        game_score_event events[GAME_SCORE_EVENTS_MAX];
        game_score_trace trace = {events, GAME_SCORE_EVENTS_MAX, 0};
        json_t *entry;
        if (i < first) {
            g->def->apply(state, g->m.actions[i], NULL, 0);
            continue;
        }
        game_action_text(g, state, g->m.actions[i], seat, g->m.state, text, sizeof text);
        entry = json_pack("{s:i, s:o, s:s}", "index", i, "actor",
                          actor >= 0 ? json_integer(actor) : json_string("chance"), "text", text);
        g->def->apply_scored(state, g->m.actions[i], &trace, NULL, 0);
        if (trace.count > 0)
            json_object_set_new(entry, "scoring", score_events_json(&trace));
        json_array_append_new(actions, entry);
    }
    answer(r, 200, json_pack("{s:I, s:o}", "version", (json_int_t)g->row.version, "actions", actions));
done:
    free(state);
    game_unlock(h, g);
}

void hub_record(hub *h, int64_t id, const char *token, hub_reply *r)
{
    hub_game *g = lock_game(h, id, r);
    record_tag tags[GAME_MAX_PLAYERS + 1];
    char names[GAME_MAX_PLAYERS][16], date[11];
    int seat, n = 0;

    if (g == NULL)
        return;
    seat = seat_of(g, token, 0, r);
    if (seat != NO_SEAT) {
        for (int s = 0; s < g->row.players; s++) {
            const store_seat *at = &g->seats[s];
            snprintf(names[s], sizeof names[s], "Seat%d", s + 1);
            tags[n++] = (record_tag){names[s], at->is_bot ? at->bot : at->name[0] ? at->name : "human", 0};
        }
        snprintf(date, sizeof date, "%.10s", g->row.created);
        tags[n++] = (record_tag){"Date", date, 0};
        r->text = g->row.status == STORE_FINISHED ? record_format(&g->m, tags, n)
                                                  : record_format_seen(&g->m, seat, tags, n);
        r->status = 200;
        if (r->text == NULL)
            fail(r, 500, "internal", "the record cannot be written");
    }
    game_unlock(h, g);
}

/* ------------------------------------------------------------ watchers */

enum { HUB_PATCHES_KEPT = 8 /* patches kept per seat: a watcher this many changes behind still gets patches */ };

/* One piece of an event stream, shared by every watcher sending it. */
typedef struct hub_piece {
    atomic_int holders; /* the game's cache and each watcher sending it */
    uint64_t from;      /* a patch: the game's epoch of the view it applies to */
    uint64_t epoch;     /* the game's epoch it shows (a patch: the one it makes) */
    size_t data_at;     /* where its data (the JSON) starts in text */
    size_t len;         /* bytes of text */
    char text[];        /* "event: EVENT\nid: N\ndata: JSON\n\n" */
} hub_piece;

/* What the watchers of one seat (or the spectators) share: the last view
 * rendered for it and the patches that led to it. */
typedef struct hub_seat_views {
    hub_piece *latest;                     /* the last view, its id the game's epoch; NULL before the first */
    int64_t version;                       /* the state number of latest */
    hub_piece *whole;                      /* latest with the state number as its id (whole views only), or NULL */
    hub_piece *patches[HUB_PATCHES_KEPT];  /* the last patches (a ring, NULL: none), each from one view to the next */
    int next_patch;                        /* the ring's entry the next patch replaces */
} hub_seat_views;

/* What a game keeps for its watchers. */
typedef struct hub_watchers {
    pthread_mutex_t render_lock;                  /* guards seats; taken before the game's lock, never after */
    hub_seat_views seats[GAME_MAX_PLAYERS + 1];   /* for each seat, then for the spectators */
    hub_watch *first;                             /* the watchers (guarded by the game's lock) */
} hub_watchers;

struct hub_watch {
    hub *h;                               /* the hub */
    hub_game *g;                          /* the game watched */
    int seat;                             /* the watcher's seat, GAME_CHANCE for a spectator */
    int whole;                            /* 1: whole views only, no patches */
    unsigned char hash[STORE_HASH_BYTES]; /* hash of the watcher's token (seat >= 0) */
    hub_watch_notify *notify;             /* called after each change of g */
    void *context;                        /* notify's argument */
    hub_watch *prev, *next;               /* neighbours in g's list of watchers */
    uint64_t seen;                        /* the game's epoch last sent */
    int started;                          /* 1 once the first view is sent */
    double last_sent;                     /* when the last piece was handed out (timer_now) */
    hub_piece *piece;                     /* the piece handed out last (held), NULL if none */
};

static const char keepalive_text[] = ": keep-alive\n\n";

static void piece_release(hub_piece *piece)
{
    if (piece != NULL && atomic_fetch_sub(&piece->holders, 1) == 1)
        free(piece);
}

static void watchers_notify(hub_game *g)
{
    for (hub_watch *w = g->watchers ? g->watchers->first : NULL; w != NULL; w = w->next)
        w->notify(w->context);
}

static void watchers_free(hub_watchers *watchers)
{
    if (watchers == NULL)
        return;
    assert(watchers->first == NULL);
    for (int i = 0; i <= GAME_MAX_PLAYERS; i++) {
        hub_seat_views *views = &watchers->seats[i];
        piece_release(views->latest);
        piece_release(views->whole);
        for (int k = 0; k < HUB_PATCHES_KEPT; k++)
            piece_release(views->patches[k]);
    }
    pthread_mutex_destroy(&watchers->render_lock);
    free(watchers);
}

/* A copy of what view_json reads of g (its row, seats, state and undo
 * window; the copy's match owns only its state), made under g's lock so
 * that the view is rendered without it. Free with copy_free. */
static hub_game *copy_for_view(const hub_game *g)
{
    hub_game *copy = calloc(1, sizeof *copy);

    if (copy == NULL || (copy->m.state = malloc(g->def->state_size)) == NULL) {
        free(copy);
        return NULL;
    }
    memcpy(copy->m.state, g->m.state, g->def->state_size);
    copy->m.game = g->m.game;
    copy->m.options = g->m.options;
    copy->m.count = g->m.count;
    copy->m.undo_from = g->m.undo_from;
    copy->def = g->def;
    copy->row = g->row;
    memcpy(copy->seats, g->seats, sizeof copy->seats);
    copy->epoch = g->epoch;
    return copy;
}

static void copy_free(hub_game *copy)
{
    free(copy->m.state);
    free(copy);
}

/* The event "event: EVENT\nid: ID\ndata: DATA\n\n" (data: len bytes) of
 * the game's epoch, held once; NULL out of memory. */
static hub_piece *piece_event(const char *event, long long id, const char *data, size_t len, uint64_t epoch)
{
    char head[64];
    int head_len = snprintf(head, sizeof head, "event: %s\nid: %lld\ndata: ", event, id);
    hub_piece *piece = malloc(sizeof *piece + (size_t)head_len + len + 3);

    if (piece == NULL)
        return NULL;
    atomic_init(&piece->holders, 1);
    piece->from = 0;
    piece->epoch = epoch;
    piece->data_at = (size_t)head_len;
    memcpy(piece->text, head, (size_t)head_len);
    memcpy(piece->text + head_len, data, len);
    memcpy(piece->text + (size_t)head_len + len, "\n\n", 3);
    piece->len = (size_t)head_len + len + 2;
    return piece;
}

/* The JSON of a piece's data, or NULL. */
static json_t *piece_json(const hub_piece *piece)
{
    return json_loadb(piece->text + piece->data_at, piece->len - piece->data_at - 2, 0, NULL);
}

/* The patch event from views->latest (view before, its JSON) to fresh (view
 * now, rendered from copy): NULL if memory runs out or the patch would be
 * no smaller than the whole view. */
static hub_piece *patch_event(const hub_seat_views *views, const json_t *before, const json_t *now,
                              const hub_piece *fresh)
{
    json_t *ops = jpatch_diff(before, now);
    json_t *change = ops == NULL ? NULL
                                 : json_pack("{s:I, s:I, s:o}", "from", (json_int_t)views->latest->epoch, "to",
                                             (json_int_t)fresh->epoch, "patch", ops);
    char *data = change != NULL ? json_dumps(change, JSON_COMPACT) : NULL;
    size_t len = data != NULL ? strlen(data) : 0;
    hub_piece *patch = data != NULL && len < fresh->len - fresh->data_at
                           ? piece_event("patch", (long long)fresh->epoch, data, len, fresh->epoch)
                           : NULL;

    if (patch != NULL)
        patch->from = views->latest->epoch;
    free(data);
    json_decref(change);
    return patch;
}

/* Render what seat sees of copy into views (render lock held): the view,
 * and the patch from the last one; 0, or -1 if memory runs out (views
 * unchanged). */
static int views_render(hub_seat_views *views, const hub_game *copy, int seat)
{
    json_t *view = view_json(copy, seat, copy->m.state, -1);
    char *data = view != NULL ? json_dumps(view, JSON_COMPACT) : NULL;
    hub_piece *fresh = data != NULL ? piece_event("view", (long long)copy->epoch, data, strlen(data), copy->epoch)
                                    : NULL;
    json_t *before = fresh != NULL && views->latest != NULL ? piece_json(views->latest) : NULL;
    hub_piece *patch = before != NULL ? patch_event(views, before, view, fresh) : NULL;

    free(data);
    json_decref(before);
    json_decref(view);
    if (fresh == NULL)
        return -1;
    piece_release(views->latest);
    piece_release(views->whole);
    views->latest = fresh;
    views->whole = NULL;
    views->version = copy->row.version;
    if (patch != NULL) {
        piece_release(views->patches[views->next_patch]);
        views->patches[views->next_patch] = patch;
        views->next_patch = (views->next_patch + 1) % HUB_PATCHES_KEPT;
    }
    return 0;
}

/* The piece w is to get from views (render lock held), which hold the
 * game's latest view: the patch from the view w saw last if it is kept,
 * else the whole view; NULL if memory runs out. */
static hub_piece *views_next(hub_seat_views *views, const hub_watch *w)
{
    const hub_piece *latest = views->latest;

    if (w->whole) {
        if (views->whole == NULL)
            views->whole = piece_event("view", (long long)views->version, latest->text + latest->data_at,
                                       latest->len - latest->data_at - 2, latest->epoch);
        return views->whole;
    }
    for (int k = 0; w->started && k < HUB_PATCHES_KEPT; k++)
        if (views->patches[k] != NULL && views->patches[k]->from == w->seen)
            return views->patches[k];
    return views->latest;
}

hub_watch *hub_watch_open(hub *h, int64_t id, const char *token, const char *whole_text, hub_watch_notify *notify,
                          void *context, hub_reply *r)
{
    long whole = 0;
    hub_game *g = query_number(whole_text, "whole", 0, 1, &whole, r) == 0 ? lock_game(h, id, r) : NULL;
    hub_watch *w;
    int seat;

    if (g == NULL)
        return NULL;
    seat = seat_of(g, token, 0, r);
    if (seat != NO_SEAT && g->watchers == NULL && (g->watchers = calloc(1, sizeof *g->watchers)) != NULL)
        pthread_mutex_init(&g->watchers->render_lock, NULL);
    w = seat == NO_SEAT || g->watchers == NULL ? NULL : calloc(1, sizeof *w);
    if (w != NULL) {
        *w = (hub_watch){.h = h, .g = g, .seat = seat, .whole = (int)whole, .notify = notify, .context = context,
                         .next = g->watchers->first};
        if (seat >= 0)
            memcpy(w->hash, g->seats[seat].token_hash, sizeof w->hash);
        if (w->next != NULL)
            w->next->prev = w;
        g->watchers->first = w;
    } else if (seat != NO_SEAT) {
        fail(r, 500, "internal", "out of memory");
    }
    if (w != NULL)
        pthread_mutex_unlock(&g->lock); /* the watcher holds the game until it closes */
    else
        game_unlock(h, g);
    return w;
}

hub_watch_status hub_watch_poll(hub_watch *w, const char **text, size_t *len, double *due)
{
    hub_game *g = w->g;
    hub_watchers *watchers = g->watchers;
    hub_seat_views *views = &watchers->seats[w->seat >= 0 ? w->seat : GAME_MAX_PLAYERS];
    hub_game *copy = NULL;
    double now = timer_now();
    int over;

    piece_release(w->piece);
    w->piece = NULL;
    pthread_mutex_lock(&watchers->render_lock);
    pthread_mutex_lock(&g->lock);
    over = atomic_load(&w->h->stopping) || !game_served(g) ||
           (w->seat >= 0 && !token_matches(w->hash, g->seats[w->seat].token_hash));
    if (!over && (!w->started || g->epoch != w->seen) && (views->latest == NULL || views->latest->epoch != g->epoch))
        over = (copy = copy_for_view(g)) == NULL; /* the cached view is stale: render anew, unlocked */
    if (!over && w->started && g->epoch == w->seen) {
        pthread_mutex_unlock(&g->lock);
        pthread_mutex_unlock(&watchers->render_lock);
        *due = w->last_sent + w->h->settings.keepalive_seconds;
        if (now < *due)
            return HUB_WATCH_WAIT;
        w->last_sent = now;
        *text = keepalive_text;
        *len = sizeof keepalive_text - 1;
        return HUB_WATCH_READY;
    }
    pthread_mutex_unlock(&g->lock);
    if (copy != NULL) {
        over = views_render(views, copy, w->seat) != 0;
        copy_free(copy);
    }
    if (!over && (w->piece = views_next(views, w)) != NULL)
        atomic_fetch_add(&w->piece->holders, 1);
    over = over || w->piece == NULL;
    pthread_mutex_unlock(&watchers->render_lock);
    if (over)
        return HUB_WATCH_END;
    w->started = 1;
    w->seen = w->piece->epoch;
    w->last_sent = now;
    *text = w->piece->text;
    *len = w->piece->len;
    return HUB_WATCH_READY;
}

void hub_watch_close(hub_watch *w)
{
    hub_game *g;

    if (w == NULL)
        return;
    g = w->g;
    pthread_mutex_lock(&g->lock);
    if (w->prev != NULL)
        w->prev->next = w->next;
    else
        g->watchers->first = w->next;
    if (w->next != NULL)
        w->next->prev = w->prev;
    pthread_mutex_unlock(&g->lock);
    piece_release(w->piece);
    game_release(w->h, g);
    free(w);
}

/* ------------------------------------------------------------ threads */

/* Let the bot of game id move, if one is to move: think without any lock
 * on a copy of its observation, then commit if the game did not move on. */
static void bot_move(hub *h, int64_t id)
{
    hub_game *g = table_find(h, id, NULL);
    bot_settings settings;
    char spec[STORE_NAME_MAX], why[200];
    void *seen;
    int seat, action = -1;
    int64_t version;
    uint64_t seed;
    const game_def *def;
    bot *b;

    if (g == NULL)
        return;
    pthread_mutex_lock(&g->lock);
    seat = to_move(g);
    seen = malloc(g->def->state_size);
    if (seen == NULL || !game_served(g) || seat < 0 || !g->seats[seat].is_bot) {
        g->bot_queued = 0;
        game_unlock(h, g);
        free(seen);
        return;
    }
    version = g->row.version;
    snprintf(spec, sizeof spec, "%s", g->seats[seat].bot);
    g->def->observation(g->m.state, seat, seen);
    seed = draw_bot_seed(g->row.seed, version);
    def = g->def;
    pthread_mutex_unlock(&g->lock);

    if (bot_parse(spec, &settings, why, sizeof why) == 0) {
        settings.seed = seed;
        b = bot_new(def, &settings, why, sizeof why);
        if (b != NULL) {
            atomic_fetch_add(&h->bots_thinking, 1);
            action = bot_choose(b, seen, seat);
            atomic_fetch_sub(&h->bots_thinking, 1);
            bot_free(b);
        }
    }
    free(seen);

    pthread_mutex_lock(&g->lock);
    game_wait_changes(g);
    g->bot_queued = 0;
    if (action < 0) {
        fprintf(stderr, "maya serve: game %lld: bot \"%s\" cannot move: %s\n", (long long)id, spec, why);
    } else if (g->row.version == version && to_move(g) == seat && g->seats[seat].is_bot) {
        hub_reply r = {0};
        if (commit(h, g, seat, &action, 1, NULL, &r) != 0)
            fprintf(stderr, "maya serve: game %lld: bot move refused: %s\n", (long long)id, r.error);
        hub_reply_free(&r);
    } else {
        queue_bot(h, g); /* the game moved on while the bot thought */
    }
    game_unlock(h, g);
}

/* A bot thread: plays the bots of the queued games, quick ones first;
 * with quick_only, only quick ones (the quick lane's own thread). */
static void bot_work(hub *h, int quick_only)
{
    pthread_mutex_lock(&h->queue_lock);
    for (;;) {
        id_ring *ring;
        int64_t id;
        while (h->queues[LANE_QUICK].count == 0 && (quick_only || h->queues[LANE_SLOW].count == 0) &&
               !atomic_load(&h->stopping))
            pthread_cond_wait(&h->queue_ready, &h->queue_lock);
        if (atomic_load(&h->stopping))
            break;
        ring = h->queues[LANE_QUICK].count > 0 ? &h->queues[LANE_QUICK] : &h->queues[LANE_SLOW];
        id = ring_pop(ring);
        pthread_mutex_unlock(&h->queue_lock);
        bot_move(h, id);
        pthread_mutex_lock(&h->queue_lock);
    }
    pthread_mutex_unlock(&h->queue_lock);
}

static void *bot_thread(void *arg)
{
    bot_work(arg, 0);
    return NULL;
}

static void *quick_bot_thread(void *arg)
{
    bot_work(arg, 1);
    return NULL;
}

/* The table's games, each held (table_release_all when done); *n their
 * number. NULL if memory fails. */
static hub_game **table_snapshot(hub *h, int *n)
{
    hub_game **games;

    pthread_mutex_lock(&h->table_lock);
    *n = h->count;
    games = malloc(sizeof *games * (size_t)(h->count ? h->count : 1));
    for (int i = 0; games != NULL && i < h->count; i++) {
        games[i] = h->games[i];
        games[i]->refs++;
    }
    pthread_mutex_unlock(&h->table_lock);
    return games;
}

/* Let go of the games of a table_snapshot and free it. */
static void table_release_all(hub *h, hub_game **games, int n)
{
    pthread_mutex_lock(&h->table_lock);
    for (int i = 0; games != NULL && i < n; i++) {
        assert(games[i]->refs > 0);
        games[i]->refs--;
    }
    pthread_mutex_unlock(&h->table_lock);
    free(games);
}

/* Games unused for settings.idle_seconds (finished ones sooner) that may
 * leave memory leave it; they come back from the store when asked for. */
static void table_evict_idle(hub *h)
{
    double now = timer_now();

    if (h->settings.idle_seconds <= 0)
        return;
    pthread_mutex_lock(&h->table_lock);
    for (int i = h->count - 1; i >= 0; i--)
        if (table_may_evict(h->games[i], now, h->settings.idle_seconds))
            table_evict(h, i);
    pthread_mutex_unlock(&h->table_lock);
}

/* Once a second: a person out of time gives the seat to the replacement
 * bot; a bot to move that nobody queued (after a refused write) is queued. */
static void sweep(hub *h)
{
    int n;
    hub_game **games = table_snapshot(h, &n);
    double now = timer_now();

    for (int i = 0; games != NULL && i < n; i++) {
        hub_game *g = games[i];
        hub_reply r = {0};
        int seat;
        pthread_mutex_lock(&g->lock);
        game_wait_changes(g);
        if (g->unsure)
            game_reload(h, g);
        if (game_served(g) && start_if_full(h, g, &r) != 0) /* a start the store refused before */
            fprintf(stderr, "maya serve: game %lld cannot start yet: %s\n", (long long)g->row.id, r.error);
        hub_reply_free(&r);
        seat = to_move(g);
        if (game_served(g) && seat >= 0 && !g->seats[seat].is_bot && g->row.turn_seconds > 0 &&
            g->turn_seat == seat && now - g->turn_started >= g->row.turn_seconds) {
            r = (hub_reply){0};
            if (give_up_seat(h, g, seat, &r) != 0)
                fprintf(stderr, "maya serve: game %lld: %s\n", (long long)g->row.id, r.error);
        }
        if (game_served(g))
            queue_bot(h, g);
        pthread_mutex_unlock(&g->lock);
    }
    table_release_all(h, games, n);
    table_evict_idle(h);
}

static void *watchdog_thread(void *arg)
{
    hub *h = arg;
    double last_sweep = 0.0;

    while (!atomic_load(&h->stopping)) {
        store_note note;
        int heard = store_wait(h->st, 500, &note);
        if (heard < 0) { /* the announcements were interrupted: catch up with everything */
            int n;
            hub_game **games;
            pthread_mutex_lock(&h->table_lock); /* games being loaded now missed them too */
            h->unheard_count += UNHEARD_MAX + 1;
            pthread_mutex_unlock(&h->table_lock);
            games = table_snapshot(h, &n);
            for (int i = 0; games != NULL && i < n; i++) {
                pthread_mutex_lock(&games[i]->lock);
                if (games[i]->row.status != STORE_FINISHED)
                    catch_up(h, games[i]);
                pthread_mutex_unlock(&games[i]->lock);
            }
            table_release_all(h, games, n);
        }
        if (heard == 1) {
            hub_game *g = table_find_heard(h, &note);
            if (g != NULL) {
                pthread_mutex_lock(&g->lock);
                /* another process moved the game on, or changed its seats or
                 * status (a seat change keeps the version: reload even if it
                 * may be this process's own) */
                if (note.version > g->row.version || (!note.events && note.version == g->row.version))
                    catch_up(h, g);
                game_unlock(h, g);
            }
        }
        if (timer_now() - last_sweep >= 1.0) {
            last_sweep = timer_now();
            sweep(h);
        }
    }
    return NULL;
}

/* ------------------------------------------------------------ the hub */

hub *hub_new(store *st, const hub_settings *settings, char *why, size_t why_len)
{
    hub *h = calloc(1, sizeof *h);
    static const int unfinished[] = {STORE_OPEN, STORE_RUNNING};
    int load_max = settings->max_games > 0 && settings->max_games < LOAD_MAX ? settings->max_games : LOAD_MAX;
    int64_t *ids = malloc(sizeof *ids * (size_t)load_max);

    if (h == NULL || ids == NULL) {
        free(h);
        free(ids);
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    h->st = st;
    h->settings = *settings;
    h->creators = calloc(CREATORS_MAX, sizeof *h->creators);
    pthread_mutex_init(&h->creators_lock, NULL);
    pthread_mutex_init(&h->table_lock, NULL);
    pthread_mutex_init(&h->queue_lock, NULL);
    pthread_cond_init(&h->queue_ready, NULL);
    if (h->creators == NULL) {
        free(ids);
        hub_free(h);
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    /* listen before loading, so that no change made meanwhile by another
     * process goes unheard (PostgreSQL delivers only what follows LISTEN) */
    {
        store_note note;
        store_wait(st, 0, &note);
    }
    for (int k = 0; k < 2; k++) {
        int n = 0;
        if (store_list(st, unfinished[k], ids, load_max, &n, why, why_len) != STORE_OK) {
            free(ids);
            hub_free(h);
            return NULL;
        }
        for (int i = 0; i < n; i++) {
            hub_reply r = {0};
            hub_game *g = lock_game(h, ids[i], &r);
            if (g == NULL) {
                fprintf(stderr, "maya serve: game %lld left aside: %s\n", (long long)ids[i], r.error);
                continue;
            }
            game_unlock(h, g); /* in memory: its bots and turn clock go on (lock_game) */
        }
    }
    free(ids);
    h->bot_threads = calloc((size_t)settings->bot_threads + 1, sizeof *h->bot_threads);
    for (int i = 0; h->bot_threads != NULL && i <= settings->bot_threads; i++)
        if (pthread_create(&h->bot_threads[i], NULL, i < settings->bot_threads ? bot_thread : quick_bot_thread,
                           h) == 0)
            h->bot_thread_count++;
    h->watchdog_started = pthread_create(&h->watchdog, NULL, watchdog_thread, h) == 0;
    if (h->bot_thread_count <= settings->bot_threads || !h->watchdog_started) {
        snprintf(why, why_len, "the hub's threads cannot be started");
        hub_free(h);
        return NULL;
    }
    return h;
}

void hub_stop(hub *h)
{
    int n;
    hub_game **games;

    atomic_store(&h->stopping, 1);
    pthread_mutex_lock(&h->queue_lock);
    pthread_cond_broadcast(&h->queue_ready);
    pthread_mutex_unlock(&h->queue_lock);
    games = table_snapshot(h, &n);
    for (int i = 0; games != NULL && i < n; i++) { /* wake every watcher */
        pthread_mutex_lock(&games[i]->lock);
        watchers_notify(games[i]);
        pthread_mutex_unlock(&games[i]->lock);
    }
    table_release_all(h, games, n);
}

void hub_free(hub *h)
{
    if (h == NULL)
        return;
    hub_stop(h);
    for (int i = 0; i < h->bot_thread_count; i++)
        pthread_join(h->bot_threads[i], NULL);
    if (h->watchdog_started)
        pthread_join(h->watchdog, NULL);
    for (int i = 0; i < h->count; i++)
        game_free(h->games[i]);
    free(h->games);
    for (int lane = 0; lane < LANES; lane++)
        free(h->queues[lane].ids);
    free(h->bot_threads);
    free(h->creators);
    pthread_mutex_destroy(&h->creators_lock);
    pthread_mutex_destroy(&h->table_lock);
    pthread_mutex_destroy(&h->queue_lock);
    pthread_cond_destroy(&h->queue_ready);
    free(h);
}
