/*
 * learn_test.c -- the learned evaluation (src/bots/model.h, train.h,
 * eval.h's v2): weights files written and read back, every malformed file
 * refused with its line number, the ridge fit recovering known weights, the
 * checked-in weights of each game loading and evaluating fixed positions to
 * pinned values, the features finite in random games, and a small training
 * run that lowers its held-out loss and gives the same weights whatever the
 * number of threads, and a small tuning run by game results (SPSA) that
 * moves a spoilt weight back the way that wins, and one of Tzolk'in's
 * whole-turn search by the score margin; the fit to a search's choices
 * (imitate.h) recovering known weights and temperature, and a small run of
 * it.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bots/eval.h"
#include "bots/greedy.h"
#include "bots/imitate.h"
#include "bots/model.h"
#include "bots/train.h"
#include "bots/tune.h"
#include "games.h"
#include "match.h"
#include "rng.h"
#include "tzolkin/tzolkin.h"

/* The text model_write makes of m. */
static char *write_text(const model *m, const char *command)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    assert_int_equal(model_write(m, f, command), 0);
    fclose(f);
    return text;
}

/* Weights written and read back are the same (to the 6 digits written),
 * the command in the header is kept (a long one up to its bound, the rest
 * cut). */
static void test_roundtrip(void **unused)
{
    (void)unused;
    for (int g = 0; g < games_count(); g++) {
        const model_features *f = eval_features(games_at(g));
        assert_non_null(f);
        model *m = model_new(f);
        size_t n = (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS;
        for (size_t i = 0; i < n; i++)
            m->weights[i] = (float)((double)i * 0.37 - 11.5);
        char *text = write_text(m, "maya train test --seed 3");
        char why[256] = "";
        model *back = model_parse(f, text, why, sizeof why);
        assert_non_null(back);
        assert_string_equal(back->command, "maya train test --seed 3");
        for (size_t i = 0; i < n; i++)
            assert_true(fabs(back->weights[i] - m->weights[i]) < 1e-4 * (1 + fabs(m->weights[i])));
        free(text);
        model_free(back);
        /* a chain of commands (weights trained --from others) is kept whole
         * up to MODEL_COMMAND_MAX - 1 characters, and a longer one (a
         * comment line of any length loads) cut there */
        static char chain[2 * MODEL_COMMAND_MAX + 1];
        for (int longer = 0; longer <= 1; longer++) {
            size_t length = longer ? 2 * MODEL_COMMAND_MAX : MODEL_COMMAND_MAX - 1;
            memset(chain, 'x', length);
            chain[length] = '\0';
            text = write_text(m, chain);
            back = model_parse(f, text, why, sizeof why);
            assert_non_null(back);
            assert_int_equal(strlen(back->command), MODEL_COMMAND_MAX - 1);
            assert_memory_equal(back->command, chain, MODEL_COMMAND_MAX - 1);
            free(text);
            model_free(back);
        }
        model_free(m);
    }
}

/* Replace line `line` (1-based) of text by `with` (NULL: delete it). */
static char *edit_line(const char *text, int line, const char *with)
{
    size_t len = strlen(text);
    char *out = malloc(len + (with != NULL ? strlen(with) : 0) + 2);
    const char *p = text;
    char *o = out;
    for (int k = 1; *p; k++) {
        size_t n = strcspn(p, "\n") + 1;
        if (k != line) {
            memcpy(o, p, n);
            o += n;
        } else if (with != NULL)
            o += sprintf(o, "%s\n", with);
        p += n;
    }
    *o = '\0';
    return out;
}

/* Every malformed weights file is refused with the line at fault (a data
 * line too long for the parser's buffer too). */
static void test_parse_errors(void **unused)
{
    (void)unused;
    const model_features *f = eval_features(games_find("tzolkin"));
    model *m = model_new(f);
    char *text = write_text(m, "test");
    /* Lines: 1-4 comments, 5 model, 6 block 2p, 7.. features. */
    struct {
        int line;
        const char *with;
        const char *expect;
    } cases[] = {
        {5, "model tikal 48 3 3", "line 5:"},
        {5, "model tzolkin 200 3 3", "line 5:"},
        {5, "model tzolkin 0 3 3", "line 5:"},
        {5, "modle tzolkin 48 3 3", "line 5:"},
        {6, "block 4p", "line 6:"},
        {7, "bias 0 0", "line 7:"},
        {7, "bias 0 x 0", "line 7:"},
        {7, "bias 0 0 0 0", "line 7:"},
        {7, "corn 0 0 0", "line 7:"},
        {8, NULL, "line 8:"},
        {7, "bias 0 0 nan", "line 7:"},
        {7, NULL, "line 7: line too long"}, /* (with: a data line of 1,100 characters, below) */
    };
    char long_line[1200];
    snprintf(long_line, sizeof long_line, "bias 0 0 0%1090s", "");
    cases[sizeof cases / sizeof cases[0] - 1].with = long_line;
    char why[256];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *bad = edit_line(text, cases[i].line, cases[i].with);
        why[0] = '\0';
        assert_null(model_parse(f, bad, why, sizeof why));
        if (strncmp(why, cases[i].expect, strlen(cases[i].expect)) != 0)
            fail_msg("case %zu: \"%s\"", i, why);
        free(bad);
    }
    /* Cut after the first block: the end is reported. */
    char *cut = strdup(text);
    *strstr(cut, "block 3p") = '\0';
    assert_null(model_parse(f, cut, why, sizeof why));
    assert_non_null(strstr(why, "ends before"));
    assert_null(model_parse(f, "# nothing\n", why, sizeof why));
    assert_non_null(strstr(why, "no \"model\" line"));
    /* The untouched text loads. */
    model *ok = model_parse(f, text, why, sizeof why);
    assert_non_null(ok);
    model_free(ok);
    free(cut);
    free(text);
    model_free(m);
}

/* A file of an older shape -- fewer features, the first of the set in
 * order -- loads with the features it does not name at 0; one whose blocks
 * name more features than its header says is refused. */
static void test_older_shape(void **unused)
{
    (void)unused;
    const model_features *f = eval_features(games_find("tzolkin"));
    model *m = model_new(f);
    size_t n = (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS;
    for (size_t i = 0; i < n; i++)
        m->weights[i] = (float)((double)(i % 97) * 0.25 - 7.0);
    char *text = write_text(m, "test");
    enum { OLD = 20 };
    /* the same text with each block's first OLD features only */
    char *old = malloc(strlen(text) + 1), *o = old;
    int feature = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\n") + 1;
        int keep = 1;
        if (strncmp(p, "model ", 6) == 0)
            o += sprintf(o, "model tzolkin %d %d %d\n", OLD, MODEL_KNOTS, f->blocks), keep = 0;
        else if (strncmp(p, "block ", 6) == 0)
            feature = 0;
        else if (p[0] != '#')
            keep = feature++ < OLD;
        if (keep) {
            memcpy(o, p, len);
            o += len;
        }
        p += len;
    }
    *o = '\0';
    char why[256] = "";
    model *back = model_parse(f, old, why, sizeof why);
    if (back == NULL)
        fail_msg("%s", why);
    for (int b = 0; b < f->blocks; b++)
        for (int i = 0; i < f->count; i++)
            for (int k = 0; k < MODEL_KNOTS; k++) {
                size_t at = ((size_t)b * (size_t)f->count + (size_t)i) * MODEL_KNOTS + (size_t)k;
                if (i < OLD)
                    assert_true(fabsf(back->weights[at] - m->weights[at]) < 1e-4f);
                else
                    assert_true(back->weights[at] == 0.0f);
            }
    model_free(back);
    /* the full text under the older header: a block names too many */
    char *more = edit_line(text, 5, "model tzolkin 20 3 3");
    assert_null(model_parse(f, more, why, sizeof why));
    assert_non_null(strstr(why, "outside a block's features"));
    free(more);
    free(old);
    free(text);
    model_free(m);
}

/* The fit recovers weights that produced the targets exactly; merging sums
 * equals adding every row to one; the loss of the fit is below the loss of
 * zero weights. */
