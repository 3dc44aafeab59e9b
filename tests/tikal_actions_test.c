/*
 * tikal_actions_test.c -- the actions of rules/tikal.md (T9-T16 and their
 * resolutions R11-R17): deploy, secret paths, moves, uncovering, digging,
 * exchanges, camps and guards, one or a few tests per rule, each named
 * after it. Every test shows a legal case and an illegal one; an illegal
 * action must be refused with GAME_EILLEGAL, a reason naming what is wrong,
 * and no change at all to the state (tikal_fixture.h).
 */
#include "tikal_fixture.h"

/* ---- T9 deploy ------------------------------------------------------------------- */

/* T9.1, T9.2: from the supply to the base camp or an own camp, never to
 * another player's camp or any other field. */
static void t9_1_deploy_targets(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c4", "A6", 0);
    put_camp(&s, 0, "c4");
    put_camp(&s, 1, "b4");
    act(&s, "deploy E a5");
    act(&s, "deploy L c4");
    assert_int_equal(tikal_field_info(&s, fld("a5")).explorers[0], 1);
    assert_int_equal(tikal_field_info(&s, fld("c4")).leaders, 1);
    assert_int_equal(s.player[0].explorers_in_supply, 17);
    assert_int_equal(s.player[0].leader_in_supply, 0);
    expect_illegal(&s, "deploy E b4", "neither the base camp nor one of your camps");
    expect_illegal(&s, "deploy E a4", "neither the base camp nor one of your camps");
}

/* T9.3: deploys are limited only by AP and the supply; figures removed
 * from the game cannot be deployed again. */
static void t9_3_deploy_limits(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 17, 0);
    EDIT_FIELD(&s, fld("a4"), edit.explorers[0] = 0); /* 17 removed from the game by a guard */
    tikal_reindex(&s);
    s.player[0].removed = 17;
    act(&s, "deploy E a5");
    expect_illegal(&s, "deploy E a5", "no explorer left");
    act(&s, "deploy L a5");
    assert_int_equal(s.ap, 8);
}

/* ---- T10 secret paths -------------------------------------------------------------- */

/* T10.1: base camp -> own camp, own camp -> base camp, own camp -> own camp,
 * 1 AP, ignoring stones; nothing else. */
static void t10_1_secret_paths(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "h1", "A6", 0); /* far away, no stones toward anything */
    put_tile(&s, "e3", "B4", 0);
    put_camp(&s, 0, "h1");
    put_camp(&s, 0, "e3");
    put_figures(&s, 0, "a5", 2, 1);
    put_figures(&s, 0, "a4", 1, 0);
    assert_int_equal(cost_of(&s, "path E a5 h1"), 1);
    assert_int_equal(cost_of(&s, "path E h1 e3"), 1);
    assert_int_equal(cost_of(&s, "path E e3 a5"), 1);
    assert_int_equal(cost_of(&s, "path L a5 e3"), 1);
    expect_illegal(&s, "path E a5 a5", "secret paths");
    expect_illegal(&s, "path E a4 a5", "secret paths");
    expect_illegal(&s, "path E a5 b4", "secret paths");
    expect_illegal(&s, "path L a5 h1", "you have no leader on a5");
}

/* T10.2: only the owner uses a camp's secret paths. */
static void t10_2_only_owner(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_camp(&s, 1, "b4");
    put_figures(&s, 0, "b4", 1, 0);
    put_figures(&s, 0, "a5", 1, 0);
    expect_illegal(&s, "path E a5 b4", "secret paths");
    expect_illegal(&s, "path E b4 a5", "secret paths");
    assert_int_equal(cost_of(&s, "move E b4 a5"), 1); /* b4 is reached and left by crossings */
    start_turn(&s, 1, TIKAL_TURN_NORMAL);
    put_figures(&s, 1, "a5", 1, 0);
    act(&s, "path E a5 b4");
}

/* ---- T11 moving ------------------------------------------------------------------ */

