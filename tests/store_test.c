/*
 * store_test.c -- the server's storage (src/server/store.h), the same cases
 * against each back end: a temporary SQLite file always, and PostgreSQL when
 * MAYA_PG_URL names a database (tests/cli/store_pg.sh starts one with
 * tests/lib/pg.sh and runs this program, so that `make test` covers both).
 *
 * Cases: every field of a game and its seats round-trips (seed and hash
 * bytes, names with quotes and unicode); seats and status change; events
 * append and load in order; a stale append is STORE_ECONFLICT and writes
 * nothing, and of two threads (or two handles) racing to append the same
 * version exactly one wins; more threads than connections work at once;
 * group commit: many threads appending to many games through one handle
 * get every append acknowledged and stored in order, and in one batch (the
 * writer held until every append is queued) two appends of one game's
 * version are one win and one STORE_ECONFLICT, an append whose events are
 * stored already is refused alone, two handles' batches crossing the same
 * games give each game to one of them without failing, and a commit that
 * fails (a deferred check that a "poison" event breaks) is STORE_EIO for
 * every append of the batch with nothing stored; games list newest first,
 * by status, at most max; a missing game is STORE_ENOTFOUND; reads queued
 * for the reader wait while it is held, are refused beyond the caller's
 * bound (STORE_EBUSY) and answered as the direct reads once it goes; a
 * change that is called back is refused at once (STORE_EBUSY) while the
 * writer's queue is full, and the queued ones answered once it goes; bad
 * arguments are STORE_EINVAL and write nothing; everything survives
 * closing and reopening, and a process killed right after a commit; bad
 * addresses and unwritable paths are STORE_EIO with a reason. PostgreSQL
 * only: store_wait delivers another handle's announcements and times out
 * with 0 when there are none; when the server ends the store's sessions,
 * the pool reconnects without a failed call and store_wait reports -1
 * once, then listens again. A database of schema version 1 (before seats
 * had hints_off) is migrated on open, its games intact.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include "server/store.h"

enum {
    WHY_MAX = 512,
    RACE_ROUNDS = 25, /* appends raced per race test */
    LIST_MAX = 64,    /* ids asked for when listing */
    PLAYER_THREADS = 8, /* threads of test_many_threads */
    THREAD_EVENTS = 12, /* appends of each of them */
    CROWD_THREADS = 16, /* threads of test_crowd */
    CROWD_GAMES = 3,    /* games of each of them */
    CROWD_ROUNDS = 15,  /* appends to each of those games */
    CROSS_ROUNDS = 40,  /* rounds of test_crossed_batches */
    QUEUE_WAIT_MS = 20000 /* longest wait for appends to reach the held writer's queue */
};

/* What one suite runs against. */
typedef struct fixture {
    int postgres;           /* 0: SQLite files in folder; 1: the database at pg_url */
    char folder[64];        /* SQLite: temporary folder of this suite */
    const char *pg_url;     /* PostgreSQL: the database's address */
    int serial;             /* SQLite: number of the last test's file */
    char where[PATH_MAX];   /* address of the current test's store */
    store *st;              /* the current test's store, opened by setup */
} fixture;

/* ---- fixtures ---- */

/* The SQLite suite's temporary folder: made before, removed after. */
static int make_folder(fixture *f)
{
    snprintf(f->folder, sizeof f->folder, "/tmp/maya-store-test.XXXXXX");
    return mkdtemp(f->folder) ? 0 : -1;
}

static void remove_sqlite_files(const char *path)
{
    char name[PATH_MAX + 8];
    static const char *const suffixes[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        unlink(name);
    }
}

static int remove_folder(fixture *f)
{
    return rmdir(f->folder);
}

static int test_setup(void **state)
{
    fixture *f = *state;
    if (f->postgres)
        snprintf(f->where, sizeof f->where, "%s", f->pg_url);
    else
        snprintf(f->where, sizeof f->where, "%s/test-%d.db", f->folder, ++f->serial);
    char why[WHY_MAX] = "";
    if (store_open(&f->st, f->where, why, sizeof why) != STORE_OK) {
        fprintf(stderr, "store_test: cannot open %s: %s\n", f->postgres ? "the PostgreSQL database" : f->where, why);
        return -1;
    }
    return 0;
}

static int test_teardown(void **state)
{
    fixture *f = *state;
    store_close(f->st);
    f->st = NULL;
    if (!f->postgres)
        remove_sqlite_files(f->where);
    return 0;
}

/* ---- helpers ---- */

/* A game of players seats with every field set to something recognisable. */
static void make_game(store_game *game, store_seat seats[GAME_MAX_PLAYERS], int players, unsigned salt)
{
    memset(game, 0, sizeof *game);
    snprintf(game->game, sizeof game->game, "tikal");
    snprintf(game->variant, sizeof game->variant, "auction");
    game->players = players;
    game->turn_seconds = 90;
    snprintf(game->replacement, sizeof game->replacement, "mcts:iterations=500");
    for (int i = 0; i < STORE_SEED_BYTES; i++)
        game->seed[i] = (unsigned char)(i * 37 + salt); /* includes 0x00 and high bytes */
    game->seed[0] = 0;
    game->seed[1] = 0xff;
    game->status = STORE_OPEN;
    memset(seats, 0, sizeof(store_seat) * GAME_MAX_PLAYERS);
    for (int s = 0; s < players; s++) {
        seats[s].seat = s;
        seats[s].is_bot = s % 2;
        if (seats[s].is_bot)
            snprintf(seats[s].bot, sizeof seats[s].bot, "greedy");
        for (int i = 0; i < STORE_HASH_BYTES; i++)
            seats[s].token_hash[i] = (unsigned char)(255 - i * 7 - s - salt);
    }
    snprintf(seats[0].name, sizeof seats[0].name, "O'Brien \"the bold\" \\ %%s; DROP TABLE games;--");
    seats[0].taken = 1;
    seats[0].hints_off = 1;
    if (players > 2)
        snprintf(seats[2].name, sizeof seats[2].name, "Zo\u00eb \u0130xchel \U0001F40D \u9a6c\u96c5");
}

static int64_t create(store *st, store_game *game, store_seat seats[GAME_MAX_PLAYERS], int players, unsigned salt)
{
    char why[WHY_MAX] = "";
    make_game(game, seats, players, salt);
    int rc = store_create(st, game, seats, why, sizeof why);
    if (rc != STORE_OK)
        fprintf(stderr, "store_create: %s\n", why);
    assert_int_equal(rc, STORE_OK);
    assert_true(game->id > 0);
    return game->id;
}

static store_event action(int64_t version, int actor, const char *text)
{
    store_event e;
    memset(&e, 0, sizeof e);
    e.version = version;
    e.kind = STORE_ACTION;
    e.actor = actor;
    snprintf(e.text, sizeof e.text, "%s", text);
    return e;
}

static store_event undo(int64_t version, int actor)
{
    store_event e = action(version, actor, "");
    e.kind = STORE_UNDO;
    return e;
}

static void assert_seat_equal(const store_seat *a, const store_seat *b)
{
    assert_int_equal(a->seat, b->seat);
    assert_int_equal(a->is_bot, b->is_bot);
    assert_string_equal(a->bot, b->bot);
    assert_string_equal(a->name, b->name);
    assert_int_equal(a->taken, b->taken);
    assert_int_equal(a->hints_off, b->hints_off);
    assert_memory_equal(a->token_hash, b->token_hash, STORE_HASH_BYTES);
}

static void assert_game_equal(const store_game *a, const store_game *b)
{
    assert_int_equal(a->id, b->id);
    assert_string_equal(a->game, b->game);
    assert_string_equal(a->variant, b->variant);
    assert_int_equal(a->players, b->players);
    assert_int_equal(a->turn_seconds, b->turn_seconds);
    assert_string_equal(a->replacement, b->replacement);
    assert_memory_equal(a->seed, b->seed, STORE_SEED_BYTES);
    assert_string_equal(a->created, b->created);
    assert_int_equal(a->status, b->status);
    assert_string_equal(a->result, b->result);
    assert_int_equal(a->version, b->version);
}

static void assert_events_equal(const store_event *a, const store_event *b, int n)
{
    for (int i = 0; i < n; i++) {
        assert_int_equal(a[i].version, b[i].version);
        assert_int_equal(a[i].kind, b[i].kind);
        assert_int_equal(a[i].actor, b[i].actor);
        assert_string_equal(a[i].text, b[i].text);
    }
}

/* Load game id, which must exist; the caller frees *events. */
static void load(store *st, int64_t id, store_game *game, store_seat seats[GAME_MAX_PLAYERS], store_event **events,
                 int *n)
{
    char why[WHY_MAX] = "";
    int rc = store_load(st, id, game, seats, events, n, why, sizeof why);
    if (rc != STORE_OK)
        fprintf(stderr, "store_load: %s\n", why);
    assert_int_equal(rc, STORE_OK);
}

/* The stored game id equals game, seats and events[0..n-1] exactly. */
static void assert_stored(store *st, const store_game *game, const store_seat *seats, const store_event *events, int n)
{
    store_game got;
    store_seat got_seats[GAME_MAX_PLAYERS];
    store_event *got_events;
    int got_n;
    load(st, game->id, &got, got_seats, &got_events, &got_n);
    assert_game_equal(&got, game);
    for (int s = 0; s < game->players; s++)
        assert_seat_equal(&got_seats[s], &seats[s]);
    assert_int_equal(got_n, n);
    assert_events_equal(got_events, events, n);
    free(got_events);
}

static int is_utc_time(const char *text)
{
    static const char pattern[] = "dddd-dd-ddTdd:dd:ddZ";
    if (strlen(text) != sizeof pattern - 1)
        return 0;
    for (size_t i = 0; pattern[i]; i++)
        if (pattern[i] == 'd' ? (text[i] < '0' || text[i] > '9') : text[i] != pattern[i])
            return 0;
    return 1;
}

/* ---- cases ---- */

