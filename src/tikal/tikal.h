/*
 * tikal.h -- the Tikal engine: basic game and auction game, 2-4 players.
 *
 * Rules: ../shared/rules/tikal.md (rule ids T1..T29, resolutions R1..R23),
 * implemented exactly; component data: data/tikal.txt, turned into C tables
 * at build time (build/gen/tikal_data.h, tools/tikal-data.awk).
 *
 * Options: players 2..4; variant 0 = "basic", 1 = "auction" (T4, T21-T25).
 * Seat 0 is the start player (R2); the record calls it seat 1.
 *
 * The state is one fixed-size struct without pointers (tikal_state). It never
 * holds the future: drawing a tile (basic), revealing a tile of the auction
 * display and the treasure token found by a dig are chance nodes whose
 * outcomes are the remaining tiles or motifs (T3.2, T3.4/R1, T21.2).
 *
 * Action encoding (ascending ids; f = field = column*5 + row, column a..h =
 * 0..7, row 1..5 = 0..4; figure 0 = E explorer/participant, 1 = L leader;
 * d = direction 0..5 = N NE SE S SW NW; motif 0..7 = text 1..8):
 *   TIKAL_A_END                          end             end the turn
 *   TIKAL_A_PASS                         pass            auction (T22)
 *   TIKAL_A_PLACE    + f*6 + rot         place f rK      (T6; rot canonical)
 *   TIKAL_A_DEPLOY   + fig*40 + f        deploy X f      (T9)
 *   TIKAL_A_PATH     + (fig*40+from)*40+to  path X f g   (T10)
 *   TIKAL_A_MOVE     + (fig*40+from)*6+d move X f g      (T11)
 *   TIKAL_A_UNCOVER  + f                 uncover f       (T12)
 *   TIKAL_A_DIG      + f                 dig f           (T13)
 *   TIKAL_A_BUILD    + f                 build f         (T15)
 *   TIKAL_A_GUARD    + f                 guard f         (T16)
 *   TIKAL_A_SWAP     + (give*4+seat)*8+take  swap g s t  (T14)
 *   TIKAL_A_TAKE     + tile              take X          (T23)
 *   TIKAL_A_BID      + k-1, k=1..TIKAL_BID_MAX  bid k    (T22, R19)
 *   TIKAL_A_DRAW     + tile              draw X          chance (T5)
 *   TIKAL_A_REVEAL   + tile              reveal X        chance (T21)
 *   TIKAL_A_TREASURE + motif             treasure K      chance (T13)
 * Rotations that give the same stones on every edge are one placement, named
 * by the smallest rotation (T29.3): only that id is legal, and the parser maps
 * any equivalent rotation to it.
 */
#ifndef MAYA_TIKAL_H
#define MAYA_TIKAL_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

enum {
    TIKAL_COLS = 8,
    TIKAL_ROWS = 5,
    TIKAL_FIELDS = 40,
    TIKAL_TILES = 36,
    TIKAL_MOTIFS = 8,
    TIKAL_TOKENS_PER_MOTIF = 3,
    TIKAL_TOKENS = 24,
    TIKAL_EXPLORERS = 18,
    TIKAL_AP = 10,
    TIKAL_LEADER_STRENGTH = 3, /* a leader's strength in a majority (T8.3) */
    TIKAL_LEVELS_PER_TURN = 2, /* temple levels uncovered per temple and turn (T12) */
    TIKAL_DIGS_PER_TURN = 2,   /* treasures dug per treasure field and turn (T13) */
    TIKAL_MAX_CAMPS = 2,
    TIKAL_MAX_GUARDS = 2,
    TIKAL_MAX_LEVEL = 10,
    TIKAL_START_SCORE_AUCTION = 20,
    TIKAL_BID_MAX = 1024 /* highest bid the encoding holds (scores stay far below) */
};

/* Action points of each action of fixed cost (T7.5's table, T9, T10,
 * T12-T16); a crossing costs the stones on its edge (T11.1). */
enum {
    TIKAL_AP_DEPLOY = 1,
    TIKAL_AP_PATH = 1,
    TIKAL_AP_UNCOVER = 2,
    TIKAL_AP_DIG = 3,
    TIKAL_AP_SWAP = 3,
    TIKAL_AP_BUILD = 5,
    TIKAL_AP_GUARD = 5
};

