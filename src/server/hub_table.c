/*
 * hub_table.c -- the table of games in memory, sorted by id: who holds each
 * (refs), loading on demand (for a request, on the store's reader thread
 * with its connection suspended: hub_load), leaving memory when idle or for
 * room, and the announcements of other processes' changes of games not in
 * memory.
 */
#include "server/hub_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "timer.h"

/* Index of id in the table, or where it would go (*found = 0). Table locked. */
static int table_index(const hub *h, int64_t id, int *found)
{
    int low = 0, high = h->count;

    while (low < high) {
        int mid = (low + high) / 2;
        if (h->ids[mid] < id)
            low = mid + 1;
        else
            high = mid;
    }
    *found = low < h->count && h->ids[low] == id;
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
    memmove(h->ids + at, h->ids + at + 1, sizeof *h->ids * (size_t)(h->count - at - 1));
    h->count--;
    hub_game_free(g);
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

int hub_table_room_for_new(hub *h, hub_reply *r)
{
    int full;

    pthread_mutex_lock(&h->table_lock);
    full = table_make_room(h) != 0;
    pthread_mutex_unlock(&h->table_lock);
    if (full)
        hub_reply_fail(r, 503, "busy", "the server has %d games in play, the most it keeps: try again later",
                       h->settings.max_games);
    return full ? -1 : 0;
}

hub_game *hub_table_add(hub *h, hub_game *g, uint64_t since, int *added, int *missed, hub_reply *r)
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
        hub_game_free(g);
        return there;
    }
    if (table_make_room(h) != 0) {
        pthread_mutex_unlock(&h->table_lock);
        hub_game_free(g);
        hub_reply_fail(r, 503, "busy", "the server has %d games in play, the most it keeps: try again later",
                       h->settings.max_games);
        return NULL;
    }
    at = table_index(h, g->id, &found);
    if (h->count == h->capacity) {
        int capacity = h->capacity ? 2 * h->capacity : 64;
        hub_game **games = realloc(h->games, sizeof *games * (size_t)capacity);
        int64_t *ids = games != NULL ? realloc(h->ids, sizeof *ids * (size_t)capacity) : NULL;
        if (games != NULL)
            h->games = games;
        if (ids == NULL) {
            pthread_mutex_unlock(&h->table_lock);
            hub_game_free(g);
            hub_reply_fail(r, 500, "internal", "out of memory");
            return NULL;
        }
        h->ids = ids;
        h->capacity = capacity;
    }
    memmove(h->games + at + 1, h->games + at, sizeof *h->games * (size_t)(h->count - at));
    memmove(h->ids + at + 1, h->ids + at, sizeof *h->ids * (size_t)(h->count - at));
    h->games[at] = g;
    h->ids[at] = g->id;
    h->count++;
    g->refs = 1;
    *added = 1;
    *missed = h->unheard_count - since > UNHEARD_MAX;
    for (uint64_t k = since; k < h->unheard_count && !*missed; k++)
        *missed = h->unheard[k % UNHEARD_MAX].game == g->id;
    pthread_mutex_unlock(&h->table_lock);
    return g;
}

hub_game *hub_table_find(hub *h, int64_t id, uint64_t *since)
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

void hub_table_release(hub *h, hub_game *g)
{
    pthread_mutex_lock(&h->table_lock);
    assert(g->refs > 0);
    g->refs--;
    pthread_mutex_unlock(&h->table_lock);
}

void hub_table_unlock(hub *h, hub_game *g)
{
    hub_game_unlock(g);
    hub_table_release(h, g);
}

hub_game *hub_table_find_heard(hub *h, const store_note *note)
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

uint64_t hub_table_heard(hub *h)
{
    uint64_t count;

    pthread_mutex_lock(&h->table_lock);
    count = h->unheard_count;
    pthread_mutex_unlock(&h->table_lock);
    return count;
}

/* r for a game id that could not be read from the store (status, why). */
static void load_failed(int64_t id, int status, const char *why, hub_reply *r)
{
    if (status == STORE_ENOTFOUND)
        hub_reply_fail(r, 404, "not_found", "there is no game %lld", (long long)id);
    else if (status == STORE_EBUSY)
        hub_reply_fail(r, 503, "busy", "game %lld is not in memory and too many reads of the store wait: %s",
                       (long long)id, why);
    else
        hub_reply_fail(r, 503, "store", "game %lld cannot be loaded: %s", (long long)id, why);
}

