/*
 * hub_request.c -- the requests of docs/api.md (hub.h), but for the log and
 * the record (hub_log.c) and live watchers (hub_watch.c).
 */
#include "server/hub_internal.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "games.h"
#include "server/draw.h"
#include "server/jpatch.h"
#include "server/observe.h"
#include "server/token.h"
#include "timer.h"

/* Read the seats of a create request of a game of def with options into
 * seats; -1 with r filled. */
static int read_seats(const hub *h, const game_def *def, const game_options *options, const json_t *list,
                      store_seat *seats, hub_reply *r)
{
    int players = options->players;
    static const char *const fields[] = {"type", "name", "bot"};

    if (!json_is_array(list) || (int)json_array_size(list) != players) {
        hub_reply_fail(r, 400, "bad_field", "field \"seats\" must be a list of %d seats, one per player", players);
        return -1;
    }
    for (int s = 0; s < players; s++) {
        const json_t *item = json_array_get(list, (size_t)s);
        const char *type, *name, *spec;
        if (hub_reply_only_fields(item, fields, 3, r) != 0 || hub_reply_text_field(item, "type", 16, &type, r) != 0 ||
            hub_reply_text_field(item, "name", STORE_NAME_MAX, &name, r) != 0 ||
            hub_reply_text_field(item, "bot", STORE_NAME_MAX, &spec, r) != 0)
            return -1;
        seats[s] = (store_seat){.seat = s};
        snprintf(seats[s].name, sizeof seats[s].name, "%s", name ? name : "");
        if (type != NULL && strcmp(type, "human") == 0 && spec == NULL)
            continue;
        if (type == NULL || strcmp(type, "bot") != 0 || spec == NULL) {
            hub_reply_fail(r, 400, "bad_field",
                           "seat %d must be {\"type\": \"human\"} or {\"type\": \"bot\", \"bot\": SPEC}", s);
            return -1;
        }
        if (hub_quota_check_bot_spec(h, def, options, spec, "bot", r) != 0)
            return -1;
        seats[s].is_bot = 1;
        seats[s].taken = 1;
        snprintf(seats[s].bot, sizeof seats[s].bot, "%s", spec);
    }
    return 0;
}

/* The start of w's game failed (r filled): the game is the creator's once
 * stored all the same, and the watchdog starts it later (sweep). */
static void later_start_failed(hub *h, const hub_later *w, hub_reply *r)
{
    ratelog_line(&h->log, "game %lld cannot start yet: %s\n", (long long)w->g->id, r->error);
    *r = (hub_reply){0};
}

/* The new game of w, or its seat change (a join), is stored, or the game
 * read again (w->g locked and held): start it if every seat is taken. 1 if
 * the start is on its way to the store (w->change, only if may_wait: g's
 * lock let go); else 0 once it is started, needs no start, or cannot start
 * yet (later_start_failed; also while another change of it is being
 * stored, which a pool thread must not wait for, or it is to be read
 * again: the watchdog or the next request starts it then). */
static int later_start(hub *h, hub_later *w, int may_wait, hub_reply *r)
{
    int rc;

    if (w->g->storing || w->g->unsure)
        return 0;
    if (may_wait) {
        w->change = hub_game_start_begin(h, w->g, w->done, w->context, r);
        w->starting = w->change != NULL;
        if (w->change != NULL)
            return 1;
        rc = r->code != NULL ? -1 : 0;
    } else {
        rc = hub_game_start_if_full(h, w->g, r);
    }
    if (rc != 0)
        later_start_failed(h, w, r);
    return 0;
}

/* The start later_start queued for w is stored or refused: w->g locked
 * again, started unless later_start_failed. */
static void later_start_end(hub *h, hub_later *w, hub_reply *r)
{
    hub_change *start = w->change;

    w->change = NULL;
    w->starting = 0;
    if (hub_game_start_end(h, start, r) != 0)
        later_start_failed(h, w, r);
}

/* The answer of a create w whose game (locked) is stored and started if
 * it could be; w is freed and its game let go. */
static void later_created_answer(hub *h, hub_later *w, hub_reply *r)
{
    hub_game *g = w->g;
    json_t *summary;

    hub_quota_creator_release(h, g); /* if it started before its creator was noted */
    summary = hub_game_summary_json(g);
    if (summary != NULL && w->seat_joined >= 0) {
        json_object_set_new(summary, "seat", json_integer(w->seat_joined));
        json_object_set_new(summary, "token", json_string(w->token));
    }
    hub_reply_answer(r, 201, summary);
    hub_table_unlock(h, g);
    free(w);
}

/* The new game of w is stored or refused: into the table, locked and held
 * as w->g; 0, or -1 with r filled (w freed, the quota given back). */
