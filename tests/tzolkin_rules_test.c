/*
 * tzolkin_rules_test.c -- the numbered rules of rules/tzolkin.md, each with a
 * legal and an illegal case (the rule id leads every test name), the
 * notation of Z23 (canonical texts, accepted alternative forms, private
 * information), and perft-style counts of the legal-action tree from fixed
 * positions.
 */
#include <stdlib.h>

#include "tzolkin_fixture.h"

#define PERFT_P1 6L
#define PERFT_P2 41L
#define PERFT_P3 270L
#define PERFT_P4 635L
/* The mid-game position reaches a market (UXM6): since a visit is a
 * sequence of steps (2^k cubes of one resource) and an end, not one choice
 * of final holdings, its counts are those of the steps (were 312, 4380). */
#define PERFT_Q1 21L
#define PERFT_Q2 216L
#define PERFT_Q3 2013L

/* Z2.3, ZR17: harvest tiles per group = players. */
static void z2_3_jungle(void **state)
{
    (void)state;
    tzolk_state s;
    for (int n = 2; n <= 4; n++) {
        assert_int_equal(tzolk_init(&s, n), 0);
        assert_int_equal(s.jungle[0][1], n);
        assert_int_equal(s.jungle[0][0], 0);
        for (int k = 1; k < 4; k++) {
            assert_int_equal(s.jungle[k][0], n);
            assert_int_equal(s.jungle[k][2], 4 - n);
        }
    }
    assert_int_not_equal(tzolk_init(&s, 5), 0);
    assert_int_not_equal(tzolk_init(&s, 1), 0);
}

/* Z2.4, Z2.6, Z23.7: setup chance lines, counts and probabilities. */
static void z2_6_setup_chance(void **state)
{
    (void)state;
    tzolk_state s;
    int out[64];
    double pr[64];
    assert_int_equal(tzolk_init(&s, 2), 0);
    assert_int_equal(tzolkin_game.chance_outcomes(&s, out, pr), 2);
    assert_true(pr[0] == 0.5);
    fx_reject(&s, "start 3");
    fx_do(&s, "start 2");
    assert_int_equal(s.token, 1);
    fx_do(&s, "monument M13");
    fx_reject(&s, "monument M13");
    assert_int_equal(tzolkin_game.chance_outcomes(&s, out, pr), 12);
    fx_do(&s, "monument M01");
    fx_do(&s, "monument M02");
    fx_do(&s, "monument M03");
    assert_int_equal(s.phase, TZOLK_PH_SETUP_BUILD); /* 4 monuments with 2 players */
    fx_reject(&s, "building B2-01");
    assert_int_equal(tzolkin_game.chance_outcomes(&s, out, pr), 14);
    for (int b = 1; b <= 6; b++) {
        char line[32];
        snprintf(line, sizeof line, "building B1-%02d", b);
        fx_do(&s, line);
    }
    assert_int_equal(s.phase, TZOLK_PH_DEAL);
    assert_int_equal(tzolkin_game.chance_outcomes(&s, out, pr), 21);
    /* Z2.7: the seat being dealt */
    fx_reject(&s, "deal 2 W01");
    fx_do(&s, "deal 1 W01");
    fx_reject(&s, "deal 1 W01");
    char text[64];
    tzolk_action_to_text(&s, TZOLK_A_DEAL + 5, text, sizeof text);
    assert_string_equal(text, "deal 1 W06");
}

/* Z2.9: two players stop at 12 markers; Z2.10 keep only own tiles. */
static void z2_9_z2_10_blocks_and_keep(void **state)
{
    (void)state;
    tzolk_state s;
    fx_setup_raw(&s, 2);
    assert_int_equal(s.blockers, 12);
    assert_int_equal(s.phase, TZOLK_PH_KEEP);
    fx_reject(&s, "keep W01 W05");
    fx_reject(&s, "keep W01 W01");
    fx_do(&s, "keep W02 W01");
    fx_reject(&s, "keep W01 W02");
    assert_int_equal(s.actor, 1);
    fx_do(&s, "keep W06 W08");
    assert_int_equal(s.phase, TZOLK_PH_TURN);
    assert_int_equal(s.player[1].keep_mask, 0xa);
}

