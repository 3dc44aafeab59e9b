/*
 * client_test.c -- the API client (src/client) and maya loadgen without the
 * real server: the event-stream parser fed the same stream split at every
 * place (CRLF, CR and LF line ends, a byte order mark, comments, multi-line
 * data, ids, retry, unknown fields), stopping and overflow; percentiles;
 * loadgen's argument errors and messages; and, against a small fake server
 * made with libmicrohttpd in this file only, requests (token header, body,
 * errors decoded, answers that are not JSON, keep-alive, timeouts, a closed
 * port), event streams (stop, close, error, wrong type, timeout), the
 * endpoint wrappers (leave answered without a body), and whole load runs
 * with and without stale refusals, closed loop and open loop (never ahead
 * of its schedule).
 *
 * The fake game: every seat in turn plays up to two "step" actions and then
 * "end"; the game is over after FAKE_LENGTH actions. Tokens are "tG-S".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <microhttpd.h>
#include <pthread.h>

#include "cli/cli.h"
#include "cli/loadgen.h"
#include "client/client.h"

static void pause_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* ---- the event-stream parser ---- */

enum { EVENTS_MAX = 16 };

/* Events a callback received. */
typedef struct seen_events {
    int count;                   /* events received */
    int stop_at;                 /* return nonzero at this event number (1-based), 0 never */
    char text[EVENTS_MAX][256];  /* each as "NAME|ID|DATA" */
} seen_events;

static int note_event(void *context, const char *event, const char *id, const char *data)
{
    seen_events *seen = context;
    if (seen->count < EVENTS_MAX)
        snprintf(seen->text[seen->count], sizeof seen->text[0], "%s|%s|%s", event, id, data);
    seen->count++;
    return seen->stop_at != 0 && seen->count == seen->stop_at;
}

/* A stream with every kind of line: BOM, comments, CRLF, CR and LF ends,
 * multi-line data, a field without colon, no space after the colon, an
 * event without data (not dispatched), an unknown field, id and retry. */
static const char sse_stream[] = "\xEF\xBB\xBF: hello\r\n"
                                 "event: view\r\n"
                                 "id: 33\r\n"
                                 "data: {\"a\":\r\n"
                                 "data:  1}\r\n"
                                 "\r\n"
                                 ": keep-alive\n"
                                 "\n"
                                 "data\r"
                                 "\r"
                                 "event: nothing\n"
                                 "\n"
                                 "id:34\rfield: ignored\rretry: 2500\rdata:x\r\rdata: y\n\n"
                                 "retry: 7s\n"
                                 "data: last: one\n"
                                 "event:tail\n"
                                 "\n"
                                 "data: dropped at the end of the stream\n";

static const char *const sse_expected[] = {
    "view|33|{\"a\":\n 1}", /* two data lines joined by LF; one space after "data:" removed */
    "message|33|",          /* "data" alone: an empty data line */
    "message|34|x",         /* id without space; CR line ends */
    "message|34|y",         /* the id stays */
    "tail|34|last: one",    /* event after data; only the first colon splits */
};

static void check_stream_events(const seen_events *seen, const client_sse *s)
{
    int n = (int)(sizeof sse_expected / sizeof sse_expected[0]);
    assert_int_equal(seen->count, n);
    for (int i = 0; i < n; i++)
        assert_string_equal(seen->text[i], sse_expected[i]);
    assert_int_equal(s->comments, 2);
    assert_int_equal(s->retry_ms, 2500); /* "7s" is not a valid retry */
    assert_int_equal(s->events, n);
}

static void test_sse_split_everywhere(void **unused)
{
    (void)unused;
    size_t len = sizeof sse_stream - 1;
    for (size_t cut = 0; cut <= len; cut++) {
        client_sse s;
        client_sse_init(&s);
        seen_events seen = {0};
        assert_int_equal(client_sse_feed(&s, sse_stream, cut, note_event, &seen), 0);
        assert_int_equal(client_sse_feed(&s, sse_stream + cut, len - cut, note_event, &seen), 0);
        check_stream_events(&seen, &s);
        client_sse_free(&s);
    }
    /* three pieces, cut at every pair of places near the CRLFs */
    for (size_t a = 0; a < 40; a++)
        for (size_t b = a; b < 80; b++) {
            client_sse s;
            client_sse_init(&s);
            seen_events seen = {0};
            client_sse_feed(&s, sse_stream, a, note_event, &seen);
            client_sse_feed(&s, sse_stream + a, b - a, note_event, &seen);
            client_sse_feed(&s, sse_stream + b, len - b, note_event, &seen);
            check_stream_events(&seen, &s);
            client_sse_free(&s);
        }
    /* byte by byte */
    client_sse s;
    client_sse_init(&s);
    seen_events seen = {0};
    for (size_t i = 0; i < len; i++)
        assert_int_equal(client_sse_feed(&s, sse_stream + i, 1, note_event, &seen), 0);
    check_stream_events(&seen, &s);
    client_sse_free(&s);
}

static void test_sse_crlf_is_one_line_end(void **unused)
{
    (void)unused;
    /* "\r" then "\n" in the next chunk must not make an empty line: one event, not two */
    client_sse s;
    client_sse_init(&s);
    seen_events seen = {0};
    client_sse_feed(&s, "data: a\r", 8, note_event, &seen);
    client_sse_feed(&s, "\ndata: b\r", 9, note_event, &seen);
    assert_int_equal(seen.count, 0);
    client_sse_feed(&s, "\n\r\n", 3, note_event, &seen);
    assert_int_equal(seen.count, 1);
    assert_string_equal(seen.text[0], "message||a\nb");
    client_sse_free(&s);
    /* but "\r\r" is two line ends: an empty line dispatches */
    client_sse_init(&s);
    memset(&seen, 0, sizeof seen);
    client_sse_feed(&s, "data: c\r\r", 9, note_event, &seen);
    assert_int_equal(seen.count, 1);
    assert_string_equal(seen.text[0], "message||c");
    client_sse_free(&s);
}