static int later_created(hub *h, hub_later *w, hub_reply *r)
{
    int rc = store_finish(h->st, w->created), added, missed;
    hub_game *g = w->g;

    w->created = NULL;
    if (rc != STORE_OK) {
        hub_quota_give_back(h, w->address, w->waits, 1);
        hub_reply_fail(r, 503, "store", "the game could not be stored: %s", w->why);
        hub_game_free(g);
        free(w);
        return -1;
    }
    g->id = g->row.id;
    if ((g = hub_table_add(h, g, w->since, &added, &missed, r)) == NULL) {
        /* stored all the same: it is loaded when asked for */
        hub_quota_give_back(h, w->address, w->waits, 0);
        free(w);
        return -1;
    }
    w->g = g; /* the table's game, as a list request may have loaded it first */
    pthread_mutex_lock(&g->lock);
    g->used = timer_now();
    /* a game that waits for players uses its creator's open-game quota
     * until it starts (hub_game_changed() gives it back), and stays in memory
     * meanwhile */
    if (w->waits)
        snprintf(g->creator, sizeof g->creator, "%s", w->address);
    if (missed)          /* another process saw it listed and changed it meanwhile: */
        g->unsure = 1;   /* read again by the next request (hub_load) or the watchdog, and started then */
    return 0;
}

/* Carry the create w on once the store answered its last step (waiting
 * for it if need be): 1 if it waits again (for the game's start, only if
 * may_wait), else 0 with r the answer and w freed. */
static int later_create_continue(hub *h, hub_later *w, int may_wait, hub_reply *r)
{
    if (w->starting) {
        later_start_end(h, w, r);
    } else {
        if (later_created(h, w, r) != 0)
            return 0;
        if (later_start(h, w, may_wait, r))
            return 1;
    }
    later_created_answer(h, w, r);
    return 0;
}

/* Carry the seat change w on once the store answered its last step
 * (waiting for it if need be), as later_create_continue: 1 if it waits
 * again (a join's start), else 0 with r the answer, w freed and its game
 * let go. */
static int later_seat_continue(hub *h, hub_later *w, int may_wait, hub_reply *r)
{
    hub_game *g = w->g;

    if (w->starting) {
        later_start_end(h, w, r);
    } else {
        hub_change *c = w->change;
        w->change = NULL;
        if (hub_game_seat_end(h, c, r) != 0) {
            json_decref(w->answer);
            w->answer = NULL;
        } else if (w->starts && later_start(h, w, may_wait, r)) {
            return 1;
        }
    }
    if (w->answer != NULL)
        hub_reply_answer(r, 200, w->answer);
    hub_table_unlock(h, g);
    free(w);
    return 0;
}

/* Carry the reload w (hub_load) on once the store answered its read, or
 * the start that followed it (waiting for it if need be): 1 if it waits
 * again (the start, only if may_wait), else 0 with w freed and its game
 * let go, and r empty (the request is made again) or 503 if the store
 * could not be read. The game takes the read only if nobody read it again
 * meanwhile (it is still unsure). */
static int later_reload_continue(hub *h, hub_later *w, int may_wait, hub_reply *r)
{
    hub_game *g = w->g;

    if (w->starting) {
        later_start_end(h, w, r);
    } else {
        int rc = store_read_finish(h->st, w->read);
        pthread_mutex_lock(&g->lock);
        if (g->unsure && !g->storing &&
            hub_game_take_stored(h, g, rc, w->rows, w->row_seats[0], w->events, w->event_count, w->why) == 0) {
            hub_game_changed(h, g);
            if (later_start(h, w, may_wait, r)) {
                free(w->events);
                w->events = NULL;
                return 1;
            }
        }
        if (rc != STORE_OK)
            hub_reply_fail(r, 503, "store", "game %lld cannot be read from the store now: %s", (long long)g->id,
                           w->why);
    }
    free(w->events);
    free(w->rows);
    free(w->row_seats);
    hub_table_unlock(h, g);
    free(w);
    return 0;
}

/* Store seat, the new state of a seat of g (locked, held, no change of it
 * being stored), for a request (as hub_change_request: *later set if it
 * waits, ready(context) once stored), answered with answer (taken) once
 * stored; starts: a join (the game starts if every seat is then taken).
 * conflict_code and conflict: the refusal if another process changed the
 * seat first. 0 once handed over or answered (g let go), or -1 with r
 * filled and g still locked. */
static int seat_change(hub *h, hub_game *g, const store_seat *seat, int starts, json_t *answer,
                       const char *conflict_code, const char *conflict, hub_ready *ready, void *context,
                       hub_later **later, hub_reply *r)
{
    hub_later *w = calloc(1, sizeof *w);

    if (w == NULL || answer == NULL) {
        free(w);
        json_decref(answer);
        hub_reply_fail(r, 500, "internal", "out of memory");
        return -1;
    }
    *w = (hub_later){.kind = LATER_SEAT, .g = g, .starts = starts, .answer = answer, .done = ready,
                     .context = context};
    w->change = hub_game_seat_start(h, g, seat, conflict_code, conflict, later != NULL ? ready : NULL, context, r);
    if (w->change == NULL) {
        json_decref(answer);
        free(w);
        return -1;
    }
    if (later != NULL)
        *later = w;
    else
        later_seat_continue(h, w, 0, r);
    return 0;
}