enum {
    TIKAL_A_END = 0,
    TIKAL_A_PASS = 1,
    TIKAL_A_PLACE = 2,
    TIKAL_A_DEPLOY = TIKAL_A_PLACE + TIKAL_FIELDS * 6,
    TIKAL_A_PATH = TIKAL_A_DEPLOY + 2 * TIKAL_FIELDS,
    TIKAL_A_MOVE = TIKAL_A_PATH + 2 * TIKAL_FIELDS * TIKAL_FIELDS,
    TIKAL_A_UNCOVER = TIKAL_A_MOVE + 2 * TIKAL_FIELDS * 6,
    TIKAL_A_DIG = TIKAL_A_UNCOVER + TIKAL_FIELDS,
    TIKAL_A_BUILD = TIKAL_A_DIG + TIKAL_FIELDS,
    TIKAL_A_GUARD = TIKAL_A_BUILD + TIKAL_FIELDS,
    TIKAL_A_SWAP = TIKAL_A_GUARD + TIKAL_FIELDS,
    TIKAL_A_TAKE = TIKAL_A_SWAP + TIKAL_MOTIFS * 4 * TIKAL_MOTIFS,
    TIKAL_A_BID = TIKAL_A_TAKE + TIKAL_TILES,
    TIKAL_A_DRAW = TIKAL_A_BID + TIKAL_BID_MAX,
    TIKAL_A_REVEAL = TIKAL_A_DRAW + TIKAL_TILES,
    TIKAL_A_TREASURE = TIKAL_A_REVEAL + TIKAL_TILES,
    TIKAL_NUM_ACTIONS = TIKAL_A_TREASURE + TIKAL_MOTIFS
};

/* Field kinds (T2.2); TIKAL_EMPTY = not yet explored. */
typedef enum tikal_kind {
    TIKAL_EMPTY = 0,
    TIKAL_BASECAMP,
    TIKAL_JUNGLE,
    TIKAL_TEMPLE,
    TIKAL_TREASURE,
    TIKAL_VOLCANO
} tikal_kind;

/* What the game is waiting for. */
typedef enum tikal_phase {
    TIKAL_PH_DRAW = 0,  /* chance: the next tile of the stack (basic) */
    TIKAL_PH_REVEAL,    /* chance: one more tile for the auction display */
    TIKAL_PH_TREASURE,  /* chance: the token found by the dig just made */
    TIKAL_PH_BID,       /* auction: actor bids or passes */
    TIKAL_PH_TAKE,      /* auction: actor takes a displayed tile */
    TIKAL_PH_PLACE,     /* actor places the tile in hand */
    TIKAL_PH_ACTIONS,   /* actor spends action points or ends the turn */
    TIKAL_PH_OVER       /* the game has ended */
} tikal_phase;

/* Turn kinds of T5.5 that differ in what happens at their end. */
typedef enum tikal_turn_kind {
    TIKAL_TURN_NORMAL = 0, /* normal turn, also the post-volcano turn */
    TIKAL_TURN_SCORING,    /* volcano scoring turn: self-scoring at its end */
    TIKAL_TURN_FINAL       /* final scoring turn: self-scoring at its end */
} tikal_turn_kind;

/* One field as tikal_field_info tells it and tikal_set_field writes it; the
 * state keeps it packed (tikal_state.piece and .square). */
typedef struct tikal_field {
    uint16_t stones;           /* stones (T2.3: 0..3) on edge e as it lies in bits 2e..2e+1 (tikal_field_stones) */
    uint8_t kind;              /* tikal_kind */
    int8_t tile;               /* tile index 0..35, -1 pre-printed or empty */
    uint8_t rotation;          /* 0..5 for placed tiles */
    uint8_t value;             /* temple value (T2.6): top level token or printed; 0 on other fields */
    uint8_t tokens;            /* treasure tokens still on the field; 0 on other fields */
    int8_t camp;               /* seat owning the camp here, -1 none */
    int8_t guard;              /* seat whose guard stands here, -1 none */
    uint8_t leaders;           /* bit s set: seat s's leader is here */
    uint8_t explorers[GAME_MAX_PLAYERS]; /* participants of each seat here */
    uint8_t levels_this_turn;  /* levels uncovered here in this turn (T12.3) */
    uint8_t digs_this_turn;    /* tokens dug here in this turn (T13.3) */
} tikal_field;

/* A seat's supply and holdings in 8 bytes; its treasures through
 * tikal_treasures / tikal_set_treasures. */
