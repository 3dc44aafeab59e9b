/*
 * tikal_route_test.c -- the one route search of Tikal (tikal_find_routes,
 * tikal_route_actions in src/tikal/tikal_route.c) against the rules of
 * walking (T10 secret paths, T11 crossings) and against every place that
 * shows or walks a route: the engine's apply, the terminal's go-to
 * (term_tikal_route) and what the server hands the browser (the
 * observation's "routes", docs/observation.md).
 *
 * Fixed positions show each rule with a legal and an illegal case. Seeded
 * random games (2-4 players, basic and auction; random legal actions that
 * favour building camps so that secret paths occur) check at many positions
 * that, for every figure of the actor: walking each route action by action
 * is legal and costs exactly the route's cost; an exhaustive search over
 * the legal moves and paths of that figure (applied by the engine) finds no
 * cheaper walk and no field out of the routes' reach; the terminal's go-to
 * gives the same actions and cost; and the observation lists exactly the
 * walks within the AP left, with the same cost and steps.
 */
#include <jansson.h>

#include "games.h"
#include "rng.h"
#include "server/observe.h"
#include "term/term_session.h"
#include "term/term_tikal.h"
#include "tikal_fixture.h"

/* The route of seat's figure from `from` to `to`: its cost (-1 none) and its
 * actions as texts joined by ", " into text. */
static int route_text(const tikal_state *s, int seat, const char *from, const char *to, char *text, size_t len)
{
    tikal_routes r;
    int actions[TIKAL_ROUTE_MAX];
    assert_int_equal(tikal_find_routes(s, seat, fld(from), &r), GAME_OK);
    int n = tikal_route_actions(&r, 0, fld(to), actions);
    text[0] = '\0';
    for (int i = 0; i < n; i++) {
        char one[GAME_TEXT_MAX];
        tikal_action_to_text(s, actions[i], one, sizeof one);
        snprintf(text + strlen(text), len - strlen(text), "%s%s", i ? ", " : "", one);
    }
    assert_int_equal(n < 0, r.cost[fld(to)] < 0);
    return r.cost[fld(to)];
}

/* T10.1: the owner walks from the base camp to its camp by a secret path for
 * 1 AP, even where a crossing would cost more or there is none at all.
 * T10.2: another seat walks to that camp only by crossings. */
static void t10_secret_paths_in_routes(void **state)
{
    tikal_state s;
    char text[256];
    (void)state;
    basic_turn(&s, 2);
    put_camp(&s, 0, "b5");     /* a5 -> b5 by crossing: 1 + 1 stones = 2 AP */
    put_tile(&s, "d2", "C5", 0); /* an island: no explored neighbour */
    put_camp(&s, 0, "d2");
    put_figures(&s, 0, "a5", 1, 0);
    put_figures(&s, 1, "a5", 1, 0);
    assert_int_equal(route_text(&s, 0, "a5", "b5", text, sizeof text), 1);
    assert_string_equal(text, "path E a5 b5");
    assert_int_equal(route_text(&s, 0, "a5", "d2", text, sizeof text), 1);
    assert_string_equal(text, "path E a5 d2");
    assert_int_equal(route_text(&s, 0, "d2", "b5", text, sizeof text), 1); /* camp to camp */
    assert_int_equal(cost_of(&s, "path E a5 d2"), 1);
    /* Seat 1 may not use seat 0's paths (T10.2). */
    assert_int_equal(route_text(&s, 1, "a5", "b5", text, sizeof text), 2);
    assert_string_equal(text, "move E a5 b5");
    assert_int_equal(route_text(&s, 1, "a5", "d2", text, sizeof text), -1);
    start_turn(&s, 1, TIKAL_TURN_NORMAL);
    expect_illegal(&s, "path E a5 d2", "secret paths");
    assert_int_equal(cost_of(&s, "move E a5 b5"), 2);
}

/* T11.1-T11.3: a walk pays the stones on both sides of each edge; an edge
 * without stones is walked around; unexplored fields and volcanoes are
 * never entered; bad arguments are refused. */
static void t11_crossings_in_routes(void **state)
{
    tikal_state s;
    tikal_routes r;
    char text[256];
    (void)state;
    basic_turn(&s, 2);
    put_tile(&s, "c5", "B6", 0); /* a volcano next to b4 and b5 */
    put_figures(&s, 0, "a4", 1, 0);
    assert_int_equal(route_text(&s, 0, "a4", "a5", text, sizeof text), 2); /* a4 S1 + a5 N1 */
    /* a4-b4 has no stones (T11.2): around by a5, 2 + 1 AP. */
    assert_int_equal(route_text(&s, 0, "a4", "b4", text, sizeof text), 3);
    assert_string_equal(text, "move E a4 a5, move E a5 b4");
    expect_illegal(&s, "move E a4 b4", "cannot be crossed");
    assert_int_equal(route_text(&s, 0, "a4", "a3", text, sizeof text), -1); /* T11.3 unexplored */
    assert_int_equal(route_text(&s, 0, "a4", "c5", text, sizeof text), -1); /* T6.7 volcano */
    assert_int_equal(cost_of(&s, "move E a4 a5") + cost_of(&s, "move E a5 b4"), 3);
    memset(&r, 0x5a, sizeof r);
    tikal_routes untouched = r;
    assert_int_equal(tikal_find_routes(&s, 2, fld("a5"), &r), GAME_EOPTION); /* no seat 3 of 2 */
    assert_int_equal(tikal_find_routes(&s, 0, TIKAL_FIELDS, &r), GAME_EOPTION);
    assert_memory_equal(&r, &untouched, sizeof r);
}

