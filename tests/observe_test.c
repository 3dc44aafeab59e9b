/*
 * observe_test.c -- tests of observe_json (src/server/observe.h), the
 * observation as JSON that the server sends each seat and each spectator
 * (docs/observation.md). Seeded random games of both games (every player
 * count, both Tikal variants, random legal actions and chance outcomes
 * drawn with rng.h) check, for the spectator's (GAME_CHANCE) and every
 * seat's observation: the documented fields with their types; Tzolk'in's
 * wealth tiles hidden from everybody but their owner while they are secret
 * (tzolkin.md Z2.7, Z2.10, ZR22, Z23.8); no id of a tile the viewer may not
 * see anywhere in the text (future draws, other seats' secret tiles);
 * equal observations giving equal text and different ones different text
 * (json_dumps with JSON_SORT_KEYS), also after changing any one field; and
 * NULL for an unknown game or a malformed observation. The live updates'
 * patches (src/server/jpatch.h): between each viewer's successive
 * observations in random games, the patch applied to the one before gives
 * the one after exactly, and holds nothing the viewer may not see; a
 * patch that does not apply is refused with its reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include "rng.h"
#include "server/jpatch.h"
#include "server/observe.h"
#include "tikal/tikal.h"
#include "tzolkin/tzolkin.h"
#include "tzolkin_fixture.h"

/* ---- JSON helpers ------------------------------------------------------- */

/* JSON types a documented field may have (a set of them). */
enum { J_INT = 1, J_STR = 2, J_NULL = 4, J_BOOL = 8, J_ARR = 16, J_OBJ = 32 };

typedef struct field_spec {
    const char *key; /* field name */
    unsigned types;  /* J_* set of the types it may have */
} field_spec;

#define SPEC(table) table, sizeof(table) / sizeof((table)[0])

static unsigned json_kind(const json_t *value)
{
    switch (json_typeof(value)) {
    case JSON_INTEGER: return J_INT;
    case JSON_STRING: return J_STR;
    case JSON_NULL: return J_NULL;
    case JSON_TRUE:
    case JSON_FALSE: return J_BOOL;
    case JSON_ARRAY: return J_ARR;
    case JSON_OBJECT: return J_OBJ;
    default: return 0;
    }
}

/* object has exactly the fields of spec, each of a type spec allows. */
static void assert_shape(const json_t *object, const field_spec *spec, size_t count, const char *where)
{
    if (!json_is_object(object))
        fail_msg("%s is not an object", where);
    for (size_t i = 0; i < count; i++) {
        const json_t *value = json_object_get(object, spec[i].key);
        if (value == NULL)
            fail_msg("%s has no field \"%s\"", where, spec[i].key);
        if (!(json_kind(value) & spec[i].types))
            fail_msg("%s.%s has an undocumented type", where, spec[i].key);
    }
    if (json_object_size(object) != count)
        fail_msg("%s has %zu fields, docs/observation.md lists %zu", where, json_object_size(object), count);
}

/* object[key], an array of length items (any length if items < 0). */
static const json_t *array_field(const json_t *object, const char *key, int items, const char *where)
{
    const json_t *array = json_object_get(object, key);
    if (!json_is_array(array))
        fail_msg("%s.%s is not an array", where, key);
    if (items >= 0 && json_array_size(array) != (size_t)items)
        fail_msg("%s.%s has %zu items, not %d", where, key, json_array_size(array), items);
    return array;
}

static void assert_string_field(const json_t *object, const char *key, const char *expected)
{
    const char *got = json_string_value(json_object_get(object, key));
    if (got == NULL || strcmp(got, expected) != 0)
        fail_msg("field \"%s\" is \"%s\", not \"%s\"", key, got ? got : "(not a string)", expected);
}

static void assert_int_field(const json_t *object, const char *key, long long expected)
{
    const json_t *value = json_object_get(object, key);
    if (!json_is_integer(value) || json_integer_value(value) != expected)
        fail_msg("field \"%s\" is not %lld", key, expected);
}

/* The text the server would send for an observation: keys sorted. */
static char *observation_text(const game_def *game, const void *observation)
{
    json_t *json = observe_json(game, observation);
    if (json == NULL)
        fail_msg("observe_json gave NULL for a %s observation", game->name);
    char *text = json_dumps(json, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(json);
    assert_non_null(text);
    return text;
}

/* 1 if text holds the id as a JSON string ("W05", "B1-07", "A3"). */
static int names_id(const char *text, const char *id)
{
    char quoted[16];
    snprintf(quoted, sizeof quoted, "\"%s\"", id);
    return strstr(text, quoted) != NULL;
}

/* to_move as documented: the seat, "chance", or null once over. */
static void assert_to_move(const json_t *json, int player)
{
    const json_t *to_move = json_object_get(json, "to_move");
    if (player == GAME_CHANCE)
        assert_string_field(json, "to_move", "chance");
    else if (player == GAME_TERMINAL)
        assert_true(json_is_null(to_move));
    else
        assert_int_field(json, "to_move", player);
}

/* ---- Tikal: fields and ids ---------------------------------------------- */

static const field_spec tikal_top[] = {
    {"game", J_STR},          {"players", J_INT},          {"to_move", J_INT | J_STR | J_NULL},
    {"variant", J_STR},       {"phase", J_STR},            {"actor", J_INT | J_NULL},
    {"turn_kind", J_STR},     {"action_points", J_INT},    {"hand", J_OBJ | J_NULL},
    {"volcano_player", J_INT | J_NULL},                    {"scoring_turns_left", J_INT},
    {"dig_field", J_STR | J_NULL},                         {"last_placer", J_INT | J_NULL},
    {"tiles_placed", J_INT},  {"tokens_placed", J_INT},    {"final_order", J_ARR},
    {"final_next", J_INT},    {"level_supply", J_ARR},     {"stack", J_OBJ},
    {"auction", J_OBJ | J_NULL},                           {"seats", J_ARR},
    {"board", J_ARR},         {"routes", J_ARR},
};
static const field_spec tikal_card[] = {
    {"tile", J_STR}, {"group", J_STR}, {"kind", J_STR}, {"value", J_INT}, {"stones", J_ARR}, {"same_as", J_ARR},
};
static const field_spec tikal_route_spec[] = {{"figure", J_STR}, {"from", J_STR}, {"to", J_OBJ}};
static const field_spec tikal_stack[] = {{"out", J_ARR}, {"left", J_INT}, {"left_by_group", J_OBJ}};
static const field_spec tikal_auction[] = {
    {"display", J_ARR},      {"revealed", J_INT}, {"opener", J_INT},        {"high_bidder", J_INT | J_NULL},
    {"high_bid", J_INT},     {"passed", J_ARR},   {"first_passer", J_INT | J_NULL},
};
static const field_spec tikal_seat[] = {
    {"score", J_INT},         {"explorers_in_supply", J_INT}, {"leader_in_supply", J_BOOL},
    {"removed", J_INT},       {"camps_built", J_INT},         {"camps_left", J_INT},
    {"guards_placed", J_INT}, {"guards_left", J_INT},         {"marker_up", J_BOOL},
    {"treasures", J_OBJ},     {"treasure_points", J_INT},
};
static const field_spec tikal_field_spec[] = {
    {"field", J_STR},       {"kind", J_STR},      {"tile", J_STR | J_NULL}, {"rotation", J_INT},
    {"stones", J_ARR},      {"value", J_INT},     {"treasures", J_INT},     {"camp", J_INT | J_NULL},
    {"guard", J_INT | J_NULL},                    {"figures", J_ARR},       {"levels_this_turn", J_INT},
    {"digs_this_turn", J_INT},                    {"printed", J_INT},       {"levels", J_INT},
};
static const field_spec tikal_figures[] = {{"leader", J_BOOL}, {"explorers", J_INT}};
static const field_spec tikal_motifs[] = {
    {"1", J_INT}, {"2", J_INT}, {"3", J_INT}, {"4", J_INT}, {"5", J_INT}, {"6", J_INT}, {"7", J_INT}, {"8", J_INT},
};
static const field_spec tikal_groups[] = {
    {"A", J_INT}, {"B", J_INT}, {"C", J_INT}, {"D", J_INT}, {"E", J_INT}, {"F", J_INT}, {"G", J_INT},
};

static void check_tikal_card(const json_t *card)
{
    if (json_is_null(card))
        return;
    assert_shape(card, SPEC(tikal_card), "tile card");
    assert_true(tikal_tile_by_id(json_string_value(json_object_get(card, "tile"))) >= 0);
    array_field(card, "stones", 6, "tile card");
    array_field(card, "same_as", 6, "tile card");
}

/* The Tikal object has the fields of docs/observation.md, and they say
 * what the state s holds. */
static void check_tikal_json(const json_t *json, const void *state, int viewer)
{
    const tikal_state *s = state;
    (void)viewer; /* T5.4: the Tikal table is public */
    int players = s->players;
    assert_shape(json, SPEC(tikal_top), "tikal observation");
    assert_string_field(json, "game", "tikal");
    assert_int_field(json, "players", players);
    assert_string_field(json, "variant", s->auction ? "auction" : "basic");
    assert_to_move(json, tikal_current_player(s));
    assert_int_field(json, "tiles_placed", s->tiles_placed);
    check_tikal_card(json_object_get(json, "hand"));
    array_field(json, "final_order", players, "tikal");
    array_field(json, "level_supply", TIKAL_MAX_LEVEL + 1, "tikal");

    const json_t *stack = json_object_get(json, "stack");
    assert_shape(stack, SPEC(tikal_stack), "stack");
    assert_shape(json_object_get(stack, "left_by_group"), SPEC(tikal_groups), "stack.left_by_group");
    int out = 0;
    for (int t = 0; t < TIKAL_TILES; t++)
        out += (int)((s->stack_used >> t) & 1);
    array_field(stack, "out", out, "stack");
    assert_int_field(stack, "left", TIKAL_TILES - out);

    const json_t *auction = json_object_get(json, "auction");
    if (s->auction) {
        assert_shape(auction, SPEC(tikal_auction), "auction");
        const json_t *display = array_field(auction, "display", GAME_MAX_PLAYERS, "auction");
        for (size_t slot = 0; slot < json_array_size(display); slot++)
            check_tikal_card(json_array_get(display, slot));
        assert_int_field(auction, "high_bid", s->high_bid);
    } else
        assert_true(json_is_null(auction));

    const json_t *seats = array_field(json, "seats", players, "tikal");
    for (int p = 0; p < players; p++) {
        const json_t *seat = json_array_get(seats, (size_t)p);
        assert_shape(seat, SPEC(tikal_seat), "tikal seat");
        assert_shape(json_object_get(seat, "treasures"), SPEC(tikal_motifs), "seat.treasures");
        assert_int_field(seat, "score", s->player[p].score);
        assert_int_field(seat, "treasure_points", tikal_treasure_points(&s->player[p])); /* T18.3 */
    }

    const json_t *board = array_field(json, "board", TIKAL_FIELDS, "tikal");
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        const json_t *field = json_array_get(board, (size_t)f);
        char name[3];
        tikal_field_name(f, name);
        assert_shape(field, SPEC(tikal_field_spec), "board field");
        assert_string_field(field, "field", name);
        assert_int_field(field, "treasures", tikal_field_info(s, f).tokens);
        assert_int_field(field, "printed", tikal_printed_value(s, f));
        assert_int_field(field, "levels", tikal_levels_uncovered(s, f));
        array_field(field, "stones", 6, "board field");
        const json_t *figures = array_field(field, "figures", players, "board field");
        for (int p = 0; p < players; p++)
            assert_shape(json_array_get(figures, (size_t)p), SPEC(tikal_figures), "board field figures");
    }
    /* The actor's walks (their content: tikal_route_test), only while it spends AP. */
    const json_t *routes = array_field(json, "routes", -1, "tikal"), *route;
    size_t i;
    if (s->phase != TIKAL_PH_ACTIONS)
        assert_int_equal(json_array_size(routes), 0);
    json_array_foreach(routes, i, route) assert_shape(route, SPEC(tikal_route_spec), "route");
}

