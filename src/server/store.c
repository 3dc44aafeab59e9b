/*
 * store.c -- the storage interface of store.h: picks the back end from the
 * address (postgresql:// or postgres:// is PostgreSQL, anything else a
 * SQLite file path), checks every argument once for both back ends (a bad
 * one is STORE_EINVAL and reaches no database), then calls the back end
 * through its table of functions (store_internal.h).
 *
 * Group commit: store_append_start, store_create_start and store_set_seat_start push
 * their change (allocated here) on a lock-free stack, and the store's one
 * writer thread takes every change waiting at once, commits them (in their
 * order of arrival) in transactions of at most STORE_BATCH_MAX, and
 * answers each: its semaphore (store_finish waits on it) and its
 * callback, if any (a caller that does not wait, e.g. a suspended HTTP
 * request). No lock is shared between the callers and the writer: with a
 * mutex there, a pool thread preempted while holding it stalled the
 * writer, and with it every commit, for as long as the scheduler kept that
 * thread waiting (over 200 ms seen on a loaded machine). Semaphores bound
 * the queue (queue_space, STORE_QUEUE_MAX) and wake the writer
 * (queue_ready).
 *
 * Queued reads: store_load_start and store_list_rows_start put a read
 * (allocated here) at the end of a list under a mutex, and the store's one
 * reader thread reads them in order with the back end's own functions and
 * answers each as the writer answers a change. The reads waiting are
 * bounded by each caller's max_waiting, counted without the lock. A status
 * changed alone (store_set_status_start) goes the same way: it is one
 * statement of its own, not a change of the writer's batches.
 *
 * Schema, the same in both back ends (created on open if missing, its
 * version in SQLite's user_version or PostgreSQL's table maya_schema):
 *   games  (id, game, variant, players, turn_seconds, replacement, seed,
 *           created, status, result, version)        one row per game
 *   seats  (game, seat, is_bot, bot, name, taken, token_hash, hints_off)
 *                                                     players rows per game
 *   events (game, version, kind, actor, text)         PRIMARY KEY (game, version)
 */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "server/store_internal.h"

/* An append waiting for the writer (store_pending of store.h). */
typedef struct store_waiter {
    store_write request;          /* the change, and its answer */
    sem_t done;                   /* posted once request.rc is final */
    store_game created;           /* a create: the new game's row, its id set by the writer */
    store_game *created_out;      /* a create: the caller's row, given created once stored */
    store_answered *on_answer;    /* called by the writer once answered, NULL none */
    void *context;                /* on_answer's argument */
    struct store_waiter *next;    /* the one pushed before it (the stack of waiting changes) */
} store_waiter;

/* What the writer did (store_counters), written by the writer alone and
 * read by any thread without a lock (GET /api/stats need not stall it). */
typedef struct writer_counters {
    _Atomic int64_t batches;           /* the writer's transactions, committed or failed */
    _Atomic int64_t changes;           /* changes those carried */
    atomic_int largest_batch;          /* most changes in one of them */
    _Atomic int64_t commit_us;         /* microseconds spent in them in all */
    _Atomic int64_t slowest_commit_us; /* the longest of them, microseconds */
} writer_counters;

/* What a queued read is. */
typedef enum store_read_kind {
    STORE_READ_LOAD = 0,  /* store_load_start */
    STORE_READ_LIST = 1,  /* store_list_rows_start */
    STORE_READ_STATUS = 2 /* store_set_status_start: a status written on the reader's thread */
} store_read_kind;

/* A read waiting for the reader (store_read_pending of store.h): the
 * arguments of store_load, of a listing's rows or of a status changed
 * alone, then its answer. */
struct store_reading {
    store_read_kind kind;           /* which of the three */
    int64_t id;                     /* load, status: the game */
    store_game *game;               /* load: its row */
    store_seat *seats;              /* load: its seats[GAME_MAX_PLAYERS] */
    store_event **events;           /* load: its events (malloc'd by the back end), NULL: row and seats only */
    int status;                     /* list: the status listed, < 0 every status; status: the game's new one */
    const char *result;             /* status: the game's result with it (never NULL) */
    int max;                        /* list: most rows, >= 1 */
    store_game *rows;               /* list: rows[0..max-1] */
    store_seat (*row_seats)[GAME_MAX_PLAYERS]; /* list: each row's seats */
    int *n;                         /* load: the events' count (NULL with events); list: the rows read */
    int rc;                         /* the answer, once read */
    char *why;                      /* the caller's buffer for the reason of a failure */
    size_t why_len;                 /* its size (may be 0) */
    sem_t done;                     /* posted once rc is final */
    store_answered *on_answer;      /* called by the reader once answered, NULL none */
    void *context;                  /* on_answer's argument */
    struct store_reading *next;     /* the read queued after it */
};

