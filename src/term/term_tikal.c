/*
 * term_tikal.c -- Tikal's board, panel, log sentences, targets and routes
 * for the terminal (see term_tikal.h).
 *
 * Hex geometry in cells: a hex is 15 cells wide and 7 rows tall (its top
 * and bottom edges shared with the hexes above and below); column c starts
 * 11 cells right of column c-1 and odd columns start 3 rows lower, so
 * neighbouring hexes share their slanted edges.
 */
#include <stdio.h>
#include <string.h>

#include "term/term_tikal.h"

enum {
    HEX_H = 3,  /* rows of each half of a hex */
    HEX_L = 8,  /* width of the flat top and bottom edges */
    STRIDE_X = HEX_L + HEX_H, /* columns between two board columns */
    STRIDE_Y = 2 * HEX_H      /* rows between two board rows */
};

static const char *const figure_name[2] = {"an explorer", "the leader"};

static void hex_origin(int field, int *y, int *x)
{
    int column = field / TIKAL_ROWS, row = field % TIKAL_ROWS;
    *x = column * STRIDE_X;
    *y = row * STRIDE_Y + (column % 2) * HEX_H;
}

static void hex_outline(term_canvas *c, int y0, int x0, int style)
{
    for (int x = HEX_H + 1; x <= HEX_H + HEX_L; x++) {
        term_canvas_put(c, y0, x0 + x, '_', style);
        term_canvas_put(c, y0 + 2 * HEX_H, x0 + x, '_', style);
    }
    for (int k = 1; k <= HEX_H; k++) {
        term_canvas_put(c, y0 + k, x0 + HEX_H + 1 - k, '/', style);
        term_canvas_put(c, y0 + k, x0 + HEX_H + HEX_L + k, '\\', style);
        term_canvas_put(c, y0 + HEX_H + k, x0 + k, '\\', style);
        term_canvas_put(c, y0 + HEX_H + k, x0 + 2 * HEX_H + HEX_L + 1 - k, '/', style);
    }
}

static void hex_stone(term_canvas *c, int y, int x, int stones)
{
    term_canvas_put(c, y, x, stones ? (uint32_t)('0' + stones) : '.', stones ? TERM_ST_NORMAL : TERM_ST_DIM);
}

