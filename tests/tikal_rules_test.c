/*
 * tikal_rules_test.c -- the numbered rules of rules/tikal.md from the board
 * to action points and figures (T2-T8 and their resolutions R1-R10), one or
 * a few tests per rule, each named after it; the actions T9-T16 are in
 * tikal_actions_test.c. Every test shows a legal case and an illegal
 * one; an illegal action must be refused with GAME_EILLEGAL, a reason naming
 * what is wrong, and no change at all to the state (tikal_fixture.h). The
 * turn flow, scoring and auction rules are in tikal_flow_test.c, the worked
 * examples in tikal_examples_test.c.
 */
#include "tikal_fixture.h"

/* ---- T2 board and tiles ------------------------------------------------ */

/* T2.1, T2.2: 40 fields, of which exactly the base camp a5, the temples a4
 * and b5 and the jungle b4 are explored at the start; a tile cannot go on
 * a pre-printed field. */
static void t2_1_four_preprinted_fields(void **state)
{
    tikal_state s;
    int explored = 0;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    for (int f = 0; f < TIKAL_FIELDS; f++)
        explored += tikal_field_info(&s, f).kind != TIKAL_EMPTY;
    assert_int_equal(explored, 4);
    assert_int_equal(tikal_field_info(&s, fld("a5")).kind, TIKAL_BASECAMP);
    assert_int_equal(tikal_field_info(&s, fld("a4")).kind, TIKAL_TEMPLE);
    assert_int_equal(tikal_field_info(&s, fld("b5")).kind, TIKAL_TEMPLE);
    assert_int_equal(tikal_field_info(&s, fld("b4")).kind, TIKAL_JUNGLE);
    assert_int_equal(tikal_field_at(7, 4), TIKAL_FIELDS - 1);
    assert_int_equal(tikal_field_at(8, 0), -1);
    hold_tile(&s, 0, "A1");
    act(&s, "place c4 r0"); /* an empty field: legal */
    assert_int_equal(tikal_field_info(&s, fld("c4")).kind, TIKAL_TEMPLE);
    hold_tile(&s, 1, "A6");
    expect_illegal(&s, "place b4 r0", "already explored");
    expect_illegal(&s, "place a5 r0", "already explored");
}

/* T2.3: a placed tile's stones turn with its rotation (edge i -> i+r), and a
 * crossing uses the stones as the tile lies. T2.5: the tables pass the
 * loader's check (counts, volcano groups, no stones facing off the board). */
static void t2_3_stones_turn_with_the_tile(void **state)
{
    tikal_state s;
    const tikal_tile_def *b5 = tikal_tile(tile_of("B5")); /* N2 NE1 */
    char why[WHY_LEN];
    (void)state;
    assert_int_equal(tikal_data_check(why, sizeof why), 0);
    for (int t = 0; t < TIKAL_TILES; t++) { /* a volcano has no stones, every other tile some */
        int stones = 0;
        for (int e = 0; e < 6; e++)
            stones += tikal_tile(t)->stones[e];
        assert_int_equal(stones == 0, tikal_tile(t)->kind == TIKAL_VOLCANO);
    }
    basic_turn(&s, 2);
    hold_tile(&s, 0, "B5");
    act(&s, "place c4 r2");
    for (int e = 0; e < 6; e++)
        assert_int_equal(tikal_field_stones(&s, fld("c4"), (e + 2) % 6), b5->stones[e]);
    /* r2 turned the N2 to SE and the NE1 to S: c4|d4 has 2 on c4's side, c4|c3 none. */
    assert_int_equal(tikal_field_stones(&s, fld("c4"), 2), 2);
    assert_int_equal(tikal_field_stones(&s, fld("c4"), 0), 0);
    put_tile(&s, "c3", "C5", 3); /* jungle N3 turned to S3: c3|c4 = 3 + 0 */
    put_tile(&s, "d4", "C4", 0); /* jungle N1 NE1 S1: nothing on its NW toward c4 */
    put_figures(&s, 0, "c4", 2, 0);
    assert_int_equal(edge_cost(&s, "c4", "d4"), 2 + 0);
    assert_int_equal(edge_cost(&s, "c4", "c3"), 0 + 3);
    assert_int_equal(cost_of(&s, "move E c4 c3"), 3);
    /* c4's SW edge faces b4 with 0 stones on c4's side and 1 on b4's NE. */
    assert_int_equal(cost_of(&s, "move E c4 b4"), 1);
    expect_illegal(&s, "move E b4 a4", "cannot be crossed");
}