static void test_round_trip(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 4, 1);
    assert_int_equal(game.version, 0);
    assert_true(is_utc_time(game.created)); /* "" was filled with the time */
    assert_stored(f->st, &game, seats, NULL, 0);

    /* a given creation time, no variant, two seats, status running */
    store_game two;
    store_seat two_seats[GAME_MAX_PLAYERS];
    make_game(&two, two_seats, 2, 2);
    snprintf(two.created, sizeof two.created, "2026-01-02T03:04:05Z");
    two.variant[0] = '\0';
    two.turn_seconds = 0;
    two.status = STORE_RUNNING;
    two.version = 99; /* ignored: a new game is at version 0 */
    char why[WHY_MAX] = "";
    assert_int_equal(store_create(f->st, &two, two_seats, why, sizeof why), STORE_OK);
    assert_true(two.id > game.id);
    assert_int_equal(two.version, 0);
    assert_string_equal(two.created, "2026-01-02T03:04:05Z");
    assert_stored(f->st, &two, two_seats, NULL, 0);
    assert_stored(f->st, &game, seats, NULL, 0); /* the first is untouched */
}

static void test_set_seat(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 3, 3);
    char why[WHY_MAX] = "";

    store_seat joined = seats[2];
    joined.taken = 1;
    joined.hints_off = 1; /* the person turned hints off */
    snprintf(joined.name, sizeof joined.name, "Ah Puch \u2014 'quoted'");
    for (int i = 0; i < STORE_HASH_BYTES; i++)
        joined.token_hash[i] = (unsigned char)(i * 11 + 5);
    assert_int_equal(store_set_seat(f->st, game.id, &joined, NULL, why, sizeof why), STORE_OK);
    seats[2] = joined;
    assert_stored(f->st, &game, seats, NULL, 0);

    store_seat replaced = seats[0]; /* a person left: a bot takes over */
    replaced.is_bot = 1;
    snprintf(replaced.bot, sizeof replaced.bot, "mcts:iterations=500");
    assert_int_equal(store_set_seat(f->st, game.id, &replaced, NULL, why, sizeof why), STORE_OK);
    seats[0] = replaced;
    assert_stored(f->st, &game, seats, NULL, 0);

    /* refused, and nothing changes */
    store_seat absent = seats[1];
    absent.seat = 3; /* a 3-player game has seats 0..2 */
    why[0] = '\0';
    assert_int_equal(store_set_seat(f->st, game.id, &absent, NULL, why, sizeof why), STORE_EINVAL);
    assert_true(why[0] != '\0');
    absent.seat = -1;
    assert_int_equal(store_set_seat(f->st, game.id, &absent, NULL, why, sizeof why), STORE_EINVAL);
    absent.seat = 1;
    absent.taken = 2;
    assert_int_equal(store_set_seat(f->st, game.id, &absent, NULL, why, sizeof why), STORE_EINVAL);
    absent.taken = 1;
    absent.hints_off = 2;
    assert_int_equal(store_set_seat(f->st, game.id, &absent, NULL, why, sizeof why), STORE_EINVAL);
    absent.hints_off = 0;
    memset(absent.name, 'x', sizeof absent.name); /* no terminating NUL */
    assert_int_equal(store_set_seat(f->st, game.id, &absent, NULL, why, sizeof why), STORE_EINVAL);
    why[0] = '\0';
    assert_int_equal(store_set_seat(f->st, game.id + 1000000, &seats[1], NULL, why, sizeof why), STORE_ENOTFOUND);
    assert_true(why[0] != '\0');
    assert_stored(f->st, &game, seats, NULL, 0);
}

/* A seat set only if it is still as the caller saw it: of two joins of one
 * free seat (two server processes), the second is refused. */
static void test_set_seat_expected(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 2, 4);
    char why[WHY_MAX] = "";
    store_seat free_seat = seats[1];
    free_seat.taken = 0;
    memset(free_seat.token_hash, 0, STORE_HASH_BYTES);
    assert_int_equal(store_set_seat(f->st, game.id, &free_seat, NULL, why, sizeof why), STORE_OK);

    store_seat first = free_seat, second = free_seat;
    first.taken = second.taken = 1;
    memset(first.token_hash, 0xA1, STORE_HASH_BYTES);
    memset(second.token_hash, 0xB2, STORE_HASH_BYTES);
    assert_int_equal(store_set_seat(f->st, game.id, &first, &free_seat, why, sizeof why), STORE_OK);
    why[0] = '\0';
    assert_int_equal(store_set_seat(f->st, game.id, &second, &free_seat, why, sizeof why), STORE_ECONFLICT);
    assert_true(why[0] != '\0');
    seats[1] = first;
    assert_stored(f->st, &game, seats, NULL, 0);

    /* the holder of the seat leaves: expected is the seat as it is now */
    assert_int_equal(store_set_seat(f->st, game.id, &free_seat, &first, why, sizeof why), STORE_OK);
    seats[1] = free_seat;
    assert_stored(f->st, &game, seats, NULL, 0);
    /* an expected seat of another number is a bad argument */
    store_seat other = seats[0];
    assert_int_equal(store_set_seat(f->st, game.id, &first, &other, why, sizeof why), STORE_EINVAL);
    assert_stored(f->st, &game, seats, NULL, 0);
}

static void test_set_status(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 2, 4);
    char why[WHY_MAX] = "";
    assert_int_equal(store_set_status(f->st, game.id, STORE_RUNNING, NULL, why, sizeof why), STORE_OK);
    game.status = STORE_RUNNING;
    assert_stored(f->st, &game, seats, NULL, 0);
    assert_int_equal(store_set_status(f->st, game.id, STORE_FINISHED, "12 9", why, sizeof why), STORE_OK);
    game.status = STORE_FINISHED;
    snprintf(game.result, sizeof game.result, "12 9");
    assert_stored(f->st, &game, seats, NULL, 0);

    char long_result[STORE_RESULT_MAX + 8];
    memset(long_result, '7', sizeof long_result - 1);
    long_result[sizeof long_result - 1] = '\0';
    assert_int_equal(store_set_status(f->st, game.id, STORE_OPEN, long_result, why, sizeof why), STORE_EINVAL);
    assert_int_equal(store_set_status(f->st, game.id, (store_status)7, "", why, sizeof why), STORE_EINVAL);
    why[0] = '\0';
    assert_int_equal(store_set_status(f->st, game.id + 1000000, STORE_OPEN, "", why, sizeof why), STORE_ENOTFOUND);
    assert_true(why[0] != '\0');
    assert_stored(f->st, &game, seats, NULL, 0);
}

static void test_append_and_load(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 2, 5);
    char why[WHY_MAX] = "";
    store_event events[5] = {
        action(1, GAME_CHANCE, "tile 7"), action(2, 0, "place 7 C3 N"), undo(3, 0),
        action(4, 0, "place 7 C3 E"),     action(5, 1, "end"),
    };
    assert_int_equal(store_append(f->st, game.id, 0, events, 3, STORE_RUNNING, "", why, sizeof why), STORE_OK);
    game.version = 3;
    game.status = STORE_RUNNING;
    assert_stored(f->st, &game, seats, events, 3);
    assert_int_equal(store_append(f->st, game.id, 3, events + 3, 2, STORE_FINISHED, "3 1", why, sizeof why), STORE_OK);
    game.version = 5;
    game.status = STORE_FINISHED;
    snprintf(game.result, sizeof game.result, "3 1");
    assert_stored(f->st, &game, seats, events, 5);

    /* a longest action text fits */
    store_event longest = action(6, 1, "");
    memset(longest.text, 'a', GAME_TEXT_MAX - 1);
    longest.text[GAME_TEXT_MAX - 1] = '\0';
    assert_int_equal(store_append(f->st, game.id, 5, &longest, 1, STORE_FINISHED, "3 1", why, sizeof why), STORE_OK);
    store_game got;
    store_seat got_seats[GAME_MAX_PLAYERS];
    store_event *got_events;
    int n;
    load(f->st, game.id, &got, got_seats, &got_events, &n);
    assert_int_equal(n, 6);
    assert_int_equal(got.version, 6);
    assert_events_equal(got_events, events, 5);
    assert_string_equal(got_events[5].text, longest.text);
    free(got_events);

    /* the row and seats alone (a listing's), without the events */
    store_game row;
    store_seat row_seats[GAME_MAX_PLAYERS];
    assert_int_equal(store_load(f->st, game.id, &row, row_seats, NULL, NULL, why, sizeof why), STORE_OK);
    assert_int_equal(row.version, 6);
    assert_int_equal(row.status, STORE_FINISHED);
    assert_string_equal(row.result, "3 1");
    assert_memory_equal(row_seats, got_seats, sizeof row_seats[0] * (size_t)row.players);
    store_event *only_events = NULL;
    assert_int_equal(store_load(f->st, game.id, &row, row_seats, &only_events, NULL, why, sizeof why), STORE_EINVAL);
}

static void test_append_conflict(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 2, 6);
    char why[WHY_MAX] = "";
    store_event first[2] = {action(1, GAME_CHANCE, "roll 4"), action(2, 0, "step")};
    assert_int_equal(store_append(f->st, game.id, 0, first, 2, STORE_RUNNING, "", why, sizeof why), STORE_OK);
    game.version = 2;
    game.status = STORE_RUNNING;

    /* stale: made against version 1, or against a version not reached */
    store_event stale = action(2, 1, "leap");
    why[0] = '\0';
    assert_int_equal(store_append(f->st, game.id, 1, &stale, 1, STORE_FINISHED, "1 0", why, sizeof why),
                     STORE_ECONFLICT);
    assert_true(why[0] != '\0');
    store_event ahead = action(4, 1, "leap");
    assert_int_equal(store_append(f->st, game.id, 3, &ahead, 1, STORE_FINISHED, "1 0", why, sizeof why),
                     STORE_ECONFLICT);
    /* bad arguments */
    store_event gap[2] = {action(3, 1, "leap"), action(5, 1, "end")};
    assert_int_equal(store_append(f->st, game.id, 2, gap, 2, STORE_RUNNING, "", why, sizeof why), STORE_EINVAL);
    assert_int_equal(store_append(f->st, game.id, 2, gap, 0, STORE_RUNNING, "", why, sizeof why), STORE_EINVAL);
    store_event bad_actor = action(3, GAME_MAX_PLAYERS, "leap");
    assert_int_equal(store_append(f->st, game.id, 2, &bad_actor, 1, STORE_RUNNING, "", why, sizeof why),
                     STORE_EINVAL);
    store_event chance_undo = undo(3, GAME_CHANCE);
    assert_int_equal(store_append(f->st, game.id, 2, &chance_undo, 1, STORE_RUNNING, "", why, sizeof why),
                     STORE_EINVAL);
    store_event unterminated = action(3, 1, "");
    memset(unterminated.text, 'z', sizeof unterminated.text);
    assert_int_equal(store_append(f->st, game.id, 2, &unterminated, 1, STORE_RUNNING, "", why, sizeof why),
                     STORE_EINVAL);
    store_event huge = action(INT64_MAX, 1, "leap");
    assert_int_equal(store_append(f->st, game.id, INT64_MAX, &huge, 1, STORE_RUNNING, "", why, sizeof why),
                     STORE_EINVAL);
    assert_int_equal(store_append(f->st, game.id, -1, first, 1, STORE_RUNNING, "", why, sizeof why), STORE_EINVAL);
    store_event next = action(3, 1, "leap");
    assert_int_equal(store_append(f->st, game.id, 2, &next, 1, (store_status)3, "", why, sizeof why), STORE_EINVAL);
    why[0] = '\0';
    assert_int_equal(store_append(f->st, game.id + 1000000, 0, first, 1, STORE_RUNNING, "", why, sizeof why),
                     STORE_ENOTFOUND);
    assert_true(why[0] != '\0');
    /* nothing of that was written */
    assert_stored(f->st, &game, seats, first, 2);
    /* and the right version still appends */
    assert_int_equal(store_append(f->st, game.id, 2, &next, 1, STORE_RUNNING, "", why, sizeof why), STORE_OK);
}