/* A caller to tell that its change was answered (the writer's copy). */
typedef struct store_callback {
    store_answered *on_answer; /* the caller's function */
    void *context;             /* its argument */
} store_callback;

struct store {
    const store_backend *backend;          /* the back end's functions */
    void *impl;                            /* the back end's own state */
    _Atomic(store_waiter *) waiting;       /* the last change pushed, NULL when none waits */
    atomic_int queued;                     /* changes pushed and not yet taken by the writer */
    atomic_int unanswered;                 /* changes pushed and not yet answered */
    atomic_int writer_asleep;              /* 1: the writer may be waiting on queue_ready */
    sem_t queue_ready;                     /* posted to wake the writer: a change, a release, closing */
    sem_t queue_space;                     /* STORE_QUEUE_MAX minus the changes pushed and not yet taken */
    atomic_int held;                       /* 1: store_hold_writer holds the writer */
    atomic_int closing;                    /* 1: the writer ends once nothing waits */
    writer_counters counters;              /* what the writer did (store_get_counters) */
    pthread_t writer;                      /* commits the batches */
    pthread_mutex_t read_lock;             /* guards reads_first, reads_last and reads_held */
    pthread_cond_t read_ready;             /* signalled when a read is queued, released or the store closes */
    store_read_pending *reads_first;       /* the reads queued, oldest first (NULL none) */
    store_read_pending *reads_last;        /* the newest of them */
    int reads_held;                        /* 1: store_hold_reader holds the reader */
    atomic_int reads_unanswered;           /* reads queued or being read (bounded by each caller's max_waiting) */
    pthread_t reader;                      /* reads the queued reads */
};

int store_fail(char *why, size_t why_len, int code, const char *format, ...)
{
    if (why && why_len > 0) {
        va_list args;
        va_start(args, format);
        vsnprintf(why, why_len, format, args);
        va_end(args);
    }
    return code;
}

int store_seat_missed(store_write *w, const char *backend, const char *what, int seat_found, int game_found)
{
    if (seat_found == 1)
        w->rc = store_fail(w->why, w->why_len, STORE_ECONFLICT, "%s: %s: the seat changed meanwhile", backend, what);
    else if (seat_found == 0 && game_found == 0)
        w->rc = store_fail(w->why, w->why_len, STORE_ENOTFOUND, "%s: %s: no such game", backend, what);
    else if (seat_found == 0 && game_found == 1)
        w->rc = store_fail(w->why, w->why_len, STORE_EINVAL, "%s: %s: the game has no such seat", backend, what);
    else
        return STORE_EIO;
    return STORE_OK;
}

int store_copy_text(char *dst, size_t size, const char *src)
{
    if (!src)
        src = "";
    size_t len = strlen(src);
    if (len >= size) {
        dst[0] = '\0';
        return -1;
    }
    memcpy(dst, src, len + 1);
    return 0;
}

void store_sleep_ms(int ms)
{
    if (ms <= 0)
        return;
    struct timespec left = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&left, &left) != 0) {
        /* interrupted by a signal: sleep what is left */
    }
}

/* Nonzero if the field text of size bytes holds a NUL (a C string that fits). */
static int text_fits(const char *text, size_t size)
{
    return memchr(text, '\0', size) != NULL;
}

static int is_status(int status)
{
    return status == STORE_OPEN || status == STORE_RUNNING || status == STORE_FINISHED;
}

