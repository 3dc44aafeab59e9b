/*
 * tzolkin.c -- the rules of Tzolk'in (rules/tzolkin.md): setup with its
 * chance lines, turns (begging, placing, picking up and every gear action),
 * the stack of pending choices an action creates, food days, the calendar
 * and final scoring. Legal-action generation and apply use no heap; apply
 * checks legality first, so an illegal action leaves the state untouched:
 * by a direct test of the action's kind (is_legal), which the sanitizer
 * build compares with the legal list at every apply.
 */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "tzolkin/tzolkin.h"
#include "tzolkin_data.h"

/* The board's printed facts (data/tzolkin-wheels.txt, -constants.txt). */
static const tzolk_board_def *const board = &tzolk_data_board;

#define BIT(n) (1u << (n))

/* Asserts on the hot paths (writing a list, the needs, the stack) hold in
 * the test build, which has the sanitizers; the optimised build leaves
 * them out. */
#if defined(__SANITIZE_ADDRESS__)
#define HOT_ASSERT(x) assert(x)
#else
#define HOT_ASSERT(x) ((void)0)
#endif

_Static_assert((int)TZOLK_BLOCKER == (int)GAME_MAX_PLAYERS, "on_gear holds the seats, then the blocking markers");
_Static_assert(TZOLK_HOLES_MAX <= 16, "a gear's holes fit in a uint16_t mask");
/* No hidden padding: states compare with memcmp (game.h), so every byte is
 * a named field. The fields go by width, and the bitfields after dealt and
 * after stack fill the rest of their 32-bit unit (32 and 16 bits, pad
 * included). */
_Static_assert(sizeof(tzolk_player) == offsetof(tzolk_player, dealt) + TZOLK_WEALTH_DEALT + 4,
               "a player has no hidden padding");
_Static_assert(offsetof(tzolk_state, pool) ==
                   offsetof(tzolk_state, on_gear) + sizeof(uint16_t) * TZOLK_GEARS * TZOLK_PIECE_KINDS,
               "the state has no hidden padding");
_Static_assert(offsetof(tzolk_state, player) == offsetof(tzolk_state, stack) + TZOLK_STACK + 2,
               "the state has no hidden padding");
_Static_assert(sizeof(tzolk_state) <= 256, "a state fits four cache lines");
_Static_assert(TZOLK_SKULLS < 16 && TZOLK_MAX_WORKERS < 8, "skulls and workers fit their bitfields");
_Static_assert(TZOLK_F_BUILD_UXM4 < 1 << TZOLK_FRAME_KIND_BITS, "a frame's kind fits its bits");

static void say(char *why, size_t len, const char *msg)
{
    if (why && len)
        snprintf(why, len, "%s", msg);
}

static tzolk_player *actor_of(tzolk_state *s)
{
    return &s->player[s->actor];
}

/* ---- small rule helpers ---- */

/* Bits of gear g's labelled positions 0..last. */
static inline uint32_t labelled_mask(int g)
{
    return BIT(board->gear[g].last + 1) - 1;
}

/* Bits of gear g's positions that hold a piece. */
static inline uint32_t occupied_mask(const tzolk_state *s, int g)
{
    const uint16_t *k = s->on_gear[g];
    return (uint32_t)(k[0] | k[1] | k[2] | k[3] | k[TZOLK_BLOCKER]);
}

int tzolk_piece(const tzolk_state *s, int g, int pos)
{
    assert(g >= 0 && g < TZOLK_GEARS && pos >= 0 && pos < board->gear[g].holes);
    for (int who = 0; who < TZOLK_PIECE_KINDS; who++)
        if (s->on_gear[g][who] & BIT(pos))
            return who;
    return TZOLK_NOBODY;
}

void tzolk_set_piece(tzolk_state *s, int g, int pos, int who)
{
    assert(g >= 0 && g < TZOLK_GEARS && pos >= 0 && pos < board->gear[g].holes);
    assert(who >= TZOLK_NOBODY && who < TZOLK_PIECE_KINDS);
    for (int k = 0; k < TZOLK_PIECE_KINDS; k++)
        s->on_gear[g][k] &= (uint16_t)~BIT(pos);
    if (who != TZOLK_NOBODY)
        s->on_gear[g][who] |= (uint16_t)BIT(pos);
}

static inline int lowest_free(const tzolk_state *s, int g)
{
    uint32_t free = ~occupied_mask(s, g) & labelled_mask(g);
    return free ? __builtin_ctz(free) : -1;
}

int tzolk_lowest_free(const tzolk_state *s, int g)
{
    return lowest_free(s, g);
}

int tzolk_workers_on_gears(const tzolk_state *s, int seat)
{
    int n = 0;
    for (int g = 0; g < TZOLK_GEARS; g++)
        n += bits_count(s->on_gear[g][seat]);
    return n;
}

/* Z5.5: cheapest single placement, 99 if none at all. */
static int cheapest_placement(const tzolk_state *s)
{
    if (s->start_space < 0)
        return 0;
    int best = 99;
#pragma GCC unroll 5
    for (int g = 0; g < TZOLK_GEARS; g++) {
        int p = lowest_free(s, g);
        if (p >= 0 && p < best)
            best = p;
    }
    return best;
}

static int res_total(const tzolk_player *p)
{
    return p->res[0] + p->res[1] + p->res[2];
}

static int tech_cost(const tzolk_player *p, int x)
{
    return board->tech_cost[p->tech[x]]; /* Z12.2; at level 3 the bonus' price */
}

static int can_beg(const tzolk_state *s)
{
    const tzolk_player *p = &s->player[s->actor];
    if (s->begged || s->mode != 0 || p->corn > TZOLK_BEG_THRESHOLD)
        return 0;
    return p->temple[0] > 0 || p->temple[1] > 0 || p->temple[2] > 0;
}

/* Z5.4: the extra corn of the next worker placed this turn (the j-th
 * worker placed costs j-1 more: S(j) - S(j-1), Z1.11). */
static int surcharge_next(const tzolk_state *s)
{
    return board->surcharge[s->placed + 1] - board->surcharge[s->placed];
}

/* The corn of the position the next placement on gear g takes (0 for the
 * start-player space, g == TZOLK_GEARS), -1 if none is free. */
static int placement_pos(const tzolk_state *s, int g)
{
    if (g == TZOLK_GEARS)
        return s->start_space < 0 ? 0 : -1;
    return lowest_free(s, g);
}

/* Corn for the next placement on gear g, or on the start-player space for
 * g == TZOLK_GEARS (Z16.1: no position cost), if the position is free
 * (-1 if not), before a pity placement's rule (Z4.4). */
static int placement_price(const tzolk_state *s, int g)
{
    if (s->placed >= TZOLK_MAX_WORKERS)
        return -1; /* no worker is left to place (and S has no entry) */
    int pos = placement_pos(s, g);
    return pos < 0 ? -1 : pos + surcharge_next(s);
}

int tzolk_place_surcharge(const tzolk_state *s)
{
    return s->placed >= TZOLK_MAX_WORKERS ? -1 : surcharge_next(s);
}

/* Z4.3: no worker on a gear and not enough corn for any placement. */
static int short_of_corn(const tzolk_state *s)
{
    uint32_t mine = 0;
#pragma GCC unroll 5
    for (int g = 0; g < TZOLK_GEARS; g++)
        mine |= s->on_gear[g][s->actor];
    return mine == 0 && s->player[s->actor].corn < cheapest_placement(s);
}

static int affordable(const tzolk_player *p, const uint8_t cost[3])
{
    return p->res[0] >= cost[0] && p->res[1] >= cost[1] && p->res[2] >= cost[2];
}

/* Building b at Tikal with ARCH 3 saving one cube r: affordable? */
static int affordable_save(const tzolk_player *p, int b, int r)
{
    const tzolk_building_def *d = tzolk_building(b);
    if (d->cost[r] == 0)
        return 0;
    uint8_t c[3] = {d->cost[0], d->cost[1], d->cost[2]};
    c[r]--;
    return affordable(p, c);
}

static int uxm4_price(const tzolk_player *p, int b)
{
    const tzolk_building_def *d = tzolk_building(b);
    int price = TZOLK_UXM4_CORN_PER_BLOCK * (d->cost[0] + d->cost[1] + d->cost[2]);
    if (p->tech[TZOLK_ARCH] >= 3)
        price -= TZOLK_UXM4_CORN_PER_BLOCK; /* Z11.4: 2 corn lower, the price of one cube */
    return price < 0 ? 0 : price;
}

int tzolk_uxmal_cost(const tzolk_state *s, int seat, int b)
{
    if (seat < 0 || seat >= s->players || tzolk_building(b) == NULL)
        return -1;
    return uxm4_price(&s->player[seat], b);
}

/* A building of the display that a Tikal build with ARCH benefits can pay. */
static int tikal_can_build_any(const tzolk_state *s, const tzolk_player *p)
{
    for (uint32_t d = s->display; d; d &= d - 1) {
        int b = __builtin_ctz(d);
        if (p->tech[TZOLK_ARCH] >= 3) {
            for (int r = 0; r < 3; r++)
                if (affordable_save(p, b, r))
                    return 1;
        } else if (affordable(p, tzolk_building(b)->cost))
            return 1;
    }
    return 0;
}

static int monument_affordable(const tzolk_state *s, const tzolk_player *p, int m)
{
    const tzolk_monument_def *d = tzolk_monument(m);
    (void)s;
    return affordable(p, d->cost) && p->skulls >= d->cost[3];
}

/* Corn no action needs: marks an action that no amount of corn allows. */
enum { NEED_NEVER = 1 << 14 };

/* The needs that take a scan of the seat's resources or of the display,
 * computed once per list or check (tzolk_needs): TIK1 and TIK3 (a paid
 * technology step), TIK2 (a building), TIK4 (a building or a monument),
 * UXM4 (a building paid in corn), UXM5 (any other action). */
enum { NEED_TECH = 0, NEED_BUILD, NEED_TIK4, NEED_UXM4, NEED_UXM5, NEED_SLOTS };

