/*
 * plan.c -- the table of scripted strategic policies (see plan.h).
 */
#include <stddef.h>

#include "bots/plan.h"
#include "tzolkin/tzolkin.h"

/* The registry of policies: a game with one adds one line. */
static const plan_policy plan_entries[] = {
    {&tzolkin_game, plan_tzolkin_filter},
};

const plan_policy *plan_of(const game_def *game)
{
    for (size_t i = 0; i < sizeof plan_entries / sizeof plan_entries[0]; i++)
        if (plan_entries[i].game == game)
            return &plan_entries[i];
    return NULL;
}
