/*
 * tzolkin_examples_test.c -- the worked examples of the rulebook (Z20,
 * ZE01..ZE19) and the derived tests (Z21, ZT01..ZT16) of rules/tzolkin.md,
 * each as a scenario with its exact expected result.
 */
#include "tzolkin_fixture.h"
#include "score_check.h"

enum { G0 = 0, B1 = 1, R2 = 2, Y3 = 3 };

/* ZE01 (Z5.2, Z5.3): the lowest free position, one worker at a time. */
static void ze01_lowest_free_position(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 1, TZOLK_PAL, 1);
    s.player[0].corn = 5;
    fx_do(&s, "place PAL");
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 0), 0);
    fx_do(&s, "place PAL");
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 2), 0);
    assert_int_equal(s.player[0].corn, 5 - 3);
}

/* ZE02 (Z5.4): positions 0, 0, 2 cost 5; a fourth placement is illegal. */
static void ze02_cost_five(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 1, TZOLK_PAL, 1);
    s.player[0].workers = s.player[0].hand = 4;
    s.player[0].corn = 5;
    fx_do(&s, "place PAL");
    fx_do(&s, "place PAL");
    fx_do(&s, "place YAX");
    assert_int_equal(s.player[0].corn, 0);
    fx_reject(&s, "place YAX");
    fx_reject(&s, "place start");
    fx_reject(&s, "place CHI");
}

/* ZE03 (Z5.4): positions 3 and 4 cost 8. */
static void ze03_cost_eight(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 1, TZOLK_PAL, 0);
    fx_put(&s, 1, TZOLK_PAL, 1);
    fx_put(&s, 3, TZOLK_PAL, 2);
    fx_turn(&s, 2);
    s.player[2].hand = 2;
    s.player[2].workers = 2;
    s.player[2].corn = 10;
    fx_do(&s, "place PAL");
    fx_do(&s, "place PAL");
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 3), 2);
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 4), 2);
    assert_int_equal(s.player[2].corn, 2);
    assert_int_equal(s.player[2].hand, 0);
    fx_reject(&s, "place PAL");
}

static void ze04_setup(tzolk_state *s)
{
    fx_game(s, 4);
    fx_turn(s, 2);
    fx_put(s, 2, TZOLK_YAX, 1);
    fx_put(s, 2, TZOLK_YAX, 2);
    fx_put(s, 2, TZOLK_YAX, 3);
}

/* ZE04 (Z6.1, Z6.4): step back at Yaxchilan, order matters. */
static void ze04_step_back_yaxchilan(void **state)
{
    (void)state;
    tzolk_state s;
    ze04_setup(&s);
    fx_do(&s, "pick YAX2 YAX2");
    assert_int_equal(s.player[2].res[1], 1);
    assert_int_equal(s.player[2].corn, 1);
    fx_do(&s, "pick YAX3 YAX2");
    assert_int_equal(s.player[2].res[1], 2);
    assert_int_equal(s.player[2].corn, 1);
    assert_int_equal(tzolk_piece(&s, TZOLK_YAX, 1), 2);
    fx_do(&s, "end");
    /* order variant */
    ze04_setup(&s);
    fx_reject(&s, "pick YAX3 YAX2");
    assert_true(fx_legal(&s, "pick YAX3 YAX3"));
    assert_true(fx_legal(&s, "pick YAX3 none"));
}

static void ze05_setup(tzolk_state *s, int corn)
{
    fx_game(s, 4);
    fx_turn(s, 2);
    fx_put(s, 2, TZOLK_PAL, 1);
    fx_put(s, 2, TZOLK_PAL, 3);
    fx_put(s, 2, TZOLK_PAL, 4);
    s->player[2].corn = corn;
}

/* ZE05 (Z7.3): wood, burning, and the alternative. */
static void ze05_palenque(void **state)
{
    (void)state;
    tzolk_state s;
    ze05_setup(&s, 2);
    fx_do(&s, "pick PAL3 PAL3");
    fx_do(&s, "wood");
    fx_do(&s, "pick PAL4 PAL4");
    fx_do(&s, "burn CHAAC");
    assert_int_equal(s.jungle[1][0], 3);
    assert_int_equal(s.jungle[1][1], 1);
    assert_int_equal(s.jungle[2][0], 3);
    assert_int_equal(s.jungle[2][2], 1);
    assert_int_equal(s.player[2].res[0], 2);
    assert_int_equal(s.player[2].wood_tiles, 1);
    assert_int_equal(s.player[2].corn_tiles, 1);
    assert_int_equal(s.player[2].corn, 9);
    assert_int_equal(s.player[2].temple[0], 0);
    /* sequence B */
    ze05_setup(&s, 2);
    fx_do(&s, "pick PAL3 PAL3");
    fx_do(&s, "wood");
    fx_do(&s, "pick PAL4 PAL3");
    fx_do(&s, "corn");
    assert_int_equal(s.jungle[1][0], 3);
    assert_int_equal(s.jungle[1][2], 1);
    assert_int_equal(s.jungle[2][0], 4);
    assert_int_equal(s.player[2].corn, 6);
    assert_int_equal(s.player[2].corn_tiles, 1);
    assert_int_equal(s.player[2].wood_tiles, 1);
    assert_int_equal(s.player[2].temple[0], 1);
    /* variant: no corn for the step back */
    ze05_setup(&s, 0);
    fx_do(&s, "pick PAL3 PAL3");
    fx_do(&s, "wood");
    fx_reject(&s, "pick PAL4 PAL3");
}

