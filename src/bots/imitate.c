/*
 * imitate.c -- fitting the learned evaluation to the turns a search chose:
 * the decisions' candidates, their cross-entropy and its Newton fit (see
 * imitate.h).
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bots/imitate.h"

enum {
    IMITATE_HALVINGS = 20,   /* most halvings of a Newton step that does not lower the loss */
    IMITATE_GOLDEN_STEPS = 60 /* steps of the search of the temperature */
};

static const double imitate_coldest = 0.05, imitate_hottest = 1000.0; /* points: the temperatures searched */

void imitate_init(imitate_set *s, int size)
{
    assert(size > 0 && size <= MODEL_ROW_MAX);
    memset(s, 0, sizeof *s);
    s->size = size;
}

void imitate_free(imitate_set *s)
{
    free(s->ends);
    free(s->rows);
    free(s->offset);
    free(s->target);
    imitate_init(s, s->size);
}

void imitate_clear(imitate_set *s)
{
    s->decisions = 0;
    s->candidates = 0;
}

/* Room for decisions more decisions and candidates more candidates. 0 or -1. */
static int imitate_reserve(imitate_set *s, long decisions, long candidates)
{
    if (s->decisions + decisions > s->decision_cap) {
        long cap = 2 * (s->decisions + decisions) + 64;
        long *ends = realloc(s->ends, (size_t)cap * sizeof *ends);
        if (ends == NULL)
            return -1;
        s->ends = ends;
        s->decision_cap = cap;
    }
    if (s->candidates + candidates > s->candidate_cap) {
        long cap = 2 * (s->candidates + candidates) + 256;
        float *rows = realloc(s->rows, (size_t)cap * (size_t)s->size * sizeof *rows);
        if (rows != NULL)
            s->rows = rows;
        double *offset = realloc(s->offset, (size_t)cap * sizeof *offset);
        if (offset != NULL)
            s->offset = offset;
        double *target = realloc(s->target, (size_t)cap * sizeof *target);
        if (target != NULL)
            s->target = target;
        if (rows == NULL || offset == NULL || target == NULL)
            return -1;
        s->candidate_cap = cap;
    }
    return 0;
}

int imitate_add(imitate_set *s, int count, const double *rows, const double *offset, const double *visits)
{
    assert(count >= 2 && count <= IMITATE_CANDIDATES_MAX);
    double total = 0.0;
    for (int c = 0; c < count; c++) {
        assert(visits[c] >= 0.0);
        total += visits[c];
    }
    assert(total > 0.0);
    if (imitate_reserve(s, 1, count) != 0)
        return -1;
    for (int c = 0; c < count; c++) {
        long at = s->candidates + c;
        for (int j = 0; j < s->size; j++)
            s->rows[(size_t)at * (size_t)s->size + (size_t)j] = (float)rows[(size_t)c * (size_t)s->size + (size_t)j];
        s->offset[at] = offset[c];
        s->target[at] = visits[c] / total;
    }
    s->candidates += count;
    s->ends[s->decisions++] = s->candidates;
    return 0;
}

int imitate_merge(imitate_set *s, const imitate_set *other)
{
    assert(s->size == other->size);
    if (other->decisions == 0)
        return 0;
    if (imitate_reserve(s, other->decisions, other->candidates) != 0)
        return -1;
    memcpy(s->rows + (size_t)s->candidates * (size_t)s->size, other->rows,
           (size_t)other->candidates * (size_t)s->size * sizeof *s->rows);
    memcpy(s->offset + s->candidates, other->offset, (size_t)other->candidates * sizeof *s->offset);
    memcpy(s->target + s->candidates, other->target, (size_t)other->candidates * sizeof *s->target);
    for (long i = 0; i < other->decisions; i++)
        s->ends[s->decisions + i] = s->candidates + other->ends[i];
    s->decisions += other->decisions;
    s->candidates += other->candidates;
    return 0;
}

/* The model's odds of decision i's candidates (odds[its count]) under w;
 * returns its cross-entropy against the visit shares. */