static void hex_contents(const tikal_state *s, int field, term_canvas *c, int y0, int x0)
{
    const tikal_field f_info = tikal_field_info(s, field), *f = &f_info;
    char name[3];
    tikal_field_name(field, name);
    term_canvas_text(c, y0 + 1, x0 + 4, name, f->kind == TIKAL_EMPTY ? TERM_ST_DIM : TERM_ST_TITLE);
    if (f->kind == TIKAL_EMPTY)
        return;
    if (f->tile >= 0)
        term_canvas_text(c, y0 + 1, x0 + 10, tikal_tile(f->tile)->id, TERM_ST_DIM);
    /* stones: N, NE, SE, S, SW, NW, each just inside its edge */
    hex_stone(c, y0 + 1, x0 + 8, tikal_field_stones(s, field, 0));
    hex_stone(c, y0 + 2, x0 + 12, tikal_field_stones(s, field, 1));
    hex_stone(c, y0 + 5, x0 + 12, tikal_field_stones(s, field, 2));
    hex_stone(c, y0 + 5, x0 + 8, tikal_field_stones(s, field, 3));
    hex_stone(c, y0 + 5, x0 + 3, tikal_field_stones(s, field, 4));
    hex_stone(c, y0 + 2, x0 + 3, tikal_field_stones(s, field, 5));
    /* what the field is, in at most 6 cells between the NW and NE stones */
    char info[32] = ""; /* one line of a field: "T10+9", "1:8L" ... */
    int style = TERM_ST_TITLE;
    switch (f->kind) {
    case TIKAL_BASECAMP:
        snprintf(info, sizeof info, "BASE");
        break;
    case TIKAL_VOLCANO:
        snprintf(info, sizeof info, "VOLC");
        style = TERM_ST_ALERT;
        break;
    case TIKAL_JUNGLE:
        if (f->camp >= 0)
            snprintf(info, sizeof info, "camp %d", f->camp + 1);
        else {
            snprintf(info, sizeof info, "jungle");
            style = TERM_ST_DIM;
        }
        break;
    case TIKAL_TEMPLE: {
        int levels = tikal_levels_uncovered(s, field);
        if (f->guard >= 0)
            snprintf(info, sizeof info, "T%d G%d", f->value, f->guard + 1);
        else if (levels > 0)
            snprintf(info, sizeof info, "T%d+%d", f->value, levels);
        else
            snprintf(info, sizeof info, "T%d", f->value);
        break;
    }
    case TIKAL_TREASURE:
        if (f->camp >= 0)
            snprintf(info, sizeof info, "$%d C%d", f->tokens, f->camp + 1);
        else
            snprintf(info, sizeof info, "$%d", f->tokens);
        style = f->tokens ? TERM_ST_TITLE : TERM_ST_DIM;
        break;
    default:
        break;
    }
    term_canvas_text(c, y0 + 2, x0 + 5, info, f->camp >= 0 ? TERM_ST_SEAT + f->camp
                                              : f->guard >= 0 ? TERM_ST_SEAT + f->guard : style);
    for (int p = 0; p < s->players; p++) {
        int leader = f->leaders >> p & 1;
        if (f->explorers[p] == 0 && !leader)
            continue;
        if (f->explorers[p] > 0)
            snprintf(info, sizeof info, "%d:%d%s", p + 1, f->explorers[p], leader ? "L" : "");
        else
            snprintf(info, sizeof info, "%d:L", p + 1);
        term_canvas_text(c, y0 + 3 + p / 2, x0 + 2 + (p % 2) * 6, info, TERM_ST_SEAT + p);
    }
}

void term_tikal_board(const tikal_state *s, const unsigned char *marks, term_canvas *c, int row, int col,
                      term_spots *spots)
{
    /* outlines first (shared edges), marked hexes last so their outline wins */
    for (int pass = 0; pass < 4; pass++)
        for (int f = 0; f < TIKAL_FIELDS; f++) {
            int mark = marks ? marks[f] : 0;
            int want = mark & TERM_MARK_CURSOR ? 3 : mark & TERM_MARK_TARGET ? 2 : mark & TERM_MARK_RECENT ? 1 : 0;
            if (want != pass)
                continue;
            int y, x;
            hex_origin(f, &y, &x);
            hex_outline(c, row + y, col + x,
                        term_mark_style(mark, tikal_field_kind(s, f) == TIKAL_EMPTY ? TERM_ST_DIM : TERM_ST_NORMAL));
        }
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        int y, x;
        hex_origin(f, &y, &x);
        term_spots_add(spots, f, row + y + 1, col + x + 2, 2 * HEX_H - 1, HEX_L + 3);
        hex_contents(s, f, c, row + y, col + x);
        if (marks && marks[f] & TERM_MARK_CURSOR)
            term_canvas_paint(c, row + y + 1, col + x + 4, 2, TERM_ST_CURSOR);
    }
}

/* ---- the panel ------------------------------------------------------------ */

static const char *const kind_word[] = {"empty", "base camp", "jungle", "temple", "treasure", "volcano"};

static void tile_words(int tile, char *buf, size_t len)
{
    const tikal_tile_def *t = tikal_tile(tile);
    if (t->kind == TIKAL_TEMPLE)
        snprintf(buf, len, "%s (temple %d)", t->id, t->value);
    else if (t->kind == TIKAL_TREASURE)
        snprintf(buf, len, "%s (treasure, %d masks)", t->id, t->value);
    else
        snprintf(buf, len, "%s (%s)", t->id, kind_word[t->kind]);
}

/* The panel's blocks, each drawn at (row, col) within TERM_TIKAL_PANEL_COLS
 * columns, returning the rows it used. */