/* T11.1: a crossing costs the stones on both sides of the edge. */
static void t11_1_cost_is_both_sides(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_figures(&s, 0, "c5", 1, 0);
    assert_int_equal(edge_cost(&s, "c5", "c4"), 3);
    assert_int_equal(edge_cost(&s, "c4", "c5"), 3); /* the same edge both ways */
    assert_int_equal(cost_of(&s, "move E c5 c4"), 3);
    expect_illegal(&s, "move E c5 c4", "you have no explorer on c5");
}

/* T11.2: an edge without stones cannot be crossed. */
static void t11_2_no_stones_no_crossing(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 1, 0);
    assert_int_equal(edge_cost(&s, "a4", "b4"), 0);
    expect_illegal(&s, "move E a4 b4", "cannot be crossed");
    act(&s, "move E a4 a5");
    act(&s, "move E a5 b4"); /* the detour */
}

/* T11.3: the target must be explored. */
static void t11_3_target_explored(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "b4", 1, 0);
    expect_illegal(&s, "move E b4 b3", "not explored"); /* b4's N has a stone, b3 is empty */
    expect_illegal(&s, "move E b4 c4", "not explored");
    act(&s, "move E b4 a5");
}

/* T11.4: a crossing is paid in full at once or not at all. */
static void t11_4_atomic_crossing(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_figures(&s, 0, "c5", 1, 0);
    s.ap = 2;
    expect_illegal(&s, "move E c5 c4", "not enough action points");
    assert_int_equal(tikal_field_info(&s, fld("c5")).explorers[0], 1);
    act(&s, "move E c5 b5");
    assert_int_equal(s.ap, 1);
}

/* T11.5: any number of figures, any number of crossings, paths add up. */
static void t11_5_many_crossings(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_figures(&s, 0, "a5", 2, 0);
    act(&s, "move E a5 b4"); /* 1 */
    act(&s, "move E b4 c5"); /* 1 */
    act(&s, "move E c5 b5"); /* 1 */
    act(&s, "move E b5 a5"); /* 2 */
    act(&s, "move E a5 b4"); /* 1, the other... any explorer */
    act(&s, "move E b4 c4"); /* 1 */
    act(&s, "move E c4 c5"); /* 3 */
    assert_int_equal(s.ap, 0);
    expect_illegal(&s, "move E a5 b4", "not enough action points");
}

/* ---- T12 uncovering ---------------------------------------------------------------- */

/* T12.1: a temple, not guarded, an own figure on it, the next token left;
 * majority not needed. */
static void t12_1_uncover_preconditions(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 1, 0);
    put_figures(&s, 1, "a4", 5, 0); /* seat 2 has the majority: irrelevant */
    put_figures(&s, 0, "b4", 1, 0);
    expect_illegal(&s, "uncover b4", "not a temple");
    expect_illegal(&s, "uncover b5", "needs 1 of your figures");
    act(&s, "uncover a4");
    EDIT_FIELD(&s, fld("b5"), edit.guard = 1);
    put_figures(&s, 0, "b5", 1, 0);
    expect_illegal(&s, "uncover b5", "guarded");
}

/* T12.2, T12.4: one level at a time, never skipping a value; with no token
 * of the next value left the temple can never rise again; 10 is the top. */
static void t12_2_no_skipping_and_running_out(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 2, 0);
    put_figures(&s, 0, "b5", 2, 0);
    raise_temple(&s, "b5", 9);
    act(&s, "uncover b5");
    assert_int_equal(tikal_field_info(&s, fld("b5")).value, 10);
    assert_int_equal(s.level_supply[10], 0);
    start_turn(&s, 0, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "uncover b5", "no level token of value 11");
    raise_temple(&s, "a4", 5);
    s.level_supply[6] = 0; /* every 6 already on temples, 7s left */
    assert_true(s.level_supply[7] > 0);
    expect_illegal(&s, "uncover a4", "no level token of value 6");
    act(&s, "end");
}

