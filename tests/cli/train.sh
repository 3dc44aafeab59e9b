#!/bin/sh
# train.sh -- maya train: a tiny run with TD(lambda) targets (--lambda)
# writes weights whose header names the exact command, --lambda included,
# and which a second run loads with --from, and anchored to them (--anchor
# 1) names it too; a --lambda outside 0..1000 or --anchor 2 is a
# usage error (exit 2) that names the option and writes no weights; a run
# whose self-play follows the plan policy (--policy 2) names it in the
# header, --policy 3 is refused, and Tikal (no plan policy) refuses it; a
# run with expert-iteration targets (--expert) says so and names its
# settings in the header, and --expert-share without --expert, --expert-mix
# 101 or --expert-share 0 is a usage error that names the option; a run
# whose self-play searches whole turns (--turns, --playout) names them in
# the header and says its budget is per turn, --turns 0 and --playout -3
# are refused. A run with forced seats (--forced) names it in the header,
# gives their mean score and prints, for each block, where the seats
# differ in the features of the game's plans; --forced 101 is refused, and
# Tikal (no plan policy) refuses it. A run with handicaps (--handicap)
# and some features fitted alone (--fit-only) names both, gives the
# handicapped seats' margins and moves the 2-player block alone; bad
# settings of either are refused. A
# tiny tuning run by game results (--spsa) writes weights named by its
# command that load again; a run of the auction alone (--variant) from them
# moves only its block and names both commands; --spsa 0, --players 5, an
# unknown variant, a variant of Tzolk'in and the training options --policy
# and --games are refused the same way, and --variant or --step without
# --spsa. A tuning run of Tzolk'in's whole-turn search by the score margin
# (--turns, --playout, --signal margin) says its budget is per turn, shows
# the plus side's margin, moves only the 2p block and names the three in
# its header; --signal other than win or margin, --turns 0 and --playout -3
# are refused. A run fitted to the search's choices (--imitate 1) at 2
# players alone (--players 2), its score measured from where 2 playouts
# end (--center 2) on a scale of 30 points (--scorescale 30), each
# decision searched twice (--teachers 2), the second time deeper
# (--teacher-iterations 8), reports its decisions, temperature and
# cross-entropies and names the options in its header; --imitate without
# --turns or --from, --imitate 2, --center 65, --scorescale 1001 or
# without --score, --players 5, --teachers 0 or 9 or without --imitate,
# --teacher-iterations 0 or without --teachers 2 are refused, and
# --center and --scorescale in tuning.
# $MAYA is the maya binary (default build/san/maya).
test_name=train
. "$(dirname "$0")/../lib/cli.sh"

"$maya" train tzolkin --generations 1 --games 3 --iterations 8 --lambda 900 --seed 2 --jobs 1 \
    --out "$tmp/w.txt" >"$tmp/a.out" 2>"$tmp/a.err" || fail "train failed: $(cat "$tmp/a.err")"
grep -q '^# made by: maya train tzolkin --generations 1 --games 3 --iterations 8 .*--lambda 900 --seed 2' "$tmp/w.txt" ||
    fail "the weights' header does not name the command: $(grep 'made by' "$tmp/w.txt")"
grep -q '^model tzolkin ' "$tmp/w.txt" || fail "no model line in the weights"
"$maya" train tzolkin --generations 1 --games 1 --iterations 8 --seed 3 --jobs 1 --from "$tmp/w.txt" \
    --out "$tmp/w2.txt" >/dev/null 2>"$tmp/b.err" || fail "the weights do not load with --from: $(cat "$tmp/b.err")"

"$maya" train tzolkin --generations 1 --games 2 --iterations 8 --lambda 900 --anchor 1 --seed 2 --jobs 1 \
    --from "$tmp/w.txt" --out "$tmp/a1.txt" >/dev/null 2>"$tmp/a1.err" || fail "train --anchor 1 failed: $(cat "$tmp/a1.err")"
grep -q "^# made by: maya train tzolkin .*--lambda 900 --anchor 1 --seed 2 --from $tmp/w.txt" "$tmp/a1.txt" ||
    fail "the header does not name --anchor: $(grep 'made by' "$tmp/a1.txt")"
