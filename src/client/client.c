/*
 * client.c -- the client of the maya server's API (see client.h): requests
 * on reusable libcurl easy handles, JSON through jansson, error answers
 * decoded into a status, a code and a sentence, and the event-stream parser
 * of the WHATWG HTML standard (section "Server-sent events": lines end in LF,
 * CRLF or CR; "field: value" with one optional space after the colon; lines
 * starting with a colon are comments; an empty line dispatches the event).
 */
#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "client/client.h"
#include "server/jpatch.h"

struct client {
    char *base;                /* base address without trailing slashes */
    client_request request;    /* the handle of every call (its connection is reused) */
    long timeout_ms;           /* limit of one request, 0 = CLIENT_TIMEOUT_MS */
    long connect_timeout_ms;   /* limit of opening a connection, 0 = CLIENT_CONNECT_TIMEOUT_MS */
};

static void client_say(char *why, size_t why_len, const char *format, ...)
{
    if (why == NULL || why_len == 0)
        return;
    va_list args;
    va_start(args, format);
    vsnprintf(why, why_len, format, args);
    va_end(args);
}

/* ---- one request on an easy handle ---- */

/* Append bytes to the answer; 0, or -1 past CLIENT_ANSWER_MAX or out of memory. */
static int client_answer_append(client_request *r, const char *bytes, size_t n)
{
    if (n > CLIENT_ANSWER_MAX - r->answer_len) {
        r->answer_too_large = 1;
        return -1;
    }
    if (r->answer_len + n + 1 > r->answer_cap) {
        size_t cap = r->answer_cap ? r->answer_cap : 4096;
        while (cap < r->answer_len + n + 1)
            cap *= 2;
        char *grown = realloc(r->answer, cap);
        if (grown == NULL)
            return -1;
        r->answer = grown;
        r->answer_cap = cap;
    }
    memcpy(r->answer + r->answer_len, bytes, n);
    r->answer_len += n;
    r->answer[r->answer_len] = '\0';
    return 0;
}

static size_t client_write(char *bytes, size_t size, size_t count, void *context)
{
    client_request *r = context;
    size_t n = size * count;
    return client_answer_append(r, bytes, n) == 0 ? n : 0;
}

/* Set up r, with its own reference to libcurl's global setup if global,
 * and the options every request of r shares. */