/* T12.3: at most two levels per temple per turn; other temples still. */
static void t12_3_two_levels_per_temple(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 3, 0);
    put_figures(&s, 0, "b5", 3, 0);
    act(&s, "uncover a4");
    act(&s, "uncover a4");
    expect_illegal(&s, "uncover a4", "2 levels of a4 are already uncovered");
    act(&s, "uncover b5");
    act(&s, "uncover b5");
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 3);
    assert_int_equal(tikal_field_info(&s, fld("b5")).value, 3);
    /* the levels uncovered, as the observation tells them (T12.2) */
    assert_int_equal(tikal_levels_uncovered(&s, fld("a4")), 2);
    assert_int_equal(tikal_levels_uncovered(&s, fld("b5")), 2);
    assert_int_equal(tikal_levels_uncovered(&s, fld("a5")), 0); /* the base camp: no temple */
}

/* T12.5, R11: the k-th level in a turn needs k own figures, who may arrive
 * during the turn. */
static void t12_5_r11_kth_level_k_figures(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 1, 0);
    put_figures(&s, 0, "a5", 1, 0);
    act(&s, "uncover a4");
    expect_illegal(&s, "uncover a4", "level 2 of a4 this turn needs 2");
    act(&s, "move E a5 a4");
    act(&s, "uncover a4");
}

/* ---- T13 digging ------------------------------------------------------------------- */

/* T13.1, T13.2: a treasure field with tokens and an own figure; the top
 * token goes into the digger's collection. */
static void t13_1_dig_preconditions(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_figures(&s, 1, "d4", 3, 0);
    expect_illegal(&s, "dig d4", "needs 1 of your figures");
    put_figures(&s, 0, "c4", 1, 0);
    expect_illegal(&s, "dig c4", "not a treasure field");
    act(&s, "move E c4 d4");
    act(&s, "dig d4");
    assert_int_equal(tikal_field_info(&s, fld("d4")).tokens, 3);
    act(&s, "treasure 8");
    assert_int_equal(tikal_treasures(&s.player[0], 7), 1);
    assert_int_equal(tikal_treasures(&s.player[1], 7), 0);
}

/* T13.3: at most two tokens per treasure field per turn; other fields still. */
static void t13_3_two_digs_per_field(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_tile(&s, "c3", "C3", 0);
    put_figures(&s, 0, "d4", 3, 0);
    put_figures(&s, 0, "c3", 1, 0);
    act(&s, "dig d4");
    act(&s, "treasure 1");
    act(&s, "dig d4");
    act(&s, "treasure 2");
    s.ap = 10; /* only the limit matters here */
    expect_illegal(&s, "dig d4", "2 treasures of d4 are already dug");
    act(&s, "dig c3");
    act(&s, "treasure 3");
}

/* T13.4, R12: the k-th dig on a field in a turn needs k own figures. */
static void t13_4_r12_kth_dig_k_figures(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_figures(&s, 0, "d4", 0, 1);
    put_figures(&s, 0, "c4", 1, 0);
    act(&s, "dig d4");
    act(&s, "treasure 1");
    expect_illegal(&s, "dig d4", "dig 2 on d4 this turn needs 2");
    act(&s, "move E c4 d4");
    act(&s, "dig d4");
    assert_int_equal(s.ap, 1);
}

/* T13.5, T15.1a: an emptied treasure field counts as jungle for camps. */
static void t13_5_emptied_treasure_is_jungle(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    expect_illegal(&s, "build d4", "jungle or emptied treasure");
    EDIT_FIELD(&s, fld("d4"), edit.tokens = 0);
    act(&s, "build d4");
    assert_int_equal(tikal_field_info(&s, fld("d4")).camp, 0);
}

/* ---- T14 exchange ------------------------------------------------------------------ */

/* T14.1: the active player gives one token and takes one; the opponent
 * cannot refuse. */
