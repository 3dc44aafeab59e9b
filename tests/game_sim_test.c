/*
 * game_sim_test.c -- the generic random-simulation test that every game of
 * the registry passes (and the dice race of tests/dice_race.h beside them),
 * driven only through game.h, match, records and the random bot.
 *
 * For every game, player count and variant, seeded random games are played
 * to the end. At every state: the current player is valid, the legal actions
 * are strictly ascending, in range and at most max_legal, and at a chance
 * node they are the chance outcomes, whose probabilities are positive and
 * sum to 1; a few random non-legal actions (and ids out of range) are
 * refused with a reason and without any change of the state, and at one
 * state of every SIM_SWEEP_EVERY-th game every id is tried; the undo window
 * opens and closes as closes_undo says; the game ends within
 * max_game_length; the engine's state checker (game_def.check: counts
 * conserved, masks consistent) passes; and for every seat and the
 * spectator, resampling what its observation hides gives a state whose
 * observation is the same observation again. At a sample of states (all
 * states of the first games of a setting, then about one in
 * SIM_DEEP_EVERY), more: the resampled states pass the checker; every legal action
 * has a distinct text that parses back to it; a clone (memcpy) compares
 * equal and applying the same action to it gives the same bytes, with
 * apply and with apply_listed (unchecked, for searches); undo takes
 * back exactly the last action; observations are stable; the position
 * renders as snprintf writes. At every action, apply_scored tells the
 * change of every score: per seat its events add up to the change of
 * scores() (so an action that tells nothing changes no score; told events
 * may cancel, as a Tzolk'in temple's negative step and its premium on one
 * food day), no event has 0 points or lacks a kind, rule or text, and the
 * state it leaves is apply's. At the end: scores and winners agree,
 * and the record round trip (write, read, write) gives the same state bytes
 * and the same text.
 *
 * A new engine joins the test by being registered in src/games.c; the
 * number of games it plays is set in sim_budgets (a default otherwise).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "bots/random.h"
#include "dice_race.h"
#include "games.h"
#include "match.h"
#include "record/record.h"

enum {
    SIM_THOROUGH_GAMES = 2, /* first games of a setting checked at every state */
    SIM_DEEP_EVERY = 2,     /* later games: deep checks at one state in this many */
    SIM_SWEEP_EVERY = 10,   /* every id tried at one state of one game in this many */
    SIM_ROUND_TRIP_EVERY = 1, /* record round trip of one game in this many */
    SIM_RANDOM_ILLEGAL = 4, /* random non-legal ids tried at every state */
    SIM_DEFAULT_GAMES = 120 /* games of an engine without an entry in sim_budgets */
};

/* Games per engine, spread over its settings (players x variants). */
static const struct sim_budget {
    const char *name;  /* game_def.name */
    int games;         /* seeded games in all */
    int ties_share;    /* 1: the winners are all seats with the top score */
} sim_budgets[] = {
    {"tikal", 2004, 1}, /* T26.2 (R22): ties share the win */
    {"tzolkin", 600, 0}, /* Z19.4: a tie-break decides among the top scores */
    {"dicerace", 600, 1},
};

/* One engine under test. */
typedef struct sim_game {
    const game_def *game; /* the engine */
    int games;            /* seeded games in all */
    int ties_share;       /* 1: the winners are all seats with the top score */
} sim_game;

/* What one simulated game works with. */
typedef struct sim_run {
    const sim_game *sim;  /* engine and budget */
    game_options options; /* setting of this game */
    uint64_t seed;        /* seed of this game */
    int step;             /* actions applied so far */
    match match;          /* the game */
    rng play;             /* the bot's and chance's choices */
    rng probe;            /* choices of the checks (kept apart from play) */
    int *legal;           /* legal actions, max_legal */
    int *outcomes;        /* chance outcomes, max_legal */
    double *probability;  /* their probabilities, max_legal */
    char (*texts)[GAME_TEXT_MAX]; /* texts of the legal actions, max_legal */
    unsigned char *before; /* the state before the action */
    unsigned char *line_start; /* the state where the current line of the notation began */
    int line_open;         /* 1 while the last action left its line open (game.h line_open) */
    unsigned char *copy;   /* scratch state */
    unsigned char *other;  /* scratch state */
} sim_run;

