/*
 * store_sqlite.c -- the SQLite back end of store.h: one database file, one
 * connection guarded by a mutex (every call holds it from start to end).
 *
 * Durability: the file is in WAL mode with synchronous=FULL, so a write is on
 * disk when its commit returns; a busy timeout lets other processes that
 * open the same file take turns instead of failing at once. Writes that
 * touch more than one row run in BEGIN IMMEDIATE transactions (the write
 * lock is taken first, so they never deadlock with another writer), loads
 * in one read transaction (a consistent snapshot). The schema version is the
 * database's user_version. SQLite has no announcements between processes:
 * store_wait only sleeps. Changes (appends, new games, seats) come in
 * batches from store.c's writer (group commit): one BEGIN IMMEDIATE ...
 * COMMIT, so one sync, for all.
 *
 * Checkpoints: the WAL is copied back into the database file by a thread
 * of its own on a connection of its own (a passive checkpoint, which never
 * waits for the writer nor makes it wait), once a commit leaves at least
 * SQLITE_CHECKPOINT_PAGES pages in it, instead of by the commit that
 * crosses that size (SQLite's automatic checkpoint, a stall of the writer).
 * The WAL stays bounded: beyond SQLITE_WAL_MAX_PAGES the writer checkpoints
 * itself. If that connection or thread cannot be had, SQLite's automatic
 * checkpoints stay.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sqlite3.h>

#include "server/store_internal.h"

enum {
    SQLITE_BUSY_MS = 5000,         /* how long a write waits for another process's lock */
    SQLITE_CHECKPOINT_PAGES = 1000, /* WAL pages after a commit that wake the checkpoint thread (SQLite's own
                                       automatic checkpoint size) */
    SQLITE_WAL_MAX_PAGES = 10000    /* WAL pages after a commit beyond which the writer checkpoints itself (the
                                       thread never caught up: the WAL restarts only after a whole checkpoint) */
};

/* The statements of every batch of the writer, prepared once on the
 * connection (sqlite_store.batch_statements) instead of at each batch. */
typedef enum sqlite_batch_statement {
    BATCH_BEGIN = 0,   /* opens the batch's transaction, taking the write lock first */
    BATCH_COMMIT,      /* ends it: one sync for the batch */
    BATCH_UPDATE_GAME, /* an append: the game's new version, status and result, if still at the expected version */
    BATCH_INSERT_EVENT, /* an append: one of its events */
    BATCH_STATEMENTS
} sqlite_batch_statement;

static const char *const batch_sql[BATCH_STATEMENTS] = {
    "BEGIN IMMEDIATE",
    "COMMIT",
    /* a game with events past its version (damage) is not moved: its
     * append is refused alone instead of failing the batch on their key */
    "UPDATE games SET version = ?1, status = ?2, result = ?3 WHERE id = ?4 AND version = ?5"
    " AND NOT EXISTS (SELECT 1 FROM events WHERE game = ?4 AND version > ?5)",
    "INSERT INTO events (game, version, kind, actor, text) VALUES (?, ?, ?, ?, ?)",
};

typedef struct sqlite_store {
    sqlite3 *db;                     /* the connection of every request */
    sqlite3_stmt *batch_statements[BATCH_STATEMENTS]; /* batch_sql prepared on db, NULL until first used */
    pthread_mutex_t lock;            /* held during every use of db */
    sqlite3 *checkpoint_db;          /* the checkpoint thread's connection, NULL if there is no such thread */
    pthread_t checkpointer;          /* the checkpoint thread (when checkpoint_db is not NULL) */
    pthread_mutex_t checkpoint_lock; /* guards wal_pages and closing */
    pthread_cond_t checkpoint_due;   /* signalled when wal_pages reaches SQLITE_CHECKPOINT_PAGES, or on closing */
    int wal_pages;                   /* pages in the WAL after the last commit, 0 once a checkpoint began */
    int closing;                     /* 1: the checkpoint thread is to end */
} sqlite_store;

