/*
 * hub_quota.c -- what one address may create (games per minute, open games)
 * and which bot specs the server accepts (hub_settings' caps).
 */
#include "server/hub_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "bots/bot.h"
#include "timer.h"

int hub_quota_check_bot_spec(const hub *h, const game_def *def, const game_options *at, const char *spec,
                             const char *what, hub_reply *r)
{
    const hub_settings *limit = &h->settings;
    bot_settings parsed, settings;
    char why[160];

    if (bot_parse(spec, &parsed, why, sizeof why) != 0) {
        hub_reply_fail(r, 400, "bad_field", "%s: %s", what, why);
        return -1;
    }
    /* what the bot plays this game with: a level's or the game's own
     * defaults can ask for more than the kind's */
    bot_settings_at(def, at, &parsed, &settings);
    /* the time cap bounds a decision's time (millis) and a turn's (turnmillis) */
    if (settings.millis > limit->max_bot_millis || settings.turnmillis > limit->max_bot_millis ||
        settings.threads > limit->max_bot_threads || settings.iterations > limit->max_bot_iterations ||
        settings.nodes > limit->max_bot_nodes) {
        hub_reply_fail(r, 422, "bot_limit",
                       "%s \"%s\": this server allows bots at most millis=%d (turnmillis too), threads=%d, "
                       "iterations=%d, nodes=%d",
                       what, spec, limit->max_bot_millis, limit->max_bot_threads, limit->max_bot_iterations,
                       limit->max_bot_nodes);
        return -1;
    }
    return 0;
}

int hub_quota_take(hub *h, const char *address, int waits, hub_reply *r)
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
        else if (reusable == NULL &&
                 (c->address[0] == '\0' || (c->open == 0 && now - c->minute_start >= limit->quota_window_seconds)))
            reusable = c;
    }
    if (entry == NULL && reusable != NULL) {
        entry = reusable;
        *entry = (hub_creator){.minute_start = now};
        snprintf(entry->address, sizeof entry->address, "%s", address);
    }
    if (entry == NULL) {
        refused = 1;
        hub_reply_fail(r, 429, "quota", "the server is busy with games of %d other addresses: try again in a minute",
                       CREATORS_MAX);
    } else {
        if (now - entry->minute_start >= limit->quota_window_seconds) {
            entry->minute_start = now;
            entry->created = 0;
        }
        if (limit->creates_per_minute > 0 && entry->created >= limit->creates_per_minute) {
            refused = 1;
            hub_reply_fail(r, 429, "quota",
                           "%d games were created from your address in the last %d s (the most): try again in %.0f s",
                           entry->created, limit->quota_window_seconds,
                           limit->quota_window_seconds - (now - entry->minute_start) + 0.5);
        } else if (waits && limit->open_per_address > 0 && entry->open >= limit->open_per_address) {
            refused = 1;
            hub_reply_fail(r, 429, "quota",
                           "%d games created from your address are waiting for players (the most): start or leave "
                           "one first",
                           entry->open);
        } else {
            entry->created++;
            entry->open += waits;
        }
    }
    pthread_mutex_unlock(&h->creators_lock);
    return refused ? -1 : 0;
}

void hub_quota_give_back(hub *h, const char *address, int waited, int uncreate)
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

void hub_quota_creator_release(hub *h, hub_game *g)
{
    if (g->creator[0] != '\0' && g->row.status != STORE_OPEN) {
        hub_quota_give_back(h, g->creator, 1, 0);
        g->creator[0] = '\0';
    }
}
