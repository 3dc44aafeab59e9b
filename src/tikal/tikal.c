/*
 * tikal.c -- the rules of Tikal: setup, legal actions, applying an action,
 * turn order, volcano scoring rounds, the auction and the final scoring
 * (rules/tikal.md). Legal-action generation and validation share the same
 * predicates, so what is listed is exactly what apply accepts. No heap, no
 * I/O; a failed apply leaves the state untouched.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "tikal/tikal.h"
#include "tikal/tikal_internal.h"

int tikal_reason(int status, char *why, size_t why_len, const char *format, ...)
{
    if (why && why_len) {
        va_list args;
        va_start(args, format);
        vsnprintf(why, why_len, format, args);
        va_end(args);
    }
    return status;
}

/* Refuse with a reason; the reason is only formatted when it is asked for
 * (legal-action generation asks with why NULL). */
#define refuse(why, why_len, ...) \
    ((why) != NULL && (why_len) > 0 ? tikal_reason(GAME_EILLEGAL, why, why_len, __VA_ARGS__) : GAME_EILLEGAL)

/* The name of field written into name, for a reason: passed to refuse, it
 * is written only when the reason is formatted. */
static const char *named(char name[3], int field)
{
    tikal_field_name(field, name);
    return name;
}

/* ---- static helpers over the state ------------------------------------ */

enum { STONE_BITS = 2, STONE_MASK = (1u << STONE_BITS) - 1 }; /* one edge's stones in tikal_field.stones (0..3) */

int tikal_field_stones(const tikal_state *s, int field, int edge)
{
    return (int)(tikal_piece_stones(s->piece[field]) >> (STONE_BITS * edge) & STONE_MASK);
}

int tikal_field_kind(const tikal_state *s, int field)
{
    return tikal_piece_kind(s->piece[field]);
}

int tikal_guard(const tikal_state *s, int field)
{
    return tikal_sq_guard(s->square[field]);
}

int tikal_temple_value(const tikal_state *s, int field)
{
    return s->index.kind[TIKAL_TEMPLE] >> field & 1 ? tikal_sq_held(s->square[field]) : 0;
}

int tikal_explorers(const tikal_state *s, int seat, int field)
{
    return tikal_sq_explorers(s->square[field], seat);
}

int tikal_leader_field(const tikal_state *s, int seat)
{
    return s->leader[seat];
}

enum { TREASURE_BITS = 2, TREASURE_MASK = (1u << TREASURE_BITS) - 1 }; /* one motif in tikal_player.treasures */

int tikal_treasures(const tikal_player *p, int motif)
{
    return (int)(p->treasures >> (TREASURE_BITS * motif) & TREASURE_MASK);
}

/* The motifs of which p holds exactly one token (T14.2): bit 2m for motif m. */
static unsigned single_motifs(const tikal_player *p)
{
    unsigned low = p->treasures & 0x5555u, high = p->treasures >> 1 & 0x5555u;
    return low & ~high;
}

void tikal_set_treasures(tikal_player *p, int motif, int count)
{
    assert(count >= 0 && count <= TIKAL_TOKENS_PER_MOTIF);
    unsigned shift = TREASURE_BITS * (unsigned)motif;
    p->treasures = (p->treasures & ~(TREASURE_MASK << shift)) | (unsigned)count << shift;
}

/* Tiles not yet drawn or revealed, bit t for tile t. */
static uint64_t stack_left(const tikal_state *s)
{
    return ~s->stack_used & ((1ULL << TIKAL_TILES) - 1);
}

int tikal_top_group(const tikal_state *s)
{
    /* Tiles are listed by back letter (tikal_data_check), so the top group is
     * that of the lowest tile left. */
    uint64_t left = stack_left(s);
    return left ? tikal_tile(__builtin_ctzll(left))->group - 'A' : -1;
}

static int explored(const tikal_state *s, int field)
{
    return field >= 0 && !(s->index.kind[TIKAL_EMPTY] >> field & 1);
}

#define ALL_FIELDS ((1ULL << TIKAL_FIELDS) - 1) /* bit f for every field f */

/* What the neighbours of field show it (tikal_piece_facing), each in its
 * direction's lane: in the low 32 bits the stones facing back across each
 * edge, in the high 32 bits the lanes of the neighbours figures may stand
 * on; 0 in the lanes of directions off the board. Lanes do not overlap, so
 * the sum is their union (no branch, no loop). */
static uint64_t neighbors_facing(const tikal_state *s, int field)
{
    const uint8_t *around = tikal_neighbors_or_self(field);
#define FACING(d) tikal_piece_facing_toward(s->piece[around[d]], d)
    uint64_t sum = FACING(0) + FACING(1) + FACING(2) + FACING(3) + FACING(4) + FACING(5);
#undef FACING
    return sum & tikal_board_lanes(field);
}

/* T11.1: the cost of crossing from field, a field figures may stand on
 * (T6.7, T11.3: one with a figure is), in each direction d (the stones on
 * both sides of the edge, 0 if it cannot be crossed) in lane d: the
 * field's lanes where the neighbour may be stood on plus the neighbours'
 * stones facing back (0 where nobody may stand; at most 3 + 3, so lanes
 * never carry). */
static unsigned crossings_from_walkable(const tikal_state *s, int field)
{
    assert(tikal_piece_facing(s->piece[field]) >> 32);
    uint64_t near = neighbors_facing(s, field);
    return (tikal_piece_lanes(s->piece[field]) & (uint32_t)(near >> 32)) + (uint32_t)near;
}

/* crossings_from_walkable of any field: 0 on a field nobody may stand on. */
static unsigned crossings_from(const tikal_state *s, int field)
{
    if (!(tikal_piece_facing(s->piece[field]) >> 32))
        return 0;
    return crossings_from_walkable(s, field);
}

#define LANE_ONES 0x111111u /* 1 in the lowest bit of each direction's lane */
_Static_assert(TIKAL_CROSSING_BITS == 4, "LANE_ONES has a lane every 4 bits");

/* The crossings in costs (crossings_from) that cost 1..ap (T11.1: a cost 0
 * is no crossing), as the top bit of their lanes: a cost of 1..6 plus 7
 * reaches it, and one of at most a = min(ap, 7) plus 7 - a does not. */
static unsigned affordable(unsigned costs, int ap)
{
    unsigned most = ap < 7 ? (unsigned)ap : 7;
    return (costs + 7 * LANE_ONES) & ~(costs + (7 - most) * LANE_ONES) & 8 * LANE_ONES;
}

unsigned tikal_crossing_costs(const tikal_state *s, int field)
{
    return crossings_from(s, field);
}

/* The square word of field with the value of part (mask, shift) replaced. */
static void set_square_part(tikal_state *s, int field, uint32_t mask, int shift, unsigned value)
{
    assert((value << shift & ~mask) == 0);
    s->square[field] = (s->square[field] & ~mask) | value << shift;
}

/* Add field to the camps of seat in the index (tikal_index.camps: kept
 * ascending); the seat has fewer than TIKAL_MAX_CAMPS. */
static void index_camp(tikal_index *x, int seat, int field)
{
    uint8_t *camps = x->camps[seat], at = (uint8_t)(field + 1);
    _Static_assert(TIKAL_MAX_CAMPS == 2, "a seat's camps are a sorted pair");
    assert(camps[0] == 0 && camps[1] != at);
    camps[0] = camps[1] < at ? camps[1] : at;
    camps[1] = camps[1] < at ? at : camps[1];
}

/* The camps seat built, as a mask (a 0 of tikal_index.camps shifts to
 * bit 0, which the final shift drops). */
static uint64_t built_camps_of(const tikal_index *x, int seat)
{
    return ((1ULL << x->camps[seat][0]) | (1ULL << x->camps[seat][1])) >> 1;
}

/* Every camp built, as a mask. */
static uint64_t built_camps(const tikal_index *x)
{
    uint64_t camps = 0;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        camps |= built_camps_of(x, p);
    return camps;
}

