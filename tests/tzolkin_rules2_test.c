/*
 * tzolkin_rules2_test.c -- more numbered rules of rules/tzolkin.md, each with
 * a legal case and an illegal one (GAME_EILLEGAL, a reason, the state
 * byte-identical), or, for an automatic effect, the effect and the case
 * where it does not apply: player setup (Z2.5), the round structure
 * (Z3.1-Z3.3), the cheapest placement (Z5.5), the start-player worker
 * (Z6.7, Z16.2, Z16.5, ZR38), lost gains and modifiers however reached
 * (ZR25, ZR26, ZR28), UXM4 paid in corn (Z11.4), monuments (Z13.1), two
 * discount farms (Z14.1), steps past the top (Z15.7), the food-day order
 * (Z18.2, Z18.3), identical tiles (ZR53), market visits of large
 * holdings (ZR31), and the costs and yields the engine tells front ends
 * before a line is written (Z5.4, Z4.4, Z6.1, Z6.2, Z11.4, Z7.2, Z19.3).
 * The rule id leads every test name.
 */
#include <stdlib.h>

#include "record/record.h"
#include "tzolkin_fixture.h"

/* The line is refused with GAME_EILLEGAL and a reason, by the parser or by
 * apply, and the state is unchanged. */
static void illegal(tzolk_state *s, const char *line)
{
    tzolk_state before = *s, after;
    char why[200] = "";
    int status = fx_try(s, line, &after, why, sizeof why);
    if (status != GAME_EILLEGAL)
        fail_msg("'%s' gave status %d, not GAME_EILLEGAL (%s)", line, status, why);
    assert_true(why[0] != 0);
    assert_memory_equal(&before, s, sizeof before);
    assert_int_equal(fx_legal(s, line), 0);
}

/* Z2.5: every player starts with 0 VP, a light board, 3 workers in hand,
 * markers on the start steps and on level 0; T = 0, empty pool (Z2.1).
 * Nobody can place before the setup is over. */
static void z2_5_player_setup(void **state)
{
    (void)state;
    tzolk_state s;
    assert_int_equal(tzolk_init(&s, 3), 0);
    assert_int_equal(s.teeth, 0);
    assert_int_equal(s.pool, 0);
    assert_int_equal(s.start_space, -1);
    for (int i = 0; i < 3; i++) {
        const tzolk_player *p = &s.player[i];
        assert_int_equal(p->vp, 0);
        assert_int_equal(p->corn, 0);
        assert_int_equal(p->workers, 3);
        assert_int_equal(p->hand, 3);
        assert_int_equal(p->light, 1);
        for (int t = 0; t < TZOLK_TEMPLES; t++)
            assert_int_equal(p->temple[t], 1);
        for (int x = 0; x < TZOLK_TRACKS; x++)
            assert_int_equal(p->tech[x], 0);
    }
    illegal(&s, "place PAL");
    illegal(&s, "keep W01 W02");
}

/* Z3.1: the holder of the token plays first, then clockwise, each exactly
 * once; then the calendar advances and the token holder starts again. */
static void z3_1_turn_order(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 3);
    for (int i = 0; i < 3; i++)
        s.player[i].corn = 10;
    s.token = 1;
    fx_turn(&s, 1);
    fx_do(&s, "place PAL");
    fx_do(&s, "end");
    assert_int_equal(tzolk_current_player(&s), 2);
    fx_do(&s, "place PAL");
    fx_do(&s, "end");
    assert_int_equal(tzolk_current_player(&s), 0);
    assert_int_equal(s.teeth, 0);
    fx_do(&s, "place PAL");
    fx_do(&s, "end");
    assert_int_equal(s.teeth, 1); /* phase 3 after the third turn */
    assert_int_equal(tzolk_current_player(&s), 1);
    illegal(&s, "end"); /* no turn without placing or picking (Z4.1) */
}

/* Z3.1 in a record: a seat that already played cannot play again. */
static void z3_1_turn_order_record(void **state)
{
    (void)state;
    static const char head[] = "[Game \"tzolkin\"]\n[Players \"3\"]\n[Result \"*\"]\n\n"
                               "* start 2\n* monument M01\n* monument M02\n* monument M03\n* monument M04\n"
                               "* monument M05\n* building B1-01\n* building B1-02\n* building B1-03\n"
                               "* building B1-04\n* building B1-05\n* building B1-06\n"
                               "* deal 1 W01\n* deal 1 W02\n* deal 1 W03\n* deal 1 W04\n"
                               "* deal 2 W05\n* deal 2 W06\n* deal 2 W07\n* deal 2 W08\n"
                               "* deal 3 W09\n* deal 3 W10\n* deal 3 W11\n* deal 3 W12\n"
                               "* block W13\n* block W14\n* block W15\n* block W16\n* block W17\n"
                               "1 keep W01 W02\n2 keep W05 W06\n3 keep W09 W10\n"
                               "2 place PAL\n2 end\n";
    char text[2048], why[256] = "";
    record rec;
    snprintf(text, sizeof text, "%s%s", head, "3 place PAL\n3 end\n1 place PAL\n1 end\n");
    assert_int_equal(record_read(&rec, text, strlen(text), "round", NULL, why, sizeof why), 0);
    const tzolk_state *s = (const tzolk_state *)rec.match.state;
    assert_int_equal(s->teeth, 1);
    assert_int_equal(tzolk_current_player(s), 1);
    record_free(&rec);
    snprintf(text, sizeof text, "%s%s", head, "2 place YAX\n");
    assert_int_not_equal(record_read(&rec, text, strlen(text), "again", NULL, why, sizeof why), 0);
    assert_non_null(strstr(why, "again:39:"));
    assert_non_null(strstr(why, "seat 3 is to act"));
}