static int client_request_open(client_request *r, int global)
{
    memset(r, 0, sizeof *r);
    if (global && curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
        return CLIENT_ENOMEM;
    r->easy = curl_easy_init();
    if (r->easy == NULL) {
        if (global)
            curl_global_cleanup();
        return CLIENT_ENOMEM;
    }
    curl_easy_setopt(r->easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(r->easy, CURLOPT_ERRORBUFFER, r->curl_error);
    curl_easy_setopt(r->easy, CURLOPT_WRITEFUNCTION, client_write);
    curl_easy_setopt(r->easy, CURLOPT_WRITEDATA, r);
    return CLIENT_OK;
}

/* Release r (and its reference to the global setup if it took one). */
static void client_request_close(client_request *r, int global)
{
    if (r->easy != NULL) {
        curl_easy_cleanup(r->easy);
        if (global)
            curl_global_cleanup();
    }
    free(r->body);
    free(r->answer);
    memset(r, 0, sizeof *r);
}

int client_request_init(client_request *r)
{
    return client_request_open(r, 1);
}

void client_request_free(client_request *r)
{
    client_request_close(r, 1);
}

/* Link line as the next of r's header lines (at most CLIENT_HEADERS_MAX:
 * libcurl reads the list, it does not keep or free it). */
static void client_add_header(client_request *r, int *count, char *line)
{
    assert(*count < CLIENT_HEADERS_MAX);
    r->header_lines[*count] = (struct curl_slist){.data = line, .next = NULL};
    if (*count > 0)
        r->header_lines[*count - 1].next = &r->header_lines[*count];
    (*count)++;
}

/* client_request_prepare, with "Accept: text/event-stream" if events. */
static int client_request_setup(client_request *r, const char *method, const char *url, const char *token,
                                const char *body_text, int events, long timeout_ms, long connect_timeout_ms,
                                char *why, size_t why_len)
{
    static char json_type[] = "Content-Type: application/json";
    static char no_expect[] = "Expect:"; /* no 100-continue round trip before a body */
    static char accept_events[] = "Accept: text/event-stream";
    r->answer_len = 0;
    if (r->answer != NULL)
        r->answer[0] = '\0';
    r->answer_too_large = 0;
    r->status = 0;
    r->code[0] = '\0';
    r->curl_error[0] = '\0';
    if (token != NULL) {
        size_t n = strlen(token);
        for (size_t i = 0; i < n; i++)
            if ((unsigned char)token[i] <= ' ' || (unsigned char)token[i] > '~') {
                client_say(why, why_len, "a token is letters and digits, not \"%.40s\"", token);
                return CLIENT_EUSAGE;
            }
        if (n == 0 || n >= CLIENT_TOKEN_MAX) {
            client_say(why, why_len, "a token has 1 to %d characters", CLIENT_TOKEN_MAX - 1);
            return CLIENT_EUSAGE;
        }
    }
    size_t body_len = body_text != NULL ? strlen(body_text) : 0;
    if (body_text != NULL && body_len + 1 > r->body_cap) {
        char *grown = realloc(r->body, body_len + 1);
        if (grown == NULL) {
            client_say(why, why_len, "out of memory");
            return CLIENT_ENOMEM;
        }
        r->body = grown;
        r->body_cap = body_len + 1;
    }
    if (body_text != NULL)
        memcpy(r->body, body_text, body_len + 1);
    int lines = 0;
    if (body_text != NULL) {
        client_add_header(r, &lines, json_type);
        client_add_header(r, &lines, no_expect);
    }
    if (events)
        client_add_header(r, &lines, accept_events);
    if (token != NULL) {
        snprintf(r->authorization, sizeof r->authorization, "Authorization: Bearer %s", token);
        client_add_header(r, &lines, r->authorization);
    }
    CURL *h = r->easy;
    int get = strcmp(method, "GET") == 0 && body_text == NULL, post = strcmp(method, "POST") == 0;
    curl_easy_setopt(h, CURLOPT_URL, url);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, lines > 0 ? r->header_lines : NULL);
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, timeout_ms < 0 ? 0L : timeout_ms ? timeout_ms : (long)CLIENT_TIMEOUT_MS);
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS,
                     connect_timeout_ms > 0 ? connect_timeout_ms : (long)CLIENT_CONNECT_TIMEOUT_MS);
    curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, get || post ? NULL : method);
    if (body_text == NULL && !post)
        curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
    else {
        curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE, (long)body_len);
        curl_easy_setopt(h, CURLOPT_POSTFIELDS, body_text != NULL ? r->body : "");
    }
    return CLIENT_OK;
}

int client_request_prepare(client_request *r, const char *method, const char *url, const char *token,
                           const char *body_text, long timeout_ms, long connect_timeout_ms, char *why,
                           size_t why_len)
{
    return client_request_setup(r, method, url, token, body_text, 0, timeout_ms, connect_timeout_ms, why, why_len);
}

/* The request as "METHOD URL" for messages. */
static void client_request_name(client_request *r, char *out, size_t out_len)
{
    char *url = NULL, *method = NULL;
    curl_easy_getinfo(r->easy, CURLINFO_EFFECTIVE_URL, &url);
    curl_easy_getinfo(r->easy, CURLINFO_EFFECTIVE_METHOD, &method);
    snprintf(out, out_len, "%s %s", method != NULL ? method : "request", url != NULL ? url : "?");
}

