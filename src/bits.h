/*
 * bits.h -- the set bits of a word, for the engines' and bots' masks: the
 * popcnt instruction where the build targets a CPU that has it (-mpopcnt,
 * -march=native), else a few shifts and a multiply inline, instead of the
 * library call __builtin_popcount becomes for generic x86-64 (libgcc's
 * __popcountdi2: 0.5% of a Tikal search, docs/bench.md, seventh round).
 */
#ifndef MAYA_BITS_H
#define MAYA_BITS_H

#include <stdint.h>

/* The set bits of x (of any unsigned width up to 64). */
static inline int bits_count(uint64_t x)
{
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((x * 0x0101010101010101u) >> 56);
#endif
}

#endif
