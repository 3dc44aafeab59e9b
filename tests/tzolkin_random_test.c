/*
 * tzolkin_random_test.c -- the generic random-simulation test of the
 * Tzolk'in engine, and its golden playthroughs: seeded games where every
 * state checks the game.h contract (legal actions ascending and unique, each
 * text unique and round-tripping, chance probabilities summing to 1, an
 * illegal action rejected without change, observation and resample
 * consistent, game length within bound, winners consistent with scores),
 * and the action counts of fixed seeds are pinned as a signature.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rng.h"
#include "tzolkin/tzolkin.h"

/* A market visit is steps and an end (were 25080 and 158279 with one
 * action of final holdings per visit). */
#define GOLDEN_ACTIONS 25386L
#define GOLDEN_LEGAL 147825L

static int *legal_buf;
static int *legal_buf2;

/* A policy that reaches deep into the rules: uniform, except that picks
 * with an action, builds and small market visits are preferred. */
static int choose(const tzolk_state *s, const int *acts, int n, rng *r)
{
    (void)s;
    if (acts[0] == TZOLK_A_MARKET) {
        /* a market step: end the visit half of the time, else trade 1 or 2
         * cubes mostly */
        int cand[TZOLK_LEGAL_MAX], k = 0;
        for (int i = 1; i < n; i++)
            if ((acts[i] - TZOLK_A_TRADE) % TZOLK_TRADE_BITS <= 1)
                cand[k++] = acts[i];
        if (k == 0 || rng_below(r, 2) == 0)
            return TZOLK_A_MARKET;
        if (rng_below(r, 8) != 0)
            return cand[rng_below(r, (uint64_t)k)];
        return acts[rng_below(r, (uint64_t)n)];
    }
    if (rng_below(r, 4) != 0) {
        int cand[512], k = 0;
        for (int i = 0; i < n; i++) {
            int a = acts[i];
            if ((a >= TZOLK_A_PICK && a < TZOLK_A_BUILD && (a - TZOLK_A_PICK) % 10 != 0) ||
                (a >= TZOLK_A_BUILD && a < TZOLK_A_KEEP) || (a >= TZOLK_A_TECH && a < TZOLK_A_GAIN))
                cand[k++] = a;
        }
        if (k > 0)
            return cand[rng_below(r, (uint64_t)k)];
    }
    return acts[rng_below(r, (uint64_t)n)];
}

static void check_state(const tzolk_state *s, rng *r)
{
    const game_def *g = &tzolkin_game;
    int n = g->legal_actions(s, legal_buf);
    assert_true(n >= 0 && n <= g->max_legal);
    if (g->current_player(s) == GAME_TERMINAL) {
        assert_int_equal(n, 0);
        return;
    }
    assert_true(n > 0);
    for (int i = 1; i < n; i++)
        assert_true(legal_buf[i - 1] < legal_buf[i]);
    /* texts round-trip */
    for (int i = 0; i < n; i++) {
        char text[GAME_TEXT_MAX];
        int back = -1;
        assert_int_equal(g->action_to_text(s, legal_buf[i], text, sizeof text), 0);
        assert_int_equal(g->text_to_action(s, text, &back, NULL, 0), 0);
        if (back != legal_buf[i])
            print_error("'%s' -> %d, expected %d\n", text, back, legal_buf[i]);
        assert_int_equal(back, legal_buf[i]);
    }
    char texts[TZOLK_LEGAL_MAX][GAME_TEXT_MAX];
    for (int i = 0; i < n; i++)
        g->action_to_text(s, legal_buf[i], texts[i], GAME_TEXT_MAX);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            assert_true(strcmp(texts[i], texts[j]) != 0);
    /* a market visit's change is kept only while the visit is under way */
    int visiting = s->phase == TZOLK_PH_TURN && s->sp > 0 && tzolk_frame_kind_of(s->stack[s->sp - 1]) == TZOLK_F_MARKET;
    for (int k = 0; k < 3; k++)
        assert_true(visiting || s->market[k] == 0);
    assert_true(visiting || s->market_sold == 0);
    if (g->current_player(s) == GAME_CHANCE) {
        double prob[64], sum = 0;
        int m = g->chance_outcomes(s, legal_buf2, prob);
        assert_int_equal(m, n);
        for (int i = 0; i < m; i++)
            sum += prob[i];
        assert_true(sum > 0.999 && sum < 1.001);
    }
    /* conservation: workers (Z1.1), skulls (Z0.4.1), jungle fields (Z2.3) */
    int skulls = s->skull_supply;
    for (int q = 1; q <= 9; q++)
        skulls += (s->chi_slots >> q) & 1;
    for (int i = 0; i < s->players; i++) {
        const tzolk_player *p = &s->player[i];
        int where = p->hand + tzolk_workers_on_gears(s, i) + (s->start_space == i);
        assert_int_equal(where, p->workers);
        assert_true(p->workers >= 3 && p->workers <= 6);
        assert_true(p->corn >= 0);
        skulls += p->skulls;
        for (int t = 0; t < 3; t++)
            assert_true(p->temple[t] < tzolk_temple(t)->steps);
    }
    assert_int_equal(skulls, TZOLK_SKULLS);
    for (int k = 0; k < 4; k++)
        assert_int_equal(s->jungle[k][0] + s->jungle[k][1] + s->jungle[k][2], 4);
    /* an illegal action is rejected without change */
    tzolk_state copy = *s;
    int bad = (int)rng_below(r, TZOLK_NUM_ACTIONS);
    int legal = 0;
    for (int i = 0; i < n; i++)
        legal |= legal_buf[i] == bad;
    if (!legal) {
        char why[128] = "";
        assert_int_not_equal(g->apply(&copy, bad, why, sizeof why), 0);
        assert_true(why[0] != 0);
        assert_memory_equal(&copy, s, sizeof copy);
    }
    /* observation: own view keeps own tiles; resample refills others */
    int seat = (int)rng_below(r, s->players);
    tzolk_state obs;
    g->observation(s, seat, &obs);
    assert_memory_equal(obs.player[seat].dealt, s->player[seat].dealt, 4);
    uint64_t seed = rng_next(r);
    g->resample(&obs, seat, &seed);
    for (int i = 0; i < s->players; i++)
        for (int k = 0; k < 4; k++)
            assert_int_equal(obs.player[i].dealt[k] == TZOLK_UNKNOWN, s->player[i].dealt[k] == TZOLK_UNKNOWN);
    assert_int_equal(g->current_player(&obs), g->current_player(s));
}

