/*
 * tikal_flow_test.c -- the rules of rules/tikal.md about whole sequences of
 * turns (T17-T27 with R18-R23, and T5.5/T7.1 for every turn kind): the
 * volcano scoring round, self-scoring, the final round of both games, the
 * auction (rounds, openers, bidding, the free last turn), winners and the
 * two-player game. Positions are reached by playing actions; where a test
 * starts late in a game, the board is filled directly (tikal_fixture.h).
 */
#include "tikal_fixture.h"

/* Reveal the first tiles offered until the bidding starts. */
static void reveal_all_tiles(tikal_state *s)
{
    int out[TIKAL_LEGAL_MAX];
    while (s->phase == TIKAL_PH_REVEAL) {
        assert_true(tikal_legal_actions(s, out) > 0);
        assert_int_equal(tikal_apply(s, out[0], NULL, 0), GAME_OK);
    }
}

/* Counts of `end` actions by turn kind over a whole game. */
typedef struct turn_counts {
    int normal;  /* normal and post-volcano turns */
    int scoring; /* volcano scoring turns */
    int final;   /* final scoring turns */
    int volcano_rounds; /* scoring rounds begun */
} turn_counts;

/* Is the action a draw or a take of a volcano? */
static int picks_volcano(int action)
{
    if (action >= TIKAL_A_DRAW && action < TIKAL_A_REVEAL)
        return tikal_tile(action - TIKAL_A_DRAW)->kind == TIKAL_VOLCANO;
    if (action >= TIKAL_A_TAKE && action < TIKAL_A_BID)
        return tikal_tile(action - TIKAL_A_TAKE)->kind == TIKAL_VOLCANO;
    return 0;
}

/* Play a whole game with the plainest choices: the first chance outcome,
 * pass at every bid, the first tile and placement, and `end` at once. */
static turn_counts quick_game(tikal_state *s, int players, int auction)
{
    turn_counts counts = {0, 0, 0, 0};
    int out[TIKAL_LEGAL_MAX], steps = 0;
    assert_int_equal(tikal_init(s, players, auction), GAME_OK);
    while (tikal_current_player(s) != GAME_TERMINAL) {
        int action;
        assert_true(++steps < 2000);
        if (s->phase == TIKAL_PH_BID)
            action = TIKAL_A_PASS;
        else if (s->phase == TIKAL_PH_ACTIONS) {
            action = TIKAL_A_END;
            assert_int_equal(s->ap, TIKAL_AP); /* T7.1: every turn of every kind has 10 AP */
            if (s->turn_kind == TIKAL_TURN_SCORING)
                counts.scoring++;
            else if (s->turn_kind == TIKAL_TURN_FINAL)
                counts.final++;
            else
                counts.normal++;
        } else {
            assert_true(tikal_legal_actions(s, out) > 0);
            action = out[0];
        }
        counts.volcano_rounds += picks_volcano(action);
        assert_int_equal(tikal_apply(s, action, NULL, 0), GAME_OK);
    }
    return counts;
}

/* T17.1, T19.1, T5.5: a basic game has 36 normal turns (33 tiles + 3
 * post-volcano turns), three volcano scoring rounds and one final round. */
static void t17_1_four_scorings_basic(void **state)
{
    tikal_state s;
    (void)state;
    for (int players = 2; players <= 4; players++) {
        turn_counts c = quick_game(&s, players, 0);
        assert_int_equal(c.volcano_rounds, 3);
        assert_int_equal(c.normal, TIKAL_TILES);
        assert_int_equal(c.scoring, 3 * players);
        assert_int_equal(c.final, players);
        assert_int_equal(s.tiles_placed, TIKAL_TILES);
        expect_illegal(&s, "end", "game is over");
    }
}

/* T21.1, T25.1: the auction game has the same turns and scorings. */
static void t21_1_four_scorings_auction(void **state)
{
    tikal_state s;
    (void)state;
    for (int players = 2; players <= 4; players++) {
        turn_counts c = quick_game(&s, players, 1);
        assert_int_equal(c.volcano_rounds, 3);
        assert_int_equal(c.normal, TIKAL_TILES);
        assert_int_equal(c.scoring, 3 * players);
        assert_int_equal(c.final, players);
        expect_illegal(&s, "pass", "game is over");
    }
}