/* No tile still in the stack is named (its draw is in the future, and the
 * stack order is hidden, T5.4); every tile out of it is (T5.4: public). */
static void check_tikal_ids(const char *text, const void *state, int viewer)
{
    const tikal_state *s = state;
    (void)viewer;
    for (int t = 0; t < TIKAL_TILES; t++) {
        int out = (int)((s->stack_used >> t) & 1);
        if (names_id(text, tikal_tile(t)->id) != out)
            fail_msg("tile %s is %s the stack but %s in the JSON", tikal_tile(t)->id, out ? "out of" : "still in",
                     out ? "missing" : "named");
    }
}

/* ---- Tzolk'in: fields, secrets and ids ----------------------------------- */

static const field_spec tzolk_top[] = {
    {"game", J_STR},           {"players", J_INT},        {"to_move", J_INT | J_STR | J_NULL},
    {"variant", J_NULL},       {"phase", J_STR},          {"actor", J_INT},
    {"start_player", J_INT},   {"turn_index", J_INT},     {"calendar", J_OBJ},
    {"age", J_INT},            {"gears", J_ARR},          {"start_space", J_INT | J_NULL},
    {"pool", J_INT},           {"jungle", J_ARR},         {"skull_supply", J_INT},
    {"chi_skulls", J_ARR},     {"blockers", J_INT},       {"blocking_tiles", J_ARR},
    {"chance_left", J_INT},    {"setup_count", J_INT},    {"turn", J_OBJ},
    {"display", J_OBJ},        {"buildings_out", J_ARR},  {"monuments_revealed", J_ARR},
    {"decks_left", J_OBJ},     {"seats", J_ARR},
};
static const field_spec tzolk_calendar[] = {
    {"teeth", J_INT}, {"food_days_held", J_INT}, {"teeth_to_food_day", J_INT | J_NULL},
    {"food_day", J_BOOL}, {"last_round", J_BOOL},
};
static const field_spec tzolk_gear[] = {{"gear", J_STR}, {"positions", J_ARR}, {"lowest_free", J_INT | J_NULL}};
static const field_spec tzolk_position[] = {
    {"hole", J_INT}, {"position", J_STR | J_NULL}, {"piece", J_INT | J_STR | J_NULL},
};
static const field_spec tzolk_jungle[] = {{"group", J_STR}, {"forest", J_INT}, {"corn", J_INT}, {"empty", J_INT}};
static const field_spec tzolk_turn[] = {
    {"mode", J_STR},     {"placed", J_INT}, {"begged", J_BOOL},  {"built", J_BOOL},
    {"on_start", J_BOOL}, {"pity", J_BOOL}, {"pending", J_ARR}, {"costs", J_OBJ},
    {"pity_due", J_BOOL}, {"harvest", J_OBJ | J_NULL}, {"place_surcharge", J_INT | J_NULL},
};
static const field_spec tzolk_frame_spec[] = {{"kind", J_STR}, {"param", J_INT}};
static const field_spec tzolk_display[] = {{"buildings", J_ARR}, {"monuments", J_ARR}};
static const field_spec tzolk_decks[] = {{"1", J_INT}, {"2", J_INT}};
static const field_spec tzolk_seat[] = {
    {"vp", J_INT},          {"corn", J_INT},          {"resources", J_OBJ},     {"skulls", J_INT},
    {"workers", J_INT},     {"hand", J_INT},          {"temples", J_OBJ},       {"tech", J_OBJ},
    {"light", J_BOOL},      {"corn_tiles", J_INT},    {"wood_tiles", J_INT},    {"feed_free", J_INT},
    {"feed_discount", J_INT}, {"wealth", J_ARR},      {"has_kept", J_BOOL},     {"buildings", J_ARR},
    {"monuments", J_ARR},   {"monument_points", J_OBJ}, {"uxmal_costs", J_OBJ}, {"feeding", J_INT},
};
static const field_spec tzolk_resources[] = {{"w", J_INT}, {"s", J_INT}, {"g", J_INT}};
static const field_spec tzolk_temples[] = {{"CHAAC", J_INT}, {"QUETZ", J_INT}, {"KUKUL", J_INT}};
static const field_spec tzolk_tech[] = {{"AGRI", J_INT}, {"EXTR", J_INT}, {"ARCH", J_INT}, {"THEO", J_INT}};
static const field_spec tzolk_wealth_spec[] = {{"tile", J_STR | J_NULL}, {"kept", J_BOOL | J_NULL}};

static int everybody_kept(const tzolk_state *s)
{
    for (int i = 0; i < s->players; i++)
        if (!s->player[i].has_kept)
            return 0;
    return 1;
}

/* seat's wealth tile k as viewer may see it (Z23.8): the expected "tile"
 * (an id, or NULL for null) and "kept" (1 true, 0 false, -1 null). */
