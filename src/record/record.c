/*
 * record.c -- writing and reading game records (see record.h).
 *
 * Reading works on a private copy of the text, one line at a time: tag lines
 * are collected until the first action line, where the header is checked
 * (Game, Players, Variant, Seat, Date and Result tags) and the match set up;
 * every action line is then checked for its actor and replayed through the
 * engine. At the end a Result with scores is compared with the replayed game.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "record/record.h"

enum {
    RECORD_REASON_MAX = 256,             /* room for an engine's reason */
    RECORD_FILE_MAX = 64 * 1024 * 1024,  /* largest file read as a record */
    RECORD_FIRST_CAPACITY = 16,          /* first allocation of growing arrays */
    RECORD_TAGS_MAX = 256                /* most tag lines of one record */
};

/* State of one record_read. */
typedef struct record_reader {
    record *rec;                      /* what is being filled */
    const char *source;               /* name of the text in messages */
    record_find_game *find;           /* engine lookup for the Game tag */
    char *why;                        /* where the error message goes, or NULL */
    size_t why_len;                   /* room in why */
    int tag_capacity;                 /* entries allocated for rec->tags */
    int line_capacity;                /* entries allocated for rec->action_line */
    int started;                      /* 1 once the header is checked and the match set up */
    const record_tag *result;         /* the Result tag (set when started) */
    int result_scores;                /* 1 if Result gives scores, 0 if it is * */
    int scores[GAME_MAX_PLAYERS];     /* the scores Result gives */
    int actions_read;                 /* entries of rec->action_line filled */
} record_reader;

/* ---- small text helpers ---- */

static int record_is_space(int c)
{
    return c == ' ' || c == '\t';
}

static int record_is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static int record_is_name_char(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || record_is_digit(c) || c == '_';
}

static char *record_skip_space(char *s)
{
    while (record_is_space((unsigned char)*s))
        s++;
    return s;
}

/* Make every run of spaces and tabs in s one space, in place: tokens are
 * separated by one or more spaces (tikal.md T29, tzolkin.md Z23.1). */
static void record_squeeze_space(char *s)
{
    char *out = s;
    for (const char *in = s; *in != '\0'; in++)
        if (!record_is_space((unsigned char)*in))
            *out++ = *in;
        else if (out > s && out[-1] != ' ')
            *out++ = ' ';
    *out = '\0';
}

/* Parse a decimal integer in canonical form (at most 9 digits, no leading
 * zero, an optional '-' before a nonzero value) from s[0..len-1], all of
 * it; 0 on success. */
static int record_parse_int(const char *s, size_t len, int *out)
{
    size_t i = 0;
    int negative = 0;
    if (len > 0 && s[0] == '-') {
        negative = 1;
        i = 1;
    }
    if (i == len || len - i > 9 || (s[i] == '0' && (len - i > 1 || negative)))
        return -1;
    int value = 0;
    for (; i < len; i++) {
        if (!record_is_digit((unsigned char)s[i]))
            return -1;
        value = value * 10 + (s[i] - '0');
    }
    *out = negative ? -value : value;
    return 0;
}

/* Length of the valid UTF-8 sequence at s (of at most avail bytes), 0 if
 * the bytes there are not valid UTF-8. */
static size_t record_utf8_length(const unsigned char *s, size_t avail)
{
    unsigned char c = s[0];
    size_t n;
    unsigned char low = 0x80, high = 0xbf; /* range of the second byte */
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0)
            low = 0xa0;
        if (c == 0xed)
            high = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0)
            low = 0x90;
        if (c == 0xf4)
            high = 0x8f;
    } else
        return 0;
    if (avail < n || s[1] < low || s[1] > high)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

/* ---- writing ---- */

/* A tag written from the match, not copied: Variant only for a game that
 * has variants (for another it is an unknown tag, kept). */
static int record_computed_tag(const game_def *game, const char *name)
{
    return strcmp(name, "Game") == 0 || (strcmp(name, "Variant") == 0 && games_variant_count(game) > 0) ||
           strcmp(name, "Players") == 0 || strcmp(name, "Result") == 0;
}

/* Write [name "value"], replacing in value what the format cannot hold. */
static void record_write_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const unsigned char *v = (const unsigned char *)value; *v != '\0'; v++) {
        int c = *v;
        if (c == '"')
            c = '\'';
        else if (c < 0x20 || c == 0x7f)
            c = ' ';
        fputc(c, out);
    }
    fputs("\"]\n", out);
}

/* Write the record of m, every action line in full (seat is ignored) or,
 * when seen, as seat sees it once the game has reached m's state. */
