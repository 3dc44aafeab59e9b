/*
 * tzolkin_components_test.c -- every building (Z1.8), monument (Z1.9) and
 * starting-wealth tile (Z1.10) of Tzolk'in exercised by a scenario with its
 * exact effect; the expected values are written here from the rules'
 * tables, independently of the generated component data. And the numbers
 * the engine was generated with (build/gen/tzolkin_constants.h and the
 * board table) against data/tzolkin-constants.txt and tzolkin-wheels.txt,
 * read here at test time (the tests run from the repository's root).
 */
#include <stdlib.h>

#include "tzolkin_fixture.h"

/* Expected change of a building: cost, then deltas with the fixed choices
 * "temple CHAAC", "tech AGRI", and declining optional actions. */
typedef struct bexp {
    const char *id;     /* building */
    int cost[3];        /* wood stone gold */
    int vp, corn;       /* deltas */
    int res[3];         /* gained wood stone gold */
    int skull;          /* skulls gained */
    int worker;         /* workers gained */
    int temple[3];      /* steps */
    int tech[4];        /* levels */
    int feed_free, feed_disc;
    const char *choices[3]; /* lines after the build line */
} bexp;

static const bexp buildings[] = {
    {"B1-01", {1, 0, 0}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 1, 0, {NULL}},
    {"B1-02", {1, 0, 0}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 1, 0, {NULL}},
    {"B1-03", {1, 0, 0}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 1, 0, {NULL}},
    {"B1-04", {4, 0, 0}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 1, {NULL}},
    {"B1-05", {4, 0, 0}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 1, {NULL}},
    {"B1-06", {2, 1, 0}, 0, 0, {0, 0, 0}, 0, 0, {1, 1, 0}, {0, 0, 0, 0}, 0, 0, {NULL}},
    {"B1-07", {1, 2, 0}, 0, 0, {0, 0, 0}, 0, 0, {1, 0, 1}, {0, 0, 0, 0}, 0, 0, {NULL}},
    {"B1-08", {1, 0, 1}, 0, 0, {0, 0, 0}, 0, 0, {1, 0, 0}, {0, 0, 0, 0}, 0, 0, {"temple CHAAC", "skip", NULL}},
    {"B1-09", {2, 0, 0}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {1, 0, 0, 0}, 0, 0, {NULL}},
    {"B1-10", {3, 0, 0}, 0, 0, {0, 1, 0}, 0, 0, {0, 0, 0}, {1, 0, 0, 0}, 0, 0, {NULL}},
    {"B1-11", {1, 1, 0}, 0, 1, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 1, 0, 0}, 0, 0, {NULL}},
    {"B1-12", {2, 1, 0}, 0, 0, {0, 0, 1}, 0, 0, {0, 0, 0}, {0, 1, 0, 0}, 0, 0, {NULL}},
    {"B1-13", {0, 0, 1}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 1, 0}, 0, 0, {NULL}},
    {"B1-14", {0, 1, 1}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 1}, {0, 0, 0, 1}, 0, 0, {NULL}},
    {"B2-01", {2, 0, 0}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 3, 0, {NULL}},
    {"B2-02", {2, 0, 0}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 3, 0, {NULL}},
    {"B2-03", {2, 0, 0}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 3, 0, {NULL}},
    {"B2-04", {0, 3, 0}, 6, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0, {"market", NULL}},
    {"B2-05", {1, 1, 1}, 6, 0, {0, 0, 0}, 0, 1, {0, 0, 0}, {0, 0, 0, 0}, 0, 0, {NULL}},
    {"B2-06", {1, 0, 2}, 8, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0, {NULL}},
    {"B2-07", {2, 1, 1}, 2, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0, {"skip", NULL}},
    {"B2-08", {1, 2, 1}, 3, 0, {0, 0, 0}, 0, 0, {1, 1, 1}, {0, 0, 0, 0}, 0, 0, {NULL}},
    {"B2-09", {3, 0, 0}, 0, 0, {0, 1, 0}, 0, 0, {0, 0, 0}, {1, 0, 0, 0}, 0, 0, {"tech AGRI", NULL}},
    {"B2-10", {2, 1, 0}, 0, 0, {0, 0, 1}, 0, 0, {0, 0, 0}, {1, 0, 0, 0}, 0, 0, {"tech AGRI", NULL}},
    {"B2-11", {3, 1, 0}, 0, 6, {0, 0, 0}, 0, 0, {0, 0, 0}, {1, 0, 0, 0}, 0, 0, {"tech AGRI", NULL}},
    {"B2-12", {2, 2, 0}, 0, 0, {0, 0, 0}, 1, 0, {0, 0, 0}, {1, 0, 0, 0}, 0, 0, {"tech AGRI", NULL}},
    {"B2-13", {0, 2, 0}, 2, 0, {0, 0, 0}, 0, 0, {2, 0, 0}, {0, 0, 0, 0}, 0, 0, {NULL}},
    {"B2-14", {0, 1, 1}, 3, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {0, 0, 1, 0}, 0, 0, {NULL}},
    {"B2-15", {0, 0, 2}, 3, 0, {0, 0, 0}, 0, 0, {0, 0, 2}, {0, 0, 0, 0}, 0, 0, {NULL}},
    {"B2-16", {0, 2, 1}, 0, 0, {0, 0, 0}, 0, 0, {1, 0, 1}, {0, 0, 0, 1}, 0, 0, {NULL}},
    {"B2-17", {0, 1, 2}, 0, 0, {0, 0, 0}, 0, 0, {0, 0, 0}, {2, 0, 0, 0}, 0, 0, {"tech AGRI", "tech AGRI", NULL}},
    {"B2-18", {0, 0, 3}, 4, 0, {0, 0, 0}, 0, 0, {0, 2, 0}, {0, 0, 0, 0}, 0, 0, {NULL}},
};