/* Play the six A tiles of a basic game, one turn each, placing anywhere. */
static void play_group_a(tikal_state *s)
{
    static const char *const draws[] = {"draw A1", "draw A2", "draw A3", "draw A4", "draw A5", "draw A6"};
    for (int i = 0; i < 6; i++) {
        act(s, draws[i]);
        place_anywhere(s);
        act(s, "end");
    }
}

/* T17.2, T17.4, T7.1: the drawer scores first with a 10-AP scoring turn,
 * then the others clockwise, then the drawer places the volcano and plays
 * a 10-AP turn; then the drawer's left neighbour draws. */
static void t17_2_volcano_round_order(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 0), GAME_OK);
    play_group_a(&s);                 /* seats 1 2 3 1 2 3 */
    put_figures(&s, 0, "a4", 1, 0);   /* seat 1 holds a4 (value 1) */
    put_figures(&s, 2, "b5", 1, 0);   /* seat 3 holds b5 (value 1) */
    play(&s, "* draw B6");
    assert_int_equal(tikal_current_player(&s), 0);
    assert_int_equal(s.turn_kind, TIKAL_TURN_SCORING);
    assert_int_equal(s.ap, 10);
    assert_int_equal(s.hand, tile_of("B6")); /* set aside, not on the board */
    for (int f = 0; f < TIKAL_FIELDS; f++)
        assert_int_not_equal(tikal_field_info(&s, f).kind, TIKAL_VOLCANO);
    expect_illegal(&s, "place a1 r0", "not now");
    play(&s, "1 deploy E a5");
    play(&s, "1 end"); /* self-scoring at once: a4 */
    assert_int_equal(s.player[0].score, 1);
    assert_int_equal(tikal_current_player(&s), 1);
    assert_int_equal(s.turn_kind, TIKAL_TURN_SCORING);
    assert_int_equal(s.ap, 10);
    play(&s, "2 end"); /* T17.4: 0 AP spent is fine; nothing to score */
    assert_int_equal(s.player[1].score, 0);
    assert_int_equal(tikal_current_player(&s), 2);
    play(&s, "3 end");
    assert_int_equal(s.player[2].score, 1);
    assert_int_equal(tikal_current_player(&s), 0); /* the drawer places the volcano */
    assert_int_equal(s.phase, TIKAL_PH_PLACE);
    expect_illegal(&s, "end", "not now");
    expect_illegal(&s, "deploy E a5", "not now");
    place_anywhere(&s);
    assert_int_equal(s.tiles_placed, 7);
    assert_int_equal(s.turn_kind, TIKAL_TURN_NORMAL);
    assert_int_equal(s.ap, 10);
    play(&s, "1 deploy E a5");
    play(&s, "1 end"); /* a post-volcano turn does not score */
    assert_int_equal(s.player[0].score, 1);
    assert_int_equal(s.phase, TIKAL_PH_DRAW);
    assert_int_equal(s.actor, 1); /* T17.2.5 */
    play(&s, "* draw B1");
    assert_int_equal(tikal_current_player(&s), 1);
}

/* T17.2 with the drawer elsewhere than seat 1: in a game of four, seat 3
 * draws the volcano: scoring turns 3, 4, 1, 2; then seat 3 places it and
 * plays; then seat 4 draws. */