static double imitate_odds(const imitate_set *s, long i, const double *w, double temperature, double *odds)
{
    long first = i > 0 ? s->ends[i - 1] : 0, count = s->ends[i] - first;
    double top = -INFINITY;
    for (long c = 0; c < count; c++) {
        const float *row = s->rows + (size_t)(first + c) * (size_t)s->size;
        double margin = s->offset[first + c];
        for (int j = 0; j < s->size; j++)
            margin += w[j] * row[j];
        odds[c] = margin / temperature;
        top = odds[c] > top ? odds[c] : top;
    }
    double sum = 0.0;
    for (long c = 0; c < count; c++)
        sum += exp(odds[c] - top);
    double log_sum = top + log(sum), entropy = 0.0;
    for (long c = 0; c < count; c++) {
        entropy -= s->target[first + c] * (odds[c] - log_sum);
        odds[c] = exp(odds[c] - log_sum);
    }
    return entropy;
}

double imitate_loss(const imitate_set *s, const double *w, double temperature, double *agree)
{
    assert(temperature > 0.0);
    if (agree != NULL)
        *agree = 0.0;
    if (s->decisions == 0)
        return 0.0;
    double odds[IMITATE_CANDIDATES_MAX], loss = 0.0;
    long agreed = 0;
    for (long i = 0; i < s->decisions; i++) {
        long first = i > 0 ? s->ends[i - 1] : 0, count = s->ends[i] - first;
        loss += imitate_odds(s, i, w, temperature, odds);
        long chosen = 0, rated = 0;
        for (long c = 1; c < count; c++) {
            chosen = s->target[first + c] > s->target[first + chosen] ? c : chosen;
            rated = odds[c] > odds[rated] ? c : rated;
        }
        agreed += chosen == rated;
    }
    if (agree != NULL)
        *agree = (double)agreed / (double)s->decisions;
    return loss / (double)s->decisions;
}

void imitate_bounds(const imitate_set *s, double *uniform, double *own)
{
    double even = 0.0, entropy = 0.0;
    for (long i = 0; i < s->decisions; i++) {
        long first = i > 0 ? s->ends[i - 1] : 0, count = s->ends[i] - first;
        even += log((double)count);
        for (long c = first; c < s->ends[i]; c++)
            if (s->target[c] > 0.0)
                entropy -= s->target[c] * log(s->target[c]);
    }
    *uniform = s->decisions > 0 ? even / (double)s->decisions : 0.0;
    *own = s->decisions > 0 ? entropy / (double)s->decisions : 0.0;
}

double imitate_temperature(const imitate_set *s, const double *w)
{
    if (s->decisions == 0)
        return imitate_hottest;
    /* golden-section search over the inverse temperature, in which the
     * loss is convex (a log-sum-exp of linear functions less a linear one) */
    const double ratio = (sqrt(5.0) - 1.0) / 2.0;
    double low = 1.0 / imitate_hottest, high = 1.0 / imitate_coldest;
    double a = high - ratio * (high - low), b = low + ratio * (high - low);
    double loss_a = imitate_loss(s, w, 1.0 / a, NULL), loss_b = imitate_loss(s, w, 1.0 / b, NULL);
    for (int k = 0; k < IMITATE_GOLDEN_STEPS; k++) {
        if (loss_a <= loss_b) {
            high = b;
            b = a;
            loss_b = loss_a;
            a = high - ratio * (high - low);
            loss_a = imitate_loss(s, w, 1.0 / a, NULL);
        } else {
            low = a;
            a = b;
            loss_a = loss_b;
            b = low + ratio * (high - low);
            loss_b = imitate_loss(s, w, 1.0 / b, NULL);
        }
    }
    return 2.0 / (low + high);
}

/* The whole objective at w: cross-entropies summed plus the ridge's pull. */
static double imitate_objective(const imitate_set *s, const double *w, double temperature, double lambda,
                                 const double *anchor)
{
    double loss = imitate_loss(s, w, temperature, NULL) * (double)s->decisions, pull = 0.0;
    for (int j = 0; j < s->size; j++)
        pull += (w[j] - anchor[j]) * (w[j] - anchor[j]);
    return loss + lambda / 2.0 * pull;
}

