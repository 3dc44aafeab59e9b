#!/bin/sh
# strategies.sh -- scripts/tzolkin-strategies on a conformance record
# (tests/tzolkin_records/tzolkin-2p-1.rec): the seats' mean score and
# workers, the workers a placing turn places (48 "place" lines in 31
# placing turns), the workers a pick-up turn picks up (37 "pick" lines in
# 19 pick-up turns, from positions summing to 89) and the six positions
# most picked up at with their counts (ties in name order), all counted by
# hand from the record's lines (Z23); two copies of the record give the
# same means; no record is a usage error (exit 2).
# $MAYA is the maya binary (default build/san/maya).
test_name=strategies
. "$(dirname "$0")/../lib/cli.sh"

script=$root/scripts/tzolkin-strategies
rec=$root/tests/tzolkin_records/tzolkin-2p-1.rec
sh "$script" --maya "$maya" "$rec" >"$tmp/one" 2>"$tmp/err" || fail "the script failed: $(cat "$tmp/err")"
grep -q '^seats 2: mean score -7.5; workers 3.00 (4th worker 0%, 5th 0%);$' "$tmp/one" ||
    fail "no seats line of 2 seats at -7.5: $(head -1 "$tmp/one")"
grep -q '^workers placed per placing turn 1.55 (31 turns)$' "$tmp/one" || fail "placements: $(cat "$tmp/one")"
picks='workers picked up per pick-up turn 1.95 (19 turns), from position 2.41 on average;'
grep -qx "$picks most picked up at: PAL2 5, YAX2 4, CHI1 3, PAL1 3, PAL3 3, TIK3 2" "$tmp/one" ||
    fail "pick-ups: $(grep pick "$tmp/one")"
sh "$script" --maya "$maya" "$rec" "$rec" >"$tmp/two" 2>"$tmp/err" || fail "two records: $(cat "$tmp/err")"
grep -q '^workers picked up per pick-up turn 1.95 (38 turns),' "$tmp/two" &&
    grep -q 'most picked up at: PAL2 10, YAX2 8,' "$tmp/two" ||
    fail "two copies do not double the counts: $(grep pick "$tmp/two")"
sh "$script" --maya "$maya" >/dev/null 2>&1
[ $? -eq 2 ] || fail "no record is not a usage error"
[ "$failed" -eq 0 ] && echo "strategies: placements, pick-ups and their positions of a record, two records, usage"
exit $failed
