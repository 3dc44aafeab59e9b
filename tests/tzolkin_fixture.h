/*
 * tzolkin_fixture.h -- helpers of the Tzolk'in rule tests: a standard setup
 * written as record lines, a "clean" position (every seat back to its bare
 * start: no goods, temples on the start step, 3 workers in hand, empty
 * gears), direct placement of pieces, and line-level assertions (a line is
 * legal / is rejected without changing the state).
 */
#ifndef MAYA_TZOLKIN_FIXTURE_H
#define MAYA_TZOLKIN_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "tzolkin/tzolkin.h"

/* Apply the line (all its actions: a market visit is several, game.h
 * line_actions) to *after, a copy of s, telling its score events into trace
 * (may be NULL); 0, or the game_status with why. */
static inline int fx_try_scored(const tzolk_state *s, const char *line, tzolk_state *after, game_score_trace *trace,
                                char *why, size_t why_len)
{
    int acts[GAME_LINE_MAX], n;
    *after = *s;
    int status = tzolk_line_actions(s, line, acts, &n, why, why_len);
    for (int i = 0; i < n && status == 0; i++)
        status = tzolk_apply_scored(after, acts[i], trace, why, why_len);
    return status;
}

static inline int fx_try(const tzolk_state *s, const char *line, tzolk_state *after, char *why, size_t why_len)
{
    return fx_try_scored(s, line, after, NULL, why, why_len);
}

/* Apply one line (without actor); fails the test if it is not legal. Its
 * score events go into trace (may be NULL). */
static inline void fx_do_scored(tzolk_state *s, const char *line, game_score_trace *trace)
{
    tzolk_state after;
    char why[200] = "";
    if (fx_try_scored(s, line, &after, trace, why, sizeof why) != 0)
        fail_msg("'%s' refused: %s", line, why);
    *s = after;
}

static inline void fx_do(tzolk_state *s, const char *line)
{
    fx_do_scored(s, line, NULL);
}

/* 1 if the line parses and every action of it is legal in turn. */
static inline int fx_legal(const tzolk_state *s, const char *line)
{
    static int acts[TZOLK_LEGAL_MAX];
    tzolk_state after;
    int a;
    if (tzolk_text_to_action(s, line, &a, NULL, 0) != 0 || fx_try(s, line, &after, NULL, 0) != 0)
        return 0;
    int n = tzolk_legal_actions(s, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    return 0;
}

/* The line is rejected (parse or apply), with a reason, and the state is
 * unchanged. */
static inline void fx_reject(tzolk_state *s, const char *line)
{
    tzolk_state before = *s, after;
    char why[200] = "";
    if (fx_try(s, line, &after, why, sizeof why) == 0)
        fail_msg("'%s' was accepted", line);
    assert_true(why[0] != 0);
    assert_memory_equal(&before, s, sizeof before);
    assert_int_equal(fx_legal(s, line), 0);
}

static inline void fx_lines(tzolk_state *s, const char *const *lines)
{
    for (; *lines; lines++)
        fx_do(s, *lines);
}

/* Setup of n players: seat 1 starts; monuments M01..; buildings B1-01..B1-06;
 * seat k dealt W(4k-3)..W(4k); blocks from W(4n+1) on; each keeps its first
 * two. Then the position is cleaned (fx_clean). */
static inline void fx_clean(tzolk_state *s);
static inline void fx_setup_raw(tzolk_state *s, int n)
{
    char line[64];
    assert_int_equal(tzolk_init(s, n), 0);
    fx_do(s, "start 1");
    for (int m = 0; m < n + 2; m++) {
        snprintf(line, sizeof line, "monument M%02d", m + 1);
        fx_do(s, line);
    }
    for (int b = 0; b < 6; b++) {
        snprintf(line, sizeof line, "building B1-%02d", b + 1);
        fx_do(s, line);
    }
    for (int k = 0; k < n; k++)
        for (int i = 0; i < 4; i++) {
            snprintf(line, sizeof line, "deal %d W%02d", k + 1, 4 * k + i + 1);
            fx_do(s, line);
        }
    for (int w = 4 * n; s->phase == TZOLK_PH_BLOCK; w++) {
        snprintf(line, sizeof line, "block W%02d", w + 1);
        fx_do(s, line);
    }
}

static inline void fx_keep_all(tzolk_state *s)
{
    char line[64];
    for (int k = 0; k < s->players; k++) {
        snprintf(line, sizeof line, "keep W%02d W%02d", 4 * k + 1, 4 * k + 2);
        fx_do(s, line);
    }
}

static inline void fx_clean(tzolk_state *s)
{
    memset(s->on_gear, 0, sizeof s->on_gear);
    s->blockers = 0;
    for (int i = 0; i < s->players; i++) {
        tzolk_player *p = &s->player[i];
        uint8_t dealt[TZOLK_WEALTH_DEALT], keep = p->keep_mask, kept = p->has_kept;
        memcpy(dealt, p->dealt, sizeof dealt);
        memset(p, 0, sizeof *p);
        memcpy(p->dealt, dealt, sizeof dealt);
        p->keep_mask = keep;
        p->has_kept = kept;
        p->workers = TZOLK_WORKERS_START;
        p->hand = TZOLK_WORKERS_START;
        p->light = 1;
        for (int t = 0; t < TZOLK_TEMPLES; t++)
            p->temple[t] = tzolk_temple(t)->start;
    }
    s->skull_supply = TZOLK_SKULLS;
}

/* A started game of n players, cleaned, seat 1 (index 0) to play round 1. */
static inline void fx_game(tzolk_state *s, int n)
{
    fx_setup_raw(s, n);
    fx_keep_all(s);
    fx_clean(s);
    assert_int_equal(s->phase, TZOLK_PH_TURN);
    assert_int_equal(s->actor, 0);
}

/* Make seat the player to act, at the start of a fresh turn. */
static inline void fx_turn(tzolk_state *s, int seat)
{
    s->turn_index = (uint8_t)((seat - s->token + s->players) % s->players);
    tzolk_start_turn(s);
}

/* Make seat the last player of the round, at the start of its turn. */
static inline void fx_last_turn(tzolk_state *s, int seat)
{
    s->token = (uint8_t)((seat + 1) % s->players);
    fx_turn(s, seat);
}

/* Put a worker of seat on (g, p), from its hand. */
static inline void fx_put(tzolk_state *s, int seat, int g, int p)
{
    tzolk_set_piece(s, g, p, seat);
    if (seat < TZOLK_BLOCKER)
        s->player[seat].hand--;
}

static inline int fx_building(const char *id)
{
    int b = tzolk_building_by_id(id);
    assert_true(b >= 0);
    return b;
}

/* Display exactly these buildings (ids, NULL-terminated). */
static inline void fx_display(tzolk_state *s, const char *const *ids)
{
    s->display = 0;
    for (; *ids; ids++) {
        int b = fx_building(*ids);
        s->display |= 1u << b;
        s->revealed |= 1u << b;
    }
}

#endif
