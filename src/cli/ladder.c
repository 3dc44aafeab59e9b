/*
 * ladder.c -- maya ladder: the Elo ladder of bot levels. Each pair of
 * neighbouring levels (by default the difficulty levels of bot.h, weakest
 * first) plays G games of N seats (default 2), each pair two steps apart
 * G/2, seats rotated and seeded as in a tournament (tour_play.h); one
 * Bradley-Terry fit of all the games (tourney.h) gives each level an Elo
 * with its 95% interval, the weakest at 0. The table also shows each
 * level's win rate against the level below, its time per decision and its
 * longest turn. DIR receives each pair's records (DIR/pair-N/games),
 * results.csv (one line per game) and ladder.csv (the ratings).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bots/bot.h"
#include "cli/cli.h"
#include "cli/tour_play.h"
#include "cli/tourney.h"
#include "games.h"
#include "timer.h"

/* The levels of the ladder: their specs as given, parsed. */
typedef struct ladder {
    int count;                                    /* levels */
    char names[TOURNEY_ENTRIES_MAX][BOT_SPEC_MAX]; /* as given (a level's name or a spec) */
    bot_settings bots[TOURNEY_ENTRIES_MAX];        /* parsed */
    char specs[TOURNEY_ENTRIES_MAX][BOT_SPEC_MAX]; /* what each stands for (bot_spec) */
} ladder;

/* Read --levels (a list of level names or specs as --bots takes; NULL: the
 * difficulty levels). 0 or CLI_USAGE (message printed). */
static int ladder_levels(const game_def *game, const char *text, ladder *l)
{
    char why[256] = "";
    l->count = 0;
    if (text == NULL) {
        const bot_level *levels = bot_levels(&l->count);
        if (l->count > TOURNEY_ENTRIES_MAX) {
            fprintf(stderr, "maya ladder: more than %d levels: name some with --levels\n", TOURNEY_ENTRIES_MAX);
            return CLI_USAGE;
        }
        for (int i = 0; i < l->count; i++)
            snprintf(l->names[i], sizeof l->names[i], "%s", levels[i].name);
    } else if ((l->count = bot_split_list(text, l->names, TOURNEY_ENTRIES_MAX, why, sizeof why)) < 0) {
        fprintf(stderr, "maya ladder: --levels: %s\n", why);
        return CLI_USAGE;
    }
    for (int i = 0; i < l->count; i++) {
        if (bot_parse(l->names[i], &l->bots[i], why, sizeof why) != 0) {
            fprintf(stderr, "maya ladder: --levels: %s\n", why);
            return CLI_USAGE;
        }
        bot_spec_in(game, &l->bots[i], l->specs[i], sizeof l->specs[i]);
    }
    if (l->count < 2) {
        fputs("maya ladder: --levels: at least two levels\n", stderr);
        return CLI_USAGE;
    }
    return 0;
}

/* Append to note the levels of the bits of set, after what, comma-separated. */
static void ladder_note(char *note, size_t size, const ladder *l, const char *what, unsigned set)
{
    for (int j = 0; j < l->count; j++)
        if (set >> j & 1u) {
            size_t len = strlen(note);
            snprintf(note + len, size - len, "%s%s", what, l->names[j]);
            what = ", ";
        }
}

/* x as the table shows it: no "-0" for a rounding error. */
static double ladder_shown(double x)
{
    return fabs(x) < 0.5 ? 0 : x;
}

