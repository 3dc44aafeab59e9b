/*
 * api_check.c -- checks a running `maya serve` against docs/api.md where
 * it matters most: bad requests are refused with the documented status and
 * code and change nothing; a seat's token acts only for its seat; stale and
 * replayed submissions are refused; and every view, log and record a seat
 * or a spectator gets holds exactly what the engine's observation for that
 * seat holds, nothing hidden (compared field by field with the engine's
 * observation of the true state, which this program rebuilds from the
 * server's own store). Hints: only the seat to act gets them, and they are
 * exactly what the hint bot makes of that seat's own observation; a seat
 * turns them off for good; the levels list is the engine's. The catalog
 * lists the engines' registry and its games can be created as listed.
 * Each log line's scoring is, field by field, what the engine's
 * apply_scored tells for it.
 *
 * Usage: api_check URL STORE   (STORE: the server's SQLite file or
 * postgresql:// address). Run by tests/cli/server_api.sh against a server
 * on loopback; exits 0 when every check passes, else 1 naming the check.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot.h"
#include "bots/level_time.h"
#include "client/client.h"
#include "games.h"
#include "match.h"
#include "record/record.h"
#include "rng.h"
#include "server/hub.h"
#include "server/observe.h"
#include "server/store.h"

/* What the checks share: the server, a raw request handle, the store. */
typedef struct checker {
    const char *url;      /* the server's base address */
    client *c;            /* JSON requests */
    client_request raw;   /* requests with hand-made bodies */
    store *st;            /* the server's store, read for the true state */
    rng r;                /* choices of actions */
    int checks;           /* checks passed */
    int score_events;     /* score events of log lines compared with the engine's */
    int steps;            /* steps of log lines compared with the engine's */
} checker;

