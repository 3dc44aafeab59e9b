/*
 * loadgen.c -- maya loadgen (see loadgen.h): N games driven at once by one
 * libcurl multi handle, each game a small state machine with one request in
 * flight.
 *
 * The watchers' event streams are read by a thread of their own on a
 * multi handle of their own (loadgen_watch_thread); the main thread only
 * tells it which game each watcher is to follow (next_game, watch_lock).
 *
 * Each multi handle is driven through libcurl's socket interface with an
 * epoll set (loadgen_pump), so that a turn of a loop costs what is ready,
 * not what is open: curl_multi_poll lists every connection at each call,
 * and with 1,000 games that made loadgen's CPU per action grow with the
 * games (it shares the cores with the server it measures).
 *
 * A game's loop: GET the summary (status, to_move); GET the legal actions of
 * the seat to move; POST one of them, drawn uniformly, with the legal list's
 * state number; then GET that seat's legal actions again (a turn is several
 * actions; an empty list sends the game back to its summary). A finished game
 * is replaced by a new one (created and joined, not measured).
 *
 * Legal lists: the whole list is fetched and one action drawn from all of it,
 * no prefix: no list is long (a Tzolk'in market visit is listed as its
 * steps, at most 128 actions). The longest list and the mean size of a
 * legal answer are printed, so a server that answers huge lists shows it.
 *
 * The measurement starts when every game of the first N is joined and lasts
 * --seconds; a submission counts when its answer arrives within that time
 * (latency: from adding the request to the multi handle to its answer, or in
 * open loop from when it was due). Answers arriving later are dropped and no
 * new request starts.
 *
 * Open loop (--rate): a game whose action is chosen before it is due waits
 * (LOADGEN_WAIT, nothing in flight) and the loop sends it at its time; the
 * next one is due 1/rate seconds after this one was due, not after it was
 * sent, so a slow server does not slow the schedule down.
 */
#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/loadgen.h"
#include "client/client.h"
#include "games.h"
#include "rng.h"
#include "timer.h"

enum {
    LOADGEN_FAILURES_MAX = 50, /* requests of one game failing in a row before the run gives up */
    LOADGEN_SHRINK = 1 << 20,  /* an answer buffer larger than this is released after use */
    LOADGEN_LATE_SECONDS = 10, /* how long answers due at the end of the measurement are awaited */
    LOADGEN_CHECK_EVERY = 100, /* every this many watchers (the first included), one applies the patches */
    LOADGEN_CHECK_SECONDS = 10, /* how long the checked watchers may take to catch up at the end */
    LOADGEN_EVENT_LINE = 16,   /* bytes of a line kept to tell its event's name */
    LOADGEN_READY_AT_ONCE = 256, /* sockets a pump takes from epoll at a time */
    LOADGEN_PER_MULTI = 32,      /* transfers on one libcurl multi handle (loadgen_pump) */
    LOADGEN_WAKE_TAG = -1        /* the shard tag of a pump's eventfd in its epoll set */
};

/* One multi handle of a pump, for LOADGEN_PER_MULTI transfers at most. */
typedef struct loadgen_shard {
    CURLM *multi;        /* its transfers */
    struct loadgen_pump *pump; /* the pump it belongs to */
    int index;           /* its index in pump->shards */
    double timer_due;    /* when libcurl's timeout falls due (timer_now), < 0 none */
} loadgen_shard;

/* libcurl multi handles driven through their socket interface: the sockets
 * they want watched are in one epoll set (each tagged with its shard),
 * with an eventfd to wake a wait from another thread (loadgen_pump_wake).
 * Transfer k is on shard k / LOADGEN_PER_MULTI: a multi handle keeps its
 * connections to one server in one list, walked for every request (to
 * find an idle connection to reuse), so with one handle for 1,000 games
 * each request cost a walk of 1,000 connections. */
typedef struct loadgen_pump {
    loadgen_shard *shards; /* count multi handles */
    int count;             /* entries of shards */
    int reading;           /* the shard loadgen_pump_done reads next */
    int epoll;             /* every shard's sockets and wake */
    int wake;              /* eventfd in epoll, written by loadgen_pump_wake */
} loadgen_pump;

/* The request a game has in flight. */
typedef enum loadgen_step {
    LOADGEN_CREATE,   /* POST /api/games */
    LOADGEN_JOIN,     /* POST /api/games/ID/join of seat joined */
    LOADGEN_READY,    /* joined, waiting for the measurement to start (nothing in flight) */
    LOADGEN_SUMMARY,  /* GET /api/games/ID */
    LOADGEN_LEGAL,    /* GET /api/games/ID/legal of seat */
    LOADGEN_WAIT,     /* open loop: an action chosen, waiting until it is due (nothing in flight) */
    LOADGEN_ACT,      /* POST /api/games/ID/actions of seat */
    LOADGEN_DONE      /* the run is over for this game (nothing in flight) */
} loadgen_step;

/* One game kept busy. */
typedef struct loadgen_slot {
    client_request request;                          /* its handle, reused: one connection */
    loadgen_step step;                               /* what is in flight */
    int64_t game;                                    /* id of the game being played, 0 before creation */
    char tokens[GAME_MAX_PLAYERS][CLIENT_TOKEN_MAX]; /* each seat's token */
    int joined;                                      /* seats joined so far */
    int seat;                                        /* seat of the legal list or submission in flight */
    int64_t version;                                 /* state number of the last legal list */
    double started;                                  /* when the request in flight was added (open loop: was due) */
    double due;                                      /* open loop: when the next submission is due */
    char action[GAME_TEXT_MAX];                      /* open loop: the action waiting to be submitted */
    int failures;                                    /* failed requests in a row */
    rng rng;                                         /* draws of this game's actions */
} loadgen_slot;

/* A spectator following the event stream of one slot's game. A checked
 * one (every LOADGEN_CHECK_EVERY-th) also parses its events and applies
 * the patches to its view, as a browser does. */
typedef struct loadgen_watcher {
    struct loadgen_state *st;      /* the run */
    CURL *easy;                    /* its stream's handle */
    int seen_first;                /* 1 once the stream's first view came */
    char line[LOADGEN_EVENT_LINE]; /* the start of the line being read */
    int line_len;                  /* bytes in line; -1 in a longer line (skipped) */
    int64_t game;                  /* the game it follows (the watchers' thread's) */
    int64_t next_game;             /* the game it is to follow (guarded by watch_lock) */
    client_sse *sse;               /* checked: the stream's parser, else NULL */
    json_t *view;                  /* checked: the view as patched so far, NULL before the first */
    char view_id[CLIENT_SSE_NAME_MAX]; /* checked: the id of the event that made view */
    json_t *want;                  /* checked, at the end: the game's whole view fetched, NULL before */
    int broken;                    /* checked: 1 once a patch did not follow view or did not apply */
} loadgen_watcher;

