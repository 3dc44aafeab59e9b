/*
 * term_curses.c -- the full-screen front end (see term_curses.h).
 *
 * One context struct (curses_ui) holds everything between two keys; curses'
 * own globals (stdscr, LINES, COLS) are the only others. Each pass of the
 * loop draws the whole screen from the session, then waits for a key or a
 * click: without a timeout while a person is to act, with one while a bot
 * waits for its turn (the bots' pace) or thinks on its own thread
 * (term_think), so that the screen stays alive meanwhile. Screen, top to
 * bottom: the picture (scrolled to keep the cursor visible, or showing the
 * panel part on a small terminal), the log, the reply of the last command,
 * and the status or input line; the log and the reply take fewer rows on a
 * low terminal.
 *
 * The cursor moves between the spots of the picture (term_view): Tikal's
 * hexes, Tzolk'in's gear positions, start-player space, temples, tracks,
 * buildings and monuments. The legal actions aiming at a spot are marked;
 * Enter or a click lists the actions concerning the spot under the cursor.
 */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <curses.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "term/term_canvas.h"
#include "term/term_curses.h"
#include "term/term_think.h"
#include "term/term_games.h"
#include "term/term_tikal.h"
#include "term/term_view.h"

enum {
    UI_MENU_MAX = 4096, /* most entries of a menu */
    UI_INPUT_MAX = 256, /* longest input line */
    UI_POLL_MS = 100,   /* key poll while a bot thinks */
    UI_LOG_MIN = 3      /* fewest log rows of the layout that shows the whole picture */
};

/* What the input line is for. */
typedef enum ui_input {
    UI_IN_NONE = 0, /* keys are commands */
    UI_IN_COMMAND,  /* ':' a command or an action */
    UI_IN_SAVE,     /* a file name to save to */
    UI_IN_LOAD,     /* a file name to load */
    UI_IN_CONFIRM,  /* y/n for a route */
    UI_IN_QUIT      /* y/n for leaving */
} ui_input;

typedef struct curses_ui {
    term_session *s;           /* the game */
    term_canvas canvas;        /* the picture, redrawn each pass */
    term_spots spots;          /* the picture's spots, as last drawn */
    int cursor;                /* key of the spot under the cursor, -1 not placed yet */
    int routes;                /* 1 if figures take routes (Tikal's go) */
    int go_from;               /* go: field the figure leaves, -1 when not choosing a route */
    int go_figure;             /* go: 0 explorer, 1 leader */
    int menu_open;             /* 1 while the action menu shows */
    int *menu;                 /* menu entries: indexes into s->legal */
    int menu_count;            /* entries shown */
    int menu_selected;         /* highlighted entry */
    char menu_filter[64];      /* typed filter of the menu (substring) */
    int menu_spot;             /* key of the spot the menu is for, -1 all actions */
    int menu_hints;            /* 1: the menu shows the session's hints, best first */
    int menu_top;              /* screen row of the menu's first entry, as last drawn */
    int menu_first;            /* entry shown on that row */
    int menu_rows;             /* entries shown */
    ui_input input_mode;       /* what the input line collects */
    char input[UI_INPUT_MAX];  /* the input line */
    char reply[2048];          /* the text shown under the log */
    int overlay;               /* 0 none, 1 help, 2 rules */
    int overlay_top;           /* first line of the overlay shown */
    int log_back;              /* log lines scrolled back */
    int paused;                /* 1: bots wait for a key */
    int panel;                 /* 1: the panel part of the picture shows, not the cursor's */
    int view_rows;             /* rows of the picture shown (ui_layout) */
    int log_rows;              /* rows of the log under it */
    int reply_rows;            /* rows of the reply under the log */
    int view_top;              /* first picture row shown */
    int view_left;             /* first picture column shown */
    term_think think;          /* a bot's thought in progress */
    long next_bot;             /* clock (ms) when the next bot may act, 0 not set */
    int quit;                  /* 1 to leave */
} curses_ui;

static const short seat_colour[GAME_MAX_PLAYERS] = {COLOR_RED, COLOR_CYAN, COLOR_GREEN, COLOR_YELLOW};

static void ui_colours(void)
{
    if (!has_colors())
        return;
    start_color();
    use_default_colors();
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        init_pair((short)(TERM_ST_SEAT + p), seat_colour[p], -1);
    init_pair(TERM_ST_TARGET, COLOR_GREEN, -1);
    init_pair(TERM_ST_ALERT, COLOR_RED, -1);
    init_pair(TERM_ST_TITLE, COLOR_WHITE, -1);
}

static attr_t ui_attr(int style, short *pair)
{
    *pair = 0;
    switch (style) {
    case TERM_ST_DIM:
        return A_DIM;
    case TERM_ST_TARGET:
        *pair = has_colors() ? TERM_ST_TARGET : 0;
        return A_BOLD;
    case TERM_ST_CURSOR:
        return A_REVERSE | A_BOLD;
    case TERM_ST_TITLE:
        return A_BOLD;
    case TERM_ST_ALERT:
        *pair = has_colors() ? TERM_ST_ALERT : 0;
        return A_BOLD;
    default:
        if (style >= TERM_ST_SEAT && style < TERM_ST_SEAT + GAME_MAX_PLAYERS) {
            *pair = has_colors() ? (short)style : 0;
            return A_BOLD;
        }
        return A_NORMAL;
    }
}