void tikal_index_of(const tikal_state *s, tikal_index *out)
{
    memset(out, 0, sizeof *out);
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        uint64_t bit = 1ULL << f;
        uint32_t sq = s->square[f];
        int camp = tikal_sq_camp(sq);
        out->kind[tikal_piece_kind(s->piece[f])] |= bit;
        for (int p = 0; p < GAME_MAX_PLAYERS; p++)
            out->explorers[p] |= tikal_sq_explorers(sq, p) > 0 ? bit : 0;
        if (camp >= 0 && out->camps[camp][0] == 0) /* a third camp is beyond T15.1c: tikal_check refuses it */
            index_camp(out, camp, f);
    }
}

void tikal_reindex(tikal_state *s)
{
    tikal_index_of(s, &s->index);
}

tikal_field tikal_field_info(const tikal_state *s, int field)
{
    tikal_field f;
    int piece = s->piece[field], held = tikal_sq_held(s->square[field]), acted = tikal_sq_acted(s->square[field]);
    uint32_t sq = s->square[field];
    memset(&f, 0, sizeof f);
    f.stones = (uint16_t)tikal_piece_stones(piece);
    f.kind = (uint8_t)tikal_piece_kind(piece);
    f.tile = (int8_t)(piece < TIKAL_PIECE_PRINTED ? piece / 6 : -1);
    f.rotation = (uint8_t)(piece < TIKAL_PIECE_PRINTED ? piece % 6 : 0);
    f.value = (uint8_t)(f.kind == TIKAL_TEMPLE ? held : 0);
    f.tokens = (uint8_t)(f.kind == TIKAL_TREASURE ? held : 0);
    f.camp = (int8_t)tikal_sq_camp(sq);
    f.guard = (int8_t)tikal_sq_guard(sq);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        f.leaders |= (uint8_t)((s->leader[p] == field) << p);
        f.explorers[p] = (uint8_t)tikal_sq_explorers(sq, p);
    }
    f.levels_this_turn = (uint8_t)(f.kind == TIKAL_TEMPLE ? acted : 0);
    f.digs_this_turn = (uint8_t)(f.kind == TIKAL_TREASURE ? acted : 0);
    return f;
}

int tikal_set_field(tikal_state *s, int field, const tikal_field *f)
{
    int piece, kind, held, acted = f->levels_this_turn + f->digs_this_turn;
    uint32_t sq = 0;
    if (field < 0 || field >= TIKAL_FIELDS)
        return GAME_EOPTION;
    if (f->tile >= 0)
        piece = f->tile < TIKAL_TILES && f->rotation < 6 ? 6 * f->tile + f->rotation : -1;
    else
        piece = f->kind == TIKAL_EMPTY ? TIKAL_PIECE_NONE : tikal_start_piece(field);
    kind = piece >= 0 ? tikal_piece_kind(piece) : -1;
    if (piece < 0 || (f->tile < 0 && kind != f->kind) || (kind != TIKAL_TEMPLE && f->value) ||
        (kind != TIKAL_TREASURE && f->tokens) || f->value > TIKAL_MAX_LEVEL || f->tokens > 15 || acted > 2 ||
        (kind != TIKAL_TEMPLE && f->levels_this_turn) || (kind != TIKAL_TREASURE && f->digs_this_turn) ||
        f->camp >= GAME_MAX_PLAYERS || f->guard >= GAME_MAX_PLAYERS || f->leaders >> GAME_MAX_PLAYERS)
        return GAME_EOPTION;
    if (f->camp >= 0 && bits_count(built_camps_of(&s->index, f->camp) & ~(1ULL << field)) >= TIKAL_MAX_CAMPS)
        return GAME_EOPTION; /* T15.1c: the index holds a seat's camps only */
    held = kind == TIKAL_TEMPLE ? f->value : f->tokens;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        if (f->explorers[p] > TIKAL_EXPLORERS)
            return GAME_EOPTION;
        sq |= (uint32_t)f->explorers[p] << (TIKAL_SQ_EXPLORER_BITS * p);
    }
    sq |= (uint32_t)held << TIKAL_SQ_HELD_SHIFT | (uint32_t)(f->guard + 1) << TIKAL_SQ_GUARD_SHIFT |
          (uint32_t)(f->camp + 1) << TIKAL_SQ_CAMP_SHIFT | (uint32_t)acted << TIKAL_SQ_ACTED_SHIFT;
    s->piece[field] = (uint8_t)piece;
    s->square[field] = sq;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        if (f->leaders >> p & 1)
            s->leader[p] = (int8_t)field;
        else if (s->leader[p] == field)
            s->leader[p] = -1;
    tikal_reindex(s);
    return GAME_OK;
}

static int has_leader(const tikal_state *s, int seat, int field)
{
    return s->leader[seat] == field;
}

static int own_figures(const tikal_state *s, int seat, int field)
{
    return tikal_sq_explorers(s->square[field], seat) + has_leader(s, seat, field);
}

static int has_figure(const tikal_state *s, int seat, int field, int figure)
{
    return figure ? has_leader(s, seat, field) : tikal_sq_explorers(s->square[field], seat) > 0;
}

static int motifs_left(const tikal_state *s, int motif)
{
    int held = 0;
    for (int p = 0; p < s->players; p++)
        held += tikal_treasures(&s->player[p], motif);
    return TIKAL_TOKENS_PER_MOTIF - held;
}

int tikal_is_camp_of(const tikal_state *s, int seat, int field)
{
    return (s->index.kind[TIKAL_BASECAMP] >> field & 1) || tikal_sq_camp(s->square[field]) == seat;
}

/* The base camp and seat's camps as a mask (T9.1, T10.1). */
static uint64_t camps_of(const tikal_state *s, int seat)
{
    return s->index.kind[TIKAL_BASECAMP] | built_camps_of(&s->index, seat);
}

int tikal_strength(const tikal_state *s, int seat, int field)
{
    return tikal_sq_explorers(s->square[field], seat) + TIKAL_LEADER_STRENGTH * has_leader(s, seat, field);
}

int tikal_majority(const tikal_state *s, int field)
{
    int best = 0, holder = -1;
    for (int p = 0; p < s->players; p++) {
        int strength = tikal_strength(s, p, field);
        if (strength > best) {
            best = strength;
            holder = p;
        } else if (strength == best) {
            holder = -1;
        }
    }
    return best > 0 ? holder : -1;
}

int tikal_crossing_cost(const tikal_state *s, int field, int direction)
{
    int to = tikal_neighbor(field, direction);
    if (to < 0)
        return 0;
    uint64_t here = tikal_piece_facing(s->piece[field]), there = tikal_piece_facing(s->piece[to]);
    unsigned shift = TIKAL_CROSSING_BITS * (unsigned)direction;
    if (!(here >> 32) || !(there >> 32))
        return 0;
    return (int)((tikal_piece_lanes(s->piece[field]) >> shift & TIKAL_CROSSING_MASK) +
                 (there >> shift & TIKAL_CROSSING_MASK));
}

int tikal_treasure_set_points(int tokens)
{
    static const int points[TIKAL_TOKENS_PER_MOTIF + 1] = {0, 1, 3, 6}; /* T18.3: 1, 2, 3 tokens of a motif */
    assert(tokens >= 0 && tokens <= TIKAL_TOKENS_PER_MOTIF);
    return points[tokens];
}

int tikal_treasure_points(const tikal_player *p)
{
    int total = 0;
    for (int m = 0; m < TIKAL_MOTIFS; m++)
        total += tikal_treasure_set_points(tikal_treasures(p, m));
    return total;
}

uint64_t tikal_fields_of_kind(const tikal_state *s, int kind)
{
    assert(kind >= TIKAL_EMPTY && kind <= TIKAL_VOLCANO);
    return s->index.kind[kind];
}

