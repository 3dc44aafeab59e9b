#!/bin/sh
# server_limits.sh -- the server's quotas and bounds (docs/api.md, Limits):
# games created per address per minute and games of one address waiting
# for players at once are refused beyond their limit with 429 quota and a
# reason, and a game that starts frees its place; undos beyond a game's
# limit are refused with 429 limit (so act+undo cannot grow a game without
# end); games in memory stay within --max-games and idle ones leave (and
# come back from the store when asked for); the database address is
# printed without its password; a bot spec is held to the caps as it
# plays the game asked for; a quick bot does not wait behind a slow one;
# a whole-turn bot plays its turn from one plan. The
# per-minute window is lengthened to an hour (--quota-window), so that the
# checks hold however slowly the machine runs them.
test_name=server_limits
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
. "$root/tests/lib/pg.sh"
cleanup='serve_kill a; serve_kill full; rm -rf "$tmp"'
trap "$cleanup" EXIT
pg_on_exit=$cleanup

# api METHOD PATH TOKEN [BODY]: the answer's body in $tmp/body, its status printed
api() {
    curl -s -o "$tmp/body" -w '%{http_code}' -X "$1" -H "Authorization: Bearer $3" \
        ${4:+-H 'Content-Type: application/json' -d "$4"} "$a_url$2"
}

# expect WHAT GOT STATUS [CODE]
expect() {
    code=$(jq -r '.code // ""' "$tmp/body" 2>/dev/null)
    if [ "$2" != "$3" ] || { [ $# -ge 4 ] && [ "$code" != "$4" ]; }; then
        fail "$1: got $2 ${code:+($code) }$(head -c 300 "$tmp/body"), wanted $3 ${4:-}"
    fi
}

open_game='{"game": "tikal", "players": 2, "seats": [{"type": "human"}, {"type": "human"}], "join": 0}'
serve_start a "$tmp/maya.db" --bot-threads 1 --games-per-minute 3 --quota-window 3600 --open-games 2 --max-undos 1 ||
    exit 1

# two games waiting for players: the most; a third is refused
expect "first open game" "$(api POST /api/games "" "$open_game")" 201
first=$(jq -r .id "$tmp/body")
t0=$(jq -r .token "$tmp/body")
expect "second open game" "$(api POST /api/games "" "$open_game")" 201
expect "a third open game" "$(api POST /api/games "" "$open_game")" 429 quota
grep -q "waiting for players" "$tmp/body" || fail "the open-games refusal does not say why: $(cat "$tmp/body")"
[ "$(curl -s "$a_url/api/games?status=open" | jq '.games | length')" = 2 ] || fail "a refused game was created"

# the first starts (its free seat joined): room for one more
expect "join the first" "$(api POST "/api/games/$first/join" "" '{}')" 200
t1=$(jq -r .token "$tmp/body")
expect "an open game once the first started" "$(api POST /api/games "" "$open_game")" 201
# three games this minute: the most, whether they wait or not
expect "a fourth game this minute" "$(api POST /api/games "" \
    '{"game": "tikal", "players": 2, "seats": [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]}')" \
    429 quota
grep -q "in the last 3600 s" "$tmp/body" || fail "the per-minute refusal does not say why: $(cat "$tmp/body")"

# undos: one per game, then refused; the game goes on
to_move() { curl -s "$a_url/api/games/$first" | jq -r .to_move; }
token_of() { if [ "$1" = 0 ]; then echo "$t0"; else echo "$t1"; fi; }
# play_first: the seat to move plays its first legal action
play_first() {
    mover=$(token_of "$(to_move)")
    at=$(curl -s "$a_url/api/games/$first" | jq -r .version)
    action=$(curl -s -H "Authorization: Bearer $mover" "$a_url/api/games/$first/legal" | jq -r '.actions[0].text')
    api POST "/api/games/$first/actions" "$mover" "{\"version\": $at, \"action\": \"$action\"}"
}
undo() {
    mover=$(token_of "$(to_move)")
    at=$(curl -s "$a_url/api/games/$first" | jq -r .version)
    api POST "/api/games/$first/undo" "$mover" "{\"version\": $at}"
}
undone=0
for _ in $(seq 1 20); do
    expect "an action" "$(play_first)" 200
    if [ "$(curl -s -H "Authorization: Bearer $(token_of "$(to_move)")" "$a_url/api/games/$first/view" | jq .can_undo)" = true ]; then
        if [ "$undone" -eq 0 ]; then
            expect "the first undo" "$(undo)" 200
            undone=1
        else
            version=$(curl -s "$a_url/api/games/$first" | jq -r .version)
            expect "an undo beyond the game's limit" "$(undo)" 429 limit
            [ "$(curl -s "$a_url/api/games/$first" | jq -r .version)" = "$version" ] || fail "a refused undo changed the game"
            expect "an action after the refused undo" "$(play_first)" 200
            undone=2
            break
        fi
    fi
done
[ "$undone" -eq 2 ] || fail "no second undo was tried"
serve_stop a

# games in memory: at most --max-games; the one unused longest leaves
# (finished, or with people to move) and comes back from the store when
# asked for, as it was; games nobody uses leave after --idle-seconds
serve_start a "$tmp/memory.db" --bot-threads 1 --games-per-minute 0 --open-games 0 --max-games 3 \
    --idle-seconds 1 || exit 1
stats() { curl -s "$a_url/api/stats" | jq -r .games_in_memory; }
ids=""
for k in 1 2 3 4 5; do
    expect "game $k" "$(api POST /api/games "" "$open_game")" 201
    ids="$ids $(jq -r .id "$tmp/body")"
    [ "$(stats)" -le 3 ] || fail "$(stats) games in memory, over --max-games 3"
done
for id in $ids; do
    expect "game $id back from the store" "$(api GET "/api/games/$id" "")" 200
    [ "$(jq -r .status "$tmp/body")" = open ] || fail "game $id came back as $(jq -r .status "$tmp/body")"
done
[ "$(stats)" -le 3 ] || fail "$(stats) games in memory after reading them all back"
# games waiting for players under their creator's quota stay in memory:
# with --max-games of them, a new game is refused (503 busy) and not stored
serve_start full "$tmp/full.db" --bot-threads 1 --max-games 2 --open-games 5 || exit 1
for k in 1 2; do
    [ "$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' "$full_url/api/games" \
        -d "$open_game")" = 201 ] || fail "open game $k with room for it"
done
busy=$(curl -s -w ' %{http_code}' -X POST -H 'Content-Type: application/json' "$full_url/api/games" -d "$open_game")
case $busy in *'"code":"busy"'*' 503') ;; *) fail "a game beyond --max-games of waiting games: $busy" ;; esac
[ "$(curl -s "$full_url/api/games?limit=500" | jq '.games | length')" = 2 ] || fail "a refused game was stored"
serve_stop full

