/*
 * tikal_perft_test.c -- perft-style counts of the Tikal action tree: from a
 * few fixed positions, the number of leaves of the tree of legal actions
 * to depth 1..4, chance nodes branching over all their outcomes. Like
 * Stockfish's perft, the numbers are a signature of move generation: any
 * change in what is legal changes them. They were computed once with the
 * engine; the comments show by hand why the small ones are right. Every
 * listed action is also applied and must be accepted, and at chance nodes
 * the outcomes must be the listed actions with probabilities summing to 1.
 */
#include <math.h>

#include "tikal_fixture.h"

/* Leaves of the legal-action tree of s to `depth`. */
static long perft(const tikal_state *s, int depth)
{
    int actions[TIKAL_LEGAL_MAX], outcomes[TIKAL_LEGAL_MAX];
    double probability[TIKAL_LEGAL_MAX], total = 0;
    long leaves = 0;
    int n;
    if (depth == 0)
        return 1;
    n = tikal_legal_actions(s, actions);
    if (tikal_current_player(s) == GAME_CHANCE) {
        assert_int_equal(tikal_chance_outcomes(s, outcomes, probability), n);
        for (int i = 0; i < n; i++) {
            assert_int_equal(outcomes[i], actions[i]);
            total += probability[i];
        }
        assert_true(fabs(total - 1.0) < 1e-9);
    }
    for (int i = 0; i < n; i++) {
        tikal_state child = *s;
        char why[WHY_LEN] = "";
        if (i > 0)
            assert_true(actions[i - 1] < actions[i]);
        if (tikal_apply(&child, actions[i], why, sizeof why) != GAME_OK)
            fail_msg("listed action %d refused: %s", actions[i], why);
        leaves += perft(&child, depth - 1);
    }
    return leaves;
}

static void expect_perft(const tikal_state *s, const long *expected, int depth)
{
    for (int d = 1; d <= depth; d++)
        if (perft(s, d) != expected[d - 1])
            fail_msg("perft(%d) = %ld, expected %ld", d, perft(s, d), expected[d - 1]);
}

/* Start of a basic two-player game after `* draw A1` (temple, stones N2 NE1:
 * its six rotations all differ).
 * depth 1 = 24: the explored fields are a5 a4 b4 b5; the empty fields next to
 *   them are a3 b3 c4 c5, and each borders a field with a stone on its side
 *   (a3: a4's N; b3: a4's NE, b4's N; c4: b4's NE; c5: b4's SE, b5's NE), so
 *   the path condition holds in every rotation: 4 x 6 = 24.
 * depth 2 = 96: a fresh 10-AP turn with nothing on the board has 4 actions:
 *   end, deploy E a5, deploy L a5, build b4 (the pre-printed jungle, R15); A1
 *   is a temple, so it adds no camp site, and uncovering needs a figure.
 *   24 x 4 = 96.
 * depth 3 = 552: after end, a chance node over the 5 A tiles left (5); after
 *   deploy E a5: end, deploy E, deploy L, moves a5->a4, a5->b4, a5->b5, build
 *   b4 (7); after deploy L a5: the same without deploy L (6); after build b4:
 *   end and deploy E|L to a5 or b4 (5). 24 x (5 + 7 + 6 + 5) = 552. */
static void perft_basic_start(void **state)
{
    static const long expected[4] = {24, 96, 552, 6060};
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    play(&s, "* draw A1");
    expect_perft(&s, expected, 4);
}

