/*
 * tikal_fixture.h -- helpers shared by the Tikal rule tests (cmocka): play a
 * record line and insist it is legal, insist an action is refused with a
 * reason and without any change of the state, and build exact positions
 * (tiles on fields and figures through tikal_set_field, whose turn it is
 * directly), keeping the supply and the stack consistent with what lies on
 * the board.
 * Everything is static inline so each test file uses only what it needs.
 */
#ifndef MAYA_TESTS_TIKAL_FIXTURE_H
#define MAYA_TESTS_TIKAL_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tikal/tikal.h"

enum { WHY_LEN = 256 };

/* Field index of a field name such as "c4"; fails the test on a bad name. */
static inline int fld(const char *name)
{
    int field = tikal_parse_field(name);
    if (field < 0)
        fail_msg("test bug: no field \"%s\"", name);
    return field;
}

/* Tile index of a tile id such as "D4". */
static inline int tile_of(const char *id)
{
    int tile = tikal_tile_by_id(id);
    if (tile < 0)
        fail_msg("test bug: no tile \"%s\"", id);
    return tile;
}

/* Is action among the legal actions of s? */
static inline int is_listed(const tikal_state *s, int action)
{
    int legal[TIKAL_LEGAL_MAX];
    int n = tikal_legal_actions(s, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == action)
            return 1;
    return 0;
}

/* The action id of a text in state s; fails the test if it does not parse. */
static inline int action_of(const tikal_state *s, const char *text)
{
    int action = -1;
    char why[WHY_LEN] = "";
    if (tikal_text_to_action(s, text, &action, why, sizeof why) != GAME_OK)
        fail_msg("\"%s\" does not parse: %s", text, why);
    return action;
}

/* Apply an action text for whoever is to act; it must be listed and
 * accepted. Its score events go into trace (may be NULL). */
static inline void act_scored(tikal_state *s, const char *text, game_score_trace *trace)
{
    char why[WHY_LEN] = "";
    int action = action_of(s, text);
    if (!is_listed(s, action))
        fail_msg("\"%s\" is not among the legal actions", text);
    if (tikal_apply_scored(s, action, trace, why, sizeof why) != GAME_OK)
        fail_msg("\"%s\" refused: %s", text, why);
}

static inline void act(tikal_state *s, const char *text)
{
    act_scored(s, text, NULL);
}

/* Apply one record line, "2 move E a5 b4" or "* draw A1": the actor must be
 * the one to act (seat numbers from 1, '*' for chance). */
static inline void play(tikal_state *s, const char *line)
{
    int who = tikal_current_player(s);
    if (line[0] == '*') {
        if (who != GAME_CHANCE)
            fail_msg("\"%s\": expected a chance node, seat %d is to act", line, who + 1);
    } else if (who != line[0] - '1') {
        fail_msg("\"%s\": seat %d is to act, not seat %c", line, who + 1, line[0]);
    }
    act(s, line + 2);
}

/* Play several record lines. */
static inline void play_all(tikal_state *s, const char *const *lines, size_t count)
{
    for (size_t i = 0; i < count; i++)
        play(s, lines[i]);
}

/* The action must be refused as illegal, with a reason containing keyword,
 * must not be listed, and must leave the state byte-identical. */
static inline void expect_illegal_action(tikal_state *s, int action, const char *text, const char *keyword)
{
    tikal_state before;
    char why[WHY_LEN] = "";
    memcpy(&before, s, sizeof before);
    if (tikal_apply(s, action, why, sizeof why) != GAME_EILLEGAL)
        fail_msg("\"%s\" was accepted", text);
    if (!strstr(why, keyword))
        fail_msg("\"%s\": reason \"%s\" lacks \"%s\"", text, why, keyword);
    if (memcmp(&before, s, sizeof before) != 0)
        fail_msg("\"%s\": refusing it changed the state", text);
    if (is_listed(s, action))
        fail_msg("\"%s\" is refused but listed as legal", text);
}

