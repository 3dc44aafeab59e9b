# cli.sh -- the common start of the command-line test scripts (sourced, not
# run): the repository root, the maya binary to test ($MAYA, default
# build/san/maya, made absolute), a scratch folder $tmp removed at exit, and
# fail MESSAGE, which reports under the script's $test_name and marks the
# run failed ($failed), and check_replays RECORD..., which fails for each
# record that `maya replay` does not bring to its own Result tag. Scripts
# that need more at exit set their own trap.
# A script outside tests/cli sets $root itself before sourcing this.
set -u
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
maya=${MAYA:-build/san/maya}
case $maya in /*) ;; *) maya=$root/$maya ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() {
    echo "$test_name: $*" >&2
    failed=1
}

check_replays() {
    for rec in "$@"; do
        want=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$rec")
        got=$("$maya" replay "$rec" | sed -n 's/^Result "\(.*\)"$/\1/p')
        [ -n "$want" ] && [ "$want" = "$got" ] || fail "$rec replays to \"$got\", not \"$want\""
    done
}
