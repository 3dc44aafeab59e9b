#!/bin/sh
# play_plain.sh -- end-to-end games of "maya play --plain": a driver reads
# what maya prints and answers every prompt like a player at the keyboard,
# through pipes. Two people share the keyboard (hot-seat); at each of their
# prompts the driver asks for the legal actions and types one of them, drawn
# with a small seeded generator. On the way it takes actions back (undo),
# saves the game, loads it again later, and at the end saves the record,
# which must replay (maya replay) to the final scores that maya printed.
# Tikal (basic, 2 players) and Tzolk'in (2 players, whose hidden wealth
# tiles make maya ask to pass the keyboard between the seats).
# $MAYA is the maya binary (default build/san/maya).
test_name=play_plain
. "$(dirname "$0")/../lib/cli.sh"

# drive GAME SEED: plays one whole game; leaves its transcript in
# $tmp/GAME.out and the final record in $tmp/GAME-final.rec.
drive() {
    game=$1
    seed=$2
    rm -f "$tmp/in" "$tmp/out"
    mkfifo "$tmp/in" "$tmp/out"
    "$maya" play "$game" --plain --players 2 --seats human,human --seed "$seed" <"$tmp/in" >"$tmp/out" 2>"$tmp/$game.err" &
    pid=$!
    exec 3>"$tmp/in" 4<"$tmp/out"
    : >"$tmp/$game.out"
    step=0
    r=$seed
    undone=0
    saved=0
    loaded=0
    passes=0
    while IFS= read -r line <&4; do
        printf '%s\n' "$line" >>"$tmp/$game.out"
        case $line in
        *"Pass the keyboard to seat"*)
            passes=$((passes + 1))
            echo >&3
            ;;
        "game over>")
            echo "save $tmp/$game-final.rec" >&3
            echo quit >&3
            ;;
        "seat "[1-4]">")
            step=$((step + 1))
            if [ $((step % 37)) -eq 0 ]; then
                echo undo >&3
                IFS= read -r line <&4
                printf '%s\n' "$line" >>"$tmp/$game.out"
                case $line in "took back the last action") undone=$((undone + 1)) ;; esac
                IFS= read -r line <&4 # the prompt again
                printf '%s\n' "$line" >>"$tmp/$game.out"
            fi
            if [ "$step" -eq 60 ]; then
                echo "save $tmp/$game-mid.rec" >&3
                IFS= read -r line <&4
                printf '%s\n' "$line" >>"$tmp/$game.out"
                case $line in "saved "*) saved=1 ;; esac
                IFS= read -r line <&4
                printf '%s\n' "$line" >>"$tmp/$game.out"
            fi
            if [ "$step" -eq 90 ]; then
                # back to the saved position: the game goes on from there
                echo "load $tmp/$game-mid.rec" >&3
                while IFS= read -r item <&4; do
                    printf '%s\n' "$item" >>"$tmp/$game.out"
                    case $item in
                    "loaded "*) loaded=1 ;;
                    "seat "[1-4]">") break ;;
                    esac
                done
            fi
            echo legal >&3
            # reservoir choice among the legal actions listed up to the prompt
            n=0
            choice=""
            while IFS= read -r item <&4; do
                case $item in
                "seat "[1-4]">") break ;;
                esac
                n=$((n + 1))
                r=$(((r * 1103515245 + 12345) % 2147483648))
                [ $(((r / 65536) % n)) -eq 0 ] && choice=$item
            done
            if [ -z "$choice" ]; then
                fail "$game: no legal action listed at step $step"
                echo quit >&3
                break
            fi
            echo "$choice" >&3
            ;;
        esac
    done
    exec 3>&- 4<&-
    wait "$pid" || fail "$game: maya exited with status $?"
    [ -s "$tmp/$game.err" ] && { fail "$game: maya wrote to stderr:"; head -5 "$tmp/$game.err" >&2; }
    [ "$undone" -gt 0 ] || fail "$game: undo never took an action back"
    [ "$saved" -eq 1 ] || fail "$game: saving in the middle failed"
    [ "$loaded" -eq 1 ] || fail "$game: loading the saved game failed"
    echo "$game: $step prompts, $undone undos, $passes keyboard passes"
}

check_final() {
    game=$1
    final=$(sed -n 's/^Game over. Final scores: \([-0-9 ]*\)\..*/\1/p' "$tmp/$game.out" | tail -n 1)
    [ -n "$final" ] || { fail "$game: the game did not reach its end"; return; }
    [ -f "$tmp/$game-final.rec" ] || { fail "$game: the final record was not saved"; return; }
    result=$("$maya" replay "$tmp/$game-final.rec" | tail -n 1)
    [ "$result" = "Result \"$final\"" ] || fail "$game: the saved record replays to $result, maya said $final"
    grep -q '^\[Seat1 "human"\]' "$tmp/$game-final.rec" || fail "$game: the record does not name the seats"
}

drive tikal 11
check_final tikal
grep -q "^Seat 1 placed tile" "$tmp/tikal.out" || fail "tikal: no log sentence for placing a tile"

drive tzolkin 12
check_final tzolkin
grep -q "Pass the keyboard to seat" "$tmp/tzolkin.out" || fail "tzolkin: never asked to pass the keyboard"
grep -q "is dealt a wealth tile" "$tmp/tzolkin.out" || fail "tzolkin: the deal is not in the log"
if grep -q "are dealt wealth tile" "$tmp/tzolkin.out"; then
    fail "tzolkin: a private deal was shown in hot-seat"
fi

exit $failed
