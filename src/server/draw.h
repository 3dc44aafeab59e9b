/*
 * draw.h -- the server's chance draws: every outcome of a chance node (a
 * Tikal tile, a Tzolk'in deal or building) is chosen by a ChaCha20 stream
 * keyed by the game's secret 32-byte seed, with the game's state number as
 * the nonce. So the draws are unpredictable to anyone without the seed (it is
 * never sent out), yet the same seed and state number give the same outcome
 * in every server process sharing a database.
 */
#ifndef MAYA_DRAW_H
#define MAYA_DRAW_H

#include <stdint.h>

#include "server/store.h"

/* A fresh secret seed from the system's random source. */
void draw_new_seed(unsigned char seed[STORE_SEED_BYTES]);
/* The outcome among outcomes[0..n-1] (n >= 1) with probabilities
 * probability[0..n-1] (summing to 1) that the stream of seed at nonce
 * state_number selects. */
int draw_outcome(const unsigned char seed[STORE_SEED_BYTES], int64_t state_number, const int *outcomes,
                 const double *probability, int n);

/* The seed of a bot's search at state number state_number of the game of
 * seed: a keyed hash (BLAKE2b) of the state number, so the same position
 * gives the same play while nothing of the secret seed can be learnt from
 * the bot's choices. */
uint64_t draw_bot_seed(const unsigned char seed[STORE_SEED_BYTES], int64_t state_number);

#endif