/* Z1.8, Z10.2, Z13.2: every building built at TIK2 with its exact effect. */
static void every_building(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof buildings / sizeof buildings[0]; k++) {
        const bexp *e = &buildings[k];
        tzolk_state s;
        fx_game(&s, 4);
        const char *disp[] = {e->id, NULL};
        fx_display(&s, disp);
        fx_put(&s, 0, TZOLK_TIK, 2);
        tzolk_player *p = &s.player[0];
        p->res[0] = p->res[1] = p->res[2] = 5;
        tzolk_player before = *p;
        char line[32];
        snprintf(line, sizeof line, "pick TIK2 TIK2");
        fx_do(&s, line);
        /* exact cost: one cube fewer of any kind is not enough */
        snprintf(line, sizeof line, "build %s", e->id);
        fx_do(&s, line);
        for (int c = 0; e->choices[c]; c++)
            fx_do(&s, e->choices[c]);
        assert_int_equal(s.sp, 0);
        assert_int_equal(p->vp - before.vp, e->vp);
        assert_int_equal(p->corn - before.corn, e->corn);
        for (int r = 0; r < 3; r++)
            assert_int_equal(p->res[r] - before.res[r], e->res[r] - e->cost[r]);
        assert_int_equal(p->skulls - before.skulls, e->skull);
        assert_int_equal(p->workers - before.workers, e->worker);
        for (int t = 0; t < 3; t++)
            assert_int_equal(p->temple[t] - before.temple[t], e->temple[t]);
        for (int x = 0; x < 4; x++)
            assert_int_equal(p->tech[x] - before.tech[x], e->tech[x]);
        assert_int_equal(p->feed_free, e->feed_free);
        assert_int_equal(p->feed_disc, e->feed_disc);
        assert_true(p->buildings == (1u << fx_building(e->id)));
        assert_int_equal(s.display, 0);
        /* and with one cube short it cannot be built (Z0.4.3) */
        fx_game(&s, 4);
        fx_display(&s, disp);
        fx_put(&s, 0, TZOLK_TIK, 2);
        for (int r = 0; r < 3; r++)
            s.player[0].res[r] = (uint8_t)e->cost[r];
        for (int r = 0; r < 3; r++)
            if (e->cost[r]) {
                s.player[0].res[r]--;
                fx_reject(&s, "pick TIK2 TIK2");
                s.player[0].res[r]++;
            }
        assert_true(fx_legal(&s, "pick TIK2 TIK2"));
    }
}

/* B1-08's building as TIK2 (ZR08), B2-04's market (ZR51), B2-07's action
 * (ZR50), B2-17 split on two tracks (ZR07), bonus at level 3 (Z12.3). */
