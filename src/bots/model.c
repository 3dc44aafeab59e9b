/*
 * model.c -- the learned evaluation's linear model, its weights files and
 * its ridge regression (see model.h).
 */
#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bots/model.h"
#include "game.h"

static size_t model_weight_count(const model_features *f)
{
    return (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS;
}

model *model_new(const model_features *features)
{
    assert(features->count <= MODEL_FEATURES_MAX && features->blocks <= MODEL_BLOCKS_MAX);
    model *m = calloc(1, sizeof *m);
    if (m == NULL)
        return NULL;
    m->features = features;
    m->weights = calloc(model_weight_count(features), sizeof *m->weights);
    if (m->weights == NULL) {
        free(m);
        return NULL;
    }
    return m;
}

model *model_copy(const model *m)
{
    model *copy = model_new(m->features);
    if (copy != NULL) {
        memcpy(copy->weights, m->weights, model_weight_count(m->features) * sizeof *copy->weights);
        memcpy(copy->command, m->command, sizeof copy->command);
    }
    return copy;
}

int model_feature_index(const model_features *f, const char *name)
{
    for (int i = 0; i < f->count; i++)
        if (strcmp(f->names[i], name) == 0)
            return i;
    return -1;
}

int model_add_bonus(model *m, const char *name, float points)
{
    const model_features *f = m->features;
    int i = model_feature_index(f, name);
    if (i < 0)
        return -1;
    for (int b = 0; b < f->blocks; b++)
        for (int k = 0; k < MODEL_KNOTS; k++)
            m->weights[((size_t)b * (size_t)f->count + (size_t)i) * MODEL_KNOTS + (size_t)k] += points;
    return 0;
}

void model_free(model *m)
{
    if (m == NULL)
        return;
    free(m->weights);
    free(m);
}

/* Write "line N: message" into why; returns NULL for the caller to return. */
static model *model_refuse(model *m, char *why, size_t why_len, int line, const char *format, ...)
{
    model_free(m);
    if (why != NULL && why_len > 0) {
        int used = snprintf(why, why_len, "line %d: ", line);
        va_list args;
        va_start(args, format);
        if (used >= 0 && (size_t)used < why_len)
            vsnprintf(why + used, why_len - (size_t)used, format, args);
        va_end(args);
    }
    return NULL;
}

model *model_parse(const model_features *features, const char *text, char *why, size_t why_len)
{
    model *m = model_new(features);
    if (m == NULL)
        return model_refuse(NULL, why, why_len, 0, "out of memory");
    const model_features *f = features;
    /* features each block of the file names: the first file_count of the
     * feature set (an older shape has fewer; the rest weigh 0) */
    int file_count = f->count;
    int line = 0, header = 0, block = -1, feature = 0;
    const char *p = text;
    const char *made = "# made by: ";
    const size_t made_len = strlen(made);
    while (*p) {
        size_t len = strcspn(p, "\n");
        const char *text_line = p;
        p += len + (p[len] == '\n');
        line++;
        if (text_line[0] == '#') { /* a comment of any length; the command kept cut to its bound */
            if (len >= made_len && strncmp(text_line, made, made_len) == 0) {
                size_t kept = len - made_len < sizeof m->command ? len - made_len : sizeof m->command - 1;
                memcpy(m->command, text_line + made_len, kept);
                m->command[kept] = '\0';
            }
            continue;
        }
        char buf[1024];
        if (len >= sizeof buf)
            return model_refuse(m, why, why_len, line, "line too long");
        memcpy(buf, text_line, len);
        buf[len] = '\0';
        if (buf[0] == '\0')
            continue;
        char word[64];
        int used = 0;
        if (sscanf(buf, "%63s%n", word, &used) != 1)
            return model_refuse(m, why, why_len, line, "blank line with spaces");
        if (!header) {
            char game[64];
            int count, knots, blocks, end = 0;
            if (strcmp(word, "model") != 0 ||
                sscanf(buf + used, "%63s %d %d %d %n", game, &count, &knots, &blocks, &end) != 4 ||
                buf[used + end] != '\0')
                return model_refuse(m, why, why_len, line, "expected \"model GAME FEATURES KNOTS BLOCKS\"");
            if (strcmp(game, f->game) != 0)
                return model_refuse(m, why, why_len, line, "weights of %s, not %s", game, f->game);
            if (count < 1 || count > f->count || knots != MODEL_KNOTS || blocks != f->blocks)
                return model_refuse(m, why, why_len, line,
                                    "sizes %d %d %d differ from the evaluation's %d %d %d (features, knots, "
                                    "blocks; fewer features are an older shape, more are not known)",
                                    count, knots, blocks, f->count, MODEL_KNOTS, f->blocks);
            file_count = count;
            header = 1;
            continue;
        }
        if (strcmp(word, "block") == 0) {
            char name[64];
            int end = 0;
            if (block >= 0 && feature != file_count)
                return model_refuse(m, why, why_len, line, "block %s has %d of %d features",
                                    f->block_names[block], feature, file_count);
            block++;
            if (block >= f->blocks)
                return model_refuse(m, why, why_len, line, "more than %d blocks", f->blocks);
            if (sscanf(buf + used, "%63s %n", name, &end) != 1 || buf[used + end] != '\0' ||
                strcmp(name, f->block_names[block]) != 0)
                return model_refuse(m, why, why_len, line, "expected \"block %s\"", f->block_names[block]);
            feature = 0;
            continue;
        }
        if (block < 0 || feature >= file_count)
            return model_refuse(m, why, why_len, line, "\"%s\" outside a block's features", word);
        if (strcmp(word, f->names[feature]) != 0)
            return model_refuse(m, why, why_len, line, "expected feature %s, not %s", f->names[feature], word);
        const char *q = buf + used;
        float *w = &m->weights[((size_t)block * (size_t)f->count + (size_t)feature) * MODEL_KNOTS];
        for (int k = 0; k < MODEL_KNOTS; k++) {
            char *end;
            double value = strtod(q, &end);
            if (end == q || !isfinite(value))
                return model_refuse(m, why, why_len, line, "feature %s needs %d numbers", word, MODEL_KNOTS);
            w[k] = (float)value;
            q = end;
        }
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q != '\0')
            return model_refuse(m, why, why_len, line, "unexpected \"%s\" after the weights", q);
        feature++;
    }
    if (!header)
        return model_refuse(m, why, why_len, line, "no \"model\" line");
    if (block != f->blocks - 1 || feature != file_count)
        return model_refuse(m, why, why_len, line, "the file ends before the last block's last feature");
    return m;
}

