/*
 * replay.c -- maya replay: load a record (which replays and checks it), then
 * walk through its actions again printing them, optionally with the legal
 * actions of every state, the position whenever the player to act
 * changes and each seat's points by kind of scoring, and end with the
 * recomputed Result line.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "record/record.h"

/* What replay prints and the buffers it prints from. */
typedef struct cli_replay_view {
    const game_def *game; /* the record's game */
    int show_legal;       /* --legal */
    int show_board;       /* --board */
    int show_points;      /* --points */
    int *legal;           /* scratch: legal actions, game->max_legal */
    char (*texts)[GAME_TEXT_MAX]; /* scratch: texts of the legal lines, text_count of text_room */
    int text_count;       /* entries of texts in use */
    int text_room;        /* entries of texts allocated */
    char *board;          /* scratch: rendered position */
    size_t board_len;     /* room in board */
} cli_replay_view;

static int cli_replay_compare_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Keep one legal line (legal_lines' emit); a line that finds no room is
 * dropped, and the list is then marked incomplete. */
static void cli_replay_keep_line(void *context, const char *line)
{
    cli_replay_view *v = context;
    if (v->text_count == v->text_room) {
        int room = v->text_room ? 2 * v->text_room : 256;
        char(*grown)[GAME_TEXT_MAX] = realloc(v->texts, (size_t)room * sizeof *grown);
        if (grown == NULL) {
            v->text_room = -1;
            return;
        }
        v->texts = grown;
        v->text_room = room;
    }
    if (v->text_room > 0)
        snprintf(v->texts[v->text_count++], GAME_TEXT_MAX, "%s", line);
}

/* "  legal: a, b, c": the legal lines of the notation (a market visit's
 * final holdings, not its steps: game.h legal_lines) in byte order. */
static void cli_replay_print_legal(cli_replay_view *v, const void *state)
{
    v->text_count = 0;
    if (v->game->legal_lines != NULL)
        v->game->legal_lines(state, cli_replay_keep_line, v);
    else {
        int n = v->game->legal_actions(state, v->legal);
        for (int i = 0; i < n; i++) {
            char text[GAME_TEXT_MAX];
            if (v->game->action_to_text(state, v->legal[i], text, sizeof text) != 0)
                snprintf(text, sizeof text, "#%d", v->legal[i]);
            cli_replay_keep_line(v, text);
        }
    }
    qsort(v->texts, (size_t)v->text_count, sizeof v->texts[0], cli_replay_compare_text);
    fputs("  legal:", stdout);
    for (int i = 0; i < v->text_count; i++)
        printf(i == 0 ? " %s" : ", %s", v->texts[i]);
    if (v->text_room < 0)
        fputs(" (out of memory: incomplete)", stdout);
    putchar('\n');
}

static int cli_replay_print_board(cli_replay_view *v, const void *state)
{
    size_t need = v->game->render(state, v->board, v->board_len);
    if (need >= v->board_len) {
        char *grown = realloc(v->board, need + 1);
        if (grown == NULL)
            return CLI_FAIL;
        v->board = grown;
        v->board_len = need + 1;
        v->game->render(state, v->board, v->board_len);
    }
    fputs(v->board, stdout);
    return 0;
}

/* "points start: S1 S2 ..." (the scores at the start), then "points KIND
 * (RULE): S1 S2 ...": each seat's points of each kind of scoring over the
 * whole game (game_score_totals), the kinds in the order they first
 * scored; per seat, the lines add up to its score. */
static int cli_replay_print_points(const match *m)
{
    game_score_totals totals;
    char why[256];
    if (game_score_totals_replay(m->game, &m->options, m->actions, m->count, &totals, why, sizeof why) != 0) {
        fprintf(stderr, "maya replay: %s\n", why);
        return CLI_FAIL;
    }
    fputs("points start:", stdout);
    for (int s = 0; s < m->options.players; s++)
        printf(" %d", totals.start[s]);
    putchar('\n');
    for (int k = 0; k < totals.count; k++) {
        printf("points %s (%s):", totals.kinds[k].kind, totals.kinds[k].rule);
        for (int s = 0; s < m->options.players; s++)
            printf(" %d", totals.kinds[k].points[s]);
        putchar('\n');
    }
    return 0;
}

/* Print the game of rec action by action. */
static int cli_replay_walk(cli_replay_view *v, const record *rec)
{
    const match *m = &rec->match;
    const game_def *game = m->game;
    void *state = malloc(game->state_size);
    if (state == NULL || game->init(state, &m->options, NULL, 0) != 0) {
        free(state);
        return CLI_FAIL;
    }
    if (v->show_board)
        cli_replay_print_board(v, state);
    if (v->show_legal)
        cli_replay_print_legal(v, state);
    for (int i = 0; i < m->count; i++) {
        char text[GAME_TEXT_MAX];
        int player = game->current_player(state);
        int open = match_line_open(game, state, m->actions[i]); /* a step: printed with its line */
        if (game->action_to_text(state, m->actions[i], text, sizeof text) != 0 ||
            game->apply(state, m->actions[i], NULL, 0) != 0) {
            fprintf(stderr, "maya replay: the engine cannot replay action %d again\n", i + 1);
            free(state);
            return CLI_FAIL;
        }
        if (open)
            continue;
        if (player == GAME_CHANCE)
            printf("* %s\n", text);
        else
            printf("%d %s\n", player + 1, text);
        if (v->show_board && game->current_player(state) != player)
            cli_replay_print_board(v, state);
        if (v->show_legal)
            cli_replay_print_legal(v, state);
    }
    free(state);
    if (v->show_points && cli_replay_print_points(m) != 0)
        return CLI_FAIL;
    if (game->current_player(m->state) == GAME_TERMINAL) {
        int scores[GAME_MAX_PLAYERS];
        game->scores(m->state, scores);
        fputs("Result \"", stdout);
        for (int s = 0; s < m->options.players; s++)
            printf(s == 0 ? "%d" : " %d", scores[s]);
        fputs("\"\n", stdout);
    } else
        fputs("Result \"*\"\n", stdout);
    return 0;
}

int cli_replay(int argc, char **argv)
{
    const char *legal_flag = NULL, *board_flag = NULL, *points_flag = NULL;
    const cli_option options[] = {
        {"--legal", 0, &legal_flag}, {"--board", 0, &board_flag}, {"--points", 0, &points_flag}};
    const char *positional[1];
    int positional_count;
    int status = cli_parse("replay", argc, argv, options, 3, positional, 1, &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 1) {
        fputs("maya replay: which record? (maya replay FILE)\n", stderr);
        return CLI_USAGE;
    }
    record rec;
    char why[512];
    if (record_read_file(&rec, positional[0], NULL, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return CLI_FAIL;
    }
    const game_def *game = rec.match.game;
    cli_replay_view view = {game, legal_flag != NULL, board_flag != NULL, points_flag != NULL, NULL, NULL, 0, 0,
                            NULL, 0};
    view.legal = malloc((size_t)game->max_legal * sizeof *view.legal);
    view.board_len = 4096;
    view.board = malloc(view.board_len);
    if (view.legal == NULL || view.board == NULL)
        status = CLI_FAIL;
    else
        status = cli_replay_walk(&view, &rec);
    if (fflush(stdout) != 0)
        status = CLI_FAIL;
    free(view.legal);
    free(view.texts);
    free(view.board);
    record_free(&rec);
    return status;
}
