/*
 * eval_tzolkin.c -- the Tzolk'in evaluation hook (see eval.h): reads the
 * public state of src/tzolkin/tzolkin.h and estimates each seat's final
 * score in victory points.
 *
 * Estimate = VP so far + resources and skulls at their worth in play (more
 * than the final conversion, since they buy buildings and monuments) +
 * temple positions times the end-of-age scorings still to come, with a share
 * of the leader's premium + technology levels by the rounds left + workers
 * in play by the rounds left + workers standing on the gears by how far they
 * have turned (what picking them up will bring) + monuments at their value
 * now - food security: corn missing for the next food day costs about
 * what the unfed workers will cost, more as the day comes near. This is
 * the hand-tuned v1 (eval.h).
 *
 * The features of the learned v2 (eval_tzolkin_features, model.h) describe
 * the same things without the guessed coefficients: what the seat holds,
 * its temples (the VP of its step, its share of a temple's premium), its
 * technologies, workers in play and at each position of each gear (one
 * feature per position, so that each position's worth is learned),
 * food owed and how soon, the buildings and monuments it has, the best
 * monument on display for it; and the economy: what its standing workers
 * bring when picked up two rounds on (the goods, VP and temple,
 * technology, building and worker steps of the action they reach, as the
 * board prints them: tzolk_board), so that a worker placed is worth the
 * goods the weights already value; its corn, held and reached, against the
 * food days to come; the workers in hand its spare corn places; workers by
 * the rounds left and workers in hand by the corn. The weights come from
 * self-play. What the
 * final scoring would give now (goods, skulls, monuments: eval_tzolkin_banked)
 * is the model's base, counted at once, so that a monument built shows its
 * points before self-play has taught the weights what monuments are worth.
 */
#include <assert.h>
#include <string.h>

#include "bots/eval.h"
#include "tzolkin/tzolkin.h"


/* Worth of a worker at labelled position pos of gear g, in VP. */
static double eval_tzolkin_worker(int g, int pos)
{
    int cap = tzolk_board()->gear[g].last;
    if (pos > cap)
        pos = cap;
    return 0.3 + (g == TZOLK_CHI ? 0.5 : 0.45) * pos;
}

/* End-of-age food days still to come: the 2nd and the 4th. */
static int eval_tzolkin_ends_left(const tzolk_state *s)
{
    return s->next_food >= 4 ? 0 : s->next_food >= 2 ? 1 : 2;
}

/* Who leads each temple, worked out once per state for every seat. */
typedef struct eval_tzolkin_tops {
    int step[TZOLK_TEMPLES];  /* the highest step any seat stands on */
    int count[TZOLK_TEMPLES]; /* seats standing on it */
} eval_tzolkin_tops;

static void eval_tzolkin_temple_tops(const tzolk_state *s, eval_tzolkin_tops *tops)
{
    for (int t = 0; t < TZOLK_TEMPLES; t++) {
        int top = -1, count = 0;
        for (int o = 0; o < s->players; o++) {
            int step = s->player[o].temple[t];
            count = step > top ? 1 : count + (step == top);
            top = step > top ? step : top;
        }
        tops->step[t] = top;
        tops->count[t] = count;
    }
}

/* The points of seat's monuments on the current state (Z19.2 4). */
static double eval_tzolkin_monument_points(const tzolk_state *s, int seat)
{
    double v = 0;
    for (unsigned m = s->player[seat].monuments; m; m &= m - 1)
        v += tzolk_monument_points(s, seat, __builtin_ctz(m));
    return v;
}