static void test_fit(void **unused)
{
    (void)unused;
    enum { SIZE = 12 };
    double truth[SIZE], row[SIZE], w[SIZE], zero[SIZE] = {0};
    for (int i = 0; i < SIZE; i++)
        truth[i] = 0.5 * i - 2.0;
    model_fit all, half[2];
    assert_int_equal(model_fit_init(&all, SIZE), 0);
    assert_int_equal(model_fit_init(&half[0], SIZE), 0);
    assert_int_equal(model_fit_init(&half[1], SIZE), 0);
    rng r;
    rng_seed(&r, 5);
    for (int k = 0; k < 400; k++) {
        double y = 0;
        for (int i = 0; i < SIZE; i++) {
            row[i] = rng_unit(&r) < 0.3 ? 0.0 : rng_unit(&r) * 4 - 1;
            y += row[i] * truth[i];
        }
        model_fit_add(&all, row, y);
        model_fit_add(&half[k % 2], row, y);
    }
    model_fit_merge(&half[0], &half[1]);
    assert_int_equal(half[0].samples, all.samples);
    for (int i = 0; i < SIZE * SIZE; i++)
        assert_true(fabs(half[0].xtx[i] - all.xtx[i]) < 1e-9);
    assert_int_equal(model_fit_solve(&all, 1e-9, NULL, w), 0);
    for (int i = 0; i < SIZE; i++)
        assert_true(fabs(w[i] - truth[i]) < 1e-4);
    assert_true(model_fit_loss(&all, w) < 1e-6);
    assert_true(model_fit_loss(&all, zero) > 1.0);
    /* A strong ridge pulls the weights to the prior. */
    assert_int_equal(model_fit_solve(&all, 1e6, truth, w), 0);
    for (int i = 0; i < SIZE; i++)
        assert_true(fabs(w[i] - truth[i]) < 1e-3);
    /* Held coefficients keep the prior's values exactly; held at the
     * truth, the others find theirs; held at 0 (coefficient 0 alone), what
     * it explained goes to the others, whose fit is then the regression
     * on them alone (checked by its normal equations: the residual is
     * orthogonal to every free column). */
    unsigned char held[SIZE] = {1};
    assert_int_equal(model_fit_solve_held(&all, 1e-9, truth, held, w), 0);
    for (int i = 0; i < SIZE; i++)
        assert_true(fabs(w[i] - truth[i]) < 1e-4);
    double prior[SIZE] = {0};
    for (int i = 1; i < SIZE; i++)
        prior[i] = truth[i];
    assert_int_equal(model_fit_solve_held(&all, 1e-9, prior, held, w), 0);
    assert_true(w[0] == 0.0);
    double moved = 0.0;
    for (int j = 1; j < SIZE; j++) {
        double gradient = all.xty[j];
        for (int i = 0; i < SIZE; i++)
            gradient -= all.xtx[j * SIZE + i] * w[i];
        assert_true(fabs(gradient) < 1e-6 * (fabs(all.xty[j]) + 1.0));
        moved = fmax(moved, fabs(w[j] - truth[j]));
    }
    assert_true(moved > 0.01);
    model_fit_free(&all);
    model_fit_free(&half[0]);
    model_fit_free(&half[1]);
}

/* Play a seeded random game of game to decision number `decisions` (or its end). */
static void random_position(match *m, const game_def *game, int players, int variant, uint64_t seed, int decisions)
{
    game_options options = {players, variant};
    assert_int_equal(match_init(m, game, &options, NULL, 0), 0);
    rng r;
    rng_seed(&r, seed);
    int *legal = malloc((size_t)game->max_legal * sizeof *legal);
    for (int d = 0; match_current_player(m) != GAME_TERMINAL;) {
        int player = match_current_player(m);
        if (player == GAME_CHANCE) {
            assert_int_equal(match_apply(m, match_sample_chance(m, &r), NULL, 0), 0);
            continue;
        }
        if (d++ == decisions)
            break;
        int n = game->legal_actions(m->state, legal);
        /* Skip Tzolk'in's market lines mostly: the first action of the list
         * half of the time keeps random games moving like real ones. */
        int action = rng_unit(&r) < 0.5 ? legal[0] : legal[rng_below(&r, (uint64_t)(n < 64 ? n : 64))];
        assert_int_equal(match_apply(m, action, NULL, 0), 0);
    }
    free(legal);
}

/* The checked-in weights of each game load, were made by maya train (not
 * zeros), and estimate fixed positions (Tikal's of each 2p variant, whose
 * blocks are tuned apart) to pinned values (a change of the
 * weights or the features changes them: then these numbers are updated
 * with the new weights file). The estimates are right in their differences
 * between seats only (train.h), hence the negative ones. */
