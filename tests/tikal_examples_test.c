/*
 * tikal_examples_test.c -- the worked examples WE1-WE13 of rules/tikal.md
 * (from the rulebooks) and the derived tests DT1-DT12 (for the
 * resolutions), one test each, named after it. Where an example is only
 * illustrative in the rules, the concrete fields and figures here are one
 * instance of it, chosen on the pre-printed start of the board.
 */
#include "tikal_fixture.h"
#include "score_check.h"

/* WE1 (T6.2): a temple "2" on a field reachable by stones from two explored
 * neighbours is a legal placement. c5 borders b4 (SE1) and b5 (NE1). */
static void we1_placement_reachable_from_two_sides(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    play(&s, "* draw A2");
    play(&s, "1 place c5 r0");
    assert_int_equal(tikal_field_info(&s, fld("c5")).value, 2);
    assert_true(edge_cost(&s, "c5", "b4") >= 1);
    assert_true(edge_cost(&s, "c5", "b5") >= 1);
}

/* WE2 (T6.2): a jungle tile whose only explored neighbour is the temple "2",
 * with no stones on either side of their edge, is rejected. */
static void we2_illegal_placement(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c5", "A2", 0); /* the temple "2": N2 S1, nothing toward d5 */
    hold_tile(&s, 1, "A6");     /* jungle N1 NE1 S1; r0 leaves d5's NW bare */
    expect_illegal(&s, "place d5 r0", "no stones on any edge d5 r0");
    act(&s, "place d5 r2"); /* r2 puts the S stone on NW: legal */
}

/* WE3 (T11): crossing costs on the board of tikal_fixture.h's we3_board. */
static void we3_movement_costs(void **state)
{
    tikal_state start, s;
    (void)state;
    basic_turn(&start, 2);
    we3_board(&start);
    put_figures(&start, 0, "c5", 1, 0); /* one participant on T2 */
    s = start;                          /* (a) T2 -> J */
    act(&s, "move E c5 c4");
    assert_int_equal(s.ap, 7);
    s = start; /* (b) T2 -> R directly */
    expect_illegal(&s, "move E c5 d4", "cannot be crossed");
    s = start; /* (c) T2 -> J -> R */
    act(&s, "move E c5 c4");
    act(&s, "move E c4 d4");
    assert_int_equal(s.ap, 10 - 6);
    s = start; /* (d) T2 -> T1 */
    assert_int_equal(cost_of(&s, "move E c5 b5"), 1);
}

/* WE4 (T12): uncovering a temple of value 4 costs 2 AP and puts a 5 on it. */
static void we4_uncover_4_to_5(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    raise_temple(&s, "a4", 4);
    put_figures(&s, 0, "a4", 1, 0);
    int fives = s.level_supply[5];
    assert_int_equal(cost_of(&s, "uncover a4"), 2);
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 5);
    assert_int_equal(s.level_supply[5], fives - 1);
}

/* WE5 (T12.2, T12.4): with no 6 left, the second level is illegal; a 7 is
 * never used instead. */
static void we5_no_skipping(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    raise_temple(&s, "a4", 4);
    put_figures(&s, 0, "a4", 2, 0);
    s.level_supply[6] = 0;
    assert_true(s.level_supply[5] > 0 && s.level_supply[7] > 0);
    act(&s, "uncover a4");
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 5);
    assert_int_equal(s.ap, 8);
    expect_illegal(&s, "uncover a4", "no level token of value 6");
}

/* The start of a basic game of two where the A tiles lie on the board and
 * seat 1 is about to draw the volcano B6 (A tiles put directly). */
static void before_first_volcano(tikal_state *s)
{
    static const char *const fields[6] = {"c4", "c5", "b3", "a3", "d4", "d5"};
    static const char *const tiles[6] = {"A1", "A2", "A3", "A4", "A5", "A6"};
    assert_int_equal(tikal_init(s, 2, 0), GAME_OK);
    for (int i = 0; i < 6; i++)
        put_tile(s, fields[i], tiles[i], 0);
}

/* WE6 (T17.3): majority swings inside one scoring round; earlier points
 * stand; a tie at B's scoring gives B nothing. */
