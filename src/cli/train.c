/*
 * train.c -- maya train: learns a game's evaluation from self-play
 * (bots/train.h) and writes the weights file the build embeds
 * (data/weights-GAME.txt by default). Progress and ETA go to stderr, one
 * line per generation (held-out loss before and after the fit, mean scores)
 * to stdout; the weights are written after every generation, so a stopped
 * run leaves the last fit. The file's header names the whole command with
 * every setting spelled out, so that it can be run again to the same
 * weights. With --spsa STEPS the weights are tuned by game results instead
 * (bots/tune.h), starting from --from or from zero corrections (for
 * Tikal: v1), the games of every variant in turn or of --variant's only; a
 * line every TUNE_REPORT_STEPS steps says how it goes, and the weights
 * written after k steps name the command of a run of k steps, which makes
 * the same weights. Weights made --from a file name the command that made
 * that file after their own.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bots/eval.h"
#include "bots/greedy.h"
#include "bots/train.h"
#include "bots/tune.h"
#include "cli/cli.h"
#include "timer.h"

enum {
    TUNE_REPORT_STEPS = 40,     /* steps between two progress lines of a tuning run */
    CLI_TRAIN_FIT_ONLY_MAX = 400 /* longest --fit-only list, in characters (the weights' header names it) */
};

/* What the progress reports need. */
typedef struct cli_train {
    const train_config *config; /* the run (NULL when tuning) */
    const char *out;            /* weights file */
    char command[MODEL_COMMAND_MAX + 1536]; /* the command that makes these weights */
    char tune_args[MODEL_COMMAND_MAX + 960]; /* tuning: the command's settings after --spsa STEPS */
    double start;               /* when the run began */
    double shown;               /* when progress was last shown */
    int status;                 /* CLI_FAIL once a write failed */
} cli_train_run;

/* Write the weights to t->out (through a temporary file). */
static void cli_train_write(cli_train_run *t, const model *weights)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", t->out);
    FILE *f = fopen(tmp, "w");
    int ok = f != NULL && model_write(weights, f, t->command) == 0;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    if (!ok || rename(tmp, t->out) != 0) {
        fprintf(stderr, "maya train: cannot write %s\n", t->out);
        t->status = CLI_FAIL;
    }
}

static void cli_train_report(void *context, const train_progress *p, const model *weights)
{
    cli_train_run *t = context;
    const train_config *c = t->config;
    double elapsed = timer_now() - t->start;
    if (!p->finished) {
        if (elapsed - t->shown < 0.5 && p->games_done < p->games)
            return;
        t->shown = elapsed;
        double done = p->generation + (double)p->games_done / p->games;
        double eta = done > 0 ? elapsed * (c->generations - done) / done : 0;
        fprintf(stderr, "\rgeneration %d/%d: %d/%d games, %.0f s, about %.0f s left   ", p->generation + 1,
                c->generations, p->games_done, p->games, elapsed, eta);
        return;
    }
    fprintf(stderr, "\r%70s\r", "");
    if (c->imitate)
        printf("generation %d/%d: %ld decisions, temperature %.2f, cross-entropy held out %.3f -> %.3f (even odds "
               "%.3f, the visits' own %.3f; the search's turn rated best %.1f%% -> %.1f%%), fitted %.3f -> %.3f; "
               "mean score",
               p->generation + 1, c->generations, p->samples, p->temperature, p->loss_before, p->loss_after,
               p->held_uniform, p->held_own, 100.0 * p->agree_before, 100.0 * p->agree_after, p->train_before,
               p->train_loss);
    else
        printf("generation %d/%d: %ld samples, loss held out %.2f -> %.2f, fitted %.2f -> %.2f; mean score",
               p->generation + 1, c->generations, p->samples, p->loss_before, p->loss_after, p->train_before,
               p->train_loss);
    for (int players = 2; players <= GAME_MAX_PLAYERS; players++)
        if (p->score_count[players] > 0)
            printf(" %dp %.1f", players, p->mean_score[players]);
    for (int players = 2, first = 1; players <= GAME_MAX_PLAYERS; players++)
        if (p->forced_count[players] > 0) {
            printf("%s %dp %.1f (%d seats)", first ? ", forced seats" : "", players, p->forced_score[players],
                   p->forced_count[players]);
            first = 0;
        }
    for (int i = 0; i < 2; i++)
        if (p->handicap_count[i] > 0)
            printf(", one %s %+.1f over the others (%d seats)", i == 0 ? "more" : "fewer", p->handicap_margin[i],
                   p->handicap_count[i]);
    printf(", %.0f s\n", p->seconds);
    /* the strategies' features: where the seats differ in them, the fit
     * can learn what they are worth */
    const model_features *f = weights->features;
    for (int b = 0; b < f->blocks && f->plan_count > 0; b++) {
        if (p->positions[b] == 0)
            continue;
        printf("  %s: %ld positions, seats differ in", f->block_names[b], p->positions[b]);
        for (int i = 0; i < f->plan_count; i++) {
            int j = model_feature_index(f, f->plans[i].feature);
            printf("%s %s %.1f%%", i > 0 ? "," : "", f->plans[i].feature,
                   j >= 0 ? 100.0 * (double)p->varied[b][j] / (double)p->positions[b] : 0.0);
        }
        printf("\n");
    }
    fflush(stdout);
    cli_train_write(t, weights);
}