static void test_checked_in_weights(void **unused)
{
    (void)unused;
    static const struct {
        const char *game; /* game */
        int players;      /* seats */
        int variant;      /* the game's variant */
        int decisions;    /* decisions played before the position */
        double estimate[GAME_MAX_PLAYERS]; /* pinned v2 estimates of the seats */
    } pinned[] = {
        {"tzolkin", 2, 0, 40, {-35.1592, -10.4794}},
        {"tzolkin", 4, 0, 120, {14.1989, -3.1033, 8.1184, 25.8785}},
        {"tikal", 2, 0, 60, {19.6846, 14.7351}},
        {"tikal", 3, 0, 100, {11.2500, 9.4000, 10.2500}},
        {"tikal", 2, 1, 60, {-7.5408, 38.4674}}, /* the auction: its own block */
        {"tzolkin", 3, 0, 80, {49.9868, 16.2745, 10.6997}}, /* last: each entry's position is seeded by its index */
    };
    for (size_t i = 0; i < sizeof pinned / sizeof pinned[0]; i++) {
        const game_def *game = games_find(pinned[i].game);
        char why[256] = "";
        eval_hook *hook = eval_new(game, EVAL_V2, why, sizeof why);
        if (hook == NULL)
            fail_msg("%s: %s", pinned[i].game, why);
        assert_non_null(hook->model);
        assert_true(strncmp(hook->model->command, "maya train ", 11) == 0);
        const model_features *f = hook->model->features;
        int learned = 0; /* trained, not a placeholder of zeros */
        for (size_t w = 0; w < (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS; w++)
            learned += hook->model->weights[w] != 0.0f;
        assert_true(learned > f->count);
        match m;
        random_position(&m, game, pinned[i].players, pinned[i].variant, 1000 + i, pinned[i].decisions);
        double v[GAME_MAX_PLAYERS];
        assert_int_equal(eval_estimates(game, hook, m.state, v), pinned[i].players);
        for (int p = 0; p < pinned[i].players; p++)
            if (fabs(v[p] - pinned[i].estimate[p]) > 1e-3)
                fail_msg("%s %dp seat %d: estimate %.4f, pinned %.4f", pinned[i].game, pinned[i].players, p, v[p],
                         pinned[i].estimate[p]);
        /* Tikal's weights were tuned at 2 players only (tune.h): at 3 the
         * corrections are zero, and such a block is estimated by v1 itself
         * (eval_hook.v1_blocks), to the bit; the tuned 2p blocks are not */
        if (strcmp(pinned[i].game, "tikal") == 0) {
            eval_hook *v1 = eval_new(game, EVAL_V1, why, sizeof why);
            double v1_estimate[GAME_MAX_PLAYERS];
            assert_int_equal(eval_estimates(game, v1, m.state, v1_estimate), pinned[i].players);
            int same = memcmp(v1_estimate, v, (size_t)pinned[i].players * sizeof *v) == 0;
            assert_int_equal(same, pinned[i].players == 3);
            assert_int_equal(hook->v1_blocks != 0 && hook->estimate == eval_tikal_estimate, 1);
            eval_free(v1);
        }
        match_free(&m);
        eval_free(hook);
    }
}

/* The model's formula computed the plain way (model.h): the weights
 * interpolated between the knots around the phase, plus the prior, and one
 * seat's features after another summed in float in feature order. */
static void plain_gain(const model *m, const void *state, int players, double *out)
{
    const model_features *f = m->features;
    double phase = f->phase(state), u = (phase < 0.0 ? 0.0 : phase > 1.0 ? 1.0 : phase) * (MODEL_KNOTS - 1);
    int k = (int)u < MODEL_KNOTS - 2 ? (int)u : MODEL_KNOTS - 2;
    double frac = u - k;
    const float *block = &m->weights[(size_t)f->block(state) * (size_t)f->count * MODEL_KNOTS];
    float x[GAME_MAX_PLAYERS][MODEL_FEATURES_MAX];
    f->extract(state, x);
    for (int p = 0; p < players; p++)
        out[p] = 0.0;
    if (f->base != NULL)
        f->base(state, players, out);
    for (int p = 0; p < players; p++) {
        float sum = 0.0f;
        for (int i = 0; i < f->count; i++) {
            const float *wi = &block[(size_t)i * MODEL_KNOTS + (size_t)k];
            float w = (float)(wi[0] + (wi[1] - wi[0]) * frac) + (f->prior != NULL ? f->prior[i] : 0.0f);
            sum += x[p][i] * w;
        }
        out[p] += sum;
    }
}

/* The fast gain (weights kept per phase in one model_at across positions,
 * seats summed side by side) equals the plain computation to the bit, at
 * random positions of every game and player count, also when the model
 * changes under the same model_at (a bonus added to a copy). */
static void test_gain_fast_path(void **unused)
{
    (void)unused;
    for (int g = 0; g < games_count(); g++) {
        const game_def *game = games_at(g);
        if (eval_features(game) == NULL)
            continue;
        eval_hook *hook = eval_new(game, EVAL_V2, NULL, 0);
        assert_non_null(hook);
        model *other = model_copy(hook->model);
        assert_non_null(other);
        assert_int_equal(model_add_bonus(other, other->features->names[1], 0.75f), 0);
        model_at at;
        at.model = NULL;
        int compared = 0;
        for (int players = game->min_players; players <= game->max_players; players++)
            for (int d = 0; d < 300; d += 7) {
                match m;
                random_position(&m, game, players, 0, (uint64_t)(77 + players), d);
                if (match_current_player(&m) != GAME_TERMINAL)
                    for (int which = 0; which < 2; which++) {
                        const model *weights = which == 0 ? hook->model : other;
                        double fast[GAME_MAX_PLAYERS], plain[GAME_MAX_PLAYERS], again[GAME_MAX_PLAYERS];
                        model_gain_at(weights, &at, m.state, players, fast);
                        model_gain(weights, m.state, players, again);
                        plain_gain(weights, m.state, players, plain);
                        for (int p = 0; p < players; p++) {
                            assert_true(fast[p] == plain[p]);
                            assert_true(again[p] == plain[p]);
                        }
                        compared++;
                    }
                match_free(&m);
            }
        assert_true(compared > 20);
        model_free(other);
        eval_free(hook);
    }
}

/* A model_at keeps the weights of its last MODEL_AT_PHASES phases: positions
 * of more phases than that, evaluated in an order that comes back to each
 * after others have replaced it, get the values of the plain computation
 * to the bit, and the weights are made again only where no phase was kept. */
static void test_gain_phases_kept(void **unused)
{
    (void)unused;
    enum { POSITIONS = MODEL_AT_PHASES + 2 };
    for (int g = 0; g < games_count(); g++) {
        const game_def *game = games_at(g);
        if (eval_features(game) == NULL)
            continue;
        eval_hook *hook = eval_new(game, EVAL_V2, NULL, 0);
        assert_non_null(hook);
        match m[POSITIONS];
        double phases[POSITIONS];
        /* positions of a seeded game, each of a phase not seen before */
        for (int i = 0, decisions = 0; i < POSITIONS; decisions += 10) {
            assert_true(decisions < 2000);
            random_position(&m[i], game, 2, 0, 5, decisions);
            phases[i] = eval_features(game)->phase(m[i].state);
            int seen = match_current_player(&m[i]) == GAME_TERMINAL;
            for (int j = 0; j < i; j++)
                seen |= phases[j] == phases[i];
            if (seen)
                match_free(&m[i]);
            else
                i++;
        }
        model_at at;
        at.model = NULL;
        static const int order[] = {0, 1, 2, 0, 3, 4, 5, 0, 1, 5, 2, 4, 3, 3, 0};
        for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
            const void *state = m[order[k]].state;
            double fast[GAME_MAX_PLAYERS], plain[GAME_MAX_PLAYERS];
            model_gain_at(hook->model, &at, state, 2, fast);
            plain_gain(hook->model, state, 2, plain);
            for (int p = 0; p < 2; p++)
                assert_true(fast[p] == plain[p]);
            assert_true(at.kept >= 1 && at.kept <= MODEL_AT_PHASES);
            int found = 0;
            for (int e = 0; e < at.kept; e++)
                found += at.phases[e].phase == phases[order[k]];
            assert_int_equal(found, 1); /* kept once, just now */
        }
        assert_int_equal(at.kept, MODEL_AT_PHASES);
        for (int i = 0; i < POSITIONS; i++)
            match_free(&m[i]);
        eval_free(hook);
    }
}

/* Features are finite and the learned estimate is the score plus the
 * model's gain, in random positions of every game and setting: computed so
 * (to 1e-9), or, in a block of zero corrections of a game whose v1 is the
 * prior (Tikal 3-4 players), v1's estimate itself, which the float sum of
 * the gain agrees with to 1e-3. */
static void test_features(void **unused)
{
    (void)unused;
    for (int g = 0; g < games_count(); g++) {
        const game_def *game = games_at(g);
        const model_features *f = eval_features(game);
        eval_hook *hook = eval_new(game, EVAL_V2, NULL, 0);
        assert_non_null(hook);
        int variants = games_variant_options(game);
        for (int players = game->min_players; players <= game->max_players; players++)
            for (int variant = 0; variant < variants; variant++)
                for (int d = 0; d < 400; d += 37) {
                    match m;
                    random_position(&m, game, players, variant, (uint64_t)(d + players), d);
                    int block = f->block(m.state);
                    assert_true(block >= 0 && block < f->blocks);
                    double phase = f->phase(m.state);
                    assert_true(phase >= 0.0 && phase <= 1.0);
                    float x[GAME_MAX_PLAYERS][MODEL_FEATURES_MAX];
                    f->extract(m.state, x);
                    for (int p = 0; p < players; p++)
                        for (int i = 0; i < f->count; i++)
                            assert_true(isfinite(x[p][i]));
                    if (match_current_player(&m) != GAME_TERMINAL) {
                        double v[GAME_MAX_PLAYERS], gain[GAME_MAX_PLAYERS];
                        int scores[GAME_MAX_PLAYERS];
                        eval_estimates(game, hook, m.state, v);
                        model_gain(hook->model, m.state, players, gain);
                        game->scores(m.state, scores);
                        int by_v1 = hook->v1_blocks >> block & 1u;
                        assert_int_equal(by_v1, strcmp(game->name, "tikal") == 0 && players > 2);
                        if (by_v1) {
                            double v1[GAME_MAX_PLAYERS];
                            eval_tikal_estimate(hook, m.state, v1);
                            assert_memory_equal(v, v1, (size_t)players * sizeof *v);
                        }
                        for (int p = 0; p < players; p++)
                            assert_true(fabs(v[p] - scores[p] - gain[p]) < (by_v1 ? 1e-3 : 1e-9));
                    }
                    match_free(&m);
                }
        eval_free(hook);
    }
}

/* The base of each learned evaluation: with every weight 0, Tikal's v2 is
 * its hand-tuned v1 (the model learns corrections of it: the score plus
 * the model's gain agrees with v1, and the hook computes such a block by
 * v1 itself), and Tzolk'in's is
 * the score plus what the final scoring would give now (Z19.2: goods at
 * their rates, a quarter point per corn, 3 per skull) -- so a seat with
 * more goods is ahead, one with none is at its score. */
static void test_bases(void **unused)
{
    (void)unused;
    const game_def *tikal = games_find("tikal");
    eval_hook *v1 = eval_new(tikal, EVAL_V1, NULL, 0);
    eval_hook *zero = eval_with_model(tikal, model_new(eval_features(tikal)));
    assert_non_null(v1);
    assert_non_null(zero);
    for (int d = 5; d < 300; d += 29) {
        match m;
        random_position(&m, tikal, 2 + d % 3, d % 2, (uint64_t)d, d);
        if (match_current_player(&m) != GAME_TERMINAL) {
            double a[GAME_MAX_PLAYERS], b[GAME_MAX_PLAYERS], by_hook[GAME_MAX_PLAYERS];
            int scores[GAME_MAX_PLAYERS];
            int players = eval_estimates(tikal, v1, m.state, a);
            model_gain(zero->model, m.state, players, b);
            tikal->scores(m.state, scores);
            for (int p = 0; p < players; p++) /* the model sums in float */
                assert_true(fabs(a[p] - scores[p] - b[p]) < 1e-3 * (1 + fabs(a[p])));
            eval_estimates(tikal, zero, m.state, by_hook);
            assert_memory_equal(a, by_hook, (size_t)players * sizeof *a);
        }
        match_free(&m);
    }
    eval_free(v1);
    eval_free(zero);

    const game_def *tzolkin = games_find("tzolkin");
    zero = eval_with_model(tzolkin, model_new(eval_features(tzolkin)));
    match m;
    random_position(&m, tzolkin, 2, 0, 77, 60);
    tzolk_state *s = (tzolk_state *)m.state;
    double v[GAME_MAX_PLAYERS];
    s->player[0].corn = 9; /* 2.25 points */
    s->player[0].res[0] = 1; /* wood: 2 corn, 0.5 point */
    s->player[0].res[1] = s->player[0].res[2] = 0;
    s->player[0].skulls = 2; /* 6 points */
    s->player[0].monuments = 0;
    eval_estimates(tzolkin, zero, m.state, v);
    assert_true(fabs(v[0] - (s->player[0].vp + 2.25 + 0.5 + 6.0)) < 1e-9);
    match_free(&m);
    eval_free(zero);
}

