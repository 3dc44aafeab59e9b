/*
 * tournament.c -- maya tournament: bots play many games of one game and
 * player count, seats rotated, in parallel worker processes; the table of
 * results (tourney.h) goes to stdout, a progress bar with ETA to stderr,
 * and DIR receives every game's record, results.csv, scores.svg and the
 * table (summary.txt), so results can be looked at and checked again.
 *
 * Pairing: with m bots in the list, games come in groups of m that share a
 * seed (S + group): in rotation r of a group seat s is played by bot
 * (s + r) mod m, so each bot sits in each seat position with the same
 * chance seed and the same bot seeds. Within a game, a generator seeded with
 * the group seed gives the chance seed, then the bots' seeds in seat order.
 * Game k (0-based) is in group k / m, rotation k mod m; worker w of J plays
 * the games k with k mod J = w and reports each result on a shared pipe as
 * one short line (atomic below PIPE_BUF).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bots/bot.h"
#include "cli/cli.h"
#include "cli/tourney.h"
#include "games.h"
#include "match.h"
#include "record/record.h"

/* What every worker needs to play its games. */
typedef struct cli_tour {
    const game_def *game;                      /* the rules */
    game_options options;                      /* players and variant */
    bot_settings bots[TOURNEY_ENTRIES_MAX];    /* the entries */
    char names[TOURNEY_ENTRIES_MAX][128];      /* their specs, as in the Seat tags */
    int entries;                               /* bots in the list */
    long games;                                /* games to play */
    uint64_t seed;                             /* seed of group 0 */
    const char *dir;                           /* output directory */
    char date[11];                             /* Date tag of the records */
} cli_tour;

static double cli_tour_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Play game k; its result in *out, its record in DIR/games. 0 or CLI_FAIL
 * (message printed). */
static int cli_tour_game(const cli_tour *t, long k, tourney_game *out)
{
    const game_def *game = t->game;
    int players = t->options.players;
    memset(out, 0, sizeof *out);
    out->index = (int)k;
    out->rotation = (int)(k % t->entries);
    out->seed = t->seed + (uint64_t)(k / t->entries);
    out->players = players;
    rng seeds, chance;
    rng_seed(&seeds, out->seed);
    rng_seed(&chance, rng_next(&seeds));
    bot *bots[GAME_MAX_PLAYERS] = {NULL};
    match m;
    char why[256] = "";
    if (match_init(&m, game, &t->options, why, sizeof why) != 0) {
        fprintf(stderr, "maya tournament: %s\n", why);
        return CLI_FAIL;
    }
    void *view = malloc(game->state_size);
    int status = view == NULL ? CLI_FAIL : 0;
    for (int s = 0; status == 0 && s < players; s++) {
        out->entry[s] = (s + out->rotation) % t->entries;
        bot_settings one = t->bots[out->entry[s]];
        one.seed = rng_next(&seeds);
        if ((bots[s] = bot_new(game, &one, why, sizeof why)) == NULL) {
            fprintf(stderr, "maya tournament: %s\n", why);
            status = CLI_FAIL;
        }
    }
    int last = -1;        /* seat of the last decision */
    double turn_time = 0; /* deciding time of last's current turn */
    while (status == 0) {
        int player = match_current_player(&m);
        if (player == GAME_TERMINAL)
            break;
        int action;
        if (player == GAME_CHANCE)
            action = match_sample_chance(&m, &chance);
        else {
            game->observation(m.state, player, view);
            double start = cli_tour_now();
            action = bot_choose(bots[player], view, player);
            double spent = cli_tour_now() - start;
            out->seconds[player] += spent;
            out->moves[player]++;
            if (player != last) {
                out->turns[player]++;
                turn_time = 0;
                last = player;
            }
            turn_time += spent;
            if (turn_time > out->turn_max[player])
                out->turn_max[player] = turn_time;
        }
        why[0] = '\0';
        if (action < 0 || m.count >= game->max_game_length || match_apply(&m, action, why, sizeof why) != 0) {
            fprintf(stderr, "maya tournament: game %ld: error after %d actions: %s\n", k + 1, m.count,
                    why[0] ? why : "no legal action or game too long");
            status = CLI_FAIL;
        }
    }
    if (status == 0) {
        game->scores(m.state, out->score);
        out->winners = game->winners(m.state);
        char path[4096], seat_tags[GAME_MAX_PLAYERS][16], seed_text[32], game_text[32];
        record_tag tags[GAME_MAX_PLAYERS + 3];
        int n = 0;
        for (int s = 0; s < players; s++) {
            snprintf(seat_tags[s], sizeof seat_tags[s], "Seat%d", s + 1);
            tags[n++] = (record_tag){seat_tags[s], t->names[out->entry[s]], 0};
        }
        snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)out->seed);
        snprintf(game_text, sizeof game_text, "%ld", k + 1);
        tags[n++] = (record_tag){"Date", t->date, 0};
        tags[n++] = (record_tag){"Round", game_text, 0};
        tags[n++] = (record_tag){"Seed", seed_text, 0};
        snprintf(path, sizeof path, "%s/games/game-%05ld.rec", t->dir, k + 1);
        FILE *f = fopen(path, "w");
        if (f == NULL || record_write(f, &m, tags, n) != 0) {
            fprintf(stderr, "maya tournament: cannot write %s\n", path);
            status = CLI_FAIL;
        }
        if (f != NULL && fclose(f) != 0)
            status = CLI_FAIL;
    }
    for (int s = 0; s < players; s++)
        bot_free(bots[s]);
    free(view);
    match_free(&m);
    return status;
}