static void we6_majority_swings(void **state)
{
    tikal_state start, s;
    (void)state;
    before_first_volcano(&start);
    raise_temple(&start, "a4", 5); /* T, unguarded, value 5 */
    put_figures(&start, 0, "a4", 2, 0);
    put_figures(&start, 1, "a4", 1, 0);
    put_figures(&start, 1, "a5", 2, 0);
    game_score_event events[4];
    game_score_trace trace = {events, 4, 0};
    play(&start, "* draw B6");
    act_scored(&start, "end", &trace); /* A's scoring turn ends: A self-scores (T17.2, T18.1) */
    assert_int_equal(start.player[0].score, 5);
    assert_int_equal(trace.count, 1);
    assert_score_event(&trace, 0, 0, 5, "temple", "a4", "T18.1");
    s = start;
    play(&s, "2 move E a5 a4");
    play(&s, "2 move E a5 a4"); /* B 3 : A 2 */
    trace.count = 0;
    act_scored(&s, "end", &trace);
    assert_int_equal(s.player[1].score, 5);
    assert_int_equal(s.player[0].score, 5);
    assert_int_equal(trace.count, 1);
    assert_score_event(&trace, 0, 1, 5, "temple", "a4", "T18.1");
    s = start; /* variant: only one more, 2 : 2 */
    play(&s, "2 move E a5 a4");
    trace.count = 0;
    act_scored(&s, "end", &trace); /* a tie scores for nobody (T18.2): nothing told */
    assert_int_equal(s.player[1].score, 0);
    assert_int_equal(s.player[0].score, 5);
    assert_int_equal(trace.count, 0);
}

/* WE7 (T18): majorities on unguarded temples 3, 5, 5, 8 and motifs
 * {X, X, Y, Y, Z, W}: 21 + 8 = 29 at the end of a scoring turn. */
static void we7_scoring_21_plus_8(void **state)
{
    tikal_state s;
    (void)state;
    before_first_volcano(&s); /* c4 temple 1 (A1), c5 temple 2 (A2) */
    raise_temple(&s, "a4", 3);
    raise_temple(&s, "b5", 5);
    raise_temple(&s, "c5", 5);
    raise_temple(&s, "c4", 8);
    put_figures(&s, 0, "a4", 1, 0);
    put_figures(&s, 0, "b5", 1, 0);
    put_figures(&s, 0, "c5", 1, 0);
    put_figures(&s, 0, "c4", 1, 0);
    tikal_set_treasures(&s.player[0], 0, 2); /* X X */
    tikal_set_treasures(&s.player[0], 1, 2); /* Y Y */
    tikal_set_treasures(&s.player[0], 2, 1); /* Z */
    tikal_set_treasures(&s.player[0], 3, 1); /* W */
    assert_int_equal(tikal_treasure_points(&s.player[0]), 3 + 3 + 1 + 1);
    play(&s, "* draw B6");
    play(&s, "1 end");
    assert_int_equal(s.player[0].score, 21 + 8);
}

/* WE8 (T22): the four-player auction walkthrough, step by step. */
static void we8_four_player_auction(void **state)
{
    static const int after[4][4] = {{20, 15, 20, 20}, {16, 15, 20, 20}, {16, 15, 20, 20}, {16, 15, 20, 20}};
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 4, 1), GAME_OK);
    play(&s, "* reveal A1");
    play(&s, "* reveal A2");
    play(&s, "* reveal A3");
    play(&s, "* reveal A4");
    /* step 1: A opens */
    play(&s, "1 pass");
    play(&s, "2 bid 5");
    play(&s, "3 pass");
    play(&s, "4 pass");
    play(&s, "2 take A3");
    place_anywhere(&s);
    assert_int_equal(s.ap, 10);
    play(&s, "2 end");
    assert_int_equal(s.player[1].marker_up, 0);
    for (int p = 0; p < 4; p++)
        assert_int_equal(s.player[p].score, after[0][p]);
    /* step 2: C opens (left of B); B may not bid; C cannot re-enter */
    play(&s, "3 bid 2");
    play(&s, "4 bid 3");
    play(&s, "1 bid 4"); /* B skipped */
    play(&s, "3 pass");
    assert_int_equal(tikal_current_player(&s), 3); /* D, not C again nor B */
    play(&s, "4 pass");
    play(&s, "1 take A1");
    place_anywhere(&s);
    play(&s, "1 end");
    for (int p = 0; p < 4; p++)
        assert_int_equal(s.player[p].score, after[1][p]);
    /* step 3: left of A is B (moved), so C opens; A and B may not bid */
    assert_int_equal(tikal_current_player(&s), 2);
    play(&s, "3 pass");
    assert_int_equal(tikal_current_player(&s), 3);
    play(&s, "4 pass");
    play(&s, "3 take A4"); /* C, the first passer, plays free */
    place_anywhere(&s);
    play(&s, "3 end");
    for (int p = 0; p < 4; p++)
        assert_int_equal(s.player[p].score, after[2][p]);
    /* step 4: D alone: no auction, the last tile free */
    assert_int_equal(s.phase, TIKAL_PH_TAKE);
    expect_illegal(&s, "bid 1", "not now");
    play(&s, "4 take A2");
    place_anywhere(&s);
    play(&s, "4 end");
    for (int p = 0; p < 4; p++)
        assert_int_equal(s.player[p].score, after[3][p]);
    /* next: round 2, opened by A (left of D), all markers up */
    for (int p = 0; p < 4; p++)
        assert_int_equal(s.player[p].marker_up, 1);
    play(&s, "* reveal A5");
    play(&s, "* reveal A6");
    play(&s, "* reveal B1");
    play(&s, "* reveal B2");
    assert_int_equal(tikal_current_player(&s), 0);
    assert_int_equal(s.phase, TIKAL_PH_BID);
}