/* The field of seat's leader as a mask, 0 while it is off the board. */
static uint64_t leader_mask(const tikal_state *s, int seat)
{
    return s->leader[seat] >= 0 ? 1ULL << s->leader[seat] : 0;
}

uint64_t tikal_figure_fields(const tikal_state *s, int seat)
{
    return s->index.explorers[seat] | leader_mask(s, seat);
}

uint64_t tikal_occupied_fields(const tikal_state *s)
{
    uint64_t occupied = 0;
    for (int p = 0; p < s->players; p++)
        occupied |= tikal_figure_fields(s, p);
    return occupied;
}

int tikal_figures_on_board(const tikal_state *s, int seat)
{
    /* Every figure is on the board, in the supply, removed or a guard
     * (T3.1; tikal_check holds the sum). */
    const tikal_player *p = &s->player[seat];
    return TIKAL_EXPLORERS + 1 - p->explorers_in_supply - p->leader_in_supply - p->removed - p->guards_placed;
}

int tikal_volcanoes_left(const tikal_state *s)
{
    return bits_count(stack_left(s) & tikal_volcano_tiles());
}

/* Who scores the temple on field now (T18.1): its guard, else the seat with
 * the majority; -1 nobody. occupied: fields with any figure. */
static int temple_scorer(const tikal_state *s, int field, uint64_t occupied)
{
    int guard = tikal_sq_guard(s->square[field]);
    assert(tikal_field_kind(s, field) == TIKAL_TEMPLE && guard < s->players);
    if (guard >= 0)
        return guard;
    return occupied >> field & 1 ? tikal_majority(s, field) : -1;
}

/* T18: what seat scores now, each temple and treasure set told into trace
 * (NULL: only counted). */
static int self_score(const tikal_state *s, int seat, game_score_trace *trace)
{
    const tikal_player *pl = &s->player[seat];
    uint64_t occupied = tikal_occupied_fields(s);
    int total = 0;
    for (uint64_t temples = s->index.kind[TIKAL_TEMPLE]; temples; temples &= temples - 1) {
        int f = __builtin_ctzll(temples);
        if (temple_scorer(s, f, occupied) != seat)
            continue;
        int guarded = tikal_sq_guard(s->square[f]) == seat, value = tikal_sq_held(s->square[f]);
        total += value;
        if (trace) {
            char name[3];
            tikal_field_name(f, name);
            game_score_tell(trace, seat, value, guarded ? "guarded temple" : "temple", "T18.1", name,
                            "temple %s %s, value %d", name, guarded ? "guarded" : "majority", value);
        }
    }
    for (int m = 0; m < TIKAL_MOTIFS; m++) {
        int held = tikal_treasures(pl, m), points = tikal_treasure_set_points(held);
        total += points;
        if (trace && points) {
            char motif[2] = {(char)('1' + m), '\0'};
            game_score_tell(trace, seat, points, "treasure", "T18.3", motif, "treasure %s: %d token%s", motif,
                            held, held == 1 ? "" : "s");
        }
    }
    return total;
}

int tikal_self_score(const tikal_state *s, int seat)
{
    return self_score(s, seat, NULL);
}

void tikal_self_scores(const tikal_state *s, int *out)
{
    uint64_t occupied = tikal_occupied_fields(s);
    for (int p = 0; p < s->players; p++)
        out[p] = tikal_treasure_points(&s->player[p]);
    for (uint64_t temples = s->index.kind[TIKAL_TEMPLE]; temples; temples &= temples - 1) {
        int f = __builtin_ctzll(temples), scorer = temple_scorer(s, f, occupied);
        if (scorer >= 0)
            out[scorer] += tikal_sq_held(s->square[f]);
    }
}

/* ---- placement (T6) --------------------------------------------------- */

enum { ALL_ROTATIONS = 63 }; /* bit r: rotation r, for each of 0..5 */

/* The rotations lanes[r] of a tile (tikal_piece_lanes of 6 * tile + r). */
static void tile_lanes(int tile, uint32_t lanes[6])
{
    for (int r = 0; r < 6; r++)
        lanes[r] = tikal_piece_lanes(6 * tile + r);
}

/* T6.2/T6.3: the rotations r (bit r) in which the tile whose rotations'
 * lanes are `lanes` meets the path condition on an empty field whose
 * neighbours show it `near` (neighbors_facing): some edge it shares with a
 * non-volcano explored field carries stones, on either side. */
static unsigned path_rotations(uint64_t near, const uint32_t lanes[6])
{
    uint32_t open = (uint32_t)(near >> 32);
    if ((uint32_t)near)
        return ALL_ROTATIONS;
#define PATH(r) ((unsigned)((lanes[r] & open) != 0) << (r))
    return PATH(0) | PATH(1) | PATH(2) | PATH(3) | PATH(4) | PATH(5);
#undef PATH
}

/* The fields not yet explored that border an explored one (T6.1) as a mask
 * into frontier, and the rotations in which the tile whose rotations' lanes
 * are `lanes` meets the path condition on each into rotations (the other
 * fields untouched); returns whether some placement does (R5). */
static int placement_rotations(const tikal_state *s, const uint32_t lanes[6], uint8_t rotations[TIKAL_FIELDS],
                               uint64_t *frontier)
{
    unsigned any = 0;
    uint64_t empty = s->index.kind[TIKAL_EMPTY];
    *frontier = empty & tikal_neighbors_of(~empty & ALL_FIELDS);
    for (uint64_t left = *frontier; left; left &= left - 1) {
        int f = __builtin_ctzll(left);
        rotations[f] = (uint8_t)path_rotations(neighbors_facing(s, f), lanes);
        any |= rotations[f];
    }
    return any != 0;
}

/* Placing the tile in hand on field in rotation. Only when the placement
 * itself has no path is the rest of the frontier looked at (R5). */
static int check_place(const tikal_state *s, int field, int rotation, char *why, size_t why_len)
{
    char name[3];
    int tile = s->hand;
    if (explored(s, field))
        return refuse(why, why_len, "%s is already explored (T6.1)", named(name, field));
    if (!(tikal_neighbor_mask(field) & ~s->index.kind[TIKAL_EMPTY]))
        return refuse(why, why_len, "%s does not border an explored field (T6.1)", named(name, field));
    if (!(tikal_canonical_rotations(tile) >> rotation & 1))
        return refuse(why, why_len, "r%d gives the same stones as r%d: name the placement by r%d (T29.3)",
                      rotation, tikal_canonical_rotation(tile, rotation), tikal_canonical_rotation(tile, rotation));
    uint32_t lanes[6];
    uint8_t rotations[TIKAL_FIELDS];
    uint64_t frontier;
    tile_lanes(tile, lanes);
    if (tikal_tile(tile)->kind == TIKAL_VOLCANO ||
        (path_rotations(neighbors_facing(s, field), lanes) >> rotation & 1) ||
        !placement_rotations(s, lanes, rotations, &frontier))
        return GAME_OK; /* T6.4, T6.2, R5 */
    return refuse(why, why_len,
                  "no stones on any edge %s r%d shares with an explored field that is not a volcano (T6.2, R4)",
                  named(name, field), rotation);
}

/* ---- AP actions (T9-T16) ---------------------------------------------- */

static const char *const figure_name[2] = {"explorer", "leader"};

static int check_ap(const tikal_state *s, int cost, const char *what, char *why, size_t why_len)
{
    if (s->ap < cost)
        return refuse(why, why_len, "not enough action points: %s costs %d, %d left", what, cost, s->ap);
    return GAME_OK;
}

static int check_deploy(const tikal_state *s, int figure, int field, char *why, size_t why_len)
{
    const tikal_player *p = &s->player[s->actor];
    char name[3];
    if (figure ? !p->leader_in_supply : p->explorers_in_supply == 0)
        return refuse(why, why_len, "no %s left in your supply (T9.1)", figure_name[figure]);
    if (!tikal_is_camp_of(s, s->actor, field))
        return refuse(why, why_len, "%s is neither the base camp nor one of your camps (T9.1, T9.2)",
                      named(name, field));
    return check_ap(s, TIKAL_AP_DEPLOY, "deploying", why, why_len);
}

