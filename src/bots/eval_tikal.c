/*
 * eval_tikal.c -- the Tikal evaluation hook (see eval.h): reads the public
 * state of src/tikal/tikal.h and estimates each seat's final score.
 *
 * Estimate = score so far + what the seat would self-score now (temples it
 * holds or guards, treasure sets; tikal_self_score) counted once for every
 * scoring still to come (volcanoes not yet drawn, the final scoring), the
 * later ones discounted because majorities change; plus softer terms that
 * let a turn prepare the next ones: a share of contested temples by
 * strength, figures still in the supply, camps (which make the board
 * reachable), and figures standing next to temples.
 *
 * In the auction game a bid is paid only when its auction is won, so while
 * bidding goes on the highest bid is still in its bidder's score; the
 * estimate takes it off, as the price the bidder pays if the others pass.
 * Without that every raise looks free to the search, which then overbids.
 *
 * The auction also needs a narrow model of the other seats (eval_tikal_others):
 * searched as widely as its own moves, an opponent's bid in the tree is the
 * best of many raises found by search, so the searching seat sees itself
 * outbid whenever it passes and pays for a turn it would get for free. While
 * bidding, the other seats therefore play their best action by the estimate
 * (which, a bid being a cost, is to pass unless a raise is worth its price).
 * That widening serves both versions of the evaluation; the estimate above
 * is the hand-tuned v1 (eval.h).
 *
 * The learned v2 (eval_tikal_features, model.h) starts from that estimate,
 * which is linear in v2's features (their prior weights: eval_tikal_prior),
 * and corrects it with the learned weights of features of the same things: what the seat would self-score now and the scorings still to
 * come, its guarded temples, its share of contested temples, temples it
 * leads and by how much, figures near temples, figures and camps left, its
 * treasures, the action points left in its turn, its pending bid; the
 * weights come from self-play. Learning a correction rather than the whole
 * estimate keeps the search away from what a linear fit of a few
 * generations gets wrong: weighed from scratch, the features let the
 * search find positions the fit overrates (hoarding figures, say) and the
 * self-play scores fell by half. Fitted to final scores even the
 * corrections lost to v1; the checked-in ones are tuned by game results
 * (bots/tune.h: a guard kept in hand, camps, figures on the board and
 * treasure tokens are worth more than v1 says, a guarded temple's later
 * scorings less; docs/strength.md).
 */
#include <assert.h>
#include <string.h>

#include "bots/eval.h"
#include "tikal/tikal.h"

/* Scorings still to come (at least the final one). */
static int eval_tikal_scorings_left(const tikal_state *s)
{
    return 1 + tikal_volcanoes_left(s);
}

/* The directions from temple field to neighbours that hold figures and are
 * reached by a crossing (bit d: direction d). */
static unsigned eval_tikal_near_directions(const tikal_state *s, int field, uint64_t occupied)
{
    unsigned directions = 0;
    if (!(tikal_neighbor_mask(field) & occupied))
        return 0;
    for (int d = 0; d < 6; d++) {
        int g = tikal_neighbor(field, d);
        if (g >= 0 && (occupied >> g & 1) && tikal_crossing_cost(s, field, d) != 0)
            directions |= 1u << d;
    }
    return directions;
}

/* Both versions' sums skip what adds 0 (fields without figures), which
 * leaves every sum as it was bit for bit: temples and directions are still
 * taken in ascending order. */