static void sim_fail(const sim_run *r, int line, const char *format, ...)
{
    char message[512];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    fail_msg("%s %dp variant %d seed %llu, after %d actions (test line %d): %s", r->sim->game->name,
             r->options.players, r->options.variant, (unsigned long long)r->seed, r->step, line, message);
}

#define SIM_CHECK(r, condition, ...)                                                                          \
    do {                                                                                                      \
        if (!(condition))                                                                                     \
            sim_fail(r, __LINE__, __VA_ARGS__);                                                               \
    } while (0)

static const game_def *sim_find_game(const char *name)
{
    if (strcmp(name, dice_race_game.name) == 0)
        return &dice_race_game;
    return games_find(name);
}

static int sim_is_legal(const int *legal, int n, int action)
{
    int low = 0, high = n - 1;
    while (low <= high) {
        int middle = (low + high) / 2;
        if (legal[middle] == action)
            return 1;
        if (legal[middle] < action)
            low = middle + 1;
        else
            high = middle - 1;
    }
    return 0;
}

static int sim_compare_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Legal actions sorted, in range, bounded; chance outcomes agree. */
static int sim_check_legal(sim_run *r, int player)
{
    const game_def *g = r->sim->game;
    const void *state = r->match.state;
    int n = g->legal_actions(state, r->legal);
    SIM_CHECK(r, n > 0 && n <= g->max_legal, "%d legal actions (max_legal %d)", n, g->max_legal);
    for (int i = 0; i < n; i++) {
        SIM_CHECK(r, r->legal[i] >= 0 && r->legal[i] < g->num_actions, "legal action %d out of range",
                  r->legal[i]);
        SIM_CHECK(r, i == 0 || r->legal[i - 1] < r->legal[i], "legal actions not strictly ascending at %d", i);
    }
    int m = g->chance_outcomes(state, r->outcomes, r->probability);
    if (player != GAME_CHANCE) {
        SIM_CHECK(r, m == 0, "chance_outcomes gives %d outcomes at a decision of seat %d", m, player + 1);
        return n;
    }
    SIM_CHECK(r, m == n, "%d chance outcomes but %d legal actions", m, n);
    double total = 0.0;
    for (int i = 0; i < m; i++) {
        SIM_CHECK(r, r->outcomes[i] == r->legal[i], "chance outcome %d is %d, legal action %d", i,
                  r->outcomes[i], r->legal[i]);
        SIM_CHECK(r, r->probability[i] > 0.0 && r->probability[i] <= 1.0, "probability %g of outcome %d",
                  r->probability[i], r->outcomes[i]);
        total += r->probability[i];
    }
    SIM_CHECK(r, total > 1.0 - 1e-9 && total < 1.0 + 1e-9, "chance probabilities sum to %.12f", total);
    return n;
}

/* Every legal action has a distinct text that parses back to it. */
static void sim_check_texts(sim_run *r, int n)
{
    const game_def *g = r->sim->game;
    const void *state = r->match.state;
    for (int i = 0; i < n; i++) {
        char *text = r->texts[i];
        memset(text, 0, GAME_TEXT_MAX);
        SIM_CHECK(r, g->action_to_text(state, r->legal[i], text, GAME_TEXT_MAX) == 0,
                  "no text for legal action %d", r->legal[i]);
        size_t len = strlen(text);
        SIM_CHECK(r, len > 0 && len < GAME_TEXT_MAX, "text of action %d has length %zu", r->legal[i], len);
        int parsed = -1;
        char why[256] = "";
        SIM_CHECK(r, g->text_to_action(state, text, &parsed, why, sizeof why) == 0 && parsed == r->legal[i],
                  "text \"%s\" of action %d parses to %d (%s)", text, r->legal[i], parsed, why);
    }
    qsort(r->texts, (size_t)n, sizeof r->texts[0], sim_compare_text);
    for (int i = 1; i < n; i++)
        SIM_CHECK(r, strcmp(r->texts[i - 1], r->texts[i]) != 0, "two legal actions are named \"%s\"",
                  r->texts[i]);
}

