/*
 * server.c -- HTTP for the hub with libmicrohttpd (see server.h): request
 * bodies gathered and parsed with jansson, routes of docs/api.md, JSON and
 * text answers, event streams (suspended between pieces, woken by the hub
 * and by the watcher thread), the browser UI's static files, and the
 * rate-limited log.
 */
#include "server/server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "games.h"
#include "server/observe.h"
#include "server/ratelog.h"
#include "timer.h"

enum {
    STREAM_BLOCK = 16384,        /* bytes an event stream hands over at a time */
    STREAM_SEND_BUFFER = 65536, /* the kernel's send buffer of an event stream's socket (bytes; it may
                                   double it): what a watcher that does not read holds, beyond which
                                   its sends stall and --idle-timeout closes it */
    HANGUPS_AT_ONCE = 256, /* hang-ups the watcher thread takes from epoll at a time */
    CONNECTION_MEMORY = 8192, /* libmicrohttpd's memory of a connection (bytes): a request's headers
                                 (beyond it 431) and its buffers; zeroed between two requests, so
                                 its 32 KiB default cost a memset of 32 KiB a request, on memory
                                 gone cold with 1,000 connections */
    AGAIN_MAX = 8 /* times a request is made again from hub_load because its game left memory, or became
                     one to be read again, after hub_load looked (hub_reply.again); then its 503 is answered */
};

typedef struct stream stream;

struct server {
    struct MHD_Daemon *daemon;   /* the HTTP server */
    hub *h;                      /* the games (the caller's) */
    char *web_dir;               /* the browser UI's folder, NULL if none */
    int port;                    /* the port listened on */
    server_settings settings;    /* threads and bounds */
    ratelog log;                 /* libmicrohttpd's messages, rate-limited */
    pthread_mutex_t streams_lock; /* guards streams, ended and every stream's flags but woken and queued */
    stream *streams;             /* the event streams being sent */
    int stream_count;            /* how many (GET /api/stats "streams") */
    stream *ended;               /* streams over, freed by the watcher thread (it may hold them) */
    _Atomic(stream *) to_wake;   /* streams whose game changed (a lock-free stack), resumed by the watcher thread */
    int hangups;                 /* epoll set of the streams' sockets, for the client hanging up, and of wakeups */
    int wakeups;                 /* eventfd: to_wake has streams */
    pthread_t watcher;           /* wakes streams for keep-alives and hang-ups, flushes the log */
    int watcher_started;         /* 1 once the watcher thread runs */
    atomic_int stopping;         /* 1 once server_stop began */
    atomic_int requests_waiting; /* requests whose connection is suspended (or about to be) for an answer */
};

/* Where a request waiting without a thread is (request.later_state). */
enum { LATER_RUNNING = 0, LATER_SUSPENDED = 1, LATER_READY = 2 };

/* One request being read: its body so far; a request waiting without a
 * thread (an action's commit, a hint search), its state. */
typedef struct request {
    char *body;                        /* bytes received (NUL-terminated), NULL if none */
    size_t len;                        /* bytes in body */
    int too_large;                     /* 1 once the body went over SERVER_BODY_MAX */
    hub_later *later;                  /* the hub's request waiting for its answer, NULL none */
    atomic_int later_state;            /* LATER_RUNNING until the first of: its handler suspended the
                                          connection, or the answer is ready */
    struct MHD_Connection *connection; /* the connection to resume once the answer is ready */
    server *srv;                       /* the server */
    int again;                         /* 1: its game was not ready after hub_load looked: route it again */
    int agains;                        /* times that happened (at most AGAIN_MAX) */
} request;

/* One event stream being sent. Its connection is suspended while there is
 * nothing to send, and resumed by wake(). */
