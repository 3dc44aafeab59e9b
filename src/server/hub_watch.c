/*
 * hub_watch.c -- live watchers without a thread each: a game's view is
 * rendered once per change per seat (spectators share one), outside the
 * game's lock, and handed to each watcher as a whole view or a JSON Patch.
 */
#include "server/hub_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/jpatch.h"
#include "server/token.h"
#include "timer.h"

enum { HUB_PATCHES_KEPT = 8 /* patches kept per seat: a watcher this many changes behind still gets patches */ };

/* One piece of an event stream, shared by every watcher sending it. */
typedef struct hub_piece {
    atomic_int holders; /* the game's cache and each watcher sending it */
    uint64_t from;      /* a patch: the game's epoch of the view it applies to */
    uint64_t epoch;     /* the game's epoch it shows (a patch: the one it makes) */
    size_t data_at;     /* where its data (the JSON) starts in text */
    size_t len;         /* bytes of text */
    char text[];        /* "event: EVENT\nid: N\ndata: JSON\n\n" */
} hub_piece;

/* What the watchers of one seat (or the spectators) share: the last view
 * rendered for it and the patches that led to it. */
typedef struct hub_seat_views {
    hub_piece *latest;                     /* the last view, its id the game's epoch; NULL before the first */
    int64_t version;                       /* the state number of latest */
    hub_piece *whole;                      /* latest with the state number as its id (whole views only), or NULL */
    hub_piece *patches[HUB_PATCHES_KEPT];  /* the last patches (a ring, NULL: none), each from one view to the next */
    int next_patch;                        /* the ring's entry the next patch replaces */
} hub_seat_views;

/* What a game keeps for its watchers. */
typedef struct hub_watchers {
    pthread_mutex_t render_lock;                  /* guards seats; taken before the game's lock, never after */
    hub_seat_views seats[2][GAME_MAX_PLAYERS + 1]; /* without, then with the text: for each seat,
                                                      then for the spectators */
    hub_watch *first;                             /* the watchers (guarded by the game's lock) */
} hub_watchers;

struct hub_watch {
    hub *h;                               /* the hub */
    hub_game *g;                          /* the game watched */
    int seat;                             /* the watcher's seat, GAME_CHANCE for a spectator */
    int whole;                            /* 1: whole views only, no patches */
    int text;                             /* 1: views with their "text" */
    unsigned char hash[STORE_HASH_BYTES]; /* hash of the watcher's token (seat >= 0) */
    hub_watch_notify *notify;             /* called after each change of g */
    void *context;                        /* notify's argument */
    hub_watch *prev, *next;               /* neighbours in g's list of watchers */
    uint64_t seen;                        /* the game's epoch last sent */
    int started;                          /* 1 once the first view is sent */
    double last_sent;                     /* when the last piece was handed out (timer_now) */
    hub_piece *piece;                     /* the piece handed out last (held), NULL if none */
};

static const char keepalive_text[] = ": keep-alive\n\n";

static void piece_release(hub_piece *piece)
{
    if (piece != NULL && atomic_fetch_sub(&piece->holders, 1) == 1)
        free(piece);
}

void hub_watch_changed(hub_game *g)
{
    for (hub_watch *w = g->watchers ? g->watchers->first : NULL; w != NULL; w = w->next)
        w->notify(w->context);
}

void hub_watch_free_all(hub_watchers *watchers)
{
    if (watchers == NULL)
        return;
    assert(watchers->first == NULL);
    for (int i = 0; i < 2 * (GAME_MAX_PLAYERS + 1); i++) {
        hub_seat_views *views = &watchers->seats[i / (GAME_MAX_PLAYERS + 1)][i % (GAME_MAX_PLAYERS + 1)];
        piece_release(views->latest);
        piece_release(views->whole);
        for (int k = 0; k < HUB_PATCHES_KEPT; k++)
            piece_release(views->patches[k]);
    }
    pthread_mutex_destroy(&watchers->render_lock);
    free(watchers);
}

/* A copy of what hub_game_view_json reads of g (its row, seats, state and undo
 * window; the copy's match owns only its state, and its actions once g is
 * over, which the summary's categories replay), made under g's lock so
 * that the view is rendered without it. Free with copy_free. */