/* T2.4, T2.6: a placed temple has its printed value, a treasure tile gets a
 * token per mask; a temple's value is its top level token. */
static void t2_4_printed_values_and_masks(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    hold_tile(&s, 0, "A2");
    act(&s, "place c5 r0");
    assert_int_equal(tikal_field_info(&s, fld("c5")).value, 2);
    act(&s, "end");
    act(&s, "draw A4");
    act(&s, "place c4 r0");
    assert_int_equal(tikal_field_info(&s, fld("c4")).tokens, tikal_tile(tile_of("A4"))->value);
    assert_int_equal(tikal_field_info(&s, fld("c4")).tokens, 4);
    /* T2.6: uncovering puts a token of value v+1 on top */
    put_figures(&s, 1, "c5", 1, 0);
    act(&s, "uncover c5");
    assert_int_equal(tikal_field_info(&s, fld("c5")).value, 3);
    expect_illegal(&s, "uncover c4", "not a temple");
}

/* ---- T3/T4 setup -------------------------------------------------------- */

/* T3.1, T3.3, T3.5: every seat has 18 participants and the leader in supply,
 * 2 camps to build, score 0; the level tokens are sorted into the supply
 * with the counts of T1.1. Nothing is on the board, so nothing can move. */
static void t3_1_basic_setup(void **state)
{
    static const int levels[TIKAL_MAX_LEVEL + 1] = {0, 0, 3, 6, 9, 11, 8, 5, 3, 2, 1};
    tikal_state s;
    (void)state;
    for (int players = 2; players <= 4; players++) {
        assert_int_equal(tikal_init(&s, players, 0), GAME_OK);
        assert_int_equal(s.players, players);
        for (int p = 0; p < players; p++) {
            assert_int_equal(s.player[p].explorers_in_supply, 18);
            assert_int_equal(s.player[p].leader_in_supply, 1);
            assert_int_equal(s.player[p].score, 0);
            assert_int_equal(s.player[p].camps_built, 0);
            for (int m = 0; m < TIKAL_MOTIFS; m++)
                assert_int_equal(tikal_treasures(&s.player[p], m), 0);
        }
        for (int f = 0; f < TIKAL_FIELDS; f++) {
            assert_int_equal(tikal_field_info(&s, f).leaders, 0);
            for (int p = 0; p < GAME_MAX_PLAYERS; p++)
                assert_int_equal(tikal_field_info(&s, f).explorers[p], 0);
        }
        for (int v = 0; v <= TIKAL_MAX_LEVEL; v++)
            assert_int_equal(s.level_supply[v], levels[v]);
    }
    assert_int_equal(tikal_init(&s, 1, 0), GAME_EOPTION);
    assert_int_equal(tikal_init(&s, 5, 0), GAME_EOPTION);
    assert_int_equal(tikal_init(&s, 2, 2), GAME_EOPTION);
    basic_turn(&s, 2);
    expect_illegal(&s, "move E a5 b4", "you have no explorer");
}

/* T3.2: the stack is drawn group by group, A first, G last; a tile of a
 * later group cannot be drawn while the top group has tiles. */
static void t3_2_stack_by_groups(void **state)
{
    static const char *const group_a[] = {"A1", "A2", "A3", "A4", "A5", "A6"};
    tikal_state s;
    int out[TIKAL_LEGAL_MAX];
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    assert_int_equal(tikal_current_player(&s), GAME_CHANCE);
    assert_int_equal(tikal_legal_actions(&s, out), 6);
    expect_illegal(&s, "draw B1", "top group A");
    for (int i = 0; i < 6; i++) { /* play six turns with the A tiles, then B is on top */
        char draw[16];
        snprintf(draw, sizeof draw, "draw %s", group_a[i]);
        act(&s, draw);
        place_anywhere(&s);
        act(&s, "end");
    }
    expect_illegal(&s, "draw A3", "no longer in the stack");
    assert_int_equal(tikal_legal_actions(&s, out), 6); /* B1..B6 */
    for (int i = 0; i < 6; i++)
        assert_int_equal(tikal_tile(out[i] - TIKAL_A_DRAW)->group, 'B');
    expect_illegal(&s, "draw C1", "top group B");
    act(&s, "draw B2");
}

/* T3.4, R1: the treasure found by a dig is a chance outcome over the tokens
 * not yet dug, each motif weighted by how many of its tokens are left; a
 * motif whose three tokens are all dug cannot come up. */
