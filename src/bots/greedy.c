/*
 * greedy.c -- the greedy bot: beam search over the micro-actions of one
 * turn, evaluated by the game's hook at the turn's end (see greedy.h).
 */
#include <stdlib.h>
#include <string.h>

#include "bots/eval.h"
#include "bots/greedy.h"
#include "bots/plan.h"
#include "rng.h"

enum { GREEDY_CHANCE_EXPECT_MAX = 12 }; /* chance nodes with more outcomes are valued as they stand */

/* One position kept in the beam. */
typedef struct greedy_entry {
    double value; /* margin of the searching seat by the evaluation */
    int parent;   /* path node of the position it came from, -1 at the root */
    int action;   /* action that led here from there */
    int slot;     /* index of its state in the beam's state array */
} greedy_entry;

/* One step of a plan prefix: the tree of kept positions. */
typedef struct greedy_step {
    int parent; /* previous step, -1 for the first action */
    int action; /* action of this step */
} greedy_step;

struct greedy {
    const game_def *game;       /* the rules */
    const eval_hook *hook;      /* the game's evaluation */
    const plan_policy *policy;  /* the plan policy the turn is planned within, NULL = none */
    size_t size;                /* bytes of a state */
    int beam;                   /* positions kept per depth */
    rng random;                 /* generator for resampling hidden parts */
    unsigned char *states;      /* beam states of the current depth, beam * size */
    unsigned char *next;        /* beam states of the next depth, beam * size */
    greedy_entry *entries;      /* the current beam */
    greedy_entry *candidates;   /* the next beam being filled */
    greedy_step *steps;         /* plan prefixes, beam * GREEDY_DEPTH_MAX + 1 */
    uint64_t *seen;             /* hashes of positions met in this plan (open addressing, 0 = empty) */
    size_t seen_mask;           /* slots of seen minus one */
    int *legal;                 /* scratch: legal actions, game->max_legal */
    int *outcomes;              /* scratch: chance outcomes of a leaf, game->max_legal */
    double *probability;        /* scratch: their odds, game->max_legal */
    unsigned char *child;       /* scratch: a child position */
    unsigned char *outcome;     /* scratch: a chance outcome's position */
    unsigned char *plan_state;  /* the position where the plan's next action is played */
    unsigned char *expect;      /* the observation the plan expects at the next call */
    int plan[GREEDY_DEPTH_MAX]; /* the plan: actions to the turn's end */
    int plan_len;               /* actions in plan */
    int plan_next;              /* index of the next action to play */
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
    g->size = game->state_size;
    g->beam = beam;
    rng_seed(&g->random, seed);
    size_t seen_slots = 1;
    while (seen_slots < (size_t)beam * GREEDY_CHILDREN_MAX * 4)
        seen_slots <<= 1;
    g->seen_mask = seen_slots - 1;
    g->states = malloc((size_t)beam * g->size);
    g->next = malloc((size_t)beam * g->size);
    g->entries = malloc((size_t)beam * sizeof *g->entries);
    g->candidates = malloc((size_t)beam * sizeof *g->candidates);
    g->steps = malloc(((size_t)beam * GREEDY_DEPTH_MAX + 1) * sizeof *g->steps);
    g->seen = malloc(seen_slots * sizeof *g->seen);
    g->legal = malloc((size_t)game->max_legal * sizeof *g->legal);
    g->outcomes = malloc((size_t)game->max_legal * sizeof *g->outcomes);
    g->probability = malloc((size_t)game->max_legal * sizeof *g->probability);
    g->child = malloc(g->size);
    g->outcome = malloc(g->size);
    g->plan_state = malloc(g->size);
    g->expect = malloc(g->size);
    if (!g->states || !g->next || !g->entries || !g->candidates || !g->steps || !g->seen || !g->legal ||
        !g->outcomes || !g->probability || !g->child || !g->outcome || !g->plan_state || !g->expect) {
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
    free(g->states);
    free(g->next);
    free(g->entries);
    free(g->candidates);
    free(g->steps);
    free(g->seen);
    free(g->legal);
    free(g->outcomes);
    free(g->probability);
    free(g->child);
    free(g->outcome);
    free(g->plan_state);
    free(g->expect);
    free(g);
}

/* Record hash h as seen; 1 if it was new. */
static int greedy_mark(greedy *g, uint64_t h)
{
    if (h == 0)
        h = 1;
    for (size_t i = h & g->seen_mask;; i = (i + 1) & g->seen_mask) {
        if (g->seen[i] == h)
            return 0;
        if (g->seen[i] == 0) {
            g->seen[i] = h;
            return 1;
        }
    }
}

/* Value for seat of a position where its turn is over: a chance node with
 * few outcomes by the expectation over them, anything else as it stands. */
static double greedy_leaf_value(greedy *g, const unsigned char *state, int seat)
{
    const game_def *game = g->game;
    if (game->current_player(state) == GAME_CHANCE) {
        int n = game->chance_outcomes(state, g->outcomes, g->probability);
        if (n > 0 && n <= GREEDY_CHANCE_EXPECT_MAX) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                memcpy(g->outcome, state, g->size);
                if (game->apply(g->outcome, g->outcomes[i], NULL, 0) == 0)
                    sum += g->probability[i] * eval_margin(game, g->hook, g->outcome, seat);
            }
            return sum;
        }
    }
    return eval_margin(game, g->hook, state, seat);
}

