/*
 * hub.c -- the server's games in play (see hub.h): the table of games in
 * memory, each rebuilt from its stored events; the requests of docs/api.md;
 * the bot threads; the watchdog thread (turn time limits, bots to wake,
 * other processes' changes announced by the store); live watchers.
 *
 * Locks: the table lock (hub.table_lock) guards the table of games; each
 * game's lock guards that game; the queue lock guards the bots' queue. They
 * are taken in that order only, and no lock is held while a bot thinks.
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
#include "server/observe.h"
#include "server/token.h"
#include "timer.h"

enum {
    LIST_DEFAULT = 50,        /* games listed when no limit is asked */
    LIST_MAX = 500,           /* most games one list answers */
    LOAD_MAX = 1000000,       /* most unfinished games loaded at start */
    TURN_SECONDS_MAX = 604800, /* longest turn limit: a week */
    NO_SEAT = -100            /* seat_of: the request was refused */
};

typedef struct hub_game {
    pthread_mutex_t lock;               /* guards everything below */
    struct hub_watchers *watchers;      /* live watchers and their shared views, NULL before the first */
    uint64_t epoch;                     /* changes seen by this process (events, seats, reloads) */
    store_game row;                     /* the stored row: options, status, state number */
    store_seat seats[GAME_MAX_PLAYERS]; /* the stored seats */
    const game_def *def;                /* the rules */
    match m;                            /* the game replayed from its stored events */
    int broken;                         /* 1 if the stored events do not replay: never served */
    int bot_queued;                     /* 1 while a bot's move is queued or being thought */
    time_t turn_started;                /* when turn_seat got the move (time limits) */
    int turn_seat;                      /* seat whose turn turn_started times, -1 none */
    json_t *hints;                      /* the last hints answer (owned), NULL none */
    int64_t hints_version;              /* the state number it was worked out at */
} hub_game;

struct hub {
    store *st;                  /* where every game is kept (the caller's) */
    hub_settings settings;      /* limits and thread counts */
    pthread_mutex_t table_lock; /* guards games and count */
    hub_game **games;           /* games in memory, sorted by id */
    int count;                  /* entries of games */
    int capacity;               /* entries allocated */
    pthread_mutex_t queue_lock; /* guards the bots' queue */
    pthread_cond_t queue_ready; /* signalled when an id is queued or the hub stops */
    int64_t *queue;             /* ring of ids of games whose bot is to move */
    int queue_head;             /* index of the oldest queued id */
    int queue_count;            /* ids queued */
    int queue_capacity;         /* entries allocated */
    pthread_t *bot_threads;     /* the bots' threads */
    int bot_thread_count;       /* how many were started */
    pthread_t watchdog;         /* time limits, idle bots, announcements */
    int watchdog_started;       /* 1 once the watchdog runs */
    atomic_int stopping;        /* 1 once hub_free began */
    atomic_int hint_searches;   /* hint searches running now (at most settings.max_hint_searches) */
};

/* Of the watchers section below: tell a game's watchers it changed (its
 * lock held); release what the game keeps for them. */
static void watchers_notify(hub_game *g);
static void watchers_free(struct hub_watchers *watchers);

/* ------------------------------------------------------------ replies */