/* ---- random positions ----------------------------------------------------- */

typedef struct route_counts {
    int positions;  /* positions of the actions phase checked */
    int walks;      /* routes checked against apply, terminal and observation */
    int by_path;    /* of them, walks using a secret path */
    int cheaper;    /* walks where a secret path beats every crossing-only walk */
} route_counts;

/* Exhaustive search: the least AP the actor's figure on `at` spends to reach
 * each field, by legal moves and paths of that figure applied by the engine
 * (best[] holds the least spent so far, -1 unreached). */
static void brute_walks(const tikal_state *s, int figure, int at, int spent, int *best)
{
    int legal[TIKAL_LEGAL_MAX], fields[2];
    int n = tikal_legal_actions(s, legal);
    for (int i = 0; i < n; i++) {
        int a = legal[i];
        if (a < TIKAL_A_PATH || a >= TIKAL_A_UNCOVER)
            continue;
        int k = a - TIKAL_A_PATH, fig = a < TIKAL_A_MOVE ? k / (TIKAL_FIELDS * TIKAL_FIELDS)
                                                         : (a - TIKAL_A_MOVE) / (TIKAL_FIELDS * 6);
        term_tikal_action_fields(a, fields);
        if (fig != figure || fields[1] != at)
            continue;
        tikal_state next = *s;
        assert_int_equal(tikal_apply(&next, a, NULL, 0), GAME_OK);
        int cost = spent + s->ap - next.ap;
        if (best[fields[0]] >= 0 && best[fields[0]] <= cost)
            continue;
        best[fields[0]] = cost;
        brute_walks(&next, figure, fields[0], cost, best);
    }
}

/* The observation's walks of figure from `from` (NULL if none listed). */
static json_t *observed_walks(json_t *observation, int figure, int from)
{
    char name[3];
    size_t i;
    json_t *entry;
    tikal_field_name(from, name);
    json_array_foreach(json_object_get(observation, "routes"), i, entry)
    {
        if (strcmp(json_string_value(json_object_get(entry, "figure")), figure ? "L" : "E") == 0
            && strcmp(json_string_value(json_object_get(entry, "from")), name) == 0)
            return json_object_get(entry, "to");
    }
    return NULL;
}

/* Every check of the file's head comment for one figure of the actor. */
static void check_figure(const tikal_state *s, json_t *observation, int figure, int from, route_counts *counts)
{
    tikal_routes r, crossings_only;
    tikal_state no_camps = *s;
    int best[TIKAL_FIELDS];
    assert_int_equal(tikal_find_routes(s, s->actor, from, &r), GAME_OK);
    /* The same board without the actor's own camps: crossings only. */
    for (int f = 0; f < TIKAL_FIELDS; f++)
        if (tikal_field_info(&no_camps, f).camp == s->actor)
            EDIT_FIELD(&no_camps, f, edit.camp = -1);
    assert_int_equal(tikal_find_routes(&no_camps, s->actor, from, &crossings_only), GAME_OK);
    for (int f = 0; f < TIKAL_FIELDS; f++)
        best[f] = -1;
    best[from] = 0;
    brute_walks(s, figure, from, 0, best);
    json_t *walks = observed_walks(observation, figure, from);
    assert_non_null(walks);
    size_t listed = 0;
    for (int to = 0; to < TIKAL_FIELDS; to++) {
        int cost = r.cost[to];
        /* No cheaper walk, nothing within reach that the routes miss. */
        if (cost >= 0 && cost <= s->ap)
            assert_int_equal(best[to], cost);
        else
            assert_int_equal(best[to], -1);
        if (cost <= 0 || cost > s->ap)
            continue;
        int actions[TIKAL_ROUTE_MAX], moves[TIKAL_ROUTE_MAX], term_cost = -1;
        int n = tikal_route_actions(&r, figure, to, actions);
        assert_true(n > 0);
        /* The terminal's go-to walks the same route. */
        assert_int_equal(term_tikal_route(s, figure, from, to, moves, &term_cost), n);
        assert_int_equal(term_cost, cost);
        assert_memory_equal(moves, actions, sizeof actions[0] * (size_t)n);
        /* The observation hands the browser the same walk. */
        char name[3];
        tikal_field_name(to, name);
        json_t *walk = json_object_get(walks, name), *steps = json_object_get(walk, "steps");
        assert_non_null(walk);
        assert_int_equal(json_integer_value(json_object_get(walk, "cost")), cost);
        assert_int_equal(json_array_size(steps), n);
        listed++;
        /* Walking it step by step is legal and costs exactly `cost`. */
        tikal_state walker = *s;
        int used_path = 0;
        for (int i = 0; i < n; i++) {
            char text[GAME_TEXT_MAX], why[WHY_LEN] = "";
            tikal_action_to_text(&walker, actions[i], text, sizeof text);
            assert_string_equal(json_string_value(json_array_get(steps, (size_t)i)), text);
            assert_true(is_listed(&walker, actions[i]));
            if (tikal_apply(&walker, actions[i], why, sizeof why) != GAME_OK)
                fail_msg("step %s of a route refused: %s", text, why);
            used_path |= actions[i] < TIKAL_A_MOVE;
        }
        assert_int_equal(s->ap - walker.ap, cost);
        assert_true(figure ? tikal_field_info(&walker, to).leaders >> s->actor & 1
                           : tikal_field_info(&walker, to).explorers[s->actor] > 0);
        /* "costs": k figures walking it one after the other, each paying
         * the crossings (T8.1), as many as stand there and the AP allow. */
        const json_t *costs = json_object_get(walk, "costs");
        int standing = figure ? 1 : tikal_field_info(s, from).explorers[s->actor];
        assert_int_equal(json_integer_value(json_array_get(costs, 0)), cost);
        for (size_t k = 1; k < json_array_size(costs); k++) {
            for (int i = 0; i < n; i++)
                assert_int_equal(tikal_apply(&walker, actions[i], NULL, 0), GAME_OK);
            assert_int_equal(json_integer_value(json_array_get(costs, k)), s->ap - walker.ap);
        }
        int walked = (int)json_array_size(costs);
        assert_true(walked == standing || (walked < standing && walker.ap < cost));
        counts->walks++;
        counts->by_path += used_path;
        counts->cheaper += crossings_only.cost[to] < 0 || crossings_only.cost[to] > cost;
    }
    assert_int_equal(json_object_size(walks), listed);
}