static void building_optional_actions(void **state)
{
    (void)state;
    static const char *const d1[] = {"B1-08", "B1-01", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, d1);
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[0] = 2;
    s.player[0].res[2] = 1;
    s.player[0].tech[TZOLK_ARCH] = 1;
    fx_do(&s, "pick TIK2 TIK2");
    fx_do(&s, "build B1-08");
    assert_int_equal(s.player[0].corn, 1); /* ARCH 1 corn */
    fx_do(&s, "temple QUETZ");
    fx_do(&s, "build B1-01");
    assert_int_equal(s.player[0].corn, 2); /* B1-08's building gets its own ARCH */
    assert_int_equal(s.player[0].res[0], 0);
    assert_int_equal(s.sp, 0);

    static const char *const d2[] = {"B2-04", NULL};
    fx_game(&s, 4);
    fx_display(&s, d2);
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[1] = 3;
    s.player[0].corn = 4;
    fx_do(&s, "pick TIK2 TIK2");
    fx_do(&s, "build B2-04");
    fx_reject(&s, "skip");
    fx_do(&s, "market +1g");
    assert_int_equal(s.player[0].corn, 0);
    assert_int_equal(s.player[0].res[2], 1);

    static const char *const d3[] = {"B2-07", NULL};
    fx_game(&s, 4);
    fx_display(&s, d3);
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[0] = 2;
    s.player[0].res[1] = 1;
    s.player[0].res[2] = 1;
    s.player[0].corn = 1;
    fx_do(&s, "pick TIK2 TIK2");
    fx_do(&s, "build B2-07");
    fx_reject(&s, "do UXM1"); /* 1 + 3 corn */
    fx_reject(&s, "do UXM5");
    fx_do(&s, "do PAL1");
    assert_int_equal(s.player[0].corn, 3);
    assert_int_equal(s.player[0].vp, 2);

    static const char *const d4[] = {"B2-17", NULL};
    fx_game(&s, 4);
    fx_display(&s, d4);
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[1] = 1;
    s.player[0].res[2] = 2;
    s.player[0].tech[TZOLK_ARCH] = 3;
    s.player[0].tech[TZOLK_EXTR] = 3;
    fx_do(&s, "pick TIK2 TIK2");
    fx_do(&s, "build B2-17 -g");
    assert_int_equal(s.player[0].res[2], 1);
    assert_int_equal(s.player[0].vp, 2);
    assert_int_equal(s.player[0].corn, 1);
    fx_do(&s, "tech EXTR");
    fx_do(&s, "gain wg"); /* EXTR bonus before the second step (ZR48) */
    fx_do(&s, "tech THEO");
    assert_int_equal(s.player[0].tech[TZOLK_THEO], 1);
    assert_int_equal(s.player[0].res[0], 1);
    assert_int_equal(s.player[0].res[2], 2);
    assert_int_equal(s.sp, 0);
}

/* Z1.9, Z19.3: every monument's end-game points. */
static void every_monument_scoring(void **state)
{
    (void)state;
    tzolk_state s;
    fx_game(&s, 4);
    tzolk_player *p = &s.player[0];
#define M(id) tzolk_monument_by_id(id)
    p->buildings = (1u << fx_building("B1-06")) | (1u << fx_building("B2-04")) | (1u << fx_building("B1-09")) |
                   (1u << fx_building("B1-13"));
    p->monuments = (uint16_t)((1u << M("M01")) | (1u << M("M06")) | (1u << M("M10")));
    assert_int_equal(tzolk_monument_points(&s, 0, M("M01")), 4 * 3);
    assert_int_equal(tzolk_monument_points(&s, 0, M("M06")), 4 * 2);
    assert_int_equal(tzolk_monument_points(&s, 0, M("M10")), 4 * 2);
    p->monuments = (uint16_t)(1u << M("M02"));
    assert_int_equal(tzolk_monument_points(&s, 0, M("M02")), 2 * 5);
    p->corn_tiles = 3;
    p->wood_tiles = 2;
    assert_int_equal(tzolk_monument_points(&s, 0, M("M03")), 12);
    assert_int_equal(tzolk_monument_points(&s, 0, M("M04")), 8);
    p->monuments = (uint16_t)(1u << M("M05"));
    s.player[2].monuments = (uint16_t)((1u << M("M01")) | (1u << M("M02")));
    assert_int_equal(tzolk_monument_points(&s, 0, M("M05")), 3 * 4);
    s.players = 3;
    assert_int_equal(tzolk_monument_points(&s, 0, M("M05")), 3 * 5);
    s.players = 2;
    s.player[2].monuments = 0;
    assert_int_equal(tzolk_monument_points(&s, 0, M("M05")), 6);
    s.players = 4;
    static const int tech3[5] = {0, 9, 20, 33, 33};
    for (int k = 0; k <= 4; k++) {
        for (int x = 0; x < 4; x++)
            p->tech[x] = x < k ? 3 : 1;
        assert_int_equal(tzolk_monument_points(&s, 0, M("M07")), tech3[k]);
    }
    p->tech[0] = 3;
    p->tech[1] = 2;
    p->tech[2] = 1;
    p->tech[3] = 0;
    assert_int_equal(tzolk_monument_points(&s, 0, M("M08")), 18);
    static const int workers[4] = {0, 6, 12, 18};
    for (int w = 3; w <= 6; w++) {
        p->workers = (uint8_t)w;
        assert_int_equal(tzolk_monument_points(&s, 0, M("M09")), workers[w - 3]);
    }
    p->temple[0] = 2;
    p->temple[1] = 1;
    p->temple[2] = 0;
    assert_int_equal(tzolk_monument_points(&s, 0, M("M11")), 2 + 0 - 3);
    assert_int_equal(tzolk_monument_points(&s, 0, M("M12")), 3);
    p->temple[0] = 0;
    assert_int_equal(tzolk_monument_points(&s, 0, M("M12")), 0);
    s.chi_slots = (1u << 1) | (1u << 4) | (1u << 5) | (1u << 9);
    assert_int_equal(tzolk_monument_points(&s, 0, M("M13")), 12);
#undef M
}

