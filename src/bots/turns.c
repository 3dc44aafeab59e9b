/*
 * turns.c -- the best ways to finish a turn: a beam search over one seat's
 * micro-actions, rated by the evaluation at the turn's end; and a chosen
 * turn played one action per call (see turns.h).
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bots/eval.h"
#include "bots/turns.h"

/* One position kept in the beam, or one turn found. */
typedef struct turns_entry {
    double value; /* margin of the searching seat by the evaluation */
    int parent;   /* path step of the position it came from, -1 at the root */
    int action;   /* action that led here from there, -1 for a line that did not end the turn */
    int slot;     /* beam entries: index of its state in the beam's state array */
    uint64_t key; /* turns found: hash of the position the turn ends in */
} turns_entry;

/* One step of a line: the tree of kept positions. */
typedef struct turns_step {
    int parent; /* previous step, -1 for the first action */
    int action; /* action of this step */
} turns_step;

struct turns {
    const game_def *game;       /* the rules */
    size_t size;                /* bytes of a state */
    int beam;                   /* positions kept per depth */
    int keep;                   /* turns kept */
    unsigned char *states;      /* beam states of the current depth, beam * size */
    unsigned char *next;        /* beam states of the next depth, beam * size */
    turns_entry *entries;       /* the current beam */
    turns_entry *candidates;    /* the next beam being filled */
    turns_entry *found;         /* the best turns so far, best first, keep of them */
    int found_count;            /* entries of found */
    turns_step *steps;          /* line prefixes, beam * TURNS_DEPTH_MAX + 1 */
    uint64_t *seen;             /* hashes of positions met in this search (open addressing, 0 = empty) */
    size_t seen_mask;           /* slots in use minus one: TURNS_SEEN_FIRST at a search's start, doubled as
                                   positions come (turns_grow), so that a short search probes a table that
                                   stays in the cache */
    size_t seen_mask_most;      /* slots of seen minus one */
    uint64_t *seen_moving;      /* scratch of turns_grow: the hashes being moved, seen_limit of them */
    uint32_t *seen_used;        /* the slots of seen filled in this search, seen_count of them: what the next
                                   search clears (not the whole table) */
    int seen_count;             /* positions seen holds */
    int seen_limit;             /* most positions it holds: at most half its slots (turns_limit_seen) */
    int *legal;                 /* scratch: legal actions, game->max_legal */
    int *outcomes;              /* scratch: chance outcomes of a turn's end, game->max_legal */
    double *probability;        /* scratch: their odds, game->max_legal */
    unsigned char *child;       /* scratch: a child position */
    unsigned char *outcome;     /* scratch: a chance outcome's position */
};

static void turns_forget(turns *p);

turns *turns_new(const game_def *game, int beam, int keep)
{
    assert(beam >= 1 && keep >= 1);
    turns *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->game = game;
    p->size = game->state_size;
    p->beam = beam;
    p->keep = keep;
    size_t seen_slots = 1;
    while (seen_slots < (size_t)beam * TURNS_CHILDREN_MAX * 4)
        seen_slots <<= 1;
    p->seen_mask_most = seen_slots - 1;
    p->states = malloc((size_t)beam * p->size);
    p->next = malloc((size_t)beam * p->size);
    p->entries = malloc((size_t)beam * sizeof *p->entries);
    p->candidates = malloc((size_t)beam * sizeof *p->candidates);
    p->found = malloc((size_t)keep * sizeof *p->found);
    p->steps = malloc(((size_t)beam * TURNS_DEPTH_MAX + 1) * sizeof *p->steps);
    p->seen = calloc(seen_slots, sizeof *p->seen);
    p->seen_limit = (int)(seen_slots / 2);
    p->seen_used = malloc((size_t)p->seen_limit * sizeof *p->seen_used);
    p->seen_moving = malloc((size_t)p->seen_limit * sizeof *p->seen_moving);
    p->legal = malloc((size_t)game->max_legal * sizeof *p->legal);
    p->outcomes = malloc((size_t)game->max_legal * sizeof *p->outcomes);
    p->probability = malloc((size_t)game->max_legal * sizeof *p->probability);
    p->child = malloc(p->size);
    p->outcome = malloc(p->size);
    if (!p->states || !p->next || !p->entries || !p->candidates || !p->found || !p->steps || !p->seen ||
        !p->seen_used || !p->seen_moving || !p->legal || !p->outcomes || !p->probability || !p->child || !p->outcome) {
        turns_free(p);
        return NULL;
    }
    turns_forget(p);
    return p;
}

void turns_free(turns *p)
{
    if (p == NULL)
        return;
    free(p->states);
    free(p->next);
    free(p->entries);
    free(p->candidates);
    free(p->found);
    free(p->steps);
    free(p->seen);
    free(p->seen_used);
    free(p->seen_moving);
    free(p->legal);
    free(p->outcomes);
    free(p->probability);
    free(p->child);
    free(p->outcome);
    free(p);
}