void hub_create(hub *h, const json_t *body, const char *address, hub_ready *ready, void *context, hub_later **later,
                hub_reply *r)
{
    static const char *const fields[] = {"game", "variant", "players", "seats", "turn_seconds", "replacement", "join"};
    const char *name, *variant, *replacement;
    const game_def *def;
    json_int_t players, turn_seconds, join;
    game_options options;
    store_seat seats[GAME_MAX_PLAYERS];
    char why[256];
    hub_game *g;
    hub_later *w;
    int waits = 0, rc;
    match m;
    time_t now = time(NULL);
    struct tm utc;

    if (later != NULL)
        *later = NULL;
    if (hub_reply_only_fields(body, fields, 7, r) != 0 ||
        hub_reply_text_field(body, "game", STORE_NAME_MAX, &name, r) != 0 ||
        hub_reply_text_field(body, "variant", STORE_NAME_MAX, &variant, r) != 0 ||
        hub_reply_text_field(body, "replacement", STORE_NAME_MAX, &replacement, r) != 0)
        return;
    def = name ? games_find(name) : NULL;
    if (def == NULL) {
        char names[256];
        games_names(", ", names, sizeof names);
        hub_reply_fail(r, 400, "bad_field", "field \"game\" must be one of %s (GET /api/catalog)", names);
        return;
    }
    if (hub_reply_int_field(body, "players", def->min_players, def->max_players, 1, 0, &players, r) != 0 ||
        hub_reply_int_field(body, "turn_seconds", 0, TURN_SECONDS_MAX, 0, 0, &turn_seconds, r) != 0 ||
        hub_reply_int_field(body, "join", 0, players - 1, 0, -1, &join, r) != 0)
        return;
    options.players = (int)players;
    options.variant = variant ? games_variant_find(def, variant) : 0;
    if (options.variant < 0) {
        hub_reply_fail(r, 400, "bad_field", "%s has no variant \"%s\"", def->name, variant);
        return;
    }
    if (replacement == NULL)
        replacement = "mcts";
    if (hub_quota_check_bot_spec(h, def, &options, replacement, "replacement", r) != 0 ||
        read_seats(h, def, &options, json_object_get(body, "seats"), seats, r) != 0)
        return;
    if (join >= 0 && seats[join].is_bot) {
        hub_reply_fail(r, 400, "bad_field", "field \"join\": seat %d is a bot's", (int)join);
        return;
    }
    if (match_init(&m, def, &options, why, sizeof why) != 0) {
        hub_reply_fail(r, 400, "bad_field", "%s", why);
        return;
    }
    for (int s = 0; s < players; s++) /* it will wait for players: counted under an open-games limit */
        waits |= !seats[s].is_bot && s != join && h->settings.open_per_address > 0;
    if (hub_table_room_for_new(h, r) != 0 || hub_quota_take(h, address, waits, r) != 0) {
        match_free(&m);
        return;
    }
    g = hub_game_new();
    w = calloc(1, sizeof *w);
    if (g == NULL || w == NULL) {
        hub_quota_give_back(h, address, waits, 1);
        match_free(&m);
        hub_game_free(g);
        free(w);
        hub_reply_fail(r, 500, "internal", "out of memory");
        return;
    }
    *w = (hub_later){.kind = LATER_CREATE, .g = g, .seat_joined = (int)join, .waits = waits, .done = ready,
                     .context = context};
    snprintf(w->address, sizeof w->address, "%s", address);
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
        token_new(w->token, seats[join].token_hash);
        seats[join].taken = 1;
    }
    memcpy(g->seats, seats, sizeof seats);
    hub_game_take_match(g, &m); /* nobody sees it before it is stored */
    w->since = hub_table_heard(h);
    rc = store_create_start(h->st, &g->row, g->seats, later != NULL ? ready : NULL, context, &w->created, w->why,
                            sizeof w->why);
    if (rc != STORE_OK) {
        hub_quota_give_back(h, address, waits, 1);
        hub_reply_fail(r, 503, hub_reply_store_code(rc), "the game could not be stored: %s", w->why);
        hub_game_free(g);
        free(w);
        return;
    }
    if (later != NULL)
        *later = w;
    else
        later_create_continue(h, w, 0, r);
}

/* A listing's answer from its rows read (later, LATER_LIST, freed; rc:
 * the read's answer): a game in memory gives its own row and seats (as
 * stored), and no game is loaded for a listing. */
static void list_answer(hub *h, hub_later *later, int rc, hub_reply *r)
{
    json_t *games = json_array();

    for (int i = 0; rc == STORE_OK && i < later->row_count; i++) {
        store_game *row = &later->rows[i];
        store_seat *seats = later->row_seats[i];
        hub_game *g = hub_table_find(h, row->id, NULL);
        if (g != NULL) {
            pthread_mutex_lock(&g->lock);
            *row = g->row;
            memcpy(seats, g->seats, sizeof later->row_seats[i]);
            hub_table_unlock(h, g);
        }
        json_array_append_new(games, hub_game_row_summary_json(row, seats));
    }
    if (rc == STORE_EBUSY)
        hub_reply_fail(r, 503, "busy", "the games cannot be listed now: %s", later->why);
    else if (rc != STORE_OK)
        hub_reply_fail(r, 503, "store", "the games cannot be listed");
    else
        hub_reply_answer(r, 200, json_pack("{s:o}", "games", games));
    if (rc != STORE_OK)
        json_decref(games);
    free(later->rows);
    free(later->row_seats);
    free(later);
}

