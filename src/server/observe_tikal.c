/*
 * observe_tikal.c -- a Tikal observation (tikal_state, tikal.h) as JSON,
 * field by field, in the notation of tikal.md T29: fields "c3", tiles "B6",
 * motifs 1-8, rotations as the K of "rK", seats from 0. Everything on the
 * Tikal table is public (T5.4), so an observation is the whole state; what
 * the state never holds (the stack's order, the motifs under the treasure
 * tiles) is not here either. The shape is in docs/observation.md.
 *
 * Every field of tikal_state, tikal_player and tikal_field is written;
 * a few derived values are added for the browser's convenience and say so
 * in docs/observation.md (camps_left, guards_left, stack counts, printed
 * temple values, the actor's routes: all from engine functions). The static
 * facts of the game (its tiles, the actions' AP) are written by
 * observe_tikal_facts.
 */
#include "server/observe_internal.h"

static const char *const tikal_phase_names[] = {"draw", "reveal", "treasure", "bid",
                                                "take", "place", "actions", "over"};
static const char *const tikal_turn_kind_names[] = {"normal", "scoring", "final"};
static const char *const tikal_kind_names[] = {"empty", "basecamp", "jungle", "temple", "treasure", "volcano"};
static const char *const tikal_variant_names[] = {"basic", "auction"};

enum { TIKAL_GROUPS = 7 }; /* back letters A..G (T1.1) */

/* A name table and its length, for observe_name. */
#define NAMES(table) table, (int)(sizeof(table) / sizeof((table)[0]))

/* A tile id ("B6"), null for -1 (none), the raw number if out of range. */
static json_t *tile_json(int tile)
{
    if (tile == -1)
        return json_null();
    if (tile < 0 || tile >= TIKAL_TILES)
        return json_integer(tile);
    return json_string(tikal_tile(tile)->id);
}

static json_t *tile_bit_json(int bit)
{
    return tile_json(bit);
}

/* A field name ("c3"), null for -1, the raw number if out of range. */
static json_t *field_json(int field)
{
    if (field == -1)
        return json_null();
    if (field < 0 || field >= TIKAL_FIELDS)
        return json_integer(field);
    char name[3];
    tikal_field_name(field, name);
    return json_string(name);
}

static json_t *seat_bit_json(int bit)
{
    return json_integer(bit);
}

static json_t *numbers_json(const uint8_t *values, int count, int *failed)
{
    json_t *out = observe_array(failed);
    for (int i = 0; i < count; i++)
        observe_push(out, json_integer(values[i]), failed);
    return out;
}

/* A tile as the browser draws it before it lies on the board: id, back
 * letter, kind, value and stones in the data file's reference rotation
 * (edges N NE SE S SW NW), and for each rotation the one a placement that
 * way is named by (T29.3). Null for none. */
static json_t *tile_card_json(int tile, int *failed)
{
    if (tile < 0 || tile >= TIKAL_TILES)
        return tile_json(tile);
    const tikal_tile_def *d = tikal_tile(tile);
    char group[2] = {d->group, '\0'};
    json_t *out = observe_object(failed);
    observe_set(out, "tile", json_string(d->id), failed);
    observe_set(out, "group", json_string(group), failed);
    observe_set(out, "kind", observe_name(NAMES(tikal_kind_names), d->kind), failed);
    observe_set(out, "value", json_integer(d->value), failed);
    observe_set(out, "stones", numbers_json(d->stones, 6, failed), failed);
    json_t *same_as = observe_array(failed);
    for (int rotation = 0; rotation < 6; rotation++)
        observe_push(same_as, json_integer(tikal_canonical_rotation(tile, rotation)), failed);
    observe_set(out, "same_as", same_as, failed);
    return out;
}

/* The treasures of a seat: {"1": n, ..., "8": n} by motif. */
static json_t *treasures_json(const tikal_player *p, int *failed)
{
    json_t *out = observe_object(failed);
    for (int motif = 0; motif < TIKAL_MOTIFS; motif++) {
        char key[2] = {(char)('1' + motif), '\0'};
        observe_set(out, key, json_integer(tikal_treasures(p, motif)), failed);
    }
    return out;
}

static json_t *seat_json(const tikal_player *p, int *failed)
{
    json_t *out = observe_object(failed);
    observe_set(out, "score", json_integer(p->score), failed);
    observe_set(out, "explorers_in_supply", json_integer(p->explorers_in_supply), failed);
    observe_set(out, "leader_in_supply", json_boolean(p->leader_in_supply), failed);
    observe_set(out, "removed", json_integer(p->removed), failed);
    observe_set(out, "camps_built", json_integer(p->camps_built), failed);
    observe_set(out, "camps_left", json_integer(TIKAL_MAX_CAMPS - p->camps_built), failed);
    observe_set(out, "guards_placed", json_integer(p->guards_placed), failed);
    observe_set(out, "guards_left", json_integer(TIKAL_MAX_GUARDS - p->guards_placed), failed);
    observe_set(out, "marker_up", json_boolean(p->marker_up), failed);
    observe_set(out, "treasures", treasures_json(p, failed), failed);
    observe_set(out, "treasure_points", json_integer(tikal_treasure_points(p)), failed);
    return out;
}

