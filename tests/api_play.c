/*
 * api_play.c -- plays one whole game against a running maya server through
 * its HTTP API, as several people would, and checks the outcome. Not a
 * cmocka test (tests/run.sh does not run it alone): a shell test starts a
 * server and runs it.
 *
 *   api_play URL[,URL...] GAME[:VARIANT] PLAYERS SEED [SEATS]
 *
 * With several URLs (servers sharing one database) the game is created on
 * the first and seat s talks to URL number s modulo their count, so every
 * seat's requests and event stream follow changes made on another server.
 * SEATS is one entry per seat, comma-separated: "human", or a bot spec
 * (random, greedy, mcts:millis=100, ...) for a seat the server's bot plays;
 * default every seat human. It creates the game, then one thread per human
 * seat joins that seat with a client of its own, follows the game through
 * the event stream /events (its first view, then each patch applied to the
 * view before, which it must follow; or, if the server offers none, by
 * polling the view), and on its turn gets the legal actions, draws one with
 * a generator seeded from SEED and the seat, and submits it with the state
 * number. After one action in ten, when the view says can_undo, it takes
 * the action back once and chooses again. At a Tzolk'in market it sends a
 * whole visit's line half of the time (play_market_line). At the end every
 * seat (and a spectator) downloads
 * the record and checks that it replays as it is (record_read) to a Result
 * equal to the summary's result and scores: once the game is over the
 * record is complete for everyone (no hidden Tzolk'in deal, Z23.8).
 *
 * Exit status 0 when the game was played to its end and every check held,
 * 1 with a message naming the seat and the request otherwise, 2 on bad
 * arguments.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "client/client.h"
#include "games.h"
#include "record/record.h"
#include "rng.h"

enum {
    PLAY_SECONDS_MAX = 900,   /* the whole game must end within this */
    PLAY_WAIT_MS = 5000,      /* one wait on the event stream before looking at the clock again */
    PLAY_POLL_MS = 25,        /* pause between two views when polling */
    PLAY_UNDO_ONE_IN = 10,    /* undo after one action in this many (when allowed) */
    PLAY_SPECTATOR = -1       /* seat number of a spectator */
};

/* What every thread shares. */
typedef struct play_shared {
    const char *url;              /* the first server: creation, spectator */
    char *urls[GAME_MAX_PLAYERS]; /* every server given; seat s talks to urls[s % url_count] */
    int url_count;                /* entries of urls */
    const game_def *game;         /* the engine, for reading the record */
    int players;                  /* seats */
    uint64_t seed;                /* choices are drawn from seed and seat */
    int64_t id;                   /* the game being played */
    double deadline;              /* monotonic seconds when the game must be over */
    pthread_mutex_t lock;         /* guards failed and why */
    int failed;                   /* 1: some seat failed; the others stop */
    char why[1024];               /* the first failure */
} play_shared;

/* One human seat and its thread. */
typedef struct play_seat {
    play_shared *shared;          /* the game */
    client *c;                    /* this seat's own client */
    int seat;                     /* 0-based seat number */
    char token[CLIENT_TOKEN_MAX]; /* the seat's token once joined */
    rng r;                        /* this seat's choices */
    long actions;                 /* actions submitted and accepted */
    long undos;                   /* actions taken back */
    int polling;                  /* 1: no event stream, the view is polled */
    pthread_t thread;             /* the thread playing the seat */
} play_seat;

/* The latest view a seat has seen. */
typedef struct play_view {
    int seat;          /* whose view this is (to check the event stream) */
    json_t *streamed;  /* the event stream's view, patched so far; NULL before its first event */
    char streamed_id[CLIENT_SSE_NAME_MAX]; /* the id of the event that made it */
    int to_move;       /* seat to act, -1 none */
    int finished;      /* 1: the game is over */
    int can_undo;      /* the view's can_undo */
    int64_t version;   /* state number */
    char problem[256]; /* a view that breaks the API, "" if none */
} play_view;

