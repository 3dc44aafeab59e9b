/*
 * hub_game.c -- one game in memory: loaded and reloaded from its stored
 * events, its views and summaries, and its changes, applied to a copy and
 * stored (the game's lock let go meanwhile) before the game plays them.
 */
#include "server/hub_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "server/draw.h"
#include "server/observe.h"
#include "server/token.h"
#include "timer.h"

const char *hub_game_status_name(store_status status)
{
    return status == STORE_OPEN ? "open" : status == STORE_RUNNING ? "running" : "finished";
}

void hub_game_free(hub_game *g)
{
    if (g == NULL)
        return;
    assert(g->parked == NULL);
    match_free(&g->m);
    json_decref(g->hints);
    hub_watch_free_all(g->watchers);
    pthread_mutex_destroy(&g->lock);
    pthread_cond_destroy(&g->stored);
    free(g);
}

hub_game *hub_game_new(void)
{
    hub_game *g = calloc(1, sizeof *g);

    if (g == NULL)
        return NULL;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->stored, NULL);
    g->turn_seat = -1;
    return g;
}

void hub_game_wait_changes(hub_game *g)
{
    while (g->storing)
        pthread_cond_wait(&g->stored, &g->lock);
}

int hub_game_wait_on_pool(hub_game *g)
{
    while (g->storing == STORING_WAITED)
        pthread_cond_wait(&g->stored, &g->lock);
    return g->storing == STORING_SUSPENDED;
}

void hub_game_store_begin(hub_game *g, int suspended)
{
    assert(!g->storing);
    g->storing = suspended ? STORING_SUSPENDED : STORING_WAITED;
    pthread_mutex_unlock(&g->lock);
}

void hub_game_store_end(hub_game *g)
{
    pthread_mutex_lock(&g->lock);
    g->storing = STORING_NONE;
    pthread_cond_broadcast(&g->stored);
}

void hub_game_unlock(hub_game *g)
{
    hub_later *woken = NULL;

    if (!g->storing) {
        woken = g->parked;
        g->parked = NULL;
    }
    pthread_mutex_unlock(&g->lock);
    while (woken != NULL) {
        hub_later *next = woken->next;
        woken->done(woken->context); /* from here it may go on, and be freed */
        woken = next;
    }
}

