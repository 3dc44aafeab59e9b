#!/bin/sh
# bench_signature.sh -- pins the engines' bench signatures: the action and
# legal-action counts of a fixed seeded workload of random games (50 per
# player count and variant, seed 1) with `maya bench`. Any change of what is
# legal, of the order of listed actions or of a rule's effect changes them,
# so an accidental rules change fails here (docs/bench.md explains the full
# workload's figures). A wrong game name and a negative --perft must fail
# with a clear error. The MCTS lines give wall and CPU time.
MAYA=${MAYA:-build/maya}
fail=0
expect() {
    game=$1
    want=$2
    got=$("$MAYA" bench "$game" --games 50 --perft 0 --mcts 0 | grep '^signature:')
    if [ "$got" != "signature: $want" ]; then
        echo "bench_signature: $game: got '$got', expected 'signature: $want'"
        fail=1
    fi
}
expect tikal "123712 actions, 2017353 legal"
expect tzolkin "40872 actions, 179235 legal"
if "$MAYA" bench nosuchgame --games 1 --perft 0 --mcts 0 >/dev/null 2>&1; then
    echo "bench_signature: an unknown game was accepted"
    fail=1
fi
if out=$("$MAYA" bench tikal --games 1 --perft -1 --mcts 0 2>&1) || ! echo "$out" | grep -q -- "--perft"; then
    echo "bench_signature: --perft -1 was not refused with a reason: $out"
    fail=1
fi
# The MCTS lines: every setting's iterations (8 positions of 1000: at a
# million iterations a second still 8 ms, printed to the millisecond), and
# the CPU time of the search's threads beside the wall time, both above 0;
# two threads twice: from one count and in fixed shares.
mcts=$("$MAYA" bench tzolkin --games 1 --perft 0 --mcts 1000 | grep -E '^[234]p eval=')
lines=$(echo "$mcts" | awk 'NF >= 7 && $(NF-4) == 8000 && $(NF-3) > 0 && $(NF-1) > 0 && $NF > 0' | wc -l)
if [ "$lines" -ne 8 ]; then
    echo "bench_signature: expected 8 MCTS lines of 8000 iterations with wall and CPU time, got: $mcts"
    fail=1
fi
[ "$fail" -eq 0 ] && echo "bench_signature: ok"
exit "$fail"
