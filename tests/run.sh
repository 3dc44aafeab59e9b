#!/bin/sh
# run.sh -- runs every test program of build/san/tests and every command-line
# test script of tests/cli/, TEST_JOBS of them at a time (default: the
# machine's cores), then prints one closing line "N passed, N failed". Each
# test's output is printed whole when it ends (never interleaved with
# another's), followed by its wall-clock seconds; the suite must stay well
# under 20 minutes. The tests that take longest start first, so that the
# jobs end together; that list only orders the start (a name missing from
# it, or from the tests, changes nothing else). Every test must pass with the
# other cores busy: running them side by side is also that check.
#
#   sh tests/run.sh                 every test
#   sh tests/run.sh TEST...         only these (paths as above)
#   TEST_JOBS=1 sh tests/run.sh     one at a time
#
# Each test's output is also kept in build/test-logs/NAME.log.
self=$(cd "$(dirname "$0")" && pwd)/run.sh
cd "$(dirname "$0")/.." || exit 1
logs=build/test-logs

# run_one TEST: runs one test program or script into its log, then prints
# the log and its time under the lock, and leaves NAME.pass or NAME.fail
run_one() {
    name=$(basename "$1")
    start=$(date +%s)
    case $1 in
    *.sh) MAYA=build/san/maya sh "$1" >"$logs/$name.log" 2>&1 ;;
    *) "$1" >"$logs/$name.log" 2>&1 ;;
    esac
    status=$?
    seconds=$(($(date +%s) - start))
    if [ "$status" -eq 0 ]; then
        : >"$logs/$name.pass"
        verdict=""
    else
        : >"$logs/$name.fail"
        verdict="FAILED: $1 (exit $status)"
    fi
    flock "$logs/.print" sh -c 'cat "$1"; [ -z "$2" ] || echo "$2"; echo "time: $3 $4 s"' \
        run_one "$logs/$name.log" "$verdict" "$1" "$seconds"
}

if [ "${1:-}" = "--one" ]; then
    run_one "$2"
    exit 0
fi

jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) echo "run.sh: TEST_JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
rm -rf "$logs"
mkdir -p "$logs"

# the longest tests first (about 3 minutes down to 30 s on 2 cores), then
# every other test program and script in name order
slow_first="build/san/tests/game_sim_test tests/cli/web_ui.sh tests/cli/server_crash.sh
build/san/tests/observe_test tests/cli/server_api.sh build/san/tests/learn_test
tests/cli/server_faults.sh tests/cli/server_threads.sh"
all=""
chosen=$#
[ "$chosen" -gt 0 ] || set -- build/san/tests/*_test tests/cli/*.sh
for t in "$@"; do
    if [ -f "$t" ] && { [ -x "$t" ] || [ "${t%.sh}" != "$t" ]; }; then
        all="$all $t"
    elif [ "$chosen" -gt 0 ]; then
        echo "run.sh: no test $t (a program of build/san/tests, built by make test, or a script of tests/cli)" >&2
        exit 2
    fi
done
order=""
for t in $slow_first; do
    case " $all " in *" $t "*) order="$order $t" ;; esac
done
for t in $all; do
    case " $order " in *" $t "*) ;; *) order="$order $t" ;; esac
done

[ -n "$order" ] || { echo "run.sh: no tests to run (make test builds them)" >&2; exit 2; }
# shellcheck disable=SC2086 # order is a list of paths without spaces
printf '%s\n' $order | xargs -P "$jobs" -I '{}' sh "$self" --one '{}'
passed=$(find "$logs" -name '*.pass' | wc -l)
failed=$(find "$logs" -name '*.fail' | wc -l)
expected=$(printf '%s\n' $order | wc -l)
if [ $((passed + failed)) -ne "$expected" ]; then
    echo "run.sh: $expected tests listed, $((passed + failed)) ran to the end"
    failed=$((expected - passed))
fi
for f in "$logs"/*.fail; do
    [ -e "$f" ] && echo "FAILED: $(basename "$f" .fail)"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
