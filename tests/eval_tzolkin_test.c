/*
 * eval_tzolkin_test.c -- the Tzolk'in evaluation (v1 estimate, the learned
 * evaluation's features, their weighing and its base) compared bit for bit with the plain
 * computation it replaced (every temple's leader asked again for each seat,
 * every building and monument scanned, the whole feature row cleared first)
 * at every position of seeded games of 2, 3 and 4 players: the bots' values
 * must not move by a bit for the sake of speed. The economy features (what
 * standing workers reach, corn against the food days) are checked on known
 * positions too, against the printed board and the rules they follow,
 * and the self-play handicap (a worker more or fewer) on a game's turns.
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

/* The economy features, in order: the goods the seat's standing workers
 * bring picked up two rounds on (fewer at the end), hole by hole; the
 * corn against the food days to come; the workers in hand the spare corn
 * places; workers x rounds left; hand x corn. */
enum { PLAIN_ECONOMY = 15 };

static void plain_economy(const tzolk_state *s, int seat, float *x)
{
    const tzolk_board_def *b = tzolk_board();
    const tzolk_player *pl = &s->player[seat];
    int rounds_left = s->teeth < TZOLK_CALENDAR_TEETH ? TZOLK_CALENDAR_TEETH - s->teeth : 0;
    int reach = rounds_left < 2 ? rounds_left : 2;
    /* corn wood stone gold skulls vp temple tech build worker */
    float goods[10] = {0};
    int skulls = pl->skulls;
    for (int g = 0; g < TZOLK_GEARS; g++)
        for (int hole = 0; hole < b->gear[g].holes; hole++) {
            if (tzolk_piece(s, g, hole) != seat)
                continue;
            int pos = hole > b->gear[g].last ? b->gear[g].last : hole;
            int q = pos + reach > b->gear[g].actions ? b->gear[g].actions : pos + reach;
            if (g == TZOLK_PAL && q > 0)
                goods[0] += b->harvest_corn[q];
            else if (g == TZOLK_YAX && q > 0)
                for (int r = 0; r < 5; r++)
                    goods[r] += b->yax_gain[q][r];
            else if (g == TZOLK_CHI) {
                while (q > 0 && (s->chi_slots >> q & 1u))
                    q--;
                if (q > 0 && skulls > 0) {
                    skulls--;
                    goods[5] += b->skull[q].vp;
                    goods[6] += 1;
                }
            } else if (q > 0) {
                goods[7] += b->steps[g][q][TZOLK_STEP_TECH];
                goods[8] += b->steps[g][q][TZOLK_STEP_BUILD];
                goods[6] += b->steps[g][q][TZOLK_STEP_TEMPLE];
                goods[9] += b->steps[g][q][TZOLK_STEP_WORKER];
            }
        }
    for (int k = 0; k < 10; k++)
        *x++ = goods[k];
    int cost = s->next_food < 4 ? tzolk_feeding_cost(s, seat) : 0;
    float balance = (float)pl->corn + goods[0] - (float)(cost * (TZOLK_FOOD_DAYS - s->next_food));
    *x++ = balance < 0 ? -balance : 0.0f;
    *x++ = balance > 0 ? balance : 0.0f;
    int placeable = 0;
    for (int k = 1; k <= pl->hand; k++)
        if (b->surcharge[k] <= pl->corn - cost)
            placeable = k;
    *x++ = (float)placeable;
    *x++ = (float)(pl->workers * rounds_left);
    *x++ = (float)(pl->hand * pl->corn);
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
    plain_economy(s, seat, x);
    x += PLAIN_ECONOMY;
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

/* Weights of both signs, most of them not whole. */
static void test_weights(float *w)
{
    for (int i = 0; i < eval_tzolkin_features.count; i++)
        w[i] = (float)(i % 7 - 3) * 0.37f + 0.11f * (float)(i % 3);
}

/* Seat's plain row at s weighed by w and summed in float in feature order. */
static float plain_weighed(const tzolk_state *s, int seat, const float *w)
{
    const model_features *f = &eval_tzolkin_features;
    float row[MODEL_FEATURES_MAX], sum = 0.0f;
    plain_extract_seat(s, seat, row, f->count);
    for (int i = 0; i < f->count; i++)
        sum += row[i] * w[i];
    return sum;
}

/* The weighing (model_features.weigh) of s with weights w gives each seat
 * its plain row weighed and summed in float in feature order: without a
 * memo, and with memo (kept for w over the positions of a game: the seats
 * whose part is unchanged take their sums from it). */
static void check_weighed(const tzolk_state *s, const float *w, model_seat_memo *memo)
{
    const model_features *f = &eval_tzolkin_features;
    double fast[GAME_MAX_PLAYERS] = {0}, kept[GAME_MAX_PLAYERS] = {0}; /* weigh adds to them */
    f->weigh(s, w, s->players, NULL, fast);
    f->weigh(s, w, s->players, memo, kept);
    for (int p = 0; p < s->players; p++) {
        float sum = plain_weighed(s, p, w);
        assert_true(fast[p] == sum);
        assert_true(kept[p] == sum);
    }
}

/* A memo for each of the two weight sets compare_at weighs with. */
typedef struct memos {
    model_seat_memo all[GAME_MAX_PLAYERS];     /* the weights of every feature */
    model_seat_memo older[GAME_MAX_PLAYERS];   /* the older shape's */
} memos;

static void compare_at(const tzolk_state *s, memos *memo, coverage *seen)
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
    test_weights(w);
    check_weighed(s, w, memo->all);
    /* Weights of the older shape, the economy features at 0 (which the
     * weighing then leaves out): the same sums as the plain row's. */
    static float older[MODEL_FEATURES_MAX]; /* its own address: a memo is kept for one set of weights */
    memcpy(older, w, sizeof older);
    for (int i = f->count - PLAIN_ECONOMY; i < f->count; i++)
        older[i] = 0.0f;
    check_weighed(s, older, memo->older);

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
    static int legal[TZOLK_LEGAL_MAX];
    static double probability[TZOLK_LEGAL_MAX];
    assert_int_equal(g->max_legal, TZOLK_LEGAL_MAX);
    coverage seen = {0, 0, 0, 0};
    static memos memo; /* kept over each game's positions, as a search's thread keeps it */
    for (int game = 0; game < 30; game++) {
        memset(&memo, 0, sizeof memo);
        rng r;
        rng_seed(&r, 500 + (uint64_t)game);
        assert_int_equal(tzolk_init(&s, 2 + game % 3), GAME_OK);
        while (g->current_player(&s) != GAME_TERMINAL) {
            compare_at(&s, &memo, &seen);
            /* Random play seldom builds a monument: the same position with
             * the first one on display built by a seat in turn is compared
             * too. */
            if (s.mon_display != 0) {
                static tzolk_state built;
                built = s;
                unsigned first = s.mon_display & -s.mon_display;
                built.mon_display &= ~first;
                built.player[seen.positions % s.players].monuments |= first;
                compare_at(&built, &memo, &seen);
            }
            int chance = g->current_player(&s) == GAME_CHANCE;
            int n = chance ? g->chance_outcomes(&s, legal, probability) : g->legal_actions(&s, legal);
            assert_true(n > 0);
            int action = chance ? match_pick_outcome(legal, probability, n, &r) : pick_action(legal, n, &r);
            assert_int_equal(g->apply(&s, action, NULL, 0), GAME_OK);
        }
        compare_at(&s, &memo, &seen);
    }
    /* The games reached monuments, farms and shared temple steps. */
    assert_true(seen.positions > 5000);
    assert_true(seen.monuments > seen.positions / 10);
    assert_true(seen.farms > seen.positions / 10);
    assert_true(seen.shared > 100);
}