/* The least corn the actor must hold, after paying anything else, to
 * carry out regular action (g, q) now (Z6.5): 0, or the action's own price
 * in corn (UXM1, UXM4, UXM5), or NEED_NEVER. Other corn is not asked: the
 * action can be done after paying extra corn iff corn - extra >= this.
 * The scanning needs are kept once computed. */
typedef struct tzolk_needs {
    unsigned known;            /* bit i: corn[i] computed */
    int16_t corn[NEED_SLOTS];  /* by NEED_TECH .. NEED_UXM5 */
} tzolk_needs;

static void needs_init(tzolk_needs *nd)
{
    nd->known = 0;
}

static inline int need_of(const tzolk_state *s, tzolk_needs *nd, int g, int q);

/* UXM5 (Z11.5): its corn, then the cheapest other action of the four
 * gears (no need is below 0, so the first 0 ends the search). */
static int uxm5_need(const tzolk_state *s, tzolk_needs *nd)
{
    int best = NEED_NEVER;
    for (int g = 0; g < TZOLK_CHI && best > 0; g++)
        for (int q = 1; q <= board->gear[g].actions && best > 0; q++)
            if (!(g == TZOLK_UXM && q == 5)) {
                int c = need_of(s, nd, g, q);
                if (c < best)
                    best = c;
            }
    return best == NEED_NEVER ? NEED_NEVER : TZOLK_UXM5_CORN + best;
}

/* The need of a scanning slot (NEED_TECH .. NEED_UXM5). */
static int compute_need(const tzolk_state *s, tzolk_needs *nd, int slot)
{
    const tzolk_player *p = &s->player[s->actor];
    switch (slot) {
    case NEED_TECH:
        for (int x = 0; x < TZOLK_TRACKS; x++)
            if (tech_cost(p, x) <= res_total(p))
                return 0;
        return NEED_NEVER;
    case NEED_BUILD:
        return tikal_can_build_any(s, p) ? 0 : NEED_NEVER;
    case NEED_TIK4:
        if (tikal_can_build_any(s, p))
            return 0;
        for (uint32_t m = s->mon_display; m; m &= m - 1)
            if (monument_affordable(s, p, __builtin_ctz(m)))
                return 0;
        return NEED_NEVER;
    case NEED_UXM4: {
        int best = NEED_NEVER;
        for (uint32_t d = s->display; d; d &= d - 1) {
            int price = uxm4_price(p, __builtin_ctz(d));
            if (price < best)
                best = price;
        }
        return best;
    }
    default:
        return uxm5_need(s, nd);
    }
}

/* The need of scanning slot, computed at its first asking (out of line:
 * need_of, inlined in the lists, stays small). */
static __attribute__((noinline)) int need_fill(const tzolk_state *s, tzolk_needs *nd, int slot)
{
    nd->corn[slot] = (int16_t)compute_need(s, nd, slot);
    nd->known |= BIT(slot);
    return nd->corn[slot];
}

static inline int need_kept(const tzolk_state *s, tzolk_needs *nd, int slot)
{
    return nd->known & BIT(slot) ? nd->corn[slot] : need_fill(s, nd, slot);
}

static inline int need_of(const tzolk_state *s, tzolk_needs *nd, int g, int q)
{
    const tzolk_player *p = &s->player[s->actor];
    HOT_ASSERT(g >= 0 && g < TZOLK_GEARS && q >= 1 && q <= board->gear[g].actions);
    switch (g) {
    case TZOLK_PAL:
        if (q == 1)
            return 0;
        {
            const uint8_t *j = s->jungle[q - 2];
            return j[1] > 0 || j[0] > 0 || p->tech[TZOLK_AGRI] >= 2 ? 0 : NEED_NEVER;
        }
    case TZOLK_YAX:
        return 0;
    case TZOLK_TIK:
        switch (q) {
        case 1:
        case 3:
            return need_kept(s, nd, NEED_TECH);
        case 2:
            return need_kept(s, nd, NEED_BUILD);
        case 4:
            return need_kept(s, nd, NEED_TIK4);
        default:
            return res_total(p) >= 1 ? 0 : NEED_NEVER;
        }
    case TZOLK_UXM:
        switch (q) {
        case 1:
            return TZOLK_UXM1_CORN;
        case 4:
            return need_kept(s, nd, NEED_UXM4);
        case 5:
            return need_kept(s, nd, NEED_UXM5);
        default:
            return 0;
        }
    default:
        return !(s->chi_slots & BIT(q)) && p->skulls >= 1 ? 0 : NEED_NEVER;
    }
}

/* Z6.5: can the actor carry out action (g, q) after paying extra corn? */
static int can_do(const tzolk_state *s, tzolk_needs *nd, int g, int q, int extra)
{
    return s->player[s->actor].corn - extra >= need_of(s, nd, g, q);
}

/* The actions a pick from labelled position pos of gear g may perform,
 * 1..top (the returned top; 0: only a pick without an action), and the
 * first of them that costs no corn (*free_from): the action of pos and
 * those below it for 1 corn per step back (Z6.1b), Chichen Itza's next
 * one too with THEO 1 (Z9.4), every action from a free-choice position
 * (Z6.2, Z9.3; with THEO 1 from CHI9 too, ZR29). */
static int pick_range(const tzolk_state *s, int g, int pos, int *free_from)
{
    int actions = board->gear[g].actions, reach = pos;
    if (g == TZOLK_CHI && s->player[s->actor].tech[TZOLK_THEO] >= 1)
        reach = pos + 1;
    if (reach > actions) {
        *free_from = 1;
        return actions;
    }
    *free_from = reach;
    return reach;
}

/* Corn a pick from pos pays for action q within its range (pick_range). */
static inline int back_cost(int pos, int q, int free_from)
{
    return q >= free_from ? 0 : (pos - q) * TZOLK_STEP_BACK_CORN;
}

/* Corn to pay for picking up from (g, pos) with action q (ZR45), -1 if q
 * is not reachable from there. */
static int step_back_cost(const tzolk_state *s, int g, int pos, int q)
{
    int free_from, top = pick_range(s, g, pos, &free_from);
    return q < 1 || q > top ? -1 : back_cost(pos, q, free_from);
}

/* ---- temples and technology ---- */

static void temple_up(tzolk_state *s, int seat, int t)
{
    tzolk_player *p = &s->player[seat];
    int top = tzolk_temple(t)->steps - 1;
    if (p->temple[t] >= top)
        return; /* Z15.3 */
    if (p->temple[t] + 1 == top)
        for (int o = 0; o < s->players; o++)
            if (o != seat && s->player[o].temple[t] == top)
                return; /* Z15.4 */
    p->temple[t]++;
    if (p->temple[t] == top)
        p->light = 1; /* Z15.5 */
}

/* A pending decision. The stack never fills: a turn's choices nest at
 * most a few deep (Z23.9). */
static void push(tzolk_state *s, int kind, int a)
{
    HOT_ASSERT(s->sp < TZOLK_STACK);
    HOT_ASSERT(kind >= TZOLK_F_HARVEST && kind <= TZOLK_F_BUILD_UXM4 && a >= 0 && a <= TZOLK_FRAME_PARAM_MAX);
    s->stack[s->sp++] = (tzolk_frame)(kind | a << TZOLK_FRAME_KIND_BITS);
}

static void gain_skulls(tzolk_state *s, tzolk_player *p, int n)
{
    if (n > s->skull_supply)
        n = s->skull_supply; /* ZR02 */
    p->skulls += n;
    s->skull_supply -= n;
}

/* One technology step (Z12.2, Z12.3), payment already made. */
static void tech_step(tzolk_state *s, int seat, int x, game_score_trace *trace)
{
    tzolk_player *p = &s->player[seat];
    if (p->tech[x] < TZOLK_TECH_LEVELS) {
        p->tech[x]++;
        return;
    }
    switch (x) {
    case TZOLK_AGRI:
        for (int k = 0; k < TZOLK_AGRI_BONUS_TEMPLE; k++)
            push(s, TZOLK_F_TEMPLE, 0);
        break;
    case TZOLK_EXTR:
        push(s, TZOLK_F_GAIN, TZOLK_EXTR_BONUS_GOODS);
        break;
    case TZOLK_ARCH:
        p->vp += TZOLK_ARCH_BONUS_VP;
        game_score_tell(trace, seat, TZOLK_ARCH_BONUS_VP, "technology bonus", "Z12.4", "ARCH", "architecture bonus");
        break;
    default:
        gain_skulls(s, p, TZOLK_THEO_BONUS_SKULLS);
        break;
    }
}

/* ---- actions ---- */

/* Give seat p farms (W14, B1-04, B1-05): free workers fed without corn and
 * discount farms, within their bitfields' widths. */
static void add_farms(tzolk_player *p, int free_workers, int discount)
{
    assert(p->feed_free + free_workers < 32 && p->feed_disc + discount < 4);
    p->feed_free += free_workers;
    p->feed_disc += discount;
}

/* Build building b (cost already paid): Z13.2, ZR47, ZR48. */
static void build_effects(tzolk_state *s, int b, int benefits, game_score_trace *trace)
{
    tzolk_player *p = actor_of(s);
    const tzolk_building_def *d = tzolk_building(b);
    p->buildings |= BIT(b);
    s->display &= ~BIT(b);
    s->built = 1;
    if (benefits) {
        if (p->tech[TZOLK_ARCH] >= 1)
            p->corn += 1;
        if (p->tech[TZOLK_ARCH] >= 2) {
            p->vp += 2;
            game_score_tell(trace, s->actor, 2, "architecture", "Z12.4", d->id, "architecture level 2: building %s",
                            d->id);
        }
    }
    add_farms(p, d->feed, d->feed_disc);
    p->vp += d->vp;
    game_score_tell(trace, s->actor, d->vp, "building", "Z13.2", d->id, "building %s", d->id);
    p->corn += d->gain[0];
    for (int r = 0; r < 3; r++)
        p->res[r] += d->gain[1 + r];
    gain_skulls(s, p, d->gain[4]);
    if (d->worker && p->workers < TZOLK_MAX_WORKERS) {
        p->workers++;
        p->hand++;
    }
    for (int t = 0; t < TZOLK_TEMPLES; t++)
        for (int k = 0; k < d->temple[t]; k++)
            temple_up(s, s->actor, t);
    /* choices, pushed so that the first due is on top */
    if (d->build)
        push(s, TZOLK_F_BUILD_B108, 0);
    if (d->trade)
        push(s, TZOLK_F_MARKET, 0);
    if (d->any_action)
        push(s, TZOLK_F_DO_OPT, 0);
    for (int k = 0; k < d->tech_any; k++)
        push(s, TZOLK_F_TECH_FREE, 0);
    if (d->tech >= 0)
        tech_step(s, s->actor, d->tech, trace);
    for (int k = 0; k < d->temple_any; k++)
        push(s, TZOLK_F_TEMPLE, 0);
}

