/*
 * observe.c -- an observation as JSON (see observe.h): the registry of the
 * games' writers, the fields every game has (game, players, to_move; each game's
 * writer adds its variant), and the failure-keeping builders the per-game
 * writers use (observe_internal.h).
 */

#include "server/observe.h"
#include "server/observe_internal.h"

void observe_set(json_t *out, const char *key, json_t *value, int *failed)
{
    if (out == NULL || value == NULL) {
        json_decref(value);
        *failed = 1;
        return;
    }
    if (json_object_set_new(out, key, value) != 0)
        *failed = 1;
}

void observe_push(json_t *out, json_t *value, int *failed)
{
    if (out == NULL || value == NULL) {
        json_decref(value);
        *failed = 1;
        return;
    }
    if (json_array_append_new(out, value) != 0)
        *failed = 1;
}

json_t *observe_array(int *failed)
{
    json_t *out = json_array();
    if (out == NULL)
        *failed = 1;
    return out;
}

json_t *observe_object(int *failed)
{
    json_t *out = json_object();
    if (out == NULL)
        *failed = 1;
    return out;
}

json_t *observe_name(const char *const *names, int count, int value)
{
    if (value >= 0 && value < count && names[value] != NULL)
        return json_string(names[value]);
    return json_integer(value);
}

json_t *observe_seat(int seat)
{
    return seat == -1 ? json_null() : json_integer(seat);
}

json_t *observe_bits(uint64_t mask, int bits, json_t *(*item)(int bit), int *failed)
{
    json_t *out = observe_array(failed);
    for (int bit = 0; bit < bits; bit++)
        if (mask & ((uint64_t)1 << bit))
            observe_push(out, item(bit), failed);
    return out;
}

/* A game's JSON writers: the fields of its observations and its static facts. */
typedef struct observe_writer {
    const game_def *game;                                             /* the engine */
    void (*write)(json_t *out, const void *observation, int mover, int *failed); /* its observation's fields */
    void (*facts)(json_t *out, int *failed);                          /* its static facts; NULL if none */
    void (*action)(json_t *entry, const void *before, int action, int *failed); /* a log line's facts; NULL if none */
} observe_writer;

/* The registry of writers: a new game adds one line. */
static const observe_writer observe_writers[] = {
    {&tikal_game, observe_tikal, observe_tikal_facts, NULL},
    {&tzolkin_game, observe_tzolkin, observe_tzolkin_facts, observe_tzolkin_action},
};

static const observe_writer *observe_writer_of(const game_def *game)
{
    for (size_t i = 0; i < sizeof observe_writers / sizeof observe_writers[0]; i++)
        if (observe_writers[i].game == game)
            return &observe_writers[i];
    return NULL;
}

/* to_move: the seat to act, "chance", or null once the game is over. */
static json_t *observe_to_move(int player)
{
    if (player == GAME_CHANCE)
        return json_string("chance");
    if (player == GAME_TERMINAL)
        return json_null();
    return json_integer(player);
}

/* out, or NULL (out freed) if writing it failed. */
static json_t *observe_finished(json_t *out, int failed)
{
    if (failed) {
        json_decref(out);
        return NULL;
    }
    return out;
}

json_t *observe_json(const game_def *game, const void *observation)
{
    return observation != NULL && game != NULL
               ? observe_view_json(game, observation, game->current_player(observation))
               : NULL;
}

json_t *observe_view_json(const game_def *game, const void *observation, int seat)
{
    const observe_writer *writer = game != NULL ? observe_writer_of(game) : NULL;
    if (writer == NULL || observation == NULL)
        return NULL;
    int players = game->players(observation);
    if (players < game->min_players || players > game->max_players)
        return NULL;
    int failed = 0;
    json_t *out = observe_object(&failed);
    if (out == NULL)
        return NULL;
    observe_set(out, "game", json_string(game->name), &failed);
    observe_set(out, "players", json_integer(players), &failed);
    observe_set(out, "to_move", observe_to_move(game->current_player(observation)), &failed);
    writer->write(out, observation, seat >= 0 && seat == game->current_player(observation), &failed);
    return observe_finished(out, failed);
}

json_t *observe_facts_json(const game_def *game)
{
    const observe_writer *writer = game != NULL ? observe_writer_of(game) : NULL;
    if (writer == NULL || writer->facts == NULL)
        return NULL;
    int failed = 0;
    json_t *out = observe_object(&failed);
    if (out == NULL)
        return NULL;
    observe_set(out, "game", json_string(game->name), &failed);
    writer->facts(out, &failed);
    return observe_finished(out, failed);
}

int observe_action(json_t *entry, const game_def *game, const void *before, int action)
{
    const observe_writer *writer = game != NULL ? observe_writer_of(game) : NULL;
    int failed = 0;
    if (writer != NULL && writer->action != NULL)
        writer->action(entry, before, action, &failed);
    return failed ? -1 : 0;
}