static void ze06_setup(tzolk_state *s)
{
    static const char *const disp[] = {"B1-01", "B1-09", "B1-02", "B1-03", "B1-04", "B1-05", NULL};
    fx_game(s, 4);
    fx_display(s, disp);
    fx_turn(s, 3);
    fx_put(s, 3, TZOLK_TIK, 3);
    fx_put(s, 3, TZOLK_TIK, 4);
    s->player[3].res[0] = 5;
}

/* ZE06 (Z10.3, Z10.4, Z13.4): Tikal 3 then Tikal 4. */
static void ze06_tikal(void **state)
{
    (void)state;
    tzolk_state s;
    ze06_setup(&s);
    fx_do(&s, "pick TIK3 TIK3");
    fx_do(&s, "tech AGRI w");
    fx_do(&s, "tech EXTR w");
    fx_do(&s, "pick TIK4 TIK4");
    fx_do(&s, "build B1-09");
    fx_do(&s, "build B1-01");
    assert_int_equal(s.player[3].res[0], 0);
    assert_int_equal(s.player[3].tech[TZOLK_AGRI], 2);
    assert_int_equal(s.player[3].tech[TZOLK_EXTR], 1);
    assert_true(s.player[3].buildings & (1u << fx_building("B1-01")));
    assert_true(s.player[3].buildings & (1u << fx_building("B1-09")));
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_REFILL);
    assert_int_equal(s.chance_left, 2);
    fx_do(&s, "building B1-10");
    fx_do(&s, "building B1-11");
    assert_int_equal(s.phase, TZOLK_PH_TURN);
    /* variant */
    ze06_setup(&s);
    fx_do(&s, "pick TIK3 TIK3");
    fx_do(&s, "tech AGRI w");
    fx_do(&s, "tech AGRI ww");
    assert_int_equal(s.player[3].res[0], 2);
    fx_do(&s, "pick TIK4 TIK4");
    fx_do(&s, "build B1-09");
    fx_reject(&s, "build B1-01");
    fx_do(&s, "skip");
}

/* ZE07 (Z9.2): Chichen Itza 6 by a step back. */
static void ze07_chichen_itza(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_turn(&s, 2);
    fx_put(&s, 2, TZOLK_CHI, 7);
    s.player[2].skulls = 1;
    s.player[2].corn = 1;
    fx_do(&s, "pick CHI7 CHI6");
    fx_do(&s, "gain g");
    assert_int_equal(s.player[2].corn, 0);
    assert_int_equal(s.player[2].skulls, 0);
    assert_int_equal(s.chi_slots, 1u << 6);
    assert_int_equal(s.player[2].vp, 8);
    assert_int_equal(s.player[2].temple[TZOLK_KUKUL], 2);
    assert_int_equal(s.player[2].res[2], 1);
}

static void ze08_setup(tzolk_state *s)
{
    fx_game(s, 4);
    s->teeth = 3;
    s->token = 2; /* order 2, 3, 0, 1: Red (1) plays last */
    fx_turn(s, 1);
    s->start_space = 0;
    s->player[0].hand--;
    s->player[1].hand = 0;
    s->player[1].workers = 2;
    fx_put(s, 1, TZOLK_UXM, 6);
    s->player[1].hand++;
    fx_put(s, 1, TZOLK_UXM, 7);
    s->player[1].hand++;
}

/* ZE08 (Z16.3, Z16.4): the start-player space and the double advance. */
static void ze08_start_player_space(void **state)
{
    (void)state;
    tzolk_state s;
    ze08_setup(&s);
    fx_do(&s, "pick UXM7 none");
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_TURN);
    assert_int_equal(s.teeth, 4);
    assert_int_equal(s.token, 0);
    assert_int_equal(s.start_space, -1);
    assert_int_equal(s.player[0].hand, 3);
    assert_int_equal(tzolk_piece(&s, TZOLK_UXM, 7), 1);
    assert_int_equal(s.player[0].light, 1);
    /* case B */
    ze08_setup(&s);
    fx_do(&s, "pick UXM6 none");
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_ADVANCE);
    assert_int_equal(s.actor, 0);
    assert_true(fx_legal(&s, "advance 1"));
    fx_do(&s, "advance 2");
    assert_int_equal(s.teeth, 5);
    assert_int_equal(s.player[1].hand, 2);
    assert_int_equal(tzolk_workers_on_gears(&s, 1), 0);
    assert_int_equal(s.player[0].light, 0);
}

