/*
 * plan_test.c -- the Tzolk'in plan policy (src/bots/plan_tzolkin.c) on
 * positions of a real game: each rule narrows the legal actions where its
 * condition holds and leaves them alone where it does not; whatever it
 * keeps is legal and never nothing. Rules of rules/tzolkin.md it relies on
 * are cited: placement costs (Z5.2, Z5.4), picking up (Z6), skulls for
 * Chichen Itza (Z9.2), a worker from Uxmal (Z11.3), feeding at food days
 * (Z14.2, Z18). The macro turns (plan_tzolkin_macro): a turn that places
 * k workers (Z5.1: k >= 1 from the hand, one at a time, Z5.3) places k and
 * no more, a turn that picks up every worker (Z6.1: one or more) does not
 * end while one is left, each shape is refused where it cannot be made, and
 * the best turn of each shape that turns.h finds is of that shape.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bots/eval.h"
#include "bots/plan.h"
#include "bots/turns.h"
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

/* The actor's 3 workers from the hand to Uxmal 3, Palenque 1 and
 * Yaxchilan 1, with 10 corn: a turn that must pick up (Z6.1). */
static void workers_on_gears(tzolk_state *s)
{
    int seat = s->actor;
    tzolk_set_piece(s, TZOLK_UXM, 3, seat);
    tzolk_set_piece(s, TZOLK_PAL, 1, seat);
    tzolk_set_piece(s, TZOLK_YAX, 1, seat);
    s->player[seat].hand = 0;
    s->player[seat].corn = 10;
    assert_int_equal(tzolk_check(s, NULL, 0), 0);
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
    workers_on_gears(&s);
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

/* The macro filter of shape at s (into kept), checked: each kept action
 * legal, in the legal list's order. Returns their number (0: refused). */
static int macro_actions(const tzolk_state *s, int shape, int *kept)
{
    int legal[TZOLK_LEGAL_MAX];
    int n = tzolk_legal_actions(s, legal);
    memcpy(kept, legal, sizeof legal);
    int k = plan_of(games_find("tzolkin"))->macro(s, shape, kept, n);
    assert_true(k >= 0 && k <= n);
    for (int i = 0, j = 0; i < k; i++, j++) {
        while (j < n && legal[j] != kept[i])
            j++;
        assert_true(j < n);
    }
    return k;
}

static int count_placements(const int *list, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        count += list[i] >= TZOLK_A_PLACE && list[i] <= TZOLK_A_PLACE_START;
    return count;
}

static int count_picks(const int *list, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        count += list[i] >= TZOLK_A_PICK && list[i] < TZOLK_A_BUILD;
    return count;
}

/* The first turn, 3 workers in hand and corn for all (Z5.4): the turn of
 * shape k (1..3) places k + 1 workers: only placements to start with, no
 * end before the (k + 1)-th, then the end alone; 4 is refused with 3 in
 * hand, and so is picking up with no worker on a gear (Z6.1). */
static void test_macro_placing(void **unused)
{
    (void)unused;
    tzolk_state s;
    int kept[TZOLK_LEGAL_MAX];
    first_turn(&s);
    s.player[s.actor].corn = 20;
    enum { PICK_ALL = 0, PLACE_TWO = 1, PLACE_FOUR = 3 };
    assert_int_equal(macro_actions(&s, PICK_ALL, kept), 0);
    assert_int_equal(macro_actions(&s, PLACE_FOUR, kept), 0);
    int k = macro_actions(&s, PLACE_TWO, kept);
    assert_true(k > 0);
    assert_int_equal(count_placements(kept, k), k);
    assert_int_equal(tzolk_apply(&s, TZOLK_A_PLACE + TZOLK_PAL, NULL, 0), 0);
    k = macro_actions(&s, PLACE_TWO, kept);
    assert_true(k > 0 && !action_list_has(kept, k, TZOLK_A_END));
    assert_int_equal(count_placements(kept, k), k);
    assert_int_equal(macro_actions(&s, PICK_ALL, kept), 0); /* no pick after placing (Z4.1b) */
    assert_int_equal(tzolk_apply(&s, TZOLK_A_PLACE + TZOLK_YAX, NULL, 0), 0);
    assert_int_equal(macro_actions(&s, PLACE_TWO, kept), 1);
    assert_int_equal(kept[0], TZOLK_A_END);
    k = macro_actions(&s, PLACE_TWO + 1, kept); /* three: one more to place */
    assert_true(k > 0 && !action_list_has(kept, k, TZOLK_A_END));
}

/* Workers on three gears, none in hand: the pick-up-all turn picks only,
 * and may end only once no worker is left to pick up (Z6.1); a placing
 * shape is refused (Z5.1: no worker in hand). */
static void test_macro_pick_all(void **unused)
{
    (void)unused;
    tzolk_state s;
    int kept[TZOLK_LEGAL_MAX];
    first_turn(&s);
    int seat = s.actor;
    workers_on_gears(&s);
    assert_int_equal(macro_actions(&s, 1, kept), 0);
    for (int picked = 0; picked < 3; picked++) {
        int k = macro_actions(&s, 0, kept);
        assert_true(k > 0 && !action_list_has(kept, k, TZOLK_A_END));
        assert_int_equal(count_picks(kept, k), k);
        assert_int_equal(tzolk_apply(&s, kept[0], NULL, 0), 0); /* pick Gp none: a worker back, no action */
        assert_int_equal(s.sp, 0);
    }
    assert_int_equal(s.player[seat].hand, 3);
    assert_int_equal(macro_actions(&s, 0, kept), 1);
    assert_int_equal(kept[0], TZOLK_A_END);
}

/* The best turn of each shape (turns_search_macro, rated by the default
 * evaluation) is of its shape and ends the seat's turn: 2 and 3 workers
 * placed from the first turn, 4 refused; all three picked up. */
static void test_macro_search(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const plan_policy *policy = plan_of(game);
    eval_hook *hook = eval_new(game, EVAL_DEFAULT, NULL, 0);
    turns *search = turns_new(game, 4, 1);
    assert_non_null(hook);
    assert_non_null(search);
    assert_int_equal(policy->macros, PLAN_TZOLKIN_MACROS);
    tzolk_state s;
    first_turn(&s);
    s.player[s.actor].corn = 20;
    int turn[TURNS_DEPTH_MAX];
    for (int shape = 1; shape <= 3; shape++) {
        int found = turns_search_macro(search, hook, policy, shape, &s, s.actor);
        if (shape == 3) {
            assert_int_equal(found, 0);
            continue;
        }
        assert_int_equal(found, 1);
        int n = turns_actions(search, 0, turn);
        assert_int_equal(count_placements(turn, n), shape + 1);
        tzolk_state after = s;
        for (int i = 0; i < n; i++)
            assert_int_equal(tzolk_apply(&after, turn[i], NULL, 0), 0);
        assert_int_not_equal(tzolk_current_player(&after), s.actor);
    }
    int seat = s.actor;
    workers_on_gears(&s);
    assert_int_equal(turns_search_macro(search, hook, policy, 0, &s, seat), 1);
    int n = turns_actions(search, 0, turn);
    tzolk_state after = s;
    for (int i = 0; i < n; i++)
        assert_int_equal(tzolk_apply(&after, turn[i], NULL, 0), 0);
    assert_int_equal(after.player[seat].hand + (after.player[seat].workers - s.player[seat].workers), 3);
    assert_int_not_equal(tzolk_current_player(&after), seat);
    turns_free(search);
    eval_free(hook);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry),        cmocka_unit_test(test_worker_placement),
        cmocka_unit_test(test_skull_placement), cmocka_unit_test(test_placing_goes_on),
        cmocka_unit_test(test_corn_before_food_day), cmocka_unit_test(test_worker_pick),
        cmocka_unit_test(test_macro_placing),   cmocka_unit_test(test_macro_pick_all),
        cmocka_unit_test(test_macro_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
