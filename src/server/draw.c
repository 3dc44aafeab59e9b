/*
 * draw.c -- chance draws from a ChaCha20 stream keyed by a game's secret
 * seed (libsodium), the state number being the nonce, and bots' seeds
 * hashed with that seed as the key: see draw.h.
 */
#include "server/draw.h"

#include <sodium.h>
#include <string.h>

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

uint64_t draw_bot_seed(const unsigned char seed[STORE_SEED_BYTES], int64_t state_number)
{
    static const char domain[] = "maya bot seed"; /* keeps these hashes apart from any other use of the seed */
    unsigned char message[sizeof domain + 8], hash[8];
    uint64_t bot_seed = 0;

    memcpy(message, domain, sizeof domain);
    for (int i = 0; i < 8; i++)
        message[sizeof domain + (size_t)i] = (unsigned char)((uint64_t)state_number >> (8 * i));
    crypto_generichash(hash, sizeof hash, message, sizeof message, seed, STORE_SEED_BYTES);
    for (int i = 0; i < 8; i++)
        bot_seed |= (uint64_t)hash[i] << (8 * i);
    return bot_seed;
}