static void test_sse_stop_and_overflow(void **unused)
{
    (void)unused;
    client_sse s;
    client_sse_init(&s);
    seen_events seen = {.stop_at = 2};
    const char text[] = "data: 1\n\ndata: 2\n\ndata: 3\n\n";
    assert_int_equal(client_sse_feed(&s, text, sizeof text - 1, note_event, &seen), 1);
    assert_int_equal(seen.count, 2); /* the third is not read */
    client_sse_free(&s);

    /* a line longer than CLIENT_SSE_MAX is refused, not grown without end */
    client_sse_init(&s);
    memset(&seen, 0, sizeof seen);
    size_t chunk = 1 << 20;
    char *big = malloc(chunk);
    assert_non_null(big);
    memset(big, 'a', chunk);
    memcpy(big, "data: ", 6);
    int outcome = 0;
    for (size_t sent = 0; outcome == 0 && sent <= (size_t)CLIENT_SSE_MAX; sent += chunk)
        outcome = client_sse_feed(&s, big, chunk, note_event, &seen);
    assert_int_equal(outcome, -1);
    assert_int_equal(seen.count, 0);
    free(big);
    client_sse_free(&s);
}

/* ---- percentiles ---- */

static void test_percentiles(void **unused)
{
    (void)unused;
    double hundred[100];
    for (int i = 0; i < 100; i++)
        hundred[i] = i + 1;
    assert_true(loadgen_percentile(hundred, 100, 50) == 50);
    assert_true(loadgen_percentile(hundred, 100, 90) == 90);
    assert_true(loadgen_percentile(hundred, 100, 99) == 99);
    assert_true(loadgen_percentile(hundred, 100, 100) == 100);
    assert_true(loadgen_percentile(hundred, 100, 0.5) == 1);
    double three[] = {10, 20, 30};
    assert_true(loadgen_percentile(three, 3, 50) == 20);  /* rank ceil(1.5) = 2 */
    assert_true(loadgen_percentile(three, 3, 90) == 30);  /* rank ceil(2.7) = 3 */
    assert_true(loadgen_percentile(three, 3, 33) == 10);  /* rank ceil(0.99) = 1 */
    assert_true(loadgen_percentile(three, 3, 34) == 20);  /* rank ceil(1.02) = 2 */
    double one[] = {7.5};
    assert_true(loadgen_percentile(one, 1, 50) == 7.5);
    assert_true(loadgen_percentile(one, 1, 99) == 7.5);
    assert_true(loadgen_percentile(NULL, 0, 50) == 0);
}

/* ---- loadgen's arguments ---- */

/* loadgen_parse of the NULL-terminated arguments, with what it wrote to
 * stderr into err[err_len]. */
static int parse_capturing(loadgen_config *config, char *err, size_t err_len, ...)
{
    char *argv[32];
    int argc = 0;
    va_list args;
    va_start(args, err_len);
    for (char *arg; argc < 31 && (arg = va_arg(args, char *)) != NULL;)
        argv[argc++] = arg;
    va_end(args);
    argv[argc] = NULL;
    fflush(stderr);
    int saved = dup(2);
    FILE *capture = tmpfile();
    assert_non_null(capture);
    dup2(fileno(capture), 2);
    int status = loadgen_parse(argc, argv, config);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(capture);
    size_t n = fread(err, 1, err_len - 1, capture);
    err[n] = '\0';
    fclose(capture);
    return status;
}

static void test_loadgen_arguments(void **unused)
{
    (void)unused;
    loadgen_config config;
    char err[512];
    assert_int_equal(parse_capturing(&config, err, sizeof err, (char *)NULL), CLI_USAGE);
    assert_non_null(strstr(err, "--url is required"));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "localhost:8080", (char *)NULL), CLI_USAGE);
    assert_non_null(strstr(err, "--url must be an http:// or https:// address, not \"localhost:8080\""));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--games", "0", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "--games must be a number from 1 to 100000, not \"0\""));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--seconds", "ten", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "--seconds must be a number"));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--game", "tzolkin", "--players",
                                     "5", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "--players must be a number from 2 to 4, not \"5\""));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--game", "go", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "unknown game \"go\""));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--game", "tzolkin", "--variant",
                                     "auction", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "tzolkin has no variants"));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--seed", "-3", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "--seed must be a whole number"));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--csv", "", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "--csv needs a file name"));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--rate", "0", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "--rate must be a number of actions per second of each game"));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--rate", "1x", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "not \"1x\""));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--rate", "1001", (char *)NULL),
                     CLI_USAGE);
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "--bogus", (char *)NULL),
                     CLI_USAGE);
    assert_non_null(strstr(err, "unknown option \"--bogus\""));
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://h", "tikal", (char *)NULL), CLI_USAGE);
    assert_non_null(strstr(err, "unexpected argument \"tikal\""));

    /* good arguments and the defaults */
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url", "http://127.0.0.1:9", (char *)NULL), 0);
    assert_string_equal(err, "");
    assert_string_equal(config.game, "tikal");
    assert_int_equal(config.players, 2);
    assert_int_equal(config.games, 100);
    assert_int_equal(config.seconds, 30);
    assert_true(config.seed == 1);
    assert_null(config.variant);
    assert_null(config.csv);
    assert_true(config.rate == 0); /* closed loop */
    assert_int_equal(parse_capturing(&config, err, sizeof err, "--url=https://h/", "--game", "tikal", "--variant",
                                     "auction", "--players", "4", "--games", "1000", "--seconds", "5", "--seed",
                                     "99", "--csv", "out.csv", "--rate", "0.5", (char *)NULL),
                     0);
    assert_true(config.rate == 0.5);
    assert_string_equal(config.url, "https://h/");
    assert_string_equal(config.variant, "auction");
    assert_int_equal(config.players, 4);
    assert_int_equal(config.games, 1000);
    assert_int_equal(config.seconds, 5);
    assert_true(config.seed == 99);
    assert_string_equal(config.csv, "out.csv");
}

