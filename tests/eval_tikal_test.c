/*
 * eval_tikal_test.c -- the Tikal evaluation and the engine's counts it reads
 * (tikal_self_scores, tikal_volcanoes_left, tikal_figures_on_board), which
 * read the state's masks and skip fields without figures, and the v2
 * features that one reading of the board gives for both versions (its
 * majorities, its near figures, the treasures counted pairwise) and their
 * weighed sum (model_features.weigh), compared bit for
 * bit with the plain computation they replaced (every field scanned, every
 * seat asked alone) at every position of seeded random games of every
 * setting: the bots' values must not move by a bit for the sake of speed.
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
#include "tikal/tikal.h"

/* ---- the plain computation, as the evaluation was before --------------- */

static int plain_scorings_left(const tikal_state *s)
{
    int left = 1;
    for (int t = 0; t < TIKAL_TILES; t++)
        if (!(s->stack_used >> t & 1u) && tikal_tile(t)->kind == TIKAL_VOLCANO)
            left++;
    return left;
}

/* T18 counted field by field with tikal_majority. */
static int plain_self_score(const tikal_state *s, int seat)
{
    int total = tikal_treasure_points(&s->player[seat]);
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        const tikal_field fd_info = tikal_field_info(s, f), *fd = &fd_info;
        if (fd->kind == TIKAL_TEMPLE && (fd->guard == seat || (fd->guard < 0 && tikal_majority(s, f) == seat)))
            total += fd->value;
    }
    return total;
}

static void plain_estimate(const tikal_state *s, double *out)
{
    int players = s->players;
    int left = plain_scorings_left(s);
    double weight = 1.0 + 0.6 * (left - 1);
    double soft[GAME_MAX_PLAYERS] = {0};
    double near[GAME_MAX_PLAYERS] = {0};
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        const tikal_field fd_info = tikal_field_info(s, f), *fd = &fd_info;
        if (fd->kind != TIKAL_TEMPLE || fd->guard >= 0)
            continue;
        double sum = 0, sq[GAME_MAX_PLAYERS];
        for (int p = 0; p < players; p++) {
            double st = tikal_strength(s, p, f);
            sq[p] = st * st;
            sum += sq[p];
        }
        for (int p = 0; p < players && sum > 0; p++)
            soft[p] += fd->value * sq[p] / sum;
        for (int d = 0; d < 6; d++) {
            int g = tikal_neighbor(f, d);
            if (g < 0 || tikal_crossing_cost(s, f, d) == 0)
                continue;
            for (int p = 0; p < players; p++)
                near[p] += 0.05 * fd->value * tikal_strength(s, p, g);
        }
    }
    for (int p = 0; p < players; p++) {
        const tikal_player *pl = &s->player[p];
        double now = plain_self_score(s, p);
        out[p] = pl->score + weight * now + 0.25 * (left - 1) * soft[p] + near[p] + 0.3 * pl->explorers_in_supply +
                 1.0 * pl->leader_in_supply + 1.5 * pl->camps_built;
    }
    if (s->auction && s->phase == TIKAL_PH_BID && s->high_bidder >= 0)
        out[s->high_bidder] -= s->high_bid;
}

/* The features of the temples and figures (the ones the masks changed), in
 * the order of eval_tikal_features: led_value .. tied_value, figures_board. */
enum { PLAIN_GUARDED, PLAIN_LED, PLAIN_MARGIN, PLAIN_SOFT, PLAIN_NEAR, PLAIN_TIED, PLAIN_FIGURES, PLAIN_PARTS };

static void plain_parts(const tikal_state *s, float part[PLAIN_PARTS][GAME_MAX_PLAYERS])
{
    int players = s->players;
    memset(part, 0, sizeof(float) * PLAIN_PARTS * GAME_MAX_PLAYERS);
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        const tikal_field fd_info = tikal_field_info(s, f), *fd = &fd_info;
        for (int p = 0; p < players; p++)
            part[PLAIN_FIGURES][p] += fd->explorers[p] + (fd->leaders >> p & 1u);
        if (fd->kind != TIKAL_TEMPLE)
            continue;
        if (fd->guard >= 0) {
            part[PLAIN_GUARDED][fd->guard] += fd->value;
            continue;
        }
        int strength[GAME_MAX_PLAYERS];
        double sum = 0;
        for (int p = 0; p < players; p++) {
            strength[p] = tikal_strength(s, p, f);
            sum += (double)strength[p] * strength[p];
        }
        for (int p = 0; p < players; p++) {
            int mine = strength[p], best_other = 0;
            for (int q = 0; q < players; q++)
                if (q != p && strength[q] > best_other)
                    best_other = strength[q];
            if (sum > 0)
                part[PLAIN_SOFT][p] += (float)(fd->value * mine * mine / sum);
            if (mine > best_other) {
                part[PLAIN_LED][p] += fd->value;
                part[PLAIN_MARGIN][p] += (float)(mine - best_other > 3 ? 3 : mine - best_other) * fd->value;
            } else if (mine > 0 && mine == best_other)
                part[PLAIN_TIED][p] += fd->value;
        }
        for (int d = 0; d < 6; d++) {
            int g = tikal_neighbor(f, d);
            if (g >= 0 && tikal_crossing_cost(s, f, d) != 0)
                for (int p = 0; p < players; p++)
                    part[PLAIN_NEAR][p] += (float)(fd->value * tikal_strength(s, p, g));
        }
    }
}