static void temples3(tzolk_state *s)
{
    static const uint8_t t[3][3] = {{2, 1, 6}, {4, 1, 4}, {4, 1, 0}};
    for (int i = 0; i < 3; i++) {
        memcpy(s->player[i].temple, t[i], 3);
        s->player[i].corn = 6;
    }
}

/* ZE09 (Z18.5): mid-age temple goods. */
static void ze09_mid_age_goods(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 3);
    temples3(&s);
    s.teeth = 7;
    fx_last_turn(&s, 2);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(s.next_food, 1);
    assert_int_equal(s.player[0].res[1], 1);
    assert_int_equal(s.player[0].res[0], 2);
    assert_int_equal(s.player[0].skulls, 1);
    assert_int_equal(s.player[1].res[1], 2);
    assert_int_equal(s.player[1].res[0], 2);
    assert_int_equal(s.player[1].skulls, 0);
    assert_int_equal(s.player[2].res[1], 2);
    assert_int_equal(s.player[2].res[0], 0);
    assert_int_equal(s.player[0].corn, 0); /* fed */
}

/* ZE10 (Z18.6, ZR41): end-of-age temple VP with premiums and halved ties. */
static void ze10_end_of_age(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 3);
    temples3(&s);
    s.teeth = 13;
    s.next_food = 1;
    fx_last_turn(&s, 2);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_AGE_REVEAL);
    assert_int_equal(s.display, 0);
    for (int b = 1; b <= 6; b++) {
        char line[32];
        snprintf(line, sizeof line, "building B2-%02d", b);
        fx_do(&s, line);
    }
    assert_int_equal(s.player[0].vp, 16);
    assert_int_equal(s.player[1].vp, 15);
    assert_int_equal(s.player[2].vp, 7);
    assert_int_equal(s.age, 2);
    /* age II, last round: no goods or corn left, so final scoring adds 0 */
    fx_game(&s, 3);
    temples3(&s);
    s.teeth = 26;
    s.next_food = 3;
    fx_last_turn(&s, 2);
    s.mode = 1;
    game_score_event events[GAME_SCORE_EVENTS_MAX];
    game_score_trace trace = {events, GAME_SCORE_EVENTS_MAX, 0};
    int told[3] = {0, 0, 0}, shared = 0;
    fx_do_scored(&s, "end", &trace);
    assert_int_equal(s.phase, TZOLK_PH_OVER);
    assert_int_equal(s.player[0].vp, 18);
    assert_int_equal(s.player[1].vp, 15);
    assert_int_equal(s.player[2].vp, 7);
    /* the engine tells each step's VP and each premium by Z18.6, and they add up */
    for (int i = 0; i < trace.count; i++) {
        assert_string_equal(events[i].rule, "Z18.6");
        assert_true(strcmp(events[i].kind, "temple") == 0 || strcmp(events[i].kind, "temple premium") == 0);
        shared += strcmp(events[i].subject, "QUETZ") == 0 && strcmp(events[i].kind, "temple premium") == 0;
        told[events[i].seat] += events[i].points;
    }
    assert_int_equal(shared, 3); /* all three on QUETZ's start step share its premium (ZR41) */
    assert_int_equal(told[0], 18);
    assert_int_equal(told[1], 15);
    assert_int_equal(told[2], 7);
}

/* ZE11 (Z18.4): partial feeding. ZE12 (Z14.2): farms. */
static void ze11_ze12_feeding(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    for (int i = 0; i < 4; i++)
        s.player[i].corn = 6;
    s.player[1].corn = 5;
    s.player[2].workers = 5;
    s.player[2].hand = 5;
    s.player[2].corn = 10;
    s.player[2].buildings = (1u << fx_building("B1-01")) | (1u << fx_building("B1-02")) | (1u << fx_building("B1-04"));
    s.player[2].feed_free = 2;
    s.player[2].feed_disc = 1;
    assert_int_equal(tzolk_feeding_cost(&s, 2), 3);
    s.teeth = 7;
    fx_last_turn(&s, 3);
    s.mode = 1;
    game_score_event events[8];
    game_score_trace trace = {events, 8, 0};
    fx_do_scored(&s, "end", &trace);
    assert_int_equal(s.player[1].corn, 1);
    assert_int_equal(s.player[1].vp, -3);
    assert_int_equal(s.player[2].corn, 7);
    assert_int_equal(s.player[2].vp, 0);
    /* only the one worker not fed is told (Z18.4); the fed seats lose nothing */
    assert_int_equal(trace.count, 1);
    assert_score_event(&trace, 0, 1, -3, "unfed", "", "Z18.4");
}

