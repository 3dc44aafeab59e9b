/*
 * hub_test.c -- the hub (src/server/hub.h) of two processes sharing one
 * store: two hubs in this process over two handles of one SQLite file,
 * which announces nothing, so that a change made through one is a
 * conflict for the other, every time. The store's reader is held
 * (store_hold_reader) to show which reads wait on it, and nothing here
 * depends on timing: each step waits for a state the hub reports (its
 * ready callback, GET /api/stats's counts).
 *
 * Cases: an action, and a join, refused because the other process changed
 * the game first are answered 409 at once, without reading the game: it is
 * marked to be read again, so that a request that finds it so (after
 * hub_load looked) is 503 with reply.again and reads nothing, and
 * hub_load queues its read to the store's reader (the request waits
 * without a thread) or, while the watchdog reads it there, parks the
 * request behind that read; beyond --max-reads one more read is 503 busy
 * at once; once the reader goes on, each request is made again and sees the
 * other process's change.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "server/hub.h"
#include "server/store.h"
#include "server/token.h"

enum {
    WAIT_SECONDS = 300,  /* longest wait for a state the hub reports (a hang, not a slow machine) */
    ANSWER_SECONDS = 60, /* longest wait for an answer that needs no read (one that waits on the held
                            reader never comes) */
    TEST_MAX_READS = 2   /* the hubs' --max-reads */
};

/* Two hubs over one SQLite file: "this process" (a) and "the other" (b). */
typedef struct fixture {
    char folder[64];     /* temporary folder of the file */
    char file[PATH_MAX]; /* the SQLite file */
    store *sa, *sb;      /* a's and b's handles of it */
    hub *a, *b;          /* the hubs */
} fixture;

/* A request waiting without a thread: its hub_ready sets ready. */
typedef struct waiter {
    pthread_mutex_t lock; /* guards ready */
    pthread_cond_t done;  /* signalled when ready is set */
    int ready;            /* 1 once the hub called back */
    hub_later *later;     /* the hub's request waiting */
} waiter;

static void waiter_init(waiter *w)
{
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->done, NULL);
    w->ready = 0;
    w->later = NULL;
}

static void waiter_ready(void *context)
{
    waiter *w = context;

    pthread_mutex_lock(&w->lock);
    w->ready = 1;
    pthread_cond_signal(&w->done);
    pthread_mutex_unlock(&w->lock);
}

/* Wait until the hub calls w back (cut at WAIT_SECONDS: a hang). */
static void waiter_wait(waiter *w)
{
    struct timespec until;

    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += WAIT_SECONDS;
    pthread_mutex_lock(&w->lock);
    while (!w->ready)
        if (pthread_cond_timedwait(&w->done, &w->lock, &until) == ETIMEDOUT)
            break;
    pthread_mutex_unlock(&w->lock);
    if (!w->ready)
        fail_msg("the hub never called back");
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->done);
}

/* Whether w was called back yet. */
static int waiter_is_ready(waiter *w)
{
    int ready;

    pthread_mutex_lock(&w->lock);
    ready = w->ready;
    pthread_mutex_unlock(&w->lock);
    return ready;
}

/* hub_later_answer on a thread of its own, as a pool thread of server.c. */
typedef struct answering {
    hub *h;            /* the hub */
    hub_later *later;  /* the request to answer */
    hub_reply r;       /* its answer */
    hub_later_outcome outcome; /* what hub_later_answer did */
    waiter answered;   /* ready once it returned */
} answering;

static void *answer_thread(void *arg)
{
    answering *a = arg;

    a->outcome = hub_later_answer(a->h, a->later, 1, &a->r);
    waiter_ready(&a->answered);
    return NULL;
}

/* The answer of later (ready), which must come without waiting for the
 * store's reader (held): made on another thread, waited for at most
 * ANSWER_SECONDS; its outcome, r its reply. */