struct stream {
    server *srv;                     /* the server */
    struct MHD_Connection *connection; /* the client's connection */
    hub_watch *watch;                /* where the events come from */
    const char *piece;               /* the piece being sent (the hub's) */
    size_t len;                      /* its length */
    size_t sent;                     /* bytes of it already handed over */
    int socket;                      /* the connection's socket, in srv->hangups */
    int idle;                        /* 1 if the hub had nothing more after the last bytes handed over */
    double keepalive_due;            /* when the hub said a keep-alive falls due (timer_now) */
    atomic_int woken;                /* 1 if woken since the hub was last asked */
    atomic_int queued;               /* 1 while on srv->to_wake */
    /* guarded by srv->streams_lock: */
    int suspended;                   /* 1 while the connection is suspended */
    int hung_up;                     /* 1 once the client hung up */
    int over;                        /* 1 once freed by libmicrohttpd (on srv->ended) */
    stream *wake_next;               /* the next stream on srv->to_wake (its pusher's, then the watcher thread's) */
    double due;                      /* when a keep-alive falls due (timer_now) */
    stream *prev, *next;             /* neighbours in srv->streams (next: in srv->ended) */
};

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

/* send_reply for a request of a game (req's): unless the hub asks for it
 * again (r->again: its game was not ready after hub_load looked) and it
 * was not asked again AGAIN_MAX times yet; then nothing is sent and
 * req->again is set (handle routes it again, from hub_load). */
static enum MHD_Result game_reply(struct MHD_Connection *connection, request *req, hub_reply *r)
{
    if (r->again && req->agains < AGAIN_MAX) {
        req->agains++;
        req->again = 1;
        hub_reply_free(r);
        return MHD_YES;
    }
    return send_reply(connection, r);
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

/* Resume s's connection if suspended; else make sure the hub is asked
 * again before it suspends. srv->streams_lock held. */
static void wake(stream *s)
{
    atomic_store(&s->woken, 1);
    if (s->suspended) {
        s->suspended = 0;
        MHD_resume_connection(s->connection);
    }
}

/* hub_watch_notify: the game changed. Called in the request that changed
 * it, for every watcher, with the game's lock held: the stream is only
 * pushed on srv->to_wake, without a lock (a few atomic operations a
 * watcher), and the watcher thread resumes it if suspended (a resumption
 * costs a system call), so that the change is answered without waiting
 * for them; the first stream pushed on an empty stack wakes that thread. */
static void stream_notify(void *context)
{
    stream *s = context;
    server *srv = s->srv;
    stream *head;

    atomic_store(&s->woken, 1);
    if (atomic_exchange(&s->queued, 1))
        return; /* on the stack already */
    head = atomic_load(&srv->to_wake);
    do
        s->wake_next = head;
    while (!atomic_compare_exchange_weak(&srv->to_wake, &head, s));
    if (head == NULL)
        eventfd_write(srv->wakeups, 1);
}

/* Resume the streams pushed on srv->to_wake (srv->streams_lock held),
 * before the ended ones among them are freed: a stream is pushed only
 * before hub_watch_close, so before it is on srv->ended. */
static void wake_queued(server *srv)
{
    stream *s = atomic_exchange(&srv->to_wake, NULL);

    while (s != NULL) {
        stream *next = s->wake_next;
        atomic_store(&s->queued, 0);
        if (!s->over)
            wake(s);
        s = next;
    }
}

/* Put s to sleep until wake(): its connection is suspended (1), unless it
 * was woken meanwhile (0: ask the hub again). */
static int stream_sleep(stream *s)
{
    server *srv = s->srv;
    int sleeps;

    pthread_mutex_lock(&srv->streams_lock);
    sleeps = !atomic_load(&s->woken) && !atomic_load(&srv->stopping);
    if (sleeps) {
        s->suspended = 1;
        s->due = s->keepalive_due;
        MHD_suspend_connection(s->connection);
    }
    pthread_mutex_unlock(&srv->streams_lock);
    return sleeps;
}

/* libmicrohttpd asks for the stream's next bytes: as many pieces as the
 * hub has ready, up to max, so that a watcher behind by several changes
 * gets them in one write. When the hub had nothing more after the last
 * pieces handed over (s->idle), the stream sleeps without asking it
 * again, unless woken since. */
static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    stream *s = cls;
    server *srv = s->srv;
    size_t n = 0;