/* One side of an append race. */
typedef struct racer {
    store *st;                  /* the handle it appends through */
    int64_t game;               /* the game raced for */
    int seat;                   /* its actor, and text "seat N" */
    pthread_barrier_t *start;   /* both start each round together */
    int results[RACE_ROUNDS];   /* what store_append returned each round */
} racer;

/* Each round both append at version round (the winner of the round before
 * moved the game there), as two servers holding the same state would. */
static void *race(void *arg)
{
    racer *r = arg;
    for (int round = 0; round < RACE_ROUNDS; round++) {
        char text[32];
        snprintf(text, sizeof text, "seat %d", r->seat);
        store_event e = action(round + 1, r->seat, text);
        char why[WHY_MAX] = "";
        pthread_barrier_wait(r->start);
        r->results[round] = store_append(r->st, r->game, round, &e, 1, STORE_RUNNING, "", why, sizeof why);
        if (r->results[round] != STORE_OK && r->results[round] != STORE_ECONFLICT)
            fprintf(stderr, "race: %s\n", why);
    }
    return NULL;
}

/* Two threads append the same versions through a and b (maybe the same
 * handle): each round exactly one wins, and the stored events are the
 * winners'. */
static void run_race(store *a, store *b)
{
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(a, &game, seats, 2, 7);
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, 2), 0);
    racer racers[2] = {{a, game.id, 0, &start, {0}}, {b, game.id, 1, &start, {0}}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, race, &racers[i]), 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    pthread_barrier_destroy(&start);

    store_game got;
    store_seat got_seats[GAME_MAX_PLAYERS];
    store_event *events;
    int n;
    load(b, game.id, &got, got_seats, &events, &n);
    assert_int_equal(got.version, RACE_ROUNDS);
    assert_int_equal(n, RACE_ROUNDS);
    int wins[2] = {0, 0};
    for (int round = 0; round < RACE_ROUNDS; round++) {
        int r0 = racers[0].results[round];
        int r1 = racers[1].results[round];
        assert_true((r0 == STORE_OK && r1 == STORE_ECONFLICT) || (r0 == STORE_ECONFLICT && r1 == STORE_OK));
        int winner = r0 == STORE_OK ? 0 : 1;
        wins[winner]++;
        char text[32];
        snprintf(text, sizeof text, "seat %d", winner);
        assert_int_equal(events[round].version, round + 1);
        assert_int_equal(events[round].actor, winner);
        assert_string_equal(events[round].text, text);
    }
    free(events);
    printf("    race: %d rounds, thread 0 won %d, thread 1 won %d\n", RACE_ROUNDS, wins[0], wins[1]);
}

static void test_append_race_threads(void **state)
{
    fixture *f = *state;
    run_race(f->st, f->st);
}

static void test_append_race_handles(void **state)
{
    fixture *f = *state;
    store *other;
    char why[WHY_MAX] = "";
    assert_int_equal(store_open(&other, f->where, why, sizeof why), STORE_OK);
    run_race(f->st, other);
    store_close(other);
}

/* One of several threads each playing its own game through one store. */
typedef struct player_thread {
    store *st;      /* the shared handle */
    unsigned salt;  /* makes its game's fields its own */
    int failures;   /* calls that did not do what they should */
} player_thread;

static void *play_alone(void *arg)
{
    player_thread *t = arg;
    char why[WHY_MAX] = "";
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    make_game(&game, seats, 3, t->salt);
    if (store_create(t->st, &game, seats, why, sizeof why) != STORE_OK) {
        fprintf(stderr, "thread %u: %s\n", t->salt, why);
        t->failures++;
        return NULL;
    }
    for (int v = 0; v < THREAD_EVENTS; v++) {
        char text[32];
        snprintf(text, sizeof text, "move %u.%d", t->salt, v);
        store_event e = action(v + 1, v % 3, text);
        if (store_append(t->st, game.id, v, &e, 1, STORE_RUNNING, "", why, sizeof why) != STORE_OK) {
            fprintf(stderr, "thread %u: %s\n", t->salt, why);
            t->failures++;
        }
    }
    store_game got;
    store_seat got_seats[GAME_MAX_PLAYERS];
    store_event *events = NULL;
    int n = 0;
    if (store_load(t->st, game.id, &got, got_seats, &events, &n, why, sizeof why) != STORE_OK || n != THREAD_EVENTS ||
        memcmp(got.seed, game.seed, STORE_SEED_BYTES) != 0 || strcmp(got_seats[0].name, seats[0].name) != 0)
        t->failures++;
    for (int v = 0; v < n; v++) {
        char text[32];
        snprintf(text, sizeof text, "move %u.%d", t->salt, v);
        if (strcmp(events[v].text, text) != 0)
            t->failures++;
    }
    free(events);
    return NULL;
}

/* More threads than the PostgreSQL pool has connections, each with its own
 * game, at once through one handle: every call does its work. */
static void test_many_threads(void **state)
{
    fixture *f = *state;
    player_thread players[PLAYER_THREADS];
    pthread_t threads[PLAYER_THREADS];
    for (int i = 0; i < PLAYER_THREADS; i++) {
        players[i] = (player_thread){f->st, (unsigned)(100 + i), 0};
        assert_int_equal(pthread_create(&threads[i], NULL, play_alone, &players[i]), 0);
    }
    for (int i = 0; i < PLAYER_THREADS; i++) {
        assert_int_equal(pthread_join(threads[i], NULL), 0);
        assert_int_equal(players[i].failures, 0);
    }
}

/* Is id in ids[0..n-1]? */
static int listed(const int64_t *ids, int n, int64_t id)
{
    for (int i = 0; i < n; i++)
        if (ids[i] == id)
            return 1;
    return 0;
}

static void test_list(void **state)
{
    fixture *f = *state;
    store_game game[4];
    store_seat seats[GAME_MAX_PLAYERS];
    static const store_status statuses[4] = {STORE_OPEN, STORE_RUNNING, STORE_FINISHED, STORE_OPEN};
    char why[WHY_MAX] = "";
    for (int i = 0; i < 4; i++) {
        create(f->st, &game[i], seats, 2, (unsigned)(8 + i));
        if (statuses[i] != STORE_OPEN)
            assert_int_equal(store_set_status(f->st, game[i].id, statuses[i], "", why, sizeof why), STORE_OK);
    }
    int64_t ids[LIST_MAX];
    int n = -1;
    assert_int_equal(store_list(f->st, -1, ids, 3, &n, why, sizeof why), STORE_OK);
    assert_int_equal(n, 3);
    assert_int_equal(ids[0], game[3].id); /* newest first */
    assert_int_equal(ids[1], game[2].id);
    assert_int_equal(ids[2], game[1].id);

    assert_int_equal(store_list(f->st, STORE_OPEN, ids, 1, &n, why, sizeof why), STORE_OK);
    assert_int_equal(n, 1);
    assert_int_equal(ids[0], game[3].id);
    assert_int_equal(store_list(f->st, STORE_OPEN, ids, LIST_MAX, &n, why, sizeof why), STORE_OK);
    assert_true(n >= 2);
    assert_int_equal(ids[0], game[3].id);
    assert_int_equal(ids[1], game[0].id);
    for (int i = 1; i < n; i++)
        assert_true(ids[i] < ids[i - 1]);
    assert_false(listed(ids, n, game[1].id));
    assert_false(listed(ids, n, game[2].id));
    assert_int_equal(store_list(f->st, STORE_FINISHED, ids, LIST_MAX, &n, why, sizeof why), STORE_OK);
    assert_true(n >= 1);
    assert_int_equal(ids[0], game[2].id);
    assert_false(listed(ids, n, game[0].id));
    assert_int_equal(store_list(f->st, STORE_RUNNING, ids, LIST_MAX, &n, why, sizeof why), STORE_OK);
    assert_true(n >= 1);
    assert_int_equal(ids[0], game[1].id);

    n = -1;
    assert_int_equal(store_list(f->st, -1, ids, 0, &n, why, sizeof why), STORE_OK);
    assert_int_equal(n, 0);
    assert_int_equal(store_list(f->st, 3, ids, LIST_MAX, &n, why, sizeof why), STORE_EINVAL);
    assert_int_equal(store_list(f->st, -1, NULL, 5, &n, why, sizeof why), STORE_EINVAL);
}

static void test_load_missing(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 2, 12);
    static const int64_t missing[] = {0, -1, INT64_MAX};
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
        store_game got;
        store_seat got_seats[GAME_MAX_PLAYERS];
        store_event *events = (store_event *)&got; /* must be reset to NULL */
        int n = -1;
        char why[WHY_MAX] = "";
        assert_int_equal(store_load(f->st, missing[i], &got, got_seats, &events, &n, why, sizeof why),
                         STORE_ENOTFOUND);
        assert_non_null(strstr(why, "no such game"));
        assert_null(events);
        assert_int_equal(n, 0);
    }
    int64_t next = game.id + 1000000;
    store_game got;
    store_seat got_seats[GAME_MAX_PLAYERS];
    store_event *events;
    int n;
    assert_int_equal(store_load(f->st, next, &got, got_seats, &events, &n, NULL, 0), STORE_ENOTFOUND);
}

