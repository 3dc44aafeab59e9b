/*
 * bot.c -- making bots from specs and dispatching to each kind (see bot.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "bots/eval.h"
#include "bots/greedy.h"
#include "bots/mcts.h"
#include "bots/plan.h"
#include "bots/random.h"
#include "rng.h"

struct bot {
    const game_def *game;  /* the rules played */
    bot_settings settings; /* kind and budget */
    rng random;            /* the random kind's generator */
    eval_hook *hook;       /* greedy, mcts: the evaluation (settings.eval), else NULL */
    int *legal;            /* scratch: legal actions, game->max_legal */
    greedy *greedy;        /* the greedy kind's planner, else NULL */
    mcts *mcts;            /* the mcts kind's search, else NULL */
};

/* The settings of each kind for play. */
static const bot_settings bot_defaults[] = {
    {"random", 0, 0, 1, 1, 0, 0, 0, 0, 0, EVAL_DEFAULT, 0, 0, 0},
    {"greedy", 0, 0, 1, 1, GREEDY_BEAM_DEFAULT, 0, 0, 0, 0, EVAL_DEFAULT, 0, 0, 0},
    {"mcts", BOT_MCTS_ITERATIONS, 0, 1, 1, 0, MCTS_NODES_DEFAULT, 0, BOT_MCTS_EXPLORE, MCTS_OTHERS_AUTO, EVAL_DEFAULT, 0, 0, 0},
};

/* The difficulty levels, weakest first (bot.h); their strength is measured
 * in docs/strength.md, their time per turn in data/bot-turn-times.txt. */
static const bot_level bot_level_table[] = {
    {"beginner", "greedy:beam=1,eval=v1", "plays its best-looking turn, without thinking ahead"},
    {"casual", "mcts:iterations=300", "thinks a little ahead"},
    {"strong", "mcts", "thinks ahead well (the default bot)"},
    {"expert", "mcts:millis=150", "thinks longest"},
};

const bot_level *bot_levels(int *count)
{
    *count = (int)(sizeof bot_level_table / sizeof bot_level_table[0]);
    return bot_level_table;
}

int bot_level_index(const char *spec)
{
    size_t len = strcspn(spec, ":");
    for (size_t i = 0; i < sizeof bot_level_table / sizeof bot_level_table[0]; i++)
        if (strlen(bot_level_table[i].name) == len && strncmp(bot_level_table[i].name, spec, len) == 0)
            return (int)i;
    return -1;
}

static const bot_level *bot_level_named(const char *name)
{
    int index = bot_level_index(name);
    return index < 0 ? NULL : &bot_level_table[index];
}

/* The integer options of a spec and where they live in bot_settings. */
static const struct bot_key {
    const char *name; /* as written in a spec */
    size_t offset;    /* of its int in bot_settings */
    long min;         /* smallest value */
    long max;         /* largest value */
} bot_keys[] = {
    {"iterations", offsetof(bot_settings, iterations), 0, 100000000},
    {"millis", offsetof(bot_settings, millis), 0, 3600000},
    {"threads", offsetof(bot_settings, threads), 1, MCTS_THREADS_MAX},
    {"beam", offsetof(bot_settings, beam), 1, GREEDY_BEAM_MAX},
    {"nodes", offsetof(bot_settings, nodes), 16, 10000000},
    {"rollout", offsetof(bot_settings, rollout), -1, 100000},
    {"explore", offsetof(bot_settings, explore), 0, 1000},
    {"others", offsetof(bot_settings, others), 0, 1000},
    {"plan", offsetof(bot_settings, plan), 0, 2},
    {"playout", offsetof(bot_settings, playout), -1, 1000},
    {"turns", offsetof(bot_settings, turns), 0, MCTS_TURNS_MAX},
};

enum { BOT_KEY_COUNT = (int)(sizeof bot_keys / sizeof bot_keys[0]) };

static int set_error(char *why, size_t why_len, const char *message, const char *detail)
{
    if (why && why_len)
        snprintf(why, why_len, "%s%s", message, detail);
    return 1;
}

static const bot_settings *bot_default(const char *kind)
{
    for (size_t i = 0; i < sizeof bot_defaults / sizeof bot_defaults[0]; i++)
        if (strcmp(bot_defaults[i].kind, kind) == 0)
            return &bot_defaults[i];
    return NULL;
}

static int *bot_field(bot_settings *s, const struct bot_key *key)
{
    return (int *)((char *)s + key->offset);
}

