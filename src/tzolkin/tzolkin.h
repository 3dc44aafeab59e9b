/*
 * tzolkin.h -- the Tzolk'in engine: the base game, 2-4 players.
 *
 * Rules: ../shared/rules/tzolkin.md (rule ids Z0..Z23, resolutions ZR01..ZR54),
 * implemented exactly; notation and records: Z23. Data:
 * data/tzolkin-buildings.txt, -monuments.txt, -wealth.txt, -temples.txt,
 * -constants.txt and -wheels.txt, turned into C at build time by
 * tools/tzolkin-data.awk: the numbers (counts, costs, limits: TZOLK_GEARS,
 * TZOLK_FEED_CORN, ...) into build/gen/tzolkin_constants.h, included here,
 * and the tables (components, gears, calendar, harvests, skull actions,
 * market rates, names) into build/gen/tzolkin_data.h, read through the
 * lookups below. Research ids become the ids of the rules:
 * B01..B14 = B1-01..B1-14, B15..B32 = B2-01..B2-18, S01..S21 = W01..W21.
 *
 * Options: players 2..4; no variants. Record seat k is seat k-1.
 *
 * Files: tzolkin.c the rules (setup, turns, actions, food days, scoring),
 * tzolkin_text.c the notation (Z23) and the text picture, tzolkin_game.c the
 * game_def (observation, resample, winners), tzolkin_data.c the tables.
 *
 * The state is one fixed-size struct without pointers (tzolk_state). It never
 * holds the future: the start player, monument and building reveals, the
 * wealth deal and the blocking reveals are chance nodes whose outcomes are the
 * remaining ids, all equally likely (Z23.7). The dealt and kept wealth tiles
 * are private (Z23.8): tzolk_observation hides them from the other seats.
 *
 * A turn is a sequence of micro-actions (Z23.4): the choices an action
 * creates wait on a small stack of pending decisions and are resolved depth
 * first (ZR48).
 *
 * Action encoding (ids ascending; g gear 0..4 = PAL YAX TIK UXM CHI, p a
 * labelled position, q 0..9 an action number with 0 = none, t temple 0..2 =
 * CHAAC QUETZ KUKUL, x track 0..3 = AGRI EXTR ARCH THEO, r resource 0..2 =
 * w s g, pay = w*16 + s*4 + g cube counts, b building 0..31 = B1-01..B2-18,
 * m monument 0..12, k seat, w wealth tile 0..20):
 *   TZOLK_A_END                          end
 *   TZOLK_A_SKIP                         skip
 *   TZOLK_A_ADVANCE + n-1                advance n            (Z16.3)
 *   TZOLK_A_CORN, TZOLK_A_WOOD           corn / wood          (Z7.3)
 *   TZOLK_A_BURN + t                     burn T
 *   TZOLK_A_BEG + t                      beg T                (Z4.2)
 *   TZOLK_A_TEMPLE + t                   temple T
 *   TZOLK_A_TEMPLE_PAY + t*3 + r         temple T R           (Z9.5)
 *   TZOLK_A_TEMPLES + pair*3 + r         temples T1 T2 R      (Z10.5; pair
 *                                        0 = CHAAC QUETZ, 1 = CHAAC KUKUL,
 *                                        2 = QUETZ KUKUL)
 *   TZOLK_A_PLACE + g                    place G              (Z5)
 *   TZOLK_A_PLACE_START                  place start          (Z16.1)
 *   TZOLK_A_TECH_FREE + x                tech X               (Z12.3)
 *   TZOLK_A_TECH + x*64 + pay            tech X PAY           (Z12.2)
 *   TZOLK_A_GAIN + pay                   gain PAY
 *   TZOLK_A_DO + g*5 + q-1               do Gq (g < CHI)      (Z11.5)
 *   TZOLK_A_PICK + (g*11 + p)*10 + q     pick Gp Gq / none    (Z6)
 *   TZOLK_A_BUILD + b                    build B
 *   TZOLK_A_BUILD_SAVE + b*3 + r         build B -R           (Z12.4)
 *   TZOLK_A_BUILD_FULL + b               build B full         (ZR46)
 *   TZOLK_A_BUILD_MON + m                build M              (Z13.3)
 *   TZOLK_A_KEEP + w1*21 + w2 (w1 < w2)  keep W1 W2           (Z2.10)
 *   TZOLK_A_START + k                    start K       chance (Z2.4)
 *   TZOLK_A_MONUMENT + m                 monument M    chance (Z2.6)
 *   TZOLK_A_BUILDING + b                 building B    chance (Z13.4)
 *   TZOLK_A_DEAL + w                     deal K W      chance (Z2.7; K is
 *                                        the seat being dealt)
 *   TZOLK_A_BLOCK + w                    block W       chance (Z2.9)
 *   TZOLK_A_MARKET                       market ...           (Z11.2, ZR31: ends
 *                                        the visit; its text is the whole
 *                                        visit's line, e.g. "market +2w -1g")
 *   TZOLK_A_TRADE + (r*2 + sell)*16 + k  trade +Nr / -Nr      (one step of a
 *                                        visit: buy, or sell if sell = 1,
 *                                        N = 2^k cubes of r, k 0..15)
 *
 * Legal-action order. Lists are in ascending id order (game.h), which is not
 * the byte order of their texts that Z23.6 gives for text lists: "skip" has a
 * low id but sorts after "build ...", gears are numbered PAL YAX TIK UXM CHI
 * but sort CHI PAL TIK UXM YAX, resource strings are numbered w s g but sort
 * g s w, and a market visit is listed as its steps, not as the final
 * holdings Z23.6 lists (tzolk_legal_lines gives those). A front end that
 * shows a Z23.6 list sorts the texts (maya replay --legal does); the set of
 * lines is the same.
 *
 * Market visits (Z11.2, ZR31) are small decisions, so that no list is long:
 * each step buys or sells 2^k cubes (k 0..15) of one resource, and
 * TZOLK_A_MARKET ends the visit. Within a visit a resource is either bought
 * or sold, and each amount of it is traded at most once, so the visit's net
 * change of a resource (tzolk_market_change) names the steps taken and a
 * visit has at most 48 steps; any change up to 65535 cubes of each resource
 * is reachable, in any order the player's corn allows (selling first always
 * does, unless the sales would pass TZOLK_CORN_MAX). The notation writes a visit as one line, "market +2w -1g" (Z23.2):
 * the steps leave the line open (game.h line_open), TZOLK_A_MARKET writes
 * it, and tzolk_line_actions turns the line back into its steps (sales
 * first, larger amounts first) and the end. Resource counts are 16-bit: a
 * game's gains stay far below 65535. Corn is 16-bit too: trades keep a
 * seat's corn plus its cubes' value, so only a sale can pile corn up, and
 * a sale that would pass TZOLK_CORN_MAX is refused.
 */