/* ---- JSON and addresses, no server ---- */

static void test_requests_and_answers(void **unused)
{
    (void)unused;
    assert_null(client_new("ftp://h"));
    assert_null(client_new("127.0.0.1:8080"));
    assert_null(client_new(NULL));
    assert_null(client_new("http://bad host/"));
    client *c = client_new("http://127.0.0.1:8080/");
    assert_non_null(c);
    char why[256] = "";
    assert_int_equal(client_call(c, "GET", "api/games", NULL, NULL, NULL, NULL, why, sizeof why), CLIENT_EUSAGE);
    assert_non_null(strstr(why, "starts with \"/\""));
    json_t *answer = NULL;
    assert_int_equal(client_view(c, 1, "bad token", &answer, why, sizeof why), CLIENT_EUSAGE);
    assert_null(answer);
    client_free(c);
    client_free(NULL);

    const char *bots[] = {NULL, "mcts:millis=100", NULL};
    json_t *request = client_game_request("tikal", "auction", 3, bots);
    char *text = json_dumps(request, JSON_COMPACT | JSON_SORT_KEYS);
    assert_string_equal(text, "{\"game\":\"tikal\",\"players\":3,\"seats\":[{\"type\":\"human\"},"
                              "{\"bot\":\"mcts:millis=100\",\"type\":\"bot\"},{\"type\":\"human\"}],"
                              "\"variant\":\"auction\"}");
    free(text);
    json_decref(request);
    request = client_game_request("tzolkin", NULL, 2, NULL);
    text = json_dumps(request, JSON_COMPACT | JSON_SORT_KEYS);
    assert_string_equal(text,
                        "{\"game\":\"tzolkin\",\"players\":2,\"seats\":[{\"type\":\"human\"},{\"type\":\"human\"}]}");
    free(text);
    json_decref(request);

    json_t *view = json_loads("{\"to_move\": 2, \"version\": 31, \"status\": \"running\"}", 0, NULL);
    int64_t number = 0;
    assert_int_equal(client_json_to_move(view), 2);
    assert_int_equal(client_json_int(view, "version", &number), 0);
    assert_int_equal(number, 31);
    assert_int_equal(client_json_int(view, "status", &number), -1);
    assert_string_equal(client_json_string(view, "status"), "running");
    assert_null(client_json_string(view, "version"));
    json_decref(view);
    const char *no_seat[] = {"{\"to_move\": null}", "{\"to_move\": \"chance\"}", "{}", "{\"to_move\": -1}", "[]"};
    for (size_t i = 0; i < sizeof no_seat / sizeof no_seat[0]; i++) {
        view = json_loads(no_seat[i], 0, NULL);
        assert_non_null(view);
        assert_int_equal(client_json_to_move(view), -1);
        json_decref(view);
    }
    assert_int_equal(client_json_to_move(NULL), -1);
}

/* ---- the fake server ---- */

enum { FAKE_LENGTH = 12, FAKE_STEPS = 2 };

/* One game of the fake server. */
typedef struct fake_game {
    int players;       /* seats */
    int joined_mask;   /* bit s: seat s taken */
    int status;        /* 0 open, 1 running, 2 finished */
    int to_move;       /* seat to act while running */
    int steps;         /* "step" actions of the current turn */
    int played;        /* actions so far */
    long version;      /* state number */
} fake_game;

/* The fake server: its daemon and games. */
typedef struct fake_server {
    struct MHD_Daemon *daemon; /* libmicrohttpd, one thread per connection */
    int port;                  /* where it listens */
    pthread_mutex_t lock;      /* guards everything below */
    fake_game *games;          /* games by id - 1 */
    int game_count;            /* games created */
    int connections;           /* connections accepted */
    int stale_every;           /* refuse every Nth submission as stale (0: never) */
    long submissions;          /* POST actions received */
    long bad_submissions;      /* of them with a wrong version, seat or action (a loadgen bug) */
    char last_authorization[160]; /* Authorization header of the last /echo */
} fake_server;

/* A request's uploaded body, collected over the handler's calls. */
typedef struct fake_upload {
    char data[16384]; /* body bytes */
    size_t len;       /* bytes in data */
} fake_upload;

static enum MHD_Result fake_reply(struct MHD_Connection *connection, unsigned status, const char *type,
                                  const char *format, ...)
{
    char body[8192];
    va_list args;
    va_start(args, format);
    vsnprintf(body, sizeof body, format, args);
    va_end(args);
    struct MHD_Response *response =
        MHD_create_response_from_buffer(strlen(body), body, MHD_RESPMEM_MUST_COPY);
    MHD_add_response_header(response, "Content-Type", type);
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result fake_error(struct MHD_Connection *connection, unsigned status, const char *code,
                                  const char *reason)
{
    return fake_reply(connection, status, "application/json", "{\"error\": \"%s\", \"code\": \"%s\"}", reason, code);
}

/* Event streams: the chunks to send, then end or keep waiting. */
typedef struct fake_stream {
    int next;         /* chunk to send next */
    int forever;      /* 1: after the chunks, keep the stream open */
} fake_stream;

static const char *const fake_chunks[] = {"ev", "ent: view\r", "\nid: 3\r\ndata: {\"n\":", "1}\r\n\r",
                                          "\n: keep-alive\n\nid: 4\ndata: two\n\n", "data: three\n\n"};

static ssize_t fake_stream_read(void *context, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    fake_stream *stream = context;
    int count = (int)(sizeof fake_chunks / sizeof fake_chunks[0]);
    if (stream->next < count) {
        size_t n = strlen(fake_chunks[stream->next]);
        if (n > max)
            n = max;
        memcpy(buf, fake_chunks[stream->next++], n);
        return (ssize_t)n;
    }
    if (!stream->forever)
        return MHD_CONTENT_READER_END_OF_STREAM;
    pause_ms(20);
    return 0; /* nothing yet: asked again */
}

static enum MHD_Result fake_events(struct MHD_Connection *connection, int forever)
{
    fake_stream *stream = calloc(1, sizeof *stream);
    stream->forever = forever;
    struct MHD_Response *response =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 256, fake_stream_read, stream, free);
    MHD_add_response_header(response, "Content-Type", "text/event-stream");
    enum MHD_Result result = MHD_queue_response(connection, 200, response);
    MHD_destroy_response(response);
    return result;
}

