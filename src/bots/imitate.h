/*
 * imitate.h -- fitting the learned evaluation to the turns a search chose
 * (the policy target of expert iteration), for `maya train --imitate`.
 *
 * The whole-turn bots pick a turn by the evaluation: of a position's
 * candidate turns, the one after which the seat's margin (its estimated
 * final score minus its best rival's, eval_margin) is highest; the
 * playouts of the default 2-player bot play such turns to the game's end.
 * A deeper search (MCTS with those playouts) chooses better turns than
 * the evaluation alone. This module fits the evaluation's weights so that
 * its choice agrees with the search's: each decision is a set of
 * candidate turns (the root's turns of the search), each with its
 * margin after the turn and its share of the search's visits; the model
 * gives candidate c the odds softmax(margin_c / temperature), and the fit
 * minimises the cross-entropy of those odds against the visit shares,
 * summed over the decisions, plus ridge / 2 * decisions * |w - anchor|^2.
 * The margin is linear in the weights -- margin_c = offset_c + w . d_c,
 * where d_c is the seat's regression row (model_row) after the turn
 * minus its best rival's and offset_c the rest (scores, base estimate,
 * priors) -- so the loss is convex in w (multinomial logistic regression
 * over each decision's candidates), and Newton's method, each step a
 * ridge solve (model_fit_solve), reaches its minimum in a few steps. The
 * temperature is the one at which the weights that played explain the
 * visits best (imitate_temperature; the loss is convex in its inverse):
 * the fit then changes which turn the weights rate best, not how sure of
 * it they are.
 */
#ifndef MAYA_BOT_IMITATE_H
#define MAYA_BOT_IMITATE_H

#include "bots/model.h"

enum {
    IMITATE_NEWTON_STEPS = 12,   /* most Newton steps of a fit */
    IMITATE_CANDIDATES_MAX = 64  /* most candidates of a decision */
};

/* The decisions of one weight block, each a run of candidates. */
typedef struct imitate_set {
    int size;           /* coefficients of a row (count * MODEL_KNOTS) */
    long decisions;     /* decisions kept */
    long candidates;    /* candidates kept, all decisions */
    long *ends;         /* per decision: one past the index of its last candidate */
    float *rows;        /* per candidate: the seat's row minus its best rival's, size floats */
    double *offset;     /* per candidate: its margin less the learned weights' part, in points */
    double *target;     /* per candidate: its share of the search's visits (1 over a decision) */
    long decision_cap;  /* room in ends */
    long candidate_cap; /* room in rows, offset and target, in candidates */
} imitate_set;

/* An empty set of rows of size coefficients. */
void imitate_init(imitate_set *s, int size);
void imitate_free(imitate_set *s);
/* Forget every decision (the memory stays). */
void imitate_clear(imitate_set *s);
/* Add one decision of count (2..IMITATE_CANDIDATES_MAX) candidates: rows[count * size], their
 * offsets and their visits (>= 0, not all 0). 0, or -1 if memory fails
 * (then the set is as it was). */
int imitate_add(imitate_set *s, int count, const double *rows, const double *offset, const double *visits);
/* Append other's decisions to s (same size). 0 or -1 if memory fails. */
int imitate_merge(imitate_set *s, const imitate_set *other);
/* The mean cross-entropy per decision of weights w (size) at temperature
 * (points, > 0); with agree not NULL, the share of decisions whose most
 * visited candidate is the one w rates best, into *agree. 0 without
 * decisions. */
double imitate_loss(const imitate_set *s, const double *w, double temperature, double *agree);
/* What bounds imitate_loss over s's decisions, whatever the model: into
 * *uniform the mean cross-entropy of even odds (log of each decision's
 * candidates: a model that tells the turns apart no better than chance),
 * into *own the mean entropy of the visit shares themselves (the least any
 * odds can reach, met only by odds equal to the shares). Both 0 without
 * decisions. */
void imitate_bounds(const imitate_set *s, double *uniform, double *own);
/* The temperature (points) at which weights w explain the visits best:
 * the minimum of imitate_loss between 0.05 and 1000 points (1000 for a
 * set without decisions). */
double imitate_temperature(const imitate_set *s, const double *w);
/* Fit: w (size) starts at anchor's values (NULL = 0) and ends at the
 * minimum of the decisions' summed cross-entropy plus ridge / 2 *
 * decisions * |w - anchor|^2, the coefficients i where held[i] is 1 (held
 * NULL: none; else anchor must be given) kept at anchor's. 0, or -1 if
 * memory fails or a step's system is singular (w is then anchor). */
int imitate_fit(const imitate_set *s, double temperature, double ridge, const double *anchor,
                const unsigned char *held, double *w);

#endif