static void check_that(checker *k, int ok, int line, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void check_that(checker *k, int ok, int line, const char *format, ...)
{
    va_list args;

    if (ok) {
        k->checks++;
        return;
    }
    fprintf(stderr, "api_check:%d: FAILED: ", line);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    exit(1);
}

#define CHECK(k, ok, ...) check_that(k, ok, __LINE__, __VA_ARGS__)

/* A request with a hand-made body: the status, and the error code in code. */
static long raw_request(checker *k, const char *method, const char *path, const char *token, const char *body,
                        char code[CLIENT_CODE_MAX])
{
    char url[512], why[512];
    CURLcode result;

    snprintf(url, sizeof url, "%s%s", k->url, path);
    CHECK(k, client_request_prepare(&k->raw, method, url, token, body, 0, 0, why, sizeof why) == CLIENT_OK,
          "prepare %s", why);
    result = curl_easy_perform(k->raw.easy);
    client_request_finish(&k->raw, result, NULL, why, sizeof why);
    snprintf(code, CLIENT_CODE_MAX, "%s", k->raw.code);
    return k->raw.status;
}

/* A JSON request: the status (0: no answer), the answer into *answer. */
static long call(checker *k, const char *method, const char *path, const char *token, json_t *body,
                 json_t **answer)
{
    long status = 0;
    char why[512];

    if (answer != NULL)
        *answer = NULL;
    client_call(k->c, method, path, token, body, answer, &status, why, sizeof why);
    json_decref(body);
    return status;
}

static json_t *view_of(checker *k, int64_t id, const char *token)
{
    json_t *view = NULL;
    char path[128], why[512];

    snprintf(path, sizeof path, "/api/games/%lld/view", (long long)id);
    CHECK(k, client_call(k->c, "GET", path, token, NULL, &view, NULL, why, sizeof why) == CLIENT_OK, "view: %s",
          why);
    return view;
}

/* What seat may see of state, a position of a game: the engine's
 * observation while the game is played, everything once it is over (over). */
static void expected_seen(const game_def *def, const void *state, int seat, int over, void *out)
{
    if (over)
        memcpy(out, state, def->state_size);
    else
        def->observation(state, seat, out);
}

/* The replay viewer's step: the view of game id after its first at actions
 * holds what seat may see of state, the position then (over: the game is
 * over, and every step shows everything), and asked with ?text=1 that
 * position rendered by the engine as its "text". */
static void check_view_at(checker *k, int64_t id, const char *token, int seat, const game_def *def, const void *state,
                          int at, int over)
{
    json_t *view = NULL, *expected;
    void *seen = malloc(def->state_size);
    char path[128], why[512], *text;
    int64_t shown = -1;
    size_t text_len;

    snprintf(path, sizeof path, "/api/games/%lld/view?at=%d&text=1", (long long)id, at);
    CHECK(k, client_call(k->c, "GET", path, token, NULL, &view, NULL, why, sizeof why) == CLIENT_OK, "%s: %s", path,
          why);
    expected_seen(def, state, seat, over, seen);
    expected = observe_view_json(def, seen, seat);
    CHECK(k, json_equal(expected, json_object_get(view, "observation")),
          "game %lld: the view at step %d for seat %d is not what it may see then", (long long)id, at, seat);
    CHECK(k, client_json_int(view, "at", &shown) == 0 && shown == at, "the view at step %d says at %lld", at,
          (long long)shown);
    text_len = def->render(seen, NULL, 0) + 1;
    text = malloc(text_len);
    def->render(seen, text, text_len);
    CHECK(k, client_json_string(view, "text") != NULL && strcmp(client_json_string(view, "text"), text) == 0,
          "game %lld: the view at step %d with ?text=1 has not the engine's rendering as its text", (long long)id, at);
    free(text);
    json_decref(expected);
    json_decref(view);
    free(seen);
}

static int64_t version_of(const json_t *object)
{
    int64_t version = -1;

    client_json_int(object, "version", &version);
    return version;
}

/* The true state of game id: its stored events replayed. */
static void true_match(checker *k, int64_t id, match *m)
{
    store_game row;
    store_seat seats[GAME_MAX_PLAYERS];
    store_event *events = NULL;
    game_options options;
    char why[256];
    int n = 0;
    const game_def *def;

    CHECK(k, store_load(k->st, id, &row, seats, &events, &n, why, sizeof why) == STORE_OK, "store_load: %s", why);
    def = games_find(row.game);
    options.players = row.players;
    options.variant = row.variant[0] ? games_variant_find(def, row.variant) : 0;
    CHECK(k, match_init(m, def, &options, why, sizeof why) == 0, "match_init: %s", why);
    for (int i = 0; i < n; i++) {
        if (events[i].kind == STORE_UNDO) {
            CHECK(k, match_undo(m, why, sizeof why) == 0, "stored undo %d: %s", i, why);
            continue;
        }
        CHECK(k, match_apply_line(m, events[i].text, why, sizeof why) == 0, "stored event %d \"%s\": %s", i,
              events[i].text, why);
    }
    free(events);
}

/* The log line's "scoring" holds exactly the events the engine told for its
 * action (none: no field), in order and field by field (docs/api.md). */
static void check_scoring(checker *k, const json_t *line, const game_score_trace *trace, int index)
{
    const json_t *list = json_object_get(line, "scoring");
    CHECK(k, trace->count == 0 ? list == NULL : (int)json_array_size(list) == trace->count,
          "log line %d has %zu score events, the engine tells %d", index, json_array_size(list), trace->count);
    for (int i = 0; i < trace->count; i++) {
        const game_score_event *e = &trace->events[i];
        json_t *expected = json_pack("{s:i, s:i, s:s, s:s, s:s, s:s}", "seat", e->seat, "points", e->points, "kind",
                                     e->kind, "subject", e->subject, "what", e->what, "rule", e->rule);
        CHECK(k, json_equal(expected, json_array_get(list, (size_t)i)), "log line %d: score event %d is not \"%s\"",
              index, i, e->what);
        json_decref(expected);
        k->score_events++;
    }
}

/* check_steps's collector: the engine's steps as the log writes them
 * (docs/api.md: seat, number and count only where a step has them). */
static void expected_step(void *context, const game_step *step)
{
    static const char *const place_names[] = {"before", "after", "period"};
    json_t *entry = json_pack("{s:s, s:s, s:s, s:s, s:i}", "kind", step->kind, "rule", step->rule, "what", step->what,
                              "place", place_names[step->place], "form", step->form);
    if (step->seat >= 0)
        json_object_set_new(entry, "seat", json_integer(step->seat));
    if (step->number != 0)
        json_object_set_new(entry, "number", json_integer(step->number));
    if (step->count != 0)
        json_object_set_new(entry, "count", json_integer(step->count));
    json_array_append_new(context, entry);
}

/* The log line's "steps" holds exactly what the engine tells happened by
 * itself when its action turned before into after (none: no field). */
static void check_steps(checker *k, const json_t *line, const game_def *def, const void *before, const void *after,
                        int index)
{
    json_t *expected = json_array();
    const json_t *steps = json_object_get(line, "steps");
    if (def->steps != NULL)
        def->steps(before, after, expected_step, expected);
    CHECK(k, json_array_size(expected) == 0 ? steps == NULL : json_equal(expected, steps),
          "log line %d: its steps are not the engine's", index);
    k->steps += (int)json_array_size(expected);
    json_decref(expected);
}

/* The summary of finished game id has each seat's points by category as
 * the engine's events of the replayed game sum them (game_score_totals),
 * and per seat they add up to its score. */
static void check_categories(checker *k, int64_t id)
{
    json_t *summary = NULL;
    const json_t *categories, *scores, *category;
    game_score_totals totals;
    match m;
    char why[256];
    size_t at;
    int sum[GAME_MAX_PLAYERS] = {0}, first = 0;

    true_match(k, id, &m);
    CHECK(k, client_summary(k->c, id, &summary, why, sizeof why) == CLIENT_OK, "summary: %s", why);
    CHECK(k, game_score_totals_replay(m.game, &m.options, m.actions, m.count, &totals, why, sizeof why) == 0,
          "the game's totals: %s", why);
    categories = json_object_get(summary, "categories");
    scores = json_object_get(summary, "scores");
    first = json_array_size(categories) > 0 &&
            strcmp(client_json_string(json_array_get(categories, 0), "kind"), "start") == 0;
    CHECK(k, (int)json_array_size(categories) == totals.count + first, "the summary has %zu categories, the engine %d",
          json_array_size(categories), totals.count);
    json_array_foreach(categories, at, category) {
        const json_t *points = json_object_get(category, "points");
        if ((int)at >= first) {
            const game_score_kind_total *t = &totals.kinds[at - (size_t)first];
            CHECK(k, strcmp(client_json_string(category, "kind"), t->kind) == 0 &&
                         strcmp(client_json_string(category, "rule"), t->rule) == 0,
                  "category %zu is %s (%s)", at, t->kind, t->rule);
        }
        for (int s = 0; s < m.options.players; s++)
            sum[s] += (int)json_integer_value(json_array_get(points, (size_t)s));
    }
    for (int s = 0; s < m.options.players; s++)
        CHECK(k, sum[s] == json_integer_value(json_array_get(scores, (size_t)s)),
              "seat %d: the categories add up to %d, the score is %lld", s, sum[s],
              (long long)json_integer_value(json_array_get(scores, (size_t)s)));
    match_free(&m);
    json_decref(summary);
}

/* The server's view for token's seat (NULL: spectator) of game id holds the
 * engine's observation of the true state for that seat, field by field, and
 * its log and record show each line as that seat may see it; once the game
 * is over, everyone sees everything: the whole state, every line in full
 * (a record that replays as it is). */
static void check_seen(checker *k, int64_t id, const char *token, int seat)
{
    json_t *view = view_of(k, id, token), *log = NULL, *expected;
    match m;
    void *seen;
    char path[128], why[512], *seen_record = NULL, *expected_record;
    const json_t *lines;
    void *state, *before;
    int over;

    true_match(k, id, &m);
    over = match_current_player(&m) == GAME_TERMINAL;
    seen = malloc(m.game->state_size);
    state = malloc(m.game->state_size);
    before = malloc(m.game->state_size);
    expected_seen(m.game, m.state, seat, over, seen);
    expected = observe_view_json(m.game, seen, seat);
    CHECK(k, json_equal(expected, json_object_get(view, "observation")),
          "game %lld: the view of seat %d is not the engine's observation for that seat", (long long)id, seat);
    CHECK(k, version_of(view) >= 0, "the view has a state number");

    snprintf(path, sizeof path, "/api/games/%lld/log", (long long)id);
    CHECK(k, client_call(k->c, "GET", path, token, NULL, &log, NULL, why, sizeof why) == CLIENT_OK, "log: %s", why);
    lines = json_object_get(log, "actions");
    CHECK(k, (int)json_array_size(lines) == m.count, "the log has every action (%zu, %d)", json_array_size(lines),
          m.count);
    m.game->init(state, &m.options, NULL, 0);
    for (int i = 0; i < m.count; i++) {
        char text[GAME_TEXT_MAX];
        if (i % 23 == 0)
            check_view_at(k, id, token, seat, m.game, state, i, over);
        if (over)
            m.game->action_to_text(state, m.actions[i], text, sizeof text);
        else
            m.game->action_seen(state, m.actions[i], seat, m.state, text, sizeof text);
        CHECK(k, strcmp(text, client_json_string(json_array_get(lines, (size_t)i), "text")) == 0,
              "log line %d for seat %d is \"%s\", the engine shows \"%s\"", i, seat,
              client_json_string(json_array_get(lines, (size_t)i), "text"), text);
        game_score_event events[GAME_SCORE_EVENTS_MAX];
        game_score_trace trace = {events, GAME_SCORE_EVENTS_MAX, 0};
        memcpy(before, state, m.game->state_size);
        m.game->apply_scored(state, m.actions[i], &trace, NULL, 0);
        check_scoring(k, json_array_get(lines, (size_t)i), &trace, i);
        check_steps(k, json_array_get(lines, (size_t)i), m.game, before, state, i);
    }
    check_view_at(k, id, token, seat, m.game, state, m.count, over);

    CHECK(k, client_record(k->c, id, token, &seen_record, NULL, why, sizeof why) == CLIENT_OK, "record: %s", why);
    expected_record = over ? record_format(&m, NULL, 0) : record_format_seen(&m, seat, NULL, 0);
    /* the tags differ (Seat, Date); the action lines must be the same */
    CHECK(k, strstr(seen_record, strstr(expected_record, "\n\n")) != NULL,
          "the record for seat %d shows the lines the engine shows that seat", seat);
    free(seen_record);
    free(expected_record);
    json_decref(log);
    json_decref(expected);
    json_decref(view);
    free(seen);
    free(state);
    free(before);
    match_free(&m);
}

/* Bad requests of every kind on game id change nothing. */
static void check_refusals(checker *k, int64_t id, const char *mover, const char *other)
{
    json_t *before = view_of(k, id, mover), *after;
    int64_t version = version_of(before);
    char path[128], body[256], code[CLIENT_CODE_MAX], *big;
    long status;

    snprintf(path, sizeof path, "/api/games/%lld/actions", (long long)id);
    status = raw_request(k, "POST", path, mover, "{\"version\": ", code);
    CHECK(k, status == 400 && strcmp(code, "bad_json") == 0, "malformed JSON: %ld %s", status, code);
    status = raw_request(k, "POST", path, mover, "[1, 2]", code);
    CHECK(k, status == 400 && strcmp(code, "bad_json") == 0, "not an object: %ld %s", status, code);
    snprintf(body, sizeof body, "{\"version\": %lld, \"action\": \"end\", \"seat\": 1}", (long long)version);
    status = raw_request(k, "POST", path, mover, body, code);
    CHECK(k, status == 400 && strcmp(code, "bad_field") == 0, "unknown field: %ld %s", status, code);
    snprintf(body, sizeof body, "{\"version\": %lld, \"action\": \"end\", \"version\": 1}", (long long)version);
    status = raw_request(k, "POST", path, mover, body, code);
    CHECK(k, status == 400 && strcmp(code, "bad_json") == 0, "duplicate field: %ld %s", status, code);
    snprintf(body, sizeof body, "{\"version\": \"%lld\", \"action\": \"end\"}", (long long)version);
    status = raw_request(k, "POST", path, mover, body, code);
    CHECK(k, status == 400 && strcmp(code, "bad_field") == 0, "version as a string: %ld %s", status, code);
    big = malloc(20001);
    memset(big, ' ', 20000);
    big[0] = '{';
    big[19999] = '}';
    big[20000] = '\0';
    status = raw_request(k, "POST", path, mover, big, code);
    free(big);
    CHECK(k, status == 413 && strcmp(code, "too_large") == 0, "oversized body: %ld %s", status, code);
    snprintf(body, sizeof body, "{\"version\": %lld, \"action\": \"fly to the moon\"}", (long long)version);
    status = raw_request(k, "POST", path, mover, body, code);
    CHECK(k, status == 422 && strcmp(code, "illegal") == 0, "not an action: %ld %s", status, code);
    snprintf(body, sizeof body, "{\"version\": %lld, \"id\": 0, \"action\": \"end\"}", (long long)version);
    status = raw_request(k, "POST", path, mover, body, code);
    CHECK(k, status == 400 && strcmp(code, "bad_field") == 0, "both id and text: %ld %s", status, code);
    snprintf(body, sizeof body, "{\"version\": %lld, \"action\": \"end\"}", (long long)version - 1);
    status = raw_request(k, "POST", path, mover, body, code);
    CHECK(k, status == 409 && strcmp(code, "stale") == 0, "stale state number: %ld %s", status, code);
    snprintf(body, sizeof body, "{\"version\": %lld, \"action\": \"end\"}", (long long)version);
    status = raw_request(k, "POST", path, other, body, code);
    CHECK(k, status == 403 && strcmp(code, "not_your_turn") == 0, "another seat's token: %ld %s", status, code);
    status = raw_request(k, "POST", path, NULL, body, code);
    CHECK(k, status == 401 && strcmp(code, "no_token") == 0, "no token: %ld %s", status, code);
    status = raw_request(k, "POST", path, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", body,
                         code);
    CHECK(k, status == 401 && strcmp(code, "bad_token") == 0, "a made-up token: %ld %s", status, code);
    status = raw_request(k, "POST", path, "short", body, code);
    CHECK(k, status == 401 && strcmp(code, "bad_token") == 0, "a malformed token: %ld %s", status, code);
    snprintf(path, sizeof path, "/api/games/%lld/undo", (long long)id);
    snprintf(body, sizeof body, "{\"version\": %lld}", (long long)version);
    status = raw_request(k, "POST", path, other, body, code);
    CHECK(k, status == 403, "undo by another seat: %ld %s", status, code);
    snprintf(path, sizeof path, "/api/games/%lld/actions", (long long)id);
    status = raw_request(k, "GET", path, mover, NULL, code);
    CHECK(k, status == 405 && strcmp(code, "method") == 0, "GET on actions: %ld %s", status, code);
    snprintf(path, sizeof path, "/api/games/%lld/legal", (long long)id);
    status = raw_request(k, "GET", path, NULL, NULL, code);
    CHECK(k, status == 401, "legal actions without a token: %ld %s", status, code);
    static const char *const bad_steps[] = {"-1", "x", "", "99999999"}; /* the last: past the line of play */
    for (size_t i = 0; i < sizeof bad_steps / sizeof bad_steps[0]; i++) {
        snprintf(path, sizeof path, "/api/games/%lld/view?at=%s", (long long)id, bad_steps[i]);
        status = raw_request(k, "GET", path, mover, NULL, code);
        CHECK(k, status == 400 && strcmp(code, "bad_field") == 0, "view at step \"%s\": %ld %s", bad_steps[i], status,
              code);
    }
    status = raw_request(k, "GET", "/api/games/999999999/view", NULL, NULL, code);
    CHECK(k, status == 404 && strcmp(code, "not_found") == 0, "no such game: %ld %s", status, code);
    status = raw_request(k, "GET", "/api/nothing", NULL, NULL, code);
    CHECK(k, status == 404, "no such route: %ld %s", status, code);

    after = view_of(k, id, mover);
    CHECK(k, json_equal(before, after), "the refused requests left the game unchanged");
    json_decref(before);
    json_decref(after);
}

/* A create request's refusals. */
static void check_create_refusals(checker *k)
{
    static const struct {
        const char *body, *code;
        long status;
    } cases[] = {
        {"{\"game\": \"chess\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"human\"}]}",
         "bad_field", 400},
        {"{\"game\": \"tikal\", \"players\": 5, \"seats\": []}", "bad_field", 400},
        {"{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\"}]}", "bad_field", 400},
        {"{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"dog\"}]}",
         "bad_field", 400},
        {"{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"bot\", \"bot\": "
         "\"mcts:millis=999999\"}]}",
         "bot_limit", 422},
        {"{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"bot\", \"bot\": "
         "\"mcts:nodes=10000000\"}]}",
         "bot_limit", 422},
        {"{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"bot\", \"bot\": "
         "\"expert:threads=4\"}]}",
         "bot_limit", 422},
        {"{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"human\"}], "
         "\"replacement\": \"mcts:iterations=60000\"}",
         "bot_limit", 422},
        {"{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"bot\", \"bot\": "
         "\"oracle\"}]}",
         "bad_field", 400},
        {"{\"game\": \"tikal\", \"variant\": \"deluxe\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, "
         "{\"type\": \"human\"}]}",
         "bad_field", 400},
        {"{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"human\"}], "
         "\"colour\": 1}",
         "bad_field", 400},
        {"{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\", \"name\": \"a\\nb\"}, "
         "{\"type\": \"human\"}]}",
         "bad_field", 400},
        {"not json", "bad_json", 400},
    };
    char code[CLIENT_CODE_MAX];
    json_t *before = NULL, *after = NULL;

    call(k, "GET", "/api/games?limit=500", NULL, NULL, &before);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long status = raw_request(k, "POST", "/api/games", NULL, cases[i].body, code);
        CHECK(k, status == cases[i].status && strcmp(code, cases[i].code) == 0,
              "create case %zu: %ld %s, expected %ld %s", i, status, code, cases[i].status, cases[i].code);
    }
    /* a long unknown field name of multibyte characters: the reason, cut
     * to its size, stays valid UTF-8 and the refusal is sent (1 to 3 ASCII
     * letters first, so that the cut falls inside a character) */
    for (int skew = 1; skew <= 3; skew++) {
        static const char *const letters[] = {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x8e\xb2"}; /* é € 🎲 */
        for (int l = 0; l < 3; l++) {
            char body[1200];
            size_t used = (size_t)snprintf(body, sizeof body, "{\"%.*s", skew, "xyz");
            for (int i = 0; i < 120; i++)
                used += (size_t)snprintf(body + used, sizeof body - used, "%s", letters[l]);
            snprintf(body + used, sizeof body - used, "\": 1}");
            long status = raw_request(k, "POST", "/api/games", NULL, body, code);
            CHECK(k, status == 400 && strcmp(code, "bad_field") == 0,
                  "a long unknown field of %d-byte characters after %d letters: %ld %s", l + 2, skew, status, code);
        }
    }
    call(k, "GET", "/api/games?limit=500", NULL, NULL, &after);
    CHECK(k, json_equal(before, after), "refused creations created nothing");
    /* every difficulty level is within the server's default bot limits */
    for (int i = 0, count = 0; i == 0 || i < count; i++) {
        const bot_level *levels = bot_levels(&count);
        char body[256];
        snprintf(body, sizeof body,
                 "{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"bot\", "
                 "\"bot\": \"%s\"}], \"replacement\": \"%s\"}",
                 levels[i].name, levels[i].name);
        long status = raw_request(k, "POST", "/api/games", NULL, body, code);
        CHECK(k, status == 201, "a game with the %s level: %ld %s", levels[i].name, status, code);
    }
    CHECK(k, call(k, "GET", "/api/games?status=lost", NULL, NULL, NULL) == 400, "a list of an unknown status");
    json_decref(before);
    json_decref(after);
}

/* The token's seat plays one legal action chosen at random; returns the
 * answer's state number. */
static int64_t play_one(checker *k, int64_t id, const char *token, int64_t version)
{
    json_t *legal = NULL, *answer = NULL;
    const json_t *actions;
    const char *text;
    char why[512];
    int64_t next = -1;

    CHECK(k, client_legal(k->c, id, token, NULL, &legal, why, sizeof why) == CLIENT_OK, "legal: %s", why);
    actions = json_object_get(legal, "actions");
    CHECK(k, json_array_size(actions) > 0, "the seat to move has legal actions");
    text = client_json_string(json_array_get(actions, rng_below(&k->r, json_array_size(actions))), "text");
    CHECK(k, client_act(k->c, id, token, version, text, &next, &answer, why, sizeof why) == CLIENT_OK,
          "act \"%s\": %s", text, why);
    json_decref(answer);
    json_decref(legal);
    return next;
}

/* A turn time limit: a person who lets it run out is replaced by the
 * replacement bot, whose moves go on; the other seat keeps its token. */
static void check_turn_limit(checker *k)
{
    json_t *summary = NULL, *view;
    char token[2][CLIENT_TOKEN_MAX], why[512], path[128], code[CLIENT_CODE_MAX];
    int64_t id, version = -1;
    int seat = -1, late = -1;
    long status;

    status = call(k, "POST", "/api/games", NULL,
                  json_pack("{s:s, s:i, s:[{s:s}, {s:s}], s:i, s:s, s:i}", "game", "tikal", "players", 2, "seats",
                            "type", "human", "type", "human", "turn_seconds", 1, "replacement", "random", "join", 0),
                  &summary);
    CHECK(k, status == 201, "create a game with a turn limit: %ld", status);
    client_json_int(summary, "id", &id);
    snprintf(token[0], sizeof token[0], "%s", client_json_string(summary, "token"));
    json_decref(summary);
    CHECK(k, client_join(k->c, id, 1, NULL, &seat, token[1], sizeof token[1], why, sizeof why) == CLIENT_OK,
          "join: %s", why);
    view = view_of(k, id, token[0]);
    late = client_json_to_move(view);
    version = version_of(view);
    json_decref(view);
    CHECK(k, late == 0 || late == 1, "a person is to move first (%d)", late);

    /* nobody moves: within a few seconds the seat is the bot's and play goes on */
    int replaced = 0;
    for (int tries = 0; tries < 100 && !replaced; tries++) {
        struct timespec pause = {0, 100000000};
        nanosleep(&pause, NULL);
        snprintf(path, sizeof path, "/api/games/%lld", (long long)id);
        CHECK(k, call(k, "GET", path, NULL, NULL, &summary) == 200, "summary");
        const json_t *late_seat = json_array_get(json_object_get(summary, "seats"), (size_t)late);
        int64_t now = version_of(summary);
        replaced = strcmp(client_json_string(late_seat, "type"), "bot") == 0 &&
                   strcmp(client_json_string(late_seat, "bot"), "random") == 0 && now > version;
        json_decref(summary);
    }
    CHECK(k, replaced, "seat %d ran out of time: the replacement bot took it and moved", late);
    snprintf(path, sizeof path, "/api/games/%lld/view", (long long)id);
    status = raw_request(k, "GET", path, token[late], NULL, code);
    CHECK(k, status == 401 && strcmp(code, "bad_token") == 0, "the late seat's token is dead: %ld %s", status, code);
    status = raw_request(k, "GET", path, token[1 - late], NULL, code);
    CHECK(k, status == 200, "the other seat's token still works: %ld %s", status, code);
}

/* A two-seat Tzolk'in game between two people: the secret wealth tiles, the
 * refusals, undo, a replayed submission, leaving, and play to the end
 * against the replacement bot with the views checked all along. */
static void check_tzolkin(checker *k)
{
    json_t *summary = NULL, *answer = NULL, *view;
    char token[2][CLIENT_TOKEN_MAX], why[512], path[128], code[CLIENT_CODE_MAX], body[160];
    int64_t id, version;
    int seat;
    long status;

    status = call(k, "POST", "/api/games", NULL,
                  json_pack("{s:s, s:i, s:[{s:s, s:s}, {s:s}], s:s, s:i}", "game", "tzolkin", "players", 2, "seats",
                            "type", "human", "name", "Ann", "type", "human", "replacement", "random", "join", 0),
                  &summary);
    CHECK(k, status == 201, "create a Tzolk'in game: %ld", status);
    client_json_int(summary, "id", &id);
    snprintf(token[0], sizeof token[0], "%s", client_json_string(summary, "token"));
    CHECK(k, strcmp(client_json_string(summary, "status"), "open") == 0, "a game with a free seat is open");
    json_decref(summary);
    snprintf(path, sizeof path, "/api/games/%lld/join", (long long)id);
    status = raw_request(k, "POST", path, NULL, "{\"seat\": 0}", code);
    CHECK(k, status == 409 && strcmp(code, "seat_taken") == 0, "join a taken seat: %ld %s", status, code);
    CHECK(k, client_join(k->c, id, 1, "Bob", &seat, token[1], sizeof token[1], why, sizeof why) == CLIENT_OK,
          "join: %s", why);
    status = raw_request(k, "POST", path, NULL, "{}", code);
    CHECK(k, status == 409 && strcmp(code, "not_open") == 0, "join a running game: %ld %s", status, code);

    /* the secret choice of the wealth tiles (Z23.8, ZR22) */
    for (int s = 0; s < 2; s++)
        check_seen(k, id, token[s], s);
    check_seen(k, id, NULL, GAME_CHANCE);
    view = view_of(k, id, token[0]);
    version = version_of(view);
    seat = client_json_to_move(view);
    json_decref(view);
    check_refusals(k, id, token[seat], token[1 - seat]);

    /* a replayed submission is stale */
    {
        json_t *legal = NULL;
        const char *text;
        CHECK(k, client_legal(k->c, id, token[seat], NULL, &legal, why, sizeof why) == CLIENT_OK, "legal: %s", why);
        text = client_json_string(json_array_get(json_object_get(legal, "actions"), 0), "text");
        snprintf(body, sizeof body, "{\"version\": %lld, \"action\": \"%s\"}", (long long)version, text);
        json_decref(legal);
    }
    snprintf(path, sizeof path, "/api/games/%lld/actions", (long long)id);
    CHECK(k, raw_request(k, "POST", path, token[seat], body, code) == 200, "a legal action is accepted");
    status = raw_request(k, "POST", path, token[seat], body, code);
    CHECK(k, status == 409 && strcmp(code, "stale") == 0, "the same submission again: %ld %s", status, code);
    for (int s = 0; s < 2; s++)
        check_seen(k, id, token[s], s);
    check_seen(k, id, NULL, GAME_CHANCE);

    /* the game proper: undo within a turn */
    for (int guard = 0; guard < 20; guard++) {
        view = view_of(k, id, token[0]);
        version = version_of(view);
        seat = client_json_to_move(view);
        json_decref(view);
        CHECK(k, seat >= 0, "someone is to move");
        version = play_one(k, id, token[seat], version);
        view = view_of(k, id, token[seat]);
        if (json_is_true(json_object_get(view, "can_undo"))) {
            int64_t undone;
            json_decref(view);
            CHECK(k, client_undo(k->c, id, token[seat], version, &undone, why, sizeof why) == CLIENT_OK, "undo: %s",
                  why);
            CHECK(k, undone == version + 1, "an undo is a new state number");
            check_seen(k, id, token[seat], seat);
            break;
        }
        json_decref(view);
    }
    view = view_of(k, id, token[0]);
    seat = client_json_to_move(view);
    snprintf(path, sizeof path, "/api/games/%lld/undo", (long long)id);
    snprintf(body, sizeof body, "{\"version\": %lld}", (long long)version_of(view));
    json_decref(view);
    while (raw_request(k, "POST", path, token[seat], body, code) == 200) {
        view = view_of(k, id, token[0]);
        snprintf(body, sizeof body, "{\"version\": %lld}", (long long)version_of(view));
        json_decref(view);
    }
    CHECK(k, strcmp(code, "cannot_undo") == 0, "undo with nothing to take back: %s", code);

    /* seat 1 leaves: the replacement bot plays it, the old token is dead */
    CHECK(k, client_leave(k->c, id, token[1], why, sizeof why) == CLIENT_OK, "leave: %s", why);
    snprintf(path, sizeof path, "/api/games/%lld/view", (long long)id);
    status = raw_request(k, "GET", path, token[1], NULL, code);
    CHECK(k, status == 401 && strcmp(code, "bad_token") == 0, "a token after leaving: %ld %s", status, code);

    /* play to the end */
    for (;;) {
        view = view_of(k, id, token[0]);
        if (strcmp(client_json_string(view, "status"), "finished") == 0) {
            json_decref(view);
            break;
        }
        seat = client_json_to_move(view);
        version = version_of(view);
        json_decref(view);
        if (seat == 0) { /* nobody else can move now: the views must hold still */
            if (rng_below(&k->r, 8) == 0) {
                check_seen(k, id, token[0], 0);
                check_seen(k, id, NULL, GAME_CHANCE);
            }
            play_one(k, id, token[0], version);
        } else {
            struct timespec pause = {0, 20000000};
            nanosleep(&pause, NULL); /* the bot moves */
        }
    }
    check_seen(k, id, token[0], 0);
    check_seen(k, id, NULL, GAME_CHANCE);
    snprintf(path, sizeof path, "/api/games/%lld/actions", (long long)id);
    status = raw_request(k, "POST", path, token[0], "{\"version\": 0, \"action\": \"end\"}", code);
    CHECK(k, status == 409, "an action after the end: %ld %s", status, code);
    json_decref(answer);
}

/* Two texts, either of which may be NULL (an absent field), are equal. */
static int same_text(const char *a, const char *b)
{
    return a != NULL && b != NULL && strcmp(a, b) == 0;
}

/* Whether turn (a level's time per turn in game def, as the API tells it)
 * carries the engine's expected seconds for every player count and a live
 * mean that is null or counts at least LEVEL_TIME_ENOUGH turns. */
static int level_turn_matches(const json_t *turn, const game_def *def, const char *level)
{
    const json_t *expected = json_object_get(turn, "expected"), *live = json_object_get(turn, "live");
    for (int players = def->min_players; players <= def->max_players; players++) {
        char key[8];
        level_time figure;
        snprintf(key, sizeof key, "%d", players);
        if (level_time_expected(def, players, level, &figure) != 0 ||
            fabs(json_real_value(json_object_get(expected, key)) - figure.mean) > 1e-9)
            return 0;
    }
    return json_is_null(live) || json_integer_value(json_object_get(live, "turns")) >= LEVEL_TIME_ENOUGH;
}

/* bots (GET /api/bots's answer) with every level's running means set to
 * null. */
static void without_live_means(json_t *bots)
{
    size_t i;
    json_t *level;
    json_array_foreach(json_object_get(bots, "levels"), i, level) {
        const char *game;
        json_t *turn;
        json_object_foreach(json_object_get(level, "turn"), game, turn)
            json_object_set_new(turn, "live", json_null());
    }
}

/* GET /api/catalog lists every engine of the registry in order (name,
 * title, variants in order, seats) and the bots of GET /api/bots; a game of
 * each entry, at its most seats and in its last variant, is created as
 * listed; a game not in it is refused with a message naming the catalog's
 * games. */
static void check_catalog(checker *k)
{
    json_t *answer = NULL, *bots = NULL, *summary = NULL, *list;
    char code[CLIENT_CODE_MAX], names[256];
    long status = call(k, "GET", "/api/catalog", NULL, NULL, &answer);

    list = json_object_get(answer, "games");
    CHECK(k, status == 200 && (int)json_array_size(list) == games_count(), "GET /api/catalog: %ld, %zu games",
          status, json_array_size(list));
    for (int i = 0; i < games_count(); i++) {
        const game_def *def = games_at(i);
        const json_t *entry = json_array_get(list, (size_t)i), *variants = json_object_get(entry, "variants");
        int count = games_variant_count(def);
        int64_t min = 0, max = 0;
        client_json_int(entry, "min_players", &min);
        client_json_int(entry, "max_players", &max);
        CHECK(k, same_text(client_json_string(entry, "name"), def->name) &&
                     same_text(client_json_string(entry, "title"), def->title) && min == def->min_players &&
                     max == def->max_players && (int)json_array_size(variants) == count,
              "catalog entry %d is not the engine %s", i, def->name);
        for (int v = 0; v < count; v++)
            CHECK(k, same_text(json_string_value(json_array_get(variants, (size_t)v)), def->variants[v]),
                  "variant %d of %s in the catalog", v, def->name);
        int levels;
        const bot_level *level = bot_levels(&levels);
        const json_t *bots_of_game = json_object_get(entry, "bots");
        CHECK(k, (int)json_array_size(bots_of_game) == levels, "the catalog's %s has every level", def->name);
        for (int l = 0; l < levels && l < (int)json_array_size(bots_of_game); l++) {
            const json_t *turn = json_array_get(bots_of_game, (size_t)l);
            CHECK(k, same_text(client_json_string(turn, "name"), level[l].name) &&
                         level_turn_matches(turn, def, level[l].name),
                  "the catalog's %s tells the time per turn of %s", def->name, level[l].name);
        }
        json_t *seats = json_array();
        for (int s = 0; s < def->max_players; s++)
            json_array_append_new(seats, json_pack("{s:s}", "type", "human"));
        json_t *body = json_pack("{s:s, s:i, s:o}", "game", def->name, "players", def->max_players, "seats", seats);
        if (count > 0)
            json_object_set_new(body, "variant", json_string(def->variants[count - 1]));
        status = call(k, "POST", "/api/games", NULL, body, &summary);
        CHECK(k, status == 201 && same_text(client_json_string(summary, "game"), def->name) &&
                     (count == 0 || same_text(client_json_string(summary, "variant"), def->variants[count - 1])),
              "a %d-player game of %s as the catalog lists it: %ld", def->max_players, def->name, status);
        json_decref(summary);
    }
    status = call(k, "GET", "/api/bots", NULL, NULL, &bots);
    json_t *catalog_bots = json_deep_copy(json_object_get(answer, "bots"));
    without_live_means(catalog_bots);
    without_live_means(bots);
    CHECK(k, status == 200 && catalog_bots != NULL && json_equal(catalog_bots, bots),
          "the catalog's bots are GET /api/bots (the running means aside: bots may finish turns between)");
    json_decref(catalog_bots);
    json_decref(bots);
    json_decref(answer);
    CHECK(k, raw_request(k, "POST", "/api/catalog", NULL, "{}", code) == 405, "POST /api/catalog is refused");

    games_names(", ", names, sizeof names);
    status = raw_request(k, "POST", "/api/games", NULL,
                         "{\"game\": \"chess\", \"players\": 2, "
                         "\"seats\": [{\"type\": \"human\"}, {\"type\": \"human\"}]}",
                         code);
    CHECK(k, status == 400 && strcmp(code, "bad_field") == 0 && k->raw.answer != NULL &&
                 strstr(k->raw.answer, names) != NULL,
          "an unknown game is refused naming the catalog's games (%s): %ld %s", names, status, code);
}

/* GET /api/bots lists the engine's levels; GET .../hints answers the seat
 * to act with the hint bot's choices on its own observation (the same as
 * bot_hints on the engine's observation of the true state, same seed), in
 * order, legal, with chances; others are refused; POST .../hints/off turns
 * them off for the seat, stored and shown in the summary. A 2-player Tikal
 * game: its hint search takes a fraction of a second even under the
 * sanitizers (a 2-player Tzolk'in hint plays whole games on from each
 * leaf, seconds under ThreadSanitizer; bots_test checks both games' hints). */
static void check_hints(checker *k)
{
    json_t *answer = NULL, *summary = NULL, *list;
    char token[2][CLIENT_TOKEN_MAX], why[512], path[128], code[CLIENT_CODE_MAX];
    int64_t id, version;
    int seat, count;
    long status;
    const bot_level *levels = bot_levels(&count);

    status = call(k, "GET", "/api/bots", NULL, NULL, &answer);
    list = json_object_get(answer, "levels");
    CHECK(k, status == 200 && (int)json_array_size(list) == count, "GET /api/bots: %ld, %zu levels", status,
          json_array_size(list));
    for (int i = 0; i < count && i < (int)json_array_size(list); i++) {
        const json_t *level = json_array_get(list, (size_t)i);
        CHECK(k, strcmp(client_json_string(level, "name"), levels[i].name) == 0 &&
                     strcmp(client_json_string(level, "spec"), levels[i].spec) == 0,
              "level %d is not the engine's %s", i, levels[i].name);
        for (int g = 0; g < games_count(); g++)
            CHECK(k, level_turn_matches(json_object_get(json_object_get(level, "turn"), games_at(g)->name),
                                        games_at(g), levels[i].name),
                  "GET /api/bots tells the time per turn of %s in %s", levels[i].name, games_at(g)->name);
    }
    CHECK(k, strcmp(client_json_string(answer, "default"), BOT_DEFAULT_LEVEL) == 0 &&
                 strcmp(client_json_string(answer, "hints"), BOT_HINT_LEVEL) == 0,
          "the default and hint levels");
    json_decref(answer);
    CHECK(k, raw_request(k, "POST", "/api/bots", NULL, "{}", code) == 405, "POST /api/bots is refused");

    status = call(k, "POST", "/api/games", NULL,
                  json_pack("{s:s, s:i, s:[{s:s}, {s:s}], s:i}", "game", "tikal", "players", 2, "seats", "type",
                            "human", "type", "human", "join", 0),
                  &summary);
    CHECK(k, status == 201, "create a game for hints: %ld", status);
    client_json_int(summary, "id", &id);
    snprintf(token[0], sizeof token[0], "%s", client_json_string(summary, "token"));
    json_decref(summary);
    snprintf(path, sizeof path, "/api/games/%lld/hints", (long long)id);
    status = raw_request(k, "GET", path, token[0], NULL, code);
    CHECK(k, status == 409 && strcmp(code, "not_open") == 0, "hints before the game starts: %ld %s", status, code);
    CHECK(k, client_join(k->c, id, 1, "Bob", &seat, token[1], sizeof token[1], why, sizeof why) == CLIENT_OK,
          "join: %s", why);
    status = raw_request(k, "GET", path, NULL, NULL, code);
    CHECK(k, status == 401 && strcmp(code, "no_token") == 0, "hints without a token: %ld %s", status, code);

    for (int turn = 0; turn < 6; turn++) {
        json_t *view = view_of(k, id, token[0]), *again = NULL;
        match m;
        void *seen;
        bot_hint expected[3];
        int n;

        version = version_of(view);
        seat = client_json_to_move(view);
        json_decref(view);
        CHECK(k, seat == 0 || seat == 1, "someone is to act");
        status = raw_request(k, "GET", path, token[1 - seat], NULL, code);
        CHECK(k, status == 403 && strcmp(code, "not_your_turn") == 0, "hints for the seat not to act: %ld %s",
              status, code);
        status = call(k, "GET", path, token[seat], NULL, &answer);
        list = json_object_get(answer, "hints");
        CHECK(k, status == 200 && version_of(answer) == version && json_array_size(list) >= 1 &&
                     json_array_size(list) <= 3,
              "hints for the seat to act: %ld, %zu hints", status, json_array_size(list));
        true_match(k, id, &m);
        seen = malloc(m.game->state_size);
        m.game->observation(m.state, seat, seen);
        n = bot_hints(m.game, seen, seat, hub_hints_seed(id, version), expected, 3, why, sizeof why);
        CHECK(k, n == (int)json_array_size(list), "the server gives %zu hints, its observation %d",
              json_array_size(list), n);
        for (int i = 0; i < n && i < (int)json_array_size(list); i++) {
            const json_t *hint = json_array_get(list, (size_t)i);
            char text[GAME_TEXT_MAX];
            int64_t action = -1;
            double chance = json_real_value(json_object_get(hint, "chance"));
            m.game->action_to_text(m.state, expected[i].action, text, sizeof text);
            client_json_int(hint, "id", &action);
            CHECK(k, action == expected[i].action && strcmp(client_json_string(hint, "action"), text) == 0,
                  "hint %d is %s, the seat's own observation gives %s", i, client_json_string(hint, "action"), text);
            CHECK(k, chance >= 0 && chance <= 1 && fabs(chance - expected[i].chance) < 1e-9, "hint %d's chance %g", i,
                  chance);
        }
        status = call(k, "GET", path, token[seat], NULL, &again);
        CHECK(k, status == 200 && json_equal(answer, again), "the same position gives the same hints");
        json_decref(again);
        /* the first hint is legal: play it */
        CHECK(k, client_act(k->c, id, token[seat], version, client_json_string(json_array_get(list, 0), "action"),
                            &version, NULL, why, sizeof why) == CLIENT_OK,
              "play the first hint: %s", why);
        json_decref(answer);
        free(seen);
        match_free(&m);
    }

    /* seat 1 turns hints off: refused from then on, stored, shown */
    snprintf(path, sizeof path, "/api/games/%lld/hints/off", (long long)id);
    status = raw_request(k, "POST", path, token[1], "{\"now\": 1}", code);
    CHECK(k, status == 400 && strcmp(code, "bad_field") == 0, "hints/off with a field: %ld %s", status, code);
    CHECK(k, raw_request(k, "GET", path, token[1], NULL, code) == 405, "GET hints/off is refused");
    status = call(k, "POST", path, token[1], json_object(), &answer);
    CHECK(k, status == 200 && json_is_false(json_object_get(answer, "hints")), "hints/off: %ld", status);
    json_decref(answer);
    snprintf(path, sizeof path, "/api/games/%lld/hints", (long long)id);
    status = raw_request(k, "GET", path, token[1], NULL, code);
    CHECK(k, status == 403 && strcmp(code, "hints_off") == 0, "hints after hints/off: %ld %s", status, code);
    snprintf(path, sizeof path, "/api/games/%lld", (long long)id);
    status = call(k, "GET", path, NULL, NULL, &summary);
    list = json_object_get(summary, "seats");
    CHECK(k, status == 200 && json_is_true(json_object_get(json_array_get(list, 0), "hints")) &&
                 json_is_false(json_object_get(json_array_get(list, 1), "hints")),
          "the summary shows whose hints are off");
    json_decref(summary);
    {
        store_game row;
        store_seat seats[GAME_MAX_PLAYERS];
        store_event *events = NULL;
        int n = 0;
        CHECK(k, store_load(k->st, id, &row, seats, &events, &n, why, sizeof why) == STORE_OK, "load: %s", why);
        CHECK(k, seats[1].hints_off == 1 && seats[0].hints_off == 0, "hints off is stored for seat 1 only");
        free(events);
    }
}

/* A three-seat auction game of Tikal, two people and a bot: the spectator's
 * record is the whole game and replays to the server's result. */
/* The first event of a stream (client_event_fn): keep it and stop. */
typedef struct first_event {
    char name[CLIENT_SSE_NAME_MAX]; /* its name */
    char id[CLIENT_SSE_NAME_MAX];   /* its id */
    json_t *data;                   /* its data as JSON, NULL if none */
} first_event;

static int keep_first_event(void *context, const char *event, const char *id, const char *data)
{
    first_event *first = context;
    snprintf(first->name, sizeof first->name, "%s", event);
    snprintf(first->id, sizeof first->id, "%s", id);
    first->data = json_loads(data, 0, NULL);
    return 1;
}

/* The event stream of game id for token's seat, while the game holds still:
 * it opens with the whole view (id: the stream's view number; with
 * ?whole=1, the state number), without the position's "text" unless asked
 * with ?text=1, as the views; ?whole= or ?text= other than 0 or 1 is
 * refused (docs/api.md). The patches that follow are checked by api_play,
 * crowd and the browser test. */
static void check_events(checker *k, int64_t id, const char *token)
{
    static const char *const queries[] = {"", "?whole=0", "?whole=1", "?text=1", "?whole=1&text=1", "?text=0"};
    static const char *const refused[] = {"events?whole=2", "events?text=2", "view?text=yes"};
    json_t *view = view_of(k, id, token), *text_view = NULL;
    char path[128], why[512], version[32];

    snprintf(path, sizeof path, "/api/games/%lld/view?text=1", (long long)id);
    CHECK(k, client_call(k->c, "GET", path, token, NULL, &text_view, NULL, why, sizeof why) == CLIENT_OK, "%s: %s",
          path, why);
    CHECK(k, json_object_get(view, "text") == NULL, "a view not asked ?text=1 has no text");
    CHECK(k, json_is_string(json_object_get(text_view, "text")), "a view asked ?text=1 has its text");
    snprintf(version, sizeof version, "%lld", (long long)version_of(view));
    for (size_t q = 0; q < sizeof queries / sizeof queries[0]; q++) {
        first_event first = {{0}, {0}, NULL};
        snprintf(path, sizeof path, "/api/games/%lld/events%s", (long long)id, queries[q]);
        CHECK(k, client_events(k->c, path, token, keep_first_event, &first, 10000, why, sizeof why) == CLIENT_OK,
              "%s: %s", path, why);
        CHECK(k, strcmp(first.name, "view") == 0 && json_equal(first.data, strstr(path, "text=1") ? text_view : view),
              "%s opens with the whole view (event \"%s\")", path, first.name);
        if (strstr(path, "whole=1") != NULL)
            CHECK(k, strcmp(first.id, version) == 0, "%s: the view's id %s is its state number %s", path, first.id,
                  version);
        json_decref(first.data);
    }
    for (size_t q = 0; q < sizeof refused / sizeof refused[0]; q++) {
        snprintf(path, sizeof path, "/api/games/%lld/%s", (long long)id, refused[q]);
        CHECK(k,
              (strncmp(refused[q], "view", 4) == 0
                   ? client_call(k->c, "GET", path, token, NULL, NULL, NULL, why, sizeof why)
                   : client_events(k->c, path, token, keep_first_event, NULL, 10000, why, sizeof why)) ==
                      CLIENT_ESTATUS &&
                  client_last_status(k->c) == 400 && strcmp(client_last_code(k->c), "bad_field") == 0,
              "%s is refused with 400 bad_field: %s", path, why);
    }
    json_decref(text_view);
    json_decref(view);
}

static void check_tikal(checker *k)
{
    json_t *summary = NULL, *view;
    char token[2][CLIENT_TOKEN_MAX], why[512], *text = NULL;
    int64_t id;
    record rec;
    const char *result;

    CHECK(k, call(k, "POST", "/api/games", NULL,
                  json_pack("{s:s, s:s, s:i, s:[{s:s}, {s:s, s:s}, {s:s}], s:i}", "game", "tikal", "variant",
                            "auction", "players", 3, "seats", "type", "human", "type", "bot", "bot", "greedy:beam=2",
                            "type", "human", "join", 2),
                  &summary) == 201,
          "create a Tikal auction game");
    client_json_int(summary, "id", &id);
    snprintf(token[1], sizeof token[1], "%s", client_json_string(summary, "token"));
    json_decref(summary);
    CHECK(k, client_join(k->c, id, -1, NULL, NULL, token[0], sizeof token[0], why, sizeof why) == CLIENT_OK,
          "join the first free seat: %s", why);
    for (int step = 0;; step++) {
        int seat;
        view = view_of(k, id, NULL);
        if (strcmp(client_json_string(view, "status"), "finished") == 0) {
            json_decref(view);
            break;
        }
        seat = client_json_to_move(view);
        if (seat == 0 || seat == 2) { /* the bot waits: the views hold still */
            if (step % 37 == 0) {
                check_seen(k, id, token[0], 0);
                check_seen(k, id, NULL, GAME_CHANCE);
                check_events(k, id, token[0]);
                check_events(k, id, NULL);
            }
            play_one(k, id, token[seat / 2], version_of(view));
        } else {
            struct timespec pause = {0, 5000000};
            nanosleep(&pause, NULL);
        }
        json_decref(view);
    }
    check_seen(k, id, NULL, GAME_CHANCE); /* the whole log of a finished game, its scoring rounds too */
    CHECK(k, k->score_events > 0, "the Tikal game's log tells score events");
    CHECK(k, k->steps > 0, "the Tikal game's log tells its rounds and scoring rounds");
    check_categories(k, id);
    CHECK(k, client_record(k->c, id, NULL, &text, NULL, why, sizeof why) == CLIENT_OK, "record: %s", why);
    CHECK(k, record_read(&rec, text, strlen(text), "record", NULL, why, sizeof why) == 0,
          "the spectator's Tikal record replays: %s", why);
    CHECK(k, client_summary(k->c, id, &summary, why, sizeof why) == CLIENT_OK, "summary: %s", why);
    result = client_json_string(summary, "result");
    CHECK(k, result != NULL && strcmp(result, record_tag_value(&rec, "Result")) == 0,
          "the record's Result is the game's result");
    record_free(&rec);
    json_decref(summary);
    free(text);
}

int main(int argc, char **argv)
{
    checker k = {0};
    char why[512];

    if (argc != 3) {
        fputs("usage: api_check URL STORE\n", stderr);
        return 2;
    }
    k.url = argv[1];
    k.c = client_new(argv[1]);
    rng_seed(&k.r, 20261123);
    if (k.c == NULL || client_request_init(&k.raw) != CLIENT_OK ||
        store_open(&k.st, argv[2], why, sizeof why) != STORE_OK) {
        fprintf(stderr, "api_check: cannot start: %s\n", why);
        return 1;
    }
    check_create_refusals(&k);
    check_catalog(&k);
    check_turn_limit(&k);
    check_tzolkin(&k);
    check_tikal(&k);
    check_hints(&k);
    printf("api_check: %d checks passed\n", k.checks);
    store_close(k.st);
    client_request_free(&k.raw);
    client_free(k.c);
    return 0;
}