static const int mcost[13][4] = {{3, 2, 1, 0}, {1, 3, 2, 0}, {1, 1, 4, 0}, {1, 0, 4, 0}, {2, 2, 2, 0},
                                  {2, 3, 1, 0}, {1, 1, 3, 0}, {2, 1, 3, 0}, {3, 0, 3, 0}, {0, 2, 3, 0},
                                  {0, 4, 3, 0}, {0, 3, 3, 0}, {0, 0, 4, 1}};

/* Z10.4, Z13.3, ZR03: every monument built at TIK4 for its exact cost and
 * counted at game end (Z19.2). */
static void every_monument_built(void **state)
{
    (void)state;
    for (int m = 0; m < 13; m++) {
        tzolk_state s;
        fx_game(&s, 4);
        s.mon_display = (uint16_t)(1u << m);
        s.display = 0;
        fx_put(&s, 0, TZOLK_TIK, 4);
        tzolk_player *p = &s.player[0];
        for (int r = 0; r < 3; r++)
            p->res[r] = (uint8_t)mcost[m][r];
        p->skulls = (uint8_t)mcost[m][3];
        s.skull_supply = (uint8_t)(TZOLK_SKULLS - p->skulls);
        char line[32];
        snprintf(line, sizeof line, "build %s", tzolk_monument(m)->id);
        for (int r = 0; r < 4; r++)
            if (mcost[m][r]) {
                if (r < 3)
                    p->res[r]--;
                else
                    p->skulls--;
                tzolk_set_piece(&s, TZOLK_TIK, 4, 0);
                fx_reject(&s, "pick TIK4 TIK4");
                if (r < 3)
                    p->res[r]++;
                else
                    p->skulls++;
            }
        fx_do(&s, "pick TIK4 TIK4");
        fx_do(&s, line);
        assert_int_equal(s.sp, 0); /* a monument is TIK4's only construction */
        assert_int_equal(p->res[0] + p->res[1] + p->res[2] + p->skulls, 0);
        assert_int_equal(s.skull_supply, TZOLK_SKULLS);
        assert_true(p->monuments == (1u << m));
        assert_int_equal(s.mon_display, 0);
        fx_do(&s, "end"); /* no refill for monuments */
        assert_int_equal(s.phase, TZOLK_PH_TURN);
    }
    /* never at TIK2 or UXM4 */
    tzolk_state s;
    fx_game(&s, 4);
    s.display = 0;
    s.mon_display = 1;
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[0] = s.player[0].res[1] = s.player[0].res[2] = 9;
    fx_reject(&s, "pick TIK2 TIK2");
}

typedef struct wexp {
    int gear, pos;      /* printed position */
    int corn, res[3];   /* corn, wood stone gold */
    int skull;          /* skulls */
    int temple[3];      /* free temple steps */
    int tech[4];        /* free technology steps */
    int feed, worker;   /* W14 feeding, W15 worker */
} wexp;