/* Check one seat for store_create or store_set_seat (op names the caller). */
static int check_seat(const store_seat *seat, const char *op, char *why, size_t why_len)
{
    if (seat->seat < 0 || seat->seat >= GAME_MAX_PLAYERS)
        return store_fail(why, why_len, STORE_EINVAL, "%s: seat %d is not 0 to %d", op, seat->seat,
                          GAME_MAX_PLAYERS - 1);
    if ((seat->is_bot != 0 && seat->is_bot != 1) || (seat->taken != 0 && seat->taken != 1) ||
        (seat->hints_off != 0 && seat->hints_off != 1))
        return store_fail(why, why_len, STORE_EINVAL, "%s: seat %d: is_bot, taken and hints_off must be 0 or 1", op,
                          seat->seat);
    if (!text_fits(seat->bot, sizeof seat->bot) || !text_fits(seat->name, sizeof seat->name))
        return store_fail(why, why_len, STORE_EINVAL, "%s: seat %d: bot or name is not a string of at most %d bytes",
                          op, seat->seat, STORE_NAME_MAX - 1);
    return STORE_OK;
}

/* Check a game's status and the result string with it (NULL is ""). */
static int check_status(store_status status, const char *result, const char *op, char *why, size_t why_len)
{
    if (!is_status((int)status))
        return store_fail(why, why_len, STORE_EINVAL, "%s: unknown status %d", op, (int)status);
    if (result && strlen(result) >= STORE_RESULT_MAX)
        return store_fail(why, why_len, STORE_EINVAL, "%s: result longer than %d bytes", op, STORE_RESULT_MAX - 1);
    return STORE_OK;
}

/* Free the back end, the queues' locks and st (the writer and the reader have ended or never started). */
static void store_close_parts(store *st)
{
    st->backend->close(st->impl);
    sem_destroy(&st->queue_space);
    sem_destroy(&st->queue_ready);
    pthread_cond_destroy(&st->read_ready);
    pthread_mutex_destroy(&st->read_lock);
    free(st);
}

static int is_postgres_address(const char *where)
{
    return strncasecmp(where, "postgresql://", 13) == 0 || strncasecmp(where, "postgres://", 11) == 0;
}