/* store_read_start's callback: counts the reads answered. */
static void count_answer(void *context)
{
    atomic_fetch_add((atomic_int *)context, 1);
}

/* Queued reads: while the reader is held they wait, unanswered, and
 * GET /api/stats counts them; beyond the caller's max_waiting a read is
 * refused at once with STORE_EBUSY and a reason, and nothing is queued;
 * bad arguments are STORE_EINVAL. Once released, each is answered as
 * store_load and store_list would answer it (a game's row, seats and
 * events; a listing's rows newest first with their seats; a missing game
 * STORE_ENOTFOUND), its callback called once. */
static void test_queued_reads(void **state)
{
    fixture *f = *state;
    store_game game, other, got, rows[LIST_MAX];
    store_seat seats[GAME_MAX_PLAYERS], other_seats[GAME_MAX_PLAYERS], got_seats[GAME_MAX_PLAYERS];
    store_seat row_seats[LIST_MAX][GAME_MAX_PLAYERS];
    store_event first = action(1, 0, "first"), *events = NULL, *missing_events = NULL;
    store_read_pending *load_pending, *list_pending, *missing_pending, *refused = NULL;
    char why[WHY_MAX] = "", list_why[WHY_MAX] = "", missing_why[WHY_MAX] = "", busy_why[WHY_MAX] = "";
    int n = -1, rows_read = -1, missing_n = -1;
    atomic_int answered = 0;
    store_counters counters;

    create(f->st, &game, seats, 2, 40);
    assert_int_equal(store_append(f->st, game.id, 0, &first, 1, STORE_RUNNING, "", why, sizeof why), STORE_OK);
    create(f->st, &other, other_seats, 3, 41);
    store_hold_reader(f->st, 1);
    assert_int_equal(store_load_start(f->st, game.id, &got, got_seats, &events, &n, 3, count_answer, &answered,
                                      &load_pending, why, sizeof why),
                     STORE_OK);
    assert_int_equal(store_list_rows_start(f->st, -1, 2, rows, row_seats, &rows_read, 3, count_answer, &answered,
                                           &list_pending, list_why, sizeof list_why),
                     STORE_OK);
    assert_int_equal(store_load_start(f->st, game.id + 1000000, &got, got_seats, &missing_events, &missing_n, 3,
                                      count_answer, &answered, &missing_pending, missing_why, sizeof missing_why),
                     STORE_OK);
    assert_int_equal(store_load_start(f->st, game.id, &got, got_seats, NULL, NULL, 3, count_answer, &answered,
                                      &refused, busy_why, sizeof busy_why),
                     STORE_EBUSY);
    assert_null(refused);
    assert_non_null(strstr(busy_why, "3 reads of the store wait already"));
    assert_int_equal(store_list_rows_start(f->st, -1, 2, rows, row_seats, &rows_read, 3, NULL, NULL, &refused,
                                           busy_why, sizeof busy_why),
                     STORE_EBUSY);
    assert_int_equal(store_load_start(f->st, game.id, &got, got_seats, NULL, NULL, 0, NULL, NULL, &refused, busy_why,
                                      sizeof busy_why),
                     STORE_EINVAL);
    assert_int_equal(store_list_rows_start(f->st, 7, 2, rows, row_seats, &rows_read, 9, NULL, NULL, &refused,
                                           busy_why, sizeof busy_why),
                     STORE_EINVAL);
    assert_int_equal(store_list_rows_start(f->st, -1, 0, rows, row_seats, &rows_read, 9, NULL, NULL, &refused,
                                           busy_why, sizeof busy_why),
                     STORE_EINVAL);
    store_get_counters(f->st, &counters);
    assert_int_equal(counters.reads_waiting, 3);
    assert_int_equal(atomic_load(&answered), 0); /* nothing read while held */
    store_hold_reader(f->st, 0);

    assert_int_equal(store_read_finish(f->st, load_pending), STORE_OK);
    assert_int_equal(got.id, game.id);
    assert_int_equal(got.version, 1);
    assert_int_equal(n, 1);
    assert_events_equal(events, &first, 1);
    for (int s = 0; s < game.players; s++)
        assert_seat_equal(&got_seats[s], &seats[s]);
    free(events);
    assert_int_equal(store_read_finish(f->st, list_pending), STORE_OK);
    assert_int_equal(rows_read, 2);
    assert_int_equal(rows[0].id, other.id); /* newest first */
    assert_int_equal(rows[0].players, 3);
    for (int s = 0; s < other.players; s++)
        assert_seat_equal(&row_seats[0][s], &other_seats[s]);
    assert_int_equal(rows[1].id, game.id);
    assert_int_equal(rows[1].version, 1);
    assert_int_equal(store_read_finish(f->st, missing_pending), STORE_ENOTFOUND);
    assert_non_null(strstr(missing_why, "no such game"));
    assert_null(missing_events);
    assert_int_equal(missing_n, 0);
    store_get_counters(f->st, &counters);
    assert_int_equal(counters.reads_waiting, 0);
    assert_int_equal(atomic_load(&answered), 3);
}

/* A status changed on the reader's thread (store_set_status_start): while
 * the reader is held it is not written, counts among the reads waiting
 * and shares their bound (STORE_EBUSY beyond it, nothing queued); bad
 * arguments are STORE_EINVAL at once. Once released it is stored as
 * store_set_status stores it (a missing game STORE_ENOTFOUND), its
 * callback called once. */
static void test_queued_status(void **state)
{
    fixture *f = *state;
    store_game game, got;
    store_seat seats[GAME_MAX_PLAYERS], got_seats[GAME_MAX_PLAYERS];
    store_read_pending *started, *missing, *refused = NULL;
    char why[WHY_MAX] = "", missing_why[WHY_MAX] = "", busy_why[WHY_MAX] = "", long_result[STORE_RESULT_MAX + 8];
    atomic_int answered = 0;
    store_counters counters;

    create(f->st, &game, seats, 2, 42);
    store_hold_reader(f->st, 1);
    assert_int_equal(store_set_status_start(f->st, game.id, STORE_RUNNING, NULL, 2, count_answer, &answered, &started,
                                            why, sizeof why),
                     STORE_OK);
    assert_int_equal(store_set_status_start(f->st, game.id + 1000000, STORE_RUNNING, "", 2, count_answer, &answered,
                                            &missing, missing_why, sizeof missing_why),
                     STORE_OK);
    assert_int_equal(store_set_status_start(f->st, game.id, STORE_FINISHED, "1 0", 2, count_answer, &answered,
                                            &refused, busy_why, sizeof busy_why),
                     STORE_EBUSY);
    assert_null(refused);
    assert_non_null(strstr(busy_why, "2 reads of the store wait already"));
    assert_int_equal(store_set_status_start(f->st, game.id, (store_status)7, "", 9, NULL, NULL, &refused, busy_why,
                                            sizeof busy_why),
                     STORE_EINVAL);
    memset(long_result, '7', sizeof long_result - 1);
    long_result[sizeof long_result - 1] = '\0';
    assert_int_equal(store_set_status_start(f->st, game.id, STORE_FINISHED, long_result, 9, NULL, NULL, &refused,
                                            busy_why, sizeof busy_why),
                     STORE_EINVAL);
    assert_int_equal(store_set_status_start(f->st, game.id, STORE_RUNNING, "", 0, NULL, NULL, &refused, busy_why,
                                            sizeof busy_why),
                     STORE_EINVAL);
    store_get_counters(f->st, &counters);
    assert_int_equal(counters.reads_waiting, 2);
    assert_int_equal(store_load(f->st, game.id, &got, got_seats, NULL, NULL, why, sizeof why), STORE_OK);
    assert_int_equal(got.status, STORE_OPEN); /* not written while held */
    assert_int_equal(atomic_load(&answered), 0);
    store_hold_reader(f->st, 0);

    assert_int_equal(store_read_finish(f->st, started), STORE_OK);
    assert_int_equal(store_load(f->st, game.id, &got, got_seats, NULL, NULL, why, sizeof why), STORE_OK);
    assert_int_equal(got.status, STORE_RUNNING);
    assert_string_equal(got.result, "");
    assert_int_equal(store_read_finish(f->st, missing), STORE_ENOTFOUND);
    assert_non_null(strstr(missing_why, "no such game"));
    store_get_counters(f->st, &counters);
    assert_int_equal(counters.reads_waiting, 0);
    assert_int_equal(atomic_load(&answered), 2);
}

/* One append of version 0 of game, with a callback, queued on a thread
 * of its own (queue_one): its answer and why, done posted once
 * store_append_start returned. */
typedef struct queue_attempt {
    store *st;             /* the store */
    int64_t game;          /* the game */
    const store_event *event; /* its one event */
    atomic_int *answered;  /* counted by its callback */
    store_pending *pending; /* set if queued */
    char why[WHY_MAX];     /* the reason if refused */
    int rc;                /* store_append_start's answer */
    sem_t done;            /* posted once it returned */
} queue_attempt;

static void *queue_one(void *arg)
{
    queue_attempt *a = arg;

    a->rc = store_append_start(a->st, a->game, 0, a->event, 1, STORE_RUNNING, "", count_answer, a->answered,
                               &a->pending, a->why, sizeof a->why);
    sem_post(&a->done);
    return NULL;
}

/* A full writer's queue: with the writer held, STORE_QUEUE_MAX changes
 * that are called back wait in it; one more is STORE_EBUSY at once, with
 * its reason, and nothing queued (a caller that does not wait must not
 * wait for room on a store that stalls); once the writer goes on, each
 * queued change is answered (the first append of the version stored, the
 * others STORE_ECONFLICT) and called back once. */
