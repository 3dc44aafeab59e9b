/*
 * greedy.c -- the greedy bot: the best way to finish its turn by the beam
 * search of turns.h, played one action per call (see greedy.h).
 */
#include <stdlib.h>
#include <string.h>

#include "bots/greedy.h"
#include "bots/turns.h"
#include "rng.h"

struct greedy {
    const game_def *game;      /* the rules */
    const eval_hook *hook;     /* the game's evaluation */
    const plan_policy *policy; /* the plan policy the turn is planned within, NULL = none */
    rng random;                /* generator for resampling hidden parts */
    turns *search;             /* the turn's beam search, keeping the best turn */
    turns_script script;       /* the turn being played; its state is the position planned from */
    int *legal;                /* scratch: legal actions, game->max_legal */
    int actions[TURNS_DEPTH_MAX]; /* scratch: the best turn's actions */
};

greedy *greedy_new(const game_def *game, const eval_hook *hook, int beam, uint64_t seed)
{
    if (beam < 1)
        beam = 1;
    if (beam > GREEDY_BEAM_MAX)
        beam = GREEDY_BEAM_MAX;
    greedy *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    g->game = game;
    g->hook = hook;
    rng_seed(&g->random, seed);
    g->search = turns_new(game, beam, 1);
    g->legal = malloc((size_t)game->max_legal * sizeof *g->legal);
    if (turns_script_init(&g->script, game) != 0 || g->search == NULL || g->legal == NULL) {
        greedy_free(g);
        return NULL;
    }
    return g;
}

void greedy_use_plan(greedy *g, const plan_policy *plan)
{
    g->policy = plan;
}

void greedy_free(greedy *g)
{
    if (g == NULL)
        return;
    turns_free(g->search);
    turns_script_free(&g->script);
    free(g->legal);
    free(g);
}

int greedy_next_in_turn(greedy *g, const void *observation, int seat)
{
    return turns_script_next(&g->script, observation, seat);
}

int greedy_choose(greedy *g, const void *observation, int seat)
{
    const game_def *game = g->game;
    int action = greedy_next_in_turn(g, observation, seat);
    if (action >= 0)
        return action;
    int n = game->legal_actions(observation, g->legal);
    if (n <= 0)
        return -1;
    memcpy(g->script.state, observation, game->state_size);
    uint64_t fill = rng_next(&g->random);
    game->resample(g->script.state, seat, &fill);
    if (n == 1 || turns_search(g->search, g->hook, g->policy, g->script.state, seat) == 0)
        return g->legal[0];
    int count = turns_actions(g->search, 0, g->actions);
    return turns_script_play(&g->script, g->actions, count, seat);
}
