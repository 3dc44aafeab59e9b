#!/bin/sh
# server_api.sh -- the API end to end against real `maya serve` processes
# on loopback: the checks of tests/api_check.c (refusals, tokens, stale and
# replayed submissions, every view, log and record against the engine's
# observation) and whole games of both games played by several clients and
# bots (tests/api_play.c), first with SQLite, then with a real PostgreSQL
# server started for the test, where two server processes share the
# database and clients of one game talk to both. Hints beyond the server's
# bound of searches at once are refused as busy. A finished game's record,
# downloaded by a spectator, replays with maya replay to the game's result.
# A game's bot never thinks twice at once, even when another server's
# change makes this one reload the game. GET /api/facts/tikal serves the
# engine's tiles. A market line's preview tells what the trade then does,
# and an illegal one is refused with the engine's reason.
test_name=server_api
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
. "$root/tests/lib/pg.sh"
bin=$root/build/san/tests
cleanup='serve_kill a; serve_kill b; serve_kill c; serve_kill d; rm -rf "$tmp"'
trap "$cleanup" EXIT
pg_on_exit=$cleanup

# SQLite
serve_start a "$tmp/maya.db" --bot-threads 2 --games-per-minute 0 --open-games 0 || exit 1
"$bin/api_check" "$a_url" "$tmp/maya.db" || fail "api_check with SQLite"
"$bin/api_play" "$a_url" tikal 4 11 human,human,greedy:beam=2,human || fail "a Tikal game with SQLite"
"$bin/api_play" "$a_url" tzolkin 3 12 human,random,human || fail "a Tzolk'in game with SQLite"
# a finished Tzolk'in game's record, downloaded by a spectator, is complete:
# maya replay brings it to the game's result
for id in $(curl -s "$a_url/api/games?status=finished" | jq -r '.games[] | select(.game == "tzolkin") | .id'); do
    curl -s "$a_url/api/games/$id/record" >"$tmp/finished.rec"
    want=$(curl -s "$a_url/api/games/$id" | jq -r .result)
    got=$("$maya" replay "$tmp/finished.rec" 2>&1 | tail -n 1)
    [ "$got" = "Result \"$want\"" ] || fail "finished game $id: a spectator's record replays to: $got (want $want)"
    # its log tells the four food days (Z18) and the days as separators
    # (Z17.1, day = the teeth advanced), the last one day 26 or 27 (Z19.1)
    curl -s "$a_url/api/games/$id/log" >"$tmp/log.json"
    food=$(jq '[.actions[].steps[]? | select(.kind == "food day" and .rule == "Z18.3")] | length' "$tmp/log.json")
    [ "$food" = 4 ] || fail "finished game $id: $food food days in the log, not 4"
    last_day=$(jq -r '[.actions[].steps[]? | select(.kind == "day" and .place == "period") | .what] | last' "$tmp/log.json")
    case $last_day in "Day 2"[67]:*) ;; *) fail "finished game $id: the last day in the log is \"$last_day\"" ;; esac
    # every placement tells its corn (Z5.4) and, on a gear, its position (Z5.2); a
    # pick-up tells the corn of a step back, 1 per position (Z6.1b: "pick YAX3 YAX1"
    # pays 2); no other line tells corn
    bad=$(jq '[.actions[] | select(
        if (.text | startswith("place ")) then .corn == null or (.text != "place start" and (.position | type) != "number")
        elif (.text | startswith("pick ")) and .corn != null then
          ([.text | capture("^pick [A-Z]+(?<p>[0-9]+) [A-Z]+(?<q>[0-9]+)$")] | first) as $m |
          ($m == null) or (.corn != (($m.p | tonumber) - ($m.q | tonumber)))
        else .corn != null end)] | length' "$tmp/log.json")
    [ "$bad" = 0 ] || fail "finished game $id: $bad log lines with a wrong position or corn"
    # the end summary's categories add up to every seat's score
    sums=$(curl -s "$a_url/api/games/$id" | jq -c '[([.categories[].points] | transpose | map(add)), .scores]')
    [ "$(echo "$sums" | jq '.[0] == .[1]')" = true ] || fail "finished game $id: categories and scores: $sums"
    replayed=$id
