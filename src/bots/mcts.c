/*
 * mcts.c -- the MCTS bot: SO-ISMCTS with transpositions, progressive
 * widening ranked by the evaluation hook, root parallelism, whole turns as
 * edges with the turns option (see mcts.h).
 */
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE (Linux), and math.h's M_PI, beside POSIX */
#include <assert.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bots/eval.h"
#include "bots/mcts.h"
#include "bots/plan.h"
#include "bots/turns.h"
#include "crew.h"
#include "match.h"
#include "rng.h"
#include "timer.h"

/* Added to the ranking value of the actions a plan allows: above any margin. */
#define MCTS_PLAN_FIRST 1e6

enum {
    MCTS_LOG_MIN = 4096,   /* availability counts whose logarithm is looked up at least */
    MCTS_LOG_MAX = 1 << 17 /* at most (1 MB a bot): above, selection calls log */
};

/* An action from a node. A player node's edges are one run of the edge
 * pool, best ranked first (first .. first + width - 1); a chance node's
 * outcomes are added as they are drawn, linked by next. */
typedef struct mcts_edge {
    int action;      /* action id or chance outcome */
    int child;       /* node it leads to, -1 until first taken */
    int next;        /* next outcome of the same chance node, -1 at the end (player nodes: unused) */
    unsigned visits; /* iterations that took it */
    unsigned avail;  /* iterations in which it was legal and could compete */
    float reward;    /* sum of the rewards of the player to act at its node */
    float mean;      /* reward / visits, the same float, kept by the backup for selection */
} mcts_edge;

/* A position as the searching seat sees it. */
typedef struct mcts_node {
    uint64_t key;    /* hash of the observation */
    int first;       /* first edge (a player node's run, a chance node's list), -1 none */
    int width;       /* ranked edges (player nodes); -1 before ranking */
    int player;      /* seat to act, or GAME_CHANCE */
    unsigned visits; /* iterations that chose an edge here */
    int seen;        /* 1 if ranked where the legal actions depend only on the searching seat's
                        observation (game.h legal_hidden): every ranked edge is legal here */
    int turn;        /* 1: its edges are whole turns, each action an offset in the tree's turn pool */
} mcts_node;

/* A ranked action. */
typedef struct mcts_ranked {
    double value; /* margin of the player to act after the action */
    int action;   /* the action */
    int valued;   /* its row of mcts_tree.estimates */
} mcts_ranked;

_Static_assert((int)MCTS_THREADS_MAX <= (int)CREW_PARTS_MAX, "a crew runs a tree for each thread");

enum {
    MCTS_CACHE_LINE = 64,              /* bytes; each tree starts a line of its own */
    MCTS_HUGE_PAGE = 2 << 20,          /* bytes of an x86-64 huge page: the pools' unit (mcts_pool_new) */
    MCTS_LEAF_ROW = GAME_MAX_PLAYERS + 1, /* a root edge's leaf sums: one per seat, then the count */
    MCTS_CHUNK_MAX = 16,               /* most iterations a tree takes from the shared count at a time */
    MCTS_CHUNKS_PER_TREE = 64          /* a tree's share is taken in this many chunks at least, up to
                                          MCTS_CHUNK_MAX iterations each */
};

/* One search tree and its thread's scratch. The trees of a bot lie side by
 * side, each aligned to a cache line so that one thread's writes (its
 * generator, path, counters) never share a line with another's. */
typedef struct mcts_tree {
    _Alignas(MCTS_CACHE_LINE) const game_def *game; /* the rules */
    eval_hook hook;              /* the evaluation: this thread's copy of the bot's hook, with at */
    model_at at;                 /* the learned weights at the last phases evaluated here */
    const mcts_config *config;   /* budget and constants */
    const plan_policy *plan;     /* the plan ranked first, NULL = none (mcts_use_plan) */
    int plan_only;               /* 1: the actions outside the plan are not searched */
    int playout;                 /* actions played after a leaf by the evaluation's best after one step,
                                    MCTS_PLAYOUT_TURN = until the searching seat is to act, MCTS_PLAYOUT_END = until
                                    the game's end (mcts_use_playout) */
    double score;                /* weight of each seat's own points in its reward, 0 = none (mcts_use_score) */
    double score_scale;          /* the score utility's scale in points (mcts_use_score_scale) */
    int center_playouts;         /* with a score utility and a playout: playouts from the root whose mean final
                                    estimates are the centre, 0 = the root's estimates (mcts_use_center) */
    double playout_temperature;  /* with playout turns: the softmax's temperature in points over the best turns,
                                    0 = always the best (mcts_use_playout_temperature) */
    turns *playout_turns;        /* the playout's seats play their best whole turns found by it, NULL = single
                                    actions (mcts_use_playout_turns) */
    turns *turns;                /* the search of whole turns for turn nodes, NULL = none (mcts_use_turns) */
    turns *root_turns;           /* the same keeping more turns, for the root; NULL = turns (mcts_use_root_turns) */
    int *turn_pool;              /* the turn edges' actions: at an edge's offset their count, then them */
    int turn_count;              /* entries of turn_pool in use */
    int turn_cap;                /* entries allocated */
    const double *log_table;     /* log(n) for 1 <= n < log_count, the bot's, shared by the trees */
    unsigned log_count;          /* entries of log_table */
    mcts_node *nodes;            /* node pool */
    int node_count;              /* nodes in use */
    int node_cap;                /* nodes allocated */
    mcts_edge *edges;            /* edge pool */
    int edge_count;              /* edges in use */
    int edge_cap;                /* edges allocated */
    int *table;                  /* transpositions: node index + 1, 0 = empty */
    size_t table_mask;           /* slots of table minus one */
    rng random;                  /* this tree's generator */
    unsigned char *det;          /* the determinized position being walked */
    unsigned char *view;         /* its observation by the searching seat */
    unsigned char *child;        /* scratch position for ranking */
    int *legal;                  /* legal actions, game->max_legal */
    int *planned;                /* the plan's share of them, game->max_legal */
    double *probability;         /* chance odds, game->max_legal */
    mcts_ranked *ranked;         /* the best actions of the node being ranked, MCTS_WIDTH_ROOT */
    double (*estimates)[GAME_MAX_PLAYERS]; /* every seat's estimate after each action valued by the last
                                    ranking, MCTS_RANK_MAX rows */
    int ranked_node;             /* the node ranked last in this iteration (its edges are t->ranked's
                                    first ones, in order), -1 none */
    int path_node[MCTS_PATH_MAX]; /* nodes of the current walk */
    int path_edge[MCTS_PATH_MAX]; /* edges taken from them */
    const unsigned char *root;   /* the observation searched from */
    int root_node;               /* its node: 0, or a node kept from the last decision */
    int seat;                    /* the searching seat */
    double center[GAME_MAX_PLAYERS]; /* with a score utility: every seat's points at the root as its leaves are
                                    valued (mcts_search_center), the gains' zero */
    double others;               /* widening factor at the other seats' nodes */
    long budget;                 /* iterations for this tree, 0 = until the deadline; with shared set, its
                                    part of the shared count */
    atomic_long *shared;         /* iterations left for all the trees to take (mcts.iterations_left), NULL =
                                    this tree's budget alone (one thread, fixed shares, or by time only) */
    long chunk;                  /* iterations taken from shared at a time */
    double deadline;             /* monotonic seconds to stop at, 0 = none */
    long done;                   /* iterations run */
    double cpu;                  /* CPU seconds its thread spent on the last search */
    double ended;                /* monotonic seconds at which that search ended */
    double *leaf_sums;           /* with mcts_keep_estimates: per root edge (its offset from the root's first
                                    edge) every seat's leaf estimates summed, then their count, MCTS_WIDTH_ROOT
                                    rows of MCTS_LEAF_ROW; NULL = not kept */
} mcts_tree;

