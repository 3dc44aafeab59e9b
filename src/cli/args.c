/*
 * args.c -- what the subcommands of maya share: their usage texts, option
 * parsing ("--name VALUE", "--name=VALUE", flags, --help), numbers, seeds,
 * and looking up a game and its variant by name (see cli.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "bots/eval.h"
#include "bots/level_time.h"
#include "cli/cli.h"
#include "games.h"

/* Usage of every subcommand, in the order of maya help; a text longer
 * than a string literal may be (4095 characters) goes on in the next
 * entries of the same command. */
static const struct cli_usage_text {
    const char *command; /* subcommand name */
    const char *text;    /* its usage lines */
} cli_usage_texts[] = {
    {"play",
     "maya play GAME [--players N] [--variant NAME] [--seats SPECS] [--load FILE]\n"
     "               [--seed S] [--speed MS] [--plain] [--no-hints] [--auto-bot SPEC]\n"
     "    Play in the terminal, full screen (or line by line with --plain, and\n"
     "    whenever the terminal is not one): hot-seat and/or against bots.\n"
     "    --seats: one per seat, comma-separated: human, a level (beginner,\n"
     "    casual, strong, expert), bot (= strong), or a spec random, greedy,\n"
     "    mcts[:options]; default human and bots. --load continues a record;\n"
     "    --seed fixes chance and bots; --speed: pause after each bot action\n"
     "    (default 400 ms full screen); --no-hints: no hints (h, hint) in this\n"
     "    game; --auto-bot: the bot that plays an action for you (a, auto;\n"
     "    default strong). Keys and commands: help in the game.\n"},
    {"selfplay",
     "maya selfplay GAME --players N [--variant NAME] --seed S [--bots SPECS] [--out FILE]\n"
     "              [--date YYYY-MM-DD]\n"
     "    Bots play a whole game; chance and bots are seeded from S.\n"
     "    Prints the record (or writes it to FILE) and the final scores.\n"
     "    --bots: one spec for every seat or one per seat, comma-separated:\n"
     "    random, greedy[:beam=N], mcts[:iterations=N,millis=MS,threads=N,\n"
     "    nodes=N,rollout=N] (default random; millis: a decision's time,\n"
     "    turnmillis=MS: a turn's, shared by its searches); greedy and mcts also take\n"
     "    eval=v1|v2 and plan=1|2 (Tzolk'in: follow the scripted plan policy;\n"
     "    greedy plans only among its actions, mcts ranks them first with 1,\n"
     "    searches only them with 2); mcts also takes playout=N (N actions played\n"
     "    after each leaf by the evaluation's best after one step; -1: until the\n"
     "    searching seat is to act again; -2: until the game's end) and turns=K\n"
     "    (1..24: the tree's edges are the K best whole turns of a seat, found by\n"
     "    a beam search, instead of single actions; the budget is per turn; not\n"
     "    with plan; with turns also rootturns=R, turns..64 of them at the root,\n"
     "    and playturns=1, the playout plays whole turns, found by a beam of\n"
     "    playbeam=B positions, default 12, the best of them or with playtemp=T\n"
     "    one of the 4 best drawn by a softmax of T tenths of a point) and\n"
     "    score=K (0..100: K hundredths of each seat's reward on its own points;\n"
     "    default 0; center=N, 0..64: its gain measured from where N playouts\n"
     "    from the root end, not the root's estimate; default 0; scorescale=P,\n"
     "    1..1000: the gain in points rated 3/4, default 0: the game's) and\n"
     "    fixedshare=1 (with threads: each thread searches a fixed share of the\n"
     "    iterations, the same game for a seed whatever the load; by default the\n"
     "    threads take them from one count and end together); the\n"
     "    Seat tags carry them. A game may give its mcts bots\n"
     "    other defaults (listed below), under the options a spec writes; a spec\n"
     "    that writes turns, plan or eval=v1 keeps the kind's defaults (5000\n"
     "    iterations a decision): mcts:turns=0 is the search over single actions.\n"
     "    --date sets the Date tag (default: today).\n"},
    {"replay",
     "maya replay FILE [--legal] [--board] [--points]\n"
     "    Replays a record through the engine and prints its actions, then\n"
     "    Result \"SCORES\" (recomputed; * if unfinished). --legal prints after each\n"
     "    state its legal actions in byte order of their text; --board prints the\n"
     "    position whenever the player to act changes; --points prints before\n"
     "    the Result each seat's points of each kind of scoring over the game\n"
     "    (points KIND (RULE): S1 S2 ...), after the scores at the start (points\n"
     "    start: ...): they add up to the Result. Errors: FILE:LINE: reason.\n"},
    {"bench",
     "maya bench GAME [--games N | --seconds S] [--seed S] [--perft S] [--mcts N]\n"
     "    Random full games for every player count and variant: games and actions\n"
     "    per second, bytes per state. With --games (default 1000 per setting) the\n"
     "    workload is fixed and its action and legal-action counts are a signature\n"
     "    of the engine; --seconds runs each setting for S seconds instead.\n"
     "    Then perft leaves per second from the start and from the middle of a\n"
     "    two-player game, to the depth taking about S seconds (default 1; 0 skips).\n"
     "    Then MCTS iterations per second on one core, N iterations (default\n"
     "    20000; 0 skips) at each of 8 positions of a random game per player count.\n"
     "maya bench GAME --levels [--games N] [--seed S]\n"
     "    Instead, what a turn of each bot level costs: at every player count,\n"
     "    the level plays every seat of N seeded games (default 2),\n"
     "    one thread; prints the turns' count, mean and longest seconds in the\n"
     "    format of data/bot-turn-times.txt.\n"},
    {"tournament",
     "maya tournament GAME --players N --bots SPECS [--games G] [--variant NAME] [--jobs J]\n"
     "                [--seed S] [--out DIR]\n"
     "    Bots (one spec per entry, as for selfplay) play G games (default 100) with\n"
     "    seats rotated in groups sharing a seed (S, S+1, ...; default 1), on J worker\n"
     "    processes (default: every core). Prints per bot: games, wins (shared wins\n"
     "    split), win rate and Elo with 95% intervals, score mean and spread, time\n"
     "    per move, per turn (a seat's decisions until another seat decides) and of\n"
     "    the longest turn; writes each game's record, results.csv, scores.svg and\n"
     "    summary.txt to DIR (default tournament-GAME-Np[-VARIANT]). With budgets\n"
     "    of iterations a seed plays the same game in every run, so runs of nearby\n"
     "    seeds share games: runs meant to be independent take ranges of seeds\n"
     "    that do not overlap (one bot, --games 40: --seed 1, then --seed 41).\n"},
    {"compare",
     "maya compare BASE NEW [--bot NAME]\n"
     "    Two tournaments of the same seeds compared game by game (e.g. new\n"
     "    weights or a new option against the old, each run as maya tournament\n"
     "    ... --seed S): BASE and NEW are their --out directories or results.csv\n"
     "    files, or several of them joined by commas, pooled (a tournament plays\n"
     "    the seeds S, S+1, ...: a game that two runs played is counted once).\n"
     "    Each game's mean final score over its seats (with --bot, over the seats\n"
     "    of the bot so named in results.csv) is paired with the other side's game\n"
     "    of the same seed and seat rotation; prints the games paired, both sides'\n"
     "    means over them, and the mean difference NEW - BASE with its 95%\n"
     "    interval (1.96 standard errors) and how many games each scored more.\n"},
    {"ladder",
     "maya ladder GAME [--players N] [--variant NAME] [--games G] [--levels LIST]\n"
     "                 [--seed S] [--jobs J] [--out DIR]\n"
     "    The Elo ladder of bot levels (default: the difficulty levels, weakest\n"
     "    first; or a list of level names and specs, weakest first): each two\n"
     "    neighbours play G games of N seats (default 100 games, 2 seats), each\n"
     "    two levels two steps apart G/2, seats rotated and seeded as in a\n"
     "    tournament (every pair plays the seeds S, S+1, ...; default 1), on J\n"
     "    worker processes (default: every core). One Bradley-Terry fit of all\n"
     "    the games (a win 1, a shared win its share) gives each level its Elo\n"
     "    with a 95% interval from the observed information (the first at 0; a\n"
     "    level that won or lost every game against another is capped and said\n"
     "    so), printed with its win rate against the level below, time per\n"
     "    decision and longest turn (a seat's decisions until another seat\n"
     "    decides). Writes each pair's records (DIR/pair-N/games), results.csv\n"
     "    (one line per game) and ladder.csv to DIR (default\n"
     "    ladder-GAME-Np[-VARIANT]).\n"},
    {"train",
     "maya train GAME [--generations G] [--games N] [--iterations I] [--explore P]\n"
     "                [--plans Q] [--ridge R] [--decay D] [--lambda L] [--policy K] [--anchor 1]\n"
     "                [--expert E [--expert-share V] [--expert-mix M]] [--turns K] [--playout N]\n"
     "                [--playbeam B] [--playtemp T] [--score K] [--center N] [--scorescale P]\n"
     "                [--imitate 1 [--teachers N [--teacher-iterations J]]] [--players N]\n"
     "                [--forced F] [--handicap H] [--fit-only FEATURES] [--seed S] [--jobs J]\n"
     "                [--from FILE] [--out FILE]\n"
     "maya train GAME --spsa STEPS [--players N] [--variant NAME] [--pairs K] [--iterations I]\n"
     "                [--signal win|margin] [--turns K] [--playout N]\n"
     "                [--step A] [--perturb C] [--seed S] [--jobs J] [--from FILE] [--out FILE]\n"
     "    Learns the evaluation of GAME from self-play: G generations (default 6)\n"
     "    of N games (default 200, player counts and variants in turn) between\n"
     "    MCTS bots of I iterations per decision (default 1000) that use the\n"
     "    weights learned so far (the first generation the hand-tuned v1, unless\n"
     "    --from gives weights to start from), P% of decisions drawn by visits\n"
     "    (default 10), and from the second generation on Q% of the seats\n"
     "    (default 0) following a plan of the game; after each generation a\n"
     "    ridge fit (penalty R millionths a sample, default 100) of the points\n"
     "    each seat went on to score, on\n"
     "    this generation's games and D% (default 50) of the earlier sums; with\n"
     "    L below 1000 (thousandths, default 1000) the points are the TD(lambda)\n"
     "    return of the playing evaluation's estimates at the decisions that\n"
     "    follow, lambda = L/1000 per decision. --policy 1 or 2: every self-play\n"
     "    bot follows the game's scripted plan policy, as mcts:plan=K does (default\n"
     "    0: none). --anchor 1: the ridge pulls each fit toward the weights that\n"
     "    played its games (e.g. --from's) instead of toward 0. --expert E\n"
     "    (expert-iteration targets): V% of the positions (default 25) are\n"
     "    valued by a deeper search of E iterations, every seat's mean estimate\n"
     "    at its leaves after the action it chooses, and only they are fitted,\n"
     "    to M% (default 50) of that value and the rest of the outcome. --turns K:\n"
     "    the self-play bots search whole turns, K best a node, as mcts:turns=K\n"
     "    (I iterations per turn); --playout N: they play on N actions past each\n"
     "    leaf, -1 to the seat's next turn, -2 to the game's end, as mcts:playout=N;\n"
     "    --playbeam B: the playout's seats play whole turns found by a beam of B,\n"
     "    as mcts:playturns=1,playbeam=B, drawn by a softmax of T tenths of a\n"
     "    point with --playtemp T, as mcts:playtemp=T; --score K: K hundredths\n"
     "    of each seat's reward on its own points, as mcts:score=K; --center N:\n"
     "    measured from where N playouts from the root end, as mcts:center=N;\n"
     "    --scorescale P: that gain rated on a scale of P points, as\n"
     "    mcts:scorescale=P.\n"
     "    --forced F: F% of the seats (default 0) are held to the game's plan\n"
     "    policy where its rules narrow the legal actions. --imitate 1 (with\n"
     "    --turns, --from): fit to the turns the search chose, not the outcomes;\n"
     "    --teachers N (default 1, at most 8): each decision searched by N\n"
     "    searches, each from a new tree, their visits of each turn summed;\n"
     "    --teacher-iterations J: the searches after the deciding one search J\n"
     "    iterations each (default I).\n"
     "    --handicap H: H% of the games (default 0) give one seat one more or\n"
     "    one fewer of what the game's seats must differ in to learn its worth\n"
     "    (Tzolk'in: a worker in hand), outside the rules, early in the game;\n"
     "    the report gives those seats' margins. --fit-only F1,F2,... (with\n"
     "    --anchor 1, --from): the fit moves those features' weights alone.\n"
     "    --players N: games of N seats only. Every tenth game is held out and\n"
     "    its loss printed before and after the fit.\n"
     "    Writes the weights to FILE (default data/weights-GAME.txt, which the\n"
     "    build embeds) after every generation. Same seed, same weights, for any\n"
     "    number of threads J (default: every core).\n"},
    {"train",
     "    With --spsa the weights are tuned by game results instead (SPSA):\n"
     "    STEPS pairs of N-player games (default 2, the game's variants in turn,\n"
     "    or all of variant NAME, seats swapped) between the weights moved +C and\n"
     "    -C hundredths of a point per standard deviation of each feature\n"
     "    (default 200; capped for a feature that rarely differs) in a random\n"
     "    direction, K pairs a step (default 1, at most 8) moving them toward\n"
     "    their winner (gain A hundredths, default 150), or with --signal margin\n"
     "    by the plus seats' points less the others' (10 points a whole win,\n"
     "    clipped); --turns and --playout as above (I iterations a turn). Only\n"
     "    the weights of the games' blocks (Tikal: player count and variant)\n"
     "    move. From --from or from zero\n"
     "    corrections (Tikal: v1); weights made --from a file name the command\n"
     "    that made that file too.\n"},
    {"serve",
     "maya serve [--port 8080] [--bind 127.0.0.1] [--db maya.db | --db postgresql://...]\n"
     "           [--bot-threads N] [--hint-searches N] [--web DIR] [--http-threads N]\n"
     "           [--max-connections N] [--per-address N] [--request-timeout S]\n"
     "           [--idle-timeout S] [--log-lines N] [LIMITS]\n"
     "    The online server: the HTTP/JSON API of docs/api.md for games of every\n"
     "    game, bots in their seats, live updates. Games are kept in a SQLite file\n"
     "    (default maya.db) or a PostgreSQL database shared by several servers.\n"
     "    --port 0 takes any free port; the address is printed. Bots think on N\n"
     "    threads (default: every core). Hints are worked out on N threads of\n"
     "    their own, at most N at once (--hint-searches, default 2; more are\n"
     "    answered 503 busy, 0 none).\n"
     "    --web serves the browser UI from DIR.\n"
     "    Connections are served by --http-threads threads (default 128; an action\n"
     "    waiting for its commit, hints for their search and event streams hold\n"
     "    none; a join or a game's lock holds one). Bounds: --max-connections at once\n"
     "    (default 10000, at most the open-file limit less 256), --per-address\n"
     "    from one client address (default 128); a connection silent for\n"
     "    --request-timeout seconds in an unfinished request is closed (default\n"
     "    10), and one idle between requests after --idle-timeout (default 60);\n"
     "    at most --log-lines lines a second of the HTTP log and of the games' log\n"
     "    (default 10 each), then one line with the count of the rest\n"
     "    (docs/api.md, Limits).\n"
     "    LIMITS of games and bots (docs/api.md; 0: none):\n"
     "    --max-bot-millis 2000, --max-bot-threads 2, --max-bot-iterations 50000,\n"
     "    --max-bot-nodes 200000: the largest bot a game may ask for (else 422);\n"
     "    --max-undos 300: undos one game may store (more: 429); per client\n"
     "    address, --games-per-minute 30 games created a minute (--quota-window 60\n"
     "    seconds: its window) and --open-games\n"
     "    10 of its games waiting for players at once (more: 429); --max-games\n"
     "    10000 games in memory (more: the longest unused that may leave does, else\n"
     "    503); --idle-seconds 600: a game unused so long leaves memory when\n"
     "    nothing is to happen in it (it comes back from the store when asked for,\n"
     "    read without holding a thread); --max-reads 1024 such reads and listings\n"
     "    waiting for the store at once (more: 503).\n"},
    {"loadgen",
     "maya loadgen --url URL [--games N] [--seconds S] [--rate R] [--game GAME]\n"
     "             [--players N] [--variant NAME] [--seed S] [--csv FILE] [--watchers W]\n"
     "             [--whole-views]\n"
     "    Load test of a maya server: N games (default 100; tikal, 2 players unless\n"
     "    told) of human seats only, every seat joined, kept busy at once for S\n"
     "    seconds (default 30): each game draws one legal action of the seat to move\n"
     "    (game k's draws from --seed + k, default 1) and submits it; a game\n"
     "    that ends is replaced. Closed loop by default: each game submits again as\n"
     "    soon as it has its answer. --rate R is open loop, a players' pace: each\n"
     "    game submits R actions a second (e.g. 1; 0.2 is one every 5 s) on a fixed\n"
     "    schedule, and latency counts from when an action was due. Prints the\n"
     "    submissions accepted per second, their latency (p50, p90, p99, max) and\n"
     "    the refused ones by status; --csv appends one line of these figures to\n"
     "    FILE (a header line first if it is new). --watchers W opens W event\n"
     "    streams as spectators of the games (watcher k follows game k mod N, and\n"
     "    its next game) and counts the views, patches and bytes they get; every\n"
     "    100th applies the patches, and the run fails unless its view ends equal\n"
     "    to the whole view the server gives. --whole-views: the watchers ask for\n"
     "    whole views only (events?whole=1).\n"},
    {"help",
     "maya help [COMMAND]\n"
     "    This text (or the usage of one command). Also maya --help.\n"},
};

