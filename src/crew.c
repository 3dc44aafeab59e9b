/*
 * crew.c -- threads kept for a task run again and again in parts (see
 * crew.h): a run is a round number raised under the lock and broadcast;
 * each thread runs its part once per round it sees and counts itself out.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#include "crew.h"

/* One thread of the crew. */
typedef struct crew_member {
    struct crew *crew; /* its crew */
    int part;          /* the part it runs, 1 .. parts - 1 */
    pthread_t thread;  /* the thread */
} crew_member;

struct crew {
    crew_task *task;         /* what a part runs */
    void *arg;               /* given to task */
    int parts;               /* parts of a run: the caller's and one per member */
    crew_member *members;    /* parts - 1 threads */
    pthread_mutex_t lock;    /* guards round, running and ending */
    pthread_cond_t wake;     /* a run starts, or the crew ends */
    pthread_cond_t done;     /* the last member finished its part */
    unsigned long round;     /* runs started */
    int running;             /* members still running their part of this round */
    int ending;              /* 1: the members return (crew_free) */
};

static void *crew_member_main(void *arg)
{
    crew_member *me = arg;
    crew *c = me->crew;
    unsigned long seen = 0; /* the round last run: runs start after the member does */
    pthread_mutex_lock(&c->lock);
    for (;;) {
        while (c->round == seen && !c->ending)
            pthread_cond_wait(&c->wake, &c->lock);
        if (c->ending)
            break;
        assert(c->round == seen + 1); /* crew_run waits for every part before the next run */
        seen = c->round;
        pthread_mutex_unlock(&c->lock);
        c->task(c->arg, me->part);
        pthread_mutex_lock(&c->lock);
        if (--c->running == 0)
            pthread_cond_signal(&c->done);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

crew *crew_new(int parts, crew_task *task, void *arg)
{
    if (parts < 1 || parts > CREW_PARTS_MAX)
        return NULL;
    crew *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->task = task;
    c->arg = arg;
    c->members = parts > 1 ? calloc((size_t)parts - 1, sizeof *c->members) : NULL;
    if (parts > 1 && c->members == NULL) {
        free(c);
        return NULL;
    }
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->wake, NULL);
    pthread_cond_init(&c->done, NULL);
    c->parts = 1;
    for (; c->parts < parts; c->parts++) {
        crew_member *m = &c->members[c->parts - 1];
        m->crew = c;
        m->part = c->parts;
        if (pthread_create(&m->thread, NULL, crew_member_main, m) != 0)
            break; /* fewer parts */
    }
    return c;
}

int crew_parts(const crew *c)
{
    return c->parts;
}

void crew_run(crew *c)
{
    pthread_mutex_lock(&c->lock);
    assert(c->running == 0);
    c->round++;
    c->running = c->parts - 1;
    pthread_cond_broadcast(&c->wake);
    pthread_mutex_unlock(&c->lock);
    c->task(c->arg, 0);
    pthread_mutex_lock(&c->lock);
    while (c->running > 0)
        pthread_cond_wait(&c->done, &c->lock);
    pthread_mutex_unlock(&c->lock);
}

void crew_free(crew *c)
{
    if (c == NULL)
        return;
    pthread_mutex_lock(&c->lock);
    assert(c->running == 0);
    c->ending = 1;
    pthread_cond_broadcast(&c->wake);
    pthread_mutex_unlock(&c->lock);
    for (int i = 0; i < c->parts - 1; i++)
        pthread_join(c->members[i].thread, NULL);
    pthread_cond_destroy(&c->done);
    pthread_cond_destroy(&c->wake);
    pthread_mutex_destroy(&c->lock);
    free(c->members);
    free(c);
}
