/*
 * term_render_test.c -- the terminal front end without a terminal: the
 * text renderers on fixed positions against golden text (tests/term/NAME.txt,
 * the positions after the records tests/term/NAME.rec), log sentences, routes
 * across several fields, completion, the session's commands (undo,
 * go, save and load, hidden information in the log), and the log's scoring
 * lines, one per score event the engine tells (game.h apply_scored).
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
#include "tikal/tikal.h"
#include "tzolkin/tzolkin.h"

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
    unsigned char marks[TERM_SPOTS_MAX] = {0};
    term_spots spots;
    term_view_spots(game, view, 0, width, &spots);
    assert_true(spots.count > 0);
    int n = game->legal_actions(rec.match.state, legal);
    term_view_targets(game, rec.match.state, legal, n, &spots, marks);
    marks[0] |= TERM_MARK_CURSOR;
    int rows, cols;
    term_view_size(game, width, &rows, &cols);
    term_canvas c;
    assert_int_equal(term_canvas_init(&c, rows, cols), 0);
    term_spots drawn;
    term_view_draw(game, view, 0, marks, &c, &drawn);
    assert_int_equal(drawn.count, spots.count); /* laying out = drawing */
    assert_memory_equal(drawn.spot, spots.spot, (size_t)spots.count * sizeof spots.spot[0]);
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
    /* the marks show as styles: the cursor and at least one target */
    int cursor = 0, target = 0;
    for (int i = 0; i < c.rows * c.cols; i++) {
        cursor += c.style[i] == TERM_ST_CURSOR;
        target += c.style[i] == TERM_ST_TARGET;
    }
    assert_true(cursor > 0);
    assert_true(target > 0);
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
                const tikal_field f_info = tikal_field_info(s, from), *f = &f_info;
                if (f->explorers[s->actor] == 0)
                    continue;
                for (int to = 0; to < TIKAL_FIELDS; to++) {
                    int moves[TERM_ROUTE_MAX], cost;
                    int n = term_tikal_route(s, 0, from, to, moves, &cost);
                    if (n <= 0 || cost > s->ap)
                        continue;
                    tikal_state copy = *s;
                    for (int k = 0; k < n; k++)
                        assert_int_equal(tikal_apply(&copy, moves[k], NULL, 0), 0);
                    assert_int_equal(copy.ap, s->ap - cost);
                    assert_true(tikal_field_info(&copy, to).explorers[s->actor] > 0);
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

/* Spots: Tikal's are its fields in order; arrows step to neighbours;
 * clicks find the hex; a layout measures without drawing. */
static void test_spots_tikal(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tikal");
    tikal_state s;
    assert_int_equal(tikal_init(&s, 2, 0), 0);
    term_spots spots;
    term_view_spots(game, &s, -1, 93, &spots);
    assert_int_equal(spots.count, TIKAL_FIELDS);
    for (int f = 0; f < TIKAL_FIELDS; f++)
        assert_int_equal(spots.spot[f].key, f);
    int b3 = tikal_parse_field("b3"), b4 = tikal_parse_field("b4"), c4 = tikal_parse_field("c4");
    int a4 = tikal_parse_field("a4"), b5 = tikal_parse_field("b5");
    assert_int_equal(term_spots_step(&spots, b4, -1, 0), b3);
    assert_int_equal(term_spots_step(&spots, b4, 1, 0), b5);
    int right = term_spots_step(&spots, b4, 0, 1), left = term_spots_step(&spots, b4, 0, -1);
    assert_true(right / TIKAL_ROWS == c4 / TIKAL_ROWS); /* the next column, not two over */
    assert_true(left / TIKAL_ROWS == a4 / TIKAL_ROWS);
    int top = tikal_parse_field("a1");
    assert_int_equal(term_spots_step(&spots, top, -1, 0), top); /* nothing above */
    /* every cell inside a hex belongs to that hex alone */
    const term_spot *p = &spots.spot[c4];
    for (int y = p->row; y < p->row + p->rows; y++)
        for (int x = p->col; x < p->col + p->cols; x++)
            assert_int_equal(term_spots_at(&spots, y, x), c4);
    /* moves aim at the field entered and concern the one left */
    int fields[2];
    int move = TIKAL_A_MOVE + (1 * TIKAL_FIELDS + b4) * 6 + 0;
    assert_int_equal(term_view_action_spots(game, &s, move, fields), 2);
    assert_int_equal(fields[0], tikal_neighbor(b4, 0));
    assert_int_equal(fields[1], b4);
    assert_int_equal(term_view_action_spots(game, &s, TIKAL_A_END, fields), 0);
    /* the panel under the board on narrow screens, beside it on wide ones */
    assert_int_equal(term_view_panel_row(game, &s, 100), TERM_TIKAL_BOARD_ROWS + 1);
    assert_int_equal(term_view_panel_row(game, &s, 160), 0);
}

/* Tzolk'in: along a whole game, every action with a spot aims at a spot
 * of the picture, and every spot of a gear position is one of its. */
static void test_spots_tzolkin(void **unused)
{
    (void)unused;
    record rec;
    char why[256] = "";
    assert_int_equal(record_read_file(&rec, "tests/term/tzolkin-3p.rec", NULL, why, sizeof why), 0);
    const game_def *game = rec.match.game;
    match m;
    assert_int_equal(match_init(&m, game, &rec.match.options, NULL, 0), 0);
    int *legal = malloc((size_t)game->max_legal * sizeof *legal);
    assert_non_null(legal);
    int aimed = 0, kinds = 0;
    for (int i = 0; i < rec.match.count; i++) {
        if (game->current_player(m.state) >= 0) {
            term_spots spots;
            term_view_spots(game, m.state, -1, 100, &spots);
            int n = game->legal_actions(m.state, legal);
            for (int k = 0; k < n; k++) {
                int keys[2];
                int count = term_view_action_spots(game, m.state, legal[k], keys);
                for (int j = 0; j < count; j++) {
                    if (term_spots_find(&spots, keys[j]) < 0)
                        fail_msg("action %d: spot %d is not in the picture", legal[k], keys[j]);
                    aimed++;
                }
            }
            kinds |= 1 << (term_spots_find(&spots, TERM_TZOLK_SPOT_START) >= 0);
        }
        assert_int_equal(match_apply(&m, rec.match.actions[i], NULL, 0), 0);
    }
    assert_true(aimed > 100);
    assert_int_equal(kinds, 2);
    /* place PAL aims at the lowest free position of PAL */
    const tzolk_state *t = (const tzolk_state *)m.state;
    int keys[2];
    assert_int_equal(term_view_action_spots(game, t, TZOLK_A_PLACE + TZOLK_PAL, keys), 1);
    assert_int_equal(keys[0], TERM_TZOLK_SPOT_GEAR + tzolk_lowest_free(t, TZOLK_PAL));
    assert_true(term_view_panel_row(game, t, 100) > 10); /* the seats' table */
    free(legal);
    match_free(&m);
    record_free(&rec);
}

/* Auction: the sentence of taking a tile says what it cost. */
static void test_auction_words(void **unused)
{
    (void)unused;
    record rec;
    char why[256] = "";
    assert_int_equal(record_read_file(&rec, "tests/term/tikal-4p-auction.rec", NULL, why, sizeof why), 0);
    match m;
    assert_int_equal(match_init(&m, rec.match.game, &rec.match.options, NULL, 0), 0);
    int takes = 0, paid = 0;
    for (int i = 0; i < rec.match.count; i++) {
        int a = rec.match.actions[i];
        if (a >= TIKAL_A_TAKE && a < TIKAL_A_BID) {
            const tikal_state *s = (const tikal_state *)m.state;
            char text[256];
            term_view_words(rec.match.game, s, a, GAME_CHANCE, text, sizeof text);
            assert_true(strstr(text, " for ") != NULL);
            if (s->high_bidder == s->actor && s->high_bid > 0) {
                char want[64];
                snprintf(want, sizeof want, "won the auction for %d point", s->high_bid);
                assert_non_null(strstr(text, want));
                paid++;
            }
            takes++;
        }
        assert_int_equal(match_apply(&m, a, NULL, 0), 0);
    }
    assert_true(takes > 0);
    assert_true(paid > 0);
    match_free(&m);
    record_free(&rec);
}

/* The lines the terminal's log writes for the steps (game.h steps) of one
 * place, collected by expect_step. */
typedef struct expected_steps {
    game_step_place place; /* the place collected */
    char line[8][160];     /* the lines, in order */
    int count;             /* lines collected */
} expected_steps;

static void expect_step(void *context, const game_step *step)
{
    expected_steps *e = context;
    if (step->place != e->place)
        return;
    assert_true(e->count < 8);
    snprintf(e->line[e->count++], sizeof e->line[0], step->place == GAME_STEP_PERIOD ? "== %s (%s) ==" : "  %s (%s)",
             step->what, step->rule);
}

/* Random bots play a whole seeded game; after every action the log holds,
 * right after the action's line, the steps the engine tells happened by
 * themselves before the scoring (a food day, Z18.3), one line per score
 * event the engine tells for it on a copy of the state before (rules T18,
 * T22.5, Z9.2, Z13.2, Z18.4, Z18.6, Z19.2), then the later steps and a
 * new day or round as a separator (Z17.1, T17.2, T21.2), and nothing
 * after an action that tells nothing. */
static void scoring_lines(const char *game, int variant)
{
    const char *specs[2] = {"random", "random"};
    game_options options = {2, variant};
    game_score_event events[GAME_SCORE_EVENTS_MAX];
    term_session s;
    char why[256] = "", line[160];
    int told = 0, separators = 0;
    assert_int_equal(term_session_init(&s, games_find(game), &options, specs, 11, why, sizeof why), 0);
    unsigned char *before = malloc(s.game->state_size);
    assert_non_null(before);
    while (term_session_actor(&s) != GAME_TERMINAL) {
        game_score_trace trace = {events, GAME_SCORE_EVENTS_MAX, 0};
        int from = s.log_count;
        memcpy(before, s.match.state, s.game->state_size);
        assert_int_equal(term_session_step(&s), 1);
        expected_steps steps[3] = {{GAME_STEP_BEFORE, {""}, 0}, {GAME_STEP_AFTER, {""}, 0},
                                   {GAME_STEP_PERIOD, {""}, 0}};
        for (int p = 0; p < 3; p++)
            s.game->steps(before, s.match.state, expect_step, &steps[p]);
        assert_int_equal(s.game->apply_scored(before, s.match.actions[s.match.count - 1], &trace, NULL, 0), 0);
        int over = 0; /* the end's lines: the result, the heading of the categories and each category */
        if (term_session_actor(&s) == GAME_TERMINAL) {
            game_score_totals totals;
            assert_int_equal(game_score_totals_replay(s.game, &s.match.options, s.match.actions, s.match.count,
                                                      &totals, NULL, 0), 0);
            over = 2 + totals.count + (totals.start[0] != 0); /* T4.1: Tikal's auction game starts at 20 */
            assert_string_equal(s.log[s.log_count - over + 1].text + strlen(s.log[s.log_count - over + 1].text) - 6,
                                "seat 2");
        }
        if (s.log_count == from) { /* a step of an unfinished line (a market visit) is logged with its line */
            assert_int_equal(trace.count + steps[0].count + steps[1].count + steps[2].count, 0);
            continue;
        }
        assert_int_equal(s.log_count - from, 1 + steps[0].count + trace.count + steps[1].count + steps[2].count + over);
        int at = from + 1;
        for (int i = 0; i < steps[0].count; i++)
            assert_string_equal(s.log[at++].text, steps[0].line[i]);
        for (int i = 0; i < trace.count; i++, at++) {
            snprintf(line, sizeof line, "  Seat %d %+d VP: %s (%s)", events[i].seat + 1, events[i].points,
                     events[i].what, events[i].rule);
            assert_string_equal(s.log[at].text, line);
            assert_int_equal(s.log[at].seat, events[i].seat);
        }
        for (int p = 1; p < 3; p++)
            for (int i = 0; i < steps[p].count; i++)
                assert_string_equal(s.log[at++].text, steps[p].line[i]);
        told += trace.count;
        separators += steps[2].count;
    }
    assert_true(told > 0);
    assert_true(separators > 0); /* days, rounds or scoring rounds */
    free(before);
    term_session_free(&s);
}

static void test_scoring_lines(void **unused)
{
    (void)unused;
    scoring_lines("tikal", 0);
    scoring_lines("tikal", 1);
    scoring_lines("tzolkin", 0);
}

/* The terminal's log keeps at most log_max lines (TERM_LOG_MAX in play):
 * a whole game fed into a log of 64 lines drops the oldest quarter
 * whenever it is full, never holds more than 64, numbers its lines on
 * across the drops, and keeps the same newest lines as an unbounded log
 * of the same seeded game. */
static void test_log_bounded(void **state)
{
    (void)state;
    const char *specs[2] = {"random", "random"};
    game_options options = {2, 0};
    term_session bounded, whole;
    char why[256] = "";
    assert_int_equal(term_session_init(&bounded, games_find("tzolkin"), &options, specs, 5, why, sizeof why), 0);
    assert_int_equal(term_session_init(&whole, games_find("tzolkin"), &options, specs, 5, why, sizeof why), 0);
    assert_int_equal(bounded.log_max, TERM_LOG_MAX);
    bounded.log_max = 64;
    while (term_session_actor(&bounded) != GAME_TERMINAL) {
        long end = term_session_log_end(&bounded);
        assert_int_equal(term_session_step(&bounded), 1);
        assert_int_equal(term_session_step(&whole), 1);
        assert_true(term_session_log_end(&bounded) >= end);
        assert_true(bounded.log_count <= 64);
    }
    assert_int_equal(term_session_actor(&whole), GAME_TERMINAL);
    assert_true(whole.log_count > 64);   /* more lines than the limit were fed */
    assert_true(bounded.log_dropped > 0);
    assert_int_equal(term_session_log_end(&bounded), whole.log_count);
    assert_true(bounded.log_count >= 64 - 64 / 4);
    for (int i = 1; i <= bounded.log_count; i++)
        assert_string_equal(bounded.log[bounded.log_count - i].text, whole.log[whole.log_count - i].text);
    term_session_free(&bounded);
    term_session_free(&whole);
}

/* A Tzolk'in pick-up that steps back to a lower action pays 1 corn per
 * position (tzolkin.md Z6.1b) and its log line says so; one that performs
 * its own position's action pays nothing and says nothing of corn. Seeded
 * random games are played until both kinds were seen. */
static void test_pick_corn_in_log(void **state)
{
    (void)state;
    const char *specs[2] = {"random", "random"};
    game_options options = {2, 0};
    int paid = 0, free_picks = 0;
    for (uint64_t seed = 1; seed <= 40 && (paid == 0 || free_picks == 0); seed++) {
        term_session s;
        char why[256] = "";
        assert_int_equal(term_session_init(&s, games_find("tzolkin"), &options, specs, seed, why, sizeof why), 0);
        unsigned char *before = malloc(s.game->state_size);
        assert_non_null(before);
        while (term_session_actor(&s) != GAME_TERMINAL) {
            memcpy(before, s.match.state, s.game->state_size);
            int from = s.log_count;
            assert_int_equal(term_session_step(&s), 1);
            int a = s.match.actions[s.match.count - 1];
            if (a < TZOLK_A_PICK || a >= TZOLK_A_BUILD || a % 10 == 0 || s.log_count == from)
                continue; /* not a pick-up with an action */
            int k = a - TZOLK_A_PICK, q = k % 10, p = k / 10 % 11, corn = tzolk_listed_cost((tzolk_state *)before, a);
            char paying[48];
            snprintf(paying, sizeof paying, ", paying %d corn", corn);
            if (corn > 0) {
                assert_int_equal(corn, p - q); /* Z6.1b: one per position stepped back */
                assert_non_null(strstr(s.log[from].text, paying));
                paid++;
            } else {
                assert_null(strstr(s.log[from].text, "corn"));
                free_picks++;
            }
        }
        free(before);
        term_session_free(&s);
    }
    assert_true(paid > 0 && free_picks > 0);
}

/* The rules summary (command rules, key r) states the engine's numbers, not
 * copies: Tikal's action points (T7, T9-T16), the leader's strength (T8.3)
 * and the treasure points (T18.3); Tzolk'in's begging threshold (Z4.2),
 * the corn of a step back (Z6.1), food days and their corn (Z1.5, Z18)
 * and the game's end (Z19). A game without a terminal entry gets a pointer
 * to the rules instead. */
static void test_rules_summary(void **unused)
{
    (void)unused;
    char text[TERM_RULES_MAX], want[96];
    term_help_rules(&tikal_game, text, sizeof text);
    snprintf(want, sizeof want, "then spend %d AP (T7)", TIKAL_AP);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "guard a temple, %d AP (T16)", TIKAL_AP_GUARD);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "explorers + %d for the leader (T8)", TIKAL_LEADER_STRENGTH);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "treasures %d/%d/%d", tikal_treasure_set_points(1), tikal_treasure_set_points(2),
             tikal_treasure_set_points(3));
    assert_non_null(strstr(text, want));
    assert_string_equal(want, "treasures 1/3/6");
    assert_int_equal(text[strlen(text) - 1], '\n');

    term_help_rules(&tzolkin_game, text, sizeof text);
    const uint8_t *food = tzolk_board()->food_tooth;
    snprintf(want, sizeof want, "food days at T = %d, %d, %d,\n%d cost %d corn per worker", food[0], food[1], food[2],
             food[3], TZOLK_FEED_CORN);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "if you have at most %d (Z4.2)", TZOLK_BEG_THRESHOLD);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "paying %d corn for each step back (Z6)", TZOLK_STEP_BACK_CORN);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "At T = %d the game ends", TZOLK_CALENDAR_TEETH);
    assert_non_null(strstr(text, want));

    static const game_def unlisted = {.name = "unlisted"};
    term_help_rules(&unlisted, text, sizeof text);
    assert_string_equal(text, "See the rules of the game in rules/.\n");
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
        cmocka_unit_test(test_spots_tikal),
        cmocka_unit_test(test_spots_tzolkin),
        cmocka_unit_test(test_auction_words),
        cmocka_unit_test(test_scoring_lines),
        cmocka_unit_test(test_log_bounded),
        cmocka_unit_test(test_pick_corn_in_log),
        cmocka_unit_test(test_rules_summary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
