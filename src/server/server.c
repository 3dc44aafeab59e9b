/*
 * server.c -- HTTP for the hub with libmicrohttpd (see server.h): request
 * bodies gathered and parsed with jansson, routes of docs/api.md, JSON and
 * text answers, event streams, and the browser UI's static files.
 */
#include "server/server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
    CONNECTION_LIMIT = 8192,     /* most connections at once */
    IDLE_TIMEOUT_SECONDS = 300,  /* an idle connection is closed after this */
    THREAD_STACK = 1 << 21,      /* stack of each connection's thread */
    STREAM_BLOCK = 4096          /* bytes an event stream hands over at a time */
};

struct server {
    struct MHD_Daemon *daemon; /* the HTTP server */
    hub *h;                    /* the games (the caller's) */
    char *web_dir;             /* the browser UI's folder, NULL if none */
    int port;                  /* the port listened on */
};

/* One request being read: its body so far. */
typedef struct request {
    char *body;    /* bytes received (NUL-terminated), NULL if none */
    size_t len;    /* bytes in body */
    int too_large; /* 1 once the body went over SERVER_BODY_MAX */
} request;

/* One event stream being sent. */
typedef struct stream {
    hub_watch *watch; /* where the events come from */
    char *pending;    /* the piece being sent */
    size_t len;       /* its length */
    size_t sent;      /* bytes of it already handed over */
} stream;

static enum MHD_Result send_text(struct MHD_Connection *connection, int status, const char *type, char *text,
                                 size_t len)
{
    struct MHD_Response *response = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
    enum MHD_Result result;

    if (response == NULL) {
        free(text);
        return MHD_NO;
    }
    MHD_add_response_header(response, "Content-Type", type);
    MHD_add_response_header(response, "Cache-Control", "no-store");
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    result = MHD_queue_response(connection, (unsigned)status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result send_json(struct MHD_Connection *connection, int status, json_t *body)
{
    char *text = json_dumps(body, JSON_COMPACT);

    json_decref(body);
    if (text == NULL)
        return MHD_NO;
    return send_text(connection, status, "application/json; charset=utf-8", text, strlen(text));
}

static enum MHD_Result send_error(struct MHD_Connection *connection, int status, const char *code,
                                  const char *reason)
{
    return send_json(connection, status, json_pack("{s:s, s:s}", "error", reason, "code", code));
}

static enum MHD_Result send_reply(struct MHD_Connection *connection, hub_reply *r)
{
    enum MHD_Result result;

    if (r->code != NULL)
        result = send_error(connection, r->status, r->code, r->error);
    else if (r->text != NULL) {
        result = send_text(connection, r->status, "text/plain; charset=utf-8", r->text, strlen(r->text));
        r->text = NULL;
    } else {
        result = send_json(connection, r->status, r->body);
        r->body = NULL;
    }
    hub_reply_free(r);
    return result;
}

/* The presented seat token: "Authorization: Bearer TOKEN", else ?token=. */
static const char *token_of(struct MHD_Connection *connection)
{
    const char *header = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Authorization");

    if (header != NULL && strncmp(header, "Bearer ", 7) == 0)
        return header + 7;
    return MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "token");
}

static const char *argument(struct MHD_Connection *connection, const char *name)
{
    return MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, name);
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    stream *s = cls;
    size_t n;

    (void)pos;
    while (s->sent == s->len) {
        free(s->pending);
        s->pending = hub_watch_next(s->watch); /* waits for the next change */
        s->len = s->pending ? strlen(s->pending) : 0;
        s->sent = 0;
        if (s->pending == NULL)
            return MHD_CONTENT_READER_END_OF_STREAM;
    }
    n = s->len - s->sent < max ? s->len - s->sent : max;
    memcpy(buf, s->pending + s->sent, n);
    s->sent += n;
    return (ssize_t)n;
}

static void stream_free(void *cls)
{
    stream *s = cls;

    hub_watch_close(s->watch);
    free(s->pending);
    free(s);
}

static enum MHD_Result send_stream(struct MHD_Connection *connection, hub *h, int64_t id)
{
    hub_reply r = {0};
    hub_watch *watch = hub_watch_open(h, id, token_of(connection), &r);
    stream *s;
    struct MHD_Response *response;
    enum MHD_Result result;

    if (watch == NULL)
        return send_reply(connection, &r);
    s = calloc(1, sizeof *s);
    if (s == NULL) {
        hub_watch_close(watch);
        return MHD_NO;
    }
    s->watch = watch;
    response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, STREAM_BLOCK, stream_read, s, stream_free);
    if (response == NULL) {
        stream_free(s);
        return MHD_NO;
    }
    MHD_add_response_header(response, "Content-Type", "text/event-stream");
    MHD_add_response_header(response, "Cache-Control", "no-store");
    MHD_add_response_header(response, "X-Accel-Buffering", "no");
    result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