"$maya" train tzolkin --anchor 2 --out "$tmp/bad5.txt" >/dev/null 2>"$tmp/bad5.err"
[ $? -eq 2 ] || fail "--anchor 2 is not a usage error"
grep -q -- '--anchor' "$tmp/bad5.err" || fail "the error does not name --anchor: $(cat "$tmp/bad5.err")"
[ ! -e "$tmp/bad5.txt" ] || fail "a refused run wrote weights"

"$maya" train tzolkin --lambda 1001 --out "$tmp/bad.txt" >/dev/null 2>"$tmp/bad.err"
[ $? -eq 2 ] || fail "--lambda 1001 is not a usage error"
grep -q -- '--lambda' "$tmp/bad.err" || fail "the error does not name --lambda: $(cat "$tmp/bad.err")"
[ ! -e "$tmp/bad.txt" ] || fail "a refused run wrote weights"

"$maya" train tzolkin --generations 1 --games 2 --iterations 8 --policy 2 --seed 2 --jobs 1 \
    --out "$tmp/p.txt" >/dev/null 2>"$tmp/p.err" || fail "train --policy 2 failed: $(cat "$tmp/p.err")"
grep -q '^# made by: maya train tzolkin .*--policy 2 --seed 2' "$tmp/p.txt" ||
    fail "the header does not name --policy: $(grep 'made by' "$tmp/p.txt")"
"$maya" train tzolkin --policy 3 --out "$tmp/bad3.txt" >/dev/null 2>"$tmp/bad3.err"
[ $? -eq 2 ] || fail "--policy 3 is not a usage error"
grep -q -- '--policy' "$tmp/bad3.err" || fail "the error does not name --policy: $(cat "$tmp/bad3.err")"
"$maya" train tikal --generations 1 --games 1 --iterations 8 --policy 1 --out "$tmp/bad4.txt" >/dev/null 2>"$tmp/bad4.err" &&
    fail "tikal trained with a plan policy it does not have"
grep -q 'no plan policy' "$tmp/bad4.err" || fail "the error does not say why: $(cat "$tmp/bad4.err")"
[ ! -e "$tmp/bad3.txt" ] && [ ! -e "$tmp/bad4.txt" ] || fail "a refused run wrote weights"

"$maya" train tzolkin --generations 1 --games 2 --iterations 8 --expert 16 --expert-share 50 --expert-mix 80 --seed 2 \
    --jobs 1 --out "$tmp/e.txt" >"$tmp/e.out" 2>"$tmp/e.err" || fail "train --expert failed: $(cat "$tmp/e.err")"
grep -q '^targets: 50% of the positions valued by a search of 16 iterations, weighed 80% ' "$tmp/e.out" ||
    fail "the run does not say how it values positions: $(cat "$tmp/e.out")"
grep -q '^# made by: maya train tzolkin .* --expert 16 --expert-share 50 --expert-mix 80 --seed 2' "$tmp/e.txt" ||
    fail "the header does not name --expert: $(grep 'made by' "$tmp/e.txt")"
# block_of FILE NAME: the weights of block NAME
block_of() { awk -v b="block $2" '/^block /{on = ($0 == b)} on' "$1"; }
# refused_training NAMED OPTIONS...: a usage error naming NAMED, no weights written
refused_training() {
    named=$1
    shift
    "$maya" train tzolkin "$@" --out "$tmp/bad6.txt" >/dev/null 2>"$tmp/bad6.err"
    [ $? -eq 2 ] || fail "$* is not a usage error"
    grep -q -- "$named" "$tmp/bad6.err" || fail "the error does not name $named: $(cat "$tmp/bad6.err")"
    [ ! -e "$tmp/bad6.txt" ] || fail "a refused run wrote weights"
}
refused_training --expert --expert-share 50
refused_training --expert-mix --expert 16 --expert-mix 101
refused_training --expert-share --expert 16 --expert-share 0