#ifndef MAYA_TZOLKIN_H
#define MAYA_TZOLKIN_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "tzolkin_constants.h"

enum {
    /* Pending decisions at most (tzolk_state.stack). A pick performs at
     * most 3 actions (its own, UXM5's and B2-07's, which cannot be UXM5
     * again), each with at most 2 choices open at a time (TIK3, Chichen
     * Itza's THEO 2 and resource, TIK4's two builds), and builds at most
     * the 6 buildings on display (the display refills when the turn ends),
     * each with at most 2 choices (B1-08, B2-17); a resolved choice that
     * opens another (a technology bonus) takes its place. */
    TZOLK_STACK = 3 * 2 + 6 * 2,
    TZOLK_TRADE_BITS = 16,     /* a market step trades 2^k cubes, k < 16 */
    TZOLK_UNKNOWN = 0xFF /* a hidden wealth tile in an observation */
};

/* Gears (Z0.3). */
enum { TZOLK_PAL = 0, TZOLK_YAX, TZOLK_TIK, TZOLK_UXM, TZOLK_CHI };
/* Temples, tracks, goods. */
enum { TZOLK_CHAAC = 0, TZOLK_QUETZ, TZOLK_KUKUL };
enum { TZOLK_AGRI = 0, TZOLK_EXTR, TZOLK_ARCH, TZOLK_THEO };
enum { TZOLK_G_CORN = 0, TZOLK_G_WOOD, TZOLK_G_STONE, TZOLK_G_GOLD, TZOLK_G_SKULL };
/* What a gear action gives besides goods (tzolk_board_def.steps). */
enum { TZOLK_STEP_TECH = 0, TZOLK_STEP_BUILD, TZOLK_STEP_TEMPLE, TZOLK_STEP_WORKER, TZOLK_STEP_KINDS };
/* Building and monument categories (Z1.8). */
enum { TZOLK_FARM = 0, TZOLK_CIVIC, TZOLK_TOMB, TZOLK_SHRINE };
/* Monument scoring kinds (Z1.9). */
enum {
    TZOLK_MS_PERCAT = 0, TZOLK_MS_PERBUILT, TZOLK_MS_CORNTILE, TZOLK_MS_WOODTILE,
    TZOLK_MS_ALLMONUMENTS, TZOLK_MS_TECH3, TZOLK_MS_TECHLEVELS, TZOLK_MS_WORKERS,
    TZOLK_MS_TEMPLEVP, TZOLK_MS_HIGHTEMPLE, TZOLK_MS_SKULLS
};

