#!/bin/sh
# server_crowd.sh -- `maya serve` holds a crowd (tests/crowd.c): 10,000 idle
# connections from one address leave the server to everyone else (another
# loopback address, 127.0.0.2, is served; the address beyond its
# --per-address bound is refused until its connections time out), and the
# refusals are logged at most --log-lines a second; a half-sent request and
# an idle kept-alive connection are closed after their timeouts; 1,000
# watchers of a game's event stream add no thread to the server, each gets
# every one of 5 moves made while none of them reads, once and in order,
# the last as a patch (not the whole view), and closing them frees them at
# once (as many can be opened again under the per-address bound).
test_name=server_crowd
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
bin=$root/build/san/tests
cleanup='serve_kill idle; serve_kill slow; serve_kill watch; serve_kill laggard; rm -rf "$tmp"'
trap "$cleanup" EXIT
ulimit -n "$(ulimit -Hn)" 2>/dev/null # each connection is a file, in the server and in the crowd
idle=10000
[ "$(ulimit -n)" -ge 10300 ] || idle=$(($(ulimit -n) - 300)) # a smaller crowd if files are scarce
port_of() { echo "$1" | sed 's/.*:\([0-9]*\)$/\1/'; }

# idle connections: at most 100 kept from one address, 5 log lines a second
# (a server living under d + 1 wall-clock seconds, d the difference of
# date +%s, logs in at most d + 2 distinct seconds of its own clock)
started=$(date +%s)
serve_start idle "$tmp/idle.db" --bot-threads 1 --per-address 100 --request-timeout 60 --log-lines 5 || exit 1
"$bin/crowd" idle "$(port_of "$idle_url")" "$idle" 100 || fail "$idle idle connections from one address"
serve_stop idle
seconds=$(($(date +%s) - started + 2))
refusals=$(grep -c 'reached connection limit' "$tmp/idle.log")
suppressed=$(sed -n 's/.*\.\.\. \([0-9]*\) more suppressed$/\1/p' "$tmp/idle.log" | awk '{n += $1} END {print n + 0}')
[ "$refusals" -ge 5 ] && [ "$suppressed" -ge 1 ] ||
    fail "refused connections: $refusals logged, $suppressed suppressed (expected 5 logged, the rest counted)"
[ "$refusals" -le $((5 * seconds)) ] || fail "$refusals lines logged in $seconds s: more than 5 lines a second"

# a half-sent request, an idle kept-alive connection
serve_start slow "$tmp/slow.db" --bot-threads 1 --request-timeout 1 --idle-timeout 2 || exit 1
"$bin/crowd" slow "$(port_of "$slow_url")" || fail "slow clients"
serve_stop slow

# 1,000 watchers of a game between two people
watchers=1000
serve_start watch "$tmp/watch.db" --bot-threads 1 --per-address $((watchers + 10)) || exit 1
created=$(curl -s -X POST "$watch_url/api/games" \
    -d '{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "human"}], "join": 0}')
id=$(echo "$created" | sed -n 's/^{"id":\([0-9]*\),.*/\1/p')
token0=$(echo "$created" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
token1=$(curl -s -X POST "$watch_url/api/games/$id/join" -d '{"seat": 1}' | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
[ -n "$token0" ] && [ -n "$token1" ] || fail "no seat tokens: $created"
"$bin/crowd" watch "$(port_of "$watch_url")" "$watch_pid" "$id" "$watchers" 5 "$token0" "$token1" ||
    fail "$watchers watchers"
serve_stop watch

# a watcher that does not read is closed once its buffers are full and it
# stayed idle past --idle-timeout; a watcher beside it gets every change
serve_start laggard "$tmp/laggard.db" --bot-threads 1 --idle-timeout 2 || exit 1
created=$(curl -s -X POST "$laggard_url/api/games" \
    -d '{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "human"}], "join": 0}')
id=$(echo "$created" | sed -n 's/^{"id":\([0-9]*\),.*/\1/p')
token0=$(echo "$created" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
token1=$(curl -s -X POST "$laggard_url/api/games/$id/join" -d '{"seat": 1}' | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
"$bin/crowd" laggard "$(port_of "$laggard_url")" "$id" 60 "$token0" "$token1" || fail "a watcher that does not read"
serve_stop laggard
exit $failed