static int check_path(const tikal_state *s, int figure, int from, int to, char *why, size_t why_len)
{
    char a[3], b[3];
    if (from == to || !tikal_is_camp_of(s, s->actor, from) || !tikal_is_camp_of(s, s->actor, to))
        return refuse(why, why_len, "secret paths join the base camp and your own camps only, %s to %s is none (T10.1)",
                      named(a, from), named(b, to));
    if (!has_figure(s, s->actor, from, figure))
        return refuse(why, why_len, "you have no %s on %s", figure_name[figure], named(a, from));
    return check_ap(s, TIKAL_AP_PATH, "a secret path", why, why_len);
}

static int check_move(const tikal_state *s, int figure, int from, int direction, char *why, size_t why_len)
{
    char a[3], b[3];
    int to = tikal_neighbor(from, direction), cost;
    if (to < 0)
        return refuse(why, why_len, "%s has no neighbour that way", named(a, from));
    if (!has_figure(s, s->actor, from, figure))
        return refuse(why, why_len, "you have no %s on %s", figure_name[figure], named(a, from));
    if (!explored(s, to))
        return refuse(why, why_len, "%s is not explored (T11.3)", named(b, to));
    if (s->index.kind[TIKAL_VOLCANO] >> to & 1)
        return refuse(why, why_len, "nobody may enter a volcano (T6.7)");
    cost = tikal_crossing_cost(s, from, direction);
    if (cost == 0)
        return refuse(why, why_len, "no stones between %s and %s: the edge cannot be crossed (T11.2)", named(a, from),
                      named(b, to));
    return check_ap(s, cost, "the crossing", why, why_len);
}

static int check_uncover(const tikal_state *s, int field, char *why, size_t why_len)
{
    uint32_t sq = s->square[field];
    int levels = tikal_sq_acted(sq), value = tikal_sq_held(sq);
    char name[3];
    if (!(s->index.kind[TIKAL_TEMPLE] >> field & 1))
        return refuse(why, why_len, "%s is not a temple (T12.1a)", named(name, field));
    if (tikal_sq_guard(sq) >= 0)
        return refuse(why, why_len, "the temple on %s is guarded and frozen (T16.5)", named(name, field));
    if (levels >= TIKAL_LEVELS_PER_TURN)
        return refuse(why, why_len, "%d levels of %s are already uncovered this turn (T12.3)", levels,
                      named(name, field));
    if (own_figures(s, s->actor, field) < levels + 1)
        return refuse(why, why_len, "level %d of %s this turn needs %d of your figures there (T12.5)", levels + 1,
                      named(name, field), levels + 1);
    if (value >= TIKAL_MAX_LEVEL || s->level_supply[value + 1] == 0)
        return refuse(why, why_len, "no level token of value %d is left (T12.4)", value + 1);
    return check_ap(s, TIKAL_AP_UNCOVER, "uncovering a level", why, why_len);
}

static int check_dig(const tikal_state *s, int field, char *why, size_t why_len)
{
    uint32_t sq = s->square[field];
    int digs = tikal_sq_acted(sq);
    char name[3];
    if (!(s->index.kind[TIKAL_TREASURE] >> field & 1))
        return refuse(why, why_len, "%s is not a treasure field (T13.1a)", named(name, field));
    if (tikal_sq_held(sq) == 0)
        return refuse(why, why_len, "no treasure is left on %s (T13.1a)", named(name, field));
    if (digs >= TIKAL_DIGS_PER_TURN)
        return refuse(why, why_len, "%d treasures of %s are already dug this turn (T13.3)", digs, named(name, field));
    if (own_figures(s, s->actor, field) < digs + 1)
        return refuse(why, why_len, "dig %d on %s this turn needs %d of your figures there (T13.4)", digs + 1,
                      named(name, field), digs + 1);
    return check_ap(s, TIKAL_AP_DIG, "digging", why, why_len);
}

static int check_build(const tikal_state *s, int field, char *why, size_t why_len)
{
    uint32_t sq = s->square[field];
    int kind = tikal_field_kind(s, field);
    char name[3];
    if (s->player[s->actor].camps_built >= TIKAL_MAX_CAMPS)
        return refuse(why, why_len, "you have built both your camps (T15.1c)");
    if (!(kind == TIKAL_JUNGLE || (kind == TIKAL_TREASURE && tikal_sq_held(sq) == 0)))
        return refuse(why, why_len, "camps go on jungle or emptied treasure fields, %s is neither (T15.1a)",
                      named(name, field));
    if (tikal_sq_camp(sq) >= 0)
        return refuse(why, why_len, "%s already has a camp (T15.1b)", named(name, field));
    return check_ap(s, TIKAL_AP_BUILD, "a camp", why, why_len);
}

static int check_guard(const tikal_state *s, int field, char *why, size_t why_len)
{
    char name[3];
    if (s->player[s->actor].guards_placed >= TIKAL_MAX_GUARDS)
        return refuse(why, why_len, "you have placed both your guards (T16.1c)");
    if (!(s->index.kind[TIKAL_TEMPLE] >> field & 1))
        return refuse(why, why_len, "%s is not a temple (T16.1a)", named(name, field));
    if (tikal_sq_guard(s->square[field]) >= 0)
        return refuse(why, why_len, "the temple on %s already has a guard (R16)", named(name, field));
    if (tikal_majority(s, field) != s->actor)
        return refuse(why, why_len, "you do not have the majority on %s (T16.1b, T8.4)", named(name, field));
    return check_ap(s, TIKAL_AP_GUARD, "a guard", why, why_len);
}

static int check_swap(const tikal_state *s, int give, int seat, int take, char *why, size_t why_len)
{
    if (seat == s->actor || seat >= s->players)
        return refuse(why, why_len, "exchange with another player's seat (T14.1)");
    if (tikal_treasures(&s->player[s->actor], give) != 1)
        return refuse(why, why_len, "you can give only a single treasure, not motif %d (T14.2)", give + 1);
    if (tikal_treasures(&s->player[seat], take) != 1)
        return refuse(why, why_len, "you can take only a single treasure, seat %d has no single motif %d (T14.2)",
                      seat + 1, take + 1);
    return check_ap(s, TIKAL_AP_SWAP, "an exchange", why, why_len);
}

/* ---- validation of any action ----------------------------------------- */

/* The tiles on display (T21) as a mask, bit t for tile t. */
static uint64_t display_tiles(const tikal_state *s)
{
    uint64_t tiles = 0;
    for (int i = 0; i < s->players; i++)
        if (s->display[i] >= 0)
            tiles |= 1ULL << s->display[i];
    return tiles;
}

static const char *const phase_wants[] = {
    "a tile to be drawn", "a tile to be revealed", "the treasure found to be named",
    "a bid or a pass", "the auction winner to take a tile", "the tile in hand to be placed",
    "an action or the end of the turn", "nothing: the game is over"};

/* The action of a family of AP actions (T9-T16) in the actions phase. */
/* Not inlined: at the end of validate's tests the compiler would take it for
 * cold code and decode the action with the slow divide instruction. */