/* A whole run. */
typedef struct loadgen_state {
    loadgen_watcher *watchers;       /* config->watchers spectators */
    loadgen_pump watch_pump;         /* drives the watchers' streams, on the watchers' thread */
    pthread_t watch_thread;          /* reads the streams, apart from the games' requests */
    int watch_thread_started;        /* 1 once it runs */
    double watch_start;              /* the watchers' thread's copy of start */
    double watch_deadline;           /* and of deadline */
    pthread_mutex_t watch_lock;      /* guards the fields below and the watchers' next_game */
    long watching;                   /* watchers that received their first view */
    int repoint;                     /* 1: some watcher's next_game changed */
    int watch_stop;                  /* 1: the watchers' thread is to end */
    const char *watch_failure;       /* why the watchers' thread gave up, NULL if it did not */
    const loadgen_config *config;    /* options */
    loadgen_result *result;          /* figures being gathered */
    loadgen_pump pump;               /* drives every slot's handle */
    double next_due;                 /* open loop: no waiting slot is due before this (timer_now) */
    loadgen_slot *slots;             /* config->games games */
    char *base;                      /* the address without trailing slashes */
    char *create_body;               /* the JSON of POST /api/games */
    double begun;                    /* when the setup started */
    double start;                    /* when the measurement started, 0 before */
    double deadline;                 /* when it ends */
    long ready;                      /* slots joined before the measurement */
    double *latency;                 /* milliseconds of every measured submission */
    size_t latency_len;              /* entries of latency */
    size_t latency_cap;              /* entries allocated */
    long *per_second;                /* accepted submissions in each second of the measurement */
    long legal_lists;                /* legal answers read */
    double legal_bytes;              /* their total size */
    int failed;                      /* 1: the run is given up (why says why) */
    char why[768];                   /* reason of the failure */
} loadgen_state;

static void loadgen_fail(loadgen_state *st, const char *format, ...)
{
    if (st->failed)
        return;
    st->failed = 1;
    va_list args;
    va_start(args, format);
    vsnprintf(st->why, sizeof st->why, format, args);
    va_end(args);
}

/* ---- the pumps ---- */

/* An epoll tag: the shard (LOADGEN_WAKE_TAG: the pump's eventfd) and the socket. */
static uint64_t loadgen_pump_tag(int shard, int socket)
{
    return (uint64_t)(uint32_t)shard << 32 | (uint32_t)socket;
}

/* CURLMOPT_SOCKETFUNCTION: watch socket for what libcurl waits for. A
 * socket in the epoll set is marked with curl_multi_assign (libcurl
 * forgets the mark when it asks for the socket's removal), so that each
 * change is one epoll_ctl. */
static int loadgen_pump_socket(CURL *easy, curl_socket_t socket, int what, void *context, void *socket_context)
{
    loadgen_shard *shard = context;
    int epoll = shard->pump->epoll;
    struct epoll_event event = {.events = (what & CURL_POLL_IN ? EPOLLIN : 0u) | (what & CURL_POLL_OUT ? EPOLLOUT : 0u),
                                .data.u64 = loadgen_pump_tag(shard->index, socket)};

    (void)easy;
    if (what == CURL_POLL_REMOVE)
        epoll_ctl(epoll, EPOLL_CTL_DEL, socket, NULL);
    else if (socket_context != NULL)
        epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event);
    else if (epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) == 0)
        curl_multi_assign(shard->multi, socket, shard);
    return 0;
}

/* CURLMOPT_TIMERFUNCTION: libcurl wants to be called in timeout_ms (-1: never). */
static int loadgen_pump_timer(CURLM *multi, long timeout_ms, void *context)
{
    loadgen_shard *shard = context;

    (void)multi;
    shard->timer_due = timeout_ms < 0 ? -1 : timer_now() + (double)timeout_ms / 1000.0;
    return 0;
}

/* A pump for transfers transfers (at least 1); 0, or -1 (out of memory
 * or descriptors: loadgen_pump_free all the same). */
static int loadgen_pump_init(loadgen_pump *p, long transfers)
{
    struct epoll_event wake = {.events = EPOLLIN, .data.u64 = loadgen_pump_tag(LOADGEN_WAKE_TAG, 0)};
    int count = (int)((transfers + LOADGEN_PER_MULTI - 1) / LOADGEN_PER_MULTI);

    *p = (loadgen_pump){.epoll = epoll_create1(EPOLL_CLOEXEC), .wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK),
                        .shards = calloc((size_t)(count > 0 ? count : 1), sizeof *p->shards)};
    if (p->shards == NULL || p->epoll < 0 || p->wake < 0 || epoll_ctl(p->epoll, EPOLL_CTL_ADD, p->wake, &wake) != 0)
        return -1;
    for (; p->count < count; p->count++) {
        loadgen_shard *shard = &p->shards[p->count];
        *shard = (loadgen_shard){.multi = curl_multi_init(), .pump = p, .index = p->count, .timer_due = -1};
        if (shard->multi == NULL)
            return -1;
        curl_multi_setopt(shard->multi, CURLMOPT_SOCKETFUNCTION, loadgen_pump_socket);
        curl_multi_setopt(shard->multi, CURLMOPT_SOCKETDATA, shard);
        curl_multi_setopt(shard->multi, CURLMOPT_TIMERFUNCTION, loadgen_pump_timer);
        curl_multi_setopt(shard->multi, CURLMOPT_TIMERDATA, shard);
        curl_multi_setopt(shard->multi, CURLMOPT_MAXCONNECTS, (long)LOADGEN_PER_MULTI + 16);
    }
    return 0;
}

/* Release what loadgen_pump_init made (its transfers removed first). */
static void loadgen_pump_free(loadgen_pump *p)
{
    for (int i = 0; i < p->count; i++)
        curl_multi_cleanup(p->shards[i].multi);
    free(p->shards);
    if (p->epoll >= 0)
        close(p->epoll);
    if (p->wake >= 0)
        close(p->wake);
}

