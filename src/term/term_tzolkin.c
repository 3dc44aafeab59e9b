/*
 * term_tzolkin.c -- the Tzolk'in table as text and the log sentences (see
 * term_tzolkin.h). Short descriptions of gear actions, buildings and
 * monuments come from the rules (Z1.3-Z1.9) and the component tables.
 */
#include <stdio.h>
#include <string.h>

#include "term/term_tzolkin.h"

/* The gears' names in full (the data files have only their codes). */
enum { TZOLK_BUILDING_CELL = 45 /* columns of a building on display, two to a row */ };

static const char *const gear_name[TZOLK_GEARS] = {"Palenque", "Yaxchilan", "Tikal", "Uxmal", "Chichen Itza"};

/* A good (TZOLK_G_*) in words: corn, the board's resource names, skull. */
static const char *good_name(int g)
{
    return g == TZOLK_G_CORN ? "corn" : g == TZOLK_G_SKULL ? "skull" : tzolk_board()->resource[g - 1];
}

/* What gear g's actions do, in one line; the numbers from the board table. */
static void gear_help(int g, char *buf, size_t len)
{
    const tzolk_board_def *board = tzolk_board();
    const tzolk_gear_def *d = &board->gear[g];
    size_t used = 0;
#define ADD(...)                                                                                                   \
    do {                                                                                                           \
        if (used < len)                                                                                            \
            used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__);                                         \
    } while (0)
    buf[0] = '\0';
    for (int q = 1; q <= d->actions && g != TZOLK_CHI; q++) {
        ADD("%s%d ", q > 1 ? "  " : "", q);
        if (g == TZOLK_PAL && board->harvest_wood[q])
            ADD("%dc/%dw", board->harvest_corn[q], board->harvest_wood[q]);
        else if (g == TZOLK_PAL)
            ADD("%d corn", board->harvest_corn[q]);
        else if (g == TZOLK_YAX) {
            static const int order[5] = {TZOLK_G_GOLD, TZOLK_G_STONE, TZOLK_G_WOOD, TZOLK_G_SKULL, TZOLK_G_CORN};
            const uint8_t *gain = board->yax_gain[q];
            for (int k = 0, n = 0; k < 5; k++) {
                int kind = order[k];
                if (gain[kind] == 0)
                    continue;
                if (kind == TZOLK_G_CORN && gain[kind] > 1)
                    ADD("%s%dc", n++ ? "+" : "", gain[kind]);
                else
                    ADD("%s%s", n++ ? "+" : "", good_name(kind));
            }
        } else if (g == TZOLK_TIK) {
            static const char *const tik[6] = {"", "tech", "build", "1-2 tech", "2 builds/monument", "2 temples"};
            ADD("%s", tik[q]);
        } else {
            static const char *const uxm[6] = {"", "%dc: temple", "market", "worker", "build for corn", "other action"};
            ADD(uxm[q], TZOLK_UXM1_CORN);
        }
    }
    if (g == TZOLK_CHI)
        ADD("1-%d skull for VP and temple steps", d->actions);
    if (d->last == d->actions + 1)
        ADD("  %d any", d->last);
    else
        ADD("  %d-%d any", d->actions + 1, d->last);
#undef ADD
}

/* "2w1s" from counts of wood, stone, gold (and skulls). */
static void cost_text(const uint8_t *cost, int skull, char *buf, size_t len)
{
    static const char letter[4] = {'w', 's', 'g', 'k'};
    size_t used = 0;
    buf[0] = '\0';
    for (int r = 0; r < 3 + (skull > 0); r++) {
        int n = r < 3 ? cost[r] : skull;
        if (n > 0 && used + 8 < len)
            used += (size_t)snprintf(buf + used, len - used, "%d%c", n, letter[r]);
    }
    if (used == 0)
        snprintf(buf, len, "free");
}

