/*
 * turns_test.c -- the search of whole turns (src/bots/turns.c) on positions
 * of seeded Tzolk'in and Tikal games: every candidate is a sequence of the
 * engine's legal actions that ends the seat's turn at its last action and
 * not before (tzolkin.md Z3.1, a turn either places or picks up, and Z23.4,
 * its micro-actions up to "end"; tikal.md's action points of a turn); the
 * candidates are at most keep, best first by their value (the seat's margin
 * where they end), with distinct end positions, and a search keeping fewer
 * gives the first of a search keeping more; keep 1 is the turn the greedy
 * bot plays; a script plays a turn while it is shown the observations it
 * expects and drops it at anything else.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bots/bot.h"
#include "bots/eval.h"
#include "bots/turns.h"
#include "games.h"
#include "match.h"
#include "tzolkin/tzolkin.h"

#include "action_list.h"

enum { TEST_BEAM = 12, TEST_POSITIONS = 6 };

/* A seeded game of game with players seats, played by greedy bots and
 * stopped at the start of the turn of the first seat to act after skip
 * decisions: its state in m. */
static void reach_turn(match *m, const game_def *game, int players, uint64_t seed, int skip)
{
    game_options options = {players, 0};
    assert_int_equal(match_init(m, game, &options, NULL, 0), 0);
    bot *b = NULL;
    bot_settings settings;
    assert_int_equal(bot_parse("greedy:beam=2", &settings, NULL, 0), 0);
    settings.seed = seed;
    b = bot_new(game, &settings, NULL, 0);
    assert_non_null(b);
    rng r;
    rng_seed(&r, seed);
    unsigned char *view = malloc(game->state_size);
    assert_non_null(view);
    int last = GAME_CHANCE;
    for (int decisions = 0;;) {
        int player = match_current_player(m);
        assert_true(player != GAME_TERMINAL);
        if (player == GAME_CHANCE) {
            assert_int_equal(match_apply(m, match_sample_chance(m, &r), NULL, 0), 0);
            last = GAME_CHANCE;
            continue;
        }
        if (player != last && decisions >= skip &&
            (game->legal_hidden == NULL || !game->legal_hidden(m->state, player)))
            break;
        game->observation(m->state, player, view);
        assert_int_equal(match_apply(m, bot_choose(b, view, player), NULL, 0), 0);
        last = player;
        decisions++;
    }
    free(view);
    bot_free(b);
}

/* Search seat's turn at state keeping keep, remembering at most seen_limit
 * positions (-1: the default) and, with a limit, meeting more than it;
 * check every candidate and return their number, their actions into
 * actions[keep][TURNS_DEPTH_MAX] and lengths into lengths[keep]. */
static int check_candidates(const game_def *game, const eval_hook *hook, const void *state, int seat, int keep,
                            int seen_limit, int (*actions)[TURNS_DEPTH_MAX], int *lengths)
{
    turns *p = turns_new(game, TEST_BEAM, keep);
    assert_non_null(p);
    if (seen_limit >= 0)
        assert_int_equal(turns_limit_seen(p, seen_limit), seen_limit);
    int count = turns_search(p, hook, NULL, state, seat);
    if (seen_limit >= 0)
        assert_int_equal(turns_seen(p), seen_limit);
    assert_true(count >= 1 && count <= keep);
    unsigned char *ends = malloc((size_t)count * game->state_size);
    int *legal = malloc((size_t)game->max_legal * sizeof *legal);
    assert_non_null(ends);
    assert_non_null(legal);
    for (int k = 0; k < count; k++) {
        int n = turns_actions(p, k, actions[k]);
        lengths[k] = n;
        assert_true(n >= 1 && n <= TURNS_DEPTH_MAX);
        unsigned char *end = ends + (size_t)k * game->state_size;
        memcpy(end, state, game->state_size);
        for (int i = 0; i < n; i++) {
            /* seat is to act before every action, each one the engine lists */
            assert_int_equal(game->current_player(end), seat);
            int legal_count = game->legal_actions(end, legal);
            assert_true(action_list_has(legal, legal_count, actions[k][i]));
            assert_int_equal(game->apply(end, actions[k][i], NULL, 0), 0);
        }
        /* and the last one ends the turn */
        assert_int_not_equal(game->current_player(end), seat);
        if (game->current_player(end) != GAME_CHANCE)
            assert_float_equal(turns_value(p, k), eval_margin(game, hook, end, seat), 1e-9);
        if (k > 0)
            assert_true(turns_value(p, k) <= turns_value(p, k - 1));
        for (int j = 0; j < k; j++)
            assert_memory_not_equal(end, ends + (size_t)j * game->state_size, game->state_size);
    }
    free(legal);
    free(ends);
    turns_free(p);
    return count;
}

