#!/bin/sh
# server_crash.sh -- durability of `maya serve`: concurrent games are
# played while the server is killed with SIGKILL; after a restart on the
# same store every acknowledged action is there and every game goes on
# (tests/api_crash.c). With SQLite, and with PostgreSQL.
test_name=server_crash
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
. "$root/tests/lib/pg.sh"
bin=$root/build/san/tests
cleanup='serve_kill s; rm -rf "$tmp"'
trap "$cleanup" EXIT
pg_on_exit=$cleanup

crash() { # STORE LABEL
    serve_start s "$1" --bot-threads 1 --games-per-minute 0 --open-games 0 || { fail "$2: no server"; return; }
    "$bin/api_crash" play "$s_url" "$tmp/acks-$2" 24 120 &
    player=$!
    # killed once 200 actions were acknowledged (an event, not a clock: a
    # busy machine only takes longer), or if the players stopped first
    for _ in $(seq 1 6000); do
        acks=$(grep -c '^ack' "$tmp/acks-$2" 2>/dev/null)
        [ "${acks:-0}" -ge 200 ] && break
        kill -0 "$player" 2>/dev/null || break
        sleep 0.1
    done
    serve_kill s
    wait "$player" || fail "$2: the players did not see the server go"
    grep -c '^ack' "$tmp/acks-$2" | grep -qv '^0$' || fail "$2: nothing was acknowledged before the kill"
    serve_start s "$1" --bot-threads 1 --games-per-minute 0 --open-games 0 || { fail "$2: no restart"; return; }
    "$bin/api_crash" check "$s_url" "$tmp/acks-$2" || {
        fail "$2: acknowledged actions lost or games stuck; the server's log ends with:"
        grep -v '^    #[1-9][0-9]' "$tmp/s.log" | tail -n 40 >&2
    }
    serve_stop s
}

crash "$tmp/crash.db" sqlite
pg_start || { fail "PostgreSQL does not start"; exit 1; }
crash "$MAYA_PG_URL" postgresql
exit $failed