static void expected_wealth(const tzolk_state *s, int seat, int k, int viewer, const char **tile, int *kept)
{
    const tzolk_player *p = &s->player[seat];
    int dealt = p->dealt[k], chosen = (p->keep_mask >> k) & 1;
    const char *id = dealt == TZOLK_UNKNOWN ? NULL : tzolk_wealth(dealt)->id;
    if (seat == viewer) {
        /* The owner sees its own tiles and its own choice (Z2.7, Z2.10);
         * a slot not dealt yet is null, and not chosen. */
        *tile = id;
        *kept = chosen ? 1 : id != NULL ? 0 : -1;
    } else if (!everybody_kept(s)) {
        /* Z2.7: dealt face down, hidden from the others; Z2.10: kept
         * secretly until all have chosen; Z23.8: "deal K ?", "keep ? ?". */
        *tile = NULL;
        *kept = -1;
    } else if (chosen) {
        /* Z2.10: the kept tiles are revealed together once all chose. */
        *tile = id;
        *kept = 1;
    } else {
        /* ZR22, Z23.8: discarded tiles stay hidden for the whole game. */
        *tile = NULL;
        *kept = 0;
    }
}

static void check_tzolkin_wealth(const json_t *seat_json, const tzolk_state *s, int seat, int viewer)
{
    const json_t *wealth = array_field(seat_json, "wealth", 4, "tzolkin seat");
    for (int k = 0; k < 4; k++) {
        const json_t *item = json_array_get(wealth, (size_t)k);
        const json_t *tile = json_object_get(item, "tile"), *kept = json_object_get(item, "kept");
        const char *want_tile;
        int want_kept;
        assert_shape(item, SPEC(tzolk_wealth_spec), "wealth tile");
        expected_wealth(s, seat, k, viewer, &want_tile, &want_kept);
        if (want_tile == NULL && !json_is_null(tile))
            fail_msg("viewer %d sees seat %d's wealth tile %d (%s), which is hidden from it", viewer, seat, k,
                     json_string_value(tile));
        if (want_tile != NULL && (!json_is_string(tile) || strcmp(json_string_value(tile), want_tile) != 0))
            fail_msg("viewer %d does not see seat %d's wealth tile %d (%s)", viewer, seat, k, want_tile);
        if (want_kept < 0 ? !json_is_null(kept) : !json_is_boolean(kept) || json_is_true(kept) != want_kept)
            fail_msg("viewer %d: seat %d's wealth tile %d has kept %s, expected %s", viewer, seat, k,
                     json_is_null(kept) ? "null" : json_is_true(kept) ? "true" : "false",
                     want_kept < 0 ? "null" : want_kept ? "true" : "false");
    }
}

/* json[key] is the integer want (the engine's value), or absent if want < 0. */
static void assert_engine_value(const json_t *json, const char *key, int want, const char *where)
{
    const json_t *value = json_object_get(json, key);
    if (want < 0 ? value != NULL : !json_is_integer(value) || json_integer_value(value) != want)
        fail_msg("%s[%s] is not the engine's %d", where, key, want);
}

/* json[key] is the integer want (the engine's value), or null if want < 0. */
static void assert_engine_or_null(const json_t *json, const char *key, int want)
{
    const json_t *value = json_object_get(json, key);
    if (want < 0 ? !json_is_null(value) : !json_is_integer(value) || json_integer_value(value) != want)
        fail_msg("[%s] is not the engine's %d", key, want);
}

/* turn.costs holds exactly the legal place and pick lines with the costs
 * tzolk_place_cost and tzolk_pick_cost give (Z5.4, Z6.1), and the seats
 * the engine's monument points (Z19.3) and Uxmal prices (Z11.4). */
static void check_tzolkin_engine_values(const json_t *json, const tzolk_state *s)
{
    const json_t *costs = json_object_get(json_object_get(json, "turn"), "costs");
    size_t lines = 0;
    char text[32];
    for (int g = 0; g <= TZOLK_GEARS; g++) {
        int cost = tzolk_place_cost(s, g);
        assert_int_equal(tzolk_action_to_text(s, TZOLK_A_PLACE + g, text, sizeof text), 0);
        assert_engine_value(costs, text, cost, "turn.costs");
        lines += cost >= 0;
    }
    for (int g = 0; g < TZOLK_GEARS; g++)
        for (int p = 0; p <= tzolk_board()->gear[g].last; p++)
            for (int q = 0; q <= tzolk_board()->gear[g].actions; q++) {
                int cost = tzolk_pick_cost(s, g, p, q);
                assert_int_equal(tzolk_action_to_text(s, TZOLK_A_PICK + (g * 11 + p) * 10 + q, text, sizeof text), 0);
                assert_engine_value(costs, text, cost, "turn.costs");
                lines += cost >= 0;
            }
    assert_int_equal(json_object_size(costs), lines);
    assert_engine_or_null(json_object_get(json, "turn"), "place_surcharge", tzolk_place_surcharge(s)); /* Z5.4 */
    assert_engine_or_null(json_object_get(json, "calendar"), "teeth_to_food_day",
                          tzolk_teeth_to_food_day(s)); /* Z1.5 */
    for (int g = 0; g < TZOLK_GEARS; g++) /* Z5.2 */
        assert_engine_or_null(json_array_get(json_object_get(json, "gears"), (size_t)g), "lowest_free",
                              tzolk_lowest_free(s, g));
    const json_t *seats = json_object_get(json, "seats");
    for (int i = 0; i < s->players; i++) {
        const json_t *seat = json_array_get(seats, (size_t)i);
        assert_int_field(seat, "feeding", tzolk_feeding_cost(s, i)); /* Z14.2 */
        for (int m = 0; m < TZOLK_MONUMENTS; m++)
            assert_engine_value(json_object_get(seat, "monument_points"), tzolk_monument(m)->id,
                                s->player[i].monuments & (1u << m) ? tzolk_monument_points(s, i, m) : -1,
                                "monument_points");
        for (int b = 0; b < TZOLK_BUILDINGS; b++)
            assert_engine_value(json_object_get(seat, "uxmal_costs"), tzolk_building(b)->id,
                                s->display & (1u << b) ? tzolk_uxmal_cost(s, i, b) : -1, "uxmal_costs");
    }
}

/* The Tzolk'in object has the fields of docs/observation.md and shows s
 * as viewer may see it. */
static void check_tzolkin_json(const json_t *json, const void *state, int viewer)
{
    const tzolk_state *s = state;
    const tzolk_board_def *board = tzolk_board();
    assert_shape(json, SPEC(tzolk_top), "tzolkin observation");
    assert_string_field(json, "game", "tzolkin");
    assert_int_field(json, "players", s->players);
    assert_to_move(json, tzolk_current_player(s));
    assert_int_field(json, "start_player", s->token);
    assert_shape(json_object_get(json, "calendar"), SPEC(tzolk_calendar), "calendar");
    assert_shape(json_object_get(json, "display"), SPEC(tzolk_display), "display");
    assert_shape(json_object_get(json, "decks_left"), SPEC(tzolk_decks), "decks_left");

    const json_t *gears = array_field(json, "gears", TZOLK_GEARS, "tzolkin");
    for (int g = 0; g < TZOLK_GEARS; g++) {
        const json_t *gear = json_array_get(gears, (size_t)g);
        assert_shape(gear, SPEC(tzolk_gear), "gear");
        assert_string_field(gear, "gear", board->gear[g].name);
        const json_t *positions = array_field(gear, "positions", board->gear[g].holes, "gear");
        for (int p = 0; p < board->gear[g].holes; p++) {
            const json_t *position = json_array_get(positions, (size_t)p);
            char label[16];
            assert_shape(position, SPEC(tzolk_position), "gear position");
            assert_int_field(position, "hole", p);
            if (p <= board->gear[g].last) {
                snprintf(label, sizeof label, "%s%d", board->gear[g].name, p);
                assert_string_field(position, "position", label);
            } else /* a hidden position has no text (Z23.1) */
                assert_true(json_is_null(json_object_get(position, "position")));
        }
    }
    const json_t *jungle = array_field(json, "jungle", 4, "tzolkin");
    for (size_t k = 0; k < 4; k++)
        assert_shape(json_array_get(jungle, k), SPEC(tzolk_jungle), "jungle group");

    const json_t *turn = json_object_get(json, "turn");
    assert_shape(turn, SPEC(tzolk_turn), "turn");
    const json_t *pending = array_field(turn, "pending", s->sp, "turn");
    for (size_t i = 0; i < json_array_size(pending); i++)
        assert_shape(json_array_get(pending, i), SPEC(tzolk_frame_spec), "pending decision");

    const json_t *seats = array_field(json, "seats", s->players, "tzolkin");
    for (int i = 0; i < s->players; i++) {
        const json_t *seat = json_array_get(seats, (size_t)i);
        assert_shape(seat, SPEC(tzolk_seat), "tzolkin seat");
        assert_shape(json_object_get(seat, "resources"), SPEC(tzolk_resources), "seat.resources");
        assert_shape(json_object_get(seat, "temples"), SPEC(tzolk_temples), "seat.temples");
        assert_shape(json_object_get(seat, "tech"), SPEC(tzolk_tech), "seat.tech");
        assert_int_field(seat, "vp", s->player[i].vp);
        check_tzolkin_wealth(seat, s, i, viewer);
    }
    check_tzolkin_engine_values(json, s);
}

