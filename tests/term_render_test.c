/*
 * term_render_test.c -- the terminal front end without a terminal: the
 * text renderers on fixed positions against golden text (tests/term/NAME.txt,
 * the positions after the records tests/term/NAME.rec), log sentences, routes
 * across several fields, completion, and the session's commands (undo,
 * go, save and load, hidden information in the log).
 *
 * After a deliberate change of a picture, run this test with
 * MAYA_WRITE_GOLDEN=1 to write the golden files again, and review the diff.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "games.h"
#include "record/record.h"
#include "term/term_canvas.h"
#include "term/term_session.h"
#include "term/term_tikal.h"
#include "term/term_tzolkin.h"
#include "term/term_view.h"

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    if (text)
        text[n] = '\0';
    fclose(f);
    return text;
}

/* The picture of the position after the record at rec_path, for seat 1,
 * with the cursor on cursor (or -1) and the legal targets marked, compared
 * with (or written to) golden_path. */
static void check_golden(const char *rec_path, const char *golden_path, int width)
{
    record rec;
    char why[256] = "";
    int status = record_read_file(&rec, rec_path, NULL, why, sizeof why);
    if (status != 0)
        fail_msg("%s", why);
    const game_def *game = rec.match.game;
    void *view = malloc(game->state_size);
    int *legal = malloc((size_t)game->max_legal * sizeof *legal);
    assert_non_null(view);
    assert_non_null(legal);
    game->observation(rec.match.state, 0, view);
    unsigned char marks[TIKAL_FIELDS] = {0};
    if (term_view_fields(game)) {
        int n = game->legal_actions(rec.match.state, legal);
        term_tikal_targets(legal, n, marks);
        marks[tikal_parse_field("a5")] |= TERM_MARK_CURSOR;
    }
    int rows, cols;
    term_view_size(game, width, &rows, &cols);
    term_canvas c;
    assert_int_equal(term_canvas_init(&c, rows, cols), 0);
    term_view_draw(game, view, 0, marks, &c);
    char *text = term_canvas_string(&c);
    assert_non_null(text);
    if (getenv("MAYA_WRITE_GOLDEN")) {
        FILE *out = fopen(golden_path, "w");
        assert_non_null(out);
        fputs(text, out);
        fclose(out);
    } else {
        char *golden = read_all(golden_path);
        if (golden == NULL)
            fail_msg("missing %s (write it with MAYA_WRITE_GOLDEN=1)", golden_path);
        if (strcmp(golden, text) != 0) {
            fprintf(stderr, "picture now:\n%s", text);
            fail_msg("%s differs from the picture drawn", golden_path);
        }
        free(golden);
    }
    /* the marks show as styles: the cursor hex and at least one target */
    if (term_view_fields(game)) {
        int cursor = 0, target = 0;
        for (int i = 0; i < c.rows * c.cols; i++) {
            cursor += c.style[i] == TERM_ST_CURSOR;
            target += c.style[i] == TERM_ST_TARGET;
        }
        assert_true(cursor > 0);
        assert_true(target > 0);
    }
    free(text);
    term_canvas_free(&c);
    free(view);
    free(legal);
    record_free(&rec);
}

static void test_golden_tikal_basic(void **unused)
{
    (void)unused;
    check_golden("tests/term/tikal-3p-basic.rec", "tests/term/tikal-3p-basic.txt", 140);
}

static void test_golden_tikal_auction(void **unused)
{
    (void)unused;
    check_golden("tests/term/tikal-4p-auction.rec", "tests/term/tikal-4p-auction.txt", 93);
}

static void test_golden_tzolkin(void **unused)
{
    (void)unused;
    check_golden("tests/term/tzolkin-3p.rec", "tests/term/tzolkin-3p.txt", 100);
}