int bot_parse(const char *spec, bot_settings *out, char *why, size_t why_len)
{
    const char *colon = strchr(spec, ':');
    size_t kind_len = colon ? (size_t)(colon - spec) : strlen(spec);
    char kind[sizeof out->kind];
    if (kind_len == 0 || kind_len >= sizeof kind)
        return set_error(why, why_len, "a bot is random, greedy or mcts, not ", spec);
    memcpy(kind, spec, kind_len);
    kind[kind_len] = '\0';
    const bot_level *level = bot_level_named(kind);
    if (level != NULL) {
        /* A level: its spec, then the options written after its name. */
        char expanded[256];
        const char *more = colon ? colon + 1 : "";
        int len = snprintf(expanded, sizeof expanded, "%s%s%s", level->spec,
                           *more == '\0' ? "" : strchr(level->spec, ':') ? "," : ":", more);
        if (len < 0 || (size_t)len >= sizeof expanded)
            return set_error(why, why_len, "bot spec too long: ", spec);
        return bot_parse(expanded, out, why, why_len);
    }
    const bot_settings *base = bot_default(kind);
    if (base == NULL) {
        char known[160] = "unknown bot (random, greedy, mcts or a level:";
        for (size_t i = 0; i < sizeof bot_level_table / sizeof bot_level_table[0]; i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s %s", i ? "," : "",
                     bot_level_table[i].name);
        snprintf(known + strlen(known), sizeof known - strlen(known), "): ");
        return set_error(why, why_len, known, kind);
    }
    bot_settings s = *base;
    int explicit_iterations = 0, explicit_millis = 0;
    for (const char *p = colon ? colon + 1 : ""; *p;) {
        char key[16];
        long value;
        char *end;
        size_t key_len = strcspn(p, "=");
        if (p[key_len] != '=' || key_len == 0 || key_len >= sizeof key)
            return set_error(why, why_len, "bot options are key=value, not ", p);
        memcpy(key, p, key_len);
        key[key_len] = '\0';
        const char *text = p + key_len + 1;
        if (strcmp(key, "seed") == 0) {
            unsigned long long seed = strtoull(text, &end, 10);
            if (end == text || *text == '-' || (*end != ',' && *end != '\0'))
                return set_error(why, why_len, "bad value for bot option ", key);
            s.seed = (uint64_t)seed;
        } else if (strcmp(key, "eval") == 0) {
            size_t len = strcspn(text, ",");
            int version = eval_version_named(text, len);
            if (version < 0)
                return set_error(why, why_len, "bad value for bot option eval (v1, v2): ", text);
            s.eval = version;
            end = (char *)text + len;
        } else {
            const struct bot_key *k = NULL;
            for (int i = 0; i < BOT_KEY_COUNT; i++)
                if (strcmp(key, bot_keys[i].name) == 0)
                    k = &bot_keys[i];
            if (k == NULL)
                return set_error(why, why_len, "unknown bot option ", key);
            value = strtol(text, &end, 10);
            if (end == text || (*end != ',' && *end != '\0') || value < k->min || value > k->max)
                return set_error(why, why_len, "bad value for bot option ", key);
            *bot_field(&s, k) = (int)value;
            explicit_iterations |= k->offset == offsetof(bot_settings, iterations);
            explicit_millis |= k->offset == offsetof(bot_settings, millis);
        }
        p = *end ? end + 1 : end;
    }
    /* A time budget alone replaces the default iteration budget. */
    if (explicit_millis && !explicit_iterations)
        s.iterations = 0;
    *out = s;
    return 0;
}

int bot_split_list(const char *text, char (*specs)[BOT_SPEC_MAX], int max, char *why, size_t why_len)
{
    int count = 0;
    const char *p = text;
    while (*p) {
        /* One spec: its first item, then items that are options (key=value). */
        size_t len = strcspn(p, ",");
        const char *q = p + len;
        while (*q == ',') {
            size_t item = strcspn(q + 1, ",");
            if (memchr(q + 1, '=', item) == NULL || memchr(q + 1, ':', item) != NULL)
                break;
            q += 1 + item;
        }
        len = (size_t)(q - p);
        if (len == 0 || len >= BOT_SPEC_MAX)
            return set_error(why, why_len, "bad bot list ", text), -1;
        if (count == max)
            return set_error(why, why_len, "too many bots in ", text), -1;
        memcpy(specs[count], p, len);
        specs[count][len] = '\0';
        count++;
        p = *q ? q + 1 : q;
        if (*q && !*p)
            return set_error(why, why_len, "bad bot list ", text), -1;
    }
    if (count == 0)
        return set_error(why, why_len, "no bot in ", "the list"), -1;
    return count;
}

int bot_parse_list(const char *text, bot_settings *out, int max, char *why, size_t why_len)
{
    char (*specs)[BOT_SPEC_MAX] = malloc((size_t)max * sizeof *specs);
    int count = specs == NULL ? -1 : bot_split_list(text, specs, max, why, why_len);
    for (int i = 0; i < count; i++)
        if (bot_parse(specs[i], &out[i], why, why_len) != 0)
            count = -1;
    free(specs);
    return count;
}

void bot_spec(const bot_settings *settings, char *buf, size_t len)
{
    const bot_settings *base = bot_default(settings->kind);
    bot_settings copy = *settings;
    size_t used = (size_t)snprintf(buf, len, "%s", settings->kind);
    char sep = ':';
    for (int i = 0; base != NULL && i < BOT_KEY_COUNT; i++) {
        int value = *bot_field(&copy, &bot_keys[i]);
        int deflt = *bot_field((bot_settings *)base, &bot_keys[i]);
        /* iterations=0 needs saying only when millis does not imply it */
        if (value == deflt && !(i == 0 && value != 0 && copy.millis != 0))
            continue;
        if (i == 0 && value == 0 && copy.millis != 0)
            continue;
        if (used < len)
            used += (size_t)snprintf(buf + used, len - used, "%c%s=%d", sep, bot_keys[i].name, value);
        sep = ',';
    }
    if (base != NULL && copy.eval != base->eval && used < len)
        snprintf(buf + used, len - used, "%ceval=%s", sep, eval_version_name(copy.eval));
}

