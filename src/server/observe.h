/*
 * observe.h -- an engine's observation as JSON, for the server's answers
 * (GET /api/games/ID/view, field "observation"; docs/api.md).
 *
 * The input is what game->observation(state, seat, out) wrote: the position
 * as one seat (or a spectator) sees it, with what it may not see already
 * replaced by the engine's placeholders. The output is a JSON object that
 * holds every piece of information of that observation, in the notation of
 * the rules (tikal.md T29, tzolkin.md Z23: fields "c3", tiles "B6", gear
 * positions "PAL3", buildings "B1-07", wealth tiles "W05", resource letters
 * w s g), so that a browser can draw the position without knowing the C
 * structs; seats are numbered from 0 as everywhere in the API. Hidden
 * values are null. docs/observation.md lists the fields of each game.
 *
 * The games' writers are observe_tikal.c and observe_tzolkin.c (declared in
 * observe_internal.h); this file holds their registry (one line a game) and the
 * fields common to every game.
 */
#ifndef MAYA_OBSERVE_H
#define MAYA_OBSERVE_H

#include <jansson.h>

#include "game.h"

/* A new JSON object (json_decref it) describing observation, an observation
 * of game (game->state_size bytes); NULL if this module has no writer for
 * game, if the observation's number of seats is out of the game's range,
 * or if memory runs out. Equal observations give equal JSON (json_dumps
 * with JSON_SORT_KEYS gives equal text). */
json_t *observe_json(const game_def *game, const void *observation);
/* The same as seat (GAME_CHANCE: a spectator) is shown it: what only the
 * seat to act uses to choose its action (Tikal's routes, docs/observation.md)
 * is left empty unless seat is to act. observe_json is the view of the seat
 * to act. */
json_t *observe_view_json(const game_def *game, const void *observation, int seat);

/* A new JSON object (json_decref it) with the static facts of game that the
 * browser draws and names (docs/api.md, GET /api/facts/GAME), written from
 * the engine's tables: Tikal's tiles, Tzolk'in's names and printed numbers;
 * NULL for a game without such facts or if memory runs out. */
json_t *observe_facts_json(const game_def *game);

/* Add to entry, a line of GET .../log, what the game tells of action (legal
 * in before, a state everybody may see at that line) beyond its text:
 * Tzolk'in's placements their position and corn paid (Z5.2, Z5.4). 0, or
 * -1 if memory ran out (entry may be partly filled). */
int observe_action(json_t *entry, const game_def *game, const void *before, int action);

#endif
