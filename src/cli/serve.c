/*
 * serve.c -- `maya serve`: the online server. Opens the store (a SQLite
 * file by default, or PostgreSQL), rebuilds every unfinished game in the
 * hub, listens for HTTP, prints the address to open, and runs until SIGINT
 * or SIGTERM. Every acknowledged action is already committed, so stopping
 * any other way (even kill -9) loses nothing.
 */
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli/cli.h"
#include "server/hub.h"
#include "server/server.h"
#include "server/store.h"

enum { FILES_KEPT = 256 /* open files kept for the store, the web files and the rest, besides connections */ };

/* Allow as many open files as the system lets this process have (each
 * connection is one); the number allowed. */
static long raise_file_limit(void)
{
    struct rlimit limit;

    if (getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return 1024;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
        getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur > 1L << 30 ? 1L << 30 : (long)limit.rlim_cur;
}

int cli_serve(int argc, char **argv)
{
    const char *port_text = NULL, *bind = "127.0.0.1", *db = "maya.db", *threads_text = NULL, *web = NULL;
    const char *hints_text = NULL;
    server_settings http;
    /* the HTTP side's settings: option, text given, least and most, where */
    struct {
        const char *name, *text;
        long min, max;
        int *value;
    } bounds[] = {{"--http-threads", NULL, 1, 1024, &http.threads},
                  {"--max-connections", NULL, 1, 1 << 20, &http.max_connections},
                  {"--per-address", NULL, 1, 1 << 20, &http.per_address},
                  {"--request-timeout", NULL, 1, 3600, &http.request_seconds},
                  {"--idle-timeout", NULL, 1, 86400, &http.idle_seconds},
                  {"--log-lines", NULL, 1, 1000000, &http.log_per_second}};
    const cli_option options[] = {{"--port", 1, &port_text},
                                  {"--bind", 1, &bind},
                                  {"--db", 1, &db},
                                  {"--bot-threads", 1, &threads_text},
                                  {"--hint-searches", 1, &hints_text},
                                  {"--web", 1, &web},
                                  {bounds[0].name, 1, &bounds[0].text},
                                  {bounds[1].name, 1, &bounds[1].text},
                                  {bounds[2].name, 1, &bounds[2].text},
                                  {bounds[3].name, 1, &bounds[3].text},
                                  {bounds[4].name, 1, &bounds[4].text},
                                  {bounds[5].name, 1, &bounds[5].text}};
    const char *positional[1];
    int positional_count, signal_number;
    long port = 8080, threads = sysconf(_SC_NPROCESSORS_ONLN), hint_searches = -1, files;
    hub_settings settings;
    sigset_t stop_signals;
    char why[512];
    store *st;
    hub *h;
    server *srv;
    int status = cli_parse("serve", argc, argv, options, (int)(sizeof options / sizeof options[0]), positional, 1,
                           &positional_count);

    if (status != 0)
        return status;
    if (positional_count != 0) {
        fputs("maya serve: no arguments besides options (maya help serve)\n", stderr);
        return CLI_USAGE;
    }
    if (threads < 1)
        threads = 1;
    if ((port_text != NULL && (status = cli_parse_number("serve", "--port", port_text, 0, 65535, &port)) != 0) ||
        (threads_text != NULL &&
         (status = cli_parse_number("serve", "--bot-threads", threads_text, 1, 64, &threads)) != 0) ||
        (hints_text != NULL &&
         (status = cli_parse_number("serve", "--hint-searches", hints_text, 0, 64, &hint_searches)) != 0))
        return status;
    server_default_settings(&http);
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        long value;
        if (bounds[i].text == NULL)
            continue;
        if ((status = cli_parse_number("serve", bounds[i].name, bounds[i].text, bounds[i].min, bounds[i].max,
                                       &value)) != 0)
            return status;
        *bounds[i].value = (int)value;
    }
    if (sodium_init() < 0) {
        fputs("maya serve: the random source cannot be set up\n", stderr);
        return CLI_FAIL;
    }
    files = raise_file_limit();
    if (http.max_connections > files - FILES_KEPT) {
        http.max_connections = files - FILES_KEPT > 1 ? (int)(files - FILES_KEPT) : 1;
        fprintf(stderr, "maya serve: at most %d connections (the open-file limit is %ld)\n", http.max_connections,
                files);
    }
    /* The signals that stop the server are taken by sigwait below, never
     * by a thread: block them before any thread starts. */
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
    signal(SIGPIPE, SIG_IGN);

    if (store_open(&st, db, why, sizeof why) != STORE_OK) {
        fprintf(stderr, "maya serve: %s\n", why);
        return CLI_FAIL;
    }
    hub_default_settings(&settings);
    settings.bot_threads = (int)threads;
    if (hint_searches >= 0)
        settings.max_hint_searches = (int)hint_searches;
    h = hub_new(st, &settings, why, sizeof why);
    if (h == NULL) {
        fprintf(stderr, "maya serve: %s\n", why);
        store_close(st);
        return CLI_FAIL;
    }
    srv = server_start(h, bind, (int)port, web, &http, why, sizeof why);
    if (srv == NULL) {
        fprintf(stderr, "maya serve: %s\n", why);
        hub_free(h);
        store_close(st);
        return CLI_FAIL;
    }
    printf("maya serve: listening on http://%s:%d/ (store: %s)\n", bind, server_port(srv), db);
    fflush(stdout);
    sigwait(&stop_signals, &signal_number);
    fprintf(stderr, "maya serve: stopping\n");
    hub_stop(h);
    server_stop(srv);
    hub_free(h);
    store_close(st);
    return CLI_OK;
}
