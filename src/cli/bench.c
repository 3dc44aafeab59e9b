/*
 * bench.c -- maya bench: the engine's speed on random full games, for every
 * player count and variant of a game, like Stockfish's bench. It drives the
 * engine directly through game.h (no match, no undo bookkeeping): the random
 * bot chooses, chance follows the engine's odds.
 *
 * With a number of games the workload is fixed (game k of a setting uses
 * seed S + k), so the printed counts of actions and of legal actions listed
 * are a signature of the engine: a change of rules or move generation
 * changes them. With --seconds each setting runs as many games as it can.
 *
 * Then the MCTS bot's speed beside the engine's: for each player count, one
 * thread searches a fixed number of iterations (--mcts N, default 20000; 0
 * skips) at eight decision positions spread over a seeded random game, and
 * the iterations per second of that one core are printed; last, the same
 * search with two threads for the fewest players and the default evaluation
 * (wall time: it shows the scaling only where two cores are free), the
 * threads taking the iterations from one count, then with fixed shares
 * (mcts_use_fixed_shares, the search before the shared count), each with
 * the threads' balance: their CPU time over twice their busiest one's (a
 * search lasts as long as its busiest thread where each has a core of its
 * own), and how far apart in wall time they ended (the time a thread
 * idled). Each
 * line gives the wall time and the CPU time of all the search's threads,
 * and the iterations per second of each: on a shared machine the CPU time
 * tells what an iteration costs, the wall time what the threads gained.
 *
 * Between them, perft: the leaves of the tree of legal actions (chance nodes
 * branch over all their outcomes) from the start of a two-player game and
 * from the middle of a seeded random one, each to the depth whose count
 * takes about --perft S seconds (default 1; 0 skips), every node applied.
 * The leaves per second measure move generation and apply without a bot.
 *
 * With --levels, instead: what a turn of each bot level costs. For every
 * player count of the game, each level plays every seat of --games
 * seeded games (default 2; game k of a setting has seed S + k, as the
 * tournaments draw it) on one thread, and the turns' mean and longest wall
 * time are printed (a turn: a seat's decisions until another seat decides,
 * as maya ladder counts them), one line per setting in the format of
 * data/bot-turn-times.txt (bots/level_time.h).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "bots/level_time.h"
#include "bots/mcts.h"
#include "bots/random.h"
#include "cli/cli.h"
#include "cli/tour_play.h"
#include "games.h"
#include "match.h"
#include "timer.h"

/* Counts of one benchmark setting. */
typedef struct cli_bench_tally {
    long games;          /* games played to the end */
    long long actions;   /* actions applied, chance included */
    long long legal;     /* legal actions listed at the decision states */
    double seconds;      /* wall time */
} cli_bench_tally;

/* Scratch of a benchmark run. */
typedef struct cli_bench_run {
    const game_def *game;  /* the engine */
    void *state;           /* one state */
    int *legal;            /* legal actions or outcomes, game->max_legal */
    double *probability;   /* chance odds, game->max_legal */
} cli_bench_run;

/* One random game with seed; 0, or CLI_FAIL if the engine misbehaves. */
static int cli_bench_game(cli_bench_run *b, const game_options *options, uint64_t seed, cli_bench_tally *tally)
{
    const game_def *game = b->game;
    rng r;
    rng_seed(&r, seed);
    char why[256] = "";
    if (game->init(b->state, options, why, sizeof why) != 0) {
        fprintf(stderr, "maya bench: %s\n", why);
        return CLI_FAIL;
    }
    for (int length = 0;; length++) {
        int player = game->current_player(b->state);
        if (player == GAME_TERMINAL)
            break;
        int action;
        if (player == GAME_CHANCE) {
            int n = game->chance_outcomes(b->state, b->legal, b->probability);
            action = n > 0 ? match_pick_outcome(b->legal, b->probability, n, &r) : -1;
        } else {
            int n = game->legal_actions(b->state, b->legal);
            tally->legal += n;
            action = n > 0 ? b->legal[rng_below(&r, (uint64_t)n)] : -1;
        }
        if (action < 0 || length >= game->max_game_length ||
            game->apply(b->state, action, why, sizeof why) != 0) {
            fprintf(stderr, "maya bench: engine error in game of seed %llu after %d actions: %s\n",
                    (unsigned long long)seed, length, why[0] ? why : "no action or game too long");
            return CLI_FAIL;
        }
        tally->actions++;
    }
    tally->games++;
    return 0;
}