/* Z3.2: the token stays with its holder in a round nobody uses the
 * start-player space, and moves only through it; no line moves it. */
static void z3_2_token(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_last_turn(&s, 3);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(s.token, 0);
    assert_int_equal(tzolk_current_player(&s), 0);
    illegal(&s, "start 3");
    fx_last_turn(&s, 3);
    fx_do(&s, "place start");
    fx_do(&s, "end");
    fx_do(&s, "advance 1");
    assert_int_equal(s.token, 3);
    assert_int_equal(tzolk_current_player(&s), 3);
}

/* Z3.3, Z19.1: without a double advance a game has 27 rounds; one double
 * advance removes one; the game ends at T = 27 after the 4th food day. */
static int play_out(int players, int doubles, int *rounds)
{
    tzolk_state s;
    int *acts = malloc(sizeof(int) * TZOLK_LEGAL_MAX);
    assert_int_equal(tzolk_init(&s, players), 0);
    *rounds = 0;
    while (tzolk_current_player(&s) != GAME_TERMINAL) {
        int n = tzolk_legal_actions(&s, acts);
        assert_true(n > 0);
        int a = acts[0];
        for (int i = 0; i < n && doubles > 0; i++)
            if (acts[i] == TZOLK_A_PLACE_START)
                a = acts[i]; /* so that the space's owner may advance 2 */
        if (s.phase == TZOLK_PH_ADVANCE && doubles > 0) {
            a = TZOLK_A_ADVANCE + 1;
            doubles--;
        }
        int t = s.teeth;
        assert_int_equal(tzolk_apply(&s, a, NULL, 0), 0);
        if (s.teeth != t)
            (*rounds)++;
    }
    free(acts);
    assert_int_equal(s.next_food, 4);
    return s.teeth;
}

static void z3_3_game_length(void **state)
{
    (void)state;
    int rounds;
    assert_int_equal(play_out(2, 0, &rounds), 27);
    assert_int_equal(rounds, 27);
    assert_int_equal(play_out(4, 0, &rounds), 27);
    assert_int_equal(rounds, 27);
    assert_int_equal(play_out(3, 1, &rounds), 27);
    assert_int_equal(rounds, 26);
}

/* Z5.5, Z4.3: with the start-player space free the cheapest placement costs
 * 0, so a player with 0 corn is not forced to beg; a gear whose lowest free
 * position is 1 stays out of reach. */
static void z5_5_cheapest_placement(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    for (int g = 0; g < TZOLK_GEARS; g++)
        tzolk_set_piece(&s, g, 0, TZOLK_BLOCKER);
    s.player[0].corn = 0;
    assert_true(fx_legal(&s, "place start"));
    assert_true(fx_legal(&s, "beg CHAAC")); /* optional (ZR23) */
    illegal(&s, "place PAL");
    fx_do(&s, "place start");
    assert_int_equal(s.player[0].corn, 0);
}

/* Z6.7: the worker on the start-player space is never picked up; it comes
 * back in phase 3. */
static void z6_7_start_space_worker(void **state)
{
    (void)state;
    tzolk_state s;
    int *acts = malloc(sizeof(int) * TZOLK_LEGAL_MAX);
    fx_game(&s, 4);
    fx_last_turn(&s, 3);
    s.start_space = 3;
    s.player[3].hand = 0;
    fx_put(&s, 3, TZOLK_YAX, 2);
    s.player[3].hand = 0;
    int n = tzolk_legal_actions(&s, acts);
    for (int i = 0; i < n; i++) {
        char text[64];
        assert_int_equal(tzolk_action_to_text(&s, acts[i], text, sizeof text), 0);
        assert_true(strncmp(text, "pick YAX2", 9) == 0 || strncmp(text, "beg", 3) == 0);
    }
    illegal(&s, "place start");
    fx_do(&s, "pick YAX2 YAX2");
    fx_do(&s, "end");
    fx_do(&s, "advance 1");
    assert_int_equal(s.player[3].hand, 2);
    assert_int_equal(s.start_space, -1);
    free(acts);
}

/* ZR25: an action whose gain is lost stays legal (YAX4 with no skull left);
 * ZR26: a modifier follows the action however reached (EXTR 1 at YAX1 via
 * UXM5); UXM5 never chooses UXM5 (ZR32). */
static void zr25_zr26_actions_however_reached(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_YAX, 4);
    fx_put(&s, 0, TZOLK_UXM, 5);
    s.skull_supply = 0;
    s.player[0].corn = 1;
    s.player[0].tech[TZOLK_EXTR] = 1;
    fx_do(&s, "pick YAX4 YAX4");
    assert_int_equal(s.player[0].skulls, 0);
    fx_do(&s, "pick UXM5 UXM5");
    assert_int_equal(s.player[0].corn, 0);
    illegal(&s, "do UXM5");
    fx_do(&s, "do YAX1");
    assert_int_equal(s.player[0].res[0], 2);
}