/* A game of players seats whose setup's chance lines and keeps are drawn
 * from seed, at its first turn. */
static void first_turn(tzolk_state *s, int players, uint64_t seed)
{
    rng r;
    rng_seed(&r, seed);
    assert_int_equal(tzolk_init(s, players), GAME_OK);
    while (s->phase != TZOLK_PH_TURN) {
        int legal[TZOLK_LEGAL_MAX];
        double probability[TZOLK_LEGAL_MAX];
        int chance = tzolkin_game.current_player(s) == GAME_CHANCE;
        int n = chance ? tzolkin_game.chance_outcomes(s, legal, probability) : tzolkin_game.legal_actions(s, legal);
        assert_int_equal(tzolk_apply(s, legal[rng_below(&r, (uint64_t)n)], NULL, 0), GAME_OK);
    }
}

/* The memo of a seat's weighed features (model_seat_memo): a seat whose
 * part of the position is unchanged takes its sum from the memo, and
 * each change of the rest of the position that its features read weighs
 * it again -- a shared lead of a temple (its premium, Z15.2), a filled
 * skull slot (Z9.1), the monuments on display and built (Z19.2), the start
 * space and the token, the calendar and the food days. */
static void test_seat_memo(void **unused)
{
    (void)unused;
    const model_features *f = &eval_tzolkin_features;
    enum { SEATS = 3, CHANGES = 8 };
    static tzolk_state s, t;
    first_turn(&s, SEATS, 11);
    /* Seat 0 leads the first temple alone and has skulls and a worker on
     * Chichen Itza; a monument that counts every seat's monuments is on
     * display, none is built yet, and none that counts temples is shown. */
    s.player[0].temple[0] = (uint8_t)(tzolk_temple(0)->start + 2);
    s.player[0].skulls = 2;
    tzolk_set_piece(&s, TZOLK_CHI, 4, 0);
    int counts_all = -1, temples = -1, other = -1;
    for (int m = 0; m < TZOLK_MONUMENTS; m++) {
        if (tzolk_monument(m)->scoring == TZOLK_MS_ALLMONUMENTS)
            counts_all = m;
        else if (tzolk_monument(m)->scoring == TZOLK_MS_TEMPLEVP)
            temples = m;
        else if (other < 0)
            other = m;
    }
    assert_true(counts_all >= 0 && temples >= 0 && other >= 0);
    s.mon_display = (uint16_t)(1u << counts_all);
    for (int p = 0; p < SEATS; p++)
        s.player[p].monuments = 0;
    s.start_space = -1;
    float w[MODEL_FEATURES_MAX];
    test_weights(w);

    /* Kept: another seat's corn is no part of seat 0's, so seat 0's sum
     * is found in its memo (nothing new kept for it), seat 1's is weighed
     * again and kept in its second way. (A sum found is also weighed again
     * and compared by an assert in builds with asserts.) */
    model_seat_memo memo[GAME_MAX_PLAYERS];
    memset(memo, 0, sizeof memo);
    double out[GAME_MAX_PLAYERS] = {0};
    f->weigh(&s, w, SEATS, memo, out);
    for (int p = 0; p < SEATS; p++)
        assert_true(memo[p].way[0].w == w && memo[p].way[1].w == NULL);
    t = s;
    t.player[1].corn++;
    memset(out, 0, sizeof out);
    f->weigh(&t, w, SEATS, memo, out);
    assert_null(memo[0].way[1].w);
    assert_true(memo[1].way[1].w == w);
    assert_null(memo[2].way[1].w);
    for (int p = 0; p < SEATS; p++)
        assert_true(out[p] == plain_weighed(&t, p, w));

    for (int change = 0; change < CHANGES; change++) {
        t = s;
        switch (change) {
        case 0: t.player[1].temple[0] = s.player[0].temple[0]; break; /* the lead shared */
        case 1: t.chi_slots |= 7u << 4; break;                         /* the slots seat 0's worker reaches */
        case 2: t.mon_display |= (uint16_t)(1u << temples); break;
        case 3: t.player[1].monuments = (uint16_t)(1u << other); break;
        case 4: t.start_space = 0; break;
        case 5: t.token = (uint8_t)(s.token == 0 ? 1 : 0); break;
        case 6: t.teeth++; break;
        default: t.next_food++; break;
        }
        if (plain_weighed(&t, 0, w) == plain_weighed(&s, 0, w))
            fail_msg("change %d does not reach seat 0", change);
        memset(memo, 0, sizeof memo);
        memset(out, 0, sizeof out);
        f->weigh(&s, w, SEATS, memo, out);
        memset(out, 0, sizeof out);
        f->weigh(&t, w, SEATS, memo, out);
        for (int p = 0; p < SEATS; p++)
            assert_true(out[p] == plain_weighed(&t, p, w));
    }
}