/* Run one setting: games games, or for seconds if games is 0. */
static int cli_bench_setting(cli_bench_run *b, const game_options *options, uint64_t seed, long games,
                             double seconds, cli_bench_tally *tally)
{
    memset(tally, 0, sizeof *tally);
    double start = timer_now();
    for (long k = 0; games == 0 || k < games; k++) {
        if (cli_bench_game(b, options, seed + (uint64_t)k, tally) != 0)
            return CLI_FAIL;
        if (games == 0 && (k & 15) == 15 && timer_now() - start >= seconds)
            break;
    }
    tally->seconds = timer_now() - start;
    return 0;
}

/* One step of a random game at b->state (not over): a chance outcome by its
 * odds or a uniformly chosen legal action. */
static void cli_bench_random_step(cli_bench_run *b, rng *r)
{
    const game_def *game = b->game;
    int chance = game->current_player(b->state) == GAME_CHANCE;
    int n = chance ? game->chance_outcomes(b->state, b->legal, b->probability)
                   : game->legal_actions(b->state, b->legal);
    assert(n > 0);
    int action = chance ? match_pick_outcome(b->legal, b->probability, n, r) : b->legal[rng_below(r, (uint64_t)n)];
    int status = game->apply(b->state, action, NULL, 0);
    assert(status == 0);
    (void)status;
}

enum { CLI_BENCH_MCTS_POSITIONS = 8 }; /* positions searched per setting */

/* Print the MCTS iterations per second of threads search threads at
 * positions of a random game of options and seed, with fixed shares of the
 * iterations if fixed is set; with more than one thread, then their
 * balance: the CPU time of all the searches' threads over threads times
 * that of each search's busiest thread (on free cores a search lasts as
 * long as its busiest thread), and the mean wall time between the first
 * thread's end and the last's. 0, or CLI_FAIL. */
static int cli_bench_mcts(cli_bench_run *b, const game_options *options, uint64_t seed, int iterations,
                          int version, int threads, int fixed)
{
    const game_def *game = b->game;
    eval_hook *hook = eval_new(game, version, NULL, 0);
    if (hook == NULL)
        return CLI_FAIL;
    mcts_config config = {iterations, 0, threads, iterations + 64, 0, 0.1, seed, MCTS_OTHERS_AUTO, hook};
    mcts *m = mcts_new(game, &config);
    unsigned char *view = malloc(game->state_size);
    int status = m != NULL && view != NULL && game->init(b->state, options, NULL, 0) == 0 ? 0 : CLI_FAIL;
    /* The length of this random game, to spread the positions over it. */
    int length = 0;
    rng r;
    rng_seed(&r, seed);
    while (status == 0 && game->current_player(b->state) != GAME_TERMINAL && length < game->max_game_length) {
        cli_bench_random_step(b, &r);
        length++;
    }
    rng_seed(&r, seed);
    if (status == 0)
        status = game->init(b->state, options, NULL, 0) == 0 ? 0 : CLI_FAIL;
    long total = 0;
    double seconds = 0, cpu = 0, threads_cpu = 0, busiest = 0, spread = 0;
    int searches = 0;
    for (int i = 0, next = 1; status == 0 && i < length; i++) {
        int player = game->current_player(b->state);
        if (player >= 0 && i * CLI_BENCH_MCTS_POSITIONS >= next * length / 2 &&
            game->legal_actions(b->state, b->legal) > 1 && next <= 2 * CLI_BENCH_MCTS_POSITIONS) {
            mcts_stats stats;
            game->observation(b->state, player, view);
            mcts_free(m);
            m = mcts_new(game, &config); /* a fresh tree: no reuse */
            if (m == NULL) {
                status = CLI_FAIL;
                break;
            }
            mcts_use_fixed_shares(m, fixed);
            double cpu_start = timer_cpu();
            mcts_choose(m, view, player);
            cpu += timer_cpu() - cpu_start;
            mcts_last_stats(m, &stats);
            total += stats.iterations;
            seconds += stats.seconds;
            threads_cpu += stats.cpu;
            busiest += stats.busiest;
            spread += stats.spread;
            searches++;
            next += 2;
        }
        cli_bench_random_step(b, &r);
    }
    mcts_free(m);
    eval_free(hook);
    free(view);
    if (status != 0) {
        fputs("maya bench: mcts failed\n", stderr);
        return status;
    }
    char label[64];
    int len = snprintf(label, sizeof label, "%dp eval=%s", options->players, eval_version_name(version));
    if (threads > 1)
        snprintf(label + len, sizeof label - (size_t)len, " threads=%d%s", threads, fixed ? " fixed" : "");
    printf("%-26s %12ld %9.3f %14.0f %9.3f %14.0f\n", label, total, seconds, seconds > 0 ? total / seconds : 0.0, cpu,
           cpu > 0 ? total / cpu : 0.0);
    if (threads > 1 && busiest > 0 && searches > 0)
        printf("threads=%d balance: %.0f%% (threads' CPU %.3f s, busiest thread's %.3f s a search, summed), "
               "ended %.3f ms apart\n",
               threads, 100.0 * threads_cpu / (threads * busiest), threads_cpu, busiest, 1000.0 * spread / searches);
    return 0;
}

