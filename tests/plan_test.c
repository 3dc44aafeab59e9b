/*
 * plan_test.c -- the Tzolk'in plan policy (src/bots/plan_tzolkin.c) on
 * positions of a real game: each rule narrows the legal actions where its
 * condition holds and leaves them alone where it does not; whatever it
 * keeps is legal and never nothing. Rules of rules/tzolkin.md it relies on
 * are cited: placement costs (Z5.2, Z5.4), picking up (Z6), skulls for
 * Chichen Itza (Z9.2), a worker from Uxmal (Z11.3), feeding at food days
 * (Z14.2, Z18).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bots/plan.h"
#include "games.h"
#include "tzolkin/tzolkin.h"

#include "action_list.h"

/* A 4-player game at its first turn: chance and keeps by the first legal
 * action, the first seat to act with its 3 workers in hand. */
static void first_turn(tzolk_state *s)
{
    int legal[TZOLK_LEGAL_MAX];
    assert_int_equal(tzolk_init(s, 4), 0);
    while (s->phase != TZOLK_PH_TURN) {
        assert_true(tzolk_legal_actions(s, legal) > 0);
        assert_int_equal(tzolk_apply(s, legal[0], NULL, 0), 0);
    }
    assert_int_equal(s->mode, 0);
    assert_int_equal(s->player[s->actor].hand, TZOLK_WORKERS_START);
}

/* The plan's actions at s (into kept), checked: never none, each legal, in
 * the legal list's order. Returns their number; *all gets the list's. */
static int plan_actions(const tzolk_state *s, int *kept, int *all)
{
    int legal[TZOLK_LEGAL_MAX];
    int n = tzolk_legal_actions(s, legal);
    memcpy(kept, legal, sizeof legal);
    int k = plan_of(games_find("tzolkin"))->filter(s, kept, n);
    assert_true(k >= 1 && k <= n);
    for (int i = 0, j = 0; i < k; i++, j++) {
        while (j < n && legal[j] != kept[i])
            j++;
        assert_true(j < n);
    }
    *all = n;
    return k;
}

/* Every action of list is a placement on gear g. */
static int all_on(const int *list, int n, int g)
{
    for (int i = 0; i < n; i++)
        if (list[i] != TZOLK_A_PLACE + g)
            return 0;
    return 1;
}

/* A game without a policy has none; Tzolk'in has one. */
static void test_registry(void **unused)
{
    (void)unused;
    assert_non_null(plan_of(games_find("tzolkin")));
    assert_null(plan_of(games_find("tikal")));
}

/* Short of workers (3 < 4 before the second food day), the first worker
 * goes to Uxmal, whose third action brings a worker (Z11.3); with 4 the
 * placements are not narrowed to it. */
static void test_worker_placement(void **unused)
{
    (void)unused;
    tzolk_state s;
    int kept[TZOLK_LEGAL_MAX], n;
    first_turn(&s);
    s.player[s.actor].corn = 20;
    int k = plan_actions(&s, kept, &n);
    assert_true(all_on(kept, k, TZOLK_UXM));
    s.player[s.actor].workers++;
    s.player[s.actor].hand++;
    assert_int_equal(tzolk_check(&s, NULL, 0), 0);
    k = plan_actions(&s, kept, &n);
    assert_false(all_on(kept, k, TZOLK_UXM));
    assert_true(action_list_has(kept, k, TZOLK_A_PLACE + TZOLK_PAL));
}

/* Skulls to Chichen Itza (Z9.2: each of its actions places a skull of the
 * seat's supply): with enough workers and a skull in hand, the turn's
 * placements go to Chichen Itza; without a skull they need not. */
static void test_skull_placement(void **unused)
{
    (void)unused;
    tzolk_state s;
    int kept[TZOLK_LEGAL_MAX], n;
    first_turn(&s);
    s.player[s.actor].corn = 20;
    s.player[s.actor].workers++; /* the target before the second food day: no rule for workers */
    s.player[s.actor].hand++;
    s.player[s.actor].skulls = 1;
    s.skull_supply--;
    assert_int_equal(tzolk_check(&s, NULL, 0), 0);
    int k = plan_actions(&s, kept, &n);
    assert_true(k < n);
    assert_true(all_on(kept, k, TZOLK_CHI));
    s.player[s.actor].skulls = 0;
    s.skull_supply++;
    assert_int_equal(tzolk_check(&s, NULL, 0), 0);
    k = plan_actions(&s, kept, &n);
    assert_false(all_on(kept, k, TZOLK_CHI));
}

