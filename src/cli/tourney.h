/*
 * tourney.h -- the statistics of a tournament between bots, apart from
 * running it (tournament.c): each entry's games, fractional wins, win rate
 * with its Wilson 95% interval, Elo difference against the field with its
 * interval, scores' mean and spread, time per move and per turn; the SVG chart of
 * the score distributions; and Bradley-Terry ratings from head-to-head
 * games (maya ladder). Pure functions over arrays of results, so they
 * are tested on constructed results.
 */
#ifndef MAYA_CLI_TOURNEY_H
#define MAYA_CLI_TOURNEY_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"

enum { TOURNEY_ENTRIES_MAX = 8 }; /* most bots in one tournament or ladder */

/* One finished game of a tournament. */
typedef struct tourney_game {
    int index;                        /* game number, 0-based */
    uint64_t seed;                    /* seed of its group of seat rotations */
    int rotation;                     /* seat rotation within the group */
    int players;                      /* seats */
    int entry[GAME_MAX_PLAYERS];      /* entry (bot of the list) at each seat */
    int score[GAME_MAX_PLAYERS];      /* final score of each seat */
    unsigned winners;                 /* bit s: seat s won (ties share) */
    int moves[GAME_MAX_PLAYERS];      /* decisions each seat took */
    double seconds[GAME_MAX_PLAYERS]; /* time each seat spent deciding */
    int turns[GAME_MAX_PLAYERS];      /* turns: runs of decisions by the seat that no other seat's decision breaks */
    double turn_max[GAME_MAX_PLAYERS]; /* time the seat's longest turn took to decide */
} tourney_game;

/* What one entry did over the games. */
typedef struct tourney_summary {
    int games;           /* games it played (holding at least one seat) */
    double wins;         /* wins; a shared win counts 1/k for each of k winners */
    double expected;     /* wins expected at equal strength: its seats / players, summed */
    double rate;         /* wins / games */
    double rate_low;     /* Wilson 95% interval of rate */
    double rate_high;
    double elo;          /* Elo difference against the field (0 = equal strength) */
    double elo_low;      /* the interval of rate mapped to Elo */
    double elo_high;
    double score_mean;   /* mean final score over its seats */
    double score_sd;     /* standard deviation of those scores */
    int score_count;     /* seats played (scores counted) */
    long moves;          /* decisions taken */
    double seconds;      /* time spent deciding */
    long turns;          /* turns taken */
    double turn_max;     /* deciding time of the longest turn */
} tourney_summary;

/* An entry's rating from head-to-head games (tourney_bradley_terry). */
typedef struct tourney_rating {
    double elo;        /* Elo, entry 0 anchored at 0 */
    double elo_low;    /* 95% interval: elo -+ 1.96 standard errors (entry 0: exactly 0) */
    double elo_high;
    int games;         /* games it played against one other entry */
    double wins;       /* its wins (a shared win counts its share) */
    unsigned won_all;  /* bit j: it won every game against entry j (capped: see tourney_bradley_terry) */
    unsigned lost_all; /* bit j: it lost every game against entry j */
} tourney_rating;

/* Wilson score interval of a proportion wins/n (z = 1.96 for 95%). */
void tourney_wilson(double wins, double n, double z, double *low, double *high);
/* Elo difference of a player scoring rate where equal strength scores
 * expected (0.5 head to head): 400 log10(odds(rate) / odds(expected)),
 * clamped to +-1000 at rates 0 and 1. */
double tourney_elo(double rate, double expected);
/* Summaries of entries 0..entries-1 over games[0..count-1]. */
void tourney_summarize(const tourney_game *games, int count, int entries, tourney_summary *out);
/* The two entries that hold the seats of game, *a < *b, and a's share of
 * the win: its winning seats over all the winning seats (1/2 if none won).
 * 0, or -1 if the seats are not held by exactly two entries. */
int tourney_pair_result(const tourney_game *game, int *a, int *b, double *a_share);
/* Bradley-Terry ratings of entries 0..entries-1 from the games among
 * games[0..count-1] between two entries (others are skipped), each a win
 * (1), loss (0) or share (a tie 1/2) for the pair: maximum likelihood by
 * minorization-maximization (Hunter 2004), Elo = 400 log10 of the
 * strengths, entry 0 anchored at 0; standard errors from the observed
 * Fisher information (the Hessian of the log-likelihood in the
 * log-strengths, entry 0 fixed) inverted. A pair whose games all went one
 * way may have no finite maximum: it is fitted as if one of its games had
 * been drawn (n games alone then give 400 log10(2n - 1) Elo, not
 * infinity), and flagged in won_all and lost_all. Returns 0, or -1 if
 * some entry is not linked to entry 0 by games (no rating can compare
 * them). */
int tourney_bradley_terry(const tourney_game *games, int count, int entries, tourney_rating *out);
/* The table of the summaries, one line per entry named names[i]. */
void tourney_print_table(FILE *out, const tourney_summary *summary, const char *const *names, int entries);
/* The header line of results.csv (without its newline): the columns of
 * tourney_write_csv, which compare.h reads back. */
extern const char tourney_csv_header[];
/* One CSV line per seat of each game (header first). */
void tourney_write_csv(FILE *out, const tourney_game *games, int count, const char *const *names);
/* An SVG chart: a histogram of each entry's final scores. */
void tourney_write_svg(FILE *out, const tourney_game *games, int count, const char *const *names, int entries,
                       const char *title);

#endif