struct mcts {
    const game_def *game;   /* the rules */
    mcts_config config;     /* how to search */
    rng random;             /* seeds of each decision's trees */
    int tree_count;         /* trees, one per thread */
    mcts_tree *trees;       /* the trees */
    crew *crew;             /* with threads: the threads searching the trees, kept from the first search
                               on; NULL before it, or if none could be made */
    mcts_stats last;        /* what the last decision did */
    int *legal;             /* scratch for the caller's thread */
    mcts_choice choices[MCTS_WIDTH_ROOT]; /* the last search's root actions, most visited first */
    int choice_count;       /* entries of choices */
    double *log_table;      /* log(n) for 1 <= n < log_count, for selection (entry 0 unused) */
    unsigned log_count;     /* entries: every availability count a search of the budget reaches, in
                               MCTS_LOG_MIN..MCTS_LOG_MAX */
    turns_script script;    /* with turns: the turn chosen at its first decision, being played */
    int turn[TURNS_DEPTH_MAX]; /* with turns: the last search's most visited root turn */
    int turn_length;        /* its actions, 0 if the root's edges were micro-actions */
    mcts_turn root_turns[MCTS_WIDTH_ROOT]; /* the last search's legal root turns (mcts_root_turns) */
    int root_turn_count;    /* entries of root_turns, 0 if the last call searched no turns */
    double root_estimates[GAME_MAX_PLAYERS]; /* with kept estimates: the last decision's mean leaf estimates
                                                after its chosen action (mcts_root_estimates) */
    long root_estimated;    /* iterations root_estimates average, 0 = none */
    int fixed_shares;       /* 1: each tree searches its own share of an iteration budget (mcts_use_fixed_shares) */
    int turn_millis;        /* the wall time of a turn of the searching seat, 0 = none (mcts_use_turn_time) */
    int turn_seat;          /* with turn_millis: the seat of the last decision if it is still to act after it
                               (its turn goes on), else -1 */
    double turn_ended;      /* monotonic seconds at that decision's end */
    int turn_searches;      /* searches of the turn so far (mcts_turn_searches) */
    double turn_spent;      /* their wall seconds */
    unsigned char *turn_state;  /* scratch: a full position consistent with the observation decided at */
    unsigned char *turn_child;  /* scratch: it after an action or a turn, and chance */
    int *turn_outcomes;         /* scratch: a chance node's outcomes, game->max_legal */
    double *turn_odds;          /* scratch: their odds */
    rng turn_random;            /* draws its hidden parts (not random's: the searches stay those without a
                                   turn budget) */
    atomic_long iterations_left; /* with threads and an iteration budget: iterations not yet taken by a tree
                                    (written once per chunk of MCTS_CHUNK_MAX, beside fields only read) */
};

static void mcts_tree_free(mcts_tree *t)
{
    free(t->nodes);
    free(t->edges);
    free(t->table);
    free(t->det);
    free(t->view);
    free(t->child);
    free(t->legal);
    free(t->planned);
    free(t->probability);
    free(t->ranked);
    turns_free(t->turns);
    turns_free(t->root_turns);
    turns_free(t->playout_turns);
    free(t->turn_pool);
    free(t->estimates);
    free(t->leaf_sums);
}

/* A pool of bytes (free with free). One of MCTS_HUGE_PAGE bytes or more
 * is aligned to and sized in huge pages, and the kernel is asked to back it
 * with them: a bot's first searches touch its pools afresh, and in 4 KB
 * pages that is a page fault for every 4 KB (the pools the allocator gave
 * back to the kernel, maya bench's fresh bot per position with two
 * threads, cost a third more CPU for it: docs/bench.md, sixth round) and a
 * TLB entry for every 4 KB the walk jumps over; in 2 MB pages one of each
 * for 512 of them. Where the kernel has none to give, the advice does
 * nothing. */
static void *mcts_pool_new(size_t bytes)
{
    if (bytes < MCTS_HUGE_PAGE)
        return malloc(bytes);
    size_t rounded = (bytes + MCTS_HUGE_PAGE - 1) / MCTS_HUGE_PAGE * MCTS_HUGE_PAGE;
    void *pool = aligned_alloc(MCTS_HUGE_PAGE, rounded);
#ifdef MADV_HUGEPAGE
    if (pool != NULL)
        (void)madvise(pool, rounded, MADV_HUGEPAGE); /* refused: the pool works in small pages */
#endif
    return pool;
}

static int mcts_tree_init(mcts_tree *t, const game_def *game, const mcts_config *config, const double *log_table,
                          unsigned log_count)
{
    memset(t, 0, sizeof *t);
    t->game = game;
    t->hook = *config->hook;
    t->hook.at = &t->at;
    t->score_scale = t->hook.scale;
    t->config = config;
    t->log_table = log_table;
    t->log_count = log_count;
    t->node_cap = config->nodes;
    t->edge_cap = config->nodes * MCTS_EDGES_PER_NODE;
    size_t slots = 1;
    while (slots < 2 * (size_t)config->nodes)
        slots <<= 1;
    t->table_mask = slots - 1;
    t->nodes = mcts_pool_new((size_t)t->node_cap * sizeof *t->nodes);
    t->edges = mcts_pool_new((size_t)t->edge_cap * sizeof *t->edges);
    t->table = mcts_pool_new(slots * sizeof *t->table);
    t->det = malloc(game->state_size);
    t->view = malloc(game->state_size);
    t->child = malloc(game->state_size);
    t->legal = malloc((size_t)game->max_legal * sizeof *t->legal);
    t->planned = malloc((size_t)game->max_legal * sizeof *t->planned);
    t->probability = malloc((size_t)game->max_legal * sizeof *t->probability);
    t->ranked = malloc(MCTS_WIDTH_ROOT * sizeof *t->ranked);
    t->estimates = malloc(MCTS_RANK_MAX * sizeof *t->estimates);
    if (!t->nodes || !t->edges || !t->table || !t->det || !t->view || !t->child || !t->legal || !t->planned ||
        !t->probability || !t->ranked || !t->estimates) {
        mcts_tree_free(t);
        return -1;
    }
    return 0;
}