/* Gear hole contents: a seat 0..3, a blocking marker, or nothing. */
enum { TZOLK_NOBODY = -1, TZOLK_BLOCKER = 4, TZOLK_PIECE_KINDS = TZOLK_BLOCKER + 1 };

enum {
    TZOLK_A_END = 0,
    TZOLK_A_SKIP = 1,
    TZOLK_A_ADVANCE = 2,
    TZOLK_A_CORN = TZOLK_A_ADVANCE + 2,
    TZOLK_A_WOOD = TZOLK_A_CORN + 1,
    TZOLK_A_BURN = TZOLK_A_WOOD + 1,
    TZOLK_A_BEG = TZOLK_A_BURN + 3,
    TZOLK_A_TEMPLE = TZOLK_A_BEG + 3,
    TZOLK_A_TEMPLE_PAY = TZOLK_A_TEMPLE + 3,
    TZOLK_A_TEMPLES = TZOLK_A_TEMPLE_PAY + 9,
    TZOLK_A_PLACE = TZOLK_A_TEMPLES + 9,
    TZOLK_A_PLACE_START = TZOLK_A_PLACE + TZOLK_GEARS,
    TZOLK_A_TECH_FREE = TZOLK_A_PLACE_START + 1,
    TZOLK_A_TECH = TZOLK_A_TECH_FREE + TZOLK_TRACKS,
    TZOLK_A_GAIN = TZOLK_A_TECH + TZOLK_TRACKS * 64,
    TZOLK_A_DO = TZOLK_A_GAIN + 64,
    TZOLK_A_PICK = TZOLK_A_DO + 20,
    TZOLK_A_BUILD = TZOLK_A_PICK + TZOLK_GEARS * 11 * 10,
    TZOLK_A_BUILD_SAVE = TZOLK_A_BUILD + TZOLK_BUILDINGS,
    TZOLK_A_BUILD_FULL = TZOLK_A_BUILD_SAVE + TZOLK_BUILDINGS * 3,
    TZOLK_A_BUILD_MON = TZOLK_A_BUILD_FULL + TZOLK_BUILDINGS,
    TZOLK_A_KEEP = TZOLK_A_BUILD_MON + TZOLK_MONUMENTS,
    TZOLK_A_START = TZOLK_A_KEEP + TZOLK_WEALTH * TZOLK_WEALTH,
    TZOLK_A_MONUMENT = TZOLK_A_START + GAME_MAX_PLAYERS,
    TZOLK_A_BUILDING = TZOLK_A_MONUMENT + TZOLK_MONUMENTS,
    TZOLK_A_DEAL = TZOLK_A_BUILDING + TZOLK_BUILDINGS,
    TZOLK_A_BLOCK = TZOLK_A_DEAL + TZOLK_WEALTH,
    TZOLK_A_MARKET = TZOLK_A_BLOCK + TZOLK_WEALTH,
    TZOLK_A_TRADE = TZOLK_A_MARKET + 1,
    TZOLK_NUM_ACTIONS = TZOLK_A_TRADE + 3 * 2 * TZOLK_TRADE_BITS
};

/* The longest list: a market step's 96 trades and the end (97), a pick
 * with 6 workers on gears (70), a paid technology step (41). gen_legal
 * asserts it. */
#define TZOLK_LEGAL_MAX 128
/* Most actions of any game, chance included (Z23.9), market steps counted:
 * 20000 lines, and at most 48 steps in each of at most 8 visits of a turn
 * (picks with UXM2 or UXM5, B2-04) of 27 rounds of 4 seats. */
#define TZOLK_GAME_LENGTH_MAX (20000 + 48 * 8 * 27 * 4)
/* Most actions one line of the notation stands for: a market visit's 48
 * steps and its end. */