static const wexp wealth[21] = {
    {0, 1, 3, {0, 0, 0}, 0, {0, 1, 0}, {1, 0, 0, 0}, 0, 0}, {0, 3, 5, {0, 0, 1}, 0, {0, 1, 0}, {0, 0, 0, 0}, 0, 0},
    {0, 5, 0, {0, 1, 1}, 0, {0, 0, 0}, {1, 0, 0, 0}, 0, 0}, {0, 7, 9, {0, 1, 0}, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0},
    {1, 1, 0, {1, 0, 0}, 0, {0, 0, 1}, {0, 1, 0, 0}, 0, 0}, {1, 3, 2, {2, 0, 0}, 0, {0, 0, 1}, {0, 0, 0, 0}, 0, 0},
    {1, 5, 4, {1, 0, 0}, 0, {0, 0, 0}, {0, 1, 0, 0}, 0, 0}, {1, 7, 3, {2, 1, 0}, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0},
    {2, 1, 2, {0, 0, 0}, 0, {1, 0, 0}, {0, 0, 1, 0}, 0, 0}, {2, 3, 6, {0, 2, 0}, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0},
    {2, 5, 3, {0, 0, 1}, 0, {0, 0, 0}, {0, 0, 1, 0}, 0, 0}, {2, 7, 6, {1, 1, 0}, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0},
    {3, 1, 5, {0, 1, 0}, 0, {1, 0, 0}, {0, 0, 0, 0}, 0, 0}, {3, 3, 3, {1, 0, 0}, 0, {0, 0, 0}, {0, 0, 0, 0}, 1, 0},
    {3, 5, 0, {0, 0, 0}, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 1}, {3, 7, 8, {0, 0, 1}, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0},
    {4, 0, 4, {1, 0, 0}, 1, {0, 0, 0}, {0, 0, 0, 0}, 0, 0}, {4, 3, 5, {0, 1, 0}, 0, {0, 0, 0}, {0, 0, 0, 1}, 0, 0},
    {4, 5, 4, {3, 0, 0}, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0}, {4, 7, 2, {2, 0, 0}, 0, {0, 0, 0}, {0, 0, 0, 1}, 0, 0},
    {4, 10, 7, {2, 0, 0}, 0, {0, 0, 0}, {0, 0, 0, 0}, 0, 0},
};

/* Z1.10, Z2.10: every wealth tile's contents, received when kept; W14 feeds
 * like a farm (ZR14); W15's worker (4 in play). Positions: Z2.9. */
static void every_wealth_tile(void **state)
{
    (void)state;
    for (int w = 0; w < 21; w++) {
        const wexp *e = &wealth[w];
        const tzolk_wealth_def *d = tzolk_wealth(w);
        assert_int_equal(d->gear, e->gear);
        assert_int_equal(d->pos, e->pos);
        /* deal tile w and one empty-ish partner (W15 only adds a worker) to seat 1 */
        int partner = w == 14 ? 13 : 14;
        tzolk_state s;
        char line[48];
        assert_int_equal(tzolk_init(&s, 4), 0);
        fx_do(&s, "start 1");
        for (int m = 1; m <= 6; m++) {
            snprintf(line, sizeof line, "monument M%02d", m);
            fx_do(&s, line);
        }
        for (int b = 1; b <= 6; b++) {
            snprintf(line, sizeof line, "building B1-%02d", b);
            fx_do(&s, line);
        }
        int order[21], k = 0;
        order[k++] = w;
        order[k++] = partner;
        for (int x = 0; x < 21; x++)
            if (x != w && x != partner)
                order[k++] = x;
        for (int i = 0; i < 16; i++) {
            snprintf(line, sizeof line, "deal %d %s", i / 4 + 1, tzolk_wealth(order[i])->id);
            fx_do(&s, line);
        }
        snprintf(line, sizeof line, "keep %s %s", tzolk_wealth(partner)->id, d->id);
        fx_do(&s, line);
        for (int seat = 1; seat < 4; seat++) {
            snprintf(line, sizeof line, "keep %s %s", tzolk_wealth(order[4 * seat])->id,
                     tzolk_wealth(order[4 * seat + 1])->id);
            fx_do(&s, line);
        }
        const tzolk_player *p = &s.player[0];
        int pw = partner == 14; /* partner W15: +1 worker */
        int pc = partner == 13 ? 3 : 0, pr0 = partner == 13 ? 1 : 0, pf = partner == 13;
        assert_int_equal(p->corn, e->corn + pc);
        assert_int_equal(p->res[0], e->res[0] + pr0);
        assert_int_equal(p->res[1], e->res[1]);
        assert_int_equal(p->res[2], e->res[2]);
        assert_int_equal(p->skulls, e->skull);
        for (int t = 0; t < 3; t++)
            assert_int_equal(p->temple[t], 1 + e->temple[t]);
        for (int x = 0; x < 4; x++)
            assert_int_equal(p->tech[x], e->tech[x]);
        assert_int_equal(p->feed_free, e->feed + pf);
        assert_int_equal(p->workers, 3 + e->worker + pw);
        assert_int_equal(p->hand, 3 + e->worker + pw);
        assert_int_equal(p->buildings, 0);
    }
}

