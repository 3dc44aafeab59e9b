#!/bin/sh
# server_threads.sh -- the server's threads under ThreadSanitizer: `maya
# serve` built with -fsanitize=thread (build/tsan, `make tsan`) answers the
# API checks (tests/api_check.c) and a whole game played by several clients
# following the event stream beside a bot (tests/api_play.c), and reports
# no data race, no lock-order inversion and no other thread error; nor
# does the hub's test of two processes' conflicts (tests/hub_test.c: the
# watchdog's and the requests' reads on a held store reader).
# $MAYA is ignored: the binaries are build/tsan's.
test_name=server_threads
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
maya=$root/build/tsan/maya
bin=$root/build/tsan/tests
trap 'serve_stop a; rm -rf "$tmp"' EXIT
for program in "$maya" "$bin/api_check" "$bin/api_play" "$bin/hub_test"; do
    [ -x "$program" ] || { fail "$program is missing: run make tsan"; exit 1; }
done
# the server stops at its first report, with the report in its log
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
serve_start a "$tmp/maya.db" --bot-threads 2 --games-per-minute 0 --open-games 0 || exit 1
"$bin/api_check" "$a_url" "$tmp/maya.db" >/dev/null || fail "api_check under ThreadSanitizer"
"$bin/api_play" "$a_url" tzolkin 3 21 human,greedy:beam=2,human >/dev/null || fail "a Tzolk'in game under ThreadSanitizer"
serve_stop a
"$bin/hub_test" >"$tmp/hub_test.log" 2>&1 || fail "hub_test under ThreadSanitizer: $(grep -A 30 -e "ThreadSanitizer" -e FAILED "$tmp/hub_test.log" | head -n 60)"
if grep -q "ThreadSanitizer" "$tmp/a.log"; then
    fail "the server's threads:"
    grep -A 30 "WARNING: ThreadSanitizer" "$tmp/a.log" | head -n 60 >&2
fi
exit $failed