/* Feature name of seat at s. */
static float feature(const tzolk_state *s, int seat, const char *name)
{
    const model_features *f = &eval_tzolkin_features;
    float x[GAME_MAX_PLAYERS][MODEL_FEATURES_MAX];
    f->extract(s, x);
    for (int i = 0; i < f->count; i++)
        if (strcmp(f->names[i], name) == 0)
            return x[seat][i];
    fail_msg("no feature %s", name);
    return 0.0f;
}

/* The economy features on known positions, from the printed board
 * (data/tzolkin-wheels.txt, Z1.3-Z1.4): seat 0's workers stand at PAL3,
 * YAX1, TIK4, UXM1 and CHI8 at the game's first round. */
static void test_economy_known(void **unused)
{
    (void)unused;
    static tzolk_state s;
    first_turn(&s, 2, 7);
    assert_int_equal(s.teeth, 0);
    /* the economy features are the set's last PLAIN_ECONOMY */
    assert_string_equal(eval_tzolkin_features.names[eval_tzolkin_features.count - PLAIN_ECONOMY], "reach_corn");
    static const int at[TZOLK_GEARS] = {3, 1, 4, 1, 8};
    for (int g = 0; g < TZOLK_GEARS; g++)
        tzolk_set_piece(&s, g, at[g], 0);
    tzolk_player *pl = &s.player[0];
    pl->workers = 5;
    pl->hand = 0;
    pl->skulls = 1;
    pl->corn = 4;
    pl->feed_free = pl->feed_disc = 0; /* no farm, no W14 kept */
    /* Two rounds on (Z17.1): PAL5 9 corn (Z7.2), YAX3 2 corn and a gold
     * (Z8.1), TIK4 -> TIK5, two temple steps (Z10.5; TIK6 is a free
     * choice, Z6.2), UXM3 a worker (Z11.3), CHI10's free choice of CHI9
     * with the seat's skull: 13 VP and a temple step (Z9.2, Z9.3). */
    assert_true(feature(&s, 0, "reach_corn") == 11.0f);
    assert_true(feature(&s, 0, "reach_gold") == 1.0f);
    assert_true(feature(&s, 0, "reach_wood") == 0.0f);
    assert_true(feature(&s, 0, "reach_vp") == 13.0f);
    assert_true(feature(&s, 0, "reach_temple") == 3.0f);
    assert_true(feature(&s, 0, "reach_worker") == 1.0f);
    assert_true(feature(&s, 0, "reach_tech") == 0.0f);
    /* The other seat has no worker standing. */
    assert_true(feature(&s, 1, "reach_corn") == 0.0f && feature(&s, 1, "reach_temple") == 0.0f);
    /* A filled slot is not used again (Z9.1): CHI8 then, 11 VP. */
    s.chi_slots |= 1u << 9;
    assert_true(feature(&s, 0, "reach_vp") == 11.0f);
    /* Without a skull Chichen Itza brings nothing (Z9.2). */
    pl->skulls = 0;
    assert_true(feature(&s, 0, "reach_vp") == 0.0f);
    assert_true(feature(&s, 0, "reach_temple") == 2.0f);
    /* Five workers eat 10 corn at each of the 4 food days (Z18.4): 40,
     * against 4 held and 11 reached. */
    assert_true(feature(&s, 0, "corn_deficit") == 25.0f);
    assert_true(feature(&s, 0, "corn_surplus") == 0.0f);
    assert_true(feature(&s, 0, "workers_x_rounds") == 5.0f * TZOLK_CALENDAR_TEETH);
    /* Workers in hand placed at positions 0 with the corn above the next
     * food day's 10: the surcharge of k workers is 0, 1, 3 (Z5.4). */
    pl->hand = 3;
    assert_true(feature(&s, 0, "placeable") == 0.0f);
    pl->corn = 12;
    assert_true(feature(&s, 0, "placeable") == 2.0f);
    pl->corn = 13;
    assert_true(feature(&s, 0, "placeable") == 3.0f);
    assert_true(feature(&s, 0, "hand_x_corn") == 39.0f);
    /* The last round: one tooth is left, PAL3 reaches PAL4, 7 corn. */
    s.teeth = TZOLK_CALENDAR_TEETH - 1;
    assert_true(feature(&s, 0, "reach_corn") == 7.0f + 1.0f); /* and YAX2's corn */
}

