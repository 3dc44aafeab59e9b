/*
 * draw_test.c -- the server's chance draws and bot seeds (src/server/draw.h):
 * the same secret seed and state number give the same outcome (every server
 * process sharing a database draws alike), outcomes follow their
 * probabilities, and a bot's seed is a keyed hash of the state number: the
 * same for the same position, different for another position or another
 * game, and not the secret seed's bytes (which the server once used, so
 * that a bot's choices leaked part of the seed of the game's draws).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <sodium.h>

#include "server/draw.h"

static void test_outcomes_repeat_and_follow_probabilities(void **unused)
{
    (void)unused;
    unsigned char seed[STORE_SEED_BYTES];
    const int outcomes[] = {7, 8, 9};
    const double probability[] = {0.5, 0.25, 0.25};
    int seen[3] = {0, 0, 0};

    draw_new_seed(seed);
    for (int64_t version = 1; version <= 20000; version++) {
        int o = draw_outcome(seed, version, outcomes, probability, 3);
        assert_int_equal(o, draw_outcome(seed, version, outcomes, probability, 3));
        assert_true(o >= 7 && o <= 9);
        seen[o - 7]++;
    }
    /* 20,000 draws: each share within 2 points of its probability */
    assert_in_range(seen[0], 9600, 10400);
    assert_in_range(seen[1], 4600, 5400);
    assert_in_range(seen[2], 4600, 5400);
}

static void test_bot_seeds(void **unused)
{
    (void)unused;
    unsigned char seed[STORE_SEED_BYTES], other[STORE_SEED_BYTES];
    uint64_t first_bytes = 0;

    draw_new_seed(seed);
    memcpy(other, seed, sizeof other);
    other[STORE_SEED_BYTES - 1] ^= 1; /* another game's seed, one bit apart */
    memcpy(&first_bytes, seed, sizeof first_bytes);
    for (int64_t version = 0; version < 64; version++) {
        uint64_t bot = draw_bot_seed(seed, version);
        assert_true(bot == draw_bot_seed(seed, version));
        assert_true(bot != draw_bot_seed(seed, version + 1));
        assert_true(bot != draw_bot_seed(other, version));
        assert_true(bot != first_bytes && (bot ^ first_bytes) != (uint64_t)version * 0x9E3779B97F4A7C15u);
    }
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_outcomes_repeat_and_follow_probabilities),
        cmocka_unit_test(test_bot_seeds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
