/*
 * term_session.c -- a game at the terminal: seats, chance, bots, the log in
 * words, save and load, and the command language shared by the plain and
 * curses modes (see term_session.h).
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games.h"
#include "record/record.h"
#include "term/term_session.h"
#include "term/term_games.h"
#include "term/term_tikal.h"
#include "term/term_view.h"

/* ---- replies and the log -------------------------------------------------- */

static void say(term_session *s, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void say(term_session *s, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (n < 0)
        return;
    if (s->reply_len + (size_t)n + 1 > s->reply_capacity) {
        size_t want = (s->reply_len + (size_t)n + 1) * 2;
        char *grown = realloc(s->reply, want);
        if (grown == NULL)
            return;
        s->reply = grown;
        s->reply_capacity = want;
    }
    va_start(args, format);
    vsnprintf(s->reply + s->reply_len, (size_t)n + 1, format, args);
    va_end(args);
    s->reply_len += (size_t)n;
}

static void reply_clear(term_session *s)
{
    s->reply_len = 0;
    if (s->reply)
        s->reply[0] = '\0';
}

static char *copy_text(const char *text)
{
    size_t n = strlen(text) + 1;
    char *out = malloc(n);
    if (out)
        memcpy(out, text, n);
    return out;
}

/* Append a line to the log; the new entry, or NULL if memory fails. */
static term_entry *log_add(term_session *s, int seat, const char *text, int private_seat, const char *private_text)
{
    assert(s->log_max >= 4 && s->log_count <= s->log_max);
    if (s->log_count == s->log_max) { /* full: the oldest quarter goes */
        int drop = s->log_max / 4;
        for (int i = 0; i < drop; i++) {
            free(s->log[i].text);
            free(s->log[i].private_text);
        }
        memmove(s->log, s->log + drop, (size_t)(s->log_count - drop) * sizeof *s->log);
        s->log_count -= drop;
        s->log_dropped += drop;
    }
    if (s->log_count == s->log_capacity) {
        int want = s->log_capacity ? 2 * s->log_capacity : 256;
        if (want > s->log_max)
            want = s->log_max;
        term_entry *grown = realloc(s->log, (size_t)want * sizeof *grown);
        if (grown == NULL)
            return NULL;
        s->log = grown;
        s->log_capacity = want;
    }
    term_entry *e = &s->log[s->log_count];
    memset(e, 0, sizeof *e);
    e->actions = s->match.count;
    e->seat = seat;
    e->text = copy_text(text);
    e->private_seat = private_text ? private_seat : -1;
    e->private_text = private_text ? copy_text(private_text) : NULL;
    if (e->text == NULL)
        return NULL;
    s->log_count++;
    return e;
}

static void log_clear(term_session *s, int keep_actions)
{
    while (s->log_count > 0 && s->log[s->log_count - 1].actions > keep_actions) {
        term_entry *e = &s->log[--s->log_count];
        free(e->text);
        free(e->private_text);
    }
}

long term_session_log_end(const term_session *s)
{
    return s->log_dropped + s->log_count;
}

void term_session_log_others(const term_session *s, int seat, int *from, int *to)
{
    int i = s->log_count;
    while (i > 0 && !(s->log[i - 1].acted && s->log[i - 1].seat != seat)) /* seat's turn so far */
        i--;
    *to = i;
    while (i > 0 && !(s->log[i - 1].acted && s->log[i - 1].seat == seat)) /* the others' turns */
        i--;
    *from = i;
}

const char *term_session_log_text(const term_session *s, int i, int viewer)
{
    const term_entry *e = &s->log[i];
    if (e->private_text && viewer >= 0 && viewer == e->private_seat)
        return e->private_text;
    return e->text;
}

/* ---- seats ---------------------------------------------------------------- */

static void seats_free(term_session *s)
{
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        bot_free(s->seat[p].bot);
        s->seat[p].bot = NULL;
    }
}

/* Set seat p from spec ("human", "bot" or a bot spec); seeds are drawn
 * from seeds unless the spec names one. */
static int seat_set(term_session *s, int p, const char *spec, rng *seeds, char *why, size_t why_len)
{
    term_seat *seat = &s->seat[p];
    bot_free(seat->bot);
    seat->bot = NULL;
    uint64_t seed = rng_next(seeds);
    if (strcmp(spec, "human") == 0 || strcmp(spec, "person") == 0 || spec[0] == '\0') {
        seat->human = 1;
        snprintf(seat->spec, sizeof seat->spec, "human");
        return 0;
    }
    if (strcmp(spec, "bot") == 0)
        spec = BOT_DEFAULT_LEVEL;
    bot_settings settings;
    char reason[200] = "";
    if (bot_parse(spec, &settings, reason, sizeof reason) != 0) {
        snprintf(why, why_len, "seat %d: %s", p + 1, reason);
        return -1;
    }
    if (strstr(spec, "seed=") == NULL)
        settings.seed = seed;
    seat->bot = bot_new(s->game, &settings, reason, sizeof reason);
    if (seat->bot == NULL) {
        snprintf(why, why_len, "seat %d: %s", p + 1, reason);
        return -1;
    }
    seat->human = 0;
    snprintf(seat->spec, sizeof seat->spec, "%s", spec);
    return 0;
}

