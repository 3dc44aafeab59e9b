/*
 * observe_tzolkin.c -- a Tzolk'in observation (tzolk_state, tzolkin.h) as
 * JSON, field by field, in the notation of tzolkin.md Z23: gear positions
 * "PAL3", temples CHAAC QUETZ KUKUL, tracks AGRI EXTR ARCH THEO, resource
 * letters w s g, buildings "B1-07", monuments "M04", wealth tiles "W05",
 * seats from 0. The shape is in docs/observation.md.
 *
 * The wealth tiles are the private part (Z23.8): a tile the observation
 * hides (TZOLK_UNKNOWN) is null, and so is whether it was kept while that
 * is still secret. Nothing else is hidden in Tzolk'in.
 *
 * Every field of tzolk_state and tzolk_player is written, except the
 * always-zero pad fields and the entries of the decision stack at and above
 * sp, which are leftovers of decisions already taken (the engine does not
 * clear them) and not part of the position. A few derived values are added
 * for the browser, each computed by the engine (decks left, whether a food
 * day is due, the corn cost of each place and pick line of the turn,
 * whether a pity placement is due, a due harvest's yield, the Uxmal price
 * of each displayed building, the points of built monuments).
 *
 * observe_tzolkin_facts writes the game's static facts (GET
 * /api/games/tzolkin/facts, docs/api.md) from the engine's generated
 * tables: the browser draws names and printed numbers from it.
 */
#include <stddef.h>

#include "server/observe_internal.h"

static const char *const tzolk_phase_names[] = {"start",   "monument", "setup_building", "deal",
                                                "block",   "keep",     "turn",           "refill",
                                                "age_reveal", "advance", "over"};
static const char *const tzolk_frame_names[] = {NULL,          "harvest",    "tech",        "tech_optional",
                                                "tech_free",   "gain",       "temple",      "theo2",
                                                "temples",     "market",     "do",          "do_optional",
                                                "build_tik2",  "build_b108", "build_tik4a", "build_tik4b",
                                                "build_uxm4"};
static const char *const tzolk_mode_names[] = {"none", "placing", "picking"};

/* A name table and its length, for observe_name. */
#define NAMES(table) table, (int)(sizeof(table) / sizeof((table)[0]))

static json_t *building_json(int b)
{
    if (b < 0 || b >= TZOLK_BUILDINGS)
        return json_integer(b);
    return json_string(tzolk_building(b)->id);
}

static json_t *monument_json(int m)
{
    if (m < 0 || m >= TZOLK_MONUMENTS)
        return json_integer(m);
    return json_string(tzolk_monument(m)->id);
}

/* A wealth tile: null when hidden (TZOLK_UNKNOWN). */
static json_t *wealth_json(int w)
{
    if (w == TZOLK_UNKNOWN)
        return json_null();
    if (w < 0 || w >= TZOLK_WEALTH)
        return json_integer(w);
    return json_string(tzolk_wealth(w)->id);
}

/* A skull on Chichen Itza's action q (bit q of chi_slots): "CHIq". */
static json_t *chi_slot_json(int q)
{
    return json_sprintf("CHI%d", q);
}

/* A piece in a gear hole: null (empty), a seat, or "blocker". */
static json_t *piece_json(int piece)
{
    if (piece == TZOLK_NOBODY)
        return json_null();
    if (piece == TZOLK_BLOCKER)
        return json_string("blocker");
    return json_integer(piece);
}

/* {"NAME": values[i], ...} for the names name(0..count-1). */
static json_t *named_numbers_json(const char *(*name)(int), int count, const int *values, int *failed)
{
    json_t *out = observe_object(failed);
    for (int i = 0; i < count; i++)
        observe_set(out, name(i), json_integer(values[i]), failed);
    return out;
}

