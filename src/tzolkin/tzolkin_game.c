/*
 * tzolkin_game.c -- Tzolk'in behind the generic interface (game.h): the
 * game_def table, chance outcomes, scores and winners (Z19.4), the undo
 * window, and the private information of the wealth tiles: observation
 * hides what a seat may not see (Z23.8), action_seen writes the deal and
 * keep lines as that seat sees them, and resample fills the hidden tiles
 * back consistently for information-set search.
 */
#include <stdio.h>
#include <string.h>

#include "tzolkin/tzolkin.h"
#include "tzolkin/tzolkin_steps.h"

static const tzolk_state *cst(const void *state)
{
    return (const tzolk_state *)state;
}

static int g_init(void *state, const game_options *options, char *why, size_t why_len)
{
    if (!options || options->variant != 0 || tzolk_init((tzolk_state *)state, options->players) != 0) {
        if (why && why_len)
            strncpy(why, "Tzolk'in is played by 2 to 4 players and has no variants", why_len - 1), why[why_len - 1] = 0;
        return GAME_EOPTION;
    }
    return 0;
}

static int g_current(const void *state)
{
    return tzolk_current_player(cst(state));
}

static int g_players(const void *state)
{
    return cst(state)->players;
}

static int g_legal(const void *state, int *out)
{
    return tzolk_legal_actions(cst(state), out);
}

static int g_chance(const void *state, int *out, double *probability)
{
    if (tzolk_current_player(cst(state)) != GAME_CHANCE)
        return 0;
    int n = tzolk_legal_actions(cst(state), out);
    double each = n > 0 ? 1.0 / n : 0.0; /* every outcome equally likely (Z23.7) */
    for (int i = 0; i < n; i++)
        probability[i] = each;
    return n;
}

static int g_apply(void *state, int action, char *why, size_t why_len)
{
    return tzolk_apply((tzolk_state *)state, action, why, why_len);
}

static int g_apply_scored(void *state, int action, game_score_trace *trace, char *why, size_t why_len)
{
    return tzolk_apply_scored((tzolk_state *)state, action, trace, why, why_len);
}

static void g_apply_listed(void *state, int action)
{
    tzolk_apply_listed((tzolk_state *)state, action);
}

static int g_closes_undo(const void *state, int action)
{
    const tzolk_state *s = cst(state);
    if (tzolk_current_player(s) == GAME_CHANCE)
        return 1;
    return action == TZOLK_A_END || s->phase == TZOLK_PH_KEEP || s->phase == TZOLK_PH_ADVANCE;
}

static void g_scores(const void *state, int *out)
{
    const tzolk_state *s = cst(state);
    for (int i = 0; i < s->players; i++)
        out[i] = s->player[i].vp;
}

static unsigned g_winners(const void *state)
{
    const tzolk_state *s = cst(state);
    if (s->phase != TZOLK_PH_OVER)
        return 0;
    int best = 0, best_workers = -1;
    unsigned mask = 0;
    for (int i = 0; i < s->players; i++) {
        int vp = s->player[i].vp, w = tzolk_workers_on_gears(s, i);
        if (mask == 0 || vp > best || (vp == best && w > best_workers)) {
            best = vp;
            best_workers = w;
            mask = 1u << i;
        } else if (vp == best && w == best_workers)
            mask |= 1u << i;
    }
    return mask;
}

static void g_observation(const void *state, int seat, void *out)
{
    const tzolk_state *s = cst(state);
    tzolk_state *o = (tzolk_state *)out;
    memcpy(o, s, sizeof *o);
    int revealed = tzolk_all_kept(s);
    for (int i = 0; i < s->players; i++) {
        if (i == seat)
            continue;
        tzolk_player *p = &o->player[i];
        for (int k = 0; k < TZOLK_WEALTH_DEALT; k++)
            if (!revealed || !(p->keep_mask & (1u << k)))
                p->dealt[k] = TZOLK_UNKNOWN;
        if (!revealed)
            p->keep_mask = 0;
    }
}

