/*
 * term_canvas.h -- a rectangle of character cells with a style per cell: what
 * the text renderers of the terminal front end draw into.
 *
 * A cell holds one Unicode code point (the renderers use single-width
 * characters only) and a style byte (TERM_ST_*): the plain mode prints the
 * characters as UTF-8 lines and ignores the styles, the curses layer maps
 * each style to a colour pair. Golden tests compare the lines. Drawing
 * outside the rectangle is clipped silently, so renderers need no bounds
 * checks of their own; a canvas of no cells (all zero) only measures: the
 * renderers lay the picture out and record its spots, nothing is drawn.
 *
 * Spots are the places of a picture the cursor can visit (a hex of Tikal's
 * board, a position on a Tzolk'in gear...): a rectangle of cells and the
 * game's key for it. Renderers record them as they draw; the full screen
 * moves the cursor between them, finds the one under a mouse click and
 * marks them (TERM_MARK_*), indexed by their place in the list.
 */
#ifndef MAYA_TERM_CANVAS_H
#define MAYA_TERM_CANVAS_H

#include <stddef.h>
#include <stdint.h>

/* Styles of cells; TERM_ST_SEAT + s is the colour of seat s (0..3). */
enum {
    TERM_ST_NORMAL = 0, /* default colours */
    TERM_ST_SEAT = 1,   /* 1..4: a seat's colour */
    TERM_ST_DIM = 5,    /* less important (unexplored, empty) */
    TERM_ST_TARGET = 6, /* a legal target of the player to act */
    TERM_ST_CURSOR = 7, /* under the cursor */
    TERM_ST_TITLE = 8,  /* headings */
    TERM_ST_ALERT = 9   /* volcano, warnings */
};

typedef struct term_canvas {
    int rows;         /* height in cells */
    int cols;         /* width in cells */
    uint32_t *cell;   /* rows*cols code points, row-major */
    unsigned char *style; /* rows*cols styles */
} term_canvas;

/* Marks of a spot. */
enum {
    TERM_MARK_TARGET = 1, /* a legal target: drawn in TERM_ST_TARGET */
    TERM_MARK_CURSOR = 2, /* under the cursor: drawn in TERM_ST_CURSOR */
    TERM_MARK_RECENT = 4  /* concerned by another seat's action since the viewer's last: TERM_ST_ALERT */
};

enum { TERM_SPOTS_MAX = 96 /* most spots of one picture */ };

typedef struct term_spot {
    int key;  /* what the spot is, in the game's numbering (Tikal: the field) */
    int row;  /* top row of its rectangle in the picture */
    int col;  /* left column */
    int rows; /* height in cells */
    int cols; /* width in cells */
} term_spot;

typedef struct term_spots {
    int count;                      /* spots recorded */
    term_spot spot[TERM_SPOTS_MAX]; /* in the order drawn */
} term_spots;

/* Allocate a blank canvas (spaces, TERM_ST_NORMAL); 0 or -1 if memory fails. */
int term_canvas_init(term_canvas *c, int rows, int cols);
void term_canvas_free(term_canvas *c);
/* Blank every cell. */
void term_canvas_clear(term_canvas *c);
/* Put one code point at (row, col) with style. */
void term_canvas_put(term_canvas *c, int row, int col, uint32_t ch, int style);
/* Write UTF-8 text from (row, col) to the right, no wrapping, in style;
 * returns the column after the last cell written (clipped or not). */
int term_canvas_text(term_canvas *c, int row, int col, const char *utf8, int style);
/* printf-style term_canvas_text. */
int term_canvas_printf(term_canvas *c, int row, int col, int style, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Set the style of cells row, col..col+width-1 without changing characters. */
void term_canvas_paint(term_canvas *c, int row, int col, int width, int style);
/* Row as UTF-8 without trailing spaces into buf[len]; returns its length. */
size_t term_canvas_line(const term_canvas *c, int row, char *buf, size_t len);
/* Number of rows up to the last non-blank one. */
int term_canvas_used_rows(const term_canvas *c);
/* The whole canvas as lines ("\n" after each used row), heap string. */
char *term_canvas_string(const term_canvas *c);

/* Record a spot (spots may be NULL); returns its index, -1 if full. */
int term_spots_add(term_spots *spots, int key, int row, int col, int rows, int cols);
/* Index of the spot with key, -1 if none. */
int term_spots_find(const term_spots *spots, int key);
/* Index of the spot whose rectangle holds the cell (row, col), -1 if none. */
int term_spots_at(const term_spots *spots, int row, int col);
/* The spot nearest to spot `from` in the direction of an arrow key (drow,
 * dcol each -1, 0 or 1 on screen), `from` itself if none lies that way. */
int term_spots_step(const term_spots *spots, int from, int drow, int dcol);
/* The style a mark asks for (TERM_ST_CURSOR over TERM_ST_TARGET over
 * TERM_ST_ALERT for a recent action), or `otherwise` for no mark. */
int term_mark_style(int mark, int otherwise);

/* Decode one UTF-8 sequence at s; *cp receives the code point (U+FFFD for
 * bad bytes); returns the bytes used (>= 1 unless *s is NUL, then 0). */
size_t term_utf8_decode(const char *s, uint32_t *cp);
/* Encode cp as UTF-8 into out[4]; returns the bytes written. */
size_t term_utf8_encode(uint32_t cp, char out[4]);

#endif
