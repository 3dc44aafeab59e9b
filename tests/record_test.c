/*
 * record_test.c -- reading and writing records (tikal.md T29.2-T29.3,
 * tzolkin.md Z23.3): every kind of bad input (garbage, binary, truncated,
 * wrong actor, illegal action, unknown verb, bad or missing tags, wrong
 * Result) is refused with "SOURCE:LINE: reason" at the right line and
 * without a crash or a leak; good records load, keep their tags, and
 * round-trip byte for byte, the reference records of ../shared/records
 * included when they are there.
 *
 * Most cases use the dice race of tests/dice_race.h, whose records are
 * short enough to write by hand; the real engines are used through
 * seeded random games.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bots/random.h"
#include "dice_race.h"
#include "games.h"
#include "match.h"
#include "record/record.h"

enum { WHY_MAX = 512 };

/* Header of the hand-written dice race records (7 lines, then a blank). */
#define DICE_HEADER                                                                                          \
    "[Game \"dicerace\"]\n"                                                                                  \
    "[Variant \"short\"]\n"                                                                                  \
    "[Players \"2\"]\n"                                                                                      \
    "[Seat1 \"alice\"]\n"                                                                                    \
    "[Seat2 \"bob\"]\n"                                                                                      \
    "[Date \"2026-01-02\"]\n"                                                                                \
    "[Result \"*\"]\n"                                                                                       \
    "\n"

/* A first turn: lines 9 to 13. */
#define DICE_TURN1                                                                                           \
    "* roll 4\n"                                                                                             \
    "1 leap\n"                                                                                               \
    "1 step\n"                                                                                               \
    "1 end\n"                                                                                                \
    "* roll 2\n"

static const game_def *find_game(const char *name)
{
    if (strcmp(name, dice_race_game.name) == 0)
        return &dice_race_game;
    return games_find(name);
}

static int read_text(record *rec, const char *text, char *why)
{
    return record_read(rec, text, strlen(text), "test.rec", find_game, why, WHY_MAX);
}

/* The text must be refused at line with a message containing reason. */
static void expect_error_len(const char *text, size_t len, int line, const char *reason)
{
    record rec;
    char why[WHY_MAX] = "";
    char prefix[64];
    int status = record_read(&rec, text, len, "test.rec", find_game, why, sizeof why);
    snprintf(prefix, sizeof prefix, "test.rec:%d: ", line);
    if (status == 0) {
        record_free(&rec);
        fail_msg("accepted, expected %s%s", prefix, reason);
    }
    if (strncmp(why, prefix, strlen(prefix)) != 0 || strstr(why, reason) == NULL)
        fail_msg("got \"%s\", expected %s...%s", why, prefix, reason);
}

static void expect_error(const char *text, int line, const char *reason)
{
    expect_error_len(text, strlen(text), line, reason);
}

static void test_good_record(void **unused)
{
    (void)unused;
    const char *text = DICE_HEADER DICE_TURN1 "2 step\n"
                                              "2 step ; a comment\n"
                                              "\n"
                                              "; a line of comment\n"
                                              "2   end   \n";
    record rec;
    char why[WHY_MAX] = "";
    assert_int_equal(read_text(&rec, text, why), 0);
    assert_int_equal(rec.match.count, 8);
    assert_int_equal(rec.match.options.players, 2);
    assert_int_equal(rec.match.options.variant, 0);
    assert_int_equal(rec.action_line[0], 9);
    assert_int_equal(rec.action_line[7], 18);
    assert_string_equal(record_tag_value(&rec, "Seat2"), "bob");
    assert_string_equal(record_tag_value(&rec, "Date"), "2026-01-02");
    assert_null(record_tag_value(&rec, "Event"));
    assert_int_equal(match_current_player(&rec.match), GAME_CHANCE);
    record_free(&rec);
}

