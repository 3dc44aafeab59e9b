/*
 * hub_bots.c -- the bots' threads, with their queues by lane (a quick bot
 * never waits behind a slow one), and the watchdog thread (turn time
 * limits, bots to wake, other processes' changes announced by the store,
 * the count of the games' log lines left out).
 */
#include "server/hub_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "games.h"
#include "server/draw.h"
#include "timer.h"

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

/* The lane of a bot spec in a game of def with options at: quick if
 * it thinks on one thread for at most QUICK_MILLIS or QUICK_ITERATIONS as
 * it plays that game (bot_settings_at), random and greedy bots always. */
static int bot_lane(const game_def *def, const game_options *at, const char *spec)
{
    bot_settings parsed, settings;

    if (bot_parse(spec, &parsed, NULL, 0) != 0)
        return LANE_QUICK; /* refused at once when it is to move */
    bot_settings_at(def, at, &parsed, &settings);
    if (strcmp(settings.kind, "mcts") != 0)
        return LANE_QUICK;
    return settings.threads == 1 && settings.millis <= QUICK_MILLIS &&
                   (settings.millis > 0 || settings.iterations <= QUICK_ITERATIONS)
               ? LANE_QUICK
               : LANE_SLOW;
}

void hub_bots_queue(hub *h, hub_game *g)
{
    int current = hub_game_to_move(g), lane;

    if (g->bot_queued || !hub_game_served(g) || current < 0 || !g->seats[current].is_bot)
        return;
    lane = bot_lane(g->def, &g->m.options, g->seats[current].bot);
    pthread_mutex_lock(&h->queue_lock);
    if (ring_push(&h->queues[lane], g->id) == 0) {
        g->bot_queued = 1;
        pthread_cond_broadcast(&h->queue_ready);
    } /* else out of memory: the watchdog queues it again later */
    pthread_mutex_unlock(&h->queue_lock);
}

/* Count a finished turn of the bot spec in game def (GET /api/bots's
 * running means), when spec is a level of bot_levels. */
static void count_bot_turn(hub *h, const game_def *def, const char *spec, double seconds)
{
    int level = bot_level_index(spec), game = -1;

    for (int i = 0; i < games_count() && i < LEVEL_TIME_GAMES; i++)
        if (games_at(i) == def)
            game = i;
    if (level < 0 || level >= LEVEL_TIME_LEVELS || game < 0)
        return;
    pthread_mutex_lock(&h->level_times_lock);
    level_time_add(&h->level_times, game, level, seconds);
    pthread_mutex_unlock(&h->level_times_lock);
}

/* Commit the bot's action for seat in g (g locked, no change of it being
 * stored); 0, or -1 with the refusal logged. */
static int bot_commit(hub *h, hub_game *g, int seat, int action)
{
    hub_reply r = {0};
    int rc = hub_game_commit(h, g, seat, &action, 1, NULL, &r);

    if (rc != 0)
        ratelog_line(&h->log, "game %lld: bot move refused: %s\n", (long long)g->row.id, r.error);
    hub_reply_free(&r);
    return rc;
}

/* After the bot b of seat committed an action of g (g locked): the rest
 * of the whole turn b chose, one committed action at a time while seat is
 * still to act and b's turn expects what seat sees (bot_next_in_turn: no
 * thinking), so that a whole-turn bot plays its turn from one search; seen
 * is scratch for an observation. */
static void bot_finish_turn(hub *h, hub_game *g, bot *b, int seat, void *seen)
{
    for (;;) {
        hub_game_wait_changes(g);
        if (g->row.status != STORE_RUNNING || hub_game_to_move(g) != seat || !g->seats[seat].is_bot)
            return;
        g->def->observation(g->m.state, seat, seen);
        int action = bot_next_in_turn(b, seen, seat);
        if (action < 0 || bot_commit(h, g, seat, action) != 0)
            return;
        atomic_fetch_add(&h->bot_moves_in_turn, 1);
    }
}

/* Let the bot of game id move, if one is to move: think without any lock
 * on a copy of its observation, then commit if the game did not move on
 * (and the rest of the turn it chose, bot_finish_turn). */