static int record_write_view(FILE *out, const match *m, const record_tag *tags, int tag_count, int seen, int seat)
{
    const game_def *game = m->game;
    char number[16];
    snprintf(number, sizeof number, "%d", m->options.players);
    record_write_tag(out, "Game", game->name);
    if (games_variant_count(game) > 0) {
        const char *variant = games_variant_name(game, m->options.variant);
        record_write_tag(out, "Variant", variant != NULL ? variant : "?");
    }
    record_write_tag(out, "Players", number);
    for (int i = 0; i < tag_count; i++)
        if (!record_computed_tag(game, tags[i].name))
            record_write_tag(out, tags[i].name, tags[i].value);
    if (game->current_player(m->state) == GAME_TERMINAL) {
        int scores[GAME_MAX_PLAYERS];
        game->scores(m->state, scores);
        fputs("[Result \"", out);
        for (int s = 0; s < m->options.players; s++)
            fprintf(out, s == 0 ? "%d" : " %d", scores[s]);
        fputs("\"]\n", out);
    } else
        record_write_tag(out, "Result", "*");
    fputc('\n', out);

    void *state = malloc(game->state_size);
    if (state == NULL)
        return RECORD_EINVALID;
    int status = game->init(state, &m->options, NULL, 0);
    for (int i = 0; status == 0 && i < m->count; i++) {
        char text[GAME_TEXT_MAX];
        int player = game->current_player(state);
        if (match_line_open(game, state, m->actions[i])) { /* a step: its line comes with the last action */
            status = game->apply(state, m->actions[i], NULL, 0);
            continue;
        }
        if (seen)
            status = game->action_seen(state, m->actions[i], seat, m->state, text, sizeof text);
        else
            status = game->action_to_text(state, m->actions[i], text, sizeof text);
        if (status != 0)
            break;
        if (player == GAME_CHANCE)
            fprintf(out, "* %s\n", text);
        else
            fprintf(out, "%d %s\n", player + 1, text);
        status = game->apply(state, m->actions[i], NULL, 0);
    }
    free(state);
    if (status != 0 || ferror(out))
        return RECORD_EINVALID;
    return 0;
}

int record_write(FILE *out, const match *m, const record_tag *tags, int tag_count)
{
    return record_write_view(out, m, tags, tag_count, 0, GAME_CHANCE);
}

/* The record written by record_write_view as a heap string, or NULL. */
static char *record_format_view(const match *m, const record_tag *tags, int tag_count, int seen, int seat)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (out == NULL)
        return NULL;
    int status = record_write_view(out, m, tags, tag_count, seen, seat);
    if (fclose(out) != 0 || status != 0) {
        free(text);
        return NULL;
    }
    return text;
}

char *record_format(const match *m, const record_tag *tags, int tag_count)
{
    return record_format_view(m, tags, tag_count, 0, GAME_CHANCE);
}

char *record_format_seen(const match *m, int seat, const record_tag *tags, int tag_count)
{
    if (seat != GAME_CHANCE && (seat < 0 || seat >= m->options.players))
        return NULL;
    return record_format_view(m, tags, tag_count, 1, seat);
}

/* ---- reading ---- */

static int record_fail(record_reader *rd, int line, const char *format, ...)
{
    if (rd->why != NULL && rd->why_len > 0) {
        int used = snprintf(rd->why, rd->why_len, "%s:%d: ", rd->source, line);
        if (used >= 0 && (size_t)used < rd->why_len) {
            va_list args;
            va_start(args, format);
            vsnprintf(rd->why + used, rd->why_len - (size_t)used, format, args);
            va_end(args);
        }
    }
    return RECORD_EINVALID;
}

static const record_tag *record_find_tag(const record *rec, const char *name)
{
    for (int i = 0; i < rec->tag_count; i++)
        if (strcmp(rec->tags[i].name, name) == 0)
            return &rec->tags[i];
    return NULL;
}

const char *record_tag_value(const record *rec, const char *name)
{
    const record_tag *tag = record_find_tag(rec, name);
    return tag != NULL ? tag->value : NULL;
}

