/*
 * mcts.h -- the MCTS bot: single-observer information-set Monte Carlo tree
 * search (SO-ISMCTS; Cowling, Powley and Whitehouse, "Information Set Monte
 * Carlo Tree Search", IEEE TCIAIG 2012) over any game of game.h.
 *
 * Each iteration fills the hidden parts of the bot's observation with
 * game->resample (a determinization consistent with what the seat saw) and
 * walks a tree whose nodes are the positions as the searching seat sees
 * them and whose edges are micro-actions: the selection among the edges legal
 * in this determinization is UCB1 with availability counts, as ISMCTS has
 * it (the legal actions are listed again for that only at nodes where the
 * game says they may depend on what the seat cannot see, game.h
 * legal_hidden; elsewhere every ranked edge is legal). Positions reached by different orders of actions (transpositions
 * within a turn) are merged into one node through a hash table of their
 * observations. A node's edges are the actions ranked by the evaluation hook
 * (eval.h) after one step, and progressive widening lets the k best of them
 * compete, k = 1 + 1.5 sqrt(visits) at the searching seat's nodes and
 * k = 1 + others * sqrt(visits) at the other seats' nodes. others < 0 means
 * 1.5 with two seats and 0 with more: there the other seats play their best
 * action by the hook after one step (a narrow model of the opponents), which
 * lets the budget go to the searching seat's own turns instead of spreading
 * over three opponents' replies; measured in docs/strength.md. With others
 * < 0 the game's hook may also set the factor per state (eval_hook.others;
 * Tikal narrows the opponents while an auction is bidding). Chance nodes
 * draw their outcome with the engine's odds. A leaf is valued after `rollout`
 * random actions (0 = at once, by the heuristic; -1 = to the game's end):
 * every seat gets a reward in [0, 1] (eval_rewards: the win at a game's end,
 * else the seat's share of the odds by the heuristic), and each node's
 * edges add up the reward of the seat to act there (max^n backup). A leaf
 * reached from a node ranked in the same iteration is not evaluated again:
 * the ranking valued that very position already (the same determinization,
 * the same action), and its estimates are kept until the iteration ends.
 *
 * Score utility (mcts_use_score, w > 0; as KataGo's): a seat's reward is
 * (1 - w) times its share of the odds plus w times 1/2 + atan(g / scale) /
 * pi, g its estimated final score at the leaf minus its centre, the
 * estimate at the root of the search (one determinization of it, per tree;
 * with mcts_use_center, where playouts from the root end) and scale the
 * hook's or mcts_use_score_scale's: the share saturates once a seat leads
 * clearly, and with two seats it values the other seat's loss as much as
 * its own gain; the own points keep counting. w = 0 is the share alone, to
 * the bit.
 *
 * Budget: `iterations` per decision (reproducible) or `millis` of wall
 * time (both: whichever ends first), or a wall time per turn shared by the
 * turn's searches (mcts_use_turn_time). With threads > 1 every thread searches
 * its own tree from its own seed (root parallelism, pthreads), and the
 * visit counts of the root's actions are summed. The iterations are taken
 * from one count, a few at a time, until the budget is spent, so that the
 * threads end together however fast each of them runs (a thread sharing its
 * core does fewer): the budget is the total, but how it falls to the trees,
 * and so the search, depends on timing. With fixed shares
 * (mcts_use_fixed_shares) each thread searches its share, fixed in
 * advance: the same search for a seed whatever the load, but it lasts as
 * long as its slowest thread (docs/bench.md, seventh round). One thread is
 * reproducible either way. The threads are made at the bot's first search
 * and kept, asleep between searches, until mcts_free (crew.h).
 *
 * Whole turns (mcts_use_turns, the turns=K option of bot.h): the tree's
 * edges at the searching seat's nodes, and at the other seats' nodes
 * where it searches them (widening above 0), are the K best ways to
 * finish the seat's turn that turns.h finds (a beam search of
 * MCTS_TURN_BEAM positions per depth over the seat's micro-actions, rated
 * by the evaluation at the turn's end), so that selection compares whole
 * turns ("place three workers" against "place one" and "pick up") instead
 * of deciding a turn's later micro-actions deep in the tree; the narrowly
 * modelled other seats (widening 0) keep their best micro-action. A node
 * where the legal actions depend on what the seat cannot see (game.h
 * legal_hidden) keeps micro-actions. The bot searches at the first
 * decision of its turn and plays the most visited turn to its end without
 * searching again (turns.h turns_script); its iteration budget is per
 * turn, not per micro-action. A turn's actions are kept in a pool of
 * MCTS_TURN_ACTIONS_PER_NODE entries per node of the node pool; when it
 * is full, new nodes get fewer turns (none: a random step, as when the
 * edge pool is full). mcts_analyse counts a turn's visits for its first
 * action.
 *
 * Memory is allocated once, in mcts_new, and never grows: per thread `nodes`
 * nodes, MCTS_EDGES_PER_NODE * nodes edges, a hash table of 2 * nodes slots,
 * a few states, the legal-action scratch and the estimates of the actions a
 * ranking values (MCTS_RANK_MAX rows of 4 doubles, 12 KB); at 32 + 16 * 28 + 8 bytes a
 * node that is about 488 bytes per node (24 MB per thread for the default
 * 50000; with turns 4 * MCTS_TURN_ACTIONS_PER_NODE bytes a node more and the
 * beam search's states). Pools of 2 MB or more are laid out in huge pages
 * where the kernel gives them (fewer page faults and TLB misses; a pool's
 * memory is touched only as the tree grows into it). When the pools are
 * full the tree stops growing and iterations go on from its frontier.
 * Per bot, selection looks log(n) up in a table of twice the iteration
 * budget (at least 4096 entries, at most 2^17: 1 MB).
 */