/* The game and who acts. */
static int panel_header(const tikal_state *s, int viewer, term_canvas *c, int row, int col)
{
    int r = row;
    (void)viewer;
    term_canvas_printf(c, r++, col, TERM_ST_TITLE, "TIKAL - %s game", s->auction ? "auction" : "basic");
    if (s->phase == TIKAL_PH_OVER)
        term_canvas_text(c, r++, col, "The game is over.", TERM_ST_ALERT);
    else if (tikal_current_player(s) == GAME_CHANCE)
        term_canvas_text(c, r++, col, "Next tile or token...", TERM_ST_NORMAL);
    else {
        static const char *const what[] = {"", "", "", "bids or passes", "takes a tile", "places the tile",
                                           "acts", ""};
        int x = term_canvas_printf(c, r, col, TERM_ST_SEAT + s->actor, "Seat %d", s->actor + 1);
        x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, " %s", what[s->phase]);
        if (s->phase == TIKAL_PH_ACTIONS)
            term_canvas_printf(c, r, x, TERM_ST_TITLE, ", %d AP", s->ap);
        r++;
        if (s->turn_kind != TIKAL_TURN_NORMAL)
            term_canvas_text(c, r++, col,
                             s->turn_kind == TIKAL_TURN_SCORING ? "  volcano scoring (T17)" : "  final scoring (T19)",
                             TERM_ST_ALERT);
    }
    return r - row;
}

/* One seat: score, supply, camps and guards, treasures. */
static int panel_seat(const tikal_state *s, int p, int viewer, term_canvas *c, int row, int col)
{
    const tikal_player *pl = &s->player[p];
    int r = row, any = 0;
    int x = term_canvas_printf(c, r, col, TERM_ST_SEAT + p, "Seat %d%s", p + 1, p == viewer ? " (you)" : "");
    x = term_canvas_printf(c, r, x, TERM_ST_TITLE, " %d point%s", pl->score, pl->score == 1 ? "" : "s");
    if (s->auction && pl->marker_up && s->phase != TIKAL_PH_OVER)
        term_canvas_text(c, r, x, " *", TERM_ST_DIM);
    r++;
    term_canvas_printf(c, r++, col, TERM_ST_NORMAL, "  supply %dE%s", pl->explorers_in_supply,
                       pl->leader_in_supply ? "+L" : "");
    term_canvas_printf(c, r++, col, TERM_ST_NORMAL, "  camps %d/2 guards %d/2", pl->camps_built, pl->guards_placed);
    x = term_canvas_text(c, r, col, "  treasures", TERM_ST_NORMAL);
    for (int m = 0; m < TIKAL_MOTIFS; m++)
        if (tikal_treasures(pl, m)) {
            x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, " %d", m + 1);
            if (tikal_treasures(pl, m) > 1)
                x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, "x%d", tikal_treasures(pl, m));
            any = 1;
        }
    if (any)
        term_canvas_printf(c, ++r, col, TERM_ST_DIM, "    (%d points)", tikal_treasure_points(pl));
    else
        term_canvas_text(c, r, x, " none", TERM_ST_DIM);
    return r + 1 - row;
}

/* The stack and the tile in hand. */
static int panel_tiles(const tikal_state *s, int viewer, term_canvas *c, int row, int col)
{
    int r = row, left = 0;
    char buf[128];
    (void)viewer;
    if (s->auction)
        term_canvas_text(c, r++, col, "* turn to come this round", TERM_ST_DIM);
    for (int t = 0; t < TIKAL_TILES; t++)
        left += !(s->stack_used >> t & 1);
    term_canvas_printf(c, r++, col, TERM_ST_NORMAL, "Stack: %d tiles left", left);
    if (s->hand >= 0) {
        const tikal_tile_def *t = tikal_tile(s->hand);
        tile_words(s->hand, buf, sizeof buf);
        term_canvas_printf(c, r++, col, TERM_ST_TITLE, "Tile in hand: %s", t->id);
        term_canvas_printf(c, r++, col, TERM_ST_NORMAL, "  %s", strchr(buf, '(') ? strchr(buf, '(') : buf);
        term_canvas_printf(c, r++, col, TERM_ST_NORMAL, "  N%d NE%d SE%d S%d SW%d NW%d", t->stones[0], t->stones[1],
                           t->stones[2], t->stones[3], t->stones[4], t->stones[5]);
        term_canvas_text(c, r++, col, "  (stones at r0)", TERM_ST_DIM);
    }
    return r - row;
}