static int seats_set(term_session *s, const char *const *specs, const char *const *fallback, char *why,
                     size_t why_len)
{
    rng seeds;
    rng_seed(&seeds, s->seed ^ 0x5eed5eed5eedULL);
    for (int p = 0; p < s->match.options.players; p++) {
        const char *spec = specs && specs[p] ? specs[p] : fallback && fallback[p] ? fallback[p] : "human";
        if (seat_set(s, p, spec, &seeds, why, why_len) != 0)
            return -1;
    }
    return 0;
}

int term_session_humans(const term_session *s)
{
    int n = 0;
    for (int p = 0; p < s->match.options.players; p++)
        n += s->seat[p].human;
    return n;
}

/* ---- setting up ----------------------------------------------------------- */

static int buffers_init(term_session *s, char *why, size_t why_len)
{
    const game_def *game = s->game;
    s->view = calloc(1, game->state_size);
    s->before = calloc(1, game->state_size);
    s->legal = malloc((size_t)game->max_legal * sizeof *s->legal);
    s->legal_text = malloc((size_t)game->max_legal * GAME_TEXT_MAX);
    if (!s->view || !s->before || !s->legal || !s->legal_text) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    if (term_session_set_helper(s, BOT_DEFAULT_LEVEL, why, why_len) != 0)
        return -1;
    return 0;
}

int term_session_set_helper(term_session *s, const char *spec, char *why, size_t why_len)
{
    bot_settings settings;
    bot *helper;

    if (bot_parse(spec, &settings, why, why_len) != 0)
        return -1;
    settings.seed = s->seed ^ 0x4e1fULL;
    if ((helper = bot_new(s->game, &settings, why, why_len)) == NULL)
        return -1;
    bot_free(s->helper);
    s->helper = helper;
    return 0;
}

int term_session_init(term_session *s, const game_def *game, const game_options *options, const char *const *specs,
                      uint64_t seed, char *why, size_t why_len)
{
    memset(s, 0, sizeof *s);
    s->log_max = TERM_LOG_MAX;
    s->game = game;
    s->seed = seed;
    s->viewer = -1;
    s->hint_at = -1;
    rng_seed(&s->chance, seed);
    if (match_init(&s->match, game, options, why, why_len) != 0)
        return -1;
    if (buffers_init(s, why, why_len) != 0 || seats_set(s, specs, NULL, why, why_len) != 0) {
        term_session_free(s);
        return -1;
    }
    char line[96];
    snprintf(line, sizeof line, "New game of %s for %d players (seed %llu)", game->name, options->players,
             (unsigned long long)seed);
    log_add(s, -1, line, -1, NULL);
    term_session_set_viewer(s, term_session_next_viewer(s));
    term_session_refresh(s);
    return 0;
}

void term_session_free(term_session *s)
{
    seats_free(s);
    bot_free(s->helper);
    log_clear(s, -1);
    free(s->log);
    free(s->view);
    free(s->before);
    free(s->legal);
    free(s->legal_text);
    free(s->reply);
    match_free(&s->match);
    memset(s, 0, sizeof *s);
}

/* ---- playing -------------------------------------------------------------- */

int term_session_actor(const term_session *s)
{
    return match_current_player(&s->match);
}

int term_session_waiting(const term_session *s)
{
    int actor = term_session_actor(s);
    return actor >= 0 && s->seat[actor].human;
}

static void log_action(term_session *s, const void *before, int action, int actor)
{
    char text[256], other[256];
    if (match_line_open(s->game, before, action))
        return; /* a step: logged with its line */
    term_view_words(s->game, before, action, GAME_CHANCE, text, sizeof text);
    int private_seat = -1;
    for (int p = 0; p < s->match.options.players && private_seat < 0; p++) {
        term_view_words(s->game, before, action, p, other, sizeof other);
        if (strcmp(other, text) != 0)
            private_seat = p;
    }
    term_entry *e = log_add(s, actor, text, private_seat, private_seat >= 0 ? other : NULL);
    if (e != NULL) {
        e->acted = actor >= 0;
        e->spot_count = term_view_action_spots(s->game, before, action, e->spots);
    }
}