enum { CLI_USAGE_COUNT = (int)(sizeof cli_usage_texts / sizeof cli_usage_texts[0]) };

/* The difficulty levels for maya play's --seats, each with what it does and
 * what a turn of it costs in each game (bots/level_time.h). */
static void cli_usage_levels(FILE *out)
{
    int count;
    const bot_level *levels = bot_levels(&count);
    fputs("    Levels, weakest first, and the time a turn took where measured\n"
          "    (data/bot-turn-times.txt; maya bench GAME --levels):\n", out);
    for (int i = 0; i < count; i++) {
        fprintf(out, "      %-9s %s\n", levels[i].name, levels[i].description);
        for (int g = 0; g < games_count(); g++) {
            const game_def *game = games_at(g);
            fprintf(out, "                %s (%s):", game->name, bot_level_spec(game, i));
            for (int players = game->min_players; players <= game->max_players; players++) {
                level_time figure;
                char text[64];
                if (level_time_measured(level_time_data(), game, players, levels[i].name, &figure) != 0)
                    continue;
                level_time_describe(figure.mean, text, sizeof text);
                fprintf(out, " %d players %s;", players, text);
            }
            fputc('\n', out);
        }
    }
}

/* Each game's own defaults of its mcts bots by the variant and the number
 * of seats (the games' registry, bots/eval.h). */