static json_t *gears_json(const tzolk_state *s, int *failed)
{
    json_t *out = observe_array(failed);
    for (int g = 0; g < TZOLK_GEARS; g++) {
        json_t *gear = observe_object(failed);
        const tzolk_gear_def *d = &tzolk_board()->gear[g];
        observe_set(gear, "gear", json_string(d->name), failed);
        json_t *positions = observe_array(failed);
        for (int p = 0; p < d->holes; p++) {
            json_t *position = observe_object(failed);
            observe_set(position, "hole", json_integer(p), failed);
            observe_set(position, "position", p <= d->last ? json_sprintf("%s%d", d->name, p) : json_null(), failed);
            observe_set(position, "piece", piece_json(tzolk_piece(s, g, p)), failed);
            observe_push(positions, position, failed);
        }
        observe_set(gear, "positions", positions, failed);
        int free = tzolk_lowest_free(s, g);
        observe_set(gear, "lowest_free", free < 0 ? json_null() : json_integer(free), failed);
        observe_push(out, gear, failed);
    }
    return out;
}

static json_t *jungle_json(const tzolk_state *s, int *failed)
{
    json_t *out = observe_array(failed);
    for (int k = 0; k < TZOLK_JUNGLE_GROUPS; k++) {
        json_t *group = observe_object(failed);
        observe_set(group, "group", json_sprintf("PAL%d", k + 2), failed);
        observe_set(group, "forest", json_integer(s->jungle[k][0]), failed);
        observe_set(group, "corn", json_integer(s->jungle[k][1]), failed);
        observe_set(group, "empty", json_integer(s->jungle[k][2]), failed);
        observe_push(out, group, failed);
    }
    return out;
}

/* The corn cost of each place and pick line the actor may write now, by
 * the line's text (tzolk_listed_cost: Z5.4, Z6.1, Z4.4), from one legal
 * list. */
static json_t *costs_json(const tzolk_state *s, int *failed)
{
    json_t *out = observe_object(failed);
    char text[32];
    int legal[TZOLK_LEGAL_MAX];
    if (s->phase != TZOLK_PH_TURN)
        return out;
    int n = tzolk_legal_actions(s, legal);
    for (int i = 0; i < n; i++) {
        int cost = tzolk_listed_cost(s, legal[i]);
        if (cost >= 0 && tzolk_action_to_text(s, legal[i], text, sizeof text) == 0)
            observe_set(out, text, json_integer(cost), failed);
    }
    return out;
}

/* The turn in progress: what the actor did so far and the pending
 * decisions, the due one last (stack[0..sp-1]). */
static json_t *turn_json(const tzolk_state *s, int *failed)
{
    json_t *out = observe_object(failed);
    observe_set(out, "mode", observe_name(NAMES(tzolk_mode_names), s->mode), failed);
    observe_set(out, "placed", json_integer(s->placed), failed);
    observe_set(out, "begged", json_boolean(s->begged), failed);
    observe_set(out, "built", json_boolean(s->built), failed);
    observe_set(out, "on_start", json_boolean(s->on_start), failed);
    observe_set(out, "pity", json_boolean(s->pity), failed);
    json_t *pending = observe_array(failed);
    for (int i = 0; i < s->sp && i < TZOLK_STACK; i++) {
        json_t *frame = observe_object(failed);
        observe_set(frame, "kind", observe_name(NAMES(tzolk_frame_names), tzolk_frame_kind_of(s->stack[i])), failed);
        observe_set(frame, "param", json_integer(tzolk_frame_param(s->stack[i])), failed);
        observe_push(pending, frame, failed);
    }
    observe_set(out, "pending", pending, failed);
    observe_set(out, "costs", costs_json(s, failed), failed);
    observe_set(out, "pity_due", json_boolean(tzolk_pity_due(s)), failed);
    int surcharge = tzolk_place_surcharge(s);
    observe_set(out, "place_surcharge", surcharge < 0 ? json_null() : json_integer(surcharge), failed);
    json_t *harvest = json_null();
    if (s->sp > 0 && s->sp <= TZOLK_STACK && tzolk_frame_kind_of(s->stack[s->sp - 1]) == TZOLK_F_HARVEST) {
        int q = tzolk_frame_param(s->stack[s->sp - 1]);
        harvest = json_pack("{s:i, s:i}", "corn", tzolk_harvest_corn(s, q), "wood", tzolk_harvest_wood(s, q));
    }
    observe_set(out, "harvest", harvest, failed);
    return out;
}