/* Bit w set: wealth tile w may be named in viewer's JSON. */
static uint32_t visible_wealth(const tzolk_state *s, int viewer)
{
    uint32_t visible = s->block_mask; /* Z2.9: each reveal is public */
    int revealed = everybody_kept(s);
    for (int i = 0; i < s->players; i++)
        for (int k = 0; k < 4; k++) {
            int w = s->player[i].dealt[k], kept = (s->player[i].keep_mask >> k) & 1;
            if (w != TZOLK_UNKNOWN && (i == viewer || (revealed && kept)))
                visible |= (uint32_t)1 << w;
        }
    return visible;
}

/* The text names every building, monument and wealth tile the viewer has
 * seen, and no other: not the buildings still in their decks nor the
 * monuments never revealed (future draws, Z2.6), not the wealth tiles of
 * other seats while secret or discarded, nor the undealt ones (Z23.8). */
static void check_tzolkin_ids(const char *text, const void *state, int viewer)
{
    const tzolk_state *s = state;
    uint32_t wealth = visible_wealth(s, viewer);
    for (int w = 0; w < TZOLK_WEALTH; w++)
        if (names_id(text, tzolk_wealth(w)->id) != (int)((wealth >> w) & 1))
            fail_msg("viewer %d: wealth tile %s is %s", viewer, tzolk_wealth(w)->id,
                     (wealth >> w) & 1 ? "visible but missing" : "hidden but named");
    for (int b = 0; b < TZOLK_BUILDINGS; b++)
        if (names_id(text, tzolk_building(b)->id) != (int)((s->revealed >> b) & 1))
            fail_msg("building %s is %s", tzolk_building(b)->id,
                     (s->revealed >> b) & 1 ? "out of its deck but missing" : "in its deck but named");
    for (int m = 0; m < TZOLK_MONUMENTS; m++)
        if (names_id(text, tzolk_monument(m)->id) != (int)((s->mon_revealed >> m) & 1))
            fail_msg("monument %s is %s", tzolk_monument(m)->id,
                     (s->mon_revealed >> m) & 1 ? "revealed but missing" : "unrevealed but named");
}

/* ---- changing one field of an observation -------------------------------- */

/* One bit of one field of a state: the field's bytes and which bit. */
typedef struct member {
    size_t offset; /* first byte of the field in the state */
    size_t size;   /* its size: 1, 2, 4 or 8 bytes */
    int bit;       /* the bit of its value to change */
} member;

enum { MEMBERS_MAX = 4096 };

typedef struct member_list {
    member item[MEMBERS_MAX]; /* the fields the JSON must show */
    int count;                /* items used */
} member_list;

static void add_bits(member_list *list, size_t offset, size_t size, int first, int last)
{
    for (int bit = first; bit <= last; bit++) {
        assert_true(list->count < MEMBERS_MAX);
        list->item[list->count++] = (member){offset, size, bit};
    }
}

static void add_array(member_list *list, size_t offset, size_t size, int count)
{
    for (int i = 0; i < count; i++)
        add_bits(list, offset + (size_t)i * size, size, 0, 0);
}

/* A field (bit 0 of its value), an array's first count items, a mask's
 * bits first..last; base is the offset of the struct that holds it. */
#define SCALAR(list, base, type, name) add_bits(list, (base) + offsetof(type, name), sizeof(((type *)0)->name), 0, 0)
#define ITEMS(list, base, type, name, count) \
    add_array(list, (base) + offsetof(type, name), sizeof(((type *)0)->name[0]), count)
#define MASK(list, base, type, name, first, last) \
    add_bits(list, (base) + offsetof(type, name), sizeof(((type *)0)->name), first, last)

/* The byte and bit where a struct of size bytes (object) has its one set
 * bit, base added: where a bitfield's bit lives, which offsetof cannot
 * name. */
static void add_set_bit(member_list *list, size_t base, const void *object, size_t size)
{
    const unsigned char *byte = object;
    for (size_t i = 0; i < size; i++)
        if (byte[i] != 0) {
            int bit = __builtin_ctz(byte[i]);
            add_bits(list, base + i, 1, bit, bit);
            return;
        }
    fail_msg("test bug: no bit set");
}

/* Bits first..last of a bitfield's value, found by setting each in a
 * zeroed struct. */
#define BITFIELD(list, base, type, name, first, last)                      \
    for (int bit_ = (first); bit_ <= (last); bit_++) {                     \
        type one_;                                                         \
        memset(&one_, 0, sizeof one_);                                     \
        one_.name = 1u << bit_;                                            \
        add_set_bit(list, base, &one_, sizeof one_);                       \
    }

/* Every field of a Tikal observation that is part of the position; not
 * players (it sizes everything), not the slots of absent seats, and not
 * the auction's fields in the basic game (they keep their initial values). */
static void tikal_members(const void *observation, member_list *list)
{
    const tikal_state *s = observation;
    int n = s->players;
    list->count = 0;
    SCALAR(list, 0, tikal_state, auction);
    SCALAR(list, 0, tikal_state, phase);
    SCALAR(list, 0, tikal_state, turn_kind);
    SCALAR(list, 0, tikal_state, actor);
    SCALAR(list, 0, tikal_state, ap);
    SCALAR(list, 0, tikal_state, hand);
    SCALAR(list, 0, tikal_state, volcano_player);
    SCALAR(list, 0, tikal_state, scoring_turns_left);
    SCALAR(list, 0, tikal_state, dig_field);
    SCALAR(list, 0, tikal_state, last_placer);
    SCALAR(list, 0, tikal_state, tiles_placed);
    SCALAR(list, 0, tikal_state, tokens_placed);
    ITEMS(list, 0, tikal_state, final_order, n);
    SCALAR(list, 0, tikal_state, final_next);
    ITEMS(list, 0, tikal_state, level_supply, TIKAL_MAX_LEVEL + 1);
    MASK(list, 0, tikal_state, stack_used, 0, TIKAL_TILES - 1);
    if (s->auction) {
        ITEMS(list, 0, tikal_state, display, GAME_MAX_PLAYERS);
        SCALAR(list, 0, tikal_state, display_count);
        SCALAR(list, 0, tikal_state, opener);
        SCALAR(list, 0, tikal_state, high_bidder);
        SCALAR(list, 0, tikal_state, high_bid);
        MASK(list, 0, tikal_state, passed, 0, n - 1);
        SCALAR(list, 0, tikal_state, first_passer);
    }
    /* A seat: its score and every bit of the word after it (supply, camps,
     * guards, removed figures, marker, treasures: tikal_player). */
    assert_int_equal(sizeof(tikal_player), 2 * sizeof(int32_t));
    for (int p = 0; p < n; p++) {
        size_t base = offsetof(tikal_state, player) + (size_t)p * sizeof(tikal_player);
        SCALAR(list, base, tikal_player, score);
        add_bits(list, base + sizeof(int32_t), sizeof(uint32_t), 0, 31);
    }
    /* Each leader moved to another field. */
    for (int p = 0; p < n; p++)
        for (int bit = 0; bit < 8; bit++) {
            int moved = s->leader[p] ^ (1 << bit);
            if (moved >= 0 && moved < TIKAL_FIELDS)
                add_bits(list, offsetof(tikal_state, leader) + (size_t)p, 1, bit, bit);
        }
    /* One field per column, every row once: one function writes them all.
     * Its piece turned into another tile or rotation; in its square word the
     * seats' explorers, guard and camp, and on a temple or a treasure field
     * its value or tokens and what was done there this turn. */
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        size_t square = offsetof(tikal_state, square) + (size_t)f * sizeof(uint32_t);
        int kind = tikal_field_kind(s, f);
        if (f % TIKAL_ROWS != (f / TIKAL_ROWS) % TIKAL_ROWS)
            continue;
        for (int bit = 0; bit < 8; bit++)
            if ((s->piece[f] ^ (1 << bit)) < TIKAL_PIECE_PRINTED)
                add_bits(list, offsetof(tikal_state, piece) + (size_t)f, 1, bit, bit);
        add_bits(list, square, sizeof(uint32_t), 0, TIKAL_SQ_EXPLORER_BITS * n - 1);
        add_bits(list, square, sizeof(uint32_t), TIKAL_SQ_GUARD_SHIFT, TIKAL_SQ_ACTED_SHIFT - 1);
        if (kind == TIKAL_TEMPLE || kind == TIKAL_TREASURE) {
            add_bits(list, square, sizeof(uint32_t), TIKAL_SQ_HELD_SHIFT, TIKAL_SQ_GUARD_SHIFT - 1);
            add_bits(list, square, sizeof(uint32_t), TIKAL_SQ_ACTED_SHIFT, 31);
        }
    }
}