/* Applying the non-legal action to a copy fails with a reason and leaves the
 * copy as it was. */
static void sim_check_refused(sim_run *r, int action)
{
    const game_def *g = r->sim->game;
    memcpy(r->copy, r->match.state, g->state_size);
    char why[256] = "";
    int status = g->apply(r->copy, action, why, sizeof why);
    SIM_CHECK(r, status != 0, "non-legal action %d accepted", action);
    SIM_CHECK(r, why[0] != '\0', "non-legal action %d refused without a reason", action);
    SIM_CHECK(r, memcmp(r->copy, r->match.state, g->state_size) == 0, "refusing action %d changed the state",
              action);
}

static void sim_check_illegal(sim_run *r, int n, int sweep)
{
    const game_def *g = r->sim->game;
    if (sweep) {
        for (int action = 0; action < g->num_actions; action++)
            if (!sim_is_legal(r->legal, n, action))
                sim_check_refused(r, action);
        return;
    }
    if (n == g->num_actions)
        return;
    for (int k = 0; k < SIM_RANDOM_ILLEGAL; k++) {
        int action;
        do
            action = (int)rng_below(&r->probe, (uint64_t)g->num_actions);
        while (sim_is_legal(r->legal, n, action));
        sim_check_refused(r, action);
    }
    int outside[] = {-1, g->num_actions, -1000000};
    for (size_t k = 0; k < sizeof outside / sizeof outside[0]; k++)
        sim_check_refused(r, outside[k]);
}

/* The observation of every seat is stable: observing it again changes
 * nothing. */
static void sim_check_observation(sim_run *r)
{
    const game_def *g = r->sim->game;
    for (int seat = GAME_CHANCE; seat < r->options.players; seat++) {
        g->observation(r->match.state, seat, r->copy);
        g->observation(r->copy, seat, r->other);
        SIM_CHECK(r, memcmp(r->copy, r->other, g->state_size) == 0, "observation of seat %d is not stable",
                  seat + 1);
    }
}

/* The state passes the engine's checker; for every seat and the spectator,
 * observation(resample(observation)) is the observation, and when deep,
 * the resampled state passes the checker too. */
static void sim_check_invariants(sim_run *r, int deep)
{
    const game_def *g = r->sim->game;
    char why[256] = "";
    SIM_CHECK(r, g->check(r->match.state, why, sizeof why) == 0, "state checker: %s", why);
    for (int seat = GAME_CHANCE; seat < r->options.players; seat++) {
        g->observation(r->match.state, seat, r->copy);
        memcpy(r->other, r->copy, g->state_size);
        uint64_t seed = r->seed ^ (uint64_t)r->step << 8 ^ (uint64_t)(seat + 1);
        g->resample(r->other, seat, &seed);
        SIM_CHECK(r, !deep || g->check(r->other, why, sizeof why) == 0, "resampled for seat %d: %s", seat + 1, why);
        g->observation(r->other, seat, r->before); /* before is scratch until sim_apply */
        SIM_CHECK(r, memcmp(r->copy, r->before, g->state_size) == 0,
                  "observation(resample(observation)) of seat %d differs from the observation", seat + 1);
    }
}

/* The position renders as snprintf writes (game.h): the length asked with
 * no buffer is the whole text's, and a short buffer is cut and terminated. */
static void sim_check_render(sim_run *r)
{
    const game_def *g = r->sim->game;
    size_t need = g->render(r->match.state, NULL, 0);
    char *text = malloc(need + 1), cut[8];
    SIM_CHECK(r, text != NULL, "out of memory");
    SIM_CHECK(r, g->render(r->match.state, text, need + 1) == need && strlen(text) == need && need > 0,
              "render gives %zu bytes, needs %zu", strlen(text), need);
    SIM_CHECK(r, g->render(r->match.state, cut, sizeof cut) == need && strlen(cut) == sizeof cut - 1 &&
                     memcmp(cut, text, sizeof cut - 1) == 0,
              "render into a short buffer is not the start of the text");
    free(text);
}