static void t17_2_volcano_round_wraps_around(void **state)
{
    static const int order[4] = {2, 3, 0, 1};
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 4, 0), GAME_OK);
    play_group_a(&s); /* seats 1 2 3 4 1 2 */
    play(&s, "* draw B6");
    for (int i = 0; i < 4; i++) {
        assert_int_equal(tikal_current_player(&s), order[i]);
        assert_int_equal(s.turn_kind, TIKAL_TURN_SCORING);
        assert_int_equal(s.ap, 10);
        expect_illegal(&s, "place a1 r0", "not now");
        act(&s, "end");
    }
    assert_int_equal(tikal_current_player(&s), 2);
    assert_int_equal(s.phase, TIKAL_PH_PLACE);
    place_anywhere(&s);
    assert_int_equal(s.turn_kind, TIKAL_TURN_NORMAL);
    play(&s, "3 end");
    assert_int_equal(s.phase, TIKAL_PH_DRAW);
    assert_int_equal(s.actor, 3);
}

/* T20.1, R18: the score is an unbounded integer: bids may use all of it
 * beyond 100 (R19). */
static void t20_1_r18_score_unbounded(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX];
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 1), GAME_OK);
    s.player[0].score = 250;
    reveal_all_tiles(&s);
    assert_int_equal(tikal_legal_actions(&s, out), 1 + 250);
    expect_illegal(&s, "bid 251", "more than your score, 250");
    play(&s, "1 bid 250");
    play(&s, "2 pass");
    assert_int_equal(s.player[0].score, 0);
    assert_int_equal(tikal_current_player(&s), 0); /* (past 100 by scoring: WE13) */
}

/* T18.1, T18.2, T18.3: self-scoring = temples with the majority + own guarded
 * temples + treasure points; tied and empty temples score for nobody. */
static void t18_1_self_scoring(void **state)
{
    tikal_state s;
    (void)state;
    basic_turn(&s, 3);
    put_tile(&s, "c5", "A2", 0);
    put_tile(&s, "c4", "A1", 0);
    raise_temple(&s, "a4", 4);
    put_figures(&s, 0, "a4", 1, 0);
    put_figures(&s, 1, "b5", 1, 0); /* b5: tie 1:1 -> nobody */
    put_figures(&s, 2, "b5", 1, 0);
    EDIT_FIELD(&s, fld("c5"), edit.guard = 0); /* c5 guarded by seat 1, empty of figures */
    s.player[0].guards_placed = 1;
    put_figures(&s, 1, "c5", 3, 0);
    /* c4: nobody -> nobody */
    tikal_set_treasures(&s.player[0], 0, 2); /* a pair: 3 */
    tikal_set_treasures(&s.player[0], 5, 1); /* a single: 1 */
    assert_int_equal(tikal_self_score(&s, 0), 4 + 2 + 3 + 1);
    assert_int_equal(tikal_self_score(&s, 1), 0);
    assert_int_equal(tikal_self_score(&s, 2), 0);
    tikal_set_treasures(&s.player[2], 7, 3); /* a triple: 6 */
    assert_int_equal(tikal_self_score(&s, 2), 6);
}

/* T18.4, T17.3: the score rises by the self-scoring at the end of each
 * scoring turn and only then; earlier self-scorings are never revised. */
static void t18_4_score_rises_at_scoring_end(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    play_group_a(&s);
    put_figures(&s, 0, "a4", 1, 0);
    put_figures(&s, 1, "a5", 2, 0);
    play(&s, "* draw B6");
    play(&s, "1 uncover a4");
    assert_int_equal(s.player[0].score, 0);
    play(&s, "1 end");
    assert_int_equal(s.player[0].score, 2);
    play(&s, "2 move E a5 a4");
    play(&s, "2 move E a5 a4"); /* seat 2 now holds a4 */
    play(&s, "2 end");
    assert_int_equal(s.player[1].score, 2);
    assert_int_equal(s.player[0].score, 2); /* stands */
    place_anywhere(&s);
    play(&s, "1 end");
    assert_int_equal(s.player[0].score, 2); /* a post-volcano turn: no scoring */
    expect_illegal(&s, "end", "not now");
}

/* A basic or auction game whose 35 first tiles lie on the board (every
 * field but h5 explored), G4 still to come. */
static void late_game(tikal_state *s, int players, int auction)
{
    assert_int_equal(tikal_init(s, players, auction), GAME_OK);
    fill_board_but(s, "G4", "h5");
    assert_int_equal(s->tiles_placed, 35);
}