mcts *mcts_new(const game_def *game, const mcts_config *config)
{
    if (config->threads < 1 || config->threads > MCTS_THREADS_MAX || config->nodes < 16)
        return NULL;
    mcts *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    m->game = game;
    m->config = *config;
    rng_seed(&m->random, config->seed);
    /* A tree's availability counts stay below its visits: the budget, and
     * up to as much again kept from the last decision. */
    long counts = 2L * config->iterations + 1;
    m->log_count = counts < MCTS_LOG_MIN ? MCTS_LOG_MIN : counts > MCTS_LOG_MAX ? MCTS_LOG_MAX : (unsigned)counts;
    m->log_table = malloc(m->log_count * sizeof *m->log_table);
    m->trees = aligned_alloc(MCTS_CACHE_LINE, (size_t)config->threads * sizeof *m->trees);
    m->legal = malloc((size_t)game->max_legal * sizeof *m->legal);
    if (m->trees == NULL || m->legal == NULL || m->log_table == NULL) {
        free(m->trees);
        free(m->legal);
        free(m->log_table);
        free(m);
        return NULL;
    }
    m->log_table[0] = 0.0; /* unused: an available edge has been available once at least */
    for (unsigned i = 1; i < m->log_count; i++)
        m->log_table[i] = log((double)i);
    for (; m->tree_count < config->threads; m->tree_count++)
        if (mcts_tree_init(&m->trees[m->tree_count], game, &m->config, m->log_table, m->log_count) != 0) {
            mcts_free(m);
            return NULL;
        }
    return m;
}

void mcts_use_plan(mcts *m, const plan_policy *plan, int only)
{
    for (int i = 0; i < m->tree_count; i++) {
        m->trees[i].plan = plan;
        m->trees[i].plan_only = only;
    }
}

void mcts_use_playout(mcts *m, int actions)
{
    for (int i = 0; i < m->tree_count; i++)
        m->trees[i].playout = actions;
}

int mcts_use_playout_turns(mcts *m, int beam, int choices)
{
    assert(beam >= 1 && choices >= 1 && choices <= MCTS_PLAYOUT_CHOICES && m->trees[0].playout_turns == NULL);
    for (int i = 0; i < m->tree_count; i++)
        if ((m->trees[i].playout_turns = turns_new(m->game, beam, choices)) == NULL)
            return -1;
    return 0;
}

void mcts_use_playout_temperature(mcts *m, double points)
{
    assert(points >= 0.0);
    for (int i = 0; i < m->tree_count; i++)
        m->trees[i].playout_temperature = points;
}

/* Which of the found (>= 1) turns of the last playout search a playout's
 * seat plays: the best, or one drawn by the softmax of their values. */
static int mcts_playout_pick(mcts_tree *t, int found)
{
    if (t->playout_temperature <= 0.0 || found < 2)
        return 0;
    double odds[MCTS_PLAYOUT_CHOICES], total = 0.0, best = turns_value(t->playout_turns, 0);
    assert(found <= MCTS_PLAYOUT_CHOICES);
    for (int k = 0; k < found; k++)
        total += odds[k] = exp((turns_value(t->playout_turns, k) - best) / t->playout_temperature);
    double draw = rng_unit(&t->random) * total;
    int k = 0;
    while (k < found - 1 && (draw -= odds[k]) > 0.0)
        k++;
    return k;
}

void mcts_use_score(mcts *m, double weight)
{
    assert(weight >= 0.0 && weight <= 1.0);
    for (int i = 0; i < m->tree_count; i++)
        m->trees[i].score = weight;
}

void mcts_use_score_scale(mcts *m, double points)
{
    assert(points >= 0.0 && points <= MCTS_SCORE_SCALE_MAX);
    for (int i = 0; i < m->tree_count; i++)
        m->trees[i].score_scale = points > 0.0 ? points : m->trees[i].hook.scale;
}

void mcts_use_center(mcts *m, int playouts)
{
    assert(playouts >= 0 && playouts <= MCTS_CENTER_MAX);
    for (int i = 0; i < m->tree_count; i++)
        m->trees[i].center_playouts = playouts;
}

void mcts_use_fixed_shares(mcts *m, int on)
{
    m->fixed_shares = on;
}

void mcts_use_iterations(mcts *m, int iterations)
{
    assert(iterations >= 0);
    m->config.iterations = iterations;
}

int mcts_use_turns(mcts *m, int keep)
{
    assert(keep >= 1 && keep <= MCTS_TURNS_MAX && m->trees[0].turns == NULL);
    if (turns_script_init(&m->script, m->game) != 0)
        return -1;
    for (int i = 0; i < m->tree_count; i++) {
        mcts_tree *t = &m->trees[i];
        t->turn_cap = m->config.nodes * MCTS_TURN_ACTIONS_PER_NODE;
        t->turns = turns_new(m->game, MCTS_TURN_BEAM, keep);
        t->turn_pool = mcts_pool_new((size_t)t->turn_cap * sizeof *t->turn_pool);
        if (t->turns == NULL || t->turn_pool == NULL)
            return -1;
    }
    return 0;
}

int mcts_use_root_turns(mcts *m, int keep)
{
    assert(keep >= 1 && keep <= MCTS_ROOT_TURNS_MAX && m->trees[0].turns != NULL && m->trees[0].root_turns == NULL);
    for (int i = 0; i < m->tree_count; i++)
        if ((m->trees[i].root_turns = turns_new(m->game, MCTS_TURN_BEAM, keep)) == NULL)
            return -1;
    return 0;
}

int mcts_use_turn_time(mcts *m, int millis)
{
    assert(millis >= 0 && m->turn_state == NULL);
    if (millis == 0)
        return 0;
    m->turn_state = malloc(m->game->state_size);
    m->turn_child = malloc(m->game->state_size);
    m->turn_outcomes = malloc((size_t)m->game->max_legal * sizeof *m->turn_outcomes);
    m->turn_odds = malloc((size_t)m->game->max_legal * sizeof *m->turn_odds);
    if (m->turn_state == NULL || m->turn_child == NULL || m->turn_outcomes == NULL || m->turn_odds == NULL)
        return -1;
    m->turn_millis = millis;
    m->turn_seat = -1;
    rng_seed(&m->turn_random, m->config.seed);
    return 0;
}

int mcts_keep_estimates(mcts *m, int keep)
{
    if (keep && m->trees[0].turns != NULL)
        return -1; /* a root edge may be a whole turn: not averaged per action */
    for (int i = 0; i < m->tree_count; i++) {
        mcts_tree *t = &m->trees[i];
        free(t->leaf_sums);
        t->leaf_sums = keep ? malloc(MCTS_WIDTH_ROOT * MCTS_LEAF_ROW * sizeof *t->leaf_sums) : NULL;
        if (keep && t->leaf_sums == NULL)
            return -1;
    }
    return 0;
}

long mcts_root_estimates(const mcts *m, double *out)
{
    if (m->root_estimated > 0)
        memcpy(out, m->root_estimates, sizeof m->root_estimates);
    return m->root_estimated;
}

void mcts_free(mcts *m)
{
    if (m == NULL)
        return;
    crew_free(m->crew);
    for (int i = 0; i < m->tree_count; i++)
        mcts_tree_free(&m->trees[i]);
    free(m->trees);
    free(m->legal);
    free(m->log_table);
    turns_script_free(&m->script);
    free(m->turn_state);
    free(m->turn_child);
    free(m->turn_outcomes);
    free(m->turn_odds);
    free(m);
}

int mcts_root_turns(const mcts *m, mcts_turn *out, int max)
{
    int count = m->root_turn_count < max ? m->root_turn_count : max;
    memcpy(out, m->root_turns, (size_t)count * sizeof *out);
    return count;
}