static void t3_4_r1_treasure_supply(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX];
    double probability[TIKAL_LEGAL_MAX];
    int n;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    tikal_set_treasures(&s.player[1], 0, 3); /* motif 1 all dug */
    tikal_set_treasures(&s.player[1], 1, 2); /* one motif-2 token left */
    put_figures(&s, 0, "d4", 1, 0);
    act(&s, "dig d4");
    assert_int_equal(tikal_current_player(&s), GAME_CHANCE);
    n = tikal_chance_outcomes(&s, out, probability);
    assert_int_equal(n, 7);
    assert_int_equal(out[0], TIKAL_A_TREASURE + 1);
    assert_float_equal(probability[0], 1.0 / 19, 1e-12);
    for (int i = 1; i < n; i++)
        assert_float_equal(probability[i], 3.0 / 19, 1e-12);
    expect_illegal(&s, "treasure 1", "already dug");
    act(&s, "treasure 2");
    assert_int_equal(tikal_treasures(&s.player[0], 1), 1);
    assert_int_equal(tikal_current_player(&s), 0);
}

/* T3.6, R2, T5.1: seat 1 (index 0) starts, turns pass clockwise. */
static void t3_6_start_seat_and_clockwise(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 0), GAME_OK);
    play(&s, "* draw A1");
    assert_int_equal(tikal_current_player(&s), 0);
    play(&s, "1 place c4 r0");
    play(&s, "1 end");
    play(&s, "* draw A2");
    assert_int_equal(tikal_current_player(&s), 1);
    play(&s, "2 place c5 r0");
    play(&s, "2 end");
    play(&s, "* draw A3");
    play(&s, "3 place b3 r0");
    play(&s, "3 end");
    play(&s, "* draw A4");
    assert_int_equal(tikal_current_player(&s), 0);
    /* the seat to act is the only one: nobody else's action exists in the state */
    expect_illegal(&s, "end", "not now");
}

/* T4.1, T4.2, T4.3: the auction game starts at 20 points each, markers face up, and
 * tiles are revealed, never drawn. */
static void t4_auction_setup(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 1), GAME_OK);
    for (int p = 0; p < 3; p++) {
        assert_int_equal(s.player[p].score, 20);
        assert_int_equal(s.player[p].marker_up, 1);
    }
    assert_int_equal(tikal_current_player(&s), GAME_CHANCE);
    assert_int_equal(s.phase, TIKAL_PH_REVEAL);
    expect_illegal(&s, "draw A1", "not now");
    act(&s, "reveal A1");
    assert_int_equal(s.display[0], tile_of("A1"));
}

/* ---- T5 turn structure ---------------------------------------------------- */

/* T5.2, T5.3: draw, then the tile must be placed before any action; the
 * turn ends only with `end`. */
static void t5_2_draw_place_act_end(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    expect_illegal(&s, "deploy E a5", "not now");
    play(&s, "* draw A6");
    assert_int_equal(s.phase, TIKAL_PH_PLACE);
    expect_illegal(&s, "deploy E a5", "not now");
    expect_illegal(&s, "end", "not now");
    expect_illegal(&s, "draw A1", "not now");
    play(&s, "1 place c4 r0");
    assert_int_equal(s.ap, 10);
    expect_illegal(&s, "place c5 r0", "not now");
    play(&s, "1 deploy E a5");
    play(&s, "1 end");
    assert_int_equal(s.phase, TIKAL_PH_DRAW);
}

/* T5.4: the hidden tokens are not in the state: a dig waits for chance, and
 * what has been dug is public in the collection. */
static void t5_4_hidden_until_dug(void **state)
{
    tikal_state s, seen;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_figures(&s, 0, "d4", 1, 0);
    act(&s, "dig d4");
    assert_int_equal(tikal_current_player(&s), GAME_CHANCE);
    expect_illegal(&s, "end", "not now");
    tikal_game.observation(&s, 1, &seen);
    assert_memory_equal(&seen, &s, sizeof s);
    act(&s, "treasure 4");
    assert_int_equal(tikal_treasures(&s.player[0], 3), 1);
}

/* ---- T6 placement ----------------------------------------------------------- */

/* T6.1, R3: any empty field next to an explored one, in any of the six
 * rotations; never a field without an explored neighbour. */
