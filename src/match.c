/*
 * match.c -- a game in progress with its action list and undo window (see
 * match.h). The only place above the engines that copies states around for
 * undo; everything goes through game.h.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"

enum { MATCH_FIRST_CAPACITY = 256 };

static void match_reason(char *why, size_t why_len, const char *text)
{
    if (why != NULL && why_len > 0)
        snprintf(why, why_len, "%s", text);
}

int match_init(match *m, const game_def *game, const game_options *options, char *why, size_t why_len)
{
    memset(m, 0, sizeof *m);
    m->game = game;
    m->options = *options;
    m->state = calloc(1, game->state_size);
    m->undo_base = calloc(1, game->state_size);
    m->before = calloc(1, game->state_size);
    m->actions = malloc(MATCH_FIRST_CAPACITY * sizeof *m->actions);
    m->outcomes = malloc((size_t)game->max_legal * sizeof *m->outcomes);
    m->probability = malloc((size_t)game->max_legal * sizeof *m->probability);
    if (m->state == NULL || m->undo_base == NULL || m->before == NULL || m->actions == NULL ||
        m->outcomes == NULL || m->probability == NULL) {
        match_free(m);
        match_reason(why, why_len, "out of memory");
        return MATCH_ENOMEM;
    }
    m->capacity = MATCH_FIRST_CAPACITY;
    if (why != NULL && why_len > 0)
        why[0] = '\0';
    int status = game->init(m->state, options, why, why_len);
    if (status != 0) {
        match_free(m);
        return status;
    }
    memcpy(m->undo_base, m->state, game->state_size);
    return 0;
}

void match_free(match *m)
{
    free(m->state);
    free(m->undo_base);
    free(m->before);
    free(m->actions);
    free(m->outcomes);
    free(m->probability);
    m->state = m->undo_base = m->before = NULL;
    m->actions = NULL;
    m->outcomes = NULL;
    m->probability = NULL;
    m->count = m->capacity = m->undo_from = 0;
}

int match_copy(match *dst, const match *src)
{
    size_t size = src->game->state_size;

    assert(dst->state == NULL || dst->game == src->game);
    if (dst->state == NULL && match_init(dst, src->game, &src->options, NULL, 0) != 0)
        return MATCH_ENOMEM;
    if (dst->capacity < src->capacity) {
        int *actions = realloc(dst->actions, (size_t)src->capacity * sizeof *actions);
        if (actions == NULL)
            return MATCH_ENOMEM;
        dst->actions = actions;
        dst->capacity = src->capacity;
    }
    dst->options = src->options;
    memcpy(dst->state, src->state, size);
    memcpy(dst->undo_base, src->undo_base, size);
    memcpy(dst->actions, src->actions, (size_t)src->count * sizeof *dst->actions);
    dst->count = src->count;
    dst->undo_from = src->undo_from;
    return 0;
}

int match_current_player(const match *m)
{
    return m->game->current_player(m->state);
}

int match_apply(match *m, int action, char *why, size_t why_len)
{
    return match_apply_scored(m, action, NULL, why, why_len);
}

int match_apply_scored(match *m, int action, game_score_trace *trace, char *why, size_t why_len)
{
    if (m->count == m->capacity) {
        int *grown = realloc(m->actions, 2 * (size_t)m->capacity * sizeof *grown);
        if (grown == NULL) {
            match_reason(why, why_len, "out of memory");
            return MATCH_ENOMEM;
        }
        m->actions = grown;
        m->capacity *= 2;
    }
    size_t size = m->game->state_size;
    memcpy(m->before, m->state, size);
    if (why != NULL && why_len > 0)
        why[0] = '\0';
    int status = m->game->apply_scored(m->state, action, trace, why, why_len);
    if (status != 0)
        return status;
    assert(m->count < m->capacity);
    m->actions[m->count++] = action;
    if (m->game->closes_undo(m->before, action)) {
        memcpy(m->undo_base, m->state, size);
        m->undo_from = m->count;
    }
    return 0;
}

int match_line_open(const game_def *game, const void *state, int action)
{
    return game->line_open != NULL && game->line_open(state, action);
}

int match_line_actions(const match *m, const char *text, int *out, int *count, char *why, size_t why_len)
{
    *count = 1;
    if (m->game->line_actions != NULL)
        return m->game->line_actions(m->state, text, out, count, why, why_len);
    return m->game->text_to_action(m->state, text, out, why, why_len);
}

int match_try_actions(const match *m, const int *actions, int count, char *why, size_t why_len)
{
    void *trial = malloc(m->game->state_size);
    int status = 0;
    if (trial == NULL) {
        match_reason(why, why_len, "out of memory");
        return MATCH_ENOMEM;
    }
    memcpy(trial, m->state, m->game->state_size);
    for (int i = 0; i < count && status == 0; i++)
        status = m->game->apply(trial, actions[i], why, why_len);
    free(trial);
    return status;
}

int match_apply_line(match *m, const char *text, char *why, size_t why_len)
{
    int actions[GAME_LINE_MAX], count;
    int status = match_line_actions(m, text, actions, &count, why, why_len);
    assert(status != 0 || (count >= 1 && count <= GAME_LINE_MAX));
    if (status == 0)
        status = match_try_actions(m, actions, count, why, why_len);
    for (int i = 0; i < count && status == 0; i++)
        status = match_apply(m, actions[i], why, why_len);
    return status;
}

int match_can_undo(const match *m)
{
    return m->count > m->undo_from;
}

int match_undo(match *m, char *why, size_t why_len)
{
    if (!match_can_undo(m)) {
        match_reason(why, why_len, "nothing to undo in this turn");
        return MATCH_ENOUNDO;
    }
    /* where the last line starts: after the last action that finished a
     * line, unless the last action is itself a step (then only it goes) */
    int start = m->undo_from;
    memcpy(m->state, m->undo_base, m->game->state_size);
    for (int i = m->undo_from; i < m->count - 1; i++) {
        if (!match_line_open(m->game, m->state, m->actions[i]))
            start = i + 1;
        if (m->game->apply(m->state, m->actions[i], NULL, 0) != 0)
            break; /* reported by the replay below */
    }
    if (match_line_open(m->game, m->state, m->actions[m->count - 1]))
        start = m->count - 1;
    memcpy(m->state, m->undo_base, m->game->state_size);
    m->count = start;
    for (int i = m->undo_from; i < m->count; i++) {
        char reason[256] = "";
        if (m->game->apply(m->state, m->actions[i], reason, sizeof reason) != 0) {
            if (why != NULL && why_len > 0)
                snprintf(why, why_len, "engine refused to replay action %d: %s", m->actions[i], reason);
            /* Keep the match consistent: the window ends before the action
             * the engine refused. */
            m->count = i;
            memcpy(m->undo_base, m->state, m->game->state_size);
            m->undo_from = i;
            return MATCH_ENOUNDO;
        }
    }
    return 0;
}

int match_pick_outcome(const int *outcomes, const double *probability, int n, rng *r)
{
    double draw = rng_unit(r);
    double total = 0.0;
    for (int i = 0; i < n - 1; i++) {
        total += probability[i];
        if (draw < total)
            return outcomes[i];
    }
    return outcomes[n - 1];
}

int match_sample_chance(match *m, rng *r)
{
    if (match_current_player(m) != GAME_CHANCE)
        return -1;
    int n = m->game->chance_outcomes(m->state, m->outcomes, m->probability);
    assert(n <= m->game->max_legal); /* the engine kept to the scratch it was given */
    if (n <= 0)
        return -1;
    return match_pick_outcome(m->outcomes, m->probability, n, r);
}
