#!/bin/sh
# compare.sh -- maya compare: two tournaments of the same seeds paired game
# by game (directories or results.csv files, or several pooled: a game two
# runs played counted once), their means the CSVs' own, a run against
# itself differs by nothing, --bot keeps one bot's seats (in either seat
# order); runs of other seat counts, a missing or malformed file (with its
# line), runs of other games of one seed pooled, no game of the bot, an
# empty path, more than 64 runs a side and a missing argument are refused.
# $MAYA is the maya binary (default build/san/maya).
test_name=compare
. "$(dirname "$0")/../lib/cli.sh"

for run in "a random" "b greedy" "c greedy,random" "d random,greedy"; do
    set -- $run
    "$maya" tournament tikal --players 2 --bots "$2" --games 6 --seed 3 --jobs 1 --out "$tmp/$1" >/dev/null 2>&1 ||
        fail "tournament $2 failed"
done
"$maya" tournament tikal --players 2 --bots random --games 6 --seed 6 --jobs 1 --out "$tmp/later" >/dev/null 2>&1 ||
    fail "tournament of seed 6 failed"
"$maya" tournament tikal --players 3 --bots random --games 3 --seed 3 --jobs 1 --out "$tmp/three" >/dev/null 2>&1 ||
    fail "3-player tournament failed"
# the mean of the seats' scores in a results.csv (of bot $2 only if given)
mean() {
    awk -F, -v bot="${2:-}" 'NR > 1 && (bot == "" || $5 == "\"" bot "\"") { s += $6; n++ }
        END { printf "%.2f", s / n }' "$1"
}

"$maya" compare "$tmp/a" "$tmp/b" >"$tmp/out" 2>"$tmp/err" || fail "compare failed: $(cat "$tmp/err")"
grep -q '^6 games paired by seed and seat rotation (unpaired: 0 of base, 0 of new)$' "$tmp/out" ||
    fail "not 6 games paired: $(cat "$tmp/out")"
grep -q "^base  *$(mean "$tmp/a/results.csv") a seat  $tmp/a/results.csv\$" "$tmp/out" ||
    fail "base's mean is not its CSV's $(mean "$tmp/a/results.csv"): $(cat "$tmp/out")"
grep -q "^new  *$(mean "$tmp/b/results.csv") a seat  $tmp/b/results.csv\$" "$tmp/out" ||
    fail "new's mean is not its CSV's $(mean "$tmp/b/results.csv")"
grep -q '^new - base  *[+-][0-9.]* \[[+-][0-9.]*, [+-][0-9.]*\] 95%, sd [0-9.]*; new higher in [0-9]* games' \
    "$tmp/out" || fail "no difference line: $(cat "$tmp/out")"
"$maya" compare "$tmp/b/results.csv" "$tmp/b" >"$tmp/out" || fail "a results.csv file was not read"
grep -q '^new - base  *+0.00 \[+0.00, +0.00\] 95%, sd 0.00; new higher in 0 games, lower in 0, equal in 6$' \
    "$tmp/out" || fail "a run against itself differs: $(cat "$tmp/out")"
"$maya" compare --bot greedy "$tmp/c" "$tmp/d" >"$tmp/out" || fail "compare --bot failed"
grep -q '^6 games paired' "$tmp/out" && grep -q "^base  *$(mean "$tmp/c/results.csv" greedy) a seat" "$tmp/out" &&
    grep -q "^new  *$(mean "$tmp/d/results.csv" greedy) a seat" "$tmp/out" ||
    fail "--bot greedy did not pair greedy's seats alone: $(cat "$tmp/out")"
# runs pooled: seeds 3-8 and 6-11 share three games, counted once
"$maya" compare "$tmp/a,$tmp/later" "$tmp/b" >"$tmp/out" || fail "compare of pooled runs failed"
pooled='^6 games paired by seed and seat rotation (unpaired: 3 of base, 0 of new; '
pooled="${pooled}played again by another run, counted once: 3 of base, 0 of new)\$"
grep -q "$pooled" "$tmp/out" || fail "pooled runs: $(cat "$tmp/out")"
grep -q "^base .* a seat  $tmp/a/results.csv, $tmp/later/results.csv\$" "$tmp/out" || fail "pooled runs not named"

refused() { # STATUS MESSAGE ARGUMENTS...: compare refused with that status, saying that
    want_status=$1 want=$2
    shift 2
    "$maya" compare "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    [ "$status" -eq "$want_status" ] || fail "compare $* exited $status, not $want_status"
    grep -q "$want" "$tmp/err" || fail "compare $*: no \"$want\" in: $(cat "$tmp/err")"
    [ -s "$tmp/out" ] && fail "compare $* printed results: $(cat "$tmp/out")"
}
refused 1 'not the same tournament' "$tmp/a" "$tmp/three"
refused 1 "cannot read $tmp/none: No such file" "$tmp/a" "$tmp/none"
sed '4s/,"random",[0-9-]*,/,"random",x,/' "$tmp/a/results.csv" >"$tmp/bad.csv"
refused 1 'bad.csv: line 4: not a seat' "$tmp/a" "$tmp/bad.csv"
refused 1 'no game with a seat of the bot greedy' --bot greedy "$tmp/a" "$tmp/b"
refused 1 'seed 3, rotation 0: another game in .*b/results.csv (line 2) than in .*a/results.csv (line 2)' \
    "$tmp/a,$tmp/b" "$tmp/c"
refused 2 'an empty path' "$tmp/a," "$tmp/b"
runs=$tmp/a
for i in $(seq 63); do runs="$runs,$tmp/a"; done # 64 runs, COMPARE_RUNS_MAX: pooled, each game once
"$maya" compare "$runs" "$tmp/b" 2>&1 | grep -q 'counted once: 378 of base' || fail "64 runs of a side not pooled"
refused 2 'more than 64 runs' "$runs,$tmp/a" "$tmp/b"
refused 2 'BASE and NEW are required' "$tmp/a"
exit $failed