static void t6_1_r3_adjacent_any_rotation(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX], at_c4 = 0;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    play(&s, "* draw A1"); /* temple N2 NE1: six different rotations */
    int n = tikal_legal_actions(&s, out);
    for (int i = 0; i < n; i++)
        at_c4 += (out[i] - TIKAL_A_PLACE) / 6 == fld("c4");
    assert_int_equal(at_c4, 6);
    expect_illegal(&s, "place e3 r0", "does not border");
    expect_illegal(&s, "place c3 r0", "does not border");
    play(&s, "1 place c4 r3");
    assert_int_equal(tikal_field_info(&s, fld("c4")).rotation, 3);
}

/* T6.2: a shared edge with an explored field must carry a stone, on either
 * side. */
static void t6_2_path_condition(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c5", "A2", 0); /* temple N2 S1: nothing toward d5 */
    hold_tile(&s, 1, "A6");      /* jungle N1 NE1 S1 */
    /* d5's only explored neighbour is c5 (NW); c5 has 0 stones on that edge */
    expect_illegal(&s, "place d5 r0", "no stones on any edge"); /* NW gets stones[5] = 0 */
    expect_illegal(&s, "place d5 r1", "no stones on any edge"); /* NW gets stones[4] = 0 */
    act(&s, "place d5 r2");                                    /* NW gets stones[3] = 1 */
    assert_int_equal(tikal_field_info(&s, fld("d5")).kind, TIKAL_JUNGLE);
    /* the stone may be on the neighbour's side only: b3 borders a4 (NE1) */
    hold_tile(&s, 0, "C5"); /* jungle N3 only */
    act(&s, "place b3 r0"); /* b3's SW is empty of stones, a4's NE has 1 */
}

/* T6.3, R4: an edge shared with a volcano never satisfies the path
 * condition, even with the new tile's stones on it. */
static void t6_3_r4_volcano_edge_gives_no_path(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c5", "B6", 0); /* a volcano next to b4 and b5 */
    hold_tile(&s, 0, "A2");     /* N2 S1 */
    /* d5 borders only c5 (NW); r5 turns the two stones onto NW */
    expect_illegal(&s, "place d5 r5", "no stones on any edge");
    expect_illegal(&s, "place d4 r4", "no stones on any edge"); /* d4|c5 = SW, r4: SW gets 2 */
    act(&s, "place c4 r0");                                    /* c4 borders b4 with b4's NE1 */
}

/* T6.4: a volcano needs only a neighbour; rotations are one placement. */
static void t6_4_volcano_adjacency_only(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX];
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c5", "A2", 0);
    hold_tile(&s, 0, "D5");
    int n = tikal_legal_actions(&s, out);
    /* frontier: a3 b3 c4 d4 d5; one placement each */
    assert_int_equal(n, 5);
    expect_illegal(&s, "place e3 r0", "does not border");
    act(&s, "place d5 r4"); /* no stones face d5 from c5, still legal; r4 is r0 */
    assert_int_equal(tikal_field_info(&s, fld("d5")).kind, TIKAL_VOLCANO);
    assert_int_equal(tikal_field_info(&s, fld("d5")).rotation, 0);
}

/* T6.5, R5: with no placement meeting the path condition anywhere, any
 * adjacent field in any rotation; while one exists, the condition holds. */
static void t6_5_r5_path_condition_waived(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX];
    (void)state;
    basic_turn(&s, 2);
    corner_board(&s, "h5"); /* a1 next to volcanoes only, h5 next to stones */
    hold_tile(&s, 0, "G4"); /* jungle N2 S1: six different rotations */
    expect_illegal(&s, "place a1 r0", "no stones on any edge");
    act(&s, "place h5 r0");
    EDIT_FIELD(&s, fld("h5"), edit.tokens = 0);
    hold_tile(&s, 1, "G1"); /* now only a1 is left: the condition is waived */
    assert_int_equal(tikal_legal_actions(&s, out), 6);
    expect_illegal(&s, "place h5 r0", "already explored");
    act(&s, "place a1 r3");
}

/* T6.6, R6: a treasure tile gets one token per mask; when fewer are left,
 * all that are left. */