/* The table: one line per level, then how to read it. */
static void ladder_print(FILE *out, const ladder *l, const tourney_rating *rating, const tourney_summary *time,
                         const tourney_game *games, long count)
{
    fprintf(out, "%-14s %-28s %6s %12s %6s %20s %8s %12s\n", "level", "spec", "Elo", "95% CI", "games",
            "win rate vs below", "ms/move", "max ms/turn");
    for (int i = 0; i < l->count; i++) {
        double wins = 0, share;
        int played = 0, a, b;
        for (long g = 0; g < count && i > 0; g++)
            if (tourney_pair_result(&games[g], &a, &b, &share) == 0 && a == i - 1 && b == i) {
                wins += 1 - share;
                played++;
            }
        char ci[40], below[48] = "-", note[256] = "";
        snprintf(ci, sizeof ci, "[%+.0f, %+.0f]", ladder_shown(rating[i].elo_low), ladder_shown(rating[i].elo_high));
        if (played > 0) {
            double low, high;
            tourney_wilson(wins, played, 1.96, &low, &high);
            snprintf(below, sizeof below, "%.1f%% [%.1f, %.1f]", 100 * wins / played, 100 * low, 100 * high);
        }
        ladder_note(note, sizeof note, l, "  capped: won all vs ", rating[i].won_all);
        ladder_note(note, sizeof note, l, note[0] ? "; lost all vs " : "  capped: lost all vs ", rating[i].lost_all);
        double per_move = time[i].moves > 0 ? 1000 * time[i].seconds / time[i].moves : 0.0;
        fprintf(out, "%-14s %-28s %+6.0f %12s %6d %20s %8.2f %12.0f%s\n", l->names[i], l->specs[i],
                ladder_shown(rating[i].elo), ci, rating[i].games, below, per_move, 1000 * time[i].turn_max, note);
    }
    fprintf(out, "Elo: Bradley-Terry maximum likelihood on all the games, %s at 0, 95%% intervals from the observed\n"
                 "information; capped: won or lost every game against a level, fitted as if one were drawn;\n"
                 "a turn: a seat's decisions until another seat decides.\n", l->names[0]);
}

/* results.csv: one line per game, the levels and scores of its seats. */
static void ladder_write_games(FILE *f, const ladder *l, const tourney_game *games, const long *pair_start,
                               int pairs)
{
    int players = games[0].players;
    fputs("pair,game,seed", f);
    for (int s = 1; s <= players; s++)
        fprintf(f, ",level%d", s);
    for (int s = 1; s <= players; s++)
        fprintf(f, ",score%d", s);
    fputs(",winners\n", f);
    for (int p = 0; p < pairs; p++)
        for (long g = pair_start[p]; g < pair_start[p + 1]; g++) {
            const tourney_game *game = &games[g];
            fprintf(f, "%d,%ld,%llu", p + 1, g - pair_start[p] + 1, (unsigned long long)game->seed);
            for (int s = 0; s < players; s++)
                fprintf(f, ",\"%s\"", l->names[game->entry[s]]);
            for (int s = 0; s < players; s++)
                fprintf(f, ",%d", game->score[s]);
            const char *sep = "";
            fputc(',', f);
            for (int s = 0; s < players; s++)
                if (game->winners >> s & 1u) {
                    fprintf(f, "%s%d", sep, s + 1);
                    sep = "+";
                }
            fputc('\n', f);
        }
}

