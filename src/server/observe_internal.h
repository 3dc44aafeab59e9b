/*
 * observe_internal.h -- what observe.c shares with the per-game writers
 * observe_tikal.c and observe_tzolkin.c: the writers themselves and small
 * builders that never lose a failure.
 *
 * The builders take a failure flag: a value that could not be made (out of
 * memory) or stored sets *failed and is released, so a writer builds the
 * whole object without checking each call, and observe_json throws the
 * object away at the end if anything failed.
 *
 * Values the engines never write (an id out of range, an unknown enum) are
 * kept as their raw number rather than dropped, so that no two different
 * observations ever give the same JSON.
 */
#ifndef MAYA_OBSERVE_INTERNAL_H
#define MAYA_OBSERVE_INTERNAL_H

#include <stdint.h>

#include <jansson.h>

#include "tikal/tikal.h"
#include "tzolkin/tzolkin.h"

/* Add the game-specific fields of a Tikal / Tzolk'in observation (a
 * tikal_state / tzolk_state) to out: the writers of observe.c's registry.
 * mover: the view is the seat's to act (observe_view_json); else what only
 * it uses to choose (Tikal's routes) is left empty. */
void observe_tikal(json_t *out, const void *observation, int mover, int *failed);
void observe_tzolkin(json_t *out, const void *observation, int mover, int *failed);
/* Add Tikal's static facts (docs/api.md, GET /api/facts/tikal) to out. */
void observe_tikal_facts(json_t *out, int *failed);
/* Add Tzolk'in's static facts (names, printed numbers) to out. */
void observe_tzolkin_facts(json_t *out, int *failed);
/* Add the facts of a Tzolk'in log line (observe_action) to entry. */
void observe_tzolkin_action(json_t *entry, const void *before, int action, int *failed);

/* out[key] = value (value may be NULL: a failed allocation). */
void observe_set(json_t *out, const char *key, json_t *value, int *failed);
/* Append value to the array out (value may be NULL). */
void observe_push(json_t *out, json_t *value, int *failed);
/* An array, or an object, that is NULL-safe to fill: failures are flagged. */
json_t *observe_array(int *failed);
json_t *observe_object(int *failed);

/* names[value] as a string, or the raw value if it is out of 0..count-1
 * or names[value] is NULL. */
json_t *observe_name(const char *const *names, int count, int value);
/* A seat: null for -1 (none), else the number. */
json_t *observe_seat(int seat);
/* An array of the bits set in mask[0..bits-1], ascending, each as the new
 * value item(bit) makes (its id in the notation, or the raw bit number). */
json_t *observe_bits(uint64_t mask, int bits, json_t *(*item)(int bit), int *failed);

#endif