/* Z4.1: a turn places or picks, never both, never nothing. */
static void z4_1_turn_shape(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.player[0].corn = 10;
    fx_put(&s, 0, TZOLK_YAX, 5);
    fx_reject(&s, "end");
    fx_do(&s, "place PAL");
    fx_reject(&s, "pick YAX5 YAX5");
    fx_do(&s, "end");
    fx_turn(&s, 0);
    fx_do(&s, "pick YAX5 none");
    fx_reject(&s, "place PAL");
    fx_reject(&s, "beg CHAAC");
    fx_do(&s, "end");
}

/* Z4.2: begging needs 2 corn or less, at the start of the turn. */
static void z4_2_begging(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.player[0].corn = 3;
    fx_reject(&s, "beg CHAAC");
    s.player[0].corn = 2;
    fx_put(&s, 0, TZOLK_YAX, 5);
    assert_true(fx_legal(&s, "beg CHAAC")); /* ZR23: also with a worker on a gear */
    assert_true(fx_legal(&s, "place PAL"));
    fx_do(&s, "place PAL");
    fx_reject(&s, "beg CHAAC");
}

/* Z4.3: forced begging. */
static void z4_3_forced_begging(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.start_space = 1;
    for (int g = 0; g < TZOLK_GEARS; g++)
        tzolk_set_piece(&s, g, 0, TZOLK_BLOCKER);
    s.player[0].corn = 0;
    fx_reject(&s, "place PAL");
    assert_true(fx_legal(&s, "beg QUETZ"));
    fx_do(&s, "beg QUETZ");
    assert_int_equal(s.player[0].corn, 3);
    fx_do(&s, "place PAL");
    assert_int_equal(s.player[0].corn, 2);
}

/* Z5.1, Z5.2: workers from hand only; a full gear cannot be chosen. */
static void z5_placement(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.player[0].corn = 100;
    for (int p = 0; p <= 7; p++)
        tzolk_set_piece(&s, TZOLK_YAX, p, TZOLK_BLOCKER);
    fx_reject(&s, "place YAX");
    assert_int_equal(tzolk_lowest_free(&s, TZOLK_YAX), -1);
    fx_do(&s, "place CHI");
    fx_do(&s, "place CHI");
    fx_do(&s, "place CHI");
    assert_int_equal(s.player[0].hand, 0);
    fx_reject(&s, "place CHI");
    assert_int_equal(s.player[0].corn, 100 - (0 + 2 + 4));
}

/* Z6.1-Z6.3: picking up: own workers only, step back paid, free choice,
 * position 0. */
static void z6_pick_up(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 1, TZOLK_YAX, 4);
    fx_put(&s, 0, TZOLK_YAX, 7);
    fx_put(&s, 0, TZOLK_PAL, 0);
    fx_put(&s, 0, TZOLK_CHI, 0);
    fx_reject(&s, "pick YAX4 YAX4");
    fx_reject(&s, "pick YAX3 none");
    fx_reject(&s, "pick PAL0 PAL1");
    fx_reject(&s, "pick CHI0 CHI1"); /* THEO 0 */
    fx_reject(&s, "pick YAX7 YAX7");  /* a free-choice position is not an action */
    fx_do(&s, "pick YAX7 YAX5");
    assert_int_equal(s.player[0].corn, 2); /* no step-back corn */
    fx_do(&s, "pick PAL0 none");
    s.player[0].tech[TZOLK_THEO] = 1;
    s.player[0].skulls = 1;
    fx_do(&s, "pick CHI0 CHI1");
    assert_int_equal(s.player[0].vp, 4);
}

/* Z6.5, Z7.5: an exhausted Palenque group cannot be chosen. */
static void z6_5_exhausted_group(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_PAL, 2);
    s.jungle[0][1] = 0;
    s.jungle[0][2] = 4;
    s.player[0].tech[TZOLK_AGRI] = 1;
    fx_reject(&s, "pick PAL2 PAL2");
    s.player[0].tech[TZOLK_AGRI] = 2;
    fx_do(&s, "pick PAL2 PAL2");
    assert_int_equal(s.player[0].corn, 5);
    assert_int_equal(s.player[0].corn_tiles, 0);
}