void hub_list(hub *h, const char *status, const char *limit, hub_ready *ready, void *context, hub_later **later,
              hub_reply *r)
{
    int wanted = -1, rc;
    long max = LIST_DEFAULT;
    hub_later *w;

    if (later != NULL)
        *later = NULL;
    if (status != NULL) {
        wanted = strcmp(status, "open") == 0      ? STORE_OPEN
                 : strcmp(status, "running") == 0 ? STORE_RUNNING
                 : strcmp(status, "finished") == 0 ? STORE_FINISHED
                                                   : -2;
        if (wanted == -2) {
            hub_reply_fail(r, 400, "bad_field", "status must be open, running or finished");
            return;
        }
    }
    if (hub_reply_query_number(limit, "limit", 1, LIST_MAX, &max, r) != 0)
        return;
    w = calloc(1, sizeof *w);
    if (w != NULL) {
        *w = (hub_later){.kind = LATER_LIST};
        w->rows = malloc(sizeof *w->rows * (size_t)max);
        w->row_seats = malloc(sizeof *w->row_seats * (size_t)max);
    }
    if (w == NULL || w->rows == NULL || w->row_seats == NULL) {
        if (w != NULL) {
            free(w->rows);
            free(w->row_seats);
        }
        free(w);
        hub_reply_fail(r, 500, "internal", "out of memory");
        return;
    }
    rc = store_list_rows_start(h->st, wanted, (int)max, w->rows, w->row_seats, &w->row_count, h->settings.max_reads,
                               later != NULL ? ready : NULL, context, &w->read, w->why, sizeof w->why);
    if (rc == STORE_OK && later != NULL)
        *later = w;
    else
        list_answer(h, w, rc == STORE_OK ? store_read_finish(h->st, w->read) : rc, r);
}

void hub_summary(hub *h, int64_t id, hub_reply *r)
{
    hub_game *g = hub_table_lock_game(h, id, r);

    if (g == NULL)
        return;
    hub_reply_answer(r, 200, hub_game_summary_json(g));
    hub_table_unlock(h, g);
}

void hub_join(hub *h, int64_t id, const char *token, const json_t *body, hub_ready *ready, void *context,
              hub_later **later, hub_reply *r)
{
    static const char *const fields[] = {"seat", "name"};
    json_int_t seat;
    const char *name;
    char joined[TOKEN_TEXT];
    store_seat taken;
    hub_game *g;

    (void)token;
    if (later != NULL)
        *later = NULL;
    if (hub_reply_only_fields(body, fields, 2, r) != 0 ||
        hub_reply_text_field(body, "name", STORE_NAME_MAX, &name, r) != 0 ||
        (g = hub_table_lock_game_to_change(h, id, ready, context, later, r)) == NULL)
        return;
    if (hub_reply_int_field(body, "seat", 0, g->row.players - 1, 0, -1, &seat, r) != 0)
        goto done;
    if (g->row.status != STORE_OPEN) {
        hub_reply_fail(r, 409, "not_open", "game %lld is %s: no seat can be joined", (long long)id,
                       hub_game_status_name(g->row.status));
        goto done;
    }
    for (int s = 0; s < g->row.players && seat < 0; s++)
        if (!g->seats[s].is_bot && !g->seats[s].taken)
            seat = s;
    if (seat < 0 || g->seats[seat].is_bot || g->seats[seat].taken) {
        hub_reply_fail(r, 409, "seat_taken", seat < 0 ? "every seat is taken" : "seat %d is taken", (int)seat);
        goto done;
    }
    taken = g->seats[seat];
    taken.taken = 1;
    if (name != NULL)
        snprintf(taken.name, sizeof taken.name, "%s", name);
    token_new(joined, taken.token_hash);
    /* another process may have given the seat away first; the seat is the
     * joiner's once stored: if the start cannot be stored then, the
     * watchdog starts the game later (sweep) */
    if (seat_change(h, g, &taken, 1, json_pack("{s:i, s:s}", "seat", (int)seat, "token", joined), "seat_taken",
                    "is taken", ready, context, later, r) == 0)
        return;
done:
    hub_table_unlock(h, g);
}

void hub_view(hub *h, int64_t id, const char *token, const char *at, const char *text, hub_reply *r)
{
    hub_game *g;
    long step = -1, with_text = 0;
    int seat;
    void *state;

    if (hub_reply_query_number(at, "at", 0, INT_MAX, &step, r) != 0 ||
        hub_reply_query_number(text, "text", 0, 1, &with_text, r) != 0)
        return;
    if ((g = hub_table_lock_game(h, id, r)) == NULL)
        return;
    seat = hub_game_seat_of(g, token, 0, r);
    if (seat == NO_SEAT)
        goto done;
    if (step < 0) {
        hub_reply_answer(r, 200, hub_game_view_json(g, seat, g->m.state, -1, (int)with_text));
        goto done;
    }
    if (step > g->m.count) {
        hub_reply_fail(r, 400, "bad_field", "at is %ld, but the line of play has %d actions", step, g->m.count);
        goto done;
    }
    state = malloc(g->def->state_size);
    if (state == NULL) {
        hub_reply_fail(r, 500, "internal", "out of memory");
        goto done;
    }
    g->def->init(state, &g->m.options, NULL, 0);
    for (long i = 0; i < step; i++)
        g->def->apply(state, g->m.actions[i], NULL, 0);
    hub_reply_answer(r, 200, hub_game_view_json(g, seat, state, (int)step, (int)with_text));
    free(state);
done:
    hub_table_unlock(h, g);
}