/* Candidates at turn starts of 2- and 4-player Tzolk'in and 2-player Tikal
 * games; the first 3 of 16 are the 3 of a search keeping 3. */
static void test_candidates(void **unused)
{
    (void)unused;
    const char *names[] = {"tzolkin", "tzolkin", "tikal"};
    const int players[] = {2, 4, 2};
    int(*wide)[TURNS_DEPTH_MAX] = malloc(16 * sizeof *wide);
    int(*narrow)[TURNS_DEPTH_MAX] = malloc(3 * sizeof *narrow);
    assert_non_null(wide);
    assert_non_null(narrow);
    int wide_length[16], narrow_length[3], several = 0;
    for (int g = 0; g < 3; g++) {
        const game_def *game = games_find(names[g]);
        eval_hook *hook = eval_new(game, EVAL_DEFAULT, NULL, 0);
        assert_non_null(hook);
        for (int i = 0; i < TEST_POSITIONS; i++) {
            match m;
            reach_turn(&m, game, players[g], 40 + (uint64_t)i, 10 + 15 * i);
            int seat = match_current_player(&m);
            int found = check_candidates(game, hook, m.state, seat, 16, -1, wide, wide_length);
            int few = check_candidates(game, hook, m.state, seat, 3, -1, narrow, narrow_length);
            assert_int_equal(few, found < 3 ? found : 3);
            for (int k = 0; k < few; k++) {
                assert_int_equal(narrow_length[k], wide_length[k]);
                assert_memory_equal(narrow[k], wide[k], (size_t)wide_length[k] * sizeof **wide);
            }
            several += found > 3;
            match_free(&m);
        }
        eval_free(hook);
    }
    assert_true(several > 0); /* the bound is not the only thing tested */
    free(wide);
    free(narrow);
}

/* Search seat's turn at a, then at b, then at a again: the search again
 * finds what the first found, as many positions met and the same
 * candidates (what a search leaves in the table is cleared). Returns the
 * positions met at a. */
static int search_again(turns *p, const eval_hook *hook, const match *a, const match *b)
{
    int seat_a = match_current_player(a), seat_b = match_current_player(b);
    int first = turns_search(p, hook, NULL, a->state, seat_a), seen = turns_seen(p);
    assert_true(first >= 2 && seen > 4);
    int kept[8][TURNS_DEPTH_MAX], kept_length[8];
    for (int k = 0; k < first; k++)
        kept_length[k] = turns_actions(p, k, kept[k]);
    assert_true(turns_search(p, hook, NULL, b->state, seat_b) >= 1);
    assert_int_equal(turns_search(p, hook, NULL, a->state, seat_a), first);
    assert_int_equal(turns_seen(p), seen);
    for (int k = 0; k < first; k++) {
        int again[TURNS_DEPTH_MAX];
        assert_int_equal(turns_actions(p, k, again), kept_length[k]);
        assert_memory_equal(again, kept[k], (size_t)kept_length[k] * sizeof *again);
    }
    return seen;
}

/* The positions a search remembers to merge (turns_limit_seen): at most
 * its limit, and a search clears what the last one left, so that a search
 * after another finds what a new one finds, also one of a Tikal turn that
 * meets more positions than the first slots of the table hold (a beam of
 * 36: the table grows, and the next search starts on the first slots
 * again); with a limit of 4 the candidates are still legal, whole,
 * distinct turns, best first. */
