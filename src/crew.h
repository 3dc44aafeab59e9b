/*
 * crew.h -- a few threads kept for a task that is run again and again in
 * parts (the MCTS bot's trees, one per thread: mcts.h). crew_run wakes the
 * threads, each runs its part, the calling thread runs part 0, and it
 * returns when every part is done; between runs the threads sleep on a
 * condition variable (no spinning: the machine may be shared). Keeping
 * them saves each run a thread's creation and join (docs/bench.md, seventh
 * round).
 */
#ifndef MAYA_CREW_H
#define MAYA_CREW_H

enum { CREW_PARTS_MAX = 64 }; /* most parts of a run: the caller's and CREW_PARTS_MAX - 1 threads */

typedef struct crew crew;

/* Part part (0 .. parts - 1) of a run, given the crew's arg. */
typedef void crew_task(void *arg, int part);

/* A crew running task in parts (1..CREW_PARTS_MAX) parts, parts - 1 of
 * them on threads of its own, started here; NULL if parts is out of range
 * or memory fails. A thread that cannot be started leaves fewer parts
 * (crew_parts). */
crew *crew_new(int parts, crew_task *task, void *arg);
/* The parts of each run: parts asked of crew_new, or fewer if the system
 * refused some threads. */
int crew_parts(const crew *c);
/* Run task(arg, p) for every part p at once, part 0 on the calling
 * thread, and return when all are done. One run at a time. */
void crew_run(crew *c);
/* End and join the threads (none may be running a part). */
void crew_free(crew *c);

#endif
