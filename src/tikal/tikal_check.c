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
 * beyond the players empty; the masks of tikal_index as the fields give
 * them. Ranges: action points, scores (never below 0,
 * T22), levels uncovered and treasures dug this turn (T12.3, T13.3).
 */
#include <string.h>

#include "tikal/tikal_internal.h"

/* What one pass over the board counts. */
typedef struct tikal_counts {
    int figures[GAME_MAX_PLAYERS];      /* explorers and leaders on the board, per seat */
    int leaders[GAME_MAX_PLAYERS];      /* leaders on the board, per seat */
    int camps[GAME_MAX_PLAYERS];        /* camps, per seat */
    int guards[GAME_MAX_PLAYERS];       /* guards, per seat */
    int placed;                         /* tiles on the board */
    uint64_t seen;                      /* bit t: tile t lies on the board */
    int tokens;                         /* treasure tokens on the board */
    int uncovered[TIKAL_MAX_LEVEL + 1]; /* level tokens on the temples, per value */
} tikal_counts;

/* One pass over the fields: what stands where, and what no field may hold. */
static int count_board(const tikal_state *s, tikal_counts *c, char *why, size_t why_len)
{
    memset(c, 0, sizeof *c);
    for (int seat = 0; seat < GAME_MAX_PLAYERS; seat++)
        if (s->leader[seat] < -1 || s->leader[seat] >= TIKAL_FIELDS)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "the leader of seat %d is on no field", seat + 1);
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        if (s->piece[f] != TIKAL_PIECE_NONE && !tikal_piece_exists(s->piece[f]))
            return tikal_reason(GAME_EILLEGAL, why, why_len, "field %d holds piece %d, none of the game", f,
                                s->piece[f]);
        tikal_field info = tikal_field_info(s, f), *field = &info;
        if (tikal_sq_acted(s->square[f]) != field->levels_this_turn + field->digs_this_turn)
            return tikal_reason(GAME_EILLEGAL, why, why_len,
                                "field %d counts actions this turn but is no temple or treasure", f);
        if (field->tile >= 0) {
            if (c->seen >> field->tile & 1)
                return tikal_reason(GAME_EILLEGAL, why, why_len, "tile %d lies twice or is no tile", field->tile);
            c->seen |= 1ULL << field->tile;
            c->placed++;
        }
        if (field->camp >= GAME_MAX_PLAYERS || field->guard >= GAME_MAX_PLAYERS)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "field %d holds a seat out of range", f);
        if (field->guard >= 0 && field->kind != TIKAL_TEMPLE)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "a guard stands on field %d, no temple (T16.1)", f);
        if (field->camp >= 0 && field->kind != TIKAL_JUNGLE && (field->kind != TIKAL_TREASURE || field->tokens > 0))
            return tikal_reason(GAME_EILLEGAL, why, why_len, "a camp stands on field %d, no jungle (T15.2)", f);
        for (int seat = 0; seat < GAME_MAX_PLAYERS; seat++) {
            int leader = field->leaders >> seat & 1;
            c->leaders[seat] += leader;
            c->figures[seat] += field->explorers[seat] + leader;
        }
        c->camps[field->camp >= 0 ? field->camp : 0] += field->camp >= 0;
        c->guards[field->guard >= 0 ? field->guard : 0] += field->guard >= 0;
        c->tokens += field->tokens;
        if (field->kind != TIKAL_TEMPLE) {
            if (tikal_sq_held(s->square[f]) != field->tokens)
                return tikal_reason(GAME_EILLEGAL, why, why_len, "field %d holds a value but no temple", f);
            if (field->digs_this_turn > TIKAL_DIGS_PER_TURN)
                return tikal_reason(GAME_EILLEGAL, why, why_len, "treasure field %d, %d digs this turn (T13.3)", f,
                                    field->digs_this_turn);
            continue;
        }
        if (field->value > TIKAL_MAX_LEVEL || field->levels_this_turn > TIKAL_LEVELS_PER_TURN)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "temple %d at value %d, %d levels this turn (T12.3)", f,
                                field->value, field->levels_this_turn);
        for (int v = tikal_printed_value(s, f) + 1; v <= field->value; v++)
            c->uncovered[v]++;
    }
    return GAME_OK;
}