static hub_later_outcome answer_without_reader(hub *h, hub_later *later, hub_reply *r)
{
    answering *a = calloc(1, sizeof *a); /* left to the thread if it never answers */
    hub_later_outcome outcome;
    pthread_t thread;
    struct timespec until;

    assert_non_null(a);
    *a = (answering){.h = h, .later = later};
    waiter_init(&a->answered);
    assert_int_equal(pthread_create(&thread, NULL, answer_thread, a), 0);
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ANSWER_SECONDS;
    pthread_mutex_lock(&a->answered.lock);
    while (!a->answered.ready && pthread_cond_timedwait(&a->answered.done, &a->answered.lock, &until) != ETIMEDOUT)
        continue;
    pthread_mutex_unlock(&a->answered.lock);
    if (!waiter_is_ready(&a->answered))
        fail_msg("the answer waits for the store's reader");
    pthread_join(thread, NULL);
    *r = a->r;
    outcome = a->outcome;
    pthread_mutex_destroy(&a->answered.lock);
    pthread_cond_destroy(&a->answered.done);
    free(a);
    return outcome;
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    hub_settings settings;
    char why[256];

    if (f == NULL)
        return -1;
    snprintf(f->folder, sizeof f->folder, "/tmp/maya-hub-test.XXXXXX");
    if (mkdtemp(f->folder) == NULL) {
        free(f);
        return -1;
    }
    snprintf(f->file, sizeof f->file, "%s/maya.db", f->folder);
    hub_default_settings(&settings);
    settings.bot_threads = 1;
    settings.max_hint_searches = 1;
    settings.creates_per_minute = 0;
    settings.open_per_address = 0;
    settings.max_reads = TEST_MAX_READS;
    settings.idle_seconds = 0; /* every game stays in memory */
    if (store_open(&f->sa, f->file, why, sizeof why) != STORE_OK ||
        store_open(&f->sb, f->file, why, sizeof why) != STORE_OK ||
        (f->a = hub_new(f->sa, &settings, why, sizeof why)) == NULL ||
        (f->b = hub_new(f->sb, &settings, why, sizeof why)) == NULL) {
        fprintf(stderr, "hub_test: %s\n", why);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    static const char *const suffixes[] = {"", "-wal", "-shm", "-journal"};
    char name[PATH_MAX + 16];

    store_hold_reader(f->sa, 0);
    hub_free(f->a);
    hub_free(f->b);
    store_close(f->sa);
    store_close(f->sb);
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        snprintf(name, sizeof name, "%s%s", f->file, suffixes[i]);
        unlink(name);
    }
    rmdir(f->folder);
    free(f);
    return 0;
}

/* r's status (and error code, if code is not NULL), as wanted; r freed
 * and emptied. */
static void expect_reply(hub_reply *r, int status, const char *code, const char *what)
{
    if (r->status != status || (code != NULL && (r->code == NULL || strcmp(r->code, code) != 0)))
        fail_msg("%s: got %d %s (%s), wanted %d %s", what, r->status, r->code ? r->code : "", r->error, status,
                 code ? code : "");
    hub_reply_free(r);
    *r = (hub_reply){0};
}

/* A two-player Tikal game of people created through h, its creator in seat
 * 0 (token t0); with a second seat taken (token t1), it runs. */
static int64_t new_game(hub *h, int full, char *t0, char *t1)
{
    json_t *body = json_pack("{s:s, s:i, s:[{s:s}, {s:s}], s:i}", "game", "tikal", "players", 2, "seats", "type",
                             "human", "type", "human", "join", 0);
    hub_reply r = {0};
    int64_t id;

    hub_create(h, body, "127.0.0.1", NULL, NULL, NULL, &r);
    json_decref(body);
    assert_int_equal(r.status, 201);
    id = json_integer_value(json_object_get(r.body, "id"));
    snprintf(t0, TOKEN_TEXT, "%s", json_string_value(json_object_get(r.body, "token")));
    hub_reply_free(&r);
    if (full) {
        body = json_object();
        hub_join(h, id, NULL, body, NULL, NULL, NULL, &r);
        json_decref(body);
        assert_int_equal(r.status, 200);
        snprintf(t1, TOKEN_TEXT, "%s", json_string_value(json_object_get(r.body, "token")));
        hub_reply_free(&r);
    }
    return id;
}

/* Game id served by h, as server.c has it before a request: hub_load,
 * and while it left the request waiting, its answer once ready. */
static void loaded(hub *h, int64_t id)
{
    for (;;) {
        hub_reply r = {0};
        waiter w;
        waiter_init(&w);
        hub_load(h, id, waiter_ready, &w, &w.later, &r);
        assert_null(r.code);
        if (w.later == NULL)
            return;
        waiter_wait(&w);
        assert_int_equal(hub_later_answer(h, w.later, 1, &r), HUB_LATER_AGAIN);
    }
}

