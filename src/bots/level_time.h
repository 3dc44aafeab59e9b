/*
 * level_time.h -- what a turn of each bot level costs in time, for people
 * choosing a level: the figures `maya bench GAME --levels` measured
 * (data/bot-turn-times.txt, embedded in the binary), and a bounded running
 * mean of the turns bots really take (the server keeps one table).
 *
 * A turn is all the decisions of one seat until another seat decides: a
 * Tikal turn is its tile and all its action points, a Tzolk'in turn a whole
 * placement or pick-up. The data file has one line per game, player count
 * and level: "GAME PLAYERS LEVEL TURNS MEAN LONGEST" (turns measured, mean
 * and longest seconds of a turn); '#' starts a comment line.
 */
#ifndef MAYA_BOTS_LEVEL_TIME_H
#define MAYA_BOTS_LEVEL_TIME_H

#include <stddef.h>

#include "game.h"

enum {
    LEVEL_TIME_WINDOW = 64, /* turns the running mean of a game and level covers (the latest) */
    LEVEL_TIME_ENOUGH = 8,  /* turns the running mean needs before it is told */
    LEVEL_TIME_GAMES = 4,   /* games the running table has room for (games.h indexes) */
    LEVEL_TIME_LEVELS = 8   /* levels the running table has room for (bot_levels indexes) */
};

/* The time of a level's turns. */
typedef struct level_time {
    int turns;      /* turns measured */
    double mean;    /* mean seconds per turn */
    double longest; /* seconds of the longest turn */
} level_time;

/* The measured figures, data/bot-turn-times.txt as embedded. */
const char *level_time_data(void);
/* 0 if every line of text is a comment, blank or a well-formed figure of a
 * known game and level; else -1 with the line's number and why. */
int level_time_check(const char *text, char *why, size_t why_len);
/* The figure of text for level (a bot_levels name) in game with exactly
 * players seats: 0 and *out, or -1 if text has none. */
int level_time_measured(const char *text, const game_def *game, int players, const char *level, level_time *out);
/* The figure of text for level in game with players seats: the line of
 * that player count, else of the nearest measured count above it, else
 * below. 0 and *out, or -1 if none. */
int level_time_nearest(const char *text, const game_def *game, int players, const char *level, level_time *out);
/* The expected time of a turn of level in game with players seats, from
 * the embedded figures (level_time_nearest of level_time_data). */
int level_time_expected(const game_def *game, int players, const char *level, level_time *out);
/* "about 4 s a turn" (seconds >= 0.1, one decimal below 10) or
 * "under 0.1 s a turn", into buf. */
void level_time_describe(double seconds, char *buf, size_t len);

/* The latest turns of one game and level, a ring. */
typedef struct level_time_ring {
    double seconds[LEVEL_TIME_WINDOW]; /* a turn's deciding time each */
    int count;                         /* entries in use, at most LEVEL_TIME_WINDOW */
    int next;                          /* where the next turn goes */
} level_time_ring;

/* The running means of the turns bots take, by game and level: a fixed
 * table, each cell the last LEVEL_TIME_WINDOW turns. Not locked: its
 * owner guards it. */
typedef struct level_time_live {
    level_time_ring cells[LEVEL_TIME_GAMES][LEVEL_TIME_LEVELS]; /* by games_at index, bot_levels index */
} level_time_live;

/* Count a turn of level (index) in game (index) that took seconds. */
void level_time_add(level_time_live *live, int game, int level, double seconds);
/* The mean and longest of the latest turns of level in game: 0 and *out,
 * or -1 while fewer than LEVEL_TIME_ENOUGH turns were counted. */
int level_time_recent(const level_time_live *live, int game, int level, level_time *out);

#endif