static inline void expect_illegal(tikal_state *s, const char *text, const char *keyword)
{
    expect_illegal_action(s, action_of(s, text), text, keyword);
}

/* Apply a legal action text and return the action points it cost. */
static inline int cost_of(tikal_state *s, const char *text)
{
    int before = s->ap;
    act(s, text);
    return before - s->ap;
}

/* ---- building positions ------------------------------------------------ */

/* Change a field of state through the engine's view of it: the statement
 * `change` edits `edit` (a tikal_field), e.g.
 * EDIT_FIELD(s, fld("b5"), edit.guard = 1); the engine must accept it. */
#define EDIT_FIELD(state, field, change)                                                                              \
    do {                                                                                                             \
        int edit_field = (field);                                                                                    \
        tikal_field edit = tikal_field_info((state), edit_field);                                                    \
        change;                                                                                                      \
        if (tikal_set_field((state), edit_field, &edit) != GAME_OK)                                                  \
            fail_msg("test bug: field %d cannot be set so", edit_field);                                             \
    } while (0)

/* Lay tile `id` on `name` in `rotation`, as placing it would (T2.3, T6.6),
 * and take it out of the stack. */
static inline void put_tile(tikal_state *s, const char *name, const char *id, int rotation)
{
    int tile = tile_of(id);
    const tikal_tile_def *d = tikal_tile(tile);
    EDIT_FIELD(s, fld(name), {
        edit.kind = d->kind;
        edit.tile = (int8_t)tile;
        edit.rotation = (uint8_t)rotation;
        if (d->kind == TIKAL_TEMPLE)
            edit.value = d->value;
        if (d->kind == TIKAL_TREASURE)
            edit.tokens = d->value;
    });
    if (d->kind == TIKAL_TREASURE)
        s->tokens_placed = (uint8_t)(s->tokens_placed + d->value);
    s->stack_used |= 1ULL << tile;
    s->tiles_placed++;
}

/* Put participants (and the leader if `leader`) of seat from its supply on a field. */
static inline void put_figures(tikal_state *s, int seat, const char *name, int explorers, int leader)
{
    assert_true(s->player[seat].explorers_in_supply >= explorers);
    EDIT_FIELD(s, fld(name), {
        edit.explorers[seat] = (uint8_t)(edit.explorers[seat] + explorers);
        if (leader)
            edit.leaders |= (uint8_t)(1u << seat);
    });
    s->player[seat].explorers_in_supply -= (unsigned)explorers;
    if (leader) {
        assert_true(s->player[seat].leader_in_supply);
        s->player[seat].leader_in_supply = 0;
    }
}

/* Give seat a camp on a field (as if built). */
static inline void put_camp(tikal_state *s, int seat, const char *name)
{
    EDIT_FIELD(s, fld(name), edit.camp = (int8_t)seat);
    s->player[seat].camps_built++;
}

/* Make it seat's turn of the given kind with 10 fresh AP and fresh limits. */
static inline void start_turn(tikal_state *s, int seat, int kind)
{
    s->phase = TIKAL_PH_ACTIONS;
    s->actor = (int8_t)seat;
    s->turn_kind = (uint8_t)kind;
    s->ap = TIKAL_AP;
    for (int f = 0; f < TIKAL_FIELDS; f++)
        EDIT_FIELD(s, f, edit.levels_this_turn = edit.digs_this_turn = 0);
}

/* A basic game of `players` where seat 0 has just begun a normal turn with
 * 10 AP on the pre-printed board (no tile placed yet). */
static inline void basic_turn(tikal_state *s, int players)
{
    assert_int_equal(tikal_init(s, players, 0), GAME_OK);
    start_turn(s, 0, TIKAL_TURN_NORMAL);
}

/* Seat holds tile `id` and must place it now (the tile leaves the stack). */
static inline void hold_tile(tikal_state *s, int seat, const char *id)
{
    int tile = tile_of(id);
    s->hand = (int8_t)tile;
    s->stack_used |= 1ULL << tile;
    s->actor = (int8_t)seat;
    s->turn_kind = TIKAL_TURN_NORMAL;
    s->phase = TIKAL_PH_PLACE;
}

