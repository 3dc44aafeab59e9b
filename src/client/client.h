/*
 * client.h -- a small synchronous client of the maya server's HTTP/JSON API
 * (docs/api.md), for tests, the load generator and scripts: requests over
 * libcurl, bodies in jansson, the event stream (Server-Sent Events) parsed
 * as the WHATWG HTML standard says.
 *
 * Three layers, each usable alone:
 * - client_request: one reusable libcurl easy handle with the headers, body,
 *   answer buffer and error decoding of an API request. client_call drives it
 *   with curl_easy_perform; the load generator drives thousands of them with
 *   one multi handle, so both read answers and errors the same way.
 * - client: a base address and one request handle. Successive calls reuse
 *   the handle and so its connection (HTTP keep-alive). One client per
 *   thread; a client is not safe to share between threads.
 * - wrappers of the endpoints (create, join, view, legal, act, undo, leave,
 *   record) and client_events, which reads /events on a handle of its own.
 *
 * Results: every function that talks to the server returns CLIENT_OK or one
 * of the CLIENT_E* codes below with a sentence for people in why (which may
 * be NULL). An answer with an error status (4xx, 5xx) is CLIENT_ESTATUS; its
 * status and the machine-readable "code" of its body are then available from
 * client_last_status and client_last_code (e.g. 409 and "stale").
 *
 * libcurl's global setup: client_new and client_request_init call
 * curl_global_init, client_free and client_request_free the matching
 * curl_global_cleanup (they are reference-counted). With a libcurl older than
 * 7.84 these are not thread-safe: create the clients before starting threads
 * (client_events makes no such call, so a thread may read events on its own
 * client).
 */
#ifndef MAYA_CLIENT_H
#define MAYA_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include <curl/curl.h>
#include <jansson.h>

enum {
    CLIENT_OK = 0,
    CLIENT_ENET = 1,      /* no answer: unreachable, refused, connection lost, bad address */
    CLIENT_ESTATUS = 2,   /* the server answered with an error status (client_last_status) */
    CLIENT_EBODY = 3,     /* the answer is not what the API promises (not JSON, a field missing) */
    CLIENT_ETIMEOUT = 4,  /* no complete answer (or no stop of an event stream) in time */
    CLIENT_ENOMEM = 5,    /* out of memory */
    CLIENT_EUSAGE = 6,    /* a bad argument of the caller (e.g. a token with a line break) */

    CLIENT_TOKEN_MAX = 128,                 /* room for a seat token (64 hex digits today), NUL included */
    CLIENT_CODE_MAX = 32,                   /* room for an error body's "code", NUL included */
    CLIENT_ANSWER_MAX = 64 * 1024 * 1024,   /* largest answer accepted (bytes) */
    CLIENT_SSE_NAME_MAX = 128,              /* room for an event's name or id, NUL included (longer ones are cut) */
    CLIENT_SSE_MAX = 16 * 1024 * 1024,      /* largest event (line or data) accepted from a stream */
    CLIENT_TIMEOUT_MS = 30000,              /* default limit of one request */
    CLIENT_CONNECT_TIMEOUT_MS = 5000,       /* default limit of opening a connection */
    CLIENT_HEADERS_MAX = 3                  /* header lines a request adds: type and Expect (a body),
                                               Accept (a stream), token */
};

/* One API request on a reusable easy handle (see the top of this file).
 * The options that never change are set once, when the handle is made;
 * a request sets only its URL, method, body, headers and limits, and its
 * body and header lines live in buffers kept from one request to the next,
 * so that a request allocates nothing of its own. */
typedef struct client_request {
    CURL *easy;                      /* the handle; reusing it reuses its connection */
    struct curl_slist header_lines[CLIENT_HEADERS_MAX]; /* the headers the request adds, linked in place */
    char authorization[CLIENT_TOKEN_MAX + 32]; /* "Authorization: Bearer TOKEN" of the request being made */
    char *body;                      /* body text of the request being made (NUL-terminated), or NULL */
    size_t body_cap;                 /* bytes allocated for body */
    char *answer;                    /* bytes of the answer received so far, NUL-terminated, or NULL */
    size_t answer_len;               /* bytes in answer */
    size_t answer_cap;               /* bytes allocated for answer */
    int answer_too_large;            /* 1: the answer passed CLIENT_ANSWER_MAX (the rest was refused) */
    long status;                     /* HTTP status of the last finished request, 0 if none came */
    char code[CLIENT_CODE_MAX];      /* "code" of the last error answer ("stale"), "" if none */
    char curl_error[CURL_ERROR_SIZE]; /* libcurl's own message on a failed transfer */
} client_request;