# self-play of whole turns (--turns, --playout) says its budget is per
# turn and names both in the header; --turns 0 or --playout -3 is refused,
# so is --playbeam without a playout
"$maya" train tzolkin --generations 1 --games 2 --iterations 8 --turns 4 --playout -1 --seed 2 --jobs 1 \
    --out "$tmp/k.txt" >"$tmp/k.out" 2>"$tmp/k.err" || fail "train --turns failed: $(cat "$tmp/k.err")"
grep -q '^training tzolkin: 1 generations of 2 games, 8 iterations per turn' "$tmp/k.out" ||
    fail "the run does not say its budget is per turn: $(cat "$tmp/k.out")"
grep -q '^# made by: maya train tzolkin .* --turns 4 --playout -1 --seed 2' "$tmp/k.txt" ||
    fail "the header does not name --turns and --playout: $(grep 'made by' "$tmp/k.txt")"
refused_training --turns --turns 0
refused_training --playout --playout -3
refused_training --playbeam --turns 4 --playbeam 4

# imitation (--imitate 1, from given weights): 2-player games alone with
# --players 2, two searches a decision, the second of 8 iterations; the
# line gives the decisions fitted, the temperature and the cross-entropies,
# the header names the options (--center, --scorescale, --playtemp,
# --teachers and --teacher-iterations too);
# imitation without whole turns or given weights, --imitate 2, --center
# 65, --scorescale above 1000 or without --score, --playtemp without
# --playbeam or above 1000, teachers outside 1..8
# or without imitation, teacher iterations 0 or with one teacher are
# refused
"$maya" train tzolkin --generations 1 --games 2 --iterations 4 --turns 4 --playout -2 --playbeam 2 --score 100 \
    --center 2 --scorescale 30 --playtemp 20 --players 2 --imitate 1 --teachers 2 --teacher-iterations 8 --anchor 1 \
    --from "$tmp/k.txt" --seed 2 --jobs 1 --out "$tmp/i.txt" >"$tmp/i.out" 2>"$tmp/i.err" ||
    fail "train --imitate failed: $(cat "$tmp/i.err")"
grep -Eq '^generation 1/1: [1-9][0-9]* decisions, temperature [0-9.]+, cross-entropy held out [0-9.]+ -> [0-9.]+ \(even odds [0-9.]+, the visits. own [0-9.]+; .*; mean score 2p -?[0-9.]+, ' "$tmp/i.out" ||
    fail "the run does not report the imitation at 2 players alone: $(cat "$tmp/i.out")"
made_by='^# made by: maya train tzolkin .* --center 2 --scorescale 30 --playtemp 20 --players 2 --imitate 1 '
made_by="$made_by--teachers 2 "
made_by="$made_by--teacher-iterations 8 --seed 2 "
grep -q "$made_by" "$tmp/i.txt" ||
    fail "the header does not name --center, --scorescale, --players, --imitate and the teachers: $(grep 'made by' "$tmp/i.txt")"
refused_training --imitate --imitate 1 --from "$tmp/k.txt"
refused_training --imitate --turns 4 --imitate 1
refused_training --imitate --turns 4 --imitate 2 --from "$tmp/k.txt"
refused_training --center --center 65
refused_training --scorescale --score 100 --scorescale 1001
refused_training 'it needs --score' --scorescale 30
refused_training --playtemp --turns 4 --playout -2 --playtemp 20
refused_training --playtemp --turns 4 --playout -2 --playbeam 2 --playtemp 1001
refused_training --players --players 5
refused_training --teachers --turns 4 --imitate 1 --from "$tmp/k.txt" --teachers 0
refused_training --teachers --turns 4 --imitate 1 --from "$tmp/k.txt" --teachers 9
refused_training --teachers --turns 4 --teachers 2
refused_training --teacher-iterations --turns 4 --imitate 1 --from "$tmp/k.txt" --teachers 2 --teacher-iterations 0
refused_training --teacher-iterations --turns 4 --imitate 1 --from "$tmp/k.txt" --teacher-iterations 8

# forced seats (--forced): named in the header; each block's line says
# where the seats differ in the plans' features
"$maya" train tzolkin --generations 1 --games 3 --iterations 8 --turns 4 --playout -1 --forced 50 --seed 2 --jobs 1 \
    --out "$tmp/f.txt" >"$tmp/f.out" 2>"$tmp/f.err" || fail "train --forced failed: $(cat "$tmp/f.err")"
