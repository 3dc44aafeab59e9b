/*
 * main.c -- the maya command: dispatches on the subcommand (see cli.h).
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* Subcommands by name. */
static const struct cli_command {
    const char *name;                  /* as typed */
    int (*run)(int argc, char **argv); /* entry point, arguments after the name */
} cli_commands[] = {
    {"selfplay", cli_selfplay},
    {"replay", cli_replay},
    {"bench", cli_bench},
    {"tournament", cli_tournament},
    {"compare", cli_compare},
    {"ladder", cli_ladder},
    {"train", cli_train},
    {"play", cli_play},
    {"serve", cli_serve},
    {"loadgen", cli_loadgen},
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        cli_usage(stderr, NULL);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        if (argc > 3) {
            fputs("maya help: at most one command\n", stderr);
            return CLI_USAGE;
        }
        if (cli_usage(stdout, argc == 3 ? argv[2] : NULL) != 0) {
            fprintf(stderr, "maya help: unknown command \"%s\"\n", argv[2]);
            return CLI_USAGE;
        }
        return CLI_OK;
    }
    for (size_t i = 0; i < sizeof cli_commands / sizeof cli_commands[0]; i++)
        if (strcmp(name, cli_commands[i].name) == 0) {
            int status = cli_commands[i].run(argc - 2, argv + 2);
            return status == CLI_HELPED ? CLI_OK : status;
        }
    fprintf(stderr, "maya: unknown command \"%s\" (try maya help)\n", name);
    return CLI_USAGE;
}
