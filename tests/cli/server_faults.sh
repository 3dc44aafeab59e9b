#!/bin/sh
# server_faults.sh -- the server fails closed when its store fails: an
# action, an undo, a join or a leave that cannot be stored is answered 503
# and changes nothing anyone can see (view, log, legal actions, summary);
# once the store works again, play goes on from the stored state. First with
# SQLite, whose file another process holds locked for writing (readers go
# on, writes time out), then with PostgreSQL, stopped in the middle of a
# game and started again. Last, a read of the store that does not answer
# (PostgreSQL's processes stopped with SIGSTOP) holds no thread of the
# HTTP pool, and reads beyond --max-reads are refused with 503 busy; a
# game in memory that is to be read again is not served until it is.
test_name=server_faults
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
. "$root/tests/lib/pg.sh"
cleanup='sqlite_unlock; pg_thaw; serve_kill a; rm -rf "$tmp"'
trap "$cleanup" EXIT
pg_on_exit=$cleanup

# api METHOD PATH TOKEN [BODY]: the answer's body in $tmp/body, its status
# printed (TOKEN "" for none)
api() {
    set -- "$1" "$2" "$3" "${4:-}"
    if [ -n "$4" ]; then
        curl -s -o "$tmp/body" -w '%{http_code}' -X "$1" -H "Authorization: Bearer $3" \
            -H 'Content-Type: application/json' -d "$4" "$a_url$2"
    else
        curl -s -o "$tmp/body" -w '%{http_code}' -X "$1" -H "Authorization: Bearer $3" "$a_url$2"
    fi
}

# expect WHAT GOT STATUS [CODE]: GOT, the last answer's status, is STATUS
# (and its error code CODE)
expect() {
    code=$(jq -r '.code // ""' "$tmp/body" 2>/dev/null)
    if [ "$2" != "$3" ] || { [ $# -ge 4 ] && [ "$code" != "$4" ]; }; then
        fail "$1: got $2 ${code:+($code) }$(head -c 300 "$tmp/body"), wanted $3 ${4:-}"
    fi
}

# snapshot NAME GAME TOKEN: everything a player (TOKEN) or a spectator
# sees of GAME, one answer per file $tmp/NAME.K, its status on the first line
snapshot() {
    k=0
    for path in "view" "log" "legal" ""; do
        k=$((k + 1))
        api GET "/api/games/$2/$path" "$3" >"$tmp/$1.$k"
        echo >>"$tmp/$1.$k"
        jq -S 'del(.summary.created)' "$tmp/body" >>"$tmp/$1.$k"
    done
}

# same WHAT A B [OUTAGE]: snapshots A and B hold the same answers; with
# OUTAGE, an answer of B may also be 503 (the game unavailable while its
# store cannot be read)
same() {
    for k in 1 2 3 4; do
        cmp -s "$tmp/$2.$k" "$tmp/$3.$k" && continue
        [ $# -ge 4 ] && [ "$(head -n 1 "$tmp/$3.$k")" = 503 ] && continue
        fail "$1: $(diff "$tmp/$2.$k" "$tmp/$3.$k" | head -c 600)"
    done
}

# a two-player Tikal game of people: sets game, t0 and, with "full", t1
new_game() {
    api POST /api/games "" '{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "human"}], "join": 0}' >/dev/null
    game=$(jq -r .id "$tmp/body")
    t0=$(jq -r .token "$tmp/body")
    t1=""
    if [ "${1:-}" = full ]; then
        api POST "/api/games/$game/join" "" '{}' >/dev/null
        t1=$(jq -r .token "$tmp/body")
    fi
}

# the token of the seat to move in $game
mover_token() {
    case $(curl -s "$a_url/api/games/$game" | jq -r .to_move) in
    0) echo "$t0" ;;
    1) echo "$t1" ;;
    *) echo "" ;;
    esac
}