/* The fit to a search's choices (imitate.h) on decisions made by a known
 * model: 2 or 3 candidates, random rows and offsets, visit shares exactly
 * softmax((offset + w* . row) / 2): the temperature search finds 2 at w*,
 * the fit from 0 finds w* (a faint ridge), every decision's most visited
 * candidate is the one w* rates best, the loss at the fit is below the
 * loss at 0; a strong ridge keeps the weights at the anchor; two halves
 * merged are the whole; the loss of w* is the visits' own entropy
 * (imitate_bounds), below every other weights' and below even odds'; an
 * empty set has no loss nor bounds and leaves the anchor. */
static void test_imitate(void **unused)
{
    (void)unused;
    enum { SIZE = 3, DECISIONS = 400 };
    const double truth[SIZE] = {1.5, -0.5, 0.25}, temperature = 2.0;
    imitate_set all, first, second;
    imitate_init(&all, SIZE);
    imitate_init(&first, SIZE);
    imitate_init(&second, SIZE);
    rng r;
    rng_seed(&r, 3);
    double log_counts = 0.0;
    for (int i = 0; i < DECISIONS; i++) {
        int count = 2 + (int)rng_below(&r, 2);
        log_counts += log((double)count);
        double rows[3 * SIZE], offset[3], visits[3], total = 0.0;
        for (int c = 0; c < count; c++) {
            double margin = offset[c] = 4.0 * rng_unit(&r) - 2.0;
            for (int j = 0; j < SIZE; j++) {
                rows[c * SIZE + j] = (double)(float)(4.0 * rng_unit(&r) - 2.0); /* (the set keeps floats) */
                margin += truth[j] * rows[c * SIZE + j];
            }
            total += visits[c] = exp(margin / temperature);
        }
        for (int c = 0; c < count; c++)
            visits[c] /= total;
        assert_int_equal(imitate_add(&all, count, rows, offset, visits), 0);
        assert_int_equal(imitate_add(i < DECISIONS / 2 ? &first : &second, count, rows, offset, visits), 0);
    }
    assert_int_equal(all.decisions, DECISIONS);
    assert_true(fabs(imitate_temperature(&all, truth) - temperature) < 0.01);
    const double zero[SIZE] = {0}, anchor[SIZE] = {0.5, 0.5, 0.5};
    double w[SIZE], agree = 0.0;
    assert_int_equal(imitate_fit(&all, temperature, 1e-9, zero, NULL, w), 0);
    for (int j = 0; j < SIZE; j++)
        assert_true(fabs(w[j] - truth[j]) < 1e-3);
    assert_true(imitate_loss(&all, w, temperature, &agree) < imitate_loss(&all, zero, temperature, NULL));
    imitate_loss(&all, truth, temperature, &agree);
    assert_true(agree == 1.0);
    double uniform, own;
    imitate_bounds(&all, &uniform, &own);
    assert_true(fabs(uniform - log_counts / DECISIONS) < 1e-12);
    assert_true(own > 0.0 && own < uniform);
    /* the odds of w* are the shares: its loss is their own entropy, the least; any other weights' is above */
    assert_true(fabs(imitate_loss(&all, truth, temperature, NULL) - own) < 1e-6);
    assert_true(imitate_loss(&all, zero, temperature, NULL) > own + 1e-3);
    assert_true(imitate_loss(&all, anchor, temperature, NULL) > own + 1e-3);
    assert_int_equal(imitate_fit(&all, temperature, 1e6, anchor, NULL, w), 0);
    for (int j = 0; j < SIZE; j++)
        assert_true(fabs(w[j] - anchor[j]) < 1e-3);
    assert_int_equal(imitate_merge(&first, &second), 0);
    assert_int_equal(first.decisions, all.decisions);
    assert_int_equal(first.candidates, all.candidates);
    assert_true(imitate_loss(&first, anchor, temperature, NULL) == imitate_loss(&all, anchor, temperature, NULL));
    imitate_clear(&first);
    assert_true(imitate_loss(&first, anchor, temperature, &agree) == 0.0 && agree == 0.0);
    imitate_bounds(&first, &uniform, &own);
    assert_true(uniform == 0.0 && own == 0.0);
    assert_int_equal(imitate_fit(&first, temperature, 1.0, anchor, NULL, w), 0);
    assert_memory_equal(w, anchor, sizeof w);
    imitate_free(&all);
    imitate_free(&first);
    imitate_free(&second);
}

/* What a training run reports at the end of each generation. */
typedef struct run_log {
    train_progress last[4]; /* the finished reports, by generation */
    int finished;           /* how many */
} run_log;

static void log_report(void *context, const train_progress *p, const model *weights)
{
    (void)weights;
    run_log *log = context;
    if (p->finished && log->finished < 4)
        log->last[log->finished++] = *p;
}

/* A small run: the fit lowers the held-out loss of generation 1 (from
 * the untrained base weights), and one or two threads give the same
 * weights. So few games need a strong ridge penalty (0.1 per sample): with
 * 0.01 the fit beat the base on the games it saw but not always on the
 * held-out ones (seed 4 with the market played as steps; seeds 1-6 all
 * lower it with 0.1). */