/* The multi handle of transfer k. */
static CURLM *loadgen_pump_multi(const loadgen_pump *p, long k)
{
    assert(k >= 0 && k / LOADGEN_PER_MULTI < p->count);
    return p->shards[k / LOADGEN_PER_MULTI].multi;
}

/* End a loadgen_pump_wait of another thread now (thread-safe). */
static void loadgen_pump_wake(loadgen_pump *p)
{
    eventfd_write(p->wake, 1);
}

/* Wait up to max_ms for sockets ready, a libcurl timeout or a wake, and let
 * libcurl work on what is ready; its finished transfers are then read with
 * loadgen_pump_done. 0, or -1 if libcurl failed. */
static int loadgen_pump_wait(loadgen_pump *p, double max_ms)
{
    struct epoll_event ready[LOADGEN_READY_AT_ONCE];
    double wait_ms = max_ms, now = timer_now();
    int running, n, failed = 0;

    for (int i = 0; i < p->count; i++)
        if (p->shards[i].timer_due >= 0 && (p->shards[i].timer_due - now) * 1000.0 < wait_ms)
            wait_ms = (p->shards[i].timer_due - now) * 1000.0;
    n = epoll_wait(p->epoll, ready, LOADGEN_READY_AT_ONCE, wait_ms <= 0 ? 0 : (int)ceil(wait_ms));
    for (int i = 0; i < n; i++) {
        int shard = (int)(int32_t)(uint32_t)(ready[i].data.u64 >> 32);
        int socket = (int)(uint32_t)ready[i].data.u64;
        int flags = (ready[i].events & EPOLLIN ? CURL_CSELECT_IN : 0) |
                    (ready[i].events & EPOLLOUT ? CURL_CSELECT_OUT : 0) |
                    (ready[i].events & (EPOLLERR | EPOLLHUP) ? CURL_CSELECT_ERR : 0);
        eventfd_t count;
        if (shard == LOADGEN_WAKE_TAG)
            eventfd_read(p->wake, &count);
        else
            failed |= curl_multi_socket_action(p->shards[shard].multi, socket, flags, &running) != CURLM_OK;
    }
    now = timer_now();
    for (int i = 0; i < p->count; i++)
        if (p->shards[i].timer_due >= 0 && now >= p->shards[i].timer_due) {
            p->shards[i].timer_due = -1;
            failed |= curl_multi_socket_action(p->shards[i].multi, CURL_SOCKET_TIMEOUT, 0, &running) != CURLM_OK;
        }
    return failed ? -1 : 0;
}

/* The next message of a finished transfer, or NULL once none is left. */
static CURLMsg *loadgen_pump_done(loadgen_pump *p)
{
    int left;

    for (; p->reading < p->count; p->reading++) {
        CURLMsg *message = curl_multi_info_read(p->shards[p->reading].multi, &left);
        if (message != NULL)
            return message;
    }
    p->reading = 0;
    return NULL;
}

/* ---- arguments ---- */

int loadgen_parse(int argc, char **argv, loadgen_config *config)
{
    const char *url = NULL, *games_text = NULL, *seconds_text = NULL, *game_name = NULL, *players_text = NULL,
               *seed_text = NULL, *variant = NULL, *csv = NULL, *rate_text = NULL, *watchers_text = NULL,
               *whole_views = NULL;
    const cli_option options[] = {{"--url", 1, &url},         {"--games", 1, &games_text},
                                  {"--seconds", 1, &seconds_text}, {"--game", 1, &game_name},
                                  {"--players", 1, &players_text}, {"--seed", 1, &seed_text},
                                  {"--variant", 1, &variant},  {"--csv", 1, &csv},
                                  {"--rate", 1, &rate_text},   {"--watchers", 1, &watchers_text},
                                  {"--whole-views", 0, &whole_views}};
    int positional_count;
    int status = cli_parse("loadgen", argc, argv, options, (int)(sizeof options / sizeof options[0]), NULL, 0,
                           &positional_count);
    if (status != 0)
        return status;
    memset(config, 0, sizeof *config);
    if (url == NULL) {
        fputs("maya loadgen: --url is required: the server's address, e.g. --url http://127.0.0.1:8080\n", stderr);
        return CLI_USAGE;
    }
    if (strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0) {
        fprintf(stderr, "maya loadgen: --url must be an http:// or https:// address, not \"%s\"\n", url);
        return CLI_USAGE;
    }
    const game_def *game = NULL;
    int variant_index = 0;
    long games = 100, seconds = 30, players = 2, watchers = 0;
    uint64_t seed = 1;
    if ((status = cli_find_game("loadgen", game_name != NULL ? game_name : games_at(0)->name, &game)) != 0 ||
        (status = cli_find_variant("loadgen", game, variant, &variant_index)) != 0 ||
        (games_text != NULL &&
         (status = cli_parse_number("loadgen", "--games", games_text, 1, 100000, &games)) != 0) ||
        (seconds_text != NULL &&
         (status = cli_parse_number("loadgen", "--seconds", seconds_text, 1, 86400, &seconds)) != 0) ||
        (players_text != NULL && (status = cli_parse_number("loadgen", "--players", players_text, game->min_players,
                                                            game->max_players, &players)) != 0) ||
        (seed_text != NULL && (status = cli_parse_seed("loadgen", seed_text, &seed)) != 0) ||
        (watchers_text != NULL &&
         (status = cli_parse_number("loadgen", "--watchers", watchers_text, 0, 100000, &watchers)) != 0))
        return status;
    if (csv != NULL && csv[0] == '\0') {
        fputs("maya loadgen: --csv needs a file name\n", stderr);
        return CLI_USAGE;
    }
    double rate = 0;
    if (rate_text != NULL) {
        char *end;
        rate = strtod(rate_text, &end);
        if (end == rate_text || *end != '\0' || !(rate > 0 && rate <= LOADGEN_RATE_MAX)) {
            fprintf(stderr,
                    "maya loadgen: --rate must be a number of actions per second of each game, more than 0 and at "
                    "most %d, not \"%s\"\n",
                    LOADGEN_RATE_MAX, rate_text);
            return CLI_USAGE;
        }
    }
    config->url = url;
    config->game = game->name;
    config->variant = variant;
    config->players = (int)players;
    config->games = games;
    config->seconds = seconds;
    config->watchers = watchers;
    config->whole_views = whole_views != NULL;
    config->seed = seed;
    config->csv = csv;
    config->rate = rate;
    return 0;
}

/* ---- figures ---- */

