/*
 * store.c -- the storage interface of store.h: picks the back end from the
 * address (postgresql:// or postgres:// is PostgreSQL, anything else a
 * SQLite file path), checks every argument once for both back ends (a bad
 * one is STORE_EINVAL and reaches no database), then calls the back end
 * through its table of functions (store_internal.h).
 *
 * Schema, the same in both back ends (created on open if missing, its
 * version in SQLite's user_version or PostgreSQL's table maya_schema):
 *   games  (id, game, variant, players, turn_seconds, replacement, seed,
 *           created, status, result, version)        one row per game
 *   seats  (game, seat, is_bot, bot, name, taken, token_hash, hints_off)
 *                                                     players rows per game
 *   events (game, version, kind, actor, text)         PRIMARY KEY (game, version)
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "server/store_internal.h"

struct store {
    const store_backend *backend; /* the back end's functions */
    void *impl;                   /* the back end's own state */
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

/* Check a result string (NULL is ""). */
static int check_result(const char *result, const char *op, char *why, size_t why_len)
{
    if (result && strlen(result) >= STORE_RESULT_MAX)
        return store_fail(why, why_len, STORE_EINVAL, "%s: result longer than %d bytes", op, STORE_RESULT_MAX - 1);
    return STORE_OK;
}

static int is_postgres_address(const char *where)
{
    return strncasecmp(where, "postgresql://", 13) == 0 || strncasecmp(where, "postgres://", 11) == 0;
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
    *out = st;
    return STORE_OK;
}

void store_close(store *st)
{
    if (!st)
        return;
    st->backend->close(st->impl);
    free(st);
}

int store_create(store *st, store_game *game, const store_seat *seats, char *why, size_t why_len)
{
    static const char op[] = "store_create";
    if (!st || !game || !seats)
        return store_fail(why, why_len, STORE_EINVAL, "%s: no store, game or seats", op);
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
    store_game copy = *game;
    copy.id = 0;
    copy.version = 0;
    if (!copy.created[0]) {
        time_t now = time(NULL);
        struct tm utc;
        if (!gmtime_r(&now, &utc) || strftime(copy.created, sizeof copy.created, "%Y-%m-%dT%H:%M:%SZ", &utc) == 0)
            return store_fail(why, why_len, STORE_EIO, "%s: cannot read the clock", op);
    }
    int rc = st->backend->create(st->impl, &copy, seats, why, why_len);
    if (rc == STORE_OK)
        *game = copy;
    return rc;
}

int store_set_seat(store *st, int64_t game, const store_seat *seat, const store_seat *expected, char *why,
                   size_t why_len)
{
    static const char op[] = "store_set_seat";
    if (!st || !seat)
        return store_fail(why, why_len, STORE_EINVAL, "%s: no store or seat", op);
    int rc = check_seat(seat, op, why, why_len);
    if (rc != STORE_OK)
        return rc;
    if (expected && expected->seat != seat->seat)
        return store_fail(why, why_len, STORE_EINVAL, "%s: the expected seat is seat %d, not %d", op, expected->seat,
                          seat->seat);
    return st->backend->set_seat(st->impl, game, seat, expected, why, why_len);
}

int store_set_status(store *st, int64_t game, store_status status, const char *result, char *why, size_t why_len)
{
    static const char op[] = "store_set_status";
    if (!st)
        return store_fail(why, why_len, STORE_EINVAL, "%s: no store", op);
    if (!is_status((int)status))
        return store_fail(why, why_len, STORE_EINVAL, "%s: unknown status %d", op, (int)status);
    int rc = check_result(result, op, why, why_len);
    if (rc != STORE_OK)
        return rc;
    return st->backend->set_status(st->impl, game, status, result ? result : "", why, why_len);
}

int store_append(store *st, int64_t game, int64_t version, const store_event *events, int n, store_status status,
                 const char *result, char *why, size_t why_len)
{
    static const char op[] = "store_append";
    if (!st || !events)
        return store_fail(why, why_len, STORE_EINVAL, "%s: no store or events", op);
    if (n < 1)
        return store_fail(why, why_len, STORE_EINVAL, "%s: %d events (at least 1)", op, n);
    if (version < 0 || version > INT64_MAX - n)
        return store_fail(why, why_len, STORE_EINVAL, "%s: version %lld out of range", op, (long long)version);
    if (!is_status((int)status))
        return store_fail(why, why_len, STORE_EINVAL, "%s: unknown status %d", op, (int)status);
    int rc = check_result(result, op, why, why_len);
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
    return st->backend->append(st->impl, game, version, events, n, status, result ? result : "", why, why_len);
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

int store_wait(store *st, int timeout_ms, store_note *note)
{
    if (!st || !note)
        return -1;
    return st->backend->wait(st->impl, timeout_ms, note);
}