/* Every field of a Tzolk'in observation that is part of the position; not
 * players, the pad fields, the slots of absent seats, the holes a gear
 * does not have, nor the decision stack at and above sp (leftovers of
 * decisions already taken). */
static void tzolkin_members(const void *observation, member_list *list)
{
    const tzolk_state *s = observation;
    list->count = 0;
    SCALAR(list, 0, tzolk_state, phase);
    SCALAR(list, 0, tzolk_state, actor);
    SCALAR(list, 0, tzolk_state, token);
    SCALAR(list, 0, tzolk_state, turn_index);
    SCALAR(list, 0, tzolk_state, teeth);
    SCALAR(list, 0, tzolk_state, next_food);
    SCALAR(list, 0, tzolk_state, age);
    /* each hole: its piece's bit, or when it is empty each seat's and the
     * blocking markers' (the other bits of a taken hole name no position) */
    for (int g = 0; g < TZOLK_GEARS; g++)
        for (int h = 0; h < tzolk_board()->gear[g].holes; h++)
            for (int who = 0; who < TZOLK_PIECE_KINDS; who++) {
                int piece = tzolk_piece(s, g, h);
                if ((who < s->players || who == TZOLK_BLOCKER) && (piece == TZOLK_NOBODY || piece == who))
                    add_bits(list,
                             offsetof(tzolk_state, on_gear) + (size_t)(g * TZOLK_PIECE_KINDS + who) * sizeof(uint16_t),
                             sizeof(uint16_t), h, h);
            }
    SCALAR(list, 0, tzolk_state, start_space);
    add_array(list, offsetof(tzolk_state, jungle), 1, 4 * 3);
    SCALAR(list, 0, tzolk_state, skull_supply);
    SCALAR(list, 0, tzolk_state, blockers);
    SCALAR(list, 0, tzolk_state, chance_left);
    SCALAR(list, 0, tzolk_state, setup_count);
    BITFIELD(list, 0, tzolk_state, last_round, 0, 0);
    SCALAR(list, 0, tzolk_state, mode);
    SCALAR(list, 0, tzolk_state, placed);
    BITFIELD(list, 0, tzolk_state, begged, 0, 0);
    BITFIELD(list, 0, tzolk_state, built, 0, 0);
    BITFIELD(list, 0, tzolk_state, on_start, 0, 0);
    BITFIELD(list, 0, tzolk_state, pity, 0, 0);
    SCALAR(list, 0, tzolk_state, sp);
    MASK(list, 0, tzolk_state, chi_slots, 0, 15);
    MASK(list, 0, tzolk_state, mon_display, 0, TZOLK_MONUMENTS - 1);
    MASK(list, 0, tzolk_state, mon_revealed, 0, TZOLK_MONUMENTS - 1);
    SCALAR(list, 0, tzolk_state, pool);
    MASK(list, 0, tzolk_state, display, 0, TZOLK_BUILDINGS - 1);
    MASK(list, 0, tzolk_state, revealed, 0, TZOLK_BUILDINGS - 1);
    MASK(list, 0, tzolk_state, block_mask, 0, TZOLK_WEALTH - 1);
    for (int i = 0; i < s->sp && i < TZOLK_STACK; i++) {
        size_t base = offsetof(tzolk_state, stack) + (size_t)i * sizeof(tzolk_frame);
        add_bits(list, base, 1, 0, 0);                                         /* the kind's lowest bit */
        add_bits(list, base, 1, TZOLK_FRAME_KIND_BITS, TZOLK_FRAME_KIND_BITS); /* the parameter's */
    }
    for (int p = 0; p < s->players; p++) {
        size_t base = offsetof(tzolk_state, player) + (size_t)p * sizeof(tzolk_player);
        SCALAR(list, base, tzolk_player, vp);
        SCALAR(list, base, tzolk_player, corn);
        ITEMS(list, base, tzolk_player, res, 3);
        BITFIELD(list, base, tzolk_player, skulls, 0, 0);
        BITFIELD(list, base, tzolk_player, workers, 0, 0);
        SCALAR(list, base, tzolk_player, hand);
        ITEMS(list, base, tzolk_player, temple, TZOLK_TEMPLES);
        ITEMS(list, base, tzolk_player, tech, TZOLK_TRACKS);
        BITFIELD(list, base, tzolk_player, light, 0, 0);
        BITFIELD(list, base, tzolk_player, corn_tiles, 0, 0);
        BITFIELD(list, base, tzolk_player, wood_tiles, 0, 0);
        BITFIELD(list, base, tzolk_player, feed_free, 0, 0);
        BITFIELD(list, base, tzolk_player, feed_disc, 0, 0);
        ITEMS(list, base, tzolk_player, dealt, 4);
        BITFIELD(list, base, tzolk_player, keep_mask, 0, 3);
        BITFIELD(list, base, tzolk_player, has_kept, 0, 0);
        MASK(list, base, tzolk_player, monuments, 0, TZOLK_MONUMENTS - 1);
        MASK(list, base, tzolk_player, buildings, 0, TZOLK_BUILDINGS - 1);
    }
}

static void flip_bit(unsigned char *state, const member *m)
{
    unsigned char *at = state + m->offset;
    switch (m->size) {
    case 1: {
        uint8_t v;
        memcpy(&v, at, 1);
        v ^= (uint8_t)(1u << m->bit);
        memcpy(at, &v, 1);
        break;
    }
    case 2: {
        uint16_t v;
        memcpy(&v, at, 2);
        v ^= (uint16_t)(1u << m->bit);
        memcpy(at, &v, 2);
        break;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, at, 4);
        v ^= (uint32_t)1 << m->bit;
        memcpy(at, &v, 4);
        break;
    }
    case 8: {
        uint64_t v;
        memcpy(&v, at, 8);
        v ^= (uint64_t)1 << m->bit;
        memcpy(at, &v, 8);
        break;
    }
    default: fail_msg("test bug: a field of %zu bytes", m->size);
    }
}

/* ---- what these tests know of each game --------------------------------- */

/* The entries of Tzolk'in's decision stack at and above sp are zero: the
 * engine clears a decision's entry when it is taken (game.h: unused slots
 * stay zeroed), so equal positions are equal bytes. */
static void tzolkin_no_leftovers(const void *observation)
{
    const tzolk_state *s = observation;
    for (int i = s->sp; i < TZOLK_STACK; i++)
        assert_int_equal(s->stack[i], 0);
}

/* The patch from a viewer's observation last to now names no wealth tile
 * the viewer may not see in state (Z23.8). */
static void tzolkin_patch_hides(const json_t *last, const json_t *now, const void *state, int viewer)
{
    json_t *patch = jpatch_diff(last, now);
    char *text = json_dumps(patch, JSON_COMPACT);
    uint32_t visible = visible_wealth(state, viewer);
    for (int w = 0; w < TZOLK_WEALTH; w++)
        if (!((visible >> w) & 1) && names_id(text, tzolk_wealth(w)->id))
            fail_msg("viewer %d: a patch names the hidden wealth tile %s (Z23.8)", viewer, tzolk_wealth(w)->id);
    free(text);
    json_decref(patch);
}

/* The starting-wealth tiles are still being dealt or kept (Z2.7, Z2.10). */
static int tzolkin_dealing(const void *state)
{
    return !everybody_kept(state);
}

/* Seat 1 is choosing its secret wealth tiles: a change of its view must
 * show in its own text only. */
static int tzolkin_secret_choice(const void *state)
{
    const tzolk_state *z = state;
    return z->phase == TZOLK_PH_KEEP && z->actor == 1;
}

/* One entry a game, found by its game_def (src/games.c), never by its name:
 * how its observation is checked beyond what game.h says. */
