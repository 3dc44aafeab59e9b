/*
 * loadgen.h -- maya loadgen: a load generator of the server's API
 * (docs/api.md) that measures how fast it accepts actions and how long each
 * takes.
 *
 * It creates N games with human seats only, joins every seat, then keeps the
 * N games busy at once: each game has one request in flight at a time (the
 * summary for the seat to move, that seat's legal actions, one of them drawn
 * uniformly with the game's seeded generator and submitted with the state
 * number), and a game that ends is replaced by a new one. One thread drives
 * every game with libcurl's multi interface, one connection per game.
 *
 * Closed loop (the default): a game submits its next action as soon as the
 * answer to the last one and the next legal list are in, so the server sets
 * the pace: the figure is its throughput. Open loop (rate > 0): each game
 * submits one action every 1/rate seconds on a fixed schedule (game k's
 * first at k/(N*rate) seconds, so the N games are spread evenly), as
 * players would, whatever the server's speed; the legal list is fetched
 * beforehand (the first during the setup, so that the start is no burst),
 * and a submission's latency counts from when it was due, so a
 * server that falls behind shows it in the latency (no coordinated
 * omission). Only action submissions are measured: their latency (p50, p90,
 * p99, max) and the accepted ones per second; errors are counted by HTTP
 * status. With watchers, that many spectators follow the games' event
 * streams (watcher k the game of slot k mod N, and its next game when it
 * ends), read on a thread and a multi handle of their own so that the
 * player's requests do not wait behind them here (the cost of live updates
 * on the server shows in the latency); their events and bytes are counted,
 * and every LOADGEN_CHECK_EVERY-th applies the patches as a browser does
 * and must end with the whole view the server gives at the end (else the
 * run fails).
 * The pieces are here so that tests can call them without the command line.
 */
#ifndef MAYA_LOADGEN_H
#define MAYA_LOADGEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
    LOADGEN_STATUS_MAX = 600, /* HTTP statuses counted 0 .. 599; 0 = no answer */
    LOADGEN_RATE_MAX = 1000   /* most actions per second of one game in open loop */
};

/* What to run (maya loadgen's options). */
typedef struct loadgen_config {
    const char *url;      /* the server's base address, http:// or https:// */
    const char *game;     /* engine name: "tikal", "tzolkin" */
    const char *variant;  /* variant name, NULL for the server's default */
    int players;          /* seats of every game */
    long games;           /* games kept busy at once */
    long seconds;         /* length of the measurement */
    uint64_t seed;        /* game k's choices are drawn from seed + k */
    const char *csv;      /* file to append one line of figures to, or NULL */
    double rate;          /* open loop: actions a second of each game, at most LOADGEN_RATE_MAX; 0: closed loop */
    long watchers;        /* spectators following the games' event streams */
    int whole_views;      /* 1: the watchers ask for whole views only (?whole=1), not patches */
} loadgen_config;

/* What a run measured. */
typedef struct loadgen_result {
    double setup_seconds;            /* creating and joining the first N games (open loop: and their first actions) */
    double seconds;                  /* length of the measurement */
    long submissions;                /* action submissions answered during the measurement */
    long accepted;                   /* of them accepted (200) */
    long stale;                      /* of them refused as stale (409 "stale"): must stay 0 */
    long by_status[LOADGEN_STATUS_MAX]; /* submissions not accepted, by status (0: no answer) */
    double p50_ms;                   /* latency percentiles of the submissions, nearest rank */
    double p90_ms;                   /* 90th percentile */
    double p99_ms;                   /* 99th percentile */
    double max_ms;                   /* slowest submission */
    long slowest_second;             /* fewest accepted in one whole second of the run */
    long fastest_second;             /* most accepted in one whole second of the run */
    long games_finished;             /* games played to their end during the measurement */
    long other_requests;             /* create, join, summary and legal requests answered */
    long other_failures;             /* of them failed (any error) */
    long legal_longest;              /* most actions in one legal list */
    double legal_bytes_mean;         /* mean size of a legal answer (bytes) */
    long views_received;             /* whole views the watchers received during the measurement */
    long patches_received;           /* patches they received meanwhile */
    double watcher_bytes;            /* bytes of their streams received meanwhile */
    long watchers_checked;           /* watchers whose patched view was found equal to the whole view at the end */
} loadgen_result;

/* Parse maya loadgen's arguments into *config (pointers into argv).
 * Returns 0, CLI_HELPED after printing the usage, or CLI_USAGE after
 * printing to stderr what is wrong. */
int loadgen_parse(int argc, char **argv, loadgen_config *config);
/* Run the load; 0 with *result filled, or CLI_FAIL with a reason in why
 * (server unreachable, setup refused, the server failing again and again). */
int loadgen_run(const loadgen_config *config, loadgen_result *result, char *why, size_t why_len);
/* The short table of a run. */
void loadgen_print(FILE *out, const loadgen_config *config, const loadgen_result *result);
/* Append the run's figures as one CSV line to path, with a header line first
 * if the file is new or empty; 0, or -1 (errno set) if it cannot be written. */
int loadgen_write_csv(const char *path, const loadgen_config *config, const loadgen_result *result);
/* The p-th percentile (0 < p <= 100) of sorted[0..n-1] by the nearest-rank
 * method: the smallest value with at least p% of the values at or below it;
 * 0 when n is 0. */
double loadgen_percentile(const double *sorted, size_t n, double p);

#endif