/* Schema changes: migrations[v] turns schema version v into v + 1. */
static const char *const migrations[STORE_SCHEMA_VERSION] = {
    "CREATE TABLE games ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " game TEXT NOT NULL,"
    " variant TEXT NOT NULL,"
    " players INTEGER NOT NULL,"
    " turn_seconds INTEGER NOT NULL,"
    " replacement TEXT NOT NULL,"
    " seed BLOB NOT NULL,"
    " created TEXT NOT NULL,"
    " status INTEGER NOT NULL,"
    " result TEXT NOT NULL,"
    " version INTEGER NOT NULL);"
    "CREATE INDEX games_by_status ON games (status, id);"
    "CREATE TABLE seats ("
    " game INTEGER NOT NULL REFERENCES games (id),"
    " seat INTEGER NOT NULL,"
    " is_bot INTEGER NOT NULL,"
    " bot TEXT NOT NULL,"
    " name TEXT NOT NULL,"
    " taken INTEGER NOT NULL,"
    " token_hash BLOB NOT NULL,"
    " PRIMARY KEY (game, seat)) WITHOUT ROWID;"
    "CREATE TABLE events ("
    " game INTEGER NOT NULL REFERENCES games (id),"
    " version INTEGER NOT NULL,"
    " kind INTEGER NOT NULL,"
    " actor INTEGER NOT NULL,"
    " text TEXT NOT NULL,"
    " PRIMARY KEY (game, version)) WITHOUT ROWID;",
    "ALTER TABLE seats ADD COLUMN hints_off INTEGER NOT NULL DEFAULT 0;",
};

/* A failure of the database: the reason names the operation and carries
 * SQLite's message. Call it before anything else touches the connection. */