grep -q '^# made by: maya train tzolkin .* --turns 4 --playout -1 --forced 50 --seed 2' "$tmp/f.txt" ||
    fail "the header does not name --forced: $(grep 'made by' "$tmp/f.txt")"
grep -Eq '^generation 1/1: .*; mean score 2p [0-9.]+ 3p [0-9.]+ 4p [0-9.]+, forced seats [0-9]p [0-9.]+ \([0-9]+ seats\)' "$tmp/f.out" ||
    fail "the run does not give the forced seats' mean score: $(cat "$tmp/f.out")"
for b in 2p 3p 4p; do
    grep -Eq "^  $b: [0-9]+ positions, seats differ in workers [0-9.]+%, farms [0-9.]+%, monuments [0-9.]+%" "$tmp/f.out" ||
        fail "no line of block $b on where the seats differ: $(cat "$tmp/f.out")"
done
refused_training --forced --forced 101
"$maya" train tikal --generations 1 --games 1 --iterations 8 --forced 50 --out "$tmp/bad7.txt" >/dev/null 2>"$tmp/bad7.err" &&
    fail "tikal trained with forced seats and no plan policy"
grep -q 'no plan policy' "$tmp/bad7.err" || fail "the error does not say why: $(cat "$tmp/bad7.err")"
[ ! -e "$tmp/bad7.txt" ] || fail "a refused run wrote weights"

# handicaps (--handicap) with some features fitted alone (--fit-only):
# both named in the header, the handicapped seats' margins in the report,
# the 2-player block alone moved; --handicap 101, a handicap for Tikal (it
# has none), --fit-only without --anchor 1 and --from, and a feature the
# set does not have are refused, no weights written
"$maya" train tzolkin --generations 1 --games 4 --iterations 8 --turns 4 --playout -1 --players 2 --handicap 100 \
    --anchor 1 --fit-only workers,hand --seed 2 --jobs 1 --from "$tmp/w.txt" --out "$tmp/h.txt" >"$tmp/h.out" \
    2>"$tmp/h.err" || fail "train --handicap failed: $(cat "$tmp/h.err")"
grep -q "^# made by: maya train tzolkin .* --anchor 1 --turns 4 --playout -1 --handicap 100 --fit-only workers,hand --players 2 --seed 2 --from $tmp/w.txt" "$tmp/h.txt" ||
    fail "the header does not name --handicap and --fit-only: $(grep 'made by' "$tmp/h.txt")"
grep -Eq '^generation 1/1: .*; mean score 2p [0-9.]+(, one more [-+][0-9.]+ over the others \([0-9] seats\))?(, one fewer [-+][0-9.]+ over the others \([0-9] seats\))?, [0-9]+ s$' "$tmp/h.out" &&
    grep -Eq 'one (more|fewer) [-+][0-9.]+ over the others' "$tmp/h.out" ||
    fail "the run does not give the handicapped seats' margins: $(cat "$tmp/h.out")"
for b in 3p 4p; do
    [ "$(block_of "$tmp/h.txt" $b)" = "$(block_of "$tmp/w.txt" $b)" ] || fail "a 2-player run changed block $b"
done
refused_training --handicap --handicap 101
"$maya" train tikal --generations 1 --games 1 --iterations 8 --handicap 50 --out "$tmp/bad8.txt" >/dev/null \
    2>"$tmp/bad8.err" && fail "tikal trained with a handicap it does not have"
grep -q 'handicap' "$tmp/bad8.err" || fail "the error does not say why: $(cat "$tmp/bad8.err")"
refused_training --fit-only --fit-only workers --from "$tmp/w.txt"
refused_training --fit-only --fit-only workers --anchor 1
# the list the weights' header names is bounded: 400 characters
long_list=$(awk 'BEGIN { for (i = 0; i < 50; i++) printf "workers,"; printf "hand" }')
refused_training --fit-only --fit-only "$long_list" --anchor 1 --from "$tmp/w.txt"
grep -q 'at most 400 characters' "$tmp/bad6.err" || fail "the error does not give the bound: $(cat "$tmp/bad6.err")"
"$maya" train tzolkin --generations 1 --games 1 --iterations 8 --anchor 1 --fit-only workers,nonsense \
    --from "$tmp/w.txt" --out "$tmp/bad9.txt" >/dev/null 2>"$tmp/bad9.err" && fail "a fit of an unknown feature ran"
