/*
 * tikal_board.c -- the static facts of Tikal: the component tables generated
 * from data/tikal.txt, their check against the rules (T1.1, T2.3, T2.5), the
 * board geometry (8x5 flat-topped hexes, odd columns half a hex lower) and
 * the names of fields and tiles.
 */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "tikal/tikal.h"
#include "tikal/tikal_internal.h"
#include "tikal_data.h"

const tikal_tile_def *tikal_tile(int tile)
{
    return &tikal_data_tiles[tile];
}

_Static_assert(TIKAL_DATA_PIECES == TIKAL_PIECE_PRINTED + TIKAL_DATA_START_COUNT &&
                   TIKAL_DATA_PIECES < TIKAL_PIECE_NONE,
               "a piece is one byte: the tiles in 6 rotations, then the pre-printed fields, then none");

_Static_assert(TIKAL_DATA_LANE_BITS == TIKAL_CROSSING_BITS, "the generated lanes are as wide as the engine reads them");

unsigned tikal_piece_stones(int piece)
{
    return tikal_data_piece_stones[(uint8_t)piece];
}

int tikal_piece_kind(int piece)
{
    return tikal_data_piece_kinds[(uint8_t)piece];
}

int tikal_piece_value(int piece)
{
    return tikal_data_piece_values[(uint8_t)piece];
}

uint32_t tikal_piece_lanes(int piece)
{
    return tikal_data_piece_lanes[(uint8_t)piece];
}

uint64_t tikal_piece_facing(int piece)
{
    return tikal_data_piece_facing[(uint8_t)piece];
}

uint64_t tikal_piece_facing_toward(int piece, int direction)
{
    return tikal_data_piece_facing_toward[direction][(uint8_t)piece];
}

int tikal_piece_exists(int piece)
{
    return piece >= 0 && piece < TIKAL_DATA_PIECES;
}

int tikal_start_piece(int field)
{
    return tikal_data_start_pieces[field];
}

int tikal_canonical_rotation(int tile, int rotation)
{
    unsigned lying = tikal_piece_stones(6 * tile + rotation);
    for (int r = 0; r < rotation; r++)
        if (tikal_piece_stones(6 * tile + r) == lying)
            return r;
    return rotation;
}

unsigned tikal_canonical_rotations(int tile)
{
    return tikal_data_canonical_rotations[tile];
}

const int32_t *tikal_six_bits(unsigned mask)
{
    return tikal_data_six_bits[mask & 63];
}

int tikal_six_bits_count(unsigned mask)
{
    return tikal_data_six_bits_count[mask & 63];
}

uint8_t tikal_level_tokens(int value)
{
    return tikal_data_levels[value];
}

int tikal_field_at(int column, int row)
{
    if (column < 0 || column >= TIKAL_COLS || row < 0 || row >= TIKAL_ROWS)
        return -1;
    return column * TIKAL_ROWS + row;
}

int tikal_neighbor(int field, int direction)
{
    return tikal_data_neighbors[field][direction];
}

const int8_t *tikal_neighbors(int field)
{
    return tikal_data_neighbors[field];
}

const uint8_t *tikal_neighbors_or_self(int field)
{
    return tikal_data_neighbor_or_self[field];
}

uint64_t tikal_board_lanes(int field)
{
    return tikal_data_board_lanes[field];
}

uint64_t tikal_volcano_tiles(void)
{
    return tikal_data_volcano_tiles;
}

uint64_t tikal_neighbor_mask(int field)
{
    return tikal_data_neighbor_masks[field];
}

/* Masks of the board's layout (field = column * TIKAL_ROWS + row): every
 * field, the first column, the top and bottom rows, the even columns. */
#define BOARD_ALL ((1ULL << TIKAL_FIELDS) - 1)
#define BOARD_COLUMN ((1ULL << TIKAL_ROWS) - 1)
#define BOARD_TOP (BOARD_ALL / BOARD_COLUMN)
#define BOARD_BOTTOM (BOARD_TOP << (TIKAL_ROWS - 1))
#define BOARD_EVEN (BOARD_COLUMN * (BOARD_ALL / ((1ULL << 2 * TIKAL_ROWS) - 1)))