static json_t *board_field_json(const tikal_state *s, int index, int *failed)
{
    const tikal_field f_info = tikal_field_info(s, index), *f = &f_info;
    int players = s->players;
    json_t *out = observe_object(failed);
    observe_set(out, "field", field_json(index), failed);
    observe_set(out, "kind", observe_name(NAMES(tikal_kind_names), f->kind), failed);
    observe_set(out, "tile", tile_json(f->tile), failed);
    observe_set(out, "rotation", json_integer(f->rotation), failed);
    uint8_t stones[6];
    for (int e = 0; e < 6; e++)
        stones[e] = (uint8_t)tikal_field_stones(s, index, e);
    observe_set(out, "stones", numbers_json(stones, 6, failed), failed);
    observe_set(out, "value", json_integer(f->value), failed);
    observe_set(out, "printed", json_integer(tikal_printed_value(s, index)), failed);
    observe_set(out, "levels", json_integer(tikal_levels_uncovered(s, index)), failed);
    observe_set(out, "treasures", json_integer(f->tokens), failed);
    observe_set(out, "camp", observe_seat(f->camp), failed);
    observe_set(out, "guard", observe_seat(f->guard), failed);
    json_t *figures = observe_array(failed);
    for (int seat = 0; seat < players; seat++) {
        json_t *mine = observe_object(failed);
        observe_set(mine, "leader", json_boolean(f->leaders & (1u << seat)), failed);
        observe_set(mine, "explorers", json_integer(f->explorers[seat]), failed);
        observe_push(figures, mine, failed);
    }
    observe_set(out, "figures", figures, failed);
    observe_set(out, "levels_this_turn", json_integer(f->levels_this_turn), failed);
    observe_set(out, "digs_this_turn", json_integer(f->digs_this_turn), failed);
    return out;
}

/* The stack as far as it is public: which tiles are out (drawn or
 * revealed), and how many are left of each back letter and in all. */
static json_t *stack_json(uint64_t used, int *failed)
{
    int left[TIKAL_GROUPS] = {0}, total = 0;
    for (int tile = 0; tile < TIKAL_TILES; tile++) {
        int group = tikal_tile(tile)->group - 'A';
        if (!(used & ((uint64_t)1 << tile)) && group >= 0 && group < TIKAL_GROUPS) {
            left[group]++;
            total++;
        }
    }
    json_t *out = observe_object(failed);
    observe_set(out, "out", observe_bits(used, 64, tile_bit_json, failed), failed);
    observe_set(out, "left", json_integer(total), failed);
    json_t *groups = observe_object(failed);
    for (int g = 0; g < TIKAL_GROUPS; g++) {
        char key[2] = {(char)('A' + g), '\0'};
        observe_set(groups, key, json_integer(left[g]), failed);
    }
    observe_set(out, "left_by_group", groups, failed);
    return out;
}

static json_t *auction_json(const tikal_state *s, int *failed)
{
    json_t *out = observe_object(failed);
    json_t *display = observe_array(failed);
    for (int slot = 0; slot < GAME_MAX_PLAYERS; slot++)
        observe_push(display, tile_card_json(s->display[slot], failed), failed);
    observe_set(out, "display", display, failed);
    observe_set(out, "revealed", json_integer(s->display_count), failed);
    observe_set(out, "opener", observe_seat(s->opener), failed);
    observe_set(out, "high_bidder", observe_seat(s->high_bidder), failed);
    observe_set(out, "high_bid", json_integer(s->high_bid), failed);
    observe_set(out, "passed", observe_bits(s->passed, 8, seat_bit_json, failed), failed);
    observe_set(out, "first_passer", observe_seat(s->first_passer), failed);
    return out;
}

/* The walks one figure of the actor can make from `from` with the AP left:
 * {"figure", "from", "to": {field: {"cost", "costs", "steps": [action
 * texts]}}}, from the engine's route search (tikal_find_routes, T10, T11);
 * "costs" the AP for 1, 2, ... of the actor's figures there (of this kind)
 * walking it, as many as the AP allow (tikal_walks_cost, T8.1). */
static json_t *figure_routes_json(const tikal_state *s, const tikal_routes *r, int figure, int *failed)
{
    int standing = figure ? 1 : tikal_explorers(s, s->actor, r->from);
    json_t *out = observe_object(failed), *targets = observe_object(failed);
    observe_set(out, "figure", json_string(figure ? "L" : "E"), failed);
    observe_set(out, "from", field_json(r->from), failed);
    for (int to = 0; to < TIKAL_FIELDS; to++) {
        int actions[TIKAL_ROUTE_MAX], n;
        if (r->cost[to] <= 0 || r->cost[to] > s->ap || (n = tikal_route_actions(r, figure, to, actions)) <= 0)
            continue;
        json_t *walk = observe_object(failed), *steps = observe_array(failed);
        for (int i = 0; i < n; i++) {
            char text[GAME_TEXT_MAX];
            tikal_action_to_text(s, actions[i], text, sizeof text);
            observe_push(steps, json_string(text), failed);
        }
        json_t *costs = observe_array(failed);
        for (int k = 1, ap; k <= standing && (ap = tikal_walks_cost(r, to, k)) <= s->ap; k++)
            observe_push(costs, json_integer(ap), failed);
        observe_set(walk, "cost", json_integer(r->cost[to]), failed);
        observe_set(walk, "costs", costs, failed);
        observe_set(walk, "steps", steps, failed);
        char name[3];
        tikal_field_name(to, name);
        observe_set(targets, name, walk, failed);
    }
    observe_set(out, "to", targets, failed);
    return out;
}