double loadgen_percentile(const double *sorted, size_t n, double p)
{
    if (n == 0)
        return 0;
    double rank = ceil(p / 100.0 * (double)n);
    size_t index = rank < 1 ? 0 : (size_t)rank - 1;
    return sorted[index < n ? index : n - 1];
}

static int loadgen_compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Percentiles and per-second extremes from what the run gathered. */
static void loadgen_summarize(loadgen_state *st)
{
    loadgen_result *r = st->result;
    qsort(st->latency, st->latency_len, sizeof *st->latency, loadgen_compare);
    r->p50_ms = loadgen_percentile(st->latency, st->latency_len, 50);
    r->p90_ms = loadgen_percentile(st->latency, st->latency_len, 90);
    r->p99_ms = loadgen_percentile(st->latency, st->latency_len, 99);
    r->max_ms = st->latency_len ? st->latency[st->latency_len - 1] : 0;
    long whole = (long)(r->seconds + 0.5);
    for (long s = 0; s < whole && s < st->config->seconds; s++) {
        long n = st->per_second[s];
        if (s == 0 || n < r->slowest_second)
            r->slowest_second = n;
        if (s == 0 || n > r->fastest_second)
            r->fastest_second = n;
    }
    r->legal_bytes_mean = st->legal_lists ? st->legal_bytes / (double)st->legal_lists : 0;
}

/* ---- requests ---- */

/* Add slot's next request: method on /api/games[/ID suffix] as token with body. */
static void loadgen_send(loadgen_state *st, loadgen_slot *slot, loadgen_step step, const char *method,
                         const char *suffix, const char *token, const char *body)
{
    char url[1024];
    if (step == LOADGEN_CREATE)
        snprintf(url, sizeof url, "%s/api/games", st->base);
    else
        snprintf(url, sizeof url, "%s/api/games/%" PRId64 "%s", st->base, slot->game, suffix);
    char why[256];
    if (client_request_prepare(&slot->request, method, url, token, body, 0, 0, why, sizeof why) != CLIENT_OK) {
        loadgen_fail(st, "%s", why);
        return;
    }
    curl_easy_setopt(slot->request.easy, CURLOPT_PRIVATE, (void *)slot);
    slot->step = step;
    slot->started = timer_now();
    CURLMcode added = curl_multi_add_handle(loadgen_pump_multi(&st->pump, slot - st->slots), slot->request.easy);
    if (added != CURLM_OK)
        loadgen_fail(st, "cannot start a request: %s", curl_multi_strerror(added));
}

static void loadgen_create(loadgen_state *st, loadgen_slot *slot)
{
    slot->game = 0;
    slot->joined = 0;
    loadgen_send(st, slot, LOADGEN_CREATE, "POST", "", NULL, st->create_body);
}

static void loadgen_join(loadgen_state *st, loadgen_slot *slot)
{
    char body[32];
    snprintf(body, sizeof body, "{\"seat\":%d}", slot->joined);
    loadgen_send(st, slot, LOADGEN_JOIN, "POST", "/join", NULL, body);
}

static void loadgen_summary(loadgen_state *st, loadgen_slot *slot)
{
    loadgen_send(st, slot, LOADGEN_SUMMARY, "GET", "", NULL, NULL);
}

static void loadgen_legal(loadgen_state *st, loadgen_slot *slot, int seat)
{
    slot->seat = seat;
    loadgen_send(st, slot, LOADGEN_LEGAL, "GET", "/legal", slot->tokens[seat], NULL);
}

/* Submit the action text at the slot's version. */
static void loadgen_act(loadgen_state *st, loadgen_slot *slot, const char *text)
{
    char body_text[6 * GAME_TEXT_MAX + 64]; /* the text escaped at worst (6 bytes a byte), the version, the names */
    json_t *body = json_pack("{s:I, s:s}", "version", (json_int_t)slot->version, "action", text);
    size_t n = body != NULL ? json_dumpb(body, body_text, sizeof body_text - 1, JSON_COMPACT) : 0;
    json_decref(body);
    if (n == 0 || n >= sizeof body_text) {
        loadgen_fail(st, "the action \"%.40s\" cannot be sent as JSON", text);
        return;
    }
    body_text[n] = '\0';
    loadgen_send(st, slot, LOADGEN_ACT, "POST", "/actions", slot->tokens[slot->seat], body_text);
    if (st->config->rate > 0) { /* open loop: timed from when it was due; the next is due a period later */
        slot->started = slot->due;
        slot->due += 1.0 / st->config->rate;
    }
}

/* Submit the action text now, or in open loop when it is due (a game's
 * first action is chosen during the setup, so that the start is no burst). */
static void loadgen_submit(loadgen_state *st, loadgen_slot *slot, const char *text)
{
    if (st->config->rate > 0 && (st->start == 0 || timer_now() < slot->due)) {
        snprintf(slot->action, sizeof slot->action, "%s", text);
        slot->step = LOADGEN_WAIT;
        if (slot->due < st->next_due)
            st->next_due = slot->due;
        if (st->start == 0)
            st->ready++;
    } else
        loadgen_act(st, slot, text);
}

/* A checked watcher's event (client_event_fn): keep the view, or apply
 * the patch to it if it follows it (its "from" is the last event's id). */
static int loadgen_check_event(void *context, const char *event, const char *id, const char *data)
{
    loadgen_watcher *w = context;
    json_t *next;

    if (strcmp(event, "view") != 0 && strcmp(event, "patch") != 0)
        return 0;
    next = client_next_view(w->view, w->view_id, event, data);
    json_decref(w->view);
    w->view = next;
    w->broken |= next == NULL;
    snprintf(w->view_id, sizeof w->view_id, "%s", id);
    return 0;
}

/* Bytes of a watcher's stream: count them and the events by their
 * "event:" lines (the other lines are skipped whole, with memchr); a
 * checked watcher parses them too. */