static void bot_move(hub *h, int64_t id)
{
    hub_game *g = hub_table_find(h, id, NULL);
    bot_settings settings;
    char spec[STORE_NAME_MAX], why[200];
    void *seen;
    int seat, action = -1;
    double thought = 0, turn_spent;
    int64_t version;
    uint64_t seed;
    const game_def *def;
    bot *b = NULL;

    if (g == NULL)
        return;
    pthread_mutex_lock(&g->lock);
    seat = hub_game_to_move(g);
    seen = malloc(g->def->state_size);
    if (seen == NULL || !hub_game_served(g) || seat < 0 || !g->seats[seat].is_bot) {
        g->bot_queued = 0;
        hub_table_unlock(h, g);
        free(seen);
        return;
    }
    version = g->row.version;
    snprintf(spec, sizeof spec, "%s", g->seats[seat].bot);
    g->def->observation(g->m.state, seat, seen);
    seed = draw_bot_seed(g->row.seed, version);
    def = g->def;
    turn_spent = g->bot_turn_seconds; /* the seat's turn so far: a budget per turn counts it */
    hub_game_unlock(g);

    if (bot_parse(spec, &settings, why, sizeof why) == 0) {
        settings.seed = seed;
        b = bot_new(def, &settings, why, sizeof why);
        if (b != NULL) {
            if (turn_spent > 0)
                bot_turn_resume(b, seat, turn_spent);
            atomic_fetch_add(&h->bots_thinking, 1);
            double start = timer_now();
            action = bot_choose(b, seen, seat);
            thought = timer_now() - start;
            atomic_fetch_sub(&h->bots_thinking, 1);
        }
    }

    pthread_mutex_lock(&g->lock);
    hub_game_wait_changes(g);
    g->bot_queued = 0;
    if (action < 0) {
        ratelog_line(&h->log, "game %lld: bot \"%s\" cannot move: %s\n", (long long)id, spec, why);
    } else if (g->row.version == version && hub_game_to_move(g) == seat && g->seats[seat].is_bot) {
        if (bot_commit(h, g, seat, action) == 0) {
            bot_finish_turn(h, g, b, seat, seen);
            /* A turn: the seat's decisions until another seat decides or the game ends. */
            int next = hub_game_to_move(g);
            g->bot_turn_seconds += thought;
            if (g->row.status != STORE_RUNNING || (next >= 0 && next != seat)) {
                count_bot_turn(h, def, spec, g->bot_turn_seconds);
                g->bot_turn_seconds = 0;
            }
        }
    } else {
        hub_bots_queue(h, g); /* the game moved on while the bot thought */
    }
    hub_table_unlock(h, g);
    bot_free(b);
    free(seen);
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

void *hub_bots_thread(void *arg)
{
    bot_work(arg, 0);
    return NULL;
}

void *hub_bots_quick_thread(void *arg)
{
    bot_work(arg, 1);
    return NULL;
}

/* Once a second: a person out of time gives the seat to the replacement
 * bot; a bot to move that nobody queued (after a refused write) is queued. */
static void sweep(hub *h)
{
    int n;
    hub_game **games = hub_table_snapshot(h, &n);
    double now = timer_now();

    for (int i = 0; games != NULL && i < n; i++) {
        hub_game *g = games[i];
        hub_reply r = {0};
        int seat;
        pthread_mutex_lock(&g->lock);
        hub_game_wait_changes(g);
        if (g->unsure)
            hub_game_reload(h, g);
        if (hub_game_served(g) && hub_game_start_if_full(h, g, &r) != 0) /* a start the store refused before */
            ratelog_line(&h->log, "game %lld cannot start yet: %s\n", (long long)g->row.id, r.error);
        hub_reply_free(&r);
        seat = hub_game_to_move(g);
        if (hub_game_served(g) && seat >= 0 && !g->seats[seat].is_bot && g->row.turn_seconds > 0 &&
            g->turn_seat == seat && now - g->turn_started >= g->row.turn_seconds) {
            r = (hub_reply){0};
            if (hub_game_give_up_seat(h, g, seat, &r) != 0)
                ratelog_line(&h->log, "game %lld: %s\n", (long long)g->row.id, r.error);
        }
        if (hub_game_served(g))
            hub_bots_queue(h, g);
        hub_game_unlock(g);
    }
    hub_table_release_all(h, games, n);
    hub_table_evict_idle(h);
}

void *hub_bots_watchdog_thread(void *arg)
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
            games = hub_table_snapshot(h, &n);
            for (int i = 0; games != NULL && i < n; i++) {
                pthread_mutex_lock(&games[i]->lock);
                if (games[i]->row.status != STORE_FINISHED)
                    hub_game_catch_up(h, games[i]);
                hub_game_unlock(games[i]);
            }
            hub_table_release_all(h, games, n);
        }
        if (heard == 1) {
            hub_game *g = hub_table_find_heard(h, &note);
            if (g != NULL) {
                pthread_mutex_lock(&g->lock);
                /* another process moved the game on, or changed its seats or
                 * status (a seat change keeps the version: reload even if it
                 * may be this process's own) */
                if (note.version > g->row.version || (!note.events && note.version == g->row.version))
                    hub_game_catch_up(h, g);
                hub_table_unlock(h, g);
            }
        }
        if (timer_now() - last_sweep >= 1.0) {
            last_sweep = timer_now();
            sweep(h);
            ratelog_flush(&h->log, last_sweep); /* the count of a burst's lines left out */
        }
    }
    return NULL;
}