/* A tag line: [Name "value"], then only spaces or a comment. */
static int record_read_tag(record_reader *rd, int line, char *s)
{
    record *rec = rd->rec;
    if (rd->started)
        return record_fail(rd, line, "tag line after the first action: tags come first");
    char *name = s + 1;
    char *q = name;
    while (record_is_name_char((unsigned char)*q))
        q++;
    char *name_end = q;
    if (name_end == name || !record_is_space((unsigned char)*q))
        return record_fail(rd, line, "malformed tag line: expected [Name \"value\"]");
    q = record_skip_space(q);
    if (*q != '"')
        return record_fail(rd, line, "malformed tag line: expected [Name \"value\"]");
    char *value = q + 1;
    char *close = strchr(value, '"');
    if (close == NULL)
        return record_fail(rd, line, "unterminated tag value: expected [Name \"value\"]");
    q = record_skip_space(close + 1);
    if (*q != ']')
        return record_fail(rd, line, "malformed tag line: expected ] after the value");
    q = record_skip_space(q + 1);
    if (*q != '\0' && *q != ';')
        return record_fail(rd, line, "unexpected text after the tag");
    *name_end = '\0';
    *close = '\0';
    const record_tag *seen = record_find_tag(rec, name);
    if (seen != NULL)
        return record_fail(rd, line, "duplicate tag %s (first on line %d)", name, seen->line);
    if (rec->tag_count == RECORD_TAGS_MAX)
        return record_fail(rd, line, "more than %d tags", RECORD_TAGS_MAX);
    if (rec->tag_count == rd->tag_capacity) {
        int capacity = rd->tag_capacity ? 2 * rd->tag_capacity : RECORD_FIRST_CAPACITY;
        record_tag *grown = realloc(rec->tags, (size_t)capacity * sizeof *grown);
        if (grown == NULL)
            return record_fail(rd, line, "out of memory");
        rec->tags = grown;
        rd->tag_capacity = capacity;
    }
    rec->tags[rec->tag_count++] = (record_tag){name, value, line};
    return 0;
}

/* Parse the Result value: "*" or players integers separated by single spaces. */
static int record_parse_result(record_reader *rd, const char *value, int players)
{
    if (strcmp(value, "*") == 0) {
        rd->result_scores = 0;
        return 0;
    }
    const char *p = value;
    for (int s = 0; s < players; s++) {
        const char *end = strchr(p, ' ');
        size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
        if (record_parse_int(p, len, &rd->scores[s]) != 0)
            return -1;
        if ((end == NULL) != (s == players - 1))
            return -1;
        if (end != NULL)
            p = end + 1;
    }
    rd->result_scores = 1;
    return 0;
}