#define TZOLK_LINE_MAX 49

/* What the game is waiting for. */
typedef enum tzolk_phase {
    TZOLK_PH_START = 0,    /* chance: start player */
    TZOLK_PH_MONUMENT,     /* chance: a monument for the display */
    TZOLK_PH_SETUP_BUILD,  /* chance: an age-I building for the display */
    TZOLK_PH_DEAL,         /* chance: a wealth tile for the seat being dealt */
    TZOLK_PH_BLOCK,        /* chance: an undealt wealth tile for blocking */
    TZOLK_PH_KEEP,         /* seat actor keeps 2 of its 4 tiles */
    TZOLK_PH_TURN,         /* seat actor plays its turn (or a pending choice) */
    TZOLK_PH_REFILL,       /* chance: a building refills the display */
    TZOLK_PH_AGE_REVEAL,   /* chance: an age-II building at the age change */
    TZOLK_PH_ADVANCE,      /* seat actor chooses a 1- or 2-tooth advance */
    TZOLK_PH_OVER          /* the game has ended and is scored */
} tzolk_phase;

/* Pending decisions of a turn (the top of the stack is due). */
typedef enum tzolk_frame_kind {
    TZOLK_F_HARVEST = 1,   /* PAL3-5 mode; parameter: group 3..5 */
    TZOLK_F_TECH,          /* paid technology step, required (TIK1, TIK3) */
    TZOLK_F_TECH_OPT,      /* TIK3's optional second step */
    TZOLK_F_TECH_FREE,     /* free step on a track of choice */
    TZOLK_F_GAIN,          /* resources of choice; parameter: count */
    TZOLK_F_TEMPLE,        /* +1 step on a temple of choice */
    TZOLK_F_THEO2,         /* THEO level 2: pay 1 resource for a step, or skip */
    TZOLK_F_TEMPLES,       /* TIK5 */
    TZOLK_F_MARKET,        /* UXM2, B2-04 */
    TZOLK_F_DO,            /* UXM5: action chosen, 1 corn already paid */
    TZOLK_F_DO_OPT,        /* B2-07: pay 1 corn and choose, or skip */
    TZOLK_F_BUILD_TIK2,    /* TIK2 */
    TZOLK_F_BUILD_B108,    /* B1-08's building (as TIK2) or skip */
    TZOLK_F_BUILD_TIK4A,   /* TIK4's first construction */
    TZOLK_F_BUILD_TIK4B,   /* TIK4's second building or skip; parameter: ARCH benefits left */
    TZOLK_F_BUILD_UXM4     /* UXM4, paid in corn */
} tzolk_frame_kind;

/* A pending decision in one byte: its kind (tzolk_frame_kind, 1..16) in
 * the low 5 bits and the kind's parameter (0..7: a harvest's group 3..5, a
 * choice's count of resources, TIK4's ARCH benefits left) in the high 3.
 * Read with tzolk_frame_kind_of and tzolk_frame_param. */
typedef uint8_t tzolk_frame;

enum {
    TZOLK_FRAME_KIND_BITS = 5, /* bits of a frame's kind */
    TZOLK_FRAME_PARAM_MAX = (1 << (8 - TZOLK_FRAME_KIND_BITS)) - 1, /* largest parameter of a frame */
    /* Most corn a seat holds (16-bit): a market sale that would pass it is
     * refused (ZR31); every other gain of a game stays far below it. */
    TZOLK_CORN_MAX = INT16_MAX
};

static inline int tzolk_frame_kind_of(tzolk_frame f)
{
    return f & ((1u << TZOLK_FRAME_KIND_BITS) - 1);
}

static inline int tzolk_frame_param(tzolk_frame f)
{
    return f >> TZOLK_FRAME_KIND_BITS;
}

/* A seat. Counts of a few bits are bitfields (their widths hold every
 * value a game reaches; tzolk_check tests the ranges); the struct is 32
 * bytes without hidden padding (static asserts in tzolkin.c). */
