/*
 * bot.c -- making bots from specs and dispatching to each kind (see bot.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "bots/random.h"
#include "rng.h"

struct bot {
    const game_def *game;  /* the rules played */
    bot_settings settings; /* kind and budget */
    rng random;            /* the bot's own generator */
    int *legal;            /* scratch: legal actions, game->max_legal */
};

static int set_error(char *why, size_t why_len, const char *message, const char *detail)
{
    if (why && why_len)
        snprintf(why, why_len, "%s%s", message, detail);
    return 1;
}

int bot_parse(const char *spec, bot_settings *out, char *why, size_t why_len)
{
    const char *colon = strchr(spec, ':');
    size_t kind_len = colon ? (size_t)(colon - spec) : strlen(spec);
    bot_settings s = {{0}, 0, 0, 1, 1};
    if (kind_len == 0 || kind_len >= sizeof s.kind)
        return set_error(why, why_len, "a bot is random, greedy or mcts, not ", spec);
    memcpy(s.kind, spec, kind_len);
    if (strcmp(s.kind, "random") != 0)
        return set_error(why, why_len, "unknown bot kind ", s.kind);
    for (const char *p = colon ? colon + 1 : ""; *p;) {
        char key[16];
        long value;
        char *end;
        size_t key_len = strcspn(p, "=");
        if (p[key_len] != '=' || key_len == 0 || key_len >= sizeof key)
            return set_error(why, why_len, "bot options are key=value, not ", p);
        memcpy(key, p, key_len);
        key[key_len] = '\0';
        value = strtol(p + key_len + 1, &end, 10);
        if (end == p + key_len + 1 || (*end != ',' && *end != '\0') || value < 0)
            return set_error(why, why_len, "bad value for bot option ", key);
        if (strcmp(key, "iterations") == 0)
            s.iterations = (int)value;
        else if (strcmp(key, "millis") == 0)
            s.millis = (int)value;
        else if (strcmp(key, "threads") == 0 && value >= 1)
            s.threads = (int)value;
        else if (strcmp(key, "seed") == 0)
            s.seed = (uint64_t)value;
        else
            return set_error(why, why_len, "unknown bot option ", key);
        p = *end ? end + 1 : end;
    }
    *out = s;
    return 0;
}

void bot_spec(const bot_settings *settings, char *buf, size_t len)
{
    snprintf(buf, len, "%s", settings->kind);
}

bot *bot_new(const game_def *game, const bot_settings *settings, char *why, size_t why_len)
{
    bot *b = calloc(1, sizeof *b);
    if (b)
        b->legal = malloc(sizeof *b->legal * (size_t)game->max_legal);
    if (!b || !b->legal) {
        if (b)
            free(b);
        set_error(why, why_len, "out of memory", "");
        return NULL;
    }
    b->game = game;
    b->settings = *settings;
    rng_seed(&b->random, settings->seed);
    return b;
}

int bot_choose(bot *b, const void *observation, int seat)
{
    (void)seat;
    return bot_random_choose(b->game, observation, &b->random, b->legal);
}

void bot_free(bot *b)
{
    if (!b)
        return;
    free(b->legal);
    free(b);
}