static int agri_bonus(const tzolk_player *p)
{
    return p->tech[TZOLK_AGRI] >= 3 ? 3 : (p->tech[TZOLK_AGRI] >= 1 ? 1 : 0);
}

int tzolk_harvest_corn(const tzolk_state *s, int q)
{
    if (q < 2 || q > board->gear[TZOLK_PAL].actions)
        return -1;
    return board->harvest_corn[q] + agri_bonus(&s->player[s->actor]);
}

int tzolk_harvest_wood(const tzolk_state *s, int q)
{
    if (q < 2 || q > board->gear[TZOLK_PAL].actions || board->harvest_wood[q] == 0)
        return -1;
    return board->harvest_wood[q] + (s->player[s->actor].tech[TZOLK_EXTR] >= 1);
}

/* Perform action (g, q); its costs (not the step back) are paid here. */
static void perform(tzolk_state *s, int g, int q, game_score_trace *trace)
{
    tzolk_player *p = actor_of(s);
    switch (g) {
    case TZOLK_PAL:
        if (q == 1) {
            p->corn += board->harvest_corn[1] + (p->tech[TZOLK_AGRI] >= 2);
        } else if (q == 2) {
            uint8_t *j = s->jungle[0];
            if (j[1] > 0) {
                j[1]--;
                j[2]++;
                p->corn_tiles++;
            }
            p->corn += tzolk_harvest_corn(s, 2);
        } else
            push(s, TZOLK_F_HARVEST, q);
        break;
    case TZOLK_YAX: {
        /* Z8.1; EXTR level r+1 adds one to resource r, THEO 3 a skull (Z1.7) */
        const uint8_t *gain = board->yax_gain[q];
        p->corn += gain[TZOLK_G_CORN];
        for (int r = 0; r < 3; r++)
            if (gain[1 + r])
                p->res[r] += gain[1 + r] + (p->tech[TZOLK_EXTR] >= r + 1);
        if (gain[TZOLK_G_SKULL])
            gain_skulls(s, p, gain[TZOLK_G_SKULL] + (p->tech[TZOLK_THEO] >= 3));
        break;
    }
    case TZOLK_TIK:
        switch (q) {
        case 1:
            push(s, TZOLK_F_TECH, 0);
            break;
        case 2:
            push(s, TZOLK_F_BUILD_TIK2, 0);
            break;
        case 3:
            push(s, TZOLK_F_TECH_OPT, 0);
            push(s, TZOLK_F_TECH, 0);
            break;
        case 4:
            push(s, TZOLK_F_BUILD_TIK4A, 0);
            break;
        default:
            push(s, TZOLK_F_TEMPLES, 0);
            break;
        }
        break;
    case TZOLK_UXM:
        switch (q) {
        case 1:
            p->corn -= TZOLK_UXM1_CORN;
            push(s, TZOLK_F_TEMPLE, 0);
            break;
        case 2:
            push(s, TZOLK_F_MARKET, 0);
            break;
        case 3:
            if (p->workers < TZOLK_MAX_WORKERS) {
                p->workers++;
                p->hand++;
            }
            break;
        case 4:
            push(s, TZOLK_F_BUILD_UXM4, 0);
            break;
        default:
            p->corn -= TZOLK_UXM5_CORN;
            push(s, TZOLK_F_DO, 0);
            break;
        }
        break;
    default:
        s->chi_slots |= (uint16_t)BIT(q);
        p->skulls--;
        p->vp += board->skull[q].vp;
        game_score_tell(trace, s->actor, board->skull[q].vp, "chichen itza", "Z9.2", "",
                        "Chichen Itza %d: skull placed", q);
        temple_up(s, s->actor, board->skull[q].temple);
        if (p->tech[TZOLK_THEO] >= 2)
            push(s, TZOLK_F_THEO2, 0);
        if (board->skull[q].resource)
            push(s, TZOLK_F_GAIN, 1);
        break;
    }
}

/* ---- setup, rounds and food days ---- */

int tzolk_init(tzolk_state *s, int players)
{
    if (players < TZOLK_PLAYERS_MIN || players > TZOLK_PLAYERS_MAX)
        return GAME_EOPTION;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)players;
    s->phase = TZOLK_PH_START;
    s->age = 1;
    s->start_space = -1;
    s->skull_supply = TZOLK_SKULLS;
    /* Z2.3: group 2 CORN, groups 3-5 FOREST, f = players fields each */
    for (int k = 0; k < TZOLK_JUNGLE_GROUPS; k++) {
        s->jungle[k][board->jungle_forest[k] ? 0 : 1] = (uint8_t)players;
        s->jungle[k][2] = (uint8_t)(TZOLK_JUNGLE_FIELDS - players);
    }
    for (int i = 0; i < players; i++) {
        tzolk_player *p = &s->player[i];
        p->workers = TZOLK_WORKERS_START;
        p->hand = TZOLK_WORKERS_START;
        p->light = 1;
        for (int t = 0; t < TZOLK_TEMPLES; t++)
            p->temple[t] = tzolk_temple(t)->start;
        memset(p->dealt, TZOLK_UNKNOWN, sizeof p->dealt);
    }
    return 0;
}

/* The seat k places after seat (k < players): the sum wrapped once, no
 * division. */
static int seat_after(const tzolk_state *s, int seat, int k)
{
    HOT_ASSERT(seat >= 0 && seat < s->players && k >= 0 && k < s->players);
    int next = seat + k;
    return next >= s->players ? next - s->players : next;
}

void tzolk_start_turn(tzolk_state *s)
{
    s->phase = TZOLK_PH_TURN;
    s->actor = (uint8_t)seat_after(s, s->token, s->turn_index);
    s->mode = 0;
    s->placed = 0;
    s->begged = 0;
    s->built = 0;
    s->on_start = 0;
    s->pity = 0;
    s->sp = 0;
}

int tzolk_is_food_day(const tzolk_state *s)
{
    return s->next_food < TZOLK_FOOD_DAYS && s->teeth >= board->food_tooth[s->next_food];
}

int tzolk_teeth_to_food_day(const tzolk_state *s)
{
    if (s->next_food >= TZOLK_FOOD_DAYS)
        return -1;
    int left = board->food_tooth[s->next_food] - s->teeth;
    return left > 0 ? left : 0;
}

int tzolk_feeding_cost(const tzolk_state *s, int seat)
{
    const tzolk_player *p = &s->player[seat];
    int need = TZOLK_FEED_CORN - p->feed_disc;
    if (need < 0)
        need = 0;
    int paying = p->workers - p->feed_free;
    if (paying < 0)
        paying = 0;
    return paying * need;
}

static void feed(tzolk_state *s, game_score_trace *trace)
{
    for (int i = 0; i < s->players; i++) {
        tzolk_player *p = &s->player[i];
        int need = TZOLK_FEED_CORN - p->feed_disc;
        if (need <= 0)
            continue;
        int paying = p->workers - p->feed_free;
        if (paying <= 0)
            continue;
        int fed = p->corn / need;
        if (fed > paying)
            fed = paying;
        p->corn -= fed * need;
        p->vp -= TZOLK_UNFED_VP * (paying - fed);
        game_score_tell(trace, i, -TZOLK_UNFED_VP * (paying - fed), "unfed", "Z18.4", "", "food day: %d unfed worker%s",
                        paying - fed, paying - fed == 1 ? "" : "s");
    }
}

static void temple_rewards(tzolk_state *s, int mid, game_score_trace *trace)
{
    if (mid) {
        int entitled = 0;
        for (int i = 0; i < s->players; i++)
            for (int t = 0; t < TZOLK_TEMPLES; t++)
                for (int k = 1; k <= s->player[i].temple[t]; k++)
                    if (tzolk_temple(t)->reward[k] == TZOLK_G_SKULL)
                        entitled++;
        int skulls_ok = entitled <= s->skull_supply; /* ZR40 */
        for (int i = 0; i < s->players; i++) {
            tzolk_player *p = &s->player[i];
            for (int t = 0; t < TZOLK_TEMPLES; t++)
                for (int k = 1; k <= p->temple[t]; k++) {
                    int r = tzolk_temple(t)->reward[k];
                    if (r == TZOLK_G_SKULL) {
                        if (skulls_ok) {
                            p->skulls++;
                            s->skull_supply--;
                        }
                    } else if (r >= TZOLK_G_WOOD)
                        p->res[r - 1]++;
                }
        }
        return;
    }
    int age = s->next_food == 1 ? 0 : 1;
    for (int t = 0; t < TZOLK_TEMPLES; t++) {
        const tzolk_temple_def *d = tzolk_temple(t);
        int best = -1, leaders = 0;
        for (int i = 0; i < s->players; i++) {
            s->player[i].vp += d->vp[s->player[i].temple[t]];
            game_score_tell(trace, i, d->vp[s->player[i].temple[t]], "temple", "Z18.6", tzolk_temple_name(t),
                            "food day: %s step %d", tzolk_temple_name(t), s->player[i].temple[t]);
            if (s->player[i].temple[t] > best) {
                best = s->player[i].temple[t];
                leaders = 1;
            } else if (s->player[i].temple[t] == best)
                leaders++;
        }
        for (int i = 0; i < s->players; i++)
            if (s->player[i].temple[t] == best) {
                int premium = leaders == 1 ? d->premium[age] : d->premium[age] / 2;
                s->player[i].vp += premium;
                game_score_tell(trace, i, premium, "temple premium", "Z18.6", tzolk_temple_name(t),
                                "food day: %s premium%s, age %s", tzolk_temple_name(t),
                                leaders == 1 ? "" : " shared", age ? "II" : "I");
            }
    }
}

