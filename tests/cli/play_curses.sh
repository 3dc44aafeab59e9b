#!/bin/sh
# play_curses.sh -- end-to-end games of the full-screen "maya play" through
# a pseudo-terminal: tmux runs maya in a detached 160x50 window with
# TERM=xterm-256color, this script types keys into it and reads the screen
# back. Two people share the keyboard (hot-seat); most actions are played
# with the a key (a bot plays one action for the person to act: the random
# bot, --auto-bot random, quick however busy the machine is), some with
# the menu of the cursor field and with typed commands; on the way the
# script takes an action back (u), saves (s FILE) and loads (o FILE) the
# game, and at the end saves the record, which must replay to the end.
# Tikal (basic, 2 players) and Tzolk'in (2 players, with the blank screen
# that passes the keyboard between seats); each game is resized on the way
# (to 100x30 and back). Then shorter checks: the cursor and the mouse on
# Tzolk'in's table, small terminals (80x24, 100x30: the v key shows the
# panel) and resizing between them, nothing of the board, the table or
# the seat's state cut at 120x40 and 80x24, hints (h) and a bot thinking for seconds while
# the screen stays alive (paused, then left). tmux is required (see
# debian-packages.txt): without it the test fails, it is not skipped.
# $MAYA is the maya binary (default build/san/maya).
test_name=play_curses
. "$(dirname "$0")/../lib/cli.sh"
sock="maya-test-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
# one tmux server per game (socket $sock), so that no game waits for the
# previous server to go away

if ! command -v tmux >/dev/null 2>&1; then
    echo "play_curses: tmux is not installed (scripts/install-deps installs it)" >&2
    exit 1
fi

screen() {
    tmux -L "$sock" capture-pane -p -t play 2>/dev/null
}

# start COLSxROWS ARGS...: maya play ARGS in a new tmux server of that size.
start() {
    size=$1
    shift
    tmux -L "$sock" kill-server 2>/dev/null
    sock="maya-test-$$-$(date +%s%N)"
    tmux -L "$sock" -f /dev/null new-session -d -s play -x "${size%x*}" -y "${size#*x}" \
        "TERM=xterm-256color '$maya' play $* 2>>'$tmp/checks.err'; echo maya-exited-\$?; sleep 30"
}

resize() {
    tmux -L "$sock" resize-window -t play -x "${1%x*}" -y "${1#*x}"
}

# click ROW COL: the left button at the screen cell (0-based), as an
# xterm reports it (SGR mouse mode).
click() {
    keys -l "$(printf '\033[<0;%d;%dM' $(($2 + 1)) $(($1 + 1)))"
    keys -l "$(printf '\033[<0;%d;%dm' $(($2 + 1)) $(($1 + 1)))"
}

keys() {
    tmux -L "$sock" send-keys -t play "$@"
}

