/*
 * tzolkin_text.c -- the notation of Tzolk'in (rules/tzolkin.md Z23): the
 * canonical text of every action id, the parser that accepts every form of
 * Z23.6 (resource letters in any order, keep tiles and temples in either
 * order, market tokens in any order), and the text picture of a position.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tzolkin/tzolkin.h"

static void pay_text(int code, char *out)
{
    int k = 0;
    for (int i = 0; i < code / 16; i++)
        out[k++] = 'w';
    for (int i = 0; i < (code / 4) % 4; i++)
        out[k++] = 's';
    for (int i = 0; i < code % 4; i++)
        out[k++] = 'g';
    out[k] = 0;
}

/* The line of a market visit of net change change[3] (Z23.2, canonical as
 * Z23.6: w, s, g; unchanged resources left out), as snprintf. */
static int market_text(const int32_t change[3], char *buf, size_t len)
{
    int k = snprintf(buf, len, "market");
    for (int r = 0; r < 3 && k >= 0 && (size_t)k < len; r++)
        if (change[r] != 0)
            k += snprintf(buf + k, len - (size_t)k, " %+d%s", (int)change[r], tzolk_resource_letter(r));
    return k;
}

int tzolk_action_to_text(const tzolk_state *s, int a, char *buf, size_t len)
{
    char pay[16];
    int n;
    if (a < 0 || a >= TZOLK_NUM_ACTIONS || !buf || len == 0)
        return GAME_EPARSE;
    if (a == TZOLK_A_END)
        n = snprintf(buf, len, "end");
    else if (a == TZOLK_A_SKIP)
        n = snprintf(buf, len, "skip");
    else if (a < TZOLK_A_CORN)
        n = snprintf(buf, len, "advance %d", a - TZOLK_A_ADVANCE + 1);
    else if (a == TZOLK_A_CORN)
        n = snprintf(buf, len, "corn");
    else if (a == TZOLK_A_WOOD)
        n = snprintf(buf, len, "wood");
    else if (a < TZOLK_A_BEG)
        n = snprintf(buf, len, "burn %s", tzolk_temple_name(a - TZOLK_A_BURN));
    else if (a < TZOLK_A_TEMPLE)
        n = snprintf(buf, len, "beg %s", tzolk_temple_name(a - TZOLK_A_BEG));
    else if (a < TZOLK_A_TEMPLE_PAY)
        n = snprintf(buf, len, "temple %s", tzolk_temple_name(a - TZOLK_A_TEMPLE));
    else if (a < TZOLK_A_TEMPLES)
        n = snprintf(buf, len, "temple %s %s", tzolk_temple_name((a - TZOLK_A_TEMPLE_PAY) / 3),
                     tzolk_resource_letter((a - TZOLK_A_TEMPLE_PAY) % 3));
    else if (a < TZOLK_A_PLACE) {
        int v = a - TZOLK_A_TEMPLES;
        n = snprintf(buf, len, "temples %s %s %s", tzolk_temple_name(tzolk_temple_pair(v / 3, 0)),
                     tzolk_temple_name(tzolk_temple_pair(v / 3, 1)), tzolk_resource_letter(v % 3));
    } else if (a < TZOLK_A_PLACE_START)
        n = snprintf(buf, len, "place %s", tzolk_gear_name(a - TZOLK_A_PLACE));
    else if (a == TZOLK_A_PLACE_START)
        n = snprintf(buf, len, "place start");
    else if (a < TZOLK_A_TECH)
        n = snprintf(buf, len, "tech %s", tzolk_track_name(a - TZOLK_A_TECH_FREE));
    else if (a < TZOLK_A_GAIN) {
        pay_text((a - TZOLK_A_TECH) % 64, pay);
        n = snprintf(buf, len, "tech %s %s", tzolk_track_name((a - TZOLK_A_TECH) / 64), pay);
    } else if (a < TZOLK_A_DO) {
        pay_text(a - TZOLK_A_GAIN, pay);
        n = snprintf(buf, len, "gain %s", pay);
    } else if (a < TZOLK_A_PICK) {
        int v = a - TZOLK_A_DO;
        n = snprintf(buf, len, "do %s%d", tzolk_gear_name(v / 5), v % 5 + 1);
    } else if (a < TZOLK_A_BUILD) {
        int v = a - TZOLK_A_PICK, g = v / 110, p = (v / 10) % 11, q = v % 10;
        if (q == 0)
            n = snprintf(buf, len, "pick %s%d none", tzolk_gear_name(g), p);
        else
            n = snprintf(buf, len, "pick %s%d %s%d", tzolk_gear_name(g), p, tzolk_gear_name(g), q);
    } else if (a < TZOLK_A_BUILD_SAVE)
        n = snprintf(buf, len, "build %s", tzolk_building(a - TZOLK_A_BUILD)->id);
    else if (a < TZOLK_A_BUILD_FULL)
        n = snprintf(buf, len, "build %s -%s", tzolk_building((a - TZOLK_A_BUILD_SAVE) / 3)->id,
                     tzolk_resource_letter((a - TZOLK_A_BUILD_SAVE) % 3));
    else if (a < TZOLK_A_BUILD_MON)
        n = snprintf(buf, len, "build %s full", tzolk_building(a - TZOLK_A_BUILD_FULL)->id);
    else if (a < TZOLK_A_KEEP)
        n = snprintf(buf, len, "build %s", tzolk_monument(a - TZOLK_A_BUILD_MON)->id);
    else if (a < TZOLK_A_START) {
        int v = a - TZOLK_A_KEEP;
        n = snprintf(buf, len, "keep %s %s", tzolk_wealth(v / TZOLK_WEALTH)->id, tzolk_wealth(v % TZOLK_WEALTH)->id);
    } else if (a < TZOLK_A_MONUMENT)
        n = snprintf(buf, len, "start %d", a - TZOLK_A_START + 1);
    else if (a < TZOLK_A_BUILDING)
        n = snprintf(buf, len, "monument %s", tzolk_monument(a - TZOLK_A_MONUMENT)->id);
    else if (a < TZOLK_A_DEAL)
        n = snprintf(buf, len, "building %s", tzolk_building(a - TZOLK_A_BUILDING)->id);
    else if (a < TZOLK_A_BLOCK)
        n = snprintf(buf, len, "deal %d %s", s->setup_count / 4 + 1, tzolk_wealth(a - TZOLK_A_DEAL)->id);
    else if (a < TZOLK_A_MARKET)
        n = snprintf(buf, len, "block %s", tzolk_wealth(a - TZOLK_A_BLOCK)->id);
    else if (a == TZOLK_A_MARKET) {
        int32_t change[3];
        for (int r = 0; r < 3; r++)
            change[r] = tzolk_market_change(s, r);
        n = market_text(change, buf, len); /* the whole visit: its net change so far */
    } else {
        int r, change;
        tzolk_trade_of(a, &r, &change);
        n = snprintf(buf, len, "trade %+d%s", change, tzolk_resource_letter(r));
    }
    return (n < 0 || (size_t)n >= len) ? GAME_EPARSE : 0;
}