static void test_training(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    model *one = model_new(f), *two = model_new(f);
    train_config c = {.game = game, .seed = 4, .generations = 2, .games = 90, .iterations = 24, .explore = 0.1,
                      .ridge = 0.1, .decay = 0.5, .threads = 1, .start_v1 = 1, .lambda = 1.0};
    run_log log1 = {0}, log2 = {0};
    char why[256] = "";
    if (train_run(&c, one, log_report, &log1, why, sizeof why) != 0)
        fail_msg("%s", why);
    c.threads = 2;
    assert_int_equal(train_run(&c, two, log_report, &log2, why, sizeof why), 0);
    assert_int_equal(log1.finished, 2);
    assert_true(log1.last[0].samples > 0 && log1.last[0].held_out > 0);
    assert_true(log1.last[0].loss_after < log1.last[0].loss_before);
    assert_true(log1.last[0].train_loss < log1.last[0].train_before);
    size_t n = (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS;
    assert_memory_equal(one->weights, two->weights, n * sizeof *one->weights);
    int nonzero = 0;
    for (size_t i = 0; i < n; i++)
        nonzero += one->weights[i] != 0.0f;
    assert_true(nonzero > 0);
    /* Bad settings are refused. */
    c.games = 0;
    assert_int_not_equal(train_run(&c, one, NULL, NULL, why, sizeof why), 0);
    c.games = 12;
    c.plans = 1.5;
    assert_int_not_equal(train_run(&c, one, NULL, NULL, why, sizeof why), 0);
    c.plans = 0.0;
    c.lambda = 1.5;
    assert_int_not_equal(train_run(&c, one, NULL, NULL, why, sizeof why), 0);
    model_free(one);
    model_free(two);
}

/* A variant of a run (`c`, changed from the run that made `base`): trained
 * into `one`, then on two threads into `two`, it gives the same weights
 * both times and other weights than `base`'s, and its fit lowers its loss;
 * the report of its generation. */
static train_progress check_variant(train_config c, const model_features *f, model *one, model *two,
                                    const model *base)
{
    run_log log = {0};
    char why[256] = "";
    if (train_run(&c, one, log_report, &log, why, sizeof why) != 0)
        fail_msg("%s", why);
    c.threads = 2;
    assert_int_equal(train_run(&c, two, NULL, NULL, why, sizeof why), 0);
    size_t n = (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS;
    assert_memory_equal(one->weights, two->weights, n * sizeof *one->weights);
    assert_true(memcmp(one->weights, base->weights, n * sizeof *one->weights) != 0);
    assert_int_equal(log.finished, 1);
    assert_true(log.last[0].samples > 0);
    assert_true(log.last[0].train_loss < log.last[0].train_before);
    return log.last[0];
}

/* Of the positions of a one-generation run's report (every block's; each
 * gives a fitted or held-out sample per seat), those where the seats'
 * values of the feature named name differ, each block's within its own. */
static long varied_positions(const train_progress *p, const model_features *f, const char *name)
{
    int j = model_feature_index(f, name);
    assert_true(j >= 0);
    long positions = 0, varied = 0;
    for (int b = 0; b < f->blocks; b++) {
        assert_true(p->varied[b][j] >= 0 && p->varied[b][j] <= p->positions[b]);
        positions += p->positions[b];
        varied += p->varied[b][j];
    }
    assert_true(positions > 0 && 2 * positions <= p->samples + p->held_out);
    return varied;
}

/* A run of c (Tzolk'in, into m) with its share at offset share (a double
 * of train_config: forced, handicap) outside [0, 1] -- below, above, NaN
 * -- is refused, and so is a share of 0.5 for Tikal, which has no such
 * mechanism, with the reason tikal_says. */
static void check_share_refused(train_config c, size_t share, model *m, const char *tikal_says)
{
    char why[256] = "";
    const double bad[] = {-0.1, 1.5, NAN};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memcpy((char *)&c + share, &bad[i], sizeof bad[i]);
        assert_int_not_equal(train_run(&c, m, NULL, NULL, why, sizeof why), 0);
    }
    const game_def *tikal = games_find("tikal");
    model *tikal_weights = model_new(eval_features(tikal));
    const double half = 0.5;
    c.game = tikal;
    memcpy((char *)&c + share, &half, sizeof half);
    assert_int_not_equal(train_run(&c, tikal_weights, NULL, NULL, why, sizeof why), 0);
    assert_string_equal(why, tikal_says);
    model_free(tikal_weights);
}

/* Forced seats (train.h forced): held to the plan policy, a share of the
 * seats take the pick-ups that bring a worker (Uxmal 3, Z11.3) while the
 * others keep their search's play, so that more positions have seats with
 * different numbers of workers than in the same run without them; the
 * games differ, so do the weights, the same for one or two threads, and
 * the fit lowers its loss; the report counts the forced seats (some, not
 * all). A share outside [0, 1], or forced seats for a game without a plan
 * policy (Tikal), are refused. */
static void test_forced(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    model *free_play = model_new(f), *forced = model_new(f), *forced2 = model_new(f);
    train_config c = {.game = game, .seed = 5, .generations = 1, .games = 12, .iterations = 16, .explore = 0.1,
                      .ridge = 0.1, .decay = 0.5, .threads = 1, .start_v1 = 1, .lambda = 1.0,
                      .search = {.turns = 4, .playout = -1}};
    run_log log = {0};
    char why[256] = "";
    assert_int_equal(train_run(&c, free_play, log_report, &log, why, sizeof why), 0);
    long free_workers = varied_positions(&log.last[0], f, "workers");
    c.forced = 0.5;
    train_progress p = check_variant(c, f, forced, forced2, free_play);
    long forced_workers = varied_positions(&p, f, "workers");
    assert_true(forced_workers > free_workers);
    int seats = 0, forced_seats = 0;
    for (int players = 2; players <= GAME_MAX_PLAYERS; players++) {
        assert_int_equal(log.last[0].forced_count[players], 0);
        assert_true(p.forced_count[players] <= p.score_count[players]);
        seats += p.score_count[players];
        forced_seats += p.forced_count[players];
    }
    assert_true(forced_seats > 0 && forced_seats < seats);
    check_share_refused(c, offsetof(train_config, forced), forced2, "the game has no plan policy");
    model_free(free_play);
    model_free(forced);
    model_free(forced2);
}

/* The checked-in weights of game, which must load. */
static model *checked_in_weights(const game_def *game)
{
    char why[256] = "";
    model *m = model_parse(eval_features(game), eval_weights_text(game), why, sizeof why);
    if (m == NULL)
        fail_msg("%s", why);
    return m;
}

/* Handicaps (train.h handicap): with a share of 1, every game gives one
 * seat one worker more or fewer (Tzolk'in, model_features.handicap), so
 * that more positions have seats with different numbers of workers than
 * in the same run without; the report counts one handicapped seat a game,
 * of both kinds, and their margins; the games differ, so do the weights,
 * the same for one or two threads. A share outside [0, 1] is refused, and
 * a handicap for a game without one (Tikal). */
static void test_handicap(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    model *even = model_new(f), *handicapped = model_new(f), *handicapped2 = model_new(f);
    train_config c = {.game = game, .seed = 5, .generations = 1, .games = 12, .iterations = 16, .explore = 0.1,
                      .ridge = 0.1, .decay = 0.5, .threads = 1, .start_v1 = 1, .lambda = 1.0, .players = 2,
                      .search = {.turns = 4, .playout = -1}};
    run_log log = {0};
    char why[256] = "";
    assert_int_equal(train_run(&c, even, log_report, &log, why, sizeof why), 0);
    long even_workers = varied_positions(&log.last[0], f, "workers");
    assert_int_equal(log.last[0].handicap_count[0] + log.last[0].handicap_count[1], 0);
    c.handicap = 1.0;
    train_progress p = check_variant(c, f, handicapped, handicapped2, even);
    assert_true(varied_positions(&p, f, "workers") > even_workers);
    assert_int_equal(p.handicap_count[0] + p.handicap_count[1], c.games);
    assert_true(p.handicap_count[0] > 0 && p.handicap_count[1] > 0);
    assert_true(p.handicap_margin[0] != 0.0 && p.handicap_margin[1] != 0.0);
    check_share_refused(c, offsetof(train_config, handicap), handicapped2,
                        "bad handicap: a share 0..1 of the games, for a game that has one");
    model_free(even);
    model_free(handicapped);
    model_free(handicapped2);
}

/* A fit of some features alone (train.h only): from the checked-in
 * weights, anchored, the weights of the features named move and no other
 * does by a bit; a name the feature set does not have is refused with
 * it, and so is a fit of some features without the anchor (they would
 * move from 0 while the rest stays). */
static void test_fit_only(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    char why[256] = "";
    model *start = checked_in_weights(game), *fitted = model_copy(start);
    train_config c = {.game = game, .seed = 5, .generations = 1, .games = 12, .iterations = 16, .explore = 0.1,
                      .ridge = 1e-3, .decay = 0.5, .threads = 1, .lambda = 1.0, .anchor = 1, .players = 2,
                      .search = {.turns = 4, .playout = -1}, .handicap = 1.0, .only = "workers,hand"};
    if (train_run(&c, fitted, NULL, NULL, why, sizeof why) != 0)
        fail_msg("%s", why);
    int workers = model_feature_index(f, "workers"), hand = model_feature_index(f, "hand");
    int moved = 0;
    for (int b = 0; b < f->blocks; b++)
        for (int j = 0; j < f->count; j++)
            for (int k = 0; k < MODEL_KNOTS; k++) {
                size_t i = ((size_t)b * (size_t)f->count + (size_t)j) * MODEL_KNOTS + (size_t)k;
                if (b == 0 && (j == workers || j == hand))
                    moved += fitted->weights[i] != start->weights[i];
                else
                    assert_true(fitted->weights[i] == start->weights[i]);
            }
    assert_true(moved == 2 * MODEL_KNOTS);
    c.only = "workers,no_such_feature";
    assert_int_not_equal(train_run(&c, fitted, NULL, NULL, why, sizeof why), 0);
    assert_non_null(strstr(why, "\"no_such_feature\""));
    c.only = "workers";
    c.anchor = 0;
    assert_int_not_equal(train_run(&c, fitted, NULL, NULL, why, sizeof why), 0);
    model_free(start);
    model_free(fitted);
}

/* Plans: a plan raises one feature's weight everywhere (and names only
 * features of the set); seats that follow plans play other games, so
 * the weights differ from a run without them, and stay the same for any
 * number of threads. */
static void test_plans(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    assert_true(f->plan_count > 0);
    model *m = model_new(f), *copy;
    for (int p = 0; p < f->plan_count; p++)
        assert_int_equal(model_add_bonus(m, f->plans[p].feature, f->plans[p].bonus), 0);
    assert_int_equal(model_add_bonus(m, "no_such_feature", 1.0f), -1);
    copy = model_copy(m);
    size_t n = (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS;
    assert_memory_equal(copy->weights, m->weights, n * sizeof *m->weights);
    int raised = 0;
    for (size_t i = 0; i < n; i++)
        raised += m->weights[i] != 0.0f;
    assert_int_equal(raised, f->plan_count * f->blocks * MODEL_KNOTS);
    model_free(m);
    model_free(copy);

    model *without = model_new(f), *with = model_new(f), *with2 = model_new(f);
    train_config c = {.game = game, .seed = 5, .generations = 1, .games = 24, .iterations = 24, .explore = 0.1,
                      .ridge = 1e-2, .decay = 0.5, .threads = 1, .lambda = 1.0};
    char why[256] = "";
    assert_int_equal(train_run(&c, without, NULL, NULL, why, sizeof why), 0);
    c.plans = 1.0;
    check_variant(c, f, with, with2, without);
    model_free(without);
    model_free(with);
    model_free(with2);
}

/* TD(lambda) targets: the same games (lambda does not change the play of
 * generation 0, the hand-tuned v1) fitted to the lambda-returns of v1's
 * estimates give other weights than fitted to the final scores, the fit
 * still lowers its loss, and one or two threads give the same weights. */
static void test_lambda(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    model *final = model_new(f), *td = model_new(f), *td2 = model_new(f);
    train_config c = {.game = game, .seed = 5, .generations = 1, .games = 24, .iterations = 24, .explore = 0.1,
                      .ridge = 1e-2, .decay = 0.5, .threads = 1, .start_v1 = 1, .lambda = 1.0};
    char why[256] = "";
    assert_int_equal(train_run(&c, final, NULL, NULL, why, sizeof why), 0);
    c.lambda = 0.9;
    check_variant(c, f, td, td2, final);
    model_free(final);
    model_free(td);
    model_free(td2);
}

/* Anchoring (train.h): from the checked-in weights, one generation fitted
 * with a ridge so strong that it outweighs the samples: anchored, the fit
 * stays next to the weights that played (within a hundredth of a point);
 * pulled toward 0 instead, it moves far from them. A bad anchor is
 * refused. */
static void test_anchor(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    char why[256] = "";
    model *start = checked_in_weights(game), *anchored = model_copy(start), *free_fit = model_copy(start);
    train_config c = {.game = game, .seed = 5, .generations = 1, .games = 12, .iterations = 24, .explore = 0.1,
                      .ridge = 1e4, .decay = 0.5, .threads = 1, .lambda = 1.0, .anchor = 1};
    assert_int_equal(train_run(&c, anchored, NULL, NULL, why, sizeof why), 0);
    c.anchor = 0;
    assert_int_equal(train_run(&c, free_fit, NULL, NULL, why, sizeof why), 0);
    size_t n = (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS;
    double anchored_move = 0.0, free_move = 0.0;
    for (size_t i = 0; i < n; i++) {
        anchored_move = fmax(anchored_move, fabs(anchored->weights[i] - start->weights[i]));
        free_move = fmax(free_move, fabs(free_fit->weights[i] - start->weights[i]));
    }
    assert_true(anchored_move < 0.01);
    assert_true(free_move > 1.0);
    c.anchor = 2;
    assert_int_not_equal(train_run(&c, anchored, NULL, NULL, why, sizeof why), 0);
    model_free(start);
    model_free(anchored);
    model_free(free_fit);
}

/* Self-play of whole turns (train.h turns, playout), as the game's
 * default bot plays: a run gives other games than the search over
 * micro-actions (other weights), the fit lowers its loss on them, one or
 * two threads give the same weights; so does a run whose playouts go to
 * the game's end in whole turns with the score utility (playbeam, score:
 * the 2-player default's search), other weights again, and one whose
 * playouts draw their turns by a softmax (playtemp), other weights again;
 * turns outside 0..MCTS_TURNS_MAX, a playout outside -2..1000, a playout
 * beam outside 0..GREEDY_BEAM_MAX or without a playout, a score outside
 * 0..100 and a temperature below 0 or without a playout beam are refused. */
static void test_turns(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    model *micro = model_new(f), *turns = model_new(f), *turns2 = model_new(f), *ended = model_new(f),
          *ended2 = model_new(f), *drawn = model_new(f), *drawn2 = model_new(f);
    train_config c = {.game = game, .seed = 5, .generations = 1, .games = 9, .iterations = 16, .explore = 0.1,
                      .ridge = 0.1, .decay = 0.5, .threads = 1, .start_v1 = 1, .lambda = 1.0};
    char why[256] = "";
    assert_int_equal(train_run(&c, micro, NULL, NULL, why, sizeof why), 0);
    c.search.turns = 4;
    c.search.playout = -1;
    check_variant(c, f, turns, turns2, micro);
    train_config end = c;
    end.iterations = 3;
    end.games = 4;
    end.search.playout = -2;
    end.search.playbeam = 2;
    end.search.score = 100;
    check_variant(end, f, ended, ended2, turns);
    train_config softmax = end;
    softmax.search.playtemp = 20;
    check_variant(softmax, f, drawn, drawn2, ended);
    softmax.search.playtemp = -1;
    assert_int_not_equal(train_run(&softmax, drawn2, NULL, NULL, why, sizeof why), 0);
    softmax.search.playtemp = 20;
    softmax.search.playbeam = 0;
    assert_int_not_equal(train_run(&softmax, drawn2, NULL, NULL, why, sizeof why), 0);
    /* turns, playout, playbeam, score */
    const int bad[][4] = {{-1, 0, 0, 0}, {MCTS_TURNS_MAX + 1, 0, 0, 0}, {4, -3, 0, 0}, {4, 1001, 0, 0},
                          {4, -2, -1, 0}, {4, -2, GREEDY_BEAM_MAX + 1, 0}, {4, 0, 2, 0},
                          {4, -2, 2, -1}, {4, -2, 2, 101}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c.search.turns = bad[i][0];
        c.search.playout = bad[i][1];
        c.search.playbeam = bad[i][2];
        c.search.score = bad[i][3];
        assert_int_not_equal(train_run(&c, turns2, NULL, NULL, why, sizeof why), 0);
    }
    model_free(micro);
    model_free(turns);
    model_free(turns2);
    model_free(ended);
    model_free(ended2);
    model_free(drawn);
    model_free(drawn2);
}

/* Imitation (train.h imitate): a run from given weights (zero ones) at 2
 * players alone, each searched decision's root turns fitted: the fit
 * lowers the cross-entropy of the fitted decisions, the temperature is
 * found, the held-out losses stay above the visits' own entropy, which is
 * below even odds', the weights move, the same for one or two threads;
 * only the 2-player block moves and no game of another size is played.
 * With two teachers the games are the same (the second search plays
 * nothing) and so are the decisions, but the visits fitted are others:
 * other weights, the same for one or two threads; one teacher is the
 * default. A deeper second teacher (teacher_iterations) again keeps the
 * games and fits other visits; given as the deciding search's iterations
 * it is the default. Imitation without whole turns or from the hand-tuned
 * evaluation (v1, no weights to fit), a value outside 0..1, a seat count
 * outside the game's, teachers outside 0..TRAIN_TEACHERS_MAX or without
 * imitation, and teacher iterations below 0 or with one teacher are
 * refused. */
static void test_imitation(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    model *start = model_new(f), *one = model_new(f), *two = model_new(f), *taught = model_new(f),
          *taught2 = model_new(f), *single = model_new(f), *deeper = model_new(f),
          *same_depth = model_new(f);
    train_config c = {.game = game, .seed = 6, .generations = 1, .games = 10, .iterations = 4, .explore = 0.1,
                      .ridge = 1e-3, .decay = 0.5, .threads = 1, .lambda = 1.0, .anchor = 1,
                      .search = {.turns = 4, .playout = -2, .playbeam = 2, .score = 100}, .players = 2, .imitate = 1};
    train_progress p = check_variant(c, f, one, two, start);
    assert_true(p.temperature > 0.0 && p.held_out > 0);
    /* the held-out bounds: the visits' own entropy under both losses, and under even odds */
    assert_true(p.held_own >= 0.0 && p.held_own < p.held_uniform);
    assert_true(p.held_own <= p.loss_before + 1e-9 && p.held_own <= p.loss_after + 1e-9);
    assert_true(p.agree_before >= 0.0 && p.agree_before <= 1.0 && p.agree_after >= 0.0 && p.agree_after <= 1.0);
    assert_true(p.score_count[2] == 20 && p.score_count[3] == 0 && p.score_count[4] == 0);
    size_t block = (size_t)f->count * MODEL_KNOTS;
    assert_memory_equal(one->weights + block, start->weights + block, 2 * block * sizeof *one->weights);
    size_t weights_bytes = (size_t)f->blocks * block * sizeof *one->weights; /* every block's */
    char why[256] = "";
    train_config teaching = c;
    teaching.teachers = 2;
    train_progress taught_p = check_variant(teaching, f, taught, taught2, start);
    assert_true(taught_p.mean_score[2] == p.mean_score[2] && taught_p.samples == p.samples);
    assert_true(taught_p.held_out == p.held_out && taught_p.held_uniform == p.held_uniform);
    assert_true(taught_p.held_own != p.held_own);
    assert_true(memcmp(taught->weights, one->weights, weights_bytes) != 0);
    run_log deeper_log = {0};
    teaching.teacher_iterations = 4 * c.iterations;
    assert_int_equal(train_run(&teaching, deeper, log_report, &deeper_log, why, sizeof why), 0);
    const train_progress deeper_p = deeper_log.last[0];
    assert_true(deeper_p.mean_score[2] == p.mean_score[2] && deeper_p.samples == p.samples);
    assert_true(deeper_p.held_own != taught_p.held_own);
    assert_true(memcmp(deeper->weights, taught->weights, weights_bytes) != 0);
    teaching.teacher_iterations = c.iterations;
    assert_int_equal(train_run(&teaching, same_depth, NULL, NULL, why, sizeof why), 0);
    assert_memory_equal(same_depth->weights, taught->weights, weights_bytes);
    teaching.teachers = 1;
    teaching.teacher_iterations = 0;
    assert_int_equal(train_run(&teaching, single, NULL, NULL, why, sizeof why), 0);
    assert_memory_equal(single->weights, one->weights, weights_bytes);
    /* turns, players, imitate, start_v1, teachers, teacher_iterations */
    const int bad[][6] = {{0, 2, 1, 0, 1, 0},  {4, 2, 2, 0, 1, 0}, {4, 2, -1, 0, 1, 0}, {4, 1, 1, 0, 1, 0},
                          {4, 5, 1, 0, 1, 0},  {4, 2, 1, 1, 1, 0}, {4, 2, 1, 0, -1, 0}, {4, 2, 0, 0, 2, 0},
                          {4, 2, 1, 0, TRAIN_TEACHERS_MAX + 1, 0}, {4, 2, 1, 0, 2, -1}, {4, 2, 1, 0, 1, 8}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        train_config wrong = c;
        wrong.search.turns = bad[i][0];
        wrong.players = bad[i][1];
        wrong.imitate = bad[i][2];
        wrong.start_v1 = bad[i][3];
        wrong.teachers = bad[i][4];
        wrong.teacher_iterations = bad[i][5];
        assert_int_not_equal(train_run(&wrong, two, NULL, NULL, why, sizeof why), 0);
    }
    model_free(start);
    model_free(one);
    model_free(two);
    model_free(taught);
    model_free(taught2);
    model_free(single);
    model_free(deeper);
    model_free(same_depth);
}

/* Expert-iteration targets (train.h expert): the deeper search values
 * positions, it does not play: weighed 0 against the outcome at every
 * position, the fit is the one of the run without it, to the bit; weighed
 * fully, the weights differ, are the same for one or two threads, and the
 * fit lowers its loss; valuing half the positions fits fewer samples (only
 * the valued ones). Shares outside (0, 1] and mixes outside [0, 1] are
 * refused. */
static void test_expert(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    const model_features *f = eval_features(game);
    model *plain = model_new(f), *unmixed = model_new(f), *full = model_new(f), *full2 = model_new(f),
          *half = model_new(f);
    train_config c = {.game = game, .seed = 5, .generations = 1, .games = 10, .iterations = 24, .explore = 0.1,
                      .ridge = 1e-2, .decay = 0.5, .threads = 1, .start_v1 = 1, .lambda = 1.0, .expert_share = 1.0};
    run_log plain_log = {0}, unmixed_log = {0}, full_log = {0}, half_log = {0};
    char why[256] = "";
    assert_int_equal(train_run(&c, plain, log_report, &plain_log, why, sizeof why), 0);
    c.expert = 32;
    assert_int_equal(train_run(&c, unmixed, log_report, &unmixed_log, why, sizeof why), 0);
    size_t n = (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS;
    assert_memory_equal(unmixed->weights, plain->weights, n * sizeof *plain->weights);
    assert_int_equal(unmixed_log.last[0].samples, plain_log.last[0].samples);
    c.expert_mix = 1.0;
    assert_int_equal(train_run(&c, full, log_report, &full_log, why, sizeof why), 0);
    c.threads = 2;
    assert_int_equal(train_run(&c, full2, NULL, NULL, why, sizeof why), 0);
    c.threads = 1;
    assert_memory_equal(full->weights, full2->weights, n * sizeof *full->weights);
    assert_true(memcmp(full->weights, plain->weights, n * sizeof *full->weights) != 0);
    assert_true(full_log.last[0].train_loss < full_log.last[0].train_before);
    c.expert_share = 0.5;
    assert_int_equal(train_run(&c, half, log_report, &half_log, why, sizeof why), 0);
    assert_true(half_log.last[0].samples > 0 && half_log.last[0].samples < full_log.last[0].samples);
    const double bad[][2] = {{0.0, 0.5}, {1.5, 0.5}, {0.5, -0.1}, {0.5, 1.5}}; /* share, mix */
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c.expert_share = bad[i][0];
        c.expert_mix = bad[i][1];
        assert_int_not_equal(train_run(&c, half, NULL, NULL, why, sizeof why), 0);
    }
    c.expert = -1;
    c.expert_share = 0.5;
    assert_int_not_equal(train_run(&c, half, NULL, NULL, why, sizeof why), 0);
    model_free(plain);
    model_free(unmixed);
    model_free(full);
    model_free(full2);
    model_free(half);
}

/* What a tuning run last reported. */
typedef struct tune_log {
    tune_progress last; /* the last report */
    int reports;        /* how many */
    int keep_at;        /* steps after which the weights are kept */
    model *kept;        /* those weights */
} tune_log;

static void tune_log_report(void *context, const tune_progress *p, const model *weights)
{
    tune_log *log = context;
    log->last = *p;
    log->reports++;
    if (p->steps_done == log->keep_at)
        log->kept = model_copy(weights);
}

/* Tuning by game results (tune.h) from v1 with its self_now weight spoilt
 * (a temple held counts 2 points less than nothing, so the start gives
 * temples away): the pairs of games push that weight up again, the blocks
 * of other player counts keep the start's weights, the features that never
 * differ between seats (the bias) are not tuned, a run of 12 steps on two
 * threads gives the weights a run of 24 on one had after its first 12 (the
 * same for any number of threads, and a stopped run leaves the weights its
 * steps so far make), a run of the auction's games moves the 2p-auction
 * block and no other, and bad settings (an unknown variant too) are
 * refused. */
static void test_tuning(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tikal");
    const model_features *f = eval_features(game);
    model *one = model_new(f), *two = model_new(f);
    assert_int_equal(model_add_bonus(one, "self_now", -2.0f), 0);
    assert_int_equal(model_add_bonus(two, "self_now", -2.0f), 0);
    model *start = model_copy(one);
    tune_config c = {game, 1, 24, 30, 2, 1.5, 2.0, 1, NULL, 1, {0}, TUNE_SIGNAL_WIN};
    tune_log log = {.keep_at = 12};
    char why[256] = "";
    if (tune_run(&c, one, tune_log_report, &log, why, sizeof why) != 0)
        fail_msg("%s", why);
    c.threads = 2;
    c.steps = 12;
    assert_int_equal(tune_run(&c, two, NULL, NULL, why, sizeof why), 0);
    size_t n = (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS;
    assert_non_null(log.kept);
    assert_memory_equal(log.kept->weights, two->weights, n * sizeof *two->weights);
    assert_true(memcmp(one->weights, two->weights, n * sizeof *one->weights) != 0);
    assert_int_equal(log.reports, 24 / TUNE_BATCH);
    assert_int_equal(log.last.steps_done, 24);
    assert_true(log.last.tuned > 0 && log.last.tuned < f->count);
    int self_now = -1;
    for (int i = 0; i < f->count; i++)
        if (strcmp(f->names[i], "self_now") == 0)
            self_now = i;
    assert_true(self_now >= 0);
    for (int b = 0; b < f->blocks; b++) {
        size_t at = ((size_t)b * (size_t)f->count + (size_t)self_now) * MODEL_KNOTS;
        if (strncmp(f->block_names[b], "2p", 2) == 0)
            assert_true(one->weights[at] > start->weights[at]);
        else
            assert_true(one->weights[at] == start->weights[at]);
        assert_true(one->weights[(size_t)b * (size_t)f->count * MODEL_KNOTS] == 0.0f); /* the bias */
    }
    /* the auction's games alone move the 2p-auction block alone */
    model *auction = model_copy(start);
    c.steps = 8;
    c.variant = "auction";
    if (tune_run(&c, auction, NULL, NULL, why, sizeof why) != 0)
        fail_msg("%s", why);
    size_t block_size = (size_t)f->count * MODEL_KNOTS;
    for (int b = 0; b < f->blocks; b++) {
        size_t at = (size_t)b * block_size;
        int moved = memcmp(&auction->weights[at], &start->weights[at], block_size * sizeof *start->weights) != 0;
        assert_int_equal(moved, strcmp(f->block_names[b], "2p-auction") == 0);
    }
    model_free(auction);
    /* two pairs a step: the same weights on one thread or three, not those
     * of one pair a step */
    model *paired = model_copy(start), *paired3 = model_copy(start), *single = model_copy(start);
    c.steps = 4;
    c.threads = 1;
    assert_int_equal(tune_run(&c, single, NULL, NULL, why, sizeof why), 0);
    c.pairs = 2;
    assert_int_equal(tune_run(&c, paired, NULL, NULL, why, sizeof why), 0);
    c.threads = 3;
    assert_int_equal(tune_run(&c, paired3, NULL, NULL, why, sizeof why), 0);
    assert_memory_equal(paired->weights, paired3->weights, n * sizeof *paired->weights);
    assert_true(memcmp(paired->weights, single->weights, n * sizeof *paired->weights) != 0);
    model_free(paired);
    model_free(paired3);
    model_free(single);
    c.pairs = 0;
    assert_int_not_equal(tune_run(&c, one, NULL, NULL, why, sizeof why), 0);
    c.pairs = TUNE_PAIRS_MAX + 1;
    assert_int_not_equal(tune_run(&c, one, NULL, NULL, why, sizeof why), 0);
    c.pairs = 1;
    c.variant = "no-such-variant";
    assert_int_not_equal(tune_run(&c, one, NULL, NULL, why, sizeof why), 0);
    c.variant = NULL;
    c.steps = 0;
    assert_int_not_equal(tune_run(&c, one, NULL, NULL, why, sizeof why), 0);
    c.steps = 4;
    c.players = 5;
    assert_int_not_equal(tune_run(&c, one, NULL, NULL, why, sizeof why), 0);
    model_free(one);
    model_free(two);
    model_free(start);
    model_free(log.kept);
}

/* Tuning Tzolk'in with its default kind of search, whole turns and a
 * playout to the seat's next turn (tune_config search: turns, playout), by the
 * score margin (TUNE_SIGNAL_MARGIN), from the checked-in weights: a
 * 2-player run moves the 2p block and no other, gives the same weights on
 * one thread or two, reports the plus side's mean margin (a margin in
 * points, not a share: its games end apart), and moves the weights
 * otherwise than the win does on the same games (the same share of wins,
 * 50%, would not move them at all; a margin does); its games are not those
 * of the search over actions (on seed 2, some of whose games end within
 * TUNE_MARGIN_POINTS: where every margin is clipped to +-1, the margin's
 * signal is the win's). Turns outside 0..MCTS_TURNS_MAX, a playout
 * outside -2..1000 and an unknown signal are refused. */
static void test_tuning_turns(void **unused)
{
    (void)unused;
    const game_def *game = games_find("tzolkin");
    char why[256] = "";
    eval_hook *checked_in = eval_new(game, EVAL_V2, why, sizeof why);
    if (checked_in == NULL)
        fail_msg("%s", why);
    const model_features *f = checked_in->model->features;
    model *margin = model_copy(checked_in->model), *margin2 = model_copy(checked_in->model);
    model *win = model_copy(checked_in->model), *micro = model_copy(checked_in->model);
    tune_config c = {game, 2, 4, 6, 2, 1.5, 2.0, 1, NULL, 1, {.turns = 4, .playout = -1}, TUNE_SIGNAL_MARGIN};
    tune_log log = {0};
    if (tune_run(&c, margin, tune_log_report, &log, why, sizeof why) != 0)
        fail_msg("%s", why);
    c.threads = 2;
    assert_int_equal(tune_run(&c, margin2, NULL, NULL, why, sizeof why), 0);
    size_t n = (size_t)f->blocks * (size_t)f->count * MODEL_KNOTS, block_size = (size_t)f->count * MODEL_KNOTS;
    assert_memory_equal(margin->weights, margin2->weights, n * sizeof *margin->weights);
    for (int b = 0; b < f->blocks; b++) {
        size_t at = (size_t)b * block_size;
        int moved = memcmp(&margin->weights[at], &checked_in->model->weights[at],
                           block_size * sizeof *margin->weights) != 0;
        assert_int_equal(moved, strcmp(f->block_names[b], "2p") == 0);
    }
    assert_int_equal(log.last.steps_done, 4);
    assert_true(log.last.plus_margin != 0.0 && fabs(log.last.plus_margin) < 200.0);
    c.signal = TUNE_SIGNAL_WIN;
    assert_int_equal(tune_run(&c, win, NULL, NULL, why, sizeof why), 0);
    assert_true(memcmp(win->weights, margin->weights, n * sizeof *win->weights) != 0);
    c.search.turns = 0;
    c.search.playout = 0;
    tune_log micro_log = {0};
    assert_int_equal(tune_run(&c, micro, tune_log_report, &micro_log, why, sizeof why), 0);
    assert_true(micro_log.last.plus_margin != log.last.plus_margin);
    const int bad[][3] = {{-1, 0, TUNE_SIGNAL_WIN},
                          {MCTS_TURNS_MAX + 1, 0, TUNE_SIGNAL_WIN},
                          {4, -3, TUNE_SIGNAL_WIN},
                          {4, 1001, TUNE_SIGNAL_WIN},
                          {4, -1, TUNE_SIGNAL_MARGIN + 1}}; /* turns, playout, signal */
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c.search.turns = bad[i][0];
        c.search.playout = bad[i][1];
        c.signal = (tune_signal)bad[i][2];
        assert_int_not_equal(tune_run(&c, micro, NULL, NULL, why, sizeof why), 0);
    }
    model_free(margin);
    model_free(margin2);
    model_free(win);
    model_free(micro);
    eval_free(checked_in);
}

/* A feature's unit (tune.h) is one over its spread between seats, but at
 * most TUNE_UNIT_MAX points per unit of the feature (the pending bid, with
 * a spread of 0.03 in the auction's games, was perturbed by 66 points a
 * bid point before the cap), and 0 for a feature that never differs. */
static void test_tuning_units(void **unused)
{
    (void)unused;
    assert_true(tune_unit(0.0) == 0.0);
    assert_true(tune_unit(1e-9) == 0.0);
    assert_true(tune_unit(10.0) == 0.1);
    assert_true(tune_unit(1.0) == 1.0);
    assert_true(tune_unit(1.0 / TUNE_UNIT_MAX) == TUNE_UNIT_MAX);
    assert_true(tune_unit(0.03) == TUNE_UNIT_MAX);
    assert_true(tune_unit(0.3) == TUNE_UNIT_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip),  cmocka_unit_test(test_parse_errors), cmocka_unit_test(test_older_shape),
        cmocka_unit_test(test_fit),        cmocka_unit_test(test_checked_in_weights),
        cmocka_unit_test(test_features),   cmocka_unit_test(test_bases),      cmocka_unit_test(test_training),
        cmocka_unit_test(test_plans),      cmocka_unit_test(test_lambda),     cmocka_unit_test(test_tuning),
        cmocka_unit_test(test_tuning_units), cmocka_unit_test(test_tuning_turns),
        cmocka_unit_test(test_anchor),     cmocka_unit_test(test_expert),     cmocka_unit_test(test_turns),
        cmocka_unit_test(test_gain_fast_path),
        cmocka_unit_test(test_gain_phases_kept),
        cmocka_unit_test(test_forced),     cmocka_unit_test(test_handicap),   cmocka_unit_test(test_fit_only),     cmocka_unit_test(test_imitate),    cmocka_unit_test(test_imitation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
