/*
 * tzolkin_replay.h -- a small record replayer for the Tzolk'in tests: reads
 * a record of Z23.3 (tags, then "ACTOR TEXT" lines with ';' comments) and
 * plays it through the engine, checking the actor of every line.
 */
#ifndef MAYA_TZOLKIN_REPLAY_H
#define MAYA_TZOLKIN_REPLAY_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tzolkin/tzolkin.h"

typedef struct tz_replay {
    int players;        /* Players tag */
    int result[4];      /* Result tag */
    int has_result;     /* 1 if Result is not "*" */
    int lines;          /* action lines applied */
    int error_line;     /* line number of the first failure, 0 none */
    char error[256];    /* reason of the failure */
} tz_replay;

/* Replay the record text into s (initialised here); 0 on success. */
static inline int tz_replay_text(const char *text, tzolk_state *s, tz_replay *r)
{
    memset(r, 0, sizeof *r);
    int inited = 0, lineno = 0;
    const char *p = text;
    while (*p) {
        char line[256];
        size_t n = strcspn(p, "\n");
        if (n >= sizeof line)
            n = sizeof line - 1;
        memcpy(line, p, n);
        line[n] = 0;
        p += strcspn(p, "\n");
        if (*p)
            p++;
        lineno++;
        char *c = strchr(line, ';');
        if (c)
            *c = 0;
        char *b = line;
        while (*b == ' ' || *b == '\t' || *b == '\r')
            b++;
        size_t l = strlen(b);
        while (l && (b[l - 1] == ' ' || b[l - 1] == '\t' || b[l - 1] == '\r'))
            b[--l] = 0;
        if (!*b)
            continue;
        if (*b == '[') {
            if (strncmp(b, "[Players \"", 10) == 0)
                r->players = atoi(b + 10);
            if (strncmp(b, "[Result \"", 9) == 0 && b[9] != '*') {
                r->has_result = 1;
                sscanf(b + 9, "%d %d %d %d", &r->result[0], &r->result[1], &r->result[2], &r->result[3]);
            }
            continue;
        }
        if (!inited) {
            if (tzolk_init(s, r->players) != 0) {
                r->error_line = lineno;
                snprintf(r->error, sizeof r->error, "bad Players tag");
                return 1;
            }
            inited = 1;
        }
        int actor = *b == '*' ? GAME_CHANCE : *b - '1';
        char *text2 = b + 1;
        while (*text2 == ' ')
            text2++;
        if (tzolk_current_player(s) != actor) {
            r->error_line = lineno;
            snprintf(r->error, sizeof r->error, "actor %c but the engine expects %d", *b, tzolk_current_player(s));
            return 1;
        }
        int acts[GAME_LINE_MAX], count = 0;
        char why[200] = "";
        int status = tzolk_line_actions(s, text2, acts, &count, why, sizeof why); /* a market line: its steps */
        for (int i = 0; i < count && status == 0; i++)
            status = tzolk_apply(s, acts[i], why, sizeof why);
        if (status != 0) {
            r->error_line = lineno;
            snprintf(r->error, sizeof r->error, "'%s': %s", text2, why);
            return 1;
        }
        r->lines++;
    }
    return 0;
}

static inline char *tz_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = 0;
    fclose(f);
    return buf;
}

#endif
