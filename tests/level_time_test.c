/*
 * level_time_test.c -- the bot levels' time per turn (bots/level_time.h):
 * the embedded data/bot-turn-times.txt is well formed and has a figure for
 * every level in every game at every player count (maya bench --levels
 * measures them all), malformed or unknown lines are refused with their
 * line number, the figure of a player count without a line of its own is
 * the nearest count above, else below,
 * and the running mean of the server's bots is told only after
 * LEVEL_TIME_ENOUGH turns, follows the turns fed to it and keeps only the
 * latest LEVEL_TIME_WINDOW (durations are fed, no clock is read).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bots/bot.h"
#include "bots/level_time.h"
#include "games.h"

static void test_data_has_every_level_and_game(void **state)
{
    (void)state;
    char why[200] = "";
    int count;
    const bot_level *levels = bot_levels(&count);
    assert_int_equal(level_time_check(level_time_data(), why, sizeof why), 0);
    assert_true(count <= LEVEL_TIME_LEVELS);
    assert_true(games_count() <= LEVEL_TIME_GAMES);
    for (int g = 0; g < games_count(); g++) {
        const game_def *game = games_at(g);
        for (int i = 0; i < count; i++)
            for (int players = game->min_players; players <= game->max_players; players++) {
                level_time figure, expected;
                assert_int_equal(level_time_measured(level_time_data(), game, players, levels[i].name, &figure), 0);
                assert_true(figure.turns > 0);
                assert_true(figure.longest >= figure.mean);
                assert_int_equal(level_time_expected(game, players, levels[i].name, &expected), 0);
                assert_true(expected.mean == figure.mean && expected.turns == figure.turns);
            }
    }
}

static void test_malformed_lines_refused(void **state)
{
    (void)state;
    char why[200] = "";
    assert_int_equal(level_time_check("# comment\n\ntikal 2 expert 10 1.5 3.0\n", why, sizeof why), 0);
    assert_int_not_equal(level_time_check("# c\ntikal 2 expert 10 1.5\n", why, sizeof why), 0);
    assert_non_null(strstr(why, "line 2"));
    assert_int_not_equal(level_time_check("chess 2 expert 10 1.5 3.0\n", why, sizeof why), 0);
    assert_int_not_equal(level_time_check("tikal 2 grandmaster 10 1.5 3.0\n", why, sizeof why), 0);
    assert_int_not_equal(level_time_check("tikal 9 expert 10 1.5 3.0\n", why, sizeof why), 0);
    assert_int_not_equal(level_time_check("tikal 2 expert 10 4.0 3.0\n", why, sizeof why), 0); /* longest < mean */
    assert_int_not_equal(level_time_check("tikal 2 expert 10 1.5 3.0 x\n", why, sizeof why), 0);
}

static void test_expected_falls_back_to_count_above(void **state)
{
    (void)state;
    const game_def *tikal = games_find("tikal");
    const char *ends = "tikal 2 expert 10 1.0 2.0\ntikal 4 expert 12 1.5 3.0\n";
    const char *two_only = "tikal 2 expert 10 1.0 2.0\n";
    level_time figure;
    assert_non_null(tikal);
    assert_int_equal(level_time_measured(ends, tikal, 3, "expert", &figure), -1);
    assert_int_equal(level_time_nearest(ends, tikal, 3, "expert", &figure), 0);
    assert_true(figure.turns == 12 && figure.mean == 1.5); /* the count above */
    assert_int_equal(level_time_nearest(ends, tikal, 2, "expert", &figure), 0);
    assert_true(figure.turns == 10);
    assert_int_equal(level_time_nearest(two_only, tikal, 4, "expert", &figure), 0);
    assert_true(figure.turns == 10); /* none above: the count below */
    assert_int_equal(level_time_nearest(ends, tikal, 3, "casual", &figure), -1);
    assert_int_equal(level_time_expected(tikal, 2, "grandmaster", &figure), -1);
}

static void test_describe(void **state)
{
    (void)state;
    char text[64];
    level_time_describe(0.02, text, sizeof text);
    assert_string_equal(text, "under 0.1 s a turn");
    level_time_describe(1.26, text, sizeof text);
    assert_string_equal(text, "about 1.3 s a turn");
    level_time_describe(16.4, text, sizeof text);
    assert_string_equal(text, "about 16 s a turn");
}

static void test_running_mean_bounded(void **state)
{
    (void)state;
    static level_time_live live; /* zeroed: no turn yet */
    level_time figure;
    for (int i = 0; i < LEVEL_TIME_ENOUGH - 1; i++)
        level_time_add(&live, 1, 3, 2.0);
    assert_int_equal(level_time_recent(&live, 1, 3, &figure), -1); /* too few turns */
    level_time_add(&live, 1, 3, 4.0);
    assert_int_equal(level_time_recent(&live, 1, 3, &figure), 0);
    assert_int_equal(figure.turns, LEVEL_TIME_ENOUGH);
    assert_true(figure.mean > 2.0 && figure.mean < 4.0);
    assert_true(figure.longest == 4.0);
    assert_int_equal(level_time_recent(&live, 0, 3, &figure), -1); /* other cells untouched */
    /* A whole window of 1 s turns pushes every older turn out. */
    for (int i = 0; i < LEVEL_TIME_WINDOW; i++)
        level_time_add(&live, 1, 3, 1.0);
    assert_int_equal(level_time_recent(&live, 1, 3, &figure), 0);
    assert_int_equal(figure.turns, LEVEL_TIME_WINDOW);
    assert_true(figure.mean == 1.0 && figure.longest == 1.0);
    level_time_add(&live, 1, 3, 1.0 + LEVEL_TIME_WINDOW);
    assert_int_equal(level_time_recent(&live, 1, 3, &figure), 0);
    assert_int_equal(figure.turns, LEVEL_TIME_WINDOW);
    assert_true(figure.mean == 2.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_has_every_level_and_game),
        cmocka_unit_test(test_malformed_lines_refused),
        cmocka_unit_test(test_expected_falls_back_to_count_above),
        cmocka_unit_test(test_describe),
        cmocka_unit_test(test_running_mean_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