/* ZE13 (Z3, Z5, Z6, Z16): the first two rounds. */
static void ze13_first_two_rounds(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.player[G0].corn = 6;
    s.player[B1].corn = 8;
    s.player[R2].corn = 10;
    s.player[Y3].corn = 9;
    static const char *const g1[] = {"place TIK", "place YAX", "place PAL", "end", NULL};
    fx_lines(&s, g1);
    assert_int_equal(s.player[G0].corn, 3);
    fx_do(&s, "place PAL");
    fx_do(&s, "place PAL");
    fx_reject(&s, "place PAL");
    fx_do(&s, "end");
    assert_int_equal(s.player[B1].corn, 4);
    static const char *const r1[] = {"place YAX", "place YAX", "place TIK", "end", "place TIK", "place start", "end",
                                     NULL};
    fx_lines(&s, r1);
    assert_int_equal(s.player[R2].corn, 3);
    assert_int_equal(s.player[Y3].corn, 6);
    assert_int_equal(s.phase, TZOLK_PH_ADVANCE);
    assert_int_equal(s.actor, Y3);
    fx_do(&s, "advance 1");
    assert_int_equal(s.teeth, 1);
    assert_int_equal(s.token, Y3);
    assert_int_equal(s.pool, 0);
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 1), G0);
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 2), B1);
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 3), B1);
    assert_int_equal(tzolk_piece(&s, TZOLK_YAX, 1), G0);
    assert_int_equal(tzolk_piece(&s, TZOLK_YAX, 2), R2);
    assert_int_equal(tzolk_piece(&s, TZOLK_YAX, 3), R2);
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 1), G0);
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 2), R2);
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 3), Y3);
    /* round 2 */
    assert_int_equal(s.actor, Y3);
    static const char *const r2[] = {"place PAL", "place PAL", "end", "pick YAX1 YAX1", "pick TIK1 TIK1", "tech AGRI w",
                                     "end", "place TIK", "end", "pick YAX3 YAX3", "end", NULL};
    fx_lines(&s, r2);
    assert_int_equal(s.teeth, 2);
    assert_int_equal(s.token, Y3);
    assert_int_equal(s.pool, 1);
    assert_int_equal(s.player[G0].corn, 3);
    assert_int_equal(s.player[B1].corn, 4);
    assert_int_equal(s.player[R2].corn, 5);
    assert_int_equal(s.player[Y3].corn, 1);
    assert_int_equal(s.player[G0].tech[TZOLK_AGRI], 1);
    assert_int_equal(s.player[G0].res[0], 0);
    assert_int_equal(s.player[R2].res[2], 1);
    assert_int_equal(s.player[G0].hand, 2);
    assert_int_equal(s.player[B1].hand, 0);
    assert_int_equal(s.player[R2].hand, 1);
    assert_int_equal(s.player[Y3].hand, 0);
    static const int pal[6] = {-1, Y3, G0, B1, B1, Y3};
    for (int p = 1; p <= 5; p++)
        assert_int_equal(tzolk_piece(&s, TZOLK_PAL, p), pal[p]);
    assert_int_equal(tzolk_piece(&s, TZOLK_YAX, 3), R2);
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 1), B1);
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 3), R2);
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 4), Y3);
    /* continuation: Green picks PAL2 for corn */
    fx_turn(&s, G0);
    fx_do(&s, "pick PAL2 PAL2");
    assert_int_equal(s.player[G0].corn, 3 + 5);
    assert_int_equal(s.player[G0].corn_tiles, 1);
}

/* ZE14 (Z2.9, ZR20): blocking markers. */
static void ze14_blocking_markers(void **state)
{
    (void)state;
    tzolk_state s;
    static const char *const lines[] = {"start 1", "monument M01", "monument M02", "monument M03", "monument M04",
                                        "monument M05", "building B1-01", "building B1-02", "building B1-03",
                                        "building B1-04", "building B1-05", "building B1-06", "deal 1 W01",
                                        "deal 1 W02", "deal 1 W04", "deal 1 W05", "deal 2 W06", "deal 2 W07",
                                        "deal 2 W08", "deal 2 W09", "deal 3 W11", "deal 3 W12", "deal 3 W14",
                                        "deal 3 W15", "block W03", NULL};
    assert_int_equal(tzolk_init(&s, 3), 0);
    fx_lines(&s, lines);
    assert_int_equal(s.blockers, 2);
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 5), TZOLK_BLOCKER);
    assert_int_equal(tzolk_piece(&s, TZOLK_PAL, 0), TZOLK_BLOCKER);
    fx_do(&s, "block W18");
    assert_int_equal(s.blockers, 3);
    assert_int_equal(tzolk_piece(&s, TZOLK_CHI, 3), TZOLK_BLOCKER);
    assert_int_equal(tzolk_piece(&s, TZOLK_CHI, 8), TZOLK_NOBODY);
    fx_do(&s, "block W10");
    assert_int_equal(s.blockers, 5);
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 8), TZOLK_BLOCKER);
    fx_reject(&s, "block W03");
    fx_reject(&s, "block W01"); /* dealt */
    fx_do(&s, "block W13");
    assert_int_equal(s.blockers, 6);
    assert_int_equal(tzolk_piece(&s, TZOLK_UXM, 1), TZOLK_BLOCKER);
    assert_int_equal(tzolk_piece(&s, TZOLK_UXM, 6), TZOLK_NOBODY);
    assert_int_equal(s.phase, TZOLK_PH_KEEP);
    fx_do(&s, "keep W01 W02");
    fx_do(&s, "keep W06 W07");
    fx_do(&s, "keep W11 W12");
    /* two rounds of nobody on the start space: TIK 8 -> 9 -> 0 */
    for (int round = 0; round < 2; round++)
        for (int k = 0; k < 3; k++) {
            fx_do(&s, "place YAX");
            fx_do(&s, "end");
        }
    assert_int_equal(s.teeth, 2);
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 0), TZOLK_BLOCKER);
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 5), TZOLK_BLOCKER);
}

