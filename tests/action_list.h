/*
 * action_list.h -- a question the bot tests ask of a list of action ids (a
 * legal list, the actions a policy kept, a search's root choices): whether
 * an action is among them. Static helpers: include it in a test file.
 */
#ifndef MAYA_ACTION_LIST_H
#define MAYA_ACTION_LIST_H

/* 1 if action is one of list[0..n-1], else 0. */
static inline int action_list_has(const int *list, int n, int action)
{
    for (int i = 0; i < n; i++)
        if (list[i] == action)
            return 1;
    return 0;
}

#endif
