#!/usr/bin/env bash
# Writes build/judge-layout.ld: the functions `boardls judge` runs on every game, then those
# `solve` and `check` run, which the linker puts side by side (see scripts/judge_layout.py).
# Run it after changing a judge or batch path; `--check` only reports what the runs touch
# outside `.text.judge`.
#
#   scripts/judge-layout.sh [--check]        (needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-write}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo build --release --quiet
boardls=target/release/boardls

# Judge inputs of every game: the original samples, the open 300×300 race boards, and
# maximum-size boards made by `boardls gen` and written as judge input by `boardls export`.
inputs=(zgame:tests/data/samples/zgame.in race:tests/data/samples/race.in
  chess:tests/data/samples/chess.in tetris:tests/data/samples/tetris.in
  strings:tests/data/samples/strings.in race:tests/data/race/open.in)
for spec in zgame:500 race:300 chess:1000 tetris:7 strings:20; do
  game=${spec%%:*}
  "$boardls" gen "$game" --size "${spec#*:}" --count 2 > "$tmp/$game.board"
  "$boardls" export "$tmp/$game.board" --out "$tmp/$game" > /dev/null
  for input in "$tmp/$game"/*.in; do inputs+=("$game:$input"); done
done

# The empty tetris boards the reference comparison times (the widest searches).
for shape in "7 7" "8 7"; do
  set -- $shape
  { echo "$1 $2"; for _ in $(seq "$1"); do printf '0%.0s' $(seq "$2"); echo; done; } > "$tmp/tetris-$1x$2.in"
  inputs+=("tetris:$tmp/tetris-$1x$2.in")
done

profiles=()
for spec in "${inputs[@]}"; do
  game=${spec%%:*}
  input=${spec#*:}
  out="$tmp/cg.${#profiles[@]}"
  # Both ways a contest system passes the input, and the tetris region cache cold and warm.
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$out.a" \
    "$boardls" judge "$game" "$input" > /dev/null 2>&1 || true
  BOARDLS_NO_CACHE=1 valgrind --tool=callgrind --demangle=no --callgrind-out-file="$out.b" \
    "$boardls" judge "$game" < "$input" > /dev/null 2>&1 || true
  profiles+=("$out.a" "$out.b")
done

# Then what `solve` and `check` run on the same boards as `.board` files, after the judge's
# functions: a batch command on one board should touch no more pages than `judge` needs.
for game in zgame race chess tetris strings; do
  "$boardls" gen "$game" --count 1 > "$tmp/$game-1.board"
  for board in "$tmp/$game-1.board" "$tmp/$game.board"; do
    for command in solve check; do
      out="$tmp/cg.${#profiles[@]}"
      BOARDLS_NO_CACHE=1 valgrind --tool=callgrind --demangle=no --callgrind-out-file="$out" \
        "$boardls" "$command" "$board" > /dev/null 2>&1 || true
      profiles+=("$out")
    done
  done
done

if [ "$mode" = "--check" ]; then
  python3 scripts/judge_layout.py check "$boardls" "${profiles[@]}"
else
  python3 scripts/judge_layout.py write "$boardls" "${profiles[@]}" > build/judge-layout.ld
  cargo build --release --quiet
  python3 scripts/judge_layout.py check "$boardls" "${profiles[@]}"
fi