static int bits_set(uint32_t mask)
{
    int n = 0;
    for (; mask != 0; mask &= mask - 1)
        n++;
    return n;
}

/* The four wealth tiles dealt to a seat (Z2.7, Z2.10): each tile (null if
 * hidden) and whether it was kept: true / false, or null while that is
 * secret (another seat's tiles before every seat has chosen). Once all
 * have chosen, another seat's hidden tiles are its discards. */
static json_t *wealth_tiles_json(const tzolk_player *p, int revealed, int *failed)
{
    json_t *out = observe_array(failed);
    for (int k = 0; k < TZOLK_WEALTH_DEALT; k++) {
        json_t *tile = observe_object(failed);
        int kept = (p->keep_mask >> k) & 1;
        observe_set(tile, "tile", wealth_json(p->dealt[k]), failed);
        observe_set(tile, "kept",
                    kept ? json_true() : (p->dealt[k] != TZOLK_UNKNOWN || revealed) ? json_false() : json_null(),
                    failed);
        observe_push(out, tile, failed);
    }
    return out;
}

/* What seat's built monuments score on the state as it is (Z19.3), what
 * each building on display costs it at Uxmal 4 (Z11.4), and the corn its
 * workers need at a food day (Z14.2). */
static void seat_engine_values(json_t *out, const tzolk_state *s, int seat, int *failed)
{
    json_t *points = observe_object(failed), *uxmal = observe_object(failed);
    for (int m = 0; m < TZOLK_MONUMENTS; m++)
        if (s->player[seat].monuments & (1u << m))
            observe_set(points, tzolk_monument(m)->id, json_integer(tzolk_monument_points(s, seat, m)), failed);
    for (int b = 0; b < TZOLK_BUILDINGS; b++)
        if (s->display & (1u << b))
            observe_set(uxmal, tzolk_building(b)->id, json_integer(tzolk_uxmal_cost(s, seat, b)), failed);
    observe_set(out, "monument_points", points, failed);
    observe_set(out, "uxmal_costs", uxmal, failed);
    observe_set(out, "feeding", json_integer(tzolk_feeding_cost(s, seat)), failed);
}

static json_t *seat_json(const tzolk_player *p, int revealed, int *failed)
{
    json_t *out = observe_object(failed);
    int resources[3] = {p->res[0], p->res[1], p->res[2]};
    int temples[TZOLK_TEMPLES], tech[TZOLK_TRACKS];
    for (int t = 0; t < TZOLK_TEMPLES; t++)
        temples[t] = p->temple[t];
    for (int x = 0; x < TZOLK_TRACKS; x++)
        tech[x] = p->tech[x];
    observe_set(out, "vp", json_integer(p->vp), failed);
    observe_set(out, "corn", json_integer(p->corn), failed);
    observe_set(out, "resources", named_numbers_json(tzolk_resource_letter, 3, resources, failed), failed);
    observe_set(out, "skulls", json_integer(p->skulls), failed);
    observe_set(out, "workers", json_integer(p->workers), failed);
    observe_set(out, "hand", json_integer(p->hand), failed);
    observe_set(out, "temples", named_numbers_json(tzolk_temple_name, TZOLK_TEMPLES, temples, failed), failed);
    observe_set(out, "tech", named_numbers_json(tzolk_track_name, TZOLK_TRACKS, tech, failed), failed);
    observe_set(out, "light", json_boolean(p->light), failed);
    observe_set(out, "corn_tiles", json_integer(p->corn_tiles), failed);
    observe_set(out, "wood_tiles", json_integer(p->wood_tiles), failed);
    observe_set(out, "feed_free", json_integer(p->feed_free), failed);
    observe_set(out, "feed_discount", json_integer(p->feed_disc), failed);
    observe_set(out, "wealth", wealth_tiles_json(p, revealed, failed), failed);
    observe_set(out, "has_kept", json_boolean(p->has_kept), failed);
    observe_set(out, "buildings", observe_bits(p->buildings, 32, building_json, failed), failed);
    observe_set(out, "monuments", observe_bits(p->monuments, 16, monument_json, failed), failed);
    return out;
}