# play the first legal action of the seat to move in $game
play_first() {
    mover=$(mover_token)
    at=$(curl -s "$a_url/api/games/$game" | jq -r .version)
    action=$(curl -s -H "Authorization: Bearer $mover" "$a_url/api/games/$game/legal" | jq -r '.actions[0].text')
    api POST "/api/games/$game/actions" "$mover" "{\"version\": $at, \"action\": \"$action\"}"
}

# The checks, against the server a whose store is failing from `break` to
# `mend` (shell functions the caller defines).
run_faults() {
    store=$1
    new_game full
    running=$game
    r0=$t0 r1=$t1
    # one action in, so that the seat to move can undo it
    until [ "$(curl -s -H "Authorization: Bearer $(mover_token)" "$a_url/api/games/$game/view" | jq .can_undo)" = true ]; do
        expect "$store: an action before the failure" "$(play_first)" 200
    done
    new_game
    open=$game
    game=$running t0=$r0 t1=$r1
    snapshot running-before "$running" "$r0"
    snapshot open-before "$open" ""

    token=$(mover_token)
    version=$(curl -s "$a_url/api/games/$running" | jq -r .version)
    break_store
    expect "$store: an action while the store fails" "$(play_first)" 503 store
    expect "$store: an undo while the store fails" \
        "$(api POST "/api/games/$running/undo" "$token" "{\"version\": $version}")" 503 store
    expect "$store: a leave while the store fails" "$(api POST "/api/games/$running/leave" "$r1" '{}')" 503 store
    expect "$store: a join while the store fails" "$(api POST "/api/games/$open/join" "" '{}')" 503 store
    expect "$store: a new game while the store fails" "$(api POST /api/games "" \
        '{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "human"}]}')" 503 store
    snapshot running-during "$running" "$r0"
    snapshot open-during "$open" ""
    same "$store: refused changes show in the running game" running-before running-during outage
    same "$store: a refused join shows in the open game" open-before open-during outage

    mend_store
    snapshot running-after "$running" "$r0"
    same "$store: the stored game differs from what was shown" running-before running-after
    expect "$store: the undo once the store works again" \
        "$(api POST "/api/games/$running/undo" "$token" "{\"version\": $version}")" 200
    expect "$store: an action once the store works again" "$(play_first)" 200
    expect "$store: the join once the store works again" "$(api POST "/api/games/$open/join" "" '{}')" 200
    [ "$(curl -s "$a_url/api/games/$open" | jq -r .status)" = running ] || fail "$store: the joined game does not run"
}

# SQLite: another process holds the file's write lock (the server's writes
# wait for it, then fail; its reads go on)
break_store() { sqlite_lock "$tmp/maya.db" || fail "SQLite: the lock was not taken"; }
mend_store() { sqlite_unlock; }
serve_start a "$tmp/maya.db" --bot-threads 1 || exit 1
run_faults SQLite
serve_stop a

# PostgreSQL: the database server stops in the middle of the game
pg_start || { fail "PostgreSQL does not start"; exit 1; }
break_store() { pg_pause || fail "PostgreSQL does not stop"; }
mend_store() { pg_resume || fail "PostgreSQL does not start again"; }
serve_start a "$MAYA_PG_URL" --bot-threads 1 || exit 1
run_faults PostgreSQL
serve_stop a

# stats_until FIELD VALUE: wait until GET /api/stats has .store.FIELD VALUE
# (the server answers it at once, even while a read waits; cut at a minute:
# a hang, e.g. the server's one thread held by a read)
stats_until() {
    for _ in $(seq 1 600); do
        [ "$(curl -s -m 60 "$a_url/api/stats" | jq ".store.$1")" = "$2" ] && return 0
        sleep 0.1
    done
    fail "GET /api/stats never had store.$1 $2: $(curl -s -m 60 "$a_url/api/stats")"
    exit 1
}