void eval_tzolkin_estimate(const eval_hook *hook, const void *state, double *out)
{
    (void)hook;
    const tzolk_state *s = state;
    int players = s->players;
    int teeth = s->teeth;
    double rounds_left = teeth < TZOLK_CALENDAR_TEETH ? TZOLK_CALENDAR_TEETH - teeth : 0;
    int ends_left = eval_tzolkin_ends_left(s);
    int rounds_to_food = s->next_food < TZOLK_FOOD_DAYS ? tzolk_board()->food_tooth[s->next_food] - teeth : 99;
    eval_tzolkin_tops tops;
    eval_tzolkin_temple_tops(s, &tops);

    for (int p = 0; p < players; p++) {
        const tzolk_player *pl = &s->player[p];
        double v = pl->vp;
        v += 0.3 * pl->corn + 0.75 * pl->res[0] + 1.0 * pl->res[1] + 1.3 * pl->res[2] + 2.8 * pl->skulls;
        /* Temples: VP of the current step at each end of age still to come, premium shares. */
        for (int t = 0; t < TZOLK_TEMPLES; t++) {
            const tzolk_temple_def *td = tzolk_temple(t);
            v += ends_left * 0.9 * td->vp[pl->temple[t]];
            if (ends_left > 0 && pl->temple[t] == tops.step[t])
                v += 0.6 * td->premium[ends_left == 2 ? 0 : 1] / tops.count[t];
        }
        /* Technologies pay off every time they are used. */
        for (int x = 0; x < TZOLK_TRACKS; x++)
            v += pl->tech[x] * (0.6 + 0.12 * rounds_left);
        /* Workers: more actions for the rest of the game. */
        v += pl->workers * 0.25 * rounds_left;
        /* Monuments built, at their value in the present state. */
        v += eval_tzolkin_monument_points(s, p);
        /* Food security for the next food day. */
        if (s->next_food < 4) {
            int short_corn = tzolk_feeding_cost(s, p) - pl->corn;
            if (short_corn > 0)
                v -= short_corn * (rounds_to_food <= 2 ? 1.5 : rounds_to_food <= 5 ? 0.8 : 0.3);
        }
        out[p] = v;
    }
    /* Workers on the gears. */
    for (int g = 0; g < TZOLK_GEARS; g++)
        for (int who = 0; who < players; who++)
            for (unsigned m = s->on_gear[g][who]; m; m &= m - 1)
                out[who] += eval_tzolkin_worker(g, __builtin_ctz(m));
}

/* The learned evaluation's features of one seat (in this order). */
static const char *const eval_tzolkin_feature_names[] = {
    "bias", "corn", "wood", "stone", "gold", "skulls", "workers", "hand",
    "tech_agri", "tech_extr", "tech_arch", "tech_theo", "tech3_count", "tech_sum_sq",
    "temple_vp", "temple_vp_ends", "premium_share", "temple_steps",
    "food_cost", "corn_short", "corn_short_near", "corn_after_food", "feed_free", "feed_disc",
    "buildings", "farms", "monuments", "monument_points", "display_monument_best",
    /* own workers at each labelled position of each gear (an n-tuple of one) */
    "pal0", "pal1", "pal2", "pal3", "pal4", "pal5", "pal6", "pal7", "yax0", "yax1", "yax2", "yax3", "yax4",
    "yax5", "yax6", "yax7", "tik0", "tik1", "tik2", "tik3", "tik4", "tik5", "tik6", "tik7", "uxm0", "uxm1",
    "uxm2", "uxm3", "uxm4", "uxm5", "uxm6", "uxm7", "chi0", "chi1", "chi2", "chi3", "chi4", "chi5", "chi6",
    "chi7", "chi8", "chi9", "chi10",
    "on_start", "token", "light", "corn_tiles", "wood_tiles", "resources_value", "workers_x_food_soon",
    "corn_under_3",
    /* the economy: what the standing workers' pick-ups bring (eval_tzolkin_reach), corn against the
     * food days to come, what the corn lets the workers in hand do */
    "reach_corn", "reach_wood", "reach_stone", "reach_gold", "reach_skulls", "reach_vp", "reach_temple",
    "reach_tech", "reach_build", "reach_worker", "corn_deficit", "corn_surplus", "placeable",
    "workers_x_rounds", "hand_x_corn",
};

enum {
    EVAL_TZOLKIN_FEATURES = (int)(sizeof eval_tzolkin_feature_names / sizeof eval_tzolkin_feature_names[0]),
    EVAL_TZOLKIN_ECONOMY = 15, /* the last features: the economy's (reach_corn ... hand_x_corn) */
    EVAL_TZOLKIN_ECONOMY_FIRST = EVAL_TZOLKIN_FEATURES - EVAL_TZOLKIN_ECONOMY
};

static const char *const eval_tzolkin_blocks[] = {"2p", "3p", "4p"};

static int eval_tzolkin_block(const void *state)
{
    const tzolk_state *s = state;
    return s->players - 2;
}

static double eval_tzolkin_phase(const void *state)
{
    const tzolk_state *s = state;
    return s->teeth >= TZOLK_CALENDAR_TEETH ? 1.0 : s->teeth / (double)TZOLK_CALENDAR_TEETH;
}