void observe_tzolkin(json_t *out, const void *observation, int mover, int *failed)
{
    (void)mover; /* every field is the same for every seat */
    const tzolk_state *s = observation;
    observe_set(out, "variant", json_null(), failed);
    observe_set(out, "phase", observe_name(NAMES(tzolk_phase_names), s->phase), failed);
    observe_set(out, "actor", json_integer(s->actor), failed);
    observe_set(out, "start_player", json_integer(s->token), failed);
    observe_set(out, "turn_index", json_integer(s->turn_index), failed);
    json_t *calendar = observe_object(failed);
    observe_set(calendar, "teeth", json_integer(s->teeth), failed);
    observe_set(calendar, "food_days_held", json_integer(s->next_food), failed);
    int to_food_day = tzolk_teeth_to_food_day(s);
    observe_set(calendar, "teeth_to_food_day", to_food_day < 0 ? json_null() : json_integer(to_food_day), failed);
    observe_set(calendar, "food_day", json_boolean(tzolk_is_food_day(s)), failed);
    observe_set(calendar, "last_round", json_boolean(s->last_round), failed);
    observe_set(out, "calendar", calendar, failed);
    observe_set(out, "age", json_integer(s->age), failed);
    observe_set(out, "gears", gears_json(s, failed), failed);
    observe_set(out, "start_space", observe_seat(s->start_space), failed);
    observe_set(out, "pool", json_integer(s->pool), failed);
    observe_set(out, "jungle", jungle_json(s, failed), failed);
    observe_set(out, "skull_supply", json_integer(s->skull_supply), failed);
    observe_set(out, "chi_skulls", observe_bits(s->chi_slots, 16, chi_slot_json, failed), failed);
    observe_set(out, "blockers", json_integer(s->blockers), failed);
    observe_set(out, "blocking_tiles", observe_bits(s->block_mask, 32, wealth_json, failed), failed);
    observe_set(out, "chance_left", json_integer(s->chance_left), failed);
    observe_set(out, "setup_count", json_integer(s->setup_count), failed);
    observe_set(out, "turn", turn_json(s, failed), failed);
    json_t *display = observe_object(failed);
    observe_set(display, "buildings", observe_bits(s->display, 32, building_json, failed), failed);
    observe_set(display, "monuments", observe_bits(s->mon_display, 16, monument_json, failed), failed);
    observe_set(out, "display", display, failed);
    observe_set(out, "buildings_out", observe_bits(s->revealed, 32, building_json, failed), failed);
    observe_set(out, "monuments_revealed", observe_bits(s->mon_revealed, 16, monument_json, failed), failed);
    uint32_t age1 = ((uint32_t)1 << TZOLK_AGE1_BUILDINGS) - 1;
    json_t *decks = observe_object(failed);
    observe_set(decks, "1", json_integer(TZOLK_AGE1_BUILDINGS - bits_set(s->revealed & age1)), failed);
    observe_set(decks, "2", json_integer(TZOLK_BUILDINGS - TZOLK_AGE1_BUILDINGS - bits_set(s->revealed & ~age1)),
                failed);
    observe_set(out, "decks_left", decks, failed);
    int revealed = tzolk_all_kept(s);
    json_t *seats = observe_array(failed);
    for (int i = 0; i < s->players && i < GAME_MAX_PLAYERS; i++) {
        json_t *seat = seat_json(&s->player[i], revealed, failed);
        if (seat != NULL)
            seat_engine_values(seat, s, i, failed);
        observe_push(seats, seat, failed);
    }
    observe_set(out, "seats", seats, failed);
}

/* ---- static facts ---- */

/* One effect: [kind], [kind, a] or [kind, a, b] (a, b may be NULL: left out). */
static json_t *effect_json(const char *kind, json_t *a, json_t *b, int *failed)
{
    json_t *out = observe_array(failed);
    observe_push(out, json_string(kind), failed);
    if (a != NULL)
        observe_push(out, a, failed);
    if (b != NULL)
        observe_push(out, b, failed);
    return out;
}

