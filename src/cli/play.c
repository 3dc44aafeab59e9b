/*
 * play.c -- maya play: a game in the terminal, full screen (curses) or in
 * the plain line mode, hot-seat and/or against bots, new or loaded from a
 * record. The game itself is run by src/term/ (a session driven by the
 * plain or the curses front end); this file only reads the command line.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "term/term_curses.h"
#include "term/term_plain.h"
#include "term/term_session.h"

enum { PLAY_SPEC_MAX = 64 };

/* Split "human,mcts:iterations=9,threads=2,greedy" into seat specs: a part
 * with '=' but no ':' continues the bot options of the part before it. */
static int play_split_seats(const char *text, char specs[GAME_MAX_PLAYERS][PLAY_SPEC_MAX])
{
    int count = 0;
    while (*text) {
        size_t len = strcspn(text, ",");
        int continues = count > 0 && memchr(text, '=', len) != NULL && memchr(text, ':', len) == NULL;
        if (continues) {
            size_t used = strlen(specs[count - 1]);
            snprintf(specs[count - 1] + used, PLAY_SPEC_MAX - used, ",%.*s", (int)len, text);
        } else {
            if (count == GAME_MAX_PLAYERS)
                return -1;
            snprintf(specs[count++], PLAY_SPEC_MAX, "%.*s", (int)len, text);
        }
        text += len + (text[len] == ',');
    }
    return count;
}

int cli_play(int argc, char **argv)
{
    const char *players_text = NULL, *variant_text = NULL, *seats_text = NULL, *load_path = NULL;
    const char *seed_text = NULL, *plain_flag = NULL, *speed_text = NULL, *no_hints = NULL, *auto_bot = NULL;
    const cli_option options[] = {
        {"--players", 1, &players_text}, {"--variant", 1, &variant_text}, {"--seats", 1, &seats_text},
        {"--load", 1, &load_path},       {"--seed", 1, &seed_text},       {"--plain", 0, &plain_flag},
        {"--speed", 1, &speed_text},     {"--no-hints", 0, &no_hints},    {"--auto-bot", 1, &auto_bot},
    };
    const char *positional[1];
    int positional_count;
    int status = cli_parse("play", argc, argv, options, (int)(sizeof options / sizeof options[0]), positional, 1,
                           &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 1) {
        fputs("maya play: which game? (maya play tikal, maya play tzolkin)\n", stderr);
        cli_usage(stderr, "play");
        return CLI_USAGE;
    }
    const game_def *game;
    game_options chosen = {0, 0};
    long players = 0, speed = -1;
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid();
    if ((status = cli_find_game("play", positional[0], &game)) != 0 ||
        (status = cli_find_variant("play", game, variant_text, &chosen.variant)) != 0 ||
        (seed_text && (status = cli_parse_seed("play", seed_text, &seed)) != 0) ||
        (speed_text && (status = cli_parse_number("play", "--speed", speed_text, 0, 60000, &speed)) != 0) ||
        (players_text && (status = cli_parse_number("play", "--players", players_text, game->min_players,
                                                    game->max_players, &players)) != 0))
        return status;
    char specs[GAME_MAX_PLAYERS][PLAY_SPEC_MAX];
    const char *spec_list[GAME_MAX_PLAYERS] = {NULL};
    int seat_count = 0;
    if (seats_text) {
        seat_count = play_split_seats(seats_text, specs);
        if (seat_count < game->min_players || seat_count > game->max_players ||
            (players && seat_count != players)) {
            fprintf(stderr, "maya play: --seats must name %s seats, not \"%s\"\n",
                    players ? players_text : "2 to 4", seats_text);
            return CLI_USAGE;
        }
        players = seat_count;
    }
    if (players == 0)
        players = game->max_players;
    for (int p = 0; p < players; p++)
        spec_list[p] = seat_count ? specs[p] : p == 0 ? "human" : "bot";
    chosen.players = (int)players;

    term_session session;
    char why[512] = "";
    if (term_session_init(&session, game, &chosen, spec_list, seed, why, sizeof why) != 0) {
        fprintf(stderr, "maya play: %s\n", why);
        return CLI_USAGE;
    }
    if (auto_bot && term_session_set_helper(&session, auto_bot, why, sizeof why) != 0) {
        fprintf(stderr, "maya play: --auto-bot: %s\n", why);
        term_session_free(&session);
        return CLI_USAGE;
    }
    session.hints_off = no_hints != NULL;
    session.speed_ms = speed >= 0 ? (int)speed : plain_flag || !isatty(0) ? 0 : 400;
    if (load_path && term_session_load(&session, load_path, seat_count ? spec_list : NULL, why, sizeof why) != 0) {
        fprintf(stderr, "maya play: %s\n", why);
        term_session_free(&session);
        return CLI_FAIL;
    }
    int plain = plain_flag != NULL;
    if (!plain && (!isatty(0) || !isatty(1))) {
        fputs("maya play: not a terminal: playing in the plain line mode (--plain)\n", stderr);
        plain = 1;
    }
    status = plain ? term_plain_run(&session, stdin, stdout) : term_curses_run(&session);
    term_session_free(&session);
    return status ? CLI_FAIL : CLI_OK;
}
