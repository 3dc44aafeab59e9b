#!/bin/sh
# golden.sh -- golden playthroughs: every tests/golden/GAME-Np[-VARIANT]-seedS.rec
# was written by "maya selfplay GAME --players N [--variant VARIANT] --seed S
# --date D --out FILE" (D = its Date tag), and selfplay must still write it
# byte for byte: a change in an engine's rules or move order, in the random
# bot, in chance sampling or in the record writer shows up here. After a
# deliberate change, write the files again with that command and review
# the diff.
# $MAYA is the maya binary (default build/san/maya).
test_name=golden
. "$(dirname "$0")/../lib/cli.sh"
count=0
for golden in "$root"/tests/golden/*.rec; do
    [ -f "$golden" ] || continue
    count=$((count + 1))
    name=$(basename "$golden" .rec)
    game=${name%%-*}
    rest=${name#*-}
    players=${rest%%p-*}
    seed=${name##*-seed}
    rest=${rest#*p-}
    variant=${rest%-seed*}
    [ "$variant" = "$rest" ] && variant=""
    [ "$variant" = "seed$seed" ] && variant=""
    date=$(sed -n 's/^\[Date "\(.*\)"\]$/\1/p' "$golden")
    set -- "$game" --players "$players" --seed "$seed" --date "$date" --out "$tmp/now.rec"
    [ -n "$variant" ] && set -- "$@" --variant "$variant"
    if ! "$maya" selfplay "$@" >/dev/null; then
        echo "golden: maya selfplay $* failed" >&2
        failed=1
        continue
    fi
    if ! cmp -s "$golden" "$tmp/now.rec"; then
        echo "golden: $name differs from maya selfplay $*:" >&2
        diff "$golden" "$tmp/now.rec" | head -n 10 >&2
        failed=1
    fi
done
if [ "$count" -eq 0 ]; then
    echo "golden: no golden records in tests/golden" >&2
    failed=1
fi
exit $failed