typedef struct tikal_player {
    int32_t score;                     /* points, unbounded (R18) */
    uint32_t explorers_in_supply : 5;  /* participants not yet deployed (0..18) */
    uint32_t leader_in_supply : 1;     /* 1 while the leader is in the supply */
    uint32_t removed : 5;              /* figures removed from the game (T16.3, 0..18) */
    uint32_t camps_built : 2;          /* camps built so far (T15.1c) */
    uint32_t guards_placed : 2;        /* guards placed so far (T16.1c) */
    uint32_t marker_up : 1;            /* auction: no normal turn yet this round (T21.4) */
    uint32_t treasures : 16;           /* tokens held of motif m (0..3, T1.1) in bits 2m..2m+1 */
} tikal_player;

/* Masks of the board, bit f for field f, that apply keeps in step with
 * tikal_state.piece and .square so that move generation reads them instead
 * of scanning the board (tikal_reindex rebuilds them, tikal_check compares
 * them). */
typedef struct tikal_index {
    uint64_t kind[TIKAL_VOLCANO + 1];     /* fields of each tikal_kind (TIKAL_EMPTY: not explored) */
    uint64_t explorers[GAME_MAX_PLAYERS]; /* fields with at least one explorer of the seat */
    uint8_t camps[GAME_MAX_PLAYERS][TIKAL_MAX_CAMPS]; /* field + 1 of each seat's camps (T15), ascending, 0s first */
} tikal_index;

/* tikal_state.square: what stands on a field, in one word. */
enum {
    TIKAL_SQ_EXPLORER_BITS = 5,  /* explorers of seat s (0..18) in bits 5s..5s+4 */
    TIKAL_SQ_HELD_SHIFT = 20,    /* 4 bits: a temple's value (T2.6) or a treasure field's tokens */
    TIKAL_SQ_GUARD_SHIFT = 24,   /* 3 bits: seat + 1 of the guard, 0 none */
    TIKAL_SQ_CAMP_SHIFT = 27,    /* 3 bits: seat + 1 of the camp, 0 none */
    TIKAL_SQ_ACTED_SHIFT = 30    /* 2 bits: levels uncovered (temple) or tokens dug (treasure) this turn */
};
enum {
    TIKAL_PIECE_PRINTED = 6 * TIKAL_TILES, /* tikal_state.piece of the first pre-printed field (tiles come before) */
    TIKAL_PIECE_NONE = 255                 /* tikal_state.piece of a field not yet explored */
};

typedef struct tikal_state {
    uint64_t stack_used;              /* bit t: tile t drawn or revealed */
    tikal_index index;                /* masks of the board, kept by apply */
    uint32_t square[TIKAL_FIELDS];    /* figures, guard, camp, value or tokens per field (TIKAL_SQ_*) */
    tikal_player player[GAME_MAX_PLAYERS]; /* per seat */
    uint8_t piece[TIKAL_FIELDS];      /* what lies on each field: 6 * tile + rotation,
                                         TIKAL_PIECE_PRINTED + i pre-printed field i, TIKAL_PIECE_NONE */
    int8_t leader[GAME_MAX_PLAYERS];  /* field of each seat's leader, -1 off the board */
    uint8_t players;                  /* 2..4 */
    uint8_t auction;                  /* 1 in the auction game */
    uint8_t phase;                    /* tikal_phase */
    uint8_t turn_kind;                /* tikal_turn_kind of the current turn */
    int8_t actor;                     /* seat acting (or who drew / dug at chance) */
    uint8_t ap;                       /* action points left in this turn */
    int8_t hand;                      /* tile in hand, -1 none */
    int8_t volcano_player;            /* drawer of the volcano being scored, -1 none */
    uint8_t scoring_turns_left;       /* turns left in the current scoring round */
    int8_t dig_field;                 /* field of the dig awaiting its token, -1 */
    int8_t last_placer;               /* seat that placed the latest tile, -1 */
    uint8_t tiles_placed;             /* tiles on the board (0..36) */
    uint8_t tokens_placed;            /* treasure tokens put on tiles (R6) */
    uint8_t final_order[GAME_MAX_PLAYERS]; /* seats of the final scoring round, in order */
    uint8_t final_next;               /* index into final_order of the scorer */
    uint8_t level_supply[TIKAL_MAX_LEVEL + 1]; /* temple level tokens left per value */
    /* auction (T21-T24) */
    int8_t display[GAME_MAX_PLAYERS]; /* revealed tiles not yet taken, -1 empty slot */
    uint8_t display_count;            /* tiles revealed this round so far */
    int8_t opener;                    /* seat that opened the current auction */
    int8_t high_bidder;               /* seat of the highest bid, -1 none */
    int16_t high_bid;                 /* highest bid so far, 0 none */
    uint8_t passed;                   /* bit s: seat s passed in this auction */
    int8_t first_passer;              /* first seat to pass in this auction, -1 */
} tikal_state;

