/*
 * token.h -- the secret tokens that prove a seat: 32 random bytes shown as
 * 64 lowercase hex digits. The server keeps only a BLAKE2b hash of each
 * token (a stolen database holds no usable token) and compares hashes in
 * constant time.
 */
#ifndef MAYA_TOKEN_H
#define MAYA_TOKEN_H

#include "server/store.h"

enum { TOKEN_TEXT = 65 /* 64 hex digits and the NUL */ };

/* A new token's text and its hash. */
void token_new(char text[TOKEN_TEXT], unsigned char hash[STORE_HASH_BYTES]);
/* The hash of a presented token; -1 if text is not 64 hex digits. */
int token_hash(const char *text, unsigned char hash[STORE_HASH_BYTES]);
/* Nonzero if two hashes are equal (constant time); an all-zero hash (a seat
 * with no token) never matches. */
int token_matches(const unsigned char a[STORE_HASH_BYTES], const unsigned char b[STORE_HASH_BYTES]);

#endif
