#!/bin/sh
# server_commits.sh -- an action waiting for its group commit holds no
# thread of the HTTP pool (its connection is suspended until the store's
# writer answers): with a pool of 2 threads, 200 games with an action in
# flight each (maya loadgen, closed loop) all go on, every acknowledged
# action is stored (the store holds as many actions of seats as loadgen
# counted acknowledged ones at least, chance draws aside), and none is refused or
# lost. No timing: the run's length only sets how many actions there are.
# loadgen counts an answer only if it arrives within its measured
# --seconds, so the store holds at least the acknowledged actions.
# An undo waits for its commit the same way: with a pool of one thread and
# the store's writer stalled (another process holds the SQLite file's
# write lock), the server answers other requests while an undo waits, and
# the undo is stored and answered once the lock is let go (within the
# store's busy timeout of 5 s, the only bound: the steps in between are
# a few requests).
# A new game waits the same way (its commit, then, created full, its
# start's): the pool's one thread answers another request meanwhile. So
# does a join, and a change of its game that comes meanwhile waits
# without a thread too (parked, GET /api/stats "parked", until the join is
# stored; it is then made again): two joins of one game, the second while
# the first waits; both are answered once the lock is let go, and the
# second, which fills the game, starts it.
# New games and joins go through the same writer: 70 games created by 70
# clients at once, then each game's free seat asked for by 3 clients at
# once: every game answered 201 is stored, exactly one join of each game is
# answered 200 and stored, the others are refused (409) and change nothing.
# Then one action of each of the 70 games at once, the writer stalled:
# once stored, the server keeps the finished changes for the next ones up
# to its bound (GET /api/stats max_spare_changes, 64) and no more.
test_name=server_commits
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
cleanup='sqlite_unlock; serve_kill pool; serve_kill one; serve_kill crowd; rm -rf "$tmp"'
trap "$cleanup" EXIT
ulimit -n "$(ulimit -Hn)" 2>/dev/null # 200 connections

games=200
serve_start pool "$tmp/pool.db" --http-threads 2 --bot-threads 1 --games-per-minute 0 --open-games 0 \
    --per-address 1000 || exit 1
"$maya" loadgen --url "$pool_url" --games $games --seconds 3 --csv "$tmp/load.csv" >"$tmp/load.out" 2>&1 ||
    fail "loadgen against a pool of 2 threads: $(cat "$tmp/load.out")"
serve_stop pool
# loadgen's CSV: the columns by name, the run's row
column() { awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } { print $col[name] }' \
    "$tmp/load.csv"; }
acknowledged=$(column accepted)
refused=$(($(column refused) + $(column stale)))
stored=$(sqlite3 "$tmp/pool.db" "SELECT count(*) FROM events WHERE kind = 0 AND actor >= 0")
[ "${acknowledged:-0}" -ge $games ] || fail "only ${acknowledged:-no} actions acknowledged for $games games"
[ "$refused" = 0 ] || fail "$refused actions refused or stale"
[ "$stored" -ge "$acknowledged" ] || fail "$acknowledged actions acknowledged, only $stored stored"

# the undo: a game of two people, played until the seat to move can undo
serve_start one "$tmp/one.db" --http-threads 1 --bot-threads 1 || exit 1
post() { # PATH TOKEN BODY: the answer's body; its status in $tmp/status
    curl -s -m 60 -o "$tmp/answer" -w '%{http_code}' -X POST -H "Authorization: Bearer $2" \
        -H 'Content-Type: application/json' -d "$3" "$one_url$1" >"$tmp/status"
    cat "$tmp/answer"
}
game=$(post /api/games "" '{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "human"}], "join": 0}')
id=$(echo "$game" | jq -r .id)
token0=$(echo "$game" | jq -r .token)
token1=$(post "/api/games/$id/join" "" '{}' | jq -r .token)
to_move() { # the token of the seat to move
    if [ "$(curl -s "$one_url/api/games/$id" | jq -r .to_move)" = 0 ]; then echo "$token0"; else echo "$token1"; fi
}
for _ in $(seq 1 50); do # play first legal actions until the seat to move can undo one
    mover=$(to_move)
    [ "$(curl -s -H "Authorization: Bearer $mover" "$one_url/api/games/$id/view" | jq .can_undo)" = true ] && break
    version=$(curl -s "$one_url/api/games/$id" | jq -r .version)
    action=$(curl -s -H "Authorization: Bearer $mover" "$one_url/api/games/$id/legal" | jq -r '.actions[0].text')
    post "/api/games/$id/actions" "$mover" "{\"version\": $version, \"action\": \"$action\"}" >/dev/null