void mcts_last_stats(const mcts *m, mcts_stats *out)
{
    *out = m->last;
}

/* A new edge for action at the end of the pool; -1 if the pool is full. */
static int mcts_new_edge(mcts_tree *t, int action)
{
    if (t->edge_count == t->edge_cap)
        return -1;
    int e = t->edge_count++;
    t->edges[e] = (mcts_edge){action, -1, -1, 0, 0, 0.0f, 0.0f};
    return e;
}

/* The node of the position t->det (found by its observation, or new);
 * *created tells which. -1 if the pool is full. */
static int mcts_node_for(mcts_tree *t, int *created)
{
    t->game->observation(t->det, t->seat, t->view);
    uint64_t key = eval_hash(t->view, t->game->state_size);
    int player = t->game->current_player(t->det);
    size_t i = key & t->table_mask;
    for (; t->table[i] != 0; i = (i + 1) & t->table_mask) {
        const mcts_node *n = &t->nodes[t->table[i] - 1];
        if (n->key == key && n->player == player) {
            *created = 0;
            return t->table[i] - 1;
        }
    }
    if (t->node_count == t->node_cap)
        return -1;
    int node = t->node_count++;
    t->nodes[node] = (mcts_node){key, -1, -1, player, 0, 0, 0};
    t->table[i] = node + 1;
    *created = 1;
    return node;
}

/* 1 if a ranks before b: the better value first, then the lower action id
 * (a total order: action ids are unique). */
static int mcts_ranks_before(const mcts_ranked *a, const mcts_ranked *b)
{
    return a->value != b->value ? a->value > b->value : a->action < b->action;
}

static int mcts_is_legal(const int *legal, int n, int action);

/* A full position consistent with observation for seat into out: the
 * observation with its hidden parts drawn from r. */
static void mcts_determinize(const game_def *game, void *out, const void *observation, int seat, rng *r)
{
    memcpy(out, observation, game->state_size);
    uint64_t fill = rng_next(r);
    game->resample(out, seat, &fill);
}

/* 1 if the legal actions at state depend only on what seat sees (game.h
 * legal_hidden), so that a node there may have whole turns as edges. */
static int mcts_legal_seen(const game_def *game, const void *state, int seat)
{
    return game->legal_hidden != NULL && !game->legal_hidden(state, seat);
}

/* The widening factor at a node of player (at t->det): how many of its
 * ranked edges compete, k = 1 + factor * sqrt(visits). */
static double mcts_widening(const mcts_tree *t, int player)
{
    double factor = player == t->seat ? 1.5 : t->others;
    if (player != t->seat && t->config->others < 0 && t->hook.others != NULL) {
        double wanted = t->hook.others(t->det);
        if (wanted >= 0)
            factor = wanted;
    }
    return factor;
}

/* Give node (at t->det, a turn node) the best whole turns of its player
 * as edges, best first: as many as the edge and turn pools hold. */
static void mcts_rank_turns(mcts_tree *t, int node)
{
    mcts_node *nd = &t->nodes[node];
    turns *search = node == t->root_node && t->root_turns != NULL ? t->root_turns : t->turns;
    int found = turns_search(search, &t->hook, NULL, t->det, nd->player);
    nd->turn = 1;
    nd->first = t->edge_count;
    nd->width = 0;
    for (int k = 0; k < found && t->edge_count < t->edge_cap; k++) {
        int *at = &t->turn_pool[t->turn_count];
        if (t->turn_count + 1 + TURNS_DEPTH_MAX > t->turn_cap)
            break; /* the pool is full: the best that fit */
        at[0] = turns_actions(search, k, at + 1);
        mcts_new_edge(t, t->turn_count);
        t->turn_count += 1 + at[0];
        nd->width++;
    }
    if (nd->width == 0)
        nd->first = -1;
}

/* Rank the actions of player node (at t->det) and give it their edges;
 * with a plan, the actions it allows come first. With turns, where the
 * legal actions depend only on what the searching seat sees, its own
 * nodes and those of the other seats it searches (widening above 0) get
 * whole turns instead (mcts_rank_turns). */
static void mcts_rank(mcts_tree *t, int node)
{
    const game_def *game = t->game;
    int player = t->nodes[node].player;
    t->nodes[node].seen = mcts_legal_seen(game, t->det, t->seat);
    if (t->turns != NULL && t->nodes[node].seen && mcts_widening(t, player) > 0) {
        mcts_rank_turns(t, node);
        return;
    }
    int n = game->legal_actions(t->det, t->legal);
    int looked = n > MCTS_RANK_MAX ? MCTS_RANK_MAX : n;
    /* Only the best width actions get edges: they are kept in order as the
     * actions are valued (insertion into a short sorted run). */
    int width = node == t->root_node ? MCTS_WIDTH_ROOT : MCTS_WIDTH;
    int count = 0, planned = 0;
    if (t->plan != NULL) {
        memcpy(t->planned, t->legal, (size_t)n * sizeof *t->legal);
        planned = t->plan->filter(t->det, t->planned, n);
        if (planned == n)
            planned = 0; /* no rule here: nothing to put first */
    }
    for (int k = 0; k < looked; k++) {
        int action = t->legal[looked == n ? k : (int)((long long)k * n / looked)];
        memcpy(t->child, t->det, game->state_size);
        game->apply_listed(t->child, action);
        int in_plan = planned > 0 && mcts_is_legal(t->planned, planned, action);
        if (planned > 0 && !in_plan && t->plan_only)
            continue;
        int players = eval_estimates(game, &t->hook, t->child, t->estimates[k]);
        double value = eval_margin_of(t->estimates[k], players, player) + (in_plan ? MCTS_PLAN_FIRST : 0);
        mcts_ranked r = {value, action, k};
        if (count == width && !mcts_ranks_before(&r, &t->ranked[count - 1]))
            continue;
        int i = count < width ? count++ : count - 1;
        for (; i > 0 && mcts_ranks_before(&r, &t->ranked[i - 1]); i--)
            t->ranked[i] = t->ranked[i - 1];
        t->ranked[i] = r;
    }
    width = count;
    if (width > t->edge_cap - t->edge_count)
        width = t->edge_cap - t->edge_count; /* the pool is full: the best that fit */
    t->nodes[node].first = width > 0 ? t->edge_count : -1;
    t->nodes[node].width = width;
    for (int i = 0; i < width; i++)
        mcts_new_edge(t, t->ranked[i].action);
    t->ranked_node = node;
}

/* Every seat's estimate at the position edge e of node leads to, if node
 * was ranked in this iteration from the position t->det was at before e's
 * action was applied to it (t->det is that position now); else NULL. */
static const double *mcts_ranked_estimates(const mcts_tree *t, int node, int e)
{
    if (node != t->ranked_node)
        return NULL;
    int i = e - t->nodes[node].first;
    assert(i >= 0 && i < t->nodes[node].width && t->ranked[i].action == t->edges[e].action);
    return t->estimates[t->ranked[i].valued];
}

#ifndef NDEBUG
/* 1 if estimates are what the evaluation gives at t->det now. */
static int mcts_estimates_hold(mcts_tree *t, const double *estimates)
{
    double again[GAME_MAX_PLAYERS];
    int players = eval_estimates(t->game, &t->hook, t->det, again);
    return memcmp(again, estimates, (size_t)players * sizeof *again) == 0;
}
#endif