__attribute__((noinline)) static int check_ap_action(const tikal_state *s, int action, char *why, size_t why_len)
{
    unsigned k;
    if (action < TIKAL_A_PATH) {
        k = (unsigned)action - TIKAL_A_DEPLOY;
        return check_deploy(s, (int)(k / TIKAL_FIELDS), (int)(k % TIKAL_FIELDS), why, why_len);
    }
    if (action < TIKAL_A_MOVE) {
        k = (unsigned)action - TIKAL_A_PATH;
        return check_path(s, (int)(k / (TIKAL_FIELDS * TIKAL_FIELDS)), (int)(k / TIKAL_FIELDS % TIKAL_FIELDS),
                          (int)(k % TIKAL_FIELDS), why, why_len);
    }
    if (action < TIKAL_A_UNCOVER) {
        k = (unsigned)action - TIKAL_A_MOVE;
        return check_move(s, (int)(k / (TIKAL_FIELDS * 6)), (int)(k / 6 % TIKAL_FIELDS), (int)(k % 6), why, why_len);
    }
    if (action < TIKAL_A_DIG)
        return check_uncover(s, action - TIKAL_A_UNCOVER, why, why_len);
    if (action < TIKAL_A_BUILD)
        return check_dig(s, action - TIKAL_A_DIG, why, why_len);
    if (action < TIKAL_A_GUARD)
        return check_build(s, action - TIKAL_A_BUILD, why, why_len);
    if (action < TIKAL_A_SWAP)
        return check_guard(s, action - TIKAL_A_GUARD, why, why_len);
    k = (unsigned)action - TIKAL_A_SWAP;
    return check_swap(s, (int)(k / 32), (int)(k / 8 % 4), (int)(k % 8), why, why_len);
}

/* Is action legal now? The phase first, then the families it allows. */
static int validate(const tikal_state *s, int action, char *why, size_t why_len)
{
    if (action < 0 || action >= TIKAL_NUM_ACTIONS)
        return refuse(why, why_len, "no such action");
    switch (s->phase) {
    case TIKAL_PH_ACTIONS:
        if (action == TIKAL_A_END)
            return GAME_OK;
        if (action >= TIKAL_A_DEPLOY && action < TIKAL_A_TAKE)
            return check_ap_action(s, action, why, why_len);
        break;
    case TIKAL_PH_PLACE:
        if (action >= TIKAL_A_PLACE && action < TIKAL_A_DEPLOY) {
            unsigned k = (unsigned)action - TIKAL_A_PLACE;
            return check_place(s, (int)(k / 6), (int)(k % 6), why, why_len);
        }
        break;
    case TIKAL_PH_DRAW:
    case TIKAL_PH_REVEAL: {
        int tile = action - (s->phase == TIKAL_PH_DRAW ? TIKAL_A_DRAW : TIKAL_A_REVEAL);
        if (tile >= 0 && tile < TIKAL_TILES) {
            if (s->stack_used >> tile & 1)
                return refuse(why, why_len, "tile %s is no longer in the stack", tikal_tile(tile)->id);
            if (tikal_tile(tile)->group - 'A' != tikal_top_group(s))
                return refuse(why, why_len, "tile %s is not in the top group %c of the stack (T3.2)",
                              tikal_tile(tile)->id, 'A' + tikal_top_group(s));
            return GAME_OK;
        }
        break;
    }
    case TIKAL_PH_TREASURE:
        if (action >= TIKAL_A_TREASURE) {
            if (motifs_left(s, action - TIKAL_A_TREASURE) <= 0)
                return refuse(why, why_len, "all tokens of motif %d are already dug (R1)",
                              action - TIKAL_A_TREASURE + 1);
            return GAME_OK;
        }
        break;
    case TIKAL_PH_BID:
        if (action == TIKAL_A_PASS)
            return GAME_OK;
        if (action >= TIKAL_A_BID && action < TIKAL_A_DRAW) {
            int bid = action - TIKAL_A_BID + 1;
            if (bid <= s->high_bid)
                return refuse(why, why_len, "a bid must beat the highest bid, %d (T22.4)", s->high_bid);
            if (bid > s->player[s->actor].score)
                return refuse(why, why_len, "you cannot bid more than your score, %d (R19)",
                              s->player[s->actor].score);
            return GAME_OK;
        }
        break;
    case TIKAL_PH_TAKE:
        if (action >= TIKAL_A_TAKE && action < TIKAL_A_BID) {
            if (!(display_tiles(s) >> (action - TIKAL_A_TAKE) & 1))
                return refuse(why, why_len, "tile %s is not on display", tikal_tile(action - TIKAL_A_TAKE)->id);
            return GAME_OK;
        }
        break;
    default:
        break;
    }
    return refuse(why, why_len, "not now: the game waits for %s", phase_wants[s->phase]);
}

/* ---- legal actions ------------------------------------------------------ */

enum { SIX_WRITTEN = 8 }; /* entries put_six writes, its list and what follows (tikal_six_bits) */

/* Lists write into out[TIKAL_LEGAL_MAX] without a check: the longest lists
 * of every phase are within it. An actions phase lists the end, either figure
 * deployed on the base camp or a camp, secret paths between those, six moves
 * from each field of the 18 explorers and the leader, uncovering, digging,
 * building and guarding on every field, and exchanges (motif given, seat,
 * motif taken); a bid lists the pass and every bid; a placement at most the
 * six rotations on every field; a draw or reveal the tiles, the treasure the
 * motifs, the take the display. The moves and placements write up to
 * SIX_WRITTEN - 1 entries past the list (put_six). */
_Static_assert(1 + 2 * (1 + TIKAL_MAX_CAMPS) * (1 + 1 + TIKAL_MAX_CAMPS) + (TIKAL_EXPLORERS + 1) * 6 +
                       4 * TIKAL_FIELDS + TIKAL_MOTIFS * (GAME_MAX_PLAYERS - 1) * TIKAL_MOTIFS + SIX_WRITTEN - 1 <=
                   TIKAL_LEGAL_MAX,
               "an actions phase lists at most TIKAL_LEGAL_MAX actions, with what its moves write past the list");
_Static_assert(1 + TIKAL_BID_MAX <= TIKAL_LEGAL_MAX && 6 * TIKAL_FIELDS + SIX_WRITTEN - 1 <= TIKAL_LEGAL_MAX &&
                   TIKAL_TILES <= TIKAL_LEGAL_MAX && TIKAL_MOTIFS <= TIKAL_LEGAL_MAX,
               "a bid, a placement (with what it writes past the list),"
               " a draw and a treasure list at most TIKAL_LEGAL_MAX");
#define PUT(a) (out[n++] = (a))
/* Write first + k for each set bit k of six (a 6-bit mask) at out[n] on,
 * ascending, without a branch: SIX_WRITTEN entries are written (gcc makes
 * them vector stores), up to SIX_WRITTEN - 1 past the list. Returns the new
 * length. */
static int put_six(int *out, int n, int first, unsigned six)
{
    const int32_t *bit = tikal_six_bits(six);
    for (int i = 0; i < SIX_WRITTEN; i++)
        out[n + i] = first + bit[i];
    return n + tikal_six_bits_count(six);
}

/* The lanes whose top bit is set in top (affordable) as a 6-bit mask of
 * directions: the lanes' bits paired, then the pairs side by side. */
static unsigned lanes_to_six(unsigned top)
{
    _Static_assert(TIKAL_CROSSING_BITS == 4, "lanes of 4 bits are paired by a shift of 3");
    unsigned x = top >> (TIKAL_CROSSING_BITS - 1);
    x = (x | x >> 3) & 0x030303u;
    return (x | x >> 6 | x >> 12) & 63u;
}
/* The bits of a mask (fields, tiles) in ascending order: for (EACH_BIT(f, mask)) ... */
#define EACH_BIT(f, mask) \
    uint64_t f##_left = (mask), f = 0; f##_left && (f = (uint64_t)__builtin_ctzll(f##_left), 1); \
    f##_left &= f##_left - 1

