/*
 * draw.c -- chance draws from a ChaCha20 stream keyed by a game's secret
 * seed (libsodium), the state number being the nonce: see draw.h.
 */
#include "server/draw.h"

#include <sodium.h>

void draw_new_seed(unsigned char seed[STORE_SEED_BYTES])
{
    randombytes_buf(seed, STORE_SEED_BYTES);
}

int draw_outcome(const unsigned char seed[STORE_SEED_BYTES], int64_t state_number, const int *outcomes,
                 const double *probability, int n)
{
    unsigned char nonce[crypto_stream_chacha20_NONCEBYTES] = {0};
    unsigned char block[8];
    uint64_t bits = 0;
    double unit, cumulative = 0.0;

    for (int i = 0; i < 8; i++)
        nonce[i] = (unsigned char)((uint64_t)state_number >> (8 * i));
    crypto_stream_chacha20(block, sizeof block, nonce, seed);
    for (int i = 0; i < 8; i++)
        bits |= (uint64_t)block[i] << (8 * i);
    unit = (double)(bits >> 11) * 0x1.0p-53; /* uniform in [0, 1) */
    for (int i = 0; i < n - 1; i++) {
        cumulative += probability[i];
        if (unit < cumulative)
            return outcomes[i];
    }
    return outcomes[n - 1];
}