/* Write UTF-8 text at (y, x), at most width cells, with attributes. */
static void ui_text(int y, int x, int width, const char *utf8, attr_t attr)
{
    wchar_t wide[2] = {0, 0};
    cchar_t cell;
    uint32_t cp;
    size_t n;
    for (int i = 0; i < width && (n = term_utf8_decode(utf8, &cp)) > 0; i++, utf8 += n) {
        if (cp == '\n')
            break;
        wide[0] = (wchar_t)cp;
        setcchar(&cell, wide, attr, 0, NULL);
        mvadd_wch(y, x + i, &cell);
    }
}

/* ---- what the screen shows ------------------------------------------------ */

/* Lay the screen out for a picture of used rows: the rows of the picture,
 * the log and the reply (the separator and the status line take one row
 * each). The log and the reply take fewer rows on a low terminal; when
 * the whole picture fits with at least UI_LOG_MIN log rows and one reply
 * row, the picture gets all the rows it uses and the log the rest, so that
 * nothing of it is cut (120x40). Once the game is over the log takes half
 * the screen: the result and each seat's points by category. */
static void ui_layout(curses_ui *ui, int used)
{
    ui->log_rows = LINES >= 40 ? 6 : LINES >= 28 ? 4 : 3;
    ui->reply_rows = LINES >= 28 ? 3 : 2;
    ui->view_rows = LINES - ui->log_rows - ui->reply_rows - 2;
    if (ui->view_rows < used && used + 2 + UI_LOG_MIN + 1 <= LINES) {
        int rest = LINES - used - 2;
        ui->view_rows = used;
        ui->reply_rows = rest >= UI_LOG_MIN + 2 ? 2 : 1;
        ui->log_rows = rest - ui->reply_rows;
    }
    if (term_session_actor(ui->s) == GAME_TERMINAL && ui->log_rows < LINES / 2) {
        /* the end: half the screen for the log's result and points by category */
        ui->view_rows -= LINES / 2 - ui->log_rows;
        ui->log_rows = LINES / 2;
    }
    if (ui->view_rows < 3)
        ui->view_rows = 3;
}

static int ui_thinking(const curses_ui *ui)
{
    return ui->think.running;
}

/* Lay the picture out, put the cursor on a spot that exists (the first
 * target, else the first spot) and mark the spots. */
static void ui_marks(curses_ui *ui, unsigned char *marks)
{
    term_session *s = ui->s;
    memset(marks, 0, TERM_SPOTS_MAX);
    term_view_spots(s->game, s->view, s->viewer, COLS, &ui->spots);
    if (ui->spots.count == 0)
        return;
    if (term_session_waiting(s)) {
        /* what the other seats did since the viewer's last turn */
        int from, to;
        term_session_log_others(s, s->viewer, &from, &to);
        for (int i = from; i < to; i++)
            for (int k = 0; k < s->log[i].spot_count && s->log[i].seat != s->viewer; k++) {
                int at = term_spots_find(&ui->spots, s->log[i].spots[k]);
                if (at >= 0)
                    marks[at] |= TERM_MARK_RECENT;
            }
        if (ui->go_from >= 0) {
            const tikal_state *t = (const tikal_state *)s->match.state;
            term_tikal_reach(t, ui->go_from, t->ap, marks); /* Tikal: spot index = field */
        } else
            term_view_targets(s->game, s->match.state, s->legal, s->legal_count, &ui->spots, marks);
    }
    int at = term_spots_find(&ui->spots, ui->cursor);
    for (int i = 0; at < 0 && i < ui->spots.count; i++)
        if (marks[i])
            at = i;
    if (at < 0)
        at = 0;
    ui->cursor = ui->spots.spot[at].key;
    marks[at] |= TERM_MARK_CURSOR;
}

/* Scroll so that the cursor's spot is in sight, or the panel shows. */
static void ui_scroll(curses_ui *ui, int used, int cols)
{
    int height = ui->view_rows;
    int at = term_spots_find(&ui->spots, ui->cursor);
    if (ui->panel && term_view_panel_row(ui->s->game, ui->s->view, COLS) <= 0)
        ui->panel = 0; /* resized: the panel is in sight */
    if (ui->panel)
        ; /* the player scrolls */
    else if (at >= 0) {
        const term_spot *p = &ui->spots.spot[at];
        if (p->row + p->rows + 1 > ui->view_top + height)
            ui->view_top = p->row + p->rows + 1 - height;
        if (p->row - 1 < ui->view_top)
            ui->view_top = p->row - 1;
        if (p->col + p->cols + 4 > ui->view_left + COLS)
            ui->view_left = p->col + p->cols + 4 - COLS;
        if (p->col - 4 < ui->view_left)
            ui->view_left = p->col - 4;
    }
    if (ui->view_top > used - height)
        ui->view_top = used - height;
    if (ui->view_top < 0)
        ui->view_top = 0;
    if (ui->view_left > cols - COLS)
        ui->view_left = cols - COLS;
    if (ui->view_left < 0)
        ui->view_left = 0;
}

