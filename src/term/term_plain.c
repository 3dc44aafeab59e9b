/*
 * term_plain.c -- the plain, line-oriented mode (see term_plain.h). When the
 * input is not a terminal every prompt ends its line, so that a program
 * driving maya can read the prompt with a line reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "term/term_plain.h"
#include "term/term_view.h"

/* Everything a plain game remembers between two lines. */
typedef struct plain_context {
    term_session *s;  /* the game */
    FILE *in;         /* commands */
    FILE *out;        /* what the players read */
    int tty;          /* 1 if in is a terminal */
    long shown;       /* log entries printed so far, numbered as term_session_log_end */
    int board_count;  /* match action count when the board was last printed, -1 never */
    int board_actor;  /* seat to act when the board was last printed */
    int bots_acted;   /* 1 if a bot acted since the board was last printed */
} plain_context;

static void pause_ms(int ms)
{
    if (ms <= 0)
        return;
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

void term_plain_board(term_session *s, FILE *out)
{
    char *text = term_view_text(s->game, s->view, s->viewer, 100);
    if (text)
        fputs(text, out);
    free(text);
}

static void plain_log(plain_context *p)
{
    term_session *s = p->s;
    int viewer = term_session_humans(s) > 1 ? TERM_LOG_HUMAN_ALL : s->viewer;
    if (p->shown < s->log_dropped) /* lines dropped before they were shown (TERM_LOG_MAX) */
        p->shown = s->log_dropped;
    for (; p->shown < term_session_log_end(s); p->shown++)
        fprintf(p->out, "%s\n", term_session_log_text(s, (int)(p->shown - s->log_dropped), viewer));
}

static void plain_prompt(plain_context *p)
{
    term_session *s = p->s;
    int actor = term_session_actor(s);
    if (actor == GAME_TERMINAL)
        fputs("game over>", p->out);
    else
        fprintf(p->out, "seat %d>", actor + 1);
    fputs(p->tty ? " " : "\n", p->out);
    fflush(p->out);
}

/* Read one line into buf; 0 at the end of the input. */
static int plain_read(plain_context *p, char *buf, size_t len)
{
    if (fgets(buf, (int)len, p->in) == NULL)
        return 0;
    buf[strcspn(buf, "\r\n")] = '\0';
    return 1;
}

/* Before a person acts: pass the keyboard if the screens differ, and show
 * the position when a new turn starts. 0 at the end of the input. */
static int plain_turn(plain_context *p)
{
    term_session *s = p->s;
    int next = term_session_next_viewer(s);
    if (next != s->viewer) {
        if (term_session_private_between(s, s->viewer, next)) {
            char line[64];
            fprintf(p->out, "\n---- Pass the keyboard to seat %d, then press Enter ----\n", next + 1);
            fflush(p->out);
            if (!plain_read(p, line, sizeof line))
                return 0;
        }
        term_session_set_viewer(s, next);
        p->board_count = -1;
    }
    int actor = term_session_actor(s);
    if (p->board_count < 0 || p->bots_acted || (actor != p->board_actor && p->board_count != s->match.count)) {
        term_plain_board(s, p->out);
        p->board_count = s->match.count;
        p->board_actor = actor;
        p->bots_acted = 0;
    }
    return 1;
}

int term_plain_run(term_session *s, FILE *in, FILE *out)
{
    plain_context p = {s, in, out, isatty(fileno(in)), 0, -1, -1, 0};
    char line[512];
    fprintf(out, "maya: %s, %d players; type help for the commands.\n", s->game->name, s->match.options.players);
    for (int q = 0; q < s->match.options.players; q++)
        fprintf(out, "  seat %d: %s\n", q + 1, s->seat[q].spec);
    for (;;) {
        plain_log(&p);
        int actor = term_session_actor(s);
        if (actor != GAME_TERMINAL && !term_session_waiting(s)) {
            int done = term_session_step(s);
            if (done < 0) {
                fprintf(out, "%s\n", s->reply);
                return 1;
            }
            plain_log(&p);
            if (actor >= 0) {
                p.bots_acted = 1;
                pause_ms(s->speed_ms);
            }
            continue;
        }
        if (actor != GAME_TERMINAL && !plain_turn(&p))
            break;
        plain_prompt(&p);
        if (!plain_read(&p, line, sizeof line)) {
            fputs("\nEnd of input: leaving the game.\n", out);
            break;
        }
        term_result result = term_session_command(s, line);
        p.shown = term_session_log_end(s); /* the reply tells what the command did */
        if (result == TERM_QUIT)
            break;
        if (result == TERM_HELP)
            fputs(term_help_text(), out);
        if (s->reply_len)
            fprintf(out, "%s\n", s->reply);
        if (result == TERM_BOARD) {
            term_session_set_viewer(s, term_session_next_viewer(s));
            term_plain_board(s, out);
            p.board_count = s->match.count;
            p.board_actor = term_session_actor(s);
        }
    }
    fflush(out);
    return 0;
}