/* T19.1, T19.2, T19.3, T5.2.4: after the turn with the 36th tile, a final round
 * from the left neighbour of the last placer, clockwise, each with a 10-AP
 * turn and self-scoring; then the game is over. */
static void t19_2_final_round_basic(void **state)
{
    tikal_state s;
    (void)state;
    late_game(&s, 3, 0);
    s.actor = 1; /* seat 2 draws the last tile */
    put_figures(&s, 0, "a4", 1, 0);
    put_figures(&s, 2, "a5", 2, 0);
    play(&s, "* draw G4");
    place_anywhere(&s);
    assert_int_equal(s.tiles_placed, 36);
    play(&s, "2 end");
    assert_int_equal(s.turn_kind, TIKAL_TURN_FINAL);
    assert_int_equal(tikal_current_player(&s), 2); /* seat 3 first */
    assert_int_equal(s.ap, 10);
    play(&s, "3 move E a5 a4");
    play(&s, "3 move E a5 a4");
    play(&s, "3 end");
    assert_int_equal(s.player[2].score, 1);
    assert_int_equal(tikal_current_player(&s), 0); /* then seat 1 */
    assert_int_equal(s.turn_kind, TIKAL_TURN_FINAL);
    play(&s, "1 end");
    assert_int_equal(s.player[0].score, 0); /* lost a4 in the same round */
    assert_int_equal(tikal_current_player(&s), 1); /* the last placer is last */
    play(&s, "2 end");
    assert_int_equal(tikal_current_player(&s), GAME_TERMINAL);
    expect_illegal(&s, "draw G4", "game is over");
    expect_illegal(&s, "end", "game is over");
}

/* T26.1, T26.2, R22: the highest score wins; a tie for the top shares the win. */
static void t26_winners(void **state)
{
    static const int scores[2][3] = {{41, 50, 40}, {50, 50, 40}};
    static const unsigned expected[2] = {0x2u, 0x3u};
    (void)state;
    for (int c = 0; c < 2; c++) {
        tikal_state s;
        late_game(&s, 3, 0);
        for (int p = 0; p < 3; p++)
            s.player[p].score = scores[c][p];
        play(&s, "* draw G4");
        place_anywhere(&s);
        play(&s, "1 end");
        assert_int_equal(tikal_game.winners(&s), 0u); /* not before the end */
        play(&s, "2 end");
        play(&s, "3 end");
        play(&s, "1 end");
        assert_int_equal(tikal_current_player(&s), GAME_TERMINAL);
        assert_int_equal(tikal_game.winners(&s), expected[c]);
        expect_illegal(&s, "end", "game is over");
    }
}

/* ---- the auction game ------------------------------------------------------ */

/* Take the first displayed tile, place it anywhere and end the turn. */
static void take_place_end(tikal_state *s)
{
    int out[TIKAL_LEGAL_MAX];
    assert_int_equal(s->phase, TIKAL_PH_TAKE);
    assert_true(tikal_legal_actions(s, out) > 0);
    assert_int_equal(tikal_apply(s, out[0], NULL, 0), GAME_OK);
    place_anywhere(s);
    act(s, "end");
}

/* T21.2, T4.3: a round reveals N tiles from the top group, then bids. */
static void t21_2_reveal_n_tiles(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 1), GAME_OK);
    play(&s, "* reveal A2");
    play(&s, "* reveal A5");
    expect_illegal(&s, "reveal A5", "no longer in the stack");
    expect_illegal(&s, "reveal B1", "top group A");
    expect_illegal(&s, "pass", "not now");
    play(&s, "* reveal A6");
    assert_int_equal(s.phase, TIKAL_PH_BID);
    assert_int_equal(tikal_current_player(&s), 0);
    assert_int_equal(s.display_count, 3);
}

/* T21.3, T21.4, T22.1, T22.3, T23.1, T23.2: each turn follows its auction; the
 * mover's marker goes face down; the next auction opens at the first seat
 * clockwise with its marker up; the last player plays free; the next round
 * opens at the last mover's left, all markers up. */
