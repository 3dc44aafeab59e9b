/*
 * compare.c -- maya compare: two tournaments' results.csv read back, their
 * games paired by seed and seat rotation, the mean difference of the seats'
 * scores with its 95% interval (see compare.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/compare.h"
#include "cli/tourney.h"

/* -1 after writing "line N: ..." into why. */
static int compare_refuse(char *why, size_t why_len, long line, const char *format, ...)
{
    int used = snprintf(why, why_len, "line %ld: ", line);
    va_list ap;
    va_start(ap, format);
    if (used >= 0 && (size_t)used < why_len)
        vsnprintf(why + used, why_len - (size_t)used, format, ap);
    va_end(ap);
    return -1;
}

/* The fields of a seat's line that compare uses. */
typedef struct compare_seat {
    long game;      /* game number (1-based) */
    uint64_t seed;  /* its group's seed */
    long rotation;  /* its seat rotation */
    long score;     /* the seat's final score */
    char *bot;      /* the bot column, unquoted, in the line's buffer */
} compare_seat;

/* A number at *p followed by the character end, both stepped over: 1, or
 * 0 if there is none (a whole one for compare_long). */
static int compare_long(char **p, char end, long *out)
{
    char *after;
    errno = 0;
    *out = strtol(*p, &after, 10);
    if (after == *p || errno != 0 || *after != end)
        return 0;
    *p = after + 1;
    return 1;
}

static int compare_double(char **p, char end, double *out)
{
    char *after;
    errno = 0;
    *out = strtod(*p, &after);
    if (after == *p || errno != 0 || *after != end || !isfinite(*out))
        return 0;
    *p = after + 1;
    return 1;
}

/* Splits line (its newline removed) into seat: 1, or 0 if it is not of
 * the form game,seed,rotation,seat,"bot",score,win,moves,seconds,turns,turn_max
 * with whole numbers where tourney_write_csv writes them. */
static int compare_parse(char *line, compare_seat *seat)
{
    char *p = line, *after;
    long number, seat_number;
    double real;
    if (!compare_long(&p, ',', &seat->game) || seat->game < 1 || *p < '0' || *p > '9')
        return 0;
    errno = 0;
    seat->seed = strtoull(p, &after, 10);
    if (after == p || errno != 0 || *after != ',')
        return 0;
    p = after + 1;
    if (!compare_long(&p, ',', &seat->rotation) || seat->rotation < 0 || seat->rotation > INT_MAX ||
        !compare_long(&p, ',', &seat_number) || seat_number < 1 || *p != '"')
        return 0;
    char *close = strchr(p + 1, '"');
    if (close == NULL || close[1] != ',')
        return 0;
    *close = '\0';
    seat->bot = p + 1;
    p = close + 2;
    return compare_long(&p, ',', &seat->score) && compare_double(&p, ',', &real) && compare_long(&p, ',', &number) &&
           compare_double(&p, ',', &real) && compare_long(&p, ',', &number) && compare_double(&p, '\0', &real);
}

static int compare_by_deal(const void *a, const void *b)
{
    const compare_game *x = a, *y = b;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    return (x->rotation > y->rotation) - (x->rotation < y->rotation);
}

/* The game being read: its first line's numbers and its seats' sum. */
typedef struct compare_open {
    long game;     /* game number, 0 = none open */
    long line;     /* line of its first seat */
    uint64_t seed; /* its seed and rotation, which every seat repeats */
    long rotation;
    int players;   /* seats read */
    double sum;    /* scores of the seats counted */
    int seats;     /* seats counted */
} compare_open;