static void t14_1_exchange_effect(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 3);
    tikal_set_treasures(&s.player[0], 0, 1);
    tikal_set_treasures(&s.player[2], 4, 1);
    act(&s, "swap 1 3 5");
    assert_int_equal(tikal_treasures(&s.player[0], 0), 0);
    assert_int_equal(tikal_treasures(&s.player[0], 4), 1);
    assert_int_equal(tikal_treasures(&s.player[2], 0), 1);
    assert_int_equal(tikal_treasures(&s.player[2], 4), 0);
    expect_illegal(&s, "swap 5 1 1", "another player");
    expect_illegal(&s, "swap 5 3 5", "take only a single"); /* seat 3 has no 5 any more */
}

/* T14.2, R13: both tokens must be singles. */
static void t14_2_r13_singles_only(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    tikal_set_treasures(&s.player[0], 0, 2);
    tikal_set_treasures(&s.player[0], 1, 1);
    tikal_set_treasures(&s.player[1], 2, 2);
    tikal_set_treasures(&s.player[1], 3, 1);
    expect_illegal(&s, "swap 1 2 4", "give only a single");
    expect_illegal(&s, "swap 2 2 3", "take only a single");
    expect_illegal(&s, "swap 2 2 2", "take only a single");
    act(&s, "swap 2 2 4");
}

/* T14.3: several exchanges per turn, each checked at its moment; a pair made
 * by an exchange is protected at once. */
static void t14_3_several_exchanges(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 3);
    tikal_set_treasures(&s.player[0], 1, 1);
    tikal_set_treasures(&s.player[0], 2, 1);
    tikal_set_treasures(&s.player[0], 3, 1);
    tikal_set_treasures(&s.player[1], 0, 1);
    tikal_set_treasures(&s.player[2], 0, 1);
    tikal_set_treasures(&s.player[2], 5, 1);
    act(&s, "swap 2 2 1");
    act(&s, "swap 3 3 1");
    assert_int_equal(tikal_treasures(&s.player[0], 0), 2);
    expect_illegal(&s, "swap 1 2 2", "give only a single");
    act(&s, "swap 4 2 2");
    assert_int_equal(s.ap, 1);
}

/* T14.4, R14: swapping two singles of the same motif is legal. */
static void t14_4_r14_same_motif(void **state)
{
    tikal_state s, before;
    (void)state;
    basic_turn(&s, 2);
    tikal_set_treasures(&s.player[0], 6, 1);
    tikal_set_treasures(&s.player[1], 6, 1);
    memcpy(&before, &s, sizeof s);
    act(&s, "swap 7 2 7");
    before.ap = 7;
    assert_memory_equal(&before, &s, sizeof s);
    tikal_set_treasures(&s.player[1], 6, 2);
    expect_illegal(&s, "swap 7 2 7", "take only a single");
}

/* ---- T15 camps --------------------------------------------------------------------- */

/* T15.1: jungle or emptied treasure, no camp yet, fewer than two built; no
 * own figure needed. */
static void t15_1_build_preconditions(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c4", "A6", 0);
    put_tile(&s, "c5", "B4", 0);
    put_tile(&s, "c3", "C4", 0);
    put_camp(&s, 1, "c3");
    put_figures(&s, 1, "c4", 2, 0);
    act(&s, "build c4"); /* nobody of mine there, others' figures there */
    expect_illegal(&s, "build c4", "already has a camp");
    expect_illegal(&s, "build c3", "already has a camp");
    act(&s, "build c5");
    start_turn(&s, 0, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "build b4", "both your camps");
}

/* T15.2, T15.3, R15: never the base camp, a temple, a treasure with tokens, a
 * volcano; the pre-printed jungle is eligible. */