/* The actor's walks while it spends action points: one entry per figure
 * kind and field where it has such a figure; empty in every other phase,
 * and in every view but the actor's own (mover 0): only the actor walks
 * them, and they change with nearly every action point (25 to 30 KB of
 * patch an event for every watcher when they were in every view). */
static json_t *routes_json(const tikal_state *s, int mover, int *failed)
{
    json_t *out = observe_array(failed);
    if (s->phase != TIKAL_PH_ACTIONS || !mover)
        return out;
    for (uint64_t figures = tikal_figure_fields(s, s->actor); figures; figures &= figures - 1) {
        int from = __builtin_ctzll(figures);
        tikal_routes r;
        if (tikal_find_routes(s, s->actor, from, &r) != GAME_OK)
            continue;
        if (tikal_explorers(s, s->actor, from) > 0)
            observe_push(out, figure_routes_json(s, &r, 0, failed), failed);
        if (tikal_leader_field(s, s->actor) == from)
            observe_push(out, figure_routes_json(s, &r, 1, failed), failed);
    }
    return out;
}

void observe_tikal_facts(json_t *out, int *failed)
{
    static const struct {
        const char *verb; /* the action's verb in the notation (T29) */
        int ap;           /* its action points */
    } costs[] = {
        {"deploy", TIKAL_AP_DEPLOY}, {"path", TIKAL_AP_PATH},   {"uncover", TIKAL_AP_UNCOVER}, {"dig", TIKAL_AP_DIG},
        {"swap", TIKAL_AP_SWAP},     {"build", TIKAL_AP_BUILD}, {"guard", TIKAL_AP_GUARD},
    };
    json_t *tiles = observe_array(failed), *ap = observe_object(failed);
    for (int tile = 0; tile < TIKAL_TILES; tile++)
        observe_push(tiles, tile_card_json(tile, failed), failed);
    observe_set(out, "tiles", tiles, failed);
    for (size_t i = 0; i < sizeof costs / sizeof costs[0]; i++)
        observe_set(ap, costs[i].verb, json_integer(costs[i].ap), failed);
    observe_set(out, "action_points", ap, failed);
}

void observe_tikal(json_t *out, const void *observation, int mover, int *failed)
{
    const tikal_state *s = observation;
    int players = s->players;
    observe_set(out, "variant", observe_name(NAMES(tikal_variant_names), s->auction), failed);
    observe_set(out, "phase", observe_name(NAMES(tikal_phase_names), s->phase), failed);
    observe_set(out, "actor", observe_seat(s->actor), failed);
    observe_set(out, "turn_kind", observe_name(NAMES(tikal_turn_kind_names), s->turn_kind), failed);
    observe_set(out, "action_points", json_integer(s->ap), failed);
    observe_set(out, "hand", tile_card_json(s->hand, failed), failed);
    observe_set(out, "volcano_player", observe_seat(s->volcano_player), failed);
    observe_set(out, "scoring_turns_left", json_integer(s->scoring_turns_left), failed);
    observe_set(out, "dig_field", field_json(s->dig_field), failed);
    observe_set(out, "last_placer", observe_seat(s->last_placer), failed);
    observe_set(out, "tiles_placed", json_integer(s->tiles_placed), failed);
    observe_set(out, "tokens_placed", json_integer(s->tokens_placed), failed);
    observe_set(out, "final_order", numbers_json(s->final_order, players, failed), failed);
    observe_set(out, "final_next", json_integer(s->final_next), failed);
    observe_set(out, "level_supply", numbers_json(s->level_supply, TIKAL_MAX_LEVEL + 1, failed), failed);
    observe_set(out, "stack", stack_json(s->stack_used, failed), failed);
    /* The auction's fields keep their initial values in the basic game. */
    observe_set(out, "auction", s->auction ? auction_json(s, failed) : json_null(), failed);
    json_t *seats = observe_array(failed);
    for (int seat = 0; seat < players; seat++)
        observe_push(seats, seat_json(&s->player[seat], failed), failed);
    observe_set(out, "seats", seats, failed);
    json_t *board = observe_array(failed);
    for (int field = 0; field < TIKAL_FIELDS; field++)
        observe_push(board, board_field_json(s, field, failed), failed);
    observe_set(out, "board", board, failed);
    observe_set(out, "routes", routes_json(s, mover, failed), failed);
}