#ifndef MAYA_BOT_MCTS_H
#define MAYA_BOT_MCTS_H

#include <stdint.h>

#include "bots/eval.h"
#include "bots/plan.h"
#include "game.h"

enum {
    MCTS_EDGES_PER_NODE = 16,   /* edge pool size per node of the node pool */
    MCTS_WIDTH_ROOT = 96,       /* most actions ranked at the root */
    MCTS_WIDTH = 24,            /* most actions ranked at other nodes */
    MCTS_RANK_MAX = 384,        /* most actions of one position evaluated for ranking */
    MCTS_PATH_MAX = 512,        /* longest walk of one iteration */
    MCTS_PLAYOUT_MAX = 1000,    /* most actions of a playout (mcts_use_playout) */
    MCTS_PLAYOUT_TURN = -1,     /* mcts_use_playout: play on until the searching seat is to act */
    MCTS_PLAYOUT_END = -2,      /* mcts_use_playout: play on until the game's end */
    MCTS_NODES_DEFAULT = 50000, /* default node pool per thread */
    MCTS_THREADS_MAX = 64,      /* most threads */
    MCTS_OTHERS_AUTO = -1,      /* mcts_config.others: by the number of seats */
    MCTS_TURNS_MAX = MCTS_WIDTH, /* most whole turns a node's edges (mcts_use_turns) */
    MCTS_ROOT_TURNS_MAX = 64,   /* most whole turns the root's edges (mcts_use_root_turns) */
    MCTS_TURN_BEAM = 12,        /* positions per depth of the search of whole turns (turns.h) */
    MCTS_CENTER_MAX = 64,       /* most playouts that centre a score utility (mcts_use_center) */
    MCTS_SCORE_SCALE_MAX = 1000, /* largest scale of a score utility in points (mcts_use_score_scale) */
    MCTS_PLAYOUT_CHOICES = 4,   /* best whole turns a playout's seat draws from (mcts_use_playout_temperature) */
    MCTS_TURN_ACTIONS_PER_NODE = 32 /* turn pool entries per node of the node pool */
};

/* How an mcts bot searches. */
typedef struct mcts_config {
    int iterations;  /* iterations per decision (all threads), 0 = by time only */
    int millis;      /* wall time per decision, 0 = by iterations only */
    int threads;     /* search threads, 1..MCTS_THREADS_MAX */
    int nodes;       /* node pool per thread */
    int rollout;     /* random actions after a leaf before evaluating, -1 = to the end */
    double explore;  /* UCB1 exploration constant (rewards are in [0, 1]) */
    uint64_t seed;   /* seed of the bot's generator */
    double others;   /* widening factor at the other seats' nodes, < 0 = by seats (see above) */
    const eval_hook *hook; /* the evaluation (eval.h), which must outlive the bot */
} mcts_config;

typedef struct mcts mcts;

