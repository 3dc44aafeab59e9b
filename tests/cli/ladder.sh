#!/bin/sh
# ladder.sh -- maya ladder: a small ladder of three cheap levels prints one
# line per level (Elo and interval, games, score against the level below,
# time columns), the first at Elo 0; writes the records of each pair (each
# replays to its Result), results.csv and ladder.csv; the same seed gives
# the same games with one job or two; a bad level, too few levels and a
# bad number are usage errors (exit 2) that write nothing.
# $MAYA is the maya binary (default build/san/maya).
test_name=ladder
. "$(dirname "$0")/../lib/cli.sh"

levels="random,greedy:beam=1,greedy:beam=2"
"$maya" ladder tikal --games 4 --levels "$levels" --seed 3 --jobs 2 --out "$tmp/a" >"$tmp/a.out" 2>"$tmp/a.err" ||
    fail "ladder failed: $(cat "$tmp/a.err")"
grep -q '^tikal 2p-basic ladder: 3 levels, 3 pairs, 10 games, seed 3' "$tmp/a.out" || fail "no heading: $(head -1 "$tmp/a.out")"
grep -q '^level  *spec  *Elo  *95% CI  *games  *score vs the level below  *ms/move  *max turn$' "$tmp/a.out" ||
    fail "no column heads"
grep -q '^random  *random  *+0  *\[+0, +0\]  *6  *- ' "$tmp/a.out" || fail "the first level is not at 0 with its 6 games"
grep -q '^greedy:beam=1  *greedy:beam=1  *[-+][0-9]*  *\[[-+][0-9]*, [-+][0-9]*\]  *8  *[0-9.]*% \[' "$tmp/a.out" ||
    fail "no line of the middle level with 8 games and its score against the first"
grep -q '^greedy:beam=2 ' "$tmp/a.out" || fail "no line of the last level"
[ "$(ls "$tmp/a"/pair-*/games/*.rec | wc -l)" -eq 10 ] || fail "expected 10 records"
[ "$(wc -l <"$tmp/a/results.csv")" -eq 21 ] || fail "expected 20 CSV lines and a header"
[ "$(wc -l <"$tmp/a/ladder.csv")" -eq 4 ] || fail "expected 3 ladder lines and a header"
head -1 "$tmp/a/ladder.csv" | grep -q '^level,spec,elo,low,high,games,wins$' || fail "ladder.csv header"
for rec in "$tmp"/a/pair-1/games/*.rec; do
    want=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$rec")
    got=$("$maya" replay "$rec" | sed -n 's/^Result "\(.*\)"$/\1/p')
    [ -n "$want" ] && [ "$want" = "$got" ] || fail "$rec replays to \"$got\", not \"$want\""
done
grep -q '^\[Seat1 "random"\]' "$tmp/a/pair-1/games/game-00001.rec" || fail "pair 1 game 1 seat 1"
grep -q '^\[Seat1 "greedy:beam=1"\]' "$tmp/a/pair-1/games/game-00002.rec" || fail "pair 1 game 2: seats rotate"

# the same games with one job (the time columns aside)
"$maya" ladder tikal --games 4 --levels "$levels" --seed 3 --jobs 1 --out "$tmp/b" >/dev/null 2>&1 || fail "ladder --jobs 1 failed"
cut -d, -f1-7 "$tmp/a/results.csv" >"$tmp/a.csv"
cut -d, -f1-7 "$tmp/b/results.csv" >"$tmp/b.csv"
cmp -s "$tmp/a.csv" "$tmp/b.csv" || fail "--jobs 1 and 2 played different games"
cmp -s "$tmp/a/ladder.csv" "$tmp/b/ladder.csv" || fail "--jobs 1 and 2 gave different ratings"

# refusals
"$maya" ladder tikal --games 4 --levels random,grandmaster --out "$tmp/c" >/dev/null 2>"$tmp/c.err"
[ $? -eq 2 ] || fail "an unknown level must be a usage error"
grep -q "unknown bot" "$tmp/c.err" || fail "the refusal does not say why: $(cat "$tmp/c.err")"
"$maya" ladder tikal --levels random --out "$tmp/c" >/dev/null 2>&1
[ $? -eq 2 ] || fail "one level must be a usage error"
"$maya" ladder tikal --games 1 --out "$tmp/c" >/dev/null 2>&1
[ $? -eq 2 ] || fail "--games 1 must be a usage error"
[ -e "$tmp/c" ] && fail "a refused ladder wrote $tmp/c"
[ "$failed" -eq 0 ] && echo "ladder: table, files, determinism, refusals"
exit $failed