/* A file of the browser UI below web_dir: no "..", index.html for "/". */
static enum MHD_Result send_file(struct MHD_Connection *connection, const server *srv, const char *url)
{
    static const struct {
        const char *suffix, *type;
    } types[] = {{".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
                 {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
                 {".json", "application/json"},         {".png", "image/png"},
                 {".ico", "image/x-icon"}};
    const char *type = "application/octet-stream";
    char path[4096];
    struct stat info;
    struct MHD_Response *response;
    enum MHD_Result result;
    int fd;

    if (srv->web_dir == NULL || strstr(url, "..") != NULL || url[0] != '/')
        return send_error(connection, 404, "not_found", "no such page");
    snprintf(path, sizeof path, "%s%s%s", srv->web_dir, url, url[strlen(url) - 1] == '/' ? "index.html" : "");
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        if (fd >= 0)
            close(fd);
        return send_error(connection, 404, "not_found", "no such page");
    }
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        size_t n = strlen(path), k = strlen(types[i].suffix);
        if (n >= k && strcmp(path + n - k, types[i].suffix) == 0)
            type = types[i].type;
    }
    response = MHD_create_response_from_fd((uint64_t)info.st_size, fd);
    if (response == NULL) {
        close(fd);
        return MHD_NO;
    }
    MHD_add_response_header(response, "Content-Type", type);
    MHD_add_response_header(response, "Cache-Control", "no-cache");
    result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

/* The game id at the start of text ("7" or "7/verb"): > 0, else -1. *rest
 * is what follows the digits. */
static int64_t parse_id(const char *text, const char **rest)
{
    int64_t id = 0;
    const char *c = text;

    while (*c >= '0' && *c <= '9' && c - text < 18)
        id = id * 10 + (*c++ - '0');
    *rest = c;
    return c == text || (*c != '\0' && *c != '/') || id <= 0 ? -1 : id;
}

/* The client's IP address as text into buf (len bytes): "" if unknown. */
static const char *client_address(struct MHD_Connection *connection, char *buf, size_t len)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *peer = info != NULL ? info->client_addr : NULL;

    buf[0] = '\0';
    if (peer != NULL && peer->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)peer)->sin_addr, buf, (socklen_t)len);
    else if (peer != NULL && peer->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)peer)->sin6_addr, buf, (socklen_t)len);
    return buf;
}