int client_request_finish(client_request *r, CURLcode result, json_t **answer, char *why, size_t why_len)
{
    if (answer != NULL)
        *answer = NULL;
    r->status = 0;
    curl_easy_getinfo(r->easy, CURLINFO_RESPONSE_CODE, &r->status);
    json_error_t error;
    int success = result == CURLE_OK && r->status >= 200 && r->status <= 299;
    if (success && answer == NULL)
        return CLIENT_OK;
    if (success && r->answer_len > 0 && (*answer = json_loadb(r->answer, r->answer_len, 0, &error)) != NULL)
        return CLIENT_OK;
    char name[512]; /* what went wrong, from here on */
    client_request_name(r, name, sizeof name);
    if (result != CURLE_OK) {
        if (r->answer_too_large) {
            client_say(why, why_len, "%s: the answer is larger than %d bytes", name, CLIENT_ANSWER_MAX);
            return CLIENT_EBODY;
        }
        if (result == CURLE_WRITE_ERROR) {
            client_say(why, why_len, "%s: out of memory for the answer", name);
            return CLIENT_ENOMEM;
        }
        const char *reason = r->curl_error[0] ? r->curl_error : curl_easy_strerror(result);
        if (result == CURLE_OPERATION_TIMEDOUT) {
            client_say(why, why_len, "%s: no answer in time (%s)", name, reason);
            return CLIENT_ETIMEOUT;
        }
        client_say(why, why_len, "%s: no answer from the server (%s)", name, reason);
        return CLIENT_ENET;
    }
    if (!success) {
        json_t *error_body = r->answer_len > 0 ? json_loadb(r->answer, r->answer_len, 0, NULL) : NULL;
        const char *code = client_json_string(error_body, "code");
        const char *reason = client_json_string(error_body, "error");
        snprintf(r->code, sizeof r->code, "%s", code != NULL ? code : "");
        if (reason != NULL)
            client_say(why, why_len, "%s: %ld %s: %s", name, r->status, code != NULL ? code : "", reason);
        else
            client_say(why, why_len, "%s: %ld: %.200s", name, r->status, r->answer_len ? r->answer : "(no body)");
        json_decref(error_body);
        return CLIENT_ESTATUS;
    }
    if (r->answer_len == 0)
        client_say(why, why_len, "%s: %ld with an empty answer, not JSON", name, r->status);
    else
        client_say(why, why_len, "%s: the answer is not JSON (%s at byte %d)", name, error.text, error.position);
    return CLIENT_EBODY;
}

/* ---- the client ---- */

client *client_new(const char *base_url)
{
    if (base_url == NULL || (strncmp(base_url, "http://", 7) != 0 && strncmp(base_url, "https://", 8) != 0))
        return NULL;
    CURLU *parsed = curl_url();
    if (parsed == NULL)
        return NULL;
    CURLUcode checked = curl_url_set(parsed, CURLUPART_URL, base_url, 0);
    curl_url_cleanup(parsed);
    if (checked != CURLUE_OK)
        return NULL;
    client *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->base = strdup(base_url);
    if (c->base == NULL || client_request_init(&c->request) != CLIENT_OK) {
        free(c->base);
        free(c);
        return NULL;
    }
    size_t n = strlen(c->base);
    while (n > 0 && c->base[n - 1] == '/')
        c->base[--n] = '\0';
    return c;
}

void client_free(client *c)
{
    if (c == NULL)
        return;
    client_request_free(&c->request);
    free(c->base);
    free(c);
}

void client_set_timeouts(client *c, long timeout_ms, long connect_timeout_ms)
{
    if (timeout_ms > 0)
        c->timeout_ms = timeout_ms;
    if (connect_timeout_ms > 0)
        c->connect_timeout_ms = connect_timeout_ms;
}

long client_last_status(const client *c)
{
    return c->request.status;
}

const char *client_last_code(const client *c)
{
    return c->request.code;
}

/* base + path into a new string; NULL (with why) if path does not start with "/". */
static char *client_url(client *c, const char *path, char *why, size_t why_len)
{
    if (path == NULL || path[0] != '/') {
        client_say(why, why_len, "a path starts with \"/\", not \"%.40s\"", path != NULL ? path : "(null)");
        return NULL;
    }
    size_t n = strlen(c->base) + strlen(path) + 1;
    char *url = malloc(n);
    if (url == NULL)
        client_say(why, why_len, "out of memory");
    else
        snprintf(url, n, "%s%s", c->base, path);
    return url;
}