static int legal_ap_actions(const tikal_state *s, int *out)
{
    int n = 0, me = s->actor;
    const tikal_player *p = &s->player[me];
    const tikal_index *x = &s->index;
    uint64_t camps = camps_of(s, me), figures[2] = {x->explorers[me], leader_mask(s, me)};
    uint64_t temples = x->kind[TIKAL_TEMPLE], treasures = x->kind[TIKAL_TREASURE], jungles = x->kind[TIKAL_JUNGLE];
    PUT(TIKAL_A_END);
    if (s->ap >= 1) {
        for (int fig = 0; fig < 2; fig++) {
            if (fig ? !p->leader_in_supply : p->explorers_in_supply == 0)
                continue;
            for (EACH_BIT(f, camps))
                PUT(TIKAL_A_DEPLOY + fig * TIKAL_FIELDS + (int)f);
        }
        for (int fig = 0; fig < 2; fig++)
            for (EACH_BIT(from, camps & figures[fig]))
                for (EACH_BIT(to, camps & ~(1ULL << from)))
                    PUT(TIKAL_A_PATH + (fig * TIKAL_FIELDS + (int)from) * TIKAL_FIELDS + (int)to);
        for (int fig = 0; fig < 2; fig++)
            for (EACH_BIT(from, figures[fig])) {
                unsigned keep = lanes_to_six(affordable(crossings_from_walkable(s, (int)from), s->ap));
                n = put_six(out, n, TIKAL_A_MOVE + (fig * TIKAL_FIELDS + (int)from) * 6, keep);
            }
    }
    /* Uncovering, digging and guarding need a figure of the actor's on the
     * field (T12.5, T13.4, T16.1b): only those fields are checked. */
    uint64_t mine = figures[0] | figures[1];
    if (s->ap >= TIKAL_AP_UNCOVER)
        for (EACH_BIT(f, temples & mine))
            if (check_uncover(s, (int)f, NULL, 0) == GAME_OK)
                PUT(TIKAL_A_UNCOVER + (int)f);
    if (s->ap >= TIKAL_AP_DIG)
        for (EACH_BIT(f, treasures & mine))
            if (check_dig(s, (int)f, NULL, 0) == GAME_OK)
                PUT(TIKAL_A_DIG + (int)f);
    if (s->ap >= TIKAL_AP_BUILD && p->camps_built < TIKAL_MAX_CAMPS)
        for (EACH_BIT(f, (jungles | treasures) & ~built_camps(x)))
            if (check_build(s, (int)f, NULL, 0) == GAME_OK)
                PUT(TIKAL_A_BUILD + (int)f);
    if (s->ap >= TIKAL_AP_GUARD && p->guards_placed < TIKAL_MAX_GUARDS)
        for (EACH_BIT(f, temples & mine))
            if (check_guard(s, (int)f, NULL, 0) == GAME_OK)
                PUT(TIKAL_A_GUARD + (int)f);
    if (s->ap >= TIKAL_AP_SWAP)
        for (unsigned give = single_motifs(p); give; give &= give - 1)
            for (int seat = 0; seat < s->players; seat++) {
                if (seat == me)
                    continue;
                for (unsigned take = single_motifs(&s->player[seat]); take; take &= take - 1)
                    PUT(TIKAL_A_SWAP + (__builtin_ctz(give) / TREASURE_BITS * 4 + seat) * 8 +
                        __builtin_ctz(take) / TREASURE_BITS);
            }
    return n;
}

int tikal_legal_actions(const tikal_state *s, int *out)
{
    int n = 0;
    switch (s->phase) {
    case TIKAL_PH_DRAW:
    case TIKAL_PH_REVEAL: {
        int top = tikal_top_group(s), base = s->phase == TIKAL_PH_DRAW ? TIKAL_A_DRAW : TIKAL_A_REVEAL;
        for (uint64_t left = stack_left(s); left; left &= left - 1) {
            int t = __builtin_ctzll(left);
            if (tikal_tile(t)->group - 'A' != top)
                break; /* the top group's tiles come first (tikal_top_group) */
            PUT(base + t);
        }
        return n;
    }
    case TIKAL_PH_TREASURE:
        for (int m = 0; m < TIKAL_MOTIFS; m++)
            if (motifs_left(s, m) > 0)
                PUT(TIKAL_A_TREASURE + m);
        return n;
    case TIKAL_PH_BID: {
        int most = s->player[s->actor].score;
        if (most > TIKAL_BID_MAX)
            most = TIKAL_BID_MAX;
        PUT(TIKAL_A_PASS);
        for (int bid = s->high_bid + 1; bid <= most; bid++)
            PUT(TIKAL_A_BID + bid - 1);
        return n;
    }
    case TIKAL_PH_TAKE:
        for (EACH_BIT(t, display_tiles(s)))
            PUT(TIKAL_A_TAKE + (int)t);
        return n;
    case TIKAL_PH_PLACE: {
        uint32_t lanes[6];
        uint8_t rotations[TIKAL_FIELDS];
        uint64_t frontier;
        int tile = s->hand;
        tile_lanes(tile, lanes);
        int path_exists = placement_rotations(s, lanes, rotations, &frontier);
        unsigned canonical = tikal_canonical_rotations(tile);
        int free_choice = tikal_tile(tile)->kind == TIKAL_VOLCANO || !path_exists; /* T6.4, R5 */
        for (EACH_BIT(f, frontier)) {
            unsigned placed = canonical & (free_choice ? ALL_ROTATIONS : rotations[f]);
            n = put_six(out, n, TIKAL_A_PLACE + (int)f * 6, placed);
        }
        return n;
    }
    case TIKAL_PH_ACTIONS:
        return legal_ap_actions(s, out);
    default:
        return 0;
    }
}
#undef PUT
#undef EACH_BIT

/* ---- turn flow ------------------------------------------------------------ */

/* The seat steps places clockwise after seat (0 < steps <= players): no
 * division, which costs tens of cycles. */
static int seat_after(const tikal_state *s, int seat, int steps)
{
    int p = seat + steps;
    assert(steps > 0 && steps <= s->players);
    return p >= s->players ? p - s->players : p;
}

static void begin_turn(tikal_state *s, int seat, int kind)
{
    s->actor = (int8_t)seat;
    s->turn_kind = (uint8_t)kind;
    s->ap = TIKAL_AP;
    s->phase = TIKAL_PH_ACTIONS;
    /* only temples and treasure fields count actions (tikal_check) */
    for (uint64_t acted = s->index.kind[TIKAL_TEMPLE] | s->index.kind[TIKAL_TREASURE]; acted; acted &= acted - 1)
        s->square[__builtin_ctzll(acted)] &= ~TIKAL_SQ_ACTED_MASK;
}

/* T17.2 / T24.1: the tile in hand is a volcano: the scoring round begins. */
static void begin_volcano_round(tikal_state *s)
{
    s->volcano_player = s->actor;
    s->scoring_turns_left = s->players;
    begin_turn(s, s->actor, TIKAL_TURN_SCORING);
}

static void take_into_hand(tikal_state *s, int tile)
{
    s->hand = (int8_t)tile;
    if (tikal_tile(tile)->kind == TIKAL_VOLCANO)
        begin_volcano_round(s);
    else
        s->phase = TIKAL_PH_PLACE;
}

static void begin_final_round(tikal_state *s)
{
    int n = s->players, last = s->last_placer;
    for (int i = 0; i < n; i++)
        s->final_order[i] = (uint8_t)((last + 1 + i) % n); /* T19.2 */
    if (s->auction) {
        /* T25.2-T25.3, R21: ascending score, ties by clockwise distance from the last placer. */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0; j--) {
                int a = s->final_order[j - 1], b = s->final_order[j];
                if (s->player[b].score < s->player[a].score) {
                    s->final_order[j - 1] = (uint8_t)b;
                    s->final_order[j] = (uint8_t)a;
                }
            }
    }
    s->final_next = 0;
    begin_turn(s, s->final_order[0], TIKAL_TURN_FINAL);
}