static void building_text(int b, char *buf, size_t len)
{
    const tzolk_building_def *d = tzolk_building(b);
    char cost[24];
    cost_text(d->cost, 0, cost, sizeof cost);
    size_t used = (size_t)snprintf(buf, len, "%s %s %s:", d->id, tzolk_board()->category[d->category], cost);
#define ADD(...)                                                                                                   \
    do {                                                                                                           \
        if (used < len)                                                                                            \
            used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__);                                         \
    } while (0)
    if (d->vp)
        ADD(" %dVP", d->vp);
    if (d->feed)
        ADD(" feeds %d", d->feed);
    if (d->feed_disc)
        ADD(" -1 corn per worker");
    if (d->tech >= 0)
        ADD(" %s+1", tzolk_track_name(d->tech));
    if (d->tech_any)
        ADD(" %d tech of choice", d->tech_any);
    for (int t = 0; t < TZOLK_TEMPLES; t++)
        if (d->temple[t])
            ADD(" %s+%d", tzolk_temple_name(t), d->temple[t]);
    if (d->temple_any)
        ADD(" temple of choice");
    for (int g = 0; g < 5; g++)
        if (d->gain[g])
            ADD(" +%d %s", d->gain[g], good_name(g));
    if (d->worker)
        ADD(" +%d worker", d->worker);
    if (d->build)
        ADD(" build another");
    if (d->trade)
        ADD(" market");
    if (d->any_action)
        ADD(" 1c: an action");
#undef ADD
}

static void monument_text(int m, char *buf, size_t len)
{
    const tzolk_monument_def *d = tzolk_monument(m);
    char cost[24];
    cost_text(d->cost, d->cost[3], cost, sizeof cost);
    snprintf(buf, len, "%s %s %s", d->id, tzolk_board()->category[d->category], cost);
}

static void wealth_text(int w, char *buf, size_t len)
{
    snprintf(buf, len, "%s", w == TZOLK_UNKNOWN ? "?" : tzolk_wealth(w)->id);
}

/* What wealth tile w gives, in words from the data's names (Z1.10):
 * "W02 (5 corn, 1 gold, QUETZ+1)". */
static void wealth_words(int w, char *buf, size_t len)
{
    const tzolk_wealth_def *d = tzolk_wealth(w);
    size_t used = (size_t)snprintf(buf, len, "%s (", d->id);
    const char *comma = "";
#define ADD(...)                                                                                                   \
    do {                                                                                                           \
        if (used < len)                                                                                            \
            used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__);                                         \
        comma = ", ";                                                                                              \
    } while (0)
    for (int g = 0; g < 5; g++)
        if (d->gain[g])
            ADD("%s%d %s", comma, d->gain[g], good_name(g));
    for (int t = 0; t < TZOLK_TEMPLES; t++)
        if (d->temple[t])
            ADD("%s%s+%d", comma, tzolk_temple_name(t), d->temple[t]);
    if (d->tech >= 0)
        ADD("%s%s+1", comma, tzolk_track_name(d->tech));
    if (d->feed)
        ADD("%sfeeds %d", comma, d->feed);
    if (d->worker)
        ADD("%s+%d worker", comma, d->worker);
    ADD(")");
#undef ADD
}

/* Record a spot and paint it as its mark asks. */
static void spot(term_spots *spots, const unsigned char *marks, term_canvas *c, int key, int row, int col, int cols)
{
    int i = term_spots_add(spots, key, row, col, 1, cols);
    if (marks && i >= 0 && marks[i])
        term_canvas_paint(c, row, col, cols, term_mark_style(marks[i], TERM_ST_NORMAL));
}