static void t21_3_round_of_auctions(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 1), GAME_OK);
    play(&s, "* reveal A1");
    play(&s, "* reveal A2");
    play(&s, "* reveal A3");
    assert_int_equal(tikal_current_player(&s), 0); /* T22.1a: the start player opens */
    play(&s, "1 bid 1");
    play(&s, "2 pass");
    play(&s, "3 pass");
    assert_int_equal(s.player[0].score, 19); /* T23.1.1: paid */
    expect_illegal(&s, "take B1", "not on display");
    play(&s, "1 take A2"); /* T23.1.2: any of the revealed tiles */
    assert_int_equal(s.phase, TIKAL_PH_PLACE);
    place_anywhere(&s);
    assert_int_equal(s.ap, 10);
    assert_int_equal(s.player[0].marker_up, 1); /* flipped only at the end */
    play(&s, "1 end");
    assert_int_equal(s.player[0].marker_up, 0);
    assert_int_equal(s.phase, TIKAL_PH_BID); /* T21.3: next auction at once */
    assert_int_equal(tikal_current_player(&s), 1); /* T22.1c */
    play(&s, "2 pass");
    assert_int_equal(tikal_current_player(&s), 2); /* seat 1 (marker down) skipped: T22.2 */
    play(&s, "3 bid 20");
    assert_int_equal(s.player[2].score, 0);
    expect_illegal(&s, "take A2", "not on display");
    play(&s, "3 take A3");
    place_anywhere(&s);
    play(&s, "3 end");
    /* T22.3: one eligible player left: no auction, the last tile for free */
    assert_int_equal(s.phase, TIKAL_PH_TAKE);
    assert_int_equal(tikal_current_player(&s), 1);
    expect_illegal(&s, "pass", "not now");
    play(&s, "2 take A1");
    place_anywhere(&s);
    play(&s, "2 end");
    assert_int_equal(s.player[1].score, 20);
    /* T22.1b, T21.4: the next round opens left of seat 2, markers up */
    assert_int_equal(s.phase, TIKAL_PH_REVEAL);
    for (int p = 0; p < 3; p++)
        assert_int_equal(s.player[p].marker_up, 1);
    reveal_all_tiles(&s);
    assert_int_equal(tikal_current_player(&s), 2);
}

/* T22.4: bids rise strictly; who passed is out of this auction; bidding
 * goes round until all but the highest bidder have passed. */
static void t22_4_bidding_rounds(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 1), GAME_OK);
    reveal_all_tiles(&s);
    play(&s, "1 bid 2");
    expect_illegal(&s, "bid 2", "beat the highest bid, 2");
    expect_illegal(&s, "bid 1", "beat");
    play(&s, "2 pass");
    play(&s, "3 bid 3");
    assert_int_equal(tikal_current_player(&s), 0); /* seat 2 has passed: skipped */
    play(&s, "1 bid 4");
    assert_int_equal(tikal_current_player(&s), 2);
    play(&s, "3 bid 5");
    play(&s, "1 bid 6");
    play(&s, "3 pass");
    assert_int_equal(s.phase, TIKAL_PH_TAKE);
    assert_int_equal(tikal_current_player(&s), 0);
    assert_int_equal(s.player[0].score, 14);
    assert_int_equal(s.player[2].score, 20);
}

/* T22.5: when everybody passes, the first to pass (the opener) plays free. */
static void t22_5_all_pass_opener_free(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 4, 1), GAME_OK);
    reveal_all_tiles(&s);
    play(&s, "1 pass");
    play(&s, "2 pass");
    play(&s, "3 pass");
    assert_int_equal(s.phase, TIKAL_PH_BID);
    expect_illegal(&s, "take A1", "not now");
    play(&s, "4 pass");
    assert_int_equal(s.phase, TIKAL_PH_TAKE);
    assert_int_equal(tikal_current_player(&s), 0);
    assert_int_equal(s.player[0].score, 20);
    take_place_end(&s);
    /* the next auction: seat 2 opens; a bid then passes: the bidder wins */
    play(&s, "2 pass");
    play(&s, "3 bid 1");
    play(&s, "4 pass");
    assert_int_equal(tikal_current_player(&s), 2);
    assert_int_equal(s.player[2].score, 19);
}