static void test_positions_seen(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    eval_hook *hook = eval_new(game, EVAL_DEFAULT, NULL, 0);
    assert_non_null(hook);
    match a, b;
    reach_turn(&a, game, 2, 41, 25);
    reach_turn(&b, game, 2, 42, 40);
    int seat_a = match_current_player(&a);
    turns *p = turns_new(game, TEST_BEAM, 8);
    assert_non_null(p);
    search_again(p, hook, &a, &b);
    /* a limit above half the table's slots is cut to that half */
    int slots = 1;
    while (slots < TEST_BEAM * TURNS_CHILDREN_MAX * 4)
        slots <<= 1;
    assert_int_equal(turns_limit_seen(p, 1 << 30), slots / 2);
    turns_free(p);
    int(*actions)[TURNS_DEPTH_MAX] = malloc(8 * sizeof *actions);
    int lengths[8];
    assert_non_null(actions);
    assert_true(check_candidates(game, hook, a.state, seat_a, 8, 4, actions, lengths) >= 1);
    assert_true(check_candidates(game, hook, a.state, seat_a, 8, 0, actions, lengths) >= 1);
    free(actions);
    match_free(&a);
    match_free(&b);
    eval_free(hook);

    const game_def *tikal = games_find("tikal");
    hook = eval_new(tikal, EVAL_DEFAULT, NULL, 0);
    assert_non_null(hook);
    p = turns_new(tikal, 3 * TEST_BEAM, 8);
    assert_non_null(p);
    reach_turn(&b, tikal, 2, 42, 10);
    int most = 0;
    for (int i = 0; i < 8 && most <= TURNS_SEEN_FIRST / 2; i++) {
        reach_turn(&a, tikal, 2, 43, 4 + 6 * i);
        int seen = search_again(p, hook, &a, &b);
        most = seen > most ? seen : most;
        match_free(&a);
    }
    assert_true(most > TURNS_SEEN_FIRST / 2);
    match_free(&b);
    turns_free(p);
    eval_free(hook);
}

/* The greedy bot plays the best candidate of the same beam, to its end. */
static void test_greedy_plays_the_best(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    eval_hook *hook = eval_new(game, EVAL_DEFAULT, NULL, 0);
    assert_non_null(hook);
    unsigned char *view = malloc(game->state_size);
    assert_non_null(view);
    for (int i = 0; i < TEST_POSITIONS; i++) {
        match m;
        reach_turn(&m, game, 3, 70 + (uint64_t)i, 15 + 19 * i);
        int seat = match_current_player(&m);
        int best[1][TURNS_DEPTH_MAX], length;
        check_candidates(game, hook, m.state, seat, 1, -1, best, &length);
        bot_settings settings;
        assert_int_equal(bot_parse("greedy", &settings, NULL, 0), 0);
        bot *b = bot_new(game, &settings, NULL, 0);
        assert_non_null(b);
        for (int k = 0; k < length; k++) {
            assert_int_equal(match_current_player(&m), seat);
            game->observation(m.state, seat, view);
            int action = bot_choose(b, view, seat);
            assert_int_equal(action, best[0][k]);
            assert_int_equal(match_apply(&m, action, NULL, 0), 0);
        }
        assert_int_not_equal(match_current_player(&m), seat);
        bot_free(b);
        match_free(&m);
    }
    free(view);
    eval_free(hook);
}

/* A script plays its turn while shown what it expects; a position it does
 * not expect (one corn more) drops the rest of the turn. */
static void test_script(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    eval_hook *hook = eval_new(game, EVAL_DEFAULT, NULL, 0);
    assert_non_null(hook);
    turns_script script;
    assert_int_equal(turns_script_init(&script, game), 0);
    turns *p = turns_new(game, TEST_BEAM, 8);
    assert_non_null(p);
    tzolk_state view;
    int tested = 0;
    for (int i = 0; i < 2 * TEST_POSITIONS && tested < 2; i++) {
        match m;
        reach_turn(&m, game, 2, 90 + (uint64_t)i, 12 + 7 * i);
        int seat = match_current_player(&m);
        int count = turns_search(p, hook, NULL, m.state, seat), actions[TURNS_DEPTH_MAX], n = 0;
        for (int k = 0; k < count && n < 3; k++)
            n = turns_actions(p, k, actions); /* a turn of 3 actions or more */
        if (n < 3) {
            match_free(&m);
            continue;
        }
        memcpy(script.state, m.state, game->state_size);
        assert_int_equal(turns_script_play(&script, actions, n, seat), actions[0]);
        assert_int_equal(match_apply(&m, actions[0], NULL, 0), 0);
        game->observation(m.state, seat, &view);
        assert_int_equal(turns_script_next(&script, &view, seat), actions[1]);
        assert_int_equal(match_apply(&m, actions[1], NULL, 0), 0);
        game->observation(m.state, seat, &view);
        tzolk_state other = view;
        other.player[seat].corn++;
        assert_int_equal(turns_script_next(&script, &other, seat), -1);
        assert_int_equal(turns_script_next(&script, &view, seat), -1);
        tested++;
        match_free(&m);
    }
    assert_int_equal(tested, 2);
    turns_free(p);
    turns_script_free(&script);
    eval_free(hook);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_candidates),
        cmocka_unit_test(test_positions_seen),
        cmocka_unit_test(test_greedy_plays_the_best),
        cmocka_unit_test(test_script),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