static void test_crlf_bom_and_unknown_tags(void **unused)
{
    (void)unused;
    const char *text = "\xef\xbb\xbf[Game \"dicerace\"]\r\n"
                       "[Event \"club night\"] ; kept\r\n"
                       "[Variant \"long\"]\r\n"
                       "[Players \"3\"]\r\n"
                       "[Result \"*\"]\r\n"
                       "[Seat3 \"Žofie\"]\r\n"
                       "\r\n"
                       "* roll 12\r\n";
    record rec;
    char why[WHY_MAX] = "";
    assert_int_equal(read_text(&rec, text, why), 0);
    assert_string_equal(record_tag_value(&rec, "Event"), "club night");
    assert_int_equal(rec.match.options.variant, 1);
    char *again = record_format(&rec.match, rec.tags, rec.tag_count);
    assert_string_equal(again, "[Game \"dicerace\"]\n"
                               "[Variant \"long\"]\n"
                               "[Players \"3\"]\n"
                               "[Event \"club night\"]\n"
                               "[Seat3 \"Žofie\"]\n"
                               "[Result \"*\"]\n"
                               "\n"
                               "* roll 12\n");
    free(again);
    record_free(&rec);
}

static void test_garbage(void **unused)
{
    (void)unused;
    expect_error("", 1, "missing tag Game");
    expect_error("\n\n\n", 3, "missing tag Game");
    expect_error("hello world\n", 1, "missing tag Game");
    expect_error("[Game \"dicerace\"]\n[Players \"2\"]\n[Variant \"short\"]\n[Result \"*\"]\n\nhello world\n", 6,
                 "expected an actor");
    expect_error(DICE_HEADER "}{\n", 9, "expected an actor");
    expect_error(DICE_HEADER "1\n", 9, "missing action after the actor 1");
    expect_error(DICE_HEADER "*\n", 9, "missing action after the actor *");
    expect_error(DICE_HEADER "* ; roll 3\n", 9, "missing action");
    expect_error(DICE_HEADER "*roll 3\n", 9, "expected an actor");
    expect_error(DICE_HEADER "* roll 3 extra\n", 9, "unknown action");
    char long_line[400];
    snprintf(long_line, sizeof long_line, DICE_HEADER "* roll %0100d\n", 3);
    expect_error(long_line, 9, "action text too long");
}

static void test_binary(void **unused)
{
    (void)unused;
    static const char with_nul[] = "[Game \"dicerace\"]\n[Players \"2\"]\nab\0cd\n";
    expect_error_len(with_nul, sizeof with_nul - 1, 3, "NUL byte");
    expect_error("[Game \"dicerace\"]\n\x01\x02\x03\n", 2, "control character 0x01");
    expect_error("[Game \"dice\xff\"]\n", 1, "invalid UTF-8");
    expect_error("[Game \"dice\xc3\"]\n", 1, "invalid UTF-8");
    expect_error("[Seat1 \"\xed\xa0\x80\"]\n", 1, "invalid UTF-8"); /* a surrogate */
    expect_error("\r\r\n", 1, "control character 0x0d");

    /* Random bytes, and random bytes after a good header: refused, no crash. */
    rng r;
    rng_seed(&r, 2026);
    char buffer[600];
    for (int i = 0; i < 3000; i++) {
        size_t start = 0;
        if (i % 2) {
            start = strlen(DICE_HEADER);
            memcpy(buffer, DICE_HEADER, start);
        }
        size_t len = start + (size_t)rng_below(&r, sizeof buffer - start);
        for (size_t k = start; k < len; k++) {
            uint64_t pick = rng_below(&r, 4);
            buffer[k] = pick == 0 ? "* 12 roll step\n;[]\""[rng_below(&r, 19)] : (char)rng_below(&r, 256);
        }
        record rec;
        char why[WHY_MAX];
        if (record_read(&rec, buffer, len, "noise", find_game, why, sizeof why) == 0)
            record_free(&rec); /* unlikely, but a legal record is fine */
        else
            assert_true(strncmp(why, "noise:", 6) == 0);
    }
}

static void test_wrong_actor(void **unused)
{
    (void)unused;
    expect_error(DICE_HEADER "1 roll 4\n", 9, "a chance outcome (actor *) is due here, not seat 1");
    expect_error(DICE_HEADER "* roll 4\n2 step\n", 10, "seat 1 is to act here, not seat 2");
    expect_error(DICE_HEADER "* roll 4\n* step\n", 10, "seat 1 is to act here, not chance");
    expect_error(DICE_HEADER "* roll 4\n3 step\n", 10, "expected an actor (seat number 1 to 2, or * for chance)");
    expect_error(DICE_HEADER "* roll 4\n0 step\n", 10, "expected an actor");
    expect_error(DICE_HEADER "* roll 4\n-1 step\n", 10, "expected an actor");
    expect_error(DICE_HEADER "* roll 4\nx step\n", 10, "expected an actor");
    expect_error(DICE_HEADER "* roll 4\n01 step\n", 10, "expected an actor");
}

