/*
 * bot.c -- making bots from specs and dispatching to each kind (see bot.h).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "bots/eval.h"
#include "bots/greedy.h"
#include "bots/mcts.h"
#include "bots/plan.h"
#include "bots/random.h"
#include "games.h"
#include "rng.h"

struct bot {
    const game_def *game;  /* the rules played */
    bot_settings settings; /* kind and budget */
    rng random;            /* the random kind's generator */
    eval_hook *hook;       /* greedy, mcts: the evaluation (settings.eval), else NULL */
    int *legal;            /* scratch: legal actions, game->max_legal */
    greedy *greedy;        /* the greedy kind's planner, else NULL */
    mcts *mcts;            /* the mcts kind's search, else NULL */
    int iterations[GAME_MAX_VARIANTS][GAME_MAX_PLAYERS + 1]; /* mcts: its budget in variant V at N seats
                                                                (the game's own defaults) */
    int playout[GAME_MAX_VARIANTS][GAME_MAX_PLAYERS + 1];    /* mcts: its playout in variant V at N seats */
    int score[GAME_MAX_VARIANTS][GAME_MAX_PLAYERS + 1];      /* mcts: its score utility in variant V at N seats */
    int center[GAME_MAX_VARIANTS][GAME_MAX_PLAYERS + 1];     /* mcts: the playouts centring it (mcts_use_center) */
    int scorescale[GAME_MAX_VARIANTS][GAME_MAX_PLAYERS + 1]; /* mcts: its scale in points, 0 = the game's
                                                                (mcts_use_score_scale) */
    int playtemp[GAME_MAX_VARIANTS][GAME_MAX_PLAYERS + 1];   /* mcts: the playout's softmax in tenths of a point
                                                                (mcts_use_playout_temperature) */
};