static void t6_6_r6_tokens_on_treasure_tiles(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    hold_tile(&s, 0, "A4"); /* 4 masks */
    act(&s, "place c4 r0");
    assert_int_equal(tikal_field_info(&s, fld("c4")).tokens, 4);
    assert_int_equal(s.tokens_placed, 4);
    s.tokens_placed = TIKAL_TOKENS - 2; /* as if 22 were already out */
    hold_tile(&s, 0, "A5");            /* 4 masks, 2 tokens left */
    act(&s, "place c5 r0");
    assert_int_equal(tikal_field_info(&s, fld("c5")).tokens, 2);
    assert_int_equal(s.tokens_placed, TIKAL_TOKENS);
    put_figures(&s, 0, "c5", 2, 0);
    act(&s, "dig c5");
    act(&s, "treasure 1");
    act(&s, "dig c5");
    act(&s, "treasure 2");
    start_turn(&s, 0, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "dig c5", "no treasure is left");
}

/* T6.7, T11.3: nobody enters a volcano, whatever the stones beside it. */
static void t6_7_volcano_never_entered(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_tile(&s, "d3", "B6", 0); /* north of d4, whose N edge has 2 stones */
    put_figures(&s, 0, "d4", 1, 0);
    assert_int_equal(edge_cost(&s, "d4", "d3"), 0);
    expect_illegal(&s, "move E d4 d3", "volcano");
    act(&s, "move E d4 c4"); /* the way back is open */
}

/* T6.8: the last tile is a G tile, never a volcano, and volcanoes are at
 * least six stack positions apart (groups B, D, F with C and E between). */
static void t6_8_stack_invariants(void **state)
{
    int first[7] = {0}, last[7] = {0}, position = 0, volcano_at[3], v = 0;
    (void)state;
    for (int g = 0; g < 7; g++) {
        first[g] = position;
        for (int t = 0; t < TIKAL_TILES; t++)
            if (tikal_tile(t)->group == 'A' + g) {
                if (tikal_tile(t)->kind == TIKAL_VOLCANO)
                    volcano_at[v++] = g;
                position++;
            }
        last[g] = position - 1;
    }
    assert_int_equal(v, 3);
    assert_int_equal(last[6], TIKAL_TILES - 1);
    for (int t = 0; t < TIKAL_TILES; t++)
        if (tikal_tile(t)->group == 'G')
            assert_int_not_equal(tikal_tile(t)->kind, TIKAL_VOLCANO);
    for (int i = 0; i + 1 < 3; i++) /* closest: last of one group to first of the next */
        assert_true(first[volcano_at[i + 1]] - last[volcano_at[i]] >= 6);
    /* in play: with 35 tiles out, the last draw is G4 and no volcano is left */
    tikal_state s;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    fill_board_but(&s, "G4", "h5");
    expect_illegal(&s, "draw F5", "no longer in the stack");
    act(&s, "draw G4");
    assert_int_equal(s.phase, TIKAL_PH_PLACE);
}

/* ---- T7 action points --------------------------------------------------------- */

/* T7.1, T7.2: every turn has exactly 10 AP; what is left at `end` is lost. */
static void t7_2_unspent_ap_lost(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    play(&s, "* draw A1");
    play(&s, "1 place c4 r0");
    assert_int_equal(s.ap, 10);
    play(&s, "1 deploy E a5");
    play(&s, "1 end"); /* 9 AP lost */
    play(&s, "* draw A2");
    play(&s, "2 place c5 r0");
    assert_int_equal(s.ap, 10);
    play(&s, "2 end");
    play(&s, "* draw A3");
    play(&s, "1 place b3 r0");
    assert_int_equal(s.ap, 10); /* not 19 */
    for (int i = 0; i < 10; i++)
        play(&s, "1 deploy E a5");
    assert_int_equal(s.ap, 0);
    expect_illegal(&s, "deploy E a5", "not enough action points");
    play(&s, "1 end"); /* end is legal even with 0 AP */
}

/* T7.3: an action costing more than the AP left is illegal; actions mix in
 * any order. */
static void t7_3_cost_above_remaining(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_figures(&s, 0, "c5", 1, 0);
    put_figures(&s, 0, "d4", 1, 0);
    assert_int_equal(cost_of(&s, "move E c5 c4"), 3); /* 7 */
    assert_int_equal(cost_of(&s, "deploy E a5"), 1);  /* 6 */
    assert_int_equal(cost_of(&s, "dig d4"), 3);       /* 3 */
    act(&s, "treasure 1");
    assert_int_equal(cost_of(&s, "move E a5 b4"), 1); /* 2 */
    expect_illegal(&s, "move E c4 d4", "not enough action points"); /* 3 > 2 */
    expect_illegal(&s, "build b4", "not enough action points");    /* 5 > 2 */
    assert_int_equal(cost_of(&s, "move E b4 a5"), 1);
}