/* Z7.1: fishing, AGRI 2 adds 1; AGRI 1 does not. */
static void z7_1_fishing(void **state)
{
    (void)state;
    for (int agri = 1; agri <= 2; agri++) {
        tzolk_state s;
        fx_game(&s, 4);
        fx_put(&s, 0, TZOLK_PAL, 1);
        s.player[0].tech[TZOLK_AGRI] = (uint8_t)agri;
        fx_do(&s, "pick PAL1 PAL1");
        assert_int_equal(s.player[0].corn, agri == 2 ? 4 : 3);
        fx_reject(&s, "corn");
    }
}

/* Z7.3: wood mode with EXTR 1; corn needs a showing tile below AGRI 2. */
static void z7_3_modes(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_PAL, 5);
    s.player[0].tech[TZOLK_EXTR] = 1;
    fx_do(&s, "pick PAL5 PAL5");
    fx_reject(&s, "corn");
    fx_do(&s, "wood");
    assert_int_equal(s.player[0].res[0], 5);
    assert_int_equal(s.jungle[3][1], 1);
}

/* Z8: Yaxchilan gains and their technology modifiers. */
static void z8_yaxchilan(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_YAX, 5);
    fx_put(&s, 0, TZOLK_YAX, 4);
    fx_put(&s, 0, TZOLK_YAX, 1);
    s.player[0].tech[TZOLK_EXTR] = 3;
    s.player[0].tech[TZOLK_THEO] = 3;
    s.skull_supply = 1;
    fx_do(&s, "pick YAX5 YAX5");
    assert_int_equal(s.player[0].res[2], 2);
    assert_int_equal(s.player[0].res[1], 2);
    assert_int_equal(s.player[0].corn, 2);
    fx_do(&s, "pick YAX4 YAX4");
    assert_int_equal(s.player[0].skulls, 1); /* ZR02: only 1 left */
    assert_int_equal(s.skull_supply, 0);
    fx_do(&s, "pick YAX1 YAX1");
    assert_int_equal(s.player[0].res[0], 2);
    fx_reject(&s, "pick YAX2 YAX2");
}

/* Z9.2, Z9.5: a filled slot or no skull; THEO 2 pays for a temple step. */
static void z9_chichen_itza(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_CHI, 3);
    s.chi_slots = 1u << 3;
    s.player[0].skulls = 1;
    s.player[0].corn = 1;
    fx_reject(&s, "pick CHI3 CHI3");
    s.player[0].skulls = 0;
    fx_reject(&s, "pick CHI3 CHI2");
    s.player[0].skulls = 1;
    s.player[0].tech[TZOLK_THEO] = 2;
    s.player[0].res[1] = 1;
    fx_do(&s, "pick CHI3 CHI2");
    fx_reject(&s, "temple CHAAC w");
    fx_do(&s, "temple KUKUL s");
    assert_int_equal(s.player[0].temple[TZOLK_KUKUL], 2);
    assert_int_equal(s.player[0].temple[TZOLK_CHAAC], 2);
    assert_int_equal(s.player[0].vp, 5);
}

/* Z10.1, Z12.2: a paid step costs its level; Z10.3 two bonuses. */
static void z10_technology(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_TIK, 1);
    fx_reject(&s, "pick TIK1 TIK1");
    s.player[0].tech[TZOLK_AGRI] = 1;
    s.player[0].res[0] = 1;
    s.player[0].res[2] = 1;
    fx_do(&s, "pick TIK1 TIK1");
    fx_reject(&s, "tech AGRI w");
    fx_reject(&s, "tech AGRI ww");
    fx_do(&s, "tech AGRI gw");
    assert_int_equal(s.player[0].tech[TZOLK_AGRI], 2);
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_TIK, 3);
    s.player[0].tech[TZOLK_ARCH] = 3;
    s.player[0].res[0] = 2;
    fx_do(&s, "pick TIK3 TIK3");
    fx_do(&s, "tech ARCH w");
    fx_do(&s, "tech ARCH w");
    assert_int_equal(s.player[0].vp, 6);
    assert_int_equal(s.player[0].tech[TZOLK_ARCH], 3);
    assert_int_equal(s.sp, 0);
}