static size_t loadgen_watch_bytes(char *data, size_t size, size_t count, void *context)
{
    loadgen_watcher *w = context;
    loadgen_result *r = w->st->result;
    size_t n = size * count;
    int measuring = w->st->watch_start > 0 && timer_now() < w->st->watch_deadline;

    if (measuring)
        r->watcher_bytes += (double)n;
    if (w->sse != NULL && client_sse_feed(w->sse, data, n, loadgen_check_event, w) != 0)
        w->broken = 1;
    for (size_t i = 0; i < n;) {
        if (w->line_len < 0) { /* in a long line: skip to its end */
            const char *end = memchr(data + i, '\n', n - i);
            if (end == NULL)
                break;
            i = (size_t)(end - data) + 1;
            w->line_len = 0;
        } else if (data[i] != '\n') {
            w->line[w->line_len] = data[i++];
            w->line_len = w->line_len + 1 < LOADGEN_EVENT_LINE ? w->line_len + 1 : -1;
        } else {
            int view = w->line_len == 11 && memcmp(w->line, "event: view", 11) == 0;
            int patch = w->line_len == 12 && memcmp(w->line, "event: patch", 12) == 0;
            i++;
            w->line_len = 0;
            if (view && !w->seen_first) {
                w->seen_first = 1;
                pthread_mutex_lock(&w->st->watch_lock);
                w->st->watching++;
                pthread_mutex_unlock(&w->st->watch_lock);
            } else if (measuring) {
                r->views_received += view;
                r->patches_received += patch;
            }
        }
    }
    return n;
}

/* Point the watchers of slot at its (new) game's event stream: the
 * watchers' thread does it. */
static void loadgen_watch(loadgen_state *st, loadgen_slot *slot)
{
    pthread_mutex_lock(&st->watch_lock);
    for (long k = slot - st->slots; k < st->config->watchers; k += st->config->games)
        st->watchers[k].next_game = slot->game;
    st->repoint = 1;
    pthread_mutex_unlock(&st->watch_lock);
    loadgen_pump_wake(&st->watch_pump);
}

/* Open the stream of watcher w's next game (the watchers' thread, which
 * owns watch_pump); NULL, or why it cannot. */
static const char *loadgen_repoint(loadgen_state *st, loadgen_watcher *w, long k, int64_t game)
{
    char url[1024];

    snprintf(url, sizeof url, "%s/api/games/%" PRId64 "/events%s", st->base, game,
             st->config->whole_views ? "?whole=1" : "");
    if (w->easy == NULL) {
        if ((w->easy = curl_easy_init()) == NULL)
            return "out of memory for the watchers";
        w->st = st;
        if (k % LOADGEN_CHECK_EVERY == 0 && (w->sse = malloc(sizeof *w->sse)) != NULL)
            client_sse_init(w->sse);
        curl_easy_setopt(w->easy, CURLOPT_WRITEFUNCTION, loadgen_watch_bytes);
        curl_easy_setopt(w->easy, CURLOPT_WRITEDATA, w);
    } else {
        curl_multi_remove_handle(loadgen_pump_multi(&st->watch_pump, k), w->easy);
    }
    w->line_len = 0;
    w->game = game;
    if (w->sse != NULL) { /* a new stream: its first event is a whole view */
        client_sse_free(w->sse);
        client_sse_init(w->sse);
    }
    curl_easy_setopt(w->easy, CURLOPT_URL, url);
    curl_multi_add_handle(loadgen_pump_multi(&st->watch_pump, k), w->easy);
    return NULL;
}

/* The watchers' thread: reads every stream on a multi handle of its own,
 * so that the player's requests never wait behind them in the same loop. */
static void *loadgen_watch_thread(void *arg)
{
    loadgen_state *st = arg;
    const char *failure = NULL;

    for (;;) {
        pthread_mutex_lock(&st->watch_lock);
        if (st->watch_stop || st->watch_failure != NULL) {
            pthread_mutex_unlock(&st->watch_lock);
            break;
        }
        st->watch_start = st->start;
        st->watch_deadline = st->deadline;
        for (long k = 0; st->repoint && k < st->config->watchers && failure == NULL; k++)
            if (st->watchers[k].next_game != st->watchers[k].game)
                failure = loadgen_repoint(st, &st->watchers[k], k, st->watchers[k].next_game);
        st->repoint = 0;
        st->watch_failure = failure;
        pthread_mutex_unlock(&st->watch_lock);
        if (loadgen_pump_wait(&st->watch_pump, 100) != 0)
            failure = "libcurl failed on the watchers' streams";
        CURLMsg *message;
        while ((message = loadgen_pump_done(&st->watch_pump)) != NULL)
            if (message->msg == CURLMSG_DONE && st->watch_start == 0)
                failure = "the server closed a watcher's event stream (its --per-address bound?)";
        pthread_mutex_lock(&st->watch_lock);
        st->watch_failure = failure;
        pthread_mutex_unlock(&st->watch_lock);
    }
    return NULL;
}

/* A measured submission's latency; 0, or -1 out of memory. */
static int loadgen_note_latency(loadgen_state *st, double ms)
{
    if (st->latency_len == st->latency_cap) {
        size_t cap = st->latency_cap ? 2 * st->latency_cap : 65536;
        double *grown = realloc(st->latency, cap * sizeof *grown);
        if (grown == NULL)
            return -1;
        st->latency = grown;
        st->latency_cap = cap;
    }
    st->latency[st->latency_len++] = ms;
    return 0;
}

/* A request other than a submission failed (why says how): try the game's
 * summary again (or a new game), unless the game has failed too often. */
static void loadgen_retry(loadgen_state *st, loadgen_slot *slot, const char *why)
{
    if (st->start > 0)
        st->result->other_failures++;
    if (++slot->failures >= LOADGEN_FAILURES_MAX || st->start == 0) {
        loadgen_fail(st, "%s%s", why, st->start == 0 ? "" : " (the server keeps failing)");
        return;
    }
    if (slot->game != 0 && slot->joined == st->config->players)
        loadgen_summary(st, slot);
    else
        loadgen_create(st, slot);
}