/* The good g (TZOLK_G_*) as the browser names it: "corn", "w", "s", "g", "skull". */
static const char *good_name(int g)
{
    return g == TZOLK_G_CORN ? "corn" : g == TZOLK_G_SKULL ? "skull" : tzolk_resource_letter(g - 1);
}

/* The effects of a building or wealth tile (Z1.8, Z1.10) as a list of
 * [kind, ...]: ["vp", n], ["feed", n], ["discount"], ["gain", good, n],
 * ["temple", T, n], ["templeAny", n], ["tech", X, 1], ["techAny", n],
 * ["worker"], ["build"], ["market"], ["anyAction"] (docs/api.md). */
static json_t *effects_json(const uint8_t gain[5], const uint8_t temple[3], int tech, int feed, int worker,
                            const tzolk_building_def *b, int *failed)
{
    json_t *out = observe_array(failed);
    if (b != NULL && b->vp)
        observe_push(out, effect_json("vp", json_integer(b->vp), NULL, failed), failed);
    if (feed)
        observe_push(out, effect_json("feed", json_integer(feed), NULL, failed), failed);
    if (b != NULL && b->feed_disc)
        observe_push(out, effect_json("discount", NULL, NULL, failed), failed);
    for (int g = 0; g < 5; g++)
        if (gain[g])
            observe_push(out, effect_json("gain", json_string(good_name(g)), json_integer(gain[g]), failed), failed);
    for (int t = 0; t < TZOLK_TEMPLES; t++)
        if (temple[t])
            observe_push(out, effect_json("temple", json_string(tzolk_temple_name(t)), json_integer(temple[t]), failed),
                         failed);
    if (b != NULL && b->temple_any)
        observe_push(out, effect_json("templeAny", json_integer(b->temple_any), NULL, failed), failed);
    if (tech >= 0)
        observe_push(out, effect_json("tech", json_string(tzolk_track_name(tech)), json_integer(1), failed), failed);
    if (b != NULL && b->tech_any)
        observe_push(out, effect_json("techAny", json_integer(b->tech_any), NULL, failed), failed);
    if (worker)
        observe_push(out, effect_json("worker", NULL, NULL, failed), failed);
    if (b != NULL && b->build)
        observe_push(out, effect_json("build", NULL, NULL, failed), failed);
    if (b != NULL && b->trade)
        observe_push(out, effect_json("market", NULL, NULL, failed), failed);
    if (b != NULL && b->any_action)
        observe_push(out, effect_json("anyAction", NULL, NULL, failed), failed);
    return out;
}

/* [n0, n1, ...] of count numbers. */
static json_t *numbers_json(const int8_t *signed_values, const uint8_t *values, int count, int *failed)
{
    json_t *out = observe_array(failed);
    for (int i = 0; i < count; i++)
        observe_push(out, json_integer(signed_values != NULL ? signed_values[i] : values[i]), failed);
    return out;
}

static json_t *temple_facts_json(int t, int *failed)
{
    const tzolk_temple_def *d = tzolk_temple(t);
    json_t *out = observe_object(failed), *goods = observe_array(failed);
    for (int k = 0; k < d->steps; k++)
        observe_push(goods, d->reward[k] < 0 ? json_null() : json_string(good_name(d->reward[k])), failed);
    observe_set(out, "temple", json_string(d->name), failed);
    observe_set(out, "start", json_integer(d->start), failed);
    observe_set(out, "vp", numbers_json(d->vp, NULL, d->steps, failed), failed);
    observe_set(out, "goods", goods, failed);
    observe_set(out, "premium", numbers_json(NULL, d->premium, 2, failed), failed);
    return out;
}

static const char *const tzolk_scoring_names[] = {"per_category", "built",         "corn_tiles", "wood_tiles",
                                                  "all_monuments", "tech3",        "tech_levels", "workers",
                                                  "temple_vp",    "high_temple",   "chi_skulls"};