static void begin_auction(tikal_state *s)
{
    int eligible = 0, only = -1;
    for (int p = 0; p < s->players; p++)
        if (s->player[p].marker_up) {
            eligible++;
            only = p;
        }
    s->high_bid = 0;
    s->high_bidder = -1;
    s->passed = 0;
    s->first_passer = -1;
    if (eligible == 1) { /* T22.3: the last turn of the round is free */
        s->actor = (int8_t)only;
        s->phase = TIKAL_PH_TAKE;
        return;
    }
    s->actor = s->opener;
    s->phase = TIKAL_PH_BID;
}

static void begin_round(tikal_state *s, int opener)
{
    for (int p = 0; p < s->players; p++)
        s->player[p].marker_up = 1;
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        s->display[i] = -1;
    s->display_count = 0;
    s->opener = (int8_t)opener;
    s->actor = (int8_t)opener;
    s->phase = TIKAL_PH_REVEAL;
}

static void end_normal_turn(tikal_state *s)
{
    int n = s->players, me = s->actor;
    if (!s->auction) {
        if (s->tiles_placed == TIKAL_TILES)
            begin_final_round(s);
        else {
            s->actor = (int8_t)seat_after(s, me, 1);
            s->phase = TIKAL_PH_DRAW;
        }
        return;
    }
    s->player[me].marker_up = 0; /* T23.1.5 */
    for (int i = 1; i <= n; i++) {
        int p = seat_after(s, me, i);
        if (s->player[p].marker_up) { /* T22.1c */
            s->opener = (int8_t)p;
            begin_auction(s);
            return;
        }
    }
    if (s->tiles_placed == TIKAL_TILES)
        begin_final_round(s);
    else
        begin_round(s, seat_after(s, me, 1)); /* T22.1b */
}

static void end_turn(tikal_state *s, game_score_trace *trace)
{
    int me = s->actor;
    switch (s->turn_kind) {
    case TIKAL_TURN_SCORING:
        s->player[me].score += self_score(s, me, trace); /* T17.2, T18 */
        if (--s->scoring_turns_left > 0)
            begin_turn(s, seat_after(s, me, 1), TIKAL_TURN_SCORING);
        else {
            s->actor = s->volcano_player; /* T17.2.4: the drawer places the volcano */
            s->volcano_player = -1;
            s->turn_kind = TIKAL_TURN_NORMAL;
            s->phase = TIKAL_PH_PLACE;
        }
        return;
    case TIKAL_TURN_FINAL:
        s->player[me].score += self_score(s, me, trace); /* T19.3, T25.1 */
        if (++s->final_next < s->players)
            begin_turn(s, s->final_order[s->final_next], TIKAL_TURN_FINAL);
        else
            s->phase = TIKAL_PH_OVER;
        return;
    default:
        end_normal_turn(s);
    }
}

/* R8-resolved winner of an auction: pays and takes a tile (T22.5, T23.1). */
static void win_auction(tikal_state *s, int seat, int price, game_score_trace *trace)
{
    s->player[seat].score -= price;
    game_score_tell(trace, seat, -price, "payment", "T22.5", "", "pays the bid of %d for a tile", price);
    s->actor = (int8_t)seat;
    s->phase = TIKAL_PH_TAKE;
}

static void next_bidder(tikal_state *s, game_score_trace *trace)
{
    int remaining = 0;
    for (int p = 0; p < s->players; p++)
        if (s->player[p].marker_up && !(s->passed >> p & 1))
            remaining |= 1 << p;
    if (remaining == 0) { /* everybody passed without a bid */
        win_auction(s, s->first_passer, 0, trace);
        return;
    }
    if (s->high_bidder >= 0 && remaining == 1 << s->high_bidder) {
        win_auction(s, s->high_bidder, s->high_bid, trace);
        return;
    }
    for (int i = 1; i <= s->players; i++) {
        int p = seat_after(s, s->actor, i);
        if (remaining >> p & 1) {
            s->actor = (int8_t)p;
            return;
        }
    }
}

/* ---- applying ----------------------------------------------------------- */

static void place_tile(tikal_state *s, int field, int rotation)
{
    const tikal_tile_def *d = tikal_tile(s->hand);
    assert(s->piece[field] == TIKAL_PIECE_NONE && s->square[field] == 0);
    s->piece[field] = (uint8_t)(6 * s->hand + rotation);
    s->index.kind[TIKAL_EMPTY] &= ~(1ULL << field);
    s->index.kind[d->kind] |= 1ULL << field;
    if (d->kind == TIKAL_TEMPLE)
        set_square_part(s, field, TIKAL_SQ_HELD_MASK, TIKAL_SQ_HELD_SHIFT, d->value);
    if (d->kind == TIKAL_TREASURE) { /* T6.6, R6 */
        int left = TIKAL_TOKENS - s->tokens_placed, tokens = d->value < left ? d->value : left;
        set_square_part(s, field, TIKAL_SQ_HELD_MASK, TIKAL_SQ_HELD_SHIFT, (unsigned)tokens);
        s->tokens_placed = (uint8_t)(s->tokens_placed + tokens);
    }
    s->hand = -1;
    s->tiles_placed++;
    s->last_placer = s->actor;
    begin_turn(s, s->actor, TIKAL_TURN_NORMAL);
}

/* One explorer of the actor's in the square word of field. */
static uint32_t actor_explorer(const tikal_state *s)
{
    return 1u << (TIKAL_SQ_EXPLORER_BITS * s->actor);
}

static void remove_figure(tikal_state *s, int field, int figure)
{
    if (figure) {
        s->leader[s->actor] = -1;
        return;
    }
    assert(tikal_sq_explorers(s->square[field], s->actor) > 0);
    s->square[field] -= actor_explorer(s);
    if (tikal_sq_explorers(s->square[field], s->actor) == 0)
        s->index.explorers[s->actor] &= ~(1ULL << field);
}

static void add_figure(tikal_state *s, int field, int figure)
{
    if (figure) {
        s->leader[s->actor] = (int8_t)field;
        return;
    }
    assert(tikal_sq_explorers(s->square[field], s->actor) < TIKAL_EXPLORERS);
    s->square[field] += actor_explorer(s);
    s->index.explorers[s->actor] |= 1ULL << field;
}

int tikal_apply(tikal_state *s, int action, char *why, size_t why_len)
{
    return tikal_apply_scored(s, action, NULL, why, why_len);
}