/* ZR28, Z7.4: with AGRI 2 a group with forests and no corn tile allows the
 * tile-less harvest, wood and burning; below AGRI 2 only wood and burning. */
static void zr28_agri2_on_forest(void **state)
{
    (void)state;
    for (int agri = 1; agri <= 2; agri++) {
        tzolk_state s;
        fx_game(&s, 4);
        s.jungle[1][0] = 2;
        s.jungle[1][1] = 0;
        s.jungle[1][2] = 2;
        s.player[0].tech[TZOLK_AGRI] = (uint8_t)agri;
        fx_put(&s, 0, TZOLK_PAL, 3);
        fx_do(&s, "pick PAL3 PAL3");
        assert_true(fx_legal(&s, "wood"));
        assert_true(fx_legal(&s, "burn KUKUL"));
        if (agri == 1) {
            illegal(&s, "corn");
            continue;
        }
        fx_do(&s, "corn");
        assert_int_equal(s.player[0].corn, 5 + 1);
        assert_int_equal(s.player[0].corn_tiles, 0);
        assert_int_equal(s.jungle[1][0], 2);
    }
}

/* Z11.4, Z13.3: UXM4 is paid in corn only, never with resources, and never
 * builds a monument. */
static void z11_4_uxm4_corn_only(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-09", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, disp);
    fx_put(&s, 0, TZOLK_UXM, 4);
    s.player[0].res[0] = 2; /* B1-09's cost in cubes */
    s.player[0].corn = 3;
    illegal(&s, "pick UXM4 UXM4");
    s.player[0].corn = 4;
    s.player[0].res[1] = 5;
    s.player[0].res[2] = 5; /* enough for M01, which UXM4 cannot build */
    fx_do(&s, "pick UXM4 UXM4");
    illegal(&s, "build M01");
    fx_do(&s, "build B1-09");
    assert_int_equal(s.player[0].corn, 0);
    assert_int_equal(s.player[0].res[0], 2);
    assert_int_equal(s.player[0].tech[TZOLK_AGRI], 1);
}

/* Z13.1: a monument built is not replaced (no reveal line, turn passes);
 * it cannot be built again, and one player may build several. */
static void z13_1_monuments(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.player[0].res[0] = 4;
    s.player[0].res[1] = 5;
    s.player[0].res[2] = 3;
    fx_put(&s, 0, TZOLK_TIK, 4);
    fx_do(&s, "pick TIK4 TIK4");
    fx_do(&s, "build M01");
    assert_int_equal(s.sp, 0); /* a monument is TIK4's only construction */
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_TURN);
    assert_int_equal(tzolk_current_player(&s), 1);
    assert_int_equal(s.mon_display, 0x3e); /* M02..M06 */
    fx_turn(&s, 0);
    fx_put(&s, 0, TZOLK_TIK, 4);
    fx_do(&s, "pick TIK4 TIK4");
    illegal(&s, "build M01");
    fx_do(&s, "build M02");
    assert_int_equal(s.player[0].monuments, 3);
    assert_int_equal(s.player[0].res[0], 0);
    assert_int_equal(s.player[0].res[1], 0);
    assert_int_equal(s.player[0].res[2], 0);
}

/* Z14.1, Z14.2: two discount farms make feeding free; with one, each
 * worker still needs 1 corn; free workers come off first. */
static void z14_1_discount_farms(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 2);
    s.player[0].workers = 5;
    s.player[0].feed_disc = 2;
    assert_int_equal(tzolk_feeding_cost(&s, 0), 0);
    s.player[0].feed_disc = 1;
    assert_int_equal(tzolk_feeding_cost(&s, 0), 5);
    s.player[0].feed_free = 2;
    assert_int_equal(tzolk_feeding_cost(&s, 0), 3);
    /* a food day: 0 corn, two farms -> no penalty; one farm -> -3 VP each */
    s.player[0].workers = 3;
    s.player[0].feed_free = 0;
    s.player[0].feed_disc = 2;
    s.player[1].feed_disc = 1;
    s.teeth = 7;
    fx_last_turn(&s, 1);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(s.next_food, 1);
    assert_int_equal(s.player[0].vp, 0);
    assert_int_equal(s.player[1].vp, -9);
}

/* Z15.7: "+2 CHAAC" is two single steps; the one past the top is lost, and
 * a building that cannot be paid cannot be built. */
static void z15_7_steps_past_top(void **state)
{
    (void)state;
    static const char *const disp[] = {"B2-13", NULL};
    for (int from = 4; from <= 5; from++) {
        tzolk_state s;
        fx_game(&s, 4);
        fx_display(&s, disp);
        fx_put(&s, 0, TZOLK_TIK, 2);
        s.player[0].temple[TZOLK_CHAAC] = (uint8_t)from;
        s.player[0].res[1] = 1;
        illegal(&s, "pick TIK2 TIK2");
        s.player[0].res[1] = 2;
        fx_do(&s, "pick TIK2 TIK2");
        fx_do(&s, "build B2-13");
        assert_int_equal(s.player[0].temple[TZOLK_CHAAC], 6);
        assert_int_equal(s.player[0].vp, 2);
    }
}

