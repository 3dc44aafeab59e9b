/*
 * match_test.c -- the match layer and the random bot on the dice race of
 * tests/dice_race.h: options refused, illegal actions leave the match
 * unchanged, the undo window (opens after a chance outcome or the end of a
 * turn, takes back exactly the last action, never crosses a closing
 * action), chance outcomes drawn by their probabilities, bots uniform.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bots/random.h"
#include "dice_race.h"
#include "match.h"

static void roll(match *m, int sum)
{
    assert_int_equal(match_apply(m, DICE_ROLL + sum - 2, NULL, 0), 0);
}

static void test_bad_options(void **unused)
{
    (void)unused;
    match m;
    char why[128] = "";
    game_options options = {5, 0};
    assert_int_equal(match_init(&m, &dice_race_game, &options, why, sizeof why), GAME_EOPTION);
    assert_non_null(strstr(why, "2 to 4 players"));
    match_free(&m); /* harmless after a failed init */
}

static void test_illegal_leaves_match_unchanged(void **unused)
{
    (void)unused;
    match m;
    game_options options = {2, 0};
    assert_int_equal(match_init(&m, &dice_race_game, &options, NULL, 0), 0);
    dice_state before;
    memcpy(&before, m.state, sizeof before);
    char why[128] = "";
    assert_int_equal(match_apply(&m, DICE_STEP, why, sizeof why), GAME_EILLEGAL);
    assert_string_equal(why, "the dice must be rolled");
    assert_memory_equal(m.state, &before, sizeof before);
    assert_int_equal(m.count, 0);
    assert_false(match_can_undo(&m));
    match_free(&m);
}

static void test_undo_window(void **unused)
{
    (void)unused;
    match m;
    game_options options = {2, 1};
    assert_int_equal(match_init(&m, &dice_race_game, &options, NULL, 0), 0);
    roll(&m, 5);
    assert_false(match_can_undo(&m)); /* a chance outcome closes the window */
    dice_state after_roll, after_step;
    memcpy(&after_roll, m.state, sizeof after_roll);
    assert_int_equal(match_apply(&m, DICE_STEP, NULL, 0), 0);
    memcpy(&after_step, m.state, sizeof after_step);
    assert_int_equal(match_apply(&m, DICE_LEAP, NULL, 0), 0);
    assert_int_equal(m.count, 3);
    assert_true(match_can_undo(&m));

    assert_int_equal(match_undo(&m, NULL, 0), 0);
    assert_int_equal(m.count, 2);
    assert_memory_equal(m.state, &after_step, sizeof after_step);
    assert_int_equal(match_undo(&m, NULL, 0), 0);
    assert_memory_equal(m.state, &after_roll, sizeof after_roll);
    char why[128] = "";
    assert_int_equal(match_undo(&m, why, sizeof why), MATCH_ENOUNDO);
    assert_string_equal(why, "nothing to undo in this turn");
    assert_int_equal(m.count, 1);

    /* Spend the 5 points, end the turn: the end closes the window. */
    assert_int_equal(match_apply(&m, DICE_LEAP, NULL, 0), 0);
    assert_int_equal(match_apply(&m, DICE_STEP, NULL, 0), 0);
    assert_int_equal(match_apply(&m, DICE_STEP, NULL, 0), 0);
    assert_int_equal(match_apply(&m, DICE_END, NULL, 0), 0);
    assert_false(match_can_undo(&m));
    assert_int_equal(match_current_player(&m), GAME_CHANCE);
    const int expected[] = {DICE_ROLL + 3, DICE_LEAP, DICE_STEP, DICE_STEP, DICE_END};
    assert_int_equal(m.count, 5);
    assert_memory_equal(m.actions, expected, sizeof expected);
    match_free(&m);
}

/* A copy is a whole match of its own: it goes on independently, and
 * copying it back puts the original where it was, undo window included
 * (the server rolls a game back this way when a change is not stored). */