/* WE9 (T18.3): {X} = 1, {X, X} = 3, {X, X, X} = 6, {X, Y} = 2. */
static void we9_treasure_values(void **state)
{
    tikal_player p;
    (void)state;
    memset(&p, 0, sizeof p);
    assert_int_equal(tikal_treasure_points(&p), 0);
    tikal_set_treasures(&p, 4, 1);
    assert_int_equal(tikal_treasure_points(&p), 1);
    tikal_set_treasures(&p, 4, 2);
    assert_int_equal(tikal_treasure_points(&p), 3);
    tikal_set_treasures(&p, 4, 3);
    assert_int_equal(tikal_treasure_points(&p), 6);
    tikal_set_treasures(&p, 4, 1);
    tikal_set_treasures(&p, 6, 1);
    assert_int_equal(tikal_treasure_points(&p), 2);
}

/* WE10 (T14): A {Q, X, Y}, B {Q, M}, C {Q, N}; A swaps X for B's Q, then Y
 * for C's Q. Motifs: Q 1, X 2, Y 3, M 4, N 5. */
static void we10_exchange_to_complete_a_set(void **state)
{
    tikal_state s, neg;
    (void)state;
    basic_turn(&s, 3);
    for (int m = 0; m < 3; m++)
        tikal_set_treasures(&s.player[0], m, 1);
    tikal_set_treasures(&s.player[1], 0, 1);
    tikal_set_treasures(&s.player[1], 3, 1);
    tikal_set_treasures(&s.player[2], 0, 1);
    tikal_set_treasures(&s.player[2], 4, 1);
    act(&s, "swap 2 2 1");
    expect_illegal(&s, "swap 1 3 5", "give only a single"); /* the Q pair is protected */
    act(&s, "swap 3 3 1");
    assert_int_equal(s.ap, 10 - 6);
    assert_int_equal(tikal_treasures(&s.player[0], 0), 3);
    assert_int_equal(tikal_treasure_points(&s.player[0]), 6);
    assert_int_equal(tikal_treasures(&s.player[1], 1) + tikal_treasures(&s.player[1], 3), 2); /* B {X, M} */
    assert_int_equal(tikal_treasures(&s.player[1], 0), 0);
    assert_int_equal(tikal_treasures(&s.player[2], 2) + tikal_treasures(&s.player[2], 4), 2); /* C {Y, N} */
    assert_int_equal(tikal_treasures(&s.player[2], 0), 0);
    /* negative cases */
    basic_turn(&neg, 3);
    tikal_set_treasures(&neg.player[0], 0, 2);       /* A {Q, Q, X} */
    tikal_set_treasures(&neg.player[0], 1, 1);
    tikal_set_treasures(&neg.player[1], 2, 2);       /* B {Y, Y} */
    tikal_set_treasures(&neg.player[2], 4, 1);
    expect_illegal(&neg, "swap 1 3 5", "give only a single");
    expect_illegal(&neg, "swap 2 2 3", "take only a single");
    act(&neg, "swap 2 3 5");
}

