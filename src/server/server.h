/*
 * server.h -- the HTTP side of `maya serve`: libmicrohttpd listening on one
 * address, routing the requests of docs/api.md to the hub, and streaming
 * live updates as Server-Sent Events.
 *
 * Connections are event-driven: a fixed pool of threads, each with its own
 * epoll set, serves every connection (libmicrohttpd's thread pool). An
 * action or undo waiting for its group commit and hints waiting for their search
 * hold no thread: the connection is suspended, and resumed when the hub
 * says the answer is ready (hub_ready; whichever of the suspension and
 * the answer comes second resumes it). A request that waits otherwise (a
 * game's lock, a join's or creation's commit) holds its thread
 * meanwhile, and the connections of that thread wait with it; so the pool
 * is larger than the cores. An event stream holds no
 * thread: its connection is suspended until the hub says the game changed
 * (hub_watch_notify) or a keep-alive falls due, and a client hanging up is
 * noticed at once (a watcher thread of the server's own). Bodies are read
 * up to SERVER_BODY_MAX bytes and must be JSON objects; everything else is
 * answered with a 4xx and a JSON reason before the hub sees it.
 *
 * Bounds (server_settings): connections in all and per client address,
 * the time to send a whole request and to keep an idle connection, and the
 * lines logged per second (libmicrohttpd's messages, e.g. refused
 * connections; the rest are counted and the count logged).
 */
#ifndef MAYA_SERVER_H
#define MAYA_SERVER_H

#include <stddef.h>

#include "server/hub.h"

enum { SERVER_BODY_MAX = 16384 /* largest request body accepted */ };

typedef struct server server;

typedef struct server_settings {
    int threads;         /* threads serving the connections */
    int max_connections; /* connections at once, in all */
    int per_address;     /* connections at once from one client address */
    int request_seconds; /* silence while a request is unfinished before its connection is closed */
    int idle_seconds;    /* how long a kept-alive connection may wait for its next request */
    int log_per_second;  /* log lines per second; the rest are counted, and the count logged */
} server_settings;

/* The defaults of `maya serve`. */
void server_default_settings(server_settings *settings);

/* Listen on address:port (port 0: any free port) and serve h, which must
 * outlive the server. web_dir (NULL: none) holds the browser UI's files,
 * served for every path outside /api/. NULL with a reason on failure. */
server *server_start(hub *h, const char *address, int port, const char *web_dir, const server_settings *settings,
                     char *why, size_t why_len);
/* The port listened on. */
int server_port(const server *s);
/* Stop listening, end every connection and release the server (call
 * hub_stop first so that event streams end). */
void server_stop(server *s);

#endif