/* Create the easy handle; CLIENT_OK or CLIENT_ENOMEM. */
int client_request_init(client_request *r);
/* Release the handle and buffers; r may be zeroed or already freed. */
void client_request_free(client_request *r);
/* Set up the next request on r: method ("GET", "POST", ...) of url, with the
 * seat token as "Authorization: Bearer" (token NULL: none) and body_text
 * (NULL: none) as the JSON body; limits in milliseconds (0: the defaults;
 * timeout_ms < 0: no limit of the whole request).
 * The previous request's headers, body and answer are dropped (their
 * buffers are kept for the next). Returns
 * CLIENT_OK, CLIENT_EUSAGE (a token with characters a header cannot hold)
 * or CLIENT_ENOMEM. */
int client_request_prepare(client_request *r, const char *method, const char *url, const char *token,
                           const char *body_text, long timeout_ms, long connect_timeout_ms, char *why,
                           size_t why_len);
/* Decode the finished transfer whose libcurl result is result: its status
 * (r->status), and for a success (2xx) the answer as JSON into *answer when
 * answer is not NULL (the caller owns it). An error status is CLIENT_ESTATUS
 * with "STATUS CODE: reason" from the error body in why and the code in
 * r->code. On any failure *answer is NULL. */
int client_request_finish(client_request *r, CURLcode result, json_t **answer, char *why, size_t why_len);

typedef struct client client;

/* A client of the server at base_url ("http://127.0.0.1:8080", a trailing
 * slash allowed); NULL if base_url is not an http:// or https:// address
 * (or memory runs out). Nothing is sent until the first call. */
client *client_new(const char *base_url);
/* Close the connections and release c; c may be NULL. */
void client_free(client *c);
/* Limits of each later request in milliseconds (0 keeps the default). */
void client_set_timeouts(client *c, long timeout_ms, long connect_timeout_ms);
/* HTTP status of the last answer (0 if none came) and the "code" of its error
 * body ("" if none). */
long client_last_status(const client *c);
const char *client_last_code(const client *c);

/* One request: method on path (starting with "/", query included) with the
 * seat token (NULL: as a spectator) and body (NULL: none; not consumed).
 * A success (2xx) decodes the answer as JSON into *answer when answer is not
 * NULL (the caller owns it; json_decref). *http_status (may be NULL) gets the
 * status, 0 if no answer came. */
int client_call(client *c, const char *method, const char *path, const char *token, json_t *body,
                json_t **answer, long *http_status, char *why, size_t why_len);
/* GET path as text (the record download): *text (malloc'd, NUL-terminated,
 * the caller frees it) and its length *len (may be NULL). */
int client_get_text(client *c, const char *path, const char *token, char **text, size_t *len,
                    long *http_status, char *why, size_t why_len);

/* The body of POST /api/games for a game of players seats: bots[k] is the
 * bot spec of seat k, or NULL (or bots NULL) for a human seat; variant NULL
 * leaves the server's default. NULL if memory runs out. */
json_t *client_game_request(const char *game, const char *variant, int players, const char *const *bots);
/* Create a game (client_game_request's body); its id into *id and, when
 * summary is not NULL, its summary into *summary (the caller owns it). */
int client_create_game(client *c, const char *game, const char *variant, int players, const char *const *bots,
                       int64_t *id, json_t **summary, char *why, size_t why_len);
/* Take seat (or, seat < 0, the first free human seat) of game id under name
 * (NULL: none): the seat into *seat_taken (may be NULL) and its token into
 * token[token_len] (CLIENT_TOKEN_MAX is enough). */
int client_join(client *c, int64_t id, int seat, const char *name, int *seat_taken, char *token, size_t token_len,
                char *why, size_t why_len);
/* GET /api/games/ID: the game's summary. */
int client_summary(client *c, int64_t id, json_t **summary, char *why, size_t why_len);
/* GET /api/games/ID/view as the token's seat (NULL: a spectator). */
int client_view(client *c, int64_t id, const char *token, json_t **view, char *why, size_t why_len);
/* GET /api/games/ID/legal for the token's seat, only the actions whose text
 * starts with prefix (NULL or "": all). */
int client_legal(client *c, int64_t id, const char *token, const char *prefix, json_t **legal, char *why,
                 size_t why_len);
