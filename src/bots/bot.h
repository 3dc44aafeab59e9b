/*
 * bot.h -- the generic interface of maya's bots: one opaque bot made from a
 * text spec ("random", "greedy:beam=24", "mcts:iterations=4000,threads=2"),
 * asked for an action given what its seat may see.
 *
 * Bots use only game.h, so every bot plays every game; what they know of a
 * particular game is confined to the evaluation hooks of eval.h. A bot
 * never sees the hidden parts of the state: the caller passes
 * game->observation(state, seat) and the bot fills hidden parts itself
 * (game->resample) where its search needs a full state. A bot is
 * deterministic for a given seed and an iteration budget on one thread
 * (on several with fixedshare=1); with a time budget it answers within
 * that time.
 *
 * Kinds and their strength knobs (defaults are the settings for play; what
 * a turn of each level costs is measured, bots/level_time.h):
 *   random  uniform over the legal actions; no knob (the floor of the ladder).
 *   greedy  plans its turn by beam search (greedy.h); knob beam (default
 *           GREEDY_BEAM_DEFAULT): positions kept per step of the turn.
 *   mcts    information-set MCTS (mcts.h); knobs iterations (default
 *           BOT_MCTS_ITERATIONS per decision) or millis, threads (root
 *           parallelism), nodes (node pool per thread), rollout (random
 *           actions before evaluating a leaf; -1 = to the end), explore
 *           (UCB1 constant in hundredths, default BOT_MCTS_EXPLORE), others
 *           (widening of the other seats' moves in the tree, hundredths;
 *           default -1: 150 with two seats, 0 with more, see mcts.h; at
 *           -1 the game's hook may narrow it per state, as the Tikal hook
 *           does while an auction is bidding).
 * greedy and mcts also take plan=1 or 2: the game's scripted strategic
 * policy (plan.h) narrows the turns greedy plans (1 and 2 alike) and is
 * ranked first by mcts's widening (1) or the only actions mcts searches
 * (2); a game without one refuses it.
 * mcts also takes playout=N: N actions played on after each leaf before
 * it is evaluated, every seat the action the evaluation rates best for it
 * after one step; -1: until the searching seat is to act again, -2: until
 * the game's end (mcts_use_playout).
 * mcts also takes turns=K (1..MCTS_TURNS_MAX): its tree's edges are the K
 * best whole turns of a seat instead of micro-actions (mcts_use_turns),
 * and its budget is per turn; not with plan. With turns, rootturns=R
 * (turns..MCTS_ROOT_TURNS_MAX) gives the root R turns instead of K
 * (mcts_use_root_turns), and playturns=1 makes the playout's seats play
 * whole turns (mcts_use_playout_turns), found by a beam of playbeam=B
 * positions (0: MCTS_TURN_BEAM), the best of them or with playtemp=T
 * (tenths of a point) one of the best drawn by a softmax of temperature
 * T / 10 (mcts_use_playout_temperature).
 * mcts also takes turnmillis=T: T ms of wall time a turn, shared by the
 * turn's searches (mcts_use_turn_time: each gets what is left, half of it
 * where the seat may still be to act after it); as millis, without
 * iterations it replaces the iteration budget, with millis each search
 * also stops at millis.
 * mcts also takes fixedshare=1: with threads > 1 each thread searches a
 * share of the iterations fixed in advance, so that a seed gives the same
 * search whatever the load; by default the threads take iterations from
 * one count and end together (mcts_use_fixed_shares).
 * mcts also takes score=K (0..100): K hundredths of the weight of each
 * seat's reward go to its own estimated points (the score utility of
 * mcts.h) instead of its share of the odds; 0, the kind's default, is the
 * share alone. With a score, scorescale=P (1..1000 points) is the gain the
 * utility rates at 3/4 of its range (mcts_use_score_scale); 0, the kind's
 * default, the game's own scale.
 * greedy and mcts also take eval: v2 (the default) is the evaluation learned
 * from self-play, v1 the hand-tuned one it replaced (eval.h), kept as the
 * baseline every figure of strength is measured against.
 * Levels. People pick a bot by the name of a level (bot_levels, in
 * ascending strength: beginner, casual, strong, expert); a level is a name
 * for a spec, written wherever a spec is accepted ("expert" or
 * "expert:seed=3"), and expands to its spec (the Seat tags of records keep
 * the expanded spec, bot_spec_in). Their strengths are measured in
 * docs/strength.md.
 * A game's own defaults. A game may give its bots other defaults than the
 * kinds' through its registry entry (eval.h): options for its mcts bots by
 * the variant and the number of seats (Tzolk'in's mcts searches whole turns
 * with a budget per turn, Tikal's has its own budgets at 2 players), and
 * its own specs of some levels (Tzolk'in's casual keeps micro-actions, its
 * expert has a time budget a turn). bot_new applies
 * them under the options the spec wrote, unless the spec wrote turns, plan
 * or an evaluation other than the game's default (bot_settings_at): so
 * mcts:turns=0 is the search over micro-actions at BOT_MCTS_ITERATIONS a
 * decision, and mcts:eval=v1 the fixed baseline.
 *
 * seed seeds the bot's own generator; it is not part of the spec text that
 * bot_spec writes, since whoever runs a game derives the bots' seeds.
 */