/* Statistics of the last decision. */
typedef struct mcts_stats {
    long iterations; /* iterations run, all threads */
    long nodes;      /* nodes in the trees at the end, all threads */
    double seconds;  /* wall time of the search */
    double cpu;      /* CPU seconds of all the search threads */
    double busiest;  /* CPU seconds of the busiest one: the wall time where every thread has a free core */
    double spread;   /* wall seconds from the first thread's end to the last's: how long threads idled */
} mcts_stats;

/* One action at the root of a search and what the search made of it. */
typedef struct mcts_choice {
    int action;   /* the action */
    long visits;  /* iterations that took it, all threads */
    double value; /* mean reward of the searching seat after it, in [0, 1]: its estimated chance of winning */
} mcts_choice;

/* A new bot; NULL if memory fails or the config is unusable. */
mcts *mcts_new(const game_def *game, const mcts_config *config);
/* The action for seat, to act in the state whose observation for seat is
 * observation; -1 if there is none. */
int mcts_choose(mcts *m, const void *observation, int seat);
/* With whole turns: the next action of the turn an earlier mcts_choose
 * chose, if seat is shown the observation that turn expects; else -1 (no
 * search). */
int mcts_next_in_turn(mcts *m, const void *observation, int seat);
/* One whole turn at the root of the last search (mcts_root_turns). */
typedef struct mcts_turn {
    const int *actions; /* its actions, valid until the bot's next search */
    int length;         /* their number */
    long visits;        /* iterations that took it, all threads */
    double value;       /* mean reward of the searching seat after it, in [0, 1] */
} mcts_turn;

/* Search as mcts_choose does (even when one action is legal) and write
 * the root's legal actions best first (the first is mcts_choose's
 * choice), at most max of them; returns their number, 0 if none is legal.
 * For hints and analysis. */
int mcts_analyse(mcts *m, const void *observation, int seat, mcts_choice *out, int max);
/* With whole turns: the legal turns at the root of the search the last
 * mcts_choose or mcts_analyse ran, in the order first found (at most max
 * of them); 0 if that call searched no turns (it went on with a chosen
 * turn, had one action, or the bot searches actions). For training that
 * fits the evaluation to the search's choices (train.h). */
int mcts_root_turns(const mcts *m, mcts_turn *out, int max);
/* What the last mcts_choose did. */
void mcts_last_stats(const mcts *m, mcts_stats *out);
/* Rank the actions plan allows (plan.h) first at every node, the others
 * after them, each group by the evaluation (a progressive bias toward the
 * plan), or with only set search only the plan's actions; NULL (the
 * default): every action, by the evaluation alone. */
void mcts_use_plan(mcts *m, const plan_policy *plan, int only);
/* After each leaf, play actions more (0, the default: none) before
 * evaluating, each seat the action the evaluation rates best for it after
 * one step (a cheap policy that carries the leaf past what the tree
 * reaches), chance by its odds; MCTS_PLAYOUT_TURN: until the searching
 * seat is to act again (at most MCTS_PATH_MAX), so that every leaf is
 * valued at the start of one of its turns; MCTS_PLAYOUT_END: until the
 * game's end, so that every leaf is valued by the final scores. */
void mcts_use_playout(mcts *m, int actions);
/* With a playout: each seat of the playout plays its best whole turn of
 * turns.h (the greedy bot's turn), found by a beam of beam (>= 1)
 * positions, instead of one action best after one step (the default),
 * the search keeping the choices (1..MCTS_PLAYOUT_CHOICES) best turns:
 * MCTS_PLAYOUT_CHOICES for a softmax among them
 * (mcts_use_playout_temperature), 1 to offer the search nothing else, the
 * cheaper. Called at most once; 0, or -1 if memory fails. */
int mcts_use_playout_turns(mcts *m, int beam, int choices);
/* With playout turns: each seat of the playout draws one of the best
 * turns found (as many as mcts_use_playout_turns keeps), turn k with odds
 * proportional to exp((value_k - value_best) / points), its margin after
 * the turn (turns.h)
 * against the best's in points of the evaluation (a softmax policy), so
 * that a leaf is valued over several plausible continuations rather than
 * the one its evaluation prefers; 0 (the default): always the best. */