/* One log line per score event the engine told: "Seat 1 +5 VP: temple d3
 * majority, value 5 (T18.1)". */
static void log_scores(term_session *s, const game_score_trace *trace)
{
    char text[160];
    for (int i = 0; i < trace->count && i < trace->capacity; i++) {
        const game_score_event *e = &trace->events[i];
        snprintf(text, sizeof text, "  Seat %d %+d VP: %s (%s)", e->seat + 1, e->points, e->what, e->rule);
        log_add(s, e->seat, text, -1, NULL);
    }
}

/* The end summary: each seat's points by category (game_score_totals),
 * one line per category: "  temple (T18.1)          37   12". */
static void log_categories(term_session *s)
{
    game_score_totals totals;
    char text[160];
    int players = s->match.options.players;
    if (game_score_totals_replay(s->game, &s->match.options, s->match.actions, s->match.count, &totals, NULL, 0) != 0)
        return;
    size_t used = (size_t)snprintf(text, sizeof text, "Points by category %14s", "");
    for (int p = 0; p < players && used < sizeof text; p++)
        used += (size_t)snprintf(text + used, sizeof text - used, " seat %d", p + 1);
    log_add(s, -1, text, -1, NULL);
    for (int k = -1; k < totals.count; k++) {
        const int *points = k < 0 ? totals.start : totals.kinds[k].points;
        int any = 0;
        for (int p = 0; p < players; p++)
            any |= points[p] != 0;
        if (k < 0 && !any)
            continue; /* no starting score to show */
        char name[40];
        if (k < 0)
            snprintf(name, sizeof name, "starting score");
        else
            snprintf(name, sizeof name, "%s (%s)", totals.kinds[k].kind, totals.kinds[k].rule);
        used = (size_t)snprintf(text, sizeof text, "  %-30s", name);
        for (int p = 0; p < players && used < sizeof text; p++)
            used += (size_t)snprintf(text + used, sizeof text - used, " %6d", points[p]);
        log_add(s, -1, text, -1, NULL);
    }
}

/* Once the game is over: the final scores and the winners. */
static void log_game_over(term_session *s)
{
    int now[GAME_MAX_PLAYERS];
    char text[160];
    s->game->scores(s->match.state, now);
    if (match_current_player(&s->match) == GAME_TERMINAL) {
        unsigned winners = s->game->winners(s->match.state);
        size_t used = (size_t)snprintf(text, sizeof text, "Game over. Final scores:");
        for (int p = 0; p < s->match.options.players && used < sizeof text; p++)
            used += (size_t)snprintf(text + used, sizeof text - used, " %d", now[p]);
        int shared = (winners & (winners - 1)) != 0, named = 0;
        if (used < sizeof text)
            used += (size_t)snprintf(text + used, sizeof text - used, ". Seat%s", shared ? "s" : "");
        for (int p = 0; p < s->match.options.players && used < sizeof text; p++)
            if (winners >> p & 1)
                used += (size_t)snprintf(text + used, sizeof text - used, "%s %d", named++ ? " and" : "", p + 1);
        if (used < sizeof text)
            snprintf(text + used, sizeof text - used, shared ? " share the win." : " wins.");
        log_add(s, -1, text, -1, NULL);
        log_categories(s);
    }
}

/* What log_steps passes to the engine's steps. */
typedef struct log_steps_context {
    term_session *session; /* the session whose log grows */
    game_step_place place; /* log only the steps of this place */
} log_steps_context;

/* game_step_emit of the terminal's log: a step as an indented line, a new
 * day or round as a separator line. */
static void log_step(void *context, const game_step *step)
{
    log_steps_context *c = context;
    char text[160];
    if (step->place != c->place)
        return;
    snprintf(text, sizeof text, step->place == GAME_STEP_PERIOD ? "== %s (%s) ==" : "  %s (%s)", step->what,
             step->rule);
    log_add(c->session, -1, text, -1, NULL);
}

/* Log the steps of place that happened by themselves when the last action
 * turned s->before into the match's state (game.h steps). */
static void log_steps(term_session *s, game_step_place place)
{
    log_steps_context c = {s, place};
    if (s->game->steps != NULL)
        s->game->steps(s->before, s->match.state, log_step, &c);
}

