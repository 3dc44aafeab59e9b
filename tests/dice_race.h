/*
 * dice_race.h -- a tiny game for the generic tests: a race of one runner per
 * seat, with chance, variants and multi-step turns, so that match, records,
 * bots and the random-simulation test have a second game beside the real
 * engines, small enough to check by hand.
 *
 * Rules: 2-4 players; variant 0 "short" (goal 15), 1 "long" (goal 25). A
 * turn starts with a chance roll of two dice (outcome: their sum 2..12, with
 * the odds of two dice). The seat to act then spends exactly that many
 * points: "step" (1 point: runner +1) or "leap" (3 points: runner +4), and
 * once no point is left, "end" closes the turn. The game ends at the end of
 * a turn whose runner reached the goal. Score = the runner's square (capped
 * at the goal); the highest scores share the win.
 *
 * Action ids: 0 end, 1 step, 2 leap, 3 + (sum - 2) = "roll SUM".
 * Undo closes after a roll and after end.
 *
 * Everything is static: include this header in one test file only.
 */
#ifndef MAYA_DICE_RACE_H
#define MAYA_DICE_RACE_H

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "game.h"

enum {
    DICE_END = 0,
    DICE_STEP = 1,
    DICE_LEAP = 2,
    DICE_ROLL = 3, /* + sum - 2 */
    DICE_NUM_ACTIONS = DICE_ROLL + 11,
    DICE_LONG_GOAL = 25,
    /* Every turn moves its runner at least 2, so a seat has at most 13
     * turns; a turn is a roll, at most 12 moves and the end. */
    DICE_MAX_LENGTH = GAME_MAX_PLAYERS * 13 * 14
};

typedef struct dice_state {
    uint8_t players;                  /* 2..4 */
    uint8_t goal;                     /* square that ends the race */
    uint8_t rolling;                  /* 1 while the roll of the turn is due (chance) */
    uint8_t over;                     /* 1 once the game has ended */
    uint8_t actor;                    /* seat whose turn it is */
    uint8_t points;                   /* points left to spend in this turn */
    uint8_t position[GAME_MAX_PLAYERS]; /* square of each seat's runner */
} dice_state;

static const char *const dice_variants[] = {"short", "long", NULL};

static int dice_init(void *state, const game_options *options, char *why, size_t why_len)
{
    if (options->players < 2 || options->players > 4 || options->variant < 0 || options->variant > 1) {
        if (why != NULL)
            snprintf(why, why_len, "dice race is for 2 to 4 players, variant short or long");
        return GAME_EOPTION;
    }
    dice_state *s = state;
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)options->players;
    s->goal = options->variant == 0 ? 15 : DICE_LONG_GOAL;
    s->rolling = 1;
    return 0;
}

static int dice_players(const void *state)
{
    return ((const dice_state *)state)->players;
}

static int dice_variant(const void *state)
{
    return ((const dice_state *)state)->goal == DICE_LONG_GOAL;
}

static int dice_current_player(const void *state)
{
    const dice_state *s = state;
    if (s->over)
        return GAME_TERMINAL;
    return s->rolling ? GAME_CHANCE : s->actor;
}

static int dice_legal_actions(const void *state, int *out)
{
    const dice_state *s = state;
    int n = 0;
    if (s->over)
        return 0;
    if (s->rolling) {
        for (int sum = 2; sum <= 12; sum++)
            out[n++] = DICE_ROLL + sum - 2;
    } else if (s->points == 0)
        out[n++] = DICE_END;
    else {
        out[n++] = DICE_STEP;
        if (s->points >= 3)
            out[n++] = DICE_LEAP;
    }
    return n;
}

static int dice_chance_outcomes(const void *state, int *out, double *probability)
{
    const dice_state *s = state;
    if (s->over || !s->rolling)
        return 0;
    for (int sum = 2; sum <= 12; sum++) {
        out[sum - 2] = DICE_ROLL + sum - 2;
        probability[sum - 2] = (6 - (sum > 7 ? sum - 7 : 7 - sum)) / 36.0;
    }
    return 11;
}

static int dice_apply_scored(void *state, int action, game_score_trace *trace, char *why, size_t why_len)
{
    dice_state *s = state;
    int legal[11];
    int n = dice_legal_actions(s, legal);
    int found = 0;
    for (int i = 0; i < n; i++)
        found |= legal[i] == action;
    if (!found) {
        if (why != NULL)
            snprintf(why, why_len, "%s", s->over ? "the race is over" : s->rolling ? "the dice must be rolled"
                                         : s->points == 0 ? "no points left: end the turn"
                                                          : "not legal now");
        return GAME_EILLEGAL;
    }
    if (action >= DICE_ROLL) {
        s->points = (uint8_t)(action - DICE_ROLL + 2);
        s->rolling = 0;
    } else if (action == DICE_STEP || action == DICE_LEAP) {
        int cost = action == DICE_STEP ? 1 : 3;
        int gain = action == DICE_STEP ? 1 : 4;
        int scored = s->position[s->actor] < s->goal ? s->goal - s->position[s->actor] : 0;
        s->points = (uint8_t)(s->points - cost);
        s->position[s->actor] = (uint8_t)(s->position[s->actor] + gain);
        game_score_tell(trace, s->actor, gain < scored ? gain : scored, action == DICE_STEP ? "step" : "leap",
                        "dice", "", "runner %+d", gain);
    } else {
        if (s->position[s->actor] >= s->goal)
            s->over = 1;
        else {
            s->actor = (uint8_t)((s->actor + 1) % s->players);
            s->rolling = 1;
        }
    }
    return 0;
}