/* A legal list's entry, {"id": action, "text": text}: made directly, as
 * json_pack would read its format again for each of a list's entries. */
static json_t *legal_entry_json(int action, const char *text)
{
    json_t *entry = json_object();

    if (entry != NULL && (json_object_set_new_nocheck(entry, "id", json_integer(action)) != 0 ||
                          json_object_set_new_nocheck(entry, "text", json_string(text)) != 0)) {
        json_decref(entry);
        return NULL;
    }
    return entry;
}

void hub_legal(hub *h, int64_t id, const char *token, const char *prefix, hub_reply *r)
{
    hub_game *g = hub_table_lock_game(h, id, r);
    int seat, n = 0, *legal;
    json_t *actions;

    if (g == NULL)
        return;
    seat = hub_game_seat_of(g, token, 1, r);
    if (seat == NO_SEAT)
        goto done;
    actions = json_array();
    /* the match's scratch of max_legal entries (g is locked): a list of
     * Tikal's bound, 6 KiB, allocated for every request cost the
     * allocator's consolidation of its small free chunks each time */
    legal = g->m.outcomes;
    if (seat == hub_game_to_move(g))
        n = g->def->legal_actions(g->m.state, legal);
    for (int i = 0; i < n; i++) {
        char text[GAME_TEXT_MAX];
        g->def->action_to_text(g->m.state, legal[i], text, sizeof text);
        if (prefix == NULL || strncmp(text, prefix, strlen(prefix)) == 0)
            json_array_append_new(actions, legal_entry_json(legal[i], text));
    }
    hub_reply_answer(r, 200,
                     json_pack("{s:I, s:i, s:o}", "version", (json_int_t)g->row.version, "seat", seat, "actions",
                               actions));
done:
    hub_table_unlock(h, g);
}

/* The JSON observation of state for seat; NULL if memory runs out. */
static json_t *seat_observation_json(const hub_game *g, const void *state, int seat)
{
    void *seen = malloc(g->def->state_size);
    json_t *out = NULL;

    if (seen != NULL) {
        g->def->observation(state, seat, seen);
        out = observe_view_json(g->def, seen, seat);
    }
    free(seen);
    return out;
}

void hub_preview(hub *h, int64_t id, const char *token, const char *line, hub_reply *r)
{
    hub_game *g = hub_table_lock_game(h, id, r);
    int seat, actions[GAME_LINE_MAX], count, status = 0;
    char why[200] = "";
    void *after = NULL;
    json_t *before = NULL, *then = NULL, *patch = NULL;

    if (g == NULL)
        return;
    if ((seat = hub_game_seat_of(g, token, 1, r)) == NO_SEAT)
        goto done;
    if (line == NULL || strlen(line) >= GAME_TEXT_MAX) {
        hub_reply_fail(r, 400, "bad_field", "give the line to preview as ?line=TEXT, shorter than %d bytes",
                       GAME_TEXT_MAX);
        goto done;
    }
    if (seat != hub_game_to_move(g)) {
        hub_reply_fail(r, 403, "not_your_turn", "seat %d is not to act", seat);
        goto done;
    }
    if (match_line_actions(&g->m, line, actions, &count, why, sizeof why) != 0) {
        hub_reply_fail(r, 422, "illegal", "%s", why);
        goto done;
    }
    if (!match_line_open(g->def, g->m.state, actions[0])) {
        hub_reply_fail(r, 422, "not_previewable",
                       "only a line of several steps (game.h line_open: a Tzolk'in market visit) is previewed");
        goto done;
    }
    if ((after = malloc(g->def->state_size)) == NULL) {
        hub_reply_fail(r, 500, "internal", "out of memory");
        goto done;
    }
    memcpy(after, g->m.state, g->def->state_size);
    for (int i = 0; i < count && status == 0; i++)
        status = g->def->apply(after, actions[i], why, sizeof why);
    if (status != 0) {
        hub_reply_fail(r, 422, "illegal", "%s", why);
        goto done;
    }
    before = seat_observation_json(g, g->m.state, seat);
    then = seat_observation_json(g, after, seat);
    if (before == NULL || then == NULL || (patch = jpatch_diff(before, then)) == NULL) {
        hub_reply_fail(r, 500, "internal", "out of memory");
        goto done;
    }
    hub_reply_answer(r, 200, json_pack("{s:I, s:i, s:s, s:o}", "version", (json_int_t)g->row.version, "seat", seat,
                                       "line", line, "patch", patch));
done:
    json_decref(before);
    json_decref(then);
    free(after);
    hub_table_unlock(h, g);
}

/* The checks every move request shares: a seat token, a running game, the
 * current state number, the seat to move. The seat, or NO_SEAT with r
 * filled. g is locked. */