static void test_full_queue(void **state)
{
    fixture *f = *state;
    store_game game, got;
    store_seat seats[GAME_MAX_PLAYERS], got_seats[GAME_MAX_PLAYERS];
    store_event event = action(1, GAME_CHANCE, "roll 4");
    store_pending **pending = calloc(STORE_QUEUE_MAX, sizeof *pending);
    char (*whys)[WHY_MAX] = calloc(STORE_QUEUE_MAX, sizeof *whys);
    char why[WHY_MAX] = "";
    atomic_int answered = 0;
    int stored = 0, stale = 0;

    assert_non_null(pending);
    assert_non_null(whys);
    create(f->st, &game, seats, 2, 63);
    store_hold_writer(f->st, 1);
    for (int i = 0; i < STORE_QUEUE_MAX; i++)
        assert_int_equal(store_append_start(f->st, game.id, 0, &event, 1, STORE_RUNNING, "", count_answer, &answered,
                                            &pending[i], whys[i], sizeof whys[i]),
                         STORE_OK);
    /* one more, on a thread: it must return at once (cut at a minute: it
     * waits for room, which a held writer never makes) */
    queue_attempt extra = {.st = f->st, .game = game.id, .event = &event, .answered = &answered};
    pthread_t thread;
    struct timespec until;
    sem_init(&extra.done, 0, 0);
    assert_int_equal(pthread_create(&thread, NULL, queue_one, &extra), 0);
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 60;
    if (sem_timedwait(&extra.done, &until) != 0) {
        store_hold_writer(f->st, 0);
        pthread_join(thread, NULL);
        fail_msg("an append with a callback waited for room in the writer's full queue");
    }
    pthread_join(thread, NULL);
    sem_destroy(&extra.done);
    assert_int_equal(extra.rc, STORE_EBUSY);
    assert_null(extra.pending);
    assert_non_null(strstr(extra.why, "changes wait for the store's writer already"));
    assert_int_equal(store_queued(f->st), STORE_QUEUE_MAX);
    assert_int_equal(atomic_load(&answered), 0);
    store_hold_writer(f->st, 0);
    for (int i = 0; i < STORE_QUEUE_MAX; i++) {
        int rc = store_finish(f->st, pending[i]);
        stored += rc == STORE_OK;
        stale += rc == STORE_ECONFLICT;
    }
    assert_int_equal(stored, 1);
    assert_int_equal(stale, STORE_QUEUE_MAX - 1);
    /* the writer calls back after it answered (store_finish may return first) */
    for (int i = 0; i < 6000 && atomic_load(&answered) < STORE_QUEUE_MAX; i++)
        nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    assert_int_equal(atomic_load(&answered), STORE_QUEUE_MAX);
    assert_int_equal(store_load(f->st, game.id, &got, got_seats, NULL, NULL, why, sizeof why), STORE_OK);
    assert_int_equal(got.version, 1);
    free(pending);
    free(whys);
}

static void test_bad_create(void **state)
{
    fixture *f = *state;
    int64_t before[LIST_MAX];
    int before_n;
    char why[WHY_MAX] = "";
    assert_int_equal(store_list(f->st, -1, before, LIST_MAX, &before_n, why, sizeof why), STORE_OK);

    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    make_game(&game, seats, 2, 13);
    game.players = 0;
    why[0] = '\0';
    assert_int_equal(store_create(f->st, &game, seats, why, sizeof why), STORE_EINVAL);
    assert_non_null(strstr(why, "players"));
    game.players = GAME_MAX_PLAYERS + 1;
    assert_int_equal(store_create(f->st, &game, seats, why, sizeof why), STORE_EINVAL);
    make_game(&game, seats, 2, 13);
    seats[1].seat = 0;
    assert_int_equal(store_create(f->st, &game, seats, why, sizeof why), STORE_EINVAL);
    make_game(&game, seats, 2, 13);
    memset(game.variant, 'v', sizeof game.variant);
    assert_int_equal(store_create(f->st, &game, seats, why, sizeof why), STORE_EINVAL);
    make_game(&game, seats, 2, 13);
    game.game[0] = '\0';
    assert_int_equal(store_create(f->st, &game, seats, why, sizeof why), STORE_EINVAL);
    make_game(&game, seats, 2, 13);
    game.turn_seconds = -5;
    assert_int_equal(store_create(f->st, &game, seats, why, sizeof why), STORE_EINVAL);
    make_game(&game, seats, 2, 13);
    game.status = (store_status)9;
    assert_int_equal(store_create(f->st, &game, seats, why, sizeof why), STORE_EINVAL);
    make_game(&game, seats, 2, 13);
    seats[1].is_bot = 3;
    assert_int_equal(store_create(f->st, &game, seats, why, sizeof why), STORE_EINVAL);
    assert_int_equal(game.id, 0); /* untouched */
    assert_int_equal(store_create(f->st, NULL, seats, why, sizeof why), STORE_EINVAL);
    assert_int_equal(store_create(f->st, &game, NULL, why, sizeof why), STORE_EINVAL);

    int64_t after[LIST_MAX];
    int after_n;
    assert_int_equal(store_list(f->st, -1, after, LIST_MAX, &after_n, why, sizeof why), STORE_OK);
    assert_int_equal(after_n, before_n);
    if (after_n > 0)
        assert_memory_equal(after, before, (size_t)after_n * sizeof after[0]);
}

/* Everything written is there after closing and opening the store again. */
static void test_reopen(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 4, 14);
    char why[WHY_MAX] = "";
    store_event events[3] = {action(1, GAME_CHANCE, "tile 3"), action(2, 0, "dig C4"), undo(3, 0)};
    assert_int_equal(store_append(f->st, game.id, 0, events, 3, STORE_RUNNING, "", why, sizeof why), STORE_OK);
    seats[3].taken = 1;
    snprintf(seats[3].name, sizeof seats[3].name, "late \u00e9l\u00e8ve");
    assert_int_equal(store_set_seat(f->st, game.id, &seats[3], NULL, why, sizeof why), STORE_OK);
    assert_int_equal(store_set_status(f->st, game.id, STORE_FINISHED, "40 38 12 7", why, sizeof why), STORE_OK);
    game.version = 3;
    game.status = STORE_FINISHED;
    snprintf(game.result, sizeof game.result, "40 38 12 7");
    store_close(f->st);
    f->st = NULL;
    assert_int_equal(store_open(&f->st, f->where, why, sizeof why), STORE_OK);
    assert_stored(f->st, &game, seats, events, 3);
    /* and opening twice more (tables exist) changes nothing */
    store *again;
    assert_int_equal(store_open(&again, f->where, why, sizeof why), STORE_OK);
    assert_stored(again, &game, seats, events, 3);
    store_close(again);
}

/* A process killed right after store_append returned loses nothing. */
static void test_killed_after_commit(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 2, 15);
    store_event events[2] = {action(1, GAME_CHANCE, "roll 6"), action(2, 0, "leap")};
    fflush(NULL);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        /* the child opens its own store, appends, and dies without closing */
        store *st;
        char why[WHY_MAX] = "";
        if (store_open(&st, f->where, why, sizeof why) != STORE_OK ||
            store_append(st, game.id, 0, events, 2, STORE_RUNNING, "", why, sizeof why) != STORE_OK) {
            fprintf(stderr, "child: %s\n", why);
            _exit(1);
        }
        raise(SIGKILL);
        _exit(2);
    }
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGKILL);
    store_close(f->st); /* a fresh handle, as a restarted server would */
    f->st = NULL;
    char why[WHY_MAX] = "";
    assert_int_equal(store_open(&f->st, f->where, why, sizeof why), STORE_OK);
    game.version = 2;
    game.status = STORE_RUNNING;
    assert_stored(f->st, &game, seats, events, 2);
}

static void expect_open_fails(const char *where, const char *expected)
{
    store *st = (store *)&st; /* must be reset to NULL */
    char why[WHY_MAX] = "";
    assert_int_equal(store_open(&st, where, why, sizeof why), STORE_EIO);
    assert_null(st);
    if (!why[0] || (expected && !strstr(why, expected)))
        fprintf(stderr, "store_open(%s): reason \"%s\", expected \"%s\"\n", where ? where : "NULL", why,
                expected ? expected : "");
    assert_true(why[0] != '\0');
    if (expected)
        assert_non_null(strstr(why, expected));
}

static void test_bad_address_sqlite(void **state)
{
    fixture *f = *state;
    expect_open_fails("", NULL);
    expect_open_fails(NULL, NULL);
    expect_open_fails("/nonexistent-maya-folder/games.db", "sqlite");
    expect_open_fails(f->folder, "sqlite"); /* a folder */
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/garbage.db", f->folder);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    for (int i = 0; i < 200; i++)
        fputs("this is not a database, only text\n", file);
    fclose(file);
    expect_open_fails(path, "not a database");
    remove_sqlite_files(path);
    /* a file in a folder nobody may write (root may; /proc refuses anyone) */
    expect_open_fails("/proc/maya-games.db", "sqlite");
    /* the store under test still works */
    int64_t ids[1];
    int n;
    assert_int_equal(store_list(f->st, -1, ids, 1, &n, NULL, 0), STORE_OK);
}

static void test_bad_address_postgres(void **state)
{
    fixture *f = *state;
    expect_open_fails("postgresql://maya@127.0.0.1:1/maya?connect_timeout=5", "postgresql");
    expect_open_fails("postgres://maya@[::1:/maya", "postgresql"); /* malformed */
    /* the right server, a database that does not exist */
    char where[PATH_MAX];
    snprintf(where, sizeof where, "%s", f->pg_url);
    char *slash = strrchr(where, '/');
    assert_non_null(slash);
    snprintf(slash, sizeof where - (size_t)(slash - where), "/maya_no_such_database");
    expect_open_fails(where, "does not exist");
}