/* The game a token belongs to and its seat; 0, or -1. */
static int fake_token(fake_server *fake, struct MHD_Connection *connection, int game, int *seat)
{
    const char *header = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Authorization");
    int token_game, token_seat;
    if (header == NULL || sscanf(header, "Bearer t%d-%d", &token_game, &token_seat) != 2 || token_game != game ||
        token_seat < 0 || token_seat >= fake->games[game - 1].players)
        return -1;
    *seat = token_seat;
    return 0;
}

static void fake_summary_text(const fake_server *fake, int id, char *out, size_t len)
{
    const fake_game *g = &fake->games[id - 1];
    static const char *const names[] = {"open", "running", "finished"};
    char to_move[16] = "null";
    if (g->status == 1)
        snprintf(to_move, sizeof to_move, "%d", g->to_move);
    snprintf(out, len, "{\"id\": %d, \"status\": \"%s\", \"version\": %ld, \"to_move\": %s, \"players\": %d}", id,
             names[g->status], g->version, to_move, g->players);
}

/* The fake game API (caller holds the lock). */
static enum MHD_Result fake_game_api(fake_server *fake, struct MHD_Connection *connection, const char *method,
                                     const char *url, json_t *body)
{
    if (strcmp(url, "/api/games") == 0 && strcmp(method, "GET") == 0)
        return fake_reply(connection, 200, "application/json", "{\"games\": []}");
    if (strcmp(url, "/api/games") == 0 && strcmp(method, "POST") == 0) {
        json_t *seats = json_object_get(body, "seats");
        int players = (int)json_array_size(seats);
        if (players < 2 || players > 4 || json_integer_value(json_object_get(body, "players")) != players)
            return fake_error(connection, 400, "bad_field", "seats and players differ");
        fake_game *grown = realloc(fake->games, (size_t)(fake->game_count + 1) * sizeof *grown);
        assert_non_null(grown);
        fake->games = grown;
        fake_game *g = &fake->games[fake->game_count++];
        memset(g, 0, sizeof *g);
        g->players = players;
        char summary[512];
        fake_summary_text(fake, fake->game_count, summary, sizeof summary);
        return fake_reply(connection, 201, "application/json", "%s", summary);
    }
    int id = 0, used = 0;
    if (sscanf(url, "/api/games/%d%n", &id, &used) != 1 || id < 1 || id > fake->game_count)
        return fake_error(connection, 404, "not_found", "no such game");
    fake_game *g = &fake->games[id - 1];
    const char *rest = url + used;
    int seat = -1;
    if (rest[0] == '\0') {
        char summary[512];
        fake_summary_text(fake, id, summary, sizeof summary);
        return fake_reply(connection, 200, "application/json", "%s", summary);
    }
    if (strcmp(rest, "/join") == 0) {
        json_t *wanted = json_object_get(body, "seat");
        seat = json_is_integer(wanted) ? (int)json_integer_value(wanted) : 0;
        if (seat < 0 || seat >= g->players || (g->joined_mask & (1 << seat)))
            return fake_error(connection, 409, "seat_taken", "that seat is taken");
        g->joined_mask |= 1 << seat;
        if (g->joined_mask == (1 << g->players) - 1)
            g->status = 1;
        return fake_reply(connection, 200, "application/json", "{\"seat\": %d, \"token\": \"t%d-%d\"}", seat, id,
                          seat);
    }
    if (strcmp(rest, "/record") == 0)
        return fake_reply(connection, 200, "text/plain", "[Game \"fake\"]\n[Result \"*\"]\n\n1 step\n");
    if (fake_token(fake, connection, id, &seat) != 0)
        return fake_error(connection, 401, "bad_token", "that token is no seat's");
    if (strcmp(rest, "/legal") == 0) {
        const char *prefix = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "prefix");
        size_t prefix_len = prefix != NULL ? strlen(prefix) : 0;
        char actions[256] = "";
        size_t used_len = 0;
        const char *const texts[] = {"step", "end"};
        for (int k = g->steps < FAKE_STEPS ? 0 : 1; g->status == 1 && seat == g->to_move && k < 2; k++)
            if (strncmp(texts[k], prefix != NULL ? prefix : "", prefix_len) == 0)
                used_len += (size_t)snprintf(actions + used_len, sizeof actions - used_len,
                                             "%s{\"id\": %d, \"text\": \"%s\"}", used_len ? ", " : "", k, texts[k]);
        return fake_reply(connection, 200, "application/json", "{\"version\": %ld, \"seat\": %d, \"actions\": [%s]}",
                          g->version, seat, actions);
    }
    if (strcmp(rest, "/actions") == 0) {
        fake->submissions++;
        const char *action = json_string_value(json_object_get(body, "action"));
        json_t *version = json_object_get(body, "version");
        if (g->status != 1)
            return fake_error(connection, 409, "finished", "the game is over");
        if (seat != g->to_move) {
            fake->bad_submissions++;
            return fake_error(connection, 403, "not_your_turn", "not your turn");
        }
        if (fake->stale_every > 0 && fake->submissions % fake->stale_every == 0)
            return fake_error(connection, 409, "stale", "the game has moved on");
        if (!json_is_integer(version) || json_integer_value(version) != g->version) {
            fake->bad_submissions++;
            return fake_error(connection, 409, "stale", "the game has moved on");
        }
        if (action != NULL && strcmp(action, "step") == 0 && g->steps < FAKE_STEPS)
            g->steps++;
        else if (action != NULL && strcmp(action, "end") == 0) {
            g->steps = 0;
            g->to_move = (g->to_move + 1) % g->players;
        } else {
            fake->bad_submissions++;
            return fake_error(connection, 422, "illegal", "not legal here");
        }
        g->version++;
        if (++g->played >= FAKE_LENGTH)
            g->status = 2;
        return fake_reply(connection, 200, "application/json",
                          "{\"version\": %ld, \"applied\": [{\"actor\": %d, \"text\": \"%s\"}]}", g->version, seat,
                          action);
    }
    if (strcmp(rest, "/undo") == 0)
        return fake_error(connection, 409, "cannot_undo", "nothing to undo");
    if (strcmp(rest, "/leave") == 0)
        return fake_reply(connection, 204, "text/plain", "%s", "");
    return fake_error(connection, 404, "not_found", "no such route");
}

