/*
 * tikal_internal.h -- what the files of the Tikal engine share and nobody
 * else needs: access to the generated tables and the predicates that both
 * legal-action generation and validation use.
 */
#ifndef MAYA_TIKAL_INTERNAL_H
#define MAYA_TIKAL_INTERNAL_H

#include "tikal/tikal.h"

const tikal_start_def *tikal_start(int index);
int tikal_start_count(void);
uint8_t tikal_level_tokens(int value);

/* Write a reason into why[why_len] (if why) and return status. */
int tikal_reason(int status, char *why, size_t why_len, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Is field the base camp or one of seat's camps, the ends of its secret
 * paths (T10.1, T10.2) and where it may deploy (T9.1, T9.2)? */
int tikal_is_camp_of(const tikal_state *s, int seat, int field);
/* The index s->field calls for, into out (tikal_check compares). */
void tikal_index_of(const tikal_state *s, tikal_index *out);
/* The volcano tiles as a mask (bit t: tile t). */
uint64_t tikal_volcano_tiles(void);
/* Lowest back letter (0 = A) with a tile left in the stack, -1 if none. */
int tikal_top_group(const tikal_state *s);

#endif