/* A worker's loop: its share of the games, one result line each on fd. */
static int cli_tour_worker(const cli_tour *t, int worker, int jobs, int fd)
{
    for (long k = worker; k < t->games; k += jobs) {
        tourney_game g;
        if (cli_tour_game(t, k, &g) != 0)
            return CLI_FAIL;
        char line[512];
        int len = snprintf(line, sizeof line, "%ld %d", k, (int)g.winners);
        for (int s = 0; s < g.players; s++)
            len += snprintf(line + len, sizeof line - (size_t)len, " %d %d %.6f %d %.6f", g.score[s], g.moves[s],
                            g.seconds[s], g.turns[s], g.turn_max[s]);
        line[len++] = '\n';
        if (write(fd, line, (size_t)len) != len)
            return CLI_FAIL;
    }
    return 0;
}

/* Fill game k's result from a worker's line; 0 or -1 if malformed. */
static int cli_tour_parse(const cli_tour *t, char *line, tourney_game *games)
{
    char *p = line, *end;
    long k = strtol(p, &end, 10);
    if (end == p || k < 0 || k >= t->games)
        return -1;
    tourney_game *g = &games[k];
    memset(g, 0, sizeof *g);
    g->index = (int)k;
    g->rotation = (int)(k % t->entries);
    g->seed = t->seed + (uint64_t)(k / t->entries);
    g->players = t->options.players;
    g->winners = (unsigned)strtoul(end, &p, 10);
    for (int s = 0; s < g->players; s++) {
        g->entry[s] = (s + g->rotation) % t->entries;
        g->score[s] = (int)strtol(p, &end, 10);
        g->moves[s] = (int)strtol(end, &p, 10);
        g->seconds[s] = strtod(p, &end);
        g->turns[s] = (int)strtol(end, &p, 10);
        g->turn_max[s] = strtod(p, &end);
        if (end == p)
            return -1;
        p = end;
    }
    return 0;
}