/* WE11 (T9.3): ten deploys spend the 10 AP; an eleventh is illegal. */
static void we11_deploy_limit(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    for (int i = 0; i < 10; i++)
        act(&s, i == 0 ? "deploy L a5" : "deploy E a5");
    assert_int_equal(s.ap, 0);
    assert_int_equal(s.player[0].explorers_in_supply, 9);
    expect_illegal(&s, "deploy E a5", "not enough action points");
}

/* WE12 (T16, T8.4): guard majority with three expeditions. */
static void we12_guard_with_three_expeditions(void **state)
{
    tikal_state s;
    (void)state;
    /* case 2: A 3 (participants), B 2, C 3: nobody may */
    basic_turn(&s, 3);
    put_figures(&s, 0, "a4", 3, 0);
    put_figures(&s, 1, "a4", 2, 0);
    put_figures(&s, 2, "a4", 3, 0);
    for (int seat = 0; seat < 3; seat++) {
        start_turn(&s, seat, TIKAL_TURN_NORMAL);
        expect_illegal(&s, "guard a4", "majority");
    }
    /* case 1, then case 3: A 3 (the leader), B 2, C 2: A may, and pays 5 */
    basic_turn(&s, 3);
    raise_temple(&s, "a4", 3);
    put_figures(&s, 0, "a4", 0, 1);
    put_figures(&s, 1, "a4", 2, 0);
    put_figures(&s, 2, "a4", 2, 0);
    assert_int_equal(cost_of(&s, "guard a4"), 5);
    assert_int_equal(tikal_field_info(&s, fld("a4")).guard, 0);
    assert_int_equal(tikal_field_info(&s, fld("a4")).leaders, 0);
    assert_int_equal(tikal_field_info(&s, fld("a4")).explorers[1], 2);
    assert_int_equal(tikal_field_info(&s, fld("a4")).explorers[2], 2);
    start_turn(&s, 1, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "uncover a4", "guarded"); /* frozen at 3 */
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 3);
    /* case 3 with other own figures: they leave the game */
    basic_turn(&s, 3);
    put_figures(&s, 0, "a4", 2, 1);
    put_figures(&s, 1, "a4", 2, 0);
    put_figures(&s, 2, "a4", 2, 0);
    act(&s, "guard a4");
    assert_int_equal(s.player[0].removed, 2);
    assert_int_equal(tikal_field_info(&s, fld("a4")).explorers[0], 0);
}

/* WE13 (T20.1, R18): 98 + 5 = 103, kept as it is (display field 3, lap 1
 * is only how the track shows it). */
static void we13_score_wrap(void **state)
{
    tikal_state s;
    char text[4096];
    (void)state;
    before_first_volcano(&s);
    s.player[0].score = 98;
    raise_temple(&s, "a4", 5);
    put_figures(&s, 0, "a4", 1, 0);
    play(&s, "* draw B6");
    play(&s, "1 end");
    assert_int_equal(s.player[0].score, 103);
    tikal_render(&s, text, sizeof text);
    assert_non_null(strstr(text, "seat 1: score 103"));
}

/* DT1 (R5): volcanoes on a2 and b1, every other field but a1 explored: a
 * jungle tile goes on a1 in every rotation and nowhere else. */
static void dt1_only_volcano_neighbours(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX];
    (void)state;
    basic_turn(&s, 2);
    corner_board(&s, NULL);
    hold_tile(&s, 0, "G4"); /* N2 S1: six different rotations */
    int n = tikal_legal_actions(&s, out);
    assert_int_equal(n, 6);
    for (int r = 0; r < 6; r++)
        assert_int_equal(out[r], TIKAL_A_PLACE + fld("a1") * 6 + r);
    expect_illegal(&s, "place h5 r0", "already explored");
    act(&s, "place a1 r5");
}

/* DT2 (R4): an empty field bordering only a volcano is no target for a tile
 * with 2 stones on that edge, while other placements exist. */