    (void)pos;
    if (s->idle) {
        s->idle = 0;
        if (stream_sleep(s))
            return 0;
    }
    while (n < max) {
        size_t step;
        if (s->sent == s->len) {
            hub_watch_status status;
            int hung_up;
            pthread_mutex_lock(&srv->streams_lock);
            atomic_store(&s->woken, 0);
            hung_up = s->hung_up;
            pthread_mutex_unlock(&srv->streams_lock);
            if (hung_up || atomic_load(&srv->stopping))
                return n > 0 ? (ssize_t)n : MHD_CONTENT_READER_END_OF_STREAM;
            status = hub_watch_poll(s->watch, &s->piece, &s->len, &s->keepalive_due);
            s->sent = 0;
            if (status == HUB_WATCH_END) {
                s->len = 0;
                return n > 0 ? (ssize_t)n : MHD_CONTENT_READER_END_OF_STREAM;
            }
            if (status == HUB_WATCH_WAIT) {
                s->len = 0;
                if (n > 0) { /* hand these over; sleep at the next call unless woken */
                    s->idle = 1;
                    return (ssize_t)n;
                }
                if (stream_sleep(s))
                    return 0;
                continue; /* something came meanwhile */
            }
        }
        step = s->len - s->sent < max - n ? s->len - s->sent : max - n;
        memcpy(buf + n, s->piece + s->sent, step);
        s->sent += step;
        n += step;
    }
    return (ssize_t)n;
}

/* libmicrohttpd is done with the stream (its socket is still open). */
static void stream_free(void *cls)
{
    stream *s = cls;
    server *srv = s->srv;

    hub_watch_close(s->watch); /* no notify after this */
    pthread_mutex_lock(&srv->streams_lock);
    epoll_ctl(srv->hangups, EPOLL_CTL_DEL, s->socket, NULL);
    if (s->prev != NULL)
        s->prev->next = s->next;
    else
        srv->streams = s->next;
    if (s->next != NULL)
        s->next->prev = s->prev;
    srv->stream_count--;
    s->over = 1;
    s->next = srv->ended;
    srv->ended = s;
    pthread_mutex_unlock(&srv->streams_lock);
}

static enum MHD_Result send_stream(struct MHD_Connection *connection, server *srv, request *req, int64_t id)
{
    hub_reply r = {0};
    stream *s = calloc(1, sizeof *s);
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    struct epoll_event hangup = {.events = EPOLLRDHUP};
    struct MHD_Response *response;
    enum MHD_Result result;

    if (s == NULL || info == NULL) {
        free(s);
        return MHD_NO;
    }
    *s = (stream){.srv = srv, .connection = connection, .socket = info->connect_fd};
    s->watch = hub_watch_open(srv->h, id, token_of(connection), argument(connection, "whole"),
                              argument(connection, "text"), stream_notify, s, &r);
    if (s->watch == NULL) {
        free(s);
        return game_reply(connection, req, &r);
    }
    pthread_mutex_lock(&srv->streams_lock);
    s->next = srv->streams;
    if (s->next != NULL)
        s->next->prev = s;
    srv->streams = s;
    srv->stream_count++;
    hangup.data.ptr = s;
    epoll_ctl(srv->hangups, EPOLL_CTL_ADD, s->socket, &hangup);
    setsockopt(s->socket, SOL_SOCKET, SO_SNDBUF, &(int){STREAM_SEND_BUFFER}, sizeof(int));
    pthread_mutex_unlock(&srv->streams_lock);
    response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, STREAM_BLOCK, stream_read, s, stream_free);
    if (response == NULL) {
        stream_free(s);
        return MHD_NO;
    }
    MHD_add_response_header(response, "Content-Type", "text/event-stream");
    MHD_add_response_header(response, "Cache-Control", "no-store");
    MHD_add_response_header(response, "X-Accel-Buffering", "no");
    MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned)srv->settings.idle_seconds);
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