/* The slot of hash h (not 0) in the slots in use: where it is, or the
 * empty slot where it goes. */
static size_t turns_slot(const turns *p, uint64_t h)
{
    size_t i = h & p->seen_mask;
    while (p->seen[i] != h && p->seen[i] != 0)
        i = (i + 1) & p->seen_mask;
    return i;
}

/* Twice the slots in use, the positions met moved to their slots there. */
static void turns_grow(turns *p)
{
    assert(p->seen_mask < p->seen_mask_most);
    for (int k = 0; k < p->seen_count; k++) {
        p->seen_moving[k] = p->seen[p->seen_used[k]];
        p->seen[p->seen_used[k]] = 0;
    }
    p->seen_mask = 2 * p->seen_mask + 1;
    for (int k = 0; k < p->seen_count; k++) {
        size_t i = turns_slot(p, p->seen_moving[k]);
        assert(p->seen[i] == 0); /* each hash was once in the table */
        p->seen[i] = p->seen_moving[k];
        p->seen_used[k] = (uint32_t)i;
    }
}

/* Record hash h as seen; 1 if it was new (or the table is at its limit:
 * then it is not recorded, and a position met again is searched again).
 * The slots in use stay at most half full. */
static int turns_mark(turns *p, uint64_t h)
{
    if (h == 0)
        h = 1;
    size_t i = turns_slot(p, h);
    if (p->seen[i] == h)
        return 0;
    if (p->seen_count == p->seen_limit)
        return 1;
    if ((size_t)(p->seen_count + 1) * 2 > p->seen_mask + 1) {
        turns_grow(p);
        i = turns_slot(p, h);
    }
    p->seen[i] = h;
    p->seen_used[p->seen_count++] = (uint32_t)i;
    return 1;
}

/* Empty the table of positions seen: only the slots the last search
 * filled; the next search starts on the first slots again. */
static void turns_forget(turns *p)
{
    for (int k = 0; k < p->seen_count; k++)
        p->seen[p->seen_used[k]] = 0;
    p->seen_count = 0;
    p->seen_mask = p->seen_mask_most < TURNS_SEEN_FIRST ? p->seen_mask_most : TURNS_SEEN_FIRST - 1;
}

int turns_limit_seen(turns *p, int limit)
{
    assert(limit >= 0);
    turns_forget(p);
    int most = (int)((p->seen_mask_most + 1) / 2);
    p->seen_limit = limit < most ? limit : most;
    return p->seen_limit;
}

int turns_seen(const turns *p)
{
    return p->seen_count;
}

/* Value for seat of a position where its turn is over: a chance node with
 * few outcomes by the expectation over them, anything else as it stands. */
static double turns_end_value(turns *p, const eval_hook *hook, const unsigned char *state, int seat)
{
    const game_def *game = p->game;
    if (game->current_player(state) == GAME_CHANCE) {
        int n = game->chance_outcomes(state, p->outcomes, p->probability);
        if (n > 0 && n <= TURNS_CHANCE_EXPECT_MAX) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                memcpy(p->outcome, state, p->size);
                if (game->apply(p->outcome, p->outcomes[i], NULL, 0) == 0)
                    sum += p->probability[i] * eval_margin(game, hook, p->outcome, seat);
            }
            return sum;
        }
    }
    return eval_margin(game, hook, state, seat);
}

/* Offer a turn that ends in p->child (reached by action from step) for
 * the kept ones: they stay the keep best, best first, a later one after
 * an equal one, one per end position. */
static void turns_offer_found(turns *p, double value, int step, int action)
{
    if (p->found_count == p->keep && !(value > p->found[p->keep - 1].value))
        return;
    uint64_t key = eval_hash(p->child, p->size);
    for (int i = 0; i < p->found_count; i++)
        if (p->found[i].key == key)
            return; /* the same position: the same value, found earlier */
    int i = p->found_count < p->keep ? p->found_count++ : p->keep - 1;
    for (; i > 0 && value > p->found[i - 1].value; i--)
        p->found[i] = p->found[i - 1];
    p->found[i] = (turns_entry){value, step, action, -1, key};
}

/* Offer p->child, still inside the turn, for the next beam (count entries
 * so far); keeps the beam best. Returns the new count. */
static int turns_offer_next(turns *p, int count, double value, int parent, int action)
{
    int slot;
    if (count < p->beam)
        slot = count++;
    else {
        slot = 0;
        for (int i = 1; i < count; i++)
            if (p->candidates[i].value < p->candidates[slot].value)
                slot = i;
        if (value <= p->candidates[slot].value)
            return count;
    }
    memcpy(p->next + (size_t)slot * p->size, p->child, p->size);
    p->candidates[slot] = (turns_entry){value, parent, action, slot, 0};
    return count;
}