/* The four seats' 16-bit masks of gear g side by side in 64 bits (lane k:
 * seat k), and back. */
static inline uint64_t seat_lanes(const tzolk_state *s, int g)
{
    const uint16_t *k = s->on_gear[g];
    return k[0] | (uint64_t)k[1] << 16 | (uint64_t)k[2] << 32 | (uint64_t)k[3] << 48;
}

static inline void set_seat_lanes(tzolk_state *s, int g, uint64_t lanes)
{
    for (int k = 0; k < GAME_MAX_PLAYERS; k++)
        s->on_gear[g][k] = (uint16_t)(lanes >> 16 * k);
}

/* A 16-bit mask in each of the four lanes. */
static inline uint64_t in_lanes(uint32_t mask)
{
    return mask * 0x0001000100010001ull;
}

/* Every gear turns one tooth: the piece at position p moves to p+1 (the
 * last hole to 0), a worker at the last labelled position back to its hand
 * (Z17.1). The seats' masks turn together, one 16-bit lane each. */
static void advance_one(tzolk_state *s)
{
    _Static_assert(GAME_MAX_PLAYERS * 16 == 64, "the seats' masks fill 64 bits");
#pragma GCC unroll 5 /* the gears' sizes and masks become constants */
    for (int g = 0; g < TZOLK_GEARS; g++) {
        int n = board->gear[g].holes;
        uint32_t holes = BIT(n) - 1, top = BIT(n - 1), blockers = s->on_gear[g][TZOLK_BLOCKER];
        uint64_t seats = seat_lanes(s, g), back = seats & in_lanes(BIT(board->gear[g].last));
        for (uint64_t b = back; b; b &= b - 1)
            s->player[__builtin_ctzll(b) / 16].hand++;
        seats &= ~back;
        set_seat_lanes(s, g, ((seats << 1) & in_lanes(holes)) | ((seats & in_lanes(top)) >> (n - 1)));
        s->on_gear[g][TZOLK_BLOCKER] = (uint16_t)(((blockers << 1) | (blockers >> (n - 1))) & holes);
    }
    s->teeth++;
}

static void final_scoring(tzolk_state *s, game_score_trace *trace)
{
    for (int i = 0; i < s->players; i++) {
        tzolk_player *p = &s->player[i];
        int total = p->corn + tzolk_market_value(p->res[0], p->res[1], p->res[2]);
        p->vp += total / TZOLK_FINAL_CORN_PER_VP; /* ZR43 */
        game_score_tell(trace, i, total / TZOLK_FINAL_CORN_PER_VP, "corn", "Z19.2", "",
                        "final: %d corn with resources at market rates", total);
        p->vp += TZOLK_FINAL_SKULL_VP * p->skulls;
        game_score_tell(trace, i, TZOLK_FINAL_SKULL_VP * p->skulls, "skulls", "Z19.2", "", "final: %d skull%s",
                        p->skulls, p->skulls == 1 ? "" : "s");
    }
    for (int i = 0; i < s->players; i++)
        for (int m = 0; m < TZOLK_MONUMENTS; m++)
            if (s->player[i].monuments & BIT(m)) {
                int points = tzolk_monument_points(s, i, m);
                s->player[i].vp += points;
                game_score_tell(trace, i, points, "monument", "Z19.2", tzolk_monument(m)->id, "final: monument %s",
                                tzolk_monument(m)->id);
            }
    s->phase = TZOLK_PH_OVER;
}

static void after_advance(tzolk_state *s, game_score_trace *trace)
{
    if (s->last_round) {
        final_scoring(s, trace);
        return;
    }
    s->turn_index = 0;
    tzolk_start_turn(s);
}

/* Phase 3 (Z16.3-Z16.5, Z17). */
static void phase3(tzolk_state *s, game_score_trace *trace)
{
    int o = s->start_space;
    if (o < 0) {
        s->pool += TZOLK_START_SPACE_CORN;
        advance_one(s);
        after_advance(s, trace);
        return;
    }
    s->start_space = -1;
    s->player[o].hand++;
    if (o != s->token)
        s->token = (uint8_t)o;
    else
        s->token = (uint8_t)seat_after(s, s->token, 1);
    int allowed = s->player[o].light && !s->last_round;
    for (int g = 0; g < TZOLK_GEARS && allowed; g++)
        if ((occupied_mask(s, g) & ~(uint32_t)s->on_gear[g][TZOLK_BLOCKER]) & BIT(board->gear[g].last - 1))
            allowed = 0; /* Z16.4b, ZR21: a worker one position before the last */
    if (allowed) {
        s->phase = TZOLK_PH_ADVANCE;
        s->actor = (uint8_t)o;
        return;
    }
    advance_one(s);
    after_advance(s, trace);
}

/* Phase 2 after the age change, then phase 3. */
static void finish_food_day(tzolk_state *s, game_score_trace *trace)
{
    temple_rewards(s, board->food_mid[s->next_food], trace);
    s->next_food++;
    phase3(s, trace);
}

static void round_end(tzolk_state *s, game_score_trace *trace)
{
    if (!tzolk_is_food_day(s)) {
        phase3(s, trace);
        return;
    }
    s->last_round = s->next_food == TZOLK_FOOD_DAYS - 1;
    feed(s, trace);
    if (s->next_food == 1) {
        /* Z13.5: age change; 6 age-II reveals follow */
        s->display = 0;
        s->age = 2;
        s->revealed |= (BIT(TZOLK_AGE1_BUILDINGS) - 1);
        s->phase = TZOLK_PH_AGE_REVEAL;
        s->chance_left = TZOLK_DISPLAY;
        return;
    }
    finish_food_day(s, trace);
}

static void finish_turn(tzolk_state *s, game_score_trace *trace)
{
    if (s->on_start) {
        s->player[s->actor].corn += s->pool; /* Z16.2 */
        s->pool = 0;
    }
    s->sp = 0;
    s->turn_index++;
    if (s->turn_index < s->players)
        tzolk_start_turn(s);
    else
        round_end(s, trace);
}

static uint32_t deck_mask(const tzolk_state *s)
{
    uint32_t age = s->age == 1 ? BIT(TZOLK_AGE1_BUILDINGS) - 1 : ~(BIT(TZOLK_AGE1_BUILDINGS) - 1);
    return age & ~s->revealed;
}

uint32_t tzolk_dealt_mask(const tzolk_state *s)
{
    _Static_assert(TZOLK_WEALTH < 63 && (TZOLK_UNKNOWN & 63) == 63, "an unknown tile marks bit 63 only");
    uint64_t m = 0;
    for (int i = 0; i < s->players; i++)
        for (int k = 0; k < TZOLK_WEALTH_DEALT; k++)
            m |= 1ull << (s->player[i].dealt[k] & 63);
    return (uint32_t)(m & (BIT(TZOLK_WEALTH) - 1));
}

static void place_blocker(tzolk_state *s, int g, int p)
{
    tzolk_set_piece(s, g, p, TZOLK_BLOCKER);
    s->blockers++;
}

/* Z2.9 for one revealed tile. */
static void block(tzolk_state *s, int w)
{
    const tzolk_wealth_def *d = tzolk_wealth(w);
    int target = s->players == 2 ? 12 : 6;
    int first = s->on_gear[d->gear][TZOLK_BLOCKER] == 0;
    place_blocker(s, d->gear, d->pos);
    if (first && d->gear != TZOLK_CHI && s->blockers < target)
        place_blocker(s, d->gear, (d->pos + 5) % 10);
    s->block_mask |= BIT(w);
}

static void apply_wealth(tzolk_state *s)
{
    for (int i = 0; i < s->players; i++) {
        tzolk_player *p = &s->player[i];
        for (int k = 0; k < TZOLK_WEALTH_DEALT; k++) {
            if (!(p->keep_mask & BIT(k)) || p->dealt[k] == TZOLK_UNKNOWN)
                continue; /* an unresampled observation knows nothing to give */
            const tzolk_wealth_def *d = tzolk_wealth(p->dealt[k]);
            p->corn += d->gain[0];
            for (int r = 0; r < 3; r++)
                p->res[r] += d->gain[1 + r];
            gain_skulls(s, p, d->gain[4]);
            for (int t = 0; t < TZOLK_TEMPLES; t++)
                for (int n = 0; n < d->temple[t]; n++)
                    temple_up(s, i, t);
            if (d->tech >= 0)
                p->tech[d->tech]++; /* level 0 or 1 here: never a bonus */
            add_farms(p, d->feed, 0);
            if (d->worker) {
                p->workers++;
                p->hand++;
            }
        }
    }
}

/* ---- legal actions ---- */

int tzolk_all_kept(const tzolk_state *s)
{
    for (int i = 0; i < s->players; i++)
        if (!s->player[i].has_kept)
            return 0;
    return 1;
}

int tzolk_current_player(const tzolk_state *s)
{
    switch (s->phase) {
    case TZOLK_PH_KEEP:
    case TZOLK_PH_TURN:
    case TZOLK_PH_ADVANCE:
        return s->actor;
    case TZOLK_PH_OVER:
        return GAME_TERMINAL;
    default:
        return GAME_CHANCE;
    }
}

static int pay_code(int w, int st, int g)
{
    return w * 16 + st * 4 + g;
}

/* Every resource string of n cubes the player holds, as pay codes. */
static int pay_options(const tzolk_player *p, int n, int *out)
{
    int k = 0;
    for (int w = 0; w <= n; w++)
        for (int st = 0; st + w <= n; st++) {
            int g = n - w - st;
            if (w <= p->res[0] && st <= p->res[1] && g <= p->res[2])
                out[k++] = pay_code(w, st, g);
        }
    return k;
}

int tzolk_market_value(int w, int st, int g)
{
    return w * board->market[0] + st * board->market[1] + g * board->market[2];
}

void tzolk_trade_of(int a, int *resource, int *change)
{
    int v = a - TZOLK_A_TRADE;
    *resource = v / (2 * TZOLK_TRADE_BITS);
    *change = ((v / TZOLK_TRADE_BITS) % 2 ? -1 : 1) * (1 << (v % TZOLK_TRADE_BITS));
}