/* Z1.7, Z12.4: the four bonuses beyond level 3 (paid at 1 cube). */
static void z12_4_bonuses(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_TIK, 3);
    fx_put(&s, 0, TZOLK_TIK, 1);
    for (int x = 0; x < 4; x++)
        s.player[0].tech[x] = 3;
    s.player[0].res[0] = 3;
    s.skull_supply = 1;
    fx_do(&s, "pick TIK3 TIK3");
    fx_reject(&s, "tech THEO ww");
    fx_do(&s, "tech THEO w");
    assert_int_equal(s.player[0].skulls, 1);
    fx_do(&s, "tech AGRI w");
    fx_reject(&s, "skip"); /* the bonus's temple step is due first */
    fx_do(&s, "temple QUETZ");
    assert_int_equal(s.player[0].temple[TZOLK_QUETZ], 2);
    fx_do(&s, "pick TIK1 TIK1");
    fx_do(&s, "tech THEO w");
    assert_int_equal(s.player[0].skulls, 1); /* ZR02: the supply is empty */
    assert_int_equal(s.player[0].res[0], 0);
}

/* Z9.3: CHI 10 chooses any empty slot at no corn; filled slots never. */
static void z9_3_chi10(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_CHI, 10);
    s.player[0].skulls = 1;
    s.chi_slots = 1u << 9;
    fx_reject(&s, "pick CHI10 CHI9");
    fx_do(&s, "pick CHI10 CHI8");
    fx_do(&s, "gain s");
    assert_int_equal(s.player[0].vp, 11);
    assert_int_equal(s.player[0].corn, 0);
    assert_int_equal(s.player[0].temple[TZOLK_QUETZ], 2);
    assert_int_equal(s.player[0].res[1], 1);
}

/* Z10.4, ZR46: "full" needs ARCH >= 1 and keeps the benefits for the second. */
static void z10_4_full(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-01", "B1-09", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, disp);
    fx_put(&s, 0, TZOLK_TIK, 4);
    s.player[0].res[0] = 3;
    fx_do(&s, "pick TIK4 TIK4");
    fx_reject(&s, "build B1-01 full");
    s.player[0].tech[TZOLK_ARCH] = 2;
    fx_do(&s, "build B1-01 full");
    assert_int_equal(s.player[0].corn, 0);
    fx_reject(&s, "build M01");
    fx_do(&s, "build B1-09");
    assert_int_equal(s.player[0].corn, 1);
    assert_int_equal(s.player[0].vp, 2);
}

/* Z10.5, Z15.8: TIK5 needs a resource and two different temples. */
static void z10_5_tik5(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_TIK, 5);
    fx_reject(&s, "pick TIK5 TIK5");
    s.player[0].res[2] = 1;
    s.player[0].temple[TZOLK_CHAAC] = 6; /* on top: the step is lost, still legal */
    fx_do(&s, "pick TIK5 TIK5");
    fx_reject(&s, "temples CHAAC CHAAC g");
    fx_reject(&s, "temples CHAAC KUKUL w");
    fx_do(&s, "temples KUKUL CHAAC g");
    assert_int_equal(s.player[0].temple[TZOLK_KUKUL], 2);
    assert_int_equal(s.player[0].temple[TZOLK_CHAAC], 6);
    assert_int_equal(s.player[0].res[2], 0);
}

/* Z11.1-Z11.3: UXM1 needs 3 corn; the market; UXM3 at 6 workers. */
static void z11_uxmal(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_UXM, 1);
    fx_put(&s, 0, TZOLK_UXM, 2);
    fx_put(&s, 0, TZOLK_UXM, 3);
    s.player[0].corn = 2;
    fx_reject(&s, "pick UXM1 UXM1");
    s.player[0].res[2] = 1;
    fx_do(&s, "pick UXM2 UXM2");
    fx_reject(&s, "market +2g");
    fx_reject(&s, "market -2g");
    fx_reject(&s, "market +1w +1w");
    assert_true(fx_legal(&s, "market"));
    fx_do(&s, "market +1s -1g +1w");
    assert_int_equal(s.player[0].corn, 2 + 4 - 3 - 2);
    assert_int_equal(s.player[0].res[0], 1);
    assert_int_equal(s.player[0].res[1], 1);
    assert_int_equal(s.player[0].res[2], 0);
    s.player[0].workers = 6;
    fx_do(&s, "pick UXM3 UXM3");
    assert_int_equal(s.player[0].workers, 6);
}

/* Z12.3: a free step at level 3 gives the bonus. */
static void z12_3_free_bonus(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-13", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, disp);
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[2] = 1;
    s.player[0].tech[TZOLK_ARCH] = 3;
    fx_do(&s, "pick TIK2 TIK2");
    fx_do(&s, "build B1-13 -g");
    assert_int_equal(s.player[0].vp, 2 + 3);
    assert_int_equal(s.player[0].corn, 1);
    assert_int_equal(s.player[0].res[2], 1);
}

