/*
 * cli.h -- the maya command: its subcommands and the helpers they share
 * (usage texts, option parsing, choosing a game and its options).
 *
 * main.c dispatches on the first argument; each subcommand lives in its own
 * file (selfplay.c, replay.c, bench.c, tournament.c) and returns the process exit status:
 * 0 success, 1 failure of the work (bad record, unwritable file), 2 wrong
 * usage (unknown command or option, bad value).
 */
#ifndef MAYA_CLI_H
#define MAYA_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"

enum {
    CLI_OK = 0,     /* exit status: success */
    CLI_FAIL = 1,   /* exit status: the work failed */
    CLI_USAGE = 2,  /* exit status: wrong usage */
    CLI_HELPED = -1 /* cli_parse: help was asked for and printed, exit 0 */
};

/* One option a subcommand accepts. */
typedef struct cli_option {
    const char *name;    /* "--players" */
    int takes_value;     /* 1: "--name VALUE" or "--name=VALUE"; 0: a flag */
    const char **value;  /* receives the value, or "1" for a flag */
} cli_option;

/* Print the usage of command (NULL: of every command) to out; -1 (and
 * nothing printed) if there is no such command. */
int cli_usage(FILE *out, const char *command);
/* Parse argv[0..argc-1] of command: options as listed, the other arguments
 * into positional[0..positional_max-1] (their number in *positional_count).
 * Returns 0, CLI_HELPED after printing the usage for --help, or CLI_USAGE
 * after printing what is wrong. */
int cli_parse(const char *command, int argc, char **argv, const cli_option *options, int option_count,
              const char **positional, int positional_max, int *positional_count);
/* Parse a whole decimal number in [min, max]; CLI_USAGE with a message
 * naming what (e.g. "--players") if text is not one. */
int cli_parse_number(const char *command, const char *what, const char *text, long min, long max, long *out);
/* Parse a seed (decimal, 0 .. 2^64-1); CLI_USAGE with a message if not. */
int cli_parse_seed(const char *command, const char *text, uint64_t *out);
/* The game named name (CLI_USAGE with the list of games if none is). */
int cli_find_game(const char *command, const char *name, const game_def **game);
/* Variant index of variant_name for game (NULL: variant 0);
 * CLI_USAGE with a message if the game has no such variant. */
int cli_find_variant(const char *command, const game_def *game, const char *variant_name, int *variant);

int cli_selfplay(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_tournament(int argc, char **argv);
int cli_compare(int argc, char **argv);
int cli_ladder(int argc, char **argv);
int cli_train(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_serve(int argc, char **argv);
int cli_loadgen(int argc, char **argv);

#endif