grep -q '"nonsense"' "$tmp/bad9.err" || fail "the error does not name the feature: $(cat "$tmp/bad9.err")"
[ ! -e "$tmp/bad8.txt" ] && [ ! -e "$tmp/bad9.txt" ] || fail "a refused run wrote weights"

"$maya" train tikal --spsa 4 --iterations 8 --seed 2 --jobs 1 --out "$tmp/t.txt" >"$tmp/t.out" 2>"$tmp/t.err" ||
    fail "tuning failed: $(cat "$tmp/t.err")"
grep -q '^# made by: maya train tikal --spsa 4 --players 2 --iterations 8 --step 150 --perturb 200 --seed 2' "$tmp/t.txt" ||
    fail "the tuned weights' header does not name the command: $(grep 'made by' "$tmp/t.txt")"
grep -q '^step 4/4: plus side' "$tmp/t.out" || fail "no progress line of the tuning: $(cat "$tmp/t.out")"
"$maya" train tikal --spsa 4 --iterations 8 --seed 2 --jobs 1 --from "$tmp/t.txt" --out "$tmp/t2.txt" \
    >/dev/null 2>"$tmp/t2.err" || fail "tuned weights do not load with --from: $(cat "$tmp/t2.err")"
# tuning the auction alone (--variant) from those weights moves its 2p
# block and no other, and names both commands, its own and --from's
"$maya" train tikal --spsa 8 --variant auction --iterations 8 --seed 2 --jobs 1 --from "$tmp/t.txt" \
    --out "$tmp/ta.txt" >"$tmp/ta.out" 2>"$tmp/ta.err" || fail "tuning the auction failed: $(cat "$tmp/ta.err")"
both="maya train tikal --spsa 8 --players 2 --variant auction --iterations 8 --step 150 --perturb 200 --seed 2"
both="$both --from $tmp/t.txt (results do not depend on --jobs); $tmp/t.txt made by: maya train tikal --spsa 4 "
grep -qF "# made by: $both" "$tmp/ta.txt" ||
    fail "the auction's weights do not name both commands: $(grep 'made by' "$tmp/ta.txt")"
for b in 2p 3p 4p 3p-auction 4p-auction; do
    [ -n "$(block_of "$tmp/t.txt" $b)" ] && [ "$(block_of "$tmp/ta.txt" $b)" = "$(block_of "$tmp/t.txt" $b)" ] ||
        fail "tuning the auction changed block $b"
done
[ "$(block_of "$tmp/ta.txt" 2p-auction)" != "$(block_of "$tmp/t.txt" 2p-auction)" ] ||
    fail "tuning the auction left its block as it was"
# refused_tuning OPTION VALUE [SAYS [GAME]]: tuning GAME (default tikal)
# with OPTION VALUE is a usage error saying SAYS (default: naming OPTION),
# no weights written
refused_tuning() {
    "$maya" train "${4:-tikal}" --spsa 4 "$1" "$2" --out "$tmp/bad.txt" >/dev/null 2>"$tmp/bad.err"
    [ $? -eq 2 ] || fail "$1 $2 is not a usage error"
    grep -q -- "${3:-$1}" "$tmp/bad.err" || fail "the error does not say ${3:-$1}: $(cat "$tmp/bad.err")"
    [ ! -e "$tmp/bad.txt" ] || fail "a refused tuning run wrote weights"
}
refused_tuning --spsa 0
refused_tuning --players 5
refused_tuning --center 8
refused_tuning --scorescale 30 '--scorescale is for training from self-play'
refused_tuning --policy 1
refused_tuning --forced 50
refused_tuning --games 3
refused_tuning --variant nosuch 'unknown variant "nosuch"'
refused_tuning --pairs 0
refused_tuning --pairs 9
refused_tuning --variant auction 'tzolkin has no variants' tzolkin
refused_tuning --signal points '--signal is win or margin' tzolkin
refused_tuning --turns 0 --turns tzolkin
refused_tuning --playout -3 --playout tzolkin
"$maya" train tzolkin --spsa 4 --players 2 --signal margin --turns 4 --playout -1 --iterations 6 --seed 2 --jobs 2 \
    --from "$tmp/w.txt" --out "$tmp/tz.txt" >"$tmp/tz.out" 2>"$tmp/tz.err" ||
    fail "tuning Tzolk'in's whole turns failed: $(cat "$tmp/tz.err")"
