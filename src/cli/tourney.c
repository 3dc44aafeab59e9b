/*
 * tourney.c -- tournament statistics, table, CSV and SVG (see tourney.h).
 */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "cli/tourney.h"

void tourney_wilson(double wins, double n, double z, double *low, double *high)
{
    if (n <= 0) {
        *low = 0;
        *high = 1;
        return;
    }
    double p = wins / n, z2 = z * z;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    *low = centre - half < 0 ? 0 : centre - half;
    *high = centre + half > 1 ? 1 : centre + half;
}

double tourney_elo(double rate, double expected)
{
    if (rate <= 0)
        return -1000;
    if (rate >= 1)
        return 1000;
    double elo = 400 * log10((rate / (1 - rate)) / (expected / (1 - expected)));
    return elo < -1000 ? -1000 : elo > 1000 ? 1000 : elo;
}

void tourney_summarize(const tourney_game *games, int count, int entries, tourney_summary *out)
{
    double sum[TOURNEY_ENTRIES_MAX] = {0}, sum2[TOURNEY_ENTRIES_MAX] = {0};
    memset(out, 0, (size_t)entries * sizeof *out);
    for (int g = 0; g < count; g++) {
        const tourney_game *game = &games[g];
        int seats[TOURNEY_ENTRIES_MAX] = {0}, won[TOURNEY_ENTRIES_MAX] = {0}, winners = 0;
        for (int s = 0; s < game->players; s++) {
            int e = game->entry[s];
            tourney_summary *t = &out[e];
            seats[e]++;
            if (game->winners >> s & 1u) {
                won[e]++;
                winners++;
            }
            sum[e] += game->score[s];
            sum2[e] += (double)game->score[s] * game->score[s];
            t->score_count++;
            t->moves += game->moves[s];
            t->seconds += game->seconds[s];
            t->turns += game->turns[s];
            if (game->turn_max[s] > t->turn_max)
                t->turn_max = game->turn_max[s];
        }
        for (int e = 0; e < entries; e++) {
            if (seats[e] == 0)
                continue;
            out[e].games++;
            out[e].expected += (double)seats[e] / game->players;
            if (winners > 0)
                out[e].wins += (double)won[e] / winners;
        }
    }
    for (int e = 0; e < entries; e++) {
        tourney_summary *t = &out[e];
        if (t->games > 0) {
            t->rate = t->wins / t->games;
            tourney_wilson(t->wins, t->games, 1.96, &t->rate_low, &t->rate_high);
            double expected = t->expected / t->games;
            t->elo = tourney_elo(t->rate, expected);
            t->elo_low = tourney_elo(t->rate_low, expected);
            t->elo_high = tourney_elo(t->rate_high, expected);
        }
        if (t->score_count > 0) {
            t->score_mean = sum[e] / t->score_count;
            double var = sum2[e] / t->score_count - t->score_mean * t->score_mean;
            t->score_sd = var > 0 ? sqrt(var) : 0;
        }
    }
}

/* Invert the n x n matrix a (row-major) in place by Gauss-Jordan with
 * partial pivoting; -1 if it is singular. */
static int tourney_invert(double *a, int n)
{
    enum { N = TOURNEY_ENTRIES_MAX };
    double inv[N * N];
    assert(n <= N);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            inv[i * n + j] = i == j;
    for (int c = 0; c < n; c++) {
        int pivot = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[pivot * n + c]))
                pivot = r;
        if (fabs(a[pivot * n + c]) < 1e-12)
            return -1;
        for (int j = 0; j < n; j++) {
            double t = a[c * n + j];
            a[c * n + j] = a[pivot * n + j];
            a[pivot * n + j] = t;
            t = inv[c * n + j];
            inv[c * n + j] = inv[pivot * n + j];
            inv[pivot * n + j] = t;
        }
        double d = a[c * n + c];
        for (int j = 0; j < n; j++) {
            a[c * n + j] /= d;
            inv[c * n + j] /= d;
        }
        for (int r = 0; r < n; r++) {
            double f = a[r * n + c];
            if (r == c || f == 0)
                continue;
            for (int j = 0; j < n; j++) {
                a[r * n + j] -= f * a[c * n + j];
                inv[r * n + j] -= f * inv[c * n + j];
            }
        }
    }
    memcpy(a, inv, sizeof(double) * (size_t)(n * n));
    return 0;
}