/* g (locked) came into memory (added), or another process announced a
 * change of it while it was read (missed: that change went unheard, so g
 * is to be read again, as hub_load does for an unsure game): its bot to
 * move, its turn clock. */
static void settle(hub *h, hub_game *g, int added, int missed)
{
    if (missed)
        g->unsure = 1;
    else if (added)
        hub_game_changed(h, g);
}

/* hub_load for g (locked and held), in memory but unsure: its read again
 * queued to the store's reader (LATER_RELOAD), g's lock let go but g
 * still held, *later set; or r filled (503 busy: too many reads wait; 503
 * store) and g let go. */
static void reload_start(hub *h, hub_game *g, hub_ready *ready, void *context, hub_later **later, hub_reply *r)
{
    hub_later *w = calloc(1, sizeof *w);
    store_game *row = malloc(sizeof *row);
    store_seat(*seats)[GAME_MAX_PLAYERS] = malloc(sizeof *seats);
    int rc;

    hub_game_unlock(g);
    if (w == NULL || row == NULL || seats == NULL) {
        hub_reply_fail(r, 500, "internal", "out of memory");
    } else {
        *w = (hub_later){.kind = LATER_RELOAD, .g = g, .rows = row, .row_seats = seats, .done = ready,
                         .context = context};
        rc = store_load_start(h->st, g->id, row, seats[0], &w->events, &w->event_count, h->settings.max_reads, ready,
                              context, &w->read, w->why, sizeof w->why);
        if (rc == STORE_OK) {
            *later = w;
            return;
        }
        hub_reply_fail(r, 503, rc == STORE_EBUSY ? "busy" : "store",
                       "game %lld is to be read again from the store, which cannot be done now: %s", (long long)g->id,
                       w->why);
    }
    free(w);
    free(row);
    free(seats);
    hub_table_release(h, g);
}

/* hub_load without a later (the hub starting, the server stopping): game
 * id read here if it is not in memory or is to be read again; r filled if
 * it cannot be. */
static void load_here(hub *h, int64_t id, hub_reply *r)
{
    uint64_t since = 0;
    hub_game *g = hub_table_find(h, id, &since);
    int added = 0, missed = 0;

    if (g == NULL) {
        char why[256];
        int status;
        if ((g = hub_game_load(h, id, &status, why, sizeof why)) == NULL) {
            load_failed(id, status, why, r);
            return;
        }
        if ((g = hub_table_add(h, g, since, &added, &missed, r)) == NULL)
            return;
    }
    pthread_mutex_lock(&g->lock);
    g->used = timer_now();
    settle(h, g, added, missed);
    /* not behind a suspended request's change: this may be the thread that is to finish it */
    if (g->unsure && !hub_game_wait_on_pool(g) && g->unsure)
        hub_game_catch_up(h, g);
    hub_table_unlock(h, g);
}

void hub_load(hub *h, int64_t id, hub_ready *ready, void *context, hub_later **later, hub_reply *r)
{
    uint64_t since = 0;
    hub_game *g;
    hub_later *w;
    int rc;

    if (later == NULL) {
        load_here(h, id, r);
        return;
    }
    *later = NULL;
    if ((g = hub_table_find(h, id, &since)) != NULL) {
        pthread_mutex_lock(&g->lock);
        if (!g->unsure || g->broken) {
            hub_table_unlock(h, g);
        } else if (!g->storing) {
            reload_start(h, g, ready, context, later, r);
        } else if (hub_game_park(g, ready, context, later, r) == 0) { /* read again (or changed) meanwhile */
            atomic_fetch_add(&h->parked, 1);
        } else {
            hub_table_unlock(h, g);
        }
        return;
    }
    w = calloc(1, sizeof *w);
    g = w != NULL ? hub_game_new() : NULL;
    if (g == NULL) {
        free(w);
        hub_reply_fail(r, 500, "internal", "out of memory");
        return;
    }
    g->id = id;
    *w = (hub_later){.kind = LATER_LOAD, .g = g, .since = since};
    rc = store_load_start(h->st, id, &g->row, g->seats, &w->events, &w->event_count, h->settings.max_reads, ready,
                          context, &w->read, w->why, sizeof w->why);
    if (rc != STORE_OK) {
        load_failed(id, rc, w->why, r);
        hub_game_free(g);
        free(w);
        return;
    }
    *later = w;
}