# wait_for TEXT [TRIES]: until the screen shows TEXT (0.1 s per try; by
# default up to 10 minutes: a busy machine only makes it wait longer).
wait_for() {
    tries=${2:-6000}
    while [ "$tries" -gt 0 ]; do
        if screen | grep -q -- "$1"; then
            return 0
        fi
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# play GAME SEED: one whole game; the final record in $tmp/GAME-final.rec.
play() {
    game=$1
    seed=$2
    tmux -L "$sock" kill-server 2>/dev/null
    sock="maya-test-$$-$game"
    tmux -L "$sock" -f /dev/null new-session -d -s play -x 160 -y 50 \
        "TERM=xterm-256color '$maya' play $game --players 2 --seats human,human --seed $seed --speed 0 --auto-bot random 2>'$tmp/$game.err'; echo maya-exited-\$?; sleep 30"
    wait_for "Seat 1 to play" || { fail "$game: no first prompt"; screen >&2; return; }
    if [ "$game" = tzolkin ]; then
        keys a
        wait_for "Pass the keyboard to seat 2" || fail "$game: no blank screen between the seats"
        keys Space
        wait_for "Seat 2 to play" || fail "$game: seat 2 does not get the keyboard"
    else
        # the menu of the cursor field (a5, the base camp)
        keys Enter
        wait_for "Enter plays" || fail "$game: Enter opens no menu"
        keys Escape
        # a typed command with completion: "pl" Tab completes to "place "
        keys : p l Tab
        wait_for ":place" || fail "$game: Tab does not complete"
        keys Escape
    fi
    keys : u n d o Enter
    wait_for "nothing to undo\|took back" || fail "$game: typed undo has no answer"
    rounds=0
    undone=0
    saved=0
    loaded=0
    still=0 # rounds in a row that changed nothing on the screen
    last=""
    while ! screen | grep -q "Game over"; do
        rounds=$((rounds + 1))
        now=$(screen | md5sum)
        if [ "$now" = "$last" ]; then
            still=$((still + 1))
            sleep 0.2
        else
            still=0
        fi
        last=$now
        if [ "$still" -gt 300 ]; then
            fail "$game: stuck before the end (round $rounds of keys)"
            screen >&2
            break
        fi
        if screen | grep -q "Pass the keyboard"; then
            keys Space
        fi
        case $rounds in
        3 | 4 | 5)
            if [ "$undone" -eq 0 ]; then
                keys a
                sleep 0.2
                keys u
                wait_for "took back the last action" 10 && undone=1
            fi
            ;;
        2)
            resize 100x30
            wait_for "to play\|is playing\|Pass the keyboard" 30 || fail "$game: nothing shows at 100x30"
            resize 160x50
            ;;
        6)
            keys s
            keys -l "$tmp/$game-mid.rec"
            keys Enter
            wait_for "saved .* actions" 30 && saved=1
            ;;
        7)
            keys o
            keys -l "$tmp/$game-mid.rec"
            keys Enter
            wait_for "loaded .*$game-mid.rec" 30 && loaded=1
            ;;
        *)
            keys a a a a a a a a a a a a a a a a a a a a
            sleep 0.05
            ;;
        esac
    done
    [ "$undone" -eq 1 ] || fail "$game: u did not take an action back"
    [ "$saved" -eq 1 ] || fail "$game: saving did not answer"
    [ "$loaded" -eq 1 ] || fail "$game: loading did not answer"
    keys s
    keys -l "$tmp/$game-final.rec"
    keys Enter
    wait_for "saved" 50 || fail "$game: the final save did not answer"
    keys q y
    wait_for "maya-exited-0" 50 || { fail "$game: maya did not leave cleanly"; screen >&2; }
    [ -s "$tmp/$game.err" ] && { fail "$game: maya wrote to stderr:"; head -5 "$tmp/$game.err" >&2; }
    result=$("$maya" replay "$tmp/$game-final.rec" 2>&1 | tail -n 1)
    case $result in
    'Result "*"' | "") fail "$game: the final record does not replay to an end: $result" ;;
    'Result "'*) ;;
    *) fail "$game: the final record does not replay: $result" ;;
    esac
    echo "$game: whole game in $rounds rounds of keys, $result"
}

play tikal 21
play tzolkin 22

# Tzolk'in's cursor and mouse at 100x30: both seats keep their wealth tiles,
# then seat 2's turn (seed 22: seat 2 starts): a click on PAL's position 0 (row 5, columns 23-25)
# lists the placement there; arrows and Enter list a spot's actions; v
# shows the seats' table.
start 100x30 tzolkin --players 2 --seats human,human --seed 22 --speed 0
wait_for "Seat 1 to play" || fail "checks: tzolkin does not start"
keys a
wait_for "Pass the keyboard" && keys Space
wait_for "Seat 2 to play" && keys a
wait_for "Seat 2 plays a turn" || fail "checks: no turn of seat 2"
click 5 24
wait_for "1 action " 30 || fail "checks: a click on PAL 0 lists no single action"
screen | grep -q "place PAL" || fail "checks: the click on PAL 0 does not list place PAL"
keys Escape
keys Down Down Left Enter
wait_for "Enter plays" 30 || fail "checks: Enter after the arrows opens no menu"
keys Escape
keys v
wait_for "^Seat *VP corn" 30 || fail "checks: v does not show the seats' table"
keys v q y
wait_for maya-exited-0 50 || fail "checks: tzolkin did not leave"

