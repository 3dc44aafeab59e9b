/*
 * term_think.c -- a bot's decision on its own thread (see term_think.h).
 */
#include <stdlib.h>
#include <string.h>

#include "term/term_think.h"

long term_clock_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void *think_main(void *arg)
{
    term_think *t = arg;
    t->action = bot_choose(t->bot, t->observation, t->seat);
    atomic_store(&t->done, 1);
    return NULL;
}

int term_think_start(term_think *t, term_session *s)
{
    int seat = term_session_actor(s);
    if (t->running || seat < 0 || s->seat[seat].human || s->seat[seat].bot == NULL)
        return -1;
    t->observation = malloc(s->game->state_size);
    if (t->observation == NULL)
        return -1;
    s->game->observation(s->match.state, seat, t->observation);
    t->bot = s->seat[seat].bot;
    t->seat = seat;
    t->action = -1;
    atomic_store(&t->done, 0);
    clock_gettime(CLOCK_MONOTONIC, &t->started);
    if (pthread_create(&t->thread, NULL, think_main, t) != 0) {
        free(t->observation);
        t->observation = NULL;
        return -1;
    }
    t->running = 1;
    return 0;
}

int term_think_ready(term_think *t)
{
    return t->running && atomic_load(&t->done);
}

long term_think_elapsed_ms(const term_think *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(now.tv_sec - t->started.tv_sec) * 1000 + (now.tv_nsec - t->started.tv_nsec) / 1000000;
}

int term_think_finish(term_think *t, term_session *s, int play)
{
    if (!t->running)
        return 0;
    pthread_join(t->thread, NULL);
    t->running = 0;
    free(t->observation);
    t->observation = NULL;
    if (!play || term_session_actor(s) != t->seat)
        return 0;
    return term_session_play(s, t->action);
}
