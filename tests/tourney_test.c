/*
 * tourney_test.c -- the statistics of tournaments and ladders (tourney.h)
 * on constructed results: Wilson intervals, Elo of a win rate, each
 * entry's summary of 2- and 4-seat games, the result of a game between two
 * entries, and Bradley-Terry ratings with known answers (75% against one
 * opponent is 400 log10 3 Elo; even records give equal ratings; a side
 * that won every game is capped and flagged; four times the games halve
 * the interval; unlinked entries have no common scale).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/tourney.h"

static void test_statistics(void **unused)
{
    (void)unused;
    double low, high;
    tourney_wilson(8, 10, 1.96, &low, &high);
    assert_true(low > 0.4901 && low < 0.4903);
    assert_true(high > 0.9432 && high < 0.9434);
    tourney_wilson(0, 10, 1.96, &low, &high);
    assert_true(low == 0 && high > 0.2775 && high < 0.2776);
    double elo = tourney_elo(0.75, 0.5);
    assert_true(elo > 190.84 && elo < 190.86);
    assert_true(tourney_elo(0.5, 0.5) == 0);
    assert_true(tourney_elo(0.25, 0.25) == 0);
    assert_true(tourney_elo(1, 0.5) == 1000);

    /* Four 2-seat games: entry 0 wins two, one tie, entry 1 wins one. */
    tourney_game games[4];
    memset(games, 0, sizeof games);
    for (int g = 0; g < 4; g++) {
        games[g].index = g;
        games[g].players = 2;
        games[g].entry[0] = g % 2;
        games[g].entry[1] = 1 - g % 2;
        games[g].moves[0] = games[g].moves[1] = 10;
        games[g].seconds[0] = games[g].seconds[1] = 0.5;
    }
    games[0].winners = 1;  /* seat 1 = entry 0 */
    games[1].winners = 2;  /* seat 2 = entry 0 */
    games[2].winners = 3;  /* shared */
    games[3].winners = 1;  /* seat 1 = entry 1 */
    int scores[4][2] = {{10, 5}, {4, 12}, {7, 7}, {9, 3}};
    for (int g = 0; g < 4; g++)
        memcpy(games[g].score, scores[g], sizeof scores[g]);
    tourney_summary s[2];
    tourney_summarize(games, 4, 2, s);
    assert_int_equal(s[0].games, 4);
    assert_true(s[0].wins == 2.5 && s[1].wins == 1.5);
    assert_true(s[0].rate == 0.625);
    assert_true(s[0].expected == 2.0);
    /* entry 0 scored 10, 12, 7, 3: mean 8, sd sqrt(11.5) */
    assert_true(s[0].score_mean == 8.0);
    assert_true(s[0].score_sd > 3.391 && s[0].score_sd < 3.392);
    assert_true(s[0].elo > 88.7 && s[0].elo < 88.8); /* 400 log10(5/3) */
    assert_true(s[0].elo + s[1].elo < 1e-9 && s[0].elo + s[1].elo > -1e-9);
    assert_int_equal((int)s[0].moves, 40);

    /* Four players, two entries holding two seats each: parity is 1/2. */
    tourney_game four;
    memset(&four, 0, sizeof four);
    four.players = 4;
    int entry[4] = {0, 1, 0, 1};
    memcpy(four.entry, entry, sizeof entry);
    four.winners = 1u << 1 | 1u << 2; /* a seat of each shares the win */
    tourney_summarize(&four, 1, 2, s);
    assert_true(s[0].wins == 0.5 && s[1].wins == 0.5);
    assert_true(s[0].expected == 0.5);
}

/* Adds n two-seat games of entry a against entry b to games (*count of
 * them so far), a winning a_wins, then b winning b_wins, the rest tied;
 * seats alternate. */
static void head_to_head(tourney_game *games, int *count, int a, int b, int n, int a_wins, int b_wins)
{
    for (int k = 0; k < n; k++) {
        tourney_game *g = &games[(*count)++];
        memset(g, 0, sizeof *g);
        g->players = 2;
        int a_seat = k % 2;
        g->entry[a_seat] = a;
        g->entry[1 - a_seat] = b;
        g->winners = k < a_wins ? 1u << a_seat : k < a_wins + b_wins ? 1u << (1 - a_seat) : 3u;
    }
}

/* The result of a game for the two entries that hold its seats. */
static void test_pair_result(void **unused)
{
    (void)unused;
    tourney_game g;
    memset(&g, 0, sizeof g);
    int a, b;
    double share;
    g.players = 2; /* entry 3 in seat 1 beats entry 1 */
    g.entry[0] = 3;
    g.entry[1] = 1;
    g.winners = 1;
    assert_int_equal(tourney_pair_result(&g, &a, &b, &share), 0);
    assert_true(a == 1 && b == 3 && share == 0);
    g.winners = 3; /* a tie */
    assert_int_equal(tourney_pair_result(&g, &a, &b, &share), 0);
    assert_true(share == 0.5);
    g.players = 4; /* seats 0 1 0 1: two seats of entry 0 share the win with one of entry 1 */
    int entry[4] = {0, 1, 0, 1};
    memcpy(g.entry, entry, sizeof entry);
    g.winners = 1u | 1u << 1 | 1u << 2;
    assert_int_equal(tourney_pair_result(&g, &a, &b, &share), 0);
    assert_true(a == 0 && b == 1 && fabs(share - 2.0 / 3) < 1e-12);
    g.entry[3] = 2; /* three entries */
    assert_int_equal(tourney_pair_result(&g, &a, &b, &share), -1);
    g.players = 2; /* one entry */
    g.entry[1] = 0;
    assert_int_equal(tourney_pair_result(&g, &a, &b, &share), -1);
}

