#!/bin/sh
# replay_records.sh -- maya replay on records: every reference record of
# ../shared/records (written by another implementation; skipped when that
# folder is absent) replays and its output ends with Result "<its Result
# tag>"; selfplay records of every setting replay to the same actions and
# Result; a broken record is refused with FILE:LINE: and exit status 1;
# usage errors exit with status 2.
# Run from anywhere; $MAYA is the maya binary (default build/san/maya).
test_name=replay_records
. "$(dirname "$0")/../lib/cli.sh"
# The Result tag of a record file.
result_tag() {
    sed -n 's/^\[Result "\(.*\)"\].*$/\1/p' "$1"
}

# Reference records.
records=$root/../shared/records
if [ -d "$records" ]; then
    count=0
    for r in "$records"/*.rec; do
        [ -f "$r" ] || continue
        count=$((count + 1))
        if ! "$maya" replay "$r" >"$tmp/out" 2>"$tmp/err"; then
            fail "$r does not replay: $(cat "$tmp/err")"
            continue
        fi
        last=$(tail -n 1 "$tmp/out")
        want="Result \"$(result_tag "$r")\""
        [ "$last" = "$want" ] || fail "$r: last line '$last', expected '$want'"
        # The printed actions are the record's own lines.
        sed '1,/^$/d' "$r" | grep -v '^;' | sed 's/ *;.*$//' | grep -v '^ *$' >"$tmp/body"
        sed '$d' "$tmp/out" | cmp -s - "$tmp/body" || fail "$r: replayed actions differ from the record"
    done
    [ "$count" -gt 0 ] || fail "no records in $records"
else
    echo "replay_records: no $records, reference replays skipped"
fi

# Selfplay then replay, every setting of tikal, and tzolkin when registered.
settings="tikal:2:basic tikal:3:basic tikal:4:basic tikal:2:auction tikal:3:auction tikal:4:auction"
if "$maya" help | grep -q tzolkin; then
    settings="$settings tzolkin:2: tzolkin:4:"
fi
seed=11
for s in $settings; do
    game=${s%%:*}
    rest=${s#*:}
    players=${rest%%:*}
    variant=${rest#*:}
    seed=$((seed + 1))
    set -- --players "$players" --seed "$seed" --date 2026-01-01 --out "$tmp/self.rec"
    [ -n "$variant" ] && set -- "$@" --variant "$variant"
    if ! "$maya" selfplay "$game" "$@" >"$tmp/summary"; then
        fail "selfplay $game $* failed"
        continue
    fi
    grep -q '^; final scores ' "$tmp/summary" || fail "selfplay $game: no final scores line"
    if ! "$maya" replay "$tmp/self.rec" >"$tmp/out" 2>"$tmp/err"; then
        fail "selfplay record of $game $* does not replay: $(cat "$tmp/err")"
        continue
    fi
    [ "$(tail -n 1 "$tmp/out")" = "Result \"$(result_tag "$tmp/self.rec")\"" ] ||
        fail "selfplay $game $*: replay Result differs from the record"
    sed '1,/^$/d' "$tmp/self.rec" >"$tmp/body"
    sed '$d' "$tmp/out" | cmp -s - "$tmp/body" || fail "selfplay $game $*: replayed actions differ"
    "$maya" replay --legal --board "$tmp/self.rec" >"$tmp/verbose" 2>&1 || fail "replay --legal --board failed"
    grep -q '^  legal: ' "$tmp/verbose" || fail "replay --legal prints no legal actions"
    [ "$(tail -n 1 "$tmp/verbose")" = "$(tail -n 1 "$tmp/out")" ] || fail "replay --legal --board: last line differs"
    # --points: the start and the points of each kind add up to the Result
    "$maya" replay --points "$tmp/self.rec" >"$tmp/points" 2>&1 || fail "replay --points failed"
    [ "$(tail -n 1 "$tmp/points")" = "$(tail -n 1 "$tmp/out")" ] || fail "replay --points: last line differs"
    grep -q '^points start:' "$tmp/points" || fail "replay --points: no start line"
    [ "$(grep -c '^points ' "$tmp/points")" -ge 3 ] || fail "replay --points: fewer than two kinds of points"
    sums=$(awk '/^points / { sub(/^[^:]*: /, ""); for (i = 1; i <= NF; i++) sum[i] += $i; n = NF }
        END { for (i = 1; i <= n; i++) printf (i > 1 ? " %d" : "%d"), sum[i] }' "$tmp/points")
    [ "Result \"$sums\"" = "$(tail -n 1 "$tmp/out")" ] || fail "replay --points $game $*: sums $sums, not the Result"
done

# Without --out the record goes to stdout, still a valid record.
"$maya" selfplay tikal --players 2 --seed 5 >"$tmp/stdout.rec" || fail "selfplay to stdout failed"
"$maya" replay "$tmp/stdout.rec" >/dev/null 2>&1 || fail "selfplay stdout is not a record"
grep -q '^\[Date "[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]"\]$' "$tmp/stdout.rec" || fail "selfplay: no Date tag of today"

# A broken record: line 12 made illegal.
"$maya" selfplay tikal --players 2 --variant basic --seed 3 --out "$tmp/good.rec" >/dev/null
awk 'NR == 12 { print "1 dig h9"; next } { print }' "$tmp/good.rec" >"$tmp/bad.rec"
"$maya" replay "$tmp/bad.rec" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "broken record: exit status $status, expected 1"
grep -q "^$tmp/bad.rec:12: " "$tmp/err" || fail "broken record: message '$(cat "$tmp/err")' lacks FILE:12:"
"$maya" replay "$tmp/missing.rec" 2>"$tmp/err"
[ $? -eq 1 ] || fail "missing file: exit status not 1"
grep -q "^$tmp/missing.rec: " "$tmp/err" || fail "missing file: no FILE: message"

# Usage errors exit 2, help exits 0.
for args in "frobnicate" "replay" "replay --nope x.rec" "selfplay tikal --players 2" \
    "selfplay chess --players 2 --seed 1" "selfplay tikal --players 9 --seed 1" \
    "selfplay tikal --players 2 --seed 1 --variant giant" "bench" "bench tikal --games 0" ""; do
    # shellcheck disable=SC2086
    "$maya" $args >/dev/null 2>"$tmp/err"
    status=$?
    [ "$status" -eq 2 ] || fail "maya $args: exit status $status, expected 2"
    [ -s "$tmp/err" ] || fail "maya $args: no message on stderr"
done
for args in "help" "--help" "help replay" "selfplay --help"; do
    # shellcheck disable=SC2086
    "$maya" $args >"$tmp/out" 2>&1 || fail "maya $args: nonzero exit"
    grep -q "maya " "$tmp/out" || fail "maya $args: no usage printed"
done
"$maya" help | grep -q "maya bench" || fail "help does not list bench"
# The command people want first is listed first (issue 15.8).
[ "$("$maya" help | grep -m1 '^maya [a-z]')" = "$("$maya" help play | head -1)" ] || fail "help does not list play first"

exit $failed
