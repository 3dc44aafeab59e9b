#!/bin/sh
# tournament.sh -- maya tournament and maya selfplay --bots: a small
# tournament writes its table, one record per game (each replays to its
# Result), a CSV with one line per seat and an SVG; selfplay with bots
# writes their specs in the Seat tags; Tikal eval=v2 plays the games of
# eval=v1 at 3 and 4 players; bad bot lists are usage errors.
# $MAYA is the maya binary (default build/san/maya).
test_name=tournament
. "$(dirname "$0")/../lib/cli.sh"
fail() { echo "tournament: $*" >&2; exit 1; }

"$maya" tournament tzolkin --players 3 --bots greedy:beam=2,random --games 4 --jobs 2 --seed 5 \
    --out "$tmp/t" >"$tmp/out" 2>"$tmp/err" || fail "tournament failed: $(cat "$tmp/err")"
grep -q '^greedy:beam=2 ' "$tmp/out" || fail "no greedy line in the table"
grep -q '^random ' "$tmp/out" || fail "no random line in the table"
[ "$(ls "$tmp/t/games" | wc -l)" -eq 4 ] || fail "expected 4 records"
[ "$(wc -l <"$tmp/t/results.csv")" -eq 13 ] || fail "expected 12 CSV lines and a header"
grep -q '^<svg' "$tmp/t/scores.svg" || fail "no SVG"
grep -q '</svg>' "$tmp/t/scores.svg" || fail "SVG not closed"
cmp -s "$tmp/t/summary.txt" "$tmp/out" 2>/dev/null || head -n 4 "$tmp/out" | cmp -s - "$tmp/t/summary.txt" ||
    fail "summary.txt differs from the table"
check_replays "$tmp"/t/games/*.rec
# Seats rotate: game 1 has greedy in seat 1, game 2 random in seat 1.
grep -q '^\[Seat1 "greedy:beam=2"\]' "$tmp/t/games/game-00001.rec" || fail "game 1 seat 1"
grep -q '^\[Seat1 "random"\]' "$tmp/t/games/game-00002.rec" || fail "game 2 seat 1"

"$maya" selfplay tikal --players 2 --seed 4 --bots "mcts:iterations=8,nodes=500,greedy:beam=2" \
    --date 2026-01-01 --out "$tmp/s.rec" >/dev/null || fail "selfplay with bots failed"
grep -q '^\[Seat1 "mcts:iterations=8,nodes=500"\]' "$tmp/s.rec" || fail "Seat1 tag"
grep -q '^\[Seat2 "greedy:beam=2"\]' "$tmp/s.rec" || fail "Seat2 tag"
# Tikal's v2 at 3 and 4 players (blocks of zero corrections) is v1's
# estimate itself (eval_hook.v1_blocks): the same seeded games, move for move
for players in 3 4; do
    for version in v1 v2; do
        "$maya" selfplay tikal --players $players --variant auction --seed 4 --bots mcts:iterations=30,eval=$version \
            --date 2026-01-01 --out "$tmp/$version.rec" >/dev/null || fail "selfplay $players players eval=$version failed"
    done
    [ "$(grep -v '^\[Seat' "$tmp/v1.rec")" = "$(grep -v '^\[Seat' "$tmp/v2.rec")" ] ||
        fail "eval=v2 played another game than eval=v1 at $players players"
done
"$maya" selfplay tikal --players 3 --seed 4 --bots random,greedy >/dev/null 2>&1
[ $? -eq 2 ] || fail "two specs for three seats must be a usage error"
"$maya" tournament tikal --players 2 --bots clever --out "$tmp/x" >/dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown bot must be a usage error"
exit 0
