/*
 * tikal_steps.c -- what happens by itself in Tikal when an action is
 * applied (game.h steps; tikal.md T29.3 lists the automatic steps): read
 * from the state before and after the action. Every step told here is
 * public.
 */
#include <stdio.h>

#include "tikal/tikal.h"
#include "tikal/tikal_steps.h"

enum { STEP_TEXT_MAX = 96 /* longest sentence of a step */ };

void tikal_steps(const void *before_state, const void *after_state, game_step_emit emit, void *context)
{
    const tikal_state *before = before_state, *after = after_state;
    char what[STEP_TEXT_MAX];

    if (after->auction && before->display_count == 0 && after->display_count > 0) { /* a round's first reveal */
        snprintf(what, sizeof what, "Round %d: %d tiles are revealed for auction",
                 after->tiles_placed / after->players + 1, (int)after->players);
        emit(context, &(game_step){"round", "T21.2", what, GAME_STEP_PERIOD, -1,
                                   after->tiles_placed / after->players + 1, after->players, 0});
    }
    if (after->volcano_player >= 0 && before->volcano_player < 0) {
        snprintf(what, sizeof what, "Scoring round: seat %d drew a volcano; every seat plays a scoring turn",
                 after->volcano_player + 1);
        emit(context, &(game_step){"scoring round", after->auction ? "T24.1" : "T17.2", what, GAME_STEP_PERIOD,
                                   after->volcano_player, 0, 0, 0});
    }
    if (after->volcano_player < 0 && before->volcano_player >= 0) {
        snprintf(what, sizeof what, "The scoring round is over: seat %d places the volcano",
                 before->volcano_player + 1);
        emit(context, &(game_step){"scoring round", after->auction ? "T24.1" : "T17.2", what, GAME_STEP_AFTER,
                                   before->volcano_player, 0, 0, 1});
    }
    if (after->turn_kind == TIKAL_TURN_FINAL && before->turn_kind != TIKAL_TURN_FINAL)
        emit(context, &(game_step){"final scoring", after->auction ? "T25.1" : "T19.1",
                                   "Final scoring round: every seat plays a last turn and scores", GAME_STEP_PERIOD, -1,
                                   0, 0, 0});
}