/* A placing turn goes on while the corn pays for the next placement (Z5.2,
 * Z5.4: the second worker of a turn costs 1 more): the end is not among
 * the plan's actions; without corn it is. */
static void test_placing_goes_on(void **unused)
{
    (void)unused;
    tzolk_state s;
    int kept[TZOLK_LEGAL_MAX], n;
    first_turn(&s);
    s.player[s.actor].corn = 20;
    assert_int_equal(tzolk_apply(&s, TZOLK_A_PLACE + TZOLK_UXM, NULL, 0), 0);
    assert_int_equal(s.mode, 1);
    int k = plan_actions(&s, kept, &n);
    assert_true(k < n);
    assert_false(action_list_has(kept, k, TZOLK_A_END));
    for (int i = 0; i < k; i++)
        assert_true(tzolk_listed_cost(&s, kept[i]) >= 0);
    s.player[s.actor].corn = 0; /* the surcharge alone is 1 corn */
    k = plan_actions(&s, kept, &n);
    assert_int_equal(k, n);
    assert_true(action_list_has(kept, k, TZOLK_A_END));
}

/* A food day near and corn short of the feeding (Z14.2, Z18): placements
 * go to Palenque, the corn gear; with the corn in hand they need not. */
static void test_corn_before_food_day(void **unused)
{
    (void)unused;
    tzolk_state s;
    int kept[TZOLK_LEGAL_MAX], n;
    first_turn(&s);
    s.teeth = (uint8_t)(tzolk_board()->food_tooth[0] - 2);
    s.player[s.actor].corn = 1;
    assert_int_equal(tzolk_check(&s, NULL, 0), 0);
    assert_true(tzolk_feeding_cost(&s, s.actor) > 1);
    int k = plan_actions(&s, kept, &n);
    assert_true(all_on(kept, k, TZOLK_PAL));
    s.player[s.actor].corn = 30;
    k = plan_actions(&s, kept, &n);
    assert_false(all_on(kept, k, TZOLK_PAL));
}

/* A worker of the seat on Uxmal at position 3 (Z6: picked up there it may
 * do action 3 or a lower one): while short of workers only the picks that
 * bring one are kept; with enough workers every action stays. */
static void test_worker_pick(void **unused)
{
    (void)unused;
    tzolk_state s;
    int kept[TZOLK_LEGAL_MAX], n;
    first_turn(&s);
    int seat = s.actor;
    tzolk_set_piece(&s, TZOLK_UXM, 3, seat);
    tzolk_set_piece(&s, TZOLK_PAL, 1, seat);
    tzolk_set_piece(&s, TZOLK_YAX, 1, seat);
    s.player[seat].hand = 0;
    s.player[seat].corn = 10;
    assert_int_equal(tzolk_check(&s, NULL, 0), 0);
    int k = plan_actions(&s, kept, &n);
    assert_true(k < n);
    for (int i = 0; i < k; i++) {
        tzolk_state child = s;
        assert_int_equal(tzolk_apply(&child, kept[i], NULL, 0), 0);
        assert_int_equal(child.player[seat].workers, s.player[seat].workers + 1);
    }
    s.player[seat].workers = 4; /* the target before the second food day */
    s.player[seat].hand = 1;
    assert_int_equal(tzolk_check(&s, NULL, 0), 0);
    k = plan_actions(&s, kept, &n);
    int other = 0;
    for (int i = 0; i < k; i++) {
        tzolk_state child = s;
        assert_int_equal(tzolk_apply(&child, kept[i], NULL, 0), 0);
        other += child.player[seat].workers == s.player[seat].workers;
    }
    assert_true(other > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry),        cmocka_unit_test(test_worker_placement),
        cmocka_unit_test(test_skull_placement), cmocka_unit_test(test_placing_goes_on),
        cmocka_unit_test(test_corn_before_food_day), cmocka_unit_test(test_worker_pick),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