static enum MHD_Result fake_handle(void *context, struct MHD_Connection *connection, const char *url,
                                   const char *method, const char *version, const char *upload_data,
                                   size_t *upload_data_size, void **request_context)
{
    (void)version;
    fake_server *fake = context;
    if (*request_context == NULL) {
        *request_context = calloc(1, sizeof(fake_upload));
        return MHD_YES;
    }
    fake_upload *upload = *request_context;
    if (*upload_data_size > 0) {
        size_t n = *upload_data_size;
        if (n > sizeof upload->data - 1 - upload->len)
            n = sizeof upload->data - 1 - upload->len;
        memcpy(upload->data + upload->len, upload_data, n);
        upload->len += n;
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (strcmp(url, "/echo") == 0) {
        const char *authorization = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Authorization");
        const char *type = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Content-Type");
        pthread_mutex_lock(&fake->lock);
        snprintf(fake->last_authorization, sizeof fake->last_authorization, "%s",
                 authorization != NULL ? authorization : "");
        pthread_mutex_unlock(&fake->lock);
        json_t *echo = json_pack("{s:s, s:s, s:s, s:s%}", "method", method, "authorization",
                                 authorization != NULL ? authorization : "", "type", type != NULL ? type : "", "body",
                                 upload->data, upload->len);
        char *text = json_dumps(echo, JSON_COMPACT);
        enum MHD_Result result = fake_reply(connection, 200, "application/json", "%s", text);
        free(text);
        json_decref(echo);
        return result;
    }
    if (strcmp(url, "/stale") == 0)
        return fake_error(connection, 409, "stale", "the game has moved on (version 5, not 4)");
    if (strcmp(url, "/oops") == 0)
        return fake_reply(connection, 500, "text/plain", "internal trouble");
    if (strcmp(url, "/notjson") == 0)
        return fake_reply(connection, 200, "text/plain", "plain words");
    if (strcmp(url, "/slow") == 0) {
        pause_ms(1500);
        return fake_reply(connection, 200, "application/json", "{}");
    }
    if (strcmp(url, "/events") == 0)
        return fake_events(connection, 1);
    if (strcmp(url, "/events-end") == 0)
        return fake_events(connection, 0);
    if (strncmp(url, "/api/", 5) != 0)
        return fake_error(connection, 404, "not_found", "no such route");
    json_t *body = upload->len > 0 ? json_loadb(upload->data, upload->len, 0, NULL) : NULL;
    pthread_mutex_lock(&fake->lock);
    enum MHD_Result result = fake_game_api(fake, connection, method, url, body);
    pthread_mutex_unlock(&fake->lock);
    json_decref(body);
    return result;
}

static void fake_request_done(void *context, struct MHD_Connection *connection, void **request_context,
                              enum MHD_RequestTerminationCode code)
{
    (void)context;
    (void)connection;
    (void)code;
    free(*request_context);
    *request_context = NULL;
}

static void fake_connection(void *context, struct MHD_Connection *connection, void **socket_context,
                            enum MHD_ConnectionNotificationCode code)
{
    (void)connection;
    (void)socket_context;
    fake_server *fake = context;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        pthread_mutex_lock(&fake->lock);
        fake->connections++;
        pthread_mutex_unlock(&fake->lock);
    }
}

static int fake_start(void **state)
{
    fake_server *fake = calloc(1, sizeof *fake);
    assert_non_null(fake);
    pthread_mutex_init(&fake->lock, NULL);
    fake->daemon = MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, 0, NULL, NULL,
                                    fake_handle, fake, MHD_OPTION_NOTIFY_COMPLETED, fake_request_done, fake,
                                    MHD_OPTION_NOTIFY_CONNECTION, fake_connection, fake, MHD_OPTION_END);
    if (fake->daemon == NULL)
        return -1;
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(fake->daemon, MHD_DAEMON_INFO_BIND_PORT);
    fake->port = info != NULL ? info->port : 0;
    *state = fake;
    return fake->port > 0 ? 0 : -1;
}

static int fake_stop(void **state)
{
    fake_server *fake = *state;
    MHD_stop_daemon(fake->daemon);
    pthread_mutex_destroy(&fake->lock);
    free(fake->games);
    free(fake);
    return 0;
}

static client *fake_client(const fake_server *fake)
{
    char url[64];
    snprintf(url, sizeof url, "http://127.0.0.1:%d/", fake->port);
    client *c = client_new(url);
    assert_non_null(c);
    return c;
}

/* ---- against the fake server ---- */