/* Z16.2: the pool is taken after the turn: it cannot pay that turn's
 * placements. */
static void z16_2_pool_after_turn(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.pool = 5;
    fx_do(&s, "place start");
    illegal(&s, "place PAL"); /* 0 + 1 corn, and the pool is not yet his */
    assert_int_equal(s.player[0].corn, 0);
    fx_do(&s, "end");
    assert_int_equal(s.player[0].corn, 5);
    assert_int_equal(s.pool, 0);
}

/* Z16.5, ZR38: with nobody on the start-player space 1 corn goes to the
 * pool; with someone there none does; the pool scores nothing at the end. */
static void z16_5_pool(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    s.pool = 2;
    fx_last_turn(&s, 3);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(s.pool, 3);
    assert_int_equal(s.teeth, 1);
    fx_last_turn(&s, 3);
    fx_do(&s, "place start");
    fx_do(&s, "end");
    assert_int_equal(s.player[3].corn, 3);
    fx_do(&s, "advance 1");
    assert_int_equal(s.pool, 0);
    assert_int_equal(s.teeth, 2);
    /* the last round: 40 corn in the pool, nobody takes it */
    fx_game(&s, 2);
    s.teeth = 26;
    s.next_food = 3;
    s.pool = 40;
    s.player[0].feed_free = s.player[1].feed_free = 6;
    fx_last_turn(&s, 1);
    s.mode = 1;
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_OVER);
    assert_int_equal(s.player[0].vp, 1 + 3 + 2); /* half of every age-II premium */
    assert_int_equal(s.player[1].vp, 1 + 3 + 2);
}

/* Z18.2, Z18.3, Z13.5: on the end-of-age-I food day every turn is played
 * first; then feeding, then the age change (6 age-II reveals), then the
 * temple VP; nobody chooses anything in phase 2. */
static void z18_2_z18_3_food_day_order(void **state)
{
    (void)state;
    tzolk_state s;
    char line[32];
    fx_game(&s, 2);
    s.teeth = 13;
    s.next_food = 1;
    s.player[0].corn = 10;
    s.player[1].corn = 10;
    fx_do(&s, "place PAL");
    fx_do(&s, "end");
    assert_int_equal(s.player[0].corn, 10); /* not fed before the last turn */
    fx_do(&s, "place PAL");
    fx_do(&s, "end");
    assert_int_equal(s.player[0].corn, 10 - 6);
    assert_int_equal(s.player[1].corn, 9 - 6);
    assert_int_equal(s.phase, TZOLK_PH_AGE_REVEAL);
    assert_int_equal(s.player[0].vp, 0); /* temple VP after the age change */
    illegal(&s, "building B1-07");
    illegal(&s, "place YAX");
    for (int b = 1; b <= 6; b++) {
        snprintf(line, sizeof line, "building B2-%02d", b);
        fx_do(&s, line);
    }
    assert_int_equal(s.player[0].vp, 3 + 1 + 2); /* half of every age-I premium */
    assert_int_equal(s.player[1].vp, 3 + 1 + 2);
    assert_int_equal(s.teeth, 14);
    assert_int_equal(s.phase, TZOLK_PH_TURN);
}

/* ZR53, ZR34: identical tiles on display are distinct lines; a tile not on
 * display cannot be built. */
static void zr53_identical_tiles(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-01", "B1-02", NULL};
    tzolk_state s;
    int a, b;
    fx_game(&s, 4);
    fx_display(&s, disp);
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[0] = 1;
    fx_do(&s, "pick TIK2 TIK2");
    assert_true(fx_legal(&s, "build B1-01"));
    assert_true(fx_legal(&s, "build B1-02"));
    assert_int_equal(tzolk_text_to_action(&s, "build B1-01", &a, NULL, 0), 0);
    assert_int_equal(tzolk_text_to_action(&s, "build B1-02", &b, NULL, 0), 0);
    assert_int_not_equal(a, b);
    illegal(&s, "build B1-03");
    fx_do(&s, "build B1-02");
    assert_int_equal(s.display, 1u << fx_building("B1-01"));
    assert_int_equal(s.player[0].feed_free, 1);
}

/* Collect the legal lines of the notation (tzolk_legal_lines' emit). */
typedef struct line_list {
    char lines[16][GAME_TEXT_MAX]; /* the lines seen */
    int count;                     /* how many (more than 16: not kept) */
} line_list;

static void keep_line(void *context, const char *line)
{
    line_list *l = context;
    if (l->count < 16)
        snprintf(l->lines[l->count], GAME_TEXT_MAX, "%s", line);
    l->count++;
}

static int has_line(const line_list *l, const char *line)
{
    for (int i = 0; i < l->count && i < 16; i++)
        if (strcmp(l->lines[i], line) == 0)
            return 1;
    return 0;
}

/* Z11.2, ZR31: a market visit is any number of trades, however large: no
 * bound on the cubes of a kind; a visit that sells more than is held or
 * costs more corn than the player's budget is refused with a reason. */