int model_write(const model *m, FILE *out, const char *command)
{
    const model_features *f = m->features;
    fprintf(out, "# Learned evaluation of %s (src/bots/model.h): a seat's final score is\n"
                 "# estimated as its score now + the game's base estimate + sum of\n"
                 "# feature * (prior + weight), each weight interpolated over the game's\n"
                 "# progress between %d knots (columns).\n"
                 "# made by: %s\n",
            f->game, MODEL_KNOTS, command);
    fprintf(out, "model %s %d %d %d\n", f->game, f->count, MODEL_KNOTS, f->blocks);
    for (int b = 0; b < f->blocks; b++) {
        fprintf(out, "block %s\n", f->block_names[b]);
        for (int i = 0; i < f->count; i++) {
            fprintf(out, "%s", f->names[i]);
            for (int k = 0; k < MODEL_KNOTS; k++)
                fprintf(out, " %.6g", m->weights[((size_t)b * (size_t)f->count + (size_t)i) * MODEL_KNOTS + k]);
            fputc('\n', out);
        }
    }
    return ferror(out) ? -1 : 0;
}

/* The knot below the phase and the weight of the knot above it. */
static int model_knot(double phase, double *frac)
{
    if (!(phase > 0.0))
        phase = 0.0;
    if (phase > 1.0)
        phase = 1.0;
    double u = phase * (MODEL_KNOTS - 1);
    int k = (int)u;
    if (k > MODEL_KNOTS - 2)
        k = MODEL_KNOTS - 2;
    *frac = u - k;
    return k;
}