typedef struct tzolk_player {
    uint32_t buildings;        /* bit b: building b built by this seat */
    int16_t corn;              /* corn held, 0..TZOLK_CORN_MAX */
    int16_t vp;                /* victory points, may be negative */
    uint16_t monuments;        /* bit m: monument m built by this seat */
    uint16_t res[3];           /* wood, stone, gold held */
    uint8_t hand;              /* workers in hand */
    uint8_t temple[TZOLK_TEMPLES]; /* step index on each temple */
    uint8_t tech[TZOLK_TRACKS];    /* technology level 0..3 */
    uint8_t dealt[TZOLK_WEALTH_DEALT]; /* wealth tiles dealt, TZOLK_UNKNOWN when hidden */
    unsigned workers : 3;      /* workers in play (hand + gears + start space), 0..6 */
    unsigned skulls : 4;       /* crystal skulls held, 0..13 */
    unsigned corn_tiles : 5;   /* corn-harvest tiles taken (M03), 0..16 */
    unsigned wood_tiles : 5;   /* wood-harvest tiles taken (M04), 0..16 */
    unsigned feed_free : 5;    /* workers that need no corn (farms, W14) */
    unsigned feed_disc : 2;    /* discount farms built (B1-04, B1-05) */
    unsigned keep_mask : 4;    /* bit i: dealt[i] kept */
    unsigned has_kept : 1;     /* 1 once the keep line is written */
    unsigned light : 1;        /* 1 while the board is light side up */
    unsigned pad : 2;          /* zero */
} tzolk_player;

typedef struct tzolk_state {
    uint32_t display;          /* bit b: building b on display */
    uint32_t revealed;         /* bit b: building b out of its deck */
    uint32_t block_mask;       /* bit w: wealth tile w revealed for blocking */
    uint16_t on_gear[TZOLK_GEARS][TZOLK_PIECE_KINDS]; /* bit p: a piece of seat k (or k = TZOLK_BLOCKER) at position p;
                                                         read with tzolk_piece */
    int16_t pool;              /* corn on the calendar's start-player pool */
    uint16_t chi_slots;        /* bit q: CHI slot q holds a skull */
    uint16_t mon_display;      /* bit m: monument m on display */
    uint16_t mon_revealed;     /* bit m: monument m revealed at setup */
    uint16_t market[3];        /* cubes of wood, stone, gold bought or sold (market_sold) in the visit under way;
                                  read with tzolk_market_change */
    uint8_t players;           /* 2..4 */
    uint8_t phase;             /* tzolk_phase */
    uint8_t actor;             /* seat deciding (or being dealt) */
    uint8_t token;             /* holder of the start-player token */
    uint8_t turn_index;        /* turns played in this round before the actor's */
    uint8_t teeth;             /* T: teeth advanced since setup (Z0.3) */
    uint8_t next_food;         /* food days held so far (0..4) */
    uint8_t age;               /* 1 or 2: the building age on display */
    int8_t start_space;        /* seat on the start-player space, -1 none */
    uint8_t jungle[TZOLK_JUNGLE_GROUPS][3]; /* groups PAL2..PAL5: FOREST, CORN, EMPTY field counts */
    uint8_t skull_supply;      /* skulls left in the general supply */
    uint8_t blockers;          /* blocking markers placed */
    uint8_t chance_left;       /* reveals still due in a refill or the age change */
    uint8_t setup_count;       /* chance lines of the current setup step so far */
    uint8_t placed;            /* workers placed this turn */
    uint8_t sp;                /* pending decisions on the stack */
    uint8_t mode;              /* turn: 0 nothing yet, 1 placing, 2 picking */
    tzolk_frame stack[TZOLK_STACK]; /* pending decisions, stack[sp-1] due */
    unsigned last_round : 1;   /* 1 in the round that holds the 4th food day */
    unsigned begged : 1;       /* 1 once the actor begged this turn */
    unsigned built : 1;        /* 1 once the actor built a building this turn */
    unsigned on_start : 1;     /* 1 if the actor placed on the start-player space */
    unsigned pity : 1;         /* 1 after a pity placement (Z4.4) */
    unsigned market_sold : 3;  /* bit r: the visit sells resource r (market[r] counts cubes sold) */
    unsigned pad : 8;          /* zero */
    tzolk_player player[GAME_MAX_PLAYERS]; /* per seat */
} tzolk_state;

