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
test_name=server_commits
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
cleanup='serve_kill pool; rm -rf "$tmp"'
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
exit $failed