/* The auction game's display and bids. */
static int panel_auction(const tikal_state *s, int viewer, term_canvas *c, int row, int col)
{
    int r = row, shown = 0, x;
    char buf[128];
    (void)viewer;
    if (!s->auction)
        return 0;
    x = term_canvas_text(c, r, col, "Auction display:", TERM_ST_TITLE);
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        if (s->display[i] >= 0) {
            tile_words(s->display[i], buf, sizeof buf);
            term_canvas_printf(c, ++r, col + 1, TERM_ST_NORMAL, "%s", buf);
            shown = 1;
        }
    if (!shown)
        term_canvas_text(c, r, x, " empty", TERM_ST_DIM);
    r++;
    if (s->phase == TIKAL_PH_BID) {
        if (s->high_bidder >= 0)
            term_canvas_printf(c, r++, col, TERM_ST_NORMAL, "Highest bid %d, seat %d", s->high_bid,
                               s->high_bidder + 1);
        else
            term_canvas_text(c, r++, col, "No bid yet", TERM_ST_NORMAL);
        x = term_canvas_printf(c, r, col, TERM_ST_NORMAL, "Opened by %d; passed:", s->opener + 1);
        for (int p = 0; p < s->players; p++)
            if (s->passed >> p & 1)
                x = term_canvas_printf(c, r, x, TERM_ST_SEAT + p, " %d", p + 1);
        r++;
    }
    return r - row;
}

/* Panel block `block` (0 the header, 1..players the seats, then the
 * tiles, then the auction) at (row, col); the rows it used. */
static int panel_block(const tikal_state *s, int block, int viewer, term_canvas *c, int row, int col)
{
    if (block == 0)
        return panel_header(s, viewer, c, row, col);
    if (block <= s->players)
        return panel_seat(s, block - 1, viewer, c, row, col);
    return block == s->players + 1 ? panel_tiles(s, viewer, c, row, col) : panel_auction(s, viewer, c, row, col);
}

int term_tikal_panel(const tikal_state *s, int viewer, term_canvas *c, int row, int col, int max_rows)
{
    int r = row, x = col, used = 0;
    for (int block = 0; block < s->players + 3; block++) {
        term_canvas measure = {0, 0, NULL, NULL}; /* draws nothing: gives a block's height */
        int rows = panel_block(s, block, viewer, &measure, 0, 0);
        if (max_rows > 0 && r > row && r - row + rows > max_rows) { /* on in a new column */
            r = row;
            x += TERM_TIKAL_PANEL_COLS + 1;
        }
        r += panel_block(s, block, viewer, c, r, x);
        used = r - row > used ? r - row : used;
    }
    return used;
}

/* ---- words ---------------------------------------------------------------- */