static void dt2_volcano_edge_is_no_path(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX];
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c5", "F5", 0);
    hold_tile(&s, 0, "A3"); /* N2 SE1; r5 puts the 2 on NW, toward c5 */
    expect_illegal(&s, "place d5 r5", "no stones on any edge");
    int n = tikal_legal_actions(&s, out);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_not_equal((out[i] - TIKAL_A_PLACE) / 6, fld("d5"));
    act(&s, "place c4 r0");
}

/* DT3 (R11, T12.3): 1 figure, 1 level; a 2nd figure, a 2nd level; no 3rd. */
static void dt3_levels_need_figures(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    raise_temple(&s, "a4", 3);
    put_figures(&s, 0, "a4", 1, 0);
    put_figures(&s, 0, "a5", 1, 0);
    act(&s, "uncover a4");
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 4);
    expect_illegal(&s, "uncover a4", "needs 2 of your figures");
    act(&s, "move E a5 a4");
    act(&s, "uncover a4");
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 5);
    put_figures(&s, 0, "a4", 1, 0);
    expect_illegal(&s, "uncover a4", "2 levels of a4");
}

/* DT4 (R12, T13.3): digs on a field with 3 tokens; another field still. */
static void dt4_digs_need_figures(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c4", "C3", 0); /* 3 tokens; c4|b4 = 0 + 1 */
    put_tile(&s, "c5", "D3", 0); /* 3 tokens */
    put_figures(&s, 0, "c4", 1, 0);
    put_figures(&s, 0, "b4", 1, 0);
    put_figures(&s, 0, "c5", 1, 0);
    act(&s, "dig c4");
    act(&s, "treasure 1");
    expect_illegal(&s, "dig c4", "needs 2 of your figures");
    act(&s, "move E b4 c4");
    act(&s, "dig c4");
    act(&s, "treasure 2");
    assert_int_equal(s.ap, 3);
    expect_illegal(&s, "dig c4", "2 treasures of c4");
    act(&s, "dig c5");
    act(&s, "treasure 3");
    assert_int_equal(s.ap, 0);
}

/* DT5 (R8): value 6; A 4, B 2, C 2: A scores and may guard. A 3, B 3, C 1:
 * nobody scores, nobody may guard. */
static void dt5_tie_below_and_at_the_top(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 3);
    raise_temple(&s, "a4", 6);
    put_figures(&s, 0, "a4", 4, 0);
    put_figures(&s, 1, "a4", 2, 0);
    put_figures(&s, 2, "a4", 2, 0);
    assert_int_equal(tikal_self_score(&s, 0), 6);
    assert_int_equal(tikal_self_score(&s, 1), 0);
    act(&s, "guard a4");
    basic_turn(&s, 3);
    raise_temple(&s, "a4", 6);
    put_figures(&s, 0, "a4", 3, 0);
    put_figures(&s, 1, "a4", 0, 1);
    put_figures(&s, 2, "a4", 1, 0);
    for (int seat = 0; seat < 3; seat++) {
        assert_int_equal(tikal_self_score(&s, seat), 0);
        start_turn(&s, seat, TIKAL_TURN_NORMAL);
        expect_illegal(&s, "guard a4", "majority");
    }
}

/* DT6 (R16, T16.6): B with strength 10 on A's guarded temple cannot uncover
 * or guard it and does not score it; A scores it in every later scoring. */
static void dt6_guarded_temple(void **state)
{
    tikal_state s;
    (void)state;
    before_first_volcano(&s);
    raise_temple(&s, "a4", 4);
    put_figures(&s, 0, "a4", 1, 0);
    start_turn(&s, 0, TIKAL_TURN_NORMAL); /* seat 1's turn, tile placed */
    act(&s, "guard a4");
    put_figures(&s, 1, "a4", 7, 1);
    assert_int_equal(tikal_strength(&s, 1, fld("a4")), 10);
    play(&s, "1 end");
    play(&s, "* draw B6"); /* seat 2 draws the volcano and scores first */
    expect_illegal(&s, "uncover a4", "guarded");
    expect_illegal(&s, "guard a4", "already has a guard");
    play(&s, "2 end");
    assert_int_equal(s.player[1].score, 0);
    play(&s, "1 end");
    assert_int_equal(s.player[0].score, 4);
    place_anywhere(&s);
    assert_int_equal(tikal_self_score(&s, 0), 4); /* and in every later scoring */
    assert_int_equal(tikal_self_score(&s, 1), 0);
}

