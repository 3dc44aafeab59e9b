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
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bots/random.h"
#include "cli/cli.h"
#include "games.h"
#include "match.h"

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

static double cli_bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

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
    double start = cli_bench_now();
    for (long k = 0; games == 0 || k < games; k++) {
        if (cli_bench_game(b, options, seed + (uint64_t)k, tally) != 0)
            return CLI_FAIL;
        if (games == 0 && (k & 15) == 15 && cli_bench_now() - start >= seconds)
            break;
    }
    tally->seconds = cli_bench_now() - start;
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
    const char *games_text = NULL, *seconds_text = NULL, *seed_text = NULL;
    const cli_option options[] = {
        {"--games", 1, &games_text}, {"--seconds", 1, &seconds_text}, {"--seed", 1, &seed_text}};
    const char *positional[1];
    int positional_count;
    int status = cli_parse("bench", argc, argv, options, 3, positional, 1, &positional_count);
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
    long games = 1000, seconds = 0;
    uint64_t seed = 1;
    if ((status = cli_find_game("bench", positional[0], &game)) != 0 ||
        (games_text != NULL &&
         (status = cli_parse_number("bench", "--games", games_text, 1, 100000000, &games)) != 0) ||
        (seconds_text != NULL &&
         (status = cli_parse_number("bench", "--seconds", seconds_text, 1, 86400, &seconds)) != 0) ||
        (seed_text != NULL && (status = cli_parse_seed("bench", seed_text, &seed)) != 0))
        return status;
    if (seconds_text != NULL)
        games = 0;

    cli_bench_run b = {game, malloc(game->state_size), malloc((size_t)game->max_legal * sizeof(int)),
                       malloc((size_t)game->max_legal * sizeof(double))};
    if (b.state == NULL || b.legal == NULL || b.probability == NULL) {
        fputs("maya bench: out of memory\n", stderr);
        status = CLI_FAIL;
    } else {
        printf("%s: %zu bytes per state; %s seed %llu\n", game->name, game->state_size,
               games ? "fixed workload," : "timed run,", (unsigned long long)seed);
        if (games)
            printf("%ld games per setting\n", games);
        printf("%-16s %8s %12s %14s %9s %10s %12s\n", "setting", "games", "actions", "legal", "seconds", "games/s",
               "actions/s");
        cli_bench_tally total;
        memset(&total, 0, sizeof total);
        int variants = games_variant_count(game);
        for (int players = game->min_players; status == 0 && players <= game->max_players; players++)
            for (int variant = 0; status == 0 && variant < (variants ? variants : 1); variant++) {
                game_options setting = {players, variant};
                cli_bench_tally tally;
                status = cli_bench_setting(&b, &setting, seed, games, (double)seconds, &tally);
                if (status != 0)
                    break;
                char label[64];
                snprintf(label, sizeof label, "%dp%s%s", players, variants ? " " : "", variants ? game->variants[variant] : "");
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
    }
    free(b.state);
    free(b.legal);
    free(b.probability);
    return status;
}