/* T7.4, R7: per-turn limits start afresh with every turn. */
static void t7_4_r7_limits_per_turn(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 2, 0);
    act(&s, "uncover a4");
    act(&s, "uncover a4");
    expect_illegal(&s, "uncover a4", "already uncovered this turn");
    act(&s, "end");
    start_turn(&s, 0, TIKAL_TURN_NORMAL); /* a later turn of the same seat */
    act(&s, "uncover a4");
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 4);
}

/* T7.5: the cost of every action. */
static void t7_5_costs(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_figures(&s, 0, "d4", 1, 0);
    put_figures(&s, 0, "a4", 1, 0);
    tikal_set_treasures(&s.player[0], 0, 1);
    tikal_set_treasures(&s.player[1], 1, 1);
    assert_int_equal(cost_of(&s, "deploy E a5"), 1);
    assert_int_equal(cost_of(&s, "uncover a4"), 2);
    assert_int_equal(cost_of(&s, "move E d4 c4"), 3);
    assert_int_equal(cost_of(&s, "swap 1 2 2"), 3);
    start_turn(&s, 0, TIKAL_TURN_NORMAL);
    assert_int_equal(cost_of(&s, "build b4"), 5);
    assert_int_equal(cost_of(&s, "path E a5 b4"), 1);
    put_figures(&s, 0, "d4", 1, 0);
    assert_int_equal(cost_of(&s, "dig d4"), 3);
    act(&s, "treasure 3");
    expect_illegal(&s, "guard a4", "not enough action points"); /* 5 > 1 */
    start_turn(&s, 0, TIKAL_TURN_NORMAL);
    assert_int_equal(cost_of(&s, "guard a4"), 5);
}

/* ---- T8 figures, strength, majority ------------------------------------------------ */

/* T8.1: the leader costs the same as a participant for every action. */
static void t8_1_leader_same_costs(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    assert_int_equal(cost_of(&s, "deploy L a5"), 1);
    assert_int_equal(cost_of(&s, "deploy E a5"), 1);
    assert_int_equal(cost_of(&s, "move L a5 b5"), 2);
    assert_int_equal(cost_of(&s, "move E a5 b5"), 2);
    assert_int_equal(cost_of(&s, "move L b5 c5"), 1);
    expect_illegal(&s, "deploy L a5", "no leader left");
}

/* T8.2: for numbers of figures the leader is one figure: alone it allows one
 * level; with a participant two. */
static void t8_2_leader_counts_one_for_numbers(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 0, 1);
    act(&s, "uncover a4");
    expect_illegal(&s, "uncover a4", "needs 2 of your figures");
    put_figures(&s, 0, "a4", 1, 0);
    act(&s, "uncover a4");
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 3);
}

/* T8.3: strength = participants + 3 for the leader. */
static void t8_3_strength(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 2, 1);
    put_figures(&s, 1, "a4", 4, 0);
    assert_int_equal(tikal_strength(&s, 0, fld("a4")), 5);
    assert_int_equal(tikal_strength(&s, 1, fld("a4")), 4);
    assert_int_equal(tikal_strength(&s, 1, fld("b5")), 0);
    assert_int_equal(tikal_majority(&s, fld("a4")), 0);
    start_turn(&s, 1, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "guard a4", "majority"); /* 4 figures, but 4 < 5 */
    start_turn(&s, 0, TIKAL_TURN_NORMAL);
    act(&s, "guard a4"); /* 3 figures, strength 5 with the leader's 3 */
}

/* T8.4: majority is a plurality: with three players more than each other
 * player, not more than half. */
static void t8_4_majority_is_plurality(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 3);
    put_figures(&s, 0, "a4", 3, 0);
    put_figures(&s, 1, "a4", 2, 0);
    put_figures(&s, 2, "a4", 2, 0);
    assert_int_equal(tikal_majority(&s, fld("a4")), 0); /* 3 of 7 */
    start_turn(&s, 1, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "guard a4", "majority");
    start_turn(&s, 0, TIKAL_TURN_NORMAL);
    act(&s, "guard a4");
    assert_int_equal(tikal_majority(&s, fld("b5")), -1); /* nobody there */
}

