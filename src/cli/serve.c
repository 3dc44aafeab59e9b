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
#include <string.h>
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

/* The address a store is opened from, as printed: a PostgreSQL address
 * without its password ("postgresql://maya:secret@db/maya" is shown as
 * "postgresql://maya:***@db/maya"; a password=... parameter likewise). */
static void shown_address(const char *where, char *out, size_t len)
{
    const char *scheme = strstr(where, "://"), *at, *colon, *password;
    char masked[1024];

    snprintf(masked, sizeof masked, "%s", where);
    at = scheme != NULL ? strchr(scheme + 3, '@') : NULL;
    colon = at != NULL ? memchr(scheme + 3, ':', (size_t)(at - scheme - 3)) : NULL;
    if (colon != NULL)
        snprintf(masked, sizeof masked, "%.*s:***%s", (int)(colon - where), where, at);
    password = scheme != NULL ? strstr(masked, "password=") : NULL;
    if (password != NULL)
        snprintf(out, len, "%.*s***%s", (int)(password + 9 - masked), masked,
                 password + 9 + strcspn(password + 9, "&"));
    else
        snprintf(out, len, "%s", masked);
}

int cli_serve(int argc, char **argv)
{
    const char *bind = "127.0.0.1", *db = "maya.db", *web = NULL;
    hub_settings settings;
    server_settings http;
    int port = 8080;
    /* the number options: the port, the HTTP side's and the hub's settings */
    const struct {
        const char *name; /* the option */
        long min, max;    /* its range */
        int *value;       /* where it goes */
    } bounds[] = {
        {"--port", 0, 65535, &port},
        {"--bot-threads", 1, 64, &settings.bot_threads},
        {"--hint-searches", 0, 64, &settings.max_hint_searches},
        {"--http-threads", 1, 1024, &http.threads},
        {"--max-connections", 1, 1 << 20, &http.max_connections},
        {"--per-address", 1, 1 << 20, &http.per_address},
        {"--request-timeout", 1, 3600, &http.request_seconds},
        {"--idle-timeout", 1, 86400, &http.idle_seconds},
        {"--log-lines", 1, 1000000, &http.log_per_second},
        {"--max-bot-millis", 0, 3600000, &settings.max_bot_millis},
        {"--max-bot-threads", 1, 64, &settings.max_bot_threads},
        {"--max-bot-iterations", 0, 100000000, &settings.max_bot_iterations},
        {"--max-bot-nodes", 16, 10000000, &settings.max_bot_nodes},
        {"--max-undos", 0, 1000000, &settings.max_undos},
        {"--games-per-minute", 0, 1000000, &settings.creates_per_minute},
        {"--quota-window", 1, 86400, &settings.quota_window_seconds},
        {"--open-games", 0, 1000000, &settings.open_per_address},
        {"--max-reads", 1, 1000000, &settings.max_reads},
        {"--max-games", 0, 100000000, &settings.max_games},
        {"--idle-seconds", 0, 100000000, &settings.idle_seconds},
    };
    enum { BOUNDS = sizeof bounds / sizeof bounds[0], FIXED_OPTIONS = 3 };
    const char *bound_text[BOUNDS] = {NULL};
    cli_option options[FIXED_OPTIONS + BOUNDS] = {{"--bind", 1, &bind}, {"--db", 1, &db}, {"--web", 1, &web}};
    const char *positional[1];
    int positional_count, signal_number, status;
    long files;
    sigset_t stop_signals;
    char why[512], shown[1024];
    store *st;
    hub *h;
    server *srv;

    hub_default_settings(&settings);
    settings.bot_threads = sysconf(_SC_NPROCESSORS_ONLN) > 1 ? (int)sysconf(_SC_NPROCESSORS_ONLN) : 1;
    server_default_settings(&http);
    for (int i = 0; i < BOUNDS; i++)
        options[FIXED_OPTIONS + i] = (cli_option){bounds[i].name, 1, &bound_text[i]};
    status = cli_parse("serve", argc, argv, options, FIXED_OPTIONS + BOUNDS, positional, 1, &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 0) {
        fputs("maya serve: no arguments besides options (maya help serve)\n", stderr);
        return CLI_USAGE;
    }
    for (int i = 0; i < BOUNDS; i++) {
        long value;
        if (bound_text[i] == NULL)
            continue;
        if ((status = cli_parse_number("serve", bounds[i].name, bound_text[i], bounds[i].min, bounds[i].max,
                                       &value)) != 0)
            return status;
        *bounds[i].value = (int)value;
    }
    settings.log_per_second = http.log_per_second; /* --log-lines bounds the games' log too */
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
    h = hub_new(st, &settings, why, sizeof why);
    if (h == NULL) {
        fprintf(stderr, "maya serve: %s\n", why);
        store_close(st);
        return CLI_FAIL;
    }
    srv = server_start(h, bind, port, web, &http, why, sizeof why);
    if (srv == NULL) {
        fprintf(stderr, "maya serve: %s\n", why);
        hub_free(h);
        store_close(st);
        return CLI_FAIL;
    }
    shown_address(db, shown, sizeof shown);
    printf("maya serve: listening on http://%s:%d/ (store: %s)\n", bind, server_port(srv), shown);
    fflush(stdout);
    sigwait(&stop_signals, &signal_number);
    fprintf(stderr, "maya serve: stopping\n");
    hub_stop(h);
    server_stop(srv);
    hub_free(h);
    store_close(st);
    return CLI_OK;
}
