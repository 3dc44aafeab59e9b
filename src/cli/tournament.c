/*
 * tournament.c -- maya tournament: bots play many games of one game and
 * player count, seats rotated, in parallel worker processes (tour_play.h);
 * the table of results (tourney.h) goes to stdout, a progress bar with ETA
 * to stderr, and DIR receives every game's record, results.csv, scores.svg
 * and the table (summary.txt), so results can be looked at and checked
 * again.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bots/bot.h"
#include "cli/cli.h"
#include "cli/tour_play.h"
#include "cli/tourney.h"
#include "games.h"
#include "timer.h"

int cli_tournament(int argc, char **argv)
{
    const char *players_text = NULL, *variant_text = NULL, *seed_text = NULL, *bots_text = NULL;
    const char *games_text = NULL, *jobs_text = NULL, *out_dir = NULL;
    const cli_option options[] = {
        {"--players", 1, &players_text}, {"--variant", 1, &variant_text}, {"--seed", 1, &seed_text},
        {"--bots", 1, &bots_text},       {"--games", 1, &games_text},     {"--jobs", 1, &jobs_text},
        {"--out", 1, &out_dir},
    };
    const char *positional[1];
    int positional_count;
    int status = cli_parse("tournament", argc, argv, options, (int)(sizeof options / sizeof options[0]),
                           positional, 1, &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 1 || players_text == NULL || bots_text == NULL) {
        fputs("maya tournament: GAME, --players and --bots are required\n", stderr);
        cli_usage(stderr, "tournament");
        return CLI_USAGE;
    }
    static tour_setup t;
    memset(&t, 0, sizeof t);
    long players, games = 100, jobs = sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs < 1)
        jobs = 1;
    t.seed = 1;
    t.command = "tournament";
    if ((status = cli_find_game("tournament", positional[0], &t.game)) != 0 ||
        (status = cli_parse_number("tournament", "--players", players_text, t.game->min_players,
                                   t.game->max_players, &players)) != 0 ||
        (status = cli_find_variant("tournament", t.game, variant_text, &t.options.variant)) != 0 ||
        (games_text != NULL &&
         (status = cli_parse_number("tournament", "--games", games_text, 1, 1000000, &games)) != 0) ||
        (jobs_text != NULL && (status = cli_parse_number("tournament", "--jobs", jobs_text, 1, 256, &jobs)) != 0) ||
        (seed_text != NULL && (status = cli_parse_seed("tournament", seed_text, &t.seed)) != 0))
        return status;
    t.options.players = (int)players;
    t.games = games;
    char why[256] = "";
    t.entries = bot_parse_list(bots_text, t.bots, TOURNEY_ENTRIES_MAX, why, sizeof why);
    if (t.entries < 0) {
        fprintf(stderr, "maya tournament: --bots: %s\n", why);
        return CLI_USAGE;
    }
    const char *names[TOURNEY_ENTRIES_MAX];
    for (int e = 0; e < t.entries; e++) {
        bot_spec_in(t.game, &t.bots[e], t.names[e], sizeof t.names[e]);
        for (int f = 0; f < e; f++)
            if (strcmp(t.names[f], t.names[e]) == 0) {
                size_t len = strlen(t.names[e]);
                snprintf(t.names[e] + len, sizeof t.names[e] - len, " #%d", e + 1);
                break;
            }
        names[e] = t.names[e];
    }
    if (jobs > games)
        jobs = games;
    char variant_part[40] = "";
    if (games_variant_count(t.game) > 0)
        snprintf(variant_part, sizeof variant_part, "-%s", t.game->variants[t.options.variant]);
    char default_dir[128];
    snprintf(default_dir, sizeof default_dir, "tournament-%s-%dp%s", t.game->name, t.options.players, variant_part);
    t.dir = out_dir != NULL ? out_dir : default_dir;
    tour_date(t.date);
    char games_dir[4096];
    snprintf(games_dir, sizeof games_dir, "%s/games", t.dir);
    if (tour_mkdir("tournament", t.dir) != 0 || tour_mkdir("tournament", games_dir) != 0)
        return CLI_FAIL;

    tourney_game *results = calloc((size_t)games, sizeof *results);
    if (results == NULL) {
        fputs("maya tournament: out of memory\n", stderr);
        return CLI_FAIL;
    }
    double start = timer_now();
    status = tour_run(&t, (int)jobs, results);
    double wall = timer_now() - start;
    if (status == 0) {
        tourney_summary summary[TOURNEY_ENTRIES_MAX];
        tourney_summarize(results, (int)games, t.entries, summary);
        char title[256];
        snprintf(title, sizeof title, "%s %dp%s, %ld games, seed %llu: final scores", t.game->name,
                 t.options.players, variant_part, games, (unsigned long long)t.seed);
        FILE *f;
        for (int pass = 0; pass < 2; pass++) {
            FILE *out = stdout;
            if (pass == 1 && tour_file("tournament", t.dir, "summary.txt", &out) != 0) {
                status = CLI_FAIL;
                break;
            }
            fprintf(out, "%s %dp%s: %ld games, seed %llu, %ld jobs, %.1f s\n", t.game->name, t.options.players,
                    variant_part, games, (unsigned long long)t.seed, jobs, wall);
            tourney_print_table(out, summary, names, t.entries);
            if (pass == 1)
                fclose(out);
        }
        if (status == 0 && tour_file("tournament", t.dir, "results.csv", &f) == 0) {
            tourney_write_csv(f, results, (int)games, names);
            fclose(f);
        } else
            status = CLI_FAIL;
        if (status == 0 && tour_file("tournament", t.dir, "scores.svg", &f) == 0) {
            tourney_write_svg(f, results, (int)games, names, t.entries, title);
            fclose(f);
        } else
            status = CLI_FAIL;
        if (status == 0)
            printf("records, results.csv, scores.svg and summary.txt in %s\n", t.dir);
    }
    free(results);
    return status;
}