static void test_calls(void **state)
{
    fake_server *fake = *state;
    client *c = fake_client(fake);
    char why[512] = "";
    long status = 0;
    json_t *body = json_pack("{s:I, s:s}", "version", (json_int_t)31, "action", "place 3 G2");
    json_t *answer = NULL;
    assert_int_equal(client_call(c, "POST", "/echo", "abc123", body, &answer, &status, why, sizeof why), CLIENT_OK);
    assert_int_equal(status, 200);
    assert_string_equal(client_json_string(answer, "method"), "POST");
    assert_string_equal(client_json_string(answer, "authorization"), "Bearer abc123");
    assert_string_equal(client_json_string(answer, "type"), "application/json");
    json_t *echoed = json_loads(client_json_string(answer, "body"), 0, NULL);
    assert_true(json_equal(echoed, body));
    json_decref(echoed);
    json_decref(answer);
    json_decref(body);
    /* GET without token nor body */
    assert_int_equal(client_call(c, "GET", "/echo", NULL, NULL, &answer, NULL, why, sizeof why), CLIENT_OK);
    assert_string_equal(client_json_string(answer, "method"), "GET");
    assert_string_equal(client_json_string(answer, "authorization"), "");
    assert_string_equal(client_json_string(answer, "type"), "");
    assert_string_equal(client_json_string(answer, "body"), "");
    json_decref(answer);
    /* the handle is not reset between requests: each one's method, body
     * and headers are its own, whatever came before */
    json_t *small = json_pack("{s:i}", "n", 1);
    assert_int_equal(client_call(c, "PUT", "/echo", "t1", small, &answer, NULL, why, sizeof why), CLIENT_OK);
    assert_string_equal(client_json_string(answer, "method"), "PUT");
    assert_string_equal(client_json_string(answer, "body"), "{\"n\":1}");
    json_decref(answer);
    json_decref(small);
    assert_int_equal(client_call(c, "DELETE", "/echo", NULL, NULL, &answer, NULL, why, sizeof why), CLIENT_OK);
    assert_string_equal(client_json_string(answer, "method"), "DELETE");
    assert_string_equal(client_json_string(answer, "authorization"), "");
    assert_string_equal(client_json_string(answer, "body"), "");
    json_decref(answer);
    assert_int_equal(client_call(c, "POST", "/echo", "t2", NULL, &answer, NULL, why, sizeof why), CLIENT_OK);
    assert_string_equal(client_json_string(answer, "method"), "POST");
    assert_string_equal(client_json_string(answer, "authorization"), "Bearer t2");
    assert_string_equal(client_json_string(answer, "body"), "");
    json_decref(answer);
    assert_int_equal(client_call(c, "GET", "/echo", NULL, NULL, &answer, NULL, why, sizeof why), CLIENT_OK);
    assert_string_equal(client_json_string(answer, "method"), "GET");
    assert_string_equal(client_json_string(answer, "authorization"), "");
    assert_string_equal(client_json_string(answer, "type"), "");
    json_decref(answer);
    /* an error answer: status, code and reason */
    assert_int_equal(client_call(c, "POST", "/stale", "abc", NULL, &answer, &status, why, sizeof why),
                     CLIENT_ESTATUS);
    assert_null(answer);
    assert_int_equal(status, 409);
    assert_int_equal(client_last_status(c), 409);
    assert_string_equal(client_last_code(c), "stale");
    assert_non_null(strstr(why, "409 stale: the game has moved on (version 5, not 4)"));
    assert_non_null(strstr(why, "POST http://127.0.0.1:"));
    /* an error without a JSON body */
    assert_int_equal(client_call(c, "GET", "/oops", NULL, NULL, &answer, &status, why, sizeof why), CLIENT_ESTATUS);
    assert_int_equal(status, 500);
    assert_string_equal(client_last_code(c), "");
    assert_non_null(strstr(why, "500: internal trouble"));
    /* success, but not JSON */
    assert_int_equal(client_call(c, "GET", "/notjson", NULL, NULL, &answer, &status, why, sizeof why), CLIENT_EBODY);
    assert_null(answer);
    assert_non_null(strstr(why, "not JSON"));
    /* the same as text */
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(client_get_text(c, "/notjson", NULL, &text, &len, &status, why, sizeof why), CLIENT_OK);
    assert_string_equal(text, "plain words");
    assert_int_equal(len, 11);
    free(text);
    /* a new request after a handed-over answer */
    assert_int_equal(client_call(c, "GET", "/echo", NULL, NULL, NULL, &status, why, sizeof why), CLIENT_OK);
    /* every call so far went over one connection (keep-alive) */
    pthread_mutex_lock(&fake->lock);
    int connections = fake->connections;
    pthread_mutex_unlock(&fake->lock);
    assert_int_equal(connections, 1);
    /* a request slower than the limit */
    client_set_timeouts(c, 200, 0);
    assert_int_equal(client_call(c, "GET", "/slow", NULL, NULL, &answer, &status, why, sizeof why), CLIENT_ETIMEOUT);
    assert_int_equal(status, 0);
    assert_non_null(strstr(why, "no answer in time"));
    client_free(c);

    /* nobody listens */
    c = client_new("http://127.0.0.1:1");
    assert_non_null(c);
    assert_int_equal(client_call(c, "GET", "/api/games", NULL, NULL, &answer, &status, why, sizeof why), CLIENT_ENET);
    assert_int_equal(status, 0);
    assert_non_null(strstr(why, "GET http://127.0.0.1:1/api/games: no answer from the server"));
    client_free(c);
}

static void test_events(void **state)
{
    fake_server *fake = *state;
    client *c = fake_client(fake);
    char why[512] = "";
    seen_events seen = {.stop_at = 2};
    /* stop at the second event of a stream that stays open */
    assert_int_equal(client_events(c, "/events", "tok", note_event, &seen, 5000, why, sizeof why), CLIENT_OK);
    assert_int_equal(seen.count, 2);
    assert_string_equal(seen.text[0], "view|3|{\"n\":1}");
    assert_string_equal(seen.text[1], "message|4|two");
    /* never stop: the stream runs into the time limit */
    memset(&seen, 0, sizeof seen);
    assert_int_equal(client_events(c, "/events", NULL, note_event, &seen, 300, why, sizeof why), CLIENT_ETIMEOUT);
    assert_int_equal(seen.count, 3);
    assert_non_null(strstr(why, "3 events and no stop"));
    /* the server ends the stream */
    memset(&seen, 0, sizeof seen);
    assert_int_equal(client_events(c, "/events-end", NULL, note_event, &seen, 5000, why, sizeof why), CLIENT_ENET);
    assert_int_equal(seen.count, 3);
    assert_non_null(strstr(why, "the server closed the event stream"));
    /* an error status */
    memset(&seen, 0, sizeof seen);
    assert_int_equal(client_events(c, "/api/games/999/events", NULL, note_event, &seen, 5000, why, sizeof why),
                     CLIENT_ESTATUS);
    assert_int_equal(seen.count, 0);
    assert_int_equal(client_last_status(c), 404);
    assert_string_equal(client_last_code(c), "not_found");
    assert_non_null(strstr(why, "404 not_found: no such game"));
    /* an answer that is no event stream */
    assert_int_equal(client_events(c, "/notjson", NULL, note_event, &seen, 5000, why, sizeof why), CLIENT_EBODY);
    assert_non_null(strstr(why, "not text/event-stream"));
    assert_int_equal(seen.count, 0);
    client_free(c);
}