/* ZE15 (Z11.4, ZR54): the Uxmal 4 price. */
static void ze15_uxmal4_price(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-11", NULL};
    for (int arch = 0; arch <= 3; arch += 3) {
        tzolk_state s;
        fx_game(&s, 4);
        fx_display(&s, disp);
        fx_put(&s, 0, TZOLK_UXM, 4);
        s.player[0].corn = 4;
        s.player[0].res[0] = 5;
        s.player[0].res[1] = 5;
        s.player[0].tech[TZOLK_ARCH] = (uint8_t)arch;
        fx_do(&s, "pick UXM4 UXM4");
        fx_do(&s, "build B1-11");
        assert_int_equal(s.player[0].corn, arch ? 4 : 1);
        assert_int_equal(s.player[0].vp, arch ? 2 : 0);
        assert_int_equal(s.player[0].tech[TZOLK_EXTR], 1);
        assert_int_equal(s.player[0].res[0], 5); /* resources never used */
    }
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, disp);
    fx_put(&s, 0, TZOLK_UXM, 4);
    s.player[0].corn = 3;
    s.player[0].res[0] = 5;
    s.player[0].res[1] = 5;
    fx_reject(&s, "pick UXM4 UXM4");
}

/* ZE16 (Z10.2, Z13.2): exact cubes; B2-08. */
static void ze16_building_cost_effect(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-14", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, disp);
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[0] = 1;
    s.player[0].res[1] = 1;
    fx_reject(&s, "pick TIK2 TIK2");
    s.player[0].res[2] = 1;
    fx_do(&s, "pick TIK2 TIK2");
    fx_reject(&s, "build B1-14 -s");
    fx_do(&s, "build B1-14");
    assert_int_equal(s.player[0].res[0], 1);
    assert_int_equal(s.player[0].res[1], 0);
    assert_int_equal(s.player[0].res[2], 0);
}

/* ZE17 (Z1.9 M12). */
static void ze17_m12(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.player[0].temple[TZOLK_QUETZ] = 5;
    assert_int_equal(tzolk_monument_points(&s, 0, tzolk_monument_by_id("M12")), 12);
}

/* ZE18 (Z7.3, Z7.4): agriculture level 3. */
static void ze18_agriculture3(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_PAL, 4);
    s.player[0].tech[TZOLK_AGRI] = 3;
    s.jungle[2][0] = 2;
    s.jungle[2][1] = 2;
    fx_do(&s, "pick PAL4 PAL4");
    fx_do(&s, "corn");
    assert_int_equal(s.player[0].corn, 10);
    assert_int_equal(s.jungle[2][1], 1);
    assert_int_equal(s.player[0].corn_tiles, 1);
    /* no corn tile showing: still 10, no tile, no temple step lost */
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_PAL, 4);
    s.player[0].tech[TZOLK_AGRI] = 3;
    fx_do(&s, "pick PAL4 PAL4");
    assert_true(fx_legal(&s, "wood"));
    assert_true(fx_legal(&s, "burn KUKUL"));
    fx_do(&s, "corn");
    assert_int_equal(s.player[0].corn, 10);
    assert_int_equal(s.jungle[2][0], 4);
    assert_int_equal(s.player[0].corn_tiles, 0);
    assert_int_equal(s.player[0].temple[0] + s.player[0].temple[1] + s.player[0].temple[2], 3);
}

/* ZE19 (Z16.2, Z19.1, ZR37): the start-player space in the last round. */
static void ze19_last_round_start_space(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.teeth = 26;
    s.next_food = 3;
    s.pool = 4;
    for (int i = 0; i < 4; i++)
        s.player[i].corn = 6;
    fx_last_turn(&s, 0);
    fx_put(&s, 0, TZOLK_YAX, 3);
    fx_put(&s, 0, TZOLK_TIK, 3);
    s.player[0].corn = 2;
    fx_do(&s, "place start");
    assert_int_equal(s.player[0].corn, 2);
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_OVER);
    assert_int_equal(s.teeth, 27);
    assert_int_equal(s.player[0].hand, 1);
    /* all fed: Green's VP equal the others' */
    assert_int_equal(s.player[0].vp, s.player[1].vp);
    assert_int_equal(s.player[0].corn, 0);
}