void term_tikal_words(const tikal_state *s, int a, char *buf, size_t len)
{
    char f1[3], f2[3], tile[64];
    int seat = s->actor + 1;
    if (a >= TIKAL_A_TREASURE)
        snprintf(buf, len, "Seat %d dug up a treasure of motif %d", seat, a - TIKAL_A_TREASURE + 1);
    else if (a >= TIKAL_A_REVEAL) {
        tile_words(a - TIKAL_A_REVEAL, tile, sizeof tile);
        snprintf(buf, len, "Tile %s is revealed for the auction", tile);
    } else if (a >= TIKAL_A_DRAW) {
        tile_words(a - TIKAL_A_DRAW, tile, sizeof tile);
        snprintf(buf, len, "Seat %d drew tile %s", seat, tile);
    } else if (a >= TIKAL_A_BID)
        snprintf(buf, len, "Seat %d bid %d", seat, a - TIKAL_A_BID + 1);
    else if (a >= TIKAL_A_TAKE) {
        /* the auction just won (T22.5): the price was paid on closing it */
        tile_words(a - TIKAL_A_TAKE, tile, sizeof tile);
        if (s->high_bidder == s->actor && s->high_bid > 0)
            snprintf(buf, len, "Seat %d won the auction for %d point%s and took tile %s", seat, s->high_bid,
                     s->high_bid == 1 ? "" : "s", tile);
        else if (s->passed)
            snprintf(buf, len, "Seat %d took tile %s for nothing: everybody passed", seat, tile);
        else
            snprintf(buf, len, "Seat %d took tile %s for nothing, the last turn of the round", seat, tile);
    } else if (a >= TIKAL_A_SWAP) {
        int k = a - TIKAL_A_SWAP;
        snprintf(buf, len, "Seat %d gave seat %d a treasure of motif %d for one of motif %d (%d AP)", seat,
                 k / 8 % 4 + 1, k / 32 + 1, k % 8 + 1, TIKAL_AP_SWAP);
    } else if (a >= TIKAL_A_GUARD) {
        tikal_field_name(a - TIKAL_A_GUARD, f1);
        snprintf(buf, len, "Seat %d placed a guard on the temple at %s (%d AP)", seat, f1, TIKAL_AP_GUARD);
    } else if (a >= TIKAL_A_BUILD) {
        tikal_field_name(a - TIKAL_A_BUILD, f1);
        snprintf(buf, len, "Seat %d built a camp on %s (%d AP)", seat, f1, TIKAL_AP_BUILD);
    } else if (a >= TIKAL_A_DIG) {
        tikal_field_name(a - TIKAL_A_DIG, f1);
        snprintf(buf, len, "Seat %d dug for treasure at %s (%d AP)", seat, f1, TIKAL_AP_DIG);
    } else if (a >= TIKAL_A_UNCOVER) {
        int f = a - TIKAL_A_UNCOVER;
        tikal_field_name(f, f1);
        snprintf(buf, len, "Seat %d uncovered a level of the temple at %s: value %d (%d AP)", seat, f1,
                 tikal_temple_value(s, f) + 1, TIKAL_AP_UNCOVER);
    } else if (a >= TIKAL_A_MOVE) {
        int k = a - TIKAL_A_MOVE, from = k / 6 % TIKAL_FIELDS, d = k % 6;
        tikal_field_name(from, f1);
        tikal_field_name(tikal_neighbor(from, d), f2);
        snprintf(buf, len, "Seat %d moved %s from %s to %s (%d AP)", seat, figure_name[k / (TIKAL_FIELDS * 6)], f1,
                 f2, tikal_crossing_cost(s, from, d));
    } else if (a >= TIKAL_A_PATH) {
        int k = a - TIKAL_A_PATH;
        tikal_field_name(k / TIKAL_FIELDS % TIKAL_FIELDS, f1);
        tikal_field_name(k % TIKAL_FIELDS, f2);
        snprintf(buf, len, "Seat %d sent %s from camp %s to camp %s by a secret path (%d AP)", seat,
                 figure_name[k / (TIKAL_FIELDS * TIKAL_FIELDS)], f1, f2, TIKAL_AP_PATH);
    } else if (a >= TIKAL_A_DEPLOY) {
        int k = a - TIKAL_A_DEPLOY;
        tikal_field_name(k % TIKAL_FIELDS, f1);
        snprintf(buf, len, "Seat %d deployed %s to %s (%d AP)", seat, figure_name[k / TIKAL_FIELDS], f1,
                 TIKAL_AP_DEPLOY);
    } else if (a >= TIKAL_A_PLACE) {
        int k = a - TIKAL_A_PLACE, rot = k % 6;
        tikal_field_name(k / 6, f1);
        if (s->hand < 0)
            snprintf(buf, len, "Seat %d placed a tile on %s", seat, f1);
        else {
            const tikal_tile_def *t = tikal_tile(s->hand);
            int st[6];
            for (int e = 0; e < 6; e++)
                st[e] = t->stones[(e - rot + 6) % 6];
            tile_words(s->hand, tile, sizeof tile);
            snprintf(buf, len, "Seat %d placed tile %s on %s, turned r%d: stones N%d NE%d SE%d S%d SW%d NW%d", seat,
                     tile, f1, rot, st[0], st[1], st[2], st[3], st[4], st[5]);
        }
    } else if (a == TIKAL_A_PASS)
        snprintf(buf, len, "Seat %d passed", seat);
    else
        snprintf(buf, len, "Seat %d ended the turn", seat);
}