/* Z13.4: no refill line when the deck is empty; Z13.3 no monument at TIK2. */
static void z13_refill(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-01", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, disp);
    s.revealed = (1u << TZOLK_AGE1_BUILDINGS) - 1;
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[0] = 9;
    s.player[0].res[1] = 9;
    s.player[0].res[2] = 9;
    fx_do(&s, "pick TIK2 TIK2");
    fx_reject(&s, "build M01");
    fx_do(&s, "build B1-01");
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_TURN);
    assert_int_equal(s.actor, 1);
}

/* Z15.3, Z15.6: a step on the top does nothing; anger not at the bottom. */
static void z15_temples(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_UXM, 1);
    s.player[0].corn = 3;
    s.player[0].temple[TZOLK_KUKUL] = 7;
    fx_do(&s, "pick UXM1 UXM1");
    fx_do(&s, "temple KUKUL");
    assert_int_equal(s.player[0].temple[TZOLK_KUKUL], 7);
    fx_turn(&s, 1);
    memset(s.player[1].temple, 0, 3);
    fx_reject(&s, "beg CHAAC");
}

/* Z16.1, Z16.4: the start space holds one worker; dark boards and workers
 * on position 6 / CHI 9 forbid the double advance. */
static void z16_start_space(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.player[0].corn = 5;
    s.player[1].corn = 5;
    fx_last_turn(&s, 0);
    fx_do(&s, "place start");
    fx_reject(&s, "place start");
    s.player[0].light = 0;
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_TURN);
    assert_int_equal(s.teeth, 1);
    fx_game(&s, 4);
    fx_put(&s, 2, TZOLK_CHI, 9);
    fx_last_turn(&s, 0);
    fx_do(&s, "place start");
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_TURN);
    assert_int_equal(tzolk_piece(&s, TZOLK_CHI, 10), 2);
}

/* Z17.1: workers leave the gears past position 7 / CHI 10. */
static void z17_push_off(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 1, TZOLK_PAL, 7);
    fx_put(&s, 1, TZOLK_CHI, 10);
    fx_put(&s, 1, TZOLK_CHI, 9);
    fx_last_turn(&s, 0);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(s.player[1].hand, 2);
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 8), TZOLK_NOBODY);
    assert_int_equal(tzolk_piece(&s, TZOLK_CHI, 10), 1);
    assert_int_equal(s.pool, 1);
}

/* tzolk_check, the state checker of the generic tests: a started game
 * passes; a skull gone (Z0.4.1: exactly 13), a worker on a gear that never
 * left the hand (Z5), a building owned by two seats, a pending decision
 * of no kind, more jungle tiles taken than the jungle has (Z7), a turn mode
 * out of range, or a market visit marked as selling a resource it has not
 * traded (ZR31) is named as the broken invariant. */
static void z0_4_state_checker(void **state)
{
    tzolk_state s, broken;
    char why[256] = "";
    (void)state;
    fx_game(&s, 3);
    assert_int_equal(tzolk_check(&s, why, sizeof why), 0);
    broken = s;
    broken.skull_supply--;
    assert_int_equal(tzolk_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "12 crystal skulls in play, not 13 (Z0.4.1)"));
    broken = s;
    tzolk_set_piece(&broken, TZOLK_PAL, 1, 0);
    assert_int_equal(tzolk_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "seat 1 has 3 workers in hand and 1 placed"));
    broken = s;
    broken.revealed |= 1u;
    broken.player[0].buildings = broken.player[2].buildings = 1u;
    assert_int_equal(tzolk_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "owned twice"));
    broken = s;
    broken.sp = 1;
    assert_int_equal(tzolk_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "decision 1 of 1"));
    broken = s;
    broken.player[1].corn_tiles = TZOLK_JUNGLE_GROUPS * TZOLK_JUNGLE_FIELDS + 1;
    assert_int_equal(tzolk_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "seat 2 took 17 corn and 0 wood tiles"));
    broken = s;
    broken.mode = 3;
    assert_int_equal(tzolk_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "out of range"));
    broken = s;
    broken.market_sold = 1u << 2;
    assert_int_equal(tzolk_check(&broken, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "sells no gold but is marked as selling it"));
}

