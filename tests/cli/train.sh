#!/bin/sh
# train.sh -- maya train: a tiny run with TD(lambda) targets (--lambda)
# writes weights whose header names the exact command, --lambda included,
# and which a second run loads with --from; a --lambda outside 0..1000 is a
# usage error (exit 2) that names the option and writes no weights.
# $MAYA is the maya binary (default build/san/maya).
test_name=train
. "$(dirname "$0")/../lib/cli.sh"

"$maya" train tzolkin --generations 1 --games 3 --iterations 8 --lambda 900 --seed 2 --jobs 1 \
    --out "$tmp/w.txt" >"$tmp/a.out" 2>"$tmp/a.err" || fail "train failed: $(cat "$tmp/a.err")"
grep -q '^# made by: maya train tzolkin --generations 1 --games 3 --iterations 8 .*--lambda 900 --seed 2' "$tmp/w.txt" ||
    fail "the weights' header does not name the command: $(grep 'made by' "$tmp/w.txt")"
grep -q '^model tzolkin ' "$tmp/w.txt" || fail "no model line in the weights"
"$maya" train tzolkin --generations 1 --games 1 --iterations 8 --seed 3 --jobs 1 --from "$tmp/w.txt" \
    --out "$tmp/w2.txt" >/dev/null 2>"$tmp/b.err" || fail "the weights do not load with --from: $(cat "$tmp/b.err")"

"$maya" train tzolkin --lambda 1001 --out "$tmp/bad.txt" >/dev/null 2>"$tmp/bad.err"
[ $? -eq 2 ] || fail "--lambda 1001 is not a usage error"
grep -q -- '--lambda' "$tmp/bad.err" || fail "the error does not name --lambda: $(cat "$tmp/bad.err")"
[ ! -e "$tmp/bad.txt" ] || fail "a refused run wrote weights"

[ "$failed" -eq 0 ] && echo "train: TD(lambda) run, its weights and command, loading them, a bad --lambda refused"
exit $failed