/* ---- targets and routes --------------------------------------------------- */

int term_tikal_action_fields(int a, int fields[2])
{
    int k;
    if (a >= TIKAL_A_SWAP || a < TIKAL_A_PLACE)
        return 0;
    if (a >= TIKAL_A_GUARD)
        fields[0] = a - TIKAL_A_GUARD;
    else if (a >= TIKAL_A_BUILD)
        fields[0] = a - TIKAL_A_BUILD;
    else if (a >= TIKAL_A_DIG)
        fields[0] = a - TIKAL_A_DIG;
    else if (a >= TIKAL_A_UNCOVER)
        fields[0] = a - TIKAL_A_UNCOVER;
    else if (a >= TIKAL_A_MOVE) {
        k = a - TIKAL_A_MOVE;
        fields[1] = k / 6 % TIKAL_FIELDS;
        fields[0] = tikal_neighbor(fields[1], k % 6);
        return 2;
    } else if (a >= TIKAL_A_PATH) {
        k = a - TIKAL_A_PATH;
        fields[0] = k % TIKAL_FIELDS;
        fields[1] = k / TIKAL_FIELDS % TIKAL_FIELDS;
        return 2;
    } else if (a >= TIKAL_A_DEPLOY)
        fields[0] = (a - TIKAL_A_DEPLOY) % TIKAL_FIELDS;
    else
        fields[0] = (a - TIKAL_A_PLACE) / 6;
    return 1;
}

int term_tikal_route(const tikal_state *s, int figure, int from, int to, int *moves, int *cost)
{
    tikal_routes routes;
    *cost = 0;
    if (tikal_find_routes(s, s->actor, from, &routes) != GAME_OK)
        return -1;
    int n = tikal_route_actions(&routes, figure, to, moves);
    if (n >= 0)
        *cost = routes.cost[to];
    return n;
}

void term_tikal_reach(const tikal_state *s, int from, int ap, unsigned char *marks)
{
    tikal_routes routes;
    if (tikal_find_routes(s, s->actor, from, &routes) != GAME_OK)
        return;
    for (int f = 0; f < TIKAL_FIELDS; f++)
        if (routes.cost[f] > 0 && routes.cost[f] <= ap)
            marks[f] |= TERM_MARK_TARGET;
}

/* ---- the terminal's entry (term_games.h) ---------------------------------- */

/* The panel beside the board when there is room, else under it. */
static int tikal_side(int cols)
{
    return cols >= TERM_TIKAL_BOARD_COLS + 1 + TERM_TIKAL_PANEL_COLS;
}

static void tikal_size(int cols, int *rows_out, int *cols_out)
{
    int side = tikal_side(cols);
    *cols_out = side ? TERM_TIKAL_BOARD_COLS + 1 + TERM_TIKAL_PANEL_COLS : TERM_TIKAL_BOARD_COLS;
    *rows_out = TERM_TIKAL_BOARD_ROWS + 1 + TERM_TIKAL_PANEL_BELOW_ROWS;
}

static int tikal_draw(const void *state, int viewer, const unsigned char *marks, term_canvas *c, term_spots *spots)
{
    const tikal_state *s = state;
    term_tikal_board(s, marks, c, 0, 0, spots);
    if (tikal_side(c->cols)) {
        int rows = term_tikal_panel(s, viewer, c, 0, TERM_TIKAL_BOARD_COLS + 1, 0);
        return rows > TERM_TIKAL_BOARD_ROWS ? rows : TERM_TIKAL_BOARD_ROWS;
    }
    /* under the board, in columns of at most TERM_TIKAL_PANEL_BELOW_ROWS rows (v at 80x24) */
    return TERM_TIKAL_BOARD_ROWS + 1 +
           term_tikal_panel(s, viewer, c, TERM_TIKAL_BOARD_ROWS + 1, 0, TERM_TIKAL_PANEL_BELOW_ROWS);
}