/* The progress bar (on a terminal), or a line per tenth of the games. */
static void cli_tour_progress(long done, long total, double elapsed)
{
    if (!isatty(STDERR_FILENO)) {
        if (total >= 10 && done % (total / 10) == 0 && done > 0)
            fprintf(stderr, "%ld/%ld games, %.0fs elapsed\n", done, total, elapsed);
        return;
    }
    enum { BAR = 30 };
    char bar[BAR + 1];
    int filled = total > 0 ? (int)(BAR * done / total) : BAR;
    for (int i = 0; i < BAR; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[BAR] = '\0';
    double eta = done > 0 ? elapsed * (double)(total - done) / (double)done : 0;
    fprintf(stderr, "\r[%s] %ld/%ld games, %.0fs elapsed, ETA %dm%02ds ", bar, done, total, elapsed,
            (int)eta / 60, (int)eta % 60);
    fflush(stderr);
}

/* Write FILE in DIR with one of the writers. */
static int cli_tour_file(const char *dir, const char *name, FILE **out)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    *out = fopen(path, "w");
    if (*out == NULL) {
        fprintf(stderr, "maya tournament: cannot write %s: %s\n", path, strerror(errno));
        return CLI_FAIL;
    }
    return 0;
}

static int cli_tour_mkdir(const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "maya tournament: cannot create %s: %s\n", path, strerror(errno));
        return CLI_FAIL;
    }
    return 0;
}