int tourney_pair_result(const tourney_game *game, int *a, int *b, double *a_share)
{
    int first = game->entry[0], second = -1;
    double won[2] = {0, 0}; /* winning seats of first, of second */
    for (int s = 0; s < game->players; s++) {
        int e = game->entry[s];
        if (e != first && second >= 0 && e != second)
            return -1;
        if (e != first)
            second = e;
        if (game->winners >> s & 1u)
            won[e != first]++;
    }
    if (second < 0)
        return -1;
    double share = won[0] + won[1] > 0 ? won[0] / (won[0] + won[1]) : 0.5;
    *a = first < second ? first : second;
    *b = first < second ? second : first;
    *a_share = first < second ? share : 1 - share;
    return 0;
}

int tourney_bradley_terry(const tourney_game *games, int count, int entries, tourney_rating *out)
{
    enum { N = TOURNEY_ENTRIES_MAX, ROUNDS = 100000 };
    double met[N][N] = {{0}}, score[N][N] = {{0}}, wins[N] = {0}, strength[N];
    assert(entries >= 1 && entries <= N);
    memset(out, 0, (size_t)entries * sizeof *out);
    for (int g = 0; g < count; g++) {
        int a, b;
        double share;
        if (tourney_pair_result(&games[g], &a, &b, &share) != 0)
            continue;
        assert(a >= 0 && b < entries);
        met[a][b]++;
        met[b][a]++;
        score[a][b] += share;
        score[b][a] += 1 - share;
    }
    /* what the fit counts: a one-sided pair as if one game were drawn */
    for (int i = 0; i < entries; i++)
        for (int j = 0; j < entries; j++) {
            if (met[i][j] == 0)
                continue;
            out[i].games += (int)met[i][j];
            out[i].wins += score[i][j];
            wins[i] += score[i][j];
            if (score[i][j] == 0) {
                out[i].lost_all |= 1u << j;
                wins[i] += 0.5;
            } else if (score[i][j] == met[i][j]) {
                out[i].won_all |= 1u << j;
                wins[i] -= 0.5;
            }
        }
    /* every entry linked to entry 0 */
    int linked[N] = {1}, grew = 1;
    while (grew) {
        grew = 0;
        for (int i = 0; i < entries; i++)
            for (int j = 0; j < entries; j++)
                if (linked[i] && !linked[j] && met[i][j] > 0)
                    linked[j] = grew = 1;
    }
    for (int i = 0; i < entries; i++)
        if (!linked[i])
            return -1;
    for (int i = 0; i < entries; i++)
        strength[i] = 1.0;
    for (int round = 0; round < ROUNDS; round++) {
        double change = 0;
        for (int i = 0; i < entries; i++) {
            double sum = 0;
            for (int j = 0; j < entries; j++)
                if (j != i && met[i][j] > 0)
                    sum += met[i][j] / (strength[i] + strength[j]);
            double next = sum > 0 ? wins[i] / sum : strength[i];
            change = fmax(change, fabs(log(next / strength[i])));
            strength[i] = next;
        }
        double anchor = strength[0];
        for (int i = 0; i < entries; i++)
            strength[i] /= anchor;
        if (change < 1e-12)
            break;
    }
    /* the observed information of the log-strengths, entry 0 fixed */
    int n = entries - 1;
    double info[N * N] = {0};
    for (int i = 1; i < entries; i++)
        for (int j = 0; j < entries; j++) {
            if (j == i || met[i][j] == 0)
                continue;
            double p = strength[i] / (strength[i] + strength[j]);
            double v = met[i][j] * p * (1 - p);
            info[(i - 1) * n + (i - 1)] += v;
            if (j > 0)
                info[(i - 1) * n + (j - 1)] -= v;
        }
    int invertible = n == 0 || tourney_invert(info, n) == 0;
    double to_elo = 400 / log(10);
    for (int i = 0; i < entries; i++) {
        out[i].elo = to_elo * log(strength[i]);
        double se = i > 0 && invertible ? to_elo * sqrt(fmax(info[(i - 1) * n + (i - 1)], 0)) : 0;
        out[i].elo_low = out[i].elo - 1.96 * se;
        out[i].elo_high = out[i].elo + 1.96 * se;
    }
    return 0;
}

void tourney_print_table(FILE *out, const tourney_summary *summary, const char *const *names, int entries)
{
    fprintf(out, "%-36s %6s %7s %7s %16s %6s %14s %8s %7s %9s %9s %9s\n", "bot", "games", "wins", "rate",
            "95% CI", "Elo", "95% CI", "score", "sd", "ms/move", "ms/turn", "max turn");
    for (int e = 0; e < entries; e++) {
        const tourney_summary *t = &summary[e];
        char rate_ci[32], elo_ci[32];
        snprintf(rate_ci, sizeof rate_ci, "[%.1f, %.1f]", 100 * t->rate_low, 100 * t->rate_high);
        snprintf(elo_ci, sizeof elo_ci, "[%+.0f, %+.0f]", t->elo_low, t->elo_high);
        fprintf(out, "%-36s %6d %7.1f %6.1f%% %16s %+6.0f %14s %8.1f %7.1f %9.2f %9.1f %8.2fs\n", names[e], t->games,
                t->wins, 100 * t->rate, rate_ci, t->elo, elo_ci, t->score_mean, t->score_sd,
                t->moves > 0 ? 1000 * t->seconds / t->moves : 0.0, t->turns > 0 ? 1000 * t->seconds / t->turns : 0.0,
                t->turn_max);
    }
}