/* ZT01 (Z18.1, ZR39): a delayed food day. */
static void zt01_delayed_food_day(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.teeth = 6;
    fx_last_turn(&s, 0);
    fx_do(&s, "place start");
    fx_do(&s, "end");
    fx_do(&s, "advance 2");
    assert_int_equal(s.teeth, 8);
    assert_true(tzolk_is_food_day(&s));
    assert_int_equal(tzolk_teeth_to_food_day(&s), 0); /* Z1.5: on it */
    assert_int_equal(s.next_food, 0);
    s.next_food = 1;
    assert_false(tzolk_is_food_day(&s));
    assert_int_equal(tzolk_teeth_to_food_day(&s), 13 - 8);
    s.teeth = 13;
    assert_true(tzolk_is_food_day(&s));
    s.next_food = 2;
    s.teeth = 19;
    assert_false(tzolk_is_food_day(&s));
    s.teeth = 20;
    assert_true(tzolk_is_food_day(&s));
    s.next_food = 4; /* after the last food day: none is ahead */
    assert_int_equal(tzolk_teeth_to_food_day(&s), -1);
}

/* ZT02 (Z3.3, Z19.1): the final tooth jumped. */
static void zt02_final_tooth_jumped(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.teeth = 25;
    s.next_food = 3;
    for (int i = 0; i < 4; i++)
        s.player[i].corn = 20;
    fx_last_turn(&s, 0);
    fx_do(&s, "place start");
    fx_do(&s, "end");
    fx_do(&s, "advance 2");
    assert_int_equal(s.teeth, 27);
    assert_true(tzolk_is_food_day(&s));
    assert_int_equal(s.phase, TZOLK_PH_TURN);
    /* the round at T = 27 is the last */
    for (int k = 0; k < 4; k++) {
        fx_do(&s, "place YAX");
        fx_do(&s, "end");
    }
    assert_int_equal(s.phase, TZOLK_PH_OVER);
    assert_int_equal(s.teeth, 28);
}

/* ZT03 (Z4.4): the pity placement. */
static void zt03_pity_placement(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_turn(&s, 2);
    s.player[2].corn = 1;
    memset(s.player[2].temple, 0, 3);
    s.start_space = 1;
    s.player[1].hand--;
    for (int g = 0; g < TZOLK_GEARS; g++) {
        fx_put(&s, 3, g, 0);
        s.player[3].hand++;
        fx_put(&s, 0, g, 1);
        s.player[0].hand++;
    }
    tzolk_set_piece(&s, TZOLK_YAX, 2, 1);
    tzolk_set_piece(&s, TZOLK_TIK, 2, 1);
    tzolk_set_piece(&s, TZOLK_UXM, 2, 1);
    fx_reject(&s, "beg CHAAC");
    fx_reject(&s, "place YAX");
    assert_true(fx_legal(&s, "place PAL"));
    assert_true(fx_legal(&s, "place CHI"));
    fx_do(&s, "place CHI");
    assert_int_equal(s.player[2].corn, 0);
    assert_int_equal(tzolk_piece(&s, TZOLK_CHI, 2), 2);
    fx_reject(&s, "place PAL");
    fx_do(&s, "end");
}

/* ZT04 (Z4.2, Z15.6): begging. */
static void zt04_begging(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_turn(&s, 1);
    s.player[1].corn = 2;
    s.player[1].temple[0] = 0;
    fx_reject(&s, "beg CHAAC");
    assert_true(fx_legal(&s, "beg KUKUL"));
    fx_do(&s, "beg QUETZ");
    assert_int_equal(s.player[1].corn, 3);
    assert_int_equal(s.player[1].temple[1], 0);
    fx_reject(&s, "beg KUKUL"); /* once per turn */
}

/* ZT05 (Z7.3): burning forbidden with all markers at the bottom. */
static void zt05_no_burning(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_PAL, 3);
    memset(s.player[0].temple, 0, 3);
    fx_do(&s, "pick PAL3 PAL3");
    fx_reject(&s, "burn CHAAC");
    fx_reject(&s, "corn");
    fx_do(&s, "wood");
    assert_int_equal(s.player[0].res[0], 2);
}

/* ZT06 (Z18.5, ZR40): skull shortage at the mid-age reward. */
static void zt06_skull_shortage(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    for (int i = 0; i < 4; i++)
        s.player[i].corn = 6;
    s.player[0].temple[TZOLK_KUKUL] = 5;
    s.player[1].temple[TZOLK_KUKUL] = 6;
    s.skull_supply = 1;
    s.teeth = 7;
    fx_last_turn(&s, 3);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(s.player[0].skulls, 0);
    assert_int_equal(s.player[1].skulls, 0);
    assert_int_equal(s.skull_supply, 1);
    assert_int_equal(s.player[0].res[0], 2);
}

/* ZT07 (Z10.4, ZR30): ARCH 3 at TIK4, benefits once. */
static void zt07_arch3_tik4(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-10", "B1-12", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, disp);
    fx_put(&s, 0, TZOLK_TIK, 4);
    s.player[0].tech[TZOLK_ARCH] = 3;
    s.player[0].res[0] = 4;
    s.player[0].res[1] = 1;
    fx_do(&s, "pick TIK4 TIK4");
    fx_reject(&s, "build B1-10");
    fx_do(&s, "build B1-10 -w");
    fx_reject(&s, "build B1-12 -w");
    fx_do(&s, "build B1-12");
    assert_int_equal(s.player[0].corn, 1);
    assert_int_equal(s.player[0].vp, 2);
    assert_int_equal(s.player[0].res[0], 0);
    assert_int_equal(s.player[0].res[1], 1);
    assert_int_equal(s.player[0].res[2], 1);
    assert_int_equal(s.player[0].tech[TZOLK_AGRI], 1);
    assert_int_equal(s.player[0].tech[TZOLK_EXTR], 1);
}