static void zr31_market_any_size(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_UXM, 2);
    s.player[0].res[0] = 45;
    fx_do(&s, "pick UXM2 UXM2");
    assert_true(fx_legal(&s, "market"));
    assert_true(fx_legal(&s, "market -45w"));
    illegal(&s, "market -46w");    /* more than he has */
    illegal(&s, "market +1g");     /* 90 corn of value, 94 needed */
    illegal(&s, "market -1w +1g"); /* 88 + 4 */
    fx_do(&s, "market +15g -40w"); /* 40 sold at once: more than 31 */
    assert_int_equal(s.player[0].res[0], 5);
    assert_int_equal(s.player[0].res[2], 15);
    assert_int_equal(s.player[0].corn, 80 - 60);
    assert_int_equal(s.sp, 0);

    /* buying more than 31 at once, holding more than 255 */
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_UXM, 2);
    s.player[0].res[0] = 300;
    s.player[0].res[1] = 20;
    s.player[0].corn = 100;
    fx_do(&s, "pick UXM2 UXM2");
    illegal(&s, "market +51w"); /* 102 corn */
    fx_do(&s, "market -2s +53w");
    assert_int_equal(s.player[0].res[0], 353);
    assert_int_equal(s.player[0].res[1], 18);
    assert_int_equal(s.player[0].corn, 100 - 106 + 6);
}

/* The action of line text (one action) at s. */
static int action_of(const tzolk_state *s, const char *text)
{
    int a = -1;
    assert_int_equal(tzolk_text_to_action(s, text, &a, NULL, 0), 0);
    return a;
}

/* ZR31 and the state's 16-bit corn: a sale that would take a seat past
 * TZOLK_CORN_MAX corn is refused with a reason and changes nothing, the
 * sale that stays within it is listed and legal. */
static void zr31_market_corn_limit(void **state)
{
    (void)state;
    tzolk_state s;
    int acts[TZOLK_LEGAL_MAX];
    char why[200] = "";
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_UXM, 2);
    s.player[0].res[2] = 4;
    fx_do(&s, "pick UXM2 UXM2");
    s.player[0].corn = TZOLK_CORN_MAX - 2 * tzolk_board()->market[2]; /* room for 2 gold's corn */
    int sell4 = action_of(&s, "trade -4g"), sell2 = action_of(&s, "trade -2g");
    int n = tzolk_legal_actions(&s, acts), listed4 = 0, listed2 = 0;
    for (int i = 0; i < n; i++) {
        listed4 |= acts[i] == sell4;
        listed2 |= acts[i] == sell2;
    }
    assert_false(listed4);
    assert_true(listed2);
    tzolk_state before = s;
    assert_int_equal(tzolk_apply(&s, sell4, why, sizeof why), GAME_EILLEGAL);
    assert_non_null(strstr(why, "corn"));
    assert_memory_equal(&before, &s, sizeof s);
    assert_int_equal(tzolk_apply(&s, sell2, why, sizeof why), 0);
    assert_int_equal(s.player[0].corn, TZOLK_CORN_MAX);
    assert_int_equal(tzolk_market_change(&s, 2), -2);
    assert_int_equal(tzolk_apply(&s, action_of(&s, "trade -1g"), why, sizeof why), GAME_EILLEGAL);
}

/* Z23.2, Z23.6, ZR31: a visit is written as one line whatever its steps:
 * the end's text is the canonical line of the visit's net change; a step
 * repeats no amount and turns no direction; a line read mid-visit adds the
 * missing steps, or is refused if the steps taken do not lead to it. */
static void zr31_market_steps_and_line(void **state)
{
    (void)state;
    tzolk_state s;
    char text[GAME_TEXT_MAX];
    int acts[TZOLK_LEGAL_MAX];
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_UXM, 2);
    s.player[0].res[0] = 3;
    s.player[0].res[2] = 2;
    s.player[0].corn = 10;
    fx_do(&s, "pick UXM2 UXM2");
    int n = tzolk_legal_actions(&s, acts);
    assert_true(n <= tzolkin_game.max_legal && tzolkin_game.max_legal <= 1024);
    assert_int_equal(acts[0], TZOLK_A_MARKET);
    fx_do(&s, "trade -1g");
    fx_do(&s, "trade +2w");
    illegal(&s, "trade +2w");  /* each amount once a visit */
    illegal(&s, "trade -1w");  /* wood is bought in this visit */
    illegal(&s, "trade +16g"); /* gold is sold in this visit */
    illegal(&s, "trade +8s");  /* 24 corn, 10 held */
    assert_int_equal(tzolk_action_to_text(&s, TZOLK_A_MARKET, text, sizeof text), 0);
    assert_string_equal(text, "market +2w -1g");
    illegal(&s, "market +1w -1g"); /* the steps taken bought 2 */
    illegal(&s, "market -1g");
    fx_do(&s, "market -1g +3w"); /* the missing +1w, then the end */
    assert_int_equal(s.player[0].res[0], 6);
    assert_int_equal(s.player[0].res[2], 1);
    assert_int_equal(s.player[0].corn, 10 + 4 - 6);
    assert_int_equal(s.sp, 0);
    assert_int_equal(s.market[0], 0);
    fx_reject(&s, "trade +1w"); /* no visit under way */
}

