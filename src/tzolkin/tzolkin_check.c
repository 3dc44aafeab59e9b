/*
 * tzolkin_check.c -- the invariants of a Tzolk'in state as code
 * (tzolk_check, the game_def's check): what no sequence of legal actions
 * can break, so that the generic tests can look for a broken one after
 * every action.
 *
 * Counts conserved: each seat's workers (Z0.4.1, Z5, Z6: in hand, on the
 * gears or on the start-player space, at most 6), the crystal skulls (13,
 * ZR02, ZR03: held, on Chichen Itza's slots or in the supply), the
 * blocking markers on the gears (Z2.9). Masks consistent: each building
 * and monument owned by one seat at most, never both owned and on
 * display, and only once out of its deck; wealth tiles dealt once, two
 * kept (Z2.10). Ranges: corn, temple steps, technology levels, the
 * building age, the decision stack (its depth within
 * TZOLK_STACK, every pending frame a known kind, the slots above it zero).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "tzolkin/tzolkin.h"

/* Write the broken invariant into why[why_len] (if why); GAME_EILLEGAL. */
static int refuse(char *why, size_t why_len, const char *format, ...) __attribute__((format(printf, 3, 4)));

static int refuse(char *why, size_t why_len, const char *format, ...)
{
    if (why != NULL && why_len > 0) {
        va_list args;
        va_start(args, format);
        vsnprintf(why, why_len, format, args);
        va_end(args);
    }
    return GAME_EILLEGAL;
}

static int bits(uint32_t mask)
{
    int n = 0;
    for (; mask != 0; mask &= mask - 1)
        n++;
    return n;
}

/* Seat's counts; placed: its workers on the gears and the start space. */
static int check_seat(const tzolk_state *s, int seat, int placed, char *why, size_t why_len)
{
    const tzolk_player *p = &s->player[seat];
    if (seat >= s->players) {
        static const tzolk_player empty;
        if (memcmp(p, &empty, sizeof empty) != 0 || placed != 0)
            return refuse(why, why_len, "seat %d of a %d-player game is not empty", seat + 1, s->players);
        return GAME_OK;
    }
    if (p->hand + placed != p->workers || p->workers > TZOLK_MAX_WORKERS)
        return refuse(why, why_len, "seat %d has %d workers in hand and %d placed, counted %d (Z5, Z6)", seat + 1,
                      p->hand, placed, p->workers);
    if (p->corn < 0)
        return refuse(why, why_len, "seat %d has %d corn", seat + 1, (int)p->corn);
    if (p->corn_tiles > TZOLK_JUNGLE_GROUPS * TZOLK_JUNGLE_FIELDS ||
        p->wood_tiles > TZOLK_JUNGLE_GROUPS * TZOLK_JUNGLE_FIELDS)
        return refuse(why, why_len, "seat %d took %d corn and %d wood tiles", seat + 1, p->corn_tiles, p->wood_tiles);
    for (int t = 0; t < TZOLK_TEMPLES; t++)
        if (p->temple[t] >= tzolk_temple(t)->steps)
            return refuse(why, why_len, "seat %d is on step %d of temple %d", seat + 1, p->temple[t], t + 1);
    for (int x = 0; x < TZOLK_TRACKS; x++)
        if (p->tech[x] > 3)
            return refuse(why, why_len, "seat %d is at level %d of track %d (Z10)", seat + 1, p->tech[x], x + 1);
    int kept = 0;
    for (int k = 0; k < 4; k++) {
        if (p->dealt[k] != TZOLK_UNKNOWN && p->dealt[k] >= TZOLK_WEALTH)
            return refuse(why, why_len, "seat %d was dealt wealth tile %d", seat + 1, p->dealt[k]);
        kept += p->keep_mask >> k & 1;
    }
    if ((kept != 0 && kept != 2) || p->pad)
        return refuse(why, why_len, "seat %d keeps %d wealth tiles (Z2.10) or has a stray flag", seat + 1, kept);
    return GAME_OK;
}

/* Buildings and monuments: each owned once, never on display too, every
 * one out of its deck; wealth tiles dealt once. */