/* A request later_begin counted waits no more (resumed, answered at once,
 * or made again): server_stop need not wait for it. */
static void later_over(server *srv)
{
    atomic_fetch_sub(&srv->requests_waiting, 1);
}

/* hub_ready: the answer of req's request is ready. The connection is
 * resumed here if its handler suspended it, else by the handler (no
 * resumption before suspension). */
static void request_ready(void *context)
{
    request *req = context;
    struct MHD_Connection *connection = req->connection;
    server *srv = req->srv;
    int running = LATER_RUNNING;

    if (!atomic_compare_exchange_strong(&req->later_state, &running, LATER_READY)) { /* suspended */
        MHD_resume_connection(connection);
        later_over(srv);
    }
}

/* Before a request that may wait without a thread (a new game or a
 * change of a game for its commit, or parked behind another change of
 * its game; hints for their search): counted
 * (server_stop waits for it) and set up for request_ready. The place for
 * its hub_later; NULL while the server stops: then the hub answers without
 * leaving the thread (server_stop waits for no suspended request). */
static hub_later **later_begin(struct MHD_Connection *connection, server *srv, request *req)
{
    atomic_fetch_add(&srv->requests_waiting, 1);
    atomic_store(&req->later_state, LATER_RUNNING);
    req->connection = connection;
    req->srv = srv;
    return atomic_load(&srv->stopping) ? NULL : &req->later;
}

/* After it: r is the answer if the hub left nothing waiting (req->later
 * NULL); else the connection is suspended, so that no pool thread waits
 * with it, until request_ready resumes it and handle asks the hub again. */
static enum MHD_Result later_end(struct MHD_Connection *connection, server *srv, request *req, hub_reply *r)
{
    int running = LATER_RUNNING;

    if (req->later == NULL) {
        later_over(srv);
        return game_reply(connection, req, r);
    }
    MHD_suspend_connection(connection);
    if (!atomic_compare_exchange_strong(&req->later_state, &running, LATER_SUSPENDED)) { /* ready already */
        MHD_resume_connection(connection);
        later_over(srv);
    }
    return MHD_YES;
}

/* GET /api/stats: the hub's figures and the event streams being sent. */
static void stats(server *srv, hub_reply *r)
{
    int streams;

    hub_stats(srv->h, r);
    pthread_mutex_lock(&srv->streams_lock);
    streams = srv->stream_count;
    pthread_mutex_unlock(&srv->streams_lock);
    if (r->body != NULL)
        json_object_set_new(r->body, "streams", json_integer(streams));
}

/* The hub's function for a POST to /api/games/ID/verb that changes the
 * game (and may wait without a thread), NULL if verb is none. */
static hub_change_request *change_request(const char *verb)
{
    static const struct {
        const char *verb;
        hub_change_request *change;
    } changes[] = {{"actions", hub_act}, {"undo", hub_undo},   {"join", hub_join},
                   {"leave", hub_leave}, {"hints/off", hub_hints_off}};

    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++)
        if (strcmp(verb, changes[i].verb) == 0)
            return changes[i].change;
    return NULL;
}

/* Nonzero if verb is one of the GET requests of /api/games/ID/verb. */
static int get_request(const char *verb)
{
    static const char *const gets[] = {"", "view", "legal", "preview", "log", "record", "events", "hints"};

    for (size_t i = 0; i < sizeof gets / sizeof gets[0]; i++)
        if (strcmp(verb, gets[i]) == 0)
            return 1;
    return 0;
}

/* Nonzero if /api/games/ID/verb with this method is a request for the game. */
static int game_route(const char *verb, int get, int post)
{
    return (get && get_request(verb)) || (post && change_request(verb) != NULL);
}