/* A tile as the data file gives it (reference rotation). */
typedef struct tikal_tile_def {
    char id[3];         /* "A1".."G4" */
    char group;         /* back letter 'A'..'G' */
    uint8_t kind;       /* tikal_kind */
    uint8_t value;      /* temple value or treasure masks */
    uint8_t stones[6];  /* stones per edge N NE SE S SW NW */
} tikal_tile_def;

/* A pre-printed field (T2.1): fixed stones, never rotated. */
typedef struct tikal_start_def {
    uint8_t column;     /* 0..7 */
    uint8_t row;        /* 0..4 */
    uint8_t kind;       /* TIKAL_BASECAMP, TIKAL_TEMPLE or TIKAL_JUNGLE */
    uint8_t value;      /* printed temple value */
    uint8_t stones[6];  /* stones per edge N NE SE S SW NW */
} tikal_start_def;

extern const game_def tikal_game;

/* Static data (generated from data/tikal.txt). */
const tikal_tile_def *tikal_tile(int tile);
/* Check the component tables against T1.1, T2.3 and T2.5; 0 if sound. */
int tikal_data_check(char *why, size_t why_len);

/* Board geometry (BOARD ODDQ_DOWN). */
int tikal_field_at(int column, int row);       /* -1 off the board */
int tikal_neighbor(int field, int direction);  /* -1 off the board */
const int8_t *tikal_neighbors(int field);      /* tikal_neighbor of each direction 0..5 */
uint64_t tikal_neighbor_mask(int field);       /* the neighbours as a mask (bit g: field g) */
uint64_t tikal_neighbors_of(uint64_t fields);  /* the fields next to any of fields, as a mask */
/* "c3" -> field, -1 if not a field. */
int tikal_parse_field(const char *text);
void tikal_field_name(int field, char out[3]);
int tikal_tile_by_id(const char *text);        /* -1 if unknown */
/* Smallest rotation of tile giving the same stones as `rotation`: the one
 * a placement is named by (T29.3). */
int tikal_canonical_rotation(int tile, int rotation);

/* Stones on edge of field (T2.3), as the field lies. */
int tikal_field_stones(const tikal_state *s, int field, int edge);

/* Rebuild s->index from s->piece and s->square (apply and tikal_set_field
 * keep it by themselves). */
void tikal_reindex(tikal_state *s);
/* What lies and stands on field, unpacked. */
tikal_field tikal_field_info(const tikal_state *s, int field);
/* Write field as f tells it (for building positions: the supply, stack and
 * counters are the caller's): f->tile and f->rotation give the tile (-1: the
 * pre-printed field, or nothing if f->kind is TIKAL_EMPTY); f->stones and
 * f->kind are what the tile gives. GAME_EOPTION and s untouched if the
 * packed state cannot hold f (no such tile, kind or pre-printed field, a value
 * off a temple, tokens off a treasure field, counts out of range, a camp of
 * a seat with TIKAL_MAX_CAMPS camps on other fields). */
int tikal_set_field(tikal_state *s, int field, const tikal_field *f);
/* Kind (tikal_kind) of field. */
int tikal_field_kind(const tikal_state *s, int field);
/* Seat whose guard stands on field, -1 none. */
int tikal_guard(const tikal_state *s, int field);
/* Value of the temple on field (T2.6), 0 if it holds no temple. */
int tikal_temple_value(const tikal_state *s, int field);
/* Explorers of seat on field. */
int tikal_explorers(const tikal_state *s, int seat, int field);
/* Field of seat's leader, -1 while it is off the board. */
int tikal_leader_field(const tikal_state *s, int seat);
/* Tokens p holds of motif (0..3), and setting them (for building positions). */
int tikal_treasures(const tikal_player *p, int motif);
void tikal_set_treasures(tikal_player *p, int motif, int count);

/* Engine entry points (also reachable through tikal_game). */
int tikal_init(tikal_state *s, int players, int auction);
int tikal_current_player(const tikal_state *s);
int tikal_legal_actions(const tikal_state *s, int *out);
int tikal_apply(tikal_state *s, int action, char *why, size_t why_len);
/* tikal_apply telling each change of a score into trace (game.h). */
int tikal_apply_scored(tikal_state *s, int action, game_score_trace *trace, char *why, size_t why_len);
/* tikal_apply of an action tikal_legal_actions or tikal_chance_outcomes
 * listed for s, not checked again (game.h apply_listed). */
