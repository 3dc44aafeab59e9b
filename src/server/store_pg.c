/*
 * store_pg.c -- the PostgreSQL back end of store.h, through libpq: several
 * server processes can share one database.
 *
 * Connections: a pool of up to PG_POOL_SIZE, opened when first needed and
 * handed out under a mutex and condition variable, so that concurrent calls
 * commit concurrently; a connection that broke or was left inside a
 * transaction is closed when given back, one that the server ended while it
 * was idle is closed when taken, and either is opened again when needed.
 * One more connection, opened by the first store_wait, only listens.
 *
 * Every value travels as a bound parameter (text, bytea in binary), never
 * inside the SQL. Writes of more than one row run in one transaction.
 * Changes come in batches from store.c's writer (group commit), each batch
 * one transaction: its appends are one statement (one round trip), then
 * each new game and seat change its own statements; a batch of appends
 * only is that one statement in a transaction of its own (no BEGIN and
 * COMMIT: one round trip where there were three). The appends'
 * statement locks the batch's game rows in the order of their ids (so that
 * two processes' batches never deadlock) and updates each game row only if
 * its version is still the one its append expects, so of two racing
 * appends the second sees its game moved on and becomes STORE_ECONFLICT,
 * writing nothing, while the others of its batch go on. Every write
 * announces itself with
 * pg_notify('maya', 'GAME VERSION KIND') inside its own transaction (one
 * per append), so the announcement is sent exactly when the change
 * commits. Loads read in one REPEATABLE READ transaction (a consistent
 * snapshot). The schema version is
 * the table maya_schema; creating or migrating the schema holds an advisory
 * lock, so processes starting together do not race.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libpq-fe.h>

#include "server/store_internal.h"

enum {
    PG_POOL_SIZE = 4,     /* connections for concurrent calls */
    PG_PARAMS_MAX = 12,   /* most parameters of one statement */
    PG_NUMBER_MAX = 24,   /* text of a 64-bit integer, NUL included */
    PG_MESSAGE_MAX = 400, /* a database message kept in a reason */
    PG_EVENTS_MAX = 1 << 24 /* more stored events than this is damage */
};

/* Key of the advisory lock held while the schema is created ('maya'). */
static const char schema_lock_sql[] = "SELECT pg_advisory_xact_lock(1835104609)";

typedef struct pg_store {
    char *address;                /* the postgresql:// address, for new connections */
    pthread_mutex_t lock;         /* guards conn and busy */
    pthread_cond_t released;      /* signalled when a connection is given back */
    PGconn *conn[PG_POOL_SIZE];   /* the pool; NULL until needed or after a failure */
    int busy[PG_POOL_SIZE];       /* 1 while a call holds conn[i] (or is opening it) */
    pthread_mutex_t listen_lock;  /* held by store_wait */
    PGconn *listen;               /* connection that LISTENs, NULL until the first store_wait */
} pg_store;

/* Parameters of one statement, in order $1, $2, ... */
typedef struct pg_params {
    int count;                                     /* parameters set */
    const char *values[PG_PARAMS_MAX];             /* each one's text or bytes */
    int lengths[PG_PARAMS_MAX];                    /* byte length of binary ones */
    int formats[PG_PARAMS_MAX];                    /* 0 text, 1 binary */
    char numbers[PG_PARAMS_MAX][PG_NUMBER_MAX];    /* storage of the integers' text */
} pg_params;

/* Schema changes: migrations[v] turns schema version v into v + 1. */
static const char *const migrations[STORE_SCHEMA_VERSION] = {
    "CREATE TABLE games ("
    " id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
    " game text NOT NULL,"
    " variant text NOT NULL,"
    " players integer NOT NULL,"
    " turn_seconds integer NOT NULL,"
    " replacement text NOT NULL,"
    " seed bytea NOT NULL,"
    " created text NOT NULL,"
    " status integer NOT NULL,"
    " result text NOT NULL,"
    " version bigint NOT NULL);"
    "CREATE INDEX games_by_status ON games (status, id);"
    "CREATE TABLE seats ("
    " game bigint NOT NULL REFERENCES games (id),"
    " seat integer NOT NULL,"
    " is_bot integer NOT NULL,"
    " bot text NOT NULL,"
    " name text NOT NULL,"
    " taken integer NOT NULL,"
    " token_hash bytea NOT NULL,"
    " PRIMARY KEY (game, seat));"
    "CREATE TABLE events ("
    " game bigint NOT NULL REFERENCES games (id),"
    " version bigint NOT NULL,"
    " kind integer NOT NULL,"
    " actor integer NOT NULL,"
    " text text NOT NULL,"
    " PRIMARY KEY (game, version));",
    "ALTER TABLE seats ADD COLUMN hints_off integer NOT NULL DEFAULT 0;",
};

static void param_text(pg_params *p, const char *text)
{
    p->values[p->count] = text;
    p->lengths[p->count] = 0;
    p->formats[p->count] = 0;
    p->count++;
}

static void param_int(pg_params *p, int64_t value)
{
    snprintf(p->numbers[p->count], PG_NUMBER_MAX, "%" PRId64, value);
    param_text(p, p->numbers[p->count]);
}

static void param_bytes(pg_params *p, const unsigned char *bytes, int length)
{
    p->values[p->count] = (const char *)bytes;
    p->lengths[p->count] = length;
    p->formats[p->count] = 1;
    p->count++;
}