/* ---- parsing ---- */

/* The index i < count whose name(i) is tok, -1 if none. */
static int lookup(const char *tok, const char *(*name)(int), int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(tok, name(i)) == 0)
            return i;
    return -1;
}

/* "wws" -> counts; -1 on a bad letter or too many cubes. */
static int parse_pay(const char *tok)
{
    int c[3] = {0, 0, 0};
    if (!*tok)
        return -1;
    for (; *tok; tok++) {
        const char *l = strchr("wsg", *tok);
        if (!l || *tok == 0)
            return -1;
        if (++c[l - "wsg"] > 3)
            return -1;
    }
    return c[0] * 16 + c[1] * 4 + c[2];
}

static int parse_res(const char *tok)
{
    if (strlen(tok) != 1 || !strchr("wsg", tok[0]))
        return -1;
    return (int)(strchr("wsg", tok[0]) - "wsg");
}

/* "TIK4" -> gear and number; -1 if not of that form. */
static int parse_position(const char *tok, int *g, int *num)
{
    if (strlen(tok) < 4)
        return -1;
    char code[4] = {tok[0], tok[1], tok[2], 0};
    *g = lookup(code, tzolk_gear_name, TZOLK_GEARS);
    if (*g < 0)
        return -1;
    const char *d = tok + 3;
    if (d[0] == '0' && d[1] != 0)
        return -1;
    int v = 0;
    for (; *d; d++) {
        if (*d < '0' || *d > '9' || v > 100)
            return -1;
        v = v * 10 + (*d - '0');
    }
    *num = v;
    return 0;
}