/* DT7 (R7): two levels in the scoring turn and two more in the post-volcano
 * turn of the same drawer. */
static void dt7_limits_reset_in_volcano_round(void **state)
{
    tikal_state s;
    (void)state;
    before_first_volcano(&s);
    put_figures(&s, 0, "a4", 2, 0);
    play(&s, "* draw B6");
    play(&s, "1 uncover a4");
    play(&s, "1 uncover a4");
    expect_illegal(&s, "uncover a4", "2 levels of a4");
    play(&s, "1 end");
    play(&s, "2 end");
    place_anywhere(&s);
    play(&s, "1 uncover a4");
    play(&s, "1 uncover a4");
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 5);
}

/* DT8 (R19): score 3: a bid of 4 is illegal, 3 legal and leaves 0. */
static void dt8_bid_up_to_score(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 1), GAME_OK);
    s.player[0].score = 3;
    play(&s, "* reveal A1");
    play(&s, "* reveal A2");
    game_score_event events[2];
    game_score_trace trace = {events, 2, 0};
    expect_illegal(&s, "bid 4", "more than your score, 3");
    act_scored(&s, "bid 3", &trace);
    assert_int_equal(trace.count, 0); /* a bid pays nothing until the auction is won */
    act_scored(&s, "pass", &trace);
    assert_int_equal(s.player[0].score, 0);
    assert_int_equal(trace.count, 1); /* the winner pays the bid (T22.5): a payment, not scoring */
    assert_score_event(&trace, 0, 0, -3, "payment", "", "T22.5");
    assert_int_equal(tikal_current_player(&s), 0);
}

/* A four-player auction game at the last free turn of the last round: the
 * board full but for h5, G4 on display for seat `last`. */
static void auction_last_turn(tikal_state *s, int last, const int *scores)
{
    assert_int_equal(tikal_init(s, 4, 1), GAME_OK);
    fill_board_but(s, "G4", "h5");
    for (int p = 0; p < 4; p++) {
        s->player[p].marker_up = p == last;
        s->player[p].score = scores[p];
    }
    s->display[0] = (int8_t)tile_of("G4");
    s->display_count = 4;
    s->stack_used |= 1ULL << tile_of("G4");
    s->phase = TIKAL_PH_TAKE;
    s->actor = (int8_t)last;
}

/* DT9 (R21, T25.2, T25.3): D placed the last tile; A 30, B 25, C 30, D 25:
 * the final order is B, D, A, C. */
static void dt9_final_order_tie_break(void **state)
{
    static const int scores[4] = {30, 25, 30, 25};
    static const int order[4] = {1, 3, 0, 2};
    tikal_state s;
    (void)state;
    auction_last_turn(&s, 3, scores);
    play(&s, "4 take G4");
    place_anywhere(&s);
    play(&s, "4 end");
    for (int i = 0; i < 4; i++) {
        assert_int_equal(s.turn_kind, TIKAL_TURN_FINAL);
        assert_int_equal(tikal_current_player(&s), order[i]);
        assert_int_equal(s.ap, 10);
        act(&s, "end");
    }
    assert_int_equal(tikal_current_player(&s), GAME_TERMINAL);
}

/* DT10 (R20, T24.2): the volcano as the free last tile of a round: the free player
 * runs the T24.1 scoring round before placing it. */