/* Bits k of the amounts 2^k (k < TZOLK_TRADE_BITS) of at most limit cubes. */
static uint32_t amounts_upto(long limit)
{
    if (limit <= 0)
        return 0;
    if (limit > UINT16_MAX)
        limit = UINT16_MAX;
    return BIT(32 - __builtin_clz((uint32_t)limit)) - 1;
}

/* 1 if the market visit under way sells resource r, 0 if it buys it or
 * has not traded it (market_sold). */
static int visit_sells(const tzolk_state *s, int r)
{
    return s->market_sold >> r & 1;
}

/* The market steps open to the actor for resource r in the visit under way
 * (ZR31): bit k for buying (sell 0) or selling (sell 1) 2^k cubes. A visit
 * buys or sells each resource, each amount once; it sells what is held,
 * as far as the corn stays within TZOLK_CORN_MAX, and buys what its corn
 * pays, up to 65535 cubes held. */
static uint32_t trade_amounts(const tzolk_state *s, int r, int sell)
{
    const tzolk_player *p = &s->player[s->actor];
    if (s->market[r] != 0 && sell != visit_sells(s, r))
        return 0;
    long limit = sell ? p->res[r] : p->corn / board->market[r];
    long room = sell ? (TZOLK_CORN_MAX - p->corn) / board->market[r] : UINT16_MAX - p->res[r];
    if (limit > room)
        limit = room;
    return amounts_upto(limit) & ~(uint32_t)s->market[r];
}

int tzolk_market_change(const tzolk_state *s, int r)
{
    assert(r >= 0 && r < 3);
    return visit_sells(s, r) ? -s->market[r] : s->market[r];
}

static int trade_allowed(const tzolk_state *s, int a)
{
    int v = a - TZOLK_A_TRADE;
    return (trade_amounts(s, v / (2 * TZOLK_TRADE_BITS), (v / TZOLK_TRADE_BITS) % 2) >> (v % TZOLK_TRADE_BITS)) & 1;
}

/* Why market step a (a TZOLK_A_TRADE id that trade_allowed refuses) is
 * not legal for the actor in the visit under way (ZR31). */
static const char *trade_refusal(const tzolk_state *s, int a)
{
    const tzolk_player *p = &s->player[s->actor];
    int r, change;
    tzolk_trade_of(a, &r, &change);
    int sell = change < 0, amount = sell ? -change : change, done = s->market[r];
    if (done != 0 && sell != visit_sells(s, r))
        return "this visit already trades that resource the other way: a visit buys or sells each resource (ZR31)";
    if (done & amount)
        return "this visit already traded that amount of that resource: each amount once a visit, take a larger one";
    if (sell && amount > p->res[r])
        return "you cannot sell more than you hold (ZR31)";
    if (sell)
        return "that is more corn than a seat can hold: sell less";
    if (p->corn < amount * board->market[r])
        return "you have not the corn to buy that: sell first, or buy less (Z1.11, ZR31)";
    return "too many cubes of one resource";
}

/* One step of the market visit (legal): the cubes and their corn. */
static void trade(tzolk_state *s, int a)
{
    tzolk_player *p = actor_of(s);
    int r, change;
    tzolk_trade_of(a, &r, &change);
    p->res[r] = (uint16_t)(p->res[r] + change);
    p->corn = (int16_t)(p->corn - change * board->market[r]);
    s->market[r] = (uint16_t)(s->market[r] + (change < 0 ? -change : change));
    if (change < 0)
        s->market_sold |= 1u << r;
}

static void sort_ints(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

/* The legal actions in ascending order, into out[TZOLK_LEGAL_MAX]. */
#define PUT(a) (HOT_ASSERT(n < TZOLK_LEGAL_MAX), out[n++] = (a))
static int gen_legal(const tzolk_state *s, int *out)
{
    tzolk_needs nd;
    int n = 0;
    const tzolk_player *p = &s->player[s->actor];
    switch (s->phase) {
    case TZOLK_PH_START:
        for (int k = 0; k < s->players; k++)
            PUT(TZOLK_A_START + k);
        return n;
    case TZOLK_PH_MONUMENT:
        for (int m = 0; m < TZOLK_MONUMENTS; m++)
            if (!(s->mon_revealed & BIT(m)))
                PUT(TZOLK_A_MONUMENT + m);
        return n;
    case TZOLK_PH_SETUP_BUILD:
    case TZOLK_PH_REFILL:
    case TZOLK_PH_AGE_REVEAL: {
        for (uint32_t d = deck_mask(s); d; d &= d - 1)
            PUT(TZOLK_A_BUILDING + __builtin_ctz(d));
        return n;
    }
    case TZOLK_PH_DEAL:
        for (uint32_t w = ~tzolk_dealt_mask(s) & (BIT(TZOLK_WEALTH) - 1); w; w &= w - 1)
            PUT(TZOLK_A_DEAL + __builtin_ctz(w));
        return n;
    case TZOLK_PH_BLOCK:
        for (uint32_t w = ~(tzolk_dealt_mask(s) | s->block_mask) & (BIT(TZOLK_WEALTH) - 1); w; w &= w - 1)
            PUT(TZOLK_A_BLOCK + __builtin_ctz(w));
        return n;
    case TZOLK_PH_KEEP:
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) {
                int a = p->dealt[i], b = p->dealt[j];
                if (a == TZOLK_UNKNOWN || b == TZOLK_UNKNOWN || a >= b)
                    continue;
                PUT(TZOLK_A_KEEP + a * TZOLK_WEALTH + b);
            }
        sort_ints(out, n); /* listed in the order dealt */
        return n;
    case TZOLK_PH_ADVANCE:
        PUT(TZOLK_A_ADVANCE);
        PUT(TZOLK_A_ADVANCE + 1);
        return n;
    case TZOLK_PH_TURN:
        break;
    default:
        return 0;
    }

    if (s->sp > 0) {
        int kind = tzolk_frame_kind_of(s->stack[s->sp - 1]), param = tzolk_frame_param(s->stack[s->sp - 1]);
        int pays[16], np;
        switch (kind) {
        case TZOLK_F_HARVEST: {
            const uint8_t *j = s->jungle[param - 2];
            if (j[1] > 0 || p->tech[TZOLK_AGRI] >= 2)
                PUT(TZOLK_A_CORN);
            if (j[0] > 0) {
                PUT(TZOLK_A_WOOD);
                for (int t = 0; t < TZOLK_TEMPLES; t++)
                    if (p->temple[t] > 0)
                        PUT(TZOLK_A_BURN + t);
            }
            return n;
        }
        case TZOLK_F_TECH_OPT:
            PUT(TZOLK_A_SKIP);
            /* fall through */
        case TZOLK_F_TECH:
            for (int x = 0; x < TZOLK_TRACKS; x++) {
                np = pay_options(p, tech_cost(p, x), pays);
                for (int k = 0; k < np; k++)
                    PUT(TZOLK_A_TECH + x * 64 + pays[k]);
            }
            return n;
        case TZOLK_F_TECH_FREE:
            for (int x = 0; x < TZOLK_TRACKS; x++)
                PUT(TZOLK_A_TECH_FREE + x);
            return n;
        case TZOLK_F_GAIN:
            for (int w = 0; w <= param; w++)
                for (int st = 0; st + w <= param; st++)
                    PUT(TZOLK_A_GAIN + pay_code(w, st, param - w - st));
            return n;
        case TZOLK_F_TEMPLE:
            for (int t = 0; t < TZOLK_TEMPLES; t++)
                PUT(TZOLK_A_TEMPLE + t);
            return n;
        case TZOLK_F_THEO2:
            PUT(TZOLK_A_SKIP);
            for (int t = 0; t < TZOLK_TEMPLES; t++)
                for (int r = 0; r < 3; r++)
                    if (p->res[r] > 0)
                        PUT(TZOLK_A_TEMPLE_PAY + t * 3 + r);
            return n;
        case TZOLK_F_TEMPLES:
            for (int pair = 0; pair < 3; pair++)
                for (int r = 0; r < 3; r++)
                    if (p->res[r] > 0)
                        PUT(TZOLK_A_TEMPLES + pair * 3 + r);
            return n;
        case TZOLK_F_MARKET:
            PUT(TZOLK_A_MARKET);
            for (int r = 0; r < 3; r++)
                for (int sell = 0; sell < 2; sell++)
                    for (uint32_t k = trade_amounts(s, r, sell); k; k &= k - 1)
                        PUT(TZOLK_A_TRADE + (r * 2 + sell) * TZOLK_TRADE_BITS + __builtin_ctz(k));
            return n;
        case TZOLK_F_DO_OPT:
            PUT(TZOLK_A_SKIP);
            /* fall through */
        case TZOLK_F_DO: {
            int extra = kind == TZOLK_F_DO_OPT;
            needs_init(&nd);
            for (int g = 0; g < TZOLK_CHI; g++)
                for (int q = 1; q <= 5; q++)
                    if (!(g == TZOLK_UXM && q == 5) && can_do(s, &nd, g, q, extra))
                        PUT(TZOLK_A_DO + g * 5 + q - 1);
            return n;
        }
        case TZOLK_F_BUILD_B108:
            PUT(TZOLK_A_SKIP);
            /* fall through */
        case TZOLK_F_BUILD_TIK2:
        case TZOLK_F_BUILD_TIK4A:
        case TZOLK_F_BUILD_TIK4B: {
            int arch = p->tech[TZOLK_ARCH];
            int benefits = kind != TZOLK_F_BUILD_TIK4B || param;
            if (kind == TZOLK_F_BUILD_TIK4B)
                PUT(TZOLK_A_SKIP);
            for (int b = 0; b < TZOLK_BUILDINGS; b++) {
                if (!(s->display & BIT(b)))
                    continue;
                int full_ok = affordable(p, tzolk_building(b)->cost);
                if (benefits && arch >= 3) {
                    for (int r = 0; r < 3; r++)
                        if (affordable_save(p, b, r))
                            PUT(TZOLK_A_BUILD_SAVE + b * 3 + r);
                } else if (full_ok)
                    PUT(TZOLK_A_BUILD + b);
                if (kind == TZOLK_F_BUILD_TIK4A && arch >= 1 && full_ok)
                    PUT(TZOLK_A_BUILD_FULL + b);
            }
            if (kind == TZOLK_F_BUILD_TIK4A)
                for (int m = 0; m < TZOLK_MONUMENTS; m++)
                    if ((s->mon_display & BIT(m)) && monument_affordable(s, p, m))
                        PUT(TZOLK_A_BUILD_MON + m);
            sort_ints(out, n); /* the kinds of build were listed by building */
            return n;
        }
        case TZOLK_F_BUILD_UXM4:
            for (int b = 0; b < TZOLK_BUILDINGS; b++)
                if ((s->display & BIT(b)) && uxm4_price(p, b) <= p->corn)
                    PUT(TZOLK_A_BUILD + b);
            return n;
        default:
            return 0;
        }
    }

    /* turn level */
    if (s->pity) {
        PUT(TZOLK_A_END);
        return n;
    }
    if (s->mode == 0) {
        int beg = can_beg(s);
        if (short_of_corn(s)) {
            if (beg) {
                for (int t = 0; t < TZOLK_TEMPLES; t++)
                    if (p->temple[t] > 0)
                        PUT(TZOLK_A_BEG + t);
                return n;
            }
            int c = cheapest_placement(s); /* Z4.4 pity placement */
            for (int g = 0; g < TZOLK_GEARS; g++)
                if (c < 99 && lowest_free(s, g) == c)
                    PUT(TZOLK_A_PLACE + g);
            return n;
        }
        if (beg)
            for (int t = 0; t < TZOLK_TEMPLES; t++)
                if (p->temple[t] > 0)
                    PUT(TZOLK_A_BEG + t);
    } else
        PUT(TZOLK_A_END);
    if (s->mode != 2 && p->hand > 0 && s->placed < TZOLK_MAX_WORKERS) {
        int budget = p->corn - surcharge_next(s); /* placement_price, the surcharge once */
#pragma GCC unroll 6 /* the gears' labelled masks become constants */
        for (int g = 0; g <= TZOLK_GEARS; g++) {
            int pos = placement_pos(s, g);
            if (pos >= 0 && pos <= budget)
                PUT(TZOLK_A_PLACE + g); /* TZOLK_A_PLACE_START for g == TZOLK_GEARS */
        }
    }
    if (s->mode != 1) {
        needs_init(&nd);
#pragma GCC unroll 5
        for (int g = 0; g < TZOLK_GEARS; g++)
            for (uint32_t mine = s->on_gear[g][s->actor] & labelled_mask(g); mine; mine &= mine - 1) {
                int pos = __builtin_ctz(mine), first = TZOLK_A_PICK + (g * 11 + pos) * 10, free_from;
                int top = pick_range(s, g, pos, &free_from);
                PUT(first);
                for (int q = 1; q <= top; q++)
                    if (can_do(s, &nd, g, q, back_cost(pos, q, free_from)))
                        PUT(first + q);
            }
    }
    return n;
}
#undef PUT

