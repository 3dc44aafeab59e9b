/*
 * tikal_text.c -- the notation of Tikal (rules/tikal.md T29.1): the canonical
 * text of every action, its parser (which also accepts any rotation
 * equivalent to the canonical one, T29.3), and the position as text for
 * people (`maya replay --board`).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tikal/tikal.h"
#include "tikal/tikal_internal.h"

static const char figure_letter[2] = {'E', 'L'};

int tikal_action_to_text(const tikal_state *s, int action, char *buf, size_t len)
{
    char a[3], b[3];
    (void)s;
    if (action < 0 || action >= TIKAL_NUM_ACTIONS || len == 0)
        return GAME_EPARSE;
    if (action >= TIKAL_A_TREASURE)
        snprintf(buf, len, "treasure %d", action - TIKAL_A_TREASURE + 1);
    else if (action >= TIKAL_A_REVEAL)
        snprintf(buf, len, "reveal %s", tikal_tile(action - TIKAL_A_REVEAL)->id);
    else if (action >= TIKAL_A_DRAW)
        snprintf(buf, len, "draw %s", tikal_tile(action - TIKAL_A_DRAW)->id);
    else if (action >= TIKAL_A_BID)
        snprintf(buf, len, "bid %d", action - TIKAL_A_BID + 1);
    else if (action >= TIKAL_A_TAKE)
        snprintf(buf, len, "take %s", tikal_tile(action - TIKAL_A_TAKE)->id);
    else if (action >= TIKAL_A_SWAP) {
        int k = action - TIKAL_A_SWAP;
        snprintf(buf, len, "swap %d %d %d", k / 32 + 1, k / 8 % 4 + 1, k % 8 + 1);
    } else if (action >= TIKAL_A_GUARD) {
        tikal_field_name(action - TIKAL_A_GUARD, a);
        snprintf(buf, len, "guard %s", a);
    } else if (action >= TIKAL_A_BUILD) {
        tikal_field_name(action - TIKAL_A_BUILD, a);
        snprintf(buf, len, "build %s", a);
    } else if (action >= TIKAL_A_DIG) {
        tikal_field_name(action - TIKAL_A_DIG, a);
        snprintf(buf, len, "dig %s", a);
    } else if (action >= TIKAL_A_UNCOVER) {
        tikal_field_name(action - TIKAL_A_UNCOVER, a);
        snprintf(buf, len, "uncover %s", a);
    } else if (action >= TIKAL_A_MOVE) {
        int k = action - TIKAL_A_MOVE, from = k / 6 % TIKAL_FIELDS, to = tikal_neighbor(from, k % 6);
        if (to < 0)
            return GAME_EPARSE;
        tikal_field_name(from, a);
        tikal_field_name(to, b);
        snprintf(buf, len, "move %c %s %s", figure_letter[k / (TIKAL_FIELDS * 6)], a, b);
    } else if (action >= TIKAL_A_PATH) {
        int k = action - TIKAL_A_PATH;
        tikal_field_name(k / TIKAL_FIELDS % TIKAL_FIELDS, a);
        tikal_field_name(k % TIKAL_FIELDS, b);
        snprintf(buf, len, "path %c %s %s", figure_letter[k / (TIKAL_FIELDS * TIKAL_FIELDS)], a, b);
    } else if (action >= TIKAL_A_DEPLOY) {
        int k = action - TIKAL_A_DEPLOY;
        tikal_field_name(k % TIKAL_FIELDS, a);
        snprintf(buf, len, "deploy %c %s", figure_letter[k / TIKAL_FIELDS], a);
    } else if (action >= TIKAL_A_PLACE) {
        int k = action - TIKAL_A_PLACE;
        tikal_field_name(k / 6, a);
        snprintf(buf, len, "place %s r%d", a, k % 6);
    } else
        snprintf(buf, len, "%s", action == TIKAL_A_END ? "end" : "pass");
    return GAME_OK;
}

#define parse_error(why, why_len, ...) tikal_reason(GAME_EPARSE, why, why_len, __VA_ARGS__)

/* A whole number in [low, high] written without sign or leading zeros. */
static int parse_number(const char *text, int low, int high)
{
    long v;
    char *end;
    if (text[0] < '0' || text[0] > '9' || (text[0] == '0' && text[1] != '\0') || strlen(text) > 6)
        return -1;
    v = strtol(text, &end, 10);
    return *end == '\0' && v >= low && v <= high ? (int)v : -1;
}

