/*
 * hub_reply.c -- the hub's answers: errors with their code and reason, JSON
 * answers, and the checked reading of request fields and query arguments.
 */
#include "server/hub_internal.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Cut text where a UTF-8 sequence that a shortened text broke off begins,
 * so that it stays valid UTF-8 (JSON strings must be). */
static void utf8_cut_broken_end(char *text)
{
    size_t len = strlen(text), start = len;

    while (start > 0 && len - start < 4 && ((unsigned char)text[start - 1] & 0xC0) == 0x80)
        start--; /* back over continuation bytes to the sequence's lead byte */
    if (start > 0 && (unsigned char)text[start - 1] >= 0xC0) {
        unsigned char lead = (unsigned char)text[start - 1];
        size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (len - (start - 1) < need)
            text[start - 1] = '\0';
    }
}

void hub_reply_fail(hub_reply *r, int status, const char *code, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vsnprintf(r->error, sizeof r->error, format, args);
    va_end(args);
    utf8_cut_broken_end(r->error);
    r->status = status;
    r->code = code;
}

void hub_reply_answer(hub_reply *r, int status, json_t *body)
{
    r->status = status;
    r->body = body;
    if (body == NULL)
        hub_reply_fail(r, 500, "internal", "out of memory");
}

const char *hub_reply_store_code(int rc)
{
    return rc == STORE_EBUSY ? "busy" : "store";
}

void hub_reply_free(hub_reply *r)
{
    json_decref(r->body);
    free(r->text);
    r->body = NULL;
    r->text = NULL;
}

int hub_reply_only_fields(const json_t *object, const char *const *allowed, int n, hub_reply *r)
{
    const char *key;
    json_t *value;

    if (!json_is_object(object)) {
        hub_reply_fail(r, 400, "bad_json", "the body must be a JSON object");
        return -1;
    }
    json_object_foreach((json_t *)object, key, value)
    {
        int known = 0;
        for (int i = 0; i < n && !known; i++)
            known = strcmp(key, allowed[i]) == 0;
        if (!known) {
            hub_reply_fail(r, 400, "bad_field", "unknown field \"%s\"", key);
            return -1;
        }
    }
    return 0;
}

int hub_reply_int_field(const json_t *object, const char *name, json_int_t min, json_int_t max, int required,
                        json_int_t fallback, json_int_t *out, hub_reply *r)
{
    const json_t *value = json_object_get(object, name);

    if (value == NULL || json_is_null(value)) {
        if (required) {
            hub_reply_fail(r, 400, "bad_field", "field \"%s\" is missing", name);
            return -1;
        }
        *out = fallback;
        return 0;
    }
    if (!json_is_integer(value) || json_integer_value(value) < min || json_integer_value(value) > max) {
        hub_reply_fail(r, 400, "bad_field", "field \"%s\" must be a whole number from %lld to %lld", name,
                       (long long)min, (long long)max);
        return -1;
    }
    *out = json_integer_value(value);
    return 0;
}

int hub_reply_text_field(const json_t *object, const char *name, size_t max, const char **out, hub_reply *r)
{
    const json_t *value = json_object_get(object, name);
    const char *text;

    *out = NULL;
    if (value == NULL || json_is_null(value))
        return 0;
    if (!json_is_string(value)) {
        hub_reply_fail(r, 400, "bad_field", "field \"%s\" must be a string", name);
        return -1;
    }
    text = json_string_value(value);
    if (strlen(text) >= max || strlen(text) != json_string_length(value)) {
        hub_reply_fail(r, 400, "bad_field", "field \"%s\" is too long (at most %zu bytes)", name, max - 1);
        return -1;
    }
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if (*c < 0x20 || *c == 0x7f || *c == '"') {
            hub_reply_fail(r, 400, "bad_field", "field \"%s\" holds a control character or a quote", name);
            return -1;
        }
    *out = text;
    return 0;
}

int hub_reply_query_number(const char *text, const char *name, long min, long max, long *out, hub_reply *r)
{
    char *end;
    long value;

    if (text == NULL)
        return 0;
    errno = 0;
    value = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno != 0 || value < min || value > max) {
        if (max < INT_MAX)
            hub_reply_fail(r, 400, "bad_field", "%s must be a whole number from %ld to %ld", name, min, max);
        else
            hub_reply_fail(r, 400, "bad_field", "%s must be a whole number from %ld", name, min);
        return -1;
    }
    *out = value;
    return 0;
}