/* SQLite announces nothing: store_wait sleeps and returns 0. */
static void test_wait_sqlite(void **state)
{
    fixture *f = *state;
    store_note note = {.game = -7, .version = -7, .events = -7};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(store_wait(f->st, 120, &note), 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    assert_true(ms >= 115);
    assert_int_equal(note.game, -7);
}

/* Wait on st for the announcement of game at version after a change of
 * events (1) or of its row or seats (0), skipping others. */
static void expect_announcement(store *st, int64_t game, int64_t version, int events)
{
    for (int tries = 0; tries < 100; tries++) {
        store_note note = {0};
        int got = store_wait(st, 5000, &note);
        assert_int_equal(got, 1);
        if (note.game == game && note.version == version && note.events == events)
            return;
    }
    fail_msg("no announcement of game %lld at version %lld (%s)", (long long)game, (long long)version,
             events ? "events" : "seats");
}

static double elapsed_ms(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) * 1e3 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* Two handles stand for two server processes: what one commits, the other
 * hears of. */
static void test_wait_postgres(void **state)
{
    fixture *f = *state;
    store *watcher;
    char why[WHY_MAX] = "";
    assert_int_equal(store_open(&watcher, f->where, why, sizeof why), STORE_OK);
    store_note note;
    assert_int_equal(store_wait(watcher, 0, &note), 0); /* starts listening */

    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 2, 16);
    expect_announcement(watcher, game.id, 0, 0);
    store_event events[2] = {action(1, GAME_CHANCE, "roll 3"), action(2, 0, "step")};
    assert_int_equal(store_append(f->st, game.id, 0, events, 2, STORE_RUNNING, "", why, sizeof why), STORE_OK);
    expect_announcement(watcher, game.id, 2, 1);
    seats[0].taken = 0;
    assert_int_equal(store_set_seat(f->st, game.id, &seats[0], NULL, why, sizeof why), STORE_OK);
    expect_announcement(watcher, game.id, 2, 0);
    assert_int_equal(store_set_status(f->st, game.id, STORE_FINISHED, "1 0", why, sizeof why), STORE_OK);
    expect_announcement(watcher, game.id, 2, 0);

    /* a refused append announces nothing; then quiet: 0 after the timeout */
    store_event stale = action(1, 1, "leap");
    assert_int_equal(store_append(f->st, game.id, 0, &stale, 1, STORE_RUNNING, "", why, sizeof why),
                     STORE_ECONFLICT);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(store_wait(watcher, 300, &note), 0);
    double ms = elapsed_ms(&t0);
    assert_true(ms >= 290);
    assert_true(ms < 3000);

    /* announcements wait in the queue until read, and a writer hears its own */
    assert_int_equal(store_wait(f->st, 0, &note), 0);
    store_event third = action(3, 1, "leap");
    assert_int_equal(store_append(f->st, game.id, 2, &third, 1, STORE_FINISHED, "1 0", why, sizeof why), STORE_OK);
    expect_announcement(watcher, game.id, 3, 1);
    expect_announcement(f->st, game.id, 3, 1);
    store_close(watcher);
}

/* End from outside every server session of the stores under test (their
 * application_name is "maya"), as a restart of the server would, and wait
 * until they are gone. */
static void end_store_sessions(const char *url)
{
    PGconn *admin = PQconnectdb(url);
    assert_int_equal(PQstatus(admin), CONNECTION_OK);
    PGresult *res = PQexec(admin, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                  " WHERE application_name = 'maya' AND pid <> pg_backend_pid()");
    assert_int_equal(PQresultStatus(res), PGRES_TUPLES_OK);
    assert_true(PQntuples(res) >= 2); /* the pool's and the listener's */
    PQclear(res);
    int left = -1;
    for (int tries = 0; tries < 200 && left != 0; tries++) {
        res = PQexec(admin, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'maya'");
        assert_int_equal(PQresultStatus(res), PGRES_TUPLES_OK);
        left = atoi(PQgetvalue(res, 0, 0));
        PQclear(res);
        if (left != 0)
            nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
    assert_int_equal(left, 0);
    PQfinish(admin);
}

/* Connections that the server ended are opened again: the pool's at once,
 * the listener's after store_wait reports -1. */
static void test_reconnect_postgres(void **state)
{
    fixture *f = *state;
    store *watcher;
    char why[WHY_MAX] = "";
    assert_int_equal(store_open(&watcher, f->where, why, sizeof why), STORE_OK);
    store_note note;
    assert_int_equal(store_wait(watcher, 0, &note), 0);
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 2, 17);
    expect_announcement(watcher, game.id, 0, 0);

    end_store_sessions(f->pg_url);
    assert_stored(f->st, &game, seats, NULL, 0);
    assert_int_equal(store_wait(watcher, 5000, &note), -1);
    assert_int_equal(store_wait(watcher, 0, &note), 0); /* listening again */
    store_event event = action(1, GAME_CHANCE, "roll 2");
    assert_int_equal(store_append(f->st, game.id, 0, &event, 1, STORE_RUNNING, "", why, sizeof why), STORE_OK);
    expect_announcement(watcher, game.id, 1, 1);
    store_close(watcher);
}

/* Run sql on the store's database itself, behind the store's back. */
static void run_raw(const fixture *f, const char *sql)
{
    if (f->postgres) {
        PGconn *conn = PQconnectdb(f->pg_url);
        PGresult *res = PQexec(conn, sql);
        if (PQresultStatus(res) != PGRES_COMMAND_OK)
            fprintf(stderr, "store_test: %s: %s\n", sql, PQerrorMessage(conn));
        assert_int_equal(PQresultStatus(res), PGRES_COMMAND_OK);
        PQclear(res);
        PQfinish(conn);
    } else {
        sqlite3 *db = NULL;
        char *error = NULL;
        assert_int_equal(sqlite3_open(f->where, &db), SQLITE_OK);
        int rc = sqlite3_exec(db, sql, NULL, NULL, &error);
        if (rc != SQLITE_OK)
            fprintf(stderr, "store_test: %s: %s\n", sql, error);
        sqlite3_free(error);
        sqlite3_close(db);
        assert_int_equal(rc, SQLITE_OK);
    }
}

/* A database of schema version 1 (seats without hints_off) is brought to
 * the current schema on open: its games load as they were, hints on. */
static void test_migrate_from_1(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 3, 21);
    store_close(f->st);
    f->st = NULL;
    if (f->postgres)
        run_raw(f, "BEGIN; ALTER TABLE seats DROP COLUMN hints_off; UPDATE maya_schema SET version = 1; COMMIT");
    else
        run_raw(f, "ALTER TABLE seats DROP COLUMN hints_off; PRAGMA user_version = 1");
    char why[WHY_MAX] = "";
    assert_int_equal(store_open(&f->st, f->where, why, sizeof why), STORE_OK);
    seats[0].hints_off = 0; /* what schema 1 could not keep */
    assert_stored(f->st, &game, seats, NULL, 0);
    seats[1].hints_off = 1;
    assert_int_equal(store_set_seat(f->st, game.id, &seats[1], NULL, why, sizeof why), STORE_OK);
    assert_stored(f->st, &game, seats, NULL, 0);
}

/* The text of crowd thread t's event e of round r in its game g. */
static void crowd_text(char *text, size_t size, int t, int g, int r, int e)
{
    snprintf(text, size, "t%d g%d r%d e%d", t, g, r, e);
}

/* Events of round r of a crowd game: two every third round, else one. */
static int crowd_events(int r)
{
    return r % 3 == 0 ? 2 : 1;
}

/* One of the crowd: appends to its own games in turn, all through one handle. */
typedef struct crowd_thread {
    store *st;                   /* the shared handle */
    int index;                   /* its number: its events' texts */
    int64_t games[CROWD_GAMES];  /* its games, created before it starts */
    int failures;                /* appends that were not acknowledged */
} crowd_thread;

static void *crowd_play(void *arg)
{
    crowd_thread *t = arg;
    int64_t versions[CROWD_GAMES] = {0};
    for (int r = 0; r < CROWD_ROUNDS; r++)
        for (int g = 0; g < CROWD_GAMES; g++) {
            store_event events[2];
            int n = crowd_events(r);
            for (int e = 0; e < n; e++) {
                char text[64];
                crowd_text(text, sizeof text, t->index, g, r, e);
                events[e] = action(versions[g] + 1 + e, e, text);
            }
            char why[WHY_MAX] = "";
            if (store_append(t->st, t->games[g], versions[g], events, n, STORE_RUNNING, "", why, sizeof why) !=
                STORE_OK) {
                fprintf(stderr, "crowd thread %d: %s\n", t->index, why);
                t->failures++;
                return NULL;
            }
            versions[g] += n;
        }
    return NULL;
}

/* Many threads append to many games at once through one handle (so their
 * appends share batches): every append is acknowledged, and afterwards each
 * game holds exactly its events, in order, versions 1, 2, ... */
static void test_crowd(void **state)
{
    fixture *f = *state;
    crowd_thread crowd[CROWD_THREADS];
    pthread_t threads[CROWD_THREADS];
    for (int t = 0; t < CROWD_THREADS; t++) {
        crowd[t] = (crowd_thread){.st = f->st, .index = t};
        for (int g = 0; g < CROWD_GAMES; g++) {
            store_game game;
            store_seat seats[GAME_MAX_PLAYERS];
            crowd[t].games[g] = create(f->st, &game, seats, 2, (unsigned)(40 + t));
        }
    }
    for (int t = 0; t < CROWD_THREADS; t++)
        assert_int_equal(pthread_create(&threads[t], NULL, crowd_play, &crowd[t]), 0);
    for (int t = 0; t < CROWD_THREADS; t++)
        assert_int_equal(pthread_join(threads[t], NULL), 0);
    for (int t = 0; t < CROWD_THREADS; t++) {
        assert_int_equal(crowd[t].failures, 0);
        for (int g = 0; g < CROWD_GAMES; g++) {
            store_game got;
            store_seat got_seats[GAME_MAX_PLAYERS];
            store_event *events;
            int n;
            load(f->st, crowd[t].games[g], &got, got_seats, &events, &n);
            assert_int_equal(got.version, n);
            int k = 0;
            for (int r = 0; r < CROWD_ROUNDS; r++)
                for (int e = 0; e < crowd_events(r); e++, k++) {
                    char text[64];
                    crowd_text(text, sizeof text, t, g, r, e);
                    assert_true(k < n);
                    assert_int_equal(events[k].version, k + 1);
                    assert_string_equal(events[k].text, text);
                }
            assert_int_equal(n, k);
            free(events);
        }
    }
}

/* One append made by a thread of its own, and its answer. */
typedef struct appender {
    store *st;           /* the handle */
    int64_t game;        /* the game appended to */
    int64_t version;     /* at this version */
    store_event event;   /* the one event */
    int rc;              /* what store_append returned */
    char why[WHY_MAX];   /* its reason */
} appender;

static void *append_once(void *arg)
{
    appender *a = arg;
    a->rc = store_append(a->st, a->game, a->version, &a->event, 1, STORE_RUNNING, "", a->why, sizeof a->why);
    return NULL;
}

