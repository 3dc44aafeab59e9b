/*
 * server.h -- the HTTP side of `maya serve`: libmicrohttpd listening on one
 * address, routing the requests of docs/api.md to the hub, and streaming
 * live updates as Server-Sent Events.
 *
 * Every connection has its own thread (so an event stream may wait for the
 * next change, and a request may wait for the store's commit, without
 * holding up anyone else). Bodies are read up to SERVER_BODY_MAX bytes and
 * must be JSON objects; everything else is answered with a 4xx and a JSON
 * reason before the hub sees it.
 */
#ifndef MAYA_SERVER_H
#define MAYA_SERVER_H

#include <stddef.h>

#include "server/hub.h"

enum { SERVER_BODY_MAX = 16384 /* largest request body accepted */ };

typedef struct server server;

/* Listen on address:port (port 0: any free port) and serve h, which must
 * outlive the server. web_dir (NULL: none) holds the browser UI's files,
 * served for every path outside /api/. NULL with a reason on failure. */
server *server_start(hub *h, const char *address, int port, const char *web_dir, char *why, size_t why_len);
/* The port listened on. */
int server_port(const server *s);
/* Stop listening, end every connection and release the server (call
 * hub_stop first so that event streams end). */
void server_stop(server *s);

#endif