/* A failure: the reason names the operation and carries the database's
 * message, on one line. */
static int pg_fail(const char *message, const char *what, char *why, size_t why_len)
{
    char line[PG_MESSAGE_MAX];
    size_t len = 0;
    for (const char *c = message ? message : "unknown error"; *c && len + 1 < sizeof line; c++) {
        char ch = (*c == '\n' || *c == '\t' || *c == '\r') ? ' ' : *c;
        if (ch == ' ' && (len == 0 || line[len - 1] == ' '))
            continue;
        line[len++] = ch;
    }
    while (len > 0 && line[len - 1] == ' ')
        len--;
    line[len] = '\0';
    return store_fail(why, why_len, STORE_EIO, "postgresql: %s: %s", what, line);
}

static void ignore_notice(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

/* Open a connection (NULL on failure, reason in why). The address's own
 * settings come after the defaults here, so they win. */
static PGconn *pg_connect(const char *address, const char *what, char *why, size_t why_len)
{
    const char *const keys[] = {"connect_timeout", "application_name", "dbname", NULL};
    const char *const values[] = {"10", "maya", address, NULL};
    PGconn *conn = PQconnectdbParams(keys, values, 1);
    if (!conn) {
        pg_fail("out of memory", what, why, why_len);
        return NULL;
    }
    if (PQstatus(conn) != CONNECTION_OK) {
        pg_fail(PQerrorMessage(conn), what, why, why_len);
        PQfinish(conn);
        return NULL;
    }
    PQsetNoticeProcessor(conn, ignore_notice, NULL);
    return conn;
}

/* Run one statement; STORE_OK with the result in *out (if out is not NULL,
 * else it is freed), STORE_ECONFLICT on a unique violation, else STORE_EIO.
 * The reason is written in why either way on failure. */
static int exec(PGconn *conn, PGresult **out, const char *sql, const pg_params *params, const char *what, char *why,
                size_t why_len)
{
    if (out)
        *out = NULL;
    PGresult *res = params ? PQexecParams(conn, sql, params->count, NULL, params->values, params->lengths,
                                          params->formats, 0)
                           : PQexec(conn, sql);
    ExecStatusType status = PQresultStatus(res);
    if (res && (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)) {
        if (out)
            *out = res;
        else
            PQclear(res);
        return STORE_OK;
    }
    int rc;
    const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
    if (state && strcmp(state, "23505") == 0) {
        pg_fail(PQresultErrorMessage(res), what, why, why_len);
        rc = STORE_ECONFLICT;
    } else
        rc = pg_fail(res ? PQresultErrorMessage(res) : PQerrorMessage(conn), what, why, why_len);
    PQclear(res);
    return rc;
}

/* Undo an open transaction after a failure (its own error is not reported:
 * the first failure is the reason; a connection that cannot roll back is
 * dropped when given back). */
static void roll_back(PGconn *conn)
{
    if (PQtransactionStatus(conn) != PQTRANS_IDLE)
        PQclear(PQexec(conn, "ROLLBACK"));
}

/* Commit; a COMMIT that the server turned into a rollback is a failure. */
static int commit(PGconn *conn, const char *what, char *why, size_t why_len)
{
    PGresult *res = NULL;
    int rc = exec(conn, &res, "COMMIT", NULL, what, why, why_len);
    if (rc == STORE_OK && strcmp(PQcmdStatus(res), "COMMIT") != 0)
        rc = store_fail(why, why_len, STORE_EIO, "postgresql: %s: the transaction was rolled back", what);
    PQclear(res);
    return rc;
}

/* Nonzero if an idle pooled connection still works as far as can be told
 * without a round trip. Nothing is expected on an idle connection: a server
 * that ended it (restart, administrator) has sent an error and closed it, so
 * anything to read means it is replaced (at worst a needless reconnection). */
static int still_usable(PGconn *conn)
{
    if (PQstatus(conn) != CONNECTION_OK)
        return 0;
    struct pollfd fd = {.fd = PQsocket(conn), .events = POLLIN, .revents = 0};
    return fd.fd >= 0 && poll(&fd, 1, 0) == 0;
}

/* Take a connection from the pool, opening it if needed (NULL on failure);
 * *slot says where to give it back. */
static PGconn *acquire(pg_store *p, int *slot, const char *what, char *why, size_t why_len)
{
    pthread_mutex_lock(&p->lock);
    int chosen = -1;
    for (;;) {
        for (int i = 0; i < PG_POOL_SIZE && chosen < 0; i++)
            if (!p->busy[i] && p->conn[i])
                chosen = i;
        for (int i = 0; i < PG_POOL_SIZE && chosen < 0; i++)
            if (!p->busy[i])
                chosen = i;
        if (chosen >= 0)
            break;
        pthread_cond_wait(&p->released, &p->lock);
    }
    p->busy[chosen] = 1;
    PGconn *conn = p->conn[chosen];
    p->conn[chosen] = NULL;
    pthread_mutex_unlock(&p->lock);
    if (conn && !still_usable(conn)) {
        PQfinish(conn);
        conn = NULL;
    }
    if (!conn)
        conn = pg_connect(p->address, what, why, why_len);
    if (!conn) {
        pthread_mutex_lock(&p->lock);
        p->busy[chosen] = 0;
        pthread_cond_signal(&p->released);
        pthread_mutex_unlock(&p->lock);
        return NULL;
    }
    *slot = chosen;
    return conn;
}

/* Give a connection back; one that is broken or inside a transaction is closed. */
static void release(pg_store *p, int slot, PGconn *conn)
{
    if (PQstatus(conn) != CONNECTION_OK || PQtransactionStatus(conn) != PQTRANS_IDLE) {
        PQfinish(conn);
        conn = NULL;
    }
    pthread_mutex_lock(&p->lock);
    p->conn[slot] = conn;
    p->busy[slot] = 0;
    pthread_cond_signal(&p->released);
    pthread_mutex_unlock(&p->lock);
}

/* Integer of column col of row row; -1 if it is not one. */
static int get_int(const PGresult *res, int row, int col, int64_t *value)
{
    if (PQgetisnull(res, row, col))
        return -1;
    const char *text = PQgetvalue(res, row, col);
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0')
        return -1;
    *value = v;
    return 0;
}

static int get_int32(const PGresult *res, int row, int col, int *value)
{
    int64_t v;
    if (get_int(res, row, col, &v) != 0 || v < INT32_MIN || v > INT32_MAX)
        return -1;
    *value = (int)v;
    return 0;
}

/* bytea column of exactly size bytes into dst; -1 if it is not that. */
static int get_bytes(const PGresult *res, int row, int col, unsigned char *dst, size_t size)
{
    if (PQgetisnull(res, row, col))
        return -1;
    size_t length = 0;
    unsigned char *bytes = PQunescapeBytea((const unsigned char *)PQgetvalue(res, row, col), &length);
    if (!bytes)
        return -1;
    int ok = length == size;
    if (ok)
        memcpy(dst, bytes, size);
    PQfreemem(bytes);
    return ok ? 0 : -1;
}

static int get_text(const PGresult *res, int row, int col, char *dst, size_t size)
{
    if (PQgetisnull(res, row, col))
        return -1;
    return store_copy_text(dst, size, PQgetvalue(res, row, col));
}

/* 1 if game id exists, 0 if not, -1 on failure (reason in why). */
/* Run a query with params: 1 if it found a row, 0 if not, -1 on failure. */
static int found_row(PGconn *conn, const char *sql, const pg_params *params, const char *what, char *why,
                     size_t why_len)
{
    PGresult *res = NULL;
    if (exec(conn, &res, sql, params, what, why, why_len) != STORE_OK)
        return -1;
    int found = PQntuples(res) > 0;
    PQclear(res);
    return found;
}

static int game_exists(PGconn *conn, int64_t id, const char *what, char *why, size_t why_len)
{
    pg_params params = {0};
    param_int(&params, id);
    return found_row(conn, "SELECT 1 FROM games WHERE id = $1", &params, what, why, why_len);
}

/* Bring the schema to STORE_SCHEMA_VERSION in one transaction. */
static int migrate(PGconn *conn, char *why, size_t why_len)
{
    static const char what[] = "create the tables";
    int rc = exec(conn, NULL, "BEGIN", NULL, what, why, why_len);
    if (rc == STORE_OK)
        rc = exec(conn, NULL, schema_lock_sql, NULL, what, why, why_len);
    if (rc == STORE_OK)
        rc = exec(conn, NULL, "CREATE TABLE IF NOT EXISTS maya_schema (version integer NOT NULL)", NULL, what, why,
                  why_len);
    PGresult *res = NULL;
    if (rc == STORE_OK)
        rc = exec(conn, &res, "SELECT max(version) FROM maya_schema", NULL, what, why, why_len);
    if (rc != STORE_OK) {
        roll_back(conn);
        return rc;
    }
    int version = 0;
    if (!PQgetisnull(res, 0, 0) && get_int32(res, 0, 0, &version) != 0)
        version = -1;
    PQclear(res);
    if (version < 0 || version > STORE_SCHEMA_VERSION) {
        roll_back(conn);
        return store_fail(why, why_len, STORE_EIO,
                          "postgresql: the database's schema version is not one this program knows (0 to %d)",
                          STORE_SCHEMA_VERSION);
    }
    for (int v = version; v < STORE_SCHEMA_VERSION && rc == STORE_OK; v++)
        rc = exec(conn, NULL, migrations[v], NULL, what, why, why_len);
    if (rc == STORE_OK && version < STORE_SCHEMA_VERSION) {
        pg_params params = {0};
        param_int(&params, STORE_SCHEMA_VERSION);
        rc = exec(conn, NULL, "DELETE FROM maya_schema", NULL, what, why, why_len);
        if (rc == STORE_OK)
            rc = exec(conn, NULL, "INSERT INTO maya_schema (version) VALUES ($1)", &params, what, why, why_len);
    }
    if (rc == STORE_OK)
        rc = commit(conn, what, why, why_len);
    if (rc != STORE_OK)
        roll_back(conn);
    return rc;
}

static void pg_close(void *impl)
{
    pg_store *p = impl;
    if (!p)
        return;
    for (int i = 0; i < PG_POOL_SIZE; i++)
        if (p->conn[i])
            PQfinish(p->conn[i]);
    if (p->listen)
        PQfinish(p->listen);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->released);
    pthread_mutex_destroy(&p->listen_lock);
    free(p->address);
    free(p);
}