done
version=$(curl -s "$one_url/api/games/$id" | jq -r .version)
[ "$(curl -s -H "Authorization: Bearer $mover" "$one_url/api/games/$id/view" | jq .can_undo)" = true ] ||
    { fail "no undo possible after the first actions (version $version)"; exit 1; }
stats() { curl -s -m 60 "$one_url/api/stats" | jq -r ".store.$1"; }
changes_before=$(stats changes)
sqlite_lock "$tmp/one.db" || exit 1
curl -s -m 60 -o "$tmp/undo" -w '%{http_code}' -X POST -H "Authorization: Bearer $mover" \
    -H 'Content-Type: application/json' -d "{\"version\": $version}" "$one_url/api/games/$id/undo" \
    >"$tmp/undo.status" &
undo_pid=$!
# the pool's one thread answers these while the undo waits for the writer
for _ in $(seq 1 600); do # until the undo waits (cut at a minute: a hang)
    [ "$(stats waiting)" = 1 ] && break
    sleep 0.1
done
[ "$(stats waiting)" = 1 ] || fail "the undo does not wait for its commit"
[ "$(curl -s -m 60 "$one_url/api/games/$id" | jq -r .version)" = "$version" ] ||
    fail "the game's summary is not answered, or shows the undo, while the undo waits"
[ -s "$tmp/undo.status" ] && fail "the undo was answered before its commit: $(cat "$tmp/undo.status") $(cat "$tmp/undo")"
sqlite_unlock
wait "$undo_pid"
[ "$(cat "$tmp/undo.status")" = 200 ] || fail "the undo once the lock is let go: $(cat "$tmp/undo.status") $(cat "$tmp/undo")"
[ "$(jq -r .version "$tmp/undo")" = $((version + 1)) ] || fail "the undo's answer: $(cat "$tmp/undo")"
[ "$(stats changes)" = $((changes_before + 1)) ] || fail "the writer did not commit the undo"

# a new game waits the same way: with the writer stalled, the pool's one
# thread answers a summary while it waits; then the game is stored (and,
# created full with a bot, its start: a second commit)
until_stats() { # FIELD VALUE: until GET /api/stats says so (cut at a minute: a hang); 0 if it did
    for _ in $(seq 1 600); do
        [ "$(curl -s -m 60 "$one_url/api/stats" | jq -r ".$1")" = "$2" ] && return 0
        sleep 0.1
    done
    return 1
}
waits_for_commit() { # WHAT NAME: until a change waits for the writer, then the pool's thread answers
    until_stats store.waiting 1 || fail "$1 does not wait for its commit"
    [ "$(curl -s -m 60 "$one_url/api/games/$id" | jq -r .id)" = "$id" ] ||
        fail "another game's summary is not answered while $1 waits"
    [ -s "$tmp/$2.status" ] && fail "$1 was answered before its commit: $(cat "$tmp/$2.status")"
}
later() { # NAME PATH BODY: POSTed in the background, answer in $tmp/NAME(.status), its pid in NAME_pid
    rm -f "$tmp/$1" "$tmp/$1.status"
    curl -s -m 60 -o "$tmp/$1" -w '%{http_code}' -X POST -H 'Content-Type: application/json' -d "$3" \
        "$one_url$2" >"$tmp/$1.status" &
    eval "${1}_pid=$!"
}
sqlite_lock "$tmp/one.db" || exit 1
later later /api/games \
    '{"game": "tzolkin", "players": 2, "seats": [{"type": "human"}, {"type": "bot", "bot": "random"}], "join": 0}'
