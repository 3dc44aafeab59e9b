/*
 * game_steps_test.c -- what the engines tell happened by itself (game.h
 * steps), the full log's automatic entries: in seeded random games of every
 * player count, Tzolk'in tells the wealth tiles' contents once (Z2.10), four
 * food days (Z18.3), the age change once (Z13.5), each new day as a
 * separator with the calendar's teeth (Z17.1) and the final scoring once
 * (Z19.2); Tikal's basic game tells three scoring rounds (T17.1: three
 * volcanoes) and one final scoring round (T19.1); its auction game one
 * round per N tiles (T21.2). An action after which nothing happens by
 * itself (a placement) tells nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game.h"
#include "games.h"
#include "match.h"
#include "rng.h"

enum {
    STEPS_TEST_GAMES = 4, /* random games per player count and variant */
    STEPS_KINDS_MAX = 8   /* kinds of steps counted */
};

/* The steps told in one game: a count per kind, and the days in order. */
typedef struct steps_seen {
    const char *kind[STEPS_KINDS_MAX]; /* kinds seen, first seen first */
    int count[STEPS_KINDS_MAX];        /* steps of each */
    int periods;                       /* steps placed as separators */
    int last_day;                      /* the number of the latest "Day N", 0 none */
    int days_rising;                   /* 1 while every "Day N" is after the one before */
    const char *rule_of_kind[STEPS_KINDS_MAX]; /* rule of the first step of each kind */
} steps_seen;

static void count_step(void *context, const game_step *step)
{
    const char *kind = step->kind, *rule = step->rule, *what = step->what;
    game_step_place place = step->place;
    steps_seen *seen = context;
    int k = 0, day;
    assert_true(what[0] != '\0' && rule[0] != '\0');
    while (k < STEPS_KINDS_MAX && seen->kind[k] != NULL && strcmp(seen->kind[k], kind) != 0)
        k++;
    assert_true(k < STEPS_KINDS_MAX);
    if (seen->kind[k] == NULL) {
        seen->kind[k] = kind;
        seen->rule_of_kind[k] = rule;
    }
    seen->count[k]++;
    seen->periods += place == GAME_STEP_PERIOD;
    if (sscanf(what, "Day %d:", &day) == 1) {
        assert_int_equal(place, GAME_STEP_PERIOD);
        assert_int_equal(step->number, day); /* the figure a front end tells it by */
        seen->days_rising &= day > seen->last_day;
        seen->last_day = day;
    }
}

/* How many steps of kind a game told, and their rule in *rule. */
static int told(const steps_seen *seen, const char *kind, const char **rule)
{
    for (int k = 0; k < STEPS_KINDS_MAX && seen->kind[k] != NULL; k++)
        if (strcmp(seen->kind[k], kind) == 0) {
            *rule = seen->rule_of_kind[k];
            return seen->count[k];
        }
    *rule = "";
    return 0;
}

/* The game told count steps of kind, each citing rule. */
static void expect_told(const steps_seen *seen, const char *kind, int count, const char *rule)
{
    const char *cited;
    assert_int_equal(told(seen, kind, &cited), count);
    assert_string_equal(cited, rule);
}

/* A random game of name from seed, its steps counted into seen. */
static void play(const char *name, int players, int variant, uint64_t seed, steps_seen *seen)
{
    const game_def *def = games_find(name);
    game_options options = {players, variant};
    match m;
    rng r;
    int *legal = malloc((size_t)def->max_legal * sizeof *legal);
    void *before = malloc(def->state_size);
    char why[256] = "";
    assert_non_null(legal);
    assert_non_null(before);
    memset(seen, 0, sizeof *seen);
    seen->days_rising = 1;
    rng_seed(&r, seed);
    assert_int_equal(match_init(&m, def, &options, why, sizeof why), 0);
    while (match_current_player(&m) != GAME_TERMINAL) {
        int n = def->legal_actions(m.state, legal);
        memcpy(before, m.state, def->state_size);
        assert_int_equal(match_apply(&m, legal[rng_below(&r, (uint64_t)n)], why, sizeof why), 0);
        def->steps(before, m.state, count_step, seen);
    }
    match_free(&m);
    free(before);
    free(legal);
}

static void test_tzolkin_steps(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        for (int g = 0; g < STEPS_TEST_GAMES; g++) {
            steps_seen seen;
            const char *rule;
            play("tzolkin", players, 0, (uint64_t)(100 * players + g), &seen);
            expect_told(&seen, "wealth", 1, "Z2.10");
            expect_told(&seen, "food day", 4, "Z18.3");
            expect_told(&seen, "age", 1, "Z13.5");
            expect_told(&seen, "final scoring", 1, "Z19.2");
            /* Z19.1: the last round is day 26, or 27 when a double advance passed 26 */
            assert_true(told(&seen, "day", &rule) > 0);
            assert_string_equal(rule, "Z17.1");
            assert_true(seen.days_rising);
            assert_true(seen.last_day == 26 || seen.last_day == 27);
            assert_int_equal(seen.periods, told(&seen, "day", &rule));
        }
}

static void test_tikal_basic_steps(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        for (int g = 0; g < STEPS_TEST_GAMES; g++) {
            steps_seen seen;
            const char *rule;
            play("tikal", players, 0, (uint64_t)(200 * players + g), &seen);
            /* T17.1: three volcanoes, each a scoring round begun and ended */
            expect_told(&seen, "scoring round", 2 * 3, "T17.2");
            expect_told(&seen, "final scoring", 1, "T19.1");
            assert_int_equal(told(&seen, "round", &rule), 0);
            assert_int_equal(seen.periods, 3 + 1);
        }
}

static void test_tikal_auction_rounds(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        for (int g = 0; g < STEPS_TEST_GAMES; g++) {
            steps_seen seen;
            play("tikal", players, 1, (uint64_t)(300 * players + g), &seen);
            /* T21.2: each round reveals N of the 36 tiles */
            expect_told(&seen, "round", 36 / players, "T21.2");
            expect_told(&seen, "final scoring", 1, "T25.1");
        }
}

/* A placement (Z5.2) is all its action does: it tells no step. */
static void test_tzolkin_placement_tells_nothing(void **state)
{
    const game_def *def = games_find("tzolkin");
    game_options options = {2, 0};
    match m;
    rng r;
    int legal[4096], placed = 0;
    char why[256] = "";
    void *before = malloc(def->state_size);
    (void)state;
    assert_true(def->max_legal <= 4096);
    rng_seed(&r, 7);
    assert_int_equal(match_init(&m, def, &options, why, sizeof why), 0);
    while (!placed && match_current_player(&m) != GAME_TERMINAL) {
        int n = def->legal_actions(m.state, legal), action = legal[rng_below(&r, (uint64_t)n)];
        char text[GAME_TEXT_MAX];
        steps_seen seen;
        memset(&seen, 0, sizeof seen);
        seen.days_rising = 1;
        memcpy(before, m.state, def->state_size);
        placed = match_current_player(&m) >= 0 && def->action_to_text(m.state, action, text, sizeof text) == 0 &&
                 strncmp(text, "place ", 6) == 0 && strcmp(text, "place start") != 0;
        assert_int_equal(match_apply(&m, action, why, sizeof why), 0);
        def->steps(before, m.state, count_step, &seen);
        if (placed)
            assert_null(seen.kind[0]);
    }
    assert_true(placed);
    match_free(&m);
    free(before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tzolkin_steps),
        cmocka_unit_test(test_tikal_basic_steps),
        cmocka_unit_test(test_tikal_auction_rounds),
        cmocka_unit_test(test_tzolkin_placement_tells_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