/* Route one whole request. body is the parsed JSON of a POST (else NULL). */
static enum MHD_Result route(struct MHD_Connection *connection, const server *srv, const char *url,
                             const char *method, const json_t *body)
{
    int get = strcmp(method, "GET") == 0, post = strcmp(method, "POST") == 0;
    const char *token = token_of(connection), *verb;
    char address[INET6_ADDRSTRLEN];
    hub_reply r = {0};
    int64_t id;

    if (strncmp(url, "/api/", 5) != 0)
        return get ? send_file(connection, srv, url)
                   : send_error(connection, 405, "method", "only GET is served outside /api/");
    if (strcmp(url, "/api/games") == 0 || strcmp(url, "/api/games/") == 0) {
        if (get)
            hub_list(srv->h, argument(connection, "status"), argument(connection, "limit"), &r);
        else if (post)
            hub_create(srv->h, body, client_address(connection, address, sizeof address), &r);
        else
            return send_error(connection, 405, "method", "use GET or POST on /api/games");
        return send_reply(connection, &r);
    }
    if (strcmp(url, "/api/bots") == 0 || strcmp(url, "/api/stats") == 0) {
        if (!get)
            return send_error(connection, 405, "method", "use GET here");
        if (strcmp(url, "/api/bots") == 0)
            hub_bots(&r);
        else
            hub_stats(srv->h, &r);
        return send_reply(connection, &r);
    }
    if (strncmp(url, "/api/games/", 11) != 0 || (id = parse_id(url + 11, &verb)) < 0)
        return send_error(connection, 404, "not_found", "no such route");
    if (*verb == '/')
        verb++;
    if (strcmp(verb, "") == 0 && get)
        hub_summary(srv->h, id, &r);
    else if (strcmp(verb, "join") == 0 && post)
        hub_join(srv->h, id, body, &r);
    else if (strcmp(verb, "view") == 0 && get)
        hub_view(srv->h, id, token, argument(connection, "at"), &r);
    else if (strcmp(verb, "legal") == 0 && get)
        hub_legal(srv->h, id, token, argument(connection, "prefix"), &r);
    else if (strcmp(verb, "actions") == 0 && post)
        hub_act(srv->h, id, token, body, &r);
    else if (strcmp(verb, "undo") == 0 && post)
        hub_undo(srv->h, id, token, body, &r);
    else if (strcmp(verb, "leave") == 0 && post)
        hub_leave(srv->h, id, token, body, &r);
    else if (strcmp(verb, "log") == 0 && get)
        hub_log(srv->h, id, token, argument(connection, "from"), &r);
    else if (strcmp(verb, "record") == 0 && get)
        hub_record(srv->h, id, token, &r);
    else if (strcmp(verb, "hints") == 0 && get)
        hub_hints(srv->h, id, token, &r);
    else if (strcmp(verb, "hints/off") == 0 && post)
        hub_hints_off(srv->h, id, token, body, &r);
    else if (strcmp(verb, "events") == 0 && get)
        return send_stream(connection, srv->h, id);
    else {
        static const char *const gets[] = {"", "view", "legal", "log", "record", "events", "hints"};
        static const char *const posts[] = {"join", "actions", "undo", "leave", "hints/off"};
        for (size_t i = 0; i < sizeof gets / sizeof gets[0]; i++)
            if (strcmp(verb, gets[i]) == 0)
                return send_error(connection, 405, "method", "use GET here");
        for (size_t i = 0; i < sizeof posts / sizeof posts[0]; i++)
            if (strcmp(verb, posts[i]) == 0)
                return send_error(connection, 405, "method", "use POST here");
        return send_error(connection, 404, "not_found", "no such route");
    }
    return send_reply(connection, &r);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **state)
{
    const server *srv = cls;
    request *req = *state;
    json_t *body = NULL;
    json_error_t error;
    enum MHD_Result result;

    (void)version;
    if (req == NULL) { /* first call: headers only */
        req = calloc(1, sizeof *req);
        if (req == NULL)
            return MHD_NO;
        *state = req;
        return MHD_YES;
    }
    if (*upload_data_size > 0) { /* a piece of the body */
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (req->too_large || req->len + n > SERVER_BODY_MAX) {
            req->too_large = 1;
            return MHD_YES;
        }
        char *more = realloc(req->body, req->len + n + 1);
        if (more == NULL)
            return MHD_NO;
        req->body = more;
        memcpy(req->body + req->len, upload_data, n);
        req->len += n;
        req->body[req->len] = '\0';
        return MHD_YES;
    }
    if (req->too_large)
        return send_error(connection, 413, "too_large", "the body is over 16 KiB");
    if (strcmp(method, "POST") == 0) {
        body = req->len == 0 ? json_object() : json_loadb(req->body, req->len, JSON_REJECT_DUPLICATES, &error);
        if (body == NULL) {
            char reason[300];
            snprintf(reason, sizeof reason, "the body is not JSON: %s (at byte %d)", error.text, error.position);
            return send_error(connection, 400, "bad_json", reason);
        }
        if (!json_is_object(body)) {
            json_decref(body);
            return send_error(connection, 400, "bad_json", "the body must be a JSON object");
        }
    }
    result = route(connection, srv, url, method, body);
    json_decref(body);
    return result;
}

static void completed(void *cls, struct MHD_Connection *connection, void **state,
                      enum MHD_RequestTerminationCode code)
{
    request *req = *state;

    (void)cls;
    (void)connection;
    (void)code;
    if (req != NULL) {
        free(req->body);
        free(req);
        *state = NULL;
    }
}

server *server_start(hub *h, const char *address, int port, const char *web_dir, char *why, size_t why_len)
{
    server *srv = calloc(1, sizeof *srv);
    struct sockaddr_in where = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    const union MHD_DaemonInfo *info;

    if (srv == NULL) {
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    if (inet_pton(AF_INET, address, &where.sin_addr) != 1) {
        snprintf(why, why_len, "\"%s\" is not an IPv4 address", address);
        free(srv);
        return NULL;
    }
    srv->h = h;
    srv->web_dir = web_dir ? strdup(web_dir) : NULL;
    srv->daemon = MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG, 0, NULL, NULL, handle,
        srv, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&where, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)CONNECTION_LIMIT, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_TIMEOUT_SECONDS,
        MHD_OPTION_THREAD_STACK_SIZE, (size_t)THREAD_STACK, MHD_OPTION_NOTIFY_COMPLETED, completed, srv,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, 1u, MHD_OPTION_END);
    if (srv->daemon == NULL) {
        snprintf(why, why_len, "cannot listen on %s:%d (in use, or not allowed)", address, port);
        free(srv->web_dir);
        free(srv);
        return NULL;
    }
    info = MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
    srv->port = info ? info->port : port;
    return srv;
}

int server_port(const server *s)
{
    return s->port;
}

void server_stop(server *s)
{
    if (s == NULL)
        return;
    MHD_stop_daemon(s->daemon);
    free(s->web_dir);
    free(s);
}