static int parse_figure(const char *text)
{
    if (strcmp(text, "E") == 0)
        return 0;
    if (strcmp(text, "L") == 0)
        return 1;
    return -1;
}

enum { MAX_WORDS = 5, WORD_LEN = 16 };

static int split_words(const char *text, char words[MAX_WORDS][WORD_LEN])
{
    int n = 0;
    const char *p = text;
    for (;;) {
        size_t len;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            return n;
        len = strcspn(p, " \t");
        if (n == MAX_WORDS || len >= WORD_LEN)
            return -1;
        memcpy(words[n], p, len);
        words[n++][len] = '\0';
        p += len;
    }
}

int tikal_text_to_action(const tikal_state *s, const char *text, int *action, char *why, size_t why_len)
{
    char w[MAX_WORDS][WORD_LEN];
    int n = split_words(text, w);
    const char *verb = n > 0 ? w[0] : "";
    if (n <= 0)
        return parse_error(why, why_len, n == 0 ? "empty action" : "not a Tikal action: \"%.40s\"", text);
#define ARGS(k, form)                                                                                                \
    if (n != (k) + 1)                                                                                                \
        return parse_error(why, why_len, "\"%s\" takes the form \"%s\"", verb, form);
    if (strcmp(verb, "end") == 0 || strcmp(verb, "pass") == 0) {
        ARGS(0, verb);
        *action = verb[0] == 'e' ? TIKAL_A_END : TIKAL_A_PASS;
        return GAME_OK;
    }
    if (strcmp(verb, "draw") == 0 || strcmp(verb, "reveal") == 0 || strcmp(verb, "take") == 0) {
        int tile;
        ARGS(1, verb[0] == 'd' ? "draw TILE" : verb[0] == 'r' ? "reveal TILE" : "take TILE");
        tile = tikal_tile_by_id(w[1]);
        if (tile < 0)
            return parse_error(why, why_len, "no tile is called \"%s\" (A1..G4)", w[1]);
        *action = tile + (verb[0] == 'd' ? TIKAL_A_DRAW : verb[0] == 'r' ? TIKAL_A_REVEAL : TIKAL_A_TAKE);
        return GAME_OK;
    }
    if (strcmp(verb, "treasure") == 0) {
        int motif;
        ARGS(1, "treasure MOTIF");
        motif = parse_number(w[1], 1, TIKAL_MOTIFS);
        if (motif < 0)
            return parse_error(why, why_len, "a motif is a number 1-8, not \"%s\"", w[1]);
        *action = TIKAL_A_TREASURE + motif - 1;
        return GAME_OK;
    }
    if (strcmp(verb, "bid") == 0) {
        int bid;
        ARGS(1, "bid POINTS");
        bid = parse_number(w[1], 1, TIKAL_BID_MAX);
        if (bid < 0)
            return parse_error(why, why_len, "a bid is a whole number 1-%d, not \"%s\" (R19)", TIKAL_BID_MAX, w[1]);
        *action = TIKAL_A_BID + bid - 1;
        return GAME_OK;
    }
    if (strcmp(verb, "swap") == 0) {
        int give, seat, take;
        ARGS(3, "swap GIVE SEAT TAKE");
        give = parse_number(w[1], 1, TIKAL_MOTIFS);
        seat = parse_number(w[2], 1, GAME_MAX_PLAYERS);
        take = parse_number(w[3], 1, TIKAL_MOTIFS);
        if (give < 0 || seat < 0 || take < 0)
            return parse_error(why, why_len, "swap needs motif 1-8, seat 1-4, motif 1-8");
        *action = TIKAL_A_SWAP + ((give - 1) * 4 + seat - 1) * 8 + take - 1;
        return GAME_OK;
    }
    if (strcmp(verb, "place") == 0) {
        int field, rotation;
        ARGS(2, "place FIELD rROTATION");
        field = tikal_parse_field(w[1]);
        if (field < 0)
            return parse_error(why, why_len, "no field is called \"%s\" (a1..h5)", w[1]);
        if (w[2][0] != 'r' || (rotation = parse_number(w[2] + 1, 0, 5)) < 0)
            return parse_error(why, why_len, "a rotation is r0..r5, not \"%s\"", w[2]);
        if (s->phase == TIKAL_PH_PLACE && s->hand >= 0)
            rotation = tikal_canonical_rotation(s->hand, rotation);
        *action = TIKAL_A_PLACE + field * 6 + rotation;
        return GAME_OK;
    }
    if (strcmp(verb, "uncover") == 0 || strcmp(verb, "dig") == 0 || strcmp(verb, "build") == 0
        || strcmp(verb, "guard") == 0) {
        static const int base[4] = {TIKAL_A_UNCOVER, TIKAL_A_DIG, TIKAL_A_BUILD, TIKAL_A_GUARD};
        int field, kind = verb[0] == 'u' ? 0 : verb[0] == 'd' ? 1 : verb[0] == 'b' ? 2 : 3;
        ARGS(1, kind == 0 ? "uncover FIELD" : kind == 1 ? "dig FIELD" : kind == 2 ? "build FIELD" : "guard FIELD");
        field = tikal_parse_field(w[1]);
        if (field < 0)
            return parse_error(why, why_len, "no field is called \"%s\" (a1..h5)", w[1]);
        *action = base[kind] + field;
        return GAME_OK;
    }
    if (strcmp(verb, "deploy") == 0) {
        int figure, field;
        ARGS(2, "deploy E|L FIELD");
        figure = parse_figure(w[1]);
        field = tikal_parse_field(w[2]);
        if (figure < 0)
            return parse_error(why, why_len, "a figure is E (explorer) or L (leader), not \"%s\"", w[1]);
        if (field < 0)
            return parse_error(why, why_len, "no field is called \"%s\" (a1..h5)", w[2]);
        *action = TIKAL_A_DEPLOY + figure * TIKAL_FIELDS + field;
        return GAME_OK;
    }
    if (strcmp(verb, "path") == 0 || strcmp(verb, "move") == 0) {
        int figure, from, to;
        ARGS(3, verb[0] == 'p' ? "path E|L FROM TO" : "move E|L FROM TO");
        figure = parse_figure(w[1]);
        from = tikal_parse_field(w[2]);
        to = tikal_parse_field(w[3]);
        if (figure < 0)
            return parse_error(why, why_len, "a figure is E (explorer) or L (leader), not \"%s\"", w[1]);
        if (from < 0 || to < 0)
            return parse_error(why, why_len, "no field is called \"%s\" (a1..h5)", from < 0 ? w[2] : w[3]);
        if (verb[0] == 'p') {
            *action = TIKAL_A_PATH + (figure * TIKAL_FIELDS + from) * TIKAL_FIELDS + to;
            return GAME_OK;
        }
        for (int d = 0; d < 6; d++)
            if (tikal_neighbor(from, d) == to) {
                *action = TIKAL_A_MOVE + (figure * TIKAL_FIELDS + from) * 6 + d;
                return GAME_OK;
            }
        return parse_error(why, why_len, "%s and %s are not neighbours: a move crosses one edge (T11.1)", w[2], w[3]);
    }
#undef ARGS
    return parse_error(why, why_len, "unknown Tikal action \"%s\"", verb);
}