/* An appender of event text at version + 1 of game. */
static appender appender_of(store *st, int64_t game, int64_t version, int actor, const char *text)
{
    appender a = {.st = st, .game = game, .version = version, .rc = -1};
    a.event = action(version + 1, actor, text);
    return a;
}

/* Wait until n appends are queued for st's held writer. */
static void wait_queued(store *st, int n)
{
    for (int ms = 0; store_queued(st) < n && ms < QUEUE_WAIT_MS; ms++)
        nanosleep(&(struct timespec){0, 1000 * 1000}, NULL);
    assert_int_equal(store_queued(st), n);
}

/* Make a[0..n-1] one batch: their threads queue while the writer is held,
 * and once all n wait it is released; returns when all are answered. */
static void append_in_one_batch(store *st, appender *a, int n)
{
    pthread_t threads[8];
    assert_true(n <= 8);
    store_hold_writer(st, 1);
    for (int i = 0; i < n; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, append_once, &a[i]), 0);
    wait_queued(st, n);
    store_counters now;
    store_get_counters(st, &now);
    assert_int_equal(now.waiting, n); /* GET /api/stats counts them as waiting */
    for (int i = 0; i < n; i++)
        assert_int_equal(a[i].rc, -1); /* nothing answered while held */
    store_hold_writer(st, 0);
    for (int i = 0; i < n; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
}

/* The stored game id has exactly the one event text at version 1, or none
 * when text is NULL. */
static void assert_one_event(store *st, int64_t id, const char *text)
{
    store_game got;
    store_seat got_seats[GAME_MAX_PLAYERS];
    store_event *events;
    int n;
    load(st, id, &got, got_seats, &events, &n);
    assert_int_equal(n, text ? 1 : 0);
    assert_int_equal(got.version, n);
    if (text)
        assert_string_equal(events[0].text, text);
    free(events);
}

/* Two appends of one game's same version in one batch (two threads that
 * saw the same state): exactly one wins, the other is STORE_ECONFLICT and
 * wrote nothing, and a third append of the batch, to another game, is
 * stored all the same; the writer's counters (GET /api/stats) show one
 * transaction of three appends. */
static void test_race_in_one_batch(void **state)
{
    fixture *f = *state;
    store_game game, other;
    store_seat seats[GAME_MAX_PLAYERS];
    create(f->st, &game, seats, 2, 30);
    create(f->st, &other, seats, 2, 31);
    appender a[3] = {appender_of(f->st, game.id, 0, 0, "seat 0"), appender_of(f->st, game.id, 0, 1, "seat 1"),
                     appender_of(f->st, other.id, 0, 0, "elsewhere")};
    store_counters before, after;
    store_get_counters(f->st, &before);
    append_in_one_batch(f->st, a, 3);
    store_get_counters(f->st, &after); /* the writer counted the one transaction of all three */
    assert_int_equal(after.waiting, 0);
    assert_int_equal(after.batches, before.batches + 1);
    assert_int_equal(after.changes, before.changes + 3);
    assert_true(after.largest_batch >= 3 && after.commit_us >= before.commit_us);
    assert_true((a[0].rc == STORE_OK && a[1].rc == STORE_ECONFLICT) ||
                (a[0].rc == STORE_ECONFLICT && a[1].rc == STORE_OK));
    const appender *loser = a[0].rc == STORE_OK ? &a[1] : &a[0];
    assert_non_null(strstr(loser->why, "version"));
    assert_one_event(f->st, game.id, a[0].rc == STORE_OK ? "seat 0" : "seat 1");
    assert_int_equal(a[2].rc, STORE_OK);
    assert_one_event(f->st, other.id, "elsewhere");
}

/* A thread's store_create or store_set_seat (the writer's other changes). */
typedef struct changer {
    store *st;                          /* the handle */
    int creates;                        /* 1: store_create; 0: store_set_seat */
    store_game game;                    /* create: the new game (its id set once stored); seat: the game changed */
    store_seat seats[GAME_MAX_PLAYERS]; /* create: its seats; seat: [0] the new seat, [1] the expected one */
    int rc;                             /* what it returned */
    char why[WHY_MAX];                  /* its reason */
} changer;

static void *change_once(void *arg)
{
    changer *c = arg;
    c->rc = c->creates ? store_create(c->st, &c->game, c->seats, c->why, sizeof c->why)
                       : store_set_seat(c->st, c->game.id, &c->seats[0], &c->seats[1], c->why, sizeof c->why);
    return NULL;
}

/* New games and seat changes go through the writer's batches with the
 * appends: in one transaction, a new game is stored, of two joins of one
 * free seat (each expecting it free) one wins and the other is
 * STORE_ECONFLICT, a seat of no game is STORE_ENOTFOUND, and an append is
 * stored beside them. */
static void test_creates_and_seats_in_one_batch(void **state)
{
    fixture *f = *state;
    store_game game;
    store_seat seats[GAME_MAX_PLAYERS];
    char why[WHY_MAX] = "";
    create(f->st, &game, seats, 2, 60);
    store_seat free_seat = seats[1];
    free_seat.is_bot = 0;
    free_seat.bot[0] = '\0';
    free_seat.taken = 0;
    memset(free_seat.token_hash, 0, STORE_HASH_BYTES);
    assert_int_equal(store_set_seat(f->st, game.id, &free_seat, NULL, why, sizeof why), STORE_OK);

    changer c[4] = {{.st = f->st, .creates = 1, .rc = -1}, {.st = f->st, .game = game, .rc = -1},
                    {.st = f->st, .game = game, .rc = -1}, {.st = f->st, .rc = -1}};
    make_game(&c[0].game, c[0].seats, 3, 61);
    for (int i = 1; i < 4; i++) { /* two joins of the free seat, and one of a game that is not */
        c[i].seats[0] = c[i].seats[1] = free_seat;
        c[i].seats[0].taken = 1;
        memset(c[i].seats[0].token_hash, 0xA0 + i, STORE_HASH_BYTES);
    }
    c[3].game.id = game.id + 1000;
    appender a = appender_of(f->st, game.id, 0, 0, "beside");
    pthread_t threads[5];
    store_counters before, after;
    store_get_counters(f->st, &before);
    store_hold_writer(f->st, 1);
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, change_once, &c[i]), 0);
    assert_int_equal(pthread_create(&threads[4], NULL, append_once, &a), 0);
    wait_queued(f->st, 5);
    store_hold_writer(f->st, 0);
    for (int i = 0; i < 5; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    store_get_counters(f->st, &after);
    assert_int_equal(after.batches, before.batches + 1);
    assert_int_equal(after.changes, before.changes + 5);

    assert_int_equal(c[0].rc, STORE_OK);
    store_game expected_game;
    store_seat expected_seats[GAME_MAX_PLAYERS];
    make_game(&expected_game, expected_seats, 3, 61);
    expected_game.id = c[0].game.id;
    snprintf(expected_game.created, sizeof expected_game.created, "%s", c[0].game.created);
    assert_stored(f->st, &expected_game, expected_seats, NULL, 0);
    assert_true((c[1].rc == STORE_OK && c[2].rc == STORE_ECONFLICT) ||
                (c[1].rc == STORE_ECONFLICT && c[2].rc == STORE_OK));
    assert_int_equal(c[3].rc, STORE_ENOTFOUND);
    assert_int_equal(a.rc, STORE_OK);
    store_event beside = action(1, 0, "beside");
    seats[1] = c[c[1].rc == STORE_OK ? 1 : 2].seats[0];
    game.version = 1;
    game.status = STORE_RUNNING;
    assert_stored(f->st, &game, seats, &beside, 1);
}

/* An append whose events are stored already (behind the store's back) is
 * STORE_ECONFLICT, and the others of its batch are stored. */
static void test_stored_events_in_batch(void **state)
{
    fixture *f = *state;
    store_game games[3];
    store_seat seats[GAME_MAX_PLAYERS];
    for (int i = 0; i < 3; i++)
        create(f->st, &games[i], seats, 2, (unsigned)(32 + i));
    char sql[160];
    snprintf(sql, sizeof sql, "INSERT INTO events (game, version, kind, actor, text) VALUES (%lld, 1, 0, 0, 'stray')",
             (long long)games[1].id);
    run_raw(f, sql);
    appender a[3];
    for (int i = 0; i < 3; i++)
        a[i] = appender_of(f->st, games[i].id, 0, 0, "mine");
    append_in_one_batch(f->st, a, 3);
    assert_int_equal(a[0].rc, STORE_OK);
    assert_int_equal(a[1].rc, STORE_ECONFLICT);
    assert_non_null(strstr(a[1].why, "version"));
    assert_int_equal(a[2].rc, STORE_OK);
    snprintf(sql, sizeof sql, "DELETE FROM events WHERE game = %lld", (long long)games[1].id);
    run_raw(f, sql);
    assert_one_event(f->st, games[0].id, "mine");
    assert_one_event(f->st, games[1].id, NULL); /* its game row was not moved either */
    assert_one_event(f->st, games[2].id, "mine");
}

/* Start a thread appending a's event, and wait until it is queued behind
 * queued others (so the batch's order is the order of the calls). */
static void start_queued(pthread_t *thread, appender *a, int queued)
{
    assert_int_equal(pthread_create(thread, NULL, append_once, a), 0);
    wait_queued(a->st, queued + 1);
}

/* Two handles (two server processes) commit batches for the same two games
 * at once, in crossed orders: each game goes to exactly one of them, and
 * neither batch fails (their row locks are taken in one order, so the two
 * transactions cannot deadlock). PostgreSQL is told to plan without hash
 * or merge joins and sequential scans, so that the order of its updates
 * would be the batch's order: without locks taken in one order, some of
 * the rounds deadlock. */