static void cli_tune_report(void *context, const tune_progress *p, const model *weights)
{
    cli_train_run *t = context;
    /* a run stopped here leaves the weights of a run of the steps done */
    snprintf(t->command, sizeof t->command, "maya train %s --spsa %d %s", weights->features->game, p->steps_done,
             t->tune_args);
    double eta = p->seconds * (p->steps - p->steps_done) / p->steps_done;
    fprintf(stderr, "\rstep %d/%d, %.0f s, about %.0f s left   ", p->steps_done, p->steps, p->seconds, eta);
    if (p->steps_done % TUNE_REPORT_STEPS < TUNE_BATCH || p->steps_done == p->steps) {
        fprintf(stderr, "\r%70s\r", "");
        printf("step %d/%d: plus side %.1f%% of the pairs (last %d: %.1f%%), %+.2f points a game, %d features "
               "tuned, largest move %.2f (%s), %.0f s\n",
               p->steps_done, p->steps, 100.0 * p->plus_score, TUNE_RECENT, 100.0 * p->recent_score, p->plus_margin,
               p->tuned, p->largest, p->largest_name, p->seconds);
        fflush(stdout);
    }
    cli_train_write(t, weights);
}

/* Add format's text to the end of the text in buf[size] (cut to fit). */
static void cli_train_append(char *buf, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));

static void cli_train_append(char *buf, size_t size, const char *format, ...)
{
    size_t used = strlen(buf);
    va_list args;
    va_start(args, format);
    vsnprintf(buf + used, size - used, format, args);
    va_end(args);
}