static void ui_draw_picture(curses_ui *ui)
{
    term_session *s = ui->s;
    unsigned char marks[TERM_SPOTS_MAX];
    ui_marks(ui, marks);
    int rows, cols;
    term_view_size(s->game, COLS, &rows, &cols);
    if (ui->canvas.rows != rows || ui->canvas.cols != cols) {
        term_canvas_free(&ui->canvas);
        if (term_canvas_init(&ui->canvas, rows, cols) != 0)
            return;
    } else
        term_canvas_clear(&ui->canvas);
    int used = term_view_draw(s->game, s->view, s->viewer, marks, &ui->canvas, &ui->spots);
    ui_layout(ui, used);
    ui_scroll(ui, used, cols);
    int height = ui->view_rows;
    wchar_t wide[2] = {0, 0};
    cchar_t cell;
    for (int y = 0; y < height && y + ui->view_top < rows; y++)
        for (int x = 0; x < COLS && x + ui->view_left < cols; x++) {
            int at = (y + ui->view_top) * cols + x + ui->view_left;
            short pair;
            attr_t attr = ui_attr(ui->canvas.style[at], &pair);
            wide[0] = (wchar_t)ui->canvas.cell[at];
            setcchar(&cell, wide, attr, pair, NULL);
            mvadd_wch(y, x, &cell);
        }
}

static void ui_draw_log(curses_ui *ui)
{
    term_session *s = ui->s;
    int top = ui->view_rows, rows = ui->log_rows;
    int viewer = term_session_humans(s) > 1 ? TERM_LOG_HUMAN_ALL : s->viewer;
    /* what the others did since the viewer's last turn: marked "> " while it is the viewer's turn */
    int from = 0, to = 0;
    if (term_session_waiting(s))
        term_session_log_others(s, s->viewer, &from, &to);
    mvhline(top, 0, '-', COLS);
    ui_text(top, 2, COLS - 4,
            ui->log_back ? " log (scrolled back: PgDn) "
            : from < to  ? " log (> the others since your last turn, marked on the board) "
                         : " log ",
            A_DIM);
    int last = s->log_count - 1 - ui->log_back;
    for (int i = 0; i < rows; i++) {
        int entry = last - (rows - 1 - i);
        if (entry < 0)
            continue;
        const term_entry *e = &s->log[entry];
        short pair = 0;
        attr_t attr = e->seat >= 0 ? ui_attr(TERM_ST_SEAT + e->seat, &pair) : A_NORMAL;
        attr &= ~A_BOLD;
        char line[512];
        snprintf(line, sizeof line, "%s%s", from == to ? "" : entry >= from && entry < to ? "> " : "  ",
                 term_session_log_text(s, entry, viewer));
        ui_text(top + 1 + i, 0, COLS, line, attr | COLOR_PAIR(pair));
    }
}

static void ui_draw_reply(curses_ui *ui)
{
    int top = ui->view_rows + 1 + ui->log_rows;
    const char *line = ui->reply;
    for (int i = 0; i < ui->reply_rows && *line; i++) {
        ui_text(top + i, 0, COLS, line, A_BOLD);
        const char *next = strchr(line, '\n');
        if (next == NULL)
            break;
        line = next + 1;
    }
}

static void ui_status(curses_ui *ui, char *buf, size_t len)
{
    term_session *s = ui->s;
    int actor = term_session_actor(s);
    int panel = term_view_panel_row(s->game, s->view, COLS) > 0;
    const char *view = !panel ? "" : ui->panel ? "v board  " : "v panel  ";
    static const char *const prompt[] = {"", ":", "save to file: ", "load file: ", "confirm the route? (y/n) ",
                                         "leave the game? (y/n) "};
    if (ui->input_mode != UI_IN_NONE)
        snprintf(buf, len, "%s%s", prompt[ui->input_mode], ui->input);
    else if (actor == GAME_TERMINAL)
        snprintf(buf, len, "Game over.  %ss save  o load  PgUp log  q quit", view);
    else if (ui_thinking(ui))
        snprintf(buf, len, "Seat %d is thinking\u2026 %.1f s  %s  %s+ - speed (%d ms)  q quit", ui->think.seat + 1,
                 (double)term_think_elapsed_ms(&ui->think) / 1000.0,
                 ui->paused ? "PAUSED after its move: p resumes" : "p pause", view, s->speed_ms);
    else if (!term_session_waiting(s))
        snprintf(buf, len, "%s %d is playing...  %s  %s+ - speed (%d ms)  q quit", actor >= 0 ? "Seat" : "Chance",
                 actor + 1, ui->paused ? "PAUSED: p resumes" : "p pause", view, s->speed_ms);
    else if (ui->go_from >= 0)
        snprintf(buf, len, "Seat %d: route of %s: move the cursor to the target, Enter confirms, f figure, Esc",
                 actor + 1, ui->go_figure ? "the leader" : "an explorer");
    else if (snprintf(buf, len,
                      "Seat %d to play: %s Enter actions  : type  %sh hints  u undo  a auto  %ss save  o load  ? help",
                      actor + 1, ui->spots.count ? "arrows move," : "", ui->routes ? "g go  " : "", view) >= COLS)
        /* a narrow terminal: the keys that matter, the others in ? */
        snprintf(buf, len, "Seat %d to play: Enter actions  : type  %su undo  a auto  ? help, keys", actor + 1, view);
}