static int record_valid_date(const char *d)
{
    if (strlen(d) != 10 || d[4] != '-' || d[7] != '-')
        return 0;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !record_is_digit((unsigned char)d[i]))
            return 0;
    int month = (d[5] - '0') * 10 + (d[6] - '0');
    int day = (d[8] - '0') * 10 + (d[9] - '0');
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/* Write the variant names of game, separated by " or ", into buf. */
static void record_variant_list(const game_def *game, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int v = 0; v < games_variant_count(game) && used < len; v++) {
        int n = snprintf(buf + used, len - used, v == 0 ? "%s" : " or %s", game->variants[v]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

/* Check the header at line (where the actions start, or the end of the
 * text) and set up the match. */
static int record_start(record_reader *rd, int line)
{
    record *rec = rd->rec;
    const record_tag *tag = record_find_tag(rec, "Game");
    if (tag == NULL)
        return record_fail(rd, line, "missing tag Game before the actions");
    const game_def *game = rd->find(tag->value);
    if (game == NULL)
        return record_fail(rd, tag->line, "unknown game \"%s\"", tag->value);

    game_options options = {0, 0};
    tag = record_find_tag(rec, "Players");
    if (tag == NULL)
        return record_fail(rd, line, "missing tag Players before the actions");
    if (record_parse_int(tag->value, strlen(tag->value), &options.players) != 0 || tag->value[0] == '-' ||
        options.players < game->min_players || options.players > game->max_players)
        return record_fail(rd, tag->line, "Players must be %d to %d for %s, not \"%s\"", game->min_players,
                           game->max_players, game->name, tag->value);

    char variants[128];
    record_variant_list(game, variants, sizeof variants);
    tag = record_find_tag(rec, "Variant");
    if (games_variant_count(game) > 0) {
        if (tag == NULL)
            return record_fail(rd, line, "missing tag Variant (%s) before the actions", variants);
        options.variant = games_variant_find(game, tag->value);
        if (options.variant < 0)
            return record_fail(rd, tag->line, "unknown variant \"%s\" of %s (%s)", tag->value, game->name,
                               variants);
    }

    for (int i = 0; i < rec->tag_count; i++) {
        const char *name = rec->tags[i].name;
        if (strncmp(name, "Seat", 4) != 0 || name[4] == '\0')
            continue;
        int seat;
        if (record_parse_int(name + 4, strlen(name + 4), &seat) != 0 || name[4] == '-')
            continue; /* not a seat tag: an unknown tag, kept */
        if (seat < 1 || seat > options.players)
            return record_fail(rd, rec->tags[i].line, "no seat %s in a game of %d players", name + 4,
                               options.players);
    }

    tag = record_find_tag(rec, "Date");
    if (tag != NULL && !record_valid_date(tag->value))
        return record_fail(rd, tag->line, "Date must be YYYY-MM-DD, not \"%s\"", tag->value);

    rd->result = record_find_tag(rec, "Result");
    if (rd->result == NULL)
        return record_fail(rd, line, "missing tag Result (* or the final scores) before the actions");
    if (record_parse_result(rd, rd->result->value, options.players) != 0)
        return record_fail(rd, rd->result->line,
                           "Result must be * or %d scores separated by single spaces, not \"%s\"",
                           options.players, rd->result->value);

    char reason[RECORD_REASON_MAX] = "";
    if (match_init(&rec->match, game, &options, reason, sizeof reason) != 0) {
        tag = record_find_tag(rec, "Players");
        return record_fail(rd, tag->line, "%s", reason[0] ? reason : "unsupported options");
    }
    rd->started = 1;
    return 0;
}

/* An action line "ACTOR TEXT" starting at s (not blank, not a comment). */
static int record_read_action(record_reader *rd, int line, char *s)
{
    if (!rd->started) {
        int status = record_start(rd, line);
        if (status != 0)
            return status;
    }
    record *rec = rd->rec;
    match *m = &rec->match;
    const game_def *game = m->game;

    char *actor_text = s;
    while (*s != '\0' && *s != ';' && !record_is_space((unsigned char)*s))
        s++;
    int actor_len = (int)(s - actor_text);
    int actor;
    if (actor_len == 1 && actor_text[0] == '*')
        actor = GAME_CHANCE;
    else if (record_parse_int(actor_text, (size_t)actor_len, &actor) == 0 && actor_text[0] != '-' &&
             actor >= 1 && actor <= m->options.players)
        actor -= 1;
    else
        return record_fail(rd, line, "expected an actor (seat number 1 to %d, or * for chance), not \"%.*s\"",
                           m->options.players, actor_len > 20 ? 20 : actor_len, actor_text);

    char *text = record_skip_space(s);
    char *end = strchr(text, ';');
    if (end == NULL)
        end = text + strlen(text);
    while (end > text && record_is_space((unsigned char)end[-1]))
        end--;
    *end = '\0';
    if (text == end)
        return record_fail(rd, line, "missing action after the actor %.*s", actor_len, actor_text);
    record_squeeze_space(text);
    if (strlen(text) >= GAME_TEXT_MAX)
        return record_fail(rd, line, "action text too long (%d characters at most)", GAME_TEXT_MAX - 1);

    int player = game->current_player(m->state);
    if (player == GAME_TERMINAL)
        return record_fail(rd, line, "%.*s %s: the game is already over", actor_len, actor_text, text);
    if (player == GAME_CHANCE && actor != GAME_CHANCE)
        return record_fail(rd, line, "%.*s %s: a chance outcome (actor *) is due here, not seat %d", actor_len,
                           actor_text, text, actor + 1);
    if (player >= 0 && actor != player) {
        if (actor == GAME_CHANCE)
            return record_fail(rd, line, "* %s: seat %d is to act here, not chance", text, player + 1);
        return record_fail(rd, line, "%d %s: seat %d is to act here, not seat %d", actor + 1, text, player + 1,
                           actor + 1);
    }

    char reason[RECORD_REASON_MAX] = "";
    int status = match_apply_line(m, text, reason, sizeof reason);
    if (status != 0)
        return record_fail(rd, line, "%.*s %s: %s", actor_len, actor_text, text,
                           reason[0] ? reason : "not legal here");

    if (m->count > rd->line_capacity) {
        int capacity = rd->line_capacity ? 2 * rd->line_capacity : RECORD_FIRST_CAPACITY;
        while (capacity < m->count)
            capacity *= 2;
        int *grown = realloc(rec->action_line, (size_t)capacity * sizeof *grown);
        if (grown == NULL)
            return record_fail(rd, line, "out of memory");
        rec->action_line = grown;
        rd->line_capacity = capacity;
    }
    for (int i = rd->actions_read; i < m->count; i++)
        rec->action_line[i] = line;
    rd->actions_read = m->count;
    return 0;
}

/* One line of the text, NUL-terminated, without its line end. */
static int record_read_line(record_reader *rd, int line, char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\0')
            return record_fail(rd, line, "NUL byte in the line: not a text record");
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return record_fail(rd, line, "control character 0x%02x in the line: not a text record", c);
        size_t n = record_utf8_length((const unsigned char *)s + i, len - i);
        if (n == 0)
            return record_fail(rd, line, "invalid UTF-8 in the line: not a text record");
        i += n;
    }
    s = record_skip_space(s);
    if (*s == '\0' || *s == ';')
        return 0;
    if (*s == '[')
        return record_read_tag(rd, line, s);
    return record_read_action(rd, line, s);
}

/* After the last line: a header without actions, and the Result check. */
static int record_finish(record_reader *rd, int last_line)
{
    if (!rd->started) {
        int status = record_start(rd, last_line);
        if (status != 0)
            return status;
    }
    const match *m = &rd->rec->match;
    if (!rd->result_scores)
        return 0;
    if (m->game->current_player(m->state) != GAME_TERMINAL)
        return record_fail(rd, rd->result->line,
                           "Result gives final scores but the game is not over after the last action");
    int scores[GAME_MAX_PLAYERS];
    m->game->scores(m->state, scores);
    char replayed[GAME_MAX_PLAYERS * 16] = "";
    size_t used = 0;
    int differ = 0;
    for (int s = 0; s < m->options.players; s++) {
        differ |= scores[s] != rd->scores[s];
        int n = snprintf(replayed + used, sizeof replayed - used, s == 0 ? "%d" : " %d", scores[s]);
        if (n > 0)
            used += (size_t)n;
    }
    if (differ)
        return record_fail(rd, rd->result->line, "Result \"%s\" but the replayed game scores \"%s\"",
                           rd->result->value, replayed);
    return 0;
}

int record_read(record *rec, const char *text, size_t len, const char *source, record_find_game *find,
                char *why, size_t why_len)
{
    memset(rec, 0, sizeof *rec);
    record_reader rd;
    memset(&rd, 0, sizeof rd);
    rd.rec = rec;
    rd.source = source != NULL ? source : "record";
    rd.find = find != NULL ? find : games_find;
    rd.why = why;
    rd.why_len = why_len;
    if (why != NULL && why_len > 0)
        why[0] = '\0';

    rec->text = malloc(len + 1);
    if (rec->text == NULL)
        return record_fail(&rd, 0, "out of memory");
    memcpy(rec->text, text, len);
    rec->text[len] = '\0';

    char *p = rec->text, *end = rec->text + len;
    if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3; /* a byte order mark */
    int line = 0, status = 0;
    while (status == 0 && p < end) {
        line++;
        char *eol = memchr(p, '\n', (size_t)(end - p));
        char *next = eol != NULL ? eol + 1 : end;
        if (eol == NULL)
            eol = end;
        if (eol > p && eol[-1] == '\r')
            eol--;
        *eol = '\0';
        status = record_read_line(&rd, line, p, (size_t)(eol - p));
        p = next;
    }
    if (status == 0)
        status = record_finish(&rd, line > 0 ? line : 1);
    if (status != 0)
        record_free(rec);
    return status;
}

int record_read_file(record *rec, const char *path, record_find_game *find, char *why, size_t why_len)
{
    memset(rec, 0, sizeof *rec);
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        if (why != NULL && why_len > 0)
            snprintf(why, why_len, "%s: %s", path, strerror(errno));
        return RECORD_EINVALID;
    }
    char *text = NULL;
    size_t len = 0, capacity = 0;
    const char *problem = NULL;
    for (;;) {
        if (len == capacity) {
            capacity = capacity ? 2 * capacity : 4096;
            if (capacity > RECORD_FILE_MAX) {
                problem = "too large for a record";
                break;
            }
            char *grown = realloc(text, capacity);
            if (grown == NULL) {
                problem = "out of memory";
                break;
            }
            text = grown;
        }
        size_t got = fread(text + len, 1, capacity - len, in);
        len += got;
        if (got == 0) {
            if (ferror(in))
                problem = strerror(errno);
            break;
        }
    }
    fclose(in);
    int status;
    if (problem != NULL) {
        if (why != NULL && why_len > 0)
            snprintf(why, why_len, "%s: %s", path, problem);
        status = RECORD_EINVALID;
    } else
        status = record_read(rec, text != NULL ? text : "", len, path, find, why, why_len);
    free(text);
    return status;
}

void record_free(record *rec)
{
    match_free(&rec->match);
    free(rec->text);
    free(rec->tags);
    free(rec->action_line);
    memset(rec, 0, sizeof *rec);
}