enum { CLI_BENCH_PERFT_DEPTH_MAX = 12 }; /* deepest perft tried */

/* Leaves of the action tree below states[0] to depth; states holds depth+1
 * states and legal depth lists of max_legal ints; probability is scratch for
 * the chance odds (not read). */
static long long cli_bench_perft_tree(const game_def *game, unsigned char *states, int *legal, double *probability,
                                      int depth)
{
    if (depth == 0)
        return 1;
    int n = game->current_player(states) == GAME_CHANCE ? game->chance_outcomes(states, legal, probability)
                                                       : game->legal_actions(states, legal);
    unsigned char *child = states + game->state_size;
    long long leaves = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, states, game->state_size);
        int status = game->apply(child, legal[i], NULL, 0);
        assert(status == 0);
        (void)status;
        leaves += cli_bench_perft_tree(game, child, legal + game->max_legal, probability, depth - 1);
    }
    return leaves;
}

/* Perft from b->state, deepening while the next depth is expected to take
 * at most about `seconds` (growth measured from the last two depths);
 * prints the deepest count and its leaves per second. */
static int cli_bench_perft(cli_bench_run *b, const char *label, double seconds)
{
    const game_def *game = b->game;
    unsigned char *states = malloc((CLI_BENCH_PERFT_DEPTH_MAX + 1) * game->state_size);
    int *legal = malloc((size_t)CLI_BENCH_PERFT_DEPTH_MAX * (size_t)game->max_legal * sizeof(int));
    if (states == NULL || legal == NULL) {
        free(states);
        free(legal);
        fputs("maya bench: out of memory\n", stderr);
        return CLI_FAIL;
    }
    memcpy(states, b->state, game->state_size);
    long long leaves = 0, previous = 0;
    double spent = 0;
    int depth = 0;
    while (depth < CLI_BENCH_PERFT_DEPTH_MAX) {
        double growth = previous > 0 ? (double)leaves / (double)previous : 1.0;
        if (depth > 0 && (leaves == 0 || spent * growth > seconds))
            break;
        previous = leaves;
        double start = timer_now();
        leaves = cli_bench_perft_tree(game, states, legal, b->probability, ++depth);
        spent = timer_now() - start;
    }
    printf("%-16s %6d %14lld %9.3f %14.0f\n", label, depth, leaves, spent, spent > 0 ? (double)leaves / spent : 0.0);
    free(states);
    free(legal);
    return 0;
}

/* Perft from the start of a two-player game and from the middle of a
 * random one of seed. */
static int cli_bench_perfts(cli_bench_run *b, uint64_t seed, double seconds)
{
    const game_def *game = b->game;
    game_options options = {game->min_players, 0};
    printf("perft: %d players, leaves of the action tree (chance branching over every outcome)\n",
           options.players);
    printf("%-16s %6s %14s %9s %14s\n", "position", "depth", "leaves", "seconds", "leaves/s");
    if (game->init(b->state, &options, NULL, 0) != 0 || cli_bench_perft(b, "start", seconds) != 0)
        return CLI_FAIL;
    rng r;
    rng_seed(&r, seed);
    int length = 0;
    while (game->current_player(b->state) != GAME_TERMINAL && length < game->max_game_length) {
        cli_bench_random_step(b, &r);
        length++;
    }
    rng_seed(&r, seed);
    if (game->init(b->state, &options, NULL, 0) != 0)
        return CLI_FAIL;
    for (int i = 0; i < length / 2; i++)
        cli_bench_random_step(b, &r);
    char label[64];
    snprintf(label, sizeof label, "action %d", length / 2);
    return cli_bench_perft(b, label, seconds);
}