/* Component data (generated from data/tzolkin-*.txt). */
typedef struct tzolk_building_def {
    char id[6];                /* "B1-01" */
    uint8_t age;               /* 1 or 2 */
    uint8_t category;          /* TZOLK_FARM .. TZOLK_SHRINE */
    uint8_t cost[3];           /* wood, stone, gold */
    uint8_t feed;              /* workers that need no corn */
    uint8_t feed_disc;         /* 1: each worker needs 1 corn less */
    int8_t tech;               /* free step on this track, -1 none */
    uint8_t tech_any;          /* free steps on tracks of choice */
    uint8_t temple[3];         /* fixed steps on each temple */
    uint8_t temple_any;        /* steps on a temple of choice */
    uint8_t gain[5];           /* corn, wood, stone, gold, skull */
    uint8_t vp;                /* victory points */
    uint8_t worker;            /* extra workers */
    uint8_t build;             /* 1: may build one more (as TIK2) */
    uint8_t trade;             /* 1: a market visit (as UXM2) */
    uint8_t any_action;        /* 1: may pay 1 corn for an action (as UXM5) */
} tzolk_building_def;

typedef struct tzolk_monument_def {
    char id[4];                /* "M01" */
    uint8_t category;          /* TZOLK_TOMB, TZOLK_CIVIC or TZOLK_SHRINE */
    uint8_t cost[4];           /* wood, stone, gold, skull */
    uint8_t scoring;           /* TZOLK_MS_* */
    uint8_t param[4];          /* parameters of the scoring */
} tzolk_monument_def;

typedef struct tzolk_wealth_def {
    char id[4];                /* "W01" */
    uint8_t gear;              /* printed gear */
    uint8_t pos;               /* printed position */
    uint8_t gain[5];           /* corn, wood, stone, gold, skull */
    uint8_t temple[3];         /* free temple steps */
    int8_t tech;               /* free technology step, -1 none */
    uint8_t feed;              /* workers that need no corn (W14) */
    uint8_t worker;            /* extra workers (W15) */
} tzolk_wealth_def;

typedef struct tzolk_temple_def {
    char name[6];              /* "CHAAC" */
    uint8_t steps;             /* step indices 0..steps-1 */
    uint8_t start;             /* start step */
    uint8_t premium[2];        /* leader VP at the end of age I / II */
    int8_t vp[9];              /* end-of-age VP of each step */
    int8_t reward[9];          /* mid-age goods of each step (TZOLK_G_*), -1 none */
} tzolk_temple_def;

/* A gear (Z1.2): holes 0..holes-1, labelled positions 0..last (the holes
 * above are hidden), regular actions 1..actions; labelled positions above
 * actions are free choices (Z6.2). */
typedef struct tzolk_gear_def {
    char name[4];              /* "PAL" */
    uint8_t holes;             /* worker holes */
    uint8_t last;              /* highest labelled position */
    uint8_t actions;           /* regular actions 1..actions */
} tzolk_gear_def;

/* A Chichen Itza action (Z1.4): place a skull, score, step up a temple. */
typedef struct tzolk_skull_def {
    uint8_t vp;                /* victory points */
    uint8_t temple;            /* temple stepped up */
    uint8_t resource;          /* 1: also a resource of choice */
} tzolk_skull_def;

/* The board's printed facts besides the components (Z1). Arrays by action
 * number are indexed 1..n (entry 0 unused). */
typedef struct tzolk_board_def {
    tzolk_gear_def gear[TZOLK_GEARS];  /* PAL YAX TIK UXM CHI */
    char track[TZOLK_TRACKS][5];       /* "AGRI" .. "THEO" */
    char category[4][7];               /* "farm" "civic" "tomb" "shrine" (TZOLK_FARM..) */
    char resource[3][6];               /* "wood" "stone" "gold" */
    char letter[3][2];                 /* their initials, the notation's "w" "s" "g" (Z23) */
    uint8_t market[3];                 /* corn per wood, stone, gold (Z1.11) */
    uint8_t food_tooth[TZOLK_FOOD_DAYS]; /* teeth advanced at each food day (Z1.5) */
    uint8_t food_mid[TZOLK_FOOD_DAYS]; /* 1: mid-age (goods), 0: end of age (points) */
    uint8_t harvest_corn[6];           /* corn of PAL action q (Z7.2) */
    uint8_t harvest_wood[6];           /* wood of PAL action q */
    uint8_t yax_gain[6][5];            /* corn, wood, stone, gold, skull of YAX action q (Z8) */
    tzolk_skull_def skull[TZOLK_SKULL_ACTIONS + 1]; /* CHI action q (Z1.4) */
    uint8_t steps[TZOLK_GEARS][6][TZOLK_STEP_KINDS]; /* technology steps, buildings, temple steps and
                                                        workers that action q of a gear gives as printed
                                                        (TIK, UXM: Z10, Z11; TZOLK_STEP_TECH..) */
    uint8_t surcharge[TZOLK_MAX_WORKERS + 1]; /* extra corn in all for k workers placed in a turn (Z5.3) */
    uint8_t tech_cost[TZOLK_TECH_LEVELS + 1]; /* resources for levels 1..3, then a bonus (Z12.2) */
    uint8_t jungle_corn[TZOLK_JUNGLE_GROUPS]; /* 1: group PAL2+k starts with corn tiles */
    uint8_t jungle_forest[TZOLK_JUNGLE_GROUPS]; /* 1: group PAL2+k starts with wood tiles on them */
    uint32_t category_buildings[4];    /* bit b: building b is of category c (TZOLK_FARM..) */
    uint16_t category_monuments[4];    /* bit m: monument m is of category c */
} tzolk_board_def;