static int pg_open(void **impl, const char *where, char *why, size_t why_len)
{
    *impl = NULL;
    pg_store *p = calloc(1, sizeof *p);
    if (!p)
        return store_fail(why, why_len, STORE_EIO, "postgresql: open: out of memory");
    p->address = strdup(where);
    if (!p->address) {
        free(p);
        return store_fail(why, why_len, STORE_EIO, "postgresql: open: out of memory");
    }
    if (pthread_mutex_init(&p->lock, NULL) != 0 || pthread_cond_init(&p->released, NULL) != 0 ||
        pthread_mutex_init(&p->listen_lock, NULL) != 0) {
        /* on Linux these cannot fail with default attributes */
        free(p->address);
        free(p);
        return store_fail(why, why_len, STORE_EIO, "postgresql: open: cannot create a mutex");
    }
    int slot;
    PGconn *conn = acquire(p, &slot, "connect", why, why_len);
    if (!conn) {
        pg_close(p);
        return STORE_EIO;
    }
    int rc = migrate(conn, why, why_len);
    release(p, slot, conn);
    if (rc != STORE_OK) {
        pg_close(p);
        return rc;
    }
    *impl = p;
    return STORE_OK;
}

/* Announce (inside the open transaction) that game is at version after a
 * change of kind "events" or "seats" (store.h). */
