/*
 * jpatch.c -- JSON Patch (RFC 6902) between two documents and its
 * application (see jpatch.h). Paths are JSON Pointers (RFC 6901): "/"
 * before each step, "~" written "~0" and "/" written "~1" in object keys.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/jpatch.h"

enum { JPATCH_PATH_MAX = 1024 /* bytes of a path made by jpatch_diff; deeper changes replace their parent */ };

/* Append one operation (value NULL: none) to ops; 0, or -1 out of memory. */
static int push_op(json_t *ops, const char *op, const char *path, const json_t *value)
{
    json_t *entry = value != NULL ? json_pack("{s:s, s:s, s:O}", "op", op, "path", path, "value", (json_t *)value)
                                  : json_pack("{s:s, s:s}", "op", op, "path", path);

    return entry == NULL || json_array_append_new(ops, entry) != 0 ? -1 : 0;
}

/* Write "/" and key, escaped, after the len bytes of path; the new length,
 * or 0 if the path would be too long. */
static size_t path_step(char *path, size_t len, const char *key)
{
    if (len + 1 >= JPATCH_PATH_MAX)
        return 0;
    path[len++] = '/';
    for (; *key != '\0'; key++) {
        const char *piece = *key == '~' ? "~0" : *key == '/' ? "~1" : NULL;
        size_t n = piece != NULL ? 2 : 1;
        if (len + n >= JPATCH_PATH_MAX)
            return 0;
        memcpy(path + len, piece != NULL ? piece : key, n);
        len += n;
    }
    path[len] = '\0';
    return len;
}

/* Operations turning from into to, both at path (len bytes), onto ops. A
 * value that differs in kind, or whose change is too deep for
 * JPATCH_PATH_MAX, is replaced whole (whole). */
static int diff_at(json_t *ops, const json_t *from, const json_t *to, char *path, size_t len)
{
    char index[24];
    int rc = 0, whole = 0;
    size_t at;

    if (json_is_object(from) && json_is_object(to)) {
        for (void *it = json_object_iter((json_t *)from); it != NULL && rc == 0 && !whole;
             it = json_object_iter_next((json_t *)from, it)) {
            if (json_object_get(to, json_object_iter_key(it)) != NULL)
                continue;
            if ((at = path_step(path, len, json_object_iter_key(it))) == 0)
                whole = 1;
            else
                rc = push_op(ops, "remove", path, NULL);
        }
        for (void *it = json_object_iter((json_t *)to); it != NULL && rc == 0 && !whole;
             it = json_object_iter_next((json_t *)to, it)) {
            const json_t *old = json_object_get(from, json_object_iter_key(it));
            if ((at = path_step(path, len, json_object_iter_key(it))) == 0)
                whole = 1;
            else if (old == NULL)
                rc = push_op(ops, "add", path, json_object_iter_value(it));
            else
                rc = diff_at(ops, old, json_object_iter_value(it), path, at);
        }
    } else if (json_is_array(from) && json_is_array(to) && json_array_size(from) == json_array_size(to)) {
        for (size_t i = 0; i < json_array_size(to) && rc == 0 && !whole; i++) {
            snprintf(index, sizeof index, "%zu", i);
            if ((at = path_step(path, len, index)) == 0)
                whole = 1;
            else
                rc = diff_at(ops, json_array_get(from, i), json_array_get(to, i), path, at);
        }
    } else if (!json_equal((json_t *)from, (json_t *)to)) {
        whole = 1; /* not the same kind, or a different value */
    }
    path[len] = '\0';
    return rc == 0 && whole ? push_op(ops, "replace", path, to) : rc;
}

json_t *jpatch_diff(const json_t *from, const json_t *to)
{
    char path[JPATCH_PATH_MAX] = "";
    json_t *ops = json_array();

    if (ops != NULL && diff_at(ops, from, to, path, 0) != 0) {
        json_decref(ops);
        return NULL;
    }
    return ops;
}

static int refuse(char *why, size_t why_len, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vsnprintf(why, why_len, format, args);
    va_end(args);
    return -1;
}

/* The next step of a path at *path (after its "/") into token, unescaped;
 * *path moves past it. 0, or -1 if it is too long or badly escaped. */