/* Apply action to the match, with the clone and undo checks when deep. */
/* apply_scored on a copy of the state before action tells exactly the
 * changes of the scores that apply made (game.h). */
static void sim_check_score_events(sim_run *r, int action)
{
    const game_def *g = r->sim->game;
    game_score_event events[GAME_SCORE_EVENTS_MAX];
    game_score_trace trace = {events, GAME_SCORE_EVENTS_MAX, 0};
    int before[GAME_MAX_PLAYERS], after[GAME_MAX_PLAYERS], told[GAME_MAX_PLAYERS] = {0};
    char why[256] = "";
    memcpy(r->other, r->before, g->state_size);
    SIM_CHECK(r, g->apply_scored(r->other, action, &trace, why, sizeof why) == 0, "apply_scored refuses %d: %s",
              action, why);
    SIM_CHECK(r, memcmp(r->other, r->match.state, g->state_size) == 0, "apply_scored gives another state");
    SIM_CHECK(r, trace.count <= GAME_SCORE_EVENTS_MAX, "%d score events, more than GAME_SCORE_EVENTS_MAX",
              trace.count);
    for (int i = 0; i < trace.count; i++) {
        const game_score_event *e = &events[i];
        SIM_CHECK(r, e->seat >= 0 && e->seat < r->options.players, "score event for seat %d", e->seat);
        SIM_CHECK(r, e->points != 0 && e->kind && e->kind[0] && e->rule && e->rule[0] && e->what[0],
                  "score event %d of action %d: %d points, kind, rule or text missing", i, action, e->points);
        told[e->seat] += e->points;
    }
    g->scores(r->before, before);
    g->scores(r->match.state, after);
    for (int p = 0; p < r->options.players; p++)
        SIM_CHECK(r, told[p] == after[p] - before[p], "action %d: seat %d told %d points, score changed by %d",
                  action, p, told[p], after[p] - before[p]);
}

static void sim_apply(sim_run *r, int action, int deep)
{
    const game_def *g = r->sim->game;
    match *m = &r->match;
    size_t size = g->state_size;
    char why[256] = "";
    memcpy(r->before, m->state, size);
    if (r->step == 0 || !r->line_open)
        memcpy(r->line_start, m->state, size);
    r->line_open = match_line_open(g, m->state, action);
    int closes = g->closes_undo(m->state, action);
    SIM_CHECK(r, match_apply(m, action, why, sizeof why) == 0, "legal action %d refused: %s", action, why);
    r->step++;
    sim_check_score_events(r, action);
    SIM_CHECK(r, m->count <= g->max_game_length, "game longer than max_game_length %d", g->max_game_length);
    SIM_CHECK(r, match_can_undo(m) == !closes, "undo window %s after action %d, closes_undo says %d",
              match_can_undo(m) ? "open" : "closed", action, closes);
    if (!deep)
        return;
    memcpy(r->copy, r->before, size);
    SIM_CHECK(r, memcmp(r->copy, r->before, size) == 0, "clone differs");
    SIM_CHECK(r, g->apply(r->copy, action, why, sizeof why) == 0, "action %d refused on a clone: %s", action, why);
    SIM_CHECK(r, memcmp(r->copy, m->state, size) == 0, "action %d gives different states on a clone", action);
    memcpy(r->copy, r->before, size);
    g->apply_listed(r->copy, action);
    SIM_CHECK(r, memcmp(r->copy, m->state, size) == 0, "apply_listed of action %d gives another state", action);
    if (match_can_undo(m)) {
        /* undo takes back the whole line this action finished (a step: only it) */
        int count = m->count, line[GAME_LINE_MAX];
        SIM_CHECK(r, match_undo(m, why, sizeof why) == 0, "undo failed: %s", why);
        int undone = count - m->count;
        SIM_CHECK(r, undone >= 1 && undone <= GAME_LINE_MAX && (undone == 1 || !r->line_open),
                  "undo took back %d actions", undone);
        SIM_CHECK(r, memcmp(m->state, r->line_open ? r->before : r->line_start, size) == 0,
                  "undo of action %d does not restore the state before its line", action);
        memcpy(line, m->actions + m->count, (size_t)undone * sizeof *line);
        for (int i = 0; i < undone; i++)
            SIM_CHECK(r, match_apply(m, line[i], why, sizeof why) == 0, "action %d refused after undo: %s", line[i],
                      why);
        SIM_CHECK(r, memcmp(m->state, r->copy, size) == 0, "action %d after undo gives another state", action);
    }
}