/* T22.6, R19: bids are 1 to the bidder's score; who cannot beat the bid may
 * only pass. */
static void t22_6_r19_bid_range(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX];
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 1), GAME_OK);
    s.player[1].score = 5;
    reveal_all_tiles(&s);
    assert_int_equal(tikal_legal_actions(&s, out), 1 + 20); /* pass, bid 1..20 */
    expect_illegal(&s, "bid 21", "more than your score, 20");
    play(&s, "1 bid 5");
    assert_int_equal(tikal_legal_actions(&s, out), 1); /* seat 2 cannot beat 5 */
    assert_int_equal(out[0], TIKAL_A_PASS);
    expect_illegal(&s, "bid 6", "more than your score, 5");
    play(&s, "2 pass");
    assert_int_equal(s.player[0].score, 15);
}

/* T23.1.3, T24.1: the auction winner who takes a volcano: a scoring turn,
 * every other player's scoring turn (markers face down included, none
 * flipped), then the volcano and a 10-AP turn, then the marker goes down. */
static void t24_1_volcano_in_auction(void **state)
{
    tikal_state s;
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 1), GAME_OK);
    for (int turn = 0; turn < 6; turn++) { /* two rounds of A tiles, every auction passed */
        reveal_all_tiles(&s);
        while (s.phase == TIKAL_PH_BID)
            act(&s, "pass");
        take_place_end(&s);
    }
    assert_int_equal(s.phase, TIKAL_PH_REVEAL);
    play(&s, "* reveal B6");
    play(&s, "* reveal B1");
    play(&s, "* reveal B2");
    int opener = tikal_current_player(&s);
    int first = (opener + 1) % 3, second = (opener + 2) % 3;
    act(&s, "pass"); /* the opener passes, the next takes the first turn */
    act(&s, "bid 1");
    act(&s, "pass");
    assert_int_equal(tikal_current_player(&s), first);
    take_place_end(&s); /* takes B1, the lowest tile id on display */
    /* the opener and `second` are left; the next auction opens at `second` */
    assert_int_equal(tikal_current_player(&s), second);
    act(&s, "bid 2");
    act(&s, "pass");
    put_figures(&s, opener, "a4", 1, 0);
    act(&s, "take B6");
    assert_int_equal(s.turn_kind, TIKAL_TURN_SCORING);
    assert_int_equal(tikal_current_player(&s), second);
    assert_int_equal(s.ap, 10);
    act(&s, "end");
    assert_int_equal(tikal_current_player(&s), opener);
    act(&s, "end");
    assert_int_equal(s.player[opener].score, 20 + 1);
    assert_int_equal(tikal_current_player(&s), first); /* marker down, scores all the same */
    assert_int_equal(s.turn_kind, TIKAL_TURN_SCORING);
    act(&s, "end");
    assert_int_equal(s.player[first].marker_up, 0);
    assert_int_equal(s.player[opener].marker_up, 1); /* scoring turns flip nothing */
    assert_int_equal(tikal_current_player(&s), second);
    assert_int_equal(s.phase, TIKAL_PH_PLACE);
    expect_illegal(&s, "take B2", "not now");
    place_anywhere(&s);
    assert_int_equal(s.ap, 10);
    assert_int_equal(s.turn_kind, TIKAL_TURN_NORMAL);
    act(&s, "end");
    assert_int_equal(s.player[second].marker_up, 0);
    assert_int_equal(tikal_current_player(&s), opener); /* the last, free turn */
    assert_int_equal(s.phase, TIKAL_PH_TAKE);
}

/* T25.2: the final order is fixed by the scores when the final round
 * starts, lowest first, whatever happens during the round. */