/* Fit line (of ASCII) into width cells: when it is longer, the part after
 * its last ", " (a sentence's cost: "paying 3 corn") is kept whole and
 * the words before it are cut, marked "..". */
static void ui_fit_tail(char *line, int width)
{
    int n = (int)strlen(line);
    const char *tail = strstr(line, ", ") ? strrchr(line, ',') : NULL;
    if (n <= width || tail == NULL || width < 8)
        return;
    int keep = n - (int)(tail - line); /* ", paying 3 corn" */
    if (keep + 6 > width)
        return; /* nothing sensible to cut: ui_text cuts the end */
    int prefix = width - keep - 2; /* the words kept before ".." */
    memmove(line + prefix + 2, tail, (size_t)keep + 1);
    memcpy(line + prefix, "..", 2);
}

static void ui_draw_menu(curses_ui *ui)
{
    term_session *s = ui->s;
    int height = LINES - 4 < ui->menu_count + 2 ? LINES - 4 : ui->menu_count + 2;
    if (height < 3)
        height = 3;
    int width = 70 < COLS - 4 ? 70 : COLS - 4;
    int top = 2, left = (COLS - width) / 2;
    int inner = height - 2;
    int first = ui->menu_selected - inner + 1 > 0 ? ui->menu_selected - inner + 1 : 0;
    for (int y = 0; y < height; y++)
        mvhline(top + y, left, ' ', width);
    attron(A_BOLD);
    mvhline(top, left, '-', width);
    mvhline(top + height - 1, left, '-', width);
    attroff(A_BOLD);
    char title[128];
    if (ui->menu_hints)
        snprintf(title, sizeof title, " hints: the %s bot's best %d, with the chance to win after each ",
                 BOT_HINT_LEVEL, ui->menu_count);
    else
        snprintf(title, sizeof title, " %d action%s%s%s%s ", ui->menu_count, ui->menu_count == 1 ? "" : "s",
                 ui->menu_filter[0] ? " with \"" : "", ui->menu_filter, ui->menu_filter[0] ? "\"" : "");
    ui_text(top, left + 2, width - 4, title, A_BOLD);
    ui_text(top + height - 1, left + 2, width - 4,
            ui->menu_hints ? " up/down or 1-3, Enter plays, Esc " : " up/down, Enter plays, type filters, Esc ", A_DIM);
    ui->menu_top = top + 1;
    ui->menu_first = first;
    ui->menu_rows = 0;
    for (int i = 0; i < inner && first + i < ui->menu_count; i++, ui->menu_rows++) {
        int index = ui->menu[first + i];
        char line[256], words[200];
        term_view_words(s->game, s->match.state, s->legal[index], term_session_actor(s), words, sizeof words);
        if (ui->menu_hints)
            snprintf(line, sizeof line, "%d. %3.0f%%  %-18s %s", first + i + 1, 100.0 * s->hint[first + i].chance,
                     term_session_legal_text(s, index), words);
        else
            snprintf(line, sizeof line, "%-18s %s", term_session_legal_text(s, index), words);
        ui_fit_tail(line, width - 2);
        ui_text(top + 1 + i, left + 1, width - 2, line, first + i == ui->menu_selected ? A_REVERSE : A_NORMAL);
    }
}

static void ui_draw_overlay(curses_ui *ui)
{
    /* help: the keys, then the legend of the game's symbols */
    char rules[TERM_RULES_MAX] = "";
    if (ui->overlay != 1)
        term_help_rules(ui->s->game, rules, sizeof rules);
    const char *texts[2] = {ui->overlay == 1 ? term_help_text() : rules,
                            ui->overlay == 1 ? term_help_legend(ui->s->game) : ""};
    int y = 0, skipped = 0;
    ui_text(y++, 0, COLS, ui->overlay == 1 ? "HELP and LEGEND  (Space/PgDn, PgUp, arrows; r: rules; other keys: back)"
                                           : "RULES  (Space/PgDn, PgUp, arrows; ?: help; other keys: back)", A_BOLD);
    for (int t = 0; t < 2; t++)
        for (const char *line = texts[t]; *line && y < LINES; y += skipped >= ui->overlay_top) {
            if (skipped++ >= ui->overlay_top)
                ui_text(y, 0, COLS, line, A_NORMAL);
            const char *next = strchr(line, '\n');
            if (next == NULL)
                break;
            line = next + 1;
        }
}

static void ui_draw(curses_ui *ui)
{
    erase();
    if (ui->overlay) {
        ui_draw_overlay(ui);
        refresh();
        return;
    }
    ui_draw_picture(ui);
    ui_draw_log(ui);
    ui_draw_reply(ui);
    char status[UI_INPUT_MAX + 128];
    ui_status(ui, status, sizeof status);
    ui_text(LINES - 1, 0, COLS, status, ui->input_mode ? A_BOLD : A_REVERSE);
    if (ui->menu_open)
        ui_draw_menu(ui);
    if (ui->input_mode != UI_IN_NONE) {
        curs_set(1);
        move(LINES - 1, (int)strlen(status) < COLS ? (int)strlen(status) : COLS - 1);
    } else
        curs_set(0);
    refresh();
}

