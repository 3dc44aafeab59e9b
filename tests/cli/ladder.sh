#!/bin/sh
# ladder.sh -- maya ladder: a small ladder of three cheap levels prints one
# line per level (Elo and interval, games, win rate against the level
# below, time columns; a level that lost every game against another is
# marked capped), the first at Elo 0; writes the records of each pair (each
# replays to its Result), results.csv (one line per game) and ladder.csv;
# the same seed gives the same results.csv and ratings with one job or two;
# three seats work too; a bad level, too few levels and a bad number are
# usage errors (exit 2) that write nothing.
# $MAYA is the maya binary (default build/san/maya).
test_name=ladder
. "$(dirname "$0")/../lib/cli.sh"

levels="random,greedy:beam=1,greedy:beam=2"
"$maya" ladder tikal --games 4 --levels "$levels" --seed 3 --jobs 2 --out "$tmp/a" >"$tmp/a.out" 2>"$tmp/a.err" ||
    fail "ladder failed: $(cat "$tmp/a.err")"
grep -q '^tikal 2p-basic ladder: 3 levels, 3 pairs, 10 games, seed 3' "$tmp/a.out" || fail "no heading: $(head -1 "$tmp/a.out")"
grep -q '^level  *spec  *Elo  *95% CI  *games  *win rate vs below  *ms/move  *max ms/turn$' "$tmp/a.out" ||
    fail "no column heads"
grep -q '^random  *random  *+0  *\[+0, +0\]  *6  *-  *[0-9.]*  *[0-9]*  *capped: lost all vs greedy:beam=1' "$tmp/a.out" ||
    fail "the first level is not at 0 with its 6 games, capped: it lost every game"
grep -q '^greedy:beam=1  *greedy:beam=1  *[-+][0-9]*  *\[[-+][0-9]*, [-+][0-9]*\]  *8  *[0-9.]*% \[[0-9.]*, [0-9.]*\]  *[0-9.]*  *[0-9]*' "$tmp/a.out" ||
    fail "no line of the middle level with 8 games and its win rate against the first"
grep -q '^greedy:beam=2 ' "$tmp/a.out" || fail "no line of the last level"
[ "$(ls "$tmp/a"/pair-*/games/*.rec | wc -l)" -eq 10 ] || fail "expected 10 records"
[ "$(wc -l <"$tmp/a/results.csv")" -eq 11 ] || fail "expected 10 CSV lines (one per game) and a header"
head -1 "$tmp/a/results.csv" | grep -q '^pair,game,seed,level1,level2,score1,score2,winners$' || fail "results.csv header"
grep -q '^1,2,3,"greedy:beam=1","random",[0-9-]*,[0-9-]*,[12+]*$' "$tmp/a/results.csv" || fail "results.csv: pair 1 game 2"
[ "$(wc -l <"$tmp/a/ladder.csv")" -eq 4 ] || fail "expected 3 ladder lines and a header"
head -1 "$tmp/a/ladder.csv" | grep -q '^level,spec,elo,low,high,games,wins$' || fail "ladder.csv header"
grep -q '^"random","random",0.0,0.0,0.0,6,' "$tmp/a/ladder.csv" || fail "ladder.csv: the first level"
check_replays "$tmp"/a/pair-1/games/*.rec
grep -q '^\[Seat1 "random"\]' "$tmp/a/pair-1/games/game-00001.rec" || fail "pair 1 game 1 seat 1"
grep -q '^\[Seat1 "greedy:beam=1"\]' "$tmp/a/pair-1/games/game-00002.rec" || fail "pair 1 game 2: seats rotate"

# the same seed again, with one job: the same games and ratings
"$maya" ladder tikal --games 4 --levels "$levels" --seed 3 --jobs 1 --out "$tmp/b" >/dev/null 2>&1 || fail "ladder --jobs 1 failed"
cmp -s "$tmp/a/results.csv" "$tmp/b/results.csv" || fail "--jobs 1 and 2 played different games"
cmp -s "$tmp/a/ladder.csv" "$tmp/b/ladder.csv" || fail "--jobs 1 and 2 gave different ratings"

# three seats: two of one level and one of the other, in turn
"$maya" ladder tzolkin --players 3 --games 2 --levels random,greedy:beam=1 --seed 2 --jobs 2 --out "$tmp/t" \
    >"$tmp/t.out" 2>"$tmp/t.err" || fail "3-seat ladder failed: $(cat "$tmp/t.err")"
grep -q '^tzolkin 3p ladder: 2 levels, 1 pairs, 2 games' "$tmp/t.out" || fail "3-seat heading: $(head -1 "$tmp/t.out")"
grep -q '^1,1,2,"random","greedy:beam=1","random",' "$tmp/t/results.csv" || fail "3-seat results.csv"

# refusals
"$maya" ladder tikal --games 4 --levels random,grandmaster --out "$tmp/c" >/dev/null 2>"$tmp/c.err"
[ $? -eq 2 ] || fail "an unknown level must be a usage error"
grep -q "unknown bot.*grandmaster" "$tmp/c.err" || fail "the refusal does not say why: $(cat "$tmp/c.err")"
"$maya" ladder tikal --levels random --out "$tmp/c" >/dev/null 2>&1
[ $? -eq 2 ] || fail "one level must be a usage error"
"$maya" ladder tikal --games 1 --out "$tmp/c" >/dev/null 2>&1
[ $? -eq 2 ] || fail "--games 1 must be a usage error"
"$maya" ladder tikal --players 5 --out "$tmp/c" >/dev/null 2>&1
[ $? -eq 2 ] || fail "--players 5 must be a usage error"
[ -e "$tmp/c" ] && fail "a refused ladder wrote $tmp/c"
[ "$failed" -eq 0 ] && echo "ladder: table, files, determinism, three seats, refusals"
exit $failed