static void test_illegal_action(void **unused)
{
    (void)unused;
    expect_error(DICE_HEADER DICE_TURN1 "2 leap\n", 14, "2 leap: not legal now");
    expect_error(DICE_HEADER DICE_TURN1 "2 end\n", 14, "2 end: not legal now");
    expect_error(DICE_HEADER "* roll 4\n1 step\n1 end\n", 11, "1 end: not legal now");
    expect_error(DICE_HEADER "* roll 13\n", 9, "* roll 13: unknown action");
}

static void test_unknown_verb(void **unused)
{
    (void)unused;
    expect_error(DICE_HEADER "* roll 4\n1 jump\n", 10, "1 jump: unknown action (end, step, leap, roll 2..12)");
    expect_error(DICE_HEADER "* throw 4\n", 9, "* throw 4: unknown action");
}

static void test_bad_tags(void **unused)
{
    (void)unused;
    expect_error("[Game dicerace]\n", 1, "malformed tag line");
    expect_error("[Game \"dicerace\"\n", 1, "expected ] after the value");
    expect_error("[Game \"dicerace]\n", 1, "unterminated tag value");
    expect_error("[\"dicerace\"]\n", 1, "malformed tag line");
    expect_error("[Game \"dicerace\"] x\n", 1, "unexpected text after the tag");
    expect_error("[Game \"dicerace\"]\n[Players \"2\"]\n[Game \"tikal\"]\n", 3, "duplicate tag Game (first on line 1)");
    expect_error("[Game \"chess\"]\n[Players \"2\"]\n[Result \"*\"]\n", 1, "unknown game \"chess\"");
    expect_error("[Game \"dicerace\"]\n[Players \"two\"]\n[Variant \"short\"]\n[Result \"*\"]\n", 2,
                 "Players must be 2 to 4 for dicerace, not \"two\"");
    expect_error("[Game \"dicerace\"]\n[Players \"5\"]\n[Variant \"short\"]\n[Result \"*\"]\n", 2,
                 "Players must be 2 to 4");
    expect_error("[Game \"dicerace\"]\n[Players \"2\"]\n[Variant \"medium\"]\n[Result \"*\"]\n", 3,
                 "unknown variant \"medium\" of dicerace (short or long)");
    expect_error("[Game \"dicerace\"]\n[Players \"2\"]\n[Variant \"short\"]\n[Seat3 \"carol\"]\n[Result \"*\"]\n", 4,
                 "no seat 3 in a game of 2 players");
    expect_error("[Game \"dicerace\"]\n[Players \"2\"]\n[Variant \"short\"]\n[Date \"2026-13-01\"]\n[Result \"*\"]\n",
                 4, "Date must be YYYY-MM-DD");
    expect_error("[Game \"dicerace\"]\n[Players \"2\"]\n[Variant \"short\"]\n[Date \"1.1.2026\"]\n[Result \"*\"]\n", 4,
                 "Date must be YYYY-MM-DD");
    expect_error(DICE_HEADER "* roll 4\n[Event \"late\"]\n", 10, "tag line after the first action");
    char many[300 * 16] = "";
    for (int i = 0; i < 300; i++)
        snprintf(many + strlen(many), sizeof many - strlen(many), "[T%d \"x\"]\n", i);
    expect_error(many, 257, "more than 256 tags");
    if (games_find("tikal") != NULL)
        expect_error("[Game \"tikal\"]\n[Variant \"advanced\"]\n[Players \"2\"]\n[Result \"*\"]\n", 2,
                     "unknown variant \"advanced\" of tikal (basic or auction)");
}

static void test_missing_tags(void **unused)
{
    (void)unused;
    expect_error("[Players \"2\"]\n[Variant \"short\"]\n[Result \"*\"]\n\n* roll 4\n", 5, "missing tag Game");
    expect_error("[Game \"dicerace\"]\n[Variant \"short\"]\n[Result \"*\"]\n\n* roll 4\n", 5, "missing tag Players");
    expect_error("[Game \"dicerace\"]\n[Players \"2\"]\n[Result \"*\"]\n\n* roll 4\n", 5,
                 "missing tag Variant (short or long)");
    expect_error("[Game \"dicerace\"]\n[Players \"2\"]\n[Variant \"short\"]\n\n* roll 4\n", 5, "missing tag Result");
    expect_error("[Game \"dicerace\"]\n[Players \"2\"]\n[Variant \"short\"]\n", 3, "missing tag Result");
    if (games_find("tikal") != NULL) /* T29.2: Variant is required */
        expect_error("[Game \"tikal\"]\n[Players \"2\"]\n[Result \"*\"]\n\n* draw A1\n", 5,
                     "missing tag Variant (basic or auction)");
}