waits_for_commit "a new game" later
sqlite_unlock
wait "$later_pid"
[ "$(cat "$tmp/later.status")" = 201 ] || fail "the new game once the lock is let go: $(cat "$tmp/later.status")"
new=$(jq -r .id "$tmp/later")
[ "$(jq -r '[.status, .seat] | join(" ")' "$tmp/later")" = "running 0" ] ||
    fail "the new game's answer: $(cat "$tmp/later")"

# a join waits the same way, and a change of its game that comes
# meanwhile waits without a thread too (parked until the join is stored):
# two joins of a game of three people, the second while the first waits
# for the stalled writer; the pool's one thread answers a summary
# meanwhile; once the lock is let go both are answered (their own seats),
# and the second, filling the game, starts it (its start's commit)
three=$(post /api/games "" \
    '{"game": "tikal", "players": 3, "seats": [{"type": "human"}, {"type": "human"}, {"type": "human"}], "join": 0}')
three_id=$(echo "$three" | jq -r .id)
sqlite_lock "$tmp/one.db" || exit 1
later join1 "/api/games/$three_id/join" '{"seat": 1}'
waits_for_commit "a join" join1
later join2 "/api/games/$three_id/join" '{"seat": 2}'
until_stats parked 1 || fail "the second join is not parked behind the first"
waits_for_commit "a join behind another" join2
[ "$(curl -s -m 60 "$one_url/api/games/$three_id" | jq -c '[.seats[].taken]')" = '[true,false,false]' ] ||
    fail "the game's summary shows a join before its commit"
sqlite_unlock
wait "$join1_pid" "$join2_pid"
for k in 1 2; do
    [ "$(cat "$tmp/join$k.status") $(jq -r .seat "$tmp/join$k")" = "200 $k" ] ||
        fail "join $k once the lock is let go: $(cat "$tmp/join$k.status") $(cat "$tmp/join$k")"
done
[ "$(curl -s -m 60 "$one_url/api/games/$three_id" | jq -r .status)" = running ] ||
    fail "the game filled by the second join does not run"
[ "$(curl -s -m 60 "$one_url/api/stats" | jq -r .parked)" = 0 ] || fail "a parked request is left after both joins"
serve_stop one
[ "$(sqlite3 "$tmp/one.db" "SELECT status, count(*) FROM games JOIN seats ON seats.game = games.id
    WHERE games.id = $three_id AND taken = 1")" = "1|3" ] || fail "the joins and the start are not stored"
[ "$(sqlite3 "$tmp/one.db" "SELECT count(*) FROM events WHERE game = $id AND kind = 1")" = 1 ] ||
    fail "the acknowledged undo is not stored"
[ "$(sqlite3 "$tmp/one.db" "SELECT status, count(*) FROM games JOIN seats ON seats.game = games.id
    WHERE games.id = $new AND taken = 1")" = "1|2" ] || fail "the new game, its seats and its start are not stored"

# the crowd of creators and joiners
serve_start crowd "$tmp/crowd.db" --http-threads 2 --bot-threads 1 --games-per-minute 0 --open-games 0 \
    --per-address 1000 || exit 1
at_once() { # NAME URL BODY COUNT: COUNT POSTs of BODY to URL at once, answers in $tmp/NAME.I(.status)
    pids=""
    for i in $(seq 1 "$4"); do
        curl -s -m 120 -o "$tmp/$1.$i" -w '%{http_code}\n' -X POST -H 'Content-Type: application/json' -d "$3" \
            "$2" >"$tmp/$1.$i.status" &
        pids="$pids $!"
    done
    # shellcheck disable=SC2086 # the pids are words
    wait $pids
}
crowd=70
at_once new "$crowd_url/api/games" \
    '{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "human"}], "join": 0}' $crowd