/* ZT08 (Z9.4, ZR29, ZR45): THEO 1 at CHI 9. */
static void zt08_theo1_chi9(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_CHI, 9);
    s.player[0].tech[TZOLK_THEO] = 1;
    s.player[0].skulls = 1;
    s.chi_slots = (1u << 7) | (1u << 8) | (1u << 9);
    fx_reject(&s, "pick CHI9 CHI9");
    fx_do(&s, "pick CHI9 CHI1");
    assert_int_equal(s.player[0].corn, 0);
    assert_int_equal(s.player[0].vp, 4);
}

/* ZT09 (Z15.4, Z15.5): the top step. */
static void zt09_top_step(void **state)
{
    (void)state;
    static const char *const disp[] = {"B2-18", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    s.player[0].temple[TZOLK_QUETZ] = 8;
    s.player[1].temple[TZOLK_QUETZ] = 7;
    s.player[1].light = 0;
    fx_turn(&s, 1);
    fx_put(&s, 1, TZOLK_UXM, 1);
    s.player[1].corn = 3;
    fx_do(&s, "pick UXM1 UXM1");
    fx_do(&s, "temple QUETZ");
    assert_int_equal(s.player[1].temple[TZOLK_QUETZ], 7);
    fx_do(&s, "end");
    fx_turn(&s, 0);
    fx_do(&s, "beg QUETZ");
    assert_int_equal(s.player[0].temple[TZOLK_QUETZ], 7);
    fx_turn(&s, 1);
    fx_put(&s, 1, TZOLK_UXM, 2);
    s.player[1].corn = 3;
    fx_reject(&s, "pick UXM2 UXM1"); /* Z6.5: 1 corn back + 3 for UXM1 > 3 */
    s.player[1].corn = 4;
    fx_do(&s, "pick UXM2 UXM1");
    fx_do(&s, "temple QUETZ");
    assert_int_equal(s.player[1].temple[TZOLK_QUETZ], 8);
    assert_int_equal(s.player[1].light, 1);
    (void)disp;
}

/* ZT09 again, reachable: Blue reaches the freed top step and turns light. */
static void zt09_top_step_reached(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.player[0].temple[TZOLK_QUETZ] = 7;
    s.player[1].temple[TZOLK_QUETZ] = 7;
    s.player[1].light = 0;
    fx_turn(&s, 1);
    fx_put(&s, 1, TZOLK_UXM, 1);
    s.player[1].corn = 3;
    fx_do(&s, "pick UXM1 UXM1");
    fx_do(&s, "temple QUETZ");
    assert_int_equal(s.player[1].temple[TZOLK_QUETZ], 8);
    assert_int_equal(s.player[1].light, 1);
}

/* ZT10 (ZR21): a blocking marker on TIK 6 allows the double advance. */
static void zt10_blocker_no_limit(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 3);
    tzolk_set_piece(&s, TZOLK_TIK, 6, TZOLK_BLOCKER);
    fx_last_turn(&s, 0);
    fx_do(&s, "place start");
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_ADVANCE);
    fx_do(&s, "advance 2");
    assert_int_equal(tzolk_piece(&s, TZOLK_TIK, 8), TZOLK_BLOCKER);
}

/* ZT11 (Z19.2, ZR43): final scoring of goods. ZT12 (Z19.4, ZR44): tie-break. */
static void zt11_zt12_final_scoring(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 2);
    s.teeth = 26;
    s.next_food = 3;
    for (int i = 0; i < 2; i++) {
        s.player[i].feed_free = 6;
        s.player[i].workers = 1;
        s.player[i].hand = 0;
    }
    s.player[0].corn = 5;
    s.player[0].res[0] = 2;
    s.player[0].res[1] = 1;
    s.player[0].res[2] = 1;
    s.player[0].skulls = 2;
    s.player[1].corn = 16 + 15; /* 31 corn: 7 VP and 3 lost; plus 3 more VP below */
    s.player[1].skulls = 1;
    fx_put(&s, 0, TZOLK_YAX, 7);
    fx_put(&s, 1, TZOLK_YAX, 6);
    fx_last_turn(&s, 1);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_OVER);
    int sc[2];
    tzolkin_game.scores(&s, sc);
    assert_int_equal(sc[0] - sc[1], 10 - (7 + 3));
    assert_int_equal(sc[0], sc[1]);
    assert_int_equal(tzolk_workers_on_gears(&s, 0), 0);
    assert_int_equal(tzolk_workers_on_gears(&s, 1), 1);
    assert_int_equal(tzolkin_game.winners(&s), 2u);
    /* 19 corn equivalents score 4 */
    fx_game(&s, 2);
    s.player[0].corn = 19;
    s.player[0].skulls = 2;
    s.teeth = 26;
    s.next_food = 3;
    s.player[0].feed_free = 6;
    s.player[1].feed_free = 6;
    fx_last_turn(&s, 1);
    s.mode = 1;
    int before = s.player[0].vp - s.player[1].vp;
    fx_do(&s, "end");
    assert_int_equal(s.player[0].vp - s.player[1].vp - before, 10);
}