/* Prepare and perform one request on c's handle; answer as client_request_finish. */
static int client_perform(client *c, const char *method, const char *path, const char *token, json_t *body,
                          json_t **answer, char *why, size_t why_len)
{
    if (answer != NULL)
        *answer = NULL;
    c->request.status = 0;
    c->request.code[0] = '\0';
    char *url = client_url(c, path, why, why_len);
    if (url == NULL)
        return path == NULL || path[0] != '/' ? CLIENT_EUSAGE : CLIENT_ENOMEM;
    char *body_text = NULL;
    if (body != NULL && (body_text = json_dumps(body, JSON_COMPACT)) == NULL) {
        free(url);
        client_say(why, why_len, "the body cannot be written as JSON");
        return CLIENT_EUSAGE;
    }
    int status = client_request_prepare(&c->request, method, url, token, body_text, c->timeout_ms,
                                        c->connect_timeout_ms, why, why_len);
    free(body_text);
    free(url);
    if (status != CLIENT_OK)
        return status;
    CURLcode result = curl_easy_perform(c->request.easy);
    return client_request_finish(&c->request, result, answer, why, why_len);
}

int client_call(client *c, const char *method, const char *path, const char *token, json_t *body,
                json_t **answer, long *http_status, char *why, size_t why_len)
{
    int status = client_perform(c, method, path, token, body, answer, why, why_len);
    if (http_status != NULL)
        *http_status = c->request.status;
    return status;
}

int client_get_text(client *c, const char *path, const char *token, char **text, size_t *len,
                    long *http_status, char *why, size_t why_len)
{
    *text = NULL;
    if (len != NULL)
        *len = 0;
    int status = client_perform(c, "GET", path, token, NULL, NULL, why, why_len);
    if (http_status != NULL)
        *http_status = c->request.status;
    if (status != CLIENT_OK)
        return status;
    client_request *r = &c->request;
    if (r->answer == NULL && client_answer_append(r, "", 0) != 0) {
        client_say(why, why_len, "out of memory");
        return CLIENT_ENOMEM;
    }
    *text = r->answer; /* handed over: the next request allocates anew */
    if (len != NULL)
        *len = r->answer_len;
    r->answer = NULL;
    r->answer_len = 0;
    r->answer_cap = 0;
    return CLIENT_OK;
}

/* ---- reading answers ---- */

int client_json_int(const json_t *object, const char *key, int64_t *out)
{
    json_t *value = json_is_object(object) ? json_object_get(object, key) : NULL;
    if (!json_is_integer(value))
        return -1;
    *out = (int64_t)json_integer_value(value);
    return 0;
}

const char *client_json_string(const json_t *object, const char *key)
{
    json_t *value = json_is_object(object) ? json_object_get(object, key) : NULL;
    return json_is_string(value) ? json_string_value(value) : NULL;
}

int client_json_to_move(const json_t *summary_or_view)
{
    int64_t seat;
    if (client_json_int(summary_or_view, "to_move", &seat) != 0 || seat < 0 || seat > 255)
        return -1;
    return (int)seat;
}

json_t *client_next_view(const json_t *view, const char *view_id, const char *event, const char *data)
{
    json_t *change, *next = NULL;
    int64_t from;
    char from_text[32];

    if (strcmp(event, "view") == 0)
        return json_loads(data, 0, NULL);
    change = strcmp(event, "patch") == 0 && view != NULL ? json_loads(data, 0, NULL) : NULL;
    if (client_json_int(change, "from", &from) == 0) {
        snprintf(from_text, sizeof from_text, "%" PRId64, from);
        if (strcmp(from_text, view_id) == 0)
            next = jpatch_apply(view, json_object_get(change, "patch"), NULL, 0);
    }
    json_decref(change);
    return next;
}

/* ---- the endpoints ---- */

json_t *client_game_request(const char *game, const char *variant, int players, const char *const *bots)
{
    json_t *request = json_object();
    json_t *seats = json_array();
    int failed = request == NULL || seats == NULL;
    for (int k = 0; !failed && k < players; k++) {
        const char *bot = bots != NULL ? bots[k] : NULL;
        json_t *seat = bot != NULL ? json_pack("{s:s, s:s}", "type", "bot", "bot", bot)
                                   : json_pack("{s:s}", "type", "human");
        failed = json_array_append_new(seats, seat) != 0;
    }
    failed = failed || json_object_set_new(request, "game", json_string(game)) != 0 ||
             json_object_set_new(request, "players", json_integer(players)) != 0 ||
             (variant != NULL && json_object_set_new(request, "variant", json_string(variant)) != 0);
    if (failed || json_object_set(request, "seats", seats) != 0) {
        json_decref(seats);
        json_decref(request);
        return NULL;
    }
    json_decref(seats);
    return request;
}