static int mover(hub_game *g, const char *token, const json_t *body, hub_reply *r)
{
    json_int_t version;
    int seat = hub_game_seat_of(g, token, 1, r);

    if (seat == NO_SEAT || hub_reply_int_field(body, "version", 0, INT64_MAX, 1, 0, &version, r) != 0)
        return NO_SEAT;
    if (g->row.status != STORE_RUNNING) {
        hub_reply_fail(r, 409, g->row.status == STORE_OPEN ? "not_open" : "finished", "game %lld is %s",
                       (long long)g->row.id, g->row.status == STORE_OPEN ? "waiting for players" : "over");
        return NO_SEAT;
    }
    if (version != g->row.version) {
        hub_reply_fail(r, 409, "stale", "the move was chosen at state %lld; the game is at state %lld",
                       (long long)version, (long long)g->row.version);
        return NO_SEAT;
    }
    if (seat != hub_game_to_move(g)) {
        hub_reply_fail(r, 403, "not_your_turn", "seat %d is not to act", seat);
        return NO_SEAT;
    }
    return seat;
}

/* What hub_act answers once its action is stored (g locked): the state
 * number and the lines applied. */
static void act_answer(const hub_game *g, json_t *applied, hub_reply *r)
{
    hub_reply_answer(r, 200, json_pack("{s:I, s:o}", "version", (json_int_t)g->row.version, "applied", applied));
}

/* What hub_undo answers once its undo is stored (g locked): the state number. */
static void undo_answer(const hub_game *g, hub_reply *r)
{
    hub_reply_answer(r, 200, json_pack("{s:I}", "version", (json_int_t)g->row.version));
}

/* Hand the change (queued for g; NULL: refused, r filled) over as *later,
 * allocated as waiting before it was queued (NULL: out of memory), so that
 * g stays held until hub_later_answer: 0; else -1 (g still locked). */
static int hand_over(hub_game *g, hub_later *waiting, hub_change *change, int undo, hub_later **later, hub_reply *r)
{
    if (waiting == NULL)
        hub_reply_fail(r, 500, "internal", "out of memory");
    if (change == NULL) {
        free(waiting);
        return -1;
    }
    *waiting = (hub_later){.kind = undo ? LATER_UNDO : LATER_ACT, .g = g, .change = change};
    *later = waiting;
    return 0;
}

void hub_act(hub *h, int64_t id, const char *token, const json_t *body, hub_ready *ready, void *context,
             hub_later **later, hub_reply *r)
{
    static const char *const fields[] = {"version", "action", "id"};
    const char *text;
    json_int_t number;
    int seat, actions[GAME_LINE_MAX], count = 1;
    char why[200];
    json_t *applied;
    hub_game *g;

    if (later != NULL)
        *later = NULL;
    if (hub_reply_only_fields(body, fields, 3, r) != 0 ||
        hub_reply_text_field(body, "action", GAME_TEXT_MAX, &text, r) != 0 ||
        (g = hub_table_lock_game_to_change(h, id, ready, context, later, r)) == NULL)
        return;
    if (hub_reply_int_field(body, "id", 0, g->def->num_actions - 1, 0, -1, &number, r) != 0 ||
        (seat = mover(g, token, body, r)) == NO_SEAT)
        goto done;
    if ((text == NULL) == (number < 0)) {
        hub_reply_fail(r, 400, "bad_field", "give the action as either \"action\" (its text) or \"id\"");
        goto done;
    }
    actions[0] = (int)number;
    if (text != NULL && match_line_actions(&g->m, text, actions, &count, why, sizeof why) != 0) {
        hub_reply_fail(r, 422, "illegal", "%s", why);
        goto done;
    }
    if (later != NULL) { /* g stays held until hub_later_answer */
        hub_later *waiting = malloc(sizeof *waiting);
        hub_change *change = waiting != NULL ? hub_game_commit_start(h, g, seat, actions, count, ready, context, r)
                                             : NULL;
        if (hand_over(g, waiting, change, 0, later, r) == 0)
            return;
        goto done;
    }
    applied = json_array();
    if (hub_game_commit(h, g, seat, actions, count, applied, r) == 0)
        act_answer(g, applied, r);
    else
        json_decref(applied);
done:
    hub_table_unlock(h, g);
}

hub_later_outcome hub_later_answer(hub *h, hub_later *later, int may_wait, hub_reply *r)
{
    hub_game *g = later->g;
    json_t *applied;

    switch (later->kind) {
    case LATER_HINTS:
        hub_hints_answer(h, later, r);
        return HUB_LATER_ANSWERED;
    case LATER_CREATE:
        return later_create_continue(h, later, may_wait, r) ? HUB_LATER_WAITS : HUB_LATER_ANSWERED;
    case LATER_SEAT:
        return later_seat_continue(h, later, may_wait, r) ? HUB_LATER_WAITS : HUB_LATER_ANSWERED;
    case LATER_LOAD:
        return hub_table_load_end(h, later, r);
    case LATER_RELOAD:
        if (later_reload_continue(h, later, may_wait, r))
            return HUB_LATER_WAITS;
        return r->code != NULL ? HUB_LATER_ANSWERED : HUB_LATER_AGAIN;
    case LATER_LIST:
        list_answer(h, later, store_read_finish(h->st, later->read), r);
        return HUB_LATER_ANSWERED;
    case LATER_AGAIN:
        atomic_fetch_sub(&h->parked, 1);
        free(later);
        hub_table_release(h, g);
        return HUB_LATER_AGAIN;
    case LATER_UNDO:
        if (hub_game_commit_end(h, later->change, NULL, r) == 0)
            undo_answer(g, r);
        break;
    case LATER_ACT:
        applied = json_array();
        if (hub_game_commit_end(h, later->change, applied, r) == 0)
            act_answer(g, applied, r);
        else
            json_decref(applied);
        break;
    }
    free(later);
    hub_table_unlock(h, g);
    return HUB_LATER_ANSWERED;
}