/* POST /api/games/ID/actions: the action's text chosen at state number
 * version; the new state number into *new_version (may be NULL) and the
 * whole answer into *answer when answer is not NULL. */
int client_act(client *c, int64_t id, const char *token, int64_t version, const char *action,
               int64_t *new_version, json_t **answer, char *why, size_t why_len);
/* POST /api/games/ID/undo at state number version; the new one into
 * *new_version (may be NULL). */
int client_undo(client *c, int64_t id, const char *token, int64_t version, int64_t *new_version, char *why,
                size_t why_len);
/* POST /api/games/ID/leave: give up the token's seat (the answer's body,
 * which the API does not fix, is not read). */
int client_leave(client *c, int64_t id, const char *token, char *why, size_t why_len);
/* GET /api/games/ID/record as the token's seat (NULL: a spectator): the
 * record's text (malloc'd; the caller frees it) and its length (may be NULL). */
int client_record(client *c, int64_t id, const char *token, char **text, size_t *len, char *why, size_t why_len);

/* Reading an answer: the integer member key of object (JSON integer) into
 * *out; 0, or -1 if absent or not an integer. */
int client_json_int(const json_t *object, const char *key, int64_t *out);
/* The string member key of object, or NULL if absent or not a string. */
const char *client_json_string(const json_t *object, const char *key);
/* to_move of a summary or view: the seat (0..), or -1 when it is null,
 * "chance", absent or not a seat number. */
int client_json_to_move(const json_t *summary_or_view);

/* The view after one event of a game's stream (GET .../events,
 * docs/api.md): a "view" event's data, or view (the view made by the event
 * whose id was view_id) with a "patch" event's patch applied; a new
 * reference, NULL if the event is neither, the patch does not follow view
 * (its "from" is not view_id) or does not apply. */
json_t *client_next_view(const json_t *view, const char *view_id, const char *event, const char *data);

/* One event of a stream: its name ("message" if the stream named none), the
 * stream's last event id ("" if none) and its data (lines joined by "\n").
 * Return 0 to go on reading, nonzero to stop. The callback must not call
 * libcurl (nor a client function) while it runs. */
typedef int client_event_fn(void *context, const char *event, const char *id, const char *data);

/* The parser of a text/event-stream, fed with bytes as they arrive (lines
 * may end in LF, CRLF or CR, split anywhere between chunks). */
typedef struct client_sse {
    char *line;                       /* the line being read (without its end) */
    size_t line_len;                  /* bytes in line */
    size_t line_cap;                  /* bytes allocated for line */
    char *data;                       /* data of the event being read, each data line followed by LF */
    size_t data_len;                  /* bytes in data */
    size_t data_cap;                  /* bytes allocated for data */
    char event[CLIENT_SSE_NAME_MAX];  /* name of the event being read, "" until an event: line */
    char id[CLIENT_SSE_NAME_MAX];     /* the last event id of the stream ("" none) */
    int after_cr;                     /* 1: the last byte was a CR, so an LF right after it ends nothing */
    int first_line;                   /* 1: no line completed yet (a byte order mark may open it) */
    long comments;                    /* comment lines seen (": keep-alive") */
    long events;                      /* events delivered to the callback */
    long retry_ms;                    /* last valid retry: field, -1 if none */
} client_sse;

void client_sse_init(client_sse *s);
void client_sse_free(client_sse *s);
/* Parse bytes[0..len-1], calling fn(context, ...) for each event completed
 * by an empty line. Returns 0; 1 as soon as the callback asks to stop (the
 * rest of the bytes is not parsed); or -1 when a line or an event's data
 * passes CLIENT_SSE_MAX or memory runs out. A stream that ends in the middle
 * of an event drops that event (the standard's rule). */
int client_sse_feed(client_sse *s, const char *bytes, size_t len, client_event_fn *fn, void *context);

/* Read the event stream at path (e.g. "/api/games/7/events") as the token's
 * seat (NULL: a spectator) on a connection of its own, calling fn for every
 * event, until fn returns nonzero (CLIENT_OK), timeout_ms passes
 * (CLIENT_ETIMEOUT; 0: no limit), the server ends the stream (CLIENT_ENET,
 * "the server closed the event stream"), or it answers with an error status
 * (CLIENT_ESTATUS) or with something that is not text/event-stream
 * (CLIENT_EBODY). */
int client_events(client *c, const char *path, const char *token, client_event_fn *fn, void *context,
                  long timeout_ms, char *why, size_t why_len);

#endif