static int eval_tzolkin_popcount(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Rounds ahead a standing worker is valued at: the action it reaches if
 * it rides that much longer (eval_tzolkin_reach). */
enum { EVAL_TZOLKIN_REACH_ROUNDS = 2 };

/* The goods a seat's standing workers reach, in the order of the reach_*
 * features. */
enum {
    EVAL_TZOLKIN_R_CORN = 0, EVAL_TZOLKIN_R_WOOD, EVAL_TZOLKIN_R_STONE, EVAL_TZOLKIN_R_GOLD,
    EVAL_TZOLKIN_R_SKULLS, EVAL_TZOLKIN_R_VP, EVAL_TZOLKIN_R_TEMPLE, EVAL_TZOLKIN_R_TECH,
    EVAL_TZOLKIN_R_BUILD, EVAL_TZOLKIN_R_WORKER, EVAL_TZOLKIN_R_KINDS
};

/* What the features of every seat read alike, worked out once per state. */
typedef struct eval_tzolkin_common {
    int ends_left;           /* end-of-age food days still to come */
    int age_end;             /* the next end of age's index into a temple's premium (0: I, 1: II) */
    int to_food;             /* teeth to the next food day, 30 after the last */
    int rounds_left;         /* teeth the calendar has still to turn */
    int reach;               /* rounds a standing worker is valued ahead: EVAL_TZOLKIN_REACH_ROUNDS,
                                fewer near the end */
    unsigned chi_slots;      /* bit q: Chichen Itza's skull slot q is filled */
    eval_tzolkin_tops tops;  /* the temples' leaders */
    const tzolk_board_def *board; /* the gears' sizes */
} eval_tzolkin_common;

/* Where a seat's features go as they are made, in their order: into its
 * row (extract), or weighed and added to one float sum in feature order
 * (weigh: model_features.weigh, without a row to write and read back). */
typedef struct eval_tzolkin_sink {
    float *row;     /* extract: the seat's row; NULL: weigh */
    const float *w; /* weigh: the weight of each feature */
    float sum;      /* weigh: the features weighed so far */
    int next;       /* index of the next feature */
    int economy;    /* 0: the economy features are all weighed 0 and left out (weigh only) */
} eval_tzolkin_sink;

/* Feature number i (the next one, or a later one: the features between are
 * 0) is x. Weighing skips the zeros, which add nothing to the sum. */
static inline void eval_tzolkin_put_at(eval_tzolkin_sink *k, int i, float x)
{
    assert(i >= k->next && i < EVAL_TZOLKIN_FEATURES);
    if (k->row == NULL)
        k->sum += x * k->w[i];
    else
        k->row[i] = x;
    k->next = i + 1;
}

static inline void eval_tzolkin_put(eval_tzolkin_sink *k, float x)
{
    eval_tzolkin_put_at(k, k->next, x);
}

/* Adds to goods what n workers of a seat standing at labelled position pos
 * of gear g bring when picked up c->reach rounds later: the action there
 * as printed (the gears turn a tooth a round, Z17.1; a free-choice position
 * takes the highest action, Z6.2), technology bonuses aside. A worker on
 * Chichen Itza counts only with a skull to place (Z9.2): *skulls is the
 * seat's skulls not yet counted. */
static void eval_tzolkin_reach(const eval_tzolkin_common *c, int g, int pos, int n, int *skulls, float *goods)
{
    const tzolk_board_def *b = c->board;
    int q = pos + c->reach;
    if (q > b->gear[g].actions)
        q = b->gear[g].actions;
    if (q == 0)
        return;
    switch (g) {
    case TZOLK_PAL:
        goods[EVAL_TZOLKIN_R_CORN] += (float)(n * b->harvest_corn[q]);
        break;
    case TZOLK_YAX:
        for (int r = 0; r <= TZOLK_G_SKULL; r++)
            goods[EVAL_TZOLKIN_R_CORN + r] += (float)(n * b->yax_gain[q][r]);
        break;
    case TZOLK_CHI: /* the highest empty skull slot up to q (Z9.2, Z6.1b) */
        while (q > 0 && (c->chi_slots >> q & 1u))
            q--;
        n = n < *skulls ? n : *skulls;
        if (q == 0 || n == 0)
            return;
        *skulls -= n;
        goods[EVAL_TZOLKIN_R_VP] += (float)(n * b->skull[q].vp);
        goods[EVAL_TZOLKIN_R_TEMPLE] += (float)n;
        break;
    default:
        goods[EVAL_TZOLKIN_R_TECH] += (float)(n * b->steps[g][q][TZOLK_STEP_TECH]);
        goods[EVAL_TZOLKIN_R_BUILD] += (float)(n * b->steps[g][q][TZOLK_STEP_BUILD]);
        goods[EVAL_TZOLKIN_R_TEMPLE] += (float)(n * b->steps[g][q][TZOLK_STEP_TEMPLE]);
        goods[EVAL_TZOLKIN_R_WORKER] += (float)(n * b->steps[g][q][TZOLK_STEP_WORKER]);
        break;
    }
}

/* The most of a seat's workers in hand that its corn above the next food
 * day's feeding pays to place in one turn at positions 0 (Z5.3, Z5.4: the
 * surcharge of placing several). */
static int eval_tzolkin_placeable(const tzolk_board_def *b, const tzolk_player *pl, int feeding)
{
    int spare = pl->corn - feeding, k = 0;
    while (k < pl->hand && k < TZOLK_MAX_WORKERS && b->surcharge[k + 1] <= spare)
        k++;
    return k;
}

/* Seat's features into k (EVAL_TZOLKIN_FEATURES of them), weighed or
 * written into its row: each is computed once from the seat's counts and
 * masks, in order. Inlined into extract and weigh, whose sinks are
 * constants: each is compiled for its own. */
static inline __attribute__((always_inline)) void eval_tzolkin_seat(const tzolk_state *s,
                                                                    const eval_tzolkin_common *c, int seat,
                                                                    eval_tzolkin_sink *k)
{
    const tzolk_player *pl = &s->player[seat];
    eval_tzolkin_put(k, 1.0f);
    eval_tzolkin_put(k, (float)pl->corn);
    eval_tzolkin_put(k, pl->res[0]);
    eval_tzolkin_put(k, pl->res[1]);
    eval_tzolkin_put(k, pl->res[2]);
    eval_tzolkin_put(k, pl->skulls);
    eval_tzolkin_put(k, pl->workers);
    eval_tzolkin_put(k, pl->hand);
    int tech3 = 0, tech_sq = 0;
    for (int t = 0; t < TZOLK_TRACKS; t++) {
        eval_tzolkin_put(k, pl->tech[t]);
        tech3 += pl->tech[t] >= 3;
        tech_sq += pl->tech[t] * pl->tech[t];
    }
    eval_tzolkin_put(k, (float)tech3);
    eval_tzolkin_put(k, (float)tech_sq);
    float temple_vp = 0, premium = 0, steps = 0;
    for (int t = 0; t < TZOLK_TEMPLES; t++) {
        const tzolk_temple_def *td = tzolk_temple(t);
        int step = pl->temple[t];
        temple_vp += td->vp[step];
        steps += step - td->start;
        if (c->ends_left > 0 && step == c->tops.step[t])
            premium += c->tops.count[t] == 1 ? td->premium[c->age_end] : td->premium[c->age_end] / 2;
    }
    eval_tzolkin_put(k, temple_vp);
    eval_tzolkin_put(k, temple_vp * c->ends_left);
    eval_tzolkin_put(k, premium);
    eval_tzolkin_put(k, steps);
    int cost = s->next_food < 4 ? tzolk_feeding_cost(s, seat) : 0;
    int short_corn = cost > pl->corn ? cost - pl->corn : 0;
    eval_tzolkin_put(k, (float)cost);
    eval_tzolkin_put(k, (float)short_corn);
    eval_tzolkin_put(k, c->to_food <= 2 ? (float)short_corn : 0.0f);
    eval_tzolkin_put(k, (float)(pl->corn > cost ? pl->corn - cost : 0));
    eval_tzolkin_put(k, pl->feed_free);
    eval_tzolkin_put(k, pl->feed_disc);
    int farms = 0;
    for (uint32_t m = pl->buildings; m; m &= m - 1)
        farms += tzolk_building(__builtin_ctz(m))->category == TZOLK_FARM;
    eval_tzolkin_put(k, (float)eval_tzolkin_popcount(pl->buildings));
    eval_tzolkin_put(k, (float)farms);
    int mon_points = 0, best = 0;
    for (unsigned m = pl->monuments | s->mon_display; m; m &= m - 1) {
        int id = __builtin_ctz(m), v = tzolk_monument_points(s, seat, id);
        if (pl->monuments >> id & 1u)
            mon_points += v;
        else if (v > best)
            best = v;
    }
    eval_tzolkin_put(k, (float)eval_tzolkin_popcount(pl->monuments));
    eval_tzolkin_put(k, (float)mon_points);
    eval_tzolkin_put(k, (float)best);
    /* The seat's workers at each labelled position of each gear, read by
     * their set bits in position order: the positions without one are 0
     * (cleared in the row first; skipped by the weighing). A piece past
     * the last labelled position counts at it. */
    int gear_first = k->next;
    if (k->row != NULL) /* the rest of the row, written after them */
        memset(&k->row[gear_first], 0, (size_t)(EVAL_TZOLKIN_FEATURES - gear_first) * sizeof *k->row);
    float goods[EVAL_TZOLKIN_R_KINDS] = {0};
    int skulls = pl->skulls;
    for (int g = 0; g < TZOLK_GEARS; g++) {
        int cap = c->board->gear[g].last;
        for (unsigned m = s->on_gear[g][seat]; m; m &= m - 1) {
            int pos = __builtin_ctz(m);
            if (pos >= cap) {
                int n = eval_tzolkin_popcount(m);
                eval_tzolkin_put_at(k, gear_first + cap, (float)n);
                if (k->economy)
                    eval_tzolkin_reach(c, g, cap, n, &skulls, goods);
                break;
            }
            eval_tzolkin_put_at(k, gear_first + pos, 1.0f);
            if (k->economy)
                eval_tzolkin_reach(c, g, pos, 1, &skulls, goods);
        }
        gear_first += cap + 1;
    }
    k->next = gear_first;
    eval_tzolkin_put(k, s->start_space == seat);
    eval_tzolkin_put(k, s->token == seat);
    eval_tzolkin_put(k, pl->light);
    eval_tzolkin_put(k, pl->corn_tiles);
    eval_tzolkin_put(k, pl->wood_tiles);
    eval_tzolkin_put(k, (float)(2 * pl->res[0] + 3 * pl->res[1] + 4 * pl->res[2]));
    eval_tzolkin_put(k, c->to_food <= 3 ? (float)pl->workers : 0.0f);
    eval_tzolkin_put(k, pl->corn < 3 ? (float)(3 - pl->corn) : 0.0f);
    assert(k->next == EVAL_TZOLKIN_ECONOMY_FIRST);
    if (!k->economy) {
        k->next = EVAL_TZOLKIN_FEATURES;
        return;
    }
    for (int r = 0; r < EVAL_TZOLKIN_R_KINDS; r++)
        eval_tzolkin_put(k, goods[r]);
    /* the corn held and reached against the food days to come at today's
     * feeding (Z14.2) */
    float balance = (float)pl->corn + goods[EVAL_TZOLKIN_R_CORN] - (float)(cost * (TZOLK_FOOD_DAYS - s->next_food));
    eval_tzolkin_put(k, balance < 0.0f ? -balance : 0.0f);
    eval_tzolkin_put(k, balance > 0.0f ? balance : 0.0f);
    eval_tzolkin_put(k, (float)eval_tzolkin_placeable(c->board, pl, cost));
    eval_tzolkin_put(k, (float)(pl->workers * c->rounds_left));
    eval_tzolkin_put(k, (float)(pl->hand * pl->corn));
    assert(k->next == EVAL_TZOLKIN_FEATURES);
}

static void eval_tzolkin_common_of(const tzolk_state *s, eval_tzolkin_common *c)
{
    c->ends_left = eval_tzolkin_ends_left(s);
    c->age_end = c->ends_left == 2 ? 0 : 1;
    c->board = tzolk_board();
    c->to_food = s->next_food < TZOLK_FOOD_DAYS ? c->board->food_tooth[s->next_food] - s->teeth : 30;
    c->rounds_left = s->teeth < TZOLK_CALENDAR_TEETH ? TZOLK_CALENDAR_TEETH - s->teeth : 0;
    c->reach = c->rounds_left < EVAL_TZOLKIN_REACH_ROUNDS ? c->rounds_left : EVAL_TZOLKIN_REACH_ROUNDS;
    c->chi_slots = s->chi_slots;
    eval_tzolkin_temple_tops(s, &c->tops);
}

static void eval_tzolkin_extract(const void *state, float (*out)[MODEL_FEATURES_MAX])
{
    const tzolk_state *s = state;
    eval_tzolkin_common c;
    eval_tzolkin_common_of(s, &c);
    for (int seat = 0; seat < s->players; seat++) {
        eval_tzolkin_sink k = {out[seat], NULL, 0.0f, 0, 1};
        eval_tzolkin_seat(s, &c, seat, &k);
    }
}

/* Everything a seat's features read (eval_tzolkin_seat), packed for its
 * memo (model_seat_memo): its own counts and workers, and of the rest of
 * the position what reaches them -- the calendar and food days, its share
 * of the temples' leads, Chichen Itza's slots, the monuments on display
 * and built (which some monuments count), who holds the start space and
 * the token, the number of seats (the weights' block). */
typedef struct eval_tzolkin_seat_key {
    tzolk_player player;              /* the seat's counts */
    uint16_t on_gear[TZOLK_GEARS];    /* its workers on each gear */
    uint16_t chi_slots;               /* Chichen Itza's filled slots */
    uint16_t mon_display;             /* monuments on display */
    uint16_t mon_built;               /* monuments built by any seat */
    uint8_t lead[TZOLK_TEMPLES];      /* on each temple: 0 behind, 1 leading alone, 2 sharing the lead */
    uint8_t teeth;                    /* the calendar */
    uint8_t next_food;                /* food days held */
    uint8_t players;                  /* seats */
    uint8_t start_space;              /* 1 if the seat holds the start space */
    uint8_t token;                    /* 1 if it holds the start-player token */
} eval_tzolkin_seat_key;

/* A seat's key as the words a memo compares. */
enum { EVAL_TZOLKIN_KEY_WORDS = (sizeof(eval_tzolkin_seat_key) + sizeof(uint64_t) - 1) / sizeof(uint64_t) };
typedef union eval_tzolkin_seat_words {
    eval_tzolkin_seat_key key;               /* the fields */
    uint64_t words[EVAL_TZOLKIN_KEY_WORDS];  /* the same bytes, padding zeroed */
} eval_tzolkin_seat_words;

_Static_assert((int)EVAL_TZOLKIN_KEY_WORDS <= (int)MODEL_SEAT_KEY_WORDS, "a seat's key fits model_seat_memo");

static void eval_tzolkin_seat_key_of(const tzolk_state *s, const eval_tzolkin_common *c, int seat,
                                     eval_tzolkin_seat_words *words)
{
    memset(words, 0, sizeof *words); /* padding included: keys are compared as words */
    eval_tzolkin_seat_key *key = &words->key;
    memcpy(&key->player, &s->player[seat], sizeof key->player); /* with its padding's bytes */
    for (int g = 0; g < TZOLK_GEARS; g++)
        key->on_gear[g] = s->on_gear[g][seat];
    key->chi_slots = s->chi_slots;
    key->mon_display = s->mon_display;
    for (int o = 0; o < s->players; o++)
        key->mon_built |= s->player[o].monuments;
    for (int t = 0; t < TZOLK_TEMPLES; t++) /* its premium's share (eval_tzolkin_seat) */
        key->lead[t] = s->player[seat].temple[t] != c->tops.step[t] ? 0 : c->tops.count[t] == 1 ? 1 : 2;
    key->teeth = s->teeth;
    key->next_food = s->next_food;
    key->players = s->players;
    key->start_space = s->start_space == seat;
    key->token = s->token == seat;
}

/* The features weighed (model_features.weigh): each seat's sum in feature
 * order as extract's row would give it, the zeros left out; a seat whose
 * key is the one its memo holds (for the same weights) takes the memo's
 * sum. Inlined with economy a constant in each call of eval_tzolkin_weigh,
 * so that the seats' inlined features leave out the economy's work when it
 * is 0. */
static inline __attribute__((always_inline)) void
eval_tzolkin_weigh_seats(const tzolk_state *s, const eval_tzolkin_common *c, const float *w, int players, int economy,
                         model_seat_memo *memo, double *out)
{
    for (int seat = 0; seat < players; seat++) {
        eval_tzolkin_seat_words key;
        const float *kept = NULL;
        if (memo != NULL) {
            eval_tzolkin_seat_key_of(s, c, seat, &key);
            kept = model_seat_find(&memo[seat], w, key.words, EVAL_TZOLKIN_KEY_WORDS);
        }
#ifdef NDEBUG /* with asserts a sum found is weighed again and compared */
        if (kept != NULL) {
            out[seat] += *kept;
            continue;
        }
#endif
        eval_tzolkin_sink k = {NULL, w, 0.0f, 0, economy};
        eval_tzolkin_seat(s, c, seat, &k);
        assert(kept == NULL || *kept == k.sum); /* the key holds all that the seat's features read */
        out[seat] += k.sum;
        if (memo != NULL && kept == NULL)
            model_seat_keep(&memo[seat], w, key.words, EVAL_TZOLKIN_KEY_WORDS, k.sum);
    }
}

static void eval_tzolkin_weigh(const void *state, const float *w, int players, model_seat_memo *memo, double *out)
{
    const tzolk_state *s = state;
    eval_tzolkin_common c;
    eval_tzolkin_common_of(s, &c);
    /* weights of an older shape (model.h) weigh the economy 0: it adds
     * nothing to the sums, and is not worked out */
    int economy = 0;
    for (int i = EVAL_TZOLKIN_ECONOMY_FIRST; i < EVAL_TZOLKIN_FEATURES; i++)
        economy |= w[i] != 0.0f;
    if (economy)
        eval_tzolkin_weigh_seats(s, &c, w, players, 1, memo, out);
    else
        eval_tzolkin_weigh_seats(s, &c, w, players, 0, memo, out);
}

/* What the final scoring (Z19.2) would give each seat now: goods at their
 * corn rates, a quarter point per corn (without rounding, so that every
 * cube counts), 3 per skull, its monuments on the current state. */
static void eval_tzolkin_banked(const void *state, int players, double *out)
{
    const tzolk_state *s = state;
    for (int seat = 0; seat < players; seat++) {
        const tzolk_player *pl = &s->player[seat];
        out[seat] = (pl->corn + 2.0 * pl->res[0] + 3.0 * pl->res[1] + 4.0 * pl->res[2]) / 4.0 + 3.0 * pl->skulls +
                    eval_tzolkin_monument_points(s, seat);
    }
}

/* Strategies self-play seats may be told to follow (train.h): the long
 * plans of strategy guides that a search of a few thousand iterations does
 * not find by itself -- more workers, farms before food days, a monument,
 * technologies, buildings, skulls. */
static const model_plan eval_tzolkin_plans[] = {
    {"workers", 5.0f},   {"farms", 4.0f},   {"monuments", 8.0f}, {"tech3_count", 4.0f},
    {"buildings", 3.0f}, {"skulls", 2.0f},
};

/* The handicap of self-play (model_features.handicap): delta workers more
 * in seat's hand, as if bought (Z11.3) or never had, at the start of a
 * turn (no placement or pick-up yet, no choice pending), so that the
 * counts stay conserved (tzolk_check); never below one worker in play,
 * nor above the six a seat has (Z0.4.1). */
static int eval_tzolkin_handicap(void *state, int seat, int delta)
{
    tzolk_state *s = state;
    tzolk_player *pl = &s->player[seat];
    int workers = (int)pl->workers + delta, hand = pl->hand + delta;
    if (s->phase != TZOLK_PH_TURN || s->mode != 0 || s->sp != 0 || hand < 0 || workers < 1 ||
        workers > TZOLK_MAX_WORKERS)
        return 0;
    pl->workers = (unsigned)workers;
    pl->hand = (uint8_t)hand;
    return 1;
}

const model_features eval_tzolkin_features = {
    .game = "tzolkin",
    .count = EVAL_TZOLKIN_FEATURES,
    .names = eval_tzolkin_feature_names,
    .blocks = 3,
    .block_names = eval_tzolkin_blocks,
    .block = eval_tzolkin_block,
    .phase = eval_tzolkin_phase,
    .extract = eval_tzolkin_extract,
    .base = eval_tzolkin_banked,
    .plans = eval_tzolkin_plans,
    .plan_count = (int)(sizeof eval_tzolkin_plans / sizeof eval_tzolkin_plans[0]),
    .weigh = eval_tzolkin_weigh,
    .handicap = eval_tzolkin_handicap,
};