/* Undo within a turn (DESIGN: undo) takes back what the player did: a
 * whole market line, or the last step of a visit made step by step; a
 * line refused at its last step changes nothing. */
static void market_undo(void **state)
{
    (void)state;
    tzolk_state s, before;
    match m;
    char why[200] = "";
    game_options options = {4, 0};
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_UXM, 2);
    s.player[0].res[2] = 1;
    s.player[0].corn = 4;
    fx_do(&s, "pick UXM2 UXM2");
    assert_int_equal(match_init(&m, &tzolkin_game, &options, why, sizeof why), 0);
    memcpy(m.state, &s, sizeof s);
    memcpy(m.undo_base, &s, sizeof s);
    before = s;

    assert_int_equal(match_apply_line(&m, "market +4w -1g", why, sizeof why), 0);
    assert_int_equal(m.count, 3); /* -1g, +4w, the end */
    assert_int_equal(match_undo(&m, why, sizeof why), 0);
    assert_int_equal(m.count, 0);
    assert_memory_equal(m.state, &before, sizeof before);

    assert_int_equal(match_apply_line(&m, "trade +1w", why, sizeof why), 0);
    tzolk_state one = *(tzolk_state *)m.state;
    assert_int_equal(match_apply_line(&m, "trade -1g", why, sizeof why), 0);
    assert_int_equal(match_undo(&m, why, sizeof why), 0); /* the last step only */
    assert_memory_equal(m.state, &one, sizeof one);
    assert_int_equal(match_apply_line(&m, "market +1w", why, sizeof why), 0);
    assert_int_equal(m.count, 2);
    assert_int_equal(match_undo(&m, why, sizeof why), 0); /* the line: its step and its end */
    assert_memory_equal(m.state, &before, sizeof before);

    why[0] = 0; /* 10 corn of wood, 4 + 4 held: refused at its third step */
    assert_int_equal(match_apply_line(&m, "market -1g +5w", why, sizeof why), GAME_EILLEGAL);
    assert_true(why[0] != 0);
    assert_int_equal(m.count, 0);
    assert_memory_equal(m.state, &before, sizeof before);
    match_free(&m);
}

/* Z23.6: a legal-action list of the notation lists a visit's every final
 * holding, not its steps. */
static void z23_6_market_lines(void **state)
{
    (void)state;
    tzolk_state s;
    line_list l = {{{0}}, 0};
    fx_game(&s, 4);
    fx_put(&s, 0, TZOLK_UXM, 2);
    s.player[0].res[0] = 1;
    s.player[0].corn = 2;
    fx_do(&s, "pick UXM2 UXM2");
    tzolk_legal_lines(&s, keep_line, &l);
    assert_int_equal(l.count, 5); /* budget 4: wood 0..2, or a stone, or a gold */
    assert_true(has_line(&l, "market") && has_line(&l, "market -1w") && has_line(&l, "market +1w") &&
                has_line(&l, "market -1w +1s") && has_line(&l, "market -1w +1g"));
    assert_false(has_line(&l, "market +1s"));
}

/* ---- costs and yields told before a line is written --------------------- */

/* Z5.4 (ZE02): tzolk_place_cost is the position plus the surcharge of the
 * workers already placed, and what the placement then takes; -1 where the
 * placement is illegal. */
static void z5_4_place_cost(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_put(&s, 1, TZOLK_PAL, 1);
    s.player[0].workers = s.player[0].hand = 4;
    s.player[0].corn = 5;
    assert_int_equal(tzolk_place_cost(&s, TZOLK_PAL), 0);
    assert_int_equal(tzolk_place_cost(&s, TZOLK_GEARS), 0); /* start-player space (Z16.1) */
    assert_int_equal(tzolk_place_surcharge(&s), 0);
    assert_int_equal(tzolk_lowest_free(&s, TZOLK_PAL), 0); /* Z5.2 */
    fx_do(&s, "place PAL");
    assert_int_equal(tzolk_place_surcharge(&s), 1);
    assert_int_equal(tzolk_lowest_free(&s, TZOLK_PAL), 2); /* position 1 is taken */
    assert_int_equal(tzolk_place_cost(&s, TZOLK_PAL), 2 + 1);
    assert_int_equal(tzolk_place_cost(&s, TZOLK_YAX), 0 + 1);
    assert_int_equal(tzolk_place_cost(&s, TZOLK_GEARS), 1);
    fx_do(&s, "place PAL");
    assert_int_equal(s.player[0].corn, 5 - 3);
    assert_int_equal(tzolk_place_surcharge(&s), 2);
    assert_int_equal(tzolk_place_cost(&s, TZOLK_YAX), 0 + 2);
    fx_do(&s, "place YAX");
    assert_int_equal(s.player[0].corn, 0);
    assert_int_equal(tzolk_place_surcharge(&s), 3);
    /* illegal: more than the corn left, and no such gear */
    assert_int_equal(tzolk_place_cost(&s, TZOLK_YAX), -1);
    assert_int_equal(tzolk_place_cost(&s, -1), -1);
    assert_int_equal(tzolk_place_cost(&s, TZOLK_GEARS + 1), -1);
}