int hub_game_park(hub_game *g, hub_ready *ready, void *context, hub_later **later, hub_reply *r)
{
    hub_later *parked = calloc(1, sizeof *parked);

    assert(g->storing && ready != NULL);
    if (parked == NULL) {
        hub_reply_fail(r, 500, "internal", "out of memory");
        return -1;
    }
    *parked = (hub_later){.kind = LATER_AGAIN, .g = g, .done = ready, .context = context, .next = g->parked};
    g->parked = parked;
    *later = parked;
    pthread_mutex_unlock(&g->lock);
    return 0;
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

void hub_game_take_match(hub_game *g, match *m)
{
    match_free(&g->m);
    g->m = *m;
    *m = (match){0};
    g->def = g->m.game;
    g->broken = 0;
}

void hub_game_take_events(hub *h, hub_game *g, const store_event *events, int n)
{
    char why[256];
    match m;

    if (replay_events(&g->row, events, n, &m, why, sizeof why) == 0) {
        hub_game_take_match(g, &m);
        g->undos = undo_count(events, n);
    } else {
        g->broken = 1;
        ratelog_line(&h->log, "game %lld does not replay: %s\n", (long long)g->row.id, why);
    }
}

hub_game *hub_game_load(hub *h, int64_t id, int *status, char *why, size_t why_len)
{
    hub_game *g = hub_game_new();
    store_event *events = NULL;
    int n = 0, rc;

    if (g == NULL) {
        *status = STORE_EIO;
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    rc = store_load(h->st, id, &g->row, g->seats, &events, &n, why, why_len);
    g->id = id;
    if (rc == STORE_OK)
        hub_game_take_events(h, g, events, n);
    free(events);
    *status = rc;
    if (rc != STORE_OK) {
        hub_game_free(g);
        return NULL;
    }
    return g;
}

int hub_game_take_stored(hub *h, hub_game *g, int rc, const store_game *row, const store_seat *seats,
                         const store_event *events, int n, const char *why)
{
    char reason[256];
    match m;

    if (rc != STORE_OK) {
        g->unsure = 1;
        ratelog_line(&h->log, "game %lld cannot be reloaded: %s\n", (long long)g->id, why);
        return -1;
    }
    g->unsure = 0;
    if (replay_events(row, events, n, &m, reason, sizeof reason) == 0) {
        hub_game_take_match(g, &m);
        g->undos = undo_count(events, n);
    } else {
        g->broken = 1;
        ratelog_line(&h->log, "game %lld does not replay: %s\n", (long long)g->id, reason);
    }
    g->row = *row;
    memcpy(g->seats, seats, sizeof g->seats);
    g->epoch++;
    hub_watch_changed(g);
    return g->broken ? -1 : 0;
}

int hub_game_reload(hub *h, hub_game *g)
{
    store_game row;
    store_seat seats[GAME_MAX_PLAYERS];
    store_event *events = NULL;
    int n = 0, rc;
    char why[256];
    store_read_pending *read;

    hub_game_wait_changes(g);
    hub_game_store_begin(g, 0); /* read without g's lock: readers go on, changes wait */
    /* on the store's reader, as every read of a game in memory, waited for here */
    rc = store_load_start(h->st, g->id, &row, seats, &events, &n, h->settings.max_reads, NULL, NULL, &read, why,
                          sizeof why);
    if (rc == STORE_OK)
        rc = store_read_finish(h->st, read);
    hub_game_store_end(g);
    rc = hub_game_take_stored(h, g, rc, &row, seats, events, n, why);
    free(events);
    return rc;
}

int hub_game_served(const hub_game *g)
{
    return !g->broken && !g->unsure;
}

int hub_game_seat_of(const hub_game *g, const char *token, int required, hub_reply *r)
{
    unsigned char hash[STORE_HASH_BYTES];

    if (token == NULL || token[0] == '\0') {
        if (!required)
            return GAME_CHANCE;
        hub_reply_fail(r, 401, "no_token", "this request needs a seat's token (Authorization: Bearer TOKEN)");
        return NO_SEAT;
    }
    if (token_hash(token, hash) == 0)
        for (int s = 0; s < g->row.players; s++)
            if (token_matches(hash, g->seats[s].token_hash))
                return s;
    hub_reply_fail(r, 401, "bad_token", "the token is no seat's token in game %lld", (long long)g->row.id);
    return NO_SEAT;
}

int hub_game_to_move(const hub_game *g)
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
    return g->row.status == STORE_RUNNING ? player_json(hub_game_to_move(g)) : json_null();
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

json_t *hub_game_row_summary_json(const store_game *row, const store_seat *seat_rows)
{
    json_t *seats = json_array();

    for (int s = 0; seats != NULL && s < row->players; s++) {
        const store_seat *seat = &seat_rows[s];
        json_array_append_new(seats, json_pack("{s:i, s:s, s:s?, s:s, s:b, s:b}", "seat", s, "type",
                                               seat->is_bot ? "bot" : "human", "bot",
                                               seat->is_bot ? seat->bot : NULL, "name", seat->name, "taken",
                                               seat->is_bot || seat->taken, "hints", !seat->hints_off));
    }
    return json_pack("{s:I, s:s, s:s?, s:i, s:s, s:I, s:s, s:i, s:s, s:o, s:s?}", "id", (json_int_t)row->id, "game",
                     row->game, "variant", row->variant[0] ? row->variant : NULL, "players", row->players, "status",
                     hub_game_status_name(row->status), "version", (json_int_t)row->version, "created", row->created,
                     "turn_seconds", row->turn_seconds, "replacement", row->replacement, "seats", seats, "result",
                     row->status == STORE_FINISHED ? row->result : NULL);
}

/* Each seat's points by category of a finished g (game_score_totals),
 * derived from its record: [{"kind", "rule", "points": [per seat]}...],
 * the starting scores first as kind "start" when any is not 0. */
static json_t *categories_json(const hub_game *g)
{
    game_score_totals totals;
    json_t *list = json_array();

    if (game_score_totals_replay(g->def, &g->m.options, g->m.actions, g->m.count, &totals, NULL, 0) != 0)
        return list; /* a stored game always replays (game_load) */
    for (int k = -1; k < totals.count; k++) {
        const int *points = k < 0 ? totals.start : totals.kinds[k].points;
        json_t *seats = json_array();
        int any = 0;
        for (int s = 0; s < g->row.players; s++) {
            json_array_append_new(seats, json_integer(points[s]));
            any |= points[s] != 0;
        }
        if (k < 0 && !any) {
            json_decref(seats);
            continue;
        }
        json_array_append_new(list, json_pack("{s:s, s:s?, s:o}", "kind", k < 0 ? "start" : totals.kinds[k].kind,
                                              "rule", k < 0 ? NULL : totals.kinds[k].rule, "points", seats));
    }
    return list;
}

json_t *hub_game_summary_json(const hub_game *g)
{
    json_t *summary = hub_game_row_summary_json(&g->row, g->seats);
    void *public_view = malloc(g->def->state_size);

    if (public_view == NULL || summary == NULL) {
        free(public_view);
        json_decref(summary);
        return NULL;
    }
    g->def->observation(g->m.state, GAME_CHANCE, public_view);
    json_object_set_new(summary, "to_move", to_move_json(g));
    json_object_set_new(summary, "scores", scores_json(g, public_view));
    if (g->row.status == STORE_FINISHED)
        json_object_set_new(summary, "categories", categories_json(g));
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

void hub_game_action_text(const hub_game *g, const void *before, int action, int seat, const void *now, char *buf,
                          size_t len)
{
    if (g->row.status == STORE_FINISHED)
        g->def->action_to_text(before, action, buf, len);
    else
        g->def->action_seen(before, action, seat, now, buf, len);
}

json_t *hub_game_view_json(const hub_game *g, int seat, const void *state, int at, int with_text)
{
    void *seen = malloc(g->def->state_size);
    char *text = NULL;
    json_t *view, *winners = json_null();
    unsigned won;

    if (seen == NULL)
        return NULL;
    game_observe(g, state, seat, seen);
    if (with_text) {
        size_t text_len = g->def->render(seen, NULL, 0) + 1;
        if ((text = malloc(text_len)) == NULL) {
            free(seen);
            return NULL;
        }
        g->def->render(seen, text, text_len);
    }
    won = g->def->winners(state);
    if (g->def->current_player(state) == GAME_TERMINAL) {
        winners = json_array();
        for (int s = 0; s < g->row.players; s++)
            if (won & (1u << s))
                json_array_append_new(winners, json_integer(s));
    }
    view = json_pack("{s:I, s:I, s:o, s:s, s:o, s:b, s:o, s:o, s:o, s:o}", "id", (json_int_t)g->row.id, "version",
                     (json_int_t)g->row.version, "seat", seat >= 0 ? json_integer(seat) : json_null(), "status",
                     hub_game_status_name(g->row.status), "to_move",
                     at < 0 ? to_move_json(g) : player_json(g->def->current_player(state)), "can_undo",
                     at < 0 && seat >= 0 && seat == hub_game_to_move(g) && match_can_undo(&g->m), "scores",
                     scores_json(g, seen), "winners", winners, "observation", observe_view_json(g->def, seen, seat),
                     "summary", hub_game_summary_json(g));
    if (view != NULL && at >= 0)
        json_object_set_new(view, "at", json_integer(at));
    if (view != NULL && text != NULL)
        json_object_set_new(view, "text", json_string(text));
    free(text);
    free(seen);
    return view;
}

void hub_game_changed(hub *h, hub_game *g)
{
    int current = hub_game_to_move(g);

    hub_quota_creator_release(h, g);
    g->epoch++;
    hub_watch_changed(g);
    if (current != g->turn_seat) {
        g->turn_seat = current;
        g->turn_started = timer_now();
    }
    hub_bots_queue(h, g);
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

/* A change of a game on its way to the store: the game's match with it,
 * and the events that store it (hub_game_commit, hub_game_commit_start).
 * A finished change goes back to the hub's spares with its buffers (the
 * match it holds then is the one the game played before it), so that the
 * next change of a game of the same rules copies the game's match into
 * buffers already there instead of allocating them (change_alloc). */
struct hub_change {
    hub *h;                        /* the hub whose spares it goes back to */
    hub_game *g;                   /* the game changed (held by the caller) */
    int seat;                      /* the seat whose actions it is, -1 none */
    int64_t version;               /* the state number it was worked out at */
    store_event *events;           /* the events storing it (n) */
    unsigned char *befores;        /* the state before each event, for the lines as seat sees them */
    int n;                         /* events */
    int capacity;                  /* entries allocated in events and befores (states of work's rules) */
    int undo;                      /* 1: the seat's last action taken back (one undo event); 0: actions */
    int seat_change;               /* 1: a seat's new state (seat_after), no events */
    store_seat seat_after;         /* a seat change: the seat as it is to be */
    store_seat seat_before;        /* a seat change: the seat as g had it (stored only if still so) */
    const char *conflict_code;     /* a seat change: the error code if another process changed the seat first */
    const char *conflict;          /* a seat change: the end of that error's reason ("seat N ...") */
    store_status status;           /* the game's status with them */
    char result[STORE_RESULT_MAX]; /* its result with them, "" while not finished */
    match work;                    /* g's match with the change, played by g once stored */
    store_pending *pending;        /* the append on its way (hub_game_commit_start), else NULL */
    store_read_pending *status_pending; /* a start with nothing to draw: its status on its way (changed on the
                                           store's reader, hub_game_start_begin), else NULL */
    char why[256];                 /* the store's reason if it refuses */
    hub_change *next_spare;        /* the next of hub.spare_changes while it is one */
};

/* Release c's buffers. */
static void change_release(hub_change *c)
{
    free(c->events);
    free(c->befores);
    match_free(&c->work);
    free(c);
}

/* A change of a game of rules def, all fields empty but its buffers: a
 * spare of h's if there is one (its buffers released if they were for
 * other rules), else a new one; NULL if memory runs out. */
static hub_change *change_alloc(hub *h, const game_def *def)
{
    hub_change *c, kept;

    pthread_mutex_lock(&h->spares_lock);
    c = h->spare_changes;
    if (c != NULL) {
        h->spare_changes = c->next_spare;
        h->spare_count--;
    }
    pthread_mutex_unlock(&h->spares_lock);
    if (c == NULL)
        return calloc(1, sizeof *c);
    kept = *c;
    if (kept.work.game != NULL && kept.work.game != def) {
        free(kept.events);
        free(kept.befores);
        match_free(&kept.work);
        kept = (hub_change){0};
    }
    *c = (hub_change){.events = kept.events, .befores = kept.befores, .capacity = kept.capacity, .work = kept.work};
    return c;
}

/* c is done with: kept as one of its hub's spares (at most CHANGE_SPARES),
 * else released. */
static void change_free(hub_change *c)
{
    hub *h = c->h;

    pthread_mutex_lock(&h->spares_lock);
    if (h->spare_count < CHANGE_SPARES) {
        c->next_spare = h->spare_changes;
        h->spare_changes = c;
        h->spare_count++;
        c = NULL;
    }
    pthread_mutex_unlock(&h->spares_lock);
    if (c != NULL)
        change_release(c);
}

void hub_game_free_spares(hub *h)
{
    while (h->spare_changes != NULL) {
        hub_change *c = h->spare_changes;
        h->spare_changes = c->next_spare;
        change_release(c);
    }
    h->spare_count = 0;
}

/* A change of g by seat on a copy of g's match (g locked, no change of it
 * being stored), nothing applied yet; NULL with r filled. */
static hub_change *change_new(hub *h, hub_game *g, int seat, hub_reply *r)
{
    hub_change *c = change_alloc(h, g->def);

    assert(!g->storing);
    if (c == NULL || match_copy(&c->work, &g->m) != 0) {
        if (c != NULL)
            change_release(c);
        hub_reply_fail(r, 500, "internal", "out of memory");
        return NULL;
    }
    c->h = h;
    c->g = g;
    c->seat = seat;
    c->version = g->row.version;
    return c;
}

/* Room in c for its event number n (and the state before it) for rules
 * def; 0, or -1 with r filled. */
static int change_room(hub_change *c, const game_def *def, hub_reply *r)
{
    if (c->n < c->capacity)
        return 0;
    int capacity = c->capacity ? 2 * c->capacity : 8;
    store_event *more = realloc(c->events, sizeof *more * (size_t)capacity);
    unsigned char *more_befores = more ? realloc(c->befores, def->state_size * (size_t)capacity) : NULL;
    if (more != NULL)
        c->events = more;
    if (more_befores == NULL) {
        hub_reply_fail(r, 500, "internal", "out of memory");
        return -1;
    }
    c->befores = more_befores;
    c->capacity = capacity;
    return 0;
}

/* Apply actions[0..count-1] by seat to a copy of g's match (g locked, no
 * change of it being stored), then draw every chance outcome until a seat
 * must act: the change, or NULL with r filled. */
static hub_change *change_work_out(hub *h, hub_game *g, int seat, const int *actions, int count, hub_reply *r)
{
    const game_def *def = g->def;
    hub_change *c = change_new(h, g, seat, r);

    if (c == NULL)
        return NULL;
    for (;;) {
        int actor = match_current_player(&c->work), pick = c->n < count ? actions[c->n] : -1;
        if (c->n >= count) {
            int outcomes;
            if (actor != GAME_CHANCE)
                break;
            outcomes = def->chance_outcomes(c->work.state, c->work.outcomes, c->work.probability);
            pick = draw_outcome(g->row.seed, c->version + c->n + 1, c->work.outcomes, c->work.probability,
                                outcomes);
        } else {
            actor = seat;
        }
        if (change_room(c, def, r) != 0)
            goto refused;
        memcpy(c->befores + def->state_size * (size_t)c->n, c->work.state, def->state_size);
        c->events[c->n] = (store_event){.version = c->version + c->n + 1, .kind = STORE_ACTION, .actor = actor};
        def->action_to_text(c->work.state, pick, c->events[c->n].text, sizeof c->events[c->n].text);
        if (match_apply(&c->work, pick, c->why, sizeof c->why) != 0) {
            if (c->n < count) /* the seat's own action: refused, nothing changed */
                hub_reply_fail(r, 422, "illegal", "%s", c->why);
            else
                hub_reply_fail(r, 500, "internal", "chance outcome refused: %s", c->why);
            goto refused;
        }
        c->n++;
    }
    c->status = match_current_player(&c->work) == GAME_TERMINAL ? STORE_FINISHED : STORE_RUNNING;
    if (c->status == STORE_FINISHED)
        result_text(g, c->work.state, c->result, sizeof c->result);
    return c;
refused:
    change_free(c);
    return NULL;
}

/* The store answered rc for c (its game locked again, hub_game_store_end):
 * the game plays it, or stays as it was (after a conflict: to be read
 * again); c is freed. applied (if not NULL) receives the lines. 0, or -1
 * with r filled. */
static int change_stored(hub *h, hub_change *c, int rc, json_t *applied, hub_reply *r)
{
    const game_def *def = c->g->def;
    hub_game *g = c->g;

    if (rc != STORE_OK) {
        if (rc == STORE_ECONFLICT)
            hub_reply_fail(r, 409, "stale", "the game moved on meanwhile (state %lld is no longer current)",
                           (long long)c->version);
        else
            hub_reply_fail(r, 503, hub_reply_store_code(rc), "the %s could not be stored: %s",
                           c->undo ? "undo" : c->seat < 0 ? "start" : "action", c->why);
        change_free(c);
        if (rc == STORE_ECONFLICT) /* another process moved the game on: read again before it is served (hub_load,
                                      on the store's reader; or the watchdog), not here, maybe on a pool thread */
            g->unsure = 1;
        return -1;
    }
    for (int i = 0; i < c->n && applied != NULL && !c->undo; i++) { /* the last n lines of play, as seat sees them */
        char seen[GAME_TEXT_MAX];
        int index = c->work.count - c->n + i;
        def->action_seen(c->befores + def->state_size * (size_t)i, c->work.actions[index], c->seat, c->work.state,
                         seen, sizeof seen);
        json_array_append_new(applied, json_pack("{s:i, s:o, s:s}", "index", index, "actor",
                                                 c->events[i].actor >= 0 ? json_integer(c->events[i].actor)
                                                                         : json_string("chance"),
                                                 "text", seen));
    }
    { /* g plays the change's match; the one it played goes back to the spares with c */
        match played = g->m;
        g->m = c->work;
        c->work = played;
    }
    g->row.version = c->version + c->n;
    g->row.status = c->status;
    snprintf(g->row.result, sizeof g->row.result, "%s", c->result);
    g->undos += c->undo;
    change_free(c);
    hub_game_changed(h, g);
    return 0;
}

int hub_game_commit(hub *h, hub_game *g, int seat, const int *actions, int count, json_t *applied, hub_reply *r)
{
    hub_change *c = change_work_out(h, g, seat, actions, count, r);
    int rc;

    if (c == NULL)
        return -1;
    if (c->n == 0) { /* nothing to draw: only the status changes */
        char why[256];
        change_free(c);
        hub_game_store_begin(g, 0);
        rc = store_set_status(h->st, g->id, STORE_RUNNING, "", why, sizeof why);
        hub_game_store_end(g);
        if (rc != STORE_OK) {
            hub_reply_fail(r, 503, "store", "the game could not be stored: %s", why);
            return -1;
        }
        g->row.status = STORE_RUNNING;
        hub_game_changed(h, g);
        return 0;
    }
    hub_game_store_begin(g, 0);
    rc = store_append(h->st, g->id, c->version, c->events, c->n, c->status, c->result, c->why, sizeof c->why);
    hub_game_store_end(g);
    return change_stored(h, c, rc, applied, r);
}

/* Queue c (worked out for its game, locked) for the store and let the
 * game's lock go: c, or NULL with r filled and the game locked as stored.
 * A change without events (a start with nothing to draw) is its status
 * alone, changed on the store's reader (bounded with the reads by
 * settings.max_reads); any other is an append for the writer. */
static hub_change *change_queue(hub *h, hub_change *c, store_answered *on_stored, void *context, hub_reply *r)
{
    hub_game *g = c->g;
    int rc;

    hub_game_store_begin(g, on_stored != NULL);
    if (c->n == 0)
        rc = store_set_status_start(h->st, g->id, c->status, c->result, h->settings.max_reads, on_stored, context,
                                    &c->status_pending, c->why, sizeof c->why);
    else
        rc = store_append_start(h->st, g->id, c->version, c->events, c->n, c->status, c->result, on_stored, context,
                                &c->pending, c->why, sizeof c->why);
    if (rc == STORE_OK)
        return c;
    hub_game_store_end(g);
    change_stored(h, c, rc, NULL, r);
    return NULL;
}

hub_change *hub_game_commit_start(hub *h, hub_game *g, int seat, const int *actions, int count,
                                  store_answered *on_stored, void *context, hub_reply *r)
{
    hub_change *c;

    assert(count >= 1);
    if ((c = change_work_out(h, g, seat, actions, count, r)) == NULL)
        return NULL;
    return change_queue(h, c, on_stored, context, r);
}

hub_change *hub_game_undo_start(hub *h, hub_game *g, int seat, store_answered *on_stored, void *context,
                                hub_reply *r)
{
    hub_change *c = change_new(h, g, seat, r);

    if (c == NULL)
        return NULL;
    if (change_room(c, g->def, r) != 0) {
        change_free(c);
        return NULL;
    }
    if (match_undo(&c->work, c->why, sizeof c->why) != 0) {
        change_free(c);
        hub_reply_fail(r, 500, "internal", "the undo cannot be worked out");
        return NULL;
    }
    c->n = 1;
    c->undo = 1;
    c->status = STORE_RUNNING;
    c->events[0] = (store_event){.version = c->version + 1, .kind = STORE_UNDO, .actor = seat};
    return change_queue(h, c, on_stored, context, r);
}

int hub_game_commit_end(hub *h, hub_change *c, json_t *applied, hub_reply *r)
{
    int rc = c->status_pending != NULL ? store_read_finish(h->st, c->status_pending) : store_finish(h->st, c->pending);

    hub_game_store_end(c->g);
    return change_stored(h, c, rc, applied, r);
}

/* Nonzero if g (locked) is open and every seat is taken: it is to start. */
static int game_full(const hub_game *g)
{
    if (g->row.status != STORE_OPEN)
        return 0;
    for (int s = 0; s < g->row.players; s++)
        if (!g->seats[s].is_bot && !g->seats[s].taken)
            return 0;
    return 1;
}

/* The start of g was stored (rc 0) or refused (-1, r filled): 0 if g runs,
 * or if another process changed it first (409: maybe it started it,
 * hearing of the last seat taken; g is to be read again, and started then
 * if it is still full); else -1. */
static int start_answered(const hub_game *g, int rc, hub_reply *r)
{
    if (rc == 0)
        return 0;
    if (r->status == 409 && (g->row.status != STORE_OPEN || g->unsure)) {
        r->status = 0;
        r->code = NULL;
        r->error[0] = '\0';
        return 0;
    }
    return -1;
}

int hub_game_start_if_full(hub *h, hub_game *g, hub_reply *r)
{
    if (!game_full(g))
        return 0;
    return start_answered(g, hub_game_commit(h, g, -1, NULL, 0, NULL, r), r);
}

hub_change *hub_game_start_begin(hub *h, hub_game *g, store_answered *on_stored, void *context, hub_reply *r)
{
    hub_change *c;

    if (!game_full(g) || (c = change_work_out(h, g, -1, NULL, 0, r)) == NULL)
        return NULL;
    return change_queue(h, c, on_stored, context, r); /* nothing to draw: its status alone */
}

int hub_game_start_end(hub *h, hub_change *c, hub_reply *r)
{
    hub_game *g = c->g;

    return start_answered(g, hub_game_commit_end(h, c, NULL, r), r);
}

void hub_game_catch_up(hub *h, hub_game *g)
{
    hub_reply r = {0};

    if (hub_game_reload(h, g) != 0)
        return;
    hub_game_changed(h, g);
    if (hub_game_start_if_full(h, g, &r) != 0 && r.status != 409)
        ratelog_line(&h->log, "game %lld cannot start: %s\n", (long long)g->row.id, r.error);
    hub_reply_free(&r);
}

hub_change *hub_game_seat_start(hub *h, hub_game *g, const store_seat *seat, const char *conflict_code,
                                const char *conflict, store_answered *on_stored, void *context, hub_reply *r)
{
    hub_change *c = change_alloc(h, g->def);
    int rc;

    assert(!g->storing);
    if (c == NULL) {
        hub_reply_fail(r, 500, "internal", "out of memory");
        return NULL;
    }
    c->h = h;
    c->g = g;
    c->seat = seat->seat;
    c->version = g->row.version;
    c->seat_change = 1;
    c->seat_after = *seat;
    c->seat_before = g->seats[seat->seat];
    c->conflict_code = conflict_code;
    c->conflict = conflict;
    hub_game_store_begin(g, on_stored != NULL);
    rc = store_set_seat_start(h->st, g->id, &c->seat_after, &c->seat_before, on_stored, context, &c->pending, c->why,
                              sizeof c->why);
    if (rc == STORE_OK)
        return c;
    hub_game_store_end(g);
    hub_reply_fail(r, 503, hub_reply_store_code(rc), "the seat could not be stored: %s", c->why);
    change_free(c);
    return NULL;
}

int hub_game_seat_end(hub *h, hub_change *c, hub_reply *r)
{
    int rc = store_finish(h->st, c->pending);
    hub_game *g = c->g;
    int seat = c->seat_after.seat;

    assert(c->seat_change);
    hub_game_store_end(g);
    if (rc == STORE_ECONFLICT) {
        g->unsure = 1; /* read again before it is served, as after a change's conflict (change_stored) */
        hub_reply_fail(r, 409, c->conflict_code, "seat %d %s", seat, c->conflict);
    } else if (rc != STORE_OK) {
        hub_reply_fail(r, 503, "store", "the seat could not be stored: %s", c->why);
    } else {
        g->seats[seat] = c->seat_after;
        hub_game_changed(h, g);
    }
    change_free(c);
    return rc == STORE_OK ? 0 : -1;
}

void hub_game_seat_given_up(const hub_game *g, int seat, store_seat *given)
{
    *given = g->seats[seat];
    memset(given->token_hash, 0, sizeof given->token_hash);
    if (g->row.status == STORE_OPEN) {
        given->taken = 0;
        given->hints_off = 0;
        given->name[0] = '\0';
    } else {
        given->is_bot = 1;
        snprintf(given->bot, sizeof given->bot, "%s", g->row.replacement);
    }
}

int hub_game_give_up_seat(hub *h, hub_game *g, int seat, hub_reply *r)
{
    store_seat given;

    hub_game_seat_given_up(g, seat, &given);
    hub_change *c = hub_game_seat_start(h, g, &given, "stale", "changed meanwhile", NULL, NULL, r);
    return c != NULL ? hub_game_seat_end(h, c, r) : -1;
}