int term_session_apply(term_session *s, int action, char *why, size_t why_len)
{
    game_score_event events[GAME_SCORE_EVENTS_MAX];
    game_score_trace trace = {events, GAME_SCORE_EVENTS_MAX, 0};
    int actor = match_current_player(&s->match);
    memcpy(s->before, s->match.state, s->game->state_size);
    int status = match_apply_scored(&s->match, action, &trace, why, why_len);
    if (status != 0)
        return status;
    s->route_count = 0;
    log_action(s, s->before, action, actor);
    log_steps(s, GAME_STEP_BEFORE);
    log_scores(s, &trace);
    log_steps(s, GAME_STEP_AFTER);
    log_steps(s, GAME_STEP_PERIOD);
    log_game_over(s);
    term_session_refresh(s);
    return 0;
}

int term_session_play(term_session *s, int action)
{
    int actor = term_session_actor(s);
    char why[256] = "";
    if (action < 0 || term_session_apply(s, action, why, sizeof why) != 0) {
        reply_clear(s);
        say(s, "%s failed: %s", actor == GAME_CHANCE ? "chance" : "a bot", why[0] ? why : "no action");
        return -1;
    }
    return 1;
}

int term_session_step(term_session *s)
{
    int actor = term_session_actor(s);
    if (actor == GAME_TERMINAL || (actor >= 0 && s->seat[actor].human))
        return 0;
    if (actor == GAME_CHANCE)
        return term_session_play(s, match_sample_chance(&s->match, &s->chance));
    s->game->observation(s->match.state, actor, s->before);
    return term_session_play(s, bot_choose(s->seat[actor].bot, s->before, actor));
}

int term_session_next_viewer(const term_session *s)
{
    int actor = term_session_actor(s);
    if (actor >= 0 && s->seat[actor].human)
        return actor;
    if (s->viewer >= 0)
        return s->viewer;
    for (int p = 0; p < s->match.options.players; p++)
        if (s->seat[p].human)
            return p;
    return -1;
}

void term_session_set_viewer(term_session *s, int seat)
{
    s->viewer = seat;
    s->game->observation(s->match.state, seat >= 0 ? seat : GAME_CHANCE, s->view);
}

/* The picture seat would see now, as a heap string. */
static char *picture_of(term_session *s, int seat, void *scratch)
{
    s->game->observation(s->match.state, seat >= 0 ? seat : GAME_CHANCE, scratch);
    return term_view_text(s->game, scratch, -1, 200);
}

int term_session_private_between(term_session *s, int from, int to)
{
    if (from == to || from < 0 || to < 0)
        return 0;
    void *scratch = malloc(s->game->state_size);
    if (scratch == NULL)
        return 1;
    char *a = picture_of(s, from, scratch), *b = picture_of(s, to, scratch);
    int differ = a == NULL || b == NULL || strcmp(a, b) != 0;
    free(a);
    free(b);
    free(scratch);
    return differ;
}

void term_session_refresh(term_session *s)
{
    s->hint_at = -1; /* the position changed: hints are made again */
    s->legal_count = 0;
    int actor = term_session_actor(s);
    if (actor >= 0) {
        s->legal_count = s->game->legal_actions(s->match.state, s->legal);
        for (int i = 0; i < s->legal_count; i++)
            if (s->game->action_to_text(s->match.state, s->legal[i], s->legal_text + (size_t)i * GAME_TEXT_MAX,
                                        GAME_TEXT_MAX) != 0)
                snprintf(s->legal_text + (size_t)i * GAME_TEXT_MAX, GAME_TEXT_MAX, "#%d", s->legal[i]);
    }
    s->game->observation(s->match.state, s->viewer >= 0 ? s->viewer : GAME_CHANCE, s->view);
}

const char *term_session_legal_text(const term_session *s, int i)
{
    return s->legal_text + (size_t)i * GAME_TEXT_MAX;
}

/* 1 if every word of typed begins the word at the same place in text
 * ("mo L a5 b" matches "move L a5 b4"); a typed text ending in a space
 * asks for one more word. */
static int words_begin(const char *typed, const char *text)
{
    for (;;) {
        while (*typed == ' ')
            typed++;
        if (*typed == '\0')
            return 1;
        while (*text == ' ')
            text++;
        if (*text == '\0')
            return 0;
        while (*typed && *typed != ' ') {
            if (*typed != *text)
                return 0;
            typed++;
            text++;
        }
        if (*typed == ' ' && *text != ' ' && *text != '\0')
            text += strcspn(text, " ");
        else if (*typed == ' ' && *text == '\0')
            return 0;
        if (*typed == '\0')
            return 1;
        text += strcspn(text, " ");
    }
}

int term_session_complete(const term_session *s, const char *prefix, int *out, int max)
{
    int count = 0;
    for (int i = 0; i < s->legal_count; i++)
        if (words_begin(prefix, term_session_legal_text(s, i))) {
            if (count < max)
                out[count] = i;
            count++;
        }
    return count;
}

/* ---- save and load -------------------------------------------------------- */