static void test_bradley_terry(void **unused)
{
    (void)unused;
    enum { MAX = 1000 };
    tourney_game *games = calloc(MAX, sizeof *games);
    tourney_rating r[4];
    int n = 0;

    head_to_head(games, &n, 1, 0, 100, 75, 25); /* entry 1 scores 75% against entry 0 */
    assert_int_equal(tourney_bradley_terry(games, n, 2, r), 0);
    assert_true(fabs(r[1].elo - 400 * log10(3)) < 1e-6); /* 190.85 */
    assert_true(r[0].elo == 0 && r[0].elo_low == 0 && r[0].elo_high == 0);
    /* standard error of the log-odds: 1 / sqrt(n p (1 - p)) */
    double half = 1.96 * 400 / log(10) / sqrt(100 * 0.75 * 0.25);
    assert_true(fabs(r[1].elo_high - r[1].elo - half) < 1e-6);
    assert_true(fabs(r[1].elo - r[1].elo_low - half) < 1e-6);
    assert_true(r[1].elo_low > 0); /* 75% of 100 games is clearly stronger */
    assert_int_equal(r[1].games, 100);
    assert_true(r[1].wins == 75 && r[0].wins == 25);
    assert_true(r[1].won_all == 0 && r[1].lost_all == 0);
    double width = r[1].elo_high - r[1].elo_low, elo = r[1].elo;

    n = 0; /* four times the games: the same Elo, half the width */
    head_to_head(games, &n, 1, 0, 400, 300, 100);
    assert_int_equal(tourney_bradley_terry(games, n, 2, r), 0);
    assert_true(fabs(r[1].elo - elo) < 1e-6);
    assert_true(fabs((r[1].elo_high - r[1].elo_low) / width - 0.5) < 1e-6);

    n = 0; /* a chain of even records: everyone equal */
    head_to_head(games, &n, 0, 1, 10, 5, 5);
    head_to_head(games, &n, 1, 2, 10, 4, 4); /* two ties */
    head_to_head(games, &n, 0, 2, 6, 3, 3);
    assert_int_equal(tourney_bradley_terry(games, n, 3, r), 0);
    for (int i = 0; i < 3; i++)
        assert_true(fabs(r[i].elo) < 1e-6);
    assert_true(r[1].wins == 10 && r[1].games == 20);

    n = 0; /* entry 1 won all 10 games: fitted as 9.5 to 0.5, flagged */
    head_to_head(games, &n, 1, 0, 10, 10, 0);
    assert_int_equal(tourney_bradley_terry(games, n, 2, r), 0);
    assert_true(fabs(r[1].elo - 400 * log10(19)) < 1e-6);
    assert_true(isfinite(r[1].elo_low) && isfinite(r[1].elo_high));
    assert_true(r[1].won_all == 1u && r[1].lost_all == 0);
    assert_true(r[0].lost_all == 1u << 1 && r[0].won_all == 0);
    assert_true(r[1].wins == 10);

    n = 0; /* a ladder 0 < 1 < 2 in which 2 beat 0 every time: finite, in order */
    head_to_head(games, &n, 1, 0, 40, 30, 10);
    head_to_head(games, &n, 2, 1, 40, 30, 10);
    head_to_head(games, &n, 2, 0, 20, 20, 0);
    assert_int_equal(tourney_bradley_terry(games, n, 3, r), 0);
    assert_true(r[0].elo == 0 && r[1].elo > 100 && r[2].elo > r[1].elo + 100);
    assert_true(r[2].won_all == 1u && r[0].lost_all == 1u << 2 && r[1].won_all == 0 && r[1].lost_all == 0);
    /* the same by the neighbours alone (no link 0-2): 1 and 2 each 190.85 above */
    n = 0;
    head_to_head(games, &n, 1, 0, 40, 30, 10);
    head_to_head(games, &n, 2, 1, 40, 30, 10);
    assert_int_equal(tourney_bradley_terry(games, n, 3, r), 0);
    assert_true(fabs(r[1].elo - 400 * log10(3)) < 1e-6 && fabs(r[2].elo - 800 * log10(3)) < 1e-6);
    assert_true(r[2].elo_high - r[2].elo_low > r[1].elo_high - r[1].elo_low); /* two steps: less sure */

    n = 0; /* 0-1 and 2-3 never met: no common scale */
    head_to_head(games, &n, 0, 1, 4, 2, 2);
    head_to_head(games, &n, 2, 3, 4, 2, 2);
    assert_int_equal(tourney_bradley_terry(games, n, 4, r), -1);
    free(games);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_statistics),
        cmocka_unit_test(test_pair_result),
        cmocka_unit_test(test_bradley_terry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