static int parse_int(const char *tok, int *v)
{
    char *end;
    if (!*tok || tok[0] < '1' || tok[0] > '9')
        return -1;
    long x = strtol(tok, &end, 10);
    if (*end || x > 1000)
        return -1;
    *v = (int)x;
    return 0;
}

static int fail(char *why, size_t len, const char *msg, int code)
{
    if (why && len)
        snprintf(why, len, "%s", msg);
    return code;
}

/* "+12w" -> resource and signed amount (1..65535); -1 if not of that form. */
static int parse_trade(const char *t, int *r, int *amount)
{
    size_t l = strlen(t);
    char *end;
    if (l < 3 || (t[0] != '+' && t[0] != '-') || t[1] < '1' || t[1] > '9' || (*r = parse_res(t + l - 1)) < 0)
        return -1;
    long x = strtol(t + 1, &end, 10);
    if (end != t + l - 1 || x > UINT16_MAX)
        return -1;
    *amount = t[0] == '+' ? (int)x : -(int)x;
    return 0;
}

/* The steps of a market visit that reach the net change target[3] from the
 * visit's change so far, sales first (so that their corn pays the
 * purchases), larger amounts first, then the end (TZOLK_A_MARKET). */
static int market_steps(const tzolk_state *s, const int32_t target[3], int *out, int *count, char *why,
                        size_t why_len)
{
    int n = 0;
    for (int r = 0; r < 3; r++) {
        int done = tzolk_market_change(s, r), want = target[r];
        int done_abs = done < 0 ? -done : done, want_abs = want < 0 ? -want : want;
        if (done != 0 && ((done < 0) != (want < 0) || (want_abs & done_abs) != done_abs)) {
            if (why && why_len)
                snprintf(why, why_len, "this visit already trades %+d%s: undo its steps to trade otherwise", done,
                         tzolk_resource_letter(r));
            return GAME_EILLEGAL;
        }
    }
    for (int sell = 1; sell >= 0; sell--)
        for (int r = 0; r < 3; r++) {
            int done = tzolk_market_change(s, r), want = target[r];
            if ((want < 0) != sell)
                continue;
            int left = (want < 0 ? -want : want) & ~(done < 0 ? -done : done);
            for (int k = TZOLK_TRADE_BITS - 1; k >= 0; k--)
                if (left & (1 << k))
                    out[n++] = TZOLK_A_TRADE + (r * 2 + sell) * TZOLK_TRADE_BITS + k;
        }
    out[n++] = TZOLK_A_MARKET;
    *count = n;
    return 0;
}

/* Parse one line of the notation into the actions it stands for,
 * out[TZOLK_LINE_MAX]: one, or a market visit's steps and end. */
