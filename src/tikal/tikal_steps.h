/*
 * tikal_steps.h -- what happens by itself in Tikal (game.h steps): the
 * auction game's rounds, the volcano's scoring rounds and the final
 * scoring round, told for the logs of the terminal and the server.
 */
#ifndef MAYA_TIKAL_STEPS_H
#define MAYA_TIKAL_STEPS_H

#include "game.h"

/* game_def.steps of Tikal: before and after are tikal_state. */
void tikal_steps(const void *before, const void *after, game_step_emit emit, void *context);

#endif