/* The settings of each kind for play. */
static const bot_settings bot_defaults[] = {
    {.kind = "random", .threads = 1, .seed = 1, .eval = EVAL_DEFAULT, .level = -1},
    {.kind = "greedy", .threads = 1, .seed = 1, .beam = GREEDY_BEAM_DEFAULT, .eval = EVAL_DEFAULT, .level = -1},
    {.kind = "mcts",
     .iterations = BOT_MCTS_ITERATIONS,
     .threads = 1,
     .seed = 1,
     .nodes = MCTS_NODES_DEFAULT,
     .explore = BOT_MCTS_EXPLORE,
     .others = MCTS_OTHERS_AUTO,
     .eval = EVAL_DEFAULT,
     .level = -1},
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
    {"playout", offsetof(bot_settings, playout), MCTS_PLAYOUT_END, MCTS_PLAYOUT_MAX},
    {"turns", offsetof(bot_settings, turns), 0, MCTS_TURNS_MAX},
    {"rootturns", offsetof(bot_settings, rootturns), 0, MCTS_ROOT_TURNS_MAX},
    {"playturns", offsetof(bot_settings, playturns), 0, 1},
    {"playbeam", offsetof(bot_settings, playbeam), 0, GREEDY_BEAM_MAX},
    {"playtemp", offsetof(bot_settings, playtemp), 0, 1000},
    {"score", offsetof(bot_settings, score), 0, 100},
    {"center", offsetof(bot_settings, center), 0, MCTS_CENTER_MAX},
    {"scorescale", offsetof(bot_settings, scorescale), 0, MCTS_SCORE_SCALE_MAX},
    {"fixedshare", offsetof(bot_settings, fixedshare), 0, 1},
    {"turnmillis", offsetof(bot_settings, turnmillis), 0, 3600000},
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

/* The bit of bot_settings.given of the option at offset. */
static unsigned bot_key_bit(size_t offset)
{
    for (int k = 0; k < BOT_KEY_COUNT; k++)
        if (bot_keys[k].offset == offset)
            return 1u << k;
    assert(0 && "an option of bot_keys");
    return 0;
}

/* Parse the options "key=value,..." of text into s, adding the bits of
 * those written to *written. 0, else a reason in why. */
static int bot_parse_options(const char *text, bot_settings *s, unsigned *written, char *why, size_t why_len)
{
    for (const char *p = text; *p;) {
        char key[16];
        char *end;
        size_t key_len = strcspn(p, "=");
        if (p[key_len] != '=' || key_len == 0 || key_len >= sizeof key)
            return set_error(why, why_len, "bot options are key=value, not ", p);
        memcpy(key, p, key_len);
        key[key_len] = '\0';
        const char *value_text = p + key_len + 1;
        if (strcmp(key, "seed") == 0) {
            unsigned long long seed = strtoull(value_text, &end, 10);
            if (end == value_text || *value_text == '-' || (*end != ',' && *end != '\0'))
                return set_error(why, why_len, "bad value for bot option ", key);
            s->seed = (uint64_t)seed;
        } else if (strcmp(key, "eval") == 0) {
            size_t len = strcspn(value_text, ",");
            int version = eval_version_named(value_text, len);
            if (version < 0)
                return set_error(why, why_len, "bad value for bot option eval (v1, v2): ", value_text);
            s->eval = version;
            *written |= BOT_GIVEN_EVAL;
            end = (char *)value_text + len;
        } else {
            int k = 0;
            while (k < BOT_KEY_COUNT && strcmp(key, bot_keys[k].name) != 0)
                k++;
            if (k == BOT_KEY_COUNT)
                return set_error(why, why_len, "unknown bot option ", key);
            long value = strtol(value_text, &end, 10);
            if (end == value_text || (*end != ',' && *end != '\0') || value < bot_keys[k].min ||
                value > bot_keys[k].max)
                return set_error(why, why_len, "bad value for bot option ", key);
            *bot_field(s, &bot_keys[k]) = (int)value;
            *written |= 1u << k;
        }
        p = *end ? end + 1 : end;
    }
    return 0;
}

/* A time budget (a decision's or a turn's) alone replaces the default
 * iteration budget. */
static void bot_time_alone(bot_settings *s)
{
    unsigned timed = bot_key_bit(offsetof(bot_settings, millis)) | bot_key_bit(offsetof(bot_settings, turnmillis));
    if ((s->given & timed) && !(s->given & bot_key_bit(offsetof(bot_settings, iterations))))
        s->iterations = 0;
}

/* Copy into to the options of from that mask names. */
static void bot_overlay(bot_settings *to, const bot_settings *from, unsigned mask)
{
    for (int k = 0; k < BOT_KEY_COUNT; k++)
        if (mask >> k & 1u)
            *bot_field(to, &bot_keys[k]) = *bot_field((bot_settings *)from, &bot_keys[k]);
    if (mask & BOT_GIVEN_EVAL)
        to->eval = from->eval;
}

int bot_parse(const char *spec, bot_settings *out, char *why, size_t why_len)
{
    const char *colon = strchr(spec, ':');
    const char *options = colon ? colon + 1 : "";
    size_t kind_len = colon ? (size_t)(colon - spec) : strlen(spec);
    char kind[sizeof out->kind];
    if (kind_len == 0 || kind_len >= sizeof kind)
        return set_error(why, why_len, "a bot is random, greedy or mcts, not ", spec);
    memcpy(kind, spec, kind_len);
    kind[kind_len] = '\0';
    bot_settings s;
    int level = bot_level_index(kind);
    if (level >= 0) {
        /* A level: its spec, then the options written after its name. */
        if (bot_parse(bot_level_table[level].spec, &s, why, why_len) != 0)
            return 1;
    } else {
        const bot_settings *base = bot_default(kind);
        if (base == NULL) {
            char known[160] = "unknown bot (random, greedy, mcts or a level:";
            for (size_t i = 0; i < sizeof bot_level_table / sizeof bot_level_table[0]; i++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s %s", i ? "," : "",
                         bot_level_table[i].name);
            snprintf(known + strlen(known), sizeof known - strlen(known), "): ");
            return set_error(why, why_len, known, kind);
        }
        s = *base;
    }
    unsigned written = 0;
    if (bot_parse_options(options, &s, &written, why, why_len) != 0)
        return 1;
    s.level = level;
    s.own = written;
    s.given |= written;
    bot_time_alone(&s);
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
        /* what the spec wrote or differs from the kind's default; iterations=0
         * needs saying only when a time budget does not imply it */
        int timed = copy.millis != 0 || copy.turnmillis != 0;
        int write = (copy.given >> i & 1u) || value != deflt || (i == 0 && value != 0 && timed);
        if (!write || (i == 0 && value == 0 && timed))
            continue;
        if (used < len)
            used += (size_t)snprintf(buf + used, len - used, "%c%s=%d", sep, bot_keys[i].name, value);
        sep = ',';
    }
    if (base != NULL && (copy.eval != base->eval || (copy.given & BOT_GIVEN_EVAL)) && used < len)
        snprintf(buf + used, len - used, "%ceval=%s", sep, eval_version_name(copy.eval));
}

const char *bot_level_spec(const game_def *game, int level)
{
    assert(level >= 0 && level < (int)(sizeof bot_level_table / sizeof bot_level_table[0]));
    const char *own = eval_level_spec(game, bot_level_table[level].name);
    return own != NULL ? own : bot_level_table[level].spec;
}