/* Route one whole request. body is the parsed JSON of a POST (else NULL). */
static enum MHD_Result route(struct MHD_Connection *connection, server *srv, request *req, const char *url,
                             const char *method, const json_t *body)
{
    int get = strcmp(method, "GET") == 0, post = strcmp(method, "POST") == 0;
    const char *token = token_of(connection), *verb;
    char address[INET6_ADDRSTRLEN];
    hub_reply r = {0};
    hub_later **later;
    hub_change_request *change;
    int64_t id;

    if (strncmp(url, "/api/", 5) != 0)
        return get ? send_file(connection, srv, url)
                   : send_error(connection, 405, "method", "only GET is served outside /api/");
    if (strcmp(url, "/api/games") == 0 || strcmp(url, "/api/games/") == 0) {
        if (get) {
            later = later_begin(connection, srv, req);
            hub_list(srv->h, argument(connection, "status"), argument(connection, "limit"), request_ready, req, later,
                     &r);
            return later_end(connection, srv, req, &r);
        } else if (post) {
            later = later_begin(connection, srv, req);
            hub_create(srv->h, body, client_address(connection, address, sizeof address), request_ready, req, later,
                       &r);
            return later_end(connection, srv, req, &r);
        } else
            return send_error(connection, 405, "method", "use GET or POST on /api/games");
        return send_reply(connection, &r);
    }
    if (strcmp(url, "/api/bots") == 0 || strcmp(url, "/api/catalog") == 0 || strcmp(url, "/api/stats") == 0) {
        if (!get)
            return send_error(connection, 405, "method", "use GET here");
        if (strcmp(url, "/api/bots") == 0)
            hub_bots(srv->h, &r);
        else if (strcmp(url, "/api/catalog") == 0)
            hub_catalog(srv->h, &r);
        else
            stats(srv, &r);
        return send_reply(connection, &r);
    }
    if (strncmp(url, "/api/facts/", 11) == 0) {
        if (!get)
            return send_error(connection, 405, "method", "use GET here");
        hub_facts(url + 11, &r);
        return send_reply(connection, &r);
    }
    if (strncmp(url, "/api/games/", 11) != 0 || (id = parse_id(url + 11, &verb)) < 0)
        return send_error(connection, 404, "not_found", "no such route");
    if (*verb == '/')
        verb++;
    if (game_route(verb, get, post)) { /* first the game into memory, without a thread waiting on the disk */
        later = later_begin(connection, srv, req);
        hub_load(srv->h, id, request_ready, req, later, &r);
        if (req->later != NULL || r.code != NULL)
            return later_end(connection, srv, req, &r);
        later_over(srv);
    }
    if (strcmp(verb, "") == 0 && get)
        hub_summary(srv->h, id, &r);
    else if ((change = change_request(verb)) != NULL && post) {
        later = later_begin(connection, srv, req);
        change(srv->h, id, token, body, request_ready, req, later, &r);
        return later_end(connection, srv, req, &r);
    } else if (strcmp(verb, "view") == 0 && get)
        hub_view(srv->h, id, token, argument(connection, "at"), argument(connection, "text"), &r);
    else if (strcmp(verb, "legal") == 0 && get)
        hub_legal(srv->h, id, token, argument(connection, "prefix"), &r);
    else if (strcmp(verb, "preview") == 0 && get)
        hub_preview(srv->h, id, token, argument(connection, "line"), &r);
    else if (strcmp(verb, "log") == 0 && get)
        hub_log(srv->h, id, token, argument(connection, "from"), &r);
    else if (strcmp(verb, "record") == 0 && get)
        hub_record(srv->h, id, token, &r);
    else if (strcmp(verb, "hints") == 0 && get) {
        if ((later = later_begin(connection, srv, req)) == NULL) {
            later_over(srv);
            return send_error(connection, 503, "busy", "the server is stopping");
        }
        hub_hints(srv->h, id, token, request_ready, req, later, &r);
        return later_end(connection, srv, req, &r);
    }
    else if (strcmp(verb, "events") == 0 && get)
        return send_stream(connection, srv, req, id);
    else {
        if (get_request(verb))
            return send_error(connection, 405, "method", "use GET here");
        if (change_request(verb) != NULL)
            return send_error(connection, 405, "method", "use POST here");
        return send_error(connection, 404, "not_found", "no such route");
    }
    return game_reply(connection, req, &r);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **state)
{
    server *srv = cls;
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
        /* the body, if any, is held to the request's timeout (completed
         * gave the connection the idle one) */
        MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT,
                                  (unsigned)srv->settings.request_seconds);
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
    if (req->later != NULL) { /* resumed: the answer (or the next step: a game's start) is ready */
        hub_reply r = {0};
        hub_later *waiting = req->later;
        int may_wait = later_begin(connection, srv, req) != NULL;
        hub_later_outcome outcome;
        req->later = NULL;
        outcome = hub_later_answer(srv->h, waiting, may_wait, &r);
        if (outcome == HUB_LATER_WAITS)
            req->later = waiting;
        if (outcome != HUB_LATER_AGAIN)
            return later_end(connection, srv, req, &r);
        later_over(srv); /* a parked change: made again below */
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
    do { /* again while its game was not ready after hub_load looked (game_reply) */
        req->again = 0;
        result = route(connection, srv, req, url, method, body);
    } while (req->again);
    json_decref(body);
    return result;
}