static void test_crossed_batches(void **state)
{
    fixture *f = *state;
    store *mine, *other;
    char why[WHY_MAX] = "";
    assert_int_equal(setenv("PGOPTIONS", "-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off", 1),
                     0);
    int opened = store_open(&mine, f->where, why, sizeof why) == STORE_OK &&
                 store_open(&other, f->where, why, sizeof why) == STORE_OK;
    unsetenv("PGOPTIONS");
    assert_true(opened);
    for (int round = 0; round < CROSS_ROUNDS; round++) {
        store_game one, two;
        store_seat seats[GAME_MAX_PLAYERS];
        create(f->st, &one, seats, 2, (unsigned)(50 + round));
        create(f->st, &two, seats, 2, (unsigned)(60 + round));
        appender a[4] = {appender_of(mine, one.id, 0, 0, "first"), appender_of(mine, two.id, 0, 0, "first"),
                         appender_of(other, two.id, 0, 1, "second"), appender_of(other, one.id, 0, 1, "second")};
        pthread_t threads[4];
        store_hold_writer(mine, 1);
        store_hold_writer(other, 1);
        for (int i = 0; i < 4; i++)
            start_queued(&threads[i], &a[i], i % 2);
        store_hold_writer(mine, 0);
        store_hold_writer(other, 0);
        for (int i = 0; i < 4; i++)
            assert_int_equal(pthread_join(threads[i], NULL), 0);
        for (int i = 0; i < 2; i++) {
            const appender *ours = &a[i], *theirs = &a[3 - i]; /* the two appends of one game */
            if (ours->rc != STORE_OK && ours->rc != STORE_ECONFLICT)
                fprintf(stderr, "round %d: %s\n", round, ours->why);
            if (theirs->rc != STORE_OK && theirs->rc != STORE_ECONFLICT)
                fprintf(stderr, "round %d: %s\n", round, theirs->why);
            assert_true((ours->rc == STORE_OK && theirs->rc == STORE_ECONFLICT) ||
                        (ours->rc == STORE_ECONFLICT && theirs->rc == STORE_OK));
            assert_one_event(f->st, ours->game, ours->rc == STORE_OK ? "first" : "second");
        }
    }
    store_close(mine);
    store_close(other);
}

/* Make committing an event with the text "poison" fail at COMMIT (a
 * deferred check), or undo that. */
static void poison_commits(const fixture *f, int on)
{
    if (f->postgres && on)
        run_raw(f, "CREATE FUNCTION maya_test_poison() RETURNS trigger LANGUAGE plpgsql AS"
                   " $$ BEGIN IF NEW.text = 'poison' THEN RAISE EXCEPTION 'poisoned commit'; END IF;"
                   " RETURN NULL; END $$;"
                   " CREATE CONSTRAINT TRIGGER maya_test_poison AFTER INSERT ON events"
                   " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION maya_test_poison()");
    else if (f->postgres)
        run_raw(f, "DROP TRIGGER maya_test_poison ON events; DROP FUNCTION maya_test_poison()");
    else if (on) /* a foreign key checked at COMMIT, broken by a poison event */
        run_raw(f, "CREATE TABLE poison (game INTEGER REFERENCES games (id) DEFERRABLE INITIALLY DEFERRED);"
                   " CREATE TRIGGER poison AFTER INSERT ON events WHEN NEW.text = 'poison'"
                   " BEGIN INSERT INTO poison VALUES (-1); END");
    else
        run_raw(f, "DROP TRIGGER poison; DROP TABLE poison");
}

/* A batch whose commit fails: every caller of it gets STORE_EIO with the
 * database's reason, and nothing of it is stored; the next batch commits. */
static void test_failed_commit(void **state)
{
    fixture *f = *state;
    store_game games[3];
    store_seat seats[GAME_MAX_PLAYERS];
    for (int i = 0; i < 3; i++)
        create(f->st, &games[i], seats, 2, (unsigned)(35 + i));
    poison_commits(f, 1);
    appender a[3] = {appender_of(f->st, games[0].id, 0, 0, "fine"), appender_of(f->st, games[1].id, 0, 0, "poison"),
                     appender_of(f->st, games[2].id, 0, 1, "fine too")};
    append_in_one_batch(f->st, a, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(a[i].rc, STORE_EIO);
        assert_non_null(strstr(a[i].why, f->postgres ? "poisoned commit" : "FOREIGN KEY"));
    }
    for (int i = 0; i < 3; i++)
        assert_one_event(f->st, games[i].id, NULL);
    /* an append on its own fails alike; without the poison, all commit */
    store_event poison = action(1, 0, "poison");
    char why[WHY_MAX] = "";
    assert_int_equal(store_append(f->st, games[1].id, 0, &poison, 1, STORE_RUNNING, "", why, sizeof why), STORE_EIO);
    poison_commits(f, 0);
    for (int i = 0; i < 3; i++)
        a[i].rc = -1;
    append_in_one_batch(f->st, a, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(a[i].rc, STORE_OK);
        assert_one_event(f->st, games[i].id, a[i].event.text);
    }
}

/* A failed batch fails every kind of change in it: a new game, a seat
 * change and an append, queued together with a poisoned append, are all
 * STORE_EIO with the database's reason, and none is stored. */
static void test_failed_batch_of_every_kind(void **state)
{
    fixture *f = *state;
    store_game game, poisoned;
    store_seat seats[GAME_MAX_PLAYERS], poisoned_seats[GAME_MAX_PLAYERS];
    int64_t before[LIST_MAX], after[LIST_MAX];
    int before_n, after_n;
    char why[WHY_MAX] = "";
    create(f->st, &game, seats, 2, 70);
    create(f->st, &poisoned, poisoned_seats, 2, 71);
    assert_int_equal(store_list(f->st, -1, before, LIST_MAX, &before_n, why, sizeof why), STORE_OK);

    changer c[2] = {{.st = f->st, .creates = 1, .rc = -1}, {.st = f->st, .game = game, .rc = -1}};
    make_game(&c[0].game, c[0].seats, 3, 72);
    c[1].seats[0] = c[1].seats[1] = seats[1]; /* seat 1 renamed, expected as created */
    snprintf(c[1].seats[0].name, sizeof c[1].seats[0].name, "renamed");
    appender a[2] = {appender_of(f->st, game.id, 0, 0, "fine"), appender_of(f->st, poisoned.id, 0, 0, "poison")};
    pthread_t threads[4];
    poison_commits(f, 1);
    store_hold_writer(f->st, 1);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(pthread_create(&threads[i], NULL, change_once, &c[i]), 0);
        assert_int_equal(pthread_create(&threads[2 + i], NULL, append_once, &a[i]), 0);
    }
    wait_queued(f->st, 4);
    store_hold_writer(f->st, 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    poison_commits(f, 0);

    const char *reason = f->postgres ? "poisoned commit" : "FOREIGN KEY";
    for (int i = 0; i < 2; i++) {
        assert_int_equal(c[i].rc, STORE_EIO);
        assert_non_null(strstr(c[i].why, reason));
        assert_int_equal(a[i].rc, STORE_EIO);
        assert_non_null(strstr(a[i].why, reason));
    }
    assert_int_equal(store_list(f->st, -1, after, LIST_MAX, &after_n, why, sizeof why), STORE_OK);
    assert_int_equal(after_n, before_n); /* no new game */
    assert_stored(f->st, &game, seats, NULL, 0); /* its seat and version as created */
    assert_one_event(f->st, poisoned.id, NULL);
}

/* ---- suites ---- */

#define STORE_CASE(name, fix) cmocka_unit_test_prestate_setup_teardown(name, test_setup, test_teardown, fix)

#define COMMON_CASES(fix)                                                                                      \
    STORE_CASE(test_round_trip, fix), STORE_CASE(test_set_seat, fix), STORE_CASE(test_set_seat_expected, fix), \
        STORE_CASE(test_set_status, fix), STORE_CASE(test_append_and_load, fix),                               \
        STORE_CASE(test_append_conflict, fix), STORE_CASE(test_append_race_threads, fix),                      \
        STORE_CASE(test_append_race_handles, fix), STORE_CASE(test_many_threads, fix),                         \
        STORE_CASE(test_crowd, fix), STORE_CASE(test_race_in_one_batch, fix),                                  \
        STORE_CASE(test_creates_and_seats_in_one_batch, fix), STORE_CASE(test_stored_events_in_batch, fix),    \
        STORE_CASE(test_crossed_batches, fix), STORE_CASE(test_failed_commit, fix),                            \
        STORE_CASE(test_failed_batch_of_every_kind, fix), STORE_CASE(test_list, fix),                          \
        STORE_CASE(test_load_missing, fix), STORE_CASE(test_queued_reads, fix),                                \
        STORE_CASE(test_queued_status, fix), STORE_CASE(test_full_queue, fix),                                 \
        STORE_CASE(test_bad_create, fix), STORE_CASE(test_reopen, fix),                                        \
        STORE_CASE(test_killed_after_commit, fix), STORE_CASE(test_migrate_from_1, fix)

int main(void)
{
    int failed = 0;
    fixture sqlite = {0};
    const struct CMUnitTest sqlite_tests[] = {
        COMMON_CASES(&sqlite),
        STORE_CASE(test_bad_address_sqlite, &sqlite),
        STORE_CASE(test_wait_sqlite, &sqlite),
    };
    sqlite.postgres = 0;
    if (make_folder(&sqlite) != 0) {
        fprintf(stderr, "store_test: cannot create a temporary folder: %s\n", strerror(errno));
        return 1;
    }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    printf("store_test: SQLite suite (files in %s)\n", sqlite.folder);
    failed += cmocka_run_group_tests_name("store_sqlite", sqlite_tests, NULL, NULL);
    printf("store_test: SQLite suite took %.0f ms\n", elapsed_ms(&t0));
    if (remove_folder(&sqlite) != 0) {
        fprintf(stderr, "store_test: %s is not empty after the tests: %s\n", sqlite.folder, strerror(errno));
        failed++;
    }

    const char *url = getenv("MAYA_PG_URL");
    if (!url || !url[0]) {
        fprintf(stderr, "store_test: MAYA_PG_URL is not set, so the PostgreSQL suite is skipped "
                        "(tests/cli/store_pg.sh runs it with a temporary server)\n");
        return failed ? 1 : 0;
    }
    fixture postgres = {0};
    postgres.postgres = 1;
    postgres.pg_url = url;
    const struct CMUnitTest postgres_tests[] = {
        COMMON_CASES(&postgres),
        STORE_CASE(test_bad_address_postgres, &postgres),
        STORE_CASE(test_wait_postgres, &postgres),
        STORE_CASE(test_reconnect_postgres, &postgres),
    };
    clock_gettime(CLOCK_MONOTONIC, &t0);
    printf("store_test: PostgreSQL suite\n");
    failed += cmocka_run_group_tests_name("store_postgresql", postgres_tests, NULL, NULL);
    printf("store_test: PostgreSQL suite took %.0f ms\n", elapsed_ms(&t0));
    return failed ? 1 : 0;
}