static void dt10_volcano_as_free_last_tile(void **state)
{
    tikal_state s;
    (void)state;
    /* three rounds of A tiles: everybody passes, seat 1 opens each round */
    assert_int_equal(tikal_init(&s, 2, 1), GAME_OK);
    play(&s, "* reveal A1");
    play(&s, "* reveal A2");
    play(&s, "1 pass");
    play(&s, "2 pass");
    play(&s, "1 take A1");
    place_anywhere(&s);
    play(&s, "1 end");
    play(&s, "2 take A2");
    place_anywhere(&s);
    play(&s, "2 end");
    play(&s, "* reveal A3"); /* round 2, opened by seat 1 (left of seat 2) */
    play(&s, "* reveal A4");
    play(&s, "1 pass");
    play(&s, "2 pass");
    play(&s, "1 take A3");
    place_anywhere(&s);
    play(&s, "1 end");
    play(&s, "2 take A4");
    place_anywhere(&s);
    play(&s, "2 end");
    play(&s, "* reveal A5");
    play(&s, "* reveal A6");
    play(&s, "1 pass");
    play(&s, "2 pass");
    play(&s, "1 take A5");
    place_anywhere(&s);
    play(&s, "1 end");
    play(&s, "2 take A6");
    place_anywhere(&s);
    play(&s, "2 end");
    /* round 4: B1 and the volcano B6; seat 1 wins, seat 2 gets B6 for free */
    play(&s, "* reveal B1");
    play(&s, "* reveal B6");
    play(&s, "1 bid 1");
    play(&s, "2 pass");
    play(&s, "1 take B1");
    place_anywhere(&s);
    play(&s, "1 end");
    put_figures(&s, 1, "b5", 1, 0);
    play(&s, "2 take B6");
    assert_int_equal(s.turn_kind, TIKAL_TURN_SCORING);
    assert_int_equal(s.phase, TIKAL_PH_ACTIONS);
    expect_illegal(&s, "place a1 r0", "not now");
    play(&s, "2 end");
    assert_int_equal(s.player[1].score, 21);
    play(&s, "1 end");
    assert_int_equal(s.phase, TIKAL_PH_PLACE);
    assert_int_equal(tikal_current_player(&s), 1);
    place_anywhere(&s);
    assert_int_equal(s.ap, 10);
    play(&s, "2 end");
    assert_int_equal(s.phase, TIKAL_PH_REVEAL); /* the next round */
    assert_int_equal(s.actor, 0);
}

/* DT11 (R22, T26.2): final scores 50, 50, 40: two winners. */
static void dt11_shared_victory(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 0), GAME_OK);
    fill_board_but(&s, "G4", "h5");
    s.player[0].score = 50;
    s.player[1].score = 50;
    s.player[2].score = 40;
    play(&s, "* draw G4");
    place_anywhere(&s);
    play(&s, "1 end");
    play(&s, "2 end");
    play(&s, "3 end");
    play(&s, "1 end");
    assert_int_equal(tikal_current_player(&s), GAME_TERMINAL);
    assert_int_equal(tikal_game.winners(&s), 0x3u);
}

/* DT12 (R15): a camp on the pre-printed jungle is legal; on the base camp,
 * a temple or a treasure with tokens left it is not. */
static void dt12_camp_on_preprinted_jungle(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c4", "C3", 0);
    expect_illegal(&s, "build a5", "jungle or emptied treasure");
    expect_illegal(&s, "build a4", "jungle or emptied treasure");
    expect_illegal(&s, "build b5", "jungle or emptied treasure");
    expect_illegal(&s, "build c4", "jungle or emptied treasure");
    act(&s, "build b4");
    assert_int_equal(tikal_field_info(&s, fld("b4")).camp, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(we1_placement_reachable_from_two_sides),
        cmocka_unit_test(we2_illegal_placement),
        cmocka_unit_test(we3_movement_costs),
        cmocka_unit_test(we4_uncover_4_to_5),
        cmocka_unit_test(we5_no_skipping),
        cmocka_unit_test(we6_majority_swings),
        cmocka_unit_test(we7_scoring_21_plus_8),
        cmocka_unit_test(we8_four_player_auction),
        cmocka_unit_test(we9_treasure_values),
        cmocka_unit_test(we10_exchange_to_complete_a_set),
        cmocka_unit_test(we11_deploy_limit),
        cmocka_unit_test(we12_guard_with_three_expeditions),
        cmocka_unit_test(we13_score_wrap),
        cmocka_unit_test(dt1_only_volcano_neighbours),
        cmocka_unit_test(dt2_volcano_edge_is_no_path),
        cmocka_unit_test(dt3_levels_need_figures),
        cmocka_unit_test(dt4_digs_need_figures),
        cmocka_unit_test(dt5_tie_below_and_at_the_top),
        cmocka_unit_test(dt6_guarded_temple),
        cmocka_unit_test(dt7_limits_reset_in_volcano_round),
        cmocka_unit_test(dt8_bid_up_to_score),
        cmocka_unit_test(dt9_final_order_tie_break),
        cmocka_unit_test(dt10_volcano_as_free_last_tile),
        cmocka_unit_test(dt11_shared_victory),
        cmocka_unit_test(dt12_camp_on_preprinted_jungle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