static int mcts_is_legal(const int *legal, int n, int action)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (legal[mid] == action)
            return 1;
        if (legal[mid] < action)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

/* UCB1 with availability among the widened edges legal in t->det; -1 if
 * none is legal. The legal list is needed only where a hidden part of the
 * state (filled in by this iteration's determinization) may change what is
 * legal: at a node keyed by an observation that decides the legal actions,
 * every ranked edge is legal. */
static int mcts_select(mcts_tree *t, int node)
{
    mcts_node *nd = &t->nodes[node];
    int n = -1; /* -1: every ranked edge is legal */
    assert(nd->seen || !nd->turn);
    if (!nd->seen)
        n = t->game->legal_actions(t->det, t->legal);
    int window = 1 + (int)(mcts_widening(t, nd->player) * sqrt((double)nd->visits));
    if (window > nd->width)
        window = nd->width;
    if (window <= 0)
        return -1;
    double explore = t->config->explore;
    mcts_edge *edges = &t->edges[nd->first];
    int best = -1;
    double best_score = -1.0;
    for (int k = 0; k < window; k++) {
        mcts_edge *ed = &edges[k];
        if (n >= 0 && !mcts_is_legal(t->legal, n, ed->action))
            continue;
        unsigned avail = ++ed->avail;
        double score;
        if (ed->visits == 0)
            score = 1e9 - k; /* untried: in the order of the ranking */
        else {
            double log_avail = avail < t->log_count ? t->log_table[avail] : log((double)avail);
            score = ed->mean + explore * sqrt(log_avail / ed->visits);
        }
        if (score > best_score) {
            best_score = score;
            best = k;
        }
    }
    return best < 0 ? -1 : nd->first + best;
}

/* The edge of chance node for the outcome drawn now; -1 if the pool is
 * full (*action is the outcome either way). */
static int mcts_chance_edge(mcts_tree *t, int node, int *action)
{
    int n = t->game->chance_outcomes(t->det, t->legal, t->probability);
    *action = match_pick_outcome(t->legal, t->probability, n, &t->random);
    int last = -1;
    for (int e = t->nodes[node].first; e >= 0; e = t->edges[e].next) {
        if (t->edges[e].action == *action)
            return e;
        last = e;
    }
    int e = mcts_new_edge(t, *action);
    if (e >= 0) {
        if (last < 0)
            t->nodes[node].first = e;
        else
            t->edges[last].next = e;
    }
    return e;
}

/* Play on from t->det before the leaf is evaluated: the configured number
 * of random actions, then t->playout actions each the best for its seat by
 * the evaluation after one step (MCTS_PLAYOUT_TURN: until the searching
 * seat is to act, at most MCTS_PATH_MAX of them; MCTS_PLAYOUT_END: until
 * the game's end) or, with playout turns, whole turns (the best, or one of
 * the best drawn by mcts_playout_pick); chance by its odds. */
static void mcts_rollout(mcts_tree *t)
{
    const game_def *game = t->game;
    int random_steps = t->config->rollout < 0 ? game->max_game_length : t->config->rollout;
    int policy_steps = t->playout == MCTS_PLAYOUT_TURN  ? MCTS_PATH_MAX
                       : t->playout == MCTS_PLAYOUT_END ? game->max_game_length
                                                        : t->playout;
    for (int i = 0; i < random_steps + policy_steps; i++) {
        int player = game->current_player(t->det);
        if (player == GAME_TERMINAL || (t->playout == MCTS_PLAYOUT_TURN && i >= random_steps && player == t->seat))
            return;
        int action = -1;
        if (player == GAME_CHANCE) {
            int n = game->chance_outcomes(t->det, t->legal, t->probability);
            action = match_pick_outcome(t->legal, t->probability, n, &t->random);
        } else if (i < random_steps) {
            int n = game->legal_actions(t->det, t->legal);
            if (n <= 0)
                return;
            action = t->legal[rng_below(&t->random, (uint64_t)n)];
        } else if (t->playout_turns != NULL) {
            /* the seat's best whole turn (turns.h) or one drawn from the
             * best, its actions checked */
            int turn[TURNS_DEPTH_MAX];
            int found = turns_search(t->playout_turns, &t->hook, NULL, t->det, player);
            if (found == 0)
                return;
            int length = turns_actions(t->playout_turns, mcts_playout_pick(t, found), turn);
            for (int k = 0; k < length; k++)
                if (game->apply(t->det, turn[k], NULL, 0) != 0)
                    return;
            i += length - 1;
            continue;
        } else {
            int n = game->legal_actions(t->det, t->legal);
            double best = 0.0;
            for (int k = 0; k < n; k++) {
                memcpy(t->child, t->det, game->state_size);
                game->apply_listed(t->child, t->legal[k]);
                double value = eval_margin(game, &t->hook, t->child, player);
                if (action < 0 || value > best) {
                    best = value;
                    action = t->legal[k];
                }
            }
        }
        if (action < 0)
            return;
        game->apply_listed(t->det, action);
    }
}

/* Play edge action of node at t->det: the action, or the whole turn at
 * offset action of the turn pool at a turn node. 0, or nonzero if the
 * engine refuses one. An outcome of a chance node and an edge that select
 * found in the legal list of t->det (a node not seen) are legal there, and
 * so is a seen node's ranked edge where t->det's observation is the node's
 * (exact); where it may not be (t->det came down an edge whose result
 * depended on a hidden part: the last keep of Tzolk'in's setup), apply
 * checks it. */
static int mcts_play(mcts_tree *t, int node, int action, int exact)
{
    const mcts_node *nd = &t->nodes[node];
    if (!nd->turn && (exact || !nd->seen)) {
        t->game->apply_listed(t->det, action);
        return 0;
    }
    if (!nd->turn)
        return t->game->apply(t->det, action, NULL, 0);
    const int *turn = &t->turn_pool[action];
    for (int i = 1; i <= turn[0]; i++)
        if (t->game->apply(t->det, turn[i], NULL, 0) != 0)
            return -1;
    return 0;
}

/* Blend every seat's points into its reward (the score utility of
 * mcts.h): its gain over its estimate at the root, squashed to (0, 1). */
static void mcts_add_score(const mcts_tree *t, const double *estimates, double *reward)
{
    double w = t->score;
    int players = t->game->players(t->det);
    for (int i = 0; i < players; i++)
        reward[i] = (1.0 - w) * reward[i] + w * (0.5 + atan((estimates[i] - t->center[i]) / t->score_scale) / M_PI);
}

/* The score utility's centre: every seat's estimate at one determinization
 * of the root, or with a playout and center_playouts > 0 the mean of the
 * estimates where that many playouts from the root (each its own
 * determinization) end, so that the gains are measured from where the
 * leaves' values are (a playout to the game's end scores real points,
 * which the evaluation's estimates at the root need not be near). */