void tikal_apply_listed(tikal_state *s, int action);
int tikal_chance_outcomes(const tikal_state *s, int *out, double *probability);
int tikal_action_to_text(const tikal_state *s, int action, char *buf, size_t len);
int tikal_text_to_action(const tikal_state *s, const char *text, int *action, char *why, size_t why_len);
size_t tikal_render(const tikal_state *s, char *buf, size_t len);
/* Points seat would get if it self-scored now (T18). */
int tikal_self_score(const tikal_state *s, int seat);
/* tikal_self_score of every seat at once, into out[players]. */
void tikal_self_scores(const tikal_state *s, int *out);
/* The fields with a figure of any seat as a mask. */
uint64_t tikal_occupied_fields(const tikal_state *s);
/* Figures (explorers and leader) seat has on the board. */
int tikal_figures_on_board(const tikal_state *s, int seat);
/* Volcano tiles not yet drawn or revealed: the volcano scoring rounds still
 * to come (T17). */
int tikal_volcanoes_left(const tikal_state *s);
/* The fields of a tikal_kind as a mask (bit f: field f). */
uint64_t tikal_fields_of_kind(const tikal_state *s, int kind);
/* The fields where seat has a figure (explorer or leader) as a mask. */
uint64_t tikal_figure_fields(const tikal_state *s, int seat);
/* Strength of seat on a field (T8.3). */
int tikal_strength(const tikal_state *s, int seat, int field);
/* Seat with the majority on a field (T8.4, R8), -1 if none. */
int tikal_majority(const tikal_state *s, int field);
/* Cost of crossing from field in direction (T11.1), 0 if not crossable. */
int tikal_crossing_cost(const tikal_state *s, int field, int direction);
/* Points of tokens (0..TIKAL_TOKENS_PER_MOTIF) of one motif (T18.3). */
int tikal_treasure_set_points(int tokens);
/* Treasure points of a collection (T18.3). */
int tikal_treasure_points(const tikal_player *p);
/* The state's invariants (tikal_check.c): 0 if they hold, else
 * GAME_EILLEGAL with the first broken one in why. */
int tikal_check(const tikal_state *s, char *why, size_t why_len);
/* Printed value of the temple on field (T2.4, T2.6: its tile's or the board's
 * number, before any level is uncovered); 0 if the field holds no temple. */
int tikal_printed_value(const tikal_state *s, int field);
/* Levels uncovered on the temple on field (T12.2: each raises its value by
 * exactly 1 from the printed value); 0 if the field holds no temple. */
int tikal_levels_uncovered(const tikal_state *s, int field);

/* The cheapest walks of one seat's figure from one field to every other
 * (tikal_route.c): crossings of T11 (cost c(e) > 0, into explored non-volcano
 * fields) and the secret paths of T10 between the base camp and the seat's
 * own camps (1 AP). Costs are the same for the leader and an explorer (T8.1)
 * and the walks do not depend on the AP left: a walk is legal move by move
 * exactly when its cost is at most the actor's AP. */
typedef struct tikal_routes {
    int8_t from;                     /* field every walk starts on */
    int16_t cost[TIKAL_FIELDS];      /* AP of the cheapest walk to each field: 0 for from, -1 unreachable */
    int8_t previous[TIKAL_FIELDS];   /* field before each on its walk, -1 for from and unreachable fields */
    uint8_t by_path[TIKAL_FIELDS];   /* 1 if the walk enters the field by a secret path (T10), 0 by a crossing */
} tikal_routes;

enum { TIKAL_ROUTE_MAX = TIKAL_FIELDS - 1 }; /* most steps of a cheapest walk */

/* Fill out with the walks of seat's figures from field `from`; GAME_EOPTION
 * (and out untouched) if seat or from is out of range. */
int tikal_find_routes(const tikal_state *s, int seat, int from, tikal_routes *out);
/* The walk of figure (0 explorer, 1 leader) to field `to` as actions
 * (TIKAL_A_MOVE and TIKAL_A_PATH) into actions[TIKAL_ROUTE_MAX]: returns
 * their number, 0 if to == from, -1 if to is unreachable or not a field. */
int tikal_route_actions(const tikal_routes *r, int figure, int to, int *actions);
/* AP for `figures` figures standing on r->from to walk to `to` one after
 * the other: each pays the walk's crossings (T8.1, T11). -1 if to is
 * unreachable or not a field, or figures < 1. */
int tikal_walks_cost(const tikal_routes *r, int to, int figures);

#define TIKAL_LEGAL_MAX 1536 /* bound on legal actions of any state */

#endif