static int announce(PGconn *conn, int64_t game, int64_t version, const char *kind, const char *what, char *why,
                    size_t why_len)
{
    char payload[2 * PG_NUMBER_MAX + 8];
    snprintf(payload, sizeof payload, "%" PRId64 " %" PRId64 " %s", game, version, kind);
    pg_params params = {0};
    param_text(&params, payload);
    return exec(conn, NULL, "SELECT pg_notify('maya', $1)", &params, what, why, why_len);
}

/* Create one game of a batch (its row and seats) inside the open
 * transaction on conn, and announce it, setting its id and rc; STORE_OK,
 * or STORE_EIO (reason in why). */
static int create_on(PGconn *conn, store_write *w, char *why, size_t why_len)
{
    static const char what[] = "create a game";
    store_game *game = w->created;
    const store_seat *seats = w->seats;
    pg_params params = {0};
    param_text(&params, game->game);
    param_text(&params, game->variant);
    param_int(&params, game->players);
    param_int(&params, game->turn_seconds);
    param_text(&params, game->replacement);
    param_bytes(&params, game->seed, STORE_SEED_BYTES);
    param_text(&params, game->created);
    param_int(&params, (int)game->status);
    param_text(&params, game->result);
    PGresult *res = NULL;
    int rc = exec(conn, &res,
              "INSERT INTO games (game, variant, players, turn_seconds, replacement, seed, created, status, result,"
              " version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0) RETURNING id",
              &params, what, why, why_len);
    int64_t id = 0;
    if (rc == STORE_OK && (PQntuples(res) != 1 || get_int(res, 0, 0, &id) != 0))
        rc = store_fail(why, why_len, STORE_EIO, "postgresql: %s: no id returned", what);
    PQclear(res);
    for (int i = 0; i < game->players && rc == STORE_OK; i++) {
        const store_seat *seat = &seats[i];
        pg_params row = {0};
        param_int(&row, id);
        param_int(&row, seat->seat);
        param_int(&row, seat->is_bot);
        param_text(&row, seat->bot);
        param_text(&row, seat->name);
        param_int(&row, seat->taken);
        param_bytes(&row, seat->token_hash, STORE_HASH_BYTES);
        param_int(&row, seat->hints_off);
        rc = exec(conn, NULL,
                  "INSERT INTO seats (game, seat, is_bot, bot, name, taken, token_hash, hints_off)"
                  " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                  &row, what, why, why_len);
    }
    if (rc == STORE_OK)
        rc = announce(conn, id, 0, "seats", what, why, why_len);
    if (rc != STORE_OK)
        return rc == STORE_ECONFLICT ? STORE_EIO : rc;
    game->id = id;
    w->rc = STORE_OK;
    return STORE_OK;
}

/* 1 if game has a seat numbered seat, 0 if not, -1 on failure. */
static int seat_exists(PGconn *conn, int64_t game, int seat, const char *what, char *why, size_t why_len)
{
    pg_params params = {0};
    param_int(&params, game);
    param_int(&params, seat);
    return found_row(conn, "SELECT 1 FROM seats WHERE game = $1 AND seat = $2", &params, what, why, why_len);
}

/* Change one seat of a batch inside the open transaction on conn, setting
 * its rc (STORE_OK; or, with its reason and nothing written,
 * STORE_ECONFLICT: not as expected, STORE_ENOTFOUND: no such game,
 * STORE_EINVAL: no such seat); STORE_OK, or STORE_EIO (reason in why). */
static int seat_on(PGconn *conn, store_write *w, char *why, size_t why_len)
{
    int64_t game = w->game;
    const store_seat *seat = w->seat, *expected = w->expected;
    const store_seat *before = expected ? expected : seat; /* without expected, $9..$11 are unused */
    char what[64];
    snprintf(what, sizeof what, "set seat %d of game %" PRId64, seat->seat, game);
    pg_params params = {0};
    param_int(&params, game);
    param_int(&params, seat->seat);
    param_int(&params, seat->is_bot);
    param_text(&params, seat->bot);
    param_text(&params, seat->name);
    param_int(&params, seat->taken);
    param_bytes(&params, seat->token_hash, STORE_HASH_BYTES);
    param_int(&params, expected == NULL);
    param_int(&params, before->is_bot);
    param_int(&params, before->taken);
    param_bytes(&params, before->token_hash, STORE_HASH_BYTES);
    param_int(&params, seat->hints_off);
    PGresult *res = NULL;
    /* one statement, so one transaction: the update and its announcement; a
     * racing update of the same seat waits for ours, then sees it and misses */
    int rc = exec(conn, &res,
                  "WITH changed AS (UPDATE seats SET is_bot = $3, bot = $4, name = $5, taken = $6, token_hash = $7,"
                  " hints_off = $12 WHERE game = $1 AND seat = $2"
                  " AND ($8 = 1 OR (is_bot = $9 AND taken = $10 AND token_hash = $11)) RETURNING game)"
                  " SELECT pg_notify('maya', g.id::text || ' ' || g.version::text || ' seats')"
                  " FROM games g JOIN changed c ON c.game = g.id",
                  &params, what, why, why_len);
    if (rc != STORE_OK)
        return rc == STORE_ECONFLICT ? STORE_EIO : rc;
    int changed = PQntuples(res);
    PQclear(res);
    if (changed > 0) {
        w->rc = STORE_OK;
        return STORE_OK;
    }
    int seat_found = seat_exists(conn, game, seat->seat, what, why, why_len);
    int found = seat_found == 0 ? game_exists(conn, game, what, why, why_len) : -1;
    return store_seat_missed(w, "postgresql", what, seat_found, found);
}

static int pg_set_status(void *impl, int64_t game, store_status status, const char *result, char *why,
                         size_t why_len)
{
    pg_store *p = impl;
    char what[64];
    snprintf(what, sizeof what, "set the status of game %" PRId64, game);
    int slot;
    PGconn *conn = acquire(p, &slot, what, why, why_len);
    if (!conn)
        return STORE_EIO;
    pg_params params = {0};
    param_int(&params, game);
    param_int(&params, (int)status);
    param_text(&params, result);
    PGresult *res = NULL;
    /* one statement, so one transaction: the update and its announcement */
    int rc = exec(conn, &res,
                  "WITH changed AS (UPDATE games SET status = $2, result = $3 WHERE id = $1 RETURNING id, version)"
                  " SELECT pg_notify('maya', id::text || ' ' || version::text || ' seats') FROM changed",
                  &params, what, why, why_len);
    if (rc == STORE_OK && PQntuples(res) == 0)
        rc = store_fail(why, why_len, STORE_ENOTFOUND, "postgresql: %s: no such game", what);
    PQclear(res);
    release(p, slot, conn);
    return rc == STORE_ECONFLICT ? STORE_EIO : rc;
}

/* Writing PostgreSQL array literals ("{1,-1}", "{"a \"b\"",""}") at at,
 * which has room: each returns where the next byte goes. */
static char *put_number(char *at, int first, int64_t value)
{
    return at + sprintf(at, "%c%" PRId64, first ? '{' : ',', value);
}

static char *put_text(char *at, int first, const char *text)
{
    *at++ = first ? '{' : ',';
    *at++ = '"';
    for (; *text; text++) {
        if (*text == '"' || *text == '\\')
            *at++ = '\\';
        *at++ = *text;
    }
    *at++ = '"';
    return at;
}

static char *put_end(char *at)
{
    *at++ = '}';
    *at++ = '\0';
    return at;
}

enum {
    PG_BATCH_ARRAYS = 10 /* parameters of the batch statement, each an array */
};

/* The batch as the arrays $1..$10 of append_sql, in one malloc'd buffer
 * (*buffer, NULL out of memory): per append its game, version, number of
 * events, status and result; per event the number (1..n) of its append,
 * its version, kind, actor and text. */
static void batch_arrays(store_write *const *batch, int n, char **buffer,
                         const char *arrays[PG_BATCH_ARRAYS])
{
    size_t size = 2 * PG_BATCH_ARRAYS;
    for (int i = 0; i < n; i++) {
        size += 4 * PG_NUMBER_MAX + 2 * strlen(batch[i]->result) + 3;
        for (int k = 0; k < batch[i]->n; k++)
            size += 4 * PG_NUMBER_MAX + 2 * strlen(batch[i]->events[k].text) + 3;
    }
    char *at = *buffer = malloc(size);
    if (!at)
        return;
    for (int column = 0; column < 5; column++) {
        arrays[column] = at;
        for (int i = 0; i < n; i++) {
            const store_write *a = batch[i];
            int64_t number = column == 0 ? a->game : column == 1 ? a->version : column == 2 ? a->n : (int)a->status;
            at = column == 4 ? put_text(at, i == 0, a->result) : put_number(at, i == 0, number);
        }
        at = put_end(at);
    }
    for (int column = 5; column < PG_BATCH_ARRAYS; column++) {
        arrays[column] = at;
        int first = 1;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < batch[i]->n; k++, first = 0) {
                const store_event *e = &batch[i]->events[k];
                int64_t number = column == 5 ? i + 1 : column == 6 ? e->version : column == 7 ? (int)e->kind : e->actor;
                at = column == 9 ? put_text(at, first, e->text) : put_number(at, first, number);
            }
        at = put_end(at);
    }
}