static int dice_apply(void *state, int action, char *why, size_t why_len)
{
    return dice_apply_scored(state, action, NULL, why, why_len);
}

static void dice_apply_listed(void *state, int action)
{
    int status = dice_apply(state, action, NULL, 0);
    assert(status == GAME_OK);
    (void)status;
}

static int dice_closes_undo(const void *state, int action)
{
    (void)state;
    return action == DICE_END || action >= DICE_ROLL;
}

static void dice_scores(const void *state, int *out)
{
    const dice_state *s = state;
    for (int i = 0; i < s->players; i++)
        out[i] = s->position[i] < s->goal ? s->position[i] : s->goal;
}

static unsigned dice_winners(const void *state)
{
    const dice_state *s = state;
    int scores[GAME_MAX_PLAYERS];
    unsigned winners = 0;
    if (!s->over)
        return 0;
    dice_scores(s, scores);
    int best = scores[0];
    for (int i = 1; i < s->players; i++)
        best = scores[i] > best ? scores[i] : best;
    for (int i = 0; i < s->players; i++)
        if (scores[i] == best)
            winners |= 1u << i;
    return winners;
}

static void dice_observation(const void *state, int seat, void *out)
{
    (void)seat;
    memcpy(out, state, sizeof(dice_state));
}

static void dice_resample(void *state, int seat, uint64_t *generator)
{
    (void)state;
    (void)seat;
    (void)generator;
}

static int dice_action_to_text(const void *state, int action, char *buf, size_t len)
{
    (void)state;
    if (action == DICE_END)
        snprintf(buf, len, "end");
    else if (action == DICE_STEP)
        snprintf(buf, len, "step");
    else if (action == DICE_LEAP)
        snprintf(buf, len, "leap");
    else if (action >= DICE_ROLL && action < DICE_NUM_ACTIONS)
        snprintf(buf, len, "roll %d", action - DICE_ROLL + 2);
    else
        return GAME_EPARSE;
    return 0;
}

static int dice_text_to_action(const void *state, const char *text, int *action, char *why, size_t why_len)
{
    (void)state;
    int sum;
    char tail;
    if (strcmp(text, "end") == 0)
        *action = DICE_END;
    else if (strcmp(text, "step") == 0)
        *action = DICE_STEP;
    else if (strcmp(text, "leap") == 0)
        *action = DICE_LEAP;
    else if (sscanf(text, "roll %d%c", &sum, &tail) == 1 && sum >= 2 && sum <= 12)
        *action = DICE_ROLL + sum - 2;
    else {
        if (why != NULL)
            snprintf(why, why_len, "unknown action (end, step, leap, roll 2..12)");
        return GAME_EPARSE;
    }
    return 0;
}

/* Nothing of the dice race is hidden: every seat sees the full text. */
static int dice_action_seen(const void *state, int action, int seat, const void *now, char *buf, size_t len)
{
    (void)now;
    if (seat != GAME_CHANCE && (seat < 0 || seat >= dice_players(state)))
        return GAME_EPARSE;
    return dice_action_to_text(state, action, buf, len);
}

static size_t dice_render(const void *state, char *buf, size_t len)
{
    const dice_state *s = state;
    /* as snprintf: write what fits, count the whole length */
    size_t n = (size_t)snprintf(buf, len, "goal %d, seat %d %s, points %d, runners", s->goal, s->actor + 1,
                                s->over ? "won" : s->rolling ? "rolls" : "moves", s->points);
    for (int i = 0; i <= s->players; i++) {
        char part[16];
        int k = i < s->players ? snprintf(part, sizeof part, " %d", s->position[i]) : snprintf(part, sizeof part, "\n");
        if (n < len)
            snprintf(buf + n, len - n, "%s", part);
        n += (size_t)k;
    }
    return n;
}

/* Invariants: seats in range, points within one roll, runners of absent
 * seats at the start. */
static int dice_check(const void *state, char *why, size_t why_len)
{
    const dice_state *s = state;
    int bad = s->players < 2 || s->players > 4 || s->actor >= s->players || s->points > 12 || s->rolling > 1 ||
              s->over > 1 || (s->goal != 15 && s->goal != DICE_LONG_GOAL);
    for (int seat = s->players; seat < GAME_MAX_PLAYERS && !bad; seat++)
        bad = s->position[seat] != 0;
    if (bad && why != NULL)
        snprintf(why, why_len, "dice race state out of range");
    return bad ? GAME_EILLEGAL : GAME_OK;
}

static const game_def dice_race_game = {
    .name = "dicerace",
    .variants = dice_variants,
    .min_players = 2,
    .max_players = 4,
    .state_size = sizeof(dice_state),
    .num_actions = DICE_NUM_ACTIONS,
    .max_legal = 11,
    .max_game_length = DICE_MAX_LENGTH,
    .init = dice_init,
    .current_player = dice_current_player,
    .players = dice_players,
    .variant = dice_variant,
    .legal_actions = dice_legal_actions,
    .chance_outcomes = dice_chance_outcomes,
    .apply = dice_apply,
    .apply_scored = dice_apply_scored,
    .apply_listed = dice_apply_listed,
    .closes_undo = dice_closes_undo,
    .scores = dice_scores,
    .winners = dice_winners,
    .observation = dice_observation,
    .resample = dice_resample,
    .action_to_text = dice_action_to_text,
    .action_seen = dice_action_seen,
    .text_to_action = dice_text_to_action,
    .render = dice_render,
    .check = dice_check,
    .title = "Dice race",
};

#endif