uint64_t tikal_neighbors_of(uint64_t fields)
{
    /* N and S in the same column; from an even column the fields beside it
     * one row up and level, from an odd one (half a hex lower) level and
     * one row down; shifts past either end of the board fall off it. */
    uint64_t even = fields & BOARD_EVEN, odd = fields & ~BOARD_EVEN;
    uint64_t up = (fields & ~BOARD_TOP) >> 1 | (fields & ~BOARD_BOTTOM) << 1;
    uint64_t right = (even & ~BOARD_TOP) << (TIKAL_ROWS - 1) | fields << TIKAL_ROWS |
                     (odd & ~BOARD_BOTTOM) << (TIKAL_ROWS + 1);
    uint64_t left = (even & ~BOARD_TOP) >> (TIKAL_ROWS + 1) | fields >> TIKAL_ROWS |
                    (odd & ~BOARD_BOTTOM) >> (TIKAL_ROWS - 1);
    return (up | right | left) & BOARD_ALL;
}

int tikal_parse_field(const char *text)
{
    if (text[0] < 'a' || text[0] >= 'a' + TIKAL_COLS || text[1] < '1' || text[1] >= '1' + TIKAL_ROWS
        || text[2] != '\0')
        return -1;
    return tikal_field_at(text[0] - 'a', text[1] - '1');
}

void tikal_field_name(int field, char out[3])
{
    out[0] = (char)('a' + field / TIKAL_ROWS);
    out[1] = (char)('1' + field % TIKAL_ROWS);
    out[2] = '\0';
}

int tikal_tile_by_id(const char *text)
{
    for (int t = 0; t < TIKAL_TILES; t++)
        if (strcmp(tikal_data_tiles[t].id, text) == 0)
            return t;
    return -1;
}