/* A new connection: held to the request timeout until its first request
 * is answered (a connection opened and left, or half-sent, is closed
 * soon). libmicrohttpd's default timeout is the idle one, so that a
 * connection waiting for its next request, or an event stream, is in its
 * list sorted by activity: each turn of a pool thread's loop looks at
 * every connection with a timeout other than the default, and with the
 * request timeout as the default that was every kept-alive connection
 * (with 1,000 games, 1,000 of them at each turn, found by a profile). */
static void connection_started(void *cls, struct MHD_Connection *connection, void **socket_context,
                               enum MHD_ConnectionNotificationCode code)
{
    const server *srv = cls;

    (void)socket_context;
    if (code == MHD_CONNECTION_NOTIFY_STARTED)
        MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned)srv->settings.request_seconds);
}

static void completed(void *cls, struct MHD_Connection *connection, void **state,
                      enum MHD_RequestTerminationCode code)
{
    server *srv = cls;
    request *req = *state;

    (void)code;
    /* the connection may now wait for its next request (the default) */
    MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned)srv->settings.idle_seconds);
    if (req != NULL) {
        if (req->later != NULL) { /* resumed, then closed unanswered: the game takes what was stored */
            hub_reply r = {0};
            hub_later_answer(srv->h, req->later, 0, &r);
            hub_reply_free(&r);
        }
        free(req->body);
        free(req);
        *state = NULL;
    }
}

/* libmicrohttpd's logger: a line, unless this second's lines are used up. */
static void log_http(void *cls, const char *format, va_list args)
{
    ratelog_vline_at(cls, timer_now(), format, args);
}

/* The watcher thread: resumes the streams whose game changed, wakes a
 * stream whose client hung up (so that it is freed at once) or whose
 * keep-alive is due, frees ended streams, and logs the count of suppressed
 * lines. */
