/*
 * selfplay.c -- maya selfplay: bots (random unless --bots says otherwise)
 * play one whole game of a given game, options and seed; the record goes to
 * stdout or a file, followed by a comment line with the final scores. Each
 * bot is shown only its seat's observation; the Seat tags carry the bots'
 * specs.
 *
 * Seeding: a generator seeded with S gives, in this order, the seed of the
 * chance generator and the seeds of the bots of seats 1..N, so one seed
 * fixes the whole game on every machine (with iteration budgets).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bots/bot.h"
#include "cli/cli.h"
#include "cli/tour_play.h"
#include "match.h"
#include "record/record.h"

/* The Date tag value: date_text if given (checked), else today's date. */
static int cli_selfplay_date(const char *date_text, char out[11])
{
    if (date_text != NULL) {
        int ok = strlen(date_text) == 10 && date_text[4] == '-' && date_text[7] == '-';
        for (int i = 0; ok && i < 10; i++)
            ok = i == 4 || i == 7 || (date_text[i] >= '0' && date_text[i] <= '9');
        if (!ok) {
            fprintf(stderr, "maya selfplay: --date must be YYYY-MM-DD, not \"%s\"\n", date_text);
            return CLI_USAGE;
        }
        memcpy(out, date_text, 11);
        return 0;
    }
    time_t now = time(NULL);
    struct tm local;
    if (localtime_r(&now, &local) == NULL || strftime(out, 11, "%Y-%m-%d", &local) != 10)
        memcpy(out, "1970-01-01", 11);
    return 0;
}

/* Play the match to its end with the bots of settings[0..players-1];
 * 0, or CLI_FAIL if a bot or the engine misbehaves (message printed). */
static int cli_selfplay_play(match *m, const bot_settings *settings, uint64_t seed)
{
    const game_def *game = m->game;
    int players = m->options.players;
    rng seeds, chance;
    bot *bots[GAME_MAX_PLAYERS] = {NULL};
    rng_seed(&seeds, seed);
    rng_seed(&chance, rng_next(&seeds));
    int status = 0;
    for (int s = 0; status == 0 && s < players; s++) {
        bot_settings one = settings[s];
        char why[256] = "";
        one.seed = rng_next(&seeds);
        bots[s] = bot_new(game, &one, why, sizeof why);
        if (bots[s] == NULL) {
            fprintf(stderr, "maya selfplay: %s\n", why);
            status = CLI_FAIL;
        }
    }
    if (status == 0) {
        tourney_game played = {0}; /* decisions and times, not reported here */
        char why[256] = "";
        status = tour_play_match(m, bots, &chance, &played, why, sizeof why);
        if (status != 0)
            fprintf(stderr, "maya selfplay: engine %s\n", why);
    }
    for (int s = 0; s < players; s++)
        bot_free(bots[s]);
    return status;
}

/* "; final scores 7 9, won by seat 2" */
static void cli_selfplay_summary(FILE *out, const match *m)
{
    int scores[GAME_MAX_PLAYERS];
    m->game->scores(m->state, scores);
    unsigned winners = m->game->winners(m->state);
    fputs("; final scores", out);
    for (int s = 0; s < m->options.players; s++)
        fprintf(out, " %d", scores[s]);
    fputs(winners & (winners - 1) ? ", shared by seats" : ", won by seat", out);
    for (int s = 0; s < m->options.players; s++)
        if (winners & (1u << s))
            fprintf(out, " %d", s + 1);
    fputc('\n', out);
}

int cli_selfplay(int argc, char **argv)
{
    const char *players_text = NULL, *variant_text = NULL, *seed_text = NULL, *out_path = NULL;
    const char *date_text = NULL, *bots_text = NULL;
    const cli_option options[] = {
        {"--players", 1, &players_text}, {"--variant", 1, &variant_text}, {"--seed", 1, &seed_text},
        {"--out", 1, &out_path},         {"--date", 1, &date_text},       {"--bots", 1, &bots_text},
    };
    const char *positional[1];
    int positional_count;
    int status = cli_parse("selfplay", argc, argv, options, (int)(sizeof options / sizeof options[0]), positional,
                           1, &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 1 || players_text == NULL || seed_text == NULL) {
        fputs("maya selfplay: GAME, --players and --seed are required\n", stderr);
        cli_usage(stderr, "selfplay");
        return CLI_USAGE;
    }
    const game_def *game;
    game_options chosen;
    long players;
    uint64_t seed;
    char date[11];
    if ((status = cli_find_game("selfplay", positional[0], &game)) != 0 ||
        (status = cli_parse_number("selfplay", "--players", players_text, game->min_players, game->max_players,
                                   &players)) != 0 ||
        (status = cli_find_variant("selfplay", game, variant_text, &chosen.variant)) != 0 ||
        (status = cli_parse_seed("selfplay", seed_text, &seed)) != 0 ||
        (status = cli_selfplay_date(date_text, date)) != 0)
        return status;
    chosen.players = (int)players;
    bot_settings settings[GAME_MAX_PLAYERS];
    int bot_count = 1;
    char why[256] = "";
    if (bots_text == NULL)
        bot_parse("random", &settings[0], why, sizeof why);
    else if ((bot_count = bot_parse_list(bots_text, settings, GAME_MAX_PLAYERS, why, sizeof why)) < 0) {
        fprintf(stderr, "maya selfplay: --bots: %s\n", why);
        return CLI_USAGE;
    }
    if (bot_count != 1 && bot_count != chosen.players) {
        fprintf(stderr, "maya selfplay: --bots needs one spec, or one per seat (%d)\n", chosen.players);
        return CLI_USAGE;
    }
    for (int s = bot_count; s < chosen.players; s++)
        settings[s] = settings[0];

    match m;
    if (match_init(&m, game, &chosen, why, sizeof why) != 0) {
        fprintf(stderr, "maya selfplay: %s\n", why);
        return CLI_USAGE;
    }
    status = cli_selfplay_play(&m, settings, seed);
    if (status == 0) {
        char seat_names[GAME_MAX_PLAYERS][16], seat_specs[GAME_MAX_PLAYERS][128];
        record_tag tags[GAME_MAX_PLAYERS + 1];
        int tag_count = 0;
        for (int s = 0; s < chosen.players; s++) {
            snprintf(seat_names[s], sizeof seat_names[s], "Seat%d", s + 1);
            bot_spec_in(game, &settings[s], seat_specs[s], sizeof seat_specs[s]);
            tags[tag_count++] = (record_tag){seat_names[s], seat_specs[s], 0};
        }
        tags[tag_count++] = (record_tag){"Date", date, 0};
        FILE *out = out_path != NULL ? fopen(out_path, "w") : stdout;
        if (out == NULL) {
            perror(out_path);
            status = CLI_FAIL;
        } else {
            if (record_write(out, &m, tags, tag_count) != 0)
                status = CLI_FAIL;
            if (out_path != NULL && fclose(out) != 0)
                status = CLI_FAIL;
            if (status != 0)
                fprintf(stderr, "maya selfplay: cannot write the record to %s\n",
                        out_path != NULL ? out_path : "stdout");
            cli_selfplay_summary(stdout, &m);
        }
    }
    match_free(&m);
    return status;
}
