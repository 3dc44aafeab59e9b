/*
 * tikal_notation_test.c -- the notation of rules/tikal.md T29: every verb's
 * text maps to the documented action id and back to the same text; every
 * action id of the encoding round-trips; the legal actions of real
 * positions have unique names that parse back to them; equivalent rotations
 * (T29.3) map to the smallest one; malformed text is refused with
 * GAME_EPARSE and a reason.
 */
#include "tikal_fixture.h"

/* The examples of the T29.1 table, with the ids tikal.h documents. */
static void t29_1_every_verb_round_trips(void **state)
{
    static const struct {
        const char *text; /* canonical text */
        int action;       /* id by the encoding of tikal.h */
    } verbs[] = {
        {"draw B6", TIKAL_A_DRAW + 11},
        {"reveal C2", TIKAL_A_REVEAL + 13},
        {"treasure 5", TIKAL_A_TREASURE + 4},
        {"bid 4", TIKAL_A_BID + 3},
        {"pass", TIKAL_A_PASS},
        {"take C2", TIKAL_A_TAKE + 13},
        {"place c3 r2", TIKAL_A_PLACE + (2 * 5 + 2) * 6 + 2},
        {"deploy E a5", TIKAL_A_DEPLOY + 0 * 40 + 4},
        {"deploy L b4", TIKAL_A_DEPLOY + 1 * 40 + 8},
        {"path E a5 d3", TIKAL_A_PATH + (0 * 40 + 4) * 40 + 17},
        {"move L a5 b4", TIKAL_A_MOVE + (1 * 40 + 4) * 6 + 1},
        {"move E c4 c3", TIKAL_A_MOVE + (0 * 40 + 13) * 6 + 0},
        {"uncover a4", TIKAL_A_UNCOVER + 3},
        {"dig c2", TIKAL_A_DIG + 11},
        {"swap 3 2 7", TIKAL_A_SWAP + (2 * 4 + 1) * 8 + 6},
        {"build d3", TIKAL_A_BUILD + 17},
        {"guard a4", TIKAL_A_GUARD + 3},
        {"end", TIKAL_A_END},
    };
    tikal_state s;
    char text[GAME_TEXT_MAX];
    (void)state;
    assert_int_equal(tikal_init(&s, 4, 0), GAME_OK);
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++) {
        int action = action_of(&s, verbs[i].text);
        if (action != verbs[i].action)
            fail_msg("\"%s\" -> %d, expected %d", verbs[i].text, action, verbs[i].action);
        assert_int_equal(tikal_action_to_text(&s, action, text, sizeof text), GAME_OK);
        assert_string_equal(text, verbs[i].text);
    }
    /* extra spaces and tabs between words are accepted */
    assert_int_equal(action_of(&s, "  move\tL  a5 b4 "), TIKAL_A_MOVE + (1 * 40 + 4) * 6 + 1);
}

/* Every action id has a text that parses back to it (moves off the board
 * have no text), and no two ids share a text. */
static void t29_1_every_action_id_round_trips(void **state)
{
    static char texts[TIKAL_NUM_ACTIONS][GAME_TEXT_MAX];
    tikal_state s;
    int named = 0;
    (void)state;
    assert_int_equal(tikal_init(&s, 4, 0), GAME_OK);
    for (int a = 0; a < TIKAL_NUM_ACTIONS; a++) {
        int back = -1;
        if (a >= TIKAL_A_MOVE && a < TIKAL_A_UNCOVER &&
            tikal_neighbor((a - TIKAL_A_MOVE) / 6 % 40, (a - TIKAL_A_MOVE) % 6) < 0) {
            assert_int_equal(tikal_action_to_text(&s, a, texts[a], GAME_TEXT_MAX), GAME_EPARSE);
            texts[a][0] = '\0';
            continue;
        }
        assert_int_equal(tikal_action_to_text(&s, a, texts[a], GAME_TEXT_MAX), GAME_OK);
        assert_int_equal(tikal_text_to_action(&s, texts[a], &back, NULL, 0), GAME_OK);
        if (back != a)
            fail_msg("%d -> \"%s\" -> %d", a, texts[a], back);
        named++;
    }
    assert_true(named > TIKAL_NUM_ACTIONS / 2);
    assert_int_equal(tikal_action_to_text(&s, TIKAL_NUM_ACTIONS, texts[0], GAME_TEXT_MAX), GAME_EPARSE);
    assert_int_equal(tikal_action_to_text(&s, -1, texts[0], GAME_TEXT_MAX), GAME_EPARSE);
}

/* In the positions of a real game, the legal actions are sorted, uniquely
 * named, and each name parses back to its action. */
static void t29_1_legal_actions_named_uniquely(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX], steps = 0;
    char names[TIKAL_LEGAL_MAX][GAME_TEXT_MAX];
    (void)state;
    assert_int_equal(tikal_init(&s, 3, 1), GAME_OK);
    while (tikal_current_player(&s) != GAME_TERMINAL && steps < 400) {
        int n = tikal_legal_actions(&s, out), pick;
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            int back = -1;
            assert_int_equal(tikal_action_to_text(&s, out[i], names[i], GAME_TEXT_MAX), GAME_OK);
            assert_int_equal(tikal_text_to_action(&s, names[i], &back, NULL, 0), GAME_OK);
            assert_int_equal(back, out[i]);
            if (i > 0)
                assert_true(out[i - 1] < out[i]);
            for (int j = 0; j < i; j++)
                assert_string_not_equal(names[i], names[j]);
        }
        /* a varied walk: a bid sometimes, otherwise a spread of choices, end after a few */
        pick = (steps * 7) % n;
        if (s.phase == TIKAL_PH_ACTIONS && s.ap < 6)
            pick = 0; /* end */
        assert_int_equal(tikal_apply(&s, out[pick], NULL, 0), GAME_OK);
        steps++;
    }
    assert_true(steps > 100);
}

