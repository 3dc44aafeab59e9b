/*
 * compare.h -- two tournaments of the same seeds compared game by game
 * (maya compare): each run's results.csv (tourney_write_csv) read back to
 * one mean seat score a game, the games of both runs paired by their seed
 * and seat rotation (the same deal and seating), and the mean difference
 * with its 95% interval. Pairing removes most of the deals' luck, so a new
 * bot or new weights are measured against the old on fewer games than two
 * unpaired means would need. A side may pool several runs: runs of nearby
 * seeds share games (a tournament's seeds are S, S+1, ...), and a game
 * that two runs played is the same game, counted once.
 */
#ifndef MAYA_CLI_COMPARE_H
#define MAYA_CLI_COMPARE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
    COMPARE_LINE_MAX = 4096,     /* longest line of a results.csv read back, newline included */
    COMPARE_GAMES_MAX = 1000000, /* most games of one results.csv (a tournament's most), and of a side */
    COMPARE_RUNS_MAX = 64,       /* most runs pooled on one side */
};

/* One game of a results.csv read back. */
typedef struct compare_game {
    uint64_t seed; /* seed of its group of seat rotations */
    int rotation;  /* seat rotation within the group */
    int players;   /* its seats */
    int seats;     /* seats counted: of the bot asked for, or all */
    double score;  /* mean final score of those seats */
    long line;     /* line of its first seat in the file */
    int run;       /* the run (file) of its side it was read from */
} compare_game;

/* Two runs over their common games (compare_pair). */
typedef struct compare_result {
    int games;        /* games of both runs: the same seed and rotation */
    int base_only;    /* games of the base runs without a pair */
    int next_only;    /* games of the new runs without a pair */
    double base_mean; /* mean over the common games of the base run's mean seat score */
    double next_mean; /* the same of the new run */
    double diff;      /* mean difference new - base, game by game */
    double sd;        /* standard deviation of those differences (0 for one game) */
    double low;       /* 95% interval of diff: diff -+ 1.96 sd / sqrt(games) */
    double high;
    int higher;       /* games where the new run's seats scored more */
    int lower;        /* ... less (the rest: equal) */
} compare_result;

/* Reads a results.csv from in, run number run of its side: each game's
 * seed, rotation and mean final score over its seats whose bot column is
 * bot (NULL: every seat; a game without such a seat is left out), into
 * *out, malloc'd (free it) and sorted by seed and rotation. Returns the
 * games read (*out NULL for none), or -1 with the reason in why ("line N:
 * ...") and *out NULL: a line not of tourney_write_csv's form, a game's
 * seats not on consecutive lines or not of one seed and rotation, two
 * games of one seed and rotation, more than COMPARE_GAMES_MAX games, out
 * of memory. */
int compare_read(FILE *in, const char *bot, int run, compare_game **out, char *why, size_t why_len);
/* Adds more (more_count games of one run, sorted as compare_read leaves
 * them) to the side's games *side (*count of them, sorted; realloc'd). A
 * game of a seed and rotation the side has already is the same game
 * played again (with budgets of iterations a seed plays the same game in
 * every run): counted once, and in *repeated; with other seats or another
 * score, it is refused (runs of time budgets, or of other bots, do not
 * pool). 0, or -1 with the reason in why (the runs named by runs[run]),
 * *side unchanged. */
int compare_merge(compare_game **side, int *count, const compare_game *more, int more_count, int *repeated,
                  const char *const *runs, char *why, size_t why_len);
/* base and next (each sorted as compare_read leaves them) paired by seed
 * and rotation into *out. 0, or -1 with the reason in why if they have no
 * game in common or a pair differs in its number of seats. */
int compare_pair(const compare_game *base, int base_count, const compare_game *next, int next_count,
                 compare_result *out, char *why, size_t why_len);

#endif