extern const game_def tzolkin_game;

const tzolk_building_def *tzolk_building(int b);
const tzolk_monument_def *tzolk_monument(int m);
const tzolk_wealth_def *tzolk_wealth(int w);
const tzolk_temple_def *tzolk_temple(int t);
const tzolk_board_def *tzolk_board(void);
/* Names in the notation (Z23), NULL out of range: gear "PAL", temple
 * "CHAAC", track "AGRI", resource letter "w" "s" "g" (r = 0..2). */
const char *tzolk_gear_name(int g);
const char *tzolk_temple_name(int t);
const char *tzolk_track_name(int x);
const char *tzolk_resource_letter(int r);
/* The two temples (k = 0, 1) of pair 0..2 of TZOLK_A_TEMPLES (Z10.5). */
int tzolk_temple_pair(int pair, int k);
/* Ids by text, -1 if unknown: "B1-07", "M05", "W13". */
int tzolk_building_by_id(const char *text);
int tzolk_monument_by_id(const char *text);
int tzolk_wealth_by_id(const char *text);
/* A temple's name as the notation writes it: "CHAAC", "QUETZ", "KUKUL". */
const char *tzolk_temple_name(int t);

/* Engine entry points (also reachable through tzolkin_game). */
int tzolk_init(tzolk_state *s, int players);
int tzolk_current_player(const tzolk_state *s);
int tzolk_legal_actions(const tzolk_state *s, int *out);
int tzolk_apply(tzolk_state *s, int action, char *why, size_t why_len);
/* tzolk_apply telling each change of a score into trace (game.h). */
int tzolk_apply_scored(tzolk_state *s, int action, game_score_trace *trace, char *why, size_t why_len);
/* tzolk_apply of an action tzolk_legal_actions or tzolk_chance_outcomes
 * listed for s, not checked again (game.h apply_listed). */
void tzolk_apply_listed(tzolk_state *s, int action);
int tzolk_action_to_text(const tzolk_state *s, int action, char *buf, size_t len);
int tzolk_text_to_action(const tzolk_state *s, const char *text, int *action, char *why, size_t why_len);
size_t tzolk_render(const tzolk_state *s, char *buf, size_t len);
/* The actions one line of the notation stands for (game.h line_actions):
 * a market line, its steps from the visit's change so far and the end;
 * any other line, its one action. */
int tzolk_line_actions(const tzolk_state *s, const char *text, int *out, int *count, char *why, size_t why_len);
/* Nonzero for a market step (game.h line_open). */
int tzolk_line_open(const tzolk_state *s, int action);
/* Every legal line of the notation (game.h legal_lines): at a market
 * visit, every final holding it can reach (Z23.6), else the texts of the
 * legal actions. */
void tzolk_legal_lines(const tzolk_state *s, void (*emit)(void *context, const char *line), void *context);

/* Rule helpers, exposed for tests and the notation. */
/* Corn value of w wood, st stone and g gold at the market rates (Z1.11). */
int tzolk_market_value(int w, int st, int g);
/* Resource 0..2 and signed change in cubes of market step a (TZOLK_A_TRADE
 * + ...). */
void tzolk_trade_of(int a, int *resource, int *change);
/* Net change of resource r (0..2) in the market visit under way: cubes
 * bought, or minus the cubes sold (tzolk_state.market, market_sold). */