int term_session_save(const term_session *s, const char *path, char *why, size_t why_len)
{
    char names[GAME_MAX_PLAYERS][16], date[16];
    record_tag tags[GAME_MAX_PLAYERS + 1];
    int count = 0;
    for (int p = 0; p < s->match.options.players; p++) {
        snprintf(names[p], sizeof names[p], "Seat%d", p + 1);
        tags[count++] = (record_tag){names[p], s->seat[p].spec, 0};
    }
    time_t now = time(NULL);
    struct tm local;
    if (localtime_r(&now, &local) == NULL || strftime(date, sizeof date, "%Y-%m-%d", &local) != 10)
        snprintf(date, sizeof date, "1970-01-01");
    tags[count++] = (record_tag){"Date", date, 0};
    FILE *out = fopen(path, "w");
    if (out == NULL) {
        snprintf(why, why_len, "cannot write %s", path);
        return -1;
    }
    int status = record_write(out, &s->match, tags, count);
    if (fclose(out) != 0 || status != 0) {
        snprintf(why, why_len, "cannot write the record to %s", path);
        return -1;
    }
    return 0;
}

int term_session_load(term_session *s, const char *path, const char *const *specs, char *why, size_t why_len)
{
    record rec;
    if (record_read_file(&rec, path, NULL, why, why_len) != 0)
        return -1;
    const game_def *game = rec.match.game;
    if (game != s->game) {
        snprintf(why, why_len, "%s is a record of %s, not of %s", path, game->name, s->game->name);
        record_free(&rec);
        return -1;
    }
    /* Seats: command line, else the record's Seat tags, else people. */
    const char *from_tags[GAME_MAX_PLAYERS] = {NULL};
    char tag[16];
    for (int p = 0; p < rec.match.options.players; p++) {
        snprintf(tag, sizeof tag, "Seat%d", p + 1);
        const char *value = record_tag_value(&rec, tag);
        bot_settings settings;
        if (value && (strcmp(value, "human") == 0 || bot_parse(value, &settings, NULL, 0) == 0))
            from_tags[p] = value;
    }
    /* Replay into a fresh match, so that the log is rebuilt in words. */
    match fresh;
    if (match_init(&fresh, game, &rec.match.options, why, why_len) != 0) {
        record_free(&rec);
        return -1;
    }
    match old = s->match;
    s->match = fresh;
    log_clear(s, -1);
    char line[300];
    snprintf(line, sizeof line, "Loaded %s (%d actions)", path, rec.match.count);
    log_add(s, -1, line, -1, NULL);
    int status = 0;
    for (int i = 0; i < rec.match.count && status == 0; i++)
        status = term_session_apply(s, rec.match.actions[i], why, why_len);
    if (status == 0)
        status = seats_set(s, specs, from_tags, why, why_len);
    record_free(&rec);
    if (status != 0) {
        match_free(&s->match);
        s->match = old;
        return -1;
    }
    match_free(&old);
    /* Undo after loading stops where the record does. */
    memcpy(s->match.undo_base, s->match.state, game->state_size);
    s->match.undo_from = s->match.count;
    s->viewer = -1;
    term_session_set_viewer(s, term_session_next_viewer(s));
    term_session_refresh(s);
    return 0;
}

/* ---- commands ------------------------------------------------------------- */

static int words_of(const char *line, char words[][GAME_TEXT_MAX], int max)
{
    int n = 0;
    while (*line && n < max) {
        while (*line == ' ' || *line == '\t')
            line++;
        if (!*line)
            break;
        size_t len = strcspn(line, " \t");
        snprintf(words[n++], GAME_TEXT_MAX, "%.*s", (int)len, line);
        line += len;
    }
    return n;
}

_Static_assert((int)TERM_ROUTE_MAX >= (int)TIKAL_ROUTE_MAX, "a session holds a whole route");