int term_tzolk_table(const tzolk_state *s, int viewer, const unsigned char *marks, term_canvas *c, int row, int col,
                     term_spots *spots)
{
    term_spots own;
    if (spots == NULL) { /* marks are by index: record the spots anyway */
        own.count = 0;
        spots = &own;
    }
    int r = row;
    char buf[160];
    const tzolk_board_def *board = tzolk_board();
    int next = s->next_food < TZOLK_FOOD_DAYS ? board->food_tooth[s->next_food] : -1;
    int x = term_canvas_printf(c, r, col, TERM_ST_TITLE, "TZOLK'IN - %d players", s->players);
    x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, "   calendar T = %d of 26, age %s", s->teeth,
                           s->age == 1 ? "I" : "II");
    if (next >= 0)
        term_canvas_printf(c, r, x, TERM_ST_NORMAL, "   food day at T = %d%s (%s)", next,
                           tzolk_is_food_day(s) ? ", now" : "", board->food_mid[s->next_food] ? "goods" : "temple VP");
    r++;
    x = term_canvas_printf(c, r, col, TERM_ST_NORMAL, "Start-player token: seat %d   corn pool %d   start space: ",
                           s->token + 1, s->pool);
    if (s->start_space >= 0)
        term_canvas_printf(c, r, x, TERM_ST_SEAT + s->start_space, "seat %d", s->start_space + 1);
    else
        term_canvas_text(c, r, x, "free", TERM_ST_DIM);
    spot(spots, marks, c, TERM_TZOLK_SPOT_START, r, x, 6);
    r++;
    int actor = tzolk_current_player(s);
    if (actor >= 0) {
        static const char *const what[] = {"", "", "", "", "", "keeps two wealth tiles", "plays a turn", "", "",
                                           "chooses the calendar advance", ""};
        x = term_canvas_printf(c, r, col, TERM_ST_SEAT + actor, "Seat %d", actor + 1);
        x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, " %s", what[s->phase]);
        if (s->phase == TZOLK_PH_TURN)
            term_canvas_printf(c, r, x, TERM_ST_DIM, "%s%s",
                               s->mode == 1 ? " (placing workers)" : s->mode == 2 ? " (picking up workers)" : "",
                               s->sp ? ", a choice is due" : "");
    } else
        term_canvas_text(c, r, col, actor == GAME_TERMINAL ? "The game is over." : "Setting up / revealing...",
                         actor == GAME_TERMINAL ? TERM_ST_ALERT : TERM_ST_DIM);
    r++;
    if (actor >= 0 && actor == viewer) { /* the viewer's placements and their corn, from the engine (Z5.4) */
        x = col;
        for (int g = 0; g <= TZOLK_GEARS; g++) {
            int cost = tzolk_place_cost(s, g);
            if (cost >= 0)
                x = term_canvas_printf(c, r, x, TERM_ST_DIM, "%s%s %d", x == col ? "Place for corn: " : "  ",
                                       g < TZOLK_GEARS ? tzolk_gear_name(g) : "start", cost);
        }
    }
    r++;
    x = term_canvas_text(c, r, col, "Gear          position", TERM_ST_TITLE);
    for (int p = 0; p <= tzolk_board()->gear[TZOLK_CHI].last; p++)
        term_canvas_printf(c, r, col + 22 + p * 4, TERM_ST_TITLE, "%3d", p);
    r++;
    for (int g = 0; g < TZOLK_GEARS; g++) {
        term_canvas_printf(c, r, col, TERM_ST_NORMAL, "%s %s", tzolk_gear_name(g), gear_name[g]);
        for (int p = 0; p <= tzolk_board()->gear[g].last; p++) {
            int who = tzolk_piece(s, g, p);
            if (who == TZOLK_BLOCKER)
                term_canvas_text(c, r, col + 24 + p * 4, "x", TERM_ST_DIM);
            else if (who >= 0)
                term_canvas_printf(c, r, col + 24 + p * 4, TERM_ST_SEAT + who, "%d", who + 1);
            else
                term_canvas_text(c, r, col + 24 + p * 4, ".", TERM_ST_DIM);
            spot(spots, marks, c, TERM_TZOLK_SPOT_GEAR + 16 * g + p, r, col + 23 + p * 4, 3);
        }
        r++;
        gear_help(g, buf, sizeof buf);
        term_canvas_printf(c, r++, col + 4, TERM_ST_DIM, "%s", buf);
    }
    x = term_canvas_text(c, r, col, "CHI skulls:", TERM_ST_NORMAL);
    if (s->chi_slots == 0)
        x = term_canvas_text(c, r, x, " none", TERM_ST_DIM);
    for (int q = 1; q <= TZOLK_SKULL_ACTIONS; q++)
        if (s->chi_slots >> q & 1)
            x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, " %d", q);
    x = term_canvas_printf(c, r, x + 3, TERM_ST_NORMAL, "left %d   jungle corn/forest:", s->skull_supply);
    for (int j = 0; j < 4; j++)
        x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, " PAL%d %d/%d", j + 2, s->jungle[j][1], s->jungle[j][0]);
    r++;
    /* the display: buildings two to a row, monuments three to a row, each
     * under its heading's line (so that the whole table fits 120x40) */
    term_canvas_text(c, r, col, "Buildings:", TERM_ST_TITLE);
    int shown = 0;
    for (int b = 0; b < TZOLK_BUILDINGS; b++)
        if (s->display >> b & 1) {
            int left = col + 11 + (shown % 2) * TZOLK_BUILDING_CELL;
            building_text(b, buf, sizeof buf);
            int end = term_canvas_text(c, r + shown / 2, left, buf, TERM_ST_NORMAL);
            spot(spots, marks, c, TERM_TZOLK_SPOT_BUILDING + b, r + shown / 2, left, end - left);
            shown++;
        }
    r += shown > 0 ? (shown + 1) / 2 : 1;
    term_canvas_text(c, r, col, "Monuments:", TERM_ST_TITLE);
    shown = 0;
    for (int m = 0; m < TZOLK_MONUMENTS; m++)
        if (s->mon_display >> m & 1) {
            int left = col + 11 + (shown % 3) * 24;
            monument_text(m, buf, sizeof buf);
            int end = term_canvas_text(c, r + shown / 3, left, buf, TERM_ST_NORMAL);
            spot(spots, marks, c, TERM_TZOLK_SPOT_MONUMENT + m, r + shown / 3, left, end - left);
            shown++;
        }
    r += shown > 0 ? (shown + 2) / 3 : 1;
    static const char heading[] = "VP corn  w  s  g skull workers  CHAAC QUETZ KUKUL  AGRI EXTR ARCH THEO";
    term_canvas_text(c, r, col, "Seat", TERM_ST_TITLE);
    /* the seats' table fits 80 columns: the heading from column 8 */
    term_canvas_text(c, r, col + 8, heading, TERM_ST_TITLE);
    for (int t = 0; t < TZOLK_TEMPLES; t++)
        spot(spots, marks, c, TERM_TZOLK_SPOT_TEMPLE + t, r,
             col + 8 + (int)(strstr(heading, tzolk_temple_name(t)) - heading), 5);
    for (int t = 0; t < TZOLK_TRACKS; t++)
        spot(spots, marks, c, TERM_TZOLK_SPOT_TRACK + t, r,
             col + 8 + (int)(strstr(heading, tzolk_track_name(t)) - heading), 4);
    r++;
    for (int p = 0; p < s->players; p++) {
        const tzolk_player *pl = &s->player[p];
        term_canvas_printf(c, r, col, TERM_ST_SEAT + p, "%d%s", p + 1, p == viewer ? " you" : "");
        term_canvas_printf(c, r, col + 6, TERM_ST_NORMAL,
                           "%4d %4d %2d %2d %2d %5d   %d (%d)   %5d %5d %5d  %4d %4d %4d %4d",
                           pl->vp, pl->corn, pl->res[0], pl->res[1], pl->res[2], pl->skulls, pl->workers, pl->hand,
                           pl->temple[0], pl->temple[1], pl->temple[2], pl->tech[0], pl->tech[1], pl->tech[2],
                           pl->tech[3]);
        r++;
        x = term_canvas_text(c, r, col + 2, "built:", TERM_ST_DIM);
        int any = 0;
        for (int b = 0; b < TZOLK_BUILDINGS; b++)
            if (pl->buildings >> b & 1) {
                x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, " %s", tzolk_building(b)->id);
                any = 1;
            }
        for (int m = 0; m < TZOLK_MONUMENTS; m++)
            if (pl->monuments >> m & 1) {
                x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, " %s", tzolk_monument(m)->id);
                any = 1;
            }
        if (!any)
            x = term_canvas_text(c, r, x, " nothing", TERM_ST_DIM);
        x = term_canvas_text(c, r, x + 2, "wealth:", TERM_ST_DIM);
        for (int i = 0; i < 4 && (pl->has_kept || s->phase == TZOLK_PH_KEEP); i++) {
            if (pl->has_kept && !(pl->keep_mask >> i & 1))
                continue;
            wealth_text(pl->dealt[i], buf, sizeof buf);
            x = term_canvas_printf(c, r, x, TERM_ST_NORMAL, " %s", buf);
        }
        x = term_canvas_printf(c, r, x + 2, TERM_ST_DIM, "tiles corn %d wood %d%s", pl->corn_tiles, pl->wood_tiles,
                               pl->light ? "" : "  (board dark side)");
        r++;
    }
    return r - row;
}

