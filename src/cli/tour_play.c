/*
 * tour_play.c -- playing the games of a tournament between bots (see
 * tour_play.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/tour_play.h"
#include "match.h"
#include "record/record.h"
#include "timer.h"

int tour_play_match(match *m, bot **bots, rng *chance, tourney_game *out, char *why, size_t why_len)
{
    const game_def *game = m->game;
    void *view = malloc(game->state_size);
    if (view == NULL) {
        snprintf(why, why_len, "out of memory");
        return CLI_FAIL;
    }
    int status = 0;
    int last = -1;        /* seat of the last decision */
    double turn_time = 0; /* deciding time of last's current turn */
    while (status == 0) {
        int player = match_current_player(m);
        if (player == GAME_TERMINAL)
            break;
        int action;
        if (player == GAME_CHANCE)
            action = match_sample_chance(m, chance);
        else {
            game->observation(m->state, player, view);
            double start = timer_now();
            action = bot_choose(bots[player], view, player);
            double spent = timer_now() - start;
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
        if (action < 0 || m->count >= game->max_game_length || match_apply(m, action, why, why_len) != 0) {
            char reason[256];
            snprintf(reason, sizeof reason, "%s", why[0] ? why : "no legal action or game too long");
            snprintf(why, why_len, "error after %d actions: %s", m->count, reason);
            status = CLI_FAIL;
        }
    }
    free(view);
    return status;
}

/* Play game k; its result in *out, its record in DIR/games. 0 or CLI_FAIL
 * (message printed). */
static int tour_game(const tour_setup *t, long k, tourney_game *out)
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
        fprintf(stderr, "maya %s: %s\n", t->command, why);
        return CLI_FAIL;
    }
    int status = 0;
    for (int s = 0; status == 0 && s < players; s++) {
        out->entry[s] = (s + out->rotation) % t->entries;
        bot_settings one = t->bots[out->entry[s]];
        one.seed = rng_next(&seeds);
        if ((bots[s] = bot_new(game, &one, why, sizeof why)) == NULL) {
            fprintf(stderr, "maya %s: %s\n", t->command, why);
            status = CLI_FAIL;
        }
    }
    if (status == 0 && (status = tour_play_match(&m, bots, &chance, out, why, sizeof why)) != 0)
        fprintf(stderr, "maya %s: game %ld: %s\n", t->command, k + 1, why);
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
            fprintf(stderr, "maya %s: cannot write %s\n", t->command, path);
            status = CLI_FAIL;
        }
        if (f != NULL && fclose(f) != 0)
            status = CLI_FAIL;
    }
    for (int s = 0; s < players; s++)
        bot_free(bots[s]);
    match_free(&m);
    return status;
}

/* A worker's loop: its share of the games, one result line each on fd. */
static int tour_worker(const tour_setup *t, int worker, int jobs, int fd)
{
    for (long k = worker; k < t->games; k += jobs) {
        tourney_game g;
        if (tour_game(t, k, &g) != 0)
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
static int tour_parse(const tour_setup *t, char *line, tourney_game *games)
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
static void tour_progress(long done, long total, double elapsed)
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
int tour_file(const char *command, const char *dir, const char *name, FILE **out)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    *out = fopen(path, "w");
    if (*out == NULL) {
        fprintf(stderr, "maya %s: cannot write %s: %s\n", command, path, strerror(errno));
        return CLI_FAIL;
    }
    return 0;
}

int tour_mkdir(const char *command, const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "maya %s: cannot create %s: %s\n", command, path, strerror(errno));
        return CLI_FAIL;
    }
    return 0;
}

/* Play every game with jobs workers; fills games; 0 or CLI_FAIL. */
int tour_run(const tour_setup *t, int jobs, tourney_game *games)
{
    int fds[2];
    if (pipe(fds) != 0) {
        fprintf(stderr, "maya %s: pipe: %s\n", t->command, strerror(errno));
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
            int status = tour_worker(t, started, jobs, fds[1]);
            close(fds[1]);
            _exit(status);
        }
        pids[started] = pid;
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    long done = 0;
    int status = started == jobs && in != NULL ? 0 : CLI_FAIL;
    double start = timer_now();
    char line[512];
    tour_progress(0, t->games, 0);
    while (in != NULL && fgets(line, sizeof line, in) != NULL) {
        if (tour_parse(t, line, games) != 0) {
            fprintf(stderr, "\nmaya %s: bad result from a worker: %s", t->command, line);
            status = CLI_FAIL;
            continue;
        }
        done++;
        tour_progress(done, t->games, timer_now() - start);
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
        fprintf(stderr, "maya %s: %ld of %ld games reported\n", t->command, done, t->games);
        status = CLI_FAIL;
    }
    return status;
}


void tour_date(char date[11])
{
    time_t now = time(NULL);
    struct tm local;
    if (localtime_r(&now, &local) == NULL || strftime(date, 11, "%Y-%m-%d", &local) != 10)
        memcpy(date, "1970-01-01", 11);
}
