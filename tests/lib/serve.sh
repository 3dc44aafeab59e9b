# serve.sh -- starting and stopping `maya serve` in shell tests (sourced
# after cli.sh). serve_start NAME STORE [OPTIONS...] starts a server on a free
# loopback port with the given store, waits until it listens, and sets
# ${NAME}_url and ${NAME}_pid; its output goes to $tmp/NAME.log.
# serve_stop NAME stops it with SIGTERM (serve_kill NAME: SIGKILL) and waits.
# sqlite_lock FILE makes another process hold the SQLite file's write lock
# (a server's writes wait for it, up to the store's busy timeout of 5 s,
# then fail; its reads go on) until sqlite_unlock.

serve_start() {
    name=$1 store=$2
    shift 2
    # emptied here, before the server starts: a restarted server's log must
    # not show the address of the one before it
    : >"$tmp/$name.log"
    "$maya" serve --port 0 --db "$store" "$@" >>"$tmp/$name.log" 2>&1 &
    eval "${name}_pid=$!"
    for _ in $(seq 1 6000); do # until it listens or exits (cut at 10 minutes: a hang)
        url=$(sed -n 's/^maya serve: listening on \(http:[^ ]*\)\/ .*/\1/p' "$tmp/$name.log")
        if [ -n "$url" ]; then
            eval "${name}_url=$url"
            return 0
        fi
        eval "kill -0 \$${name}_pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "$test_name: the server $name did not start:" >&2
    cat "$tmp/$name.log" >&2
    return 1
}

serve_signal() { # NAME SIGNAL
    eval "pid=\${${1}_pid:-}"
    [ -n "$pid" ] || return 0
    kill -"$2" "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    eval "${1}_pid="
}

serve_stop() { serve_signal "$1" TERM; }
serve_kill() { serve_signal "$1" KILL; }

sqlite_lock_pid=""
sqlite_lock() { # FILE
    mkfifo "$tmp/sqlite-lock.in"
    # a busy timeout, so that BEGIN EXCLUSIVE waits for a write of the
    # server's under way instead of failing at once and holding nothing
    sqlite3 -cmd ".timeout 60000" "$1" <"$tmp/sqlite-lock.in" >/dev/null 2>&1 &
    sqlite_lock_pid=$!
    exec 3>"$tmp/sqlite-lock.in"
    echo "BEGIN EXCLUSIVE;" >&3
    for _ in $(seq 1 600); do # until another connection cannot write (cut at a minute: a hang)
        sqlite3 -cmd ".timeout 10" "$1" "BEGIN IMMEDIATE; ROLLBACK;" >/dev/null 2>&1 || return 0
        sleep 0.1
    done
    echo "$test_name: another process could not lock $1" >&2
    return 1
}

sqlite_unlock() {
    [ -n "$sqlite_lock_pid" ] || return 0
    echo "ROLLBACK;" >&3
    exec 3>&-
    wait "$sqlite_lock_pid"
    sqlite_lock_pid=""
    rm -f "$tmp/sqlite-lock.in"
}
