/*
 * tzolkin_data.c -- the tables of Tzolk'in (buildings, monuments, wealth
 * tiles, temples and the board: gears, calendar, harvests, skull actions,
 * market rates, names), generated at build time from data/tzolkin-*.txt by
 * tools/tzolkin-data.awk, and their lookups by index and by id.
 */
#include <string.h>

#include "tzolkin/tzolkin.h"
#include "tzolkin_data.h"

const tzolk_building_def *tzolk_building(int b)
{
    return (b >= 0 && b < TZOLK_BUILDINGS) ? &tzolk_data_buildings[b] : NULL;
}

const tzolk_monument_def *tzolk_monument(int m)
{
    return (m >= 0 && m < TZOLK_MONUMENTS) ? &tzolk_data_monuments[m] : NULL;
}

const tzolk_wealth_def *tzolk_wealth(int w)
{
    return (w >= 0 && w < TZOLK_WEALTH) ? &tzolk_data_wealth[w] : NULL;
}

const tzolk_temple_def *tzolk_temple(int t)
{
    return (t >= 0 && t < TZOLK_TEMPLES) ? &tzolk_data_temples[t] : NULL;
}

const tzolk_board_def *tzolk_board(void)
{
    return &tzolk_data_board;
}

const char *tzolk_gear_name(int g)
{
    return (g >= 0 && g < TZOLK_GEARS) ? tzolk_data_board.gear[g].name : NULL;
}

const char *tzolk_temple_name(int t)
{
    return (t >= 0 && t < TZOLK_TEMPLES) ? tzolk_data_temples[t].name : NULL;
}

const char *tzolk_track_name(int x)
{
    return (x >= 0 && x < TZOLK_TRACKS) ? tzolk_data_board.track[x] : NULL;
}

int tzolk_temple_pair(int pair, int k)
{
    static const uint8_t pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    return pairs[pair][k];
}

const char *tzolk_resource_letter(int r)
{
    return (r >= 0 && r < 3) ? tzolk_data_board.letter[r] : NULL;
}

int tzolk_building_by_id(const char *text)
{
    for (int b = 0; b < TZOLK_BUILDINGS; b++)
        if (strcmp(text, tzolk_data_buildings[b].id) == 0)
            return b;
    return -1;
}

int tzolk_monument_by_id(const char *text)
{
    for (int m = 0; m < TZOLK_MONUMENTS; m++)
        if (strcmp(text, tzolk_data_monuments[m].id) == 0)
            return m;
    return -1;
}

int tzolk_wealth_by_id(const char *text)
{
    for (int w = 0; w < TZOLK_WEALTH; w++)
        if (strcmp(text, tzolk_data_wealth[w].id) == 0)
            return w;
    return -1;
}
