/*
 * hub.c -- the server's games in play (see hub.h): starting and stopping
 * the hub, its settings. The hub's parts share hub_internal.h: replies
 * (hub_reply.c), quotas (hub_quota.c), one game (hub_game.c), the table of
 * games in memory (hub_table.c), the requests (hub_request.c), the log and
 * record (hub_log.c), live watchers (hub_watch.c), hints (hub_hints.c) and
 * the bots' and watchdog's threads (hub_bots.c).
 */
#include "server/hub_internal.h"

#include <stdio.h>
#include <stdlib.h>

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
        .quota_window_seconds = 60,
        .open_per_address = 10,
        .max_reads = 1024,
        .max_games = 10000,
        .idle_seconds = 600,
        .log_per_second = 10,
    };
}

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
    ratelog_init(&h->log, stderr, "maya serve: ", settings->log_per_second);
    h->creators = calloc(CREATORS_MAX, sizeof *h->creators);
    pthread_mutex_init(&h->creators_lock, NULL);
    pthread_mutex_init(&h->table_lock, NULL);
    pthread_mutex_init(&h->queue_lock, NULL);
    pthread_mutex_init(&h->level_times_lock, NULL);
    pthread_mutex_init(&h->spares_lock, NULL);
    pthread_cond_init(&h->queue_ready, NULL);
    pthread_mutex_init(&h->hints_lock, NULL);
    pthread_cond_init(&h->hints_ready, NULL);
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
            hub_load(h, ids[i], NULL, NULL, NULL, &r); /* in memory: its bots and turn clock go on */
            if (r.code != NULL)
                ratelog_line(&h->log, "game %lld left aside: %s\n", (long long)ids[i], r.error);
        }
    }
    free(ids);
    h->bot_threads = calloc((size_t)settings->bot_threads + 1, sizeof *h->bot_threads);
    for (int i = 0; h->bot_threads != NULL && i <= settings->bot_threads; i++)
        if (pthread_create(&h->bot_threads[i], NULL,
                           i < settings->bot_threads ? hub_bots_thread : hub_bots_quick_thread, h) == 0)
            h->bot_thread_count++;
    h->watchdog_started = pthread_create(&h->watchdog, NULL, hub_bots_watchdog_thread, h) == 0;
    h->hint_threads = calloc((size_t)settings->max_hint_searches + 1, sizeof *h->hint_threads);
    for (int i = 0; h->hint_threads != NULL && i < settings->max_hint_searches; i++)
        if (pthread_create(&h->hint_threads[i], NULL, hub_hints_thread, h) == 0)
            h->hint_thread_count++;
    if (h->bot_thread_count <= settings->bot_threads || !h->watchdog_started ||
        h->hint_thread_count < settings->max_hint_searches) {
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
    pthread_mutex_lock(&h->hints_lock); /* the searches queued are still answered */
    h->hints_stopped = 1;
    pthread_cond_broadcast(&h->hints_ready);
    pthread_mutex_unlock(&h->hints_lock);
    games = hub_table_snapshot(h, &n);
    for (int i = 0; games != NULL && i < n; i++) { /* wake every watcher */
        pthread_mutex_lock(&games[i]->lock);
        hub_watch_changed(games[i]);
        hub_game_unlock(games[i]);
    }
    hub_table_release_all(h, games, n);
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
    for (int i = 0; i < h->hint_thread_count; i++)
        pthread_join(h->hint_threads[i], NULL);
    free(h->hint_threads);
    for (int i = 0; i < h->count; i++)
        hub_game_free(h->games[i]);
    free(h->games);
    free(h->ids);
    for (int lane = 0; lane < LANES; lane++)
        free(h->queues[lane].ids);
    free(h->bot_threads);
    free(h->creators);
    ratelog_destroy(&h->log);
    hub_game_free_spares(h);
    pthread_mutex_destroy(&h->spares_lock);
    pthread_mutex_destroy(&h->creators_lock);
    pthread_mutex_destroy(&h->table_lock);
    pthread_mutex_destroy(&h->queue_lock);
    pthread_mutex_destroy(&h->level_times_lock);
    pthread_cond_destroy(&h->queue_ready);
    pthread_mutex_destroy(&h->hints_lock);
    pthread_cond_destroy(&h->hints_ready);
    free(h);
}