/* Play every game with jobs workers; fills games; 0 or CLI_FAIL. */
static int cli_tour_run(const cli_tour *t, int jobs, tourney_game *games)
{
    int fds[2];
    if (pipe(fds) != 0) {
        perror("maya tournament: pipe");
        return CLI_FAIL;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pids[256];
    int started = 0;
    for (; started < jobs; started++) {
        pid_t pid = fork();
        if (pid < 0)
            break;
        if (pid == 0) {
            close(fds[0]);
            int status = cli_tour_worker(t, started, jobs, fds[1]);
            close(fds[1]);
            _exit(status);
        }
        pids[started] = pid;
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    long done = 0;
    int status = started == jobs && in != NULL ? 0 : CLI_FAIL;
    double start = cli_tour_now();
    char line[512];
    cli_tour_progress(0, t->games, 0);
    while (in != NULL && fgets(line, sizeof line, in) != NULL) {
        if (cli_tour_parse(t, line, games) != 0) {
            fprintf(stderr, "\nmaya tournament: bad result from a worker: %s", line);
            status = CLI_FAIL;
            continue;
        }
        done++;
        cli_tour_progress(done, t->games, cli_tour_now() - start);
    }
    if (isatty(STDERR_FILENO))
        fputc('\n', stderr);
    if (in != NULL)
        fclose(in);
    else
        close(fds[0]);
    for (int i = 0; i < started; i++) {
        int ws;
        if (waitpid(pids[i], &ws, 0) < 0 || !WIFEXITED(ws) || WEXITSTATUS(ws) != 0)
            status = CLI_FAIL;
    }
    if (status == 0 && done != t->games) {
        fprintf(stderr, "maya tournament: %ld of %ld games reported\n", done, t->games);
        status = CLI_FAIL;
    }
    return status;
}

int cli_tournament(int argc, char **argv)
{
    const char *players_text = NULL, *variant_text = NULL, *seed_text = NULL, *bots_text = NULL;
    const char *games_text = NULL, *jobs_text = NULL, *out_dir = NULL;
    const cli_option options[] = {
        {"--players", 1, &players_text}, {"--variant", 1, &variant_text}, {"--seed", 1, &seed_text},
        {"--bots", 1, &bots_text},       {"--games", 1, &games_text},     {"--jobs", 1, &jobs_text},
        {"--out", 1, &out_dir},
    };
    const char *positional[1];
    int positional_count;
    int status = cli_parse("tournament", argc, argv, options, (int)(sizeof options / sizeof options[0]),
                           positional, 1, &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 1 || players_text == NULL || bots_text == NULL) {
        fputs("maya tournament: GAME, --players and --bots are required\n", stderr);
        cli_usage(stderr, "tournament");
        return CLI_USAGE;
    }
    static cli_tour t;
    memset(&t, 0, sizeof t);
    long players, games = 100, jobs = sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs < 1)
        jobs = 1;
    t.seed = 1;
    if ((status = cli_find_game("tournament", positional[0], &t.game)) != 0 ||
        (status = cli_parse_number("tournament", "--players", players_text, t.game->min_players,
                                   t.game->max_players, &players)) != 0 ||
        (status = cli_find_variant("tournament", t.game, variant_text, &t.options.variant)) != 0 ||
        (games_text != NULL &&
         (status = cli_parse_number("tournament", "--games", games_text, 1, 1000000, &games)) != 0) ||
        (jobs_text != NULL && (status = cli_parse_number("tournament", "--jobs", jobs_text, 1, 256, &jobs)) != 0) ||
        (seed_text != NULL && (status = cli_parse_seed("tournament", seed_text, &t.seed)) != 0))
        return status;
    t.options.players = (int)players;
    t.games = games;
    char why[256] = "";
    t.entries = bot_parse_list(bots_text, t.bots, TOURNEY_ENTRIES_MAX, why, sizeof why);
    if (t.entries < 0) {
        fprintf(stderr, "maya tournament: --bots: %s\n", why);
        return CLI_USAGE;
    }
    const char *names[TOURNEY_ENTRIES_MAX];
    for (int e = 0; e < t.entries; e++) {
        bot_spec(&t.bots[e], t.names[e], sizeof t.names[e]);
        for (int f = 0; f < e; f++)
            if (strcmp(t.names[f], t.names[e]) == 0) {
                size_t len = strlen(t.names[e]);
                snprintf(t.names[e] + len, sizeof t.names[e] - len, " #%d", e + 1);
                break;
            }
        names[e] = t.names[e];
    }
    if (jobs > games)
        jobs = games;
    char variant_part[40] = "";
    if (games_variant_count(t.game) > 0)
        snprintf(variant_part, sizeof variant_part, "-%s", t.game->variants[t.options.variant]);
    char default_dir[128];
    snprintf(default_dir, sizeof default_dir, "tournament-%s-%dp%s", t.game->name, t.options.players, variant_part);
    t.dir = out_dir != NULL ? out_dir : default_dir;
    time_t now = time(NULL);
    struct tm local;
    if (localtime_r(&now, &local) == NULL || strftime(t.date, sizeof t.date, "%Y-%m-%d", &local) != 10)
        memcpy(t.date, "1970-01-01", 11);
    char games_dir[4096];
    snprintf(games_dir, sizeof games_dir, "%s/games", t.dir);
    if (cli_tour_mkdir(t.dir) != 0 || cli_tour_mkdir(games_dir) != 0)
        return CLI_FAIL;

    tourney_game *results = calloc((size_t)games, sizeof *results);
    if (results == NULL) {
        fputs("maya tournament: out of memory\n", stderr);
        return CLI_FAIL;
    }
    double start = cli_tour_now();
    status = cli_tour_run(&t, (int)jobs, results);
    double wall = cli_tour_now() - start;
    if (status == 0) {
        tourney_summary summary[TOURNEY_ENTRIES_MAX];
        tourney_summarize(results, (int)games, t.entries, summary);
        char title[256];
        snprintf(title, sizeof title, "%s %dp%s, %ld games, seed %llu: final scores", t.game->name,
                 t.options.players, variant_part, games, (unsigned long long)t.seed);
        FILE *f;
        for (int pass = 0; pass < 2; pass++) {
            FILE *out = stdout;
            if (pass == 1 && cli_tour_file(t.dir, "summary.txt", &out) != 0) {
                status = CLI_FAIL;
                break;
            }
            fprintf(out, "%s %dp%s: %ld games, seed %llu, %ld jobs, %.1f s\n", t.game->name, t.options.players,
                    variant_part, games, (unsigned long long)t.seed, jobs, wall);
            tourney_print_table(out, summary, names, t.entries);
            if (pass == 1)
                fclose(out);
        }
        if (status == 0 && cli_tour_file(t.dir, "results.csv", &f) == 0) {
            tourney_write_csv(f, results, (int)games, names);
            fclose(f);
        } else
            status = CLI_FAIL;
        if (status == 0 && cli_tour_file(t.dir, "scores.svg", &f) == 0) {
            tourney_write_svg(f, results, (int)games, names, t.entries, title);
            fclose(f);
        } else
            status = CLI_FAIL;
        if (status == 0)
            printf("records, results.csv, scores.svg and summary.txt in %s\n", t.dir);
    }
    free(results);
    return status;
}