int term_tzolk_action_spots(const tzolk_state *s, int a, int keys[2])
{
    if (a >= TZOLK_A_KEEP || a == TZOLK_A_END || a == TZOLK_A_SKIP)
        return 0;
    if (a >= TZOLK_A_BUILD_MON) {
        keys[0] = TERM_TZOLK_SPOT_MONUMENT + a - TZOLK_A_BUILD_MON;
        return 1;
    }
    if (a >= TZOLK_A_BUILD) {
        int b = a >= TZOLK_A_BUILD_FULL ? a - TZOLK_A_BUILD_FULL
                : a >= TZOLK_A_BUILD_SAVE ? (a - TZOLK_A_BUILD_SAVE) / 3
                                          : a - TZOLK_A_BUILD;
        keys[0] = TERM_TZOLK_SPOT_BUILDING + b;
        return 1;
    }
    if (a >= TZOLK_A_PICK) {
        int k = a - TZOLK_A_PICK, q = k % 10, g = k / 10 / 11, p = k / 10 % 11;
        keys[0] = TERM_TZOLK_SPOT_GEAR + 16 * g + p;
        keys[1] = TERM_TZOLK_SPOT_GEAR + 16 * g + q;
        return q > 0 && q != p ? 2 : 1;
    }
    if (a >= TZOLK_A_DO) {
        int k = a - TZOLK_A_DO;
        keys[0] = TERM_TZOLK_SPOT_GEAR + 16 * (k / 5) + k % 5 + 1;
        return 1;
    }
    if (a >= TZOLK_A_GAIN)
        return 0;
    if (a >= TZOLK_A_TECH_FREE) {
        keys[0] = TERM_TZOLK_SPOT_TRACK + (a >= TZOLK_A_TECH ? (a - TZOLK_A_TECH) / 64 : a - TZOLK_A_TECH_FREE);
        return 1;
    }
    if (a == TZOLK_A_PLACE_START) {
        keys[0] = TERM_TZOLK_SPOT_START;
        return 1;
    }
    if (a >= TZOLK_A_PLACE) {
        keys[0] = TERM_TZOLK_SPOT_GEAR + 16 * (a - TZOLK_A_PLACE) + tzolk_lowest_free(s, a - TZOLK_A_PLACE);
        return 1;
    }
    if (a >= TZOLK_A_TEMPLES) {
        keys[0] = TERM_TZOLK_SPOT_TEMPLE + tzolk_temple_pair((a - TZOLK_A_TEMPLES) / 3, 0);
        keys[1] = TERM_TZOLK_SPOT_TEMPLE + tzolk_temple_pair((a - TZOLK_A_TEMPLES) / 3, 1);
        return 2;
    }
    if (a >= TZOLK_A_TEMPLE_PAY) {
        keys[0] = TERM_TZOLK_SPOT_TEMPLE + (a - TZOLK_A_TEMPLE_PAY) / 3;
        return 1;
    }
    if (a >= TZOLK_A_TEMPLE || a >= TZOLK_A_BEG || a >= TZOLK_A_BURN) {
        keys[0] = TERM_TZOLK_SPOT_TEMPLE + (a >= TZOLK_A_TEMPLE ? a - TZOLK_A_TEMPLE
                                            : a >= TZOLK_A_BEG  ? a - TZOLK_A_BEG
                                                                : a - TZOLK_A_BURN);
        return 1;
    }
    return 0; /* advance, corn, wood */
}