static const int tzolk_scoring_params[] = {2, 1, 1, 1, 3, 3, 1, 4, 0, 1, 1}; /* parameters each kind uses */

static json_t *monument_facts_json(int m, int *failed)
{
    const tzolk_monument_def *d = tzolk_monument(m);
    json_t *out = observe_object(failed), *params = observe_array(failed);
    int first = d->scoring == TZOLK_MS_PERCAT; /* param[0] is the category */
    for (int k = first; k < tzolk_scoring_params[d->scoring]; k++)
        observe_push(params, json_integer(d->param[k]), failed);
    observe_set(out, "category", json_string(tzolk_board()->category[d->category]), failed);
    observe_set(out, "cost", numbers_json(NULL, d->cost, 4, failed), failed);
    observe_set(out, "scoring", d->scoring == TZOLK_MS_PERCAT ? json_string(tzolk_board()->category[d->param[0]])
                                                               : observe_name(NAMES(tzolk_scoring_names), d->scoring),
                failed);
    observe_set(out, "points", params, failed);
    return out;
}

static json_t *gears_facts_json(const tzolk_board_def *board, int *failed)
{
    json_t *out = observe_array(failed);
    for (int g = 0; g < TZOLK_GEARS; g++) {
        const tzolk_gear_def *d = &board->gear[g];
        json_t *gear = observe_object(failed);
        observe_set(gear, "gear", json_string(d->name), failed);
        observe_set(gear, "holes", json_integer(d->holes), failed);
        observe_set(gear, "last", json_integer(d->last), failed);
        observe_set(gear, "actions", json_integer(d->actions), failed);
        observe_push(out, gear, failed);
    }
    return out;
}

/* The gains of each action of a gear by number, [null, a1, a2, ...]. */
static json_t *actions_facts_json(const tzolk_board_def *board, int *failed)
{
    json_t *out = observe_object(failed), *pal = observe_array(failed), *yax = observe_array(failed),
           *uxm = observe_array(failed), *chi = observe_array(failed);
    observe_push(uxm, json_null(), failed);
    for (int q = 1; q <= board->gear[TZOLK_UXM].actions; q++) /* the corn UXM1 and UXM5 cost (Z11.1, Z11.5) */
        observe_push(uxm, json_pack("{s:i}", "pay_corn", q == 1 ? TZOLK_UXM1_CORN : q == 5 ? TZOLK_UXM5_CORN : 0),
                     failed);
    observe_push(pal, json_null(), failed);
    observe_push(yax, json_null(), failed);
    observe_push(chi, json_null(), failed);
    for (int q = 1; q <= board->gear[TZOLK_PAL].actions; q++) {
        json_t *a = observe_object(failed);
        observe_set(a, "corn", json_integer(board->harvest_corn[q]), failed);
        observe_set(a, "wood", json_integer(board->harvest_wood[q]), failed);
        observe_push(pal, a, failed);
    }
    for (int q = 1; q <= board->gear[TZOLK_YAX].actions; q++) {
        json_t *a = observe_object(failed);
        for (int g = 0; g < 5; g++)
            if (board->yax_gain[q][g])
                observe_set(a, good_name(g), json_integer(board->yax_gain[q][g]), failed);
        observe_push(yax, a, failed);
    }
    for (int q = 1; q <= TZOLK_SKULL_ACTIONS; q++) {
        json_t *a = observe_object(failed);
        observe_set(a, "vp", json_integer(board->skull[q].vp), failed);
        observe_set(a, "temple", json_string(tzolk_temple_name(board->skull[q].temple)), failed);
        observe_set(a, "resource", json_boolean(board->skull[q].resource), failed);
        observe_push(chi, a, failed);
    }
    observe_set(out, "PAL", pal, failed);
    observe_set(out, "UXM", uxm, failed);
    observe_set(out, "YAX", yax, failed);
    observe_set(out, "CHI", chi, failed);
    return out;
}