/* A 2-player game where positions 0 and 1 of every gear are blocked, the
 * start-player space is taken and seat 0 cannot beg (Z4.2): with corn 1 no
 * placement is affordable (Z4.3). */
static void blocked_low_game(tzolk_state *s, int corn)
{
    fx_game(s, 2);
    s->start_space = 1;
    for (int g = 0; g < TZOLK_GEARS; g++) {
        fx_put(s, TZOLK_BLOCKER, g, 0);
        fx_put(s, TZOLK_BLOCKER, g, 1);
    }
    for (int t = 0; t < TZOLK_TEMPLES; t++)
        s->player[0].temple[t] = 0;
    s->player[0].corn = corn;
}

/* Z4.4: a pity placement costs all the actor's corn, less than the
 * position's price; with corn enough it is an ordinary placement. */
static void z4_4_pity_cost(void **state)
{
    (void)state;
    tzolk_state s;
    blocked_low_game(&s, 1);
    assert_true(tzolk_pity_due(&s));
    assert_int_equal(tzolk_place_cost(&s, TZOLK_TIK), 1);
    fx_do(&s, "place TIK");
    assert_int_equal(s.player[0].corn, 0);
    assert_int_equal(tzolk_place_cost(&s, TZOLK_YAX), -1); /* nothing after a pity placement */
    blocked_low_game(&s, 2);
    assert_false(tzolk_pity_due(&s));
    assert_int_equal(tzolk_place_cost(&s, TZOLK_TIK), 2);
}

/* Z6.1b, Z6.2 (ZE04): tzolk_pick_cost is 1 corn per step back, nothing for
 * the worker's own action, no action or a free-choice position; -1 for a
 * higher action, an empty position, too little corn or no such position. */
static void z6_1_pick_cost(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_turn(&s, 2);
    fx_put(&s, 2, TZOLK_YAX, 3);
    fx_put(&s, 2, TZOLK_YAX, 6);
    s.player[2].corn = 1;
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_YAX, 3, 3), 0);
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_YAX, 3, 2), 1);
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_YAX, 3, 0), 0);
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_YAX, 6, 1), 0); /* Z6.2 */
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_YAX, 3, 1), -1); /* 2 corn, 1 held */
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_YAX, 3, 4), -1); /* never forward */
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_YAX, 4, 4), -1); /* nobody there */
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_YAX, 11, 1), -1);
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_GEARS, 0, 0), -1);
    fx_do(&s, "pick YAX3 YAX2");
    assert_int_equal(s.player[2].corn, 1 - 1 + 1); /* paid 1, YAX2 gives 1 corn */
}

/* Z9.4, ZR29, Z6.1b: with THEO 1 a pick from CHI p also reaches CHI p+1 for
 * nothing (from CHI0, CHI1), and lower actions for 1 corn a step back from
 * p; never p+2. Without THEO 1, p+1 is out of reach. */
static void z9_4_theo1_next_action(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    fx_turn(&s, 1);
    fx_put(&s, 1, TZOLK_CHI, 4);
    fx_put(&s, 1, TZOLK_CHI, 0);
    s.player[1].skulls = 2;
    s.player[1].corn = 1;
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_CHI, 4, 5), -1); /* no THEO yet */
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_CHI, 0, 1), -1);
    s.player[1].tech[TZOLK_THEO] = 1;
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_CHI, 4, 5), 0);
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_CHI, 4, 4), 0);
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_CHI, 4, 3), 1);
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_CHI, 4, 2), -1); /* 2 corn, 1 held */
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_CHI, 4, 6), -1); /* never p+2 */
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_CHI, 0, 1), 0);  /* ZR29 */
    assert_int_equal(tzolk_pick_cost(&s, TZOLK_CHI, 0, 2), -1);
    fx_do(&s, "pick CHI4 CHI5");
    assert_int_equal(s.player[1].corn, 1);
    assert_true(s.chi_slots & (1u << 5));
}

/* Z5.4, Z6.1b: tzolk_listed_cost gives each listed pick (and, in a placing
 * turn, each listed placement) what tzolk_pick_cost (tzolk_place_cost)
 * gives it, 1 corn for the step back YAX3 -> YAX2; -1 for an action that
 * costs no corn by itself (the end of the turn) and outside a turn. */