/* The state number of game id as h has it (its summary). */
static int64_t version_of(hub *h, int64_t id)
{
    hub_reply r = {0};
    int64_t version;

    loaded(h, id);
    hub_summary(h, id, &r);
    assert_int_equal(r.status, 200);
    version = json_integer_value(json_object_get(r.body, "version"));
    hub_reply_free(&r);
    return version;
}

/* The token (of t0, t1) of the seat to move in game id as h has it. */
static const char *mover(hub *h, int64_t id, const char *t0, const char *t1)
{
    hub_reply r = {0};
    int seat;

    hub_summary(h, id, &r);
    assert_int_equal(r.status, 200);
    seat = (int)json_integer_value(json_object_get(r.body, "to_move"));
    hub_reply_free(&r);
    return seat == 0 ? t0 : t1;
}

/* The body of an action of token's seat in game id as h has it: its first
 * legal action at its state number (owned). */
static json_t *first_action(hub *h, int64_t id, const char *token)
{
    hub_reply r = {0};
    json_t *body;

    hub_legal(h, id, token, NULL, &r);
    assert_int_equal(r.status, 200);
    body = json_pack("{s:I, s:O}", "version", json_integer_value(json_object_get(r.body, "version")), "action",
                     json_object_get(json_array_get(json_object_get(r.body, "actions"), 0), "text"));
    hub_reply_free(&r);
    return body;
}

/* A figure of h's GET /api/stats: "parked", or of its store ("reads_waiting"). */
static int stat_of(hub *h, const char *name)
{
    hub_reply r = {0};
    json_t *value;
    int n;

    hub_stats(h, &r);
    value = json_object_get(r.body, name);
    if (value == NULL)
        value = json_object_get(json_object_get(r.body, "store"), name);
    n = (int)json_integer_value(value);
    hub_reply_free(&r);
    return n;
}

/* Wait until h's figure name is value (cut at WAIT_SECONDS: a hang). */
static void stat_until(hub *h, const char *name, int value)
{
    for (int i = 0; i < WAIT_SECONDS * 100; i++) {
        if (stat_of(h, name) == value)
            return;
        nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    }
    fail_msg("GET /api/stats never had %s %d (it has %d)", name, value, stat_of(h, name));
}

/* Game id, running in both hubs, moved on by b: a's action at the state
 * number it still has is refused 409 stale at once (the store's conflict),
 * its game then to be read again; a's reader is held throughout. */
static void conflict(fixture *f, int64_t id, const char *t0, const char *t1)
{
    hub_reply r = {0};
    const char *token;
    json_t *stale, *body;
    waiter w;

    hub_load(f->b, id, NULL, NULL, NULL, &r); /* b reads it (as a request of the other process would) */
    assert_null(r.code);
    token = mover(f->a, id, t0, t1);
    stale = first_action(f->a, id, token);
    body = first_action(f->b, id, token);
    hub_act(f->b, id, token, body, NULL, NULL, NULL, &r);
    json_decref(body);
    expect_reply(&r, 200, NULL, "the other process's action");

    waiter_init(&w);
    hub_act(f->a, id, token, stale, waiter_ready, &w, &w.later, &r);
    json_decref(stale);
    assert_non_null(w.later); /* queued to the writer */
    waiter_wait(&w);
    assert_int_equal(answer_without_reader(f->a, w.later, &r), HUB_LATER_ANSWERED);
    expect_reply(&r, 409, "stale", "an action the other process's came before");
}

/* A request that finds its game to be read again reads nothing: 503 with
 * reply.again (server.c makes it again from hub_load). */
static void expect_again(hub *h, int64_t id, const char *what)
{
    hub_reply r = {0};

    hub_view(h, id, NULL, NULL, NULL, &r);
    if (!r.again)
        fail_msg("%s: the view was answered %d (%s), not asked for again", what, r.status, r.error);
    expect_reply(&r, 503, "store", what);
}

/* A conflict's reload is not read on the thread of the refused request,
 * nor on that of the next one: the reads wait on the store's reader, the
 * watchdog's and the requests' alike, and the requests without a thread. */