void term_tzolk_words(const tzolk_state *s, int a, int viewer, char *buf, size_t len)
{
    char text[GAME_TEXT_MAX], more[128];
    int seat = s->actor + 1;
    if (tzolk_action_to_text(s, a, text, sizeof text) != 0) {
        snprintf(buf, len, "Seat %d played action %d", seat, a);
        return;
    }
    const char *arg = strchr(text, ' ') ? strchr(text, ' ') + 1 : "";
    if (a >= TZOLK_A_MARKET)
        snprintf(buf, len, "Seat %d traded at the market: %s", seat, arg[0] ? arg : "nothing");
    else if (a >= TZOLK_A_BLOCK)
        snprintf(buf, len, "Wealth tile %s is revealed: its positions are blocked", arg);
    else if (a >= TZOLK_A_DEAL) {
        wealth_words(a - TZOLK_A_DEAL, more, sizeof more);
        if (viewer == s->actor)
            snprintf(buf, len, "You (seat %d) are dealt wealth tile %s", seat, more);
        else
            snprintf(buf, len, "Seat %d is dealt a wealth tile", seat);
    } else if (a >= TZOLK_A_BUILDING) {
        building_text(a - TZOLK_A_BUILDING, more, sizeof more);
        snprintf(buf, len, "Building %s is revealed", more);
    } else if (a >= TZOLK_A_MONUMENT) {
        monument_text(a - TZOLK_A_MONUMENT, more, sizeof more);
        snprintf(buf, len, "Monument %s is revealed", more);
    } else if (a >= TZOLK_A_START)
        snprintf(buf, len, "Seat %d gets the start-player token", a - TZOLK_A_START + 1);
    else if (a >= TZOLK_A_KEEP) {
        char second[64];
        wealth_words((a - TZOLK_A_KEEP) / TZOLK_WEALTH, more, sizeof more);
        wealth_words((a - TZOLK_A_KEEP) % TZOLK_WEALTH, second, sizeof second);
        if (viewer == s->actor)
            snprintf(buf, len, "You (seat %d) kept wealth tiles %s and %s", seat, more, second);
        else
            snprintf(buf, len, "Seat %d kept two wealth tiles", seat);
    } else if (a >= TZOLK_A_BUILD_MON)
        snprintf(buf, len, "Seat %d built monument %s", seat, arg);
    else if (a >= TZOLK_A_BUILD) {
        int b = a >= TZOLK_A_BUILD_FULL ? a - TZOLK_A_BUILD_FULL
                : a >= TZOLK_A_BUILD_SAVE ? (a - TZOLK_A_BUILD_SAVE) / 3
                                          : a - TZOLK_A_BUILD;
        building_text(b, more, sizeof more);
        snprintf(buf, len, "Seat %d built %s%s", seat, more,
                 a >= TZOLK_A_BUILD_FULL ? " (paid in full)"
                 : a >= TZOLK_A_BUILD_SAVE ? " (saving a cube, ARCH 3)"
                                           : "");
    } else if (a >= TZOLK_A_PICK) {
        const char *what = strchr(arg, ' ') ? strchr(arg, ' ') + 1 : "";
        int p_len = (int)(strchr(arg, ' ') ? strchr(arg, ' ') - arg : (long)strlen(arg));
        if (strcmp(what, "none") == 0)
            snprintf(buf, len, "Seat %d picked up the worker on %.*s without an action", seat, p_len, arg);
        else if (tzolk_listed_cost(s, a) > 0) /* a step back to a lower action (Z6.1b) */
            snprintf(buf, len, "Seat %d picked up the worker on %.*s and performs %s, paying %d corn", seat, p_len,
                     arg, what, tzolk_listed_cost(s, a));
        else
            snprintf(buf, len, "Seat %d picked up the worker on %.*s and performs %s", seat, p_len, arg, what);
    } else if (a >= TZOLK_A_DO)
        snprintf(buf, len, "Seat %d chose to perform %s", seat, arg);
    else if (a >= TZOLK_A_GAIN)
        snprintf(buf, len, "Seat %d gained %s", seat, arg);
    else if (a >= TZOLK_A_TECH_FREE)
        snprintf(buf, len, "Seat %d advanced on technology %s%s", seat, arg,
                 a >= TZOLK_A_TECH ? " (paid)" : " (free)");
    else if (a == TZOLK_A_PLACE_START)
        snprintf(buf, len, "Seat %d placed a worker on the start-player space, paying %d corn", seat,
                 tzolk_place_cost(s, TZOLK_GEARS));
    else if (a >= TZOLK_A_PLACE) {
        int g = a - TZOLK_A_PLACE;
        snprintf(buf, len, "Seat %d placed a worker on %s (%s) at position %d, paying %d corn", seat,
                 tzolk_gear_name(g), gear_name[g], tzolk_lowest_free(s, g), tzolk_place_cost(s, g));
    } else if (a >= TZOLK_A_TEMPLES)
        snprintf(buf, len, "Seat %d went up two temples, paying a resource: %s", seat, arg);
    else if (a >= TZOLK_A_TEMPLE_PAY)
        snprintf(buf, len, "Seat %d paid a resource for a step on a temple: %s", seat, arg);
    else if (a >= TZOLK_A_TEMPLE)
        snprintf(buf, len, "Seat %d went up a step on temple %s", seat, arg);
    else if (a >= TZOLK_A_BEG)
        snprintf(buf, len, "Seat %d begged for corn, angering %s", seat, arg);
    else if (a >= TZOLK_A_BURN)
        snprintf(buf, len, "Seat %d burned the forest, angering %s", seat, arg);
    else if (a == TZOLK_A_WOOD)
        snprintf(buf, len, "Seat %d harvested wood", seat);
    else if (a == TZOLK_A_CORN)
        snprintf(buf, len, "Seat %d harvested corn", seat);
    else if (a >= TZOLK_A_ADVANCE)
        snprintf(buf, len, "Seat %d advanced the calendar by %s", seat,
                 a == TZOLK_A_ADVANCE ? "one tooth" : "two teeth");
    else if (a == TZOLK_A_SKIP)
        snprintf(buf, len, "Seat %d skipped the optional step", seat);
    else
        snprintf(buf, len, "Seat %d ended the turn", seat);
}