static void *watch_streams(void *arg)
{
    server *srv = arg;
    struct epoll_event events[HANGUPS_AT_ONCE];
    double next_sweep = 0, now;

    while (!atomic_load(&srv->stopping)) {
        int n;
        pthread_mutex_lock(&srv->streams_lock);
        wake_queued(srv);
        while (srv->ended != NULL) { /* none of them is in the epoll set any more */
            stream *s = srv->ended;
            srv->ended = s->next;
            free(s);
        }
        pthread_mutex_unlock(&srv->streams_lock);
        n = epoll_wait(srv->hangups, events, HANGUPS_AT_ONCE, 1000);
        pthread_mutex_lock(&srv->streams_lock);
        for (int i = 0; i < n; i++) {
            stream *s = events[i].data.ptr;
            eventfd_t count;
            if (s == NULL) { /* wakeups */
                eventfd_read(srv->wakeups, &count);
                wake_queued(srv);
            } else if (!s->over) {
                s->hung_up = 1;
                epoll_ctl(srv->hangups, EPOLL_CTL_DEL, s->socket, NULL);
                wake(s);
            }
        }
        now = timer_now();
        if (now >= next_sweep) {
            next_sweep = now + 1;
            for (stream *s = srv->streams; s != NULL; s = s->next)
                if (s->suspended && s->due <= now)
                    wake(s);
        }
        pthread_mutex_unlock(&srv->streams_lock);
        ratelog_flush(&srv->log, timer_now());
    }
    return NULL;
}

void server_default_settings(server_settings *settings)
{
    *settings = (server_settings){
        .threads = 128,
        .max_connections = 10000,
        .per_address = 128,
        .request_seconds = 10,
        .idle_seconds = 60,
        .log_per_second = 10,
    };
}

static void server_free(server *srv)
{
    if (srv->watcher_started)
        pthread_join(srv->watcher, NULL);
    while (srv->ended != NULL) {
        stream *s = srv->ended;
        srv->ended = s->next;
        free(s);
    }
    if (srv->hangups >= 0)
        close(srv->hangups);
    if (srv->wakeups >= 0)
        close(srv->wakeups);
    ratelog_destroy(&srv->log);
    pthread_mutex_destroy(&srv->streams_lock);
    free(srv->web_dir);
    free(srv);
}

server *server_start(hub *h, const char *address, int port, const char *web_dir, const server_settings *settings,
                     char *why, size_t why_len)
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
    srv->settings = *settings;
    srv->web_dir = web_dir ? strdup(web_dir) : NULL;
    ratelog_init(&srv->log, stderr, "maya serve: http: ", settings->log_per_second);
    pthread_mutex_init(&srv->streams_lock, NULL);
    srv->hangups = epoll_create1(EPOLL_CLOEXEC);
    srv->wakeups = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (srv->hangups < 0 || srv->wakeups < 0 ||
        epoll_ctl(srv->hangups, EPOLL_CTL_ADD, srv->wakeups, &(struct epoll_event){.events = EPOLLIN}) != 0 ||
        pthread_create(&srv->watcher, NULL, watch_streams, srv) != 0) {
        snprintf(why, why_len, "the server's watcher thread cannot be started");
        server_free(srv);
        return NULL;
    }
    srv->watcher_started = 1;
    srv->daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, 0, NULL, NULL, handle, srv,
        MHD_OPTION_EXTERNAL_LOGGER, log_http, &srv->log, /* first, so that every message goes through it */
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&where, MHD_OPTION_THREAD_POOL_SIZE, (unsigned)settings->threads,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)settings->max_connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        (unsigned)settings->per_address, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)settings->idle_seconds,
        MHD_OPTION_NOTIFY_CONNECTION, connection_started, srv, MHD_OPTION_NOTIFY_COMPLETED, completed, srv,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, 1u, MHD_OPTION_END);
    if (srv->daemon == NULL) {
        snprintf(why, why_len, "cannot listen on %s:%d (in use, or not allowed)", address, port);
        atomic_store(&srv->stopping, 1);
        server_free(srv);
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
    /* libmicrohttpd must not be stopped with a connection suspended: wake
     * every stream, which then ends */
    pthread_mutex_lock(&s->streams_lock);
    atomic_store(&s->stopping, 1);
    for (stream *each = s->streams; each != NULL; each = each->next)
        wake(each);
    pthread_mutex_unlock(&s->streams_lock);
    /* nor with a request waiting: the store and the hints' threads answer each */
    while (atomic_load(&s->requests_waiting) > 0)
        nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
    MHD_stop_daemon(s->daemon);
    server_free(s);
}