/* out[p] += sum over i < count of x[p][i] * w[i] for every seat p, each
 * seat's sum in float in the order of i (the values are pinned). A seat's
 * sum is a chain of dependent additions: two seats are added side by side
 * in registers, so that one chain runs while the other waits. */
static void model_dot(int count, float (*x)[MODEL_FEATURES_MAX], const float *w, int players, double *out)
{
    int p = 0;
    for (; p + 1 < players; p += 2) {
        const float *a = x[p], *b = x[p + 1];
        float sum_a = 0.0f, sum_b = 0.0f;
        for (int i = 0; i < count; i++) {
            sum_a += a[i] * w[i];
            sum_b += b[i] * w[i];
        }
        out[p] += sum_a;
        out[p + 1] += sum_b;
    }
    if (p < players) {
        float sum = 0.0f;
        for (int i = 0; i < count; i++)
            sum += x[p][i] * w[i];
        out[p] += sum;
    }
}

/* Forget the seats' sums at kept that were weighed with w (NULL: all). */
static void model_at_forget(model_at *at, const float *w)
{
    for (int seat = 0; seat < GAME_MAX_PLAYERS; seat++) {
        if (w == NULL)
            at->seats[seat].older = 0;
        for (int i = 0; i < MODEL_SEAT_MEMO_WAYS; i++)
            if (w == NULL || at->seats[seat].way[i].w == w)
                at->seats[seat].way[i].w = NULL;
    }
}

/* The weights of m at the block and phase of state: kept in at, or
 * interpolated into the entry of at that has been kept longest. */
static const float *model_weights_at(const model *m, model_at *at, const void *state)
{
    const model_features *f = m->features;
    int block = f->block(state);
    assert(block >= 0 && block < f->blocks);
    double phase = f->phase(state);
    if (at->model != m) {
        at->model = m;
        at->kept = at->oldest = 0;
        model_at_forget(at, NULL);
    }
    for (int i = 0; i < at->kept; i++)
        if (at->phases[i].block == block && at->phases[i].phase == phase)
            return at->phases[i].w;
    model_at_phase *e;
    if (at->kept < MODEL_AT_PHASES)
        e = &at->phases[at->kept++];
    else {
        e = &at->phases[at->oldest];
        at->oldest = (at->oldest + 1) % MODEL_AT_PHASES;
        model_at_forget(at, e->w); /* the weights about to be replaced */
    }
    double frac;
    int k = model_knot(phase, &frac);
    const float *base = &m->weights[(size_t)block * (size_t)f->count * MODEL_KNOTS];
    for (int i = 0; i < f->count; i++) {
        const float *wi = &base[(size_t)i * MODEL_KNOTS + (size_t)k];
        e->w[i] = (float)(wi[0] + (wi[1] - wi[0]) * frac) + (f->prior != NULL ? f->prior[i] : 0.0f);
    }
    e->block = block;
    e->phase = phase;
    return e->w;
}

/* model_gain_at with the seats' memo given (NULL = none). */
static void model_gain_memo(const model *m, model_at *at, model_seat_memo *memo, const void *state, int players,
                            double *out)
{
    const model_features *f = m->features;
    const float *w = model_weights_at(m, at, state);
    for (int p = 0; p < players; p++)
        out[p] = 0.0;
    if (f->base != NULL) /* the prior is in w */
        f->base(state, players, out);
    if (f->weigh != NULL) {
        f->weigh(state, w, players, memo, out);
        return;
    }
    float x[GAME_MAX_PLAYERS][MODEL_FEATURES_MAX];
    f->extract(state, x);
    model_dot(f->count, x, w, players, out);
}

void model_gain_at(const model *m, model_at *at, const void *state, int players, double *out)
{
    model_gain_memo(m, at, at->seats, state, players, out);
}