void hub_undo(hub *h, int64_t id, const char *token, const json_t *body, hub_ready *ready, void *context,
              hub_later **later, hub_reply *r)
{
    static const char *const fields[] = {"version"};
    hub_change *change;
    hub_game *g;
    int seat;

    if (later != NULL)
        *later = NULL;
    if (hub_reply_only_fields(body, fields, 1, r) != 0 ||
        (g = hub_table_lock_game_to_change(h, id, ready, context, later, r)) == NULL)
        return;
    if ((seat = mover(g, token, body, r)) == NO_SEAT)
        goto done;
    if (!match_can_undo(&g->m)) {
        hub_reply_fail(r, 409, "cannot_undo", "nothing to undo: the turn has no action that can be taken back");
        goto done;
    }
    if (g->undos >= h->settings.max_undos) {
        hub_reply_fail(r, 429, "limit", "game %lld has taken back %d actions, the most this server keeps for one game",
                       (long long)id, g->undos);
        goto done;
    }
    if (later != NULL) { /* g stays held until hub_later_answer */
        hub_later *waiting = malloc(sizeof *waiting);
        change = waiting != NULL ? hub_game_undo_start(h, g, seat, ready, context, r) : NULL;
        if (hand_over(g, waiting, change, 1, later, r) == 0)
            return;
        goto done;
    }
    change = hub_game_undo_start(h, g, seat, NULL, NULL, r);
    if (change != NULL && hub_game_commit_end(h, change, NULL, r) == 0)
        undo_answer(g, r);
done:
    hub_table_unlock(h, g);
}

void hub_leave(hub *h, int64_t id, const char *token, const json_t *body, hub_ready *ready, void *context,
               hub_later **later, hub_reply *r)
{
    store_seat given;
    hub_game *g;
    int seat;

    if (later != NULL)
        *later = NULL;
    if (hub_reply_only_fields(body, NULL, 0, r) != 0 ||
        (g = hub_table_lock_game_to_change(h, id, ready, context, later, r)) == NULL)
        return;
    seat = hub_game_seat_of(g, token, 1, r);
    if (seat != NO_SEAT && g->row.status == STORE_FINISHED) {
        hub_reply_fail(r, 409, "finished", "game %lld is over", (long long)id);
    } else if (seat != NO_SEAT) {
        hub_game_seat_given_up(g, seat, &given);
        if (seat_change(h, g, &given, 0,
                        json_pack("{s:i, s:s}", "seat", seat, "now", given.is_bot ? given.bot : "free"), "stale",
                        "changed meanwhile", ready, context, later, r) == 0)
            return;
    }
    hub_table_unlock(h, g);
}

/* The spec level (a bot_levels index) stands for in the game of index
 * game ("spec": the game may have its own, bot_level_spec), and what a
 * turn of it costs there: the measured seconds per player count (data/bot-turn-times.txt,
 * "expected" the mean, "longest" the longest) and the running mean of the
 * server's own bots ("live", null until it has LEVEL_TIME_ENOUGH turns). */
static json_t *level_turn_json(hub *h, int game, int level)
{
    const game_def *def = games_at(game);
    int count;
    const bot_level *levels = bot_levels(&count);
    assert(level >= 0 && level < count);
    const char *name = levels[level].name;
    json_t *expected = json_object(), *longest = json_object(), *live = json_null();
    level_time figure;

    for (int players = def->min_players; players <= def->max_players; players++)
        if (level_time_expected(def, players, name, &figure) == 0) {
            char key[8];
            snprintf(key, sizeof key, "%d", players);
            json_object_set_new(expected, key, json_real(figure.mean));
            json_object_set_new(longest, key, json_real(figure.longest));
        }
    if (game < LEVEL_TIME_GAMES && level < LEVEL_TIME_LEVELS) {
        pthread_mutex_lock(&h->level_times_lock);
        int told = level_time_recent(&h->level_times, game, level, &figure) == 0;
        pthread_mutex_unlock(&h->level_times_lock);
        if (told)
            live = json_pack("{s:i, s:f, s:f}", "turns", figure.turns, "mean", figure.mean, "longest", figure.longest);
    }
    return json_pack("{s:s, s:s, s:o, s:o, s:o}", "name", name, "spec", bot_level_spec(def, level), "expected",
                     expected, "longest", longest, "live", live);
}

