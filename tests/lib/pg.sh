# pg.sh -- a temporary PostgreSQL 15 server for tests (sourced, not run).
#
#   pg_start   create a cluster with Debian's server binaries ($PG_BIN,
#              default /usr/lib/postgresql/15/bin) in a fresh temporary
#              folder, listening on a free TCP port of 127.0.0.1 and on a
#              unix socket in that folder, trust authentication, with a
#              database "maya"; exports MAYA_PG_URL=postgresql://USER@127.0.0.1:PORT/maya
#              (also sets pg_dir, pg_port, pg_user). Returns non-zero with a
#              message on stderr if it cannot.
#   pg_pause   stop the server but keep its folder (the database is gone
#              for its clients, as in an outage); pg_resume starts it again
#              on the same port with the same data.
#   pg_freeze  stop every process of the server with SIGSTOP: its clients'
#              queries neither fail nor answer (a stalled database) until
#              pg_thaw (SIGCONT).
#   pg_stop    stop the server and remove the folder (safe to call twice,
#              or without pg_start). pg_start arranges for it to run at
#              exit (trap EXIT, also on INT, TERM, HUP); that trap replaces
#              the script's own, so a script with more to clean up at exit
#              puts it in pg_on_exit (shell code, run after pg_stop).
#
# As root (CI), initdb refuses to run: the server runs as the system user
# "postgres" that Debian's postgresql package creates, and owns the folder.
# fsync stays on (the store's durability is under test); initdb itself
# skips syncing its fresh files, which only matters for a machine crash
# during the test.
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
pg_dir=""
pg_port=""
pg_user=""
pg_on_exit=${pg_on_exit:-}

# Run a server binary as the cluster's owner (from a folder it can read).
pg_as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        (cd "$pg_dir" && runuser -u postgres -- "$@")
    else
        "$@"
    fi
}

# A port number in 20000..59999, from /dev/urandom.
pg_random_port() {
    echo $((20000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 40000))
}

pg_start() {
    if [ ! -x "$PG_BIN/initdb" ] || [ ! -x "$PG_BIN/pg_ctl" ] || [ ! -x "$PG_BIN/postgres" ]; then
        echo "pg.sh: PostgreSQL 15 server binaries not found in $PG_BIN (Debian package postgresql: run sh scripts/install-deps)" >&2
        return 1
    fi
    if [ "$(id -u)" -eq 0 ]; then
        if ! id postgres >/dev/null 2>&1; then
            echo "pg.sh: running as root, but there is no system user postgres to run the server (Debian package postgresql creates it)" >&2
            return 1
        fi
        if ! command -v runuser >/dev/null 2>&1; then
            echo "pg.sh: running as root, but runuser is missing (package util-linux)" >&2
            return 1
        fi
        pg_user=postgres
    else
        pg_user=$(id -un)
    fi
    # /tmp rather than $TMPDIR: the postgres user must reach the folder
    pg_dir=$(mktemp -d /tmp/maya-pg.XXXXXX) || { echo "pg.sh: cannot create a temporary folder" >&2; return 1; }
    trap 'pg_stop; eval "$pg_on_exit"' EXIT
    trap 'exit 130' INT TERM HUP
    [ "$(id -u)" -eq 0 ] && chown postgres: "$pg_dir"
    if ! pg_as_owner "$PG_BIN/initdb" -D "$pg_dir/data" -U "$pg_user" -A trust -E UTF8 --locale=C \
        --no-sync --no-instructions >"$pg_dir/initdb.log" 2>&1; then
        echo "pg.sh: initdb failed:" >&2
        cat "$pg_dir/initdb.log" >&2
        pg_stop
        return 1
    fi
    cat >>"$pg_dir/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$pg_dir'
max_connections = 50
shared_buffers = 16MB
EOF
    # a random free port; another program may take it first, so retry
    tries=0
    while :; do
        tries=$((tries + 1))
        pg_port=$(pg_random_port)
        if pg_as_owner "$PG_BIN/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 30 \
            -o "-p $pg_port" start >/dev/null 2>&1; then
            break
        fi
        if [ "$tries" -ge 5 ] || ! grep -q "Address already in use" "$pg_dir/server.log" 2>/dev/null; then
            echo "pg.sh: the server did not start:" >&2
            cat "$pg_dir/server.log" >&2 2>/dev/null
            pg_stop
            return 1
        fi
        rm -f "$pg_dir/server.log"
    done
    if ! pg_as_owner "$PG_BIN/createdb" -h "$pg_dir" -p "$pg_port" -U "$pg_user" maya >"$pg_dir/createdb.log" 2>&1; then
        echo "pg.sh: createdb failed:" >&2
        cat "$pg_dir/createdb.log" >&2
        pg_stop
        return 1
    fi
    MAYA_PG_URL="postgresql://$pg_user@127.0.0.1:$pg_port/maya"
    export MAYA_PG_URL
}

pg_pause() {
    pg_as_owner "$PG_BIN/pg_ctl" -D "$pg_dir/data" -m fast -w -t 30 stop >/dev/null 2>&1
}

pg_resume() {
    pg_as_owner "$PG_BIN/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 30 -o "-p $pg_port" start \
        >/dev/null 2>&1
}

# The server's processes: the postmaster (first line of postmaster.pid) and
# its children.
pg_processes() {
    postmaster=$(head -n 1 "$pg_dir/data/postmaster.pid" 2>/dev/null) || return 0
    echo "$postmaster" $(pgrep -P "$postmaster")
}

pg_frozen=""
pg_freeze() {
    pg_frozen=$(pg_processes)
    [ -n "$pg_frozen" ] && kill -STOP $pg_frozen
}

pg_thaw() {
    [ -n "$pg_frozen" ] || return 0
    kill -CONT $pg_frozen 2>/dev/null
    pg_frozen=""
}

pg_stop() {
    [ -n "$pg_dir" ] || return 0
    pg_thaw
    if [ -f "$pg_dir/data/postmaster.pid" ]; then
        pg_as_owner "$PG_BIN/pg_ctl" -D "$pg_dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
            pg_as_owner "$PG_BIN/pg_ctl" -D "$pg_dir/data" -m immediate -w stop >/dev/null 2>&1
    fi
    rm -rf "$pg_dir"
    pg_dir=""
    unset MAYA_PG_URL
}