/* The self-play handicap (model_features.handicap): a worker more or
 * fewer in a seat's hand at the start of a turn, the seat's counts kept
 * whole (tzolk_check: hand + placed = workers, Z5, Z6); refused, the
 * state untouched, mid-turn (a worker placed, Z5.1), with no worker in
 * hand to take, below one worker in play, or above the six of a colour
 * (Z0.4.1). */
static void test_handicap(void **unused)
{
    (void)unused;
    static tzolk_state s, before;
    const model_features *f = &eval_tzolkin_features;
    char why[256];
    rng r;
    rng_seed(&r, 7);
    assert_int_equal(tzolk_init(&s, 3), GAME_OK);
    int legal[TZOLK_LEGAL_MAX];
    double probability[TZOLK_LEGAL_MAX];
    while (s.phase != TZOLK_PH_TURN) { /* the setup's chance lines and keeps */
        int chance = tzolkin_game.current_player(&s) == GAME_CHANCE;
        int n = chance ? tzolkin_game.chance_outcomes(&s, legal, probability) : tzolkin_game.legal_actions(&s, legal);
        /* a handicap before the first turn is refused */
        before = s;
        assert_int_equal(f->handicap(&s, 1, 1), 0);
        assert_memory_equal(&s, &before, sizeof s);
        assert_int_equal(tzolk_apply(&s, legal[rng_below(&r, (uint64_t)n)], NULL, 0), GAME_OK);
    }
    /* one more to a seat not acting, one fewer to the actor */
    int other = (s.actor + 1) % s.players;
    before = s;
    assert_int_equal(f->handicap(&s, other, 1), 1);
    assert_int_equal(s.player[other].workers, before.player[other].workers + 1);
    assert_int_equal(s.player[other].hand, before.player[other].hand + 1);
    assert_int_equal(f->handicap(&s, s.actor, -1), 1);
    assert_int_equal(s.player[s.actor].workers, before.player[s.actor].workers - 1);
    assert_int_equal(s.player[s.actor].hand, before.player[s.actor].hand - 1);
    assert_int_equal(tzolk_check(&s, why, sizeof why), 0);
    static tzolk_state start;
    start = s;
    /* mid-turn: the actor has placed a worker */
    int n = tzolkin_game.legal_actions(&s, legal);
    char text[64];
    int placed = 0;
    for (int i = 0; i < n && !placed; i++) {
        tzolkin_game.action_to_text(&s, legal[i], text, sizeof text);
        if (strncmp(text, "place", 5) == 0)
            placed = tzolk_apply(&s, legal[i], NULL, 0) == GAME_OK;
    }
    assert_true(placed && s.mode != 0);
    before = s;
    assert_int_equal(f->handicap(&s, other, 1), 0);
    assert_memory_equal(&s, &before, sizeof s);
    /* at the start of the turn, the bounds of a seat's workers (counts
     * set by hand: the checks come before any change) */
    const struct {
        int hand, workers, delta;
    } refused[] = {
        {0, 3, -1},                                 /* every worker on the gears: none in hand to take */
        {1, 1, -1},                                 /* the last one in play */
        {TZOLK_MAX_WORKERS, TZOLK_MAX_WORKERS, 1},  /* a colour has six */
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        s = start;
        s.player[other].hand = (uint8_t)refused[i].hand;
        s.player[other].workers = (unsigned)refused[i].workers;
        before = s;
        assert_int_equal(f->handicap(&s, other, refused[i].delta), 0);
        assert_memory_equal(&s, &before, sizeof s);
    }
    s.player[other].hand = 2; /* with two of six in hand, one fewer is taken */
    assert_int_equal(f->handicap(&s, other, -1), 1);
    assert_int_equal(s.player[other].workers, TZOLK_MAX_WORKERS - 1);
    assert_int_equal(s.player[other].hand, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_fast_equals_plain), cmocka_unit_test(test_economy_known),
                                       cmocka_unit_test(test_seat_memo),
                                       cmocka_unit_test(test_handicap)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