/* The bots' levels the server offers (GET /api/bots; "bots" of GET
 * /api/catalog), each with its time per turn in every game ("turn", by
 * game name: level_turn_json). */
static json_t *bots_json(hub *h)
{
    int count;
    const bot_level *levels = bot_levels(&count);
    json_t *list = json_array();

    for (int i = 0; list != NULL && i < count; i++) {
        json_t *turn = json_object();
        for (int g = 0; turn != NULL && g < games_count(); g++)
            json_object_set_new(turn, games_at(g)->name, level_turn_json(h, g, i));
        json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:o}", "name", levels[i].name, "spec", levels[i].spec,
                                              "about", levels[i].description, "turn", turn));
    }
    return json_pack("{s:o, s:s, s:s}", "levels", list, "default", BOT_DEFAULT_LEVEL, "hints", BOT_HINT_LEVEL);
}

void hub_bots(hub *h, hub_reply *r)
{
    hub_reply_answer(r, 200, bots_json(h));
}

/* One game of the catalog (the index game of games.h): its engine's name,
 * title, variants and seats, and each level's time per turn in it. */
static json_t *catalog_game_json(hub *h, int game)
{
    const game_def *def = games_at(game);
    json_t *variants = json_array(), *bots = json_array();
    int levels;

    bot_levels(&levels);
    for (int v = 0; variants != NULL && v < games_variant_count(def); v++)
        json_array_append_new(variants, json_string(games_variant_name(def, v)));
    for (int i = 0; bots != NULL && i < levels; i++)
        json_array_append_new(bots, level_turn_json(h, game, i));
    return json_pack("{s:s, s:s, s:o, s:i, s:i, s:o}", "name", def->name, "title", def->title, "variants", variants,
                     "min_players", def->min_players, "max_players", def->max_players, "bots", bots);
}

void hub_catalog(hub *h, hub_reply *r)
{
    json_t *list = json_array();

    for (int i = 0; list != NULL && i < games_count(); i++)
        json_array_append_new(list, catalog_game_json(h, i));
    hub_reply_answer(r, 200, json_pack("{s:o, s:o}", "games", list, "bots", bots_json(h)));
}

void hub_facts(const char *name, hub_reply *r)
{
    const game_def *game = games_find(name);
    json_t *facts = game != NULL ? observe_facts_json(game) : NULL;

    if (facts == NULL)
        hub_reply_fail(r, 404, "not_found", "no static facts for a game called '%.40s'", name);
    else
        hub_reply_answer(r, 200, facts);
}

void hub_stats(hub *h, hub_reply *r)
{
    int count, spares;
    store_counters writer;

    pthread_mutex_lock(&h->table_lock);
    count = h->count;
    pthread_mutex_unlock(&h->table_lock);
    store_get_counters(h->st, &writer);
    pthread_mutex_lock(&h->spares_lock);
    spares = h->spare_count;
    pthread_mutex_unlock(&h->spares_lock);
    hub_reply_answer(r, 200,
                     json_pack("{s:i, s:i, s:i, s:I, s:i, s:i, s:i, s:{s:I, s:I, s:i, s:I, s:I, s:i, s:i, s:i}}",
                               "games_in_memory",
                               count, "max_games", h->settings.max_games, "bots_thinking",
                               atomic_load(&h->bots_thinking), "bot_moves_in_turn",
                               (json_int_t)atomic_load(&h->bot_moves_in_turn), "parked", atomic_load(&h->parked),
                               "spare_changes", spares, "max_spare_changes", (int)CHANGE_SPARES,
                               "store", "batches", (json_int_t)writer.batches, "changes", (json_int_t)writer.changes,
                               "largest_batch", writer.largest_batch, "commit_us", (json_int_t)writer.commit_us,
                               "slowest_commit_us", (json_int_t)writer.slowest_commit_us, "waiting",
                               writer.waiting, "reads_waiting", writer.reads_waiting, "max_reads",
                               h->settings.max_reads));
}

void hub_hints_off(hub *h, int64_t id, const char *token, const json_t *body, hub_ready *ready, void *context,
                   hub_later **later, hub_reply *r)
{
    hub_game *g;
    store_seat off;
    int seat;

    if (later != NULL)
        *later = NULL;
    if (hub_reply_only_fields(body, NULL, 0, r) != 0 ||
        (g = hub_table_lock_game_to_change(h, id, ready, context, later, r)) == NULL)
        return;
    seat = hub_game_seat_of(g, token, 1, r);
    if (seat == NO_SEAT)
        goto done;
    if (g->row.status == STORE_FINISHED) {
        hub_reply_fail(r, 409, "finished", "game %lld is over", (long long)id);
        goto done;
    }
    if (!g->seats[seat].hints_off) {
        off = g->seats[seat];
        off.hints_off = 1;
        if (seat_change(h, g, &off, 0, json_pack("{s:i, s:b}", "seat", seat, "hints", 0), "stale",
                        "changed meanwhile", ready, context, later, r) == 0)
            return;
        goto done;
    }
    hub_reply_answer(r, 200, json_pack("{s:i, s:b}", "seat", seat, "hints", 0));
done:
    hub_table_unlock(h, g);
}