# a bot is checked against the caps as it plays the game asked for: the
# expert level thinks 150 ms a decision in Tikal but 1800 ms a turn in
# Tzolk'in (its own level spec, turnmillis), so with --max-bot-millis 300
# the same spec is accepted for one game and refused with 422 for the other
serve_start full "$tmp/caps.db" --bot-threads 1 --max-bot-millis 300 || exit 1
expert_game() {
    curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H 'Content-Type: application/json' "$full_url/api/games" \
        -d "{\"game\": \"$1\", \"players\": 2, \"seats\": [{\"type\": \"human\"}, {\"type\": \"bot\", \"bot\": \"expert\"}], \"join\": 0}"
}
expect "Tikal's expert under --max-bot-millis 300" "$(expert_game tikal)" 201
expect "Tzolk'in's expert (1800 ms a turn) under --max-bot-millis 300" "$(expert_game tzolkin)" 422 bot_limit
[ "$(curl -s "$full_url/api/games?limit=500" | jq '.games | length')" = 1 ] || fail "a refused game was stored"
serve_stop full

# unused for a second, with nothing to happen in them, they all leave (the
# loop ends as soon as they have; its bound of 10 minutes only catches a hang)
for _ in $(seq 1 6000); do
    [ "$(stats)" = 0 ] && break
    sleep 0.1