static int db_fail(sqlite3 *db, char *why, size_t why_len, const char *what)
{
    return store_fail(why, why_len, STORE_EIO, "sqlite: %s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

/* Run sql, which has no parameters and no rows. */
static int run(sqlite3 *db, const char *sql, const char *what, char *why, size_t why_len)
{
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(db, why, why_len, what);
    return STORE_OK;
}

/* Undo an open transaction after a failure (its own error is not reported:
 * the first failure is the reason). */
static void roll_back(sqlite3 *db)
{
    if (!sqlite3_get_autocommit(db))
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return NULL;
    return stmt;
}

/* 1 if game id exists, 0 if not, -1 on failure (reason in why). */
/* Run a prepared query (NULL: its preparation failed) and finalize it: 1
 * if it found a row, 0 if not, -1 on failure (reason in why, naming what). */
static int found_row(sqlite3 *db, sqlite3_stmt *stmt, const char *what, char *why, size_t why_len)
{
    int rc = stmt ? sqlite3_step(stmt) : SQLITE_ERROR;
    int found = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
    if (found < 0)
        db_fail(db, why, why_len, what);
    sqlite3_finalize(stmt);
    return found;
}

static int game_exists(sqlite3 *db, int64_t id, char *why, size_t why_len)
{
    sqlite3_stmt *stmt = prepare(db, "SELECT 1 FROM games WHERE id = ?");
    if (stmt)
        sqlite3_bind_int64(stmt, 1, id);
    return found_row(db, stmt, "look up a game", why, why_len);
}

/* Bring the schema to STORE_SCHEMA_VERSION in one write transaction. */
static int migrate(sqlite3 *db, char *why, size_t why_len)
{
    int rc = run(db, "BEGIN IMMEDIATE", "begin creating the tables", why, why_len);
    if (rc != STORE_OK)
        return rc;
    sqlite3_stmt *stmt = prepare(db, "PRAGMA user_version");
    if (!stmt || sqlite3_step(stmt) != SQLITE_ROW) {
        rc = db_fail(db, why, why_len, "read the schema version");
        sqlite3_finalize(stmt);
        roll_back(db);
        return rc;
    }
    int version = sqlite3_column_int(stmt, 0);
    sqlite3_finalize(stmt);
    if (version < 0 || version > STORE_SCHEMA_VERSION) {
        roll_back(db);
        return store_fail(why, why_len, STORE_EIO,
                          "sqlite: the database's schema version %d is not one this program knows (0 to %d)", version,
                          STORE_SCHEMA_VERSION);
    }
    if (version == STORE_SCHEMA_VERSION) {
        roll_back(db);
        return STORE_OK;
    }
    for (int v = version; v < STORE_SCHEMA_VERSION; v++) {
        rc = run(db, migrations[v], "create the tables", why, why_len);
        if (rc != STORE_OK) {
            roll_back(db);
            return rc;
        }
    }
    char set_version[64]; /* a constant of this program, not outside input */
    snprintf(set_version, sizeof set_version, "PRAGMA user_version = %d", STORE_SCHEMA_VERSION);
    rc = run(db, set_version, "set the schema version", why, why_len);
    if (rc == STORE_OK)
        rc = run(db, "COMMIT", "commit the tables", why, why_len);
    if (rc != STORE_OK)
        roll_back(db);
    return rc;
}

/* After each commit on db (sqlite3_wal_hook): note the WAL's size, and wake
 * the checkpoint thread once it is worth a checkpoint; past
 * SQLITE_WAL_MAX_PAGES, checkpoint at once, as SQLite would (this bounds
 * the WAL when commits never leave the thread a gap to finish one). */
static int wal_committed(void *arg, sqlite3 *db, const char *name, int pages)
{
    sqlite_store *s = arg;

    if (pages >= SQLITE_WAL_MAX_PAGES)
        sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    pthread_mutex_lock(&s->checkpoint_lock);
    s->wal_pages = pages;
    if (pages >= SQLITE_CHECKPOINT_PAGES)
        pthread_cond_signal(&s->checkpoint_due);
    pthread_mutex_unlock(&s->checkpoint_lock);
    return SQLITE_OK;
}

/* The checkpoint thread: a passive checkpoint each time the WAL has grown
 * to SQLITE_CHECKPOINT_PAGES, until the store closes. */
static void *checkpoint_main(void *arg)
{
    sqlite_store *s = arg;

    pthread_mutex_lock(&s->checkpoint_lock);
    for (;;) {
        while (!s->closing && s->wal_pages < SQLITE_CHECKPOINT_PAGES)
            pthread_cond_wait(&s->checkpoint_due, &s->checkpoint_lock);
        if (s->closing)
            break;
        s->wal_pages = 0;
        pthread_mutex_unlock(&s->checkpoint_lock);
        sqlite3_wal_checkpoint_v2(s->checkpoint_db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
        pthread_mutex_lock(&s->checkpoint_lock);
    }
    pthread_mutex_unlock(&s->checkpoint_lock);
    return NULL;
}

/* Nonzero if db reads its file as a WAL database (a new connection only
 * knows once it has read the file: before, a checkpoint does nothing). */
static int reads_wal(sqlite3 *db)
{
    sqlite3_stmt *stmt = prepare(db, "PRAGMA journal_mode");
    int wal = stmt != NULL && sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0) != NULL &&
              strcasecmp((const char *)sqlite3_column_text(stmt, 0), "wal") == 0;

    sqlite3_finalize(stmt);
    return wal;
}

/* Take the checkpoints out of the commits of s->db (file where, NULL for a
 * database without a WAL): a connection and a thread for them; if either
 * cannot be had, SQLite's automatic checkpoints stay. */
static void checkpoint_start(sqlite_store *s, const char *where)
{
    pthread_mutex_init(&s->checkpoint_lock, NULL);
    pthread_cond_init(&s->checkpoint_due, NULL);
    if (where == NULL)
        return;
    if (sqlite3_open_v2(where, &s->checkpoint_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
        !reads_wal(s->checkpoint_db) || pthread_create(&s->checkpointer, NULL, checkpoint_main, s) != 0) {
        sqlite3_close(s->checkpoint_db);
        s->checkpoint_db = NULL;
        return;
    }
    sqlite3_wal_hook(s->db, wal_committed, s); /* replaces the automatic checkpoint */
}

/* End the checkpoint thread and close its connection. */
static void checkpoint_stop(sqlite_store *s)
{
    if (s->checkpoint_db != NULL) {
        pthread_mutex_lock(&s->checkpoint_lock);
        s->closing = 1;
        pthread_cond_signal(&s->checkpoint_due);
        pthread_mutex_unlock(&s->checkpoint_lock);
        pthread_join(s->checkpointer, NULL);
        sqlite3_close(s->checkpoint_db);
    }
    pthread_cond_destroy(&s->checkpoint_due);
    pthread_mutex_destroy(&s->checkpoint_lock);
}

static int sqlite_open(void **impl, const char *where, char *why, size_t why_len)
{
    *impl = NULL;
    sqlite_store *s = calloc(1, sizeof *s);
    if (!s)
        return store_fail(why, why_len, STORE_EIO, "sqlite: open %s: out of memory", where);
    char what[96];
    snprintf(what, sizeof what, "open %.80s", where);
    int rc = STORE_OK;
    if (sqlite3_open_v2(where, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        rc = db_fail(s->db, why, why_len, what);
        goto fail;
    }
    sqlite3_extended_result_codes(s->db, 1);
    sqlite3_busy_timeout(s->db, SQLITE_BUSY_MS);
    sqlite3_stmt *stmt = prepare(s->db, "PRAGMA journal_mode = WAL");
    if (!stmt || sqlite3_step(stmt) != SQLITE_ROW) {
        rc = db_fail(s->db, why, why_len, what);
        sqlite3_finalize(stmt);
        goto fail;
    }
    const char *mode = (const char *)sqlite3_column_text(stmt, 0);
    /* an in-memory database (":memory:", tests only) has no WAL */
    int wal = mode && strcasecmp(mode, "wal") == 0;
    int journal_ok = wal || (mode && strcasecmp(mode, "memory") == 0);
    if (!journal_ok) {
        rc = store_fail(why, why_len, STORE_EIO, "sqlite: %s: cannot use WAL mode (journal mode is %s)", what,
                        mode ? mode : "unknown");
        sqlite3_finalize(stmt);
        goto fail;
    }
    sqlite3_finalize(stmt);
    rc = run(s->db, "PRAGMA synchronous = FULL", what, why, why_len);
    if (rc == STORE_OK)
        rc = run(s->db, "PRAGMA foreign_keys = ON", what, why, why_len);
    if (rc == STORE_OK)
        rc = migrate(s->db, why, why_len);
    if (rc != STORE_OK)
        goto fail;
    if (pthread_mutex_init(&s->lock, NULL) != 0) {
        rc = store_fail(why, why_len, STORE_EIO, "sqlite: %s: cannot create a mutex", what);
        goto fail;
    }
    checkpoint_start(s, wal ? where : NULL);
    *impl = s;
    return STORE_OK;
fail:
    sqlite3_close(s->db);
    free(s);
    return rc;
}

static void sqlite_close(void *impl)
{
    sqlite_store *s = impl;
    if (!s)
        return;
    checkpoint_stop(s);
    for (int i = 0; i < BATCH_STATEMENTS; i++)
        sqlite3_finalize(s->batch_statements[i]);
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

static void bind_text(sqlite3_stmt *stmt, int index, const char *text)
{
    sqlite3_bind_text(stmt, index, text, -1, SQLITE_STATIC);
}

/* Create one game of a batch (its row and seats) inside the open
 * transaction, setting its id and rc; STORE_OK, or STORE_EIO (reason in
 * why). */
static int create_one(sqlite3 *db, store_write *w, char *why, size_t why_len)
{
    store_game *game = w->created;
    const store_seat *seats = w->seats;
    int rc = STORE_OK;
    sqlite3_stmt *insert_game = prepare(db,
                                        "INSERT INTO games (game, variant, players, turn_seconds, replacement, seed,"
                                        " created, status, result, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)");
    sqlite3_stmt *insert_seat = NULL;
    if (!insert_game) {
        rc = db_fail(db, why, why_len, "create a game");
        goto done;
    }
    bind_text(insert_game, 1, game->game);
    bind_text(insert_game, 2, game->variant);
    sqlite3_bind_int(insert_game, 3, game->players);
    sqlite3_bind_int(insert_game, 4, game->turn_seconds);
    bind_text(insert_game, 5, game->replacement);
    sqlite3_bind_blob(insert_game, 6, game->seed, STORE_SEED_BYTES, SQLITE_STATIC);
    bind_text(insert_game, 7, game->created);
    sqlite3_bind_int(insert_game, 8, (int)game->status);
    bind_text(insert_game, 9, game->result);
    if (sqlite3_step(insert_game) != SQLITE_DONE) {
        rc = db_fail(db, why, why_len, "create a game");
        goto done;
    }
    int64_t id = sqlite3_last_insert_rowid(db);
    insert_seat = prepare(db, "INSERT INTO seats (game, seat, is_bot, bot, name, taken, token_hash, hints_off)"
                              " VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    if (!insert_seat) {
        rc = db_fail(db, why, why_len, "create a game's seats");
        goto done;
    }
    for (int i = 0; i < game->players; i++) {
        const store_seat *seat = &seats[i];
        sqlite3_reset(insert_seat);
        sqlite3_bind_int64(insert_seat, 1, id);
        sqlite3_bind_int(insert_seat, 2, seat->seat);
        sqlite3_bind_int(insert_seat, 3, seat->is_bot);
        bind_text(insert_seat, 4, seat->bot);
        bind_text(insert_seat, 5, seat->name);
        sqlite3_bind_int(insert_seat, 6, seat->taken);
        sqlite3_bind_blob(insert_seat, 7, seat->token_hash, STORE_HASH_BYTES, SQLITE_STATIC);
        sqlite3_bind_int(insert_seat, 8, seat->hints_off);
        if (sqlite3_step(insert_seat) != SQLITE_DONE) {
            rc = db_fail(db, why, why_len, "create a game's seats");
            goto done;
        }
    }
    game->id = id;
    w->rc = STORE_OK;
done:
    sqlite3_finalize(insert_game);
    sqlite3_finalize(insert_seat);
    return rc;
}

/* 1 if game has a seat numbered seat, 0 if not, -1 on failure (reason in why). */
static int seat_exists(sqlite3 *db, int64_t game, int seat, char *why, size_t why_len)
{
    sqlite3_stmt *stmt = prepare(db, "SELECT 1 FROM seats WHERE game = ? AND seat = ?");
    if (stmt) {
        sqlite3_bind_int64(stmt, 1, game);
        sqlite3_bind_int(stmt, 2, seat);
    }
    return found_row(db, stmt, "look up a seat", why, why_len);
}

/* Change one seat of a batch inside the open transaction, setting its rc
 * (STORE_OK; or, with its reason and nothing written, STORE_ECONFLICT: not
 * as expected, STORE_ENOTFOUND: no such game, STORE_EINVAL: no such seat);
 * STORE_OK, or STORE_EIO (reason in why). */
static int seat_one(sqlite3 *db, store_write *w, char *why, size_t why_len)
{
    int64_t game = w->game;
    const store_seat *seat = w->seat, *expected = w->expected;
    char what[64];
    snprintf(what, sizeof what, "set seat %d of game %lld", seat->seat, (long long)game);
    sqlite3_stmt *stmt = prepare(db, "UPDATE seats SET is_bot = ?, bot = ?, name = ?, taken = ?, token_hash = ?,"
                                     " hints_off = ? WHERE game = ? AND seat = ?"
                                     " AND (? OR (is_bot = ? AND taken = ? AND token_hash = ?))");
    if (!stmt)
        return db_fail(db, why, why_len, what);
    sqlite3_bind_int(stmt, 1, seat->is_bot);
    bind_text(stmt, 2, seat->bot);
    bind_text(stmt, 3, seat->name);
    sqlite3_bind_int(stmt, 4, seat->taken);
    sqlite3_bind_blob(stmt, 5, seat->token_hash, STORE_HASH_BYTES, SQLITE_STATIC);
    sqlite3_bind_int(stmt, 6, seat->hints_off);
    sqlite3_bind_int64(stmt, 7, game);
    sqlite3_bind_int(stmt, 8, seat->seat);
    sqlite3_bind_int(stmt, 9, expected == NULL);
    if (expected) {
        sqlite3_bind_int(stmt, 10, expected->is_bot);
        sqlite3_bind_int(stmt, 11, expected->taken);
        sqlite3_bind_blob(stmt, 12, expected->token_hash, STORE_HASH_BYTES, SQLITE_STATIC);
    }
    int rc = STORE_OK;
    if (sqlite3_step(stmt) != SQLITE_DONE)
        rc = db_fail(db, why, why_len, what);
    else if (sqlite3_changes(db) > 0)
        w->rc = STORE_OK;
    else {
        int seat_found = seat_exists(db, game, seat->seat, why, why_len);
        int game_found = seat_found == 0 ? game_exists(db, game, why, why_len) : -1;
        rc = store_seat_missed(w, "sqlite", what, seat_found, game_found);
    }
    sqlite3_finalize(stmt);
    return rc;
}

static int set_status_locked(sqlite3 *db, int64_t game, store_status status, const char *result, char *why,
                             size_t why_len)
{
    char what[64];
    snprintf(what, sizeof what, "set the status of game %lld", (long long)game);
    sqlite3_stmt *stmt = prepare(db, "UPDATE games SET status = ?, result = ? WHERE id = ?");
    if (!stmt)
        return db_fail(db, why, why_len, what);
    sqlite3_bind_int(stmt, 1, (int)status);
    bind_text(stmt, 2, result);
    sqlite3_bind_int64(stmt, 3, game);
    int rc = STORE_OK;
    if (sqlite3_step(stmt) != SQLITE_DONE)
        rc = db_fail(db, why, why_len, what);
    else if (sqlite3_changes(db) == 0)
        rc = store_fail(why, why_len, STORE_ENOTFOUND, "sqlite: %s: no such game", what);
    sqlite3_finalize(stmt);
    return rc;
}

static int sqlite_set_status(void *impl, int64_t game, store_status status, const char *result, char *why,
                             size_t why_len)
{
    sqlite_store *s = impl;
    pthread_mutex_lock(&s->lock);
    int rc = set_status_locked(s->db, game, status, result, why, why_len);
    pthread_mutex_unlock(&s->lock);
    return rc;
}

/* Append one request of a batch inside the open transaction, with update
 * and insert prepared, setting its rc (STORE_OK, STORE_ENOTFOUND,
 * STORE_ECONFLICT: then nothing of it written); STORE_OK, or STORE_EIO
 * (reason in why). */
static int append_one(sqlite3 *db, sqlite3_stmt *update, sqlite3_stmt *insert, store_write *a, char *why,
                      size_t why_len)
{
    char what[80];
    snprintf(what, sizeof what, "append to game %lld at version %lld", (long long)a->game, (long long)a->version);
    sqlite3_reset(update);
    sqlite3_bind_int64(update, 1, a->version + a->n);
    sqlite3_bind_int(update, 2, (int)a->status);
    bind_text(update, 3, a->result);
    sqlite3_bind_int64(update, 4, a->game);
    sqlite3_bind_int64(update, 5, a->version);
    if (sqlite3_step(update) != SQLITE_DONE)
        return db_fail(db, why, why_len, what);
    if (sqlite3_changes(db) == 0) {
        int found = game_exists(db, a->game, why, why_len);
        if (found < 0)
            return STORE_EIO;
        a->rc = store_fail(a->why, a->why_len, found ? STORE_ECONFLICT : STORE_ENOTFOUND, "sqlite: %s: %s", what,
                           found ? "the game is no longer at that version" : "no such game");
        return STORE_OK;
    }
    for (int i = 0; i < a->n; i++) {
        const store_event *e = &a->events[i];
        sqlite3_reset(insert);
        sqlite3_bind_int64(insert, 1, a->game);
        sqlite3_bind_int64(insert, 2, e->version);
        sqlite3_bind_int(insert, 3, (int)e->kind);
        sqlite3_bind_int(insert, 4, e->actor);
        bind_text(insert, 5, e->text);
        if (sqlite3_step(insert) != SQLITE_DONE)
            return db_fail(db, why, why_len, what);
    }
    a->rc = STORE_OK;
    return STORE_OK;
}

/* Statement which of the writer's batches, prepared once (s->lock held),
 * ready to be bound and stepped (sqlite3_reset after use); NULL if it
 * cannot be prepared. */
static sqlite3_stmt *batch_statement(sqlite_store *s, sqlite_batch_statement which)
{
    if (s->batch_statements[which] == NULL)
        sqlite3_prepare_v3(s->db, batch_sql[which], -1, SQLITE_PREPARE_PERSISTENT, &s->batch_statements[which],
                           NULL);
    return s->batch_statements[which];
}

/* Step the prepared statement which (no parameters, no rows) and reset it. */
static int batch_run(sqlite_store *s, sqlite_batch_statement which, const char *what, char *why, size_t why_len)
{
    sqlite3_stmt *stmt = batch_statement(s, which);
    int rc = stmt != NULL && sqlite3_step(stmt) == SQLITE_DONE ? STORE_OK : db_fail(s->db, why, why_len, what);
    if (stmt != NULL)
        sqlite3_reset(stmt);
    return rc;
}

static int sqlite_write_batch(void *impl, store_write *const *batch, int n, char *why, size_t why_len)
{
    sqlite_store *s = impl;
    static const char what[] = "write a batch";
    pthread_mutex_lock(&s->lock);
    sqlite3 *db = s->db;
    sqlite3_stmt *update = batch_statement(s, BATCH_UPDATE_GAME);
    sqlite3_stmt *insert = batch_statement(s, BATCH_INSERT_EVENT);
    int rc = update != NULL && insert != NULL ? batch_run(s, BATCH_BEGIN, what, why, why_len)
                                              : db_fail(db, why, why_len, what);
    for (int i = 0; i < n && rc == STORE_OK; i++) {
        store_write *w = batch[i];
        if (w->kind == STORE_WRITE_APPEND)
            rc = append_one(db, update, insert, w, why, why_len);
        else if (w->kind == STORE_WRITE_CREATE)
            rc = create_one(db, w, why, why_len);
        else
            rc = seat_one(db, w, why, why_len);
    }
    if (update != NULL)
        sqlite3_reset(update);
    if (insert != NULL)
        sqlite3_reset(insert);
    if (rc == STORE_OK)
        rc = batch_run(s, BATCH_COMMIT, "write a batch: commit", why, why_len);
    if (rc != STORE_OK)
        roll_back(db);
    pthread_mutex_unlock(&s->lock);
    return rc;
}

/* Copy a blob column of exactly size bytes into dst; -1 if its size differs. */
static int copy_blob(unsigned char *dst, size_t size, sqlite3_stmt *stmt, int column)
{
    const void *blob = sqlite3_column_blob(stmt, column);
    if (!blob || (size_t)sqlite3_column_bytes(stmt, column) != size)
        return -1;
    memcpy(dst, blob, size);
    return 0;
}

static const char *column_text(sqlite3_stmt *stmt, int column)
{
    return (const char *)sqlite3_column_text(stmt, column);
}

/* Read the game row of id into game: STORE_OK, STORE_ENOTFOUND or STORE_EIO. */
static int load_game_row(sqlite3 *db, int64_t id, store_game *game, const char *what, char *why, size_t why_len)
{
    sqlite3_stmt *stmt = prepare(db, "SELECT game, variant, players, turn_seconds, replacement, seed, created, status,"
                                     " result, version FROM games WHERE id = ?");
    if (!stmt)
        return db_fail(db, why, why_len, what);
    sqlite3_bind_int64(stmt, 1, id);
    int step = sqlite3_step(stmt);
    int rc = STORE_OK;
    if (step == SQLITE_DONE)
        rc = store_fail(why, why_len, STORE_ENOTFOUND, "sqlite: %s: no such game", what);
    else if (step != SQLITE_ROW)
        rc = db_fail(db, why, why_len, what);
    else {
        memset(game, 0, sizeof *game);
        game->id = id;
        game->players = sqlite3_column_int(stmt, 2);
        game->turn_seconds = sqlite3_column_int(stmt, 3);
        int status = sqlite3_column_int(stmt, 7);
        game->status = (store_status)status;
        game->version = sqlite3_column_int64(stmt, 9);
        if (store_copy_text(game->game, sizeof game->game, column_text(stmt, 0)) != 0 ||
            store_copy_text(game->variant, sizeof game->variant, column_text(stmt, 1)) != 0 ||
            store_copy_text(game->replacement, sizeof game->replacement, column_text(stmt, 4)) != 0 ||
            store_copy_text(game->created, sizeof game->created, column_text(stmt, 6)) != 0 ||
            store_copy_text(game->result, sizeof game->result, column_text(stmt, 8)) != 0 ||
            copy_blob(game->seed, sizeof game->seed, stmt, 5) != 0 || game->players < 1 ||
            game->players > GAME_MAX_PLAYERS || status < STORE_OPEN || status > STORE_FINISHED || game->version < 0)
            rc = store_fail(why, why_len, STORE_EIO, "sqlite: %s: the stored game row is damaged", what);
    }
    sqlite3_finalize(stmt);
    return rc;
}

static int load_seats(sqlite3 *db, int64_t id, int players, store_seat seats[GAME_MAX_PLAYERS], const char *what,
                      char *why, size_t why_len)
{
    sqlite3_stmt *stmt = prepare(db, "SELECT seat, is_bot, bot, name, taken, token_hash, hints_off FROM seats"
                                     " WHERE game = ? ORDER BY seat");
    if (!stmt)
        return db_fail(db, why, why_len, what);
    sqlite3_bind_int64(stmt, 1, id);
    int rc = STORE_OK;
    int count = 0;
    int step = SQLITE_DONE;
    while (rc == STORE_OK && (step = sqlite3_step(stmt)) == SQLITE_ROW) {
        if (count >= players) {
            count++;
            break;
        }
        store_seat *seat = &seats[count];
        memset(seat, 0, sizeof *seat);
        seat->seat = sqlite3_column_int(stmt, 0);
        seat->is_bot = sqlite3_column_int(stmt, 1);
        seat->taken = sqlite3_column_int(stmt, 4);
        seat->hints_off = sqlite3_column_int(stmt, 6);
        if (seat->seat != count || store_copy_text(seat->bot, sizeof seat->bot, column_text(stmt, 2)) != 0 ||
            store_copy_text(seat->name, sizeof seat->name, column_text(stmt, 3)) != 0 ||
            copy_blob(seat->token_hash, sizeof seat->token_hash, stmt, 5) != 0)
            rc = store_fail(why, why_len, STORE_EIO, "sqlite: %s: stored seat %d is damaged", what, count);
        count++;
    }
    if (rc == STORE_OK && step != SQLITE_ROW && step != SQLITE_DONE)
        rc = db_fail(db, why, why_len, what);
    if (rc == STORE_OK && count != players)
        rc = store_fail(why, why_len, STORE_EIO, "sqlite: %s: %d seats stored for %d players", what, count, players);
    sqlite3_finalize(stmt);
    return rc;
}

static int load_events(sqlite3 *db, int64_t id, int64_t version, store_event **events, int *n, const char *what,
                       char *why, size_t why_len)
{
    if (version > (int64_t)(1 << 24))
        return store_fail(why, why_len, STORE_EIO, "sqlite: %s: implausible version %lld", what, (long long)version);
    store_event *list = NULL;
    if (version > 0) {
        list = calloc((size_t)version, sizeof *list);
        if (!list)
            return store_fail(why, why_len, STORE_EIO, "sqlite: %s: out of memory for %lld events", what,
                              (long long)version);
    }
    sqlite3_stmt *stmt = prepare(db, "SELECT version, kind, actor, text FROM events WHERE game = ? ORDER BY version");
    if (!stmt) {
        free(list);
        return db_fail(db, why, why_len, what);
    }
    sqlite3_bind_int64(stmt, 1, id);
    int rc = STORE_OK;
    int64_t count = 0;
    int step = SQLITE_DONE;
    while (rc == STORE_OK && (step = sqlite3_step(stmt)) == SQLITE_ROW) {
        if (count >= version) {
            count++;
            break;
        }
        store_event *e = &list[count];
        e->version = sqlite3_column_int64(stmt, 0);
        int kind = sqlite3_column_int(stmt, 1);
        e->kind = (store_event_kind)kind;
        e->actor = sqlite3_column_int(stmt, 2);
        if (e->version != count + 1 || (kind != STORE_ACTION && kind != STORE_UNDO) ||
            store_copy_text(e->text, sizeof e->text, column_text(stmt, 3)) != 0)
            rc = store_fail(why, why_len, STORE_EIO, "sqlite: %s: stored event %lld is damaged", what,
                            (long long)(count + 1));
        count++;
    }
    if (rc == STORE_OK && step != SQLITE_ROW && step != SQLITE_DONE)
        rc = db_fail(db, why, why_len, what);
    if (rc == STORE_OK && count != version)
        rc = store_fail(why, why_len, STORE_EIO, "sqlite: %s: the game is at version %lld but has %lld events", what,
                        (long long)version, (long long)count);
    sqlite3_finalize(stmt);
    if (rc != STORE_OK) {
        free(list);
        return rc;
    }
    *events = list;
    *n = (int)count;
    return STORE_OK;
}

static int sqlite_load(void *impl, int64_t id, store_game *game, store_seat seats[GAME_MAX_PLAYERS],
                       store_event **events, int *n, char *why, size_t why_len)
{
    sqlite_store *s = impl;
    char what[48];
    snprintf(what, sizeof what, "load game %lld", (long long)id);
    store_game row;
    store_seat rows[GAME_MAX_PLAYERS];
    pthread_mutex_lock(&s->lock);
    int rc = run(s->db, "BEGIN", what, why, why_len);
    if (rc == STORE_OK)
        rc = load_game_row(s->db, id, &row, what, why, why_len);
    if (rc == STORE_OK)
        rc = load_seats(s->db, id, row.players, rows, what, why, why_len);
    if (rc == STORE_OK && events != NULL)
        rc = load_events(s->db, id, row.version, events, n, what, why, why_len);
    roll_back(s->db); /* ends the read transaction: nothing was written */
    pthread_mutex_unlock(&s->lock);
    if (rc == STORE_OK) {
        *game = row;
        memcpy(seats, rows, (size_t)row.players * sizeof rows[0]);
    }
    return rc;
}

static int sqlite_list(void *impl, int status, int64_t *ids, int max, int *n, char *why, size_t why_len)
{
    sqlite_store *s = impl;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *stmt = status < 0 ? prepare(s->db, "SELECT id FROM games ORDER BY id DESC LIMIT ?")
                                    : prepare(s->db, "SELECT id FROM games WHERE status = ? ORDER BY id DESC LIMIT ?");
    int rc = STORE_OK;
    if (!stmt) {
        rc = db_fail(s->db, why, why_len, "list games");
        goto done;
    }
    if (status < 0)
        sqlite3_bind_int(stmt, 1, max);
    else {
        sqlite3_bind_int(stmt, 1, status);
        sqlite3_bind_int(stmt, 2, max);
    }
    int count = 0;
    int step = SQLITE_DONE;
    while (count < max && (step = sqlite3_step(stmt)) == SQLITE_ROW)
        ids[count++] = sqlite3_column_int64(stmt, 0);
    if (count < max && step != SQLITE_DONE) {
        rc = db_fail(s->db, why, why_len, "list games");
        goto done;
    }
    *n = count;
done:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&s->lock);
    return rc;
}

static int sqlite_wait(void *impl, int timeout_ms, store_note *note)
{
    (void)impl;
    (void)note;
    store_sleep_ms(timeout_ms);
    return 0;
}

const store_backend store_sqlite_backend = {
    .open = sqlite_open,
    .close = sqlite_close,
    .set_status = sqlite_set_status,
    .write_batch = sqlite_write_batch,
    .load = sqlite_load,
    .list = sqlite_list,
    .wait = sqlite_wait,
};