static void test_endpoints(void **state)
{
    fake_server *fake = *state;
    client *c = fake_client(fake);
    char why[512] = "";
    int64_t id = 0;
    json_t *summary = NULL;
    assert_int_equal(client_create_game(c, "tikal", NULL, 2, NULL, &id, &summary, why, sizeof why), CLIENT_OK);
    assert_true(id > 0);
    assert_string_equal(client_json_string(summary, "status"), "open");
    json_decref(summary);
    char token0[CLIENT_TOKEN_MAX], token1[CLIENT_TOKEN_MAX];
    int seat = -1;
    assert_int_equal(client_join(c, id, 1, "Bob", &seat, token1, sizeof token1, why, sizeof why), CLIENT_OK);
    assert_int_equal(seat, 1);
    char expected[32];
    snprintf(expected, sizeof expected, "t%lld-1", (long long)id);
    assert_string_equal(token1, expected);
    assert_int_equal(client_join(c, id, 1, NULL, &seat, token0, sizeof token0, why, sizeof why), CLIENT_ESTATUS);
    assert_string_equal(client_last_code(c), "seat_taken");
    char small[4];
    assert_int_equal(client_join(c, id, 0, NULL, &seat, small, sizeof small, why, sizeof why), CLIENT_EBODY);
    assert_non_null(strstr(why, "no token that fits 4 bytes"));
    /* the seat was taken by the refused call: the game runs now */
    snprintf(token0, sizeof token0, "t%lld-0", (long long)id);
    assert_int_equal(client_summary(c, id, &summary, why, sizeof why), CLIENT_OK);
    assert_string_equal(client_json_string(summary, "status"), "running");
    assert_int_equal(client_json_to_move(summary), 0);
    json_decref(summary);
    json_t *legal = NULL;
    assert_int_equal(client_legal(c, id, token1, NULL, &legal, why, sizeof why), CLIENT_OK);
    assert_int_equal(json_array_size(json_object_get(legal, "actions")), 0); /* not seat 1's turn */
    json_decref(legal);
    assert_int_equal(client_legal(c, id, token0, "st ep&x=1", &legal, why, sizeof why), CLIENT_OK);
    assert_int_equal(json_array_size(json_object_get(legal, "actions")), 0); /* the prefix arrived whole */
    json_decref(legal);
    assert_int_equal(client_legal(c, id, token0, "en", &legal, why, sizeof why), CLIENT_OK);
    assert_int_equal(json_array_size(json_object_get(legal, "actions")), 1);
    json_decref(legal);
    assert_int_equal(client_legal(c, id, token0, "", &legal, why, sizeof why), CLIENT_OK);
    assert_int_equal(json_array_size(json_object_get(legal, "actions")), 2);
    int64_t version = -1;
    assert_int_equal(client_json_int(legal, "version", &version), 0);
    json_decref(legal);
    int64_t next = -1;
    json_t *answer = NULL;
    assert_int_equal(client_act(c, id, token0, version, "step", &next, &answer, why, sizeof why), CLIENT_OK);
    assert_int_equal(next, version + 1);
    assert_string_equal(client_json_string(json_array_get(json_object_get(answer, "applied"), 0), "text"), "step");
    json_decref(answer);
    /* the old state number again: stale, nothing changes */
    assert_int_equal(client_act(c, id, token0, version, "step", &next, &answer, why, sizeof why), CLIENT_ESTATUS);
    assert_null(answer);
    assert_int_equal(client_last_status(c), 409);
    assert_string_equal(client_last_code(c), "stale");
    assert_int_equal(next, version + 1);
    assert_int_equal(client_act(c, id, token1, version + 1, "step", NULL, NULL, why, sizeof why), CLIENT_ESTATUS);
    assert_string_equal(client_last_code(c), "not_your_turn");
    assert_int_equal(client_act(c, id, "nobody", version + 1, "step", NULL, NULL, why, sizeof why), CLIENT_ESTATUS);
    assert_int_equal(client_last_status(c), 401);
    assert_int_equal(client_undo(c, id, token0, version + 1, &next, why, sizeof why), CLIENT_ESTATUS);
    assert_string_equal(client_last_code(c), "cannot_undo");
    char *record = NULL;
    size_t len = 0;
    assert_int_equal(client_record(c, id, token0, &record, &len, why, sizeof why), CLIENT_OK);
    assert_non_null(strstr(record, "[Game \"fake\"]"));
    assert_int_equal(len, strlen(record));
    free(record);
    assert_int_equal(client_leave(c, id, "nobody", why, sizeof why), CLIENT_ESTATUS);
    assert_int_equal(client_last_status(c), 401);
    assert_int_equal(client_leave(c, id, token1, why, sizeof why), CLIENT_OK); /* 204, no body */
    assert_int_equal(client_last_status(c), 204);
    assert_int_equal(client_view(c, 424242, NULL, &answer, why, sizeof why), CLIENT_ESTATUS);
    assert_int_equal(client_last_status(c), 404);
    client_free(c);
}