# Hints (h): the strong bot's best actions with their chances as a menu; 1
# plays the first. With --no-hints, h is refused.
start 160x50 tzolkin --players 2 --seats human,casual --seed 3 --speed 0
wait_for "Seat 1 to play" || fail "checks: tzolkin with a bot does not start"
keys h
wait_for "hints: the strong bot's best" 600 || fail "checks: h shows no hints"
screen | grep -q "1\. *[0-9]*%  keep W" || fail "checks: the hints do not list the first with its chance"
keys 1
wait_for "You (seat 1) kept wealth tiles" 100 || fail "checks: 1 in the hints does not play the first"
keys q y
wait_for maya-exited-0 50 || fail "checks: tzolkin with hints did not leave"
start 160x50 tzolkin --players 2 --seats human,casual --seed 3 --speed 0 --no-hints
wait_for "Seat 1 to play" || fail "checks: tzolkin --no-hints does not start"
keys h
wait_for "hints are off in this game" 50 || fail "checks: h is not refused with --no-hints"
keys q y
wait_for maya-exited-0 50 || fail "checks: tzolkin --no-hints did not leave"

# Tikal on small terminals: at 80x24 the board scrolls with the cursor and v
# shows the panel; resized to 100x30, then 160x50 (the panel beside).
start 80x24 tikal --players 2 --seats human,human --seed 21 --speed 0
wait_for "Seat 1 to play" || fail "checks: tikal does not start at 80x24"
screen | grep -q "a5" || fail "checks: the cursor's field a5 is not in sight at 80x24"
keys v
wait_for "Stack: [0-9]* tiles left" 30 || fail "checks: v shows no panel at 80x24"
keys v Right Right Right Right Right Right
wait_for "/g[1-5]" 30 || fail "checks: the board does not follow the cursor to column g"
resize 100x30
wait_for "Seat 1 to play" 30 || fail "checks: no status line at 100x30"
[ "$(screen | wc -L)" -le 100 ] || fail "checks: lines wider than 100 columns at 100x30"
keys v
wait_for "Stack: [0-9]* tiles left" 30 || fail "checks: v shows no panel at 100x30"
resize 160x50
wait_for "^    ________ .*TIKAL - basic game" 30 || { fail "checks: no board with the panel beside it at 160x50"; screen >&2; }
keys q y
wait_for maya-exited-0 50 || fail "checks: tikal did not leave"

# Nothing cut at 120x40 and 80x24 (issue 15.4): every field label of the
# board or every gear and seat row of the table, the seat's own figures
# (Tikal: points, supply, the tile in hand; Tzolk'in: the seats' table with
# VP and corn), and the status line's keys. At 120x40 all of it is on one
# screen; at 80x24 the board and the panel are switched with v, and the
# panel shows whole. 4 seats: the largest panel.
# fields_seen FILE: how many of Tikal's 40 field labels (a1..h5) FILE shows.
fields_seen() {
    grep -o '/[a-h][1-5] ' "$1" | sort -u | wc -l
}
# shows FILE COLUMNS WHAT TEXT...: FILE (a screen COLUMNS wide) has each TEXT
# (a grep pattern) and no line wider than COLUMNS; WHAT names it in failures.
shows() {
    file=$1 columns=$2 what=$3
    shift 3
    for text in "$@"; do
        grep -q -- "$text" "$file" || fail "sizes: \"$text\" not in $what"
    done
    [ "$(wc -L <"$file")" -le "$columns" ] || fail "sizes: lines of $what wider than $columns columns"
}
# leave WHAT: quit the game on screen and wait for maya to exit.
leave() {
    keys q y
    wait_for maya-exited-0 50 || fail "sizes: $1 did not leave"
}
start 120x40 tikal --players 4 --variant auction --seats human,random,random,random --seed 23 --speed 0
wait_for "Seat 1 to play" || fail "sizes: tikal does not start at 120x40"
screen >"$tmp/tikal-120.txt"
[ "$(fields_seen "$tmp/tikal-120.txt")" -eq 40 ] ||
    fail "sizes: $(fields_seen "$tmp/tikal-120.txt") of 40 Tikal fields in sight at 120x40"
