/*
 * rng.h -- the project's seeded random generator (splitmix64 seeding a
 * xoshiro256** stream). Explicit state, no globals: whoever needs chance owns
 * an rng and passes it. Equal seeds give equal games on every machine.
 */
#ifndef MAYA_RNG_H
#define MAYA_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4]; /* xoshiro256** state, never all zero */
} rng;

void rng_seed(rng *r, uint64_t seed);
uint64_t rng_next(rng *r);
/* Uniform integer in [0, n), n >= 1, without modulo bias. */
uint64_t rng_below(rng *r, uint64_t n);
/* Uniform double in [0, 1). */
double rng_unit(rng *r);

#endif