typedef struct game_checks {
    const game_def *game;                                            /* the engine */
    void (*json)(const json_t *json, const void *state, int viewer); /* the documented fields against state */
    void (*ids)(const char *text, const void *state, int viewer);    /* no id the viewer may not see */
    void (*members)(const void *observation, member_list *list);     /* every field of an observation */
    int public_table;                                                /* every seat sees what a spectator sees */
    void (*unused_zero)(const void *observation);                    /* unused slots are zero; NULL: none */
    void (*patch_hides)(const json_t *last, const json_t *now, const void *state,
                        int viewer); /* NULL: nothing hidden */
    int (*dealing)(const void *state);       /* secret choices under way: check every state; NULL: none */
    int (*secret_choice)(const void *state); /* seat 1 makes a secret choice now; NULL: never */
} game_checks;

static const game_checks checks_by_game[] = {
    {&tikal_game, check_tikal_json, check_tikal_ids, tikal_members, 1, NULL, NULL, NULL, NULL},
    {&tzolkin_game, check_tzolkin_json, check_tzolkin_ids, tzolkin_members, 0, tzolkin_no_leftovers,
     tzolkin_patch_hides, tzolkin_dealing, tzolkin_secret_choice},
};

static const game_checks *checks_of(const game_def *game)
{
    for (size_t i = 0; i < sizeof checks_by_game / sizeof checks_by_game[0]; i++)
        if (checks_by_game[i].game == game)
            return &checks_by_game[i];
    fail_msg("no checks for the game %s", game->name);
    return NULL;
}

/* Changing any one field of the observation changes its text. */
static void assert_every_field_shows(const game_def *game, const void *observation, const char *text)
{
    member_list *list = malloc(sizeof *list);
    unsigned char *changed = malloc(game->state_size);
    assert_non_null(list);
    assert_non_null(changed);
    checks_of(game)->members(observation, list);
    for (int i = 0; i < list->count; i++) {
        memcpy(changed, observation, game->state_size);
        flip_bit(changed, &list->item[i]);
        char *other = observation_text(game, changed);
        if (strcmp(other, text) == 0)
            fail_msg("%s: changing bit %d of the field at byte %zu leaves the JSON unchanged", game->name,
                     list->item[i].bit, list->item[i].offset);
        free(other);
    }
    free(changed);
    free(list);
}

/* ---- observations seen in the random games ------------------------------- */

typedef struct seen {
    size_t size;                /* bytes of the observation */
    unsigned char *observation; /* the observation */
    char *text;                 /* its JSON text, keys sorted */
} seen;

typedef struct seen_list {
    seen *item;      /* observations in the order seen */
    size_t count;    /* items used */
    size_t capacity; /* items allocated */
} seen_list;

static void remember(seen_list *list, const game_def *game, const void *observation, const char *text)
{
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? 2 * list->capacity : 256;
        list->item = realloc(list->item, list->capacity * sizeof *list->item);
        assert_non_null(list->item);
    }
    seen *item = &list->item[list->count++];
    item->size = game->state_size;
    item->observation = malloc(game->state_size);
    item->text = strdup(text);
    assert_non_null(item->observation);
    assert_non_null(item->text);
    memcpy(item->observation, observation, game->state_size);
    if (checks_of(game)->unused_zero != NULL)
        checks_of(game)->unused_zero(item->observation);
}

static int by_text(const void *a, const void *b)
{
    return strcmp(((const seen *)a)->text, ((const seen *)b)->text);
}

static int by_observation(const void *a, const void *b)
{
    const seen *x = a, *y = b;
    return memcmp(x->observation, y->observation, x->size);
}

/* Among everything seen: equal observations have equal text, and equal
 * text comes only from equal observations. */
static void assert_text_iff_observation(seen_list *list, const char *game)
{
    qsort(list->item, list->count, sizeof *list->item, by_observation);
    for (size_t i = 1; i < list->count; i++)
        if (by_observation(&list->item[i - 1], &list->item[i]) == 0 &&
            strcmp(list->item[i - 1].text, list->item[i].text) != 0)
            fail_msg("%s: one observation, two JSON texts", game);
    qsort(list->item, list->count, sizeof *list->item, by_text);
    for (size_t i = 1; i < list->count; i++)
        if (by_text(&list->item[i - 1], &list->item[i]) == 0 &&
            by_observation(&list->item[i - 1], &list->item[i]) != 0)
            fail_msg("%s: two different observations give the same JSON text", game);
}

static void forget_all(seen_list *list)
{
    for (size_t i = 0; i < list->count; i++) {
        free(list->item[i].observation);
        free(list->item[i].text);
    }
    free(list->item);
    *list = (seen_list){NULL, 0, 0};
}

/* ---- random games ------------------------------------------------------- */

/* One game's buffers for a random playout. */
typedef struct playout {
    const game_def *game; /* the engine */
    void *state;          /* the full state */
    void *observation;    /* one viewer's observation of it */
    int *actions;         /* legal actions or chance outcomes */
    double *probability;  /* the chance outcomes' probabilities */
    rng random;           /* the seeded generator of actions and chance */
} playout;

static void playout_open(playout *p, const game_def *game, int players, int variant, uint64_t seed)
{
    game_options options = {players, variant};
    p->game = game;
    p->state = calloc(1, game->state_size);
    p->observation = calloc(1, game->state_size);
    p->actions = malloc(sizeof(int) * (size_t)game->max_legal);
    p->probability = malloc(sizeof(double) * (size_t)game->max_legal);
    assert_non_null(p->state);
    assert_non_null(p->observation);
    assert_non_null(p->actions);
    assert_non_null(p->probability);
    assert_int_equal(game->init(p->state, &options, NULL, 0), GAME_OK);
    rng_seed(&p->random, seed);
}

static void playout_close(playout *p)
{
    free(p->state);
    free(p->observation);
    free(p->actions);
    free(p->probability);
}

/* Apply a random legal action, or a chance outcome drawn with its
 * probability. */
static void playout_step(playout *p)
{
    const game_def *game = p->game;
    int chosen;
    if (game->current_player(p->state) == GAME_CHANCE) {
        int n = game->chance_outcomes(p->state, p->actions, p->probability);
        double u = rng_unit(&p->random), sum = 0;
        assert_true(n > 0);
        chosen = p->actions[n - 1];
        for (int i = 0; i < n; i++) {
            sum += p->probability[i];
            if (u < sum) {
                chosen = p->actions[i];
                break;
            }
        }
    } else {
        int n = game->legal_actions(p->state, p->actions);
        assert_true(n > 0);
        chosen = p->actions[rng_below(&p->random, (uint64_t)n)];
    }
    assert_int_equal(game->apply(p->state, chosen, NULL, 0), GAME_OK);
}

enum { NOBODY_CHANGES = -3 }; /* no viewer for check_views' field changes */

/* Check the JSON of every viewer's observation of the current state; for
 * the viewer changing_viewer, also change each field of its observation. */
static void check_views(playout *p, seen_list *seen_so_far, int changing_viewer)
{
    const game_def *game = p->game;
    int players = game->players(p->state);
    const game_checks *checks = checks_of(game);
    char *spectator_text = NULL;
    for (int viewer = GAME_CHANCE; viewer < players; viewer++) {
        game->observation(p->state, viewer, p->observation);
        json_t *json = observe_json(game, p->observation);
        assert_non_null(json);
        checks->json(json, p->state, viewer);
        char *text = json_dumps(json, JSON_SORT_KEYS | JSON_COMPACT);
        assert_non_null(text);
        json_decref(json);
        checks->ids(text, p->state, viewer);
        if (checks->public_table) { /* e.g. T5.4: everything on the Tikal table is public */
            if (viewer == GAME_CHANCE)
                spectator_text = strdup(text);
            else
                assert_string_equal(text, spectator_text);
        }
        remember(seen_so_far, game, p->observation, text);
        if (viewer == changing_viewer)
            assert_every_field_shows(game, p->observation, text);
        free(text);
    }
    free(spectator_text);
}

/* Play seeded random games of game for each player count (and variant)
 * and check the views of one state in stride, and of every state while
 * Tzolk'in's wealth tiles are still being dealt or chosen. Each field is
 * changed in the spectator's view of the final state of the games with
 * the most players (with fewer, the same code writes fewer seats), and in
 * Tzolk'in also in seat 1's view while seat 0's choice is secret. */