shows "$tmp/tikal-120.txt" 120 "the Tikal screen at 120x40" "TIKAL - auction game" "Seat 1 (you) [0-9]* points" \
    "Seat 4 [0-9]* points" "supply 18E+L" "camps 0/2 guards 0/2" "Stack: [0-9]* tiles left" "Auction display:" "? help"
leave "tikal at 120x40"

start 80x24 tikal --players 4 --seats human,random,random,random --seed 23 --speed 0
wait_for "Seat 1 to play" || fail "sizes: tikal does not start at 80x24"
keys a
wait_for "Tile in hand\|Seat 1 to play" 30
keys v
wait_for "Stack: [0-9]* tiles left" 30 || fail "sizes: v shows no panel at 80x24"
screen >"$tmp/tikal-80.txt"
shows "$tmp/tikal-80.txt" 80 "Tikal's panel at 80x24" "TIKAL - basic game" "Seat 1 (you) [0-9]* point" \
    "Seat 2 [0-9]* point" "Seat 3 [0-9]* point" "Seat 4 [0-9]* point" "supply [0-9]*E" "Stack: [0-9]* tiles left" \
    "v board" "? help"
leave "tikal at 80x24"

start 120x40 tzolkin --players 4 --seats human,random,random,random --seed 23 --speed 0
wait_for "Seat 1 to play" || fail "sizes: tzolkin does not start at 120x40"
screen >"$tmp/tzolkin-120.txt"
shows "$tmp/tzolkin-120.txt" 120 "the Tzolk'in screen at 120x40" "^TZOLK'IN - 4 players" "^PAL Palenque" \
    "^YAX Yaxchilan" "^TIK Tikal" "^UXM Uxmal" "^CHI Chichen Itza" "^Buildings:" "^Monuments:" \
    "^Seat *VP corn  w  s  g skull workers  CHAAC QUETZ KUKUL  AGRI EXTR ARCH THEO" "^1 you " "^2 " "^3 " "^4 " "? help"
leave "tzolkin at 120x40"

start 80x24 tzolkin --players 4 --seats human,random,random,random --seed 23 --speed 0
wait_for "Seat 1 to play" || fail "sizes: tzolkin does not start at 80x24"
keys v
wait_for "^Seat *VP corn" 30 || fail "sizes: v shows no seats' table at 80x24"
screen >"$tmp/tzolkin-80.txt"
grep -q "^Seat *VP corn  w  s  g skull workers  CHAAC QUETZ KUKUL  AGRI EXTR ARCH THEO$" "$tmp/tzolkin-80.txt" ||
    fail "sizes: the seats' table heading is cut at 80x24"
for seat in "1 you" 2 3 4; do
    grep -q "^$seat *-*[0-9]* *[0-9]* *[0-9]* *[0-9]* *[0-9]* *[0-9]* *[0-9] ([0-9])\( *[0-9]*\)\{7\}$" "$tmp/tzolkin-80.txt" ||
        fail "sizes: the row of seat $seat is cut at 80x24"
done
shows "$tmp/tzolkin-80.txt" 80 "Tzolk'in's seats' table at 80x24"
leave "tzolkin at 80x24"

# A bot thinking for 3 s: the screen says so and counts, p pauses, q leaves.
start 100x30 tikal --players 2 --seats mcts:millis=3000,human --seed 5 --speed 0
wait_for "Seat 1 is thinking" 50 || fail "checks: no thinking bot shown"
keys p
wait_for "PAUSED after its move" 20 || fail "checks: p does not pause while the bot thinks"
keys q y
wait_for maya-exited-0 80 || fail "checks: maya did not leave while a bot thought"
[ -s "$tmp/checks.err" ] && { fail "checks: maya wrote to stderr:"; head -5 "$tmp/checks.err" >&2; }
[ "$failed" -eq 0 ] && echo "checks: cursor, mouse, hints, small screens, resizing, thinking bot"
exit $failed