static void test_canvas(void **unused)
{
    (void)unused;
    term_canvas c;
    assert_int_equal(term_canvas_init(&c, 3, 6), 0);
    term_canvas_text(&c, 0, 4, "abcdef", TERM_ST_TITLE); /* clipped */
    term_canvas_text(&c, 1, 0, "T\xc3\xa9", TERM_ST_NORMAL);  /* two cells */
    term_canvas_put(&c, -1, 0, 'x', 0);                    /* ignored */
    char *text = term_canvas_string(&c);
    assert_string_equal(text, "    ab\nT\xc3\xa9\n");
    assert_int_equal(c.style[4], TERM_ST_TITLE);
    free(text);
    term_canvas_free(&c);
}

/* A Tikal session with two people, seeded. */
static void tikal_session(term_session *s, int players)
{
    const char *specs[4] = {"human", "human", "human", "human"};
    game_options options = {players, 0};
    char why[256] = "";
    assert_int_equal(term_session_init(s, games_find("tikal"), &options, specs, 7, why, sizeof why), 0);
    while (term_session_step(s) > 0)
        ;
}

static void test_words_and_commands(void **unused)
{
    (void)unused;
    term_session s;
    tikal_session(&s, 2);
    /* seed 7: seat 1 holds its first tile */
    assert_int_equal(term_session_actor(&s), 0);
    assert_non_null(strstr(term_session_log_text(&s, 1, 0), "Seat 1 drew tile A"));
    assert_int_equal(term_session_command(&s, "undo"), TERM_OK);
    assert_string_equal(s.reply, "nothing to undo in this turn");
    assert_int_equal(term_session_command(&s, "fly a5"), TERM_OK);
    assert_non_null(strstr(s.reply, "unknown Tikal action"));
    /* a unique beginning of each word is enough */
    int found[4];
    int places = term_session_complete(&s, "pl", found, 4);
    assert_true(places > 1);
    assert_int_equal(term_session_complete(&s, "pl zz", found, 4), 0);
    assert_int_equal(term_session_command(&s, term_session_legal_text(&s, found[0])), TERM_OK);
    assert_non_null(strstr(s.reply, "Seat 1 placed tile"));
    assert_int_equal(term_session_command(&s, "de L"), TERM_OK);
    assert_string_equal(s.reply, "Seat 1 deployed the leader to a5 (1 AP)");
    assert_int_equal(term_session_command(&s, "undo"), TERM_OK);
    assert_string_equal(s.reply, "took back the last action");
    assert_int_equal(term_session_command(&s, "deploy L a5"), TERM_OK);
    /* a route: cost shown, then confirmed; cancelled by anything else */
    const tikal_state *t = (const tikal_state *)s.match.state;
    int ap = t->ap;
    term_result r = term_session_command(&s, "go L a5 b4");
    assert_int_equal(r, TERM_CONFIRM);
    assert_non_null(strstr(s.reply, "Route of the leader: a5 > b4"));
    assert_int_equal(term_session_command(&s, "n"), TERM_OK);
    assert_string_equal(s.reply, "route cancelled");
    assert_int_equal(((const tikal_state *)s.match.state)->ap, ap);
    assert_int_equal(term_session_command(&s, "go L a5 b4"), TERM_CONFIRM);
    assert_int_equal(term_session_command(&s, "y"), TERM_OK);
    assert_non_null(strstr(s.reply, "Seat 1 moved the leader from a5 to b4"));
    assert_true(((const tikal_state *)s.match.state)->ap < ap);
    assert_int_equal(term_session_command(&s, "go X a5 b4"), TERM_OK);
    assert_non_null(strstr(s.reply, "usage: go"));
    /* save, play on, load: back where it was saved */
    char path[] = "/tmp/maya-term-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char line[64];
    snprintf(line, sizeof line, "save %s", path);
    assert_int_equal(term_session_command(&s, line), TERM_OK);
    assert_non_null(strstr(s.reply, "saved"));
    int count = s.match.count;
    assert_int_equal(term_session_command(&s, "end"), TERM_OK);
    assert_true(s.match.count > count);
    snprintf(line, sizeof line, "load %s", path);
    assert_int_equal(term_session_command(&s, line), TERM_BOARD);
    assert_int_equal(s.match.count, count);
    assert_int_equal(term_session_command(&s, "undo"), TERM_OK); /* not across a load */
    assert_string_equal(s.reply, "nothing to undo in this turn");
    snprintf(line, sizeof line, "load %s.missing", path);
    assert_int_equal(term_session_command(&s, line), TERM_OK);
    assert_int_equal(s.match.count, count);
    unlink(path);
    assert_int_equal(term_session_command(&s, "quit"), TERM_QUIT);
    assert_int_equal(term_session_command(&s, "help"), TERM_HELP);
    term_session_free(&s);
}

