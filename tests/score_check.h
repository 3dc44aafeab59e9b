/*
 * score_check.h -- what the rule tests assert of one score event an engine
 * told (game.h apply_scored): who, how many points, what for, about what
 * and by which rule. Static helpers: include it in a test file after cmocka.
 */
#ifndef MAYA_SCORE_CHECK_H
#define MAYA_SCORE_CHECK_H

#include <string.h>

#include "game.h"

/* Event i of trace is (seat, points, kind, subject, rule). */
static inline void assert_score_event(const game_score_trace *trace, int i, int seat, int points, const char *kind,
                                      const char *subject, const char *rule)
{
    assert_true(i < trace->count);
    const game_score_event *e = &trace->events[i];
    assert_int_equal(e->seat, seat);
    assert_int_equal(e->points, points);
    assert_string_equal(e->kind, kind);
    assert_string_equal(e->subject, subject);
    assert_string_equal(e->rule, rule);
    assert_true(e->what[0] != '\0');
}

#endif
