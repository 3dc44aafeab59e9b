/*
 * tour_play.h -- playing the games of a tournament between bots (maya
 * tournament, maya ladder): every game of one setup in parallel worker
 * processes, seats rotated, a progress bar with ETA on stderr, each game's
 * record written to DIR/games.
 *
 * Pairing: with m bots in the list, games come in groups of m that share a
 * seed (S + group): in rotation r of a group seat s is played by bot
 * (s + r) mod m, so each bot sits in each seat position with the same
 * chance seed and the same bot seeds. Within a game, a generator seeded with
 * the group seed gives the chance seed, then the bots' seeds in seat order.
 * Game k (0-based) is in group k / m, rotation k mod m; worker w of J plays
 * the games k with k mod J = w and reports each result on a shared pipe as
 * one short line (atomic below PIPE_BUF). The same setup gives the same
 * games for any J.
 */
#ifndef MAYA_CLI_TOUR_PLAY_H
#define MAYA_CLI_TOUR_PLAY_H

#include <stdint.h>
#include <stdio.h>

#include "bots/bot.h"
#include "cli/tourney.h"
#include "game.h"
#include "match.h"

/* What every worker needs to play its games. */
typedef struct tour_setup {
    const game_def *game;                      /* the rules */
    game_options options;                      /* players and variant */
    bot_settings bots[TOURNEY_ENTRIES_MAX];    /* the entries */
    char names[TOURNEY_ENTRIES_MAX][128];      /* their specs, as in the Seat tags */
    int entries;                               /* bots in the list */
    long games;                                /* games to play */
    uint64_t seed;                             /* seed of group 0 */
    const char *dir;                           /* output directory */
    char date[11];                             /* Date tag of the records */
    const char *command;                       /* the subcommand, for messages ("tournament") */
} tour_setup;

/* Play the t->games games of t with jobs worker processes; games[k] gets
 * game k's result, DIR/games its record. 0 or CLI_FAIL (message printed). */
int tour_run(const tour_setup *t, int jobs, tourney_game *games);
/* Play m to its end with bots[s] at seat s and chance outcomes drawn from
 * chance, adding each seat's decisions, deciding time, turns and longest
 * turn to *out (a turn: a seat's decisions until another seat decides).
 * 0, or CLI_FAIL with the reason in why. */
int tour_play_match(match *m, bot **bots, rng *chance, tourney_game *out, char *why, size_t why_len);
/* Open DIR/name for writing into *out; 0 or CLI_FAIL (message printed). */
int tour_file(const char *command, const char *dir, const char *name, FILE **out);
/* Make the folder path (it may exist); 0 or CLI_FAIL (message printed). */
int tour_mkdir(const char *command, const char *path);
/* Today's date for the records' Date tags, "YYYY-MM-DD". */
void tour_date(char date[11]);

#endif