void model_gain(const model *m, const void *state, int players, double *out)
{
    model_at at;
    at.model = NULL; /* nothing kept: the weights are made for this call, and no seat's sum */
    model_gain_memo(m, &at, NULL, state, players, out);
}

void model_base(const model_features *features, const void *state, int players, double *out)
{
    if (features->base != NULL)
        features->base(state, players, out);
    else
        for (int p = 0; p < players; p++)
            out[p] = 0.0;
    if (features->prior == NULL)
        return;
    float x[GAME_MAX_PLAYERS][MODEL_FEATURES_MAX];
    features->extract(state, x);
    model_dot(features->count, x, features->prior, players, out);
}

int model_row(const model_features *f, const void *state, int seat, double *row)
{
    double frac;
    int k = model_knot(f->phase(state), &frac);
    float x[GAME_MAX_PLAYERS][MODEL_FEATURES_MAX];
    f->extract(state, x);
    memset(row, 0, (size_t)f->count * MODEL_KNOTS * sizeof *row);
    for (int i = 0; i < f->count; i++) {
        row[i * MODEL_KNOTS + k] = x[seat][i] * (1.0 - frac);
        row[i * MODEL_KNOTS + k + 1] = x[seat][i] * frac;
    }
    return f->block(state);
}

void model_get_block(const model *m, int b, double *w)
{
    size_t size = (size_t)m->features->count * MODEL_KNOTS;
    for (size_t i = 0; i < size; i++)
        w[i] = m->weights[(size_t)b * size + i];
}

void model_set_block(model *m, int b, const double *w)
{
    size_t size = (size_t)m->features->count * MODEL_KNOTS;
    for (size_t i = 0; i < size; i++)
        m->weights[(size_t)b * size + i] = (float)w[i];
}

int model_fit_init(model_fit *fit, int size)
{
    memset(fit, 0, sizeof *fit);
    fit->size = size;
    fit->xtx = calloc((size_t)size * (size_t)size, sizeof *fit->xtx);
    fit->xty = calloc((size_t)size, sizeof *fit->xty);
    if (fit->xtx == NULL || fit->xty == NULL) {
        model_fit_free(fit);
        return -1;
    }
    return 0;
}

void model_fit_free(model_fit *fit)
{
    free(fit->xtx);
    free(fit->xty);
    fit->xtx = fit->xty = NULL;
}

void model_fit_clear(model_fit *fit)
{
    memset(fit->xtx, 0, (size_t)fit->size * (size_t)fit->size * sizeof *fit->xtx);
    memset(fit->xty, 0, (size_t)fit->size * sizeof *fit->xty);
    fit->yy = 0.0;
    fit->samples = 0;
}

void model_fit_add(model_fit *fit, const double *row, double y)
{
    int n = fit->size;
    /* Rows are sparse (two knots of each feature): skip the zeros. */
    int nz[MODEL_ROW_MAX], count = 0;
    for (int i = 0; i < n; i++)
        if (row[i] != 0.0)
            nz[count++] = i;
    for (int a = 0; a < count; a++) {
        int i = nz[a];
        double *line = &fit->xtx[(size_t)i * (size_t)n];
        for (int b = 0; b < count; b++)
            line[nz[b]] += row[i] * row[nz[b]];
        fit->xty[i] += row[i] * y;
    }
    fit->yy += y * y;
    fit->samples++;
}

void model_fit_merge(model_fit *fit, const model_fit *other)
{
    assert(fit->size == other->size);
    size_t n = (size_t)fit->size;
    for (size_t i = 0; i < n * n; i++)
        fit->xtx[i] += other->xtx[i];
    for (size_t i = 0; i < n; i++)
        fit->xty[i] += other->xty[i];
    fit->yy += other->yy;
    fit->samples += other->samples;
}