static int next_token(const char **path, char *token, size_t token_len)
{
    size_t n = 0;
    const char *p = *path;

    for (; *p != '\0' && *p != '/'; p++) {
        char c = *p;
        if (c == '~') {
            if (p[1] != '0' && p[1] != '1')
                return -1;
            c = *++p == '0' ? '~' : '/';
        }
        if (n + 1 >= token_len)
            return -1;
        token[n++] = c;
    }
    token[n] = '\0';
    *path = p;
    return 0;
}

/* token as an index of array: 0 .. size - 1, or size if end (add may
 * append); -1 if it is no such index. "-" is the end. */
static long array_index(const json_t *array, const char *token, int end)
{
    size_t size = json_array_size(array);
    char *rest;
    unsigned long long i;

    if (strcmp(token, "-") == 0)
        return end ? (long)size : -1;
    if (token[0] < '0' || token[0] > '9' || (token[0] == '0' && token[1] != '\0'))
        return -1;
    i = strtoull(token, &rest, 10);
    return *rest != '\0' || i > size || (i == size && !end) ? -1 : (long)i;
}

/* Apply one operation to *doc (which it may replace); 0, or -1 with why. */
static int apply_op(json_t **doc, const json_t *op, char *why, size_t why_len)
{
    const char *name = json_string_value(json_object_get(op, "op"));
    const char *path = json_string_value(json_object_get(op, "path"));
    const json_t *value = json_object_get(op, "value");
    char token[JPATCH_PATH_MAX];
    json_t *parent = NULL, *node = *doc, *copy;
    int add, replace, remove, rc;
    long i;

    if (name == NULL || path == NULL)
        return refuse(why, why_len, "an operation without \"op\" or \"path\"");
    add = strcmp(name, "add") == 0;
    replace = strcmp(name, "replace") == 0;
    remove = strcmp(name, "remove") == 0;
    if (!add && !replace && !remove)
        return refuse(why, why_len, "unknown operation \"%s\"", name);
    if (!remove && value == NULL)
        return refuse(why, why_len, "\"%s\" of %s without a value", name, path);
    if (path[0] != '\0' && path[0] != '/')
        return refuse(why, why_len, "the path \"%s\" does not start with /", path);
    if (path[0] == '\0') { /* the whole document */
        if (remove || (copy = json_deep_copy(value)) == NULL)
            return refuse(why, why_len, "cannot %s the whole document", name);
        json_decref(*doc);
        *doc = copy;
        return 0;
    }
    for (const char *p = path; *p == '/';) {
        p++;
        if (next_token(&p, token, sizeof token) != 0)
            return refuse(why, why_len, "the path \"%s\" is not a JSON Pointer", path);
        parent = node;
        node = json_is_object(parent) ? json_object_get(parent, token)
               : json_is_array(parent) && (i = array_index(parent, token, 0)) >= 0 ? json_array_get(parent, (size_t)i)
                                                                                   : NULL;
        if (node == NULL && *p != '\0')
            return refuse(why, why_len, "the path \"%s\" leads to nothing", path);
    }
    if ((node == NULL && !add) || (!json_is_object(parent) && !json_is_array(parent)))
        return refuse(why, why_len, "the path \"%s\" leads to nothing", path);
    if (remove)
        rc = json_is_object(parent) ? json_object_del(parent, token)
                                    : json_array_remove(parent, (size_t)array_index(parent, token, 0));
    else if ((copy = json_deep_copy(value)) == NULL)
        rc = -1;
    else if (json_is_object(parent))
        rc = json_object_set_new(parent, token, copy);
    else if (replace)
        rc = json_array_set_new(parent, (size_t)array_index(parent, token, 0), copy);
    else
        rc = json_array_insert_new(parent, (size_t)array_index(parent, token, 1), copy);
    return rc == 0 ? 0 : refuse(why, why_len, "cannot %s at %s", name, path);
}

json_t *jpatch_apply(const json_t *doc, const json_t *patch, char *why, size_t why_len)
{
    json_t *result;

    if (!json_is_array(patch)) {
        refuse(why, why_len, "a patch is an array of operations");
        return NULL;
    }
    if ((result = json_deep_copy(doc)) == NULL) {
        refuse(why, why_len, "out of memory");
        return NULL;
    }
    for (size_t k = 0; k < json_array_size(patch); k++)
        if (apply_op(&result, json_array_get(patch, k), why, why_len) != 0) {
            json_decref(result);
            return NULL;
        }
    return result;
}