/* Adds the open game to games (if it counted a seat). 0, or -1 with why. */
static int compare_close(const compare_open *open, int run, compare_game **games, int *count, int *room, char *why,
                         size_t why_len)
{
    if (open->game == 0 || open->seats == 0)
        return 0;
    if (*count == COMPARE_GAMES_MAX)
        return compare_refuse(why, why_len, open->line, "more than %d games", COMPARE_GAMES_MAX);
    if (*count == *room) {
        int grown_room = *room ? 2 * *room : 256;
        compare_game *grown = realloc(*games, (size_t)grown_room * sizeof *grown);
        if (grown == NULL)
            return compare_refuse(why, why_len, open->line, "out of memory");
        *games = grown;
        *room = grown_room;
    }
    (*games)[(*count)++] = (compare_game){open->seed, (int)open->rotation, open->players, open->seats,
                                          open->sum / open->seats, open->line, run};
    return 0;
}

/* compare_read's reading, the games into *games (count of them). */
static int compare_lines(FILE *in, const char *bot, int run, compare_game **games, int *count, char *why,
                         size_t why_len)
{
    char line[COMPARE_LINE_MAX];
    compare_open open = {0};
    int room = 0;
    long number = 0, last_game = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        number++;
        size_t len = strlen(line);
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = '\0';
        else if (!feof(in))
            return compare_refuse(why, why_len, number, "longer than %d characters", COMPARE_LINE_MAX - 2);
        if (number == 1) {
            if (strcmp(line, tourney_csv_header) != 0)
                return compare_refuse(why, why_len, 1, "not the header of a tournament's results.csv (%s)",
                                      tourney_csv_header);
            continue;
        }
        compare_seat seat;
        if (!compare_parse(line, &seat))
            return compare_refuse(why, why_len, number, "not a seat's line (game,seed,rotation,seat,\"bot\",score,"
                                                        "win,moves,seconds,turns,turn_max)");
        if (seat.game != open.game) {
            if (seat.game <= last_game)
                return compare_refuse(why, why_len, number, "game %ld again after game %ld", seat.game, last_game);
            if (compare_close(&open, run, games, count, &room, why, why_len) != 0)
                return -1;
            open = (compare_open){seat.game, number, seat.seed, seat.rotation, 0, 0.0, 0};
            last_game = seat.game;
        } else if (seat.seed != open.seed || seat.rotation != open.rotation)
            return compare_refuse(why, why_len, number, "game %ld's seed or rotation differs from its line %ld",
                                  seat.game, open.line);
        open.players++;
        if (bot == NULL || strcmp(seat.bot, bot) == 0) {
            open.sum += (double)seat.score;
            open.seats++;
        }
    }
    if (ferror(in))
        return compare_refuse(why, why_len, number + 1, "cannot be read: %s", strerror(errno));
    if (number == 0)
        return compare_refuse(why, why_len, 1, "empty: no header of a tournament's results.csv");
    return compare_close(&open, run, games, count, &room, why, why_len);
}

int compare_read(FILE *in, const char *bot, int run, compare_game **out, char *why, size_t why_len)
{
    compare_game *games = NULL;
    int count = 0;
    *out = NULL;
    if (compare_lines(in, bot, run, &games, &count, why, why_len) != 0) {
        free(games);
        return -1;
    }
    if (count > 1)
        qsort(games, (size_t)count, sizeof *games, compare_by_deal);
    for (int i = 1; i < count; i++)
        if (compare_by_deal(&games[i - 1], &games[i]) == 0) {
            const compare_game *first = &games[i - 1], *again = &games[i];
            if (first->line > again->line) {
                first = &games[i];
                again = &games[i - 1];
            }
            compare_refuse(why, why_len, again->line, "seed %" PRIu64 ", rotation %d again (its game at line %ld)",
                           again->seed, again->rotation, first->line);
            free(games);
            return -1;
        }
    *out = games;
    return count;
}