/* apply accepts exactly the listed actions: every id is tried on a copy
 * (apply tests each kind of action directly, without the list). */
static void check_every_id(const tzolk_state *s, const int *acts, int n)
{
    const game_def *g = &tzolkin_game;
    int listed = 0;
    for (int a = 0; a < TZOLK_NUM_ACTIONS; a++) {
        tzolk_state copy = *s;
        char why[160] = "";
        int want = listed < n && acts[listed] == a;
        listed += want;
        int rc = g->apply(&copy, a, why, sizeof why);
        if ((rc == 0) != want)
            fail_msg("action %d: apply says %s, the list %s", a, rc == 0 ? "legal" : why, want ? "has it" : "has not");
        if (!want)
            assert_memory_equal(&copy, s, sizeof copy);
    }
    assert_int_equal(listed, n);
}

static void play(int players, uint64_t seed, int checks, long *actions, long *legal_total, int *scores)
{
    const game_def *g = &tzolkin_game;
    tzolk_state s;
    rng r;
    rng_seed(&r, seed);
    game_options o = {players, 0};
    assert_int_equal(g->init(&s, &o, NULL, 0), 0);
    int len = 0;
    while (g->current_player(&s) != GAME_TERMINAL) {
        if (checks)
            check_state(&s, &r);
        int n = g->legal_actions(&s, legal_buf);
        *legal_total += n;
        if (checks > 1)
            check_every_id(&s, legal_buf, n);
        int a = choose(&s, legal_buf, n, &r);
        char why[128];
        if (g->apply(&s, a, why, sizeof why) != 0)
            fail_msg("legal action refused: %s", why);
        assert_true(++len <= g->max_game_length);
    }
    *actions += len;
    g->scores(&s, scores);
    unsigned w = g->winners(&s);
    assert_true(w != 0);
    int best = -1000000;
    for (int i = 0; i < players; i++)
        if (scores[i] > best)
            best = scores[i];
    for (int i = 0; i < players; i++)
        if (w & (1u << i))
            assert_int_equal(scores[i], best);
}

static void random_games_contract(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 1; seed <= 15; seed++) {
            long a = 0, l = 0;
            int sc[4];
            play(players, seed * 101 + (uint64_t)players, 1, &a, &l, sc);
        }
}

/* Every id at every state of a few seeded games: accepted iff listed. */
static void apply_accepts_the_list(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        long a = 0, l = 0;
        int sc[4];
        play(players, 7 + (uint64_t)players, 2, &a, &l, sc);
    }
}

/* Golden playthroughs: the action and legal-action counts of 30 seeded
 * games per player count, and the scores of the first, are a signature of
 * the engine (update them only for a deliberate rules change). */
static void golden_playthroughs(void **state)
{
    (void)state;
    long actions = 0, legal = 0;
    int first[3][4];
    for (int players = 2; players <= 4; players++)
        for (uint64_t seed = 1; seed <= 30; seed++) {
            int sc[4] = {0, 0, 0, 0};
            play(players, seed, 0, &actions, &legal, sc);
            if (seed == 1)
                memcpy(first[players - 2], sc, sizeof sc);
        }
    print_message("golden: %ld actions, %ld legal; first scores %d %d | %d %d %d | %d %d %d %d\n", actions, legal,
                  first[0][0], first[0][1], first[1][0], first[1][1], first[1][2], first[2][0], first[2][1],
                  first[2][2], first[2][3]);
    assert_int_equal(actions, GOLDEN_ACTIONS);
    assert_int_equal(legal, GOLDEN_LEGAL);
}

int main(void)
{
    legal_buf = malloc(sizeof(int) * (size_t)tzolkin_game.max_legal);
    legal_buf2 = malloc(sizeof(int) * (size_t)tzolkin_game.max_legal);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games_contract),
        cmocka_unit_test(apply_accepts_the_list),
        cmocka_unit_test(golden_playthroughs),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(legal_buf);
    free(legal_buf2);
    return rc;
}