static int check_components(const tzolk_state *s, char *why, size_t why_len)
{
    uint32_t buildings = 0, monuments = 0, dealt = 0;
    for (int seat = 0; seat < s->players; seat++) {
        const tzolk_player *p = &s->player[seat];
        if ((buildings & p->buildings) != 0 || (monuments & p->monuments) != 0)
            return refuse(why, why_len, "a building or monument of seat %d is owned twice", seat + 1);
        buildings |= p->buildings;
        monuments |= p->monuments;
        for (int k = 0; k < 4; k++) {
            if (p->dealt[k] == TZOLK_UNKNOWN)
                continue;
            if (dealt >> p->dealt[k] & 1)
                return refuse(why, why_len, "wealth tile %d is dealt twice", p->dealt[k] + 1);
            dealt |= 1u << p->dealt[k];
        }
    }
    if ((buildings & s->display) != 0 || ((buildings | s->display) & ~s->revealed) != 0 ||
        bits(s->display) > TZOLK_DISPLAY)
        return refuse(why, why_len, "buildings owned, on display and out of the deck disagree");
    if ((monuments & s->mon_display) != 0 || ((monuments | s->mon_display) & ~(uint32_t)s->mon_revealed) != 0 ||
        s->mon_revealed >> TZOLK_MONUMENTS != 0)
        return refuse(why, why_len, "monuments owned, on display and revealed disagree");
    return GAME_OK;
}

/* The pieces on the gears: each seat's workers into placed[] (the start
 * space included), the blocking markers counted; one piece a hole, none
 * outside the gear's holes or of a seat not playing. */
static int check_gears(const tzolk_state *s, int placed[GAME_MAX_PLAYERS], char *why, size_t why_len)
{
    int blockers = 0;
    memset(placed, 0, GAME_MAX_PLAYERS * sizeof *placed);
    if (s->start_space >= 0)
        placed[s->start_space]++;
    for (int g = 0; g < TZOLK_GEARS; g++) {
        unsigned seen = 0, holes = (1u << tzolk_board()->gear[g].holes) - 1;
        for (int who = 0; who < TZOLK_PIECE_KINDS; who++) {
            unsigned m = s->on_gear[g][who];
            if ((m & seen) || (m & ~holes) || (m && who < TZOLK_BLOCKER && who >= s->players))
                return refuse(why, why_len, "gear %d holds pieces of %d on taken or missing holes (mask 0x%x)", g, who,
                              m);
            seen |= m;
            int count = bits_count(m);
            if (who == TZOLK_BLOCKER)
                blockers += count;
            else
                placed[who] += count;
        }
    }
    if (blockers != s->blockers)
        return refuse(why, why_len, "%d blocking markers on the gears, counted %d (Z2.9)", blockers, s->blockers);
    return GAME_OK;
}

static int check_board(const tzolk_state *s, char *why, size_t why_len)
{
    int skulls = s->skull_supply + bits(s->chi_slots);
    for (int seat = 0; seat < s->players; seat++)
        skulls += s->player[seat].skulls;
    if (skulls != TZOLK_SKULLS)
        return refuse(why, why_len, "%d crystal skulls in play, not %d (Z0.4.1)", skulls, TZOLK_SKULLS);
    if (s->sp > TZOLK_STACK)
        return refuse(why, why_len, "%d pending decisions, more than %d", s->sp, TZOLK_STACK);
    for (int i = 0; i < TZOLK_STACK; i++) {
        int kind = tzolk_frame_kind_of(s->stack[i]);
        if (i < s->sp ? kind < TZOLK_F_HARVEST || kind > TZOLK_F_BUILD_UXM4 : s->stack[i] != 0)
            return refuse(why, why_len, "decision %d of %d on the stack is of kind %d", i + 1, s->sp, kind);
    }
    for (int r = 0; r < 3; r++)
        if (s->market[r] == 0 && (s->market_sold >> r & 1))
            return refuse(why, why_len, "the market visit sells no %s but is marked as selling it",
                          tzolk_board()->resource[r]);
    return GAME_OK;
}

int tzolk_check(const tzolk_state *s, char *why, size_t why_len)
{
    int rc;
    if (s->players < 2 || s->players > GAME_MAX_PLAYERS || s->phase > TZOLK_PH_OVER || s->actor >= s->players ||
        s->token >= s->players || s->age < 1 || s->age > 2 ||
        s->start_space < -1 || s->start_space >= s->players || s->pool < 0 || s->mode > 2 || s->pad != 0)
        return refuse(why, why_len, "out of range: %d players, phase %d, actor %d, token %d, T = %d, age %d",
                      s->players, s->phase, s->actor, s->token, s->teeth, s->age);
    int placed[GAME_MAX_PLAYERS];
    if ((rc = check_gears(s, placed, why, why_len)) != GAME_OK)
        return rc;
    for (int seat = 0; seat < GAME_MAX_PLAYERS; seat++)
        if ((rc = check_seat(s, seat, placed[seat], why, why_len)) != GAME_OK)
            return rc;
    if ((rc = check_components(s, why, why_len)) != GAME_OK || (rc = check_board(s, why, why_len)) != GAME_OK)
        return rc;
    return GAME_OK;
}
