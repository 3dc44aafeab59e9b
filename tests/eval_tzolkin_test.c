/*
 * eval_tzolkin_test.c -- the Tzolk'in evaluation (v1 estimate, the learned
 * evaluation's features, their weighing and its base) compared bit for bit with the plain
 * computation it replaced (every temple's leader asked again for each seat,
 * every building and monument scanned, the whole feature row cleared first)
 * at every position of seeded games of 2, 3 and 4 players: the bots' values
 * must not move by a bit for the sake of speed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bots/eval.h"
#include "bots/model.h"
#include "match.h"
#include "rng.h"
#include "tzolkin/tzolkin.h"

/* ---- the plain computation, as the evaluation was before --------------- */

static int plain_ends_left(const tzolk_state *s)
{
    return s->next_food >= 4 ? 0 : s->next_food >= 2 ? 1 : 2;
}

static int plain_temple_top(const tzolk_state *s, int seat, int t, int *ties)
{
    int step = s->player[seat].temple[t], top = 1;
    *ties = 0;
    for (int o = 0; o < s->players; o++) {
        if (s->player[o].temple[t] > step)
            top = 0;
        *ties += s->player[o].temple[t] == step;
    }
    return top;
}

static double plain_monument_points(const tzolk_state *s, int seat)
{
    double v = 0;
    for (int m = 0; m < TZOLK_MONUMENTS; m++)
        if (s->player[seat].monuments >> m & 1u)
            v += tzolk_monument_points(s, seat, m);
    return v;
}

static void plain_estimate(const tzolk_state *s, double *out)
{
    int players = s->players;
    int teeth = s->teeth;
    double rounds_left = teeth < TZOLK_CALENDAR_TEETH ? TZOLK_CALENDAR_TEETH - teeth : 0;
    int ends_left = plain_ends_left(s);
    int rounds_to_food = s->next_food < TZOLK_FOOD_DAYS ? tzolk_board()->food_tooth[s->next_food] - teeth : 99;
    for (int p = 0; p < players; p++) {
        const tzolk_player *pl = &s->player[p];
        double v = pl->vp;
        v += 0.3 * pl->corn + 0.75 * pl->res[0] + 1.0 * pl->res[1] + 1.3 * pl->res[2] + 2.8 * pl->skulls;
        for (int t = 0; t < TZOLK_TEMPLES; t++) {
            const tzolk_temple_def *td = tzolk_temple(t);
            int ties, top = plain_temple_top(s, p, t, &ties);
            v += ends_left * 0.9 * td->vp[pl->temple[t]];
            if (ends_left > 0 && top)
                v += 0.6 * td->premium[ends_left == 2 ? 0 : 1] / ties;
        }
        for (int x = 0; x < TZOLK_TRACKS; x++)
            v += pl->tech[x] * (0.6 + 0.12 * rounds_left);
        v += pl->workers * 0.25 * rounds_left;
        v += plain_monument_points(s, p);
        if (s->next_food < 4) {
            int short_corn = tzolk_feeding_cost(s, p) - pl->corn;
            if (short_corn > 0)
                v -= short_corn * (rounds_to_food <= 2 ? 1.5 : rounds_to_food <= 5 ? 0.8 : 0.3);
        }
        out[p] = v;
    }
    for (int g = 0; g < TZOLK_GEARS; g++)
        for (int who = 0; who < players; who++)
            for (unsigned m = s->on_gear[g][who]; m; m &= m - 1) {
                int cap = tzolk_board()->gear[g].last, pos = __builtin_ctz(m);
                out[who] += 0.3 + (g == TZOLK_CHI ? 0.5 : 0.45) * (pos > cap ? cap : pos);
            }
}