static void mcts_search_center(mcts_tree *t)
{
    const game_def *game = t->game;
    int players = game->players(t->root), played = t->playout != 0 && t->center_playouts > 0;
    int count = played ? t->center_playouts : 1;
    double estimates[GAME_MAX_PLAYERS];
    for (int i = 0; i < players; i++)
        t->center[i] = 0.0;
    for (int k = 0; k < count; k++) {
        mcts_determinize(game, t->det, t->root, t->seat, &t->random);
        if (played)
            mcts_rollout(t);
        eval_estimates(game, &t->hook, t->det, estimates);
        for (int i = 0; i < players; i++)
            t->center[i] += estimates[i] / count;
    }
}

/* One iteration: determinize, walk down, evaluate, back up. */
static void mcts_iterate(mcts_tree *t)
{
    const game_def *game = t->game;
    mcts_determinize(game, t->det, t->root, t->seat, &t->random);
    int node = t->root_node, depth = 0;
    int exact = 1; /* t->det's observation is node's (resample keeps the root's) */
    const double *leaf_estimates = NULL; /* the leaf's estimates if its parent's ranking made them */
    t->ranked_node = -1;
    for (;;) {
        int player = game->current_player(t->det);
        if (player == GAME_TERMINAL || depth == MCTS_PATH_MAX)
            break;
        int e, action, seen; /* seen: the edge's result depends only on the observation (game.h legal_hidden) */
        if (player == GAME_CHANCE) {
            e = mcts_chance_edge(t, node, &action);
            seen = game->legal_hidden != NULL && !game->legal_hidden(t->det, t->seat);
        } else {
            if (t->nodes[node].width < 0)
                mcts_rank(t, node);
            e = mcts_select(t, node);
            if (e < 0) {
                /* No ranked action is legal here: a random step, then evaluate. */
                int n = game->legal_actions(t->det, t->legal);
                if (n > 0)
                    game->apply_listed(t->det, t->legal[rng_below(&t->random, (uint64_t)n)]);
                break;
            }
            action = t->edges[e].action;
            seen = t->nodes[node].seen;
        }
        if (mcts_play(t, node, action, exact) != 0)
            break;
        if (e < 0)
            break;
        exact = exact && seen;
        t->path_node[depth] = node;
        t->path_edge[depth] = e;
        depth++;
        if (t->edges[e].child >= 0) {
            node = t->edges[e].child;
            continue;
        }
        int created;
        int child = mcts_node_for(t, &created);
        if (child < 0)
            break;
        t->edges[e].child = child;
        exact = 1; /* found by its observation */
        if (created) {
            leaf_estimates = mcts_ranked_estimates(t, node, e);
            break;
        }
        node = child;
    }
    double reward[GAME_MAX_PLAYERS], estimates[GAME_MAX_PLAYERS];
    if (leaf_estimates != NULL && t->config->rollout == 0 && t->playout == 0) {
        assert(mcts_estimates_hold(t, leaf_estimates)); /* the same position, valued once */
    } else {
        mcts_rollout(t);
        eval_estimates(game, &t->hook, t->det, estimates);
        leaf_estimates = estimates;
    }
    eval_rewards_of(game, &t->hook, t->det, leaf_estimates, reward);
    if (t->score > 0)
        mcts_add_score(t, leaf_estimates, reward);
    if (t->leaf_sums != NULL && depth > 0) {
        int offset = t->path_edge[0] - t->nodes[t->root_node].first;
        assert(offset >= 0 && offset < MCTS_WIDTH_ROOT);
        double *sums = &t->leaf_sums[offset * MCTS_LEAF_ROW];
        int players = game->players(t->det);
        for (int p = 0; p < players; p++)
            sums[p] += leaf_estimates[p];
        sums[GAME_MAX_PLAYERS] += 1.0;
    }
    for (int i = 0; i < depth; i++) {
        mcts_node *nd = &t->nodes[t->path_node[i]];
        mcts_edge *ed = &t->edges[t->path_edge[i]];
        nd->visits++;
        ed->visits++;
        if (nd->player >= 0)
            ed->reward += (float)reward[nd->player];
        ed->mean = ed->reward / ed->visits;
    }
    t->done++;
}

/* Find the root in the tree kept from the last decision (the same turn
 * goes on: the position was searched already), else start a new tree.
 * Returns the root's visits so far. */
static unsigned mcts_start(mcts_tree *t)
{
    int created = 1, node = -1;
    memcpy(t->det, t->root, t->game->state_size);
    /* kept estimates average a decision's own iterations, and a kept node
     * has the inner nodes' turns: a new tree each time */
    if (t->leaf_sums == NULL && t->root_turns == NULL && t->node_count > 0 && t->node_count < t->node_cap / 2 &&
        t->edge_count < t->edge_cap / 2 && t->turn_count <= t->turn_cap / 2)
        node = mcts_node_for(t, &created);
    if (node < 0 || created || t->nodes[node].player != t->seat || t->nodes[node].width < 0) {
        t->node_count = t->edge_count = t->turn_count = 0;
        memset(t->table, 0, (t->table_mask + 1) * sizeof *t->table);
        node = mcts_node_for(t, &created);
    }
    t->root_node = node;
    return t->nodes[node].visits;
}

/* Take up to chunk iterations from the count left (never below 0);
 * returns how many, 0 if none is left. */
static long mcts_take(atomic_long *left, long chunk)
{
    long have = atomic_load_explicit(left, memory_order_relaxed);
    while (have > 0) {
        long take = have < chunk ? have : chunk;
        if (atomic_compare_exchange_weak_explicit(left, &have, have - take, memory_order_relaxed,
                                                  memory_order_relaxed))
            return take;
    }
    return 0;
}

/* 1 if tree t is to run another iteration, its iterations allowed so far
 * in *until (taken from the shared count when they are used up). */
static int mcts_more(mcts_tree *t, long *until)
{
    if (t->budget == 0)
        return 1; /* until the deadline */
    if (t->done < *until)
        return 1;
    if (t->shared != NULL)
        *until += mcts_take(t->shared, t->chunk);
    return t->done < *until;
}

/* Search tree part of the bot's trees to its budget (a part of the bot's
 * crew). */
static void mcts_search(void *trees, int part)
{
    mcts_tree *t = &((mcts_tree *)trees)[part];
    double cpu_start = timer_thread_cpu();
    t->done = 0;
    unsigned kept = mcts_start(t);
    if (t->score > 0)
        mcts_search_center(t);
    if (t->leaf_sums != NULL)
        memset(t->leaf_sums, 0, MCTS_WIDTH_ROOT * MCTS_LEAF_ROW * sizeof *t->leaf_sums);
    /* Visits kept from the last decision count toward the budget, but the
     * search always adds a tenth of it. */
    if (t->budget > 0) {
        long fresh = t->budget - (long)kept;
        t->budget = fresh > t->budget / 10 ? fresh : t->budget / 10 + 1;
    }
    /* Shared: the tree's part joins the count the trees take from, so that
     * they end together however fast each runs. */
    long until = t->budget;
    if (t->shared != NULL && t->budget > 0) {
        atomic_fetch_add_explicit(t->shared, t->budget, memory_order_relaxed);
        until = 0;
    }
    /* By a deadline, the clock is read after the first iteration and every
     * 16th: a thread started late on a busy machine still searches once. */
    while (mcts_more(t, &until)) {
        mcts_iterate(t);
        if (t->deadline > 0 && (t->done & 15) == 1 && timer_now() >= t->deadline)
            break;
    }
    t->cpu = timer_thread_cpu() - cpu_start;
    t->ended = timer_now();
}