/* The first 65 lines of the reference record tikal-2p-basic-1.rec. */
static const char *const record_start[] = {
        "* draw A5",
        "1 place c5 r1",
        "1 deploy L a5",
        "1 move L a5 b5",
        "1 build b4",
        "1 move L b5 c5",
        "1 deploy E b4",
        "1 end",
        "* draw A2",
        "2 place d5 r5",
        "2 deploy L a5",
        "2 move L a5 b5",
        "2 move L b5 a5",
        "2 end",
        "* draw A1",
        "1 place c4 r0",
        "1 deploy E a5",
        "1 move L c5 b5",
        "1 move L b5 a5",
        "1 move L a5 b5",
        "1 move E a5 b5",
        "1 move L b5 c5",
        "1 move E b4 c4",
        "1 end",
        "* draw A3",
        "2 place c3 r5",
        "2 deploy E a5",
        "2 move E a5 a4",
        "2 move L a5 b4",
        "2 move E a4 a5",
        "2 move L b4 c4",
        "2 uncover c4",
        "2 deploy E a5",
        "2 end",
        "* draw A6",
        "1 place b2 r4",
        "1 end",
        "* draw A4",
        "2 place a2 r4",
        "2 uncover c4",
        "2 move L c4 b4",
        "2 move E a5 b5",
        "2 move L b4 c5",
        "2 move L c5 d5",
        "2 uncover b5",
        "2 end",
        "* draw B4",
        "1 place a1 r3",
        "1 deploy E a5",
        "1 move E b5 a5",
        "1 deploy E a5",
        "1 move L c5 b4",
        "1 move E a5 a4",
        "1 uncover c4",
        "1 move L b4 c5",
        "1 end",
        "* draw B3",
        "2 place d3 r4",
        "2 guard d5",
        "2 move E a5 a4",
        "2 move E b5 c5",
        "2 deploy E a5",
        "2 end",
        "* draw B2",
        "1 place d4 r3",
};

/* Mid-game, seat 1 to act with 10 AP after `1 place d4 r3` (all 65 lines).
 * depth 1 = 21: seat 1 has E on a4, 2 E on a5, E on c4, L on c5, a camp on
 *   b4, 14 E in supply and no leader there:
 *   end (1); deploy E a5, deploy E b4 (2); path E a5 b4 (1, b4 is empty of
 *   own figures so no path back); moves (11): a4->a5; a5->a4, a5->b4,
 *   a5->b5; c4->c3, c4->d3, c4->b4 (c4->d4 and c4->c5 have no stones, b3 is
 *   empty); L c5->d4, c5->d5, c5->b5, c5->b4 (c5->c4 has none); uncover a4
 *   and c4 (2; b5 has no own figure, d5 is guarded); dig c5 (1, the leader
 *   is there); build a1, b2 (2, the other jungles; b4 has a camp); guard c4
 *   (1: 1 against 0; a4 is tied 1:1). 1+2+1+11+2+1+2+1 = 21. */
static void perft_mid_game(void **state)
{
    static const long expected[4] = {21, 409, 7815, 138107};
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    play_all(&s, record_start, 65);
    expect_perft(&s, expected, 4);
}

/* The chance node before `* draw B2` (the first 63 lines).
 * depth 1 = 4: B4 and B3 are drawn, B1 B2 B5 B6 are left in group B. */
static void perft_mid_game_draw(void **state)
{
    static const long expected[3] = {4, 143, 2947};
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    play_all(&s, record_start, 63);
    expect_perft(&s, expected, 3);
}

/* A three-player auction after `* reveal A1`, `A2`, `A3`: seat 1 opens, all
 * at 20 points. A node's choices are pass and every bid above the high bid
 * up to 20: 21 - high.
 * depth 1 = 21 (pass, bid 1..20).
 * depth 2 = 231: after pass 21, after bid k 21-k: 21 + 210.
 * depth 3 = 1771: no auction of three ends before its third action, so the
 *   leaves of depth d <= 3 are all sequences of d passes and rising bids
 *   (b bids from 1..20 in b of the d places): sum C(d, b) C(20, b) =
 *   C(20 + d, d), and C(23, 3) = 1771.
 * depth 4 = 10158: 61 of those sequences end the auction (PPP: the opener
 *   wins free; BPP, PBP, PPB: the lone bidder wins) and give 3 tiles to take
 *   each: 183. The rest: BBB with bids k1<k2<k3 gives 21-k3, summed
 *   C(21, 4) = 5985; BBP, BPB, PBB give 21-(last bid), summed 3 x C(21, 3) =
 *   3990. 183 + 5985 + 3990 = 10158. */
static void perft_auction_bidding(void **state)
{
    static const long expected[4] = {21, 231, 1771, 10158};
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 1), GAME_OK);
    play(&s, "* reveal A1");
    play(&s, "* reveal A2");
    play(&s, "* reveal A3");
    expect_perft(&s, expected, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(perft_basic_start),
        cmocka_unit_test(perft_mid_game),
        cmocka_unit_test(perft_mid_game_draw),
        cmocka_unit_test(perft_auction_bidding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