static void cli_usage_game_defaults(FILE *out)
{
    fputs("    The games' own defaults of mcts:\n", out);
    for (int g = 0; g < games_count(); g++) {
        const game_def *game = games_at(g);
        int variants = games_variant_options(game);
        for (int variant = 0; variant < variants; variant++)
            for (int players = game->min_players; players <= game->max_players; players++) {
                const char *options = eval_mcts_options(game, &(game_options){players, variant});
                const char *name = games_variant_name(game, variant);
                if (options != NULL)
                    fprintf(out, "      %s%s%s, %d players: mcts = mcts:%s\n", game->name, name ? " " : "",
                            name ? name : "", players, options);
            }
    }
}

int cli_usage(FILE *out, const char *command)
{
    int found = command == NULL;
    for (int i = 0; i < CLI_USAGE_COUNT; i++)
        found |= command != NULL && strcmp(command, cli_usage_texts[i].command) == 0;
    if (!found)
        return -1;
    if (command == NULL) {
        fputs("maya -- Tikal and Tzolk'in: play, self-play, replays, benchmarks, server.\n\nUsage:\n", out);
        fputs("  GAME is one of:", out);
        for (int i = 0; i < games_count(); i++)
            fprintf(out, " %s", games_at(i)->name);
        fputs("\n\n", out);
    }
    for (int i = 0; i < CLI_USAGE_COUNT; i++)
        if (command == NULL || strcmp(command, cli_usage_texts[i].command) == 0) {
            fputs(cli_usage_texts[i].text, out);
            if (command != NULL && strcmp(command, "play") == 0)
                cli_usage_levels(out);
            if (command != NULL && strcmp(command, "selfplay") == 0)
                cli_usage_game_defaults(out);
        }
    return 0;
}