/* The slot's request has its answer: decode it and start the next one. */
static void loadgen_done(loadgen_state *st, loadgen_slot *slot, CURLcode result)
{
    double now = timer_now();
    int measuring = st->start > 0 && now < st->deadline;
    int over = st->start > 0 && now >= st->deadline;
    loadgen_step step = slot->step;
    char why[512];
    json_t *answer = NULL;
    /* a submission's answer is not read: only its status counts */
    int status = client_request_finish(&slot->request, result, step == LOADGEN_ACT ? NULL : &answer, why, sizeof why);
    if (step == LOADGEN_LEGAL && status == CLIENT_OK) {
        st->legal_lists++;
        st->legal_bytes += (double)slot->request.answer_len;
    }
    if (slot->request.answer_cap > LOADGEN_SHRINK) {
        free(slot->request.answer);
        slot->request.answer = NULL;
        slot->request.answer_cap = 0;
        slot->request.answer_len = 0;
    }
    if (step == LOADGEN_ACT && measuring) {
        loadgen_result *r = st->result;
        r->submissions++;
        long code = slot->request.status;
        if (status == CLIENT_OK) {
            r->accepted++;
            long second = (long)(now - st->start);
            if (second < st->config->seconds)
                st->per_second[second]++;
        } else {
            r->by_status[code > 0 && code < LOADGEN_STATUS_MAX ? code : 0]++;
            if (code == 409 && strcmp(slot->request.code, "stale") == 0)
                r->stale++;
        }
        if (loadgen_note_latency(st, (now - slot->started) * 1000.0) != 0)
            loadgen_fail(st, "out of memory");
    } else if (step != LOADGEN_ACT && st->start > 0 && !over)
        st->result->other_requests++;
    if (over || st->failed) {
        slot->step = LOADGEN_DONE;
        json_decref(answer);
        return;
    }
    if (status != CLIENT_OK) {
        if (step == LOADGEN_ACT) /* counted above; find out where the game is */
            loadgen_summary(st, slot);
        else
            loadgen_retry(st, slot, why);
        json_decref(answer);
        return;
    }
    int64_t number;
    switch (step) {
    case LOADGEN_CREATE:
        if (client_json_int(answer, "id", &number) != 0 || number <= 0) {
            loadgen_retry(st, slot, "POST /api/games answered no game id");
            break;
        }
        slot->game = number;
        slot->joined = 0;
        loadgen_join(st, slot);
        break;
    case LOADGEN_JOIN: {
        const char *token = client_json_string(answer, "token");
        if (token == NULL || token[0] == '\0' || strlen(token) >= CLIENT_TOKEN_MAX) {
            loadgen_retry(st, slot, "POST /api/games/ID/join answered no token");
            break;
        }
        snprintf(slot->tokens[slot->joined], CLIENT_TOKEN_MAX, "%s", token);
        slot->joined++;
        if (slot->joined < st->config->players) {
            loadgen_join(st, slot);
            break;
        }
        loadgen_watch(st, slot);
        if (st->start == 0 && st->config->rate == 0) {
            slot->step = LOADGEN_READY;
            st->ready++;
        } else
            loadgen_summary(st, slot);
        break;
    }
    case LOADGEN_SUMMARY: {
        const char *game_state = client_json_string(answer, "status");
        int to_move = client_json_to_move(answer);
        if (game_state != NULL && strcmp(game_state, "finished") == 0) {
            slot->failures = 0;
            if (measuring)
                st->result->games_finished++;
            loadgen_create(st, slot);
        } else if (game_state != NULL && strcmp(game_state, "running") == 0 && to_move >= 0 &&
                   to_move < st->config->players) {
            slot->failures = 0;
            loadgen_legal(st, slot, to_move);
        } else {
            snprintf(why, sizeof why, "game %" PRId64 " is %s with %s to move after every seat joined",
                     slot->game, game_state != NULL ? game_state : "of no status",
                     to_move >= 0 ? "a seat out of range" : "nobody");
            loadgen_retry(st, slot, why);
        }
        break;
    }
    case LOADGEN_LEGAL: {
        json_t *actions = json_object_get(answer, "actions");
        if (!json_is_array(actions) || client_json_int(answer, "version", &number) != 0) {
            loadgen_retry(st, slot, "GET /api/games/ID/legal answered no actions and version");
            break;
        }
        size_t n = json_array_size(actions);
        if ((long)n > st->result->legal_longest)
            st->result->legal_longest = (long)n;
        if (n == 0) { /* this seat's turn is over */
            loadgen_summary(st, slot);
            break;
        }
        const char *text = client_json_string(json_array_get(actions, (size_t)rng_below(&slot->rng, n)), "text");
        if (text == NULL) {
            loadgen_retry(st, slot, "GET /api/games/ID/legal answered an action without text");
            break;
        }
        slot->version = number;
        slot->failures = 0;
        loadgen_submit(st, slot, text);
        break;
    }
    case LOADGEN_ACT:
        slot->failures = 0;
        loadgen_legal(st, slot, slot->seat);
        break;
    case LOADGEN_READY:
    case LOADGEN_WAIT:
    case LOADGEN_DONE:
        break;
    }
    json_decref(answer);
}

/* Enough file descriptors for one connection per game; 0, or -1. */
static int loadgen_raise_files(long games)
{
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return 0;
    rlim_t needed = (rlim_t)games + 64;
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < needed) {
        if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < needed)
            return -1;
        limit.rlim_cur = needed;
        if (setrlimit(RLIMIT_NOFILE, &limit) != 0)
            return -1;
    }
    return 0;
}

/* Is the server there? 0, or CLI_FAIL with why. */
static int loadgen_probe(const char *url, char *why, size_t why_len)
{
    client *c = client_new(url);
    if (c == NULL) {
        snprintf(why, why_len, "\"%s\" is not a usable address", url);
        return CLI_FAIL;
    }
    char reason[512];
    int status = client_call(c, "GET", "/api/games?limit=1", NULL, NULL, NULL, NULL, reason, sizeof reason);
    client_free(c);
    if (status == CLIENT_OK)
        return 0;
    if (status == CLIENT_ENET || status == CLIENT_ETIMEOUT)
        snprintf(why, why_len, "cannot reach the server at %s: %s", url, reason);
    else
        snprintf(why, why_len, "the server at %s does not answer as the API says: %s", url, reason);
    return CLI_FAIL;
}