/* ZR47: B1-13 raises ARCH after its own benefits; ZR46: at ARCH 0 the
 * first TIK4 building uses nothing up, so the second gets level 1. B2-05
 * gives no worker beyond 6 (Z11.3). */
static void arch_order_and_worker_cap(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-13", "B1-01", NULL};
    tzolk_state s;
    fx_game(&s, 4);
    fx_display(&s, disp);
    fx_put(&s, 0, TZOLK_TIK, 4);
    s.player[0].res[0] = 1;
    s.player[0].res[2] = 1;
    fx_do(&s, "pick TIK4 TIK4");
    fx_do(&s, "build B1-13");
    assert_int_equal(s.player[0].corn, 0);
    assert_int_equal(s.player[0].tech[TZOLK_ARCH], 1);
    fx_do(&s, "build B1-01");
    assert_int_equal(s.player[0].corn, 1);

    static const char *const d2[] = {"B2-05", NULL};
    fx_game(&s, 4);
    fx_display(&s, d2);
    fx_put(&s, 0, TZOLK_TIK, 2);
    s.player[0].res[0] = s.player[0].res[1] = s.player[0].res[2] = 1;
    s.player[0].workers = 6;
    s.player[0].hand = 5;
    fx_do(&s, "pick TIK2 TIK2");
    fx_do(&s, "build B2-05");
    assert_int_equal(s.player[0].workers, 6);
    assert_int_equal(s.player[0].hand, 6);
    assert_int_equal(s.player[0].vp, 6);
}

/* ZR52: in the end-of-age-I round a build still refills from the age-I
 * deck, then the age change reveals 6 age-II buildings (Z13.5). */
static void refill_before_age_change(void **state)
{
    (void)state;
    static const char *const disp[] = {"B1-01", "B1-02", "B1-03", "B1-04", "B1-05", "B1-06", NULL};
    tzolk_state s;
    fx_game(&s, 2);
    fx_display(&s, disp);
    s.teeth = 13;
    s.next_food = 1;
    for (int i = 0; i < 2; i++)
        s.player[i].corn = 6;
    fx_last_turn(&s, 1);
    fx_put(&s, 1, TZOLK_TIK, 2);
    s.player[1].res[0] = 1;
    fx_do(&s, "pick TIK2 TIK2");
    fx_do(&s, "build B1-02");
    fx_do(&s, "end");
    assert_int_equal(s.phase, TZOLK_PH_REFILL);
    fx_reject(&s, "building B2-01");
    fx_do(&s, "building B1-07");
    assert_int_equal(s.phase, TZOLK_PH_AGE_REVEAL);
    fx_reject(&s, "building B1-08");
    for (int b = 13; b <= 18; b++) {
        char line[32];
        snprintf(line, sizeof line, "building B2-%02d", b);
        fx_do(&s, line);
    }
    assert_int_equal(s.age, 2);
    assert_int_equal(s.display, 0xFC000000u);
    assert_int_equal(s.phase, TZOLK_PH_TURN);
}

/* The generated tables agree with the rules' category totals (Z1.8). */
static void building_categories(void **state)
{
    (void)state;
    static const int tot[2][4] = {{5, 4, 3, 2}, {3, 4, 5, 6}};
    int n[2][4] = {{0}};
    for (int b = 0; b < TZOLK_BUILDINGS; b++)
        n[tzolk_building(b)->age - 1][tzolk_building(b)->category]++;
    assert_memory_equal(n, tot, sizeof n);
    for (int m = 0; m < 13; m++)
        for (int r = 0; r < 4; r++)
            assert_int_equal(tzolk_monument(m)->cost[r], mcost[m][r]);
}

/* The number in field `field` (0 = the first word) of the first line of
 * data/NAME whose words start with the words of key, or of the key=value
 * word "key=" with `field` < 0 (then -field is the field to search from);
 * fails the test if there is none. Comments ('#') are ignored. */