const char tourney_csv_header[] = "game,seed,rotation,seat,bot,score,win,moves,seconds,turns,turn_max";

void tourney_write_csv(FILE *out, const tourney_game *games, int count, const char *const *names)
{
    fprintf(out, "%s\n", tourney_csv_header);
    for (int g = 0; g < count; g++) {
        const tourney_game *game = &games[g];
        int winners = 0;
        for (int s = 0; s < game->players; s++)
            winners += (int)(game->winners >> s & 1u);
        for (int s = 0; s < game->players; s++)
            fprintf(out, "%d,%llu,%d,%d,\"%s\",%d,%.4f,%d,%.6f,%d,%.6f\n", game->index + 1,
                    (unsigned long long)game->seed, game->rotation, s + 1, names[game->entry[s]], game->score[s],
                    (game->winners >> s & 1u) ? 1.0 / winners : 0.0, game->moves[s], game->seconds[s], game->turns[s],
                    game->turn_max[s]);
    }
}

/* Text safe inside SVG. */
static void tourney_svg_text(FILE *out, const char *text)
{
    for (; *text; text++)
        switch (*text) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*text, out);
        }
}

void tourney_write_svg(FILE *out, const tourney_game *games, int count, const char *const *names, int entries,
                       const char *title)
{
    static const char *const colours[TOURNEY_ENTRIES_MAX] = {"#1b9e77", "#d95f02", "#7570b3", "#e7298a"};
    enum { BINS = 24, W = 720, H = 360, LEFT = 50, RIGHT = 20, TOP = 40, BOTTOM = 50 };
    int low = 0, high = 0, first = 1;
    for (int g = 0; g < count; g++)
        for (int s = 0; s < games[g].players; s++) {
            int v = games[g].score[s];
            if (first || v < low)
                low = v;
            if (first || v > high)
                high = v;
            first = 0;
        }
    double width = (double)(high - low + 1) / BINS;
    int bins[TOURNEY_ENTRIES_MAX][BINS];
    memset(bins, 0, sizeof bins);
    int most = 1;
    for (int g = 0; g < count; g++)
        for (int s = 0; s < games[g].players; s++) {
            int b = (int)((games[g].score[s] - low) / width);
            b = b < 0 ? 0 : b >= BINS ? BINS - 1 : b;
            int *cell = &bins[games[g].entry[s]][b];
            if (++*cell > most)
                most = *cell;
        }
    double plot_w = W - LEFT - RIGHT, plot_h = H - TOP - BOTTOM, bar = plot_w / BINS / entries;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                 "font-family=\"sans-serif\" font-size=\"12\">\n", W, H);
    fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n<text x=\"%d\" y=\"20\" font-size=\"14\">", W, H,
            LEFT);
    tourney_svg_text(out, title);
    fputs("</text>\n", out);
    for (int e = 0; e < entries; e++)
        for (int b = 0; b < BINS; b++) {
            if (bins[e][b] == 0)
                continue;
            double h = plot_h * bins[e][b] / most;
            fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                    LEFT + b * plot_w / BINS + e * bar, TOP + plot_h - h, bar, h, colours[e]);
        }
    fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", LEFT, TOP + (int)plot_h,
            W - RIGHT, TOP + (int)plot_h);
    fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", LEFT, TOP, LEFT,
            TOP + (int)plot_h);
    for (int k = 0; k <= 4; k++) {
        double x = LEFT + k * plot_w / 4;
        fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n", x, TOP + (int)plot_h + 16,
                low + k * (high - low + 1) / 4.0);
    }
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">final score</text>\n", LEFT + (int)plot_w / 2,
            H - 10);
    fprintf(out, "<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">seats (max %d "
                 "per bin)</text>\n", TOP + (int)plot_h / 2, TOP + (int)plot_h / 2, most);
    for (int e = 0; e < entries; e++) {
        int y = TOP + 4 + 16 * e;
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", W - RIGHT - 220, y,
                colours[e]);
        fprintf(out, "<text x=\"%d\" y=\"%d\">", W - RIGHT - 205, y + 10);
        tourney_svg_text(out, names[e]);
        fputs("</text>\n", out);
    }
    fputs("</svg>\n", out);
}