/* One seeded random game; every `every`-th position of the actions phase is checked. */
static void random_game(int players, int auction, uint64_t seed, route_counts *counts)
{
    const game_def *game = games_find("tikal");
    tikal_state s;
    rng rand;
    int legal[TIKAL_LEGAL_MAX], step = 0;
    double probability[TIKAL_LEGAL_MAX];
    rng_seed(&rand, seed);
    assert_int_equal(tikal_init(&s, players, auction), GAME_OK);
    while (tikal_current_player(&s) != GAME_TERMINAL) {
        int n, action;
        if (tikal_current_player(&s) == GAME_CHANCE) {
            n = tikal_chance_outcomes(&s, legal, probability);
            action = legal[rng_below(&rand, (uint64_t)n)];
        } else {
            n = tikal_legal_actions(&s, legal);
            action = legal[rng_below(&rand, (uint64_t)n)];
            for (int i = 0; i < n; i++) /* build whenever possible: camps make secret paths */
                if (legal[i] >= TIKAL_A_BUILD && legal[i] < TIKAL_A_GUARD && rng_below(&rand, 2))
                    action = legal[i];
            if (action == TIKAL_A_END && n > 1 && rng_below(&rand, 4)) /* spend the AP first */
                action = legal[1 + rng_below(&rand, (uint64_t)(n - 1))];
        }
        if (s.phase == TIKAL_PH_ACTIONS && step++ % 12 == 0) {
            json_t *observation = observe_json(game, &s);
            assert_non_null(observation);
            for (int f = 0; f < TIKAL_FIELDS; f++) {
                if (tikal_field_info(&s, f).explorers[s.actor] > 0)
                    check_figure(&s, observation, 0, f, counts);
                if (tikal_field_info(&s, f).leaders >> s.actor & 1)
                    check_figure(&s, observation, 1, f, counts);
            }
            json_decref(observation);
            counts->positions++;
        }
        assert_int_equal(tikal_apply(&s, action, NULL, 0), GAME_OK);
    }
}

/* T10, T11: engine, apply, terminal and observation agree on every walk of
 * random positions, secret paths included. */
static void random_positions_agree(void **state)
{
    route_counts counts = {0};
    (void)state;
    for (int players = 2; players <= 4; players++)
        for (int auction = 0; auction <= 1; auction++)
            for (uint64_t seed = 1; seed <= 2; seed++)
                random_game(players, auction, seed * 100 + (uint64_t)(players * 2 + auction), &counts);
    print_message("routes: %d positions, %d walks, %d by a secret path, %d cheaper by one\n", counts.positions,
                  counts.walks, counts.by_path, counts.cheaper);
    assert_true(counts.positions > 100);
    assert_true(counts.walks > 1000);
    assert_true(counts.by_path > 50);
    assert_true(counts.cheaper > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t10_secret_paths_in_routes),
        cmocka_unit_test(t11_crossings_in_routes),
        cmocka_unit_test(random_positions_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