int compare_merge(compare_game **side, int *count, const compare_game *more, int more_count, int *repeated,
                  const char *const *runs, char *why, size_t why_len)
{
    size_t room = (size_t)*count + (size_t)more_count;
    compare_game *merged = malloc((room > 0 ? room : 1) * sizeof *merged);
    if (merged == NULL) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    int i = 0, j = 0, n = 0, again = 0;
    const compare_game *old = *side;
    while (i < *count || j < more_count) {
        int order = i == *count ? 1 : j == more_count ? -1 : compare_by_deal(&old[i], &more[j]);
        if (order < 0)
            merged[n++] = old[i++];
        else if (order > 0)
            merged[n++] = more[j++];
        else if (old[i].players != more[j].players || old[i].seats != more[j].seats ||
                 old[i].score != more[j].score) {
            snprintf(why, why_len, "seed %" PRIu64 ", rotation %d: another game in %s (line %ld) than in %s (line "
                     "%ld): runs of time budgets or of other bots do not pool", more[j].seed, more[j].rotation,
                     runs[more[j].run], more[j].line, runs[old[i].run], old[i].line);
            free(merged);
            return -1;
        } else {
            merged[n++] = old[i++];
            j++;
            again++;
        }
    }
    if (n > COMPARE_GAMES_MAX) {
        snprintf(why, why_len, "more than %d games", COMPARE_GAMES_MAX);
        free(merged);
        return -1;
    }
    free(*side);
    *side = merged;
    *count = n;
    *repeated += again;
    return 0;
}

int compare_pair(const compare_game *base, int base_count, const compare_game *next, int next_count,
                 compare_result *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    double sum = 0.0, sum2 = 0.0;
    int i = 0, j = 0;
    while (i < base_count && j < next_count) {
        int order = compare_by_deal(&base[i], &next[j]);
        if (order < 0) {
            i++;
            continue;
        }
        if (order > 0) {
            j++;
            continue;
        }
        if (base[i].players != next[j].players) {
            snprintf(why, why_len, "seed %" PRIu64 ", rotation %d: %d seats in the base run (line %ld), %d in the "
                     "new one (line %ld): not the same tournament", base[i].seed, base[i].rotation,
                     base[i].players, base[i].line, next[j].players, next[j].line);
            return -1;
        }
        double d = next[j].score - base[i].score;
        out->games++;
        out->base_mean += base[i].score;
        out->next_mean += next[j].score;
        sum += d;
        sum2 += d * d;
        out->higher += d > 0.0;
        out->lower += d < 0.0;
        i++;
        j++;
    }
    if (out->games == 0) {
        snprintf(why, why_len, "no game of one seed and seat rotation in both runs (%d and %d games)", base_count,
                 next_count);
        return -1;
    }
    int n = out->games;
    out->base_only = base_count - n;
    out->next_only = next_count - n;
    out->base_mean /= n;
    out->next_mean /= n;
    out->diff = sum / n;
    double var = n > 1 ? (sum2 - sum * sum / n) / (n - 1) : 0.0;
    out->sd = var > 0.0 ? sqrt(var) : 0.0;
    out->low = out->diff - 1.96 * out->sd / sqrt(n);
    out->high = out->diff + 1.96 * out->sd / sqrt(n);
    return 0;
}

/* One side of the comparison: its runs and their games pooled. */
typedef struct compare_side {
    char files[COMPARE_RUNS_MAX][4096]; /* each run's results.csv */
    const char *runs[COMPARE_RUNS_MAX]; /* files[i], as compare_merge names them */
    int run_count;                      /* runs read */
    compare_game *games;                /* their games, sorted by seed and rotation, each once */
    int count;                          /* entries of games */
    int repeated;                       /* games played again by a later run, counted once */
} compare_side;

/* The games of the runs of list ("PATH[,PATH...]", each a tournament's
 * directory, for its results.csv, or the file itself) into side.
 * CLI_FAIL or CLI_USAGE after saying why. */