done
[ -n "${replayed:-}" ] || fail "no finished Tzolk'in game to download"
serve_stop a

# the bound of hint searches: with --hint-searches 0 every ask is busy (503)
serve_start a "$tmp/hints.db" --bot-threads 1 --hint-searches 0 || exit 1
created=$(curl -s -X POST -H 'Content-Type: application/json' "$a_url/api/games" \
    -d '{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "bot", "bot": "beginner"}], "join": 0}')
id=$(echo "$created" | sed -n 's/^{"id":\([0-9]*\),.*/\1/p')
token=$(echo "$created" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
busy=$(curl -s -w ' %{http_code}' -H "Authorization: Bearer $token" "$a_url/api/games/$id/hints")
case $busy in *'"code":"busy"'*' 503') ;; *) fail "hints beyond --hint-searches: $busy" ;; esac
# Tikal's static facts from the engine's tables: 36 tile cards (data/tikal.txt:
# E2 is a temple of printed value 6) and the AP of each action (T7.5:
# uncovering costs 2); none for an unknown game
facts=$(curl -s "$a_url/api/facts/tikal" | jq -c '[(.tiles | length), (.tiles[] | select(.tile == "E2") | [.kind, .value]), .action_points.uncover]')
[ "$facts" = '[36,["temple",6],2]' ] || fail "GET /api/facts/tikal: $facts"
nofacts=$(curl -s -o /dev/null -w '%{http_code}' "$a_url/api/facts/chess")
[ "$nofacts" = 404 ] || fail "GET /api/facts/chess answered $nofacts, not 404"