/* One root action's totals over the trees. */
typedef struct mcts_total {
    int action;      /* the action (a turn's first) */
    const int *turn; /* a turn edge's actions as the turn pool keeps them (count, then them), NULL for one action */
    double visits;   /* visits summed over the trees */
    double reward;   /* rewards summed over the trees */
} mcts_total;

/* 1 if root edge e of tree t is the move total stands for. */
static int mcts_total_is(const mcts_total *total, const mcts_tree *t, int e)
{
    const mcts_node *root = &t->nodes[t->root_node];
    if (!root->turn)
        return total->turn == NULL && total->action == t->edges[e].action;
    const int *turn = &t->turn_pool[t->edges[e].action];
    return total->turn != NULL && total->turn[0] == turn[0] &&
           memcmp(total->turn + 1, turn + 1, (size_t)turn[0] * sizeof *turn) == 0;
}

/* Of the root's legal turns (totals[0..count-1], n legal actions), the one
 * with most visits (then the better mean, then the first found) into
 * m->turn; then each turn's totals merged into its first action's. Returns
 * the totals left. */
static int mcts_root_turn(mcts *m, mcts_total *totals, int count, int n)
{
    const mcts_total *best = NULL;
    for (int k = 0; k < count; k++) {
        const mcts_total *x = &totals[k];
        if (x->turn == NULL || !mcts_is_legal(m->legal, n, x->action))
            continue;
        if (best == NULL || x->visits > best->visits ||
            (x->visits == best->visits && x->visits > 0 && x->reward > best->reward))
            best = x;
    }
    m->turn_length = best != NULL ? best->turn[0] : 0;
    if (best != NULL)
        memcpy(m->turn, best->turn + 1, (size_t)best->turn[0] * sizeof *m->turn);
    int merged = 0;
    for (int k = 0; k < count; k++) {
        int j = 0;
        while (j < merged && totals[j].action != totals[k].action)
            j++;
        if (j == merged)
            totals[merged++] = (mcts_total){totals[k].action, NULL, 0, 0};
        totals[j].visits += totals[k].visits;
        totals[j].reward += totals[k].reward;
    }
    return merged;
}

/* Most visits first, then the better mean reward, then the lower action. */
static int mcts_by_visits(const void *a, const void *b)
{
    const mcts_choice *x = a, *y = b;
    if (x->visits != y->visits)
        return x->visits > y->visits ? -1 : 1;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1;
    return x->action - y->action;
}

/* With kept estimates, the mean leaf estimates of the chosen action over
 * the trees searched (m->root_estimates). */
static void mcts_sum_root_estimates(mcts *m, int trees)
{
    double sums[MCTS_LEAF_ROW] = {0};
    for (int i = 0; i < trees; i++) {
        const mcts_tree *t = &m->trees[i];
        if (t->leaf_sums == NULL || t->node_count == 0)
            continue;
        const mcts_node *root = &t->nodes[t->root_node];
        for (int e = root->first; e >= 0 && e < root->first + root->width; e++)
            if (t->edges[e].action == m->choices[0].action)
                for (int k = 0; k < MCTS_LEAF_ROW; k++)
                    sums[k] += t->leaf_sums[(e - root->first) * MCTS_LEAF_ROW + k];
    }
    m->root_estimated = (long)sums[GAME_MAX_PLAYERS];
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        m->root_estimates[p] = m->root_estimated > 0 ? sums[p] / (double)m->root_estimated : 0.0;
}

/* Search from observation for seat (at least one legal action) for at
 * most millis ms (0: by iterations only) and fill m->choices with the
 * root's legal actions, best first. */
static void mcts_search_root(mcts *m, const void *observation, int seat, int n, int millis)
{
    const game_def *game = m->game;
    double start = timer_now();
    long iterations = m->config.iterations;
    if (iterations == 0 && millis == 0)
        iterations = 1000;
    /* the threads are made once, at the first search, and kept; trees
     * beyond the threads the system gave are not searched */
    if (m->tree_count > 1 && m->crew == NULL)
        m->crew = crew_new(m->tree_count, mcts_search, m->trees);
    int threads = m->crew != NULL ? crew_parts(m->crew) : 1;
    /* (below one iteration a tree, each tree searches one) */
    int shared = threads > 1 && iterations >= threads && !m->fixed_shares;
    atomic_store_explicit(&m->iterations_left, 0, memory_order_relaxed);
    /* chunks small beside each tree's share, so that the trees end within a
     * chunk of each other, and large beside the cost of taking one */
    long chunk = iterations / ((long)threads * MCTS_CHUNKS_PER_TREE);
    chunk = chunk < 1 ? 1 : chunk > MCTS_CHUNK_MAX ? MCTS_CHUNK_MAX : chunk;
    for (int i = 0; i < m->tree_count; i++) {
        mcts_tree *t = &m->trees[i];
        rng_seed(&t->random, rng_next(&m->random));
        t->root = observation;
        t->seat = seat;
        t->others = m->config.others >= 0 ? m->config.others : game->players(observation) > 2 ? 0.0 : 1.5;
        t->budget = iterations == 0 ? 0 : iterations / threads + (i < iterations % threads);
        if (iterations != 0 && t->budget == 0)
            t->budget = 1;
        t->deadline = millis > 0 ? start + millis / 1000.0 : 0;
        t->shared = shared ? &m->iterations_left : NULL;
        t->chunk = chunk;
    }
    if (m->crew != NULL)
        crew_run(m->crew);
    else
        mcts_search(m->trees, 0);

    mcts_total totals[MCTS_WIDTH_ROOT];
    int count = 0;
    double first_end = m->trees[0].ended, last_end = first_end;
    for (int i = 0; i < threads; i++) {
        const mcts_tree *t = &m->trees[i];
        first_end = t->ended < first_end ? t->ended : first_end;
        last_end = t->ended > last_end ? t->ended : last_end;
        m->last.iterations += t->done;
        m->last.nodes += t->node_count;
        m->last.cpu += t->cpu;
        if (t->cpu > m->last.busiest)
            m->last.busiest = t->cpu;
        if (t->node_count == 0)
            continue;
        const mcts_node *root = &t->nodes[t->root_node];
        for (int e = root->first; e >= 0 && e < root->first + root->width; e++) {
            int k = 0;
            while (k < count && !mcts_total_is(&totals[k], t, e))
                k++;
            if (k == count) {
                if (count == MCTS_WIDTH_ROOT)
                    continue;
                const int *turn = root->turn ? &t->turn_pool[t->edges[e].action] : NULL;
                totals[count++] = (mcts_total){turn != NULL ? turn[1] : t->edges[e].action, turn, 0, 0};
            }
            totals[k].visits += t->edges[e].visits;
            totals[k].reward += t->edges[e].reward;
        }
    }
    m->last.seconds = timer_now() - start;
    m->last.spread = last_end - first_end;
    m->turn_length = 0;
    for (int k = 0; k < count; k++)
        if (totals[k].turn != NULL && mcts_is_legal(m->legal, n, totals[k].action))
            m->root_turns[m->root_turn_count++] =
                (mcts_turn){totals[k].turn + 1, totals[k].turn[0], (long)totals[k].visits,
                            totals[k].visits > 0 ? totals[k].reward / totals[k].visits : 0.0};
    if (count > 0 && totals[0].turn != NULL)
        count = mcts_root_turn(m, totals, count, n);
    m->choice_count = 0;
    for (int k = 0; k < count; k++)
        if (mcts_is_legal(m->legal, n, totals[k].action))
            m->choices[m->choice_count++] =
                (mcts_choice){totals[k].action, (long)totals[k].visits,
                              totals[k].visits > 0 ? totals[k].reward / totals[k].visits : 0.0};
    qsort(m->choices, (size_t)m->choice_count, sizeof *m->choices, mcts_by_visits);
    if (m->choice_count == 0)
        m->choices[m->choice_count++] = (mcts_choice){m->legal[0], 0, 0.0};
    mcts_sum_root_estimates(m, threads);
}