static int parse_line(const tzolk_state *s, const char *text, int *out, int *count, char *why, size_t why_len)
{
    char buf[128];
    char *tok[8];
    int nt = 0;
    int *action = out;
    *count = 1;
    if (!text || strlen(text) >= sizeof buf)
        return fail(why, why_len, "not a Tzolk'in line", GAME_EPARSE);
    strcpy(buf, text);
    char *rest; /* strtok_r's position: the server parses on many threads at once */
    for (char *p = strtok_r(buf, " \t\r\n", &rest); p; p = strtok_r(NULL, " \t\r\n", &rest)) {
        if (nt == 8)
            return fail(why, why_len, "too many words", GAME_EPARSE);
        tok[nt++] = p;
    }
    if (nt == 0)
        return fail(why, why_len, "empty line", GAME_EPARSE);
    const char *v = tok[0];
    int x, y, z;
#define BAD(msg) return fail(why, why_len, msg, GAME_EPARSE)
    if (strcmp(v, "end") == 0 && nt == 1) {
        *action = TZOLK_A_END;
    } else if (strcmp(v, "skip") == 0 && nt == 1) {
        *action = TZOLK_A_SKIP;
    } else if (strcmp(v, "corn") == 0 && nt == 1) {
        *action = TZOLK_A_CORN;
    } else if (strcmp(v, "wood") == 0 && nt == 1) {
        *action = TZOLK_A_WOOD;
    } else if (strcmp(v, "advance") == 0 && nt == 2) {
        if (strcmp(tok[1], "1") && strcmp(tok[1], "2"))
            BAD("advance takes 1 or 2");
        *action = TZOLK_A_ADVANCE + (tok[1][0] - '1');
    } else if ((strcmp(v, "burn") == 0 || strcmp(v, "beg") == 0) && nt == 2) {
        if ((x = lookup(tok[1], tzolk_temple_name, TZOLK_TEMPLES)) < 0)
            BAD("unknown temple (CHAAC, QUETZ, KUKUL)");
        *action = (v[1] == 'u' ? TZOLK_A_BURN : TZOLK_A_BEG) + x;
    } else if (strcmp(v, "temple") == 0 && (nt == 2 || nt == 3)) {
        if ((x = lookup(tok[1], tzolk_temple_name, TZOLK_TEMPLES)) < 0)
            BAD("unknown temple (CHAAC, QUETZ, KUKUL)");
        if (nt == 2)
            *action = TZOLK_A_TEMPLE + x;
        else {
            if ((y = parse_res(tok[2])) < 0)
                BAD("the payment is one resource letter: w, s or g");
            *action = TZOLK_A_TEMPLE_PAY + x * 3 + y;
        }
    } else if (strcmp(v, "temples") == 0 && nt == 4) {
        x = lookup(tok[1], tzolk_temple_name, TZOLK_TEMPLES);
        y = lookup(tok[2], tzolk_temple_name, TZOLK_TEMPLES);
        z = parse_res(tok[3]);
        if (x < 0 || y < 0 || x == y || z < 0)
            BAD("temples takes two different temples and one resource letter");
        if (x > y) {
            int t = x;
            x = y;
            y = t;
        }
        int pair = x == 0 ? (y == 1 ? 0 : 1) : 2;
        *action = TZOLK_A_TEMPLES + pair * 3 + z;
    } else if (strcmp(v, "place") == 0 && nt == 2) {
        if (strcmp(tok[1], "start") == 0)
            *action = TZOLK_A_PLACE_START;
        else if ((x = lookup(tok[1], tzolk_gear_name, TZOLK_GEARS)) >= 0)
            *action = TZOLK_A_PLACE + x;
        else
            BAD("place takes a gear (PAL, YAX, TIK, UXM, CHI) or start");
    } else if (strcmp(v, "tech") == 0 && (nt == 2 || nt == 3)) {
        if ((x = lookup(tok[1], tzolk_track_name, TZOLK_TRACKS)) < 0)
            BAD("unknown technology (AGRI, EXTR, ARCH, THEO)");
        if (nt == 2)
            *action = TZOLK_A_TECH_FREE + x;
        else {
            if ((y = parse_pay(tok[2])) < 0)
                BAD("bad resource string");
            *action = TZOLK_A_TECH + x * 64 + y;
        }
    } else if (strcmp(v, "gain") == 0 && nt == 2) {
        if ((y = parse_pay(tok[1])) < 0)
            BAD("bad resource string");
        *action = TZOLK_A_GAIN + y;
    } else if (strcmp(v, "do") == 0 && nt == 2) {
        if (parse_position(tok[1], &x, &y) < 0 || x == TZOLK_CHI || y < 1 || y > 5)
            BAD("do takes an action PAL1..UXM5");
        *action = TZOLK_A_DO + x * 5 + y - 1;
    } else if (strcmp(v, "pick") == 0 && nt == 3) {
        int g2, q;
        if (parse_position(tok[1], &x, &y) < 0 || y > (x == TZOLK_CHI ? 10 : 7))
            BAD("pick takes a labelled position such as TIK4");
        if (strcmp(tok[2], "none") == 0)
            q = 0;
        else if (parse_position(tok[2], &g2, &q) < 0 || g2 != x || q < 1 || q > (x == TZOLK_CHI ? 9 : 5))
            BAD("the action must be none or an action of the same gear");
        *action = TZOLK_A_PICK + (x * 11 + y) * 10 + q;
    } else if (strcmp(v, "build") == 0 && (nt == 2 || nt == 3)) {
        int b = tzolk_building_by_id(tok[1]);
        int m = tzolk_monument_by_id(tok[1]);
        if (m >= 0 && nt == 2)
            *action = TZOLK_A_BUILD_MON + m;
        else if (b < 0)
            BAD("unknown building or monument");
        else if (nt == 2)
            *action = TZOLK_A_BUILD + b;
        else if (strcmp(tok[2], "full") == 0)
            *action = TZOLK_A_BUILD_FULL + b;
        else if (tok[2][0] == '-' && (z = parse_res(tok[2] + 1)) >= 0)
            *action = TZOLK_A_BUILD_SAVE + b * 3 + z;
        else
            BAD("build B takes -w, -s, -g or full");
    } else if (strcmp(v, "keep") == 0 && nt == 3) {
        x = tzolk_wealth_by_id(tok[1]);
        y = tzolk_wealth_by_id(tok[2]);
        if (x < 0 || y < 0 || x == y)
            BAD("keep takes two different wealth tiles");
        if (x > y) {
            int t = x;
            x = y;
            y = t;
        }
        *action = TZOLK_A_KEEP + x * TZOLK_WEALTH + y;
    } else if (strcmp(v, "start") == 0 && nt == 2) {
        if (parse_int(tok[1], &x) < 0 || x > s->players)
            BAD("start takes a seat number");
        *action = TZOLK_A_START + x - 1;
    } else if (strcmp(v, "monument") == 0 && nt == 2) {
        if ((x = tzolk_monument_by_id(tok[1])) < 0)
            BAD("unknown monument");
        *action = TZOLK_A_MONUMENT + x;
    } else if (strcmp(v, "building") == 0 && nt == 2) {
        if ((x = tzolk_building_by_id(tok[1])) < 0)
            BAD("unknown building");
        *action = TZOLK_A_BUILDING + x;
    } else if (strcmp(v, "deal") == 0 && nt == 3) {
        if (parse_int(tok[1], &x) < 0 || (y = tzolk_wealth_by_id(tok[2])) < 0)
            BAD("deal takes a seat and a wealth tile");
        if (s->phase != TZOLK_PH_DEAL || x != s->setup_count / 4 + 1)
            return fail(why, why_len, "that seat is not the one being dealt (Z23.4)", GAME_EILLEGAL);
        *action = TZOLK_A_DEAL + y;
    } else if (strcmp(v, "block") == 0 && nt == 2) {
        if ((x = tzolk_wealth_by_id(tok[1])) < 0)
            BAD("unknown wealth tile");
        *action = TZOLK_A_BLOCK + x;
    } else if (strcmp(v, "market") == 0) {
        int32_t target[3] = {0, 0, 0};
        int seen[3] = {0, 0, 0};
        for (int i = 1; i < nt; i++) {
            if (parse_trade(tok[i], &z, &x) < 0)
                BAD("market tokens look like +2w or -1g (at most 65535 cubes)");
            if (seen[z])
                BAD("market tokens look like +2w or -1g, each resource at most once");
            seen[z] = 1;
            target[z] = x;
        }
        return market_steps(s, target, out, count, why, why_len);
    } else if (strcmp(v, "trade") == 0 && nt == 2) {
        if (parse_trade(tok[1], &z, &x) < 0 || ((x < 0 ? -x : x) & ((x < 0 ? -x : x) - 1)) != 0)
            BAD("a market step looks like trade +4w or trade -1g: 1, 2, 4 ... 32768 cubes");
        int k = 0;
        while ((1 << k) != (x < 0 ? -x : x))
            k++;
        *action = TZOLK_A_TRADE + (z * 2 + (x < 0)) * TZOLK_TRADE_BITS + k;
    } else
        BAD("not a Tzolk'in line (Z23.2)");
#undef BAD
    return 0;
}

