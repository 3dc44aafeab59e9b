#!/bin/sh
# server_api.sh -- the API end to end against real `maya serve` processes
# on loopback: the checks of tests/api_check.c (refusals, tokens, stale and
# replayed submissions, every view, log and record against the engine's
# observation) and whole games of both games played by several clients and
# bots (tests/api_play.c), first with SQLite, then with a real PostgreSQL
# server started for the test, where two server processes share the
# database and clients of one game talk to both.
test_name=server_api
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
. "$root/tests/lib/pg.sh"
bin=$root/build/san/tests
cleanup='serve_kill a; serve_kill b; rm -rf "$tmp"'
trap "$cleanup" EXIT
pg_on_exit=$cleanup

# SQLite
serve_start a "$tmp/maya.db" --bot-threads 2 || exit 1
"$bin/api_check" "$a_url" "$tmp/maya.db" || fail "api_check with SQLite"
"$bin/api_play" "$a_url" tikal 4 11 human,human,greedy:beam=2,human || fail "a Tikal game with SQLite"
"$bin/api_play" "$a_url" tzolkin 3 12 human,random,human || fail "a Tzolk'in game with SQLite"
serve_stop a

# PostgreSQL: two servers on one database
pg_start || { fail "PostgreSQL does not start"; exit 1; }
serve_start a "$MAYA_PG_URL" --bot-threads 1 || exit 1
serve_start b "$MAYA_PG_URL" --bot-threads 1 || exit 1
"$bin/api_check" "$a_url" "$MAYA_PG_URL" || fail "api_check with PostgreSQL"
"$bin/api_play" "$a_url,$b_url" tikal 2 13 human,human || fail "a Tikal game across two servers on PostgreSQL"
"$bin/api_play" "$b_url,$a_url" tzolkin 2 14 human,greedy:beam=2 || fail "a Tzolk'in game across two servers on PostgreSQL"
exit $failed