/* The whole batch in one statement (one round trip): the batch's game rows
 * are locked in the order of their ids; the games at their expected version
 * (and with no events stored past it: damage refuses its append alone, not
 * the batch on the events' key) move on, their events are inserted and
 * announced, one pg_notify each; one row per append answers whether it was
 * stored and whether its game exists. Of two appends of one game at one
 * version, the update takes one. */
static const char append_sql[] =
    "WITH asked AS (SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::integer[], $4::integer[], $5::text[])"
    "  WITH ORDINALITY AS a (game, version, n, status, result, number)),"
    " locked AS (SELECT id FROM games WHERE id IN (SELECT game FROM asked) ORDER BY id FOR UPDATE),"
    " moved AS (UPDATE games g SET version = a.version + a.n, status = a.status, result = a.result"
    "  FROM asked a JOIN locked l ON l.id = a.game"
    "  WHERE g.id = a.game AND g.version = a.version"
    "  AND NOT EXISTS (SELECT 1 FROM events e WHERE e.game = a.game AND e.version > a.version)"
    "  RETURNING a.number, g.id, g.version),"
    " added AS (INSERT INTO events (game, version, kind, actor, text)"
    "  SELECT m.id, e.version, e.kind, e.actor, e.text FROM moved m JOIN"
    "  unnest($6::integer[], $7::bigint[], $8::integer[], $9::integer[], $10::text[]) AS e (number, version, kind,"
    "  actor, text) ON e.number = m.number),"
    " announced AS (SELECT count(pg_notify('maya', m.id::text || ' ' || m.version::text || ' events')) AS count"
    "  FROM moved m)"
    " SELECT a.number, m.number IS NOT NULL, EXISTS (SELECT 1 FROM games g WHERE g.id = a.game)"
    " FROM asked a LEFT JOIN moved m ON m.number = a.number CROSS JOIN announced ORDER BY a.number";