static void t15_2_r15_never_eligible(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    we3_board(&s);
    put_tile(&s, "c3", "B6", 0);
    expect_illegal(&s, "build a5", "jungle or emptied treasure");
    expect_illegal(&s, "build a4", "jungle or emptied treasure");
    expect_illegal(&s, "build d4", "jungle or emptied treasure");
    expect_illegal(&s, "build c3", "jungle or emptied treasure");
    expect_illegal(&s, "build e1", "jungle or emptied treasure");
    act(&s, "build b4");
}

/* T15.4: the owner deploys into the camp and uses its paths; others may
 * enter and stay but not deploy there. */
static void t15_4_camp_for_owner(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a5", 1, 0);
    act(&s, "build b4");
    act(&s, "deploy E b4");
    act(&s, "path E a5 b4");
    assert_int_equal(tikal_field_info(&s, fld("b4")).explorers[0], 2);
    act(&s, "end");
    start_turn(&s, 1, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "deploy E b4", "neither the base camp nor one of your camps");
    act(&s, "deploy E a5");
    act(&s, "move E a5 b4");
    expect_illegal(&s, "path E b4 a5", "secret paths");
}

/* ---- T16 guards -------------------------------------------------------------------- */

/* T16.1: an unguarded temple, the majority, fewer than two guards placed. */
static void t16_1_guard_preconditions(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c5", "A2", 0);
    put_figures(&s, 0, "a4", 1, 0);
    put_figures(&s, 0, "b5", 1, 0);
    put_figures(&s, 0, "c5", 1, 0);
    put_figures(&s, 0, "b4", 3, 0);
    expect_illegal(&s, "guard b4", "not a temple");
    act(&s, "guard a4");
    act(&s, "guard b5");
    start_turn(&s, 0, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "guard c5", "both your guards");
    assert_int_equal(s.player[0].guards_placed, 2);
}

/* T16.2, R16: one guard per temple. */
static void t16_2_r16_one_guard_per_temple(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 1, 0);
    act(&s, "guard a4");
    start_turn(&s, 1, TIKAL_TURN_NORMAL);
    put_figures(&s, 1, "a4", 6, 0);
    expect_illegal(&s, "guard a4", "already has a guard");
    put_figures(&s, 1, "b5", 1, 0);
    act(&s, "guard b5");
}

/* T16.3, R17: one own figure stands guard, every other own figure there
 * leaves the game (the leader too, unless chosen); others stay. */
static void t16_3_r17_others_removed(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 3);
    put_figures(&s, 0, "a4", 3, 1);
    put_figures(&s, 1, "a4", 2, 0);
    put_figures(&s, 2, "a4", 2, 1);
    act(&s, "guard a4"); /* 6 > 5 */
    assert_int_equal(tikal_field_info(&s, fld("a4")).guard, 0);
    assert_int_equal(tikal_field_info(&s, fld("a4")).explorers[0], 0);
    assert_int_equal(tikal_field_info(&s, fld("a4")).leaders, 1u << 2);
    assert_int_equal(tikal_field_info(&s, fld("a4")).explorers[1], 2);
    assert_int_equal(tikal_field_info(&s, fld("a4")).explorers[2], 2);
    assert_int_equal(s.player[0].removed, 3);
    assert_int_equal(s.player[0].explorers_in_supply, 15);
    assert_int_equal(s.player[0].leader_in_supply, 0);
    expect_illegal(&s, "deploy L a5", "no leader left");
}

/* T16.4: the guard never moves. */
static void t16_4_guard_stays(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 1, 0);
    act(&s, "guard a4");
    expect_illegal(&s, "move E a4 a5", "you have no explorer on a4");
    act(&s, "deploy E a5");
    act(&s, "move E a5 a4"); /* another figure may come and go */
    act(&s, "move E a4 a5");
    assert_int_equal(tikal_field_info(&s, fld("a4")).guard, 0);
}