static term_result command_go(term_session *s, char words[][GAME_TEXT_MAX], int n)
{
    const term_game *entry = term_games_find(s->game);
    if (entry == NULL || !entry->routes) {
        say(s, "go moves a figure across several fields; this game has no routes");
        return TERM_OK;
    }
    const tikal_state *t = (const tikal_state *)s->match.state;
    int figure = n == 4 ? (strcmp(words[1], "L") == 0 ? 1 : strcmp(words[1], "E") == 0 ? 0 : -1) : -1;
    int from = n == 4 ? tikal_parse_field(words[2]) : -1, to = n == 4 ? tikal_parse_field(words[3]) : -1;
    if (figure < 0 || from < 0 || to < 0) {
        say(s, "usage: go E|L FROM TO, e.g. go L a5 c3");
        return TERM_OK;
    }
    int cost, count = term_tikal_route(t, figure, from, to, s->route, &cost);
    if (count <= 0) {
        say(s, "no route for %s from %s to %s", figure ? "the leader" : "an explorer", words[2], words[3]);
        return TERM_OK;
    }
    say(s, "Route of %s: %s", figure ? "the leader" : "an explorer", words[2]);
    for (int i = 0; i < count; i++) {
        char name[3];
        int fields[2];
        term_tikal_action_fields(s->route[i], fields);
        tikal_field_name(fields[0], name);
        say(s, " > %s%s", name, s->route[i] < TIKAL_A_MOVE ? " (secret path)" : "");
    }
    say(s, ": %d step%s, %d AP of %d left.", count, count == 1 ? "" : "s", cost, t->ap);
    if (cost > t->ap) {
        say(s, " Not enough action points.");
        return TERM_OK;
    }
    s->route_count = count;
    say(s, " Confirm with y.");
    return TERM_CONFIRM;
}

/* Say the log entries from number `from` (term_session_log_end) on, as
 * the person acting sees them. */
static void say_new(term_session *s, long from, int actor)
{
    for (int i = from > s->log_dropped ? (int)(from - s->log_dropped) : 0; i < s->log_count; i++)
        say(s, "%s%s", s->reply_len ? "\n" : "", term_session_log_text(s, i, actor));
}

static term_result command_route_confirm(term_session *s)
{
    int count = s->route_count;
    int moves[TERM_ROUTE_MAX];
    memcpy(moves, s->route, sizeof moves);
    s->route_count = 0;
    for (int i = 0; i < count; i++) {
        char why[256] = "";
        long from = term_session_log_end(s);
        int actor = term_session_actor(s);
        if (term_session_apply(s, moves[i], why, sizeof why) != 0) {
            say(s, "stopped after %d move%s: %s", i, i == 1 ? "" : "s", why);
            return TERM_OK;
        }
        say_new(s, from, actor);
    }
    return TERM_OK;
}

static void command_legal(term_session *s, const char *prefix)
{
    int shown = 0;
    for (int i = 0; i < s->legal_count; i++)
        if (strncmp(term_session_legal_text(s, i), prefix, strlen(prefix)) == 0)
            say(s, "%s%s", shown++ ? "\n" : "", term_session_legal_text(s, i));
    if (!shown)
        say(s, s->legal_count ? "no legal action starts with \"%s\"" : "nothing to do now%s", prefix);
}

/* A line typed: a legal action's text, any line of the notation (a market
 * visit is several actions, applied all or none), or the start of one. */
static term_result command_action(term_session *s, const char *line)
{
    char why[256] = "";
    int actions[GAME_LINE_MAX], count = 0;
    for (int i = 0; i < s->legal_count && count == 0; i++)
        if (strcmp(term_session_legal_text(s, i), line) == 0)
            actions[count++] = s->legal[i];
    if (count == 0 && match_line_actions(&s->match, line, actions, &count, why, sizeof why) != 0) {
        int found[8];
        int matches = term_session_complete(s, line, found, 8);
        if (matches == 0) {
            say(s, "%s (type help for the commands, legal for the actions)", why);
            return TERM_OK;
        }
        if (matches > 1) {
            say(s, "\"%s\" could be:", line);
            for (int i = 0; i < matches && i < 8; i++)
                say(s, " %s%s", term_session_legal_text(s, found[i]), i + 1 < matches ? "," : "");
            if (matches > 8)
                say(s, " ... (%d in all; type legal %s)", matches, line);
            return TERM_OK;
        }
        actions[0] = s->legal[found[0]];
        count = 1;
    }
    if (match_try_actions(&s->match, actions, count, why, sizeof why) != 0) {
        say(s, "%s", why);
        return TERM_OK;
    }
    long from = term_session_log_end(s);
    int actor = term_session_actor(s);
    for (int i = 0; i < count; i++)
        term_session_apply(s, actions[i], why, sizeof why);
    say_new(s, from, actor);
    return TERM_OK;
}

int term_session_hints(term_session *s, char *why, size_t why_len)
{
    int actor = term_session_actor(s);
    if (s->hints_off) {
        snprintf(why, why_len, "hints are off in this game (--no-hints)");
        return -1;
    }
    if (!term_session_waiting(s)) {
        snprintf(why, why_len, "hints are for a person whose turn it is");
        return -1;
    }
    if (s->hint_at == s->match.count)
        return s->hint_count;
    /* The seat's own observation: hidden parts never reach the search. */
    s->game->observation(s->match.state, actor, s->before);
    int count = bot_hints(s->game, s->before, actor, s->seed ^ (uint64_t)s->match.count * 0x9E3779B97F4A7C15ull,
                          s->hint, BOT_HINTS, why, why_len);
    if (count < 0)
        return -1;
    s->hint_count = count;
    s->hint_at = s->match.count;
    return count;
}

