#!/bin/sh
# play_plain_tty.sh -- end-to-end games of "maya play --plain" on a
# pseudo-terminal, as a person at a terminal plays them: tmux runs maya in
# a detached window (its input and output are the terminal, so the prompts
# stay on their line), this script types lines into it and reads what maya
# printed from a copy of the window's output. Two people share the
# keyboard (hot-seat) and mostly let a bot play for them (auto: the greedy
# bot, cheap, so that its lines do not queue up far ahead); on the way
# the script takes an action back (undo), saves the game and loads it
# again, and at the end saves the record, which must replay to the final
# scores that maya printed. Tikal (basic, 2 players) and Tzolk'in (2
# players, whose hidden wealth tiles make maya ask to pass the keyboard).
# tmux is required: without it the test fails, it is not skipped.
# $MAYA is the maya binary (default build/san/maya).
test_name=play_plain_tty
. "$(dirname "$0")/../lib/cli.sh"
sock="maya-tty-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT

if ! command -v tmux >/dev/null 2>&1; then
    echo "play_plain_tty: tmux is not installed (scripts/install-deps installs it)" >&2
    exit 1
fi

# type LINE: a line typed at the terminal.
type_line() {
    tmux -L "$sock" send-keys -t play -l "$1"
    tmux -L "$sock" send-keys -t play Enter
}

# seen TEXT: how many lines of maya's output so far hold TEXT.
seen() {
    tr -d '\r' <"$out" | grep -c -- "$1"
}

# wait_for TEXT COUNT: until COUNT lines hold TEXT; 1 if maya exited
# first. No clock: a busy machine only makes it wait longer (a hang is
# cut at 10 minutes, 6,000 tries of 0.1 s).
wait_for() {
    tries=6000
    while [ "$tries" -gt 0 ]; do
        [ "$(seen "$1")" -ge "$2" ] && return 0
        [ "$1" != maya-exited-0 ] && [ "$(seen "^maya-exited-")" -gt 0 ] && return 1
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

play() {
    game=$1
    seed=$2
    out=$tmp/$game.out
    : >"$out"
    tmux -L "$sock" kill-server 2>/dev/null
    sock="maya-tty-$$-$game"
    # maya starts once the copy of the output is set up
    tmux -L "$sock" -f /dev/null new-session -d -s play -x 120 -y 40 \
        "while [ ! -e '$tmp/$game.go' ]; do sleep 0.05; done; '$maya' play $game --plain --players 2 --seats human,human --seed $seed --auto-bot greedy 2>'$tmp/$game.err'; echo maya-exited-\$?; sleep 30"
    tmux -L "$sock" pipe-pane -t play -o "cat >>'$out'"
    touch "$tmp/$game.go"
    wait_for "type help for the commands" 1 || { fail "$game: maya does not start"; return; }
    wait_for "seat 1> " 1 || fail "$game: no prompt"
    rounds=0
    while [ "$(seen "^game over>")" -eq 0 ]; do
        rounds=$((rounds + 1))
        if [ "$rounds" -gt 300 ]; then
            fail "$game: no end after $rounds rounds of lines"
            break
        fi
        case $rounds in
        3)
            # the helper's action may end the turn (nothing to undo then):
            # another one, until one is taken back
            for _ in 1 2 3 4 5 6 7 8; do
                refused=$(seen "nothing to undo")
                type_line auto
                type_line undo
                tries=6000 # as wait_for: the undo's answer, either one
                while [ "$tries" -gt 0 ] && [ "$(seen "took back the last action")" -eq 0 ] &&
                    [ "$(seen "nothing to undo")" -eq "$refused" ] && [ "$(seen "^maya-exited-")" -eq 0 ]; do
                    sleep 0.1
                    tries=$((tries - 1))
                done
                [ "$(seen "took back the last action")" -ge 1 ] && break
            done
            wait_for "took back the last action" 1 || fail "$game: undo took nothing back"
            ;;
        5)
            type_line "save $tmp/$game-mid.rec"
            wait_for "saved .* actions to" 1 || fail "$game: saving in the middle failed"
            ;;
        8)
            type_line "load $tmp/$game-mid.rec"
            wait_for "loaded .*$game-mid.rec" 1 || fail "$game: loading the saved game failed"
            ;;
        *)
            for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
                type_line auto
            done
            sleep 0.2
            ;;
        esac
    done
    type_line "save $tmp/$game-final.rec"
    wait_for "saved .* actions to .*$game-final.rec" 1 || fail "$game: the final save failed"
    type_line quit
    wait_for "maya-exited-0" 1 || fail "$game: maya did not leave cleanly"
    [ -s "$tmp/$game.err" ] && { fail "$game: maya wrote to stderr:"; head -5 "$tmp/$game.err" >&2; }
    final=$(tr -d '\r' <"$out" | sed -n 's/^Game over. Final scores: \([-0-9 ]*\)\..*/\1/p' | tail -n 1)
    result=$("$maya" replay "$tmp/$game-final.rec" 2>&1 | tail -n 1)
    [ -n "$final" ] && [ "$result" = "Result \"$final\"" ] ||
        fail "$game: the saved record replays to $result, maya said \"$final\""
    echo "$game: whole game in $rounds rounds of lines, $result"
}

play tikal 31
play tzolkin 32
grep -q "Pass the keyboard to seat" "$tmp/tzolkin.out" || fail "tzolkin: never asked to pass the keyboard"
exit $failed