/* Write the actions of the path ending at step (then action) into the plan. */
static void greedy_set_plan(greedy *g, int step, int action)
{
    int reversed[GREEDY_DEPTH_MAX], n = 0;
    if (action >= 0)
        reversed[n++] = action;
    for (; step >= 0 && n < GREEDY_DEPTH_MAX; step = g->steps[step].parent)
        reversed[n++] = g->steps[step].action;
    g->plan_len = n;
    for (int i = 0; i < n; i++)
        g->plan[i] = reversed[n - 1 - i];
    g->plan_next = 0;
}

/* Offer a position still inside the turn for the next beam (count entries
 * so far); keeps the beam best. Returns the new count. */
static int greedy_offer(greedy *g, int count, double value, int parent, int action)
{
    int slot;
    if (count < g->beam)
        slot = count++;
    else {
        slot = 0;
        for (int i = 1; i < count; i++)
            if (g->candidates[i].value < g->candidates[slot].value)
                slot = i;
        if (value <= g->candidates[slot].value)
            return count;
    }
    memcpy(g->next + (size_t)slot * g->size, g->child, g->size);
    g->candidates[slot] = (greedy_entry){value, parent, action, slot};
    return count;
}

/* Order entries by value, best first (then by slot, for determinism). */
static int greedy_by_value(const void *a, const void *b)
{
    const greedy_entry *x = a, *y = b;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1;
    return x->slot - y->slot;
}

/* Plan the turn of seat from the full position root; 0, or -1 if seat has
 * no action there. */
static int greedy_plan(greedy *g, const unsigned char *root, int seat)
{
    const game_def *game = g->game;
    memset(g->seen, 0, (g->seen_mask + 1) * sizeof *g->seen);
    memcpy(g->states, root, g->size);
    g->entries[0] = (greedy_entry){0, -1, -1, 0};
    int count = 1, steps = 0;
    double best = -1e300;
    int best_step = -2, best_action = -1;
    greedy_mark(g, eval_hash(root, g->size));

    for (int depth = 0; depth < GREEDY_DEPTH_MAX && count > 0; depth++) {
        int next_count = 0;
        for (int e = 0; e < count; e++) {
            const unsigned char *state = g->states + (size_t)g->entries[e].slot * g->size;
            int step = g->entries[e].parent; /* the path to this entry */
            int n = game->legal_actions(state, g->legal);
            if (g->policy != NULL)
                n = g->policy->filter(state, g->legal, n);
            int looked = n > GREEDY_CHILDREN_MAX ? GREEDY_CHILDREN_MAX : n;
            for (int k = 0; k < looked; k++) {
                int action = g->legal[looked == n ? k : (int)((long long)k * n / looked)];
                memcpy(g->child, state, g->size);
                if (game->apply(g->child, action, NULL, 0) != 0)
                    continue;
                int player = game->current_player(g->child);
                if (player == seat && depth + 1 < GREEDY_DEPTH_MAX) {
                    if (!greedy_mark(g, eval_hash(g->child, g->size)))
                        continue;
                    next_count = greedy_offer(g, next_count, eval_margin(game, g->hook, g->child, seat), step, action);
                } else {
                    double value = greedy_leaf_value(g, g->child, seat);
                    if (value > best) {
                        best = value;
                        best_step = step;
                        best_action = action;
                    }
                }
            }
        }
        /* The kept positions become the beam, each with its path step. */
        qsort(g->candidates, (size_t)next_count, sizeof *g->candidates, greedy_by_value);
        for (int i = 0; i < next_count; i++) {
            greedy_entry c = g->candidates[i];
            g->steps[steps] = (greedy_step){c.parent, c.action};
            memcpy(g->states + (size_t)i * g->size, g->next + (size_t)c.slot * g->size, g->size);
            g->entries[i] = (greedy_entry){c.value, steps, c.action, i};
            steps++;
        }
        count = next_count;
    }
    if (best_step == -2) {
        /* Nothing ended the turn within the depth: follow the best kept line. */
        if (count == 0)
            return -1;
        greedy_set_plan(g, g->entries[0].parent, -1);
        return g->plan_len > 0 ? 0 : -1;
    }
    greedy_set_plan(g, best_step, best_action);
    return 0;
}

/* After playing plan[plan_next - 1] from plan_state: the observation seat
 * should be shown next, if the plan goes on. */
static void greedy_advance(greedy *g, int action, int seat)
{
    if (g->game->apply(g->plan_state, action, NULL, 0) != 0 || g->game->current_player(g->plan_state) != seat) {
        g->plan_len = 0;
        return;
    }
    g->game->observation(g->plan_state, seat, g->expect);
}

int greedy_choose(greedy *g, const void *observation, int seat)
{
    const game_def *game = g->game;
    if (g->plan_next < g->plan_len && memcmp(observation, g->expect, g->size) == 0) {
        int action = g->plan[g->plan_next++];
        greedy_advance(g, action, seat);
        return action;
    }
    g->plan_len = g->plan_next = 0;
    int n = game->legal_actions(observation, g->legal);
    if (n <= 0)
        return -1;
    memcpy(g->plan_state, observation, g->size);
    uint64_t fill = rng_next(&g->random);
    game->resample(g->plan_state, seat, &fill);
    if (n == 1 || greedy_plan(g, g->plan_state, seat) != 0)
        return game->legal_actions(observation, g->legal) > 0 ? g->legal[0] : -1;
    int action = g->plan[g->plan_next++];
    greedy_advance(g, action, seat);
    return action;
}