/* Every route found is a sequence of legal moves costing what it says. */
static void test_routes(void **unused)
{
    (void)unused;
    record rec;
    char why[256] = "";
    assert_int_equal(record_read_file(&rec, "tests/term/tikal-3p-basic.rec", NULL, why, sizeof why), 0);
    const game_def *game = rec.match.game;
    match m;
    assert_int_equal(match_init(&m, game, &rec.match.options, NULL, 0), 0);
    int checked = 0;
    for (int i = 0; i < rec.match.count; i++) {
        const tikal_state *s = (const tikal_state *)m.state;
        if (s->phase == TIKAL_PH_ACTIONS)
            for (int from = 0; from < TIKAL_FIELDS; from++) {
                const tikal_field *f = &s->field[from];
                if (f->explorers[s->actor] == 0)
                    continue;
                for (int to = 0; to < TIKAL_FIELDS; to++) {
                    int moves[TERM_ROUTE_MAX], cost;
                    int n = term_tikal_route(s, 0, from, to, moves, TERM_ROUTE_MAX, &cost);
                    if (n <= 0 || cost > s->ap)
                        continue;
                    tikal_state copy = *s;
                    for (int k = 0; k < n; k++)
                        assert_int_equal(tikal_apply(&copy, moves[k], NULL, 0), 0);
                    assert_int_equal(copy.ap, s->ap - cost);
                    assert_true(copy.field[to].explorers[s->actor] > 0);
                    checked++;
                }
            }
        assert_int_equal(match_apply(&m, rec.match.actions[i], NULL, 0), 0);
    }
    assert_true(checked > 20);
    match_free(&m);
    record_free(&rec);
}

/* Tzolk'in: what another seat may not know stays out of its log and view. */
static void test_tzolkin_private(void **unused)
{
    (void)unused;
    const char *specs[2] = {"human", "human"};
    game_options options = {2, 0};
    term_session s;
    char why[256] = "";
    assert_int_equal(term_session_init(&s, games_find("tzolkin"), &options, specs, 3, why, sizeof why), 0);
    while (term_session_step(&s) > 0)
        ;
    int dealt = 0;
    for (int i = 0; i < s.log_count; i++) {
        const char *text = term_session_log_text(&s, i, TERM_LOG_HUMAN_ALL);
        if (strstr(text, "is dealt a wealth tile")) {
            dealt++;
            assert_non_null(strstr(term_session_log_text(&s, i, s.log[i].private_seat), "wealth tile W"));
        }
    }
    assert_int_equal(dealt, 8);
    /* seat 1 keeps: seat 2 may not see seat 1's screen */
    assert_int_equal(term_session_actor(&s), 0);
    assert_true(term_session_private_between(&s, 0, 1));
    assert_false(term_session_private_between(&s, 0, 0));
    term_session_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canvas),
        cmocka_unit_test(test_golden_tikal_basic),
        cmocka_unit_test(test_golden_tikal_auction),
        cmocka_unit_test(test_golden_tzolkin),
        cmocka_unit_test(test_words_and_commands),
        cmocka_unit_test(test_routes),
        cmocka_unit_test(test_tzolkin_private),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