/* The answer's integer key, or CLIENT_EBODY naming what is missing. */
static int client_need_int(const json_t *answer, const char *key, int64_t *out, const char *what, char *why,
                           size_t why_len)
{
    if (client_json_int(answer, key, out) == 0)
        return CLIENT_OK;
    client_say(why, why_len, "the answer of %s has no integer \"%s\"", what, key);
    return CLIENT_EBODY;
}

int client_create_game(client *c, const char *game, const char *variant, int players, const char *const *bots,
                       int64_t *id, json_t **summary, char *why, size_t why_len)
{
    if (summary != NULL)
        *summary = NULL;
    json_t *request = client_game_request(game, variant, players, bots);
    if (request == NULL) {
        client_say(why, why_len, "out of memory");
        return CLIENT_ENOMEM;
    }
    json_t *answer = NULL;
    int status = client_perform(c, "POST", "/api/games", NULL, request, &answer, why, why_len);
    json_decref(request);
    if (status == CLIENT_OK)
        status = client_need_int(answer, "id", id, "POST /api/games", why, why_len);
    if (status == CLIENT_OK && summary != NULL)
        *summary = answer;
    else
        json_decref(answer);
    return status;
}

int client_join(client *c, int64_t id, int seat, const char *name, int *seat_taken, char *token, size_t token_len,
                char *why, size_t why_len)
{
    char path[96];
    snprintf(path, sizeof path, "/api/games/%" PRId64 "/join", id);
    json_t *body = json_object();
    if (body == NULL || (seat >= 0 && json_object_set_new(body, "seat", json_integer(seat)) != 0) ||
        (name != NULL && json_object_set_new(body, "name", json_string(name)) != 0)) {
        json_decref(body);
        client_say(why, why_len, "out of memory");
        return CLIENT_ENOMEM;
    }
    json_t *answer = NULL;
    int status = client_perform(c, "POST", path, NULL, body, &answer, why, why_len);
    json_decref(body);
    int64_t taken = -1;
    if (status == CLIENT_OK)
        status = client_need_int(answer, "seat", &taken, path, why, why_len);
    const char *secret = status == CLIENT_OK ? client_json_string(answer, "token") : NULL;
    if (status == CLIENT_OK && (secret == NULL || secret[0] == '\0' || strlen(secret) >= token_len)) {
        client_say(why, why_len, "the answer of %s has no token that fits %zu bytes", path, token_len);
        status = CLIENT_EBODY;
    }
    if (status == CLIENT_OK) {
        snprintf(token, token_len, "%s", secret);
        if (seat_taken != NULL)
            *seat_taken = (int)taken;
    }
    json_decref(answer);
    return status;
}

/* GET /api/games/ID + suffix as token into *answer. */
static int client_get_json(client *c, int64_t id, const char *suffix, const char *token, json_t **answer,
                           char *why, size_t why_len)
{
    char path[160];
    snprintf(path, sizeof path, "/api/games/%" PRId64 "%s", id, suffix);
    return client_perform(c, "GET", path, token, NULL, answer, why, why_len);
}

int client_summary(client *c, int64_t id, json_t **summary, char *why, size_t why_len)
{
    return client_get_json(c, id, "", NULL, summary, why, why_len);
}

int client_view(client *c, int64_t id, const char *token, json_t **view, char *why, size_t why_len)
{
    return client_get_json(c, id, "/view", token, view, why, why_len);
}