/* A whole dice race (2 players, short) written out, with its scores. */
static char *dice_whole_game(uint64_t seed, int scores[2])
{
    match m;
    game_options options = {2, 0};
    assert_int_equal(match_init(&m, &dice_race_game, &options, NULL, 0), 0);
    rng r;
    rng_seed(&r, seed);
    int legal[11];
    while (match_current_player(&m) != GAME_TERMINAL) {
        int action = match_current_player(&m) == GAME_CHANCE ? match_sample_chance(&m, &r)
                                                             : bot_random_choose(&dice_race_game, m.state, &r, legal);
        assert_int_equal(match_apply(&m, action, NULL, 0), 0);
    }
    dice_race_game.scores(m.state, scores);
    char *text = record_format(&m, NULL, 0);
    assert_non_null(text);
    match_free(&m);
    return text;
}

/* Replace the first occurrence of from in text by to (text has room). */
static void replace(char *text, size_t room, const char *from, const char *to)
{
    char *at = strstr(text, from);
    assert_non_null(at);
    size_t tail = strlen(at + strlen(from));
    assert_true(strlen(text) - strlen(from) + strlen(to) < room);
    memmove(at + strlen(to), at + strlen(from), tail + 1);
    memcpy(at, to, strlen(to));
}

static void test_result(void **unused)
{
    (void)unused;
    int scores[2];
    char *game = dice_whole_game(5, scores);
    char text[4096];
    char wrong[64], right[64];
    snprintf(text, sizeof text, "%s", game);
    free(game);
    /* Result is line 4 (Game, Variant, Players, Result). */
    record rec;
    char why[WHY_MAX];
    assert_int_equal(read_text(&rec, text, why), 0);
    record_free(&rec);

    snprintf(right, sizeof right, "[Result \"%d %d\"]", scores[0], scores[1]);
    snprintf(wrong, sizeof wrong, "[Result \"%d %d\"]", scores[0], scores[1] + 1);
    char changed[8192];
    snprintf(changed, sizeof changed, "%s", text);
    replace(changed, sizeof changed, right, wrong);
    expect_error(changed, 4, "but the replayed game scores");

    snprintf(changed, sizeof changed, "%s", text);
    replace(changed, sizeof changed, right, "[Result \"1  2\"]");
    expect_error(changed, 4, "Result must be * or 2 scores separated by single spaces");
    snprintf(changed, sizeof changed, "%s", text);
    replace(changed, sizeof changed, right, "[Result \"1\"]");
    expect_error(changed, 4, "Result must be * or 2 scores");
    snprintf(changed, sizeof changed, "%s", text);
    replace(changed, sizeof changed, right, "[Result \"1 2 3\"]");
    expect_error(changed, 4, "Result must be * or 2 scores");

    /* Result * on a finished game is accepted; scores on an unfinished one are not. */
    snprintf(changed, sizeof changed, "%s", text);
    replace(changed, sizeof changed, right, "[Result \"*\"]");
    assert_int_equal(read_text(&rec, changed, why), 0);
    record_free(&rec);
    char unfinished[1024];
    snprintf(unfinished, sizeof unfinished, "%s", DICE_HEADER DICE_TURN1);
    replace(unfinished, sizeof unfinished, "[Result \"*\"]", "[Result \"0 0\"]");
    expect_error(unfinished, 7, "Result gives final scores but the game is not over");

    /* An action after the end. */
    snprintf(changed, sizeof changed, "%s* roll 5\n", text);
    int lines = 0;
    for (const char *c = changed; *c; c++)
        lines += *c == '\n';
    expect_error(changed, lines, "the game is already over");
}

/* Every strict prefix of a finished record (but the one without the last
 * newline) is refused; the error is on the last line read or on Result. */