/* T8.5, R8: a tie for the top voids the majority, a tie below does not. */
static void t8_5_r8_tie_at_top_only(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 3);
    put_figures(&s, 0, "a4", 4, 0);
    put_figures(&s, 1, "a4", 2, 0);
    put_figures(&s, 2, "a4", 2, 0);
    assert_int_equal(tikal_majority(&s, fld("a4")), 0);
    put_figures(&s, 1, "b5", 0, 1);
    put_figures(&s, 2, "b5", 3, 0);
    put_figures(&s, 0, "b5", 1, 0);
    assert_int_equal(tikal_majority(&s, fld("b5")), -1);
    start_turn(&s, 1, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "guard b5", "majority");
    start_turn(&s, 0, TIKAL_TURN_NORMAL);
    act(&s, "guard a4");
}

/* T8.6, R9: other players' figures, camps and guards never block a move. */
static void t8_6_r9_no_blocking(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_figures(&s, 1, "b4", 5, 1);
    put_camp(&s, 1, "b4");
    put_figures(&s, 1, "c5", 3, 0);
    EDIT_FIELD(&s, fld("b5"), edit.guard = 1);
    s.player[1].guards_placed = 1;
    put_figures(&s, 0, "a5", 2, 0);
    act(&s, "move E a5 b4"); /* onto seat 2's camp and figures */
    act(&s, "move E b4 c5"); /* through seat 2's figures */
    act(&s, "move E c5 b5"); /* onto seat 2's guarded temple */
    expect_illegal(&s, "deploy E b4", "neither the base camp nor one of your camps");
    expect_illegal(&s, "path E a5 b4", "secret paths");
}

/* T8.7, R10: no action brings a figure back to the supply. */
static void t8_7_r10_figures_never_return(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX], n;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a5", 18, 1);
    expect_illegal(&s, "deploy E a5", "no explorer left");
    expect_illegal(&s, "deploy L a5", "no leader left");
    n = tikal_legal_actions(&s, out);
    for (int i = 0; i < n; i++)
        assert_false(out[i] >= TIKAL_A_DEPLOY && out[i] < TIKAL_A_PATH);
    act(&s, "move E a5 b4");
    assert_int_equal(s.player[0].explorers_in_supply, 0);
}

/* tikal_check, the state checker of the generic tests: a position reached
 * by legal actions passes; one figure too many (T3.1), a level token gone
 * from the supply without a temple rising (T3.3, T12.2) or a treasure token
 * from nowhere (T6.6) is named as the broken count. */
static void t3_1_state_checker(void **state)
{
    tikal_state s, broken;
    char why[WHY_LEN] = "";
    (void)state;
    basic_turn(&s, 3);
    act(&s, "deploy E a5");
    act(&s, "deploy L a5");
    assert_int_equal(tikal_check(&s, why, sizeof why), GAME_OK);
    broken = s;
    EDIT_FIELD(&broken, fld("a5"), edit.explorers[0]++);
    assert_int_equal(tikal_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "20 figures, not 19 (T3.1)"));
    broken = s;
    broken.level_supply[5]--;
    assert_int_equal(tikal_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "(T12.2)"));
    broken = s;
    tikal_set_treasures(&broken.player[1], 0, 1);
    assert_int_equal(tikal_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "(T6.6)"));
}

/* tikal_check names a treasure field dug more than twice in a turn (T13.3)
 * as such, not as a value off a temple. */
static void t13_3_state_checker_digs(void **state)
{
    tikal_state s;
    char why[WHY_LEN] = "";
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    assert_int_equal(tikal_check(&s, why, sizeof why), GAME_OK);
    s.square[fld("d4")] |= 3u << TIKAL_SQ_ACTED_SHIFT;
    assert_int_equal(tikal_check(&s, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "3 digs this turn (T13.3)"));
}

/* tikal_set_field writes what the packed state can hold and refuses the
 * rest without a change: a value only on a temple (T2.6), tokens only on a
 * treasure field (T6.6), a pre-printed field only as printed (T2.1), no
 * tile beyond the 36 (T1.1), no third camp of a seat (T15.1c). */