/* ---- acting ----------------------------------------------------------------- */

static void ui_reply(curses_ui *ui, const char *text)
{
    snprintf(ui->reply, sizeof ui->reply, "%s", text);
}

static void ui_command(curses_ui *ui, const char *line)
{
    if (ui_thinking(ui) && strncmp(line, "load", 4) == 0) { /* the bot thinking would be replaced */
        ui_reply(ui, "a bot is thinking: load when it has played (p pauses the bots)");
        return;
    }
    term_result result = term_session_command(ui->s, line);
    ui_reply(ui, ui->s->reply);
    ui->log_back = 0;
    if (result == TERM_QUIT)
        ui->quit = 1;
    else if (result == TERM_HELP) {
        ui->overlay = 1;
        ui->overlay_top = 0;
    } else if (result == TERM_CONFIRM) {
        ui->input_mode = UI_IN_CONFIRM;
        ui->input[0] = '\0';
    }
}

/* Does legal action i concern the spot key? */
static int action_at(curses_ui *ui, int i, int key)
{
    int keys[2];
    int n = term_view_action_spots(ui->s->game, ui->s->match.state, ui->s->legal[i], keys);
    return (n > 0 && keys[0] == key) || (n > 1 && keys[1] == key);
}

static void ui_menu_fill(curses_ui *ui)
{
    term_session *s = ui->s;
    ui->menu_count = 0;
    if (ui->menu_hints) { /* the hints, in their order */
        for (int h = 0; h < s->hint_count; h++)
            for (int i = 0; i < s->legal_count; i++)
                if (s->legal[i] == s->hint[h].action)
                    ui->menu[ui->menu_count++] = i;
        ui->menu_selected = 0;
        return;
    }
    for (int i = 0; i < s->legal_count && ui->menu_count < UI_MENU_MAX; i++) {
        if (ui->menu_spot >= 0 && !action_at(ui, i, ui->menu_spot))
            continue;
        if (ui->menu_filter[0] && strstr(term_session_legal_text(s, i), ui->menu_filter) == NULL)
            continue;
        ui->menu[ui->menu_count++] = i;
    }
    if (ui->menu_selected >= ui->menu_count)
        ui->menu_selected = ui->menu_count ? ui->menu_count - 1 : 0;
}

/* The menu of the actions at spot key (-1: all), or all when none is. */
static void ui_menu_open(curses_ui *ui, int key)
{
    ui->menu_hints = 0;
    ui->menu_spot = key;
    ui->menu_filter[0] = '\0';
    ui->menu_selected = 0;
    ui_menu_fill(ui);
    if (ui->menu_count == 0 && key >= 0) {
        ui->menu_spot = -1; /* nothing at the cursor: every action */
        ui_menu_fill(ui);
    }
    ui->menu_open = ui->menu_count > 0;
    if (!ui->menu_open)
        ui_reply(ui, "no action to choose now");
}

/* The hints for the person to act, as a menu (h). */
static void ui_hints_open(curses_ui *ui)
{
    char why[256] = "";
    if (term_session_hints(ui->s, why, sizeof why) < 0) {
        ui_reply(ui, why);
        return;
    }
    ui->menu_hints = 1;
    ui->menu_filter[0] = '\0';
    ui_menu_fill(ui);
    ui->menu_open = ui->menu_count > 0;
    if (!ui->menu_open)
        ui_reply(ui, "no action to choose now");
}

static void ui_menu_play(curses_ui *ui)
{
    if (ui->menu_count > 0) {
        char text[GAME_TEXT_MAX];
        snprintf(text, sizeof text, "%s", term_session_legal_text(ui->s, ui->menu[ui->menu_selected]));
        ui->menu_open = 0;
        ui_command(ui, text);
    }
}

static void ui_menu_key(curses_ui *ui, int ch)
{
    size_t n = strlen(ui->menu_filter);
    if (ui->menu_hints && ch >= '1' && ch < '1' + ui->menu_count) { /* a hint by its number */
        ui->menu_selected = ch - '1';
        ui_menu_play(ui);
        return;
    }
    if (ch == 27) {
        ui->menu_open = 0;
    } else if (ch == KEY_UP) {
        if (ui->menu_selected > 0)
            ui->menu_selected--;
    } else if (ch == KEY_DOWN) {
        if (ui->menu_selected + 1 < ui->menu_count)
            ui->menu_selected++;
    } else if (ch == KEY_PPAGE) {
        ui->menu_selected = ui->menu_selected > 10 ? ui->menu_selected - 10 : 0;
    } else if (ch == KEY_NPAGE) {
        ui->menu_selected = ui->menu_selected + 10 < ui->menu_count ? ui->menu_selected + 10 : ui->menu_count - 1;
    } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        ui_menu_play(ui);
    } else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
        if (n > 0)
            ui->menu_filter[n - 1] = '\0';
        ui_menu_fill(ui);
    } else if (ch >= ' ' && ch < 127 && n + 1 < sizeof ui->menu_filter) {
        ui->menu_filter[n] = (char)ch;
        ui->menu_filter[n + 1] = '\0';
        ui->menu_selected = 0;
        ui_menu_fill(ui);
    }
}