/* Append batch[0..n-1] (appends only) in one statement inside the open
 * transaction on conn, setting each one's rc; STORE_OK, or STORE_EIO
 * (reason in why). */
static int append_on(PGconn *conn, store_write *const *batch, int n, char *why, size_t why_len)
{
    static const char what[] = "append";
    char *buffer = NULL;
    const char *arrays[PG_BATCH_ARRAYS];
    batch_arrays(batch, n, &buffer, arrays);
    if (!buffer)
        return store_fail(why, why_len, STORE_EIO, "postgresql: %s: out of memory", what);
    pg_params params = {0};
    for (int i = 0; i < PG_BATCH_ARRAYS; i++)
        param_text(&params, arrays[i]);
    PGresult *res = NULL;
    int rc = exec(conn, &res, append_sql, &params, what, why, why_len);
    free(buffer);
    if (rc == STORE_OK && PQntuples(res) != n)
        rc = store_fail(why, why_len, STORE_EIO, "postgresql: %s: %d answers for %d appends", what, PQntuples(res), n);
    for (int i = 0; i < n && rc == STORE_OK; i++) {
        store_write *a = batch[i];
        const char *stored = PQgetvalue(res, i, 1), *found = PQgetvalue(res, i, 2);
        char where[80];
        snprintf(where, sizeof where, "append to game %" PRId64 " at version %" PRId64, a->game, a->version);
        if (stored[0] == 't')
            a->rc = STORE_OK;
        else if (found[0] == 't')
            a->rc = store_fail(a->why, a->why_len, STORE_ECONFLICT,
                               "postgresql: %s: the game is no longer at that version", where);
        else
            a->rc = store_fail(a->why, a->why_len, STORE_ENOTFOUND, "postgresql: %s: no such game", where);
    }
    PQclear(res);
    return rc;
}

static int pg_write_batch(void *impl, store_write *const *batch, int n, char *why, size_t why_len)
{
    static const char what[] = "write a batch";
    pg_store *p = impl;
    store_write *appends[STORE_BATCH_MAX];
    int count = 0;
    for (int i = 0; i < n; i++)
        if (batch[i]->kind == STORE_WRITE_APPEND)
            appends[count++] = batch[i];
    /* a batch of appends only is their one statement, a transaction of its
     * own: one round trip instead of three (BEGIN, the statement, COMMIT) */
    int alone = count == n;
    int slot;
    PGconn *conn = acquire(p, &slot, what, why, why_len);
    if (!conn)
        return STORE_EIO;
    int rc = alone ? STORE_OK : exec(conn, NULL, "BEGIN", NULL, what, why, why_len);
    if (rc == STORE_OK && count > 0) /* the appends in one statement, then the others one by one */
        rc = append_on(conn, appends, count, why, why_len);
    for (int i = 0; i < n && rc == STORE_OK; i++) {
        store_write *w = batch[i];
        if (w->kind == STORE_WRITE_CREATE)
            rc = create_on(conn, w, why, why_len);
        else if (w->kind == STORE_WRITE_SEAT)
            rc = seat_on(conn, w, why, why_len);
    }
    if (rc == STORE_OK && !alone)
        rc = commit(conn, "write a batch: commit", why, why_len);
    if (rc != STORE_OK)
        roll_back(conn);
    release(p, slot, conn);
    return rc == STORE_ECONFLICT ? STORE_EIO : rc;
}