static double play_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void play_pause(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Record the first failure (later ones are consequences). */
static void play_fail(play_shared *shared, const char *format, ...)
{
    pthread_mutex_lock(&shared->lock);
    if (!shared->failed) {
        shared->failed = 1;
        va_list args;
        va_start(args, format);
        vsnprintf(shared->why, sizeof shared->why, format, args);
        va_end(args);
    }
    pthread_mutex_unlock(&shared->lock);
}

/* 1 if some seat failed. */
static int play_failed(play_shared *shared)
{
    pthread_mutex_lock(&shared->lock);
    int failed = shared->failed;
    pthread_mutex_unlock(&shared->lock);
    return failed;
}

/* 1 if the run must stop (a failure anywhere, or out of time). */
static int play_stopping(play_shared *shared)
{
    int failed = play_failed(shared);
    if (!failed && play_now() > shared->deadline)
        play_fail(shared, "the game did not end within %d s", PLAY_SECONDS_MAX);
    return failed || play_now() > shared->deadline;
}

/* Read a view (an answer of /view or an event's data) into *view. */
static void play_read_view(const json_t *answer, int seat, play_view *view)
{
    view->problem[0] = '\0';
    const char *status = client_json_string(answer, "status");
    json_t *can_undo = json_object_get(answer, "can_undo");
    int64_t viewer = -1;
    json_t *seat_value = json_object_get(answer, "seat");
    if (json_is_integer(seat_value))
        viewer = json_integer_value(seat_value);
    if (status == NULL || client_json_int(answer, "version", &view->version) != 0 || !json_is_boolean(can_undo))
        snprintf(view->problem, sizeof view->problem, "a view without status, version or can_undo");
    else if (viewer != seat)
        snprintf(view->problem, sizeof view->problem, "a view of seat %" PRId64 " for seat %d's token", viewer,
                 seat);
    view->finished = status != NULL && strcmp(status, "finished") == 0;
    view->to_move = client_json_to_move(answer);
    view->can_undo = json_is_true(can_undo);
}

/* The event callback: the whole view, or the patch applied to the last
 * one (it must follow it); stop at the seat's turn or the end of the game. */
static int play_on_event(void *context, const char *event, const char *id, const char *data)
{
    play_view *view = context;
    if (strcmp(event, "view") != 0 && strcmp(event, "patch") != 0)
        return 0;
    json_t *next = client_next_view(view->streamed, view->streamed_id, event, data);
    json_decref(view->streamed);
    view->streamed = next;
    snprintf(view->streamed_id, sizeof view->streamed_id, "%s", id);
    if (next == NULL) {
        snprintf(view->problem, sizeof view->problem, "a %s event that does not give a view: %.80s", event, data);
        return 1;
    }
    play_read_view(next, view->seat, view);
    return view->problem[0] != '\0' || view->finished || view->to_move == view->seat;
}

/* GET the view of p's seat into *view; 0, or -1 after failing the run. */
static int play_get_view(play_seat *p, play_view *view)
{
    char why[512];
    json_t *answer = NULL;
    if (client_view(p->c, p->shared->id, p->token, &answer, why, sizeof why) != CLIENT_OK) {
        play_fail(p->shared, "seat %d: %s", p->seat, why);
        return -1;
    }
    play_read_view(answer, p->seat, view);
    json_decref(answer);
    if (view->problem[0] != '\0') {
        play_fail(p->shared, "seat %d: %s", p->seat, view->problem);
        return -1;
    }
    return 0;
}

/* Wait until p's seat is to act or the game is over; 0 with *view, or -1. */
static int play_wait(play_seat *p, play_view *view)
{
    char path[96];
    snprintf(path, sizeof path, "/api/games/%" PRId64 "/events", p->shared->id);
    while (!play_stopping(p->shared)) {
        if (p->polling) {
            if (play_get_view(p, view) != 0)
                return -1;
            if (view->finished || view->to_move == p->seat)
                return 0;
            play_pause(PLAY_POLL_MS);
            continue;
        }
        char why[512];
        memset(view, 0, sizeof *view);
        view->seat = p->seat;
        view->to_move = -1;
        int status = client_events(p->c, path, p->token, play_on_event, view, PLAY_WAIT_MS, why, sizeof why);
        json_decref(view->streamed);
        view->streamed = NULL;
        if (status == CLIENT_OK) {
            if (view->problem[0] != '\0') {
                play_fail(p->shared, "seat %d: the event stream sent %s", p->seat, view->problem);
                return -1;
            }
            return 0;
        }
        if (status == CLIENT_ETIMEOUT)
            continue; /* nothing for us yet */
        if (status == CLIENT_ESTATUS && (client_last_status(p->c) == 401 || client_last_status(p->c) == 403)) {
            play_fail(p->shared, "seat %d: the event stream refuses the seat's token: %s", p->seat, why);
            return -1;
        }
        fprintf(stderr, "api_play: seat %d: no event stream (%s); polling the view instead\n", p->seat, why);
        p->polling = 1;
    }
    return -1;
}

/* At a Tzolk'in market visit not begun (the end of the visit reads
 * "market"), half of the time the whole visit in one line, as the
 * browser's market form sends it: one listed step's change and, when one
 * is listed, a sale of another resource (a sale pays for any purchase
 * listed alone). The server applies the line's steps at once (tzolkin.md
 * Z23.2, game.h line_actions). Otherwise action is left as it is. */
static void play_market_line(const json_t *actions, rng *r, char *action, size_t len)
{
    const char *steps[128], *sale = NULL;
    size_t k = 0, n = json_array_size(actions);
    int begun = 0;
    for (size_t i = 0; i < n; i++) {
        const char *t = client_json_string(json_array_get(actions, i), "text");
        if (t != NULL && strcmp(t, "market") == 0)
            begun = 1;
        else if (t != NULL && strncmp(t, "trade ", 6) == 0 && k < 128)
            steps[k++] = t + 6;
    }
    if (!begun || k == 0 || rng_below(r, 2) == 0)
        return;
    const char *one = steps[rng_below(r, k)];
    for (size_t i = 0; i < k; i++)
        if (steps[i][0] == '-' && steps[i][strlen(steps[i]) - 1] != one[strlen(one) - 1])
            sale = steps[i];
    if (sale != NULL)
        snprintf(action, len, "market %s %s", one, sale);
    else
        snprintf(action, len, "market %s", one);
}

/* Play p's turn from the view: act until the seat is no longer to act. */
static int play_turn(play_seat *p, play_view *view)
{
    play_shared *shared = p->shared;
    char why[512];
    int undone = 0; /* 1: the last action was taken back; do not undo the next one */
    while (!view->finished && view->to_move == p->seat && !play_stopping(shared)) {
        json_t *legal = NULL;
        if (client_legal(p->c, shared->id, p->token, NULL, &legal, why, sizeof why) != CLIENT_OK) {
            play_fail(shared, "seat %d: %s", p->seat, why);
            return -1;
        }
        json_t *actions = json_object_get(legal, "actions");
        int64_t version;
        size_t n = json_array_size(actions);
        if (!json_is_array(actions) || client_json_int(legal, "version", &version) != 0 || n == 0 ||
            version != view->version) {
            play_fail(shared, "seat %d: at state %" PRId64 " on its turn, the legal list has %s", p->seat,
                      view->version,
                      !json_is_array(actions) ? "no actions" : n == 0 ? "no action" : "another state number");
            json_decref(legal);
            return -1;
        }
        const char *text = client_json_string(json_array_get(actions, (size_t)rng_below(&p->r, n)), "text");
        char action[GAME_TEXT_MAX * 2];
        snprintf(action, sizeof action, "%s", text != NULL ? text : "");
        play_market_line(actions, &p->r, action, sizeof action);
        json_decref(legal);
        int64_t next = 0;
        if (action[0] == '\0' ||
            client_act(p->c, shared->id, p->token, version, action, &next, NULL, why, sizeof why) != CLIENT_OK) {
            play_fail(shared, "seat %d: submitting \"%s\" at state %" PRId64 ": %s", p->seat, action, version,
                      action[0] ? why : "a legal action without text");
            return -1;
        }
        p->actions++;
        if (next <= version) {
            play_fail(shared, "seat %d: \"%s\" moved the state number from %" PRId64 " to %" PRId64, p->seat, action,
                      version, next);
            return -1;
        }
        if (play_get_view(p, view) != 0)
            return -1;
        if (view->version < next) {
            play_fail(shared, "seat %d: the view after \"%s\" is at state %" PRId64 ", before the answer's %" PRId64,
                      p->seat, action, view->version, next);
            return -1;
        }
        if (view->can_undo && !undone && rng_below(&p->r, PLAY_UNDO_ONE_IN) == 0) {
            int64_t after_undo = 0;
            if (client_undo(p->c, shared->id, p->token, view->version, &after_undo, why, sizeof why) != CLIENT_OK) {
                play_fail(shared, "seat %d: undo of \"%s\" while the view says can_undo: %s", p->seat, action, why);
                return -1;
            }
            p->undos++;
            undone = 1;
            if (after_undo <= view->version) {
                play_fail(shared, "seat %d: undo moved the state number from %" PRId64 " to %" PRId64, p->seat,
                          view->version, after_undo);
                return -1;
            }
            if (play_get_view(p, view) != 0)
                return -1;
            if (view->to_move != p->seat || view->finished) {
                play_fail(shared, "seat %d: after taking back \"%s\" the seat is no longer to act", p->seat, action);
                return -1;
            }
        } else
            undone = 0;
    }
    return 0;
}

/* The summary's scores as "S1 S2 ...", or "" if it has none. */
static void play_scores_text(const json_t *summary, char *out, size_t len)
{
    out[0] = '\0';
    json_t *scores = json_object_get(summary, "scores");
    size_t used = 0;
    for (size_t i = 0; json_is_array(scores) && i < json_array_size(scores) && used < len; i++) {
        json_t *score = json_array_get(scores, i);
        if (!json_is_integer(score)) {
            out[0] = '\0';
            return;
        }
        used += (size_t)snprintf(out + used, len - used, i ? " %" JSON_INTEGER_FORMAT : "%" JSON_INTEGER_FORMAT,
                                 json_integer_value(score));
    }
}

/* Download the record as viewer (token NULL: a spectator) and check it
 * against the finished game's summary; 0, or -1 after failing the run. */
static int play_check_record(play_shared *shared, client *c, const char *token, int viewer)
{
    char why[1024], who[32];
    if (viewer == PLAY_SPECTATOR)
        snprintf(who, sizeof who, "a spectator");
    else
        snprintf(who, sizeof who, "seat %d", viewer);
    json_t *summary = NULL;
    if (client_summary(c, shared->id, &summary, why, sizeof why) != CLIENT_OK) {
        play_fail(shared, "%s: %s", who, why);
        return -1;
    }
    const char *status = client_json_string(summary, "status");
    const char *result = client_json_string(summary, "result");
    char scores[128];
    play_scores_text(summary, scores, sizeof scores);
    if (status == NULL || strcmp(status, "finished") != 0 || result == NULL || strcmp(result, scores) != 0) {
        play_fail(shared, "%s: the summary of the finished game says status %s, result %s, scores \"%s\"", who,
                  status != NULL ? status : "(none)", result != NULL ? result : "(none)", scores);
        json_decref(summary);
        return -1;
    }
    char *text = NULL;
    size_t len = 0;
    if (client_record(c, shared->id, token, &text, &len, why, sizeof why) != CLIENT_OK) {
        play_fail(shared, "%s: %s", who, why);
        json_decref(summary);
        return -1;
    }
    record rec;
    char source[64];
    snprintf(source, sizeof source, "record of %s", who);
    int whole = strlen(text) == len;
    int status_read = whole ? record_read(&rec, text, len, source, NULL, why, sizeof why) : 1;
    int failed = 1;
    if (!whole)
        play_fail(shared, "%s: the record holds a NUL byte", who);
    else if (status_read != 0)
        play_fail(shared, "%s: the record does not replay: %s", who, why);
    else {
        const char *tag = record_tag_value(&rec, "Result");
        const char *game = record_tag_value(&rec, "Game");
        if (tag == NULL || strcmp(tag, result) != 0)
            play_fail(shared, "%s: the record's Result is \"%s\", the summary's result \"%s\"", who,
                      tag != NULL ? tag : "(none)", result);
        else if (game == NULL || strcmp(game, shared->game->name) != 0 ||
                 rec.match.options.players != shared->players)
            play_fail(shared, "%s: the record is of another game (%s, %d players)", who, game != NULL ? game : "?",
                      rec.match.options.players);
        else
            failed = 0;
        record_free(&rec);
    }
    free(text);
    json_decref(summary);
    return failed ? -1 : 0;
}

static void *play_seat_thread(void *context)
{
    play_seat *p = context;
    play_shared *shared = p->shared;
    char why[512];
    int taken = -1;
    if (client_join(p->c, shared->id, p->seat, NULL, &taken, p->token, sizeof p->token, why, sizeof why) !=
        CLIENT_OK) {
        play_fail(shared, "seat %d: %s", p->seat, why);
        return NULL;
    }
    if (taken != p->seat) {
        play_fail(shared, "seat %d: joining it gave seat %d", p->seat, taken);
        return NULL;
    }
    play_view view;
    for (;;) {
        if (play_wait(p, &view) != 0)
            return NULL;
        if (view.finished)
            break;
        if (play_turn(p, &view) != 0)
            return NULL;
        if (view.finished)
            break;
    }
    play_check_record(shared, p->c, p->token, p->seat);
    return NULL;
}

/* Wait, as a spectator polling the summary, for the game to finish; 0 or -1. */
static int play_watch(play_shared *shared, client *c)
{
    char why[512];
    while (!play_stopping(shared)) {
        json_t *summary = NULL;
        if (client_summary(c, shared->id, &summary, why, sizeof why) != CLIENT_OK) {
            play_fail(shared, "a spectator: %s", why);
            return -1;
        }
        const char *status = client_json_string(summary, "status");
        int finished = status != NULL && strcmp(status, "finished") == 0;
        json_decref(summary);
        if (finished)
            return 0;
        play_pause(100);
    }
    return -1;
}

static int play_usage(const char *message)
{
    fprintf(stderr,
            "api_play: %s\n"
            "usage: api_play URL GAME[:VARIANT] PLAYERS SEED [SEATS]\n"
            "  SEATS: one per seat, comma-separated: human or a bot spec (default all human)\n",
            message);
    return 2;
}

/* Create the game, play its human seats on threads (or watch a game of bots
 * only) and check the records; the exit status. */
static int play_game(play_shared *shared, const char *variant, const char *const *bots, int humans,
                     const char *label)
{
    client *creator = client_new(shared->url);
    if (creator == NULL)
        return play_usage("URL is not an http:// or https:// address");
    char why[1024];
    if (client_create_game(creator, shared->game->name, variant, shared->players, bots, &shared->id, NULL, why,
                           sizeof why) != CLIENT_OK) {
        fprintf(stderr, "api_play: creating the game: %s\n", why);
        client_free(creator);
        return 1;
    }
    play_seat seats[GAME_MAX_PLAYERS];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < shared->players; s++)
        if (bots[s] == NULL) {
            play_seat *p = &seats[s];
            p->shared = shared;
            p->seat = s;
            rng_seed(&p->r, shared->seed * GAME_MAX_PLAYERS + (uint64_t)s);
            p->c = client_new(shared->urls[s % shared->url_count]); /* here: libcurl's global setup is never made
                                                                       in a thread */
            if (p->c == NULL)
                play_fail(shared, "seat %d: no client", s);
        }
    int started = 0; /* bit s: seat s's thread runs */
    for (int s = 0; s < shared->players && !play_failed(shared); s++)
        if (bots[s] == NULL) {
            if (pthread_create(&seats[s].thread, NULL, play_seat_thread, &seats[s]) != 0)
                play_fail(shared, "seat %d: no thread", s);
            else
                started |= 1 << s;
        }
    if (humans == 0)
        play_watch(shared, creator);
    for (int s = 0; s < shared->players; s++)
        if (started & (1 << s))
            pthread_join(seats[s].thread, NULL);
    if (!shared->failed)
        play_check_record(shared, creator, NULL, PLAY_SPECTATOR);
    if (shared->failed)
        fprintf(stderr, "api_play: game %" PRId64 " (%s, %d players, seed %" PRIu64 "): %s\n", shared->id, label,
                shared->players, shared->seed, shared->why);
    else {
        printf("api_play: game %" PRId64 " (%s, %d players, seed %" PRIu64 ") played to its end; the records replay\n",
               shared->id, label, shared->players, shared->seed);
        for (int s = 0; s < shared->players; s++)
            if (bots[s] == NULL)
                printf("  seat %d: %ld actions, %ld taken back, %s\n", s, seats[s].actions, seats[s].undos,
                       seats[s].polling ? "polling the view" : "following the event stream");
            else
                printf("  seat %d: bot %s\n", s, bots[s]);
    }
    for (int s = 0; s < shared->players; s++)
        client_free(seats[s].c);
    client_free(creator);
    return shared->failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 5 || argc > 6)
        return play_usage("four or five arguments");
    char game_name[64];
    snprintf(game_name, sizeof game_name, "%s", argv[2]);
    char *variant = strchr(game_name, ':');
    if (variant != NULL)
        *variant++ = '\0';
    play_shared shared;
    memset(&shared, 0, sizeof shared);
    char url_list[1024];
    snprintf(url_list, sizeof url_list, "%s", argv[1]);
    for (char *entry = url_list, *next; entry != NULL && shared.url_count < GAME_MAX_PLAYERS; entry = next) {
        next = strchr(entry, ',');
        if (next != NULL)
            *next++ = '\0';
        shared.urls[shared.url_count++] = entry;
    }
    shared.url = shared.urls[0];
    shared.game = games_find(game_name);
    if (shared.game == NULL)
        return play_usage("unknown game");
    if (variant != NULL && games_variant_find(shared.game, variant) < 0)
        return play_usage("unknown variant");
    char *end;
    long players = strtol(argv[3], &end, 10);
    if (*end != '\0' || players < shared.game->min_players || players > shared.game->max_players)
        return play_usage("PLAYERS is a number in the game's range");
    unsigned long long seed = strtoull(argv[4], &end, 10);
    if (*end != '\0' || argv[4][0] < '0' || argv[4][0] > '9')
        return play_usage("SEED is a whole number");
    shared.players = (int)players;
    shared.seed = (uint64_t)seed;
    char seats_text[512] = "";
    const char *bots[GAME_MAX_PLAYERS] = {NULL};
    int humans = shared.players;
    if (argc == 6) {
        snprintf(seats_text, sizeof seats_text, "%s", argv[5]);
        int count = 0;
        humans = 0;
        for (char *entry = seats_text, *next; entry != NULL; entry = next, count++) {
            next = strchr(entry, ',');
            if (next != NULL)
                *next++ = '\0';
            if (count >= shared.players || entry[0] == '\0')
                return play_usage("SEATS needs one non-empty entry per seat");
            if (strcmp(entry, "human") == 0)
                humans++;
            else
                bots[count] = entry;
        }
        if (count != shared.players)
            return play_usage("SEATS needs one entry per seat");
    }
    pthread_mutex_init(&shared.lock, NULL);
    shared.deadline = play_now() + PLAY_SECONDS_MAX;
    int status = play_game(&shared, variant, bots, humans, argv[2]);
    pthread_mutex_destroy(&shared.lock);
    return status;
}