/* Order entries by value, best first (then by slot, for determinism). */
static int turns_by_value(const void *a, const void *b)
{
    const turns_entry *x = a, *y = b;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1;
    return x->slot - y->slot;
}

int turns_search(turns *p, const eval_hook *hook, const plan_policy *policy, const void *state, int seat)
{
    const game_def *game = p->game;
    turns_forget(p);
    memcpy(p->states, state, p->size);
    p->entries[0] = (turns_entry){0, -1, -1, 0, 0};
    p->found_count = 0;
    int count = 1, steps = 0;
    turns_mark(p, eval_hash(state, p->size));

    for (int depth = 0; depth < TURNS_DEPTH_MAX && count > 0; depth++) {
        int next_count = 0;
        for (int e = 0; e < count; e++) {
            const unsigned char *from = p->states + (size_t)p->entries[e].slot * p->size;
            int step = p->entries[e].parent; /* the path to this entry */
            int n = game->legal_actions(from, p->legal);
            if (policy != NULL)
                n = policy->filter(from, p->legal, n);
            int looked = n > TURNS_CHILDREN_MAX ? TURNS_CHILDREN_MAX : n;
            for (int k = 0; k < looked; k++) {
                int action = p->legal[looked == n ? k : (int)((long long)k * n / looked)];
                memcpy(p->child, from, p->size);
                if (game->apply(p->child, action, NULL, 0) != 0)
                    continue;
                if (game->current_player(p->child) == seat && depth + 1 < TURNS_DEPTH_MAX) {
                    if (turns_mark(p, eval_hash(p->child, p->size)))
                        next_count =
                            turns_offer_next(p, next_count, eval_margin(game, hook, p->child, seat), step, action);
                } else
                    turns_offer_found(p, turns_end_value(p, hook, p->child, seat), step, action);
            }
        }
        /* The kept positions become the beam, each with its path step. */
        qsort(p->candidates, (size_t)next_count, sizeof *p->candidates, turns_by_value);
        for (int i = 0; i < next_count; i++) {
            turns_entry c = p->candidates[i];
            p->steps[steps] = (turns_step){c.parent, c.action};
            memcpy(p->states + (size_t)i * p->size, p->next + (size_t)c.slot * p->size, p->size);
            p->entries[i] = (turns_entry){c.value, steps, c.action, i, 0};
            steps++;
        }
        count = next_count;
    }
    if (p->found_count == 0 && count > 0) {
        /* Nothing ended the turn within the depth: the best kept line. */
        p->found[0] = (turns_entry){p->entries[0].value, p->entries[0].parent, -1, -1, 0};
        p->found_count = 1;
    }
    return p->found_count;
}

int turns_actions(const turns *p, int k, int *out)
{
    assert(k >= 0 && k < p->found_count);
    int reversed[TURNS_DEPTH_MAX], n = 0;
    if (p->found[k].action >= 0)
        reversed[n++] = p->found[k].action;
    for (int step = p->found[k].parent; step >= 0 && n < TURNS_DEPTH_MAX; step = p->steps[step].parent)
        reversed[n++] = p->steps[step].action;
    for (int i = 0; i < n; i++)
        out[i] = reversed[n - 1 - i];
    assert(n >= 1);
    return n;
}

double turns_value(const turns *p, int k)
{
    assert(k >= 0 && k < p->found_count);
    return p->found[k].value;
}

int turns_script_init(turns_script *s, const game_def *game)
{
    memset(s, 0, sizeof *s);
    s->game = game;
    s->state = malloc(game->state_size);
    s->expect = malloc(game->state_size);
    return s->state != NULL && s->expect != NULL ? 0 : -1;
}

void turns_script_free(turns_script *s)
{
    free(s->state);
    free(s->expect);
    s->state = s->expect = NULL;
}

/* Play the next action at s->state; the turn goes on if seat is still to
 * act after it. */
static int turns_script_step(turns_script *s, int seat)
{
    int action = s->actions[s->next++];
    if (s->next == s->count || s->game->apply(s->state, action, NULL, 0) != 0 ||
        s->game->current_player(s->state) != seat)
        s->count = 0;
    else
        s->game->observation(s->state, seat, s->expect);
    return action;
}

int turns_script_next(turns_script *s, const void *observation, int seat)
{
    if (s->next < s->count && memcmp(observation, s->expect, s->game->state_size) == 0)
        return turns_script_step(s, seat);
    s->count = s->next = 0;
    return -1;
}

int turns_script_play(turns_script *s, const int *actions, int count, int seat)
{
    assert(count >= 1 && count <= TURNS_DEPTH_MAX);
    memcpy(s->actions, actions, (size_t)count * sizeof *actions);
    s->count = count;
    s->next = 0;
    return turns_script_step(s, seat);
}