static int tikal_panel_row(const void *state, int cols)
{
    (void)state;
    return tikal_side(cols) ? 0 : TERM_TIKAL_BOARD_ROWS + 1;
}

static int tikal_action_spots(const void *state, int action, int keys[2])
{
    (void)state;
    return term_tikal_action_fields(action, keys);
}

static void tikal_words(const void *before, int action, int viewer, char *buf, size_t len)
{
    (void)viewer; /* Tikal's actions hide nothing */
    term_tikal_words(before, action, buf, len);
}

static void tikal_rules(char *buf, size_t len)
{
    snprintf(buf, len,
             "Tikal (rules/tikal.md). Turn (T5): take a tile (basic: drawn, T5;\n"
             "auction: T21-T23, bid or pass, the winner pays and takes a tile), place it\n"
             "next to an explored field with a path of stones (T6), then spend %d AP (T7):\n"
             "  deploy a figure to the base camp or an own camp, %d AP (T9)\n"
             "  camp to camp by a secret path, %d AP (T10)\n"
             "  move across an edge: the stones on both sides (T11; none = no crossing)\n"
             "  uncover a temple level, %d AP, at most %d per temple and turn (T12)\n"
             "  dig a treasure, %d AP, at most %d per field and turn (T13);\n"
             "  swap single treasures, %d AP (T14)\n"
             "  build a camp on jungle, %d AP (T15); guard a temple, %d AP (T16)\n"
             "Majority on a temple: strength = explorers + %d for the leader (T8).\n"
             "A volcano starts a scoring round: everybody takes a scoring turn and\n"
             "scores own temples (majority or guard) plus treasures %d/%d/%d for\n"
             "1/2/3 of a motif (T17, T18). After the last tile, a final scoring\n"
             "round (T19, T25). Highest score wins, ties share (T26).\n",
             TIKAL_AP, TIKAL_AP_DEPLOY, TIKAL_AP_PATH, TIKAL_AP_UNCOVER, TIKAL_LEVELS_PER_TURN, TIKAL_AP_DIG,
             TIKAL_DIGS_PER_TURN, TIKAL_AP_SWAP, TIKAL_AP_BUILD, TIKAL_AP_GUARD, TIKAL_LEADER_STRENGTH,
             tikal_treasure_set_points(1), tikal_treasure_set_points(2), tikal_treasure_set_points(3));
}

const term_game term_tikal_game = {
    .game = &tikal_game,
    .size = tikal_size,
    .draw = tikal_draw,
    .panel_row = tikal_panel_row,
    .action_spots = tikal_action_spots,
    .words = tikal_words,
    .rules = tikal_rules,
    .legend =
        "Legend of the board (Tikal). A hex shows its field (a1..h5) and tile (A1..G4),\n"
        "the stones on its six edges (1-3, . none: T11) and what it is:\n"
        "  BASE base camp, VOLC volcano, jungle, camp N (seat N's camp, T15)\n"
        "  T10     temple of value 10 (T12);  T10+9: 9 levels uncovered on it\n"
        "  T10 G2  temple guarded by seat 2 (T16)\n"
        "  $4      treasure tile with 4 tokens left (T13);  $4 C1: and seat 1's camp\n"
        "  1:8 2:2 seat 1 has 8 explorers there, seat 2 two;  1:3L  3 and the leader\n"
        "Panel: supply 18E+L = explorers and the leader not yet deployed;\n"
        "camps and guards built of 2; treasures 1x2 = two of motif 1;\n"
        "N2 NE0 ... = the stones of the tile in hand on each edge at rotation r0.\n",
    .routes = 1,
    .home_spot = 0 * TIKAL_ROWS + 4, /* a5: column a, row 5 */
};