int cli_train(int argc, char **argv)
{
    const char *generations_text = NULL, *games_text = NULL, *iterations_text = NULL, *explore_text = NULL;
    const char *plans_text = NULL, *lambda_text = NULL, *policy_text = NULL, *anchor_text = NULL;
    const char *spsa_text = NULL, *players_text = NULL, *step_text = NULL, *perturb_text = NULL;
    const char *ridge_text = NULL, *decay_text = NULL, *seed_text = NULL, *jobs_text = NULL, *from = NULL;
    const char *out = NULL, *expert_text = NULL, *share_text = NULL, *mix_text = NULL, *variant_text = NULL;
    const char *turns_text = NULL, *playout_text = NULL, *pairs_text = NULL, *forced_text = NULL;
    const char *signal_text = NULL, *playbeam_text = NULL, *score_text = NULL, *imitate_text = NULL,
               *center_text = NULL, *scorescale_text = NULL, *playtemp_text = NULL, *handicap_text = NULL,
               *fit_only = NULL, *teachers_text = NULL, *teacher_iterations_text = NULL;
    const cli_option options[] = {
        {"--generations", 1, &generations_text}, {"--games", 1, &games_text}, {"--iterations", 1, &iterations_text},
        {"--explore", 1, &explore_text},         {"--plans", 1, &plans_text}, {"--ridge", 1, &ridge_text},
        {"--decay", 1, &decay_text},             {"--lambda", 1, &lambda_text}, {"--seed", 1, &seed_text},
        {"--jobs", 1, &jobs_text},               {"--from", 1, &from},        {"--out", 1, &out},
        {"--policy", 1, &policy_text},           {"--anchor", 1, &anchor_text},
        {"--spsa", 1, &spsa_text},               {"--players", 1, &players_text}, {"--step", 1, &step_text},
        {"--perturb", 1, &perturb_text},         {"--expert", 1, &expert_text}, {"--expert-share", 1, &share_text},
        {"--expert-mix", 1, &mix_text},          {"--variant", 1, &variant_text},
        {"--turns", 1, &turns_text},             {"--playout", 1, &playout_text}, {"--pairs", 1, &pairs_text},
        {"--forced", 1, &forced_text},          {"--signal", 1, &signal_text},
        {"--playbeam", 1, &playbeam_text},       {"--score", 1, &score_text}, {"--imitate", 1, &imitate_text},
        {"--center", 1, &center_text},           {"--scorescale", 1, &scorescale_text},
        {"--playtemp", 1, &playtemp_text},
        {"--handicap", 1, &handicap_text},       {"--fit-only", 1, &fit_only},
        {"--teachers", 1, &teachers_text},       {"--teacher-iterations", 1, &teacher_iterations_text},
    };
    const char *positional[1];
    int positional_count;
    int status = cli_parse("train", argc, argv, options, (int)(sizeof options / sizeof options[0]), positional, 1,
                           &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 1) {
        fputs("maya train: which game? (maya train GAME)\n", stderr);
        return CLI_USAGE;
    }
    const game_def *game;
    if ((status = cli_find_game("train", positional[0], &game)) != 0)
        return status;
    const model_features *features = eval_features(game);
    if (features == NULL) {
        fprintf(stderr, "maya train: %s has no learned evaluation\n", game->name);
        return CLI_USAGE;
    }
    long generations = 6, games = 200, iterations = 1000, jobs = sysconf(_SC_NPROCESSORS_ONLN);
    long explore_pct = 10, ridge_millionths = 100, decay_pct = 50, plans_pct = 0, lambda_permille = 1000, policy = 0;
    long anchor = 0, expert = 0, share_pct = 25, mix_pct = 50, turns = 0, playout = 0, forced_pct = 0;
    long playbeam = 0, score_pct = 0, imitate = 0, center = 0, scorescale = 0, playtemp = 0, handicap_pct = 0;
    long teachers = 1, teacher_iterations = 0;
    long spsa = 0, players = game->min_players, step_pct = 150, perturb_pct = 200, pairs = 1;
    uint64_t seed = 1;
    if ((generations_text != NULL &&
         (status = cli_parse_number("train", "--generations", generations_text, 1, 1000, &generations)) != 0) ||
        (games_text != NULL && (status = cli_parse_number("train", "--games", games_text, 1, 1000000, &games)) != 0) ||
        (iterations_text != NULL &&
         (status = cli_parse_number("train", "--iterations", iterations_text, 1, 1000000, &iterations)) != 0) ||
        (explore_text != NULL &&
         (status = cli_parse_number("train", "--explore", explore_text, 0, 100, &explore_pct)) != 0) ||
        (plans_text != NULL && (status = cli_parse_number("train", "--plans", plans_text, 0, 100, &plans_pct)) != 0) ||
        (ridge_text != NULL &&
         (status = cli_parse_number("train", "--ridge", ridge_text, 1, 1000000, &ridge_millionths)) != 0) ||
        (decay_text != NULL && (status = cli_parse_number("train", "--decay", decay_text, 0, 100, &decay_pct)) != 0) ||
        (lambda_text != NULL &&
         (status = cli_parse_number("train", "--lambda", lambda_text, 0, 1000, &lambda_permille)) != 0) ||
        (policy_text != NULL && (status = cli_parse_number("train", "--policy", policy_text, 0, 2, &policy)) != 0) ||
        (forced_text != NULL &&
         (status = cli_parse_number("train", "--forced", forced_text, 0, 100, &forced_pct)) != 0) ||
        (handicap_text != NULL &&
         (status = cli_parse_number("train", "--handicap", handicap_text, 0, 100, &handicap_pct)) != 0) ||
        (anchor_text != NULL && (status = cli_parse_number("train", "--anchor", anchor_text, 0, 1, &anchor)) != 0) ||
        (expert_text != NULL &&
         (status = cli_parse_number("train", "--expert", expert_text, 1, 1000000, &expert)) != 0) ||
        (share_text != NULL &&
         (status = cli_parse_number("train", "--expert-share", share_text, 1, 100, &share_pct)) != 0) ||
        (mix_text != NULL && (status = cli_parse_number("train", "--expert-mix", mix_text, 0, 100, &mix_pct)) != 0) ||
        (turns_text != NULL &&
         (status = cli_parse_number("train", "--turns", turns_text, 1, MCTS_TURNS_MAX, &turns)) != 0) ||
        (playout_text != NULL &&
         (status = cli_parse_number("train", "--playout", playout_text, MCTS_PLAYOUT_END, MCTS_PLAYOUT_MAX,
                                    &playout)) != 0) ||
        (playbeam_text != NULL &&
         (status = cli_parse_number("train", "--playbeam", playbeam_text, 1, GREEDY_BEAM_MAX, &playbeam)) != 0) ||
        (score_text != NULL && (status = cli_parse_number("train", "--score", score_text, 0, 100, &score_pct)) != 0) ||
        (imitate_text != NULL &&
         (status = cli_parse_number("train", "--imitate", imitate_text, 0, 1, &imitate)) != 0) ||
        (teachers_text != NULL &&
         (status = cli_parse_number("train", "--teachers", teachers_text, 1, TRAIN_TEACHERS_MAX, &teachers)) != 0) ||
        (teacher_iterations_text != NULL &&
         (status = cli_parse_number("train", "--teacher-iterations", teacher_iterations_text, 1, 1000000,
                                    &teacher_iterations)) != 0) ||
        (center_text != NULL &&
         (status = cli_parse_number("train", "--center", center_text, 0, MCTS_CENTER_MAX, &center)) != 0) ||
        (scorescale_text != NULL && (status = cli_parse_number("train", "--scorescale", scorescale_text, 0,
                                                               MCTS_SCORE_SCALE_MAX, &scorescale)) != 0) ||
        (playtemp_text != NULL &&
         (status = cli_parse_number("train", "--playtemp", playtemp_text, 0, 1000, &playtemp)) != 0) ||
        (spsa_text != NULL && (status = cli_parse_number("train", "--spsa", spsa_text, 1, 1000000, &spsa)) != 0) ||
        (players_text != NULL && (status = cli_parse_number("train", "--players", players_text, game->min_players,
                                                            game->max_players, &players)) != 0) ||
        (step_text != NULL && (status = cli_parse_number("train", "--step", step_text, 1, 100000, &step_pct)) != 0) ||
        (perturb_text != NULL &&
         (status = cli_parse_number("train", "--perturb", perturb_text, 1, 100000, &perturb_pct)) != 0) ||
        (pairs_text != NULL &&
         (status = cli_parse_number("train", "--pairs", pairs_text, 1, TUNE_PAIRS_MAX, &pairs)) != 0) ||
        (seed_text != NULL && (status = cli_parse_seed("train", seed_text, &seed)) != 0) ||
        (jobs_text != NULL && (status = cli_parse_number("train", "--jobs", jobs_text, 1, 256, &jobs)) != 0))
        return status;
    /* an option of the other mode would be silently ignored: refuse it */
    const struct {
        const char *text; /* the option's value, NULL if not given */
        int tuning;       /* 1: an option of --spsa, 0: of training from self-play */
        const char *name; /* the option */
    } modes[] = {
        {generations_text, 0, "--generations"}, {games_text, 0, "--games"},   {explore_text, 0, "--explore"},
        {plans_text, 0, "--plans"},             {ridge_text, 0, "--ridge"},   {decay_text, 0, "--decay"},
        {lambda_text, 0, "--lambda"},           {policy_text, 0, "--policy"}, {imitate_text, 0, "--imitate"},
        {step_text, 1, "--step"},               {perturb_text, 1, "--perturb"}, {anchor_text, 0, "--anchor"},
        {expert_text, 0, "--expert"},           {variant_text, 1, "--variant"}, {pairs_text, 1, "--pairs"},
        {signal_text, 1, "--signal"},           {forced_text, 0, "--forced"}, {playbeam_text, 0, "--playbeam"},
        {score_text, 0, "--score"},             {center_text, 0, "--center"}, {scorescale_text, 0, "--scorescale"},
        {playtemp_text, 0, "--playtemp"},
        {handicap_text, 0, "--handicap"},       {fit_only, 0, "--fit-only"}, {teachers_text, 0, "--teachers"},
        {teacher_iterations_text, 0, "--teacher-iterations"},
    };
    if (imitate > 0 && (turns == 0 || from == NULL)) {
        fputs(turns == 0 ? "maya train: --imitate fits the search's whole turns: it needs --turns\n"
                         : "maya train: --imitate fits the weights that play: give them (--from FILE)\n",
              stderr);
        return CLI_USAGE;
    }
    if (teachers > 1 && imitate == 0) {
        fputs("maya train: --teachers sums the searches of an imitation's decisions: it needs --imitate 1\n", stderr);
        return CLI_USAGE;
    }
    if (teacher_iterations_text != NULL && teachers < 2) {
        fputs("maya train: --teacher-iterations sets the searches after a decision's first: it needs --teachers 2 or "
              "more\n",
              stderr);
        return CLI_USAGE;
    }
    if (fit_only != NULL && strlen(fit_only) > CLI_TRAIN_FIT_ONLY_MAX) {
        fprintf(stderr, "maya train: --fit-only names at most %d characters of features\n", CLI_TRAIN_FIT_ONLY_MAX);
        return CLI_USAGE;
    }
    if (fit_only != NULL && (anchor == 0 || from == NULL)) {
        fputs("maya train: --fit-only moves some weights from those that played, the rest kept: it needs --anchor 1 "
              "and --from\n",
              stderr);
        return CLI_USAGE;
    }
    if (playbeam > 0 && playout == 0) {
        fputs("maya train: --playbeam needs a playout (--playout)\n", stderr);
        return CLI_USAGE;
    }
    if (playtemp > 0 && playbeam == 0) {
        fputs("maya train: --playtemp draws the playout's whole turns: it needs --playbeam\n", stderr);
        return CLI_USAGE;
    }
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (modes[i].text != NULL && modes[i].tuning != (spsa > 0)) {
            fprintf(stderr,
                    modes[i].tuning ? "maya train: %s is for tuning by game results (with --spsa STEPS)\n"
                                    : "maya train: %s is for training from self-play, not for tuning (--spsa)\n",
                    modes[i].name);
            return CLI_USAGE;
        }
    if (scorescale > 0 && score_pct == 0) {
        fputs("maya train: --scorescale is the scale of the score utility: it needs --score\n", stderr);
        return CLI_USAGE;
    }
    if ((share_text != NULL || mix_text != NULL) && expert_text == NULL) {
        fprintf(stderr, "maya train: %s sets the deeper search of --expert ITERATIONS, which is not given\n",
                share_text != NULL ? "--expert-share" : "--expert-mix");
        return CLI_USAGE;
    }
    tune_signal signal = TUNE_SIGNAL_WIN;
    if (signal_text != NULL && strcmp(signal_text, "margin") == 0)
        signal = TUNE_SIGNAL_MARGIN;
    else if (signal_text != NULL && strcmp(signal_text, "win") != 0) {
        fprintf(stderr, "maya train: --signal is win or margin, not \"%s\"\n", signal_text);
        return CLI_USAGE;
    }
    int variant = 0;
    if ((status = cli_find_variant("train", game, variant_text, &variant)) != 0)
        return status;
    if (jobs < 1)
        jobs = 1;
    char default_out[256];
    if (out == NULL) {
        snprintf(default_out, sizeof default_out, "data/weights-%s.txt", game->name);
        out = default_out;
    }
    model *m = NULL;
    char why[512] = "";
    if (from != NULL) {
        FILE *f = fopen(from, "rb");
        char *text = NULL;
        long len = -1;
        if (f != NULL && fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
            (text = malloc((size_t)len + 1)) != NULL && fread(text, 1, (size_t)len, f) == (size_t)len) {
            text[len] = '\0';
            m = model_parse(features, text, why, sizeof why);
        } else
            snprintf(why, sizeof why, "cannot read it");
        free(text);
        if (f != NULL)
            fclose(f);
        if (m == NULL) {
            fprintf(stderr, "maya train: %s: %s\n", from, why);
            return CLI_FAIL;
        }
    } else if ((m = model_new(features)) == NULL) {
        fputs("maya train: out of memory\n", stderr);
        return CLI_FAIL;
    }
    train_config config = {.game = game,
                           .seed = seed,
                           .generations = (int)generations,
                           .games = (int)games,
                           .iterations = (int)iterations,
                           .explore = explore_pct / 100.0,
                           .ridge = ridge_millionths / 1e6,
                           .decay = decay_pct / 100.0,
                           .threads = (int)jobs,
                           .start_v1 = from == NULL,
                           .plans = plans_pct / 100.0,
                           .lambda = lambda_permille / 1000.0,
                           .policy = (int)policy,
                           .anchor = (int)anchor,
                           .expert = (int)expert,
                           .expert_share = share_pct / 100.0,
                           .expert_mix = mix_pct / 100.0,
                           .search = {(int)turns, (int)playout, (int)playbeam, (int)score_pct, (int)center,
                                      (int)scorescale, (int)playtemp},
                           .forced = forced_pct / 100.0,
                           .players = players_text != NULL ? (int)players : 0,
                           .imitate = (int)imitate,
                           .teachers = (int)teachers,
                           .teacher_iterations = (int)teacher_iterations,
                           .handicap = handicap_pct / 100.0,
                           .only = fit_only};
    const char *variant_name = variant_text != NULL ? game->variants[variant] : NULL; /* tuning: every game's */
    tune_config tuning = {game, seed, (int)spsa, (int)iterations, (int)players, step_pct / 100.0, perturb_pct / 100.0,
                          (int)jobs, variant_name, (int)pairs, {.turns = (int)turns, .playout = (int)playout}, signal};
    cli_train_run t = {spsa > 0 ? NULL : &config, out, "", "", timer_now(), 0, 0};
    /* weights made from others name the command that made those too, so
     * that the two commands in turn make them again */
    char start[MODEL_COMMAND_MAX + 400] = " (results do not depend on --jobs)";
    if (from != NULL && m->command[0] != '\0')
        snprintf(start, sizeof start, " --from %s (results do not depend on --jobs); %s made by: %s", from, from,
                 m->command);
    else if (from != NULL)
        snprintf(start, sizeof start, " --from %s (results do not depend on --jobs)", from);
    /* the search of either mode's games, when not the default (actions) */
    char search_options[128] = "";
    if (turns > 0)
        cli_train_append(search_options, sizeof search_options, " --turns %ld", turns);
    if (playout != 0)
        cli_train_append(search_options, sizeof search_options, " --playout %ld", playout);
    if (playbeam > 0)
        cli_train_append(search_options, sizeof search_options, " --playbeam %ld", playbeam);
    if (score_pct > 0)
        cli_train_append(search_options, sizeof search_options, " --score %ld", score_pct);
    if (center > 0)
        cli_train_append(search_options, sizeof search_options, " --center %ld", center);
    if (scorescale > 0)
        cli_train_append(search_options, sizeof search_options, " --scorescale %ld", scorescale);
    if (playtemp > 0)
        cli_train_append(search_options, sizeof search_options, " --playtemp %ld", playtemp);
    if (spsa > 0) {
        /* --variant, --pairs, --signal and the search when given (one pair
         * a step, the win and a search of actions are the defaults) */
        char variant_option[160] = "";
        if (variant_name != NULL)
            cli_train_append(variant_option, sizeof variant_option, " --variant %s", variant_name);
        if (pairs > 1)
            cli_train_append(variant_option, sizeof variant_option, " --pairs %ld", pairs);
        if (signal == TUNE_SIGNAL_MARGIN)
            cli_train_append(variant_option, sizeof variant_option, " --signal margin");
        cli_train_append(variant_option, sizeof variant_option, "%s", search_options);
        snprintf(t.tune_args, sizeof t.tune_args,
                 "--players %ld%s --iterations %ld --step %ld --perturb %ld --seed %llu%s", players, variant_option,
                 iterations, step_pct, perturb_pct, (unsigned long long)seed, start);
        printf("tuning %s by game results: %ld steps of %ld %ldp games%s, %ld iterations per %s, %ld jobs\n",
               game->name, spsa, 2 * pairs, players, variant_option, iterations, turns > 0 ? "turn" : "decision",
               jobs);
    } else {
        char given_options[640] = "";
        if (policy > 0)
            cli_train_append(given_options, sizeof given_options, " --policy %ld", policy);
        if (anchor > 0)
            cli_train_append(given_options, sizeof given_options, " --anchor 1");
        if (expert > 0)
            cli_train_append(given_options, sizeof given_options, " --expert %ld --expert-share %ld --expert-mix %ld",
                             expert, share_pct, mix_pct);
        cli_train_append(given_options, sizeof given_options, "%s", search_options);
        if (forced_pct > 0)
            cli_train_append(given_options, sizeof given_options, " --forced %ld", forced_pct);
        if (handicap_pct > 0)
            cli_train_append(given_options, sizeof given_options, " --handicap %ld", handicap_pct);
        if (fit_only != NULL)
            cli_train_append(given_options, sizeof given_options, " --fit-only %s", fit_only);
        if (players_text != NULL)
            cli_train_append(given_options, sizeof given_options, " --players %ld", players);
        if (imitate > 0)
            cli_train_append(given_options, sizeof given_options, " --imitate 1");
        if (teachers > 1)
            cli_train_append(given_options, sizeof given_options, " --teachers %ld", teachers);
        if (teacher_iterations > 0)
            cli_train_append(given_options, sizeof given_options, " --teacher-iterations %ld", teacher_iterations);
        snprintf(t.command, sizeof t.command,
                 "maya train %s --generations %ld --games %ld --iterations %ld --explore %ld --plans %ld --ridge %ld "
                 "--decay %ld --lambda %ld%s --seed %llu%s",
                 game->name, generations, games, iterations, explore_pct, plans_pct, ridge_millionths, decay_pct,
                 lambda_permille, given_options, (unsigned long long)seed, start);
        printf("training %s: %ld generations of %ld games, %ld iterations per %s, %ld jobs\n", game->name,
               generations, games, iterations, turns > 0 ? "turn" : "decision", jobs);
        if (expert > 0)
            printf("targets: %ld%% of the positions valued by a search of %ld iterations, weighed %ld%% against the "
                   "outcome\n",
                   share_pct, expert, mix_pct);
    }
    fflush(stdout);
    if ((spsa > 0 ? tune_run(&tuning, m, cli_tune_report, &t, why, sizeof why)
                  : train_run(&config, m, cli_train_report, &t, why, sizeof why)) != 0) {
        fprintf(stderr, "\nmaya train: %s\n", why);
        model_free(m);
        return CLI_FAIL;
    }
    if (t.status == 0)
        printf("weights in %s\n", out);
    model_free(m);
    return t.status;
}