/* Tab: complete the input to the longest common beginning of the legal
 * actions it begins, and list them when several remain. */
static void ui_complete(curses_ui *ui)
{
    term_session *s = ui->s;
    enum { SHOWN = 12 };
    int found[UI_MENU_MAX];
    int count = term_session_complete(s, ui->input, found, UI_MENU_MAX);
    if (count == 0) {
        ui_reply(ui, "no legal action begins so");
        return;
    }
    char common[GAME_TEXT_MAX];
    snprintf(common, sizeof common, "%s", term_session_legal_text(s, found[0]));
    for (int i = 1; i < count && i < UI_MENU_MAX; i++) {
        const char *text = term_session_legal_text(s, found[i]);
        size_t k = 0;
        while (common[k] && common[k] == text[k])
            k++;
        common[k] = '\0';
    }
    if (count == 1 || strlen(common) >= strlen(ui->input))
        snprintf(ui->input, sizeof ui->input, "%s", common);
    if (count > 1) {
        size_t used = (size_t)snprintf(ui->reply, sizeof ui->reply, "%d possible:", count);
        for (int i = 0; i < count && i < SHOWN && used < sizeof ui->reply; i++)
            used += (size_t)snprintf(ui->reply + used, sizeof ui->reply - used, "  %s",
                                     term_session_legal_text(s, found[i]));
    } else
        ui->reply[0] = '\0';
}

static void ui_input_key(curses_ui *ui, int ch)
{
    size_t n = strlen(ui->input);
    ui_input mode = ui->input_mode;
    if (mode == UI_IN_CONFIRM || mode == UI_IN_QUIT) {
        ui->input_mode = UI_IN_NONE;
        int yes = ch == 'y' || ch == 'Y';
        if (mode == UI_IN_QUIT)
            ui->quit = yes;
        else
            ui_command(ui, yes ? "y" : "n");
        return;
    }
    if (ch == 27) {
        ui->input_mode = UI_IN_NONE;
        ui->input[0] = '\0';
    } else if (ch == '\t' && mode == UI_IN_COMMAND) {
        ui_complete(ui);
    } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        static const char *const verb[] = {"", "", "save ", "load "};
        char line[UI_INPUT_MAX + 8];
        ui->input_mode = UI_IN_NONE;
        snprintf(line, sizeof line, "%s%s", mode <= UI_IN_LOAD ? verb[mode] : "", ui->input);
        ui->input[0] = '\0';
        ui_command(ui, line);
    } else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
        if (n > 0)
            ui->input[n - 1] = '\0';
    } else if (ch >= ' ' && ch < 127 && n + 1 < sizeof ui->input) {
        ui->input[n] = (char)ch;
        ui->input[n + 1] = '\0';
    }
}

/* ---- Tikal's routes (go) ------------------------------------------------------ */

static void ui_go_start(curses_ui *ui)
{
    const tikal_state *t = (const tikal_state *)ui->s->match.state;
    int seat = term_session_actor(ui->s);
    if (t->phase != TIKAL_PH_ACTIONS) {
        ui_reply(ui, "go: figures move during the action points of a turn");
        return;
    }
    int leader = tikal_leader_field(t, seat) == ui->cursor, explorers = tikal_explorers(t, seat, ui->cursor);
    if (!leader && !explorers) {
        ui_reply(ui, "go: you have no figure on this field; put the cursor on one first");
        return;
    }
    ui->go_from = ui->cursor;
    ui->go_figure = leader && !explorers ? 1 : leader && ui->go_figure ? 1 : 0;
    ui_reply(ui, "go: move the cursor to the target and press Enter (f: the other figure)");
}

/* The route to the cursor and its cost, before Enter confirms it. */
static void ui_go_show(curses_ui *ui)
{
    const tikal_state *t = (const tikal_state *)ui->s->match.state;
    int moves[TERM_ROUTE_MAX], cost;
    char a[3], b[3];
    tikal_field_name(ui->go_from, a);
    tikal_field_name(ui->cursor, b);
    int n = term_tikal_route(t, ui->go_figure, ui->go_from, ui->cursor, moves, &cost);
    if (n < 0)
        snprintf(ui->reply, sizeof ui->reply, "go %s %s > %s: no route", ui->go_figure ? "L" : "E", a, b);
    else if (n > 0)
        snprintf(ui->reply, sizeof ui->reply, "go %s %s > %s: %d step%s, %d AP of %d%s", ui->go_figure ? "L" : "E",
                 a, b, n, n == 1 ? "" : "s", cost, t->ap, cost > t->ap ? " -- too far" : "; Enter confirms");
}

static void ui_go_key(curses_ui *ui, int ch)
{
    if (ch == 27 || ch == 'g') {
        ui->go_from = -1;
        ui_reply(ui, "route cancelled");
    } else if (ch == 'f') {
        ui->go_figure ^= 1;
        ui_go_show(ui);
    } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        char line[64], a[3], b[3];
        tikal_field_name(ui->go_from, a);
        tikal_field_name(ui->cursor, b);
        snprintf(line, sizeof line, "go %s %s %s", ui->go_figure ? "L" : "E", a, b);
        ui->go_from = -1;
        if (term_session_command(ui->s, line) == TERM_CONFIRM)
            ui_command(ui, "y");
        else
            ui_reply(ui, ui->s->reply);
    }
}

