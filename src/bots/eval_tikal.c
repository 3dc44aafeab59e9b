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
 * and corrects it with the learned weights of features of the same
 * things: what the seat would self-score now and the scorings still to
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
 * scorings less; the 2p auction's block tuned further on auction games
 * alone: camps and figures worth more still, action points left less, and
 * (with capped units) a pending bid costing more than its points;
 * docs/strength.md). A block still at zero
 * corrections (3 and 4 players) is v1's estimate, and is computed by v1
 * itself (eval_hook.v1_blocks).
 */
#include <assert.h>
#include <string.h>

#include "bots/eval.h"
#include "tikal/tikal.h"

/* What the versions read of the board, for every seat, in one pass over
 * the temples (eval_tikal_read). Sums of whole numbers are kept as ints:
 * a float or double sum of them has the same bits. */
typedef struct eval_tikal_reading {
    int left;                              /* scorings still to come: volcanoes not yet drawn + the final one */
    int treasure_points[GAME_MAX_PLAYERS]; /* points of the seat's treasure sets (T18.3) */
    int now[GAME_MAX_PLAYERS];             /* what the seat would self-score now (tikal_self_scores) */
    /* v1 only */
    double soft[GAME_MAX_PLAYERS];         /* each unguarded temple's value shared by squared strength */
    double near_points[GAME_MAX_PLAYERS];  /* 0.05 points for each point of value times strength of the
                                              seat's figures a crossing away from an unguarded temple */
    /* v2 only */
    float soft_float[GAME_MAX_PLAYERS];    /* soft summed in float */
    int near[GAME_MAX_PLAYERS];            /* value times strength of the seat's figures a crossing away
                                              from an unguarded temple */
    int guarded[GAME_MAX_PLAYERS];         /* value of the temples its guards stand on */
    int led[GAME_MAX_PLAYERS];             /* value of the unguarded temples it has the majority of */
    int led_margin[GAME_MAX_PLAYERS];      /* those values times its lead over the next seat, at most 3 */
    int tied[GAME_MAX_PLAYERS];            /* value of the unguarded temples it ties for the most strength */
} eval_tikal_reading;

/* Is the edge from field f in direction d crossable (tikal_crossing_cost >
 * 0), g being its neighbour there, walkable like f? A crossing costs the
 * stones on both sides of the edge (T11.1). */
static int eval_tikal_crossable(const tikal_state *s, int f, int d, int g)
{
    return tikal_field_stones(s, f, d) + tikal_field_stones(s, g, (d + 3) % 6) > 0;
}

/* Read s into r, what v1 needs or (learned) what v2 needs; the callers
 * pass a constant, so that each version's reading is compiled on its own.
 * Temples are taken in ascending order and their neighbours by direction,
 * so that the double and float sums add their terms in the order they
 * always did; terms that add 0 (seats without figures there) are skipped,
 * which leaves those sums as they were (they start at +0 and never go
 * below). */
static inline void eval_tikal_read(const tikal_state *s, int learned, eval_tikal_reading *r)
{
    int players = s->players;
    uint64_t occupied = tikal_occupied_fields(s);
    uint64_t unwalkable = tikal_fields_of_kind(s, TIKAL_EMPTY) | tikal_fields_of_kind(s, TIKAL_VOLCANO);
    assert(!(occupied & unwalkable)); /* figures stand on explored fields, never on a volcano (T6.7) */
    (void)unwalkable;
    memset(r, 0, sizeof *r);
    r->left = 1 + tikal_volcanoes_left(s);
    for (int p = 0; p < players; p++)
        r->now[p] = r->treasure_points[p] = tikal_treasure_points(&s->player[p]);
    for (uint64_t temples = tikal_fields_of_kind(s, TIKAL_TEMPLE); temples; temples &= temples - 1) {
        int f = __builtin_ctzll(temples);
        int guard = tikal_guard(s, f), value = tikal_temple_value(s, f);
        if (guard >= 0) {
            assert(guard < players);
            r->now[guard] += value; /* a guard scores its temple (T18.1) */
            r->guarded[guard] += learned ? value : 0;
            continue;
        }
        if (occupied >> f & 1) {
            int strength[GAME_MAX_PLAYERS], top = 0;
            double sum = 0;
            for (int p = 0; p < players; p++) {
                strength[p] = tikal_strength(s, p, f);
                sum += (double)strength[p] * strength[p];
                top = strength[p] > strength[top] ? p : top;
            }
            int second = 0; /* the most strength of the seats other than top */
            for (int p = 0; p < players; p++)
                if (p != top && strength[p] > second)
                    second = strength[p];
            for (int p = 0; p < players; p++) {
                int mine = strength[p], best_other = p == top ? second : strength[top];
                if (mine == 0)
                    continue;
                double share = value * mine * mine / sum;
                if (learned)
                    r->soft_float[p] += (float)share;
                else
                    r->soft[p] += share;
                if (mine > best_other) { /* the majority (T8.4): it scores the temple now */
                    r->now[p] += value;
                    if (learned) {
                        r->led[p] += value;
                        r->led_margin[p] += (mine - best_other > 3 ? 3 : mine - best_other) * value;
                    }
                } else if (learned && mine == best_other)
                    r->tied[p] += value;
            }
        }
        /* Figures one edge away can contest it next turn. */
        uint64_t around = tikal_neighbor_mask(f) & occupied;
        const int8_t *neighbors = tikal_neighbors(f);
        for (int d = 0; around; d++) {
            int g = neighbors[d];
            if (g < 0 || !(around >> g & 1))
                continue;
            around &= ~(1ULL << g);
            if (!eval_tikal_crossable(s, f, d, g))
                continue;
            for (int p = 0; p < players; p++) {
                int st = tikal_strength(s, p, g);
                if (st == 0)
                    continue;
                if (learned)
                    r->near[p] += value * st;
                else
                    r->near_points[p] += 0.05 * value * st;
            }
        }
    }
}

