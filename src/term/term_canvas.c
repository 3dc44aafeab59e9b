/*
 * term_canvas.c -- cells, styles and UTF-8 lines of a canvas, and the spots
 * of a picture (see term_canvas.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "term/term_canvas.h"

int term_canvas_init(term_canvas *c, int rows, int cols)
{
    memset(c, 0, sizeof *c);
    if (rows < 1 || cols < 1)
        return -1;
    c->cell = malloc((size_t)rows * (size_t)cols * sizeof *c->cell);
    c->style = malloc((size_t)rows * (size_t)cols);
    if (c->cell == NULL || c->style == NULL) {
        term_canvas_free(c);
        return -1;
    }
    c->rows = rows;
    c->cols = cols;
    term_canvas_clear(c);
    return 0;
}

void term_canvas_free(term_canvas *c)
{
    free(c->cell);
    free(c->style);
    memset(c, 0, sizeof *c);
}

void term_canvas_clear(term_canvas *c)
{
    for (int i = 0; i < c->rows * c->cols; i++) {
        c->cell[i] = ' ';
        c->style[i] = TERM_ST_NORMAL;
    }
}

void term_canvas_put(term_canvas *c, int row, int col, uint32_t ch, int style)
{
    if (row < 0 || row >= c->rows || col < 0 || col >= c->cols)
        return;
    c->cell[row * c->cols + col] = ch;
    c->style[row * c->cols + col] = (unsigned char)style;
}

size_t term_utf8_decode(const char *s, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] == 0) {
        *cp = 0;
        return 0;
    }
    if (u[0] < 0x80) {
        *cp = u[0];
        return 1;
    }
    size_t n = u[0] >= 0xf0 ? 4 : u[0] >= 0xe0 ? 3 : u[0] >= 0xc0 ? 2 : 0;
    if (n == 0) {
        *cp = 0xfffd;
        return 1;
    }
    uint32_t value = u[0] & (0x7f >> n);
    for (size_t i = 1; i < n; i++) {
        if ((u[i] & 0xc0) != 0x80) {
            *cp = 0xfffd;
            return i;
        }
        value = value << 6 | (u[i] & 0x3f);
    }
    *cp = value;
    return n;
}

size_t term_utf8_encode(uint32_t cp, char out[4])
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

int term_canvas_text(term_canvas *c, int row, int col, const char *utf8, int style)
{
    uint32_t cp;
    size_t n;
    while ((n = term_utf8_decode(utf8, &cp)) > 0) {
        term_canvas_put(c, row, col++, cp, style);
        utf8 += n;
    }
    return col;
}

int term_canvas_printf(term_canvas *c, int row, int col, int style, const char *format, ...)
{
    char buf[512];
    va_list args;
    va_start(args, format);
    vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    return term_canvas_text(c, row, col, buf, style);
}

void term_canvas_paint(term_canvas *c, int row, int col, int width, int style)
{
    if (row < 0 || row >= c->rows)
        return;
    for (int x = col; x < col + width; x++)
        if (x >= 0 && x < c->cols)
            c->style[row * c->cols + x] = (unsigned char)style;
}

size_t term_canvas_line(const term_canvas *c, int row, char *buf, size_t len)
{
    size_t used = 0;
    int last = c->cols - 1;
    while (last >= 0 && c->cell[row * c->cols + last] == ' ')
        last--;
    for (int x = 0; x <= last; x++) {
        char bytes[4];
        size_t n = term_utf8_encode(c->cell[row * c->cols + x], bytes);
        if (used + n + 1 > len)
            break;
        memcpy(buf + used, bytes, n);
        used += n;
    }
    if (len > 0)
        buf[used] = '\0';
    return used;
}

int term_canvas_used_rows(const term_canvas *c)
{
    for (int r = c->rows - 1; r >= 0; r--)
        for (int x = 0; x < c->cols; x++)
            if (c->cell[r * c->cols + x] != ' ')
                return r + 1;
    return 0;
}

char *term_canvas_string(const term_canvas *c)
{
    int rows = term_canvas_used_rows(c);
    size_t line_max = (size_t)c->cols * 4 + 1;
    char *out = malloc((size_t)rows * (line_max + 1) + 1);
    if (out == NULL)
        return NULL;
    size_t used = 0;
    for (int r = 0; r < rows; r++) {
        used += term_canvas_line(c, r, out + used, line_max);
        out[used++] = '\n';
    }
    out[used] = '\0';
    return out;
}

/* ---- spots ---------------------------------------------------------------- */

int term_spots_add(term_spots *spots, int key, int row, int col, int rows, int cols)
{
    if (spots == NULL || spots->count == TERM_SPOTS_MAX)
        return -1;
    spots->spot[spots->count] = (term_spot){key, row, col, rows, cols};
    return spots->count++;
}

int term_spots_find(const term_spots *spots, int key)
{
    for (int i = 0; i < spots->count; i++)
        if (spots->spot[i].key == key)
            return i;
    return -1;
}

int term_spots_at(const term_spots *spots, int row, int col)
{
    for (int i = 0; i < spots->count; i++) {
        const term_spot *p = &spots->spot[i];
        if (row >= p->row && row < p->row + p->rows && col >= p->col && col < p->col + p->cols)
            return i;
    }
    return -1;
}

/* Cells from v to the span [lo, lo+n) (0 inside). */
static int gap(int v, int lo, int n)
{
    return v < lo ? lo - v : v >= lo + n ? v - (lo + n - 1) : 0;
}

int term_spots_step(const term_spots *spots, int from, int drow, int dcol)
{
    if (from < 0 || from >= spots->count || (drow && dcol) || (!drow && !dcol))
        return from;
    const term_spot *a = &spots->spot[from];
    int ay = a->row + a->rows / 2, ax = a->col + a->cols / 2;
    int best = from, best_score = 0, best_cone = 0;
    for (int i = 0; i < spots->count; i++) {
        const term_spot *b = &spots->spot[i];
        int by = b->row + b->rows / 2, bx = b->col + b->cols / 2;
        /* how far along the arrow, how far off its line (a row is about
         * twice as tall as a column is wide) */
        int along = drow ? (by - ay) * drow * 2 : (bx - ax) * dcol;
        int off = drow ? gap(ax, b->col, b->cols) : 2 * gap(ay, b->row, b->rows);
        if (i == from || along <= 0)
            continue;
        /* within a narrow cone round the arrow first, nearest first */
        int cone = 2 * off <= along, score = along + 2 * off;
        if (best == from || cone > best_cone || (cone == best_cone && score < best_score)) {
            best = i;
            best_score = score;
            best_cone = cone;
        }
    }
    return best;
}

int term_mark_style(int mark, int otherwise)
{
    return mark & TERM_MARK_CURSOR   ? TERM_ST_CURSOR
           : mark & TERM_MARK_TARGET ? TERM_ST_TARGET
           : mark & TERM_MARK_RECENT ? TERM_ST_ALERT
                                     : otherwise;
}