static int check_seat(const tikal_state *s, const tikal_counts *c, int seat, char *why, size_t why_len)
{
    const tikal_player *p = &s->player[seat];
    int figures = c->figures[seat] + p->explorers_in_supply + p->leader_in_supply + p->removed + p->guards_placed;
    if (seat >= s->players) {
        static const tikal_player empty;
        if (memcmp(p, &empty, sizeof empty) != 0 || figures + c->camps[seat] + c->guards[seat] != 0)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d of a %d-player game is not empty", seat + 1,
                                s->players);
        return GAME_OK;
    }
    if (figures != TIKAL_EXPLORERS + 1)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has %d figures, not %d (T3.1)", seat + 1, figures,
                            TIKAL_EXPLORERS + 1);
    if (c->leaders[seat] + p->leader_in_supply > 1)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has %d leaders", seat + 1,
                            c->leaders[seat] + p->leader_in_supply);
    if (c->camps[seat] != p->camps_built || p->camps_built > TIKAL_MAX_CAMPS)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has %d camps, counted %d (T15)", seat + 1,
                            c->camps[seat], p->camps_built);
    if (c->guards[seat] != p->guards_placed || p->guards_placed > TIKAL_MAX_GUARDS)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has %d guards, counted %d (T16)", seat + 1,
                            c->guards[seat], p->guards_placed);
    if (p->score < 0)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "seat %d has a score of %d", seat + 1, (int)p->score);
    return GAME_OK;
}

/* Each tile out of the stack once: on the board, in hand or on display. */
static int check_tiles(const tikal_state *s, const tikal_counts *c, char *why, size_t why_len)
{
    int held = s->hand >= 0, used = 0;
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        held += s->display[i] >= 0;
    for (int tile = 0; tile < TIKAL_TILES; tile++)
        used += s->stack_used >> tile & 1;
    if (c->placed != s->tiles_placed)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "%d tiles on the board, counted %d", c->placed,
                            s->tiles_placed);
    if (used != c->placed + held || (c->seen & ~s->stack_used) != 0 || s->stack_used >> TIKAL_TILES != 0)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "%d tiles out of the stack, %d placed or held", used,
                            c->placed + held);
    return GAME_OK;
}

static int check_treasures(const tikal_state *s, const tikal_counts *c, char *why, size_t why_len)
{
    int tokens = c->tokens + (s->phase == TIKAL_PH_TREASURE); /* the token a dig waits for */
    for (int m = 0; m < TIKAL_MOTIFS; m++) {
        int held = 0;
        for (int seat = 0; seat < s->players; seat++)
            held += tikal_treasures(&s->player[seat], m);
        if (held > TIKAL_TOKENS_PER_MOTIF)
            return tikal_reason(GAME_EILLEGAL, why, why_len, "%d tokens of motif %d are held (T1.1)", held, m + 1);
        tokens += held;
    }
    if (tokens != s->tokens_placed || s->tokens_placed > TIKAL_TOKENS)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "%d treasure tokens in play, %d put on tiles (T6.6)", tokens,
                            s->tokens_placed);
    return GAME_OK;
}

static int check_levels(const tikal_state *s, const tikal_counts *c, char *why, size_t why_len)
{
    for (int v = 0; v <= TIKAL_MAX_LEVEL; v++)
        if (c->uncovered[v] + s->level_supply[v] != tikal_level_tokens(v))
            return tikal_reason(GAME_EILLEGAL, why, why_len, "%d levels of value %d uncovered, %d left, not %d (T12.2)",
                                c->uncovered[v], v, s->level_supply[v], tikal_level_tokens(v));
    return GAME_OK;
}

int tikal_check(const tikal_state *s, char *why, size_t why_len)
{
    tikal_counts c;
    int rc;
    if (s->players < 2 || s->players > GAME_MAX_PLAYERS || s->auction > 1 || s->phase > TIKAL_PH_OVER ||
        s->actor < 0 || s->actor >= s->players || s->ap > TIKAL_AP || s->hand >= TIKAL_TILES)
        return tikal_reason(GAME_EILLEGAL, why, why_len,
                            "out of range: %d players, phase %d, actor %d, %d AP, tile in hand %d", s->players,
                            s->phase, s->actor, s->ap, s->hand);
    if ((rc = count_board(s, &c, why, why_len)) != GAME_OK)
        return rc;
    tikal_index index;
    tikal_index_of(s, &index);
    if (memcmp(&index, &s->index, sizeof index) != 0)
        return tikal_reason(GAME_EILLEGAL, why, why_len, "the board's masks (index) differ from its fields");
    for (int seat = 0; seat < GAME_MAX_PLAYERS; seat++)
        if ((rc = check_seat(s, &c, seat, why, why_len)) != GAME_OK)
            return rc;
    if ((rc = check_tiles(s, &c, why, why_len)) != GAME_OK || (rc = check_treasures(s, &c, why, why_len)) != GAME_OK ||
        (rc = check_levels(s, &c, why, why_len)) != GAME_OK)
        return rc;
    return GAME_OK;
}