static void test_copy_puts_back(void **unused)
{
    (void)unused;
    match m, saved = {0}; /* saved: zeroed, so the first copy allocates */
    game_options options = {2, 1};
    assert_int_equal(match_init(&m, &dice_race_game, &options, NULL, 0), 0);
    roll(&m, 5);
    assert_int_equal(match_apply(&m, DICE_STEP, NULL, 0), 0);
    dice_state before;
    memcpy(&before, m.state, sizeof before);
    assert_int_equal(match_copy(&saved, &m), 0);
    assert_int_equal(match_apply(&m, DICE_LEAP, NULL, 0), 0);
    assert_int_equal(match_apply(&m, DICE_STEP, NULL, 0), 0);
    assert_int_equal(match_apply(&m, DICE_END, NULL, 0), 0);
    assert_false(match_can_undo(&m));
    assert_int_equal(saved.count, 2); /* the copy did not follow */
    assert_int_equal(match_copy(&m, &saved), 0);
    assert_int_equal(m.count, 2);
    assert_memory_equal(m.state, &before, sizeof before);
    assert_true(match_can_undo(&m));
    assert_int_equal(match_undo(&m, NULL, 0), 0); /* the window came back too */
    assert_int_equal(m.count, 1);
    assert_int_equal(match_copy(&saved, &m), 0); /* into a copy made before: its buffers reused */
    assert_int_equal(saved.count, 1);
    assert_memory_equal(saved.actions, m.actions, sizeof *m.actions);
    match_free(&saved);
    match_free(&m);
}

static void test_slowest_race(void **unused)
{
    (void)unused;
    match m;
    game_options options = {4, 1};
    assert_int_equal(match_init(&m, &dice_race_game, &options, NULL, 0), 0);
    /* Rolls of 2 and single steps: 49 turns (12 of every seat, then the
     * 13th of seat 1 reaches square 26) of 4 actions. */
    while (match_current_player(&m) != GAME_TERMINAL) {
        dice_state *s = (dice_state *)m.state;
        int action = s->rolling ? DICE_ROLL : s->points ? DICE_STEP : DICE_END;
        assert_int_equal(match_apply(&m, action, NULL, 0), 0);
    }
    assert_int_equal(m.count, 49 * 4);
    assert_true(m.count <= dice_race_game.max_game_length);
    assert_int_equal(dice_race_game.winners(m.state), 1u);
    match_free(&m);
}

static void test_pick_outcome(void **unused)
{
    (void)unused;
    const int outcomes[] = {10, 20, 30};
    const double probability[] = {0.25, 0.0, 0.75};
    int seen[3] = {0, 0, 0};
    rng r;
    rng_seed(&r, 42);
    for (int i = 0; i < 40000; i++) {
        int o = match_pick_outcome(outcomes, probability, 3, &r);
        assert_true(o == 10 || o == 30);
        seen[o / 10 - 1]++;
    }
    assert_int_equal(seen[1], 0);
    assert_in_range(seen[0], 9400, 10600);
    const double certain[] = {1.0};
    assert_int_equal(match_pick_outcome(outcomes, certain, 1, &r), 10);
}

static void test_sample_chance(void **unused)
{
    (void)unused;
    match m;
    game_options options = {2, 0};
    assert_int_equal(match_init(&m, &dice_race_game, &options, NULL, 0), 0);
    rng r;
    rng_seed(&r, 7);
    int sevens = 0, twos = 0;
    for (int i = 0; i < 36000; i++) {
        int outcome = match_sample_chance(&m, &r);
        assert_in_range(outcome, DICE_ROLL, DICE_ROLL + 10);
        sevens += outcome == DICE_ROLL + 5;
        twos += outcome == DICE_ROLL;
    }
    assert_in_range(sevens, 5600, 6400); /* 6 in 36 */
    assert_in_range(twos, 850, 1150);    /* 1 in 36 */
    roll(&m, 7);
    assert_int_equal(match_sample_chance(&m, &r), -1); /* not a chance node */
    match_free(&m);
}

static void test_random_bot(void **unused)
{
    (void)unused;
    match m;
    game_options options = {2, 0};
    assert_int_equal(match_init(&m, &dice_race_game, &options, NULL, 0), 0);
    roll(&m, 6);
    int legal[11];
    int steps = 0;
    rng r;
    rng_seed(&r, 3);
    for (int i = 0; i < 10000; i++) {
        int action = bot_random_choose(&dice_race_game, m.state, &r, legal);
        assert_true(action == DICE_STEP || action == DICE_LEAP);
        steps += action == DICE_STEP;
    }
    assert_in_range(steps, 4700, 5300);
    match_free(&m);
    dice_state over = {2, 15, 0, 1, 0, 0, {15, 3, 0, 0}};
    assert_int_equal(bot_random_choose(&dice_race_game, &over, &r, legal), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_options),     cmocka_unit_test(test_illegal_leaves_match_unchanged),
        cmocka_unit_test(test_undo_window),     cmocka_unit_test(test_copy_puts_back),
        cmocka_unit_test(test_slowest_race),    cmocka_unit_test(test_pick_outcome),
        cmocka_unit_test(test_sample_chance),   cmocka_unit_test(test_random_bot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