/* ZT13 (Z16.3): the token holder on the start space passes the token. */
static void zt13_token_passing(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    for (int i = 0; i < 4; i++)
        s.player[i].corn = 10;
    fx_do(&s, "place start");
    fx_do(&s, "end");
    for (int k = 0; k < 3; k++) {
        fx_do(&s, "place YAX");
        fx_do(&s, "end");
    }
    fx_do(&s, "advance 1");
    assert_int_equal(s.token, 1);
    assert_int_equal(s.actor, 1);
}

/* ZT14 (Z11.5, ZR32, Z11.6): UXM5 never chooses UXM5 nor a CHI action. */
static void zt14_uxm5(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_UXM, 6);
    s.player[0].corn = 4;
    fx_do(&s, "pick UXM6 UXM5");
    assert_int_equal(s.player[0].corn, 3);
    fx_reject(&s, "do UXM5");
    fx_reject(&s, "do CHI1");
    fx_do(&s, "do UXM1");
    assert_int_equal(s.player[0].corn, 0);
    fx_do(&s, "temple KUKUL");
    assert_int_equal(s.player[0].temple[TZOLK_KUKUL], 2);
}

/* ZT15 (Z0.4.3, Z10.3): the bonus's gains pay the second step. */
static void zt15_tik3_payment_units(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_TIK, 3);
    s.player[0].tech[TZOLK_EXTR] = 3;
    s.player[0].res[0] = 1;
    fx_do(&s, "pick TIK3 TIK3");
    fx_do(&s, "tech EXTR w");
    fx_reject(&s, "tech AGRI s");
    fx_do(&s, "gain ss");
    fx_do(&s, "tech AGRI s");
    assert_int_equal(s.player[0].tech[TZOLK_AGRI], 1);
    assert_int_equal(s.player[0].res[0], 0);
    assert_int_equal(s.player[0].res[1], 1);
    fx_do(&s, "end");
}

/* ZT16 (Z0.4.3, Z10.4): buildings paid one after another. */
static void zt16_tik4_payment_units(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-10", "B1-12", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, disp);
    fx_put(&s, 0, TZOLK_TIK, 4);
    s.player[0].res[0] = 5;
    fx_do(&s, "pick TIK4 TIK4");
    fx_reject(&s, "build B1-12");
    fx_do(&s, "build B1-10");
    fx_do(&s, "build B1-12");
    assert_int_equal(s.player[0].res[0], 0);
    assert_int_equal(s.player[0].res[1], 0);
    assert_int_equal(s.player[0].res[2], 1);
    assert_int_equal(s.player[0].tech[TZOLK_AGRI], 1);
    assert_int_equal(s.player[0].tech[TZOLK_EXTR], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ze01_lowest_free_position),
        cmocka_unit_test(ze02_cost_five),
        cmocka_unit_test(ze03_cost_eight),
        cmocka_unit_test(ze04_step_back_yaxchilan),
        cmocka_unit_test(ze05_palenque),
        cmocka_unit_test(ze06_tikal),
        cmocka_unit_test(ze07_chichen_itza),
        cmocka_unit_test(ze08_start_player_space),
        cmocka_unit_test(ze09_mid_age_goods),
        cmocka_unit_test(ze10_end_of_age),
        cmocka_unit_test(ze11_ze12_feeding),
        cmocka_unit_test(ze13_first_two_rounds),
        cmocka_unit_test(ze14_blocking_markers),
        cmocka_unit_test(ze15_uxmal4_price),
        cmocka_unit_test(ze16_building_cost_effect),
        cmocka_unit_test(ze17_m12),
        cmocka_unit_test(ze18_agriculture3),
        cmocka_unit_test(ze19_last_round_start_space),
        cmocka_unit_test(zt01_delayed_food_day),
        cmocka_unit_test(zt02_final_tooth_jumped),
        cmocka_unit_test(zt03_pity_placement),
        cmocka_unit_test(zt04_begging),
        cmocka_unit_test(zt05_no_burning),
        cmocka_unit_test(zt06_skull_shortage),
        cmocka_unit_test(zt07_arch3_tik4),
        cmocka_unit_test(zt08_theo1_chi9),
        cmocka_unit_test(zt09_top_step),
        cmocka_unit_test(zt09_top_step_reached),
        cmocka_unit_test(zt10_blocker_no_limit),
        cmocka_unit_test(zt11_zt12_final_scoring),
        cmocka_unit_test(zt13_token_passing),
        cmocka_unit_test(zt14_uxm5),
        cmocka_unit_test(zt15_tik3_payment_units),
        cmocka_unit_test(zt16_tik4_payment_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