void observe_tzolkin_facts(json_t *out, int *failed)
{
    const tzolk_board_def *board = tzolk_board();
    json_t *calendar = observe_object(failed), *food = observe_array(failed), *temples = observe_array(failed),
           *tracks = observe_array(failed), *market = observe_object(failed), *buildings = observe_object(failed),
           *monuments = observe_object(failed), *wealth = observe_object(failed);
    observe_set(calendar, "teeth", json_integer(TZOLK_CALENDAR_TEETH), failed);
    for (int k = 0; k < TZOLK_FOOD_DAYS; k++) {
        json_t *day = observe_object(failed);
        observe_set(day, "tooth", json_integer(board->food_tooth[k]), failed);
        observe_set(day, "kind", json_string(board->food_mid[k] ? "goods" : "points"), failed);
        observe_push(food, day, failed);
    }
    observe_set(calendar, "food_days", food, failed);
    for (int t = 0; t < TZOLK_TEMPLES; t++)
        observe_push(temples, temple_facts_json(t, failed), failed);
    for (int x = 0; x < TZOLK_TRACKS; x++)
        observe_push(tracks, json_string(tzolk_track_name(x)), failed);
    for (int r = 0; r < 3; r++)
        observe_set(market, tzolk_resource_letter(r), json_integer(board->market[r]), failed);
    for (int b = 0; b < TZOLK_BUILDINGS; b++) {
        const tzolk_building_def *d = tzolk_building(b);
        json_t *building = observe_object(failed);
        observe_set(building, "age", json_integer(d->age), failed);
        observe_set(building, "category", json_string(board->category[d->category]), failed);
        observe_set(building, "cost", numbers_json(NULL, d->cost, 3, failed), failed);
        observe_set(building, "effects", effects_json(d->gain, d->temple, d->tech, d->feed, d->worker, d, failed),
                    failed);
        observe_set(buildings, d->id, building, failed);
    }
    for (int m = 0; m < TZOLK_MONUMENTS; m++)
        observe_set(monuments, tzolk_monument(m)->id, monument_facts_json(m, failed), failed);
    for (int w = 0; w < TZOLK_WEALTH; w++) {
        const tzolk_wealth_def *d = tzolk_wealth(w);
        json_t *tile = observe_object(failed);
        observe_set(tile, "position", json_sprintf("%s%d", tzolk_gear_name(d->gear), d->pos), failed);
        observe_set(tile, "effects", effects_json(d->gain, d->temple, d->tech, d->feed, d->worker, NULL, failed),
                    failed);
        observe_set(wealth, d->id, tile, failed);
    }
    observe_set(out, "calendar", calendar, failed);
    observe_set(out, "gears", gears_facts_json(board, failed), failed);
    observe_set(out, "actions", actions_facts_json(board, failed), failed);
    observe_set(out, "temples", temples, failed);
    observe_set(out, "tracks", tracks, failed);
    observe_set(out, "market", market, failed);
    observe_set(out, "buildings", buildings, failed);
    observe_set(out, "monuments", monuments, failed);
    observe_set(out, "wealth", wealth, failed);
    observe_set(out, "wealth_kept", json_integer(TZOLK_WEALTH_KEPT), failed);
}

void observe_tzolkin_action(json_t *entry, const void *before, int action, int *failed)
{
    const tzolk_state *s = before;
    if (action == TZOLK_A_PLACE_START) {
        observe_set(entry, "corn", json_integer(tzolk_place_cost(s, TZOLK_GEARS)), failed);
    } else if (action >= TZOLK_A_PLACE && action < TZOLK_A_PLACE + TZOLK_GEARS) {
        observe_set(entry, "position", json_integer(tzolk_lowest_free(s, action - TZOLK_A_PLACE)), failed);
        observe_set(entry, "corn", json_integer(tzolk_place_cost(s, action - TZOLK_A_PLACE)), failed);
    } else if (action >= TZOLK_A_PICK && action < TZOLK_A_BUILD) {
        int corn = tzolk_listed_cost(s, action); /* a step back to a lower action (Z6.1b) */
        if (corn > 0)
            observe_set(entry, "corn", json_integer(corn), failed);
    }
}
