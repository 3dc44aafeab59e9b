#!/bin/sh
# run.sh -- runs every test program of build/san/tests and every command-line
# test script of tests/cli/, then prints one closing line "N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
passed=0
failed=0
for t in build/san/tests/*_test; do
    [ -x "$t" ] || continue
    if "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $t"; fi
done
for t in tests/cli/*.sh; do
    [ -f "$t" ] || continue
    if MAYA=build/san/maya sh "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $t"; fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