# GET .../preview: what a market line (Z11.2, ZR31) would change, worked out
# by the engine and stored nowhere. Two people play a Tzolk'in game towards
# Uxmal 2 (placing on Uxmal, picking up there for the market) until a seat
# stands at the market.
seat_token() { echo "$tokens" | cut -d ' ' -f $(($1 + 1)); }
act() { # TOKEN VERSION LINE -> the answer's status
    curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $1" -X POST "$a_url/api/games/$id/actions" \
        -d "{\"version\": $2, \"action\": \"$3\"}"
}
preview() { # TOKEN LINE -> the answer and its status
    curl -s -w ' %{http_code}' -G -H "Authorization: Bearer $1" "$a_url/api/games/$id/preview" --data-urlencode "line=$2"
}
# The deal is the server's secret, so a seat may come to the market with no
# resource to sell (its wealth tiles gave corn only): then a new game, at
# most 5 (each such deal is rare: 5 in a row would be a fault)
for attempt in 1 2 3 4 5; do
    created=$(curl -s -X POST "$a_url/api/games" -d '{"game": "tzolkin", "players": 2,
        "seats": [{"type": "human"}, {"type": "human"}], "join": 0}')
    id=$(echo "$created" | jq -r .id)
    tokens="$(echo "$created" | jq -r .token) $(curl -s -X POST "$a_url/api/games/$id/join" -d '{"seat": 1}' | jq -r .token)"
    for _ in $(seq 1 100); do
        summary=$(curl -s "$a_url/api/games/$id")
        seat=$(echo "$summary" | jq .to_move) version=$(echo "$summary" | jq .version)
        token=$(seat_token "$seat")
        legal=$(curl -s -H "Authorization: Bearer $token" "$a_url/api/games/$id/legal" | jq -r '.actions[].text')
        echo "$legal" | grep -q '^trade ' && break
        line=$(echo "$legal" | grep -m1 -E '^pick UXM[0-9] UXM2$' || echo "$legal" | grep -m1 -x -e 'place UXM' -e end ||
            echo "$legal" | head -n 1)
        act "$token" "$version" "$line" >/dev/null
    done
    echo "$legal" | grep -q '^trade ' || fail "no market visit reached"
    other=$(seat_token $((1 - seat)))
    held=$(curl -s -H "Authorization: Bearer $token" "$a_url/api/games/$id/view" | jq -c ".observation.seats[$seat] | [.corn, .resources]")
    sell=$(echo "$held" | jq -r '.[1] | to_entries | map(select(.value > 0)) | .[0].key')
    [ "$sell" != null ] && break
done
[ "$sell" != null ] || fail "in 5 games the seat at the market held no resource to sell: $held"
# a sale of one cube is previewed: the corn and resources the trade then gives
answer=$(preview "$token" "market -1$sell")
case $answer in *' 200') ;; *) fail "preview of market -1$sell: $answer" ;; esac
[ "$(curl -s "$a_url/api/games/$id" | jq .version)" = "$version" ] || fail "a preview changed the game"
# refused with a reason, changing nothing: more than the corn buys (Z1.11,
# ZR31), more than the seat holds, a line that is not a market visit, the
# seat not to act, no token
case $(preview "$token" "market +9999g") in *Z1.11*'"code":"illegal"'*' 422') ;; *) fail "a purchase beyond the corn is not refused" ;; esac
case $(preview "$token" "market -999$sell") in *ZR31*'"code":"illegal"'*' 422') ;; *) fail "a sale beyond the holdings is not refused" ;; esac
case $(preview "$token" "place UXM") in *'"code":"not_previewable"'*' 422') ;; *) fail "a line that is no market visit is previewed" ;; esac
case $(preview "$other" "market -1$sell") in *'"code":"not_your_turn"'*' 403') ;; *) fail "the seat not to act gets a preview" ;; esac
case $(curl -s -w ' %{http_code}' -G "$a_url/api/games/$id/preview" --data-urlencode "line=market -1$sell") in
*'"code":"no_token"'*' 401') ;; *) fail "a preview without a token" ;; esac
[ "$(curl -s "$a_url/api/games/$id" | jq .version)" = "$version" ] || fail "a refused preview changed the game"
# the trade itself: the record writes the line after the seat (Z23.2) and the seat holds
# what the preview said
[ "$(act "$token" "$version" "market -1$sell")" = 200 ] || fail "the previewed trade is refused"
after=$(curl -s -H "Authorization: Bearer $token" "$a_url/api/games/$id/view" | jq -c ".observation.seats[$seat] | [.corn, .resources]")
foretold=$(echo "$answer" | sed 's/ 200$//' | jq -c --argjson held "$held" \
    '(reduce .patch[] as $op ({"seats": {"'"$seat"'": {"corn": $held[0], "resources": $held[1]}}};
        if ($op.path | startswith("/seats/'"$seat"'/")) then setpath($op.path | split("/")[1:]; $op.value) else . end))
     | .seats["'"$seat"'"] | [.corn, .resources]')
[ "$after" = "$foretold" ] || fail "the trade left $after, the preview said $foretold (before: $held)"
curl -s "$a_url/api/games/$id/record" | grep -q -x "$((seat + 1)) market -1$sell" ||
    fail "the record does not write the line $((seat + 1)) market -1$sell"
serve_stop a

# PostgreSQL: two servers on one database
pg_start || { fail "PostgreSQL does not start"; exit 1; }
serve_start a "$MAYA_PG_URL" --bot-threads 1 --games-per-minute 0 --open-games 0 || exit 1
serve_start b "$MAYA_PG_URL" --bot-threads 1 --games-per-minute 0 --open-games 0 || exit 1
"$bin/api_check" "$a_url" "$MAYA_PG_URL" || {
    fail "api_check with PostgreSQL; the servers' logs end with:"
    tail -n 20 "$tmp/a.log" "$tmp/b.log" >&2
}
"$bin/api_play" "$a_url,$b_url" tikal 2 13 human,human || fail "a Tikal game across two servers on PostgreSQL"
"$bin/api_play" "$b_url,$a_url" tzolkin 2 14 human,greedy:beam=2 || fail "a Tzolk'in game across two servers on PostgreSQL"