static void set_field_refuses_what_no_field_holds(void **state)
{
    tikal_state s, before;
    (void)state;
    basic_turn(&s, 2);
    tikal_field b4 = tikal_field_info(&s, fld("b4")), a5 = tikal_field_info(&s, fld("a5"));
    assert_int_equal(b4.kind, TIKAL_JUNGLE);
    before = s;
    b4.value = 3;
    assert_int_equal(tikal_set_field(&s, fld("b4"), &b4), GAME_EOPTION);
    b4.value = 0;
    b4.tokens = 1;
    assert_int_equal(tikal_set_field(&s, fld("b4"), &b4), GAME_EOPTION);
    b4.tokens = 0;
    b4.kind = TIKAL_TEMPLE;
    assert_int_equal(tikal_set_field(&s, fld("b4"), &b4), GAME_EOPTION);
    b4.tile = TIKAL_TILES;
    assert_int_equal(tikal_set_field(&s, fld("b4"), &b4), GAME_EOPTION);
    a5.explorers[1] = TIKAL_EXPLORERS + 1;
    assert_int_equal(tikal_set_field(&s, fld("a5"), &a5), GAME_EOPTION);
    assert_memory_equal(&s, &before, sizeof s);
    /* seat 2's camps: two are held, a third is refused, one written again
     * or moved is not */
    int camps[3] = {fld("b4"), fld("b5"), fld("c5")};
    tikal_field camp[3];
    for (int i = 0; i < 3; i++) {
        camp[i] = tikal_field_info(&s, camps[i]);
        camp[i].camp = 1;
    }
    assert_int_equal(tikal_set_field(&s, camps[0], &camp[0]), GAME_OK);
    assert_int_equal(tikal_set_field(&s, camps[1], &camp[1]), GAME_OK);
    tikal_state two = s;
    assert_int_equal(tikal_set_field(&s, camps[2], &camp[2]), GAME_EOPTION);
    assert_memory_equal(&s, &two, sizeof s);
    assert_int_equal(tikal_set_field(&s, camps[1], &camp[1]), GAME_OK);
    assert_memory_equal(&s, &two, sizeof s);
    camp[1].camp = -1;
    assert_int_equal(tikal_set_field(&s, camps[1], &camp[1]), GAME_OK);
    assert_int_equal(tikal_set_field(&s, camps[2], &camp[2]), GAME_OK);
    assert_int_equal(tikal_field_info(&s, camps[2]).camp, 1);
    s = before;
    /* what a field can hold is written, and read back the same */
    a5.explorers[1] = 3;
    a5.leaders = 1;
    assert_int_equal(tikal_set_field(&s, fld("a5"), &a5), GAME_OK);
    tikal_field back = tikal_field_info(&s, fld("a5"));
    assert_memory_equal(&back, &a5, sizeof back);
    assert_int_equal(tikal_leader_field(&s, 0), fld("a5"));
    assert_int_equal(tikal_explorers(&s, 1, fld("a5")), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t2_1_four_preprinted_fields),
        cmocka_unit_test(t2_3_stones_turn_with_the_tile),
        cmocka_unit_test(t2_4_printed_values_and_masks),
        cmocka_unit_test(t3_1_basic_setup),
        cmocka_unit_test(t3_2_stack_by_groups),
        cmocka_unit_test(t3_4_r1_treasure_supply),
        cmocka_unit_test(t3_6_start_seat_and_clockwise),
        cmocka_unit_test(t4_auction_setup),
        cmocka_unit_test(t5_2_draw_place_act_end),
        cmocka_unit_test(t5_4_hidden_until_dug),
        cmocka_unit_test(t6_1_r3_adjacent_any_rotation),
        cmocka_unit_test(t6_2_path_condition),
        cmocka_unit_test(t6_3_r4_volcano_edge_gives_no_path),
        cmocka_unit_test(t6_4_volcano_adjacency_only),
        cmocka_unit_test(t6_5_r5_path_condition_waived),
        cmocka_unit_test(t6_6_r6_tokens_on_treasure_tiles),
        cmocka_unit_test(t6_7_volcano_never_entered),
        cmocka_unit_test(t6_8_stack_invariants),
        cmocka_unit_test(t7_2_unspent_ap_lost),
        cmocka_unit_test(t7_3_cost_above_remaining),
        cmocka_unit_test(t7_4_r7_limits_per_turn),
        cmocka_unit_test(t7_5_costs),
        cmocka_unit_test(t8_1_leader_same_costs),
        cmocka_unit_test(t8_2_leader_counts_one_for_numbers),
        cmocka_unit_test(t8_3_strength),
        cmocka_unit_test(t8_4_majority_is_plurality),
        cmocka_unit_test(t8_5_r8_tie_at_top_only),
        cmocka_unit_test(t8_6_r9_no_blocking),
        cmocka_unit_test(t8_7_r10_figures_never_return),
        cmocka_unit_test(t3_1_state_checker),
        cmocka_unit_test(t13_3_state_checker_digs),
        cmocka_unit_test(set_field_refuses_what_no_field_holds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
