/*
 * compare_test.c -- two tournaments compared game by game (compare.h) on
 * constructed results.csv texts: each game's mean seat score read back in
 * seed and rotation order, a bot's own seats, every malformed file refused
 * with its line and nothing returned, runs pooled with a game played
 * twice counted once (and another game of the same deal refused), and the
 * paired difference with its interval worked out by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/compare.h"

#define HEADER "game,seed,rotation,seat,bot,score,win,moves,seconds,turns,turn_max\n"

/* compare_read of text: the games (or -1), *games and why filled. */
static int read_text(const char *text, const char *bot, compare_game **games, char *why, size_t why_len)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(in);
    int count = compare_read(in, bot, 0, games, why, why_len);
    fclose(in);
    return count;
}

static void test_read(void **unused)
{
    (void)unused;
    /* three 2-seat games written out of seed order, a bot spec with commas */
    const char *text = HEADER "1,7,0,1,\"mcts:iterations=300,turns=0\",80,1.0000,70,8.5,25,0.7\n"
                              "1,7,0,2,\"greedy\",71,0.0000,70,0.1,25,0.01\n"
                              "2,7,1,1,\"greedy\",60,0.0000,70,0.1,25,0.01\n"
                              "2,7,1,2,\"mcts:iterations=300,turns=0\",91,1.0000,70,8.5,25,0.7\n"
                              "3,3,0,1,\"greedy\",50,0.5000,70,0.1,25,0.01\n"
                              "3,3,0,2,\"greedy\",50,0.5000,70,0.1,25,0.01\n";
    compare_game *games;
    char why[256] = "";
    assert_int_equal(read_text(text, NULL, &games, why, sizeof why), 3);
    assert_true(games[0].seed == 3 && games[0].rotation == 0 && games[0].players == 2 && games[0].seats == 2 &&
                games[0].score == 50.0);
    assert_int_equal(games[0].line, 6);
    assert_true(games[1].seed == 7 && games[1].rotation == 0 && games[1].score == 75.5 && games[1].line == 2);
    assert_true(games[2].seed == 7 && games[2].rotation == 1 && games[2].score == 75.5 && games[2].line == 4);
    free(games);
    /* one bot's seats: the game without it is left out */
    assert_int_equal(read_text(text, "mcts:iterations=300,turns=0", &games, why, sizeof why), 2);
    assert_true(games[0].seed == 7 && games[0].players == 2 && games[0].seats == 1 && games[0].score == 80.0);
    assert_true(games[1].rotation == 1 && games[1].score == 91.0);
    free(games);
    assert_int_equal(read_text(text, "greedy", &games, why, sizeof why), 3);
    assert_true(games[0].seats == 2 && games[1].seats == 1 && games[1].score == 71.0);
    free(games);
    /* a header alone: no game; no newline at the end of the last line */
    assert_int_equal(read_text(HEADER, NULL, &games, why, sizeof why), 0);
    assert_null(games);
    assert_int_equal(read_text(HEADER "1,1,0,1,\"random\",4,1.0000,9,0.0,3,0.0", NULL, &games, why, sizeof why), 1);
    assert_true(games[0].score == 4.0);
    free(games);
}

/* text is refused, the reason beginning with expected. */
static void refused(const char *text, const char *expected)
{
    compare_game *games = (compare_game *)&games;
    char why[256] = "";
    assert_int_equal(read_text(text, NULL, &games, why, sizeof why), -1);
    assert_null(games);
    if (strncmp(why, expected, strlen(expected)) != 0)
        fail_msg("reason \"%s\", expected \"%s...\"", why, expected);
}

static void test_read_refused(void **unused)
{
    (void)unused;
    const char *seat = "1,1,0,1,\"random\",4,1.0000,9,0.0,3,0.0\n";
    char text[8192];
    refused("", "line 1: empty");
    refused("game,seed\n", "line 1: not the header");
    snprintf(text, sizeof text, HEADER "%s1,1,0,2,\"random\",x,0.0000,9,0.0,3,0.0\n", seat);
    refused(text, "line 3: not a seat's line");
    snprintf(text, sizeof text, HEADER "%s1,1,0,2,\"random\",4,0.0000,9,0.0,3\n", seat); /* a field short */
    refused(text, "line 3: not a seat's line");
    snprintf(text, sizeof text, HEADER "%s1,1,0,2,\"random\",4,0.0000,9,0.0,3,0.0,7\n", seat); /* one too many */
    refused(text, "line 3: not a seat's line");
    refused(HEADER "1,-1,0,1,\"random\",4,1.0000,9,0.0,3,0.0\n", "line 2: not a seat's line");
    refused(HEADER "1,1,0,1,random,4,1.0000,9,0.0,3,0.0\n", "line 2: not a seat's line");
    refused(HEADER "0,1,0,1,\"random\",4,1.0000,9,0.0,3,0.0\n", "line 2: not a seat's line");
    snprintf(text, sizeof text, HEADER "%s1,1,1,2,\"random\",4,0.0000,9,0.0,3,0.0\n", seat);
    refused(text, "line 3: game 1's seed or rotation differs from its line 2");
    snprintf(text, sizeof text, HEADER "%s2,2,0,1,\"random\",4,0.0000,9,0.0,3,0.0\n%s", seat, seat);
    refused(text, "line 4: game 1 again after game 2");
    snprintf(text, sizeof text, HEADER "%s2,1,0,1,\"random\",4,0.0000,9,0.0,3,0.0\n", seat);
    refused(text, "line 3: seed 1, rotation 0 again (its game at line 2)");
    /* a line longer than COMPARE_LINE_MAX - 2 characters */
    int used = snprintf(text, sizeof text, HEADER "1,1,0,1,\"");
    memset(text + used, 'a', COMPARE_LINE_MAX);
    snprintf(text + used + COMPARE_LINE_MAX, sizeof text - (size_t)used - COMPARE_LINE_MAX,
             "\",4,1.0000,9,0.0,3,0.0\n");
    refused(text, "line 2: longer than");
}

