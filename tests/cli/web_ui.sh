#!/bin/sh
# web_ui.sh -- the browser UI end to end: a real `maya serve --web web` on
# loopback with a SQLite store, and tests/web/ui_test.mjs driving Debian's
# chromium headless through playwright-core (two players in two browser
# contexts and a bot play whole games of Tikal and Tzolk'in, with undo, a
# reload, a stale tab, the languages and the replay viewer; a shorter Tikal
# auction game). Screenshots of the boards go to build/test-output/web.
# Needs chromium, node and tests/web/node_modules: sh scripts/install-deps
# installs them (make test runs it first).
test_name=web_ui
. "$(dirname "$0")/../lib/cli.sh"
. "$root/tests/lib/serve.sh"
trap 'serve_kill a; rm -rf "$tmp"' EXIT
web=$root/tests/web
out=$root/build/test-output/web

missing=""
[ -x /usr/bin/chromium ] || missing="$missing /usr/bin/chromium (Debian package chromium),"
command -v node >/dev/null 2>&1 || missing="$missing node,"
[ -f "$web/node_modules/playwright-core/package.json" ] || missing="$missing tests/web/node_modules (npm ci in tests/web),"
if [ -n "$missing" ]; then
    fail "missing:${missing%,}; run sh scripts/install-deps"
    exit 1
fi

serve_start a "$tmp/maya.db" --bot-threads 2 --web "$root/web" || exit 1
# the limit is a backstop: ui_test.mjs limits every wait (by the load) and its whole run (an hour)
if ! timeout -k 10 3660 node "$web/ui_test.mjs" "$a_url" --out "$out"; then
    fail "the browser tests failed (screenshots in $out); the server's log ends with:"
    tail -n 30 "$tmp/a.log" >&2
fi
serve_stop a
if grep -q -e 'Sanitizer' -e 'runtime error' "$tmp/a.log"; then
    fail "the server reported errors:"
    cat "$tmp/a.log" >&2
fi
exit $failed