/* settings as game has them: a level it has its own spec of is that spec
 * with the options written after the level's name on top. */
static void bot_in_game(const game_def *game, const bot_settings *settings, bot_settings *out)
{
    *out = *settings;
    if (settings->level < 0 || eval_level_spec(game, bot_level_table[settings->level].name) == NULL)
        return;
    int parsed = bot_parse(bot_level_spec(game, settings->level), out, NULL, 0);
    assert(parsed == 0); /* the registry's specs parse */
    (void)parsed;
    bot_overlay(out, settings, settings->own);
    out->seed = settings->seed;
    out->level = settings->level;
    out->own = settings->own;
    out->given |= settings->own;
    bot_time_alone(out);
}

void bot_spec_in(const game_def *game, const bot_settings *settings, char *buf, size_t len)
{
    bot_settings s;
    bot_in_game(game, settings, &s);
    bot_spec(&s, buf, len);
}

/* bot_in_game's settings, then the game's own mcts options under those
 * the spec wrote, unless it wrote turns or plan or another evaluation than
 * the game's default: then it chose its search itself, with the kind's
 * defaults (mcts:eval=v1 stays the fixed baseline, a plan's search is over
 * micro-actions). */
void bot_settings_at(const game_def *game, const game_options *at, const bot_settings *settings, bot_settings *out)
{
    bot_in_game(game, settings, out);
    int chosen = out->plan != 0 || (out->given & bot_key_bit(offsetof(bot_settings, turns))) ||
                 (out->eval != EVAL_DEFAULT && out->eval != eval_default_version(game));
    const char *options = strcmp(out->kind, "mcts") == 0 && !chosen ? eval_mcts_options(game, at) : NULL;
    if (options == NULL)
        return;
    bot_settings own = *bot_default("mcts");
    unsigned written = 0;
    int parsed = bot_parse_options(options, &own, &written, NULL, 0);
    assert(parsed == 0);
    (void)parsed;
    bot_overlay(out, &own, written & ~out->given);
    bot_time_alone(out);
}

