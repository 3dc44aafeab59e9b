/*
 * tikal_game.c -- the Tikal engine behind the generic interface of game.h:
 * thin adapters from opaque states to tikal_state, and the game's static
 * facts (players, sizes, bounds).
 */
#include <string.h>

#include "tikal/tikal.h"
#include "tikal/tikal_steps.h"

static const char *const tikal_variants[] = {"basic", "auction", NULL};

static int game_init(void *state, const game_options *options, char *why, size_t why_len)
{
    int rc = tikal_init(state, options->players, options->variant);
    if (rc != GAME_OK && why && why_len)
        strncpy(why, "Tikal is for 2-4 players, variant basic or auction", why_len - 1)[why_len - 1] = '\0';
    return rc;
}

static int game_current_player(const void *state)
{
    return tikal_current_player(state);
}

static int game_players(const void *state)
{
    return ((const tikal_state *)state)->players;
}

static int game_variant(const void *state)
{
    return ((const tikal_state *)state)->auction;
}

static int game_legal_actions(const void *state, int *out)
{
    return tikal_legal_actions(state, out);
}

static int game_chance_outcomes(const void *state, int *out, double *probability)
{
    return tikal_chance_outcomes(state, out, probability);
}

static int game_apply(void *state, int action, char *why, size_t why_len)
{
    return tikal_apply(state, action, why, why_len);
}

static int game_apply_scored(void *state, int action, game_score_trace *trace, char *why, size_t why_len)
{
    return tikal_apply_scored(state, action, trace, why, why_len);
}

static void game_apply_listed(void *state, int action)
{
    tikal_apply_listed(state, action);
}

/* Undo never crosses chance, the end of a turn, or an auction move (which
 * hands the turn to another seat). */
static int game_closes_undo(const void *state, int action)
{
    (void)state;
    return action == TIKAL_A_END || action == TIKAL_A_PASS || action >= TIKAL_A_BID;
}

static void game_scores(const void *state, int *out)
{
    const tikal_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = s->player[p].score;
}

/* T26: the highest score wins; a tie shares the win (R22). */
static unsigned game_winners(const void *state)
{
    const tikal_state *s = state;
    int best = 0;
    unsigned winners = 0;
    if (s->phase != TIKAL_PH_OVER)
        return 0;
    for (int p = 0; p < s->players; p++)
        if (p == 0 || s->player[p].score > best) {
            best = s->player[p].score;
            winners = 1u << p;
        } else if (s->player[p].score == best)
            winners |= 1u << p;
    return winners;
}

/* Everything on the table is public in Tikal (T5.4); the hidden stack order
 * and the tokens under the digs are never in the state. */
static void game_observation(const void *state, int seat, void *out)
{
    (void)seat;
    memcpy(out, state, sizeof(tikal_state));
}

static void game_resample(void *state, int seat, uint64_t *rng)
{
    (void)state;
    (void)seat;
    (void)rng;
}

/* Nothing is hidden, so nothing hidden decides what is legal. */
static int game_legal_hidden(const void *state, int seat)
{
    (void)state;
    (void)seat;
    return 0;
}

static int game_action_to_text(const void *state, int action, char *buf, size_t len)
{
    return tikal_action_to_text(state, action, buf, len);
}

/* Every line of Tikal is public when written (T5.4, T29): bids are open
 * (T22.4), drawn and revealed tiles are seen by all, and a dug motif goes
 * into a face-up collection. So every seat and a spectator see the full
 * text. */
static int game_action_seen(const void *state, int action, int seat, const void *now, char *buf, size_t len)
{
    char text[GAME_TEXT_MAX];
    (void)now;
    if (seat != GAME_CHANCE && (seat < 0 || seat >= ((const tikal_state *)state)->players))
        return GAME_EPARSE;
    int status = tikal_action_to_text(state, action, text, sizeof text);
    if (status != GAME_OK)
        return status;
    size_t used = strlen(text);
    if (buf == NULL || used >= len)
        return GAME_EPARSE; /* too small: tikal_action_to_text would cut the text short */
    memcpy(buf, text, used + 1);
    return GAME_OK;
}

static int game_text_to_action(const void *state, const char *text, int *action, char *why, size_t why_len)
{
    return tikal_text_to_action(state, text, action, why, why_len);
}

static size_t game_render(const void *state, char *buf, size_t len)
{
    return tikal_render(state, buf, len);
}

static int game_check(const void *state, char *why, size_t why_len)
{
    return tikal_check(state, why, why_len);
}

const game_def tikal_game = {
    .name = "tikal",
    .variants = tikal_variants,
    .min_players = 2,
    .max_players = GAME_MAX_PLAYERS,
    .state_size = sizeof(tikal_state),
    .num_actions = TIKAL_NUM_ACTIONS,
    .max_legal = TIKAL_LEGAL_MAX,
    /* 52 turns of at most 16 lines, 36 reveals, 36 auctions of at most
     * TIKAL_BID_MAX bids and 4 passes. */
    .max_game_length = 52 * 16 + 36 + 36 * (TIKAL_BID_MAX + 4),
    .init = game_init,
    .current_player = game_current_player,
    .players = game_players,
    .variant = game_variant,
    .legal_actions = game_legal_actions,
    .chance_outcomes = game_chance_outcomes,
    .apply = game_apply,
    .apply_scored = game_apply_scored,
    .apply_listed = game_apply_listed,
    .closes_undo = game_closes_undo,
    .scores = game_scores,
    .winners = game_winners,
    .observation = game_observation,
    .resample = game_resample,
    .legal_hidden = game_legal_hidden,
    .action_to_text = game_action_to_text,
    .action_seen = game_action_seen,
    .text_to_action = game_text_to_action,
    .render = game_render,
    .check = game_check,
    .steps = tikal_steps,
    .title = "Tikal",
};