/* The turns of level in games seeded games of options, every seat the
 * level's; *out gets their count, mean and longest. 0 or CLI_FAIL. */
static int cli_bench_level(const game_def *game, const game_options *options, const char *level, long games,
                           uint64_t seed, level_time *out)
{
    bot_settings settings;
    char why[256] = "";
    int status = bot_parse(level, &settings, why, sizeof why) == 0 ? 0 : CLI_FAIL;
    double seconds = 0;
    *out = (level_time){0, 0, 0};
    for (long k = 0; status == 0 && k < games; k++) {
        rng seeds, chance;
        rng_seed(&seeds, seed + (uint64_t)k);
        rng_seed(&chance, rng_next(&seeds));
        bot *bots[GAME_MAX_PLAYERS] = {NULL};
        match m;
        tourney_game result;
        memset(&result, 0, sizeof result);
        int started = match_init(&m, game, options, why, sizeof why) == 0;
        status = started ? 0 : CLI_FAIL;
        for (int s = 0; status == 0 && s < options->players; s++) {
            settings.seed = rng_next(&seeds);
            if ((bots[s] = bot_new(game, &settings, why, sizeof why)) == NULL)
                status = CLI_FAIL;
        }
        if (status == 0)
            status = tour_play_match(&m, bots, &chance, &result, why, sizeof why);
        for (int s = 0; s < options->players; s++) {
            bot_free(bots[s]);
            seconds += result.seconds[s];
            out->turns += result.turns[s];
            if (result.turn_max[s] > out->longest)
                out->longest = result.turn_max[s];
        }
        if (started)
            match_free(&m);
    }
    if (status != 0) {
        fprintf(stderr, "maya bench: %s: %s\n", level, why);
        return status;
    }
    out->mean = out->turns > 0 ? seconds / out->turns : 0;
    return 0;
}

/* The --levels table: each level at every player count. */
static int cli_bench_levels(const game_def *game, long games, uint64_t seed)
{
    int count;
    const bot_level *levels = bot_levels(&count);
    printf("# maya bench %s --levels --games %ld --seed %llu: one thread, every seat the level's;\n"
           "# a turn: a seat's decisions until another seat decides. Seconds of wall time.\n",
           game->name, games, (unsigned long long)seed);
    printf("# %-8s %7s %-10s %6s %9s %9s\n", "game", "players", "level", "turns", "mean", "longest");
    for (int players = game->min_players; players <= game->max_players; players++)
        for (int i = 0; i < count; i++) {
            game_options options = {players, 0};
            level_time figure;
            int status = cli_bench_level(game, &options, levels[i].name, games, seed, &figure);
            if (status != 0)
                return status;
            printf("%-10s %7d %-10s %6d %9.3f %9.3f\n", game->name, players, levels[i].name, figure.turns,
                   figure.mean, figure.longest);
            fflush(stdout);
        }
    return 0;
}

static void cli_bench_print(const char *label, const cli_bench_tally *t)
{
    double seconds = t->seconds > 0 ? t->seconds : 1e-9;
    printf("%-16s %8ld %12lld %14lld %9.3f %10.0f %12.0f\n", label, t->games, t->actions, t->legal, t->seconds,
           (double)t->games / seconds, (double)t->actions / seconds);
}