/* T29.3: rotations giving the same stones are one placement, listed by the
 * smallest rotation; any equivalent rotation in the text is accepted. */
static void t29_3_equivalent_rotations(void **state)
{
    tikal_state s;
    int out[TIKAL_LEGAL_MAX], at_c4 = 0, n;
    char text[GAME_TEXT_MAX];
    (void)state;
    basic_turn(&s, 2);
    hold_tile(&s, 0, "D4"); /* jungle 1 0 1 0 1 0: r0 = r2 = r4, r1 = r3 = r5 */
    for (int r = 0; r < 6; r++) {
        char place[32];
        snprintf(place, sizeof place, "place c4 r%d", r);
        assert_int_equal(action_of(&s, place), TIKAL_A_PLACE + fld("c4") * 6 + r % 2);
    }
    n = tikal_legal_actions(&s, out);
    for (int i = 0; i < n; i++)
        at_c4 += (out[i] - TIKAL_A_PLACE) / 6 == fld("c4");
    assert_int_equal(at_c4, 2);
    expect_illegal_action(&s, TIKAL_A_PLACE + fld("c4") * 6 + 4, "place c4 r4 (by id)", "same stones as r0");
    expect_illegal_action(&s, TIKAL_A_PLACE + fld("c4") * 6 + 3, "place c4 r3 (by id)", "same stones as r1");
    act(&s, "place c4 r5");
    assert_int_equal(tikal_field_info(&s, fld("c4")).rotation, 1);
    assert_int_equal(tikal_action_to_text(&s, TIKAL_A_PLACE + fld("c4") * 6 + 1, text, sizeof text), GAME_OK);
    assert_string_equal(text, "place c4 r1");
    /* a volcano: every rotation is r0 */
    hold_tile(&s, 1, "D5");
    assert_int_equal(action_of(&s, "place c5 r3"), TIKAL_A_PLACE + fld("c5") * 6);
    expect_illegal_action(&s, TIKAL_A_PLACE + fld("c5") * 6 + 3, "place c5 r3 (by id)", "same stones as r0");
    /* a tile whose rotations all differ keeps its rotation */
    hold_tile(&s, 1, "A1");
    assert_int_equal(action_of(&s, "place c5 r3"), TIKAL_A_PLACE + fld("c5") * 6 + 3);
    act(&s, "place c5 r3");
}

/* Malformed text: GAME_EPARSE and a reason that names the problem. */
static void t29_malformed_text_refused(void **state)
{
    static const struct {
        const char *text;    /* malformed action */
        const char *keyword; /* expected in the reason */
    } bad[] = {
        {"jump a5", "unknown"},
        {"Deploy E a5", "unknown"},
        {"uncover z9", "no field"},
        {"uncover a6", "no field"},
        {"dig i1", "no field"},
        {"place c3 r6", "rotation"},
        {"place c3 2", "rotation"},
        {"place c3 r02", "rotation"},
        {"move E a5 c3", "not neighbours"},
        {"move E a5 a5", "not neighbours"},
        {"move X a5 b4", "figure"},
        {"deploy E", "takes the form"},
        {"deploy E a5 b4", "takes the form"},
        {"end now", "takes the form"},
        {"pass 1", "takes the form"},
        {"move E a5", "takes the form"},
        {"swap 1 2", "takes the form"},
        {"bid 0", "whole number"},
        {"bid 01", "whole number"},
        {"bid -3", "whole number"},
        {"bid 1025", "whole number"},
        {"bid four", "whole number"},
        {"treasure 9", "motif"},
        {"treasure 0", "motif"},
        {"swap 9 1 1", "swap needs"},
        {"swap 1 5 1", "swap needs"},
        {"draw Z9", "no tile"},
        {"take A7", "no tile"},
        {"", "empty"},
        {"a b c d e f", "not a Tikal action"},
    };
    tikal_state s, before;
    (void)state;
    assert_int_equal(tikal_init(&s, 2, 0), GAME_OK);
    play(&s, "* draw A1");
    memcpy(&before, &s, sizeof s);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char why[WHY_LEN] = "";
        int action = -7;
        if (tikal_text_to_action(&s, bad[i].text, &action, why, sizeof why) != GAME_EPARSE)
            fail_msg("\"%s\" parsed as %d", bad[i].text, action);
        if (!strstr(why, bad[i].keyword))
            fail_msg("\"%s\": reason \"%s\" lacks \"%s\"", bad[i].text, why, bad[i].keyword);
    }
    assert_memory_equal(&before, &s, sizeof s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t29_1_every_verb_round_trips),
        cmocka_unit_test(t29_1_every_action_id_round_trips),
        cmocka_unit_test(t29_1_legal_actions_named_uniquely),
        cmocka_unit_test(t29_3_equivalent_rotations),
        cmocka_unit_test(t29_malformed_text_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