static void test_conflict_read_on_the_reader(void **state)
{
    fixture *f = *state;
    char x0[TOKEN_TEXT], x1[TOKEN_TEXT], y0[TOKEN_TEXT], y1[TOKEN_TEXT];
    int64_t x = new_game(f->a, 1, x0, x1), y = new_game(f->a, 1, y0, y1);
    int64_t x_after, y_after;
    waiter wx, wy, wz;
    hub_reply r = {0};

    store_hold_reader(f->sa, 1);
    conflict(f, x, x0, x1);
    conflict(f, y, y0, y1);
    x_after = version_of(f->b, x);
    y_after = version_of(f->b, y);
    expect_again(f->a, x, "a game the other process changed first");
    expect_again(f->a, y, "a game the other process changed first");

    /* the watchdog reads one of them again, on the held reader; a request
     * for that one parks behind it, one for the other queues its own read */
    stat_until(f->a, "reads_waiting", 1);
    waiter_init(&wx);
    waiter_init(&wy);
    hub_load(f->a, x, waiter_ready, &wx, &wx.later, &r);
    assert_null(r.code);
    hub_load(f->a, y, waiter_ready, &wy, &wy.later, &r);
    assert_null(r.code);
    assert_non_null(wx.later);
    assert_non_null(wy.later);
    assert_int_equal(stat_of(f->a, "reads_waiting"), 2);
    assert_int_equal(stat_of(f->a, "parked"), 1);

    /* beyond --max-reads, one more read is refused at once */
    wz.later = NULL;
    hub_load(f->a, 999999, waiter_ready, &wz, &wz.later, &r);
    assert_null(wz.later);
    expect_reply(&r, 503, "busy", "a read beyond --max-reads");
    assert_false(waiter_is_ready(&wx) || waiter_is_ready(&wy));

    store_hold_reader(f->sa, 0);
    waiter_wait(&wx);
    waiter_wait(&wy);
    assert_int_equal(hub_later_answer(f->a, wx.later, 1, &r), HUB_LATER_AGAIN);
    assert_null(r.code);
    assert_int_equal(hub_later_answer(f->a, wy.later, 1, &r), HUB_LATER_AGAIN);
    assert_null(r.code);
    assert_int_equal(version_of(f->a, x), x_after);
    assert_int_equal(version_of(f->a, y), y_after);
    stat_until(f->a, "reads_waiting", 0);
    assert_int_equal(stat_of(f->a, "parked"), 0);
}

/* A join the other process's join came before: 409 seat_taken at once,
 * the game to be read again, then read on the reader for the next request. */
static void test_seat_conflict(void **state)
{
    fixture *f = *state;
    char t0[TOKEN_TEXT], unused[TOKEN_TEXT];
    int64_t id = new_game(f->a, 0, t0, unused);
    json_t *body = json_object();
    hub_reply r = {0};
    waiter w;

    hub_load(f->b, id, NULL, NULL, NULL, &r);
    assert_null(r.code);
    hub_join(f->b, id, NULL, body, NULL, NULL, NULL, &r);
    expect_reply(&r, 200, NULL, "the other process's join");

    store_hold_reader(f->sa, 1);
    waiter_init(&w);
    hub_join(f->a, id, NULL, body, waiter_ready, &w, &w.later, &r);
    assert_non_null(w.later);
    waiter_wait(&w);
    assert_int_equal(answer_without_reader(f->a, w.later, &r), HUB_LATER_ANSWERED);
    expect_reply(&r, 409, "seat_taken", "a join the other process's came before");
    expect_again(f->a, id, "a game whose seat the other process took first");

    waiter_init(&w); /* the watchdog may be reading it already: the request parks, or queues its read */
    hub_load(f->a, id, waiter_ready, &w, &w.later, &r);
    if (r.code != NULL)
        fail_msg("the game's read: %d %s", r.status, r.error);
    assert_non_null(w.later);
    assert_false(waiter_is_ready(&w));
    store_hold_reader(f->sa, 0);
    waiter_wait(&w);
    assert_int_equal(hub_later_answer(f->a, w.later, 1, &r), HUB_LATER_AGAIN);
    loaded(f->a, id);
    hub_summary(f->a, id, &r);
    assert_int_equal(r.status, 200);
    assert_string_equal(json_string_value(json_object_get(r.body, "status")), "running");
    hub_reply_free(&r);
    json_decref(body);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_conflict_read_on_the_reader, setup, teardown),
        cmocka_unit_test_setup_teardown(test_seat_conflict, setup, teardown),
    };

    return cmocka_run_group_tests_name("hub", tests, NULL, NULL);
}