/* Scores and winners at the end; nothing is legal any more. */
static void sim_check_end(sim_run *r)
{
    const game_def *g = r->sim->game;
    const void *state = r->match.state;
    SIM_CHECK(r, g->legal_actions(state, r->legal) == 0, "legal actions after the end");
    SIM_CHECK(r, g->chance_outcomes(state, r->outcomes, r->probability) == 0, "chance outcomes after the end");
    int scores[GAME_MAX_PLAYERS];
    g->scores(state, scores);
    int best = scores[0];
    for (int s = 1; s < r->options.players; s++)
        best = scores[s] > best ? scores[s] : best;
    unsigned top = 0;
    for (int s = 0; s < r->options.players; s++)
        if (scores[s] == best)
            top |= 1u << s;
    unsigned winners = g->winners(state);
    SIM_CHECK(r, winners != 0, "no winner at the end");
    SIM_CHECK(r, (winners & ~top) == 0, "winners %#x but top scores %#x", winners, top);
    if (r->sim->ties_share)
        SIM_CHECK(r, winners == top, "winners %#x but seats with the top score %#x", winners, top);
    sim_check_refused(r, (int)rng_below(&r->probe, (uint64_t)g->num_actions));
}

/* Write the record, read it back, write it again. */
static void sim_check_record(sim_run *r)
{
    const game_def *g = r->sim->game;
    const record_tag tags[] = {{"Seat1", "random", 0}, {"Date", "2026-01-02", 0}, {"Event", "simulation", 0}};
    char *text = record_format(&r->match, tags, 3);
    SIM_CHECK(r, text != NULL, "record_format failed");
    record rec;
    char why[512] = "";
    int status = record_read(&rec, text, strlen(text), "round trip", sim_find_game, why, sizeof why);
    if (status != 0)
        free(text);
    SIM_CHECK(r, status == 0, "record does not load: %s", why);
    /* the same actions; or, where a line stands for several, the same
     * number, as a line is read back in its own order of steps */
    int same = rec.match.count == r->match.count &&
               (g->line_actions != NULL ||
                memcmp(rec.match.actions, r->match.actions, (size_t)r->match.count * sizeof(int)) == 0) &&
               memcmp(rec.match.state, r->match.state, g->state_size) == 0;
    char *again = record_format(&rec.match, rec.tags, rec.tag_count);
    int same_text = again != NULL && strcmp(again, text) == 0;
    free(again);
    free(text);
    record_free(&rec);
    SIM_CHECK(r, same, "record round trip gives another game");
    SIM_CHECK(r, same_text, "record written again differs");
}

static void sim_play(sim_run *r, int thorough, int sweep, int round_trip)
{
    const game_def *g = r->sim->game;
    char why[256] = "";
    r->step = 0;
    SIM_CHECK(r, match_init(&r->match, g, &r->options, why, sizeof why) == 0, "init failed: %s", why);
    SIM_CHECK(r, g->players(r->match.state) == r->options.players, "players() gives %d", g->players(r->match.state));
    SIM_CHECK(r, games_variant_of(g, r->match.state) == r->options.variant, "the variant hook gives %d",
              games_variant_of(g, r->match.state));
    int sweep_at = sweep ? (int)rng_below(&r->probe, 64) : -1;
    for (;;) {
        int player = match_current_player(&r->match);
        SIM_CHECK(r, player == GAME_TERMINAL || player == GAME_CHANCE || (player >= 0 && player < r->options.players),
                  "current player %d", player);
        if (player == GAME_TERMINAL)
            break;
        int n = sim_check_legal(r, player);
        sim_check_illegal(r, n, r->step == sweep_at);
        int deep = thorough || rng_below(&r->probe, SIM_DEEP_EVERY) == 0;
        sim_check_invariants(r, deep);
        if (deep) {
            sim_check_texts(r, n);
            sim_check_observation(r);
            sim_check_render(r);
            SIM_CHECK(r, g->winners(r->match.state) == 0, "winners before the end");
        }
        int action = player == GAME_CHANCE ? match_sample_chance(&r->match, &r->play)
                                           : bot_random_choose(g, r->match.state, &r->play, r->legal);
        SIM_CHECK(r, action >= 0, "no action chosen");
        sim_apply(r, action, deep);
    }
    sim_check_invariants(r, 1);
    sim_check_end(r);
    if (round_trip)
        sim_check_record(r);
    match_free(&r->match);
}

