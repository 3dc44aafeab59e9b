/*
 * token.c -- seat tokens: random text from libsodium, BLAKE2b hashes,
 * constant-time comparison (see token.h).
 */
#include "server/token.h"

#include <sodium.h>
#include <string.h>

void token_new(char text[TOKEN_TEXT], unsigned char hash[STORE_HASH_BYTES])
{
    unsigned char secret[32];

    randombytes_buf(secret, sizeof secret);
    sodium_bin2hex(text, TOKEN_TEXT, secret, sizeof secret);
    token_hash(text, hash);
}

int token_hash(const char *text, unsigned char hash[STORE_HASH_BYTES])
{
    if (strlen(text) != TOKEN_TEXT - 1 || strspn(text, "0123456789abcdef") != TOKEN_TEXT - 1)
        return -1;
    crypto_generichash(hash, STORE_HASH_BYTES, (const unsigned char *)text, TOKEN_TEXT - 1, NULL, 0);
    return 0;
}

int token_matches(const unsigned char a[STORE_HASH_BYTES], const unsigned char b[STORE_HASH_BYTES])
{
    return !sodium_is_zero(b, STORE_HASH_BYTES) && sodium_memcmp(a, b, STORE_HASH_BYTES) == 0;
}