/* The index of a feature of eval_tikal_features by name. */
static int feature(const char *name)
{
    for (int i = 0; i < eval_tikal_features.count; i++)
        if (strcmp(eval_tikal_features.names[i], name) == 0)
            return i;
    fail_msg("no Tikal feature %s", name);
    return -1;
}

/* ---- the comparison ------------------------------------------------------ */

/* Compare at s; returns 1 if some temple was contested or guarded (so the
 * comparison met the cases that matter). */
static int compare_at(const tikal_state *s)
{
    int players = s->players, fast_now[GAME_MAX_PLAYERS];
    tikal_self_scores(s, fast_now);
    assert_int_equal(tikal_volcanoes_left(s) + 1, plain_scorings_left(s));
    for (int p = 0; p < players; p++) {
        assert_int_equal(fast_now[p], plain_self_score(s, p));
        assert_int_equal(tikal_self_score(s, p), plain_self_score(s, p));
    }

    double fast[GAME_MAX_PLAYERS], plain[GAME_MAX_PLAYERS];
    eval_tikal_estimate(NULL, s, fast);
    plain_estimate(s, plain);
    assert_memory_equal(fast, plain, sizeof(double) * (size_t)players);

    float x[GAME_MAX_PLAYERS][MODEL_FEATURES_MAX], part[PLAIN_PARTS][GAME_MAX_PLAYERS];
    eval_tikal_features.extract(s, x);
    plain_parts(s, part);
    static const char *const part_names[PLAIN_PARTS] = {"guarded_value", "led_value",  "led_margin",  "soft_share",
                                                        "near_value",    "tied_value", "figures_board"};
    int left = plain_scorings_left(s), contested = 0;
    for (int p = 0; p < players; p++) {
        for (int k = 0; k < PLAIN_PARTS; k++) {
            assert_memory_equal(&x[p][feature(part_names[k])], &part[k][p], sizeof(float));
            contested |= k != PLAIN_FIGURES && part[k][p] != 0;
        }
        assert_true(x[p][feature("self_now")] == (float)plain_self_score(s, p));
        assert_true(x[p][feature("scorings_left")] == (float)left);
        int tokens = 0;
        for (int m = 0; m < TIKAL_MOTIFS; m++)
            tokens += tikal_treasures(&s->player[p], m);
        assert_true(x[p][feature("treasure_tokens")] == (float)tokens);
        assert_true(x[p][feature("treasure_points")] == (float)tikal_treasure_points(&s->player[p]));
    }
    /* weigh sums the same features as extract gives, in the same order. */
    float w[MODEL_FEATURES_MAX];
    for (int i = 0; i < eval_tikal_features.count; i++)
        w[i] = 0.37f * (float)(i + 1) - 3.1f;
    double weighed[GAME_MAX_PLAYERS] = {0};
    eval_tikal_features.weigh(s, w, players, NULL, weighed);
    for (int p = 0; p < players; p++) {
        float sum = 0.0f;
        for (int i = 0; i < eval_tikal_features.count; i++)
            sum += x[p][i] * w[i];
        assert_true(weighed[p] == (double)sum);
    }
    return contested;
}

/* Random games of every setting, compared at each position. */
static void test_fast_equals_plain(void **unused)
{
    (void)unused;
    static tikal_state s;
    int legal[TIKAL_LEGAL_MAX], contested = 0, positions = 0;
    double probability[TIKAL_LEGAL_MAX];
    for (int game = 0; game < 36; game++) {
        rng r;
        rng_seed(&r, 1000 + (uint64_t)game);
        assert_int_equal(tikal_init(&s, 2 + game % 3, game / 3 % 2), GAME_OK);
        while (tikal_current_player(&s) != GAME_TERMINAL) {
            contested += compare_at(&s);
            positions++;
            int chance = tikal_current_player(&s) == GAME_CHANCE;
            int n = chance ? tikal_chance_outcomes(&s, legal, probability) : tikal_legal_actions(&s, legal);
            assert_true(n > 0);
            int action = chance ? match_pick_outcome(legal, probability, n, &r) : legal[rng_below(&r, (uint64_t)n)];
            assert_int_equal(tikal_apply(&s, action, NULL, 0), GAME_OK);
        }
        compare_at(&s);
    }
    /* The games met many contested or guarded temples, not only empty boards. */
    assert_true(positions > 5000);
    assert_true(contested > positions / 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_fast_equals_plain)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