/* Drive every slot until the measurement is over. */
static void loadgen_loop(loadgen_state *st)
{
    const loadgen_config *config = st->config;
    for (long k = 0; k < config->games && !st->failed; k++)
        loadgen_create(st, &st->slots[k]);
    for (;;) {
        CURLMsg *message;
        while ((message = loadgen_pump_done(&st->pump)) != NULL) {
            if (message->msg != CURLMSG_DONE)
                continue;
            CURL *easy = message->easy_handle;
            CURLcode result = message->data.result;
            char *private = NULL;
            curl_easy_getinfo(easy, CURLINFO_PRIVATE, &private);
            loadgen_slot *slot = (loadgen_slot *)(void *)private;
            curl_multi_remove_handle(loadgen_pump_multi(&st->pump, slot - st->slots), easy);
            loadgen_done(st, slot, result);
        }
        pthread_mutex_lock(&st->watch_lock);
        const char *failure = st->watch_failure;
        int starts = st->start == 0 && st->ready == config->games && st->watching == config->watchers &&
                     !st->failed && failure == NULL;
        if (starts) {
            st->start = timer_now();
            st->deadline = st->start + (double)config->seconds;
        }
        pthread_mutex_unlock(&st->watch_lock);
        if (failure != NULL)
            loadgen_fail(st, "%s", failure);
        if (starts) {
            st->result->setup_seconds = st->start - st->begun;
            st->next_due = st->start;
            for (long k = 0; k < config->games; k++) {
                if (config->rate > 0) /* open loop: the schedules spread over one period, first actions chosen */
                    st->slots[k].due = st->start + (double)k / ((double)config->games * config->rate);
                else
                    loadgen_summary(st, &st->slots[k]);
            }
            continue;
        }
        if (st->failed)
            break;
        double now = timer_now();
        double next = st->start > 0 ? st->deadline : now + 0.1; /* the loop's next own deadline */
        int busy = st->start > 0;
        /* the slots are looked at only when one falls due (open loop) and
         * once the time is up: not at every answer */
        if (st->start > 0 && (now >= st->deadline || (config->rate > 0 && now >= st->next_due))) {
            busy = 0;
            for (long k = 0; k < config->games; k++) {
                loadgen_slot *slot = &st->slots[k];
                if (slot->step == LOADGEN_WAIT && now >= st->deadline)
                    slot->step = LOADGEN_DONE;
                else if (slot->step == LOADGEN_WAIT && now >= slot->due)
                    loadgen_act(st, slot, slot->action);
                else if (slot->step == LOADGEN_WAIT && slot->due < next)
                    next = slot->due;
                busy |= slot->step != LOADGEN_READY && slot->step != LOADGEN_DONE;
            }
            st->next_due = next;
        } else if (config->rate > 0 && st->next_due < next)
            next = st->next_due;
        /* over: every answer came, or the late ones are given up */
        if (st->start > 0 && (!busy || now > st->deadline + LOADGEN_LATE_SECONDS))
            break;
        double wait_ms = (next - now) * 1000.0;
        if (loadgen_pump_wait(&st->pump, wait_ms < 1 ? 1 : wait_ms > 100 ? 100 : wait_ms) != 0) {
            loadgen_fail(st, "libcurl failed on the games' requests");
            break;
        }
    }
    double end = timer_now();
    st->result->seconds = st->start > 0 ? (end < st->deadline ? end : st->deadline) - st->start : 0;
}

/* 1 if every checked watcher's view equals the whole view it wants. */
static int loadgen_caught_up(const loadgen_state *st)
{
    for (long k = 0; k < st->config->watchers; k += LOADGEN_CHECK_EVERY) {
        const loadgen_watcher *w = &st->watchers[k];
        if (w->sse != NULL && !w->broken && (w->view == NULL || !json_equal(w->view, w->want)))
            return 0;
    }
    return 1;
}

/* At the end (the games no longer change): each checked watcher's view,
 * patched together, equals its game's whole view fetched now, once its
 * stream caught up (within LOADGEN_CHECK_SECONDS); else the run fails. */
static void loadgen_check_watchers(loadgen_state *st)
{
    client *c = client_new(st->base);
    char why[512];
    double until = timer_now() + LOADGEN_CHECK_SECONDS;

    for (long k = 0; k < st->config->watchers && c != NULL && !st->failed; k += LOADGEN_CHECK_EVERY) {
        loadgen_watcher *w = &st->watchers[k];
        if (w->sse != NULL && client_view(c, w->game, NULL, &w->want, why, sizeof why) != CLIENT_OK)
            loadgen_fail(st, "the whole view of game %" PRId64 " for the watchers' check: %s", w->game, why);
    }
    client_free(c);
    while (!st->failed && !loadgen_caught_up(st) && timer_now() < until) /* the watchers' thread is over */
        loadgen_pump_wait(&st->watch_pump, 100);
    for (long k = 0; k < st->config->watchers && !st->failed; k += LOADGEN_CHECK_EVERY) {
        loadgen_watcher *w = &st->watchers[k];
        if (w->sse == NULL)
            continue;
        st->result->watchers_checked++;
        if (w->broken || w->view == NULL || !json_equal(w->view, w->want))
            loadgen_fail(st, "watcher %ld's view of game %" PRId64 " %s", k, w->game,
                         w->broken ? "got a patch that does not follow its last view or does not apply"
                                   : "patched together differs from the whole view at the end");
    }
}

int loadgen_run(const loadgen_config *config, loadgen_result *result, char *why, size_t why_len)
{
    memset(result, 0, sizeof *result);
    if (loadgen_raise_files(config->games + config->watchers) != 0) {
        snprintf(why, why_len,
                 "%ld games and %ld watchers need %ld open files, more than this process may have (ulimit -n)",
                 config->games, config->watchers, config->games + config->watchers + 64);
        return CLI_FAIL;
    }
    if (loadgen_probe(config->url, why, why_len) != 0)
        return CLI_FAIL;
    loadgen_state st;
    memset(&st, 0, sizeof st);
    st.config = config;
    st.result = result;
    st.begun = timer_now();
    st.base = strdup(config->url);
    st.slots = calloc((size_t)config->games, sizeof *st.slots);
    st.watchers = calloc((size_t)config->watchers + 1, sizeof *st.watchers);
    st.per_second = calloc((size_t)config->seconds + 1, sizeof *st.per_second);
    int pumps = loadgen_pump_init(&st.pump, config->games) | loadgen_pump_init(&st.watch_pump, config->watchers);
    pthread_mutex_init(&st.watch_lock, NULL);
    json_t *request = client_game_request(config->game, config->variant, config->players, NULL);
    st.create_body = request != NULL ? json_dumps(request, JSON_COMPACT) : NULL;
    json_decref(request);
    long initialised = 0;
    if (st.base == NULL || st.slots == NULL || st.watchers == NULL || st.per_second == NULL || pumps != 0 ||
        st.create_body == NULL)
        loadgen_fail(&st, "out of memory or file descriptors");
    for (; !st.failed && initialised < config->games; initialised++) {
        loadgen_slot *slot = &st.slots[initialised];
        if (client_request_init(&slot->request) != CLIENT_OK)
            loadgen_fail(&st, "out of memory for %ld games", config->games);
        else
            rng_seed(&slot->rng, config->seed + (uint64_t)initialised);
        if (st.failed)
            break;
    }
    if (!st.failed) {
        size_t n = strlen(st.base);
        while (n > 0 && st.base[n - 1] == '/')
            st.base[--n] = '\0';
        st.watch_thread_started = pthread_create(&st.watch_thread, NULL, loadgen_watch_thread, &st) == 0;
        if (!st.watch_thread_started)
            loadgen_fail(&st, "the watchers' thread cannot be started");
        else
            loadgen_loop(&st);
    }
    if (st.watch_thread_started) {
        pthread_mutex_lock(&st.watch_lock);
        st.watch_stop = 1;
        pthread_mutex_unlock(&st.watch_lock);
        loadgen_pump_wake(&st.watch_pump);
        pthread_join(st.watch_thread, NULL);
        if (!st.failed)
            loadgen_check_watchers(&st);
    }
    for (long k = 0; k < initialised; k++) {
        if (st.slots[k].step != LOADGEN_READY && st.slots[k].step != LOADGEN_WAIT && st.slots[k].step != LOADGEN_DONE)
            curl_multi_remove_handle(loadgen_pump_multi(&st.pump, k), st.slots[k].request.easy);
        client_request_free(&st.slots[k].request);
    }
    for (long k = 0; k < config->watchers; k++)
        if (st.watchers[k].easy != NULL) {
            curl_multi_remove_handle(loadgen_pump_multi(&st.watch_pump, k), st.watchers[k].easy);
            curl_easy_cleanup(st.watchers[k].easy);
            if (st.watchers[k].sse != NULL)
                client_sse_free(st.watchers[k].sse);
            free(st.watchers[k].sse);
            json_decref(st.watchers[k].view);
            json_decref(st.watchers[k].want);
        }
    loadgen_pump_free(&st.pump);
    loadgen_pump_free(&st.watch_pump);
    pthread_mutex_destroy(&st.watch_lock);
    if (!st.failed)
        loadgen_summarize(&st);
    free(st.latency);
    free(st.per_second);
    free(st.slots);
    free(st.watchers);
    free(st.create_body);
    free(st.base);
    if (st.failed) {
        snprintf(why, why_len, "%s", st.why);
        return CLI_FAIL;
    }
    return 0;
}