int mcts_next_in_turn(mcts *m, const void *observation, int seat)
{
    return m->trees[0].turns != NULL ? turns_script_next(&m->script, observation, seat) : -1;
}

/* 1 if seat is to act again after its count actions at m->turn_state
 * and whatever chance then draws (as a turn of level_time.h: chance does
 * not end it): its turn goes on. */
static int mcts_turn_goes_on(mcts *m, int seat, const int *actions, int count)
{
    const game_def *game = m->game;
    memcpy(m->turn_child, m->turn_state, game->state_size);
    for (int i = 0; i < count; i++)
        if (game->apply(m->turn_child, actions[i], NULL, 0) != 0)
            return 0;
    for (int steps = 0; game->current_player(m->turn_child) == GAME_CHANCE && steps < MCTS_PATH_MAX; steps++) {
        int n = game->chance_outcomes(m->turn_child, m->turn_outcomes, m->turn_odds);
        if (n <= 0 ||
            game->apply(m->turn_child, match_pick_outcome(m->turn_outcomes, m->turn_odds, n, &m->turn_random), NULL,
                        0) != 0)
            return 0;
    }
    return game->current_player(m->turn_child) == seat;
}

/* The milliseconds of a search for seat at observation (n legal actions,
 * in m->legal) within its turn's budget: what is left of the turn (at
 * least 1), half of it where one of the root's edges (its legal actions,
 * or the whole turns a tree gives it, found here once) leaves seat to act
 * again, so that the rest of the turn has time too; at most the
 * configured millis. */
static int mcts_turn_share(mcts *m, const void *observation, int seat, int n, double spent)
{
    int goes_on = 0;
    mcts_determinize(m->game, m->turn_state, observation, seat, &m->turn_random);
    if (m->trees[0].turns != NULL && mcts_legal_seen(m->game, m->turn_state, seat)) {
        /* the root's edges are whole turns (mcts_rank) */
        mcts_tree *t = &m->trees[0]; /* idle between searches */
        turns *search = t->root_turns != NULL ? t->root_turns : t->turns;
        int found = turns_search(search, &t->hook, NULL, m->turn_state, seat), turn[TURNS_DEPTH_MAX];
        for (int k = 0; k < found && !goes_on; k++) {
            int length = turns_actions(search, k, turn);
            goes_on = mcts_turn_goes_on(m, seat, turn, length);
        }
    } else
        for (int k = 0; k < n && !goes_on; k++)
            goes_on = mcts_turn_goes_on(m, seat, &m->legal[k], 1);
    double left = m->turn_millis - 1000.0 * spent;
    int share = (int)(goes_on ? left / 2 : left);
    share = share < 1 ? 1 : share;
    return m->config.millis > 0 && m->config.millis < share ? m->config.millis : share;
}

/* With a turn budget: 1 if a decision of seat now continues the turn of
 * the last one: that was seat's and left it to act, not longer ago than
 * the budget (else a game was left in the middle). */
static int mcts_turn_continues(const mcts *m, int seat)
{
    return m->turn_seat == seat && timer_now() - m->turn_ended <= m->turn_millis / 1000.0;
}

void mcts_turn_resume(mcts *m, int seat, double spent)
{
    assert(spent >= 0.0);
    if (m->turn_millis == 0)
        return;
    m->turn_seat = seat;
    m->turn_spent = spent;
    m->turn_ended = timer_now();
}

int mcts_turn_budget(mcts *m, const void *observation, int seat)
{
    if (m->turn_millis == 0)
        return 0;
    int n = m->game->legal_actions(observation, m->legal);
    return mcts_turn_share(m, observation, seat, n, mcts_turn_continues(m, seat) ? m->turn_spent : 0.0);
}

/* With a turn budget, after seat's decision at observation of the count
 * actions (one, or a whole turn): whether its turn goes on, and when the
 * decision ended. */
static void mcts_turn_decided(mcts *m, const void *observation, int seat, const int *actions, int count)
{
    mcts_determinize(m->game, m->turn_state, observation, seat, &m->turn_random);
    m->turn_seat = mcts_turn_goes_on(m, seat, actions, count) ? seat : -1;
    m->turn_ended = timer_now();
}

int mcts_choose(mcts *m, const void *observation, int seat)
{
    const game_def *game = m->game;
    memset(&m->last, 0, sizeof m->last);
    m->choice_count = 0;
    m->root_turn_count = 0;
    m->root_estimated = 0;
    int next = mcts_next_in_turn(m, observation, seat);
    if (next >= 0)
        return next;
    int n = game->legal_actions(observation, m->legal);
    if (n <= 0)
        return -1;
    int millis = m->config.millis;
    if (m->turn_millis > 0) {
        if (!mcts_turn_continues(m, seat)) {
            m->turn_spent = 0;
            m->turn_searches = 0;
        }
        m->turn_seat = -1;
        if (n > 1)
            millis = mcts_turn_share(m, observation, seat, n, m->turn_spent);
    }
    if (n == 1) {
        if (m->turn_millis > 0)
            mcts_turn_decided(m, observation, seat, m->legal, 1);
        return m->legal[0];
    }
    mcts_search_root(m, observation, seat, n, millis);
    if (m->turn_millis > 0) {
        m->turn_spent += m->last.seconds;
        m->turn_searches++;
        mcts_turn_decided(m, observation, seat, m->turn_length > 0 ? m->turn : &m->choices[0].action,
                          m->turn_length > 0 ? m->turn_length : 1);
    }
    if (m->turn_length == 0)
        return m->choices[0].action;
    /* The chosen turn is played to its end without searching again. */
    mcts_determinize(game, m->script.state, observation, seat, &m->random);
    return turns_script_play(&m->script, m->turn, m->turn_length, seat);
}

int mcts_turn_searches(const mcts *m)
{
    return m->turn_searches;
}

int mcts_analyse(mcts *m, const void *observation, int seat, mcts_choice *out, int max)
{
    memset(&m->last, 0, sizeof m->last);
    m->choice_count = 0;
    m->root_turn_count = 0;
    m->root_estimated = 0;
    int n = m->game->legal_actions(observation, m->legal);
    if (n <= 0)
        return 0;
    mcts_search_root(m, observation, seat, n, m->config.millis);
    int count = m->choice_count < max ? m->choice_count : max;
    memcpy(out, m->choices, (size_t)count * sizeof *out);
    return count;
}