void eval_tikal_estimate(const eval_hook *hook, const void *state, double *out)
{
    (void)hook;
    const tikal_state *s = state;
    int players = s->players;
    int left = eval_tikal_scorings_left(s);
    double weight = 1.0 + 0.6 * (left - 1); /* now, then discounted later scorings */
    double soft[GAME_MAX_PLAYERS] = {0};
    double near[GAME_MAX_PLAYERS] = {0};
    uint64_t occupied = tikal_occupied_fields(s);

    for (uint64_t temples = tikal_fields_of_kind(s, TIKAL_TEMPLE); temples; temples &= temples - 1) {
        int f = __builtin_ctzll(temples);
        if (tikal_guard(s, f) >= 0)
            continue;
        int value = tikal_temple_value(s, f);
        if (occupied >> f & 1) {
            /* Soft share of an unguarded temple by squared strength. */
            double sum = 0, sq[GAME_MAX_PLAYERS];
            for (int p = 0; p < players; p++) {
                double st = tikal_strength(s, p, f);
                sq[p] = st * st;
                sum += sq[p];
            }
            for (int p = 0; p < players && sum > 0; p++)
                soft[p] += value * sq[p] / sum;
        }
        /* Figures one edge away can contest it next turn. */
        for (unsigned near_d = eval_tikal_near_directions(s, f, occupied); near_d; near_d &= near_d - 1) {
            int g = tikal_neighbor(f, __builtin_ctz(near_d));
            for (int p = 0; p < players; p++)
                near[p] += 0.05 * value * tikal_strength(s, p, g);
        }
    }
    int now[GAME_MAX_PLAYERS];
    tikal_self_scores(s, now);
    for (int p = 0; p < players; p++) {
        const tikal_player *pl = &s->player[p];
        out[p] = pl->score + weight * now[p] + 0.25 * (left - 1) * soft[p] + near[p] +
                 0.3 * pl->explorers_in_supply + 1.0 * pl->leader_in_supply + 1.5 * pl->camps_built;
    }
    if (s->auction && s->phase == TIKAL_PH_BID && s->high_bidder >= 0)
        out[s->high_bidder] -= s->high_bid;
}

double eval_tikal_others(const void *state)
{
    const tikal_state *s = state;
    return s->auction && s->phase == TIKAL_PH_BID ? 0.0 : -1.0;
}

/* The learned evaluation's features of one seat (in this order). */
static const char *const eval_tikal_feature_names[] = {
    "bias", "self_now", "self_later", "scorings_left", "guarded_value", "guarded_later",
    "led_value", "led_margin", "soft_share", "soft_later", "near_value", "tied_value",
    "explorers_supply", "leader_supply", "figures_board", "camps_built", "guards_left",
    "treasure_points", "treasure_tokens", "ap_left", "to_act", "high_bid", "hand_temple",
};

enum { EVAL_TIKAL_FEATURES = (int)(sizeof eval_tikal_feature_names / sizeof eval_tikal_feature_names[0]) };

static const char *const eval_tikal_blocks[] = {"2p", "3p", "4p", "2p-auction", "3p-auction", "4p-auction"};

static int eval_tikal_block(const void *state)
{
    const tikal_state *s = state;
    return s->players - 2 + 3 * (s->auction != 0);
}

static double eval_tikal_phase(const void *state)
{
    const tikal_state *s = state;
    return s->tiles_placed / (double)TIKAL_TILES;
}

/* Every seat's features at once (out[seat]): the temples' strengths are
 * read once for all seats, and only where figures stand. */
