#!/bin/sh
# run.sh -- runs every test program of build/san/tests and every command-line
# test script of tests/cli/, each followed by its wall-clock seconds (the
# suite must stay well under 20 minutes), then prints one closing line
# "N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
passed=0
failed=0
for t in build/san/tests/*_test; do
    [ -x "$t" ] || continue
    start=$(date +%s)
    if "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $t"; fi
    echo "time: $t $(($(date +%s) - start)) s"
done
for t in tests/cli/*.sh; do
    [ -f "$t" ] || continue
    start=$(date +%s)
    if MAYA=build/san/maya sh "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $t"; fi
    echo "time: $t $(($(date +%s) - start)) s"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
