/*
 * term_think.h -- a bot's decision on a thread of its own, so that the full
 * screen stays alive while a bot thinks (the time shown, keys read, the
 * bots paused, the game left). The thread sees only its own copy of the
 * seat's observation and the seat's bot; the session is not touched until
 * the answer is played by term_think_finish, on the caller's thread. While
 * a thought runs, the caller must not free or replace that seat's bot (no
 * load).
 */
#ifndef MAYA_TERM_THINK_H
#define MAYA_TERM_THINK_H

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "term/term_session.h"

typedef struct term_think {
    pthread_t thread;        /* the thinking thread, while running */
    int running;             /* 1 from term_think_start to term_think_finish */
    atomic_int done;         /* set by the thread once action is chosen */
    bot *bot;                /* the bot thinking */
    void *observation;       /* its copy of what the seat sees (heap) */
    int seat;                /* the seat it thinks for */
    int action;              /* its answer, -1 for none */
    struct timespec started; /* when the thought began (CLOCK_MONOTONIC) */
} term_think;

/* Start the bot of the seat to act thinking; 0, or -1 if no bot is to
 * act or the thread cannot start (then play it with term_session_step). */
int term_think_start(term_think *t, term_session *s);
/* 1 once the answer is ready (term_think_finish will not wait). */
int term_think_ready(term_think *t);
/* Milliseconds since the thought began. */
long term_think_elapsed_ms(const term_think *t);
/* Wait for the answer and play it (play 0: only wait): 1 played, 0 not
 * played, -1 the bot failed (s->reply says why). */
int term_think_finish(term_think *t, term_session *s, int play);

/* Milliseconds of the monotonic clock (for pacing bots). */
long term_clock_ms(void);

#endif