static void eval_tikal_extract(const void *state, float (*out)[MODEL_FEATURES_MAX])
{
    const tikal_state *s = state;
    int players = s->players;
    int left = eval_tikal_scorings_left(s);
    float guarded[GAME_MAX_PLAYERS] = {0}, led[GAME_MAX_PLAYERS] = {0}, led_margin[GAME_MAX_PLAYERS] = {0};
    float soft[GAME_MAX_PLAYERS] = {0}, near[GAME_MAX_PLAYERS] = {0}, tied[GAME_MAX_PLAYERS] = {0};
    uint64_t occupied = tikal_occupied_fields(s);
    for (uint64_t temples = tikal_fields_of_kind(s, TIKAL_TEMPLE); temples; temples &= temples - 1) {
        int f = __builtin_ctzll(temples);
        int guard = tikal_guard(s, f), value = tikal_temple_value(s, f);
        if (guard >= 0) {
            assert(guard < players);
            guarded[guard] += value;
            continue;
        }
        if (occupied >> f & 1) {
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
                soft[p] += (float)(value * mine * mine / sum);
                if (mine > best_other) {
                    led[p] += value;
                    led_margin[p] += (float)(mine - best_other > 3 ? 3 : mine - best_other) * value;
                } else if (mine > 0 && mine == best_other)
                    tied[p] += value;
            }
        }
        for (unsigned near_d = eval_tikal_near_directions(s, f, occupied); near_d; near_d &= near_d - 1) {
            int g = tikal_neighbor(f, __builtin_ctz(near_d));
            for (int p = 0; p < players; p++)
                near[p] += (float)(value * tikal_strength(s, p, g));
        }
    }
    int now[GAME_MAX_PLAYERS];
    tikal_self_scores(s, now);
    for (int seat = 0; seat < players; seat++) {
        const tikal_player *pl = &s->player[seat];
        int tokens = 0;
        for (int m = 0; m < TIKAL_MOTIFS; m++)
            tokens += tikal_treasures(pl, m);
        float *x = out[seat];
        *x++ = 1.0f;
        *x++ = (float)now[seat];
        *x++ = (float)(now[seat] * (left - 1));
        *x++ = (float)left;
        *x++ = guarded[seat];
        *x++ = guarded[seat] * (float)(left - 1);
        *x++ = led[seat];
        *x++ = led_margin[seat];
        *x++ = soft[seat];
        *x++ = soft[seat] * (float)(left - 1);
        *x++ = near[seat];
        *x++ = tied[seat];
        *x++ = pl->explorers_in_supply;
        *x++ = pl->leader_in_supply;
        *x++ = (float)tikal_figures_on_board(s, seat);
        *x++ = pl->camps_built;
        *x++ = (float)(TIKAL_MAX_GUARDS - pl->guards_placed);
        *x++ = (float)tikal_treasure_points(pl);
        *x++ = (float)tokens;
        *x++ = s->actor == seat && s->phase == TIKAL_PH_ACTIONS ? s->ap : 0;
        *x++ = s->actor == seat;
        *x++ = s->auction && s->phase == TIKAL_PH_BID && s->high_bidder == seat ? s->high_bid : 0;
        *x++ = s->actor == seat && s->hand >= 0 && tikal_tile(s->hand)->kind == TIKAL_TEMPLE
                   ? tikal_tile(s->hand)->value
                   : 0;
        assert(x - out[seat] == EVAL_TIKAL_FEATURES);
    }
}

/* The prior weights of v2: the hand-tuned estimate above, which is linear
 * in these features (weight * now = self_now + 0.6 self_later, the soft
 * share's 0.25 (left - 1) = 0.25 soft_later, near's 0.05, the supply and
 * camps, the pending bid taken off). */
static const float eval_tikal_prior[EVAL_TIKAL_FEATURES] = {
    0,    /* bias */
    1,    /* self_now */
    0.6f, /* self_later */
    0, 0, 0, 0, 0, 0, /* scorings_left .. soft_share */
    0.25f, /* soft_later */
    0.05f, /* near_value */
    0,    /* tied_value */
    0.3f, /* explorers_supply */
    1,    /* leader_supply */
    0,    /* figures_board */
    1.5f, /* camps_built */
    0, 0, 0, 0, 0, /* guards_left .. to_act */
    -1,   /* high_bid */
    0,    /* hand_temple */
};

const model_features eval_tikal_features = {
    "tikal",
    EVAL_TIKAL_FEATURES,
    eval_tikal_feature_names,
    6,
    eval_tikal_blocks,
    eval_tikal_block,
    eval_tikal_phase,
    eval_tikal_extract,
    NULL,
    eval_tikal_prior,
    NULL,
    0,
};
