/*
 * eval_tzolkin.c -- the Tzolk'in evaluation hook (see eval.h): reads the
 * public state of src/tzolkin/tzolkin.h and estimates each seat's final
 * score in victory points.
 *
 * Estimate = VP so far + resources and skulls at their worth in play (more
 * than the final conversion, since they buy buildings and monuments) +
 * temple positions times the end-of-age scorings still to come, with a share
 * of the leader's premium + technology levels by the rounds left + workers
 * in play by the rounds left + workers standing on the gears by how far they
 * have turned (what picking them up will bring) + monuments at their value
 * now - food security: corn missing for the next food day costs about
 * what the unfed workers will cost, more as the day comes near.
 */
#include "bots/eval.h"
#include "tzolkin/tzolkin.h"

/* Teeth of the four food days (Z1.5). */
static const int eval_tzolkin_food_tooth[4] = {7, 13, 20, 26};

/* Worth of a worker at labelled position pos of gear g, in VP. */
static double eval_tzolkin_worker(int g, int pos)
{
    int cap = g == TZOLK_CHI ? 10 : 7;
    if (pos > cap)
        pos = cap;
    return 0.3 + (g == TZOLK_CHI ? 0.5 : 0.45) * pos;
}

void eval_tzolkin_estimate(const void *state, double *out)
{
    const tzolk_state *s = state;
    int players = s->players;
    int teeth = s->teeth;
    double rounds_left = teeth < 26 ? 26 - teeth : 0;
    /* End-of-age food days still to come: the 2nd and the 4th. */
    int ends_left = s->next_food >= 4 ? 0 : s->next_food >= 2 ? 1 : 2;
    int rounds_to_food = s->next_food < 4 ? eval_tzolkin_food_tooth[s->next_food] - teeth : 99;

    for (int p = 0; p < players; p++) {
        const tzolk_player *pl = &s->player[p];
        double v = pl->vp;
        v += 0.3 * pl->corn + 0.75 * pl->res[0] + 1.0 * pl->res[1] + 1.3 * pl->res[2] + 2.8 * pl->skulls;
        /* Temples: VP of the current step at each end of age still to come, premium shares. */
        for (int t = 0; t < TZOLK_TEMPLES; t++) {
            const tzolk_temple_def *td = tzolk_temple(t);
            int step = pl->temple[t], top = 1, ties = 0;
            for (int o = 0; o < players; o++) {
                if (s->player[o].temple[t] > step)
                    top = 0;
                ties += s->player[o].temple[t] == step;
            }
            v += ends_left * 0.9 * td->vp[step];
            if (ends_left > 0 && top)
                v += 0.6 * td->premium[ends_left == 2 ? 0 : 1] / ties;
        }
        /* Technologies pay off every time they are used. */
        for (int x = 0; x < TZOLK_TRACKS; x++)
            v += pl->tech[x] * (0.6 + 0.12 * rounds_left);
        /* Workers: more actions for the rest of the game. */
        v += pl->workers * 0.25 * rounds_left;
        /* Monuments built, at their value in the present state. */
        for (int m = 0; m < TZOLK_MONUMENTS; m++)
            if (pl->monuments >> m & 1u)
                v += tzolk_monument_points(s, p, m);
        /* Food security for the next food day. */
        if (s->next_food < 4) {
            int short_corn = tzolk_feeding_cost(s, p) - pl->corn;
            if (short_corn > 0)
                v -= short_corn * (rounds_to_food <= 2 ? 1.5 : rounds_to_food <= 5 ? 0.8 : 0.3);
        }
        out[p] = v;
    }
    /* Workers on the gears. */
    for (int g = 0; g < TZOLK_GEARS; g++)
        for (int pos = 0; pos < TZOLK_HOLES_MAX; pos++) {
            int who = s->gear[g][pos];
            if (who >= 0 && who < players)
                out[who] += eval_tzolkin_worker(g, pos);
        }
}