/* ---- the terminal's entry (term_games.h) ---------------------------------- */

static void tzolk_size(int cols, int *rows_out, int *cols_out)
{
    (void)cols;
    *cols_out = TERM_TZOLK_COLS;
    *rows_out = 48;
}

static int tzolk_draw(const void *state, int viewer, const unsigned char *marks, term_canvas *c, term_spots *spots)
{
    return term_tzolk_table(state, viewer, marks, c, 0, 0, spots);
}

/* The seats' table begins where its temples' column does. */
static int tzolk_panel_row(const void *state, int cols)
{
    term_canvas measure = {0, cols, NULL, NULL}; /* no cells: lays out only */
    term_spots spots;
    spots.count = 0;
    term_tzolk_table(state, -1, NULL, &measure, 0, 0, &spots);
    int i = term_spots_find(&spots, TERM_TZOLK_SPOT_TEMPLE);
    return i >= 0 ? spots.spot[i].row : 0;
}

static int tzolk_action_spots(const void *state, int action, int keys[2])
{
    return term_tzolk_action_spots(state, action, keys);
}

static void tzolk_words(const void *before, int action, int viewer, char *buf, size_t len)
{
    term_tzolk_words(before, action, viewer, buf, len);
}

static void tzolk_rules(char *buf, size_t len)
{
    _Static_assert(TZOLK_FOOD_DAYS == 4, "the summary names four food days");
    const uint8_t *food = tzolk_board()->food_tooth;
    snprintf(buf, len,
             "Tzolk'in (rules/tzolkin.md). Each turn (Z4) either place workers on\n"
             "the gears, paying corn for the position plus a surcharge for the workers\n"
             "already placed that turn (Z5), or pick workers up and perform the action\n"
             "they reached or a lower one paying %d corn for each step back (Z6); never\n"
             "both. Beg for corn if you have at most %d (Z4.2). PAL corn and wood (Z7),\n"
             "YAX resources and skulls (Z8), CHI skulls for VP and temples (Z9), TIK\n"
             "technology and buildings (Z10, Z12, Z13), UXM temple, market, workers (Z11).\n"
             "The calendar turns one tooth each round (Z17); food days at T = %d, %d, %d,\n"
             "%d cost %d corn per worker (Z18) and pay temple goods or VP (Z15).\n"
             "The start-player space takes the corn pool and the token (Z16).\n"
             "At T = %d the game ends: monuments, resources and skulls score (Z19).\n",
             TZOLK_STEP_BACK_CORN, TZOLK_BEG_THRESHOLD, food[0], food[1], food[2], food[3], TZOLK_FEED_CORN,
             TZOLK_CALENDAR_TEETH);
}

const term_game term_tzolk_game = {
    .game = &tzolkin_game,
    .size = tzolk_size,
    .draw = tzolk_draw,
    .panel_row = tzolk_panel_row,
    .action_spots = tzolk_action_spots,
    .words = tzolk_words,
    .rules = tzolk_rules,
    .legend =
        "Legend of the table (Tzolk'in). Gears: one column per position (Z1.2):\n"
        "  . free, x blocked (Z2.9), 1-4 a worker of that seat; under each gear what\n"
        "  its actions give: 5c/2w = 5 corn or 2 wood, 3c: = pays 3 corn first.\n"
        "Place for corn: what a placement on each gear costs you now (Z5.4).\n"
        "jungle corn/forest 2/0 = corn tiles and forest tiles left at PAL2..PAL5.\n"
        "Costs: 2w1s1g = 2 wood, 1 stone, 1 gold; 1k = 1 skull. +1 corn = gains.\n"
        "Seats: VP, corn, w s g = wood stone gold, workers 3 (2) = 3 in all, 2 in hand;\n"
        "the temple steps and technology levels; wealth: the kept tiles (Z2.10).\n",
    .routes = 0,
    .home_spot = -1,
};