static hub_game *copy_for_view(const hub_game *g)
{
    hub_game *copy = calloc(1, sizeof *copy);

    if (copy == NULL || (copy->m.state = malloc(g->def->state_size)) == NULL) {
        free(copy);
        return NULL;
    }
    memcpy(copy->m.state, g->m.state, g->def->state_size);
    if (g->row.status == STORE_FINISHED && g->m.count > 0) { /* the summary's categories replay the game */
        copy->m.actions = malloc((size_t)g->m.count * sizeof *copy->m.actions);
        if (copy->m.actions == NULL) {
            free(copy->m.state);
            free(copy);
            return NULL;
        }
        memcpy(copy->m.actions, g->m.actions, (size_t)g->m.count * sizeof *copy->m.actions);
    }
    copy->m.game = g->m.game;
    copy->m.options = g->m.options;
    copy->m.count = g->m.count;
    copy->m.undo_from = g->m.undo_from;
    copy->def = g->def;
    copy->row = g->row;
    memcpy(copy->seats, g->seats, sizeof copy->seats);
    copy->epoch = g->epoch;
    return copy;
}

static void copy_free(hub_game *copy)
{
    free(copy->m.actions);
    free(copy->m.state);
    free(copy);
}

/* The event "event: EVENT\nid: ID\ndata: DATA\n\n" (data: len bytes) of
 * the game's epoch, held once; NULL out of memory. */
static hub_piece *piece_event(const char *event, long long id, const char *data, size_t len, uint64_t epoch)
{
    char head[64];
    int head_len = snprintf(head, sizeof head, "event: %s\nid: %lld\ndata: ", event, id);
    hub_piece *piece = malloc(sizeof *piece + (size_t)head_len + len + 3);

    if (piece == NULL)
        return NULL;
    atomic_init(&piece->holders, 1);
    piece->from = 0;
    piece->epoch = epoch;
    piece->data_at = (size_t)head_len;
    memcpy(piece->text, head, (size_t)head_len);
    memcpy(piece->text + head_len, data, len);
    memcpy(piece->text + (size_t)head_len + len, "\n\n", 3);
    piece->len = (size_t)head_len + len + 2;
    return piece;
}

/* The JSON of a piece's data, or NULL. */
static json_t *piece_json(const hub_piece *piece)
{
    return json_loadb(piece->text + piece->data_at, piece->len - piece->data_at - 2, 0, NULL);
}

/* The patch event from views->latest (view before, its JSON) to fresh (view
 * now, rendered from copy): NULL if memory runs out or the patch would be
 * no smaller than the whole view. */
static hub_piece *patch_event(const hub_seat_views *views, const json_t *before, const json_t *now,
                              const hub_piece *fresh)
{
    json_t *ops = jpatch_diff(before, now);
    json_t *change = ops == NULL ? NULL
                                 : json_pack("{s:I, s:I, s:o}", "from", (json_int_t)views->latest->epoch, "to",
                                             (json_int_t)fresh->epoch, "patch", ops);
    char *data = change != NULL ? json_dumps(change, JSON_COMPACT) : NULL;
    size_t len = data != NULL ? strlen(data) : 0;
    hub_piece *patch = data != NULL && len < fresh->len - fresh->data_at
                           ? piece_event("patch", (long long)fresh->epoch, data, len, fresh->epoch)
                           : NULL;

    if (patch != NULL)
        patch->from = views->latest->epoch;
    free(data);
    json_decref(change);
    return patch;
}

/* Render what seat sees of copy (with_text: with the text) into views
 * (render lock held): the view, and the patch from the last one; 0, or -1
 * if memory runs out (views unchanged). */
static int views_render(hub_seat_views *views, const hub_game *copy, int seat, int with_text)
{
    json_t *view = hub_game_view_json(copy, seat, copy->m.state, -1, with_text);
    char *data = view != NULL ? json_dumps(view, JSON_COMPACT) : NULL;
    hub_piece *fresh =
        data != NULL ? piece_event("view", (long long)copy->epoch, data, strlen(data), copy->epoch) : NULL;
    json_t *before = fresh != NULL && views->latest != NULL ? piece_json(views->latest) : NULL;
    hub_piece *patch = before != NULL ? patch_event(views, before, view, fresh) : NULL;

    free(data);
    json_decref(before);
    json_decref(view);
    if (fresh == NULL)
        return -1;
    piece_release(views->latest);
    piece_release(views->whole);
    views->latest = fresh;
    views->whole = NULL;
    views->version = copy->row.version;
    if (patch != NULL) {
        piece_release(views->patches[views->next_patch]);
        views->patches[views->next_patch] = patch;
        views->next_patch = (views->next_patch + 1) % HUB_PATCHES_KEPT;
    }
    return 0;
}

/* The piece w is to get from views (render lock held), which hold the
 * game's latest view: the patch from the view w saw last if it is kept,
 * else the whole view; NULL if memory runs out. */