/* Z19.4: equal VP and equal workers on the gears share the victory. */
static void z19_4_shared_win(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 2);
    s.teeth = 26;
    s.next_food = 3;
    s.player[0].feed_free = s.player[1].feed_free = 6;
    fx_last_turn(&s, 1);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(tzolkin_game.winners(&s), 3u);
    fx_reject(&s, "end");
}

/* Z23.6: canonical texts and the accepted alternative forms. */
static void z23_notation(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.player[0].res[0] = 3;
    s.player[0].res[2] = 2;
    static const char *const same[][2] = {
        {"tech AGRI sw", "tech AGRI ws"},         {"gain gw", "gain wg"},
        {"keep W05 W01", "keep W01 W05"},         {"temples KUKUL CHAAC w", "temples CHAAC KUKUL w"},
        {"trade  +4s", "trade +4s"},              {"  place   PAL ", "place PAL"},
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        int a, b;
        char text[64];
        assert_int_equal(tzolk_text_to_action(&s, same[i][0], &a, NULL, 0), 0);
        assert_int_equal(tzolk_text_to_action(&s, same[i][1], &b, NULL, 0), 0);
        assert_int_equal(a, b);
        assert_int_equal(tzolk_action_to_text(&s, a, text, sizeof text), 0);
        assert_string_equal(text, same[i][1]);
    }
    /* market tokens in any order: the same steps (its text: zr31 tests) */
    int first[GAME_LINE_MAX], second[GAME_LINE_MAX], n1, n2;
    assert_int_equal(tzolk_line_actions(&s, "market -1g +2w", first, &n1, NULL, 0), 0);
    assert_int_equal(tzolk_line_actions(&s, "market +2w  -1g", second, &n2, NULL, 0), 0);
    assert_int_equal(n1, 3);
    assert_int_equal(n2, 3);
    assert_memory_equal(first, second, sizeof first[0] * 3);
    static const char *const bad[] = {"place pal", "PLACE PAL", "pick TIK04 TIK4", "pick TIK4 YAX4", "pick TIK8 none",
                                      "do CHI3", "market +0w", "market +1x", "market +65536w", "market +1w +2w",
                                      "trade +3w", "trade +65536w", "trade +1w -1s", "build B1-15", "build M01 full",
                                      "tech AGRI wwww", "burn", "advance 3", "keep W01", "xyzzy", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int a;
        char why[100] = "";
        assert_int_not_equal(tzolk_text_to_action(&s, bad[i], &a, why, sizeof why), 0);
        assert_true(why[0] != 0);
    }
    char buf[4096];
    size_t n = tzolk_render(&s, buf, sizeof buf);
    assert_true(n > 100 && strlen(buf) == n);
    assert_non_null(strstr(buf, "PAL:"));
    assert_non_null(strstr(buf, "CHAAC"));
    /* as snprintf (game.h): truncated and terminated, the whole length returned */
    assert_int_equal(tzolk_render(&s, buf, 10), n);
    assert_int_equal(strlen(buf), 9);
    assert_int_equal(tzolk_render(&s, NULL, 0), n);
}

/* Z23.8, ZR22: private wealth tiles; resample; the undo window. */
static void z23_8_observation(void **state)
{
    (void)state;
    tzolk_state s, o;
    fx_setup_raw(&s, 4);
    fx_do(&s, "keep W01 W02");
    tzolkin_game.observation(&s, 1, &o);
    assert_int_equal(o.player[0].dealt[0], TZOLK_UNKNOWN);
    assert_int_equal(o.player[0].keep_mask, 0);
    assert_int_equal(o.player[0].has_kept, 1);
    assert_int_equal(o.player[1].dealt[0], 4);
    uint64_t seed = 7;
    tzolkin_game.resample(&o, 1, &seed);
    uint32_t seen = 0;
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 4; k++) {
            assert_int_not_equal(o.player[i].dealt[k], TZOLK_UNKNOWN);
            assert_false(seen & (1u << o.player[i].dealt[k]));
            seen |= 1u << o.player[i].dealt[k];
        }
    assert_true(o.player[0].keep_mask == 3 || o.player[0].keep_mask == 5 || o.player[0].keep_mask == 6 ||
                o.player[0].keep_mask == 9 || o.player[0].keep_mask == 10 || o.player[0].keep_mask == 12);
    assert_true(tzolkin_game.closes_undo(&s, TZOLK_A_KEEP + 4 * 21 + 5));
    fx_do(&s, "keep W05 W06");
    fx_do(&s, "keep W09 W10");
    fx_do(&s, "keep W13 W14");
    tzolkin_game.observation(&s, 1, &o);
    assert_int_equal(o.player[0].dealt[0], 0);
    assert_int_equal(o.player[0].dealt[1], 1);
    assert_int_equal(o.player[0].dealt[2], TZOLK_UNKNOWN);
    assert_int_equal(o.player[0].keep_mask, 3);
    assert_false(tzolkin_game.closes_undo(&s, TZOLK_A_PLACE));
    assert_true(tzolkin_game.closes_undo(&s, TZOLK_A_END));
}