int tzolk_text_to_action(const tzolk_state *s, const char *text, int *action, char *why, size_t why_len)
{
    int out[TZOLK_LINE_MAX], count;
    int status = parse_line(s, text, out, &count, why, why_len);
    if (status == 0)
        *action = out[0]; /* a market line: its first step */
    return status;
}

int tzolk_line_actions(const tzolk_state *s, const char *text, int *out, int *count, char *why, size_t why_len)
{
    return parse_line(s, text, out, count, why, why_len);
}

int tzolk_line_open(const tzolk_state *s, int action)
{
    (void)s;
    return action >= TZOLK_A_TRADE && action < TZOLK_NUM_ACTIONS;
}

/* Every market line of the visit under way: each final change of the
 * visit's start holdings that its budget pays (ZR31) and its steps so far
 * allow, written as Z23.6 does. */
static void market_lines(const tzolk_state *s, void (*emit)(void *context, const char *line), void *context)
{
    const tzolk_player *p = &s->player[s->actor];
    int held[3], steps[TZOLK_LINE_MAX], count;
    int32_t target[3];
    for (int r = 0; r < 3; r++)
        held[r] = p->res[r] - tzolk_market_change(s, r);
    int budget = p->corn + tzolk_market_value(p->res[0], p->res[1], p->res[2]);
    for (target[0] = -held[0]; tzolk_market_value(held[0] + target[0], 0, 0) <= budget; target[0]++)
        for (target[1] = -held[1]; tzolk_market_value(held[0] + target[0], held[1] + target[1], 0) <= budget;
             target[1]++)
            for (target[2] = -held[2];
                 tzolk_market_value(held[0] + target[0], held[1] + target[1], held[2] + target[2]) <= budget;
                 target[2]++) {
                char line[GAME_TEXT_MAX];
                if (market_steps(s, target, steps, &count, NULL, 0) == 0) {
                    market_text(target, line, sizeof line);
                    emit(context, line);
                }
            }
}