int tzolk_legal_actions(const tzolk_state *s, int *out)
{
    return gen_legal(s, out);
}

/* Is pay code v (TZOLK_A_GAIN, TZOLK_A_TECH) a string of n cubes, at most
 * held of each resource if p is not NULL? The codes of pay_options. */
static int pay_fits(const tzolk_player *p, int v, int n)
{
    int w = v / 16, st = (v / 4) % 4, g = v % 4;
    HOT_ASSERT(n <= 3); /* a code holds at most 3 cubes of a resource */
    return w + st + g == n && (p == NULL || (w <= p->res[0] && st <= p->res[1] && g <= p->res[2]));
}

/* Is a one of the choices of pending decision f (what gen_legal lists for it)? */
static int frame_allows(const tzolk_state *s, tzolk_frame f, int a)
{
    int kind = tzolk_frame_kind_of(f), param = tzolk_frame_param(f);
    const tzolk_player *p = &s->player[s->actor];
    tzolk_needs nd;
    switch (kind) {
    case TZOLK_F_HARVEST: {
        const uint8_t *j = s->jungle[param - 2];
        if (a == TZOLK_A_CORN)
            return j[1] > 0 || p->tech[TZOLK_AGRI] >= 2;
        if (a == TZOLK_A_WOOD)
            return j[0] > 0;
        return a >= TZOLK_A_BURN && a < TZOLK_A_BURN + 3 && j[0] > 0 && p->temple[a - TZOLK_A_BURN] > 0;
    }
    case TZOLK_F_TECH_OPT:
    case TZOLK_F_TECH: {
        int v = a - TZOLK_A_TECH;
        if (a == TZOLK_A_SKIP)
            return kind == TZOLK_F_TECH_OPT;
        return v >= 0 && v < TZOLK_TRACKS * 64 && pay_fits(p, v % 64, tech_cost(p, v / 64));
    }
    case TZOLK_F_TECH_FREE:
        return a >= TZOLK_A_TECH_FREE && a < TZOLK_A_TECH_FREE + TZOLK_TRACKS;
    case TZOLK_F_GAIN:
        return a >= TZOLK_A_GAIN && a < TZOLK_A_GAIN + 64 && pay_fits(NULL, a - TZOLK_A_GAIN, param);
    case TZOLK_F_TEMPLE:
        return a >= TZOLK_A_TEMPLE && a < TZOLK_A_TEMPLE + 3;
    case TZOLK_F_THEO2:
        if (a == TZOLK_A_SKIP)
            return 1;
        return a >= TZOLK_A_TEMPLE_PAY && a < TZOLK_A_TEMPLE_PAY + 9 && p->res[(a - TZOLK_A_TEMPLE_PAY) % 3] > 0;
    case TZOLK_F_TEMPLES:
        return a >= TZOLK_A_TEMPLES && a < TZOLK_A_TEMPLES + 9 && p->res[(a - TZOLK_A_TEMPLES) % 3] > 0;
    case TZOLK_F_MARKET:
        return a == TZOLK_A_MARKET || (a >= TZOLK_A_TRADE && trade_allowed(s, a));
    case TZOLK_F_DO_OPT:
    case TZOLK_F_DO: {
        int v = a - TZOLK_A_DO, g = v / 5, q = v % 5 + 1;
        if (a == TZOLK_A_SKIP)
            return kind == TZOLK_F_DO_OPT;
        if (v < 0 || v >= 20 || (g == TZOLK_UXM && q == 5))
            return 0;
        needs_init(&nd);
        return can_do(s, &nd, g, q, kind == TZOLK_F_DO_OPT);
    }
    case TZOLK_F_BUILD_UXM4: {
        int b = a - TZOLK_A_BUILD;
        return b >= 0 && b < TZOLK_BUILDINGS && (s->display & BIT(b)) && uxm4_price(p, b) <= p->corn;
    }
    default:
        break;
    }
    /* Tikal builds: TIK2, B1-08, TIK4 */
    int arch = p->tech[TZOLK_ARCH], saving = arch >= 3 && (kind != TZOLK_F_BUILD_TIK4B || param);
    if (a == TZOLK_A_SKIP)
        return kind == TZOLK_F_BUILD_B108 || kind == TZOLK_F_BUILD_TIK4B;
    if (a >= TZOLK_A_BUILD_MON && a < TZOLK_A_BUILD_MON + TZOLK_MONUMENTS)
        return kind == TZOLK_F_BUILD_TIK4A && (s->mon_display & BIT(a - TZOLK_A_BUILD_MON)) &&
               monument_affordable(s, p, a - TZOLK_A_BUILD_MON);
    if (a >= TZOLK_A_BUILD_SAVE && a < TZOLK_A_BUILD_FULL) {
        int b = (a - TZOLK_A_BUILD_SAVE) / 3;
        return saving && (s->display & BIT(b)) && affordable_save(p, b, (a - TZOLK_A_BUILD_SAVE) % 3);
    }
    int full = a >= TZOLK_A_BUILD_FULL && a < TZOLK_A_BUILD_MON, b = a - (full ? TZOLK_A_BUILD_FULL : TZOLK_A_BUILD);
    if (b < 0 || b >= TZOLK_BUILDINGS || !(s->display & BIT(b)) || !affordable(p, tzolk_building(b)->cost))
        return 0;
    return full ? kind == TZOLK_F_BUILD_TIK4A && arch >= 1 : !saving;
}

/* Is a legal at the turn level, no decision pending (Z4, Z5, Z6, Z16.1)? */
static int turn_allows(const tzolk_state *s, int a)
{
    const tzolk_player *p = &s->player[s->actor];
    if (s->pity || a == TZOLK_A_END)
        return a == TZOLK_A_END && (s->pity || s->mode != 0);
    if (a >= TZOLK_A_BEG && a < TZOLK_A_BEG + 3)
        return can_beg(s) && p->temple[a - TZOLK_A_BEG] > 0;
    if (a >= TZOLK_A_PLACE && a <= TZOLK_A_PLACE_START) {
        int g = a - TZOLK_A_PLACE;
        if (s->mode == 0 && short_of_corn(s)) {
            int c = cheapest_placement(s); /* Z4.4 pity placement, unless begging is allowed */
            return !can_beg(s) && g < TZOLK_GEARS && c < 99 && lowest_free(s, g) == c;
        }
        int price = placement_price(s, g);
        return s->mode != 2 && p->hand > 0 && price >= 0 && price <= p->corn;
    }
    if (a < TZOLK_A_PICK || a >= TZOLK_A_BUILD || s->mode == 1)
        return 0;
    int v = a - TZOLK_A_PICK, g = v / 110, pos = (v / 10) % 11, q = v % 10;
    if (!(s->on_gear[g][s->actor] & labelled_mask(g) & BIT(pos)))
        return 0; /* short of corn (Z4.3) means no worker on the gears */
    if (q == 0)
        return 1;
    int c = step_back_cost(s, g, pos, q);
    tzolk_needs nd;
    needs_init(&nd);
    return c >= 0 && can_do(s, &nd, g, q, c);
}