int cli_ladder(int argc, char **argv)
{
    const char *players_text = NULL, *variant_text = NULL, *seed_text = NULL, *levels_text = NULL;
    const char *games_text = NULL, *jobs_text = NULL, *out_dir = NULL;
    const cli_option options[] = {
        {"--players", 1, &players_text}, {"--variant", 1, &variant_text}, {"--seed", 1, &seed_text},
        {"--levels", 1, &levels_text},   {"--games", 1, &games_text},     {"--jobs", 1, &jobs_text},
        {"--out", 1, &out_dir},
    };
    const char *positional[1];
    int positional_count;
    int status = cli_parse("ladder", argc, argv, options, (int)(sizeof options / sizeof options[0]), positional, 1,
                           &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 1) {
        fputs("maya ladder: which game?\n", stderr);
        cli_usage(stderr, "ladder");
        return CLI_USAGE;
    }
    static tour_setup t;
    static ladder l;
    memset(&t, 0, sizeof t);
    long players = 2, games = 100, jobs = sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs < 1)
        jobs = 1;
    t.seed = 1;
    t.command = "ladder";
    t.entries = 2;
    if ((status = cli_find_game("ladder", positional[0], &t.game)) != 0)
        return status;
    if (players < t.game->min_players)
        players = t.game->min_players;
    if ((players_text != NULL && (status = cli_parse_number("ladder", "--players", players_text, t.game->min_players,
                                                            t.game->max_players, &players)) != 0) ||
        (status = cli_find_variant("ladder", t.game, variant_text, &t.options.variant)) != 0 ||
        (games_text != NULL && (status = cli_parse_number("ladder", "--games", games_text, 2, 100000, &games)) != 0) ||
        (jobs_text != NULL && (status = cli_parse_number("ladder", "--jobs", jobs_text, 1, 256, &jobs)) != 0) ||
        (seed_text != NULL && (status = cli_parse_seed("ladder", seed_text, &t.seed)) != 0) ||
        (status = ladder_levels(t.game, levels_text, &l)) != 0)
        return status;
    t.options.players = (int)players;
    char variant_part[40] = "", default_dir[128];
    if (games_variant_count(t.game) > 0)
        snprintf(variant_part, sizeof variant_part, "-%s", t.game->variants[t.options.variant]);
    snprintf(default_dir, sizeof default_dir, "ladder-%s-%ldp%s", t.game->name, players, variant_part);
    const char *dir = out_dir != NULL ? out_dir : default_dir;
    if (tour_mkdir("ladder", dir) != 0)
        return CLI_FAIL;
    tour_date(t.date);

    /* the pairs: neighbours G games, two steps apart G/2; pair p's games
     * are all[pair_start[p] .. pair_start[p + 1] - 1] */
    enum { PAIRS = 2 * TOURNEY_ENTRIES_MAX };
    int pair_level[PAIRS][2], pairs = 0;
    long pair_start[PAIRS + 1] = {0};
    for (int step = 1; step <= 2; step++)
        for (int a = 0; a + step < l.count; a++) {
            pair_level[pairs][0] = a;
            pair_level[pairs][1] = a + step;
            pair_start[pairs + 1] = pair_start[pairs] + (step == 1 ? games : games / 2 < 2 ? 2 : games / 2);
            pairs++;
        }
    long total = pair_start[pairs];
    tourney_game *all = calloc((size_t)total, sizeof *all);
    if (all == NULL) {
        fputs("maya ladder: out of memory\n", stderr);
        return CLI_FAIL;
    }
    double start = timer_now();
    for (int p = 0; p < pairs && status == 0; p++) {
        char pair_dir[4096], games_dir[4200];
        snprintf(pair_dir, sizeof pair_dir, "%s/pair-%d", dir, p + 1);
        snprintf(games_dir, sizeof games_dir, "%s/games", pair_dir);
        if (tour_mkdir("ladder", pair_dir) != 0 || tour_mkdir("ladder", games_dir) != 0) {
            status = CLI_FAIL;
            break;
        }
        const int *level = pair_level[p];
        for (int e = 0; e < 2; e++) {
            t.bots[e] = l.bots[level[e]];
            snprintf(t.names[e], sizeof t.names[e], "%s", l.names[level[e]]);
        }
        t.games = pair_start[p + 1] - pair_start[p];
        t.dir = pair_dir;
        fprintf(stderr, "pair %d of %d: %s against %s, %ld games\n", p + 1, pairs, l.names[level[0]],
                l.names[level[1]], t.games);
        tourney_game *played = all + pair_start[p];
        status = tour_run(&t, (int)(jobs < t.games ? jobs : t.games), played);
        for (long g = 0; g < t.games; g++) /* entries of the pair -> levels */
            for (int s = 0; s < played[g].players; s++)
                played[g].entry[s] = level[played[g].entry[s]];
    }
    tourney_rating rating[TOURNEY_ENTRIES_MAX];
    if (status == 0 && tourney_bradley_terry(all, (int)total, l.count, rating) != 0) {
        fputs("maya ladder: the levels are not linked by games\n", stderr);
        status = CLI_FAIL;
    }
    FILE *f;
    if (status == 0) {
        tourney_summary time[TOURNEY_ENTRIES_MAX];
        tourney_summarize(all, (int)total, l.count, time);
        printf("%s %ldp%s ladder: %d levels, %d pairs, %ld games, seed %llu, %ld jobs, %.1f s\n", t.game->name,
               players, variant_part, l.count, pairs, total, (unsigned long long)t.seed, jobs, timer_now() - start);
        ladder_print(stdout, &l, rating, time, all, total);
        if ((status = tour_file("ladder", dir, "results.csv", &f)) == 0) {
            ladder_write_games(f, &l, all, pair_start, pairs);
            fclose(f);
        }
    }
    if (status == 0 && (status = tour_file("ladder", dir, "ladder.csv", &f)) == 0) {
        fputs("level,spec,elo,low,high,games,wins\n", f);
        for (int i = 0; i < l.count; i++)
            fprintf(f, "\"%s\",\"%s\",%.1f,%.1f,%.1f,%d,%.1f\n", l.names[i], l.specs[i], rating[i].elo,
                    rating[i].elo_low, rating[i].elo_high, rating[i].games, rating[i].wins);
        fclose(f);
        printf("records (pair-N/games), results.csv and ladder.csv in %s\n", dir);
    }
    free(all);
    return status;
}