static uint64_t next_rand(uint64_t *rng)
{
    uint64_t z = (*rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The hidden starting-wealth tiles decide what is legal only during the
 * setup (which tiles are left to block, which pairs a seat may keep, Z2);
 * once every seat has kept its pair, the tiles not kept are out of play. */
static int g_legal_hidden(const void *state, int seat)
{
    (void)seat;
    return !tzolk_all_kept(cst(state));
}

static void g_resample(void *state, int seat, uint64_t *rng)
{
    tzolk_state *s = (tzolk_state *)state;
    uint32_t unseen = ~(s->block_mask | tzolk_dealt_mask(s)) & ((1u << TZOLK_WEALTH) - 1);
    int pool[TZOLK_WEALTH], n = 0;
    for (; unseen; unseen &= unseen - 1)
        pool[n++] = __builtin_ctz(unseen);
    int dealt_so_far = s->phase == TZOLK_PH_DEAL ? s->setup_count : 4 * s->players;
    if (s->phase < TZOLK_PH_DEAL)
        dealt_so_far = 0;
    for (int i = 0; i < s->players; i++) {
        if (i == seat)
            continue;
        tzolk_player *p = &s->player[i];
        for (int k = 0; k < TZOLK_WEALTH_DEALT; k++) {
            if (p->dealt[k] != TZOLK_UNKNOWN || i * TZOLK_WEALTH_DEALT + k >= dealt_so_far || n == 0)
                continue;
            int j = (int)(next_rand(rng) % (uint64_t)n);
            p->dealt[k] = (uint8_t)pool[j];
            pool[j] = pool[--n];
        }
        if (p->has_kept && p->keep_mask == 0) {
            int a = (int)(next_rand(rng) % 4), b = (int)(next_rand(rng) % 3);
            if (b >= a)
                b++;
            p->keep_mask = (uint8_t)((1u << a) | (1u << b));
        }
    }
}

static int g_to_text(const void *state, int action, char *buf, size_t len)
{
    return tzolk_action_to_text(cst(state), action, buf, len);
}

/* Z23.8: a deal line names its tile only to the seat dealt, for the whole
 * game; a keep line names its tiles to the keeper, and to everybody once
 * the last keep of the setup is written (tzolk_all_kept, as g_observation
 * decides it). Every other line is public. */
static int g_seen(const void *state, int action, int seat, const void *now, char *buf, size_t len)
{
    const tzolk_state *s = cst(state);
    char text[GAME_TEXT_MAX];
    if ((seat != GAME_CHANCE && (seat < 0 || seat >= s->players)) || now == NULL || buf == NULL)
        return GAME_EPARSE;
    int status = tzolk_action_to_text(s, action, text, sizeof text);
    if (status != 0)
        return status;
    if (action >= TZOLK_A_DEAL && action < TZOLK_A_BLOCK) {
        int dealt = s->setup_count / 4;
        if (seat != dealt)
            snprintf(text, sizeof text, "deal %d ?", dealt + 1);
    } else if (action >= TZOLK_A_KEEP && action < TZOLK_A_START) {
        if (seat != s->actor && !tzolk_all_kept(cst(now)))
            snprintf(text, sizeof text, "keep ? ?");
    }
    size_t used = strlen(text);
    if (used >= len)
        return GAME_EPARSE;
    memcpy(buf, text, used + 1);
    return 0;
}

static int g_from_text(const void *state, const char *text, int *action, char *why, size_t why_len)
{
    return tzolk_text_to_action(cst(state), text, action, why, why_len);
}

static size_t g_render(const void *state, char *buf, size_t len)
{
    return tzolk_render(cst(state), buf, len);
}

static int g_line_open(const void *state, int action)
{
    return tzolk_line_open(cst(state), action);
}

static int g_line_actions(const void *state, const char *text, int *out, int *count, char *why, size_t why_len)
{
    return tzolk_line_actions(cst(state), text, out, count, why, why_len);
}

static void g_legal_lines(const void *state, void (*emit)(void *context, const char *line), void *context)
{
    tzolk_legal_lines(cst(state), emit, context);
}

_Static_assert(TZOLK_LINE_MAX <= GAME_LINE_MAX, "a market line fits GAME_LINE_MAX");

static int g_check(const void *state, char *why, size_t why_len)
{
    return tzolk_check(cst(state), why, why_len);
}

const game_def tzolkin_game = {
    .name = "tzolkin",
    .variants = NULL,
    .min_players = 2,
    .max_players = 4,
    .state_size = sizeof(tzolk_state),
    .num_actions = TZOLK_NUM_ACTIONS,
    .max_legal = TZOLK_LEGAL_MAX,
    .max_game_length = TZOLK_GAME_LENGTH_MAX,
    .init = g_init,
    .current_player = g_current,
    .players = g_players,
    .legal_actions = g_legal,
    .chance_outcomes = g_chance,
    .apply = g_apply,
    .apply_scored = g_apply_scored,
    .apply_listed = g_apply_listed,
    .closes_undo = g_closes_undo,
    .scores = g_scores,
    .winners = g_winners,
    .observation = g_observation,
    .resample = g_resample,
    .legal_hidden = g_legal_hidden,
    .action_to_text = g_to_text,
    .action_seen = g_seen,
    .text_to_action = g_from_text,
    .render = g_render,
    .line_open = g_line_open,
    .line_actions = g_line_actions,
    .legal_lines = g_legal_lines,
    .check = g_check,
    .steps = tzolk_steps,
    .title = "Tzolk\u2019in",
};
