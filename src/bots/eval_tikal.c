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
 */
#include "bots/eval.h"
#include "tikal/tikal.h"

/* Scorings still to come (at least the final one). */
static int eval_tikal_scorings_left(const tikal_state *s)
{
    int left = 1;
    for (int t = 0; t < TIKAL_TILES; t++)
        if (!(s->stack_used >> t & 1u) && tikal_tile(t)->kind == TIKAL_VOLCANO)
            left++;
    return left;
}

void eval_tikal_estimate(const void *state, double *out)
{
    const tikal_state *s = state;
    int players = s->players;
    int left = eval_tikal_scorings_left(s);
    double weight = 1.0 + 0.6 * (left - 1); /* now, then discounted later scorings */
    double soft[GAME_MAX_PLAYERS] = {0};
    double near[GAME_MAX_PLAYERS] = {0};

    for (int f = 0; f < TIKAL_FIELDS; f++) {
        const tikal_field *fd = &s->field[f];
        if (fd->kind != TIKAL_TEMPLE || fd->guard >= 0)
            continue;
        /* Soft share of an unguarded temple by squared strength. */
        double sum = 0, sq[GAME_MAX_PLAYERS];
        for (int p = 0; p < players; p++) {
            double st = tikal_strength(s, p, f);
            sq[p] = st * st;
            sum += sq[p];
        }
        for (int p = 0; p < players && sum > 0; p++)
            soft[p] += fd->value * sq[p] / sum;
        /* Figures one edge away can contest it next turn. */
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
        double now = tikal_self_score(s, p);
        out[p] = pl->score + weight * now + 0.25 * (left - 1) * soft[p] + near[p] +
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
