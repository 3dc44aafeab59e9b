/*
 * turns.h -- the best ways for a seat to play the rest of its turn, and a
 * chosen turn played one action per call.
 *
 * A turn is the seat's micro-actions until another seat, chance or the
 * game's end is to act (game.h: Tikal's action points, Tzolk'in's
 * placements or pick-ups with their choices). turns_search finds the best
 * ways to finish it by a beam search over the seat's micro-actions: depth
 * by depth it keeps the `beam` best positions still inside the turn (by
 * the seat's margin, eval.h), merging identical positions reached in
 * different orders (equal hashes of equal states), and every action that
 * ends the turn offers the position it ends in as a candidate. The `keep`
 * best candidates with distinct end positions are kept, best first (ties:
 * the one found first). A turn that ends at a chance node with at most
 * TURNS_CHANCE_EXPECT_MAX outcomes (a Tikal dig) is valued by the
 * expectation over them, else as the position stands. If no line ends the
 * turn within TURNS_DEPTH_MAX actions, the one candidate is the best line
 * kept at the last depth. States with very many actions are searched on an
 * evenly spread subset of at most TURNS_CHILDREN_MAX of them. Every
 * candidate is a sequence of actions the engine listed and applied: the
 * engine stays the only judge of what is legal.
 *
 * The greedy bot plays the best candidate (greedy.h); the MCTS bot with
 * turns=K makes the K best the edges of its nodes (mcts.h), so that its
 * selection compares whole turns. Both play the chosen turn with a
 * turns_script: one action per call while the seat is shown the
 * observation the turn expects, anything else ends the script.
 *
 * Memory is allocated once, in turns_new: about (2 * beam + 2) states,
 * beam * TURNS_DEPTH_MAX path steps and the table of positions met (14
 * bytes a slot with the lists of its filled slots and of the hashes it
 * moves when it grows; a search clears only the slots it filled, and
 * probes only the first TURNS_SEEN_FIRST until it has met half as many
 * positions).
 */
#ifndef MAYA_BOT_TURNS_H
#define MAYA_BOT_TURNS_H

#include "bots/eval.h"
#include "bots/plan.h"
#include "game.h"

enum {
    TURNS_DEPTH_MAX = 96,        /* longest turn searched (micro-actions) */
    TURNS_CHILDREN_MAX = 384,    /* most actions of one state looked at */
    TURNS_CHANCE_EXPECT_MAX = 12, /* a turn ending at a chance node with more outcomes is valued as it stands */
    TURNS_SEEN_FIRST = 4096       /* slots of the table of positions met that a search starts on (32 KB, what a
                                     Tzolk'in turn needs: at most about 1,100 positions), doubled when half full */
};

typedef struct turns turns;

/* A search for game keeping beam (>= 1) positions per depth and the keep
 * (>= 1) best turns; NULL if memory fails. */
turns *turns_new(const game_def *game, int beam, int keep);
void turns_free(turns *p);
/* Search the rest of seat's turn from the full position state, where seat
 * is to act, rating positions with hook, among the actions policy allows
 * (plan.h; NULL: every legal action). Returns the number of candidates
 * found, at most keep, best first; 0 if seat has no action there. */
int turns_search(turns *p, const eval_hook *hook, const plan_policy *policy, const void *state, int seat);
/* At most limit (>= 0) positions a search remembers to merge: at most half
 * the slots of its table, beam * TURNS_CHILDREN_MAX * 4 rounded up to a
 * power of two (the default; the most a Tzolk'in or Tikal turn was seen to
 * meet is under 3,000 of 32,768 at the bots' beam of 12). Past it a
 * position met again is not merged (the beam may hold it twice); the
 * candidates stay distinct. Returns the limit set. */
int turns_limit_seen(turns *p, int limit);
/* Positions the last search remembered (at most its limit). */
int turns_seen(const turns *p);
/* The actions of candidate k (0 = the best) of the last search, written
 * into out[TURNS_DEPTH_MAX]; returns their number (at least 1). */
int turns_actions(const turns *p, int k, int *out);
/* What candidate k is worth: the seat's margin where it ends (eval.h). */
double turns_value(const turns *p, int k);

/* A chosen turn being played, one action per call. */
typedef struct turns_script {
    const game_def *game;         /* the rules */
    int actions[TURNS_DEPTH_MAX]; /* the turn's actions */
    int count;                    /* actions in it, 0 = no turn being played */
    int next;                     /* index of the next one to play */
    unsigned char *state;         /* the full position the next action is played at (the caller fills
                                     it before turns_script_play) */
    unsigned char *expect;        /* the seat's observation of it: what the next call must be shown */
} turns_script;

/* 0, or -1 if memory fails (then turns_script_free is still safe). */
int turns_script_init(turns_script *s, const game_def *game);
void turns_script_free(turns_script *s);
/* The next action of the turn being played if seat is shown the
 * observation the turn expects, else -1 (and the turn is dropped). */
int turns_script_next(turns_script *s, const void *observation, int seat);
/* Play the turn actions[0..count-1] (count >= 1) from s->state, seat to
 * act there: returns its first action, the rest come from
 * turns_script_next. */
int turns_script_play(turns_script *s, const int *actions, int count, int seat);

#endif