static void z6_1_listed_cost(void **state)
{
    (void)state;
    tzolk_state s;
    int legal[TZOLK_LEGAL_MAX], picks = 0;
    fx_game(&s, 4);
    fx_turn(&s, 2);
    fx_put(&s, 2, TZOLK_YAX, 3);
    s.player[2].corn = 1;
    int n = tzolk_legal_actions(&s, legal);
    for (int i = 0; i < n; i++) {
        int v = legal[i] - TZOLK_A_PICK;
        if (legal[i] >= TZOLK_A_PICK && legal[i] < TZOLK_A_BUILD) {
            assert_int_equal(tzolk_listed_cost(&s, legal[i]), tzolk_pick_cost(&s, v / 110, (v / 10) % 11, v % 10));
            picks++;
        } else if (legal[i] >= TZOLK_A_PLACE && legal[i] <= TZOLK_A_PLACE_START)
            assert_int_equal(tzolk_listed_cost(&s, legal[i]), tzolk_place_cost(&s, legal[i] - TZOLK_A_PLACE));
    }
    assert_true(picks >= 3); /* none, YAX3 and the step back to YAX2 */
    assert_int_equal(tzolk_listed_cost(&s, TZOLK_A_PICK + (TZOLK_YAX * 11 + 3) * 10 + 2), 1);
    fx_do(&s, "place PAL");
    assert_int_equal(tzolk_listed_cost(&s, TZOLK_A_END), -1);
    assert_int_equal(tzolk_listed_cost(&s, TZOLK_A_PLACE + TZOLK_YAX), tzolk_place_cost(&s, TZOLK_YAX));
    s.phase = TZOLK_PH_REFILL;
    assert_int_equal(tzolk_listed_cost(&s, TZOLK_A_PLACE + TZOLK_YAX), -1);
}

/* Z11.4: Uxmal 4 costs 2 corn per resource cube, 2 less with ARCH 3;
 * -1 for no such building or seat. */
static void z11_4_uxmal_cost(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 2);
    int b = fx_building("B1-07"); /* 1 wood 2 stone */
    assert_int_equal(tzolk_uxmal_cost(&s, 0, b), 6);
    s.player[0].tech[TZOLK_ARCH] = 3;
    assert_int_equal(tzolk_uxmal_cost(&s, 0, b), 4);
    assert_int_equal(tzolk_uxmal_cost(&s, 1, b), 6);
    assert_int_equal(tzolk_uxmal_cost(&s, 0, TZOLK_BUILDINGS), -1);
    assert_int_equal(tzolk_uxmal_cost(&s, 2, b), -1); /* a 2-player game has no seat 2 */
}

/* Z7.2, Z1.7: a harvest yields the printed corn or wood plus AGRI 1 (+1),
 * AGRI 3 (+2 more) and EXTR 1 (+1); -1 where there is no such harvest. */
static void z7_2_harvest_yield(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 2);
    assert_int_equal(tzolk_harvest_corn(&s, 3), 5);
    assert_int_equal(tzolk_harvest_wood(&s, 3), 2);
    s.player[0].tech[TZOLK_AGRI] = 1;
    s.player[0].tech[TZOLK_EXTR] = 1;
    assert_int_equal(tzolk_harvest_corn(&s, 5), 9 + 1);
    assert_int_equal(tzolk_harvest_wood(&s, 5), 4 + 1);
    s.player[0].tech[TZOLK_AGRI] = 3;
    assert_int_equal(tzolk_harvest_corn(&s, 2), 4 + 3);
    assert_int_equal(tzolk_harvest_wood(&s, 2), -1); /* no forest on group 2 */
    assert_int_equal(tzolk_harvest_corn(&s, 1), -1); /* fishing is no harvest */
    assert_int_equal(tzolk_harvest_corn(&s, 6), -1);
}

/* Z19.3: monument points of a built monument; -1 for no such monument or seat. */
static void z19_3_monument_points_range(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 2);
    int m = tzolk_monument_by_id("M09"); /* workers: 3/4/5/6 -> 0/6/12/18 */
    s.player[0].workers = 5;
    assert_int_equal(tzolk_monument_points(&s, 0, m), 12);
    assert_int_equal(tzolk_monument_points(&s, 0, TZOLK_MONUMENTS), -1);
    assert_int_equal(tzolk_monument_points(&s, 2, m), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(z2_5_player_setup),
        cmocka_unit_test(z3_1_turn_order),
        cmocka_unit_test(z3_1_turn_order_record),
        cmocka_unit_test(z3_2_token),
        cmocka_unit_test(z3_3_game_length),
        cmocka_unit_test(z5_5_cheapest_placement),
        cmocka_unit_test(z6_7_start_space_worker),
        cmocka_unit_test(zr25_zr26_actions_however_reached),
        cmocka_unit_test(zr28_agri2_on_forest),
        cmocka_unit_test(z11_4_uxm4_corn_only),
        cmocka_unit_test(z13_1_monuments),
        cmocka_unit_test(z14_1_discount_farms),
        cmocka_unit_test(z15_7_steps_past_top),
        cmocka_unit_test(z16_2_pool_after_turn),
        cmocka_unit_test(z16_5_pool),
        cmocka_unit_test(z18_2_z18_3_food_day_order),
        cmocka_unit_test(zr53_identical_tiles),
        cmocka_unit_test(zr31_market_any_size),
        cmocka_unit_test(zr31_market_corn_limit),
        cmocka_unit_test(zr31_market_steps_and_line),
        cmocka_unit_test(z23_6_market_lines),
        cmocka_unit_test(market_undo),
        cmocka_unit_test(z5_4_place_cost),
        cmocka_unit_test(z4_4_pity_cost),
        cmocka_unit_test(z6_1_pick_cost),
        cmocka_unit_test(z9_4_theo1_next_action),
        cmocka_unit_test(z6_1_listed_cost),
        cmocka_unit_test(z11_4_uxmal_cost),
        cmocka_unit_test(z7_2_harvest_yield),
        cmocka_unit_test(z19_3_monument_points_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