static long perft(const tzolk_state *s, int depth)
{
    if (depth == 0)
        return 1;
    int *acts = malloc(sizeof(int) * TZOLK_LEGAL_MAX);
    int n = tzolk_legal_actions(s, acts);
    long total = 0;
    if (depth == 1)
        total = n;
    else
        for (int i = 0; i < n; i++) {
            tzolk_state c = *s;
            assert_int_equal(tzolk_apply(&c, acts[i], NULL, 0), 0);
            total += perft(&c, depth - 1);
        }
    free(acts);
    return total;
}

/* Perft counts of the action tree from fixed positions (golden). */
static void perft_counts(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    for (int i = 0; i < 4; i++)
        s.player[i].corn = 6;
    long p1 = perft(&s, 1), p2 = perft(&s, 2), p3 = perft(&s, 3), p4 = perft(&s, 4);
    tzolk_state m;
    fx_game(&m, 2);
    m.player[0].corn = 9;
    m.player[0].res[0] = 2;
    m.player[0].res[1] = 1;
    m.player[0].res[2] = 1;
    m.player[0].skulls = 1;
    m.player[0].tech[TZOLK_THEO] = 1;
    fx_put(&m, 0, TZOLK_TIK, 4);
    fx_put(&m, 0, TZOLK_UXM, 6);
    fx_put(&m, 0, TZOLK_CHI, 9);
    long q1 = perft(&m, 1), q2 = perft(&m, 2), q3 = perft(&m, 3);
    print_message("perft start %ld %ld %ld %ld; mid %ld %ld %ld\n", p1, p2, p3, p4, q1, q2, q3);
    assert_int_equal(p1, PERFT_P1);
    assert_int_equal(p2, PERFT_P2);
    assert_int_equal(p3, PERFT_P3);
    assert_int_equal(p4, PERFT_P4);
    assert_int_equal(q1, PERFT_Q1);
    assert_int_equal(q2, PERFT_Q2);
    assert_int_equal(q3, PERFT_Q3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(z2_3_jungle),
        cmocka_unit_test(z2_6_setup_chance),
        cmocka_unit_test(z2_9_z2_10_blocks_and_keep),
        cmocka_unit_test(z4_1_turn_shape),
        cmocka_unit_test(z4_2_begging),
        cmocka_unit_test(z4_3_forced_begging),
        cmocka_unit_test(z5_placement),
        cmocka_unit_test(z6_pick_up),
        cmocka_unit_test(z6_5_exhausted_group),
        cmocka_unit_test(z7_1_fishing),
        cmocka_unit_test(z7_3_modes),
        cmocka_unit_test(z8_yaxchilan),
        cmocka_unit_test(z9_chichen_itza),
        cmocka_unit_test(z10_technology),
        cmocka_unit_test(z10_4_full),
        cmocka_unit_test(z12_4_bonuses),
        cmocka_unit_test(z9_3_chi10),
        cmocka_unit_test(z10_5_tik5),
        cmocka_unit_test(z11_uxmal),
        cmocka_unit_test(z12_3_free_bonus),
        cmocka_unit_test(z13_refill),
        cmocka_unit_test(z15_temples),
        cmocka_unit_test(z16_start_space),
        cmocka_unit_test(z17_push_off),
        cmocka_unit_test(z0_4_state_checker),
        cmocka_unit_test(z19_4_shared_win),
        cmocka_unit_test(z23_notation),
        cmocka_unit_test(z23_8_observation),
        cmocka_unit_test(perft_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
