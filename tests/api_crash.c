/*
 * api_crash.c -- the crash test of `maya serve`: no acknowledged action may
 * be lost when the server is killed with SIGKILL, and every game must go on
 * after a restart.
 *
 *   api_crash play URL FILE GAMES SECONDS
 *     creates GAMES two-seat games (Tikal and Tzolk'in in turn), joins both
 *     seats, then plays them all at once on several threads, writing every
 *     acknowledged action to FILE as it arrives, until the server stops
 *     answering (exit 0) or SECONDS pass without that (exit 1).
 *   api_crash check URL FILE
 *     after the restart: every acknowledged action is in its game's log at
 *     its place, every game's state number is at least the last one
 *     acknowledged, and every game is played on to its end.
 *
 * Run by tests/cli/server_crash.sh.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "client/client.h"
#include "rng.h"

enum { MAX_GAMES = 256, PLAYERS = 2, THREADS = 4 };

typedef struct crash_game {
    int64_t id;                             /* the game */
    char token[PLAYERS][CLIENT_TOKEN_MAX];  /* its seats' tokens */
    int64_t acked;                          /* last acknowledged state number (check) */
    int finished;                           /* 1 once over */
} crash_game;

typedef struct crash_run {
    const char *url;                  /* the server */
    FILE *out;                        /* the acknowledgement file */
    pthread_mutex_t out_lock;         /* guards out and server_gone */
    crash_game games[MAX_GAMES];      /* the games */
    int count;                        /* games in use */
    int server_gone;                  /* 1 once a request found no server */
    time_t deadline;                  /* give up at this time */
} crash_run;

typedef struct crash_worker {
    crash_run *run;  /* shared */
    int first;       /* games first, first + THREADS, ... are this worker's */
    uint64_t seed;   /* seed of its choices */
} crash_worker;

/* The token's seat plays one random legal action of game g. CLIENT_OK with
 * *line set to the acknowledged line (index, text) and *version to the new
 * state number; else the client's error. */
static int play_one(client *c, rng *r, const crash_game *g, int seat, int64_t version, int64_t *new_version,
                    int64_t *index, char *text, size_t text_len, char *why, size_t why_len)
{
    json_t *legal = NULL, *answer = NULL;
    const json_t *actions, *line;
    int rc = client_legal(c, g->id, g->token[seat], NULL, &legal, why, why_len);

    if (rc != CLIENT_OK)
        return rc;
    actions = json_object_get(legal, "actions");
    if (json_array_size(actions) == 0) {
        json_decref(legal);
        snprintf(why, why_len, "no legal action");
        return CLIENT_EBODY;
    }
    snprintf(text, text_len, "%s",
             client_json_string(json_array_get(actions, rng_below(r, json_array_size(actions))), "text"));
    json_decref(legal);
    rc = client_act(c, g->id, g->token[seat], version, text, new_version, &answer, why, why_len);
    if (rc == CLIENT_OK) {
        line = json_array_get(json_object_get(answer, "applied"), 0);
        client_json_int(line, "index", index);
        snprintf(text, text_len, "%s", client_json_string(line, "text"));
    }
    json_decref(answer);
    return rc;
}

/* The seat to move of game g and the state number; -1 when over. */
static int to_move(client *c, const crash_game *g, int64_t *version, char *why, size_t why_len, int *rc)
{
    json_t *view = NULL;
    int seat;

    *rc = client_view(c, g->id, g->token[0], &view, why, why_len);
    if (*rc != CLIENT_OK)
        return -1;
    client_json_int(view, "version", version);
    seat = strcmp(client_json_string(view, "status"), "finished") == 0 ? -1 : client_json_to_move(view);
    json_decref(view);
    return seat;
}

static void *play_worker(void *arg)
{
    crash_worker *w = arg;
    crash_run *run = w->run;
    client *c = client_new(run->url);
    rng r;
    char why[512], text[128];

    rng_seed(&r, w->seed);
    while (time(NULL) < run->deadline) {
        int progress = 0;
        for (int i = w->first; i < run->count; i += THREADS) {
            crash_game *g = &run->games[i];
            int64_t version = 0, next = 0, index = -1;
            int rc, seat, gone;
            if (g->finished)
                continue;
            seat = to_move(c, g, &version, why, sizeof why, &rc);
            if (rc == CLIENT_OK && seat < 0) {
                g->finished = 1;
                continue;
            }
            if (rc == CLIENT_OK)
                rc = play_one(c, &r, g, seat, version, &next, &index, text, sizeof text, why, sizeof why);
            pthread_mutex_lock(&run->out_lock);
            if (rc == CLIENT_OK) {
                fprintf(run->out, "ack %lld %d %lld %lld %s\n", (long long)g->id, seat, (long long)index,
                        (long long)next, text);
                fflush(run->out);
                progress = 1;
            } else if (rc == CLIENT_ENET) {
                run->server_gone = 1;
            } else {
                fprintf(stderr, "api_crash: game %lld: %s\n", (long long)g->id, why);
            }
            gone = run->server_gone;
            pthread_mutex_unlock(&run->out_lock);
            if (gone)
                goto done;
        }
        if (!progress) { /* every game of this worker is over */
            struct timespec pause = {0, 50000000};
            nanosleep(&pause, NULL);
        }
    }
done:
    client_free(c);
    return NULL;
}