/* ---- cursor, mouse and keys ----------------------------------------------------- */

/* Put the cursor on spot key (following a route being chosen). */
static void ui_cursor_to(curses_ui *ui, int key)
{
    ui->cursor = key;
    ui->panel = 0;
    if (ui->go_from >= 0)
        ui_go_show(ui);
}

static int ui_cursor_key(curses_ui *ui, int ch)
{
    int dr = 0, dc = 0;
    switch (ch) {
    case KEY_UP: case 'k': dr = -1; break;
    case KEY_DOWN: case 'j': dr = 1; break;
    case KEY_LEFT: dc = -1; break;
    case KEY_RIGHT: case 'l': dc = 1; break;
    default: return 0;
    }
    int at = term_spots_find(&ui->spots, ui->cursor);
    if (ui->panel || at < 0) { /* scroll the picture */
        ui->view_top += dr * 3;
        ui->view_left += dc * 8;
    } else
        ui_cursor_to(ui, ui->spots.spot[term_spots_step(&ui->spots, at, dr, dc)].key);
    return 1;
}

/* A click: on a spot, the cursor goes there and its menu opens (in a
 * route, a click on the target confirms it); in a menu, it plays the
 * entry; elsewhere it closes what is open. */
static void ui_mouse(curses_ui *ui)
{
    MEVENT event;
    if (getmouse(&event) != OK || !(event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
        return;
    if (ui->overlay) {
        ui->overlay = 0;
        return;
    }
    if (ui->input_mode != UI_IN_NONE)
        return;
    if (ui->menu_open) {
        int entry = ui->menu_first + event.y - ui->menu_top;
        if (event.y >= ui->menu_top && event.y < ui->menu_top + ui->menu_rows && entry < ui->menu_count) {
            ui->menu_selected = entry;
            ui_menu_play(ui);
        } else
            ui->menu_open = 0;
        return;
    }
    if (event.y >= ui->view_rows)
        return;
    int at = term_spots_at(&ui->spots, event.y + ui->view_top, event.x + ui->view_left);
    if (at < 0)
        return;
    int key = ui->spots.spot[at].key;
    if (ui->go_from >= 0 && key == ui->cursor) {
        ui_go_key(ui, '\n');
        return;
    }
    ui_cursor_to(ui, key);
    if (ui->go_from < 0 && term_session_waiting(ui->s))
        ui_menu_open(ui, key);
}

/* v: show the panel part of the picture, or the cursor's part again. */
static void ui_toggle_panel(curses_ui *ui)
{
    int row = term_view_panel_row(ui->s->game, ui->s->view, COLS);
    if (row <= 0) {
        ui_reply(ui, "the whole picture is in sight");
        return;
    }
    ui->panel ^= 1;
    if (ui->panel) {
        ui->view_top = row;
        ui->view_left = 0;
    }
}

static void ui_key(curses_ui *ui, int ch)
{
    term_session *s = ui->s;
    if (ch == KEY_RESIZE)
        return;
    if (ch == KEY_MOUSE) {
        ui_mouse(ui);
        return;
    }
    if (ui->overlay) {
        if (ch == KEY_DOWN || ch == 'j')
            ui->overlay_top++;
        else if (ch == ' ' || ch == KEY_NPAGE)
            ui->overlay_top += LINES - 2;
        else if (ch == KEY_UP || ch == 'k')
            ui->overlay_top -= ui->overlay_top > 0;
        else if (ch == KEY_PPAGE)
            ui->overlay_top = ui->overlay_top > LINES - 2 ? ui->overlay_top - (LINES - 2) : 0;
        else if (ch == 'r' || ch == '?')
            ui->overlay = ch == 'r' ? 2 : 1, ui->overlay_top = 0;
        else
            ui->overlay = 0;
        return;
    }
    if (ui->input_mode != UI_IN_NONE) {
        ui_input_key(ui, ch);
        return;
    }
    if (ui->menu_open) {
        ui_menu_key(ui, ch);
        return;
    }
    if (ui_cursor_key(ui, ch))
        return;
    if (ui->go_from >= 0) {
        ui_go_key(ui, ch);
        return;
    }
    switch (ch) {
    case '\n': case '\r': case KEY_ENTER:
        ui->panel = 0;
        if (term_session_waiting(s))
            ui_menu_open(ui, ui->spots.count ? ui->cursor : -1);
        break;
    case ' ':
        if (term_session_waiting(s))
            ui_menu_open(ui, -1);
        break;
    case ':':
        ui->input_mode = UI_IN_COMMAND;
        ui->input[0] = '\0';
        break;
    case 'g':
        if (ui->routes && term_session_waiting(s))
            ui_go_start(ui);
        break;
    case 'v': ui_toggle_panel(ui); break;
    case 'h': ui_hints_open(ui); break;
    case 'u': ui_command(ui, "undo"); break;
    case 'a': ui_command(ui, "auto"); break;
    case 's': ui->input_mode = UI_IN_SAVE; ui->input[0] = '\0'; break;
    case 'o':
        if (ui_thinking(ui))
            ui_command(ui, "load");
        else {
            ui->input_mode = UI_IN_LOAD;
            ui->input[0] = '\0';
        }
        break;
    case 'p': ui->paused ^= 1; break;
    case '+': s->speed_ms = s->speed_ms > 20 ? s->speed_ms / 2 : 0; break;
    case '-': s->speed_ms = s->speed_ms ? (s->speed_ms * 2 > 10000 ? 10000 : s->speed_ms * 2) : 50; break;
    case '?': ui->overlay = 1; ui->overlay_top = 0; break;
    case 'r': ui->overlay = 2; ui->overlay_top = 0; break;
    case KEY_PPAGE:
        if (ui->log_back + ui->log_rows < s->log_count)
            ui->log_back += ui->log_rows;
        break;
    case KEY_NPAGE: ui->log_back = ui->log_back > ui->log_rows ? ui->log_back - ui->log_rows : 0; break;
    case 'q': ui->input_mode = UI_IN_QUIT; break;
    default: break;
    }
}

/* A blank screen until the next person has the keyboard. */
static void ui_pass(int seat)
{
    char text[96];
    snprintf(text, sizeof text, "Pass the keyboard to seat %d, then press any key.", seat + 1);
    timeout(-1);
    do { /* drawn again after a resize */
        erase();
        int x = (COLS - (int)strlen(text)) / 2;
        ui_text(LINES / 2, x > 0 ? x : 0, COLS, text, A_BOLD);
        refresh();
    } while (getch() == KEY_RESIZE);
}

/* ---- the loop ------------------------------------------------------------------- */

/* A bot or chance failed: show why and stop the bots. */
static int ui_failed(curses_ui *ui)
{
    ui_reply(ui, ui->s->reply);
    ui->paused = 1;
    return 1;
}

/* Let bots and chance act when it is their turn; returns how long to wait
 * for a key (-1: until one comes), or 0 to go round again at once. */
static int ui_bots(curses_ui *ui, int *status)
{
    term_session *s = ui->s;
    int actor = term_session_actor(s);
    if (ui_thinking(ui)) {
        if (!term_think_ready(&ui->think) || ui->paused)
            return UI_POLL_MS;
        ui->reply[0] = '\0'; /* the answer to the person's last command is old news once others act */
        if (term_think_finish(&ui->think, s, 1) < 0)
            *status = ui_failed(ui);
        ui->next_bot = term_clock_ms() + s->speed_ms;
        return 0;
    }
    if (actor == GAME_TERMINAL || term_session_waiting(s)) {
        ui->next_bot = 0;
        return -1;
    }
    if (ui->paused)
        return -1;
    if (actor == GAME_CHANCE) { /* chance takes no time */
        ui->reply[0] = '\0';
        if (term_session_step(s) < 0)
            *status = ui_failed(ui);
        return 0;
    }
    if (ui->menu_open || ui->overlay || ui->input_mode != UI_IN_NONE)
        return -1;
    long now = term_clock_ms();
    if (ui->next_bot == 0)
        ui->next_bot = now + s->speed_ms;
    if (now < ui->next_bot)
        return (int)(ui->next_bot - now);
    if (term_think_start(&ui->think, s) != 0) { /* no thread: think here */
        ui->reply[0] = '\0';
        if (term_session_step(s) < 0)
            *status = ui_failed(ui);
        ui->next_bot = term_clock_ms() + s->speed_ms;
    }
    return 0;
}

int term_curses_run(term_session *s)
{
    curses_ui ui;
    memset(&ui, 0, sizeof ui);
    ui.s = s;
    const term_game *entry = term_games_find(s->game);
    ui.routes = entry != NULL && entry->routes;
    ui.cursor = entry != NULL ? entry->home_spot : -1;
    ui.go_from = -1;
    ui.menu_spot = -1;
    ui.menu = malloc(UI_MENU_MAX * sizeof *ui.menu);
    if (ui.menu == NULL)
        return 1;
    setlocale(LC_ALL, "");
    if (initscr() == NULL) {
        free(ui.menu);
        return 1;
    }
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
    mouseinterval(0);
    ui_colours();
    int status = 0;
    while (!ui.quit) {
        if (term_session_waiting(s)) {
            int next = term_session_next_viewer(s);
            if (next != s->viewer) {
                if (term_session_private_between(s, s->viewer, next))
                    ui_pass(next);
                term_session_set_viewer(s, next);
            }
        }
        ui_draw(&ui);
        int wait = ui_bots(&ui, &status);
        if (wait == 0)
            continue;
        timeout(wait);
        int ch = getch();
        if (ch != ERR)
            ui_key(&ui, ch);
    }
    if (ui_thinking(&ui)) {
        erase();
        ui_text(0, 0, COLS, "Leaving when the bot has finished its thought...", A_BOLD);
        refresh();
        term_think_finish(&ui.think, s, 0);
    }
    endwin();
    term_canvas_free(&ui.canvas);
    free(ui.menu);
    return status;
}