static void plain_extract_seat(const tzolk_state *s, int seat, float *out, int count)
{
    const tzolk_player *pl = &s->player[seat];
    int ends_left = plain_ends_left(s);
    int to_food = s->next_food < TZOLK_FOOD_DAYS ? tzolk_board()->food_tooth[s->next_food] - s->teeth : 30;
    float *x = out;
    memset(out, 0, (size_t)count * sizeof *out);
    *x++ = 1.0f;
    *x++ = (float)pl->corn;
    *x++ = pl->res[0];
    *x++ = pl->res[1];
    *x++ = pl->res[2];
    *x++ = pl->skulls;
    *x++ = pl->workers;
    *x++ = pl->hand;
    int tech3 = 0, tech_sq = 0;
    for (int t = 0; t < TZOLK_TRACKS; t++) {
        *x++ = pl->tech[t];
        tech3 += pl->tech[t] >= 3;
        tech_sq += pl->tech[t] * pl->tech[t];
    }
    *x++ = (float)tech3;
    *x++ = (float)tech_sq;
    float temple_vp = 0, premium = 0, steps = 0;
    for (int t = 0; t < TZOLK_TEMPLES; t++) {
        const tzolk_temple_def *td = tzolk_temple(t);
        int step = pl->temple[t], ties, top = plain_temple_top(s, seat, t, &ties);
        temple_vp += td->vp[step];
        steps += step - td->start;
        if (ends_left > 0 && top)
            premium += ties == 1 ? td->premium[ends_left == 2 ? 0 : 1] : td->premium[ends_left == 2 ? 0 : 1] / 2;
    }
    *x++ = temple_vp;
    *x++ = temple_vp * ends_left;
    *x++ = premium;
    *x++ = steps;
    int cost = s->next_food < 4 ? tzolk_feeding_cost(s, seat) : 0;
    int short_corn = cost > pl->corn ? cost - pl->corn : 0;
    *x++ = (float)cost;
    *x++ = (float)short_corn;
    *x++ = to_food <= 2 ? (float)short_corn : 0.0f;
    *x++ = (float)(pl->corn > cost ? pl->corn - cost : 0);
    *x++ = pl->feed_free;
    *x++ = pl->feed_disc;
    int farms = 0, built = 0;
    for (int b = 0; b < TZOLK_BUILDINGS; b++)
        if (pl->buildings >> b & 1u) {
            farms += tzolk_building(b)->category == TZOLK_FARM;
            built++;
        }
    *x++ = (float)built;
    *x++ = (float)farms;
    int mon_points = 0, best = 0, monuments = 0;
    for (int m = 0; m < TZOLK_MONUMENTS; m++) {
        if (pl->monuments >> m & 1u) {
            mon_points += tzolk_monument_points(s, seat, m);
            monuments++;
        } else if (s->mon_display >> m & 1u) {
            int v = tzolk_monument_points(s, seat, m);
            if (v > best)
                best = v;
        }
    }
    *x++ = (float)monuments;
    *x++ = (float)mon_points;
    *x++ = (float)best;
    for (int g = 0; g < TZOLK_GEARS; g++) {
        int cap = tzolk_board()->gear[g].last;
        for (unsigned m = s->on_gear[g][seat]; m; m &= m - 1) {
            int pos = __builtin_ctz(m);
            x[pos > cap ? cap : pos] += 1.0f;
        }
        x += cap + 1;
    }
    *x++ = s->start_space == seat;
    *x++ = s->token == seat;
    *x++ = pl->light;
    *x++ = pl->corn_tiles;
    *x++ = pl->wood_tiles;
    *x++ = (float)(2 * pl->res[0] + 3 * pl->res[1] + 4 * pl->res[2]);
    *x++ = to_food <= 3 ? (float)pl->workers : 0.0f;
    *x++ = pl->corn < 3 ? (float)(3 - pl->corn) : 0.0f;
    assert_int_equal(x - out, count);
}

static void plain_banked(const tzolk_state *s, double *out)
{
    for (int seat = 0; seat < s->players; seat++) {
        const tzolk_player *pl = &s->player[seat];
        out[seat] = (pl->corn + 2.0 * pl->res[0] + 3.0 * pl->res[1] + 4.0 * pl->res[2]) / 4.0 + 3.0 * pl->skulls +
                    plain_monument_points(s, seat);
    }
}

/* ---- the comparison ------------------------------------------------------ */

/* What the positions compared held, so that the test shows it reached the
 * parts of the evaluation that matter. */
typedef struct coverage {
    int positions;  /* positions compared */
    int monuments;  /* positions where some seat had built a monument */
    int shared;     /* positions where seats shared a temple's top step */
    int farms;      /* positions where some seat had a farm */
} coverage;