static hub_piece *views_next(hub_seat_views *views, const hub_watch *w)
{
    const hub_piece *latest = views->latest;

    if (w->whole) {
        if (views->whole == NULL)
            views->whole = piece_event("view", (long long)views->version, latest->text + latest->data_at,
                                       latest->len - latest->data_at - 2, latest->epoch);
        return views->whole;
    }
    for (int k = 0; w->started && k < HUB_PATCHES_KEPT; k++)
        if (views->patches[k] != NULL && views->patches[k]->from == w->seen)
            return views->patches[k];
    return views->latest;
}

hub_watch *hub_watch_open(hub *h, int64_t id, const char *token, const char *whole_text, const char *text_text,
                          hub_watch_notify *notify, void *context, hub_reply *r)
{
    long whole = 0, with_text = 0;
    hub_game *g = hub_reply_query_number(whole_text, "whole", 0, 1, &whole, r) == 0 &&
                          hub_reply_query_number(text_text, "text", 0, 1, &with_text, r) == 0
                      ? hub_table_lock_game(h, id, r)
                      : NULL;
    hub_watch *w;
    int seat;

    if (g == NULL)
        return NULL;
    seat = hub_game_seat_of(g, token, 0, r);
    if (seat != NO_SEAT && g->watchers == NULL && (g->watchers = calloc(1, sizeof *g->watchers)) != NULL)
        pthread_mutex_init(&g->watchers->render_lock, NULL);
    w = seat == NO_SEAT || g->watchers == NULL ? NULL : calloc(1, sizeof *w);
    if (w != NULL) {
        *w = (hub_watch){.h = h,
                         .g = g,
                         .seat = seat,
                         .whole = (int)whole,
                         .text = (int)with_text,
                         .notify = notify,
                         .context = context,
                         .next = g->watchers->first};
        if (seat >= 0)
            memcpy(w->hash, g->seats[seat].token_hash, sizeof w->hash);
        if (w->next != NULL)
            w->next->prev = w;
        g->watchers->first = w;
    } else if (seat != NO_SEAT) {
        hub_reply_fail(r, 500, "internal", "out of memory");
    }
    if (w != NULL)
        hub_game_unlock(g); /* the watcher holds the game until it closes */
    else
        hub_table_unlock(h, g);
    return w;
}

hub_watch_status hub_watch_poll(hub_watch *w, const char **text, size_t *len, double *due)
{
    hub_game *g = w->g;
    hub_watchers *watchers = g->watchers;
    hub_seat_views *views = &watchers->seats[w->text][w->seat >= 0 ? w->seat : GAME_MAX_PLAYERS];
    hub_game *copy = NULL;
    double now = timer_now();
    int over;

    piece_release(w->piece);
    w->piece = NULL;
    pthread_mutex_lock(&watchers->render_lock);
    pthread_mutex_lock(&g->lock);
    over = atomic_load(&w->h->stopping) || !hub_game_served(g) ||
           (w->seat >= 0 && !token_matches(w->hash, g->seats[w->seat].token_hash));
    if (!over && (!w->started || g->epoch != w->seen) && (views->latest == NULL || views->latest->epoch != g->epoch))
        over = (copy = copy_for_view(g)) == NULL; /* the cached view is stale: render anew, unlocked */
    if (!over && w->started && g->epoch == w->seen) {
        hub_game_unlock(g);
        pthread_mutex_unlock(&watchers->render_lock);
        *due = w->last_sent + w->h->settings.keepalive_seconds;
        if (now < *due)
            return HUB_WATCH_WAIT;
        w->last_sent = now;
        *text = keepalive_text;
        *len = sizeof keepalive_text - 1;
        return HUB_WATCH_READY;
    }
    hub_game_unlock(g);
    if (copy != NULL) {
        over = views_render(views, copy, w->seat, w->text) != 0;
        copy_free(copy);
    }
    if (!over && (w->piece = views_next(views, w)) != NULL)
        atomic_fetch_add(&w->piece->holders, 1);
    over = over || w->piece == NULL;
    pthread_mutex_unlock(&watchers->render_lock);
    if (over)
        return HUB_WATCH_END;
    w->started = 1;
    w->seen = w->piece->epoch;
    w->last_sent = now;
    *text = w->piece->text;
    *len = w->piece->len;
    return HUB_WATCH_READY;
}

void hub_watch_close(hub_watch *w)
{
    hub_game *g;

    if (w == NULL)
        return;
    g = w->g;
    pthread_mutex_lock(&g->lock);
    if (w->prev != NULL)
        w->prev->next = w->next;
    else
        g->watchers->first = w->next;
    if (w->next != NULL)
        w->next->prev = w->prev;
    hub_game_unlock(g);
    piece_release(w->piece);
    hub_table_release(w->h, g);
    free(w);
}
