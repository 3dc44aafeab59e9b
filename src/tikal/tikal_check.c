/*
 * tikal_check.c -- the invariants of a Tikal state as code (tikal_check,
 * the game_def's check): what no sequence of legal actions can break, so
 * that the generic tests can look for a broken one after every action.
 *
 * Counts conserved: each seat's figures (T3.1: 18 explorers and a leader,
 * in the supply, on the board, standing guard or removed by a guard,
 * T16.3), the tiles (each drawn or revealed tile once: in hand, on
 * display or on the board), the treasure tokens (T6.6: on the board, held,
 * or the one a dig is waiting for, at most 3 of a motif, T1.1), the temple
 * levels (each level uncovered above a printed value came from the
 * supply, T3.3, T12.2). Masks and owners consistent with counts: camps
 * and guards of each seat (T15, T16) on fields that allow them, seats
 * beyond the players empty. Ranges: action points, scores (never below 0,
 * T22), levels uncovered this turn (T12.3).
 */
#include <string.h>

#include "tikal/tikal_internal.h"

/* Printed value of a temple field: its tile's or the pre-printed one's. */
static int printed_value(const tikal_state *s, int field)
{
    if (s->field[field].tile >= 0)
        return tikal_tile(s->field[field].tile)->value;
    for (int i = 0; i < tikal_start_count(); i++) {
        const tikal_start_def *st = tikal_start(i);
        if (tikal_field_at(st->column, st->row) == field)
            return st->value;
    }
    return 0;
}

static int check_seat(const tikal_state *s, int seat, char *why, size_t why_len)
{
    const tikal_player *p = &s->player[seat];
    int figures = p->explorers_in_supply + p->leader_in_supply + p->removed + p->guards_placed, leaders = 0;
    int camps = 0, guards = 0;
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        const tikal_field *field = &s->field[f];
        leaders += field->leaders >> seat & 1;
        figures += field->explorers[seat] + (field->leaders >> seat & 1);
        camps += field->camp == seat;
        guards += field->guard == seat;
    }
    if (seat >= s->players) {
        static const tikal_player empty;
        if (memcmp(p, &empty, sizeof empty) != 0 || figures + camps + guards != 0)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d of a %d-player game is not empty", seat + 1,
                                s->players);
        return GAME_OK;
    }
    if (figures != TIKAL_EXPLORERS + 1)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has %d figures, not %d (T3.1)", seat + 1, figures,
                            TIKAL_EXPLORERS + 1);
    if (leaders + p->leader_in_supply > 1)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has %d leaders", seat + 1,
                            leaders + p->leader_in_supply);
    if (camps != p->camps_built || camps > TIKAL_MAX_CAMPS)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has %d camps, counted %d (T15)", seat + 1, camps,
                            p->camps_built);
    if (guards != p->guards_placed || guards > TIKAL_MAX_GUARDS)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has %d guards, counted %d (T16)", seat + 1, guards,
                            p->guards_placed);
    if (p->score < 0)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has a score of %d", seat + 1, (int)p->score);
    return GAME_OK;
}

static int check_tiles(const tikal_state *s, char *why, size_t why_len)
{
    uint64_t seen = 0;
    int placed = 0, held = s->hand >= 0, used = 0;
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        int tile = s->field[f].tile;
        if (tile < 0)
            continue;
        if (tile >= TIKAL_TILES || seen >> tile & 1)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "tile %d lies twice or is no tile", tile);
        seen |= 1ULL << tile;
        placed++;
    }
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        held += s->display[i] >= 0;
    for (int tile = 0; tile < TIKAL_TILES; tile++)
        used += s->stack_used >> tile & 1;
    if (placed != s->tiles_placed)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "%d tiles on the board, counted %d", placed, s->tiles_placed);
    if (used != placed + held || (seen & ~s->stack_used) != 0 || s->stack_used >> TIKAL_TILES != 0)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "%d tiles out of the stack, %d placed or held", used,
                            placed + held);
    return GAME_OK;
}

static int check_treasures(const tikal_state *s, char *why, size_t why_len)
{
    int tokens = s->phase == TIKAL_PH_TREASURE; /* the token a dig waits for */
    for (int f = 0; f < TIKAL_FIELDS; f++)
        tokens += s->field[f].tokens;
    for (int m = 0; m < TIKAL_MOTIFS; m++) {
        int held = 0;
        for (int seat = 0; seat < s->players; seat++)
            held += s->player[seat].treasures[m];
        if (held > TIKAL_TOKENS_PER_MOTIF)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "%d tokens of motif %d are held (T1.1)", held, m + 1);
        tokens += held;
    }
    if (tokens != s->tokens_placed || s->tokens_placed > TIKAL_TOKENS)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "%d treasure tokens in play, %d put on tiles (T6.6)", tokens,
                            s->tokens_placed);
    return GAME_OK;
}

static int check_temples(const tikal_state *s, char *why, size_t why_len)
{
    int uncovered[TIKAL_MAX_LEVEL + 1] = {0};
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        const tikal_field *field = &s->field[f];
        if (field->guard >= 0 && field->kind != TIKAL_TEMPLE)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "a guard stands on field %d, no temple (T16.1)", f);
        if (field->camp >= 0 && field->kind != TIKAL_JUNGLE && (field->kind != TIKAL_TREASURE || field->tokens > 0))
            return tikal_reason(GAME_EILLEGAL, why, why_len, "a camp stands on field %d, no jungle (T15.2)", f);
        if (field->kind != TIKAL_TEMPLE)
            continue;
        if (field->value > TIKAL_MAX_LEVEL || field->levels_this_turn > 2)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "temple %d at value %d, %d levels this turn (T12.3)", f,
                                field->value, field->levels_this_turn);
        for (int v = printed_value(s, f) + 1; v <= field->value; v++)
            uncovered[v]++;
    }
    for (int v = 0; v <= TIKAL_MAX_LEVEL; v++)
        if (uncovered[v] + s->level_supply[v] != tikal_level_tokens(v))
            return tikal_reason(GAME_EILLEGAL, why, why_len, "%d levels of value %d uncovered, %d left, not %d (T12.2)",
                                uncovered[v], v, s->level_supply[v], tikal_level_tokens(v));
    return GAME_OK;
}

int tikal_check(const tikal_state *s, char *why, size_t why_len)
{
    int rc;
    if (s->players < 2 || s->players > GAME_MAX_PLAYERS || s->auction > 1 || s->phase > TIKAL_PH_OVER ||
        s->actor < 0 || s->actor >= s->players || s->ap > TIKAL_AP || s->hand >= TIKAL_TILES)
        return tikal_reason(GAME_EILLEGAL, why, why_len,
                            "out of range: %d players, phase %d, actor %d, %d AP, tile in hand %d", s->players,
                            s->phase, s->actor, s->ap, s->hand);
    for (int seat = 0; seat < GAME_MAX_PLAYERS; seat++)
        if ((rc = check_seat(s, seat, why, why_len)) != GAME_OK)
            return rc;
    if ((rc = check_tiles(s, why, why_len)) != GAME_OK || (rc = check_treasures(s, why, why_len)) != GAME_OK ||
        (rc = check_temples(s, why, why_len)) != GAME_OK)
        return rc;
    return GAME_OK;
}