static void random_games(const game_def *game, int variants, int stride)
{
    seen_list seen_so_far = {NULL, 0, 0};
    const game_checks *checks = checks_of(game);
    for (int players = game->min_players; players <= game->max_players; players++)
        for (int variant = 0; variant < variants; variant++) {
            playout p;
            int secret_changed = 0;
            playout_open(&p, game, players, variant, 1000u * (uint64_t)players + (uint64_t)variant);
            for (int step = 0; step < game->max_game_length && game->current_player(p.state) != GAME_TERMINAL;
                 step++) {
                int setup = checks->dealing != NULL && checks->dealing(p.state);
                int change = checks->secret_choice != NULL && players == game->max_players && !secret_changed &&
                             checks->secret_choice(p.state);
                if (setup || change || step % stride == 0)
                    check_views(&p, &seen_so_far, change ? 1 : NOBODY_CHANGES);
                secret_changed |= change;
                playout_step(&p);
            }
            assert_int_equal(game->current_player(p.state), GAME_TERMINAL);
            if (checks->secret_choice != NULL && players == game->max_players)
                assert_true(secret_changed);
            check_views(&p, &seen_so_far, players == game->max_players ? GAME_CHANCE : NOBODY_CHANGES);
            playout_close(&p);
        }
    assert_text_iff_observation(&seen_so_far, game->name);
    forget_all(&seen_so_far);
}

static void tikal_random_views(void **unused)
{
    (void)unused;
    random_games(&tikal_game, 2, 10);
}

static void tzolkin_random_views(void **unused)
{
    (void)unused;
    random_games(&tzolkin_game, 1, 4);
}

/* ---- live updates: patches between successive observations -------------- */

/* The value at a JSON Pointer path (RFC 6901) of doc, or NULL. */
static const json_t *pointer_get(const json_t *doc, const char *path)
{
    char token[256];

    while (doc != NULL && *path == '/') {
        size_t n = 0;
        for (path++; *path != '\0' && *path != '/'; path++) {
            assert_true(n + 1 < sizeof token);
            token[n++] = *path == '~' ? (*++path == '1' ? '/' : '~') : *path;
        }
        token[n] = '\0';
        doc = json_is_array(doc) ? json_array_get(doc, strtoul(token, NULL, 10)) : json_object_get(doc, token);
    }
    return doc;
}

/* The patch from before to after (one viewer's observations of successive
 * states) applies to before and gives after exactly, and every value it
 * holds is after's at its path: a patch tells a viewer nothing that its
 * own view does not (the two views are of the same viewer). */
static void check_patch(const json_t *before, const json_t *after)
{
    char why[256];
    json_t *patch = jpatch_diff(before, after), *applied;
    size_t k;
    json_t *op;

    assert_non_null(patch);
    applied = jpatch_apply(before, patch, why, sizeof why);
    if (applied == NULL)
        fail_msg("the patch does not apply: %s", why);
    assert_true(json_equal(applied, (json_t *)after));
    json_array_foreach(patch, k, op) {
        const json_t *value = json_object_get(op, "value");
        const char *path = json_string_value(json_object_get(op, "path"));
        assert_non_null(path);
        if (value != NULL)
            assert_true(json_equal((json_t *)value, (json_t *)pointer_get(after, path)));
        else
            assert_null(pointer_get(after, path)); /* removed */
    }
    json_decref(applied);
    json_decref(patch);
}

/* Play a seeded random game of game for each player count and variant;
 * after every action, check the patch of every viewer's observation, and
 * (Tzolk'in) that the patch names no wealth tile the viewer may not see. */
static void random_patches(const game_def *game, int variants)
{
    for (int players = game->min_players; players <= game->max_players; players++)
        for (int variant = 0; variant < variants; variant++) {
            json_t *before[GAME_MAX_PLAYERS + 1] = {NULL};
            playout p;
            playout_open(&p, game, players, variant, 7000u * (uint64_t)players + (uint64_t)variant);
            for (int step = 0; step <= game->max_game_length; step++) {
                for (int viewer = GAME_CHANCE; viewer < players; viewer++) {
                    json_t **last = &before[viewer - GAME_CHANCE];
                    game->observation(p.state, viewer, p.observation);
                    json_t *now = observe_json(game, p.observation);
                    assert_non_null(now);
                    if (*last != NULL)
                        check_patch(*last, now);
                    if (*last != NULL && checks_of(game)->patch_hides != NULL)
                        checks_of(game)->patch_hides(*last, now, p.state, viewer);
                    json_decref(*last);
                    *last = now;
                }
                if (game->current_player(p.state) == GAME_TERMINAL)
                    break;
                playout_step(&p);
            }
            assert_int_equal(game->current_player(p.state), GAME_TERMINAL);
            for (int i = 0; i <= GAME_MAX_PLAYERS; i++)
                json_decref(before[i]);
            playout_close(&p);
        }
}

static void tikal_random_patches(void **unused)
{
    (void)unused;
    random_patches(&tikal_game, 2);
}

static void tzolkin_random_patches(void **unused)
{
    (void)unused;
    random_patches(&tzolkin_game, 1);
}

/* A patch that does not apply is refused with its reason, and the
 * document is left as it was; the patch made between two documents
 * escapes "~" and "/" in keys and replaces an array whose length changed. */
static void patches_refused_and_escaped(void **unused)
{
    (void)unused;
    static const char *const bad[] = {
        "{}",                                                 /* not an array */
        "[{\"op\": \"move\", \"path\": \"/a\", \"from\": \"/b\"}]", /* not an operation of the subset */
        "[{\"op\": \"replace\", \"path\": \"/nothing\", \"value\": 1}]",
        "[{\"op\": \"replace\", \"path\": \"/list/3\", \"value\": 1}]",
        "[{\"op\": \"add\", \"path\": \"/list/4\", \"value\": 1}]",
        "[{\"op\": \"remove\", \"path\": \"/list/01\"}]",
        "[{\"op\": \"remove\", \"path\": \"\"}]",
        "[{\"op\": \"replace\", \"path\": \"/a~2\", \"value\": 1}]",
        "[{\"op\": \"replace\", \"path\": \"a\", \"value\": 1}]",
        "[{\"op\": \"replace\", \"path\": \"/a\"}]",
        "[{\"op\": \"replace\", \"path\": \"/a\", \"value\": 2}, {\"op\": \"remove\", \"path\": \"/x/y\"}]",
    };
    json_t *doc = json_loads("{\"a\": 1, \"list\": [1, 2, 3], \"k/~\": {\"b\": true}}", 0, NULL);
    json_t *copy = json_deep_copy(doc), *after, *patch, *applied;
    char why[256];
    char *text;

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *ops = json_loads(bad[i], 0, NULL);
        why[0] = '\0';
        assert_non_null(ops);
        assert_null(jpatch_apply(doc, ops, why, sizeof why));
        assert_true(why[0] != '\0');
        assert_true(json_equal(doc, copy));
        json_decref(ops);
    }
    after = json_loads("{\"a\": 1, \"list\": [1, 2], \"k/~\": {\"b\": false}, \"new\": null}", 0, NULL);
    patch = jpatch_diff(doc, after);
    text = json_dumps(patch, JSON_COMPACT);
    assert_string_equal(text, "[{\"op\":\"replace\",\"path\":\"/list\",\"value\":[1,2]},"
                              "{\"op\":\"replace\",\"path\":\"/k~1~0/b\",\"value\":false},"
                              "{\"op\":\"add\",\"path\":\"/new\",\"value\":null}]");
    applied = jpatch_apply(doc, patch, why, sizeof why);
    assert_non_null(applied);
    assert_true(json_equal(applied, after));
    free(text);
    json_decref(applied);
    json_decref(patch);
    json_decref(after);
    json_decref(copy);
    json_decref(doc);
}

/* ---- Tzolk'in's secret starting tiles, line by line ----------------------- */

/* The text of one viewer's observation of s. */
static char *view_text(const tzolk_state *s, int viewer)
{
    tzolk_state seen_state;
    tzolkin_game.observation(s, viewer, &seen_state);
    return observation_text(&tzolkin_game, &seen_state);
}

/* seats[seat].wealth[k] of viewer's JSON as "W05/true", "null/null"… */
static void wealth_as_seen(const tzolk_state *s, int viewer, int seat, int k, char *out, size_t len)
{
    tzolk_state seen_state;
    tzolkin_game.observation(s, viewer, &seen_state);
    json_t *json = observe_json(&tzolkin_game, &seen_state);
    assert_non_null(json);
    const json_t *item = json_array_get(
        json_object_get(json_array_get(json_object_get(json, "seats"), (size_t)seat), "wealth"), (size_t)k);
    const json_t *tile = json_object_get(item, "tile"), *kept = json_object_get(item, "kept");
    snprintf(out, len, "%s/%s", json_is_string(tile) ? json_string_value(tile) : json_is_null(tile) ? "null" : "?",
             json_is_null(kept) ? "null" : json_is_true(kept) ? "true" : json_is_false(kept) ? "false" : "?");
    json_decref(json);
}

static void assert_wealth_seen(const tzolk_state *s, int viewer, int seat, int k, const char *expected)
{
    char got[32];
    wealth_as_seen(s, viewer, seat, k, got, sizeof got);
    if (strcmp(got, expected) != 0)
        fail_msg("viewer %d sees seat %d's wealth tile %d as %s, not %s", viewer, seat, k, got, expected);
}