# one free seat joined through both servers at about the same time: one
# join wins, the other is refused (409), and both servers then see the game
# running (the server that did not take the last seat hears of it; that two
# joins racing inside the store cannot both win is store_test's
# test_set_seat_expected)
for round in 1 2 3 4 5; do
    id=$(curl -s -X POST -H 'Content-Type: application/json' "$a_url/api/games" \
        -d '{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "human"}], "join": 0}' |
        sed -n 's/^{"id":\([0-9]*\),.*/\1/p')
    [ -n "$id" ] || { fail "round $round: no game created"; break; }
    joins=""
    for server in a b; do
        eval "url=\$${server}_url"
        curl -s -o /dev/null -w '%{http_code}\n' -X POST -H 'Content-Type: application/json' \
            "$url/api/games/$id/join" -d '{"seat": 1}' >"$tmp/join.$server" &
        joins="$joins $!"
    done
    wait $joins # not the servers
    codes=$(cat "$tmp/join.a" "$tmp/join.b" | sort | tr '\n' ' ')
    [ "$codes" = "200 409 " ] || fail "round $round: two joins of one seat through two servers answered $codes"
    for server in a b; do
        eval "url=\$${server}_url"
        running=""
        for _ in $(seq 1 600); do # until it hears (a busy machine only makes it wait)
            curl -s "$url/api/games/$id" | grep -q '"status":"running"' && { running=1; break; }
            sleep 0.1
        done
        [ -n "$running" ] || fail "round $round: server $server does not see game $id running"
    done
done
serve_stop a
serve_stop b

# a bot never thinks twice on one game: while seat 1's slow bot thinks on
# server c, the person of seat 0 leaves through server d; c hears of it and
# reloads the game, and still only one of its bot threads thinks (a fresh
# database, so that no other game's bot thinks meanwhile)
pg_as_owner "$PG_BIN/createdb" -h "$pg_dir" -p "$pg_port" -U "$pg_user" maya_bots >/dev/null 2>&1 ||
    fail "no second database"
bots_url=$(echo "$MAYA_PG_URL" | sed 's|/maya$|/maya_bots|')
serve_start c "$bots_url" --bot-threads 2 || exit 1
serve_start d "$bots_url" --bot-threads 1 || exit 1
created=$(curl -s -X POST -H 'Content-Type: application/json' "$c_url/api/games" -d \
    '{"game": "tzolkin", "players": 2, "seats": [{"type": "human"}, {"type": "bot", "bot": "mcts:millis=2000"}], "join": 0}')
id=$(echo "$created" | jq -r .id)
token=$(echo "$created" | jq -r .token)
thinking() { curl -s "$c_url/api/stats" | jq .bots_thinking; }
# seat 0 plays until the bot is to move and thinks (seen once: on a busy
# machine its 2 s may be over by the time it is asked again)
seen=""
for _ in $(seq 1 600); do
    [ "$(thinking)" -ge 1 ] && { seen=1; break; }
    view=$(curl -s -H "Authorization: Bearer $token" "$c_url/api/games/$id/legal")
    action=$(echo "$view" | jq -r '.actions[0].text // empty')
    [ -n "$action" ] && curl -s -o /dev/null -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        "$c_url/api/games/$id/actions" -d "{\"version\": $(echo "$view" | jq .version), \"action\": \"$action\"}"
    sleep 0.1
done
[ -n "$seen" ] || fail "the slow bot does not think"
curl -s -o /dev/null -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    "$d_url/api/games/$id/leave" -d '{}'
most=0
for _ in $(seq 1 15); do
    n=$(thinking)
    [ "$n" -gt "$most" ] && most=$n
    sleep 0.1
done
[ "$most" -le 1 ] || fail "$most bot threads think on one game at once"
exit $failed