int tzolk_market_change(const tzolk_state *s, int r);
/* Begin the turn of the seat turn_index places after the token holder
 * (Z3.1): nothing placed, picked, begged or built yet in it. */
void tzolk_start_turn(tzolk_state *s);
int tzolk_is_food_day(const tzolk_state *s);          /* Z18.1 */
/* Teeth the calendar turns before the next food day (0 on it), -1 after
 * the last food day (Z1.5). */
int tzolk_teeth_to_food_day(const tzolk_state *s);
int tzolk_feeding_cost(const tzolk_state *s, int seat); /* Z14.2, corn for all workers */
/* Points monument m gives seat on the state as it is (Z1.9, Z19.3): what a
 * monument seat built scores at the end if nothing changes. -1 if seat or
 * m is out of range. */
int tzolk_monument_points(const tzolk_state *s, int seat, int m);
/* Corn the actor pays now to place its next worker on gear g, or on the
 * start-player space for g == TZOLK_GEARS: the lowest free position plus
 * the surcharge of the workers already placed this turn (Z5.4, Z16.1), all
 * its corn in a pity placement (Z4.4); -1 if that placement is not legal
 * now. */
int tzolk_place_cost(const tzolk_state *s, int g);
/* Nonzero if the actor must now make a pity placement (Z4.4): no worker on
 * the gears, too little corn for any placement, and begging not allowed. */
int tzolk_pity_due(const tzolk_state *s);
/* What the actor's harvest at PAL q (2..5) yields with its technologies
 * (Z7.2, Z1.7: AGRI 1 and 3, EXTR 1): corn, or wood (-1 where q has no
 * wood or is out of range). */
int tzolk_harvest_corn(const tzolk_state *s, int q);
int tzolk_harvest_wood(const tzolk_state *s, int q);
/* Corn the actor pays now to pick up its worker at labelled position pos of
 * gear g and perform action q there (0 = no action): 1 per step back to a
 * lower action (Z6.1b), 0 on a free-choice position (Z6.2) or Chichen
 * Itza's THEO 1 action (Z9.4, ZR29); -1 if that pick is not legal now. */
int tzolk_pick_cost(const tzolk_state *s, int g, int pos, int q);
/* The corn of a place or pick action from the actor's legal list
 * (tzolk_legal_actions), without asking again whether it is legal: what
 * tzolk_place_cost or tzolk_pick_cost gives for it; -1 for any other
 * action. One list and this give the costs of every line in one pass. */
int tzolk_listed_cost(const tzolk_state *s, int action);
/* Corn seat pays at Uxmal 4 for building b: 2 per resource of its cost, 2
 * less with ARCH 3 (Z11.4); -1 if seat or b is out of range. Whether b is
 * on display does not matter. */
int tzolk_uxmal_cost(const tzolk_state *s, int seat, int b);
int tzolk_workers_on_gears(const tzolk_state *s, int seat);
/* The piece at hole pos (0..holes-1) of gear g: a seat, TZOLK_BLOCKER or
 * TZOLK_NOBODY. */
int tzolk_piece(const tzolk_state *s, int g, int pos);
/* Put piece who (a seat, TZOLK_BLOCKER or TZOLK_NOBODY) at hole pos of gear
 * g, replacing what was there; counts (hands, blockers) are the caller's. */
void tzolk_set_piece(tzolk_state *s, int g, int pos, int who);
/* Lowest free labelled position of gear g, -1 if none (Z5.2). */
int tzolk_lowest_free(const tzolk_state *s, int g);
/* The extra corn the next worker placed this turn costs on top of its
 * position's (Z5.4), -1 if the actor has no worker left to place. */
int tzolk_place_surcharge(const tzolk_state *s);
/* Bit w: wealth tile w is dealt to a seat and seen in s (not
 * TZOLK_UNKNOWN, as an observation hides it). */
uint32_t tzolk_dealt_mask(const tzolk_state *s);
/* Nonzero once every seat has kept its two wealth tiles: from then on the
 * kept tiles are seen by all (Z2.10, Z23.8). */
int tzolk_all_kept(const tzolk_state *s);
/* The state's (or an observation's) invariants (tzolkin_check.c): 0 if
 * they hold, else GAME_EILLEGAL with the first broken one in why. */
int tzolk_check(const tzolk_state *s, char *why, size_t why_len);

#endif
