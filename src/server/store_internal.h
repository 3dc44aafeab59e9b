/*
 * store_internal.h -- what store.c shares with the two storage back ends
 * (store_sqlite.c, store_pg.c) and nothing else includes: the table of a
 * back end's functions, the schema version both write, and small helpers
 * for reasons and fixed-size text fields.
 *
 * store.c checks every argument before calling a back end, so a back end
 * may assume valid input: players in 1..GAME_MAX_PLAYERS, seats[i].seat == i,
 * NUL-terminated text that fits its field, n >= 1, consecutive event
 * versions, a known status. A back end's own state is an opaque pointer that
 * its open function allocates and its close function frees.
 */
#ifndef MAYA_STORE_INTERNAL_H
#define MAYA_STORE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "server/store.h"

enum {
    STORE_SCHEMA_VERSION = 2 /* schema this code writes; an older one is migrated on open */
};

/* What a change of a batch is. */
typedef enum store_write_kind {
    STORE_WRITE_APPEND = 0, /* store_append */
    STORE_WRITE_CREATE = 1, /* store_create */
    STORE_WRITE_SEAT = 2    /* store_set_seat */
} store_write_kind;

/* One change of a batch (store.c's writer hands them to the back end): the
 * arguments of store_append, store_create or store_set_seat, then what
 * became of it. */
typedef struct store_write {
    store_write_kind kind;     /* which of the three */
    int64_t game;              /* append, seat: the game changed */
    int64_t version;           /* append: its stored version as the caller saw it */
    const store_event *events; /* append: events[0..n-1], versions version+1 .. version+n */
    int n;                     /* append: >= 1 */
    store_status status;       /* append: the game's status with them */
    const char *result;        /* append: its result with them (never NULL) */
    store_game *created;       /* create: the new game's row (version 0); the back end sets its id */
    const store_seat *seats;   /* create: its seats[0..created->players-1] */
    const store_seat *seat;    /* seat: the seat's new state */
    const store_seat *expected; /* seat: the seat as the caller last saw it, NULL: whatever it is */
    int rc;                    /* set by the back end: STORE_OK, or (with nothing of it written) STORE_ECONFLICT,
                                  STORE_ENOTFOUND or (seat: no such seat) STORE_EINVAL */
    char *why;                 /* the caller's buffer for the reason of a failure */
    size_t why_len;            /* its size (may be 0) */
} store_write;

/* One back end's functions: the public functions of store.h, with the back
 * end's state in place of the store; appends come in batches. */
typedef struct store_backend {
    int (*open)(void **impl, const char *where, char *why, size_t why_len); /* create *impl */
    void (*close)(void *impl);                                              /* free it */
    int (*set_status)(void *impl, int64_t game, store_status status, const char *result, char *why,
                      size_t why_len); /* store_set_status (result never NULL) */
    /* Commit batch[0..n-1] (1 <= n <= STORE_BATCH_MAX, any kinds, any
     * games) in one transaction, setting each one's rc: STORE_OK (a created
     * game's id set); or, with its reason and nothing of it written,
     * STORE_ENOTFOUND (no such game), STORE_ECONFLICT (an append's game is
     * not at its version, or has events stored past it; of two appends of
     * one game at one version, one; a seat that is no longer as expected)
     * or STORE_EINVAL (no such seat). Returns STORE_OK once committed, else
     * STORE_EIO (reason in why) with nothing of the batch stored. */
    int (*write_batch)(void *impl, store_write *const *batch, int n, char *why, size_t why_len);
    int (*load)(void *impl, int64_t id, store_game *game, store_seat seats[GAME_MAX_PLAYERS],
                store_event **events, int *n, char *why, size_t why_len); /* store_load */
    int (*list)(void *impl, int status, int64_t *ids, int max, int *n, char *why,
                size_t why_len);                                                /* store_list, max >= 1 */
    int (*wait)(void *impl, int timeout_ms, store_note *note);              /* store_wait */
} store_backend;

extern const store_backend store_sqlite_backend; /* store_sqlite.c */
extern const store_backend store_pg_backend;     /* store_pg.c */

/* Write a reason into why (if why_len > 0) as printf would; returns code,
 * so that a failure is one line: return store_fail(why, len, STORE_EIO, ...). */
int store_fail(char *why, size_t why_len, int code, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* A seat change of a batch whose update missed: sets w->rc from what the
 * back end then found (seat_found: the seat exists 1, not 0, could not tell
 * -1; game_found likewise for the game, read only when seat_found is 0):
 * the seat changed meanwhile (only the expected state makes an existing
 * seat's update miss), no such game, or no such seat. Returns STORE_OK, or
 * STORE_EIO when it could not tell (the back end wrote the reason). backend
 * names the back end in the reason, what the change. */
int store_seat_missed(store_write *w, const char *backend, const char *what, int seat_found, int game_found);

/* Copy the stored text src (may be NULL: "") into the field dst of size
 * bytes. Returns 0, or -1 (dst set to "") if it does not fit. */
int store_copy_text(char *dst, size_t size, const char *src);

/* Sleep for ms milliseconds (nothing if ms <= 0), resuming after signals. */
void store_sleep_ms(int ms);

#endif