grep -q '^tuning tzolkin by game results: 4 steps of 2 2p games --signal margin --turns 4 --playout -1, 6 iterations per turn' \
    "$tmp/tz.out" || fail "the tuning run does not say its search: $(cat "$tmp/tz.out")"
grep -q '^step 4/4: plus side .*, [-+][0-9.]* points a game, ' "$tmp/tz.out" ||
    fail "the progress line does not show the margin: $(cat "$tmp/tz.out")"
grep -q '^# made by: maya train tzolkin --spsa 4 --players 2 --signal margin --turns 4 --playout -1 --iterations 6 ' \
    "$tmp/tz.txt" || fail "the header does not name --signal, --turns and --playout: $(grep 'made by' "$tmp/tz.txt")"
for b in 3p 4p; do
    [ "$(block_of "$tmp/tz.txt" $b)" = "$(block_of "$tmp/w.txt" $b)" ] || fail "a 2-player tuning run changed block $b"
done
[ "$(block_of "$tmp/tz.txt" 2p)" != "$(block_of "$tmp/w.txt" 2p)" ] || fail "a 2-player tuning run left block 2p"
"$maya" train tikal --variant auction --generations 1 --games 2 --iterations 8 --out "$tmp/bad.txt" >/dev/null 2>"$tmp/bad.err"
[ $? -eq 2 ] || fail "--variant without --spsa is not a usage error"
grep -q -- "--variant is for tuning" "$tmp/bad.err" || fail "the error does not name --variant: $(cat "$tmp/bad.err")"
[ ! -e "$tmp/bad.txt" ] || fail "a refused training run wrote weights"
# two pairs a step: named in the command that made the weights
"$maya" train tikal --spsa 4 --pairs 2 --iterations 8 --seed 2 --jobs 2 --out "$tmp/tp.txt" >/dev/null 2>"$tmp/tp.err" ||
    fail "tuning with --pairs 2 failed: $(cat "$tmp/tp.err")"
grep -q '^# made by: maya train tikal --spsa 4 --players 2 --pairs 2 --iterations 8 ' "$tmp/tp.txt" ||
    fail "the header does not name --pairs: $(grep 'made by' "$tmp/tp.txt")"
# a tuning option without --spsa is refused too
"$maya" train tikal --step 100 --generations 1 --games 2 --iterations 8 --out "$tmp/bad.txt" >/dev/null 2>"$tmp/bad.err"
[ $? -eq 2 ] || fail "--step without --spsa is not a usage error"
grep -q -- "--step is for tuning" "$tmp/bad.err" || fail "the error does not name --step: $(cat "$tmp/bad.err")"
[ ! -e "$tmp/bad.txt" ] || fail "a refused training run wrote weights"

[ "$failed" -eq 0 ] && echo "train: TD(lambda) run, its weights and command, loading them, anchored to them, a bad --lambda or --anchor refused, --policy, --expert and its bad settings refused, --turns and --playout, --forced and where the seats differ, --handicap and --fit-only and their bad settings refused, --imitate at 2 players with --center and --scorescale, --teachers and --teacher-iterations and their bad settings refused; a tuning run, its weights, the auction tuned alone, --pairs, bad --spsa, --players, --variant and --pairs refused, options of the other mode refused; Tzolk'in's whole turns tuned by the margin, its 2p block alone, bad --signal, --turns and --playout refused"
exit $failed