void mcts_use_playout_temperature(mcts *m, double points);
/* A time budget per turn of millis (> 0; 0, the default: none): the
 * searches of one seat's turn share it (a turn: its decisions until
 * another seat decides, as level_time.h counts them; with whole turns
 * one search, two where a Tzolk'in seat keeps its wealth tiles last and
 * begins the first round, or where chance comes between two of its turns,
 * as when an age ends), each getting what is left of it (at least 1 ms),
 * half of that where one of the root's edges (a legal action, or one of
 * the whole turns a tree gives it) leaves the seat to act again, through
 * chance too, and at most millis of mcts_config if that is set. A
 * decision continues the turn of the last one if that was the same seat's
 * and left it to act (at a position consistent with what it saw, chance
 * drawn), less than millis ago. Called at most once; 0, or -1 if memory
 * fails. */
int mcts_use_turn_time(mcts *m, int millis);
/* With a turn budget: the searches of the turn of the last decision so far. */
int mcts_turn_searches(const mcts *m);
/* With a turn budget: the next decision of seat continues a turn whose
 * earlier decisions took spent seconds (a caller that makes a new search
 * for each decision tells it so); else nothing. */
void mcts_turn_resume(mcts *m, int seat, double spent);
/* With a turn budget: the milliseconds a search for seat at observation
 * (a decision of more than one legal action) would get now; 0 without. */
int mcts_turn_budget(mcts *m, const void *observation, int seat);
/* Give weight (0..1) of every seat's reward to its own points from the
 * next decision on (the score utility above); 0 (the default): its share
 * of the odds alone. */
void mcts_use_score(mcts *m, double weight);
/* With a score utility, the gain in points (0..MCTS_SCORE_SCALE_MAX) whose
 * reward is 3/4 (atan(1) / pi = 1/4 above 1/2): the larger, the nearer the
 * utility is to the points themselves; 0 (the default): the hook's scale. */
void mcts_use_score_scale(mcts *m, double points);
/* With a score utility and a playout, centre the gains on the mean final
 * estimates of `playouts` (0..MCTS_CENTER_MAX) playouts from the root, each
 * its own determinization, played before the search's iterations: not
 * counted among them, but within a time budget (millis) they take part of
 * it; 0 (the default): on the estimates at the root. */
void mcts_use_center(mcts *m, int playouts);
/* With threads > 1 and an iteration budget: on = 1 makes each thread
 * search a share of it fixed in advance (the same search for a seed
 * whatever the load); 0 (the default): the threads take iterations from one
 * count until the budget is spent, and end together. */
void mcts_use_fixed_shares(mcts *m, int on);
/* Search iterations per decision (all threads; 0: by time only) from the
 * next decision on, instead of the config's (a game's bot may take another
 * budget at another number of seats, bot.h). */
void mcts_use_iterations(mcts *m, int iterations);
/* Make the keep (1..MCTS_TURNS_MAX) best whole turns the edges of the
 * nodes where the bot searches its own turns and those of the other seats
 * it searches, and play the chosen turn to its end (see above). Once, right
 * after mcts_new; 0, or -1 if memory fails (then only mcts_free). */
int mcts_use_turns(mcts *m, int keep);
/* With whole turns, make the root's edges the keep (the turns' keep ..
 * MCTS_ROOT_TURNS_MAX) best turns instead of the turns' keep: the root is
 * visited by every iteration, so it can afford to compare more of them;
 * and search a new tree at each decision (a node kept from the last one
 * has the inner nodes' fewer turns). Once, after mcts_use_turns; 0, or -1
 * if memory fails (then only mcts_free). */
int mcts_use_root_turns(mcts *m, int keep);
/* With keep set, each decision searches a new tree (none is kept from
 * the decision before) and also sums, for each root action, every seat's
 * estimated final score (eval_estimates, in points) at the leaves of the
 * iterations that took it, for mcts_root_estimates (training's deeper
 * search values positions with it, train.h); 0 (the default): not. -1 if
 * memory fails or the bot searches whole turns (mcts_use_turns). */
int mcts_keep_estimates(mcts *m, int keep);
/* Every seat's estimated final score after the last decision's chosen
 * action (out[players]): the mean of its leaves' estimates over the
 * iterations through it, all threads. Returns the iterations averaged
 * (the action's visits), 0 if none (estimates not kept, or no search). */
long mcts_root_estimates(const mcts *m, double *out);
void mcts_free(mcts *m);

#endif
