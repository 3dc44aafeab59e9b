/*
 * rng.c -- splitmix64 seeding and the xoshiro256** generator (Blackman and
 * Vigna), see rng.h.
 */
#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void rng_seed(rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Draws at or above limit = UINT64_MAX - UINT64_MAX % n are drawn again
 * (no modulo bias). The limit is above UINT64_MAX - n, so a draw at most
 * that is kept without computing it: one 64-bit division per call instead
 * of two, the same numbers. */
uint64_t rng_below(rng *r, uint64_t n)
{
    uint64_t x = rng_next(r);
    if (x > UINT64_MAX - n) {
        uint64_t limit = UINT64_MAX - UINT64_MAX % n;
        while (x >= limit)
            x = rng_next(r);
    }
    return x % n;
}

double rng_unit(rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}
