/*
 * game_score_test.c -- each seat's points by category (game.h
 * game_score_totals), the end summary's figures: for seeded random games of
 * every engine, player count and variant, the starting score (20 in
 * Tikal's auction game, tikal.md T4.1; else 0) plus the categories summed
 * over the kinds equal every seat's final score, each category cites a rule of its game
 * (T... for Tikal, Z... for Tzolk'in), and the feeding penalty of Tzolk'in
 * (Z18.4) and the temples of Tikal (T18.1) are among them in games where
 * they occur. A replay with an illegal action is refused with a reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game.h"
#include "games.h"
#include "match.h"
#include "rng.h"

enum { SCORE_TEST_GAMES = 6 /* random games per engine, player count and variant */ };

/* A random game of def with options from seed, played to its end into m. */
static void random_game(match *m, const game_def *def, const game_options *options, uint64_t seed)
{
    rng r;
    int *legal = malloc((size_t)def->max_legal * sizeof *legal);
    char why[256] = "";
    assert_non_null(legal);
    rng_seed(&r, seed);
    assert_int_equal(match_init(m, def, options, why, sizeof why), 0);
    while (match_current_player(m) != GAME_TERMINAL) {
        int n = def->legal_actions(m->state, legal);
        assert_true(n > 0);
        assert_int_equal(match_apply(m, legal[rng_below(&r, (uint64_t)n)], why, sizeof why), 0);
    }
    free(legal);
}

/* The category of kind in totals, or NULL. */
static const game_score_kind_total *find_kind(const game_score_totals *totals, const char *kind)
{
    for (int k = 0; k < totals->count; k++)
        if (strcmp(totals->kinds[k].kind, kind) == 0)
            return &totals->kinds[k];
    return NULL;
}

/* Play the random games of one engine; rule_letter starts its rule numbers.
 * Returns how many games told an event of kind (the expected category). */
static int check_engine(const char *name, char rule_letter, const char *kind)
{
    const game_def *def = games_find(name);
    int seen_kind = 0;
    assert_non_null(def);
    for (int players = def->min_players; players <= def->max_players; players++)
        for (int variant = 0; variant < games_variant_options(def); variant++)
            for (int g = 0; g < SCORE_TEST_GAMES; g++) {
                game_options options = {players, variant};
                int auction = def->variants && strcmp(games_variant_name(def, variant), "auction") == 0;
                match m;
                game_score_totals totals;
                int final[GAME_MAX_PLAYERS];
                char why[256] = "";
                random_game(&m, def, &options, (uint64_t)(1000 * players + 100 * variant + g));
                assert_int_equal(game_score_totals_replay(def, &options, m.actions, m.count, &totals, why, sizeof why),
                                 0);
                def->scores(m.state, final);
                for (int s = 0; s < players; s++) {
                    int sum = totals.start[s];
                    for (int k = 0; k < totals.count; k++)
                        sum += totals.kinds[k].points[s];
                    /* T4.1: the auction game's scores start at 20 */
                    assert_int_equal(totals.start[s], auction ? 20 : 0);
                    assert_int_equal(sum, final[s]);
                }
                for (int k = 0; k < totals.count; k++) {
                    assert_true(totals.kinds[k].kind[0] != '\0');
                    assert_int_equal(totals.kinds[k].rule[0], rule_letter);
                    for (int s = players; s < GAME_MAX_PLAYERS; s++)
                        assert_int_equal(totals.kinds[k].points[s], 0);
                }
                seen_kind += find_kind(&totals, kind) != NULL;
                match_free(&m);
            }
    return seen_kind;
}

static void test_tikal_categories_sum_to_scores(void **state)
{
    (void)state;
    assert_true(check_engine("tikal", 'T', "temple") > 0);
}

static void test_tzolkin_categories_sum_to_scores(void **state)
{
    (void)state;
    assert_true(check_engine("tzolkin", 'Z', "unfed") > 0);
}

/* A replay that meets an action the engine refuses stops there with the
 * engine's reason; the totals hold what came before (nothing here). */
static void test_illegal_replay_refused(void **state)
{
    const game_def *def = games_find("tzolkin");
    game_options options = {2, 0};
    game_score_totals totals;
    int actions[1] = {def->num_actions}; /* no action has this id */
    char why[256] = "";
    (void)state;
    assert_int_not_equal(game_score_totals_replay(def, &options, actions, 1, &totals, why, sizeof why), 0);
    assert_true(why[0] != '\0');
    assert_int_equal(totals.count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tikal_categories_sum_to_scores),
        cmocka_unit_test(test_tzolkin_categories_sum_to_scores),
        cmocka_unit_test(test_illegal_replay_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