#ifndef MAYA_BOT_H
#define MAYA_BOT_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

enum {
    BOT_MCTS_ITERATIONS = 5000, /* mcts's default iterations per decision */
    BOT_MCTS_EXPLORE = 10,      /* mcts's default exploration constant, hundredths */
    BOT_SPEC_MAX = 256,         /* longest spec of a list, NUL included */
    BOT_HINTS = 3,              /* actions a hint shows, in every front end */
    BOT_GIVEN_EVAL = 1 << 30   /* bot_settings.given: the eval option */
};

typedef struct bot bot;

typedef struct bot_settings {
    char kind[16];   /* "random", "greedy", "mcts" */
    int iterations;  /* search budget per decision in iterations, 0 = by time */
    int millis;      /* search budget per decision in milliseconds, 0 = by iterations */
    int threads;     /* threads searching in parallel (root parallelism), >= 1 */
    uint64_t seed;   /* seed of the bot's own random generator */
    int beam;        /* greedy: positions kept per step of the turn */
    int nodes;       /* mcts: node pool per thread */
    int rollout;     /* mcts: random actions after a leaf, -1 = to the game's end */
    int explore;     /* mcts: UCB1 exploration constant in hundredths */
    int others;      /* mcts: widening at the other seats' nodes in hundredths, -1 = by seats */
    int eval;        /* greedy, mcts: the evaluation, an eval_version of eval.h (eval=v1, eval=v2) */
    int plan;        /* greedy, mcts: the game's plan policy (plan.h): 0 = not, 1 = followed, 2 = mcts: only it */
    int playout;     /* mcts: actions played after a leaf by the evaluation's best after one step, 0 = none,
                        -1 = until the searching seat is to act, -2 = until the game's end */
    int turns;       /* mcts: 0 = edges are micro-actions, K = the K best whole turns (mcts_use_turns) */
    int rootturns;   /* mcts with turns: the root's whole turns (mcts_use_root_turns), 0 = turns' */
    int playturns;   /* mcts with turns and a playout: 1 = its seats play whole turns (mcts_use_playout_turns) */
    int playbeam;    /* mcts with playturns: positions kept per depth of the playout's turns, 0 = MCTS_TURN_BEAM */
    int playtemp;    /* mcts with playturns: the playout's seats draw their turns by a softmax of this temperature,
                        tenths of a point (mcts_use_playout_temperature), 0 = the best turn */
    int score;       /* mcts: weight in hundredths of the seat's own points in its reward (mcts_use_score),
                        0 = the share of the odds alone */
    int center;      /* mcts with a score and a playout: playouts from the root centring the score
                        (mcts_use_center), 0 = the root's estimates */
    int scorescale;  /* mcts with a score: the points of a gain whose reward is 3/4 (mcts_use_score_scale),
                        0 = the game's scale (eval_hook.scale) */
    int fixedshare;  /* mcts with threads > 1: 1 = each thread searches a fixed share of the iterations
                        (reproducible whatever the load, mcts_use_fixed_shares), 0 = they share one count */
    int turnmillis;  /* mcts: wall time in ms of a turn, shared by its searches (mcts_use_turn_time), 0 = none */
    int level;       /* the bot_levels index the spec named, -1 none (a game may have its own spec of it) */
    unsigned given;  /* options the spec or its level's spec wrote, bit k for bot_keys' k-th (bot.c),
                        BOT_GIVEN_EVAL for eval: the game's own options (bot_new) do not replace them */
    unsigned own;    /* of them, those written after the level's name (all of them without a level) */
} bot_settings;

