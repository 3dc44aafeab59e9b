/*
 * tzolkin_steps.h -- what happens by itself in Tzolk'in (game.h steps):
 * the wealth tiles' contents, the corn pool, food days, the age change,
 * the start-player token, the calendar turning to a new day and the final
 * scoring, told for the logs of the terminal and the server.
 */
#ifndef MAYA_TZOLKIN_STEPS_H
#define MAYA_TZOLKIN_STEPS_H

#include "game.h"

/* game_def.steps of Tzolk'in: before and after are tzolk_state. */
void tzolk_steps(const void *before, const void *after, game_step_emit emit, void *context);

#endif