static void sim_test_game(void **test_state)
{
    const sim_game *sim = *test_state;
    const game_def *g = sim->game;
    int variants = games_variant_options(g);
    assert_true(variants <= GAME_MAX_VARIANTS && variants == (games_variant_count(g) > 0 ? games_variant_count(g) : 1));
    int settings = (g->max_players - g->min_players + 1) * variants;
    int per_setting = (sim->games + settings - 1) / settings;
    sim_run r;
    memset(&r, 0, sizeof r);
    r.sim = sim;
    r.legal = malloc((size_t)g->max_legal * sizeof *r.legal);
    r.outcomes = malloc((size_t)g->max_legal * sizeof *r.outcomes);
    r.probability = malloc((size_t)g->max_legal * sizeof *r.probability);
    r.texts = malloc((size_t)g->max_legal * sizeof *r.texts);
    r.before = malloc(g->state_size);
    r.line_start = malloc(g->state_size);
    r.copy = malloc(g->state_size);
    r.other = malloc(g->state_size);
    assert_non_null(r.legal);
    assert_non_null(r.outcomes);
    assert_non_null(r.probability);
    assert_non_null(r.texts);
    assert_non_null(r.before);
    assert_non_null(r.line_start);
    assert_non_null(r.copy);
    assert_non_null(r.other);
    int played = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int players = g->min_players; players <= g->max_players; players++)
        for (int variant = 0; variant < variants; variant++)
            for (int k = 0; k < per_setting; k++) {
                r.options = (game_options){players, variant};
                r.seed = 1000u * (uint64_t)(players * 10 + variant) + (uint64_t)k;
                rng_seed(&r.play, r.seed);
                rng_seed(&r.probe, ~r.seed);
                sim_play(&r, k < SIM_THOROUGH_GAMES, k % SIM_SWEEP_EVERY == 0, k % SIM_ROUND_TRIP_EVERY == 0);
                played++;
            }
    clock_gettime(CLOCK_MONOTONIC, &end);
    print_message("%s: %d random games in %.1f s\n", g->name, played,
                  (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) * 1e-9);
    free(r.legal);
    free(r.outcomes);
    free(r.probability);
    free(r.texts);
    free(r.before);
    free(r.line_start);
    free(r.copy);
    free(r.other);
}

int main(void)
{
    enum { SIM_MAX_GAMES = 16 };
    sim_game games[SIM_MAX_GAMES];
    struct CMUnitTest tests[SIM_MAX_GAMES];
    int count = 0;
    for (int i = 0; i <= games_count() && count < SIM_MAX_GAMES; i++) {
        const game_def *g = i < games_count() ? games_at(i) : &dice_race_game;
        sim_game *sim = &games[count];
        sim->game = g;
        sim->games = SIM_DEFAULT_GAMES;
        sim->ties_share = 1;
        for (size_t k = 0; k < sizeof sim_budgets / sizeof sim_budgets[0]; k++)
            if (strcmp(sim_budgets[k].name, g->name) == 0) {
                sim->games = sim_budgets[k].games;
                sim->ties_share = sim_budgets[k].ties_share;
            }
        tests[count] = (struct CMUnitTest){g->name, sim_test_game, NULL, NULL, sim};
        count++;
    }
    return _cmocka_run_group_tests("game_sim", tests, (size_t)count, NULL, NULL);
}
