/*
 * bits_test.c -- bits.h's counts of set bits against a count bit by bit:
 * no bit, every bit, each bit alone (the highest too), and a million
 * seeded random words, whole and cut to 32 bits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bits.h"
#include "rng.h"

static int plain_count(uint64_t x)
{
    int n = 0;
    for (int b = 0; b < 64; b++)
        n += (int)(x >> b & 1);
    return n;
}

static void test_counts(void **unused)
{
    (void)unused;
    assert_int_equal(bits_count(0), 0);
    assert_int_equal(bits_count(UINT32_MAX), 32);
    assert_int_equal(bits_count(UINT64_MAX), 64);
    for (int b = 0; b < 64; b++) {
        assert_int_equal(bits_count(1ULL << b), 1);
        assert_int_equal(bits_count(~(1ULL << b)), 63);
    }
    rng r;
    rng_seed(&r, 16);
    for (int i = 0; i < 1000000; i++) {
        uint64_t x = rng_next(&r);
        if (i % 3 == 1)
            x &= rng_next(&r); /* sparser words */
        assert_int_equal(bits_count(x), plain_count(x));
        assert_int_equal(bits_count((uint32_t)x), plain_count((uint32_t)x));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