int client_legal(client *c, int64_t id, const char *token, const char *prefix, json_t **legal, char *why,
                 size_t why_len)
{
    *legal = NULL;
    if (prefix == NULL || prefix[0] == '\0')
        return client_get_json(c, id, "/legal", token, legal, why, why_len);
    char *escaped = curl_easy_escape(c->request.easy, prefix, 0);
    if (escaped == NULL) {
        client_say(why, why_len, "out of memory");
        return CLIENT_ENOMEM;
    }
    size_t n = strlen(escaped) + 64;
    char *path = malloc(n);
    int status = CLIENT_ENOMEM;
    if (path != NULL) {
        snprintf(path, n, "/api/games/%" PRId64 "/legal?prefix=%s", id, escaped);
        status = client_perform(c, "GET", path, token, NULL, legal, why, why_len);
    } else
        client_say(why, why_len, "out of memory");
    free(path);
    curl_free(escaped);
    return status;
}

/* POST /api/games/ID + suffix with body as token; the answer's "version"
 * into *new_version (may be NULL), the answer into *answer (may be NULL). */
static int client_post_versioned(client *c, int64_t id, const char *suffix, const char *token, json_t *body,
                                 int64_t *new_version, json_t **answer, char *why, size_t why_len)
{
    if (answer != NULL)
        *answer = NULL;
    char path[96];
    snprintf(path, sizeof path, "/api/games/%" PRId64 "%s", id, suffix);
    json_t *got = NULL;
    int status = client_perform(c, "POST", path, token, body, &got, why, why_len);
    int64_t version = 0;
    if (status == CLIENT_OK && new_version != NULL &&
        (status = client_need_int(got, "version", &version, path, why, why_len)) == CLIENT_OK)
        *new_version = version;
    if (status == CLIENT_OK && answer != NULL)
        *answer = got;
    else
        json_decref(got);
    return status;
}

int client_act(client *c, int64_t id, const char *token, int64_t version, const char *action,
               int64_t *new_version, json_t **answer, char *why, size_t why_len)
{
    json_t *body = json_pack("{s:I, s:s}", "version", (json_int_t)version, "action", action);
    if (body == NULL) {
        if (answer != NULL)
            *answer = NULL;
        client_say(why, why_len, "an action is UTF-8 text, not \"%.40s\"", action != NULL ? action : "(null)");
        return CLIENT_EUSAGE;
    }
    int status = client_post_versioned(c, id, "/actions", token, body, new_version, answer, why, why_len);
    json_decref(body);
    return status;
}

int client_undo(client *c, int64_t id, const char *token, int64_t version, int64_t *new_version, char *why,
                size_t why_len)
{
    json_t *body = json_pack("{s:I}", "version", (json_int_t)version);
    if (body == NULL) {
        client_say(why, why_len, "out of memory");
        return CLIENT_ENOMEM;
    }
    int status = client_post_versioned(c, id, "/undo", token, body, new_version, NULL, why, why_len);
    json_decref(body);
    return status;
}

int client_leave(client *c, int64_t id, const char *token, char *why, size_t why_len)
{
    json_t *body = json_object();
    if (body == NULL) {
        client_say(why, why_len, "out of memory");
        return CLIENT_ENOMEM;
    }
    char path[96];
    snprintf(path, sizeof path, "/api/games/%" PRId64 "/leave", id);
    int status = client_perform(c, "POST", path, token, body, NULL, why, why_len); /* any body (or none) answers */
    json_decref(body);
    return status;
}

int client_record(client *c, int64_t id, const char *token, char **text, size_t *len, char *why, size_t why_len)
{
    char path[96];
    snprintf(path, sizeof path, "/api/games/%" PRId64 "/record", id);
    return client_get_text(c, path, token, text, len, NULL, why, why_len);
}

/* ---- the event stream ---- */

void client_sse_init(client_sse *s)
{
    memset(s, 0, sizeof *s);
    s->first_line = 1;
    s->retry_ms = -1;
}

void client_sse_free(client_sse *s)
{
    free(s->line);
    free(s->data);
    client_sse_init(s);
}

/* Append n bytes to a NUL-terminated buffer; 0, or -1 past CLIENT_SSE_MAX
 * or out of memory. */