int cli_parse(const char *command, int argc, char **argv, const cli_option *options, int option_count,
              const char **positional, int positional_max, int *positional_count)
{
    *positional_count = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            cli_usage(stdout, command);
            return CLI_HELPED;
        }
        if (arg[0] != '-' || arg[1] == '\0') {
            if (*positional_count == positional_max) {
                fprintf(stderr, "maya %s: unexpected argument \"%s\"\n", command, arg);
                return CLI_USAGE;
            }
            positional[(*positional_count)++] = arg;
            continue;
        }
        const char *equals = strchr(arg, '=');
        size_t name_len = equals != NULL ? (size_t)(equals - arg) : strlen(arg);
        const cli_option *option = NULL;
        for (int k = 0; k < option_count; k++)
            if (strlen(options[k].name) == name_len && strncmp(options[k].name, arg, name_len) == 0)
                option = &options[k];
        if (option == NULL) {
            fprintf(stderr, "maya %s: unknown option \"%.*s\" (see maya help %s)\n", command, (int)name_len, arg,
                    command);
            return CLI_USAGE;
        }
        if (!option->takes_value) {
            if (equals != NULL) {
                fprintf(stderr, "maya %s: option %s takes no value\n", command, option->name);
                return CLI_USAGE;
            }
            *option->value = "1";
        } else if (equals != NULL)
            *option->value = equals + 1;
        else if (i + 1 < argc)
            *option->value = argv[++i];
        else {
            fprintf(stderr, "maya %s: option %s needs a value\n", command, option->name);
            return CLI_USAGE;
        }
    }
    return 0;
}