/* A named difficulty level. */
typedef struct bot_level {
    const char *name;        /* "beginner", "casual", "strong", "expert" */
    const char *spec;        /* the bot spec it stands for */
    const char *description; /* one line for people choosing it */
} bot_level;

/* The levels, weakest first; *count gets their number. */
const bot_level *bot_levels(int *count);
/* The index in bot_levels of the level a spec names ("expert",
 * "expert:seed=3"), or -1 if it names none. */
int bot_level_index(const char *spec);

/* One of the hint bot's best actions for a seat. */
typedef struct bot_hint {
    int action;    /* the action */
    double chance; /* estimated chance of winning after it, 0..1 */
    long visits;   /* iterations of the search that chose it */
} bot_hint;

/* The level a new bot seat gets unless people pick another. */
#define BOT_DEFAULT_LEVEL "strong"
/* The spec of the bot that gives hints (a level's). */
#define BOT_HINT_LEVEL "strong"

/* Up to max of the best actions for seat (to act in the state whose
 * observation for seat is `observation`), best first, by the search of
 * BOT_HINT_LEVEL seeded with seed (the same seed and observation give the
 * same hints), as the game has that level (Tzolk'in's searches whole
 * turns: a hint is a turn's first action). Only actions the search took
 * (but at least one). The search sees only the observation. Returns their
 * number (0 if the seat has no action), or -1 with a reason in why. */
int bot_hints(const game_def *game, const void *observation, int seat, uint64_t seed, bot_hint *out, int max,
              char *why, size_t why_len);

/* Parse a spec "KIND[:key=value,...]" or "LEVEL[:key=value,...]" into
 * settings, starting from the kind's defaults for play (a game's own ones
 * come in bot_new); keys: iterations, millis, threads, seed, beam, nodes,
 * rollout, explore, others, plan, playout, turns, eval. 0 on success, else
 * a reason in why. */
int bot_parse(const char *spec, bot_settings *out, char *why, size_t why_len);
/* The spec text of settings (for records' Seat tags): the kind, then the
 * options that differ from its defaults, seed left out, e.g.
 * "mcts:iterations=4000". bot_parse of it gives settings back (seed aside). */
void bot_spec(const bot_settings *settings, char *buf, size_t len);
/* The same for the bot settings makes in game: a level the game has its
 * own spec of is written as that spec (bot_spec writes the level's spec of
 * bot_levels). */
void bot_spec_in(const game_def *game, const bot_settings *settings, char *buf, size_t len);
/* The settings a bot of settings plays game with at the seats and variant
 * of at: its level's spec as the game has it, then the game's own mcts
 * options under the options the spec wrote (see above). */
void bot_settings_at(const game_def *game, const game_options *at, const bot_settings *settings, bot_settings *out);
/* The spec the level of bot_levels index level stands for in game. */
const char *bot_level_spec(const game_def *game, int level);
/* Parse a list of specs separated by commas, e.g.
 * "mcts:iterations=400,threads=2,greedy": an item holding '=' but no ':'
 * continues the options of the spec before it. Up to max specs into out;
 * returns their number, or -1 with a reason in why. */
int bot_parse_list(const char *text, bot_settings *out, int max, char *why, size_t why_len);
/* The same list split into its specs as written (at most max, each
 * shorter than BOT_SPEC_MAX); their number, or -1 with a reason. */
int bot_split_list(const char *text, char (*specs)[BOT_SPEC_MAX], int max, char *why, size_t why_len);
/* A new bot for game with settings over the game's own defaults (see
 * above; mcts's by the seats of each position it is asked about); NULL
 * with a reason if the kind is unknown, the options do not go together or
 * memory fails. */
bot *bot_new(const game_def *game, const bot_settings *settings, char *why, size_t why_len);
/* The action the bot plays for seat, which is to act in the state whose
 * observation for that seat is `observation`. -1 if there is none. */
int bot_choose(bot *b, const void *observation, int seat);
/* The next action of the whole turn b chose at an earlier bot_choose
 * (greedy, and mcts with turns, play a turn chosen at its first decision)
 * if seat is shown the observation that turn expects; else -1, without
 * thinking: so that a caller keeping b through a turn plays it from one
 * search. */
int bot_next_in_turn(bot *b, const void *observation, int seat);
/* The next decision of seat continues a turn whose earlier decisions took
 * spent seconds (> 0), for a caller that makes a new bot for each
 * decision: a budget per turn (turnmillis) counts them; else nothing. */
void bot_turn_resume(bot *b, int seat, double spent);
void bot_free(bot *b);

#endif