/* A run of 6 games of 3 players for 1 s; rate 0 is closed loop. */
static void run_load(fake_server *fake, int stale_every, double rate, loadgen_result *result)
{
    pthread_mutex_lock(&fake->lock);
    fake->stale_every = stale_every;
    fake->submissions = 0;
    fake->bad_submissions = 0;
    pthread_mutex_unlock(&fake->lock);
    char url[64];
    snprintf(url, sizeof url, "http://127.0.0.1:%d", fake->port);
    loadgen_config config = {.url = url, .game = "tikal", .players = 3, .games = 6, .seconds = 1, .seed = 5,
                             .rate = rate};
    char why[512] = "";
    assert_int_equal(loadgen_run(&config, result, why, sizeof why), 0);
}

static void test_load(void **state)
{
    fake_server *fake = *state;
    loadgen_result r;
    run_load(fake, 0, 0, &r);
    assert_true(r.accepted > 20);
    assert_int_equal(r.submissions, r.accepted);
    assert_int_equal(r.stale, 0);
    assert_true(r.games_finished > 0);
    assert_true(r.other_requests > r.accepted); /* at least one legal list per submission */
    assert_int_equal(r.other_failures, 0);
    assert_int_equal(r.legal_longest, 2);
    assert_true(r.legal_bytes_mean > 40);
    assert_true(r.seconds > 0.9 && r.seconds < 1.5);
    assert_true(r.p50_ms > 0 && r.p50_ms <= r.p90_ms && r.p90_ms <= r.p99_ms && r.p99_ms <= r.max_ms);
    assert_true(r.slowest_second <= r.fastest_second && r.fastest_second <= r.accepted);
    pthread_mutex_lock(&fake->lock);
    assert_int_equal(fake->bad_submissions, 0); /* right seat, version and a listed action every time */
    pthread_mutex_unlock(&fake->lock);

    /* a server refusing every 5th submission as stale: counted and reported */
    run_load(fake, 5, 0, &r);
    assert_true(r.stale > 0);
    assert_int_equal(r.by_status[409], r.stale);
    assert_int_equal(r.submissions, r.accepted + r.stale);
    assert_true(r.accepted > 10);
    pthread_mutex_lock(&fake->lock);
    assert_int_equal(fake->bad_submissions, 0);
    pthread_mutex_unlock(&fake->lock);

    /* open loop, 4 actions a second per game: never ahead of the schedule,
     * so at most 4 + 1 per game in the second (the first at once), however
     * fast the server answers (closed loop made more than 20) */
    run_load(fake, 0, 4, &r);
    assert_true(r.accepted > 0);
    assert_true(r.submissions <= 6 * (4 + 1));
    assert_int_equal(r.submissions, r.accepted);
    assert_true(r.p50_ms >= 0 && r.p50_ms <= r.max_ms);
    pthread_mutex_lock(&fake->lock);
    assert_true(fake->submissions <= 6 * (4 + 1));
    assert_int_equal(fake->bad_submissions, 0);
    pthread_mutex_unlock(&fake->lock);
    loadgen_result open_loop = r;
    run_load(fake, 5, 0, &r); /* the stale run again, for the table below */

    /* the table and the CSV line */
    char path[] = "/tmp/maya-loadgen-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    loadgen_config config = {.url = "http://h", .game = "tikal", .variant = "auction", .players = 3, .games = 6,
                             .seconds = 1, .seed = 5, .csv = path};
    assert_int_equal(loadgen_write_csv(path, &config, &r), 0);
    assert_int_equal(loadgen_write_csv(path, &config, &r), 0);
    FILE *in = fopen(path, "r");
    char line[512];
    int lines = 0;
    assert_non_null(fgets(line, sizeof line, in));
    assert_int_equal(strncmp(line, "game,variant,players,games,seconds,submissions,accepted,", 56), 0);
    while (fgets(line, sizeof line, in) != NULL) {
        lines++;
        assert_int_equal(strncmp(line, "tikal,auction,3,6,", 18), 0);
    }
    assert_int_equal(lines, 2); /* one header, then one line per run */
    fclose(in);
    in = fopen(path, "w+");
    loadgen_print(in, &config, &r);
    rewind(in);
    char table[2048];
    size_t n = fread(table, 1, sizeof table - 1, in);
    table[n] = '\0';
    fclose(in);
    remove(path);
    assert_non_null(strstr(table, "p99 ms"));
    assert_non_null(strstr(table, "status 409: "));
    assert_non_null(strstr(table, "stale (409 stale, never expected with one client per game): "));
    assert_non_null(strstr(table, "closed loop"));
    config.rate = 4;
    in = tmpfile();
    loadgen_print(in, &config, &open_loop);
    rewind(in);
    n = fread(table, 1, sizeof table - 1, in);
    table[n] = '\0';
    fclose(in);
    assert_non_null(strstr(table, "open loop: 4 actions a second per game, 24 a second offered"));

    /* nobody listening: a clear failure before any game */
    loadgen_config nowhere = {.url = "http://127.0.0.1:1", .game = "tikal", .players = 2, .games = 3, .seconds = 1,
                              .seed = 1};
    char why[512] = "";
    assert_int_equal(loadgen_run(&nowhere, &r, why, sizeof why), CLI_FAIL);
    assert_non_null(strstr(why, "cannot reach the server at http://127.0.0.1:1"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sse_split_everywhere),
        cmocka_unit_test(test_sse_crlf_is_one_line_end),
        cmocka_unit_test(test_sse_stop_and_overflow),
        cmocka_unit_test(test_percentiles),
        cmocka_unit_test(test_loadgen_arguments),
        cmocka_unit_test(test_requests_and_answers),
        cmocka_unit_test_setup_teardown(test_calls, fake_start, fake_stop),
        cmocka_unit_test_setup_teardown(test_events, fake_start, fake_stop),
        cmocka_unit_test_setup_teardown(test_endpoints, fake_start, fake_stop),
        cmocka_unit_test_setup_teardown(test_load, fake_start, fake_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