int cli_bench(int argc, char **argv)
{
    const char *games_text = NULL, *seconds_text = NULL, *seed_text = NULL, *mcts_text = NULL,
               *perft_text = NULL, *levels_flag = NULL;
    const cli_option options[] = {{"--levels", 0, &levels_flag},
                                  {"--games", 1, &games_text},
                                  {"--seconds", 1, &seconds_text},
                                  {"--seed", 1, &seed_text},
                                  {"--mcts", 1, &mcts_text},
                                  {"--perft", 1, &perft_text}};
    const char *positional[1];
    int positional_count;
    int status = cli_parse("bench", argc, argv, options, 6, positional, 1, &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 1) {
        fputs("maya bench: which game? (maya bench GAME)\n", stderr);
        return CLI_USAGE;
    }
    if (games_text != NULL && seconds_text != NULL) {
        fputs("maya bench: give --games or --seconds, not both\n", stderr);
        return CLI_USAGE;
    }
    const game_def *game;
    long games = 1000, seconds = 0, mcts_iterations = 20000, perft_seconds = 1;
    uint64_t seed = 1;
    if ((status = cli_find_game("bench", positional[0], &game)) != 0 ||
        (games_text != NULL &&
         (status = cli_parse_number("bench", "--games", games_text, 1, 100000000, &games)) != 0) ||
        (seconds_text != NULL &&
         (status = cli_parse_number("bench", "--seconds", seconds_text, 1, 86400, &seconds)) != 0) ||
        (seed_text != NULL && (status = cli_parse_seed("bench", seed_text, &seed)) != 0) ||
        (mcts_text != NULL &&
         (status = cli_parse_number("bench", "--mcts", mcts_text, 0, 10000000, &mcts_iterations)) != 0) ||
        (perft_text != NULL &&
         (status = cli_parse_number("bench", "--perft", perft_text, 0, 600, &perft_seconds)) != 0))
        return status;
    if (seconds_text != NULL)
        games = 0;
    if (levels_flag != NULL) {
        if (seconds_text != NULL) {
            fputs("maya bench: --levels counts games (--games), not --seconds\n", stderr);
            return CLI_USAGE;
        }
        return cli_bench_levels(game, games_text != NULL ? games : 2, seed);
    }

    cli_bench_run b = {game, malloc(game->state_size), malloc((size_t)game->max_legal * sizeof(int)),
                       malloc((size_t)game->max_legal * sizeof(double))};
    if (b.state == NULL || b.legal == NULL || b.probability == NULL) {
        fputs("maya bench: out of memory\n", stderr);
        status = CLI_FAIL;
    } else {
        printf("%s: %zu bytes per state, at most %d legal actions; %s seed %llu\n", game->name, game->state_size,
               game->max_legal, games ? "fixed workload," : "timed run,", (unsigned long long)seed);
        if (games)
            printf("%ld games per setting\n", games);
        printf("%-16s %8s %12s %14s %9s %10s %12s\n", "setting", "games", "actions", "legal", "seconds", "games/s",
               "actions/s");
        cli_bench_tally total;
        memset(&total, 0, sizeof total);
        for (int players = game->min_players; status == 0 && players <= game->max_players; players++)
            for (int variant = 0; status == 0 && variant < games_variant_options(game); variant++) {
                game_options setting = {players, variant};
                cli_bench_tally tally;
                status = cli_bench_setting(&b, &setting, seed, games, (double)seconds, &tally);
                if (status != 0)
                    break;
                char label[64];
                const char *name = games_variant_name(game, variant);
                snprintf(label, sizeof label, "%dp%s%s", players, name ? " " : "", name ? name : "");
                cli_bench_print(label, &tally);
                total.games += tally.games;
                total.actions += tally.actions;
                total.legal += tally.legal;
                total.seconds += tally.seconds;
            }
        if (status == 0) {
            cli_bench_print("total", &total);
            if (games)
                printf("signature: %lld actions, %lld legal\n", total.actions, total.legal);
        }
        if (status == 0 && perft_seconds > 0)
            status = cli_bench_perfts(&b, seed, (double)perft_seconds);
        if (status == 0 && mcts_iterations > 0) {
            printf("mcts: one thread, %ld iterations at each of %d positions of a random game (seed %llu)\n",
                   mcts_iterations, CLI_BENCH_MCTS_POSITIONS, (unsigned long long)seed);
            printf("%-26s %12s %9s %14s %9s %14s\n", "setting", "iterations", "seconds", "iterations/s", "cpu s",
                   "per cpu s");
            for (int players = game->min_players; status == 0 && players <= game->max_players; players++)
                for (int version = EVAL_V2; status == 0 && version >= EVAL_V1; version--) {
                    game_options setting = {players, 0};
                    status = cli_bench_mcts(&b, &setting, seed, (int)mcts_iterations, version, 1, 0);
                }
            /* Thread scaling: the fewest players and the default evaluation with two threads
             * (root parallelism, mcts.h), beside the one-thread line of the same setting:
             * the iterations from one count, then in fixed shares. */
            game_options fewest = {game->min_players, 0};
            for (int fixed = 0; status == 0 && fixed <= 1; fixed++)
                status = cli_bench_mcts(&b, &fewest, seed, (int)mcts_iterations, eval_default_version(game), 2, fixed);
        }
    }
    free(b.state);
    free(b.legal);
    free(b.probability);
    return status;
}