/* Is action a legal here? The test of each kind of action, without a list. */
static int is_legal(const tzolk_state *s, int a)
{
    switch (s->phase) {
    case TZOLK_PH_START:
        return a >= TZOLK_A_START && a < TZOLK_A_START + s->players;
    case TZOLK_PH_MONUMENT:
        return a >= TZOLK_A_MONUMENT && a < TZOLK_A_MONUMENT + TZOLK_MONUMENTS &&
               !(s->mon_revealed & BIT(a - TZOLK_A_MONUMENT));
    case TZOLK_PH_SETUP_BUILD:
    case TZOLK_PH_REFILL:
    case TZOLK_PH_AGE_REVEAL:
        return a >= TZOLK_A_BUILDING && a < TZOLK_A_BUILDING + TZOLK_BUILDINGS &&
               (deck_mask(s) & BIT(a - TZOLK_A_BUILDING));
    case TZOLK_PH_DEAL:
        return a >= TZOLK_A_DEAL && a < TZOLK_A_DEAL + TZOLK_WEALTH && !(tzolk_dealt_mask(s) & BIT(a - TZOLK_A_DEAL));
    case TZOLK_PH_BLOCK:
        return a >= TZOLK_A_BLOCK && a < TZOLK_A_BLOCK + TZOLK_WEALTH &&
               !((tzolk_dealt_mask(s) | s->block_mask) & BIT(a - TZOLK_A_BLOCK));
    case TZOLK_PH_KEEP: {
        int v = a - TZOLK_A_KEEP, held = 0;
        if (v < 0 || v >= TZOLK_WEALTH * TZOLK_WEALTH || v / TZOLK_WEALTH >= v % TZOLK_WEALTH)
            return 0;
        for (int k = 0; k < TZOLK_WEALTH_DEALT; k++) {
            int w = s->player[s->actor].dealt[k];
            held += w == v / TZOLK_WEALTH || w == v % TZOLK_WEALTH;
        }
        return held == 2;
    }
    case TZOLK_PH_ADVANCE:
        return a == TZOLK_A_ADVANCE || a == TZOLK_A_ADVANCE + 1;
    case TZOLK_PH_TURN:
        return s->sp > 0 ? frame_allows(s, s->stack[s->sp - 1], a) : turn_allows(s, a);
    default:
        return 0;
    }
}

/* The sanitizer build (make test) checks is_legal against the list it
 * stands for at every apply. */
#if defined(__SANITIZE_ADDRESS__)
static int is_listed(const tzolk_state *s, int a)
{
    int list[TZOLK_LEGAL_MAX], n = gen_legal(s, list);
    for (int i = 0; i < n; i++)
        if (list[i] == a)
            return 1;
    return 0;
}
#endif

/* ---- apply ---- */

/* Corn the actor pays for the legal placement on gear g (TZOLK_GEARS: the
 * start-player space): its price, or all its corn in a pity placement
 * (Z4.4, pity nonzero). */
static int place_cost(const tzolk_state *s, int g, int pity)
{
    return pity ? s->player[s->actor].corn : placement_price(s, g);
}

/* Z4.4: this turn's first placement is a pity placement. */
static int pity_placement(const tzolk_state *s)
{
    return s->mode == 0 && short_of_corn(s);
}

static void pay_code_apply(tzolk_player *p, int code, int sign)
{
    p->res[0] = (uint16_t)(p->res[0] + sign * (code / 16));
    p->res[1] = (uint16_t)(p->res[1] + sign * ((code / 4) % 4));
    p->res[2] = (uint16_t)(p->res[2] + sign * (code % 4));
}

static void pay_cost(tzolk_player *p, const uint8_t cost[3], int save)
{
    for (int r = 0; r < 3; r++)
        p->res[r] = (uint16_t)(p->res[r] - cost[r] + (r == save));
}

static void apply_frame(tzolk_state *s, int a, game_score_trace *trace)
{
    tzolk_player *p = actor_of(s);
    if (a >= TZOLK_A_TRADE) {
        trade(s, a); /* the visit goes on */
        return;
    }
    tzolk_frame f = s->stack[--s->sp];
    int kind = tzolk_frame_kind_of(f), param = tzolk_frame_param(f);
    s->stack[s->sp] = 0; /* unused slots stay zeroed (game.h) */
    if (a == TZOLK_A_SKIP)
        return;
    switch (kind) {
    case TZOLK_F_HARVEST: {
        uint8_t *j = s->jungle[param - 2];
        if (a == TZOLK_A_CORN) {
            if (j[1] > 0) {
                j[1]--;
                j[2]++;
                p->corn_tiles++;
            }
            p->corn += tzolk_harvest_corn(s, param);
        } else if (a == TZOLK_A_WOOD) {
            j[0]--;
            j[1]++;
            p->wood_tiles++;
            p->res[0] += tzolk_harvest_wood(s, param);
        } else {
            j[0]--;
            j[2]++;
            p->corn_tiles++;
            p->corn += tzolk_harvest_corn(s, param);
            p->temple[a - TZOLK_A_BURN]--;
        }
        return;
    }
    case TZOLK_F_TECH:
    case TZOLK_F_TECH_OPT: {
        int v = a - TZOLK_A_TECH;
        pay_code_apply(p, v % 64, -1);
        tech_step(s, s->actor, v / 64, trace);
        return;
    }
    case TZOLK_F_TECH_FREE:
        tech_step(s, s->actor, a - TZOLK_A_TECH_FREE, trace);
        return;
    case TZOLK_F_GAIN:
        pay_code_apply(p, a - TZOLK_A_GAIN, 1);
        return;
    case TZOLK_F_TEMPLE:
        temple_up(s, s->actor, a - TZOLK_A_TEMPLE);
        return;
    case TZOLK_F_THEO2: {
        int v = a - TZOLK_A_TEMPLE_PAY;
        p->res[v % 3]--;
        temple_up(s, s->actor, v / 3);
        return;
    }
    case TZOLK_F_TEMPLES: {
        int v = a - TZOLK_A_TEMPLES;
        p->res[v % 3]--;
        temple_up(s, s->actor, tzolk_temple_pair(v / 3, 0));
        temple_up(s, s->actor, tzolk_temple_pair(v / 3, 1));
        return;
    }
    case TZOLK_F_MARKET:
        memset(s->market, 0, sizeof s->market); /* the visit ends */
        s->market_sold = 0;
        return;
    case TZOLK_F_DO:
    case TZOLK_F_DO_OPT: {
        int v = a - TZOLK_A_DO;
        if (kind == TZOLK_F_DO_OPT)
            p->corn -= TZOLK_UXM5_CORN;
        perform(s, v / 5, v % 5 + 1, trace);
        return;
    }
    case TZOLK_F_BUILD_UXM4: {
        int b = a - TZOLK_A_BUILD;
        p->corn -= uxm4_price(p, b);
        build_effects(s, b, 1, trace);
        return;
    }
    default:
        break;
    }
    /* Tikal builds: TIK2, B1-08, TIK4 */
    if (a >= TZOLK_A_BUILD_MON && a < TZOLK_A_BUILD_MON + TZOLK_MONUMENTS) {
        int m = a - TZOLK_A_BUILD_MON;
        const tzolk_monument_def *d = tzolk_monument(m);
        pay_cost(p, d->cost, -1);
        p->skulls -= d->cost[3];
        s->skull_supply += d->cost[3]; /* ZR03 */
        p->monuments |= (uint16_t)BIT(m);
        s->mon_display &= (uint16_t)~BIT(m);
        return;
    }
    int b, save = -1, benefits = 1;
    if (a >= TZOLK_A_BUILD_SAVE && a < TZOLK_A_BUILD_FULL) {
        b = (a - TZOLK_A_BUILD_SAVE) / 3;
        save = (a - TZOLK_A_BUILD_SAVE) % 3;
    } else if (a >= TZOLK_A_BUILD_FULL) {
        b = a - TZOLK_A_BUILD_FULL;
        benefits = 0;
    } else
        b = a - TZOLK_A_BUILD;
    if (kind == TZOLK_F_BUILD_TIK4B)
        benefits = param;
    pay_cost(p, tzolk_building(b)->cost, save);
    if (kind == TZOLK_F_BUILD_TIK4A) {
        int left = !benefits || p->tech[TZOLK_ARCH] == 0; /* ZR46 */
        push(s, TZOLK_F_BUILD_TIK4B, left);
    }
    build_effects(s, b, benefits, trace);
}

static void apply_turn(tzolk_state *s, int a, game_score_trace *trace)
{
    tzolk_player *p = actor_of(s);
    if (s->sp > 0) {
        apply_frame(s, a, trace);
        return;
    }
    if (a == TZOLK_A_END) {
        if (s->built) {
            int empty = TZOLK_DISPLAY - bits_count(s->display);
            int left = bits_count(deck_mask(s));
            int k = empty < left ? empty : left;
            if (k > 0) {
                s->phase = TZOLK_PH_REFILL;
                s->chance_left = (uint8_t)k;
                return;
            }
        }
        finish_turn(s, trace);
        return;
    }
    if (a >= TZOLK_A_BEG && a < TZOLK_A_BEG + 3) {
        p->corn = TZOLK_BEG_CORN;
        p->temple[a - TZOLK_A_BEG]--;
        s->begged = 1;
        return;
    }
    if (a >= TZOLK_A_PLACE && a <= TZOLK_A_PLACE_START) {
        int g = a - TZOLK_A_PLACE, pity = pity_placement(s);
        p->corn -= place_cost(s, g, pity);
        s->pity = (uint8_t)(s->pity | pity);
        if (a == TZOLK_A_PLACE_START) {
            s->start_space = (int8_t)s->actor;
            s->on_start = 1;
        } else
            s->on_gear[g][s->actor] |= (uint16_t)BIT(lowest_free(s, g));
        p->hand--;
        s->placed++;
        s->mode = 1;
        return;
    }
    /* pick */
    int v = a - TZOLK_A_PICK;
    int g = v / 110, pos = (v / 10) % 11, q = v % 10;
    s->on_gear[g][s->actor] &= (uint16_t)~BIT(pos);
    p->hand++;
    s->mode = 2;
    if (q > 0) {
        p->corn -= step_back_cost(s, g, pos, q);
        perform(s, g, q, trace);
    }
}