bot *bot_new(const game_def *game, const bot_settings *settings, char *why, size_t why_len)
{
    if (bot_default(settings->kind) == NULL) {
        set_error(why, why_len, "unknown bot kind ", settings->kind);
        return NULL;
    }
    bot *b = calloc(1, sizeof *b);
    if (b == NULL) {
        set_error(why, why_len, "out of memory", "");
        return NULL;
    }
    b->game = game;
    b->settings = *settings;
    rng_seed(&b->random, settings->seed);
    b->legal = malloc(sizeof *b->legal * (size_t)game->max_legal);
    int searches = strcmp(settings->kind, "greedy") == 0 || strcmp(settings->kind, "mcts") == 0;
    if (b->legal == NULL) {
        bot_free(b);
        set_error(why, why_len, "out of memory", "");
        return NULL;
    }
    if (searches && (b->hook = eval_new(game, settings->eval, why, why_len)) == NULL) {
        bot_free(b);
        return NULL;
    }
    const plan_policy *plan = settings->plan ? plan_of(game) : NULL;
    if (settings->plan && (!searches || plan == NULL)) {
        bot_free(b);
        set_error(why, why_len, searches ? "no plan policy for the game " : "plan is an option of greedy and mcts, not ",
                  searches ? game->name : settings->kind);
        return NULL;
    }
    if (strcmp(settings->kind, "greedy") == 0)
        b->greedy = greedy_new(game, b->hook, settings->beam, settings->seed);
    else if (strcmp(settings->kind, "mcts") == 0) {
        mcts_config config = {settings->iterations,
                              settings->millis,
                              settings->threads,
                              settings->nodes,
                              settings->rollout,
                              settings->explore / 100.0,
                              settings->seed,
                              settings->others < 0 ? MCTS_OTHERS_AUTO : settings->others / 100.0,
                              b->hook};
        b->mcts = mcts_new(game, &config);
    }
    if ((strcmp(settings->kind, "greedy") == 0 && b->greedy == NULL) ||
        (strcmp(settings->kind, "mcts") == 0 && b->mcts == NULL)) {
        bot_free(b);
        set_error(why, why_len, "out of memory", "");
        return NULL;
    }
    if (b->greedy != NULL)
        greedy_use_plan(b->greedy, plan);
    if (b->mcts != NULL)
        mcts_use_plan(b->mcts, plan, settings->plan == 2);
    if (settings->playout && b->mcts == NULL) {
        set_error(why, why_len, "playout is an option of mcts, not ", settings->kind);
        bot_free(b);
        return NULL;
    }
    if (b->mcts != NULL)
        mcts_use_playout(b->mcts, settings->playout);
    if (settings->turns && (b->mcts == NULL || plan != NULL)) {
        set_error(why, why_len, b->mcts == NULL ? "turns is an option of mcts, not " : "turns does not go with plan",
                  b->mcts == NULL ? settings->kind : "");
        bot_free(b);
        return NULL;
    }
    if (settings->turns && mcts_use_turns(b->mcts, settings->turns) != 0) {
        set_error(why, why_len, "out of memory", "");
        bot_free(b);
        return NULL;
    }
    return b;
}

int bot_choose(bot *b, const void *observation, int seat)
{
    if (b->greedy != NULL)
        return greedy_choose(b->greedy, observation, seat);
    if (b->mcts != NULL)
        return mcts_choose(b->mcts, observation, seat);
    return bot_random_choose(b->game, observation, &b->random, b->legal);
}

void bot_free(bot *b)
{
    if (!b)
        return;
    greedy_free(b->greedy);
    mcts_free(b->mcts);
    eval_free(b->hook);
    free(b->legal);
    free(b);
}

int bot_hints(const game_def *game, const void *observation, int seat, uint64_t seed, bot_hint *out, int max,
              char *why, size_t why_len)
{
    bot_settings settings;
    if (bot_parse(BOT_HINT_LEVEL, &settings, why, why_len) != 0)
        return -1;
    settings.seed = seed;
    bot *b = bot_new(game, &settings, why, why_len);
    if (b == NULL)
        return -1;
    if (b->mcts == NULL) {
        bot_free(b);
        set_error(why, why_len, "the hint level is not a searching bot: ", BOT_HINT_LEVEL);
        return -1;
    }
    mcts_choice choices[MCTS_WIDTH_ROOT];
    int count = mcts_analyse(b->mcts, observation, seat, choices, max < MCTS_WIDTH_ROOT ? max : MCTS_WIDTH_ROOT);
    for (int i = 0; i < count; i++)
        out[i] = (bot_hint){choices[i].action, choices[i].value, choices[i].visits};
    bot_free(b);
    return count;
}