static void t25_2_final_order_fixed(void **state)
{
    tikal_state s;
    (void)state;
    late_game(&s, 3, 1);
    for (int p = 0; p < 3; p++)
        s.player[p].marker_up = p == 2;
    s.display[0] = (int8_t)tile_of("G4");
    s.display_count = 3;
    s.stack_used |= 1ULL << tile_of("G4");
    s.phase = TIKAL_PH_TAKE;
    s.actor = 2;
    s.player[0].score = 30;
    s.player[1].score = 10;
    s.player[2].score = 20;
    for (int m = 0; m < 3; m++) /* seat 2 holds three triples: 18 points to come */
        tikal_set_treasures(&s.player[1], m, 3);
    put_figures(&s, 1, "a5", 1, 1);
    play(&s, "3 take G4");
    place_anywhere(&s);
    play(&s, "3 end");
    assert_int_equal(s.turn_kind, TIKAL_TURN_FINAL);
    assert_int_equal(tikal_current_player(&s), 1); /* 10 first */
    play(&s, "2 move L a5 a4");
    play(&s, "2 move E a5 a4");
    play(&s, "2 uncover a4");
    play(&s, "2 uncover a4"); /* a4 worth 3 */
    play(&s, "2 end");
    assert_int_equal(s.player[1].score, 10 + 18 + 3); /* now the highest */
    assert_int_equal(tikal_current_player(&s), 2); /* still 20 next, then 30 */
    play(&s, "3 end");
    assert_int_equal(tikal_current_player(&s), 0);
    play(&s, "1 end");
    expect_illegal(&s, "end", "game is over"); /* one final turn each */
    assert_int_equal(tikal_current_player(&s), GAME_TERMINAL);
}

/* T27.1, R23: two players: two tiles per round, one auction, then the free
 * last turn; exchanges only with the other seat; majority as ever. */
static void t27_1_r23_two_players(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX];
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 1), GAME_OK);
    play(&s, "* reveal A3");
    play(&s, "* reveal A4");
    assert_int_equal(s.phase, TIKAL_PH_BID);
    play(&s, "1 pass");
    assert_int_equal(s.phase, TIKAL_PH_BID); /* seat 2 may still bid */
    play(&s, "2 bid 1");
    play(&s, "2 take A4");
    place_anywhere(&s);
    tikal_set_treasures(&s.player[1], 0, 1);
    tikal_set_treasures(&s.player[0], 1, 1);
    expect_illegal(&s, "swap 1 3 2", "another player");
    play(&s, "2 swap 1 1 2");
    play(&s, "2 end");
    assert_int_equal(s.phase, TIKAL_PH_TAKE); /* free last turn */
    assert_int_equal(tikal_legal_actions(&s, out), 1);
    play(&s, "1 take A3");
    place_anywhere(&s);
    play(&s, "1 end");
    assert_int_equal(s.phase, TIKAL_PH_REVEAL);
    assert_int_equal(s.actor, 1); /* left of seat 1 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t17_1_four_scorings_basic),
        cmocka_unit_test(t21_1_four_scorings_auction),
        cmocka_unit_test(t17_2_volcano_round_order),
        cmocka_unit_test(t17_2_volcano_round_wraps_around),
        cmocka_unit_test(t20_1_r18_score_unbounded),
        cmocka_unit_test(t18_1_self_scoring),
        cmocka_unit_test(t18_4_score_rises_at_scoring_end),
        cmocka_unit_test(t19_2_final_round_basic),
        cmocka_unit_test(t26_winners),
        cmocka_unit_test(t21_2_reveal_n_tiles),
        cmocka_unit_test(t21_3_round_of_auctions),
        cmocka_unit_test(t22_4_bidding_rounds),
        cmocka_unit_test(t22_5_all_pass_opener_free),
        cmocka_unit_test(t22_6_r19_bid_range),
        cmocka_unit_test(t24_1_volcano_in_auction),
        cmocka_unit_test(t25_2_final_order_fixed),
        cmocka_unit_test(t27_1_r23_two_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
