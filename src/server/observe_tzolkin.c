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
 * for the browser (decks left, whether a food day is due).
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
static const char *const tzolk_gear_names[TZOLK_GEARS] = {"PAL", "YAX", "TIK", "UXM", "CHI"};
static const char *const tzolk_temple_names[TZOLK_TEMPLES] = {"CHAAC", "QUETZ", "KUKUL"};
static const char *const tzolk_track_names[TZOLK_TRACKS] = {"AGRI", "EXTR", "ARCH", "THEO"};
static const char *const tzolk_resource_names[3] = {"w", "s", "g"};

/* Z1.2: holes of each gear, and its highest labelled position (the holes
 * above it are the hidden positions, which have no text, Z23.1). */
static const int tzolk_gear_holes[TZOLK_GEARS] = {10, 10, 10, 10, 13};
static const int tzolk_gear_last_label[TZOLK_GEARS] = {7, 7, 7, 7, 10};

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

/* {"NAME": values[i], ...} for the names of a table. */
static json_t *named_numbers_json(const char *const *names, int count, const int *values, int *failed)
{
    json_t *out = observe_object(failed);
    for (int i = 0; i < count; i++)
        observe_set(out, names[i], json_integer(values[i]), failed);
    return out;
}

static json_t *gears_json(const tzolk_state *s, int *failed)
{
    json_t *out = observe_array(failed);
    for (int g = 0; g < TZOLK_GEARS; g++) {
        json_t *gear = observe_object(failed);
        observe_set(gear, "gear", json_string(tzolk_gear_names[g]), failed);
        json_t *positions = observe_array(failed);
        for (int p = 0; p < tzolk_gear_holes[g]; p++) {
            json_t *position = observe_object(failed);
            observe_set(position, "hole", json_integer(p), failed);
            observe_set(position, "position",
                        p <= tzolk_gear_last_label[g] ? json_sprintf("%s%d", tzolk_gear_names[g], p) : json_null(),
                        failed);
            observe_set(position, "piece", piece_json(s->gear[g][p]), failed);
            observe_push(positions, position, failed);
        }
        observe_set(gear, "positions", positions, failed);
        observe_push(out, gear, failed);
    }
    return out;
}

static json_t *jungle_json(const tzolk_state *s, int *failed)
{
    json_t *out = observe_array(failed);
    for (int k = 0; k < 4; k++) {
        json_t *group = observe_object(failed);
        observe_set(group, "group", json_sprintf("PAL%d", k + 2), failed);
        observe_set(group, "forest", json_integer(s->jungle[k][0]), failed);
        observe_set(group, "corn", json_integer(s->jungle[k][1]), failed);
        observe_set(group, "empty", json_integer(s->jungle[k][2]), failed);
        observe_push(out, group, failed);
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
        observe_set(frame, "kind", observe_name(NAMES(tzolk_frame_names), s->stack[i].kind), failed);
        observe_set(frame, "param", json_integer(s->stack[i].a), failed);
        observe_push(pending, frame, failed);
    }
    observe_set(out, "pending", pending, failed);
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
    for (int k = 0; k < 4; k++) {
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
    observe_set(out, "resources", named_numbers_json(NAMES(tzolk_resource_names), resources, failed), failed);
    observe_set(out, "skulls", json_integer(p->skulls), failed);
    observe_set(out, "workers", json_integer(p->workers), failed);
    observe_set(out, "hand", json_integer(p->hand), failed);
    observe_set(out, "temples", named_numbers_json(NAMES(tzolk_temple_names), temples, failed), failed);
    observe_set(out, "tech", named_numbers_json(NAMES(tzolk_track_names), tech, failed), failed);
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

void observe_tzolkin(json_t *out, const void *observation, int *failed)
{
    const tzolk_state *s = observation;
    observe_set(out, "variant", json_null(), failed);
    observe_set(out, "phase", observe_name(NAMES(tzolk_phase_names), s->phase), failed);
    observe_set(out, "actor", json_integer(s->actor), failed);
    observe_set(out, "start_player", json_integer(s->token), failed);
    observe_set(out, "turn_index", json_integer(s->turn_index), failed);
    json_t *calendar = observe_object(failed);
    observe_set(calendar, "teeth", json_integer(s->teeth), failed);
    observe_set(calendar, "food_days_held", json_integer(s->next_food), failed);
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
    for (int i = 0; i < s->players && i < GAME_MAX_PLAYERS; i++)
        observe_push(seats, seat_json(&s->player[i], revealed, failed), failed);
    observe_set(out, "seats", seats, failed);
}