bot *bot_new(const game_def *game, const bot_settings *spec, char *why, size_t why_len)
{
    if (bot_default(spec->kind) == NULL) {
        set_error(why, why_len, "unknown bot kind ", spec->kind);
        return NULL;
    }
    bot *b = calloc(1, sizeof *b);
    if (b == NULL) {
        set_error(why, why_len, "out of memory", "");
        return NULL;
    }
    /* Only the budget, the playout, its temperature and the score utility
     * may differ by seats and variant: the search is made for the largest
     * budget, with the playout's whole turns if a playout plays them, and
     * told the rest at each decision. */
    bot_settings at, largest;
    const bot_settings *settings = &largest;
    int playouts = 0, scores = 0, centers = 0, unscored_scales = 0, playturns = 0, playtemps = 0;
    int variants = games_variant_options(game);
    for (int variant = 0; variant < variants; variant++)
        for (int seats = game->max_players; seats >= game->min_players; seats--) {
            bot_settings_at(game, &(game_options){seats, variant}, spec, &at);
            if ((variant == 0 && seats == game->max_players) || at.iterations > largest.iterations)
                largest = at;
            assert(at.turns == largest.turns && at.millis == largest.millis && at.threads == largest.threads &&
                   at.eval == largest.eval && at.playbeam == largest.playbeam && at.turnmillis == largest.turnmillis);
            b->iterations[variant][seats] = at.iterations;
            b->playout[variant][seats] = at.playout;
            b->score[variant][seats] = at.score;
            b->center[variant][seats] = at.center;
            b->scorescale[variant][seats] = at.scorescale;
            b->playtemp[variant][seats] = at.playtemp;
            playouts |= at.playout != 0;
            scores |= at.score != 0;
            centers |= at.center != 0;
            unscored_scales |= at.scorescale != 0 && at.score == 0; /* a scale where no score uses it */
            playturns |= at.playturns;
            playtemps |= at.playtemp != 0;
        }
    largest.playturns = playturns;
    b->settings = largest;
    b->game = game;
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
        set_error(why, why_len,
                  searches ? "no plan policy for the game " : "plan is an option of greedy and mcts, not ",
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
    if (b->mcts != NULL) {
        mcts_use_plan(b->mcts, plan, settings->plan == 2);
        mcts_use_fixed_shares(b->mcts, settings->fixedshare);
        if (mcts_use_turn_time(b->mcts, settings->turnmillis) != 0) {
            bot_free(b);
            set_error(why, why_len, "out of memory", "");
            return NULL;
        }
    }
    /* the options of mcts alone: the first one given to another kind */
    const char *mcts_only = playouts             ? "playout"
                            : scores                 ? "score"
                            : centers                ? "center"
                            : unscored_scales        ? "scorescale"
                            : settings->turns        ? "turns"
                            : settings->fixedshare   ? "fixedshare"
                            : settings->turnmillis   ? "turnmillis"
                                                     : NULL;
    if (mcts_only != NULL && b->mcts == NULL) {
        char text[64];
        snprintf(text, sizeof text, "%s is an option of mcts, not ", mcts_only);
        set_error(why, why_len, text, settings->kind);
        bot_free(b);
        return NULL;
    }
    if (unscored_scales && b->mcts != NULL) {
        set_error(why, why_len, "scorescale needs a score", "");
        bot_free(b);
        return NULL;
    }
    if (settings->turns && plan != NULL) {
        set_error(why, why_len, "turns does not go with plan", "");
        bot_free(b);
        return NULL;
    }
    if (settings->rootturns && (settings->turns == 0 || settings->rootturns < settings->turns)) {
        set_error(why, why_len, "rootturns needs whole turns (turns above 0) and is at least turns", "");
        bot_free(b);
        return NULL;
    }
    if (settings->playturns && (settings->turns == 0 || !playouts)) {
        set_error(why, why_len, "playturns needs whole turns (turns above 0) and a playout", "");
        bot_free(b);
        return NULL;
    }
    if ((settings->playbeam || playtemps) && !settings->playturns) {
        set_error(why, why_len, settings->playbeam ? "playbeam needs playturns" : "playtemp needs playturns", "");
        bot_free(b);
        return NULL;
    }
    if (settings->turns && (mcts_use_turns(b->mcts, settings->turns) != 0 ||
                            (settings->rootturns && mcts_use_root_turns(b->mcts, settings->rootturns) != 0))) {
        set_error(why, why_len, "out of memory", "");
        bot_free(b);
        return NULL;
    }
    if (settings->playturns && mcts_use_playout_turns(b->mcts, settings->playbeam ? settings->playbeam : MCTS_TURN_BEAM,
                                                      playtemps ? MCTS_PLAYOUT_CHOICES : 1) != 0) {
        set_error(why, why_len, "out of memory", "");
        bot_free(b);
        return NULL;
    }
    return b;
}

/* Tell the search its budget and playout at the seats and variant of
 * observation. */
static void bot_mcts_at(bot *b, const void *observation)
{
    int seats = b->game->players(observation), variant = games_variant_of(b->game, observation);
    assert(seats >= 1 && seats <= GAME_MAX_PLAYERS);
    mcts_use_iterations(b->mcts, b->iterations[variant][seats]);
    mcts_use_playout(b->mcts, b->playout[variant][seats]);
    mcts_use_score(b->mcts, b->score[variant][seats] / 100.0);
    mcts_use_center(b->mcts, b->center[variant][seats]);
    mcts_use_score_scale(b->mcts, b->scorescale[variant][seats]);
    mcts_use_playout_temperature(b->mcts, b->playtemp[variant][seats] / 10.0);
}

int bot_choose(bot *b, const void *observation, int seat)
{
    if (b->greedy != NULL)
        return greedy_choose(b->greedy, observation, seat);
    if (b->mcts != NULL) {
        bot_mcts_at(b, observation);
        return mcts_choose(b->mcts, observation, seat);
    }
    return bot_random_choose(b->game, observation, &b->random, b->legal);
}

int bot_next_in_turn(bot *b, const void *observation, int seat)
{
    if (b->greedy != NULL)
        return greedy_next_in_turn(b->greedy, observation, seat);
    if (b->mcts != NULL)
        return mcts_next_in_turn(b->mcts, observation, seat);
    return -1;
}

void bot_turn_resume(bot *b, int seat, double spent)
{
    if (b->mcts != NULL)
        mcts_turn_resume(b->mcts, seat, spent);
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
    bot_mcts_at(b, observation);
    int count = mcts_analyse(b->mcts, observation, seat, choices, max < MCTS_WIDTH_ROOT ? max : MCTS_WIDTH_ROOT);
    /* an action the search never took has no estimate (most visited first:
     * those come last; whole turns leave some first actions untried) */
    while (count > 1 && choices[count - 1].visits == 0)
        count--;
    for (int i = 0; i < count; i++)
        out[i] = (bot_hint){choices[i].action, choices[i].value, choices[i].visits};
    bot_free(b);
    return count;
}