done
[ "$(stats)" = 0 ] || fail "$(stats) idle games are still in memory"
# a listing is answered from the stored rows: it loads no game
[ "$(curl -s "$a_url/api/games?limit=500" | jq '.games | length')" = 5 ] || fail "the list lacks games"
[ "$(stats)" = 0 ] || fail "listing the games loaded $(stats) of them"
serve_stop a

# a quick bot never waits behind a slow one: with one bot thread busy with
# a game of bots thinking 2 s a decision, a game of random bots is played to
# its end while the slow game has made only a few decisions
serve_start a "$tmp/lanes.db" --bot-threads 1 || exit 1
bots() { echo "{\"game\": \"tikal\", \"players\": 2, \"seats\": [{\"type\": \"bot\", \"bot\": \"$1\"}, {\"type\": \"bot\", \"bot\": \"$1\"}]}"; }
expect "a game of slow bots" "$(api POST /api/games "" "$(bots mcts:millis=2000)")" 201
slow=$(jq -r .id "$tmp/body")
expect "a game of random bots" "$(api POST /api/games "" "$(bots random)")" 201
quick=$(jq -r .id "$tmp/body")
for _ in $(seq 1 6000); do # until it ends (the bound of 10 minutes only catches a hang)
    [ "$(curl -s "$a_url/api/games/$quick" | jq -r .status)" = finished ] && break
    sleep 0.1
done
quick_version=$(curl -s "$a_url/api/games/$quick" | jq -r .version)
slow_version=$(curl -s "$a_url/api/games/$slow" | jq -r .version)
[ "$(curl -s "$a_url/api/games/$quick" | jq -r .status)" = finished ] ||
    fail "the random bots' game did not end beside the slow one (state $quick_version; slow game: $slow_version)"
[ "$slow_version" -lt 60 ] || fail "the slow game is at state $slow_version: was the quick one waiting behind it?"
serve_stop a

# a bot that chooses whole turns (Tzolk'in's greedy: a turn planned at its
# first decision) plays the rest of its turn from that plan, unthought
# (bot_moves_in_turn), and the game it plays so is a whole, replayable one
serve_start a "$tmp/turns.db" --bot-threads 1 || exit 1
expect "a Tzolk'in game of whole-turn bots" \
    "$(api POST /api/games "" '{"game": "tzolkin", "players": 2, "seats": [{"type": "bot", "bot": "greedy"}, {"type": "bot", "bot": "greedy"}]}')" 201
turns_game=$(jq -r .id "$tmp/body")
for _ in $(seq 1 6000); do # until it ends (the bound of 10 minutes only catches a hang)
    [ "$(curl -s "$a_url/api/games/$turns_game" | jq -r .status)" = finished ] && break
    sleep 0.1
done
[ "$(curl -s "$a_url/api/games/$turns_game" | jq -r .status)" = finished ] || fail "the whole-turn bots' game did not end"
[ "$(curl -s "$a_url/api/stats" | jq -r .bot_moves_in_turn)" -gt 0 ] ||
    fail "no bot action was played from a turn chosen before: $(curl -s "$a_url/api/stats")"
curl -s -o "$tmp/turns.rec" "$a_url/api/games/$turns_game/record"
"$maya" replay "$tmp/turns.rec" > "$tmp/turns.out" 2>&1 || fail "the whole-turn bots' record does not replay: $(tail -n 3 "$tmp/turns.out")"
serve_stop a

# the database address is shown without its password (PostgreSQL's trust
# authentication here takes any)
pg_start || { fail "PostgreSQL does not start"; exit 1; }
secret_url=$(echo "$MAYA_PG_URL" | sed 's|://\([^@]*\)@|://\1:not-to-be-shown@|')
serve_start a "$secret_url?password=nor-this" || exit 1
grep -q "not-to-be-shown\|nor-this" "$tmp/a.log" && fail "the password is printed: $(head -n 3 "$tmp/a.log")"
grep -q "listening on .*:\*\*\*@.*password=\*\*\*" "$tmp/a.log" || fail "the address is not shown masked: $(head -n 3 "$tmp/a.log")"
serve_stop a
exit $failed