static void fail(hub_reply *r, int status, const char *code, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void fail(hub_reply *r, int status, const char *code, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vsnprintf(r->error, sizeof r->error, format, args);
    va_end(args);
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
        .max_bot_millis = 10000,
        .max_bot_threads = 4,
        .max_bot_iterations = 200000,
        .max_hint_searches = 2,
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

/* A bot spec the server accepts: parsed and within the hub's limits. */
static int check_bot_spec(const hub *h, const char *spec, const char *what, hub_reply *r)
{
    bot_settings settings;
    char why[160];

    if (bot_parse(spec, &settings, why, sizeof why) != 0) {
        fail(r, 400, "bad_field", "%s: %s", what, why);
        return -1;
    }
    if (settings.millis > h->settings.max_bot_millis || settings.threads > h->settings.max_bot_threads ||
        settings.iterations > h->settings.max_bot_iterations) {
        fail(r, 400, "bad_field", "%s: the server allows at most millis=%d, threads=%d, iterations=%d", what,
             h->settings.max_bot_millis, h->settings.max_bot_threads, h->settings.max_bot_iterations);
        return -1;
    }
    return 0;
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
    free(g);
}

static hub_game *game_new(void)
{
    hub_game *g = calloc(1, sizeof *g);

    if (g == NULL)
        return NULL;
    pthread_mutex_init(&g->lock, NULL);
    g->turn_seat = -1;
    return g;
}

/* Rebuild g's match from its row and events: replays every event. 0, or -1
 * (the game is marked broken) with a reason in why. */
static int game_replay(hub_game *g, const store_event *events, int n, char *why, size_t why_len)
{
    game_options options;

    match_free(&g->m);
    g->broken = 1;
    g->def = games_find(g->row.game);
    if (g->def == NULL) {
        snprintf(why, why_len, "unknown game \"%s\"", g->row.game);
        return -1;
    }
    options.players = g->row.players;
    options.variant = g->row.variant[0] ? games_variant_find(g->def, g->row.variant) : 0;
    if (options.variant < 0 || match_init(&g->m, g->def, &options, why, why_len) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        char reason[200];
        int action;
        if (events[i].kind == STORE_UNDO) {
            if (match_undo(&g->m, reason, sizeof reason) != 0) {
                snprintf(why, why_len, "event %d (undo): %s", i + 1, reason);
                return -1;
            }
            continue;
        }
        if (g->def->text_to_action(g->m.state, events[i].text, &action, reason, sizeof reason) != 0 ||
            match_apply(&g->m, action, reason, sizeof reason) != 0) {
            snprintf(why, why_len, "event %d (%s): %s", i + 1, events[i].text, reason);
            return -1;
        }
    }
    g->broken = 0;
    return 0;
}

/* Load game id from the store into a new hub_game (not in the table). */
static hub_game *game_load(hub *h, int64_t id, int *status, char *why, size_t why_len)
{
    hub_game *g = game_new();
    store_event *events = NULL;
    int n = 0, rc;

    if (g == NULL) {
        *status = STORE_EIO;
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    rc = store_load(h->st, id, &g->row, g->seats, &events, &n, why, why_len);
    if (rc == STORE_OK && game_replay(g, events, n, why, why_len) != 0)
        fprintf(stderr, "maya serve: game %lld does not replay: %s\n", (long long)id, why);
    free(events);
    *status = rc;
    if (rc != STORE_OK) {
        game_free(g);
        return NULL;
    }
    return g;
}

/* Replace g's contents by what the store holds (after a refused write or
 * another process's change). g is locked. */
static void game_reload(hub *h, hub_game *g)
{
    store_event *events = NULL;
    int n = 0;
    char why[256];

    if (store_load(h->st, g->row.id, &g->row, g->seats, &events, &n, why, sizeof why) != STORE_OK ||
        game_replay(g, events, n, why, sizeof why) != 0)
        fprintf(stderr, "maya serve: game %lld cannot be reloaded: %s\n", (long long)g->row.id, why);
    free(events);
    g->epoch++;
    watchers_notify(g);
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

static json_t *summary_json(const hub_game *g)
{
    json_t *seats = json_array();
    json_t *summary;
    void *public_view = malloc(g->def->state_size);

    if (public_view == NULL || seats == NULL) {
        free(public_view);
        json_decref(seats);
        return NULL;
    }
    g->def->observation(g->m.state, GAME_CHANCE, public_view);
    for (int s = 0; s < g->row.players; s++) {
        const store_seat *seat = &g->seats[s];
        json_array_append_new(seats, json_pack("{s:i, s:s, s:s?, s:s, s:b, s:b}", "seat", s, "type",
                                               seat->is_bot ? "bot" : "human", "bot",
                                               seat->is_bot ? seat->bot : NULL, "name", seat->name, "taken",
                                               seat->is_bot || seat->taken, "hints", !seat->hints_off));
    }
    summary = json_pack("{s:I, s:s, s:s?, s:i, s:s, s:I, s:o, s:s, s:i, s:s, s:o, s:o, s:s?}", "id",
                        (json_int_t)g->row.id, "game", g->row.game, "variant",
                        g->row.variant[0] ? g->row.variant : NULL, "players", g->row.players, "status",
                        status_name(g->row.status), "version", (json_int_t)g->row.version, "to_move",
                        to_move_json(g), "created", g->row.created, "turn_seconds", g->row.turn_seconds,
                        "replacement", g->row.replacement, "seats", seats, "scores", scores_json(g, public_view),
                        "result", g->row.status == STORE_FINISHED ? g->row.result : NULL);
    free(public_view);
    return summary;
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
    g->def->observation(state, seat, seen);
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

/* Put g's id on the bots' queue if a bot is to move and none is queued. */
static void queue_bot(hub *h, hub_game *g)
{
    int current = to_move(g);

    if (g->bot_queued || g->broken || current < 0 || !g->seats[current].is_bot)
        return;
    pthread_mutex_lock(&h->queue_lock);
    if (h->queue_count == h->queue_capacity) {
        int capacity = h->queue_capacity ? 2 * h->queue_capacity : 64;
        int64_t *queue = malloc(sizeof *queue * (size_t)capacity);
        if (queue == NULL) {
            pthread_mutex_unlock(&h->queue_lock);
            return; /* the watchdog queues it again later */
        }
        for (int i = 0; i < h->queue_count; i++)
            queue[i] = h->queue[(h->queue_head + i) % h->queue_capacity];
        free(h->queue);
        h->queue = queue;
        h->queue_head = 0;
        h->queue_capacity = capacity;
    }
    h->queue[(h->queue_head + h->queue_count) % h->queue_capacity] = g->row.id;
    h->queue_count++;
    g->bot_queued = 1;
    pthread_cond_signal(&h->queue_ready);
    pthread_mutex_unlock(&h->queue_lock);
}

/* After a change of g (locked): wake the watchers, restart the turn clock
 * if the move passed to another seat, wake a bot. */
static void changed(hub *h, hub_game *g)
{
    int current = to_move(g);

    g->epoch++;
    watchers_notify(g);
    if (current != g->turn_seat) {
        g->turn_seat = current;
        g->turn_started = time(NULL);
    }
    queue_bot(h, g);
}

/* The record's Result value of a finished state: the scores. */
static void result_text(const hub_game *g, char *out, size_t len)
{
    int scores[GAME_MAX_PLAYERS];
    size_t used = 0;

    out[0] = '\0';
    g->def->scores(g->m.state, scores);
    for (int s = 0; s < g->row.players && used < len; s++)
        used += (size_t)snprintf(out + used, len - used, s ? " %d" : "%d", scores[s]);
}

/* Apply action (by seat; -1: none) to g (locked), then draw every chance
 * outcome until a seat must act, and store it all in one append with the
 * new status. applied (if not NULL) receives the lines. 0, or -1 with r
 * filled and g as stored. */
static int commit(hub *h, hub_game *g, int seat, int action, json_t *applied, hub_reply *r)
{
    const game_def *def = g->def;
    int64_t version = g->row.version;
    store_event *events = NULL;
    unsigned char *befores = NULL; /* the state before each event, for the lines as seat sees them */
    int n = 0, capacity = 0, rc;
    store_status status;
    char result[STORE_RESULT_MAX] = "", why[256];

    for (;;) {
        int actor = match_current_player(&g->m), pick = action;
        if (n > 0 || action < 0) {
            int outcomes;
            if (actor != GAME_CHANCE)
                break;
            outcomes = def->chance_outcomes(g->m.state, g->m.outcomes, g->m.probability);
            pick = draw_outcome(g->row.seed, version + n + 1, g->m.outcomes, g->m.probability, outcomes);
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
        memcpy(befores + def->state_size * (size_t)n, g->m.state, def->state_size);
        events[n] = (store_event){.version = version + n + 1, .kind = STORE_ACTION, .actor = actor};
        def->action_to_text(g->m.state, pick, events[n].text, sizeof events[n].text);
        if (match_apply(&g->m, pick, why, sizeof why) != 0) {
            if (n == 0) { /* the seat's own action: refused, nothing changed */
                fail(r, 422, "illegal", "%s", why);
                free(events);
                free(befores);
                return -1;
            }
            fail(r, 500, "internal", "chance outcome refused: %s", why);
            goto refused;
        }
        n++;
    }
    if (n == 0) { /* nothing to draw: only the status changes */
        rc = store_set_status(h->st, g->row.id, STORE_RUNNING, "", why, sizeof why);
        if (rc != STORE_OK) {
            fail(r, 503, "store", "the game could not be stored: %s", why);
            goto refused;
        }
        g->row.status = STORE_RUNNING;
        free(events);
        free(befores);
        changed(h, g);
        return 0;
    }
    status = match_current_player(&g->m) == GAME_TERMINAL ? STORE_FINISHED : STORE_RUNNING;
    if (status == STORE_FINISHED)
        result_text(g, result, sizeof result);
    rc = store_append(h->st, g->row.id, version, events, n, status, result, why, sizeof why);
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
        int index = g->m.count - n + i;
        def->action_seen(befores + def->state_size * (size_t)i, g->m.actions[index], seat, g->m.state, seen,
                         sizeof seen);
        json_array_append_new(applied, json_pack("{s:i, s:o, s:s}", "index", index, "actor",
                                                 events[i].actor >= 0 ? json_integer(events[i].actor)
                                                                      : json_string("chance"),
                                                 "text", seen));
    }
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
        if (h->games[mid]->row.id < id)
            low = mid + 1;
        else
            high = mid;
    }
    *found = low < h->count && h->games[low]->row.id == id;
    return low;
}

/* Put g in the table unless a game with its id is there: returns the one
 * in the table (g is freed if it lost; *added says whether g went in).
 * NULL if memory fails. */
static hub_game *table_add(hub *h, hub_game *g, int *added)
{
    int found, at;

    *added = 0;
    pthread_mutex_lock(&h->table_lock);
    at = table_index(h, g->row.id, &found);
    if (found) {
        hub_game *there = h->games[at];
        pthread_mutex_unlock(&h->table_lock);
        game_free(g);
        return there;
    }
    if (h->count == h->capacity) {
        int capacity = h->capacity ? 2 * h->capacity : 64;
        hub_game **games = realloc(h->games, sizeof *games * (size_t)capacity);
        if (games == NULL) {
            pthread_mutex_unlock(&h->table_lock);
            game_free(g);
            return NULL;
        }
        h->games = games;
        h->capacity = capacity;
    }
    memmove(h->games + at + 1, h->games + at, sizeof *h->games * (size_t)(h->count - at));
    h->games[at] = g;
    h->count++;
    *added = 1;
    pthread_mutex_unlock(&h->table_lock);
    return g;
}

/* The game in memory with id, or NULL. */
static hub_game *table_find(hub *h, int64_t id)
{
    hub_game *g = NULL;
    int found, at;

    pthread_mutex_lock(&h->table_lock);
    at = table_index(h, id, &found);
    if (found)
        g = h->games[at];
    pthread_mutex_unlock(&h->table_lock);
    return g;
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
    if (commit(h, g, -1, -1, NULL, r) == 0)
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
    g->bot_queued = 0;
    changed(h, g);
    if (start_if_full(h, g, &r) != 0 && r.status != 409)
        fprintf(stderr, "maya serve: game %lld cannot start: %s\n", (long long)g->row.id, r.error);
    hub_reply_free(&r);
}

/* Game id, loaded from the store if need be, and locked; NULL with r
 * filled if there is none (or it cannot be served). */
static hub_game *lock_game(hub *h, int64_t id, hub_reply *r)
{
    hub_game *g = table_find(h, id);
    int added = 0;

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
        g = table_add(h, g, &added);
        if (g == NULL) {
            fail(r, 500, "internal", "out of memory");
            return NULL;
        }
    }
    pthread_mutex_lock(&g->lock);
    /* what another process changed while it loaded, before it was in the
     * table, went unheard; a finished game changes no more */
    if (added && g->row.status != STORE_FINISHED)
        catch_up(h, g);
    if (g->broken) {
        pthread_mutex_unlock(&g->lock);
        fail(r, 500, "broken", "game %lld is damaged in the store and cannot be played", (long long)id);
        return NULL;
    }
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

void hub_create(hub *h, const json_t *body, hub_reply *r)
{
    static const char *const fields[] = {"game", "variant", "players", "seats", "turn_seconds", "replacement", "join"};
    const char *name, *variant, *replacement;
    const game_def *def;
    json_int_t players, turn_seconds, join;
    game_options options;
    store_seat seats[GAME_MAX_PLAYERS];
    char token[TOKEN_TEXT] = "", why[256];
    hub_game *g;
    int added;
    match probe;
    time_t now = time(NULL);
    struct tm utc;

    if (only_fields(body, fields, 7, r) != 0 || text_field(body, "game", STORE_NAME_MAX, &name, r) != 0 ||
        text_field(body, "variant", STORE_NAME_MAX, &variant, r) != 0 ||
        text_field(body, "replacement", STORE_NAME_MAX, &replacement, r) != 0)
        return;
    def = name ? games_find(name) : NULL;
    if (def == NULL) {
        fail(r, 400, "bad_field", "field \"game\" must be \"tikal\" or \"tzolkin\"");
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
    if (match_init(&probe, def, &options, why, sizeof why) != 0) {
        fail(r, 400, "bad_field", "%s", why);
        return;
    }
    match_free(&probe);

    g = game_new();
    if (g == NULL) {
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
    if (store_create(h->st, &g->row, g->seats, why, sizeof why) != STORE_OK) {
        game_free(g);
        fail(r, 503, "store", "the game could not be stored: %s", why);
        return;
    }
    if (game_replay(g, NULL, 0, why, sizeof why) != 0 || (g = table_add(h, g, &added)) == NULL) {
        fail(r, 500, "internal", "the new game cannot be set up: %s", why);
        return;
    }
    pthread_mutex_lock(&g->lock);
    if (added) /* another process may have seen it listed and changed it meanwhile */
        catch_up(h, g);
    if (start_if_full(h, g, r) == 0) {
        json_t *summary = summary_json(g);
        if (summary != NULL && join >= 0) {
            json_object_set_new(summary, "seat", json_integer(join));
            json_object_set_new(summary, "token", json_string(token));
        }
        answer(r, 201, summary);
    }
    pthread_mutex_unlock(&g->lock);
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
    games = json_array();
    for (int i = 0; i < n; i++) {
        hub_reply skip = {0};
        hub_game *g = lock_game(h, ids[i], &skip);
        if (g == NULL)
            continue; /* damaged or just gone: left out of the list */
        json_array_append_new(games, summary_json(g));
        pthread_mutex_unlock(&g->lock);
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
    pthread_mutex_unlock(&g->lock);
}

/* Store seat of g (locked), changed in memory from before: only if the
 * stored seat is still before (else another process changed it first: g is
 * reloaded and r gets 409 conflict_code "seat N <conflict>"); if the store
 * fails, the seat is put back and r gets 503. 0 once stored. */
static int store_seat_change(hub *h, hub_game *g, int seat, const store_seat *before, const char *conflict_code,
                             const char *conflict, hub_reply *r)
{
    char why[256];
    int rc = store_set_seat(h->st, g->row.id, &g->seats[seat], before, why, sizeof why);

    if (rc == STORE_ECONFLICT) {
        game_reload(h, g);
        fail(r, 409, conflict_code, "seat %d %s", seat, conflict);
        return -1;
    }
    if (rc != STORE_OK) {
        g->seats[seat] = *before;
        fail(r, 503, "store", "the seat could not be stored: %s", why);
        return -1;
    }
    changed(h, g);
    return 0;
}

void hub_join(hub *h, int64_t id, const json_t *body, hub_reply *r)
{
    static const char *const fields[] = {"seat", "name"};
    json_int_t seat;
    const char *name;
    char token[TOKEN_TEXT];
    store_seat before;
    hub_game *g;

    if (only_fields(body, fields, 2, r) != 0 || text_field(body, "name", STORE_NAME_MAX, &name, r) != 0 ||
        (g = lock_game(h, id, r)) == NULL)
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
    before = g->seats[seat];
    g->seats[seat].taken = 1;
    if (name != NULL)
        snprintf(g->seats[seat].name, sizeof g->seats[seat].name, "%s", name);
    token_new(token, g->seats[seat].token_hash);
    /* another process may have given the seat away first */
    if (store_seat_change(h, g, (int)seat, &before, "seat_taken", "is taken", r) == 0 && start_if_full(h, g, r) == 0)
        answer(r, 200, json_pack("{s:i, s:s}", "seat", (int)seat, "token", token));
done:
    pthread_mutex_unlock(&g->lock);
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
    pthread_mutex_unlock(&g->lock);
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
    pthread_mutex_unlock(&g->lock);
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
    int seat, action;
    char why[200];
    json_t *applied;
    hub_game *g;

    if (only_fields(body, fields, 3, r) != 0 || text_field(body, "action", GAME_TEXT_MAX, &text, r) != 0 ||
        (g = lock_game(h, id, r)) == NULL)
        return;
    if (int_field(body, "id", 0, g->def->num_actions - 1, 0, -1, &number, r) != 0 ||
        (seat = mover(g, token, body, r)) == NO_SEAT)
        goto done;
    if ((text == NULL) == (number < 0)) {
        fail(r, 400, "bad_field", "give the action as either \"action\" (its text) or \"id\"");
        goto done;
    }
    action = (int)number;
    if (text != NULL && g->def->text_to_action(g->m.state, text, &action, why, sizeof why) != 0) {
        fail(r, 422, "illegal", "%s", why);
        goto done;
    }
    applied = json_array();
    if (commit(h, g, seat, action, applied, r) == 0)
        answer(r, 200, json_pack("{s:I, s:o}", "version", (json_int_t)g->row.version, "applied", applied));
    else
        json_decref(applied);
done:
    pthread_mutex_unlock(&g->lock);
}

void hub_undo(hub *h, int64_t id, const char *token, const json_t *body, hub_reply *r)
{
    static const char *const fields[] = {"version"};
    store_event undo;
    char why[256];
    int seat;
    hub_game *g;

    if (only_fields(body, fields, 1, r) != 0 || (g = lock_game(h, id, r)) == NULL)
        return;
    if ((seat = mover(g, token, body, r)) == NO_SEAT)
        goto done;
    if (!match_can_undo(&g->m) || match_undo(&g->m, why, sizeof why) != 0) {
        fail(r, 409, "cannot_undo", "nothing to undo: the turn has no action that can be taken back");
        goto done;
    }
    undo = (store_event){.version = g->row.version + 1, .kind = STORE_UNDO, .actor = seat};
    if (store_append(h->st, id, g->row.version, &undo, 1, STORE_RUNNING, "", why, sizeof why) != STORE_OK) {
        fail(r, 503, "store", "the undo could not be stored: %s", why);
        game_reload(h, g);
        goto done;
    }
    g->row.version++;
    changed(h, g);
    answer(r, 200, json_pack("{s:I}", "version", (json_int_t)g->row.version));
done:
    pthread_mutex_unlock(&g->lock);
}

/* Hand seat of g (locked) over: to nobody in an open game, to the
 * replacement bot in a running one. */
static int give_up_seat(hub *h, hub_game *g, int seat, hub_reply *r)
{
    store_seat before = g->seats[seat];

    memset(g->seats[seat].token_hash, 0, sizeof g->seats[seat].token_hash);
    if (g->row.status == STORE_OPEN) {
        g->seats[seat].taken = 0;
        g->seats[seat].hints_off = 0;
        g->seats[seat].name[0] = '\0';
    } else {
        g->seats[seat].is_bot = 1;
        snprintf(g->seats[seat].bot, sizeof g->seats[seat].bot, "%s", g->row.replacement);
    }
    return store_seat_change(h, g, seat, &before, "stale", "changed meanwhile", r);
}

void hub_leave(hub *h, int64_t id, const char *token, const json_t *body, hub_reply *r)
{
    hub_game *g;
    int seat;

    if (only_fields(body, NULL, 0, r) != 0 || (g = lock_game(h, id, r)) == NULL)
        return;
    seat = seat_of(g, token, 1, r);
    if (seat != NO_SEAT) {
        if (g->row.status == STORE_FINISHED)
            fail(r, 409, "finished", "game %lld is over", (long long)id);
        else if (give_up_seat(h, g, seat, r) == 0)
            answer(r, 200, json_pack("{s:i, s:s}", "seat", seat, "now",
                                     g->seats[seat].is_bot ? g->seats[seat].bot : "free"));
    }
    pthread_mutex_unlock(&g->lock);
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
        pthread_mutex_unlock(&g->lock);
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
    pthread_mutex_unlock(&g->lock);
}

void hub_bots(hub_reply *r)
{
    int count;
    const bot_level *levels = bot_levels(&count);
    json_t *list = json_array();

    for (int i = 0; list != NULL && i < count; i++)
        json_array_append_new(list, json_pack("{s:s, s:s, s:s}", "name", levels[i].name, "spec", levels[i].spec,
                                              "about", levels[i].description));
    answer(r, 200, json_pack("{s:o, s:s, s:s}", "levels", list, "default", BOT_DEFAULT_LEVEL, "hints",
                             BOT_HINT_LEVEL));
}

void hub_hints_off(hub *h, int64_t id, const char *token, const json_t *body, hub_reply *r)
{
    hub_game *g;
    store_seat before;
    int seat;

    if (only_fields(body, NULL, 0, r) != 0 || (g = lock_game(h, id, r)) == NULL)
        return;
    seat = seat_of(g, token, 1, r);
    if (seat == NO_SEAT)
        goto done;
    if (g->row.status == STORE_FINISHED) {
        fail(r, 409, "finished", "game %lld is over", (long long)id);
        goto done;
    }
    if (!g->seats[seat].hints_off) {
        before = g->seats[seat];
        g->seats[seat].hints_off = 1;
        if (store_seat_change(h, g, seat, &before, "stale", "changed meanwhile", r) != 0)
            goto done;
    }
    answer(r, 200, json_pack("{s:i, s:b}", "seat", seat, "hints", 0));
done:
    pthread_mutex_unlock(&g->lock);
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
        if (i >= first) {
            char text[GAME_TEXT_MAX];
            g->def->action_seen(state, g->m.actions[i], seat, g->m.state, text, sizeof text);
            json_array_append_new(actions, json_pack("{s:i, s:o, s:s}", "index", i, "actor",
                                                     actor >= 0 ? json_integer(actor) : json_string("chance"),
                                                     "text", text));
        }
        g->def->apply(state, g->m.actions[i], NULL, 0);
    }
    answer(r, 200, json_pack("{s:I, s:o}", "version", (json_int_t)g->row.version, "actions", actions));
done:
    free(state);
    pthread_mutex_unlock(&g->lock);
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
        r->text = record_format_seen(&g->m, seat, tags, n);
        r->status = 200;
        if (r->text == NULL)
            fail(r, 500, "internal", "the record cannot be written");
    }
    pthread_mutex_unlock(&g->lock);
}

/* ------------------------------------------------------------ watchers */

/* One piece of an event stream, shared by every watcher sending it. */
typedef struct hub_piece {
    atomic_int holders; /* the game's cache and each watcher sending it */
    uint64_t epoch;     /* the game's epoch it shows */
    size_t len;         /* bytes of text */
    char text[];        /* "event: view\nid: N\ndata: VIEW\n\n" */
} hub_piece;

/* What a game keeps for its watchers. */
typedef struct hub_watchers {
    pthread_mutex_t render_lock;           /* guards views; taken before the game's lock, never after */
    hub_piece *views[GAME_MAX_PLAYERS + 1]; /* the last view rendered for each seat, spectators' last */
    hub_watch *first;                       /* the watchers (guarded by the game's lock) */
} hub_watchers;

struct hub_watch {
    hub *h;                               /* the hub */
    hub_game *g;                          /* the game watched */
    int seat;                             /* the watcher's seat, GAME_CHANCE for a spectator */
    unsigned char hash[STORE_HASH_BYTES]; /* hash of the watcher's token (seat >= 0) */
    hub_watch_notify *notify;             /* called after each change of g */
    void *context;                        /* notify's argument */
    hub_watch *prev, *next;               /* neighbours in g's list of watchers */
    uint64_t seen;                        /* the game's epoch last sent */
    int started;                          /* 1 once the first view is sent */
    double last_sent;                     /* when the last piece was handed out (timer_now) */
    hub_piece *piece;                     /* the view handed out last (held), NULL if none */
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
    for (int i = 0; i <= GAME_MAX_PLAYERS; i++)
        piece_release(watchers->views[i]);
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

/* The event of what seat sees of copy, held once for the cache. */
static hub_piece *piece_render(const hub_game *copy, int seat)
{
    json_t *view = view_json(copy, seat, copy->m.state, -1);
    char *data = view ? json_dumps(view, JSON_COMPACT) : NULL;
    size_t room = data ? strlen(data) + 64 : 0;
    hub_piece *piece = data ? malloc(sizeof *piece + room) : NULL;

    if (piece != NULL) {
        atomic_init(&piece->holders, 1);
        piece->epoch = copy->epoch;
        piece->len = (size_t)snprintf(piece->text, room, "event: view\nid: %lld\ndata: %s\n\n",
                                      (long long)copy->row.version, data);
    }
    free(data);
    json_decref(view);
    return piece;
}

hub_watch *hub_watch_open(hub *h, int64_t id, const char *token, hub_watch_notify *notify, void *context,
                          hub_reply *r)
{
    hub_game *g = lock_game(h, id, r);
    hub_watch *w;
    int seat;

    if (g == NULL)
        return NULL;
    seat = seat_of(g, token, 0, r);
    if (seat != NO_SEAT && g->watchers == NULL && (g->watchers = calloc(1, sizeof *g->watchers)) != NULL)
        pthread_mutex_init(&g->watchers->render_lock, NULL);
    w = seat == NO_SEAT || g->watchers == NULL ? NULL : calloc(1, sizeof *w);
    if (w != NULL) {
        *w = (hub_watch){.h = h, .g = g, .seat = seat, .notify = notify, .context = context,
                         .next = g->watchers->first};
        if (seat >= 0)
            memcpy(w->hash, g->seats[seat].token_hash, sizeof w->hash);
        if (w->next != NULL)
            w->next->prev = w;
        g->watchers->first = w;
    } else if (seat != NO_SEAT) {
        fail(r, 500, "internal", "out of memory");
    }
    pthread_mutex_unlock(&g->lock);
    return w;
}

hub_watch_status hub_watch_poll(hub_watch *w, const char **text, size_t *len, double *due)
{
    hub_game *g = w->g;
    hub_watchers *watchers = g->watchers;
    hub_piece **view = &watchers->views[w->seat >= 0 ? w->seat : GAME_MAX_PLAYERS];
    hub_game *copy = NULL;
    double now = timer_now();
    int over;

    piece_release(w->piece);
    w->piece = NULL;
    pthread_mutex_lock(&watchers->render_lock);
    pthread_mutex_lock(&g->lock);
    over = atomic_load(&w->h->stopping) || g->broken ||
           (w->seat >= 0 && !token_matches(w->hash, g->seats[w->seat].token_hash));
    if (!over && (!w->started || g->epoch != w->seen) && (*view == NULL || (*view)->epoch != g->epoch))
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
        hub_piece *fresh = piece_render(copy, w->seat);
        copy_free(copy);
        if (fresh != NULL) {
            piece_release(*view);
            *view = fresh;
        }
        over = fresh == NULL;
    }
    if (!over) {
        w->piece = *view;
        atomic_fetch_add(&w->piece->holders, 1);
    }
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
    free(w);
}

/* ------------------------------------------------------------ threads */

/* Let the bot of game id move, if one is to move: think without any lock
 * on a copy of its observation, then commit if the game did not move on. */
static void bot_move(hub *h, int64_t id)
{
    hub_game *g = table_find(h, id);
    bot_settings settings;
    char spec[STORE_NAME_MAX], why[200];
    void *seen;
    int seat, action = -1;
    int64_t version;
    bot *b;

    if (g == NULL)
        return;
    pthread_mutex_lock(&g->lock);
    seat = to_move(g);
    seen = malloc(g->def->state_size);
    if (seen == NULL || g->broken || seat < 0 || !g->seats[seat].is_bot) {
        g->bot_queued = 0;
        pthread_mutex_unlock(&g->lock);
        free(seen);
        return;
    }
    version = g->row.version;
    snprintf(spec, sizeof spec, "%s", g->seats[seat].bot);
    g->def->observation(g->m.state, seat, seen);
    pthread_mutex_unlock(&g->lock);

    if (bot_parse(spec, &settings, why, sizeof why) == 0) {
        uint64_t seed = 0;
        memcpy(&seed, g->row.seed, sizeof seed); /* the seed never changes: safe to read unlocked */
        settings.seed = seed ^ (uint64_t)version * 0x9E3779B97F4A7C15u;
        b = bot_new(g->def, &settings, why, sizeof why);
        if (b != NULL) {
            action = bot_choose(b, seen, seat);
            bot_free(b);
        }
    }
    free(seen);

    pthread_mutex_lock(&g->lock);
    g->bot_queued = 0;
    if (action < 0) {
        fprintf(stderr, "maya serve: game %lld: bot \"%s\" cannot move: %s\n", (long long)id, spec, why);
    } else if (g->row.version == version && to_move(g) == seat && g->seats[seat].is_bot) {
        hub_reply r = {0};
        if (commit(h, g, seat, action, NULL, &r) != 0)
            fprintf(stderr, "maya serve: game %lld: bot move refused: %s\n", (long long)id, r.error);
        hub_reply_free(&r);
    } else {
        queue_bot(h, g); /* the game moved on while the bot thought */
    }
    pthread_mutex_unlock(&g->lock);
}

static void *bot_thread(void *arg)
{
    hub *h = arg;

    pthread_mutex_lock(&h->queue_lock);
    for (;;) {
        int64_t id;
        while (h->queue_count == 0 && !atomic_load(&h->stopping))
            pthread_cond_wait(&h->queue_ready, &h->queue_lock);
        if (atomic_load(&h->stopping))
            break;
        id = h->queue[h->queue_head];
        h->queue_head = (h->queue_head + 1) % h->queue_capacity;
        h->queue_count--;
        pthread_mutex_unlock(&h->queue_lock);
        bot_move(h, id);
        pthread_mutex_lock(&h->queue_lock);
    }
    pthread_mutex_unlock(&h->queue_lock);
    return NULL;
}

/* Copy of the table's game pointers (games are never removed while the hub
 * lives); *n their number. NULL if memory fails. */
static hub_game **table_snapshot(hub *h, int *n)
{
    hub_game **games;

    pthread_mutex_lock(&h->table_lock);
    *n = h->count;
    games = malloc(sizeof *games * (size_t)(h->count ? h->count : 1));
    if (games != NULL && h->count > 0)
        memcpy(games, h->games, sizeof *games * (size_t)h->count);
    pthread_mutex_unlock(&h->table_lock);
    return games;
}

/* Once a second: a person out of time gives the seat to the replacement
 * bot; a bot to move that nobody queued (after a refused write) is queued. */
static void sweep(hub *h)
{
    int n;
    hub_game **games = table_snapshot(h, &n);
    time_t now = time(NULL);

    for (int i = 0; games != NULL && i < n; i++) {
        hub_game *g = games[i];
        int seat;
        pthread_mutex_lock(&g->lock);
        seat = to_move(g);
        if (!g->broken && seat >= 0 && !g->seats[seat].is_bot && g->row.turn_seconds > 0 &&
            g->turn_seat == seat && now - g->turn_started >= g->row.turn_seconds) {
            hub_reply r = {0};
            if (give_up_seat(h, g, seat, &r) != 0)
                fprintf(stderr, "maya serve: game %lld: %s\n", (long long)g->row.id, r.error);
        }
        if (!g->broken)
            queue_bot(h, g);
        pthread_mutex_unlock(&g->lock);
    }
    free(games);
}

static void *watchdog_thread(void *arg)
{
    hub *h = arg;
    time_t last_sweep = 0;

    while (!atomic_load(&h->stopping)) {
        store_note note;
        int heard = store_wait(h->st, 500, &note);
        if (heard < 0) { /* the announcements were interrupted: catch up with everything */
            int n;
            hub_game **games = table_snapshot(h, &n);
            for (int i = 0; games != NULL && i < n; i++) {
                pthread_mutex_lock(&games[i]->lock);
                if (games[i]->row.status != STORE_FINISHED)
                    catch_up(h, games[i]);
                pthread_mutex_unlock(&games[i]->lock);
            }
            free(games);
        }
        if (heard == 1) {
            hub_game *g = table_find(h, note.game);
            if (g != NULL) {
                pthread_mutex_lock(&g->lock);
                /* another process moved the game on, or changed its seats or
                 * status (a seat change keeps the version: reload even if it
                 * may be this process's own) */
                if (note.version > g->row.version || (!note.events && note.version == g->row.version))
                    catch_up(h, g);
                pthread_mutex_unlock(&g->lock);
            }
        }
        if (time(NULL) != last_sweep) {
            last_sweep = time(NULL);
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
    int64_t *ids = malloc(sizeof *ids * LOAD_MAX);

    if (h == NULL || ids == NULL) {
        free(h);
        free(ids);
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    h->st = st;
    h->settings = *settings;
    pthread_mutex_init(&h->table_lock, NULL);
    pthread_mutex_init(&h->queue_lock, NULL);
    pthread_cond_init(&h->queue_ready, NULL);
    /* listen before loading, so that no change made meanwhile by another
     * process goes unheard (PostgreSQL delivers only what follows LISTEN) */
    {
        store_note note;
        store_wait(st, 0, &note);
    }
    for (int k = 0; k < 2; k++) {
        int n = 0;
        if (store_list(st, unfinished[k], ids, LOAD_MAX, &n, why, why_len) != STORE_OK) {
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
            changed(h, g);
            pthread_mutex_unlock(&g->lock);
        }
    }
    free(ids);
    h->bot_threads = calloc((size_t)settings->bot_threads, sizeof *h->bot_threads);
    for (int i = 0; h->bot_threads != NULL && i < settings->bot_threads; i++)
        if (pthread_create(&h->bot_threads[i], NULL, bot_thread, h) == 0)
            h->bot_thread_count++;
    h->watchdog_started = pthread_create(&h->watchdog, NULL, watchdog_thread, h) == 0;
    if (h->bot_thread_count < settings->bot_threads || !h->watchdog_started) {
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
    free(games);
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
    free(h->queue);
    free(h->bot_threads);
    pthread_mutex_destroy(&h->table_lock);
    pthread_mutex_destroy(&h->queue_lock);
    pthread_cond_destroy(&h->queue_ready);
    free(h);
}