/* Raise a temple to `value` with level tokens taken from the supply, as
 * uncovering would (T2.6, T12.2). */
static inline void raise_temple(tikal_state *s, const char *name, int value)
{
    EDIT_FIELD(s, fld(name), {
        assert_int_equal(edit.kind, TIKAL_TEMPLE);
        while (edit.value < value) {
            assert_true(s->level_supply[edit.value + 1] > 0);
            s->level_supply[++edit.value]--;
        }
    });
}

/* WE3's board, on the pre-printed start:
 *   T2 = temple "2" (tile A2, r0: N2 S1) on c5,
 *   J  = jungle (tile B5, r2: SE2 S1) on c4,
 *   R  = treasure (tile B3, r0: N2 NW1, 4 tokens) on d4,
 *   T1 = the pre-printed temple "1" on b5 (NE1 NW1).
 * Edges: c5|c4 = 2+1 = 3, c4|d4 = 2+1 = 3, c5|d4 = 0+0 = 0, c5|b5 = 0+1 = 1;
 * also c5|b4 = 0+1, c4|b4 = 0+1, and the start's a5|b4 = 1, a5|a4 = 2, a5|b5 = 2. */
static inline void we3_board(tikal_state *s)
{
    put_tile(s, "c5", "A2", 0);
    put_tile(s, "c4", "B5", 2);
    put_tile(s, "d4", "B3", 0);
}

/* DT1's board: volcanoes on a2 and b1, every other field explored but a1
 * (whose only neighbours are those volcanoes) and `also_empty`. The
 * explored fields are all the jungle tile D4 (stones N1 SE1 SW1), as a
 * board the tiles could not make (one tile, many times) but that the rules
 * judge all the same. */
static inline void corner_board(tikal_state *s, const char *also_empty)
{
    int a1 = fld("a1"), other = also_empty ? fld(also_empty) : -1, jungle = tile_of("D4");
    put_tile(s, "a2", "B6", 0);
    put_tile(s, "b1", "D5", 0);
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        if (f == a1 || f == other || tikal_field_kind(s, f) != TIKAL_EMPTY)
            continue;
        EDIT_FIELD(s, f, {
            edit.kind = TIKAL_JUNGLE;
            edit.tile = (int8_t)jungle;
        });
        s->tiles_placed++;
    }
}

/* Apply the first legal placement of the tile in hand. */
static inline void place_anywhere(tikal_state *s)
{
    int out[TIKAL_LEGAL_MAX];
    assert_int_equal(s->phase, TIKAL_PH_PLACE);
    assert_true(tikal_legal_actions(s, out) > 0);
    assert_int_equal(tikal_apply(s, out[0], NULL, 0), GAME_OK);
}

/* Cost of crossing from field `from` to its neighbour `to` (0 if none). */
static inline int edge_cost(const tikal_state *s, const char *from, const char *to)
{
    int f = fld(from), g = fld(to);
    for (int d = 0; d < 6; d++)
        if (tikal_neighbor(f, d) == g)
            return tikal_crossing_cost(s, f, d);
    fail_msg("test bug: %s and %s are not neighbours", from, to);
    return -1;
}

/* Lay every tile but `last_id` on every empty field but `keep_empty`, in
 * rotation 0, as if 35 tiles had been played (treasure tokens included). */
static inline void fill_board_but(tikal_state *s, const char *last_id, const char *keep_empty)
{
    int last = tile_of(last_id), keep = fld(keep_empty), field = 0;
    char name[3];
    for (int t = 0; t < TIKAL_TILES; t++) {
        if (t == last)
            continue;
        while (tikal_field_kind(s, field) != TIKAL_EMPTY || field == keep)
            field++;
        tikal_field_name(field, name);
        put_tile(s, name, tikal_tile(t)->id, 0);
    }
}

#endif
