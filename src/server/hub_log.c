/*
 * hub_log.c -- a game's log (GET .../log: its lines, each action's text as
 * the asking seat may see it, the score events it told, what happened by
 * itself and, for Tzolk'in placements, the position and corn) and its record
 * (GET .../record: complete for everyone once the game is over).
 */
#include "server/hub_internal.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "server/observe.h"

/* The score events an action told (game.h apply_scored), for the log:
 * derived while the log replays the record, so the same after a reload or
 * in a replay and never stored. Scores are public and every event is about
 * public things, so every seat and spectator sees them all. */
static json_t *score_events_json(const game_score_trace *trace)
{
    json_t *list = json_array();
    for (int i = 0; i < trace->count && i < trace->capacity; i++) {
        const game_score_event *e = &trace->events[i];
        json_array_append_new(list, json_pack("{s:i, s:i, s:s, s:s, s:s, s:s}", "seat", e->seat, "points", e->points,
                                              "kind", e->kind, "subject", e->subject, "what", e->what, "rule",
                                              e->rule));
    }
    return list;
}

/* game_step_emit of the log: one {"kind", "rule", "what", "place", "form"}
 * with its "seat", "number" and "count" where it has them, appended to
 * the JSON array context. */
static void step_json(void *context, const game_step *step)
{
    static const char *const place_names[] = {"before", "after", "period"};
    assert(step->place >= GAME_STEP_BEFORE && step->place <= GAME_STEP_PERIOD);
    json_t *entry = json_pack("{s:s, s:s, s:s, s:s, s:i}", "kind", step->kind, "rule", step->rule, "what", step->what,
                              "place", place_names[step->place], "form", step->form);
    if (entry != NULL && step->seat >= 0)
        json_object_set_new(entry, "seat", json_integer(step->seat));
    if (entry != NULL && step->number != 0)
        json_object_set_new(entry, "number", json_integer(step->number));
    if (entry != NULL && step->count != 0)
        json_object_set_new(entry, "count", json_integer(step->count));
    json_array_append_new(context, entry);
}

/* The log entry's "steps": what happened by itself when the action turned
 * before into after (game.h steps), derived as the scoring is; NULL if
 * nothing did. */
static json_t *steps_json(const game_def *def, const void *before, const void *after)
{
    json_t *list;

    if (def->steps == NULL)
        return NULL;
    list = json_array();
    def->steps(before, after, step_json, list);
    if (json_array_size(list) == 0) {
        json_decref(list);
        return NULL;
    }
    return list;
}

void hub_log(hub *h, int64_t id, const char *token, const char *from, hub_reply *r)
{
    hub_game *g;
    long first = 0;
    int seat;
    void *state, *before;
    json_t *actions;

    if (hub_reply_query_number(from, "from", 0, INT_MAX, &first, r) != 0)
        return;
    if ((g = hub_table_lock_game(h, id, r)) == NULL)
        return;
    seat = hub_game_seat_of(g, token, 0, r);
    state = malloc(g->def->state_size);
    before = malloc(g->def->state_size);
    if (seat == NO_SEAT || state == NULL || before == NULL) {
        if (seat != NO_SEAT)
            hub_reply_fail(r, 500, "internal", "out of memory");
        goto done;
    }
    g->def->init(state, &g->m.options, NULL, 0);
    actions = json_array();
    for (int i = 0; i < g->m.count; i++) {
        int actor = g->def->current_player(state);
        char text[GAME_TEXT_MAX];
        game_score_event events[GAME_SCORE_EVENTS_MAX];
        game_score_trace trace = {events, GAME_SCORE_EVENTS_MAX, 0};
        json_t *entry, *steps;
        if (i < first) {
            g->def->apply(state, g->m.actions[i], NULL, 0);
            continue;
        }
        hub_game_action_text(g, state, g->m.actions[i], seat, g->m.state, text, sizeof text);
        entry = json_pack("{s:i, s:o, s:s}", "index", i, "actor",
                          actor >= 0 ? json_integer(actor) : json_string("chance"), "text", text);
        observe_action(entry, g->def, state, g->m.actions[i]);
        memcpy(before, state, g->def->state_size);
        g->def->apply_scored(state, g->m.actions[i], &trace, NULL, 0);
        if (trace.count > 0)
            json_object_set_new(entry, "scoring", score_events_json(&trace));
        if ((steps = steps_json(g->def, before, state)) != NULL)
            json_object_set_new(entry, "steps", steps);
        json_array_append_new(actions, entry);
    }
    hub_reply_answer(r, 200, json_pack("{s:I, s:o}", "version", (json_int_t)g->row.version, "actions", actions));
done:
    free(before);
    free(state);
    hub_table_unlock(h, g);
}

void hub_record(hub *h, int64_t id, const char *token, hub_reply *r)
{
    hub_game *g = hub_table_lock_game(h, id, r);
    record_tag tags[GAME_MAX_PLAYERS + 1];
    char names[GAME_MAX_PLAYERS][16], date[11];
    int seat, n = 0;

    if (g == NULL)
        return;
    seat = hub_game_seat_of(g, token, 0, r);
    if (seat != NO_SEAT) {
        for (int s = 0; s < g->row.players; s++) {
            const store_seat *at = &g->seats[s];
            snprintf(names[s], sizeof names[s], "Seat%d", s + 1);
            tags[n++] = (record_tag){names[s], at->is_bot ? at->bot : at->name[0] ? at->name : "human", 0};
        }
        snprintf(date, sizeof date, "%.10s", g->row.created);
        tags[n++] = (record_tag){"Date", date, 0};
        r->text = g->row.status == STORE_FINISHED ? record_format(&g->m, tags, n)
                                                  : record_format_seen(&g->m, seat, tags, n);
        r->status = 200;
        if (r->text == NULL)
            hub_reply_fail(r, 500, "internal", "the record cannot be written");
    }
    hub_table_unlock(h, g);
}