hub_later_outcome hub_table_load_end(hub *h, hub_later *later, hub_reply *r)
{
    hub_game *g = later->g;
    int rc = store_read_finish(h->st, later->read), added, missed;

    if (rc == STORE_OK) {
        hub_game_take_events(h, g, later->events, later->event_count);
        if ((g = hub_table_add(h, g, later->since, &added, &missed, r)) != NULL) {
            pthread_mutex_lock(&g->lock);
            g->used = timer_now();
            settle(h, g, added, missed);
            hub_table_unlock(h, g);
        }
    } else {
        load_failed(g->id, rc, later->why, r);
        hub_game_free(g);
    }
    free(later->events);
    free(later);
    return r->code != NULL ? HUB_LATER_ANSWERED : HUB_LATER_AGAIN;
}

/* r for a request whose game id is not ready since hub_load looked: 503
 * with the error code and what happened to the game, and again set (the
 * request is made again from hub_load, which reads the game on the
 * store's reader). */
static void ask_again(int64_t id, const char *code, const char *what, hub_reply *r)
{
    hub_reply_fail(r, 503, code, "game %lld %s: try again", (long long)id, what);
    r->again = 1;
}

/* hub_table_lock_game, and for a request that changes the game
 * (to_change) hub_table_lock_game_to_change. */
static hub_game *lock_game(hub *h, int64_t id, int to_change, hub_ready *ready, void *context, hub_later **later,
                           hub_reply *r)
{
    hub_game *g = hub_table_find(h, id, NULL);

    if (g == NULL) { /* gone since hub_load looked: a memory limit took it out */
        ask_again(id, "busy", "left memory meanwhile", r);
        return NULL;
    }
    pthread_mutex_lock(&g->lock);
    g->used = timer_now();
    if (g->storing && to_change) { /* it must wait for that change */
        if (later != NULL) {
            if (hub_game_park(g, ready, context, later, r) == 0) {
                atomic_fetch_add(&h->parked, 1);
                return NULL; /* the parked request holds g */
            }
        } else if (hub_game_wait_on_pool(g) != 0) {
            hub_reply_fail(r, 409, "changing",
                           "another change of game %lld is being stored: ask again once it is (an action: chosen "
                           "again at the new state number)",
                           (long long)id);
        }
        if (r->code != NULL) {
            hub_table_unlock(h, g);
            return NULL;
        }
    }
    if (g->broken) {
        hub_table_unlock(h, g);
        hub_reply_fail(r, 500, "broken", "game %lld is damaged in the store and cannot be played", (long long)id);
        return NULL;
    }
    if (g->unsure) { /* it became so since hub_load looked: hub_load reads it on the store's reader */
        hub_table_unlock(h, g);
        ask_again(id, "store", "is to be read again from the store", r);
        return NULL;
    }
    return g;
}

hub_game *hub_table_lock_game(hub *h, int64_t id, hub_reply *r)
{
    return lock_game(h, id, 0, NULL, NULL, NULL, r);
}

hub_game *hub_table_lock_game_to_change(hub *h, int64_t id, hub_ready *ready, void *context, hub_later **later,
                                        hub_reply *r)
{
    return lock_game(h, id, 1, ready, context, later, r);
}

hub_game **hub_table_snapshot(hub *h, int *n)
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

void hub_table_release_all(hub *h, hub_game **games, int n)
{
    pthread_mutex_lock(&h->table_lock);
    for (int i = 0; games != NULL && i < n; i++) {
        assert(games[i]->refs > 0);
        games[i]->refs--;
    }
    pthread_mutex_unlock(&h->table_lock);
    free(games);
}

void hub_table_evict_idle(hub *h)
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