/* A 2-seat game of run 0 with every seat counted. */
static compare_game game(uint64_t seed, int rotation, double score, long line)
{
    return (compare_game){.seed = seed, .rotation = rotation, .players = 2, .seats = 2, .score = score, .line = line};
}

static void test_pair(void **unused)
{
    (void)unused;
    /* base 10, 20, 30 and a game of its own; new 12, 19, 33 on the same deals and one of its own */
    const compare_game base[] = {game(1, 0, 10.0, 2), game(1, 1, 20.0, 4), game(2, 0, 30.0, 6), game(3, 0, 5.0, 8)};
    const compare_game next[] = {game(0, 0, 1.0, 2), game(1, 0, 12.0, 4), game(1, 1, 19.0, 6), game(2, 0, 33.0, 8)};
    compare_result r;
    char why[256] = "";
    assert_int_equal(compare_pair(base, 4, next, 4, &r, why, sizeof why), 0);
    assert_int_equal(r.games, 3);
    assert_int_equal(r.base_only, 1);
    assert_int_equal(r.next_only, 1);
    assert_true(r.base_mean == 20.0);
    assert_true(r.next_mean > 21.333 && r.next_mean < 21.334);
    /* differences 2, -1, 3: mean 4/3, sd sqrt(13/3), half width 1.96 sd / sqrt 3 */
    assert_true(r.diff > 1.3333 && r.diff < 1.3334);
    assert_true(r.sd > 2.0816 && r.sd < 2.0817);
    assert_true(r.low > 1.3333 - 2.3557 - 1e-3 && r.low < 1.3333 - 2.3557 + 1e-3);
    assert_true(r.high > 1.3333 + 2.3557 - 1e-3 && r.high < 1.3333 + 2.3557 + 1e-3);
    assert_int_equal(r.higher, 2);
    assert_int_equal(r.lower, 1);
    /* a run against itself: no difference, every game equal */
    assert_int_equal(compare_pair(base, 4, base, 4, &r, why, sizeof why), 0);
    assert_true(r.games == 4 && r.diff == 0.0 && r.sd == 0.0 && r.low == 0.0 && r.high == 0.0 && r.higher == 0 &&
                r.lower == 0);
    /* one game: its difference, no spread */
    assert_int_equal(compare_pair(base + 3, 1, (const compare_game[]){game(3, 0, 9.0, 2)}, 1, &r, why, sizeof why),
                     0);
    assert_true(r.games == 1 && r.diff == 4.0 && r.low == 4.0 && r.high == 4.0 && r.higher == 1);
    /* no deal in common; a pair of games of other seat counts */
    assert_int_equal(compare_pair(base + 3, 1, next, 1, &r, why, sizeof why), -1);
    assert_non_null(strstr(why, "no game of one seed and seat rotation in both runs"));
    compare_game four = game(1, 0, 10.0, 2);
    four.players = 4;
    assert_int_equal(compare_pair(base, 1, &four, 1, &r, why, sizeof why), -1);
    assert_non_null(strstr(why, "2 seats in the base run (line 2), 4 in the new one (line 2)"));
}

static void test_merge(void **unused)
{
    (void)unused;
    const char *const runs[] = {"a.csv", "b.csv"};
    compare_game first[] = {game(1, 0, 10.0, 2), game(2, 0, 20.0, 4)};
    compare_game second[] = {game(2, 0, 20.0, 2), game(3, 0, 30.0, 4)}; /* seed 2 played again */
    second[0].run = second[1].run = 1;
    compare_game *side = NULL;
    int count = 0, repeated = 0;
    char why[256] = "";
    assert_int_equal(compare_merge(&side, &count, first, 2, &repeated, runs, why, sizeof why), 0);
    assert_int_equal(compare_merge(&side, &count, second, 2, &repeated, runs, why, sizeof why), 0);
    assert_int_equal(count, 3);
    assert_int_equal(repeated, 1);
    assert_true(side[0].seed == 1 && side[1].seed == 2 && side[1].run == 0 && side[2].seed == 3 && side[2].run == 1);
    /* the same deal with another score: refused, the side unchanged */
    compare_game other = game(1, 0, 11.0, 6);
    other.run = 1;
    const compare_game *before = side;
    assert_int_equal(compare_merge(&side, &count, &other, 1, &repeated, runs, why, sizeof why), -1);
    assert_string_equal(why, "seed 1, rotation 0: another game in b.csv (line 6) than in a.csv (line 2): runs of "
                             "time budgets or of other bots do not pool");
    assert_true(side == before && count == 3 && repeated == 1);
    other.score = 10.0;
    other.seats = 1; /* another bot's seats counted */
    assert_int_equal(compare_merge(&side, &count, &other, 1, &repeated, runs, why, sizeof why), -1);
    free(side);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read),
        cmocka_unit_test(test_read_refused),
        cmocka_unit_test(test_pair),
        cmocka_unit_test(test_merge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