int tikal_data_check(char *why, size_t why_len)
{
    static const int want_kind[6] = {0, 0, 10, 15, 8, 3}; /* T1.1 by tikal_kind */
    static const int want_group[7] = {6, 6, 5, 5, 5, 5, 4};
    static const int want_levels[11] = {0, 0, 3, 6, 9, 11, 8, 5, 3, 2, 1};
    int kinds[6] = {0}, groups[7] = {0}, volcanoes[7] = {0}, masks = 0;
    uint64_t volcano_tiles = 0;

    if (TIKAL_DATA_TILE_COUNT != TIKAL_TILES || TIKAL_DATA_COLS != TIKAL_COLS || TIKAL_DATA_ROWS != TIKAL_ROWS
        || strcmp(TIKAL_DATA_LAYOUT, "ODDQ_DOWN") != 0 || TIKAL_DATA_MOTIFS != TIKAL_MOTIFS
        || TIKAL_DATA_TOKENS_PER_MOTIF != TIKAL_TOKENS_PER_MOTIF || TIKAL_DATA_EXPLORERS != TIKAL_EXPLORERS
        || TIKAL_DATA_CAMPS != TIKAL_MAX_CAMPS || TIKAL_DATA_START_COUNT != 4) {
        snprintf(why, why_len, "T1.1: the board, tile or figure counts differ from the rules");
        return 1;
    }
    for (int t = 0; t < TIKAL_TILES; t++) {
        const tikal_tile_def *d = &tikal_data_tiles[t];
        int stones = 0, g = d->group - 'A';
        for (int e = 0; e < 6; e++)
            stones += d->stones[e];
        if (g < 0 || g > 6 || d->kind < TIKAL_JUNGLE || d->kind > TIKAL_VOLCANO) {
            snprintf(why, why_len, "tile %s: bad group or kind", d->id);
            return 1;
        }
        if (t > 0 && d->group < tikal_data_tiles[t - 1].group) { /* the stack's top is its lowest tile left */
            snprintf(why, why_len, "tile %s: tiles must be listed by back letter", d->id);
            return 1;
        }
        if ((d->kind == TIKAL_VOLCANO) != (stones == 0)) {
            snprintf(why, why_len, "T2.3: tile %s: a volcano has no stones, every other tile has some", d->id);
            return 1;
        }
        if (d->kind == TIKAL_TREASURE && (d->value < 2 || d->value > 4)) {
            snprintf(why, why_len, "T2.4: treasure tile %s shows %d masks, not 2-4", d->id, d->value);
            return 1;
        }
        if (d->kind == TIKAL_TEMPLE && d->value < 1) {
            snprintf(why, why_len, "T2.4: temple tile %s has no printed value", d->id);
            return 1;
        }
        kinds[d->kind]++;
        groups[g]++;
        volcanoes[g] += d->kind == TIKAL_VOLCANO;
        volcano_tiles |= (uint64_t)(d->kind == TIKAL_VOLCANO) << t;
        masks += d->kind == TIKAL_TREASURE ? d->value : 0;
    }
    for (int k = TIKAL_JUNGLE; k <= TIKAL_VOLCANO; k++)
        if (kinds[k] != want_kind[k]) {
            snprintf(why, why_len, "T1.1: %d tiles of kind %d, the rules have %d", kinds[k], k, want_kind[k]);
            return 1;
        }
    for (int g = 0; g < 7; g++) {
        if (groups[g] != want_group[g]) {
            snprintf(why, why_len, "T1.1: %d tiles with back %c, the rules have %d", groups[g], 'A' + g,
                     want_group[g]);
            return 1;
        }
        if (volcanoes[g] != (g == 1 || g == 3 || g == 5)) {
            snprintf(why, why_len, "T2.5: group %c must hold %s volcano", 'A' + g,
                     (g == 1 || g == 3 || g == 5) ? "exactly one" : "no");
            return 1;
        }
    }
    if (volcano_tiles != tikal_data_volcano_tiles) {
        snprintf(why, why_len, "the generated mask of volcano tiles differs from the tiles' kinds");
        return 1;
    }
    if (masks > TIKAL_TOKENS) {
        snprintf(why, why_len, "T6.6: the treasure tiles show %d masks, more than %d tokens", masks, TIKAL_TOKENS);
        return 1;
    }
    for (int v = 0; v <= TIKAL_MAX_LEVEL; v++)
        if (tikal_data_levels[v] != want_levels[v]) {
            snprintf(why, why_len, "T1.1: %d level tokens of value %d, the rules have %d", tikal_data_levels[v], v,
                     want_levels[v]);
            return 1;
        }
    for (int t = 0; t < TIKAL_TILES; t++)
        for (int r = 0; r < 6; r++)
            if ((tikal_canonical_rotations(t) >> r & 1) != (tikal_canonical_rotation(t, r) == r)) {
                snprintf(why, why_len, "T29.3: tile %s: the generated canonical rotations differ from its stones",
                         tikal_data_tiles[t].id);
                return 1;
            }
    for (int piece = 0; piece < 256; piece++) {
        uint64_t facing = tikal_data_piece_facing[piece];
        if ((facing >> 32 != 0) != (tikal_piece_exists(piece) && tikal_data_piece_kinds[piece] != TIKAL_VOLCANO) ||
            (facing >> 32 == 0 && (uint32_t)facing != 0)) {
            snprintf(why, why_len, "T6.7, T11.3: piece %d shows the wrong fields to stand on or stones nobody crosses",
                     piece);
            return 1;
        }
        for (int d = 0; d < 6; d++) {
            uint64_t lane = ((uint64_t)TIKAL_CROSSING_MASK << (TIKAL_CROSSING_BITS * d)) * 0x100000001ULL;
            if (tikal_piece_facing_toward(piece, d) != (facing & lane)) {
                snprintf(why, why_len, "piece %d: what it shows toward direction %d is not its lane of that direction",
                         piece, d);
                return 1;
            }
        }
    }
    for (unsigned mask = 0; mask < 64; mask++) {
        const int32_t *bit = tikal_six_bits(mask);
        int count = tikal_six_bits_count(mask), ascending = count == bits_count(mask);
        for (int i = 0; i < count && ascending; i++)
            ascending = bit[i] >= 0 && bit[i] < 6 && (mask >> bit[i] & 1) && (i == 0 || bit[i] > bit[i - 1]);
        if (!ascending) {
            snprintf(why, why_len, "the generated list of the set bits of %u is wrong", mask);
            return 1;
        }
    }
    for (int f = 0; f < TIKAL_FIELDS; f++)
        if (tikal_neighbors_of(1ULL << f) != tikal_data_neighbor_masks[f]) {
            snprintf(why, why_len, "field %d: the neighbours by shifts differ from the generated table", f);
            return 1;
        }
    for (int i = 0; i < TIKAL_DATA_START_COUNT; i++) {
        const tikal_start_def *st = &tikal_data_starts[i];
        int f = tikal_field_at(st->column, st->row);
        if (f < 0) {
            snprintf(why, why_len, "T2.1: pre-printed field %d lies off the board", i);
            return 1;
        }
        for (int e = 0; e < 6; e++)
            if (st->stones[e] && tikal_neighbor(f, e) < 0) {
                snprintf(why, why_len, "T2.5: pre-printed field %d has stones on an edge facing off the board", i);
                return 1;
            }
    }
    return 0;
}

int tikal_printed_value(const tikal_state *s, int field)
{
    int piece = s->piece[field];
    return tikal_piece_kind(piece) == TIKAL_TEMPLE ? tikal_piece_value(piece) : 0;
}

int tikal_levels_uncovered(const tikal_state *s, int field)
{
    int printed = tikal_printed_value(s, field);
    return printed == 0 ? 0 : tikal_sq_held(s->square[field]) - printed;
}