/* Z2.7: each seat is dealt 4 wealth tiles face down, hidden from the
 * others; Z2.10: each secretly keeps 2, and the kept tiles are revealed
 * together when all have chosen; ZR22: the discarded tiles stay hidden
 * for the whole game; Z23.8: so another seat's and a spectator's view
 * show "deal K ?" and "keep ? ?" until the last keep. Three seats dealt
 * W01-W04, W05-W08, W09-W12 (tzolkin_fixture.h). */
static void z23_8_secret_wealth_tiles(void **unused)
{
    tzolk_state s;
    (void)unused;
    fx_setup_raw(&s, 3);
    assert_int_equal(s.phase, TZOLK_PH_KEEP);

    /* Before any keep: the owner sees its 4 tiles, not yet kept ... */
    assert_wealth_seen(&s, 0, 0, 0, "W01/false");
    assert_wealth_seen(&s, 0, 0, 3, "W04/false");
    /* ... the other seats and a spectator see neither tile nor choice. */
    assert_wealth_seen(&s, 1, 0, 0, "null/null");
    assert_wealth_seen(&s, GAME_CHANCE, 0, 0, "null/null");
    assert_wealth_seen(&s, 0, 2, 3, "null/null");
    char *own = view_text(&s, 0), *other = view_text(&s, 1), *spectator = view_text(&s, GAME_CHANCE);
    assert_true(names_id(own, "W01") && names_id(own, "W04"));
    assert_false(names_id(own, "W05") || names_id(own, "W12"));
    assert_false(names_id(other, "W01") || names_id(other, "W04"));
    assert_true(names_id(other, "W05"));
    for (int w = 1; w <= 12; w++) {
        char id[16];
        snprintf(id, sizeof id, "W%02d", w);
        assert_false(names_id(spectator, id));
    }
    free(own);
    free(other);
    free(spectator);

    /* Seat 0 keeps W01 W03: its choice is its own until all have chosen. */
    fx_do(&s, "keep W01 W03");
    assert_wealth_seen(&s, 0, 0, 0, "W01/true");
    assert_wealth_seen(&s, 0, 0, 1, "W02/false");
    assert_wealth_seen(&s, 1, 0, 0, "null/null");
    assert_wealth_seen(&s, GAME_CHANCE, 0, 2, "null/null");
    fx_do(&s, "keep W05 W08");
    assert_wealth_seen(&s, 2, 1, 0, "null/null");
    assert_wealth_seen(&s, 0, 1, 3, "null/null");

    /* The last keep reveals every kept tile; discards stay hidden. */
    fx_do(&s, "keep W10 W11");
    assert_int_equal(s.phase, TZOLK_PH_TURN);
    assert_wealth_seen(&s, 1, 0, 0, "W01/true");
    assert_wealth_seen(&s, 1, 0, 1, "null/false");
    assert_wealth_seen(&s, GAME_CHANCE, 2, 1, "W10/true");
    assert_wealth_seen(&s, GAME_CHANCE, 2, 0, "null/false");
    assert_wealth_seen(&s, 2, 2, 0, "W09/false"); /* its own discard */
    spectator = view_text(&s, GAME_CHANCE);
    own = view_text(&s, 1);
    static const char *const kept[] = {"W01", "W03", "W05", "W08", "W10", "W11"};
    static const char *const discarded[] = {"W02", "W04", "W06", "W07", "W09", "W12"};
    for (int i = 0; i < 6; i++) {
        assert_true(names_id(spectator, kept[i]));
        assert_false(names_id(spectator, discarded[i]));
    }
    assert_true(names_id(own, "W06") && names_id(own, "W07"));
    assert_false(names_id(own, "W02") || names_id(own, "W12"));
    free(spectator);
    free(own);
}

/* ---- equal and different observations, unknown games --------------------- */

/* The same observation (also a copy of it) always gives the same text;
 * two seats' observations that differ only in a hidden tile give
 * different texts. */
static void equal_observations_equal_text(void **unused)
{
    tzolk_state s, copy;
    (void)unused;
    fx_setup_raw(&s, 2);
    char *first = view_text(&s, 0);
    memcpy(&copy, &s, sizeof copy);
    char *again = view_text(&copy, 0);
    assert_string_equal(first, again);
    char *other_seat = view_text(&s, 1);
    assert_true(strcmp(first, other_seat) != 0);
    free(first);
    free(again);
    free(other_seat);

    tikal_state t;
    assert_int_equal(tikal_init(&t, 3, 1), GAME_OK);
    char *tikal_once = observation_text(&tikal_game, &t);
    char *tikal_twice = observation_text(&tikal_game, &t);
    assert_string_equal(tikal_once, tikal_twice);
    t.player[2].score++;
    char *tikal_changed = observation_text(&tikal_game, &t);
    assert_true(strcmp(tikal_once, tikal_changed) != 0);
    free(tikal_once);
    free(tikal_twice);
    free(tikal_changed);
}

/* Tikal's routes (T10, T11: the walks of the actor's figures) are in the
 * actor's own view only (observe_view_json): another seat's view and the
 * spectator's have them empty and are otherwise the actor's (T5.4: the
 * table is public), so their patches never carry them. Checked at every
 * position of a seeded game where the actor has routes to walk. */
static void tikal_routes_in_movers_view_only(void **unused)
{
    playout p;
    int checked = 0;
    (void)unused;

    playout_open(&p, &tikal_game, 3, 0, 4242);
    for (int step = 0; step <= tikal_game.max_game_length && tikal_game.current_player(p.state) != GAME_TERMINAL;
         step++, playout_step(&p)) {
        int actor = tikal_game.current_player(p.state);
        if (actor < 0)
            continue;
        tikal_game.observation(p.state, actor, p.observation);
        json_t *mover = observe_view_json(&tikal_game, p.observation, actor);
        assert_non_null(mover);
        if (json_array_size(json_object_get(mover, "routes")) == 0) {
            json_decref(mover);
            continue;
        }
        checked++;
        json_object_set_new(mover, "routes", json_array());
        for (int viewer = GAME_CHANCE; viewer < 3; viewer++) {
            if (viewer == actor)
                continue;
            tikal_game.observation(p.state, viewer, p.observation);
            json_t *other = observe_view_json(&tikal_game, p.observation, viewer);
            assert_non_null(other);
            assert_int_equal(json_array_size(json_object_get(other, "routes")), 0);
            assert_true(json_equal(other, mover));
            json_decref(other);
        }
        json_decref(mover);
    }
    assert_true(checked > 10);
    playout_close(&p);
}

/* observe_json knows Tikal and Tzolk'in by name and nothing else; it
 * refuses a missing game or observation and a number of seats out of the
 * game's range. */
static void unknown_game_gives_null(void **unused)
{
    tikal_state t;
    tzolk_state z;
    (void)unused;
    assert_int_equal(tikal_init(&t, 2, 0), GAME_OK);
    assert_int_equal(tzolk_init(&z, 4), 0);

    json_t *known = observe_json(&tikal_game, &t);
    assert_non_null(known);
    assert_string_equal(json_string_value(json_object_get(known, "game")), "tikal");
    json_decref(known);
    known = observe_json(&tzolkin_game, &z);
    assert_non_null(known);
    assert_string_equal(json_string_value(json_object_get(known, "game")), "tzolkin");
    json_decref(known);

    game_def unknown = tikal_game;
    unknown.name = "chess";
    assert_null(observe_json(&unknown, &t));
    unknown.name = NULL;
    assert_null(observe_json(&unknown, &t));
    unknown.name = "Tikal";
    assert_null(observe_json(&unknown, &t));
    assert_null(observe_json(NULL, &t));
    assert_null(observe_json(&tikal_game, NULL));

    t.players = 1;
    assert_null(observe_json(&tikal_game, &t));
    t.players = GAME_MAX_PLAYERS + 1;
    assert_null(observe_json(&tikal_game, &t));
    z.players = 5;
    assert_null(observe_json(&tzolkin_game, &z));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unknown_game_gives_null),
        cmocka_unit_test(equal_observations_equal_text),
        cmocka_unit_test(z23_8_secret_wealth_tiles),
        cmocka_unit_test(tikal_random_views),
        cmocka_unit_test(tzolkin_random_views),
        cmocka_unit_test(tikal_random_patches),
        cmocka_unit_test(tikal_routes_in_movers_view_only),
        cmocka_unit_test(tzolkin_random_patches),
        cmocka_unit_test(patches_refused_and_escaped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