/* T16.5: a guarded temple is frozen. */
static void t16_5_guarded_temple_frozen(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    put_figures(&s, 0, "a4", 2, 0);
    act(&s, "uncover a4");
    act(&s, "guard a4");
    put_figures(&s, 0, "a4", 2, 0);
    expect_illegal(&s, "uncover a4", "guarded");
    assert_int_equal(tikal_field_info(&s, fld("a4")).value, 2);
}

/* T16.6: a guarded temple scores for its guard's owner only, whatever the
 * strengths, in the very turn it was guarded too. */
static void t16_6_guard_scores_for_owner(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    s.turn_kind = TIKAL_TURN_SCORING;
    s.volcano_player = 0;
    s.scoring_turns_left = 2;
    s.hand = (int8_t)tile_of("B6"); /* seat 1 drew the volcano */
    s.stack_used |= 1ULL << s.hand;
    put_figures(&s, 0, "a4", 1, 0);
    raise_temple(&s, "a4", 4);
    act(&s, "guard a4");
    put_figures(&s, 1, "a4", 9, 0);
    assert_int_equal(tikal_self_score(&s, 0), 4);
    assert_int_equal(tikal_self_score(&s, 1), 0);
    act(&s, "end");
    assert_int_equal(s.player[0].score, 4);
    assert_int_equal(tikal_current_player(&s), 1);
    expect_illegal(&s, "guard a4", "already has a guard");
    act(&s, "end");
    assert_int_equal(s.player[1].score, 0);
}

/* T16.7: any figure enters, leaves and stays on a guarded temple. */
static void t16_7_figures_on_guarded_temple(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 2);
    EDIT_FIELD(&s, fld("b5"), edit.guard = 1);
    s.player[1].guards_placed = 1;
    put_figures(&s, 0, "a5", 1, 1);
    act(&s, "move L a5 b5");
    act(&s, "move E a5 b5");
    act(&s, "move E b5 a5");
    assert_int_equal(tikal_field_info(&s, fld("b5")).leaders, 1);
    expect_illegal(&s, "guard b5", "already has a guard");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t9_1_deploy_targets),
        cmocka_unit_test(t9_3_deploy_limits),
        cmocka_unit_test(t10_1_secret_paths),
        cmocka_unit_test(t10_2_only_owner),
        cmocka_unit_test(t11_1_cost_is_both_sides),
        cmocka_unit_test(t11_2_no_stones_no_crossing),
        cmocka_unit_test(t11_3_target_explored),
        cmocka_unit_test(t11_4_atomic_crossing),
        cmocka_unit_test(t11_5_many_crossings),
        cmocka_unit_test(t12_1_uncover_preconditions),
        cmocka_unit_test(t12_2_no_skipping_and_running_out),
        cmocka_unit_test(t12_3_two_levels_per_temple),
        cmocka_unit_test(t12_5_r11_kth_level_k_figures),
        cmocka_unit_test(t13_1_dig_preconditions),
        cmocka_unit_test(t13_3_two_digs_per_field),
        cmocka_unit_test(t13_4_r12_kth_dig_k_figures),
        cmocka_unit_test(t13_5_emptied_treasure_is_jungle),
        cmocka_unit_test(t14_1_exchange_effect),
        cmocka_unit_test(t14_2_r13_singles_only),
        cmocka_unit_test(t14_3_several_exchanges),
        cmocka_unit_test(t14_4_r14_same_motif),
        cmocka_unit_test(t15_1_build_preconditions),
        cmocka_unit_test(t15_2_r15_never_eligible),
        cmocka_unit_test(t15_4_camp_for_owner),
        cmocka_unit_test(t16_1_guard_preconditions),
        cmocka_unit_test(t16_2_r16_one_guard_per_temple),
        cmocka_unit_test(t16_3_r17_others_removed),
        cmocka_unit_test(t16_4_guard_stays),
        cmocka_unit_test(t16_5_guarded_temple_frozen),
        cmocka_unit_test(t16_6_guard_scores_for_owner),
        cmocka_unit_test(t16_7_figures_on_guarded_temple),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