static int read_game_row(const PGresult *res, int64_t id, store_game *game)
{
    memset(game, 0, sizeof *game);
    game->id = id;
    int status = -1;
    if (PQntuples(res) != 1 || get_text(res, 0, 0, game->game, sizeof game->game) != 0 ||
        get_text(res, 0, 1, game->variant, sizeof game->variant) != 0 || get_int32(res, 0, 2, &game->players) != 0 ||
        get_int32(res, 0, 3, &game->turn_seconds) != 0 ||
        get_text(res, 0, 4, game->replacement, sizeof game->replacement) != 0 ||
        get_bytes(res, 0, 5, game->seed, sizeof game->seed) != 0 ||
        get_text(res, 0, 6, game->created, sizeof game->created) != 0 || get_int32(res, 0, 7, &status) != 0 ||
        get_text(res, 0, 8, game->result, sizeof game->result) != 0 || get_int(res, 0, 9, &game->version) != 0)
        return -1;
    game->status = (store_status)status;
    if (game->players < 1 || game->players > GAME_MAX_PLAYERS || status < STORE_OPEN || status > STORE_FINISHED ||
        game->version < 0 || game->version > PG_EVENTS_MAX)
        return -1;
    return 0;
}

static int read_seats(const PGresult *res, int players, store_seat seats[GAME_MAX_PLAYERS])
{
    if (PQntuples(res) != players)
        return -1;
    for (int i = 0; i < players; i++) {
        store_seat *seat = &seats[i];
        memset(seat, 0, sizeof *seat);
        if (get_int32(res, i, 0, &seat->seat) != 0 || seat->seat != i || get_int32(res, i, 1, &seat->is_bot) != 0 ||
            get_text(res, i, 2, seat->bot, sizeof seat->bot) != 0 ||
            get_text(res, i, 3, seat->name, sizeof seat->name) != 0 || get_int32(res, i, 4, &seat->taken) != 0 ||
            get_bytes(res, i, 5, seat->token_hash, sizeof seat->token_hash) != 0 ||
            get_int32(res, i, 6, &seat->hints_off) != 0)
            return -1;
    }
    return 0;
}

/* The events of res, versions 1..count; NULL (and *ok 0) if damaged. */
static store_event *read_events(const PGresult *res, int count, int *ok)
{
    *ok = 0;
    if (PQntuples(res) != count)
        return NULL;
    if (count == 0) {
        *ok = 1;
        return NULL;
    }
    store_event *list = calloc((size_t)count, sizeof *list);
    if (!list)
        return NULL;
    for (int i = 0; i < count; i++) {
        store_event *e = &list[i];
        int kind = -1;
        if (get_int(res, i, 0, &e->version) != 0 || e->version != i + 1 || get_int32(res, i, 1, &kind) != 0 ||
            (kind != STORE_ACTION && kind != STORE_UNDO) || get_int32(res, i, 2, &e->actor) != 0 ||
            get_text(res, i, 3, e->text, sizeof e->text) != 0) {
            free(list);
            return NULL;
        }
        e->kind = (store_event_kind)kind;
    }
    *ok = 1;
    return list;
}