static int client_sse_append(char **buffer, size_t *len, size_t *cap, const char *bytes, size_t n)
{
    if (n > CLIENT_SSE_MAX - *len)
        return -1;
    if (*len + n + 1 > *cap) {
        size_t grown_cap = *cap ? *cap : 256;
        while (grown_cap < *len + n + 1)
            grown_cap *= 2;
        char *grown = realloc(*buffer, grown_cap);
        if (grown == NULL)
            return -1;
        *buffer = grown;
        *cap = grown_cap;
    }
    memcpy(*buffer + *len, bytes, n);
    *len += n;
    (*buffer)[*len] = '\0';
    return 0;
}

/* value[0..n-1] into a name buffer, cut to fit. */
static void client_sse_copy_name(char name[CLIENT_SSE_NAME_MAX], const char *value, size_t n)
{
    if (n >= CLIENT_SSE_NAME_MAX)
        n = CLIENT_SSE_NAME_MAX - 1;
    memcpy(name, value, n);
    name[n] = '\0';
}

/* Interpret the completed line; 0, 1 if the callback stopped, -1 on overflow. */
static int client_sse_line(client_sse *s, client_event_fn *fn, void *context)
{
    const char *line = s->line != NULL ? s->line : "";
    size_t n = s->line_len;
    s->line_len = 0;
    if (s->first_line) {
        s->first_line = 0;
        if (n >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
            line += 3;
            n -= 3;
        }
    }
    if (n == 0) { /* dispatch */
        if (s->data_len == 0) {
            s->event[0] = '\0';
            return 0;
        }
        s->data[--s->data_len] = '\0'; /* the last data line's LF */
        int stop = fn(context, s->event[0] ? s->event : "message", s->id, s->data);
        s->data_len = 0;
        s->data[0] = '\0';
        s->event[0] = '\0';
        s->events++;
        return stop != 0 ? 1 : 0;
    }
    if (line[0] == ':') {
        s->comments++;
        return 0;
    }
    const char *colon = memchr(line, ':', n);
    size_t field_len = colon != NULL ? (size_t)(colon - line) : n;
    const char *value = colon != NULL ? colon + 1 : line + n;
    size_t value_len = n - (size_t)(value - line);
    if (value_len > 0 && value[0] == ' ') {
        value++;
        value_len--;
    }
    if (field_len == 5 && memcmp(line, "event", 5) == 0)
        client_sse_copy_name(s->event, value, value_len);
    else if (field_len == 4 && memcmp(line, "data", 4) == 0) {
        if (client_sse_append(&s->data, &s->data_len, &s->data_cap, value, value_len) != 0 ||
            client_sse_append(&s->data, &s->data_len, &s->data_cap, "\n", 1) != 0)
            return -1;
    } else if (field_len == 2 && memcmp(line, "id", 2) == 0) {
        if (memchr(value, '\0', value_len) == NULL)
            client_sse_copy_name(s->id, value, value_len);
    } else if (field_len == 5 && memcmp(line, "retry", 5) == 0) {
        long ms = 0;
        size_t i = 0;
        while (i < value_len && isdigit((unsigned char)value[i]) && ms < 100000000)
            ms = ms * 10 + (value[i++] - '0');
        if (value_len > 0 && i == value_len)
            s->retry_ms = ms;
    }
    return 0; /* any other field is ignored */
}

int client_sse_feed(client_sse *s, const char *bytes, size_t len, client_event_fn *fn, void *context)
{
    size_t i = 0;
    while (i < len) {
        if (s->after_cr) {
            s->after_cr = 0;
            if (bytes[i] == '\n') { /* the LF of a CRLF split between chunks, or not */
                i++;
                continue;
            }
        }
        size_t end = i;
        while (end < len && bytes[end] != '\r' && bytes[end] != '\n')
            end++;
        if (client_sse_append(&s->line, &s->line_len, &s->line_cap, bytes + i, end - i) != 0)
            return -1;
        if (end == len)
            break;
        s->after_cr = bytes[end] == '\r';
        i = end + 1;
        int outcome = client_sse_line(s, fn, context);
        if (outcome != 0)
            return outcome;
    }
    return 0;
}

