/*
 * hub_hints.c -- hints (GET .../hints, hub.h): the hint bot's best actions
 * for the seat to act, worked out on the hub's own hints' threads so that
 * no HTTP thread waits for a search. hub_hints checks the request and the
 * bound (settings.max_hint_searches searches queued or running at once;
 * more are answered 503 busy), copies the seat's observation and queues
 * the search, its game held; a hints' thread works it out without the
 * game's lock and calls the request back; hub_hints_answer then keeps the
 * answer for its state number (asking again there costs no search) and
 * lets the game go.
 */
#include "server/hub_internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "bots/bot.h"

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

/* Queue a search for seat of g (locked, held by the caller, who gives its
 * hold to the search): 0 with *later set, or -1 with r filled (g still the
 * caller's). */
static int queue_search(hub *h, hub_game *g, int seat, hub_ready *ready, void *context, hub_later **later,
                        hub_reply *r)
{
    hub_later *search = calloc(1, sizeof *search);
    hub_later **end;

    if (search == NULL || (search->seen = malloc(g->def->state_size)) == NULL) {
        free(search);
        hub_reply_fail(r, 500, "internal", "out of memory");
        return -1;
    }
    search->g = g;
    search->def = g->def;
    search->seat = seat;
    search->version = g->row.version;
    search->done = ready;
    search->context = context;
    g->def->observation(g->m.state, seat, search->seen);
    pthread_mutex_lock(&h->hints_lock);
    if (h->hints_stopped) {
        pthread_mutex_unlock(&h->hints_lock);
        free(search->seen);
        free(search);
        hub_reply_fail(r, 503, "busy", "the server is stopping");
        return -1;
    }
    for (end = &h->hints_queue; *end != NULL; end = &(*end)->next) {
        /* at most max_hint_searches long */
    }
    *end = search;
    pthread_cond_broadcast(&h->hints_ready);
    pthread_mutex_unlock(&h->hints_lock);
    *later = search;
    return 0;
}

void hub_hints(hub *h, int64_t id, const char *token, hub_ready *ready, void *context, hub_later **later,
               hub_reply *r)
{
    hub_game *g = hub_table_lock_game(h, id, r);
    int seat;

    *later = NULL;
    if (g == NULL)
        return;
    seat = hub_game_seat_of(g, token, 1, r);
    if (seat == NO_SEAT) {
        /* r is filled */
    } else if (g->seats[seat].hints_off) {
        hub_reply_fail(r, 403, "hints_off", "seat %d turned hints off for this game", seat);
    } else if (g->row.status != STORE_RUNNING) {
        hub_reply_fail(r, 409, g->row.status == STORE_OPEN ? "not_open" : "finished", "game %lld is %s", (long long)id,
                       g->row.status == STORE_OPEN ? "waiting for players" : "over");
    } else if (seat != hub_game_to_move(g)) {
        hub_reply_fail(r, 403, "not_your_turn", "seat %d is not to act: hints are for the seat to act", seat);
    } else if (g->hints != NULL && g->hints_version == g->row.version) {
        hub_reply_answer(r, 200, json_incref(g->hints));
    } else if (atomic_fetch_add(&h->hint_searches, 1) >= h->settings.max_hint_searches) {
        atomic_fetch_sub(&h->hint_searches, 1);
        hub_reply_fail(r, 503, "busy", "the server is working out %d hints already: ask again in a moment",
                       h->settings.max_hint_searches);
    } else if (queue_search(h, g, seat, ready, context, later, r) != 0) {
        atomic_fetch_sub(&h->hint_searches, 1);
    } else { /* the search holds g now */
        hub_game_unlock(g);
        return;
    }
    hub_table_unlock(h, g);
}

void *hub_hints_thread(void *arg)
{
    hub *h = arg;

    pthread_mutex_lock(&h->hints_lock);
    for (;;) {
        hub_later *search;
        while (h->hints_queue == NULL && !h->hints_stopped)
            pthread_cond_wait(&h->hints_ready, &h->hints_lock);
        if ((search = h->hints_queue) == NULL)
            break; /* stopped, and every search is answered */
        h->hints_queue = search->next;
        pthread_mutex_unlock(&h->hints_lock);
        search->hints = hints_json(search->def, search->g->id, search->seen, search->seat, search->version,
                                   search->why, sizeof search->why);
        free(search->seen);
        search->seen = NULL;
        atomic_fetch_sub(&h->hint_searches, 1);
        pthread_mutex_lock(&h->hints_lock); /* held: hub_hints_answer frees nothing meanwhile */
        search->answered = 1;
        pthread_cond_broadcast(&h->hints_ready);
        if (search->done != NULL)
            search->done(search->context);
    }
    pthread_mutex_unlock(&h->hints_lock);
    return NULL;
}

void hub_hints_answer(hub *h, hub_later *search, hub_reply *r)
{
    hub_game *g = search->g;

    pthread_mutex_lock(&h->hints_lock);
    while (!search->answered)
        pthread_cond_wait(&h->hints_ready, &h->hints_lock);
    pthread_mutex_unlock(&h->hints_lock);
    pthread_mutex_lock(&g->lock);
    if (search->hints == NULL) {
        hub_reply_fail(r, 500, "internal", "no hints: %s", search->why[0] ? search->why : "out of memory");
    } else {
        if (g->row.version == search->version) {
            json_decref(g->hints);
            g->hints = json_incref(search->hints);
            g->hints_version = search->version;
        }
        hub_reply_answer(r, 200, search->hints);
    }
    free(search);
    hub_table_unlock(h, g);
}
