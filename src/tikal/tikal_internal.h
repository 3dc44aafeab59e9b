/*
 * tikal_internal.h -- what the files of the Tikal engine share and nobody
 * else needs: access to the generated tables and the predicates that both
 * legal-action generation and validation use.
 */
#ifndef MAYA_TIKAL_INTERNAL_H
#define MAYA_TIKAL_INTERNAL_H

#include "tikal/tikal.h"

uint8_t tikal_level_tokens(int value);

/* Write a reason into why[why_len] (if why) and return status. */
int tikal_reason(int status, char *why, size_t why_len, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Is field the base camp or one of seat's camps, the ends of its secret
 * paths (T10.1, T10.2) and where it may deploy (T9.1, T9.2)? */
int tikal_is_camp_of(const tikal_state *s, int seat, int field);
/* Stones (tikal_field.stones), kind and printed value of a piece
 * (tikal_state.piece 0..255; none for TIKAL_PIECE_NONE and other numbers
 * that are no piece, which tikal_piece_exists tells); its stones as
 * crossing lanes, TIKAL_CROSSING_BITS a direction d from
 * TIKAL_CROSSING_BITS * d: those of the edge facing d;
 * what it shows a field whose neighbour it is in direction d
 * (tikal_piece_facing): in lane d of the low 32 bits the stones of its edge
 * facing back (facing away from d), and in the lanes 32 bits up every bit
 * if figures may stand on it (a piece, not a volcano: T6.7, T11.3), the low
 * lanes 0 if not; the pre-printed piece of a field, TIKAL_PIECE_NONE if it
 * has none. */
unsigned tikal_piece_stones(int piece);
int tikal_piece_kind(int piece);
int tikal_piece_value(int piece);
uint32_t tikal_piece_lanes(int piece);
uint64_t tikal_piece_facing(int piece);
uint64_t tikal_piece_facing_toward(int piece, int direction); /* tikal_piece_facing's lane d, in both halves */
int tikal_piece_exists(int piece);
int tikal_start_piece(int field);
/* The set bits of a 6-bit mask (directions, rotations) in ascending order,
 * then 0s to 8 entries; their count. */
const int32_t *tikal_six_bits(unsigned mask);
int tikal_six_bits_count(unsigned mask);
/* The rotations of tile that name its placements (T29.3): bit r if no
 * smaller rotation gives the same stones (tikal_canonical_rotation). */
unsigned tikal_canonical_rotations(int tile);
/* The neighbour of field in each direction 0..5, the field itself where it
 * has none; the lanes of the directions where it has one, in both 32-bit
 * halves (as tikal_piece_facing's). */
const uint8_t *tikal_neighbors_or_self(int field);
uint64_t tikal_board_lanes(int field);

/* T11.1: the cost (0..6, 0 if it cannot be crossed) of crossing from field
 * in each direction d, in the lane of bits TIKAL_CROSSING_BITS * d and up:
 * the word tikal_crossing_cost reads one direction of. A lane has a bit more
 * than a cost needs, so that adding up to 9 to every lane at once never
 * carries into the next. */
enum { TIKAL_CROSSING_BITS = 4, TIKAL_CROSSING_MASK = (1u << TIKAL_CROSSING_BITS) - 1 };
unsigned tikal_crossing_costs(const tikal_state *s, int field);

/* Parts of a tikal_state.square word (TIKAL_SQ_*). */
enum {
    TIKAL_SQ_EXPLORER_MASK = (1u << TIKAL_SQ_EXPLORER_BITS) - 1,
    TIKAL_SQ_HELD_MASK = 15u << TIKAL_SQ_HELD_SHIFT,
    TIKAL_SQ_GUARD_MASK = 7u << TIKAL_SQ_GUARD_SHIFT,
    TIKAL_SQ_CAMP_MASK = 7u << TIKAL_SQ_CAMP_SHIFT
};
#define TIKAL_SQ_ACTED_MASK (3u << TIKAL_SQ_ACTED_SHIFT)
static inline int tikal_sq_explorers(uint32_t square, int seat)
{
    return (int)(square >> (TIKAL_SQ_EXPLORER_BITS * seat) & TIKAL_SQ_EXPLORER_MASK);
}
static inline int tikal_sq_held(uint32_t square)
{
    return (int)((square & TIKAL_SQ_HELD_MASK) >> TIKAL_SQ_HELD_SHIFT);
}
static inline int tikal_sq_guard(uint32_t square)
{
    return (int)((square & TIKAL_SQ_GUARD_MASK) >> TIKAL_SQ_GUARD_SHIFT) - 1;
}
static inline int tikal_sq_camp(uint32_t square)
{
    return (int)((square & TIKAL_SQ_CAMP_MASK) >> TIKAL_SQ_CAMP_SHIFT) - 1;
}
static inline int tikal_sq_acted(uint32_t square)
{
    return (int)(square >> TIKAL_SQ_ACTED_SHIFT);
}

/* The index s->piece and s->square call for, into out (tikal_check compares). */
void tikal_index_of(const tikal_state *s, tikal_index *out);
/* The volcano tiles as a mask (bit t: tile t). */
uint64_t tikal_volcano_tiles(void);
/* Lowest back letter (0 = A) with a tile left in the stack, -1 if none. */
int tikal_top_group(const tikal_state *s);

#endif