void tzolk_legal_lines(const tzolk_state *s, void (*emit)(void *context, const char *line), void *context)
{
    int legal[TZOLK_LEGAL_MAX];
    if (s->phase == TZOLK_PH_TURN && s->sp > 0 && tzolk_frame_kind_of(s->stack[s->sp - 1]) == TZOLK_F_MARKET) {
        market_lines(s, emit, context);
        return;
    }
    int n = tzolk_legal_actions(s, legal);
    for (int i = 0; i < n; i++) {
        char text[GAME_TEXT_MAX];
        if (tzolk_action_to_text(s, legal[i], text, sizeof text) == 0)
            emit(context, text);
    }
}

/* ---- render ---- */

typedef struct outbuf {
    char *buf;   /* destination */
    size_t len;  /* its size */
    size_t used; /* characters written (may exceed len: then truncated) */
} outbuf;

static void put(outbuf *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->used < o->len ? o->len - o->used : 0;
    int n = vsnprintf(room ? o->buf + o->used : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->used += (size_t)n;
}

size_t tzolk_render(const tzolk_state *s, char *buf, size_t len)
{
    outbuf o = {buf, len, 0};
    if (len)
        buf[0] = 0;
    put(&o, "Tzolk'in, %d players; T = %d, age %d, food days held %d; start player %d; pool %d corn\n",
        s->players, s->teeth, s->age, s->next_food, s->token + 1, s->pool);
    static const char *const phase_name[] = {"chance: start player", "chance: monument", "chance: building",
                                             "chance: wealth deal", "chance: blocking", "keep two wealth tiles",
                                             "turn", "chance: refill", "chance: age II building",
                                             "advance the calendar", "game over"};
    if (s->phase == TZOLK_PH_OVER || tzolk_current_player(s) == GAME_CHANCE)
        put(&o, "now: %s\n", phase_name[s->phase]);
    else
        put(&o, "now: seat %d, %s%s\n", s->actor + 1, phase_name[s->phase],
            s->sp ? " (a choice of the action is due)" : "");
    for (int g = 0; g < TZOLK_GEARS; g++) {
        put(&o, "%s:", tzolk_gear_name(g));
        for (int p = 0; p <= tzolk_board()->gear[g].last; p++) {
            int w = tzolk_piece(s, g, p);
            put(&o, " %d:%c", p, w == TZOLK_NOBODY ? '.' : (w == TZOLK_BLOCKER ? 'x' : (char)('1' + w)));
        }
        if (g == TZOLK_CHI) {
            put(&o, "  skulls on slots:");
            for (int q = 1; q <= TZOLK_SKULL_ACTIONS; q++)
                if (s->chi_slots & (1u << q))
                    put(&o, " %d", q);
        }
        put(&o, "\n");
    }
    put(&o, "start-player space: %s", s->start_space < 0 ? "free" : "");
    if (s->start_space >= 0)
        put(&o, "seat %d", s->start_space + 1);
    put(&o, "; jungle (forest/corn/empty):");
    for (int k = 0; k < TZOLK_JUNGLE_GROUPS; k++)
        put(&o, " PAL%d %d/%d/%d", k + 2, s->jungle[k][0], s->jungle[k][1], s->jungle[k][2]);
    put(&o, "; skull supply %d\n", s->skull_supply);
    put(&o, "buildings on display:");
    for (int b = 0; b < TZOLK_BUILDINGS; b++)
        if (s->display & (1u << b))
            put(&o, " %s", tzolk_building(b)->id);
    put(&o, "; monuments on display:");
    for (int m = 0; m < TZOLK_MONUMENTS; m++)
        if (s->mon_display & (1u << m))
            put(&o, " %s", tzolk_monument(m)->id);
    put(&o, "\n");
    for (int i = 0; i < s->players; i++) {
        const tzolk_player *p = &s->player[i];
        put(&o, "seat %d: %d VP, corn %d, wood %d, stone %d, gold %d, skulls %d; workers %d (hand %d); board %s\n",
            i + 1, p->vp, p->corn, p->res[0], p->res[1], p->res[2], p->skulls, p->workers, p->hand,
            p->light ? "light" : "dark");
        put(&o, "  temples");
        for (int t = 0; t < TZOLK_TEMPLES; t++)
            put(&o, " %s %d", tzolk_temple_name(t), p->temple[t]);
        put(&o, "; tech");
        for (int x = 0; x < TZOLK_TRACKS; x++)
            put(&o, " %s %d", tzolk_track_name(x), p->tech[x]);
        put(&o, "; tiles corn %d wood %d\n  built:", p->corn_tiles, p->wood_tiles);
        for (int b = 0; b < TZOLK_BUILDINGS; b++)
            if (p->buildings & (1u << b))
                put(&o, " %s", tzolk_building(b)->id);
        for (int m = 0; m < TZOLK_MONUMENTS; m++)
            if (p->monuments & (1u << m))
                put(&o, " %s", tzolk_monument(m)->id);
        put(&o, "; wealth:");
        for (int k = 0; k < TZOLK_WEALTH_DEALT; k++)
            if (p->dealt[k] != TZOLK_UNKNOWN && (p->keep_mask & (1u << k)))
                put(&o, " %s", tzolk_wealth(p->dealt[k])->id);
        put(&o, "\n");
    }
    return o.used; /* as snprintf: the length the whole text needs (game.h) */
}
