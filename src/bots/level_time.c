/*
 * level_time.c -- the measured and the running time per turn of the bot
 * levels (see level_time.h).
 */
#include "bots/level_time.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "bots/bot.h"
#include "games.h"
#include "turn_times.h"

const char *level_time_data(void)
{
    return bot_turn_times_text;
}

/* One figure line of the data. */
typedef struct level_time_line {
    char game[32];     /* the game's name */
    int players;       /* seats */
    char level[32];    /* the level's name */
    level_time figure; /* its turns */
} level_time_line;

/* Parse the line at p (up to its newline) into *out: 1 for a figure, 0 for
 * a comment or blank line, -1 if malformed. */
static int level_time_parse_line(const char *p, level_time_line *out)
{
    char line[256];
    size_t len = strcspn(p, "\n");
    if (len >= sizeof line)
        return -1;
    memcpy(line, p, len);
    line[len] = '\0';
    size_t start = strspn(line, " \t");
    if (line[start] == '\0' || line[start] == '#')
        return 0;
    char extra[2];
    int fields = sscanf(line, "%31s %d %31s %d %lf %lf %1s", out->game, &out->players, out->level,
                        &out->figure.turns, &out->figure.mean, &out->figure.longest, extra);
    if (fields != 6 || out->players < 1 || out->players > GAME_MAX_PLAYERS || out->figure.turns < 1 ||
        out->figure.mean < 0 || out->figure.longest < out->figure.mean)
        return -1;
    return 1;
}

int level_time_check(const char *text, char *why, size_t why_len)
{
    int number = 1;
    for (const char *p = text; *p; number++) {
        level_time_line line;
        int kind = level_time_parse_line(p, &line);
        const game_def *game = kind == 1 ? games_find(line.game) : NULL;
        if (kind < 0 || (kind == 1 && (game == NULL || bot_level_index(line.level) < 0 ||
                                       line.players < game->min_players || line.players > game->max_players))) {
            snprintf(why, why_len, "line %d: not \"GAME PLAYERS LEVEL TURNS MEAN LONGEST\" of a known game, "
                     "player count and level", number);
            return -1;
        }
        p += strcspn(p, "\n");
        p += *p == '\n';
    }
    return 0;
}

int level_time_measured(const char *text, const game_def *game, int players, const char *level, level_time *out)
{
    for (const char *p = text; *p;) {
        level_time_line line;
        if (level_time_parse_line(p, &line) == 1 && line.players == players && strcmp(line.game, game->name) == 0 &&
            strcmp(line.level, level) == 0) {
            *out = line.figure;
            return 0;
        }
        p += strcspn(p, "\n");
        p += *p == '\n';
    }
    return -1;
}

int level_time_nearest(const char *text, const game_def *game, int players, const char *level, level_time *out)
{
    for (int above = players; above <= game->max_players; above++)
        if (level_time_measured(text, game, above, level, out) == 0)
            return 0;
    for (int below = players - 1; below >= game->min_players; below--)
        if (level_time_measured(text, game, below, level, out) == 0)
            return 0;
    return -1;
}

int level_time_expected(const game_def *game, int players, const char *level, level_time *out)
{
    return level_time_nearest(level_time_data(), game, players, level, out);
}

void level_time_describe(double seconds, char *buf, size_t len)
{
    if (seconds < 0.1)
        snprintf(buf, len, "under 0.1 s a turn");
    else if (seconds < 10)
        snprintf(buf, len, "about %.1f s a turn", seconds);
    else
        snprintf(buf, len, "about %.0f s a turn", seconds);
}

void level_time_add(level_time_live *live, int game, int level, double seconds)
{
    assert(game >= 0 && game < LEVEL_TIME_GAMES && level >= 0 && level < LEVEL_TIME_LEVELS);
    level_time_ring *ring = &live->cells[game][level];
    ring->seconds[ring->next] = seconds;
    ring->next = (ring->next + 1) % LEVEL_TIME_WINDOW;
    if (ring->count < LEVEL_TIME_WINDOW)
        ring->count++;
}

int level_time_recent(const level_time_live *live, int game, int level, level_time *out)
{
    assert(game >= 0 && game < LEVEL_TIME_GAMES && level >= 0 && level < LEVEL_TIME_LEVELS);
    const level_time_ring *ring = &live->cells[game][level];
    if (ring->count < LEVEL_TIME_ENOUGH)
        return -1;
    double sum = 0, longest = 0;
    for (int i = 0; i < ring->count; i++) {
        sum += ring->seconds[i];
        if (ring->seconds[i] > longest)
            longest = ring->seconds[i];
    }
    *out = (level_time){ring->count, sum / ring->count, longest};
    return 0;
}
