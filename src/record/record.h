/*
 * record.h -- game records: the text format of tikal.md T29.2-T29.3 and
 * tzolkin.md Z23.3, written from a match and read back by replaying it.
 *
 * A record is UTF-8 text: tag lines [Name "value"] (Game, Variant for games
 * that have variants, Players, Seat1..SeatN, Date YYYY-MM-DD, Result, and any
 * other tag, kept and ignored; a Variant tag of a game without variants is
 * such a tag), a blank line, then one line of the notation per line,
 * "ACTOR TEXT", ACTOR being the seat number 1..N or * for chance, its
 * tokens separated by one or more spaces. A line may stand for several
 * actions (game.h line_open, line_actions: a Tzolk'in market visit): it is
 * read as all of them and written once, by the action that finishes it.
 * ';' starts a comment to the end of a line; blank lines are ignored. Result is the
 * final scores in seat order separated by single spaces, or * while the
 * game is unfinished.
 *
 * Reading replays every line through the engine (text_to_action, apply), so
 * a record that loads is a legal game; the first malformed or illegal line
 * is reported as "SOURCE:LINE: reason". The format is the same for every
 * game: only the Variant tag depends on whether the game has variants.
 * Writing can also give the record as one seat (or a spectator) sees it,
 * its hidden parts written "?" (record_format_seen): a view, not a record
 * to replay.
 */
#ifndef MAYA_RECORD_H
#define MAYA_RECORD_H

#include <stddef.h>
#include <stdio.h>

#include "game.h"
#include "match.h"

/* Failure of record_read, record_read_file or record_write. */
enum { RECORD_EINVALID = 1 };

typedef struct record_tag {
    const char *name;  /* tag name, e.g. "Seat1" */
    const char *value; /* text between the quotes */
    int line;          /* source line of the tag, 0 if not read from text */
} record_tag;

/* How to find the engine a Game tag names (games_find is the default). */
typedef const game_def *record_find_game(const char *name);

typedef struct record {
    match match;       /* the game replayed from the record */
    char *text;        /* private copy of the source; tags point into it */
    record_tag *tags;  /* every tag in source order, known ones included */
    int tag_count;     /* entries of tags */
    int *action_line;  /* source line of each of match.actions (the steps of a line share it) */
} record;

/* Write the record of m to out: Game, Variant (if the game has variants),
 * Players, then tags[0..tag_count-1] in their order except Game, Variant,
 * Players and Result (those come from m), then Result (the scores if the
 * game is over, else *), a blank line and one line per action. Quotes and
 * control characters in tag values are replaced so the line stays readable.
 * Returns 0, or RECORD_EINVALID if writing fails (or the engine refuses to
 * replay m, a bug). The steps of a line not finished yet (a market visit
 * under way) are not written: a record holds whole lines. */
int record_write(FILE *out, const match *m, const record_tag *tags, int tag_count);
/* The same record as a heap string (free it), or NULL on failure. */
char *record_format(const match *m, const record_tag *tags, int tag_count);
/* The record of m as seat (0..players-1, or GAME_CHANCE for a spectator)
 * may see it now: as record_format, with every action line written by the
 * engine's action_seen at m's current state, so that what the seat may not
 * see is "?" (tzolkin.md Z23.8: "* deal 2 ?", "2 keep ? ?"). A view for
 * people and for the server's downloads; it need not replay (record_read
 * refuses a "?"). A heap string (free it), or NULL for a seat out of range
 * or a failure. */
char *record_format_seen(const match *m, int seat, const record_tag *tags, int tag_count);

/* Read and replay the record text[0..len-1] (any bytes) named source in
 * messages; find looks up the Game tag (NULL = games_find). Returns 0 with
 * rec filled (release it with record_free), or RECORD_EINVALID with
 * "SOURCE:LINE: reason" in why and nothing to free. */
int record_read(record *rec, const char *text, size_t len, const char *source, record_find_game *find,
                char *why, size_t why_len);
/* record_read on the contents of the file at path (named path). */
int record_read_file(record *rec, const char *path, record_find_game *find, char *why, size_t why_len);
/* Release what record_read allocated; rec may be zeroed or already freed. */
void record_free(record *rec);

/* The value of tag name in rec, or NULL if the record has none. */
const char *record_tag_value(const record *rec, const char *name);

#endif
