#!/bin/sh
# store_pg.sh -- the storage tests against PostgreSQL: starts a temporary
# PostgreSQL 15 server (tests/lib/pg.sh) and runs build/san/tests/store_test
# with MAYA_PG_URL set, so that its PostgreSQL suite runs (without it the
# program skips that suite), then stops the server and removes its files.
test_name=store_pg
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/pg.sh"
pg_on_exit='rm -rf "$tmp"'

store_test=$root/build/san/tests/store_test
if [ ! -x "$store_test" ]; then
    fail "$store_test is missing (make test builds it)"
    exit 1
fi
if ! pg_start; then
    fail "cannot start a temporary PostgreSQL server"
    exit 1
fi
if ! "$store_test" >"$tmp/out" 2>&1; then
    cat "$tmp/out" >&2
    fail "store_test failed against PostgreSQL"
fi
if ! grep -q "^store_test: PostgreSQL suite took" "$tmp/out"; then
    fail "the PostgreSQL suite did not run"
fi
pg_stop
exit $failed