void term_session_hint_text(const term_session *s, int i, char *buf, size_t len)
{
    char text[GAME_TEXT_MAX] = "?";
    s->game->action_to_text(s->match.state, s->hint[i].action, text, sizeof text);
    snprintf(buf, len, "%s (%.0f%% to win)", text, 100.0 * s->hint[i].chance);
}

/* hint: the best actions for the person to act; hint N plays the Nth. */
static term_result command_hint(term_session *s, char words[][GAME_TEXT_MAX], int n)
{
    char why[256] = "", text[GAME_TEXT_MAX + 32];
    int count = term_session_hints(s, why, sizeof why);
    if (count < 0) {
        say(s, "%s", why);
        return TERM_OK;
    }
    if (n == 1) {
        say(s, "the %s bot's best %s:", BOT_HINT_LEVEL, count == 1 ? "action" : "actions");
        for (int i = 0; i < count; i++) {
            term_session_hint_text(s, i, text, sizeof text);
            say(s, "\n  %d. %s", i + 1, text);
        }
        if (count > 0)
            say(s, "\n(hint N plays the Nth)");
        return TERM_OK;
    }
    char *end;
    long pick = strtol(words[1], &end, 10);
    if (n != 2 || *end != '\0' || pick < 1 || pick > count) {
        say(s, "usage: hint, or hint N with N from 1 to %d", count);
        return TERM_OK;
    }
    s->game->action_to_text(s->match.state, s->hint[pick - 1].action, text, sizeof text);
    return command_action(s, text);
}

term_result term_session_command(term_session *s, const char *line)
{
    char words[6][GAME_TEXT_MAX];
    char why[300] = "";
    reply_clear(s);
    while (*line == ' ' || *line == '\t')
        line++;
    char trimmed[256];
    snprintf(trimmed, sizeof trimmed, "%s", line);
    for (size_t n = strlen(trimmed);
         n > 0 && (trimmed[n - 1] == ' ' || trimmed[n - 1] == '\n' || trimmed[n - 1] == '\r');)
        trimmed[--n] = '\0';
    int n = words_of(trimmed, words, 6);
    if (s->route_count > 0) {
        if (n == 1 && (strcmp(words[0], "y") == 0 || strcmp(words[0], "yes") == 0))
            return command_route_confirm(s);
        s->route_count = 0;
        say(s, "route cancelled");
        if (n == 1 && (strcmp(words[0], "n") == 0 || strcmp(words[0], "no") == 0))
            return TERM_OK;
        reply_clear(s);
    }
    if (n == 0)
        return TERM_OK;
    const char *verb = words[0];
    if (strcmp(verb, "quit") == 0 || strcmp(verb, "exit") == 0)
        return TERM_QUIT;
    if (strcmp(verb, "help") == 0 || strcmp(verb, "?") == 0)
        return TERM_HELP;
    if (strcmp(verb, "rules") == 0) {
        char rules[TERM_RULES_MAX];
        term_help_rules(s->game, rules, sizeof rules);
        say(s, "%s", rules);
        return TERM_OK;
    }
    if (strcmp(verb, "board") == 0)
        return TERM_BOARD;
    if (strcmp(verb, "save") == 0) {
        if (n != 2)
            say(s, "usage: save FILE");
        else if (term_session_save(s, words[1], why, sizeof why) != 0)
            say(s, "%s", why);
        else
            say(s, "saved %d actions to %s", s->match.count, words[1]);
        return TERM_OK;
    }
    if (strcmp(verb, "load") == 0) {
        if (n != 2)
            say(s, "usage: load FILE");
        else if (term_session_load(s, words[1], NULL, why, sizeof why) != 0)
            say(s, "%s", why);
        else {
            say(s, "loaded %s: %d actions", words[1], s->match.count);
            return TERM_BOARD;
        }
        return TERM_OK;
    }
    if (strcmp(verb, "speed") == 0) {
        int ms = n == 2 ? atoi(words[1]) : -1;
        if (ms < 0 || ms > 60000)
            say(s, "usage: speed MS (pause after each bot action, 0 to 60000; now %d)", s->speed_ms);
        else {
            s->speed_ms = ms;
            say(s, "bots pause %d ms after each action", ms);
        }
        return TERM_OK;
    }
    if (strcmp(verb, "log") == 0) {
        int count = n == 2 ? atoi(words[1]) : 20;
        int viewer = term_session_humans(s) > 1 ? TERM_LOG_HUMAN_ALL : s->viewer;
        for (int i = s->log_count - count < 0 ? 0 : s->log_count - count; i < s->log_count; i++)
            say(s, "%s%s", s->reply_len ? "\n" : "", term_session_log_text(s, i, viewer));
        return TERM_OK;
    }
    if (strcmp(verb, "seats") == 0) {
        for (int p = 0; p < s->match.options.players; p++)
            say(s, "seat %d: %s%s", p + 1, s->seat[p].spec, p + 1 < s->match.options.players ? "\n" : "");
        return TERM_OK;
    }
    if (!term_session_waiting(s)) {
        int actor = term_session_actor(s);
        say(s, actor == GAME_TERMINAL ? "the game is over (save FILE, load FILE or quit)"
                                      : "it is not a person's turn now");
        return TERM_OK;
    }
    if (strcmp(verb, "legal") == 0) {
        const char *prefix = trimmed + strlen("legal");
        command_legal(s, prefix + strspn(prefix, " \t"));
        return TERM_OK;
    }
    if (strcmp(verb, "undo") == 0) {
        if (match_undo(&s->match, why, sizeof why) != 0)
            say(s, "%s", why);
        else {
            log_clear(s, s->match.count);
            term_session_refresh(s);
            say(s, "took back the last action");
        }
        return TERM_OK;
    }
    if (strcmp(verb, "go") == 0)
        return command_go(s, words, n);
    if (strcmp(verb, "hint") == 0)
        return command_hint(s, words, n);
    if (strcmp(verb, "auto") == 0) {
        int actor = term_session_actor(s);
        char text[GAME_TEXT_MAX] = "";
        assert(s->helper != NULL); /* set up with the session */
        s->game->observation(s->match.state, actor, s->before);
        int action = bot_choose(s->helper, s->before, actor);
        if (action < 0 || s->game->action_to_text(s->match.state, action, text, sizeof text) != 0) {
            say(s, "the bot has no idea");
            return TERM_OK;
        }
        return command_action(s, text);
    }
    return command_action(s, trimmed);
}