static int64_t monotonic_us(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

/* Commit batch[0..n-1] and set every request's rc (and reason on failure);
 * returns how long the back end took, in microseconds. */
static int64_t commit_batch(store *st, store_write *const *batch, int n)
{
    char why[512];
    int64_t start = monotonic_us();
    int rc = st->backend->write_batch(st->impl, batch, n, why, sizeof why);
    int64_t took = monotonic_us() - start;
    if (rc != STORE_OK)
        for (int i = 0; i < n; i++)
            batch[i]->rc = store_fail(batch[i]->why, batch[i]->why_len, STORE_EIO, "%s", why);
    return took;
}

/* Count a batch of n changes that took took_us (on the writer's thread). */
static void count_batch(writer_counters *c, int n, int64_t took_us)
{
    atomic_fetch_add(&c->batches, 1);
    atomic_fetch_add(&c->changes, n);
    atomic_fetch_add(&c->commit_us, took_us);
    if (n > atomic_load(&c->largest_batch))
        atomic_store(&c->largest_batch, n);
    if (took_us > atomic_load(&c->slowest_commit_us))
        atomic_store(&c->slowest_commit_us, took_us);
}

/* sem_wait, resumed after signals. */
static void wait_semaphore(sem_t *semaphore)
{
    while (sem_wait(semaphore) != 0) {
        /* interrupted by a signal: wait again */
    }
}

/* Commit taken[0..n-1] in one transaction and answer each. */
static void commit_and_answer(store *st, store_waiter *const *taken, int n)
{
    store_write *batch[STORE_BATCH_MAX];
    store_callback callbacks[STORE_BATCH_MAX];
    int calls = 0;

    assert(n >= 1 && n <= STORE_BATCH_MAX);
    for (int i = 0; i < n; i++)
        batch[i] = &taken[i]->request;
    int64_t took_us = commit_batch(st, batch, n);
    count_batch(&st->counters, n, took_us);
    atomic_fetch_sub(&st->unanswered, n); /* answered from here on */
    for (int i = 0; i < n; i++) {
        if (taken[i]->on_answer != NULL)
            callbacks[calls++] = (store_callback){taken[i]->on_answer, taken[i]->context};
        sem_post(&taken[i]->done); /* from here its caller may free it */
    }
    for (int i = 0; i < calls; i++)
        callbacks[i].on_answer(callbacks[i].context);
}

/* Commit every change of the stack top (newest first) in their order of
 * arrival, in transactions of at most STORE_BATCH_MAX. */
static void commit_all(store *st, store_waiter *top)
{
    store_waiter *taken[STORE_QUEUE_MAX];
    int n = 0;

    for (store_waiter *w = top; w != NULL; w = w->next)
        n++;
    assert(n <= STORE_QUEUE_MAX);
    int i = n;
    for (store_waiter *w = top; w != NULL; w = w->next)
        taken[--i] = w;
    atomic_fetch_sub(&st->queued, n);
    for (i = 0; i < n; i++)
        sem_post(&st->queue_space);
    for (i = 0; i < n; i += STORE_BATCH_MAX)
        commit_and_answer(st, taken + i, n - i < STORE_BATCH_MAX ? n - i : STORE_BATCH_MAX);
}

static void *writer_main(void *arg)
{
    store *st = arg;
    for (;;) {
        int closing = atomic_load(&st->closing);
        store_waiter *top = !atomic_load(&st->held) || closing ? atomic_exchange(&st->waiting, NULL) : NULL;
        if (top != NULL) {
            commit_all(st, top);
            continue;
        }
        if (closing)
            break;
        /* asleep first, then look again: a change pushed meanwhile is
         * either seen here or posts queue_ready (queue_write) */
        atomic_store(&st->writer_asleep, 1);
        if (atomic_load(&st->waiting) == NULL || atomic_load(&st->held))
            wait_semaphore(&st->queue_ready);
        atomic_store(&st->writer_asleep, 0);
    }
    return NULL;
}

/* A listing's rows (store_list_rows_start), read on the reader's thread. */
static int list_rows(store *st, store_read_pending *r)
{
    int64_t *ids = malloc(sizeof *ids * (size_t)r->max);
    int listed = 0, rc;

    *r->n = 0;
    if (ids == NULL)
        return store_fail(r->why, r->why_len, STORE_EIO, "store_list: out of memory");
    rc = st->backend->list(st->impl, r->status, ids, r->max, &listed, r->why, r->why_len);
    for (int i = 0; rc == STORE_OK && i < listed; i++) {
        char why[256];
        if (st->backend->load(st->impl, ids[i], &r->rows[*r->n], r->row_seats[*r->n], NULL, NULL, why, sizeof why) ==
            STORE_OK)
            (*r->n)++;
    }
    free(ids);
    return rc;
}

static void *reader_main(void *arg)
{
    store *st = arg;

    pthread_mutex_lock(&st->read_lock);
    for (;;) {
        int closing = atomic_load(&st->closing);
        store_read_pending *r = !st->reads_held || closing ? st->reads_first : NULL;
        if (r == NULL && closing)
            break;
        if (r == NULL) {
            pthread_cond_wait(&st->read_ready, &st->read_lock);
            continue;
        }
        st->reads_first = r->next;
        if (st->reads_first == NULL)
            st->reads_last = NULL;
        pthread_mutex_unlock(&st->read_lock);
        if (r->kind == STORE_READ_LOAD)
            r->rc = st->backend->load(st->impl, r->id, r->game, r->seats, r->events, r->n, r->why, r->why_len);
        else if (r->kind == STORE_READ_LIST)
            r->rc = list_rows(st, r);
        else
            r->rc = st->backend->set_status(st->impl, r->id, (store_status)r->status, r->result, r->why, r->why_len);
        atomic_fetch_sub(&st->reads_unanswered, 1);
        if (r->on_answer != NULL) /* before the answer is given: store_read_finish returns after it */
            r->on_answer(r->context);
        sem_post(&r->done); /* from here its caller may free it */
        pthread_mutex_lock(&st->read_lock);
    }
    pthread_mutex_unlock(&st->read_lock);
    return NULL;
}

int store_open(store **out, const char *where, char *why, size_t why_len)
{
    if (!out)
        return store_fail(why, why_len, STORE_EINVAL, "store_open: no place for the store");
    *out = NULL;
    if (!where || !where[0])
        return store_fail(why, why_len, STORE_EIO, "store_open: no database address or file given");
    store *st = calloc(1, sizeof *st);
    if (!st)
        return store_fail(why, why_len, STORE_EIO, "store_open: out of memory");
    st->backend = is_postgres_address(where) ? &store_pg_backend : &store_sqlite_backend;
    int rc = st->backend->open(&st->impl, where, why, why_len);
    if (rc != STORE_OK) {
        free(st);
        return rc;
    }
    /* on Linux these cannot fail with default attributes; the thread can */
    sem_init(&st->queue_ready, 0, 0);
    sem_init(&st->queue_space, 0, STORE_QUEUE_MAX);
    pthread_mutex_init(&st->read_lock, NULL);
    pthread_cond_init(&st->read_ready, NULL);
    if (pthread_create(&st->writer, NULL, writer_main, st) != 0) {
        store_close_parts(st);
        return store_fail(why, why_len, STORE_EIO, "store_open: cannot start the writer thread");
    }
    if (pthread_create(&st->reader, NULL, reader_main, st) != 0) {
        atomic_store(&st->closing, 1);
        sem_post(&st->queue_ready);
        pthread_join(st->writer, NULL);
        store_close_parts(st);
        return store_fail(why, why_len, STORE_EIO, "store_open: cannot start the reader thread");
    }
    *out = st;
    return STORE_OK;
}

void store_close(store *st)
{
    if (!st)
        return;
    atomic_store(&st->closing, 1);
    sem_post(&st->queue_ready);
    pthread_mutex_lock(&st->read_lock);
    pthread_cond_signal(&st->read_ready);
    pthread_mutex_unlock(&st->read_lock);
    pthread_join(st->reader, NULL);
    pthread_join(st->writer, NULL);
    store_close_parts(st);
}

void store_hold_writer(store *st, int hold)
{
    atomic_store(&st->held, hold != 0);
    sem_post(&st->queue_ready);
}

void store_hold_reader(store *st, int hold)
{
    pthread_mutex_lock(&st->read_lock);
    st->reads_held = hold != 0;
    pthread_cond_signal(&st->read_ready);
    pthread_mutex_unlock(&st->read_lock);
}

int store_queued(store *st)
{
    return atomic_load(&st->queued);
}

void store_get_counters(store *st, store_counters *out)
{
    const writer_counters *c = &st->counters;
    *out = (store_counters){.batches = atomic_load(&c->batches), .changes = atomic_load(&c->changes),
                            .largest_batch = atomic_load(&c->largest_batch), .commit_us = atomic_load(&c->commit_us),
                            .slowest_commit_us = atomic_load(&c->slowest_commit_us)};
    out->waiting = atomic_load(&st->unanswered);
    out->reads_waiting = atomic_load(&st->reads_unanswered);
}

/* Queue the checked change *request for the writer (its answer into why):
 * STORE_OK with *pending set, STORE_EIO (out of memory), or STORE_EBUSY
 * if the queue is full and the caller is called back (on_answer). */
static int queue_write(store *st, const store_write *request, store_answered *on_answer, void *context,
                       store_pending **pending, const char *op, char *why, size_t why_len)
{
    store_waiter *waiter = malloc(sizeof *waiter);
    if (!waiter)
        return store_fail(why, why_len, STORE_EIO, "%s: out of memory", op);
    *waiter = (store_waiter){.request = *request, .on_answer = on_answer, .context = context};
    waiter->request.rc = STORE_EIO;
    waiter->request.why = why;
    waiter->request.why_len = why ? why_len : 0;
    if (request->kind == STORE_WRITE_CREATE) { /* the writer sets the id of a copy of its own */
        waiter->created = *request->created;
        waiter->created.id = 0;
        waiter->created.version = 0;
        waiter->created_out = request->created;
        waiter->request.created = &waiter->created;
    }
    if (on_answer == NULL) {
        wait_semaphore(&st->queue_space); /* a place in the queue */
    } else if (sem_trywait(&st->queue_space) != 0) { /* a caller that does not wait: not for room either */
        free(waiter);
        return store_fail(why, why_len, STORE_EBUSY, "%s: %d changes wait for the store's writer already", op,
                          (int)STORE_QUEUE_MAX);
    }
    sem_init(&waiter->done, 0, 0);
    atomic_fetch_add(&st->queued, 1);
    atomic_fetch_add(&st->unanswered, 1);
    waiter->next = atomic_load(&st->waiting);
    while (!atomic_compare_exchange_weak(&st->waiting, &waiter->next, waiter)) {
        /* another change came first: waiter->next is now it */
    }
    if (atomic_exchange(&st->writer_asleep, 0))
        sem_post(&st->queue_ready);
    *pending = waiter;
    return STORE_OK;
}

int store_create_start(store *st, store_game *game, const store_seat *seats, store_answered *on_answer,
                       void *context, store_pending **pending, char *why, size_t why_len)
{
    static const char op[] = "store_create";
    if (!st || !game || !seats || !pending)
        return store_fail(why, why_len, STORE_EINVAL, "%s: no store, game, seats or place for the change", op);
    if (game->players < 1 || game->players > GAME_MAX_PLAYERS)
        return store_fail(why, why_len, STORE_EINVAL, "%s: players must be 1 to %d, not %d", op, GAME_MAX_PLAYERS,
                          game->players);
    if (game->turn_seconds < 0)
        return store_fail(why, why_len, STORE_EINVAL, "%s: negative turn_seconds %d", op, game->turn_seconds);
    if (!is_status((int)game->status))
        return store_fail(why, why_len, STORE_EINVAL, "%s: unknown status %d", op, (int)game->status);
    if (!text_fits(game->game, sizeof game->game) || !game->game[0] ||
        !text_fits(game->variant, sizeof game->variant) || !text_fits(game->replacement, sizeof game->replacement) ||
        !text_fits(game->created, sizeof game->created) || !text_fits(game->result, sizeof game->result))
        return store_fail(why, why_len, STORE_EINVAL,
                          "%s: game (not empty), variant, replacement, created and result must be strings that fit "
                          "their fields",
                          op);
    for (int i = 0; i < game->players; i++) {
        int rc = check_seat(&seats[i], op, why, why_len);
        if (rc != STORE_OK)
            return rc;
        if (seats[i].seat != i)
            return store_fail(why, why_len, STORE_EINVAL, "%s: seats[%d] is numbered %d", op, i, seats[i].seat);
    }
    if (!game->created[0]) {
        time_t now = time(NULL);
        struct tm utc;
        if (!gmtime_r(&now, &utc) || strftime(game->created, sizeof game->created, "%Y-%m-%dT%H:%M:%SZ", &utc) == 0)
            return store_fail(why, why_len, STORE_EIO, "%s: cannot read the clock", op);
    }
    store_write create = {.kind = STORE_WRITE_CREATE, .created = game, .seats = seats};
    return queue_write(st, &create, on_answer, context, pending, op, why, why_len);
}

int store_create(store *st, store_game *game, const store_seat *seats, char *why, size_t why_len)
{
    store_pending *pending;
    int rc = store_create_start(st, game, seats, NULL, NULL, &pending, why, why_len);
    return rc == STORE_OK ? store_finish(st, pending) : rc;
}

int store_set_seat_start(store *st, int64_t game, const store_seat *seat, const store_seat *expected,
                         store_answered *on_answer, void *context, store_pending **pending, char *why,
                         size_t why_len)
{
    static const char op[] = "store_set_seat";
    if (!st || !seat || !pending)
        return store_fail(why, why_len, STORE_EINVAL, "%s: no store, seat or place for the change", op);
    int rc = check_seat(seat, op, why, why_len);
    if (rc != STORE_OK)
        return rc;
    if (expected && expected->seat != seat->seat)
        return store_fail(why, why_len, STORE_EINVAL, "%s: the expected seat is seat %d, not %d", op, expected->seat,
                          seat->seat);
    store_write change = {.kind = STORE_WRITE_SEAT, .game = game, .seat = seat, .expected = expected};
    return queue_write(st, &change, on_answer, context, pending, op, why, why_len);
}

int store_set_seat(store *st, int64_t game, const store_seat *seat, const store_seat *expected, char *why,
                   size_t why_len)
{
    store_pending *pending;
    int rc = store_set_seat_start(st, game, seat, expected, NULL, NULL, &pending, why, why_len);
    return rc == STORE_OK ? store_finish(st, pending) : rc;
}

int store_set_status(store *st, int64_t game, store_status status, const char *result, char *why, size_t why_len)
{
    static const char op[] = "store_set_status";
    if (!st)
        return store_fail(why, why_len, STORE_EINVAL, "%s: no store", op);
    int rc = check_status(status, result, op, why, why_len);
    if (rc != STORE_OK)
        return rc;
    return st->backend->set_status(st->impl, game, status, result ? result : "", why, why_len);
}

int store_append_start(store *st, int64_t game, int64_t version, const store_event *events, int n,
                       store_status status, const char *result, store_answered *on_answer, void *context,
                       store_pending **pending, char *why, size_t why_len)
{
    static const char op[] = "store_append";
    if (!st || !events || !pending)
        return store_fail(why, why_len, STORE_EINVAL, "%s: no store, events or place for the append", op);
    if (n < 1)
        return store_fail(why, why_len, STORE_EINVAL, "%s: %d events (at least 1)", op, n);
    if (version < 0 || version > INT64_MAX - n)
        return store_fail(why, why_len, STORE_EINVAL, "%s: version %lld out of range", op, (long long)version);
    int rc = check_status(status, result, op, why, why_len);
    if (rc != STORE_OK)
        return rc;
    for (int i = 0; i < n; i++) {
        const store_event *e = &events[i];
        if (e->version != version + 1 + i)
            return store_fail(why, why_len, STORE_EINVAL, "%s: event %d has version %lld, expected %lld", op, i,
                              (long long)e->version, (long long)(version + 1 + i));
        if (e->kind != STORE_ACTION && e->kind != STORE_UNDO)
            return store_fail(why, why_len, STORE_EINVAL, "%s: event %d has unknown kind %d", op, i, (int)e->kind);
        int lowest = e->kind == STORE_ACTION ? GAME_CHANCE : 0;
        if (e->actor < lowest || e->actor >= GAME_MAX_PLAYERS)
            return store_fail(why, why_len, STORE_EINVAL, "%s: event %d has actor %d", op, i, e->actor);
        if (!text_fits(e->text, sizeof e->text))
            return store_fail(why, why_len, STORE_EINVAL, "%s: event %d: text longer than %d bytes", op, i,
                              GAME_TEXT_MAX - 1);
    }
    store_write append = {.kind = STORE_WRITE_APPEND, .game = game, .version = version, .events = events, .n = n,
                          .status = status, .result = result ? result : ""};
    return queue_write(st, &append, on_answer, context, pending, op, why, why_len);
}

int store_finish(store *st, store_pending *waiter)
{
    assert(st && waiter);
    (void)st; /* read by the assert only (the release build has none) */
    wait_semaphore(&waiter->done);
    int rc = waiter->request.rc;
    if (rc == STORE_OK && waiter->created_out != NULL)
        *waiter->created_out = waiter->created;
    sem_destroy(&waiter->done);
    free(waiter);
    return rc;
}

int store_append(store *st, int64_t game, int64_t version, const store_event *events, int n, store_status status,
                 const char *result, char *why, size_t why_len)
{
    store_pending *pending;
    int rc = store_append_start(st, game, version, events, n, status, result, NULL, NULL, &pending, why, why_len);
    return rc == STORE_OK ? store_finish(st, pending) : rc;
}

int store_load(store *st, int64_t id, store_game *game, store_seat seats[GAME_MAX_PLAYERS], store_event **events,
               int *n, char *why, size_t why_len)
{
    if (events)
        *events = NULL;
    if (n)
        *n = 0;
    if (!st || !game || !seats || !events != !n)
        return store_fail(why, why_len, STORE_EINVAL, "store_load: no store or no place for the game");
    return st->backend->load(st->impl, id, game, seats, events, n, why, why_len);
}

int store_list(store *st, int status, int64_t *ids, int max, int *n, char *why, size_t why_len)
{
    if (n)
        *n = 0;
    if (!st || !n || (max > 0 && !ids))
        return store_fail(why, why_len, STORE_EINVAL, "store_list: no store or no place for the ids");
    if (status >= 0 && !is_status(status))
        return store_fail(why, why_len, STORE_EINVAL, "store_list: unknown status %d", status);
    if (max <= 0)
        return STORE_OK;
    return st->backend->list(st->impl, status, ids, max, n, why, why_len);
}

/* Queue the checked read *read for the reader: STORE_OK with *pending
 * set, STORE_EBUSY if max_waiting reads wait already, or STORE_EIO (out of
 * memory). */
static int queue_read(store *st, const store_read_pending *read, int max_waiting, store_read_pending **pending,
                      const char *op)
{
    store_read_pending *r;

    if (atomic_fetch_add(&st->reads_unanswered, 1) >= max_waiting) {
        atomic_fetch_sub(&st->reads_unanswered, 1);
        return store_fail(read->why, read->why_len, STORE_EBUSY,
                          "%s: %d reads of the store wait already, the most allowed", op, max_waiting);
    }
    if ((r = malloc(sizeof *r)) == NULL) {
        atomic_fetch_sub(&st->reads_unanswered, 1);
        return store_fail(read->why, read->why_len, STORE_EIO, "%s: out of memory", op);
    }
    *r = *read;
    r->rc = STORE_EIO;
    r->next = NULL;
    sem_init(&r->done, 0, 0);
    pthread_mutex_lock(&st->read_lock);
    if (st->reads_last != NULL)
        st->reads_last->next = r;
    else
        st->reads_first = r;
    st->reads_last = r;
    pthread_cond_signal(&st->read_ready);
    pthread_mutex_unlock(&st->read_lock);
    *pending = r;
    return STORE_OK;
}

int store_load_start(store *st, int64_t id, store_game *game, store_seat seats[GAME_MAX_PLAYERS],
                     store_event **events, int *n, int max_waiting, store_answered *on_answer, void *context,
                     store_read_pending **pending, char *why, size_t why_len)
{
    if (events)
        *events = NULL;
    if (n)
        *n = 0;
    if (!st || !game || !seats || !events != !n || !pending || max_waiting < 1)
        return store_fail(why, why_len, STORE_EINVAL,
                          "store_load: no store, no place for the game or the read, or no read allowed");
    store_read_pending read = {.kind = STORE_READ_LOAD, .id = id, .game = game, .seats = seats, .events = events,
                          .n = n, .why = why, .why_len = why ? why_len : 0, .on_answer = on_answer, .context = context};
    return queue_read(st, &read, max_waiting, pending, "store_load");
}

int store_list_rows_start(store *st, int status, int max, store_game *rows, store_seat (*seats)[GAME_MAX_PLAYERS],
                          int *n, int max_waiting, store_answered *on_answer, void *context,
                          store_read_pending **pending, char *why, size_t why_len)
{
    if (n)
        *n = 0;
    if (!st || !rows || !seats || !n || !pending || max < 1 || max_waiting < 1)
        return store_fail(why, why_len, STORE_EINVAL,
                          "store_list: no store, no place for the rows or the read, or no row or read allowed");
    if (status >= 0 && !is_status(status))
        return store_fail(why, why_len, STORE_EINVAL, "store_list: unknown status %d", status);
    store_read_pending read = {.kind = STORE_READ_LIST, .status = status, .max = max, .rows = rows, .row_seats = seats,
                          .n = n, .why = why, .why_len = why ? why_len : 0, .on_answer = on_answer,
                          .context = context};
    return queue_read(st, &read, max_waiting, pending, "store_list");
}

int store_set_status_start(store *st, int64_t game, store_status status, const char *result, int max_waiting,
                           store_answered *on_answer, void *context, store_read_pending **pending, char *why,
                           size_t why_len)
{
    static const char op[] = "store_set_status";
    if (!st || !pending || max_waiting < 1)
        return store_fail(why, why_len, STORE_EINVAL, "%s: no store or place for the change, or no read allowed", op);
    int rc = check_status(status, result, op, why, why_len);
    if (rc != STORE_OK)
        return rc;
    store_read_pending change = {.kind = STORE_READ_STATUS, .id = game, .status = (int)status,
                                 .result = result ? result : "", .why = why, .why_len = why ? why_len : 0,
                                 .on_answer = on_answer, .context = context};
    return queue_read(st, &change, max_waiting, pending, op);
}

int store_read_finish(store *st, store_read_pending *pending)
{
    assert(st && pending);
    (void)st; /* read by the assert only (the release build has none) */
    wait_semaphore(&pending->done);
    int rc = pending->rc;
    sem_destroy(&pending->done);
    free(pending);
    return rc;
}

int store_wait(store *st, int timeout_ms, store_note *note)
{
    if (!st || !note)
        return -1;
    return st->backend->wait(st->impl, timeout_ms, note);
}