# A stalled store's reads hold no pool thread: one thread serves the
# server, games without a turn limit leave memory after a second idle, and
# at most 2 reads wait. While PostgreSQL is frozen, the reads of two games
# not in memory wait and the one thread goes on serving the game in memory
# (a turn limit keeps it there) and the server's figures; a third read,
# and a listing, are refused at once (503 busy); once PostgreSQL goes on,
# the two waiting requests get their games.
serve_start a "$MAYA_PG_URL" --bot-threads 1 --http-threads 1 --max-reads 2 --idle-seconds 1 || exit 1
api POST /api/games "" '{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "human"}], "turn_seconds": 3600}' >/dev/null
kept=$(jq -r .id "$tmp/body")
api POST "/api/games/$kept/join" "" '{}' >/dev/null
away=""
for _ in 1 2 3; do
    new_game full
    away="$away $game"
done
set -- $away
until [ "$(curl -s "$a_url/api/stats" | jq .games_in_memory)" = 1 ]; do sleep 0.2; done
pg_freeze || fail "PostgreSQL's processes were not stopped"
curl -s -o "$tmp/away1" -w '%{http_code}' "$a_url/api/games/$1" >"$tmp/away1.status" &
first=$!
stats_until reads_waiting 1
expect "a game in memory while a read waits" "$(api GET "/api/games/$kept" "")" 200
curl -s -o "$tmp/away2" -w '%{http_code}' "$a_url/api/games/$2/view" >"$tmp/away2.status" &
second=$!
stats_until reads_waiting 2
expect "a read beyond --max-reads" "$(api GET "/api/games/$3" "")" 503 busy
expect "a listing beyond --max-reads" "$(api GET "/api/games" "")" 503 busy
[ -s "$tmp/away1.status" ] && fail "a read answered while PostgreSQL is frozen: $(cat "$tmp/away1.status")"
pg_thaw
wait "$first" "$second"
[ "$(cat "$tmp/away1.status") $(jq -r .id "$tmp/away1")" = "200 $1" ] ||
    fail "the first waiting read: $(cat "$tmp/away1.status") $(head -c 300 "$tmp/away1")"
[ "$(cat "$tmp/away2.status") $(jq -r .id "$tmp/away2")" = "200 $2" ] ||
    fail "the second waiting read: $(cat "$tmp/away2.status") $(head -c 300 "$tmp/away2")"
stats_until reads_waiting 0
expect "a game read once PostgreSQL goes on" "$(api GET "/api/games/$3" "")" 200
expect "a listing once PostgreSQL goes on" "$(api GET "/api/games?limit=3" "")" 200
[ "$(jq '.games | length' "$tmp/body")" = 3 ] || fail "the listing: $(head -c 300 "$tmp/body")"

# A game to be read again is not served until it is. The game: one
# waiting for players (its creator's open game stays in memory, where
# the others leave it after a second idle). PostgreSQL stops: the
# watchdog, its announcements cut, cannot read the game again and marks
# it so; it tries again every second, and its log says so each time (five
# failures: every connection of the store's pool of 4 was tried and
# dropped, so none is left that would fail at once). A request for it is
# then 503 store (its read on the store's reader fails too), and once
# PostgreSQL is back the game is served again. (That such a request waits
# for its read without a pool thread, or parks behind the watchdog's, is
# tests/hub_test.c's, with the reader held: from outside the process
# which of the two happens first is the watchdog's timing.)
new_game
reloads() { grep -c "game $game cannot be reloaded" "$tmp/a.log"; }
before=$(reloads)
pg_pause || fail "PostgreSQL does not stop"
for _ in $(seq 1 1200); do # cut at two minutes: the watchdog does not try
    [ "$(reloads)" -ge $((before + 5)) ] && break
    sleep 0.1
done
[ "$(reloads)" -ge $((before + 5)) ] || fail "game $game was not marked to be read again"
expect "a game to be read again while PostgreSQL is down" "$(api GET "/api/games/$game/view" "")" 503 store
pg_resume || fail "PostgreSQL does not start again"
for _ in $(seq 1 600); do # until it is served again (cut at a minute)
    [ "$(api GET "/api/games/$game/view" "")" = 200 ] && break
    sleep 0.1
done
expect "the game once read again" "$(api GET "/api/games/$game/view" "")" 200
serve_stop a
exit $failed