/* What client_events keeps while the stream runs. */
typedef struct client_stream {
    client_request *request;  /* the stream's handle and error buffer */
    client_sse sse;           /* the parser */
    client_event_fn *fn;      /* the caller's callback */
    void *context;            /* its context */
    int checked;              /* 1: the status and type of the answer were looked at */
    int is_stream;            /* 1: a 200 text/event-stream answer, parsed as events */
    int stopped;              /* 1: the callback asked to stop */
    int overflow;             /* 1: an event passed CLIENT_SSE_MAX */
} client_stream;

static size_t client_stream_write(char *bytes, size_t size, size_t count, void *context)
{
    client_stream *st = context;
    size_t n = size * count;
    if (!st->checked) {
        long status = 0;
        char *type = NULL;
        curl_easy_getinfo(st->request->easy, CURLINFO_RESPONSE_CODE, &status);
        curl_easy_getinfo(st->request->easy, CURLINFO_CONTENT_TYPE, &type);
        st->is_stream = status == 200 && type != NULL && strncasecmp(type, "text/event-stream", 17) == 0;
        st->checked = 1;
    }
    if (!st->is_stream) /* an error answer (or a wrong one): kept for its message */
        return client_answer_append(st->request, bytes, n) == 0 ? n : 0;
    int outcome = client_sse_feed(&st->sse, bytes, n, st->fn, st->context);
    if (outcome == 1)
        st->stopped = 1;
    else if (outcome < 0)
        st->overflow = 1;
    return outcome == 0 ? n : 0;
}

int client_events(client *c, const char *path, const char *token, client_event_fn *fn, void *context,
                  long timeout_ms, char *why, size_t why_len)
{
    char *url = client_url(c, path, why, why_len);
    if (url == NULL)
        return path == NULL || path[0] != '/' ? CLIENT_EUSAGE : CLIENT_ENOMEM;
    client_request request; /* the client's own reference to the global setup covers it: no global call in a thread */
    int status = client_request_open(&request, 0);
    if (status != CLIENT_OK) {
        free(url);
        client_say(why, why_len, "out of memory");
        return status;
    }
    status = client_request_setup(&request, "GET", url, token, NULL, 1, timeout_ms > 0 ? timeout_ms : -1,
                                  c->connect_timeout_ms, why, why_len);
    free(url);
    if (status != CLIENT_OK) {
        client_request_close(&request, 0);
        return status;
    }
    client_stream st;
    memset(&st, 0, sizeof st);
    st.request = &request;
    st.fn = fn;
    st.context = context;
    client_sse_init(&st.sse);
    curl_easy_setopt(request.easy, CURLOPT_WRITEFUNCTION, client_stream_write);
    curl_easy_setopt(request.easy, CURLOPT_WRITEDATA, &st);
    CURLcode result = curl_easy_perform(request.easy);
    char name[512];
    client_request_name(&request, name, sizeof name);
    if (st.stopped)
        status = CLIENT_OK;
    else if (st.overflow) {
        client_say(why, why_len, "%s: an event is larger than %d bytes", name, CLIENT_SSE_MAX);
        status = CLIENT_EBODY;
    } else if (st.checked && !st.is_stream) {
        status = client_request_finish(&request, result, NULL, why, why_len);
        if (status == CLIENT_OK) {
            char *type = NULL;
            curl_easy_getinfo(request.easy, CURLINFO_CONTENT_TYPE, &type);
            client_say(why, why_len, "%s: the answer is %s, not text/event-stream", name,
                       type != NULL ? type : "of no type");
            status = CLIENT_EBODY;
        }
    } else if (result == CURLE_OK) {
        client_say(why, why_len, "%s: the server closed the event stream", name);
        status = CLIENT_ENET;
    } else if (result == CURLE_OPERATION_TIMEDOUT && st.is_stream) {
        client_say(why, why_len, "%s: %ld ms passed with %ld events and no stop", name, timeout_ms, st.sse.events);
        status = CLIENT_ETIMEOUT;
    } else
        status = client_request_finish(&request, result, NULL, why, why_len);
    long stream_status = 0;
    curl_easy_getinfo(request.easy, CURLINFO_RESPONSE_CODE, &stream_status);
    c->request.status = stream_status;
    snprintf(c->request.code, sizeof c->request.code, "%s", request.code);
    client_sse_free(&st.sse);
    client_request_close(&request, 0);
    return status;
}