void eval_tikal_estimate(const eval_hook *hook, const void *state, double *out)
{
    (void)hook;
    const tikal_state *s = state;
    eval_tikal_reading r;
    eval_tikal_read(s, 0, &r);
    double weight = 1.0 + 0.6 * (r.left - 1); /* now, then discounted later scorings */
    for (int p = 0; p < s->players; p++) {
        const tikal_player *pl = &s->player[p];
        out[p] = pl->score + weight * r.now[p] + 0.25 * (r.left - 1) * r.soft[p] + r.near_points[p] +
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

/* The features of seat (x[EVAL_TIKAL_FEATURES], in their names' order)
 * from the reading r of s. */
static inline void eval_tikal_seat(const tikal_state *s, const eval_tikal_reading *r, int seat, float *x)
{
    const tikal_player *pl = &s->player[seat];
    int left = r->left;
    unsigned pairs = pl->treasures; /* the tokens of motif m in bits 2m..2m+1: their sum, pairwise */
    unsigned nibbles = (pairs & 0x3333u) + (pairs >> 2 & 0x3333u);
    unsigned bytes = (nibbles & 0x0F0Fu) + (nibbles >> 4 & 0x0F0Fu);
    int tokens = (int)((bytes & 0xFFu) + (bytes >> 8));
    float *start = x;
    *x++ = 1.0f;
    *x++ = (float)r->now[seat];
    *x++ = (float)(r->now[seat] * (left - 1));
    *x++ = (float)left;
    *x++ = (float)r->guarded[seat];
    *x++ = (float)r->guarded[seat] * (float)(left - 1);
    *x++ = (float)r->led[seat];
    *x++ = (float)r->led_margin[seat];
    *x++ = r->soft_float[seat];
    *x++ = r->soft_float[seat] * (float)(left - 1);
    *x++ = (float)r->near[seat];
    *x++ = (float)r->tied[seat];
    *x++ = pl->explorers_in_supply;
    *x++ = pl->leader_in_supply;
    *x++ = (float)tikal_figures_on_board(s, seat);
    *x++ = pl->camps_built;
    *x++ = (float)(TIKAL_MAX_GUARDS - pl->guards_placed);
    *x++ = (float)r->treasure_points[seat];
    *x++ = (float)tokens;
    *x++ = s->actor == seat && s->phase == TIKAL_PH_ACTIONS ? s->ap : 0;
    *x++ = s->actor == seat;
    *x++ = s->auction && s->phase == TIKAL_PH_BID && s->high_bidder == seat ? s->high_bid : 0;
    *x++ = s->actor == seat && s->hand >= 0 && tikal_tile(s->hand)->kind == TIKAL_TEMPLE ? tikal_tile(s->hand)->value
                                                                                        : 0;
    assert(x - start == EVAL_TIKAL_FEATURES);
    (void)start;
}

/* Every seat's features at once (out[seat]), from one reading of the
 * board. */
static void eval_tikal_extract(const void *state, float (*out)[MODEL_FEATURES_MAX])
{
    const tikal_state *s = state;
    eval_tikal_reading r;
    eval_tikal_read(s, 1, &r);
    for (int seat = 0; seat < s->players; seat++)
        eval_tikal_seat(s, &r, seat, out[seat]);
}

/* The features weighed (model_features.weigh), each seat's as soon as they
 * are made: with the sum unrolled they need not be stored and read back. */
static void eval_tikal_weigh(const void *state, const float *w, int players, model_seat_memo *memo, double *out)
{
    (void)memo; /* every seat's features read the board (eval_tikal_read), which most moves change */
    const tikal_state *s = state;
    eval_tikal_reading r;
    eval_tikal_read(s, 1, &r);
    for (int seat = 0; seat < players; seat++) {
        float x[EVAL_TIKAL_FEATURES], sum = 0.0f;
        eval_tikal_seat(s, &r, seat, x);
#pragma GCC unroll 32
        for (int i = 0; i < EVAL_TIKAL_FEATURES; i++)
            sum += x[i] * w[i];
        out[seat] += sum;
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
    .game = "tikal",
    .count = EVAL_TIKAL_FEATURES,
    .names = eval_tikal_feature_names,
    .blocks = 6,
    .block_names = eval_tikal_blocks,
    .block = eval_tikal_block,
    .phase = eval_tikal_phase,
    .extract = eval_tikal_extract,
    .prior = eval_tikal_prior,
    .weigh = eval_tikal_weigh,
};
