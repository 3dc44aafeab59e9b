#!/bin/sh
# play_hints.sh -- hints and difficulty levels in "maya play --plain": hint
# lists the strong bot's best actions for the person to act, each with its
# chance to win; hint N plays the Nth (the saved record holds exactly that
# action); hint with a bad N or in a game with --no-hints is refused and
# changes nothing; levels (beginner, casual, strong, expert, with options)
# are accepted in --seats, an unknown name is refused with the list of
# levels. Tzolk'in (hidden wealth tiles: the hint comes from the seat's own
# observation) and Tikal.
# $MAYA is the maya binary (default build/san/maya).
test_name=play_hints
. "$(dirname "$0")/../lib/cli.sh"

# hints GAME SEED: hint, hint 9 (refused), hint 1, save; checks the record.
hints() {
    game=$1
    printf 'hint\nhint 9\nhint 1\nsave %s\nquit\n' "$tmp/$game.rec" |
        "$maya" play "$game" --plain --players 2 --seats human,casual --seed "$2" >"$tmp/$game.out" 2>"$tmp/$game.err"
    grep -q "the strong bot's best actions:" "$tmp/$game.out" || fail "$game: hint lists no actions"
    listed=$(grep -c '^  [1-3]\. .*% to win)$' "$tmp/$game.out")
    [ "$listed" -ge 2 ] && [ "$listed" -le 3 ] || fail "$game: hint lists $listed actions, not 2-3"
    grep -q "usage: hint, or hint N with N from 1 to" "$tmp/$game.out" || fail "$game: hint 9 is not refused"
    first=$(sed -n 's/^  1\. \(.*\) ([0-9]*% to win)$/\1/p' "$tmp/$game.out" | head -n 1)
    [ -n "$first" ] || fail "$game: no first hint"
    grep -qx "1 $first" "$tmp/$game.rec" || fail "$game: hint 1 did not play \"$first\" (record: $(grep -v '^\[' "$tmp/$game.rec" | head -3))"
    [ -s "$tmp/$game.err" ] && fail "$game: wrote to stderr: $(head -3 "$tmp/$game.err")"
    echo "$game: hint 1 played $first"
}

hints tzolkin 3
hints tikal 4

# --no-hints: refused, and the game goes on.
printf 'hint\nquit\n' | "$maya" play tzolkin --plain --players 2 --seats human,casual --seed 3 --no-hints >"$tmp/off.out" 2>&1
grep -q "hints are off in this game" "$tmp/off.out" || fail "--no-hints: hint is not refused"
grep -q "best actions" "$tmp/off.out" && fail "--no-hints: hints shown anyway"

# Levels by name in --seats, with options; an unknown name is refused.
printf 'quit\n' | "$maya" play tikal --plain --players 3 --seats human,beginner,expert:seed=3 --seed 1 >"$tmp/levels.out" 2>&1 ||
    fail "levels: beginner and expert:seed=3 refused: $(tail -2 "$tmp/levels.out")"
if "$maya" play tikal --plain --players 2 --seats human,grandmaster </dev/null >"$tmp/bad.out" 2>&1; then
    fail "levels: an unknown level is accepted"
fi
grep -q "unknown bot (random, greedy, mcts or a level: beginner, casual, strong, expert): grandmaster" "$tmp/bad.out" ||
    fail "levels: the refusal does not list the levels: $(cat "$tmp/bad.out")"
[ "$failed" -eq 0 ] && echo "play_hints: hints, hint N, --no-hints, levels"
exit $failed