static int play(const char *url, const char *file, int games, int seconds)
{
    crash_run *run = calloc(1, sizeof *run);
    client *c = client_new(url);
    crash_worker workers[THREADS];
    pthread_t threads[THREADS];
    char why[512];
    int gone;

    run->url = url;
    run->out = fopen(file, "w");
    pthread_mutex_init(&run->out_lock, NULL);
    if (run->out == NULL || c == NULL || games < 1 || games > MAX_GAMES) {
        fprintf(stderr, "api_crash: cannot start (file %s, %d games)\n", file, games);
        return 1;
    }
    for (int i = 0; i < games; i++) {
        crash_game *g = &run->games[i];
        if (client_create_game(c, i % 2 ? "tzolkin" : "tikal", NULL, PLAYERS, NULL, &g->id, NULL, why,
                               sizeof why) != CLIENT_OK ||
            client_join(c, g->id, 0, NULL, NULL, g->token[0], sizeof g->token[0], why, sizeof why) != CLIENT_OK ||
            client_join(c, g->id, 1, NULL, NULL, g->token[1], sizeof g->token[1], why, sizeof why) != CLIENT_OK) {
            fprintf(stderr, "api_crash: creating game %d: %s\n", i, why);
            return 1;
        }
        fprintf(run->out, "game %lld %s %s\n", (long long)g->id, g->token[0], g->token[1]);
        run->count++;
    }
    fflush(run->out);
    client_free(c);
    run->deadline = time(NULL) + seconds;
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (crash_worker){run, t, 1000u + (uint64_t)t};
        pthread_create(&threads[t], NULL, play_worker, &workers[t]);
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(threads[t], NULL);
    gone = run->server_gone;
    fclose(run->out);
    free(run);
    if (!gone)
        fprintf(stderr, "api_crash: the server was still answering after %d s\n", seconds);
    return gone ? 0 : 1;
}

static crash_game *find(crash_run *run, int64_t id)
{
    for (int i = 0; i < run->count; i++)
        if (run->games[i].id == id)
            return &run->games[i];
    return NULL;
}

static int check(const char *url, const char *file)
{
    crash_run *run = calloc(1, sizeof *run);
    client *c = client_new(url);
    FILE *in = fopen(file, "r");
    char line[512], why[512], text[128];
    long acks = 0, played = 0;
    json_t *logs[MAX_GAMES][PLAYERS] = {{NULL}};
    rng r;

    if (in == NULL || c == NULL) {
        fprintf(stderr, "api_crash: cannot read %s\n", file);
        return 1;
    }
    rng_seed(&r, 7);
    while (fgets(line, sizeof line, in) != NULL) {
        long long id, index, version;
        int seat, at;
        crash_game *g;
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "game ", 5) == 0 && run->count < MAX_GAMES) {
            g = &run->games[run->count++];
            if (sscanf(line, "game %lld %127s %127s", &id, g->token[0], g->token[1]) != 3)
                return fprintf(stderr, "api_crash: bad line %s\n", line), 1;
            g->id = id;
            continue;
        }
        if (sscanf(line, "ack %lld %d %lld %lld %n", &id, &seat, &index, &version, &at) != 4 ||
            (g = find(run, id)) == NULL || seat < 0 || seat >= PLAYERS)
            return fprintf(stderr, "api_crash: bad line %s\n", line), 1;
        if (logs[g - run->games][seat] == NULL) {
            char path[128];
            snprintf(path, sizeof path, "/api/games/%lld/log", id);
            if (client_call(c, "GET", path, g->token[seat], NULL, &logs[g - run->games][seat], NULL, why,
                            sizeof why) != CLIENT_OK)
                return fprintf(stderr, "api_crash: log of game %lld after the restart: %s\n", id, why), 1;
        }
        {
            const json_t *entry = json_array_get(json_object_get(logs[g - run->games][seat], "actions"), (size_t)index);
            const char *stored = client_json_string(entry, "text");
            if (stored == NULL || strcmp(stored, line + at) != 0) {
                fprintf(stderr, "api_crash: game %lld: acknowledged action %lld \"%s\" is lost (found \"%s\")\n", id,
                        index, line + at, stored ? stored : "nothing");
                return 1;
            }
        }
        if (version > g->acked)
            g->acked = version;
        acks++;
    }
    fclose(in);
    for (int i = 0; i < run->count; i++) {
        crash_game *g = &run->games[i];
        int64_t version = 0, next, index;
        int rc, seat;
        while ((seat = to_move(c, g, &version, why, sizeof why, &rc)) >= 0) {
            if (version < g->acked) {
                fprintf(stderr, "api_crash: game %lld is at state %lld, %lld was acknowledged\n", (long long)g->id,
                        (long long)version, (long long)g->acked);
                return 1;
            }
            if (play_one(c, &r, g, seat, version, &next, &index, text, sizeof text, why, sizeof why) != CLIENT_OK) {
                fprintf(stderr, "api_crash: game %lld does not go on: %s\n", (long long)g->id, why);
                return 1;
            }
            played++;
        }
        if (rc != CLIENT_OK) {
            fprintf(stderr, "api_crash: game %lld: %s\n", (long long)g->id, why);
            return 1;
        }
        for (int s = 0; s < PLAYERS; s++)
            json_decref(logs[i][s]);
    }
    printf("api_crash: %ld acknowledged actions all kept; %d games played on to the end (%ld more actions)\n", acks,
           run->count, played);
    client_free(c);
    free(run);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 6 && strcmp(argv[1], "play") == 0)
        return play(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]));
    if (argc == 4 && strcmp(argv[1], "check") == 0)
        return check(argv[2], argv[3]);
    fputs("usage: api_crash play URL FILE GAMES SECONDS | api_crash check URL FILE\n", stderr);
    return 2;
}
