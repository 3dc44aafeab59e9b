/*
 * jpatch.h -- the change between two JSON documents as a JSON Patch
 * (RFC 6902), for the live updates of the server's event stream: the
 * server sends a watcher what changed in its view instead of the whole view
 * (docs/api.md, "patch" events), and clients (the load generator, tests)
 * apply it as the browser does (web/js/api.js).
 *
 * The patches made here use a subset of RFC 6902 that a client applies
 * with a few lines: "replace" (a value changed, or an array changed its
 * length: the array is replaced whole), "add" (an object member is new) and
 * "remove" (an object member is gone); paths are JSON Pointers (RFC 6901).
 * Arrays of equal length are compared item by item, so a change of one
 * field of a board of 40 fields is one small operation (a JSON Merge Patch,
 * RFC 7396, would replace the whole array). jpatch_apply applies that
 * subset, and "add" and "remove" of array items as RFC 6902 defines them.
 */
#ifndef MAYA_JPATCH_H
#define MAYA_JPATCH_H

#include <stddef.h>

#include <jansson.h>

/* The operations that turn from into to (an array, empty if they are
 * equal): a new reference, or NULL if memory runs out. Every value in it
 * is a part of to. */
json_t *jpatch_diff(const json_t *from, const json_t *to);

/* A new document: doc with patch applied (doc is not changed); NULL with
 * the reason in why if patch is not an array of operations that apply to
 * doc (an unknown operation, a path to nothing) or memory runs out. */
json_t *jpatch_apply(const json_t *doc, const json_t *patch, char *why, size_t why_len);

#endif
