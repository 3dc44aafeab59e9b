/*
 * tzolkin_replay_test.c -- replays the nine reference records of Tzolk'in
 * (tests/tzolkin_records/, copies of the shared reference games) through the
 * engine: every line legal for its actor, the game over at the last line and
 * the final VP equal to the Result tag (Z23.3).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tzolkin_replay.h"

static void replay_one(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "tests/tzolkin_records/%s", name);
    char *text = tz_read_file(path);
    assert_non_null(text);
    tzolk_state s;
    tz_replay r;
    int rc = tz_replay_text(text, &s, &r);
    if (rc)
        print_error("%s line %d: %s\n", name, r.error_line, r.error);
    assert_int_equal(rc, 0);
    assert_int_equal(s.phase, TZOLK_PH_OVER);
    assert_true(r.has_result);
    for (int i = 0; i < s.players; i++)
        assert_int_equal(s.player[i].vp, r.result[i]);
    free(text);
}

#define RECORD(fn, file) \
    static void fn(void **state) { (void)state; replay_one(file); }
RECORD(replay_2p_1, "tzolkin-2p-1.rec")
RECORD(replay_2p_2, "tzolkin-2p-2.rec")
RECORD(replay_2p_3, "tzolkin-2p-3.rec")
RECORD(replay_3p_1, "tzolkin-3p-1.rec")
RECORD(replay_3p_2, "tzolkin-3p-2.rec")
RECORD(replay_3p_3, "tzolkin-3p-3.rec")
RECORD(replay_4p_1, "tzolkin-4p-1.rec")
RECORD(replay_4p_2, "tzolkin-4p-2.rec")
RECORD(replay_4p_3, "tzolkin-4p-3.rec")

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(replay_2p_1), cmocka_unit_test(replay_2p_2), cmocka_unit_test(replay_2p_3),
        cmocka_unit_test(replay_3p_1), cmocka_unit_test(replay_3p_2), cmocka_unit_test(replay_3p_3),
        cmocka_unit_test(replay_4p_1), cmocka_unit_test(replay_4p_2), cmocka_unit_test(replay_4p_3),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