/* The cross-entropies' Hessian (into fit->xtx) and H w - gradient (into
 * fit->xty) at w: a Newton step is then model_fit_solve's ridge solve. */
static void imitate_newton_sums(const imitate_set *s, const double *w, double temperature, double *mean,
                                model_fit *fit)
{
    double odds[IMITATE_CANDIDATES_MAX];
    int n = s->size;
    model_fit_clear(fit);
    double *h = fit->xtx, *gradient = fit->xty;
    for (long i = 0; i < s->decisions; i++) {
        long first = i > 0 ? s->ends[i - 1] : 0, count = s->ends[i] - first;
        imitate_odds(s, i, w, temperature, odds);
        memset(mean, 0, (size_t)n * sizeof *mean);
        for (long c = 0; c < count; c++) {
            const float *row = s->rows + (size_t)(first + c) * (size_t)n;
            double p = odds[c], q = (p - s->target[first + c]) / temperature;
            for (int a = 0; a < n; a++) {
                if (row[a] == 0.0f)
                    continue;
                mean[a] += p * row[a];
                gradient[a] += q * row[a];
                double pa = p * row[a] / (temperature * temperature);
                for (int b = 0; b <= a; b++)
                    h[(size_t)a * (size_t)n + (size_t)b] += pa * row[b];
            }
        }
        for (int a = 0; a < n; a++) {
            if (mean[a] == 0.0)
                continue;
            double ma = mean[a] / (temperature * temperature);
            for (int b = 0; b <= a; b++)
                h[(size_t)a * (size_t)n + (size_t)b] -= ma * mean[b];
        }
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < a; b++)
            h[(size_t)b * (size_t)n + (size_t)a] = h[(size_t)a * (size_t)n + (size_t)b];
    /* xty = H w - gradient */
    for (int a = 0; a < n; a++) {
        double hw = 0.0;
        for (int b = 0; b < n; b++)
            hw += h[(size_t)a * (size_t)n + (size_t)b] * w[b];
        gradient[a] = hw - gradient[a];
    }
    fit->samples = s->decisions;
}

int imitate_fit(const imitate_set *s, double temperature, double ridge, const double *anchor,
                const unsigned char *held, double *w)
{
    assert(temperature > 0.0 && ridge > 0.0 && (held == NULL || anchor != NULL));
    int n = s->size;
    double zero[MODEL_ROW_MAX] = {0};
    if (anchor == NULL)
        anchor = zero;
    memcpy(w, anchor, (size_t)n * sizeof *w);
    if (s->decisions == 0)
        return 0;
    model_fit fit;
    if (model_fit_init(&fit, n) != 0)
        return -1;
    double mean[MODEL_ROW_MAX], step[MODEL_ROW_MAX], trial[MODEL_ROW_MAX];
    int status = 0;
    double lambda = ridge * (double)s->decisions;
    double now = imitate_objective(s, w, temperature, lambda, anchor);
    for (int k = 0; k < IMITATE_NEWTON_STEPS; k++) {
        imitate_newton_sums(s, w, temperature, mean, &fit);
        if (model_fit_solve_held(&fit, ridge, anchor, held, step) != 0) {
            memcpy(w, anchor, (size_t)n * sizeof *w);
            status = -1;
            break;
        }
        /* the full step, halved while it does not lower the objective */
        double scale = 1.0, then = now;
        int halvings = 0;
        for (; halvings < IMITATE_HALVINGS; halvings++, scale /= 2.0) {
            for (int j = 0; j < n; j++)
                trial[j] = w[j] + scale * (step[j] - w[j]);
            then = imitate_objective(s, trial, temperature, lambda, anchor);
            if (then < now)
                break;
        }
        if (halvings == IMITATE_HALVINGS)
            break; /* at the minimum, as far as doubles tell */
        memcpy(w, trial, (size_t)n * sizeof *w);
        int converged = now - then < 1e-9 * (fabs(now) + 1.0);
        now = then;
        if (converged)
            break;
    }
    model_fit_free(&fit);
    return status;
}