/* ---- the position as text ------------------------------------------------- */

typedef struct text_out {
    char *buf;   /* destination */
    size_t len;  /* its size */
    size_t used; /* characters the full text needs so far */
} text_out;

static void out(text_out *o, const char *format, ...)
{
    va_list args;
    int n;
    va_start(args, format);
    n = vsnprintf(o->used < o->len ? o->buf + o->used : NULL, o->used < o->len ? o->len - o->used : 0, format, args);
    va_end(args);
    if (n > 0)
        o->used += (size_t)n;
}

static const char *const kind_name[] = {"empty", "base camp", "jungle", "temple", "treasure", "volcano"};
static const char *const phase_name[] = {"draw", "reveal", "treasure", "bid", "take", "place", "actions", "over"};

/* A map of the board: two text lines per row, odd columns half a row lower
 * as on the board; each field shows its kind (B base camp, J jungle, T temple
 * with its value, R treasure with its tokens left, V volcano, . unexplored). */
static void render_map(text_out *o, const tikal_state *s)
{
    out(o, "    ");
    for (int c = 0; c < TIKAL_COLS; c++)
        out(o, "  %c  ", 'a' + c);
    out(o, "\n");
    for (int r = 0; r < TIKAL_ROWS; r++)
        for (int half = 0; half < 2; half++) {
            out(o, half ? "    " : " %d  ", r + 1);
            for (int c = 0; c < TIKAL_COLS; c++) {
                const tikal_field f_info = tikal_field_info(s, tikal_field_at(c, r)), *f = &f_info;
                if (c % 2 != half) {
                    out(o, "     ");
                    continue;
                }
                switch (f->kind) {
                case TIKAL_BASECAMP: out(o, "  B  "); break;
                case TIKAL_JUNGLE: out(o, "  J  "); break;
                case TIKAL_TEMPLE: out(o, " T%-2d ", f->value); break;
                case TIKAL_TREASURE: out(o, " R%d  ", f->tokens); break;
                case TIKAL_VOLCANO: out(o, "  V  "); break;
                default: out(o, "  .  ");
                }
            }
            out(o, "\n");
        }
}

