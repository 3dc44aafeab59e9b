/*
 * tikal_route.c -- the one route search of Tikal: the cheapest walk of a
 * seat's figure from a field to every other, by crossings (T11) and the
 * seat's secret paths (T10), with the costs apply charges. The terminal's
 * go-to, the browser (through the observation's routes) and the tests use
 * it; nothing else searches routes.
 *
 * Dijkstra over the 40 fields: every step costs at least 1 AP, and walking
 * changes neither stones nor camps, so a walk found here stays legal step by
 * step while the AP last. Among walks of equal cost the one found first is
 * kept (fields in index order, crossings before paths), so the answer is the
 * same for every caller.
 */
#include "tikal/tikal.h"
#include "tikal/tikal_internal.h"

/* Offer a walk to `to` through `at` costing `step` more: kept if cheaper. */
static void relax(tikal_routes *r, int at, int to, int step, int by_path)
{
    int cost = r->cost[at] + step;
    if (r->cost[to] < 0 || cost < r->cost[to]) {
        r->cost[to] = (int16_t)cost;
        r->previous[to] = (int8_t)at;
        r->by_path[to] = (uint8_t)by_path;
    }
}

int tikal_find_routes(const tikal_state *s, int seat, int from, tikal_routes *out)
{
    int done[TIKAL_FIELDS] = {0};
    if (seat < 0 || seat >= s->players || from < 0 || from >= TIKAL_FIELDS)
        return GAME_EOPTION;
    out->from = (int8_t)from;
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        out->cost[f] = -1;
        out->previous[f] = -1;
        out->by_path[f] = 0;
    }
    out->cost[from] = 0;
    for (;;) {
        int at = -1;
        for (int f = 0; f < TIKAL_FIELDS; f++)
            if (!done[f] && out->cost[f] >= 0 && (at < 0 || out->cost[f] < out->cost[at]))
                at = f;
        if (at < 0)
            return GAME_OK;
        done[at] = 1;
        unsigned costs = tikal_crossing_costs(s, at);
        for (int d = 0; d < 6; d++) {
            /* 0: no crossing (T11.2, T11.3) */
            int step = (int)(costs >> (TIKAL_CROSSING_BITS * d) & TIKAL_CROSSING_MASK);
            if (step > 0 && !done[tikal_neighbor(at, d)])
                relax(out, at, tikal_neighbor(at, d), step, 0);
        }
        if (tikal_is_camp_of(s, seat, at))
            for (int f = 0; f < TIKAL_FIELDS; f++)
                if (!done[f] && tikal_is_camp_of(s, seat, f))
                    relax(out, at, f, 1, 1);
    }
}

int tikal_route_actions(const tikal_routes *r, int figure, int to, int *actions)
{
    int fields[TIKAL_FIELDS], n = 0;
    if (to < 0 || to >= TIKAL_FIELDS || r->cost[to] < 0 || (figure != 0 && figure != 1))
        return -1;
    for (int at = to; at != r->from; at = r->previous[at])
        fields[n++] = at;
    for (int i = 0; i < n; i++) {
        int there = fields[n - 1 - i], here = r->previous[there];
        if (r->by_path[there]) {
            actions[i] = TIKAL_A_PATH + (figure * TIKAL_FIELDS + here) * TIKAL_FIELDS + there;
            continue;
        }
        for (int d = 0; d < 6; d++)
            if (tikal_neighbor(here, d) == there)
                actions[i] = TIKAL_A_MOVE + (figure * TIKAL_FIELDS + here) * 6 + d;
    }
    return n;
}

int tikal_walks_cost(const tikal_routes *r, int to, int figures)
{
    if (to < 0 || to >= TIKAL_FIELDS || r->cost[to] < 0 || figures < 1)
        return -1;
    return r->cost[to] * figures;
}