static int load_on(PGconn *conn, int64_t id, store_game *game, store_seat seats[GAME_MAX_PLAYERS],
                   store_event **events, int *n, char *why, size_t why_len)
{
    char what[48];
    snprintf(what, sizeof what, "load game %" PRId64, id);
    pg_params params = {0};
    param_int(&params, id);
    PGresult *game_res = NULL;
    PGresult *seats_res = NULL;
    PGresult *events_res = NULL;
    int rc = exec(conn, NULL, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", NULL, what, why, why_len);
    if (rc == STORE_OK)
        rc = exec(conn, &game_res,
                  "SELECT game, variant, players, turn_seconds, replacement, seed, created, status, result, version"
                  " FROM games WHERE id = $1",
                  &params, what, why, why_len);
    if (rc == STORE_OK && PQntuples(game_res) == 0)
        rc = store_fail(why, why_len, STORE_ENOTFOUND, "postgresql: %s: no such game", what);
    if (rc == STORE_OK)
        rc = exec(conn, &seats_res,
                  "SELECT seat, is_bot, bot, name, taken, token_hash, hints_off"
                  " FROM seats WHERE game = $1 ORDER BY seat",
                  &params, what, why, why_len);
    if (rc == STORE_OK && events != NULL)
        rc = exec(conn, &events_res, "SELECT version, kind, actor, text FROM events WHERE game = $1 ORDER BY version",
                  &params, what, why, why_len);
    if (rc == STORE_OK)
        rc = commit(conn, what, why, why_len);
    if (rc != STORE_OK)
        roll_back(conn);
    store_game row;
    store_seat rows[GAME_MAX_PLAYERS];
    if (rc == STORE_OK && (read_game_row(game_res, id, &row) != 0 || read_seats(seats_res, row.players, rows) != 0))
        rc = store_fail(why, why_len, STORE_EIO, "postgresql: %s: the stored game or its seats are damaged", what);
    if (rc == STORE_OK && events == NULL) {
        *game = row;
        memcpy(seats, rows, (size_t)row.players * sizeof rows[0]);
    } else if (rc == STORE_OK) {
        int ok;
        store_event *list = read_events(events_res, (int)row.version, &ok);
        if (!ok)
            rc = store_fail(why, why_len, STORE_EIO,
                            "postgresql: %s: the stored events are damaged (or out of memory for them)", what);
        else {
            *game = row;
            memcpy(seats, rows, (size_t)row.players * sizeof rows[0]);
            *events = list;
            *n = (int)row.version;
        }
    }
    PQclear(game_res);
    PQclear(seats_res);
    PQclear(events_res);
    return rc == STORE_ECONFLICT ? STORE_EIO : rc;
}

static int pg_load(void *impl, int64_t id, store_game *game, store_seat seats[GAME_MAX_PLAYERS],
                   store_event **events, int *n, char *why, size_t why_len)
{
    pg_store *p = impl;
    int slot;
    PGconn *conn = acquire(p, &slot, "load a game", why, why_len);
    if (!conn)
        return STORE_EIO;
    int rc = load_on(conn, id, game, seats, events, n, why, why_len);
    release(p, slot, conn);
    return rc;
}

static int pg_list(void *impl, int status, int64_t *ids, int max, int *n, char *why, size_t why_len)
{
    static const char what[] = "list games";
    pg_store *p = impl;
    int slot;
    PGconn *conn = acquire(p, &slot, what, why, why_len);
    if (!conn)
        return STORE_EIO;
    pg_params params = {0};
    if (status >= 0)
        param_int(&params, status);
    param_int(&params, max);
    PGresult *res = NULL;
    int rc = exec(conn, &res,
                  status >= 0 ? "SELECT id FROM games WHERE status = $1 ORDER BY id DESC LIMIT $2"
                              : "SELECT id FROM games ORDER BY id DESC LIMIT $1",
                  &params, what, why, why_len);
    if (rc == STORE_OK) {
        int rows = PQntuples(res);
        int count = 0;
        for (int i = 0; i < rows && count < max && rc == STORE_OK; i++) {
            if (get_int(res, i, 0, &ids[count]) != 0)
                rc = store_fail(why, why_len, STORE_EIO, "postgresql: %s: a stored id is damaged", what);
            count++;
        }
        if (rc == STORE_OK)
            *n = count;
    }
    PQclear(res);
    release(p, slot, conn);
    return rc == STORE_ECONFLICT ? STORE_EIO : rc;
}

/* Parse an announcement "GAME VERSION KIND"; 0, or -1 if it is not one. */
static int parse_announcement(const char *payload, store_note *note)
{
    char *end;
    errno = 0;
    long long id = strtoll(payload, &end, 10);
    if (errno != 0 || end == payload || *end != ' ' || id <= 0)
        return -1;
    const char *rest = end + 1;
    long long v = strtoll(rest, &end, 10);
    if (errno != 0 || end == rest || *end != ' ' || v < 0)
        return -1;
    int events = strcmp(end + 1, "events") == 0;
    if (!events && strcmp(end + 1, "seats") != 0)
        return -1;
    *note = (store_note){.game = id, .version = v, .events = events};
    return 0;
}

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Open the listening connection; NULL on failure. */
static PGconn *listen_connect(const char *address)
{
    char why[8]; /* store_wait reports no reason */
    PGconn *conn = pg_connect(address, "listen", why, sizeof why);
    if (conn && exec(conn, NULL, "LISTEN maya", NULL, "listen", why, sizeof why) != STORE_OK) {
        PQfinish(conn);
        conn = NULL;
    }
    return conn;
}

/* store_wait with listen_lock held and p->listen open. */
static int wait_on(PGconn *conn, int timeout_ms, store_note *note)
{
    int64_t deadline = now_ms() + (timeout_ms > 0 ? timeout_ms : 0);
    for (;;) {
        PGnotify *notify;
        while ((notify = PQnotifies(conn)) != NULL) {
            int ok = strcmp(notify->relname, "maya") == 0 && parse_announcement(notify->extra, note) == 0;
            PQfreemem(notify);
            if (ok)
                return 1;
        }
        int64_t left = deadline - now_ms();
        struct pollfd fd = {.fd = PQsocket(conn), .events = POLLIN, .revents = 0};
        if (fd.fd < 0)
            return -1;
        int ready = poll(&fd, 1, left > 0 ? (int)left : 0);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            return -1;
        if (ready == 0)
            return 0;
        if (!PQconsumeInput(conn) || PQstatus(conn) != CONNECTION_OK)
            return -1;
    }
}

static int pg_wait(void *impl, int timeout_ms, store_note *note)
{
    pg_store *p = impl;
    pthread_mutex_lock(&p->listen_lock);
    if (!p->listen) {
        p->listen = listen_connect(p->address);
        if (!p->listen) {
            pthread_mutex_unlock(&p->listen_lock);
            store_sleep_ms(timeout_ms);
            return -1;
        }
    }
    int got = wait_on(p->listen, timeout_ms, note);
    if (got < 0) {
        PQfinish(p->listen);
        p->listen = NULL;
    }
    pthread_mutex_unlock(&p->listen_lock);
    return got;
}

const store_backend store_pg_backend = {
    .open = pg_open,
    .close = pg_close,
    .set_status = pg_set_status,
    .write_batch = pg_write_batch,
    .load = pg_load,
    .list = pg_list,
    .wait = pg_wait,
};