static int data_value(const char *name, const char *key, int field, const char *param)
{
    char path[128], line[512];
    snprintf(path, sizeof path, "data/%s", name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t key_len = strlen(key);
    while (fgets(line, sizeof line, f) != NULL) {
        char *hash = strchr(line, '#'), *words[24];
        int n = 0;
        if (hash != NULL)
            *hash = '\0';
        if (strncmp(line, key, key_len) != 0 || (line[key_len] != ' ' && line[key_len] != '\n'))
            continue;
        for (char *w = strtok(line, " \n"); w != NULL && n < 24; w = strtok(NULL, " \n"))
            words[n++] = w;
        fclose(f);
        if (param == NULL) {
            assert_true(field < n);
            return atoi(words[field]);
        }
        for (int i = field; i < n; i++)
            if (strncmp(words[i], param, strlen(param)) == 0)
                return atoi(words[i] + strlen(param));
        return 0; /* an absent key=value is 0 */
    }
    fclose(f);
    fail_msg("data/%s has no line %s", name, key);
    return -1;
}

/* Every constant and board number of the engine is the data files' value
 * (Z1.2-Z1.5, Z1.11): a stale or hand-edited table fails here. */
static void generated_equals_data(void **state)
{
    (void)state;
    static const char *const gear_key[TZOLK_GEARS] = {"GEAR PAL", "GEAR YAX", "GEAR TIK", "GEAR UXM", "GEAR CHI"};
    static const struct {
        const char *key; /* line of tzolkin-constants.txt */
        int value;       /* the engine's constant */
    } constants[] = {
        {"CALENDAR_TEETH", TZOLK_CALENDAR_TEETH},      {"WORKERS_START", TZOLK_WORKERS_START},
        {"WORKERS_MAX", TZOLK_MAX_WORKERS},            {"WEALTH_DEALT", TZOLK_WEALTH_DEALT},
        {"WEALTH_KEPT", TZOLK_WEALTH_KEPT},            {"BUILDINGS_ON_DISPLAY", TZOLK_DISPLAY},
        {"SKULLS_TOTAL", TZOLK_SKULLS},                {"START_SPACE_CORN", TZOLK_START_SPACE_CORN},
        {"RETRIEVE_STEP_BACK_COST", TZOLK_STEP_BACK_CORN}, {"FEED_CORN_PER_WORKER", TZOLK_FEED_CORN},
        {"UNFED_PENALTY_VP", TZOLK_UNFED_VP},          {"BEG_THRESHOLD", TZOLK_BEG_THRESHOLD},
        {"BEG_CORN", TZOLK_BEG_CORN},                  {"UXMAL4_CORN_PER_BLOCK", TZOLK_UXM4_CORN_PER_BLOCK},
        {"UXMAL1_CORN", TZOLK_UXM1_CORN},              {"UXMAL5_CORN", TZOLK_UXM5_CORN},
        {"FINAL_SKULL_VP", TZOLK_FINAL_SKULL_VP},      {"FINAL_CORN_PER_VP", TZOLK_FINAL_CORN_PER_VP},
    };
    const tzolk_board_def *board = tzolk_board();
    char key[64];
    for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
        assert_int_equal(data_value("tzolkin-constants.txt", constants[i].key, 1, NULL), constants[i].value);
    assert_int_equal(data_value("tzolkin-constants.txt", "PLAYERS", 1, NULL), TZOLK_PLAYERS_MIN);
    assert_int_equal(data_value("tzolkin-constants.txt", "PLAYERS", 2, NULL), TZOLK_PLAYERS_MAX);
    for (int k = 1; k <= TZOLK_MAX_WORKERS; k++) {
        snprintf(key, sizeof key, "PLACE_SURCHARGE %d", k);
        assert_int_equal(data_value("tzolkin-constants.txt", key, 2, NULL), board->surcharge[k]);
    }
    for (int k = 0; k < TZOLK_FOOD_DAYS; k++) { /* tooth 0 is the start tooth, reached after a full turn */
        int tooth = data_value("tzolkin-constants.txt", "FOODDAY_TOOTH", 1 + k, NULL);
        assert_int_equal(tooth == 0 ? TZOLK_CALENDAR_TEETH : tooth, board->food_tooth[k]);
    }
    assert_int_equal(data_value("tzolkin-constants.txt", "MARKET wood", 2, NULL), board->market[0]);
    assert_int_equal(data_value("tzolkin-constants.txt", "MARKET stone", 2, NULL), board->market[1]);
    assert_int_equal(data_value("tzolkin-constants.txt", "MARKET gold", 2, NULL), board->market[2]);
    for (int g = 0; g < TZOLK_GEARS; g++) {
        assert_string_equal(gear_key[g] + 5, tzolk_gear_name(g));
        assert_int_equal(data_value("tzolkin-wheels.txt", gear_key[g], 2, NULL), board->gear[g].holes);
        assert_int_equal(data_value("tzolkin-wheels.txt", gear_key[g], 4, NULL), board->gear[g].last);
        assert_int_equal(data_value("tzolkin-wheels.txt", gear_key[g], 5, NULL), board->gear[g].actions);
        assert_true(board->gear[g].holes <= TZOLK_HOLES_MAX);
    }
    for (int q = 2; q <= 5; q++) {
        snprintf(key, sizeof key, "ACTION PAL %d", q);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "corn="), board->harvest_corn[q]);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "wood="), board->harvest_wood[q]);
        snprintf(key, sizeof key, "ACTION YAX %d", q);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "stone="), board->yax_gain[q][TZOLK_G_STONE]);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "corn="), board->yax_gain[q][TZOLK_G_CORN]);
    }
    assert_int_equal(data_value("tzolkin-wheels.txt", "ACTION PAL 1", 4, "corn="), board->harvest_corn[1]);
    for (int q = 1; q <= TZOLK_SKULL_ACTIONS; q++) {
        snprintf(key, sizeof key, "ACTION CHI %d", q);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "vp="), board->skull[q].vp);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "res="), board->skull[q].resource);
    }
    /* What Tikal's and Uxmal's actions give besides goods (Z10, Z11): TIK1
     * and TIK3 technology steps, TIK2 and TIK4 buildings, TIK5 and UXM1
     * temple steps, UXM3 a worker, UXM4 a building; nothing else. */
    for (int q = 1; q <= 5; q++) {
        snprintf(key, sizeof key, "ACTION TIK %d", q);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "steps="),
                         board->steps[TZOLK_TIK][q][TZOLK_STEP_TECH] + board->steps[TZOLK_TIK][q][TZOLK_STEP_TEMPLE]);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "buildings="),
                         board->steps[TZOLK_TIK][q][TZOLK_STEP_BUILD]);
        snprintf(key, sizeof key, "ACTION UXM %d", q);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "steps="),
                         board->steps[TZOLK_UXM][q][TZOLK_STEP_TEMPLE]);
        assert_int_equal(data_value("tzolkin-wheels.txt", key, 4, "buildings="),
                         board->steps[TZOLK_UXM][q][TZOLK_STEP_BUILD]);
        for (int g = 0; g < TZOLK_GEARS; g++)
            for (int k = 0; k < TZOLK_STEP_KINDS; k++)
                if (g != TZOLK_TIK && g != TZOLK_UXM)
                    assert_int_equal(board->steps[g][q][k], 0);
    }
    assert_int_equal(board->steps[TZOLK_TIK][1][TZOLK_STEP_TECH], 1);
    assert_int_equal(board->steps[TZOLK_TIK][3][TZOLK_STEP_TECH], 2);
    assert_int_equal(board->steps[TZOLK_TIK][5][TZOLK_STEP_TEMPLE], 2);
    assert_int_equal(data_value("tzolkin-wheels.txt", "ACTION UXM 3", 4, NULL),
                     board->steps[TZOLK_UXM][3][TZOLK_STEP_WORKER]);
    assert_int_equal(board->steps[TZOLK_UXM][3][TZOLK_STEP_WORKER], 1);
    for (int t = 0; t < TZOLK_TEMPLES; t++) {
        snprintf(key, sizeof key, "TEMPLE %s", tzolk_temple_name(t));
        assert_int_equal(data_value("tzolkin-temples.txt", key, 3, NULL), tzolk_temple(t)->steps);
    }
    /* the category masks (Z1.8) name each building and monument by its own category */
    for (int c = 0; c < 4; c++) {
        for (int b = 0; b < TZOLK_BUILDINGS; b++)
            assert_int_equal(board->category_buildings[c] >> b & 1, tzolk_building(b)->category == c);
        for (int m = 0; m < TZOLK_MONUMENTS; m++)
            assert_int_equal(board->category_monuments[c] >> m & 1, tzolk_monument(m)->category == c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generated_equals_data),
        cmocka_unit_test(every_building),
        cmocka_unit_test(building_optional_actions),
        cmocka_unit_test(every_monument_scoring),
        cmocka_unit_test(every_monument_built),
        cmocka_unit_test(every_wealth_tile),
        cmocka_unit_test(building_categories),
        cmocka_unit_test(arch_order_and_worker_cap),
        cmocka_unit_test(refill_before_age_change),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