static int compare_load(const char *list, const char *bot, compare_side *side)
{
    char why[512];
    for (const char *path = list;;) {
        size_t len = strcspn(path, ",");
        if (len == 0 || len + sizeof "/results.csv" > sizeof side->files[0]) {
            fprintf(stderr, "maya compare: %s: %s\n", list, len == 0 ? "an empty path" : "a path too long");
            return CLI_USAGE;
        }
        if (side->run_count == COMPARE_RUNS_MAX) {
            fprintf(stderr, "maya compare: %s: more than %d runs\n", list, COMPARE_RUNS_MAX);
            return CLI_USAGE;
        }
        int run = side->run_count++;
        char *file = side->files[run];
        struct stat st;
        snprintf(file, sizeof side->files[run], "%.*s", (int)len, path);
        if (stat(file, &st) == 0 && S_ISDIR(st.st_mode))
            strcat(file, "/results.csv");
        side->runs[run] = file;
        FILE *in = fopen(file, "r");
        if (in == NULL) {
            fprintf(stderr, "maya compare: cannot read %s: %s\n", file, strerror(errno));
            return CLI_FAIL;
        }
        compare_game *games;
        int count = compare_read(in, bot, run, &games, why, sizeof why);
        fclose(in);
        if (count <= 0) {
            if (count == 0)
                snprintf(why, sizeof why, "no game%s%s", bot != NULL ? " with a seat of the bot " : "",
                         bot != NULL ? bot : "");
            fprintf(stderr, "maya compare: %s: %s\n", file, why);
            return CLI_FAIL;
        }
        int status = compare_merge(&side->games, &side->count, games, count, &side->repeated, side->runs, why,
                                   sizeof why);
        free(games);
        if (status != 0) {
            fprintf(stderr, "maya compare: %s\n", why);
            return CLI_FAIL;
        }
        if (path[len] == '\0')
            return 0;
        path += len + 1;
    }
}

/* "label  mean a seat  file, file, ..." */
static void compare_print_side(const char *label, double mean, const compare_side *side)
{
    printf("%-10s  %8.2f a seat  ", label, mean);
    for (int i = 0; i < side->run_count; i++)
        printf("%s%s", i > 0 ? ", " : "", side->runs[i]);
    putchar('\n');
}

int cli_compare(int argc, char **argv)
{
    const char *bot = NULL;
    const cli_option options[] = {{"--bot", 1, &bot}};
    const char *positional[2];
    int positional_count;
    int status = cli_parse("compare", argc, argv, options, 1, positional, 2, &positional_count);
    if (status != 0)
        return status;
    if (positional_count != 2) {
        fputs("maya compare: BASE and NEW are required\n", stderr);
        cli_usage(stderr, "compare");
        return CLI_USAGE;
    }
    compare_side *sides = calloc(2, sizeof *sides);
    if (sides == NULL) {
        fputs("maya compare: out of memory\n", stderr);
        return CLI_FAIL;
    }
    compare_result r;
    char why[512];
    for (int k = 0; k < 2 && status == 0; k++)
        status = compare_load(positional[k], bot, &sides[k]);
    if (status == 0 &&
        compare_pair(sides[0].games, sides[0].count, sides[1].games, sides[1].count, &r, why, sizeof why) != 0) {
        fprintf(stderr, "maya compare: %s\n", why);
        status = CLI_FAIL;
    }
    if (status == 0) {
        printf("%d games paired by seed and seat rotation (unpaired: %d of base, %d of new", r.games, r.base_only,
               r.next_only);
        if (sides[0].repeated + sides[1].repeated > 0)
            printf("; played again by another run, counted once: %d of base, %d of new", sides[0].repeated,
                   sides[1].repeated);
        printf(")%s%s\n", bot != NULL ? "; the seats of " : "", bot != NULL ? bot : "");
        compare_print_side("base", r.base_mean, &sides[0]);
        compare_print_side("new", r.next_mean, &sides[1]);
        printf("new - base  %+8.2f [%+.2f, %+.2f] 95%%, sd %.2f; new higher in %d games, lower in %d, equal in %d\n",
               r.diff, r.low, r.high, r.sd, r.higher, r.lower, r.games - r.higher - r.lower);
    }
    for (int k = 0; k < 2; k++)
        free(sides[k].games);
    free(sides);
    return status;
}