created=$(cat "$tmp"/new.*.status | grep -c 201)
[ "$created" = $crowd ] || fail "$created of $crowd games created: $(cat "$tmp"/new.*.status | sort | uniq -c)"
for k in $(seq 1 $crowd); do
    id=$(jq -r .id "$tmp/new.$k")
    at_once "join$k" "$crowd_url/api/games/$id/join" '{}' 3
    answers=$(cat "$tmp/join$k".*.status | sort | tr '\n' ' ')
    [ "$answers" = "200 409 409 " ] || fail "the three joins of game $id: $answers"
done
stored=$(sqlite3 "$tmp/crowd.db" "SELECT count(*) FROM games")
taken=$(sqlite3 "$tmp/crowd.db" "SELECT count(*) FROM seats WHERE taken = 1")
[ "$stored" = $crowd ] || fail "$crowd games acknowledged, $stored stored"
[ "$taken" = $((2 * crowd)) ] || fail "$crowd creators and $crowd joins acknowledged, $taken seats taken"

# a finished change is kept with its buffers for the next (its match
# copied into them, not allocated), up to the server's bound
# (max_spare_changes of GET /api/stats): with the writer stalled, one
# action of each game waits for its commit at once, more than the bound;
# once the lock is let go all are stored and the server keeps exactly the
# bound's number of them
crowd_stats() { curl -s -m 60 "$crowd_url/api/stats" | jq -r ".$1"; }
bound=$(crowd_stats max_spare_changes)
[ "$crowd" -gt "$bound" ] || fail "$crowd games cannot hold more than the bound of $bound spare changes"
for k in $(seq 1 $crowd); do # each game's seat to move, its token, the state number and a legal action
    id=$(jq -r .id "$tmp/new.$k")
    mover=$(curl -s -m 60 "$crowd_url/api/games/$id" | jq -r .to_move)
    if [ "$mover" = 0 ]; then jq -r .token "$tmp/new.$k"; else jq -r '.token // empty' "$tmp/join$k".[0-9]; fi \
        >"$tmp/token.$k"
    curl -s -m 60 -H "Authorization: Bearer $(cat "$tmp/token.$k")" "$crowd_url/api/games/$id/legal" |
        jq -c '{version: .version, action: .actions[0].text}' >"$tmp/act.$k"
done
for k in $(seq 1 $crowd); do # one curl sends them all at once: the writer is stalled for 5 s at most
    printf 'next\nurl = "%s/api/games/%s/actions"\nheader = "Authorization: Bearer %s"\n' "$crowd_url" \
        "$(jq -r .id "$tmp/new.$k")" "$(cat "$tmp/token.$k")"
    printf 'header = "Content-Type: application/json"\ndata = "@%s"\noutput = "%s"\nwrite-out = "%%{http_code}\\n"\n' \
        "$tmp/act.$k" "$tmp/act.$k.answer"
done | sed 1d >"$tmp/actions.curl"
sqlite_lock "$tmp/crowd.db" || exit 1
curl -s -m 120 --parallel --parallel-immediate --parallel-max $crowd -K "$tmp/actions.curl" \
    >"$tmp/actions.status" 2>"$tmp/actions.progress" &
actions_pid=$!
for _ in $(seq 1 600); do # until every action waits for the writer (cut at a minute: a hang)
    [ "$(crowd_stats store.waiting)" = $crowd ] && break
    sleep 0.1
done
[ "$(crowd_stats store.waiting)" = $crowd ] || fail "not all $crowd actions wait for the stalled writer"
sqlite_unlock
wait "$actions_pid"
answers=$(grep -c 200 "$tmp/actions.status")
[ "$answers" = $crowd ] || fail "$answers of $crowd actions answered 200 once the lock is let go"
[ "$(crowd_stats spare_changes)" = "$bound" ] ||
    fail "$(crowd_stats spare_changes) changes kept after $crowd at once, not the bound of $bound"
serve_stop crowd
exit $failed