int tzolk_pity_due(const tzolk_state *s)
{
    return s->phase == TZOLK_PH_TURN && s->sp == 0 && s->mode == 0 && short_of_corn(s) && !can_beg(s);
}

int tzolk_listed_cost(const tzolk_state *s, int action)
{
    if (s->phase != TZOLK_PH_TURN || s->sp > 0)
        return -1;
    if (action >= TZOLK_A_PLACE && action <= TZOLK_A_PLACE_START)
        return place_cost(s, action - TZOLK_A_PLACE, pity_placement(s));
    if (action < TZOLK_A_PICK || action >= TZOLK_A_BUILD)
        return -1;
    int v = action - TZOLK_A_PICK, q = v % 10;
    return q > 0 ? step_back_cost(s, v / 110, (v / 10) % 11, q) : 0;
}

int tzolk_place_cost(const tzolk_state *s, int g)
{
    if (g < 0 || g > TZOLK_GEARS || !is_legal(s, TZOLK_A_PLACE + g))
        return -1;
    return tzolk_listed_cost(s, TZOLK_A_PLACE + g);
}

int tzolk_pick_cost(const tzolk_state *s, int g, int pos, int q)
{
    if (g < 0 || g >= TZOLK_GEARS || pos < 0 || pos > board->gear[g].last || q < 0 ||
        q > board->gear[g].actions || !is_legal(s, TZOLK_A_PICK + (g * 11 + pos) * 10 + q))
        return -1;
    return tzolk_listed_cost(s, TZOLK_A_PICK + (g * 11 + pos) * 10 + q);
}

static void apply_legal(tzolk_state *s, int action, game_score_trace *trace);

int tzolk_apply(tzolk_state *s, int action, char *why, size_t why_len)
{
    return tzolk_apply_scored(s, action, NULL, why, why_len);
}

int tzolk_apply_scored(tzolk_state *s, int action, game_score_trace *trace, char *why, size_t why_len)
{
    if (action < 0 || action >= TZOLK_NUM_ACTIONS) {
        say(why, why_len, "no such action");
        return GAME_EILLEGAL;
    }
    if (s->phase == TZOLK_PH_OVER) {
        say(why, why_len, "the game is over");
        return GAME_EILLEGAL;
    }
    int legal = is_legal(s, action);
#if defined(__SANITIZE_ADDRESS__)
    assert(legal == is_listed(s, action));
#endif
    if (!legal) {
        char msg[160];
        const char *what = "that is not a legal action now";
        if (s->phase == TZOLK_PH_TURN && s->sp == 0 && action == TZOLK_A_END && s->mode == 0)
            what = "a turn must place or pick up at least one worker before it ends (Z4.1)";
        else if (s->phase == TZOLK_PH_TURN && s->sp > 0 && tzolk_frame_kind_of(s->stack[s->sp - 1]) == TZOLK_F_MARKET &&
                 action >= TZOLK_A_TRADE)
            what = trade_refusal(s, action);
        else if (s->phase == TZOLK_PH_TURN && s->sp > 0)
            what = "an action's choice is still due, and this line is not one of its legal choices (Z23.4)";
        else if (s->phase == TZOLK_PH_TURN && action >= TZOLK_A_PLACE && action <= TZOLK_A_PLACE_START)
            what = s->mode == 2 ? "you cannot place after picking up in the same turn (Z4.1)"
                                : "you cannot place there: no worker in hand, no free position,"
                                  " or not enough corn (Z5)";
        else if (s->phase == TZOLK_PH_TURN && action >= TZOLK_A_PICK && action < TZOLK_A_BUILD)
            what = s->mode == 1 ? "you cannot pick up after placing in the same turn (Z4.1)"
                                : "you cannot pick up that worker with that action (Z6)";
        else if (s->phase == TZOLK_PH_TURN && action >= TZOLK_A_BEG && action < TZOLK_A_BEG + 3)
            what = "you may beg only at the start of your turn with 2 corn or less,"
                   " on a temple where you are not at the bottom (Z4.2)";
        snprintf(msg, sizeof msg, "%s", what);
        say(why, why_len, msg);
        return GAME_EILLEGAL;
    }
    apply_legal(s, action, trace);
    return 0;
}

void tzolk_apply_listed(tzolk_state *s, int action)
{
    assert(action >= 0 && action < TZOLK_NUM_ACTIONS && s->phase != TZOLK_PH_OVER && is_legal(s, action));
#if defined(__SANITIZE_ADDRESS__)
    assert(is_listed(s, action));
#endif
    apply_legal(s, action, NULL);
}

/* Apply action, legal in s (is_legal). */
static void apply_legal(tzolk_state *s, int action, game_score_trace *trace)
{
    tzolk_player *p;
    switch (s->phase) {
    case TZOLK_PH_START:
        s->token = (uint8_t)(action - TZOLK_A_START);
        s->phase = TZOLK_PH_MONUMENT;
        s->setup_count = 0;
        break;
    case TZOLK_PH_MONUMENT:
        s->mon_revealed |= (uint16_t)BIT(action - TZOLK_A_MONUMENT);
        s->mon_display |= (uint16_t)BIT(action - TZOLK_A_MONUMENT);
        if (++s->setup_count == s->players + 2) {
            s->phase = TZOLK_PH_SETUP_BUILD;
            s->setup_count = 0;
        }
        break;
    case TZOLK_PH_SETUP_BUILD:
        s->revealed |= BIT(action - TZOLK_A_BUILDING);
        s->display |= BIT(action - TZOLK_A_BUILDING);
        if (++s->setup_count == TZOLK_DISPLAY) {
            s->phase = TZOLK_PH_DEAL;
            s->setup_count = 0;
            s->actor = 0;
        }
        break;
    case TZOLK_PH_DEAL:
        s->player[s->setup_count / 4].dealt[s->setup_count % 4] = (uint8_t)(action - TZOLK_A_DEAL);
        s->setup_count++;
        s->actor = (uint8_t)(s->setup_count / 4);
        if (s->setup_count == 4 * s->players) {
            s->setup_count = 0;
            s->actor = 0;
            s->phase = s->players < 4 ? TZOLK_PH_BLOCK : TZOLK_PH_KEEP;
        }
        break;
    case TZOLK_PH_BLOCK:
        block(s, action - TZOLK_A_BLOCK);
        if (s->blockers >= (s->players == 2 ? 12 : 6))
            s->phase = TZOLK_PH_KEEP;
        break;
    case TZOLK_PH_KEEP: {
        p = actor_of(s);
        int v = action - TZOLK_A_KEEP;
        for (int k = 0; k < TZOLK_WEALTH_DEALT; k++)
            if (p->dealt[k] == v / TZOLK_WEALTH || p->dealt[k] == v % TZOLK_WEALTH)
                p->keep_mask |= (uint8_t)BIT(k);
        p->has_kept = 1;
        if (s->actor + 1 < s->players) {
            s->actor++;
        } else {
            apply_wealth(s);
            s->turn_index = 0;
            tzolk_start_turn(s);
        }
        break;
    }
    case TZOLK_PH_REFILL:
    case TZOLK_PH_AGE_REVEAL:
        s->revealed |= BIT(action - TZOLK_A_BUILDING);
        s->display |= BIT(action - TZOLK_A_BUILDING);
        if (--s->chance_left == 0) {
            if (s->phase == TZOLK_PH_REFILL) {
                s->phase = TZOLK_PH_TURN;
                finish_turn(s, trace);
            } else
                finish_food_day(s, trace);
        }
        break;
    case TZOLK_PH_ADVANCE:
        advance_one(s);
        if (action == TZOLK_A_ADVANCE + 1) {
            advance_one(s);
            s->player[s->actor].light = 0;
        }
        after_advance(s, trace);
        break;
    default:
        apply_turn(s, action, trace);
        break;
    }
}

/* ---- scoring ---- */

/* Set bits of x, one step per bit: cheaper than bits_count for the few
 * buildings of a category a seat has. */
static int few_bits(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static int category_count(const tzolk_player *p, int cat)
{
    return few_bits(p->buildings & board->category_buildings[cat]) +
           few_bits(p->monuments & board->category_monuments[cat]);
}

int tzolk_monument_points(const tzolk_state *s, int seat, int m)
{
    if (seat < 0 || seat >= s->players || tzolk_monument(m) == NULL)
        return -1;
    const tzolk_player *p = &s->player[seat];
    const tzolk_monument_def *d = tzolk_monument(m);
    int n = 0;
    switch (d->scoring) {
    case TZOLK_MS_PERCAT:
        return d->param[1] * category_count(p, d->param[0]);
    case TZOLK_MS_PERBUILT:
        return d->param[0] * (bits_count(p->buildings) + bits_count(p->monuments));
    case TZOLK_MS_CORNTILE:
        return d->param[0] * p->corn_tiles;
    case TZOLK_MS_WOODTILE:
        return d->param[0] * p->wood_tiles;
    case TZOLK_MS_ALLMONUMENTS:
        for (int i = 0; i < s->players; i++)
            n += bits_count(s->player[i].monuments);
        return n * d->param[s->players - TZOLK_PLAYERS_MIN];
    case TZOLK_MS_TECH3:
        for (int x = 0; x < TZOLK_TRACKS; x++)
            n += p->tech[x] >= 3;
        return n == 0 ? 0 : d->param[n >= 3 ? 2 : n - 1];
    case TZOLK_MS_TECHLEVELS:
        for (int x = 0; x < TZOLK_TRACKS; x++)
            n += p->tech[x];
        return d->param[0] * n;
    case TZOLK_MS_WORKERS:
        return p->workers >= TZOLK_WORKERS_START ? d->param[p->workers - TZOLK_WORKERS_START] : 0;
    case TZOLK_MS_TEMPLEVP:
        for (int t = 0; t < TZOLK_TEMPLES; t++)
            n += tzolk_temple(t)->vp[p->temple[t]];
        return n;
    case TZOLK_MS_HIGHTEMPLE:
        for (int t = 0; t < TZOLK_TEMPLES; t++) {
            int up = p->temple[t] - tzolk_temple(t)->start;
            if (up > n)
                n = up;
        }
        return d->param[0] * n;
    default:
        return d->param[0] * bits_count(s->chi_slots);
    }
}