/* ---- output ---- */

void loadgen_print(FILE *out, const loadgen_config *config, const loadgen_result *r)
{
    fprintf(out, "maya loadgen: %s%s%s, %d players, %ld games at once, %ld s at %s (seed %" PRIu64 ")\n",
            config->game, config->variant != NULL ? " " : "", config->variant != NULL ? config->variant : "",
            config->players, config->games, config->seconds, config->url, config->seed);
    if (config->rate > 0)
        fprintf(out, "open loop: %g actions a second per game, %.0f a second offered; latency from when due\n",
                config->rate, config->rate * (double)config->games);
    else
        fprintf(out, "closed loop: each game submits its next action as soon as it can\n");
    fprintf(out, "setup: %ld games created and joined%s in %.2f s\n", config->games,
            config->rate > 0 ? ", their first actions chosen," : "", r->setup_seconds);
    double seconds = r->seconds > 0 ? r->seconds : 1;
    fprintf(out, "%11s %9s %10s %8s %8s %8s %8s %8s %8s\n", "submissions", "accepted", "accepted/s", "slowest",
            "fastest", "p50 ms", "p90 ms", "p99 ms", "max ms");
    fprintf(out, "%11ld %9ld %10.1f %8ld %8ld %8.2f %8.2f %8.2f %8.2f\n", r->submissions, r->accepted,
            (double)r->accepted / seconds, r->slowest_second, r->fastest_second, r->p50_ms, r->p90_ms, r->p99_ms,
            r->max_ms);
    long refused = r->submissions - r->accepted;
    fprintf(out, "refused submissions: %ld", refused);
    for (int s = 0; s < LOADGEN_STATUS_MAX; s++) {
        if (r->by_status[s] > 0 && s == 0)
            fprintf(out, ", no answer: %ld", r->by_status[0]);
        else if (r->by_status[s] > 0)
            fprintf(out, ", status %d: %ld", s, r->by_status[s]);
    }
    fprintf(out, "; stale (409 stale, never expected with one client per game): %ld\n", r->stale);
    fprintf(out, "games finished: %ld; other requests: %ld (%ld failed); legal lists: longest %ld, mean %.0f bytes\n",
            r->games_finished, r->other_requests, r->other_failures, r->legal_longest, r->legal_bytes_mean);
    if (config->watchers > 0) {
        long events = r->views_received + r->patches_received;
        fprintf(out, "watchers: %ld%s, views received: %ld, patches: %ld, bytes: %.0f (%.0f an event)\n",
                config->watchers, config->whole_views ? " (whole views only)" : "", r->views_received,
                r->patches_received, r->watcher_bytes, events > 0 ? r->watcher_bytes / (double)events : 0);
        fprintf(out, "checked watchers: %ld, each one's view patched together equals the whole view at the end\n",
                r->watchers_checked);
    }
}

int loadgen_write_csv(const char *path, const loadgen_config *config, const loadgen_result *r)
{
    FILE *out = fopen(path, "a");
    if (out == NULL)
        return -1;
    if (fseek(out, 0, SEEK_END) == 0 && ftell(out) == 0)
        fputs("game,variant,players,games,seconds,submissions,accepted,accepted_per_s,p50_ms,p90_ms,p99_ms,"
              "max_ms,refused,stale,rate\n",
              out);
    double seconds = r->seconds > 0 ? r->seconds : 1;
    fprintf(out, "%s,%s,%d,%ld,%.3f,%ld,%ld,%.1f,%.3f,%.3f,%.3f,%.3f,%ld,%ld,%g\n", config->game,
            config->variant != NULL ? config->variant : "", config->players, config->games, r->seconds,
            r->submissions, r->accepted, (double)r->accepted / seconds, r->p50_ms, r->p90_ms, r->p99_ms, r->max_ms,
            r->submissions - r->accepted, r->stale, config->rate);
    return fclose(out) == 0 ? 0 : -1;
}

int cli_loadgen(int argc, char **argv)
{
    loadgen_config config;
    int status = loadgen_parse(argc, argv, &config);
    if (status != 0)
        return status;
    loadgen_result result;
    char why[1024];
    if (loadgen_run(&config, &result, why, sizeof why) != 0) {
        fprintf(stderr, "maya loadgen: %s\n", why);
        return CLI_FAIL;
    }
    loadgen_print(stdout, &config, &result);
    if (config.csv != NULL && loadgen_write_csv(config.csv, &config, &result) != 0) {
        fprintf(stderr, "maya loadgen: cannot write %s\n", config.csv);
        return CLI_FAIL;
    }
    return CLI_OK;
}