double model_fit_loss(const model_fit *fit, const double *w)
{
    if (fit->samples == 0)
        return 0.0;
    int n = fit->size;
    /* sum (y - w.x)^2 = yy - 2 w.xty + w^T xtx w */
    double quad = 0.0, lin = 0.0;
    for (int i = 0; i < n; i++) {
        if (w[i] == 0.0)
            continue;
        lin += w[i] * fit->xty[i];
        const double *line = &fit->xtx[(size_t)i * (size_t)n];
        double s = 0.0;
        for (int j = 0; j < n; j++)
            s += line[j] * w[j];
        quad += w[i] * s;
    }
    double sse = fit->yy - 2.0 * lin + quad;
    return (sse > 0.0 ? sse : 0.0) / (double)fit->samples;
}

int model_fit_solve(const model_fit *fit, double ridge, const double *prior, double *w)
{
    return model_fit_solve_held(fit, ridge, prior, NULL, w);
}

int model_fit_solve_held(const model_fit *fit, double ridge, const double *prior, const unsigned char *held,
                         double *w)
{
    assert(held == NULL || prior != NULL);
    int n = fit->size;
    double *a = malloc((size_t)n * (size_t)n * sizeof *a);
    double *b = malloc((size_t)n * sizeof *b);
    if (a == NULL || b == NULL) {
        free(a);
        free(b);
        return -1;
    }
    /* (X^T X + lambda I) w = X^T y + lambda prior, lambda = ridge * samples
     * (at least ridge, so that a block without samples keeps its prior). */
    double lambda = ridge * (fit->samples > 0 ? (double)fit->samples : 1.0);
    memcpy(a, fit->xtx, (size_t)n * (size_t)n * sizeof *a);
    for (int i = 0; i < n; i++) {
        a[(size_t)i * (size_t)n + (size_t)i] += lambda;
        b[i] = fit->xty[i] + lambda * (prior != NULL ? prior[i] : 0.0);
    }
    /* a held coefficient's equation becomes w_i = prior_i, and what it
     * explains at that value leaves the others' right-hand sides */
    for (int i = 0; held != NULL && i < n; i++) {
        if (!held[i])
            continue;
        for (int j = 0; j < n; j++) {
            if (!held[j])
                b[j] -= fit->xtx[(size_t)j * (size_t)n + (size_t)i] * prior[i];
            a[(size_t)j * (size_t)n + (size_t)i] = a[(size_t)i * (size_t)n + (size_t)j] = 0.0;
        }
        a[(size_t)i * (size_t)n + (size_t)i] = 1.0;
        b[i] = prior[i];
    }
    /* Cholesky: a = L L^T, L in the lower triangle of a. */
    for (int j = 0; j < n; j++) {
        double d = a[(size_t)j * (size_t)n + (size_t)j];
        for (int k = 0; k < j; k++)
            d -= a[(size_t)j * (size_t)n + (size_t)k] * a[(size_t)j * (size_t)n + (size_t)k];
        if (!(d > 0.0)) {
            free(a);
            free(b);
            return -1;
        }
        d = sqrt(d);
        a[(size_t)j * (size_t)n + (size_t)j] = d;
        for (int i = j + 1; i < n; i++) {
            double s = a[(size_t)i * (size_t)n + (size_t)j];
            for (int k = 0; k < j; k++)
                s -= a[(size_t)i * (size_t)n + (size_t)k] * a[(size_t)j * (size_t)n + (size_t)k];
            a[(size_t)i * (size_t)n + (size_t)j] = s / d;
        }
    }
    /* L z = b, then L^T w = z. */
    for (int i = 0; i < n; i++) {
        double s = b[i];
        for (int k = 0; k < i; k++)
            s -= a[(size_t)i * (size_t)n + (size_t)k] * b[k];
        b[i] = s / a[(size_t)i * (size_t)n + (size_t)i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int k = i + 1; k < n; k++)
            s -= a[(size_t)k * (size_t)n + (size_t)i] * w[k];
        w[i] = s / a[(size_t)i * (size_t)n + (size_t)i];
    }
    free(a);
    free(b);
    return 0;
}