static void compare_at(const tzolk_state *s, coverage *seen)
{
    const model_features *f = &eval_tzolkin_features;
    int players = s->players;
    double fast[GAME_MAX_PLAYERS], plain[GAME_MAX_PLAYERS];
    eval_tzolkin_estimate(NULL, s, fast);
    plain_estimate(s, plain);
    assert_memory_equal(fast, plain, sizeof(double) * (size_t)players);

    f->base(s, players, fast);
    plain_banked(s, plain);
    assert_memory_equal(fast, plain, sizeof(double) * (size_t)players);

    float x[GAME_MAX_PLAYERS][MODEL_FEATURES_MAX], row[MODEL_FEATURES_MAX];
    /* junk where the extraction must write, so that an unwritten feature shows */
    memset(x, 0x7f, sizeof x);
    f->extract(s, x);
    for (int p = 0; p < players; p++) {
        plain_extract_seat(s, p, row, f->count);
        assert_memory_equal(x[p], row, sizeof(float) * (size_t)f->count);
    }
    /* The weighing (model_features.weigh) gives each seat the plain row
     * weighed and summed in float in feature order: weights of both signs,
     * most of them not whole, so that a feature left out or out of order
     * changes the sum. */
    float w[MODEL_FEATURES_MAX];
    for (int i = 0; i < f->count; i++)
        w[i] = (float)(i % 7 - 3) * 0.37f + 0.11f * (float)(i % 3);
    for (int p = 0; p < players; p++) {
        plain_extract_seat(s, p, row, f->count);
        float sum = 0.0f;
        for (int i = 0; i < f->count; i++)
            sum += row[i] * w[i];
        plain[p] = sum;
    }
    memset(fast, 0, sizeof fast); /* weigh adds to it */
    f->weigh(s, w, players, fast);
    for (int p = 0; p < players; p++)
        assert_true(fast[p] == plain[p]);

    int monuments = 0, farms = 0;
    for (int p = 0; p < players; p++) {
        monuments |= s->player[p].monuments != 0;
        for (int b = 0; b < TZOLK_BUILDINGS; b++)
            farms |= (s->player[p].buildings >> b & 1u) && tzolk_building(b)->category == TZOLK_FARM;
    }
    int shared = 0;
    for (int t = 0; t < TZOLK_TEMPLES; t++) {
        int ties;
        shared |= plain_temple_top(s, 0, t, &ties) && ties > 1 && s->player[0].temple[t] > tzolk_temple(t)->start;
    }
    seen->positions++;
    seen->monuments += monuments;
    seen->farms += farms;
    seen->shared += shared;
}

/* An action that builds or raises something when one is legal (three times
 * in four), else any: random play that still reaches monuments and farms. */
static int pick_action(const int *legal, int n, rng *r)
{
    if (rng_below(r, 4) != 0) {
        int cand[TZOLK_LEGAL_MAX * 8], k = 0;
        for (int i = 0; i < n; i++)
            if ((legal[i] >= TZOLK_A_BUILD && legal[i] < TZOLK_A_KEEP) ||
                (legal[i] >= TZOLK_A_TECH && legal[i] < TZOLK_A_GAIN))
                cand[k++] = legal[i];
        if (k > 0)
            return cand[rng_below(r, (uint64_t)k)];
    }
    return legal[rng_below(r, (uint64_t)n)];
}

static void test_fast_equals_plain(void **unused)
{
    (void)unused;
    const game_def *g = &tzolkin_game;
    static tzolk_state s;
    static int legal[4096];
    static double probability[4096];
    assert_true((size_t)g->max_legal <= sizeof legal / sizeof legal[0]);
    coverage seen = {0, 0, 0, 0};
    for (int game = 0; game < 30; game++) {
        rng r;
        rng_seed(&r, 500 + (uint64_t)game);
        assert_int_equal(tzolk_init(&s, 2 + game % 3), GAME_OK);
        while (g->current_player(&s) != GAME_TERMINAL) {
            compare_at(&s, &seen);
            /* Random play seldom builds a monument: the same position with
             * the first one on display built by a seat in turn is compared
             * too. */
            if (s.mon_display != 0) {
                static tzolk_state built;
                built = s;
                unsigned first = s.mon_display & -s.mon_display;
                built.mon_display &= ~first;
                built.player[seen.positions % s.players].monuments |= first;
                compare_at(&built, &seen);
            }
            int chance = g->current_player(&s) == GAME_CHANCE;
            int n = chance ? g->chance_outcomes(&s, legal, probability) : g->legal_actions(&s, legal);
            assert_true(n > 0);
            int action = chance ? match_pick_outcome(legal, probability, n, &r) : pick_action(legal, n, &r);
            assert_int_equal(g->apply(&s, action, NULL, 0), GAME_OK);
        }
        compare_at(&s, &seen);
    }
    /* The games reached monuments, farms and shared temple steps. */
    assert_true(seen.positions > 5000);
    assert_true(seen.monuments > seen.positions / 10);
    assert_true(seen.farms > seen.positions / 10);
    assert_true(seen.shared > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_fast_equals_plain)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