/* ---- help ----------------------------------------------------------------- */

const char *term_help_text(void)
{
    return "Commands (plain mode, and after ':' in full screen):\n"
           "  ACTION        an action in its notation, e.g. move L a5 b4 or place PAL;\n"
           "                a unique beginning is enough (mo L a5 b -> move L a5 b4)\n"
           "  legal [TEXT]  the legal actions (beginning with TEXT)\n"
           "  go X F T      Tikal: move figure X (E or L) from field F to T by the\n"
           "                cheapest route (crossings and your secret paths);\n"
           "                shows the cost, then y confirms\n"
           "  undo          take back the last action of this turn\n"
           "  hint [N]      the strong bot's best three actions with the chance to win\n"
           "                after each (hint N plays the Nth); auto: it plays one for you\n"
           "  save FILE     write the game as a record; load FILE: continue one\n"
           "  log [N]       the last N things that happened\n"
           "  board         show the position again;  seats: who plays\n"
           "  speed MS      pause after each bot action\n"
           "  rules         a summary of the rules;  help: this text;  quit\n"
           "Keys in full screen:\n"
           "  arrows        move the cursor over the board: Tikal's fields; Tzolk'in's\n"
           "                gear positions, start space, temples, tracks, buildings,\n"
           "                monuments; legal targets are highlighted\n"
           "  Enter, click  the actions at the cursor (all when none is there)\n"
           "  Space         all legal actions; in a menu: up/down, Enter or a\n"
           "                click picks, type to filter\n"
           "  g             go: move a figure from the cursor field; move the\n"
           "                cursor to the target, the cost shows, Enter confirms\n"
           "  :             type a command or an action (Tab completes)\n"
           "  v             small screens: the panel (scores...) or the board\n"
           "  h            hints: the best three actions and their chances; Enter plays\n"
           "  u undo   a auto   s save   o load   + - bot speed   p pause bots\n"
           "  r rules\n"
           "  ? help   PgUp/PgDn scroll the log   q quit\n"
           "On your turn, > in the log and highlighted places on the board show\n"
           "what the other seats did since your last turn.\n";
}

const char *term_help_legend(const game_def *game)
{
    const term_game *entry = term_games_find(game);
    return entry != NULL && entry->legend != NULL ? entry->legend : "";
}

void term_help_rules(const game_def *game, char *buf, size_t len)
{
    const term_game *entry = term_games_find(game);
    if (entry != NULL && entry->rules != NULL)
        entry->rules(buf, len);
    else
        snprintf(buf, len, "See the rules of the game in rules/.\n");
}