/* Apply an AP action (T9-T16) that validate accepted. */
static void apply_ap_action(tikal_state *s, int action)
{
    tikal_player *me = &s->player[s->actor];
    unsigned k;
    if (action < TIKAL_A_PATH) {
        k = (unsigned)action - TIKAL_A_DEPLOY;
        int fig = (int)(k / TIKAL_FIELDS);
        if (fig)
            me->leader_in_supply = 0;
        else
            me->explorers_in_supply--;
        add_figure(s, (int)(k % TIKAL_FIELDS), fig);
        s->ap -= TIKAL_AP_DEPLOY;
    } else if (action < TIKAL_A_MOVE) {
        k = (unsigned)action - TIKAL_A_PATH;
        int fig = (int)(k / (TIKAL_FIELDS * TIKAL_FIELDS));
        remove_figure(s, (int)(k / TIKAL_FIELDS % TIKAL_FIELDS), fig);
        add_figure(s, (int)(k % TIKAL_FIELDS), fig);
        s->ap -= TIKAL_AP_PATH;
    } else if (action < TIKAL_A_UNCOVER) {
        k = (unsigned)action - TIKAL_A_MOVE;
        int fig = (int)(k / (TIKAL_FIELDS * 6)), from = (int)(k / 6 % TIKAL_FIELDS), d = (int)(k % 6);
        s->ap = (uint8_t)(s->ap - tikal_crossing_cost(s, from, d));
        remove_figure(s, from, fig);
        add_figure(s, tikal_neighbor(from, d), fig);
    } else if (action < TIKAL_A_DIG) {
        int field = action - TIKAL_A_UNCOVER;
        uint32_t held = 1u << TIKAL_SQ_HELD_SHIFT, acted = 1u << TIKAL_SQ_ACTED_SHIFT;
        s->square[field] += held + acted; /* check_uncover: value < 10, fewer than 2 levels this turn */
        s->level_supply[tikal_sq_held(s->square[field])]--;
        s->ap -= TIKAL_AP_UNCOVER;
    } else if (action < TIKAL_A_BUILD) {
        uint32_t held = 1u << TIKAL_SQ_HELD_SHIFT, acted = 1u << TIKAL_SQ_ACTED_SHIFT;
        s->square[action - TIKAL_A_DIG] += acted - held; /* check_dig: a token left, fewer than 2 digs */
        s->ap -= TIKAL_AP_DIG;
        s->dig_field = (int8_t)(action - TIKAL_A_DIG);
        s->phase = TIKAL_PH_TREASURE;
    } else if (action < TIKAL_A_GUARD) {
        set_square_part(s, action - TIKAL_A_BUILD, TIKAL_SQ_CAMP_MASK, TIKAL_SQ_CAMP_SHIFT, (unsigned)s->actor + 1);
        index_camp(&s->index, s->actor, action - TIKAL_A_BUILD);
        me->camps_built++;
        s->ap -= TIKAL_AP_BUILD;
    } else if (action < TIKAL_A_SWAP) {
        int field = action - TIKAL_A_GUARD;
        /* T16.3, R17: one own figure stands guard, every other leaves the game. */
        me->removed = me->removed + (unsigned)own_figures(s, s->actor, field) - 1;
        set_square_part(s, field, TIKAL_SQ_EXPLORER_MASK << (TIKAL_SQ_EXPLORER_BITS * s->actor),
                        TIKAL_SQ_EXPLORER_BITS * s->actor, 0);
        s->index.explorers[s->actor] &= ~(1ULL << field);
        if (s->leader[s->actor] == field)
            s->leader[s->actor] = -1;
        set_square_part(s, field, TIKAL_SQ_GUARD_MASK, TIKAL_SQ_GUARD_SHIFT, (unsigned)s->actor + 1);
        me->guards_placed++;
        s->ap -= TIKAL_AP_GUARD;
    } else {
        k = (unsigned)action - TIKAL_A_SWAP;
        int give = (int)(k / 32), seat = (int)(k / 8 % 4), take = (int)(k % 8);
        tikal_player *other = &s->player[seat];
        tikal_set_treasures(me, give, tikal_treasures(me, give) - 1);
        tikal_set_treasures(me, take, tikal_treasures(me, take) + 1);
        tikal_set_treasures(other, take, tikal_treasures(other, take) - 1);
        tikal_set_treasures(other, give, tikal_treasures(other, give) + 1);
        s->ap -= TIKAL_AP_SWAP;
    }
}

/* Apply action, which validate accepts. */
static void apply_valid(tikal_state *s, int action, game_score_trace *trace)
{
    switch (s->phase) { /* validate: action is of a family this phase allows */
    case TIKAL_PH_ACTIONS:
        if (action == TIKAL_A_END)
            end_turn(s, trace);
        else
            apply_ap_action(s, action);
        break;
    case TIKAL_PH_PLACE: {
        unsigned k = (unsigned)action - TIKAL_A_PLACE;
        place_tile(s, (int)(k / 6), (int)(k % 6));
        break;
    }
    case TIKAL_PH_DRAW:
        s->stack_used |= 1ULL << (action - TIKAL_A_DRAW);
        take_into_hand(s, action - TIKAL_A_DRAW);
        break;
    case TIKAL_PH_REVEAL:
        s->stack_used |= 1ULL << (action - TIKAL_A_REVEAL);
        s->display[s->display_count++] = (int8_t)(action - TIKAL_A_REVEAL);
        if (s->display_count == s->players)
            begin_auction(s);
        break;
    case TIKAL_PH_TREASURE: {
        tikal_player *me = &s->player[s->actor];
        int motif = action - TIKAL_A_TREASURE;
        tikal_set_treasures(me, motif, tikal_treasures(me, motif) + 1);
        s->dig_field = -1;
        s->phase = TIKAL_PH_ACTIONS;
        break;
    }
    case TIKAL_PH_BID:
        if (action == TIKAL_A_PASS) {
            s->passed |= (uint8_t)(1u << s->actor);
            if (s->first_passer < 0)
                s->first_passer = s->actor;
        } else {
            s->high_bid = (int16_t)(action - TIKAL_A_BID + 1);
            s->high_bidder = s->actor;
        }
        next_bidder(s, trace);
        break;
    case TIKAL_PH_TAKE: {
        int tile = action - TIKAL_A_TAKE;
        for (int i = 0; i < GAME_MAX_PLAYERS; i++)
            if (s->display[i] == tile)
                s->display[i] = -1;
        take_into_hand(s, tile);
        break;
    }
    default:
        assert(0 && "validate accepts nothing once the game is over");
    }
}

int tikal_apply_scored(tikal_state *s, int action, game_score_trace *trace, char *why, size_t why_len)
{
    int rc = validate(s, action, why, why_len);
    if (rc == GAME_OK)
        apply_valid(s, action, trace);
    return rc;
}

void tikal_apply_listed(tikal_state *s, int action)
{
    assert(validate(s, action, NULL, 0) == GAME_OK);
    apply_valid(s, action, NULL);
}

/* ---- setup and status -------------------------------------------------- */

int tikal_init(tikal_state *s, int players, int auction)
{
    if (players < 2 || players > GAME_MAX_PLAYERS || auction < 0 || auction > 1)
        return GAME_EOPTION;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)players;
    s->auction = (uint8_t)auction;
    s->hand = -1;
    s->volcano_player = -1;
    s->dig_field = -1;
    s->last_placer = -1;
    s->opener = 0;
    s->high_bidder = -1;
    s->first_passer = -1;
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        s->display[i] = -1;
    for (int v = 0; v <= TIKAL_MAX_LEVEL; v++)
        s->level_supply[v] = tikal_level_tokens(v);
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        s->leader[i] = -1;
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        int piece = tikal_start_piece(f);
        s->piece[f] = (uint8_t)piece;
        if (tikal_piece_kind(piece) == TIKAL_TEMPLE)
            set_square_part(s, f, TIKAL_SQ_HELD_MASK, TIKAL_SQ_HELD_SHIFT, (unsigned)tikal_piece_value(piece));
    }
    tikal_reindex(s);
    for (int p = 0; p < players; p++) {
        s->player[p].score = auction ? TIKAL_START_SCORE_AUCTION : 0; /* T3.5, T4.1 */
        s->player[p].explorers_in_supply = TIKAL_EXPLORERS;
        s->player[p].leader_in_supply = 1;
        s->player[p].marker_up = 1;
    }
    if (auction)
        begin_round(s, 0); /* T22.1a */
    else
        s->phase = TIKAL_PH_DRAW;
    return GAME_OK;
}

int tikal_current_player(const tikal_state *s)
{
    switch (s->phase) {
    case TIKAL_PH_DRAW:
    case TIKAL_PH_REVEAL:
    case TIKAL_PH_TREASURE:
        return GAME_CHANCE;
    case TIKAL_PH_OVER:
        return GAME_TERMINAL;
    default:
        return s->actor;
    }
}

int tikal_chance_outcomes(const tikal_state *s, int *out, double *probability)
{
    int n;
    if (tikal_current_player(s) != GAME_CHANCE)
        return 0;
    n = tikal_legal_actions(s, out);
    if (s->phase == TIKAL_PH_TREASURE) {
        int total = 0;
        for (int m = 0; m < TIKAL_MOTIFS; m++)
            total += motifs_left(s, m);
        for (int i = 0; i < n; i++)
            probability[i] = (double)motifs_left(s, out[i] - TIKAL_A_TREASURE) / total;
    } else {
        for (int i = 0; i < n; i++)
            probability[i] = 1.0 / n;
    }
    return n;
}