int cli_parse_number(const char *command, const char *what, const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (text[0] == '\0' || *end != '\0' || errno != 0 || value < min || value > max) {
        fprintf(stderr, "maya %s: %s must be a number from %ld to %ld, not \"%s\"\n", command, what, min, max,
                text);
        return CLI_USAGE;
    }
    *out = value;
    return 0;
}

int cli_parse_seed(const char *command, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0) {
        fprintf(stderr, "maya %s: --seed must be a whole number from 0 to 2^64-1, not \"%s\"\n", command, text);
        return CLI_USAGE;
    }
    *out = (uint64_t)value;
    return 0;
}

int cli_find_game(const char *command, const char *name, const game_def **game)
{
    *game = games_find(name);
    if (*game != NULL)
        return 0;
    char names[256];
    games_names(" ", names, sizeof names);
    fprintf(stderr, "maya %s: unknown game \"%s\" (games: %s)\n", command, name, names);
    return CLI_USAGE;
}

int cli_find_variant(const char *command, const game_def *game, const char *variant_name, int *variant)
{
    *variant = 0;
    if (variant_name == NULL)
        return 0;
    int count = games_variant_count(game);
    if (count == 0) {
        fprintf(stderr, "maya %s: %s has no variants\n", command, game->name);
        return CLI_USAGE;
    }
    *variant = games_variant_find(game, variant_name);
    if (*variant >= 0)
        return 0;
    fprintf(stderr, "maya %s: unknown variant \"%s\" of %s (variants:", command, variant_name, game->name);
    for (int i = 0; i < count; i++)
        fprintf(stderr, " %s", game->variants[i]);
    fputs(")\n", stderr);
    return CLI_USAGE;
}