static void check_prefixes(const char *text, int step)
{
    size_t len = strlen(text);
    for (size_t cut = 0; cut + 1 < len; cut += (size_t)step) {
        record rec;
        char why[WHY_MAX];
        int status = record_read(&rec, text, cut, "cut", find_game, why, sizeof why);
        if (status == 0) {
            record_free(&rec);
            fail_msg("prefix of %zu bytes of %zu accepted", cut, len);
        }
        assert_true(strncmp(why, "cut:", 4) == 0);
    }
}

static void test_truncated(void **unused)
{
    (void)unused;
    int scores[2];
    char *text = dice_whole_game(11, scores);
    check_prefixes(text, 1);
    free(text);
    for (int i = 0; i < games_count(); i++) {
        const game_def *g = games_at(i);
        match m;
        game_options options = {g->max_players, 0};
        assert_int_equal(match_init(&m, g, &options, NULL, 0), 0);
        rng r;
        rng_seed(&r, 99);
        int *legal = malloc((size_t)g->max_legal * sizeof *legal);
        assert_non_null(legal);
        while (match_current_player(&m) != GAME_TERMINAL) {
            int action = match_current_player(&m) == GAME_CHANCE ? match_sample_chance(&m, &r)
                                                                 : bot_random_choose(g, m.state, &r, legal);
            assert_int_equal(match_apply(&m, action, NULL, 0), 0);
        }
        free(legal);
        char *game = record_format(&m, NULL, 0);
        match_free(&m);
        assert_non_null(game);
        check_prefixes(game, 7);
        free(game);
    }
}

static void test_round_trip(void **unused)
{
    (void)unused;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        int scores[2];
        char *text = dice_whole_game(seed, scores);
        record rec;
        char why[WHY_MAX];
        assert_int_equal(read_text(&rec, text, why), 0);
        char *again = record_format(&rec.match, rec.tags, rec.tag_count);
        assert_string_equal(again, text);
        int replayed[2];
        dice_race_game.scores(rec.match.state, replayed);
        assert_memory_equal(replayed, scores, sizeof scores);
        free(again);
        free(text);
        record_free(&rec);
    }
}

static void test_tag_values_written_safely(void **unused)
{
    (void)unused;
    match m;
    game_options options = {2, 1};
    assert_int_equal(match_init(&m, &dice_race_game, &options, NULL, 0), 0);
    const record_tag tags[] = {{"Seat1", "bot \"mcts\"\n1000", 0}, {"Result", "ignored", 0}, {"Game", "x", 0}};
    char *text = record_format(&m, tags, 3);
    assert_string_equal(text, "[Game \"dicerace\"]\n[Variant \"long\"]\n[Players \"2\"]\n"
                              "[Seat1 \"bot 'mcts' 1000\"]\n[Result \"*\"]\n\n");
    record rec;
    char why[WHY_MAX];
    assert_int_equal(read_text(&rec, text, why), 0);
    assert_int_equal(rec.match.count, 0);
    record_free(&rec);
    free(text);
    match_free(&m);
}

static void test_missing_file(void **unused)
{
    (void)unused;
    record rec;
    char why[WHY_MAX];
    assert_int_not_equal(record_read_file(&rec, "no/such/file.rec", NULL, why, sizeof why), 0);
    assert_string_equal(why, "no/such/file.rec: No such file or directory");
    assert_int_not_equal(record_read_file(&rec, "tests", NULL, why, sizeof why), 0);
    assert_true(strncmp(why, "tests: ", 7) == 0);
}

/* The reference records load and are written again byte for byte: the
 * writer follows the contract of T29.2 / Z23.3 exactly. */
/* The text of path with every token separator of its action lines made
 * `pad` spaces, and `tag` (a whole tag line) after its first line; a heap
 * string. */
static char *spread_record(const char *path, const char *tag, int pad)
{
    FILE *in = fopen(path, "rb");
    assert_non_null(in);
    static const size_t room = 1 << 20;
    char *original = calloc(1, room), *out = calloc(1, 40 * room);
    assert_non_null(original);
    assert_non_null(out);
    size_t got = fread(original, 1, room - 1, in), used = 0;
    fclose(in);
    assert_true(got > 0);
    const char *body = strstr(original, "\n\n");
    assert_non_null(body);
    const char *first_end = strchr(original, '\n') + 1;
    memcpy(out, original, (size_t)(first_end - original));
    used = (size_t)(first_end - original);
    used += (size_t)sprintf(out + used, "%s\n", tag);
    memcpy(out + used, first_end, (size_t)(body - first_end));
    used += (size_t)(body - first_end);
    for (const char *c = body; *c != '\0'; c++)
        if (*c == ' ')
            for (int i = 0; i < pad; i++)
                out[used++] = ' ';
        else
            out[used++] = *c;
    free(original);
    return out;
}