size_t tikal_render(const tikal_state *s, char *buf, size_t len)
{
    text_out o = {buf, len, 0};
    char name[3];
    if (len)
        buf[0] = '\0';
    out(&o, "Tikal %s, %d players; ", s->auction ? "auction" : "basic", s->players);
    if (s->phase == TIKAL_PH_OVER)
        out(&o, "game over\n");
    else if (tikal_current_player(s) == GAME_CHANCE)
        out(&o, "chance: %s\n", phase_name[s->phase]);
    else if (s->phase == TIKAL_PH_ACTIONS)
        out(&o, "seat %d: %s%s, %d AP\n", s->actor + 1, phase_name[s->phase],
            s->turn_kind == TIKAL_TURN_SCORING ? " (scoring turn)"
            : s->turn_kind == TIKAL_TURN_FINAL ? " (final scoring turn)"
                                                : "",
            s->ap);
    else
        out(&o, "seat %d: %s\n", s->actor + 1, phase_name[s->phase]);
    render_map(&o, s);
    for (int f = 0; f < TIKAL_FIELDS; f++) {
        const tikal_field fd_info = tikal_field_info(s, f), *fd = &fd_info;
        if (fd->kind == TIKAL_EMPTY)
            continue;
        tikal_field_name(f, name);
        out(&o, "  %s %-9s", name, kind_name[fd->kind]);
        if (fd->tile >= 0)
            out(&o, " %s r%d", tikal_tile(fd->tile)->id, fd->rotation);
        else
            out(&o, "      ");
        out(&o, " stones ");
        for (int e = 0; e < 6; e++)
            out(&o, "%d", tikal_field_stones(s, f, e));
        if (fd->kind == TIKAL_TEMPLE)
            out(&o, " value %d", fd->value);
        if (fd->kind == TIKAL_TREASURE)
            out(&o, " tokens %d", fd->tokens);
        if (fd->camp >= 0)
            out(&o, " camp %d", fd->camp + 1);
        if (fd->guard >= 0)
            out(&o, " guard %d", fd->guard + 1);
        for (int p = 0; p < s->players; p++)
            if (fd->explorers[p] || (fd->leaders >> p & 1))
                out(&o, " [%d: %dE%s]", p + 1, fd->explorers[p], fd->leaders >> p & 1 ? "+L" : "");
        out(&o, "\n");
    }
    for (int p = 0; p < s->players; p++) {
        const tikal_player *pl = &s->player[p];
        out(&o, "  seat %d: score %d, supply %dE%s, camps %d/2, guards %d/2, removed %d, treasures", p + 1,
            pl->score, pl->explorers_in_supply, pl->leader_in_supply ? "+L" : "", pl->camps_built,
            pl->guards_placed, pl->removed);
        for (int m = 0; m < TIKAL_MOTIFS; m++)
            for (int k = 0; k < tikal_treasures(pl, m); k++)
                out(&o, " %d", m + 1);
        out(&o, "%s\n", s->auction && pl->marker_up ? ", marker up" : "");
    }
    int left = 0;
    for (int t = 0; t < TIKAL_TILES; t++)
        left += !(s->stack_used >> t & 1);
    out(&o, "  stack %d tiles left", left);
    if (s->hand >= 0)
        out(&o, ", in hand %s", tikal_tile(s->hand)->id);
    if (s->auction) {
        out(&o, ", display");
        for (int i = 0; i < GAME_MAX_PLAYERS; i++)
            if (s->display[i] >= 0)
                out(&o, " %s", tikal_tile(s->display[i])->id);
        if (s->phase == TIKAL_PH_BID && s->high_bidder >= 0)
            out(&o, ", high bid %d by seat %d", s->high_bid, s->high_bidder + 1);
    }
    out(&o, "\n");
    return o.used;
}