/* Tokens are separated by one or more spaces, and a tag the game does not
 * use is kept and ignored (tzolkin.md Z23.1, Z23.3; tikal.md T29.2, T29.3):
 * reference records of both games, every separator 30 spaces wide (lines
 * longer than GAME_TEXT_MAX) and an extra tag (a Variant tag for Tzolk'in,
 * which has none), replay to the same game and keep the tag when written.
 * A token broken by a space, or a single token too long, is still refused. */
static void test_notation_as_written(void **unused)
{
    (void)unused;
    static const char *const cases[][2] = {
        {"../shared/records/tzolkin-2p-1.rec", "[Variant \"basic\"]"},
        {"../shared/records/tikal-2p-basic-1.rec", "[Event \"club night\"]"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        record plain, spread;
        char why[WHY_MAX] = "";
        if (record_read_file(&plain, cases[k][0], NULL, why, sizeof why) != 0) {
            print_message("%s: %s: skipped\n", cases[k][0], why);
            continue;
        }
        char *text = spread_record(cases[k][0], cases[k][1], 30);
        if (read_text(&spread, text, why) != 0)
            fail_msg("%s spread out: %s", cases[k][0], why);
        assert_int_equal(spread.match.count, plain.match.count);
        assert_memory_equal(spread.match.actions, plain.match.actions, sizeof(int) * (size_t)plain.match.count);
        char *again = record_format(&spread.match, spread.tags, spread.tag_count);
        assert_non_null(again);
        assert_non_null(strstr(again, cases[k][1]));
        free(again);
        record_free(&spread);
        record_free(&plain);
        free(text);
    }
    expect_error("[Game \"tzolkin\"]\n[Players \"2\"]\n[Variant \"basic\"]\n[Result \"*\"]\n\n*  st art   1\n", 6,
                 "not a Tzolk'in line");
    expect_error("[Game \"tikal\"]\n[Variant \"none\"]\n[Players \"2\"]\n[Result \"*\"]\n", 2, "unknown variant");
}

static void test_reference_records(void **unused)
{
    (void)unused;
    const char *folder = "../shared/records";
    DIR *dir = opendir(folder);
    if (dir == NULL) {
        print_message("no %s: skipped\n", folder);
        return;
    }
    int checked = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        size_t len = strlen(entry->d_name);
        if (len < 5 || strcmp(entry->d_name + len - 4, ".rec") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
        FILE *in = fopen(path, "rb");
        assert_non_null(in);
        static const size_t room = 1 << 20;
        char *original = calloc(1, room);
        assert_non_null(original);
        size_t got = fread(original, 1, room - 1, in);
        fclose(in);
        record rec;
        char why[WHY_MAX] = "";
        int status = record_read_file(&rec, path, NULL, why, sizeof why);
        if (status != 0 && strstr(why, "unknown game") != NULL) {
            free(original);
            continue; /* an engine not written yet */
        }
        if (status != 0) {
            free(original);
            closedir(dir);
            fail_msg("%s", why);
        }
        char *again = record_format(&rec.match, rec.tags, rec.tag_count);
        int same = again != NULL && strlen(again) == got && memcmp(again, original, got) == 0;
        free(again);
        free(original);
        record_free(&rec);
        if (!same) {
            closedir(dir);
            fail_msg("%s is not written again byte for byte", path);
        }
        checked++;
    }
    closedir(dir);
    print_message("%d reference records\n", checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_record),
        cmocka_unit_test(test_crlf_bom_and_unknown_tags),
        cmocka_unit_test(test_garbage),
        cmocka_unit_test(test_binary),
        cmocka_unit_test(test_wrong_actor),
        cmocka_unit_test(test_illegal_action),
        cmocka_unit_test(test_unknown_verb),
        cmocka_unit_test(test_bad_tags),
        cmocka_unit_test(test_missing_tags),
        cmocka_unit_test(test_result),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_tag_values_written_safely),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_reference_records),
        cmocka_unit_test(test_notation_as_written),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
