#!/usr/bin/env bash
# The batch commands on generated suites of any size: wall time and peak resident memory of
# `check` and `export` with 1 and 2 jobs; then `check` of one file of 50 zgame boards 500×500
# (the original limits), whose cases are solved in parallel.
#
#   scripts/bench-batch.sh [80|400 ...]     suites in MB (default: 80 400)
#   ONE_FILE=0 scripts/bench-batch.sh 80    without the one-file case
#
# A suite of S MB is S/2 files of 50 zgame boards 200×200 (2 MB each, made by `boardls gen`,
# every file its own seed) and S/4 race files (`gen race --preset max`). Nothing is kept:
# the suites are generated into a temporary folder, removed on exit. BOARDLS=path/to/boardls
# measures another build (e.g. an older one, for a before/after).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${BOARDLS:-}" ]; then
  cargo build --release --quiet --bin boardls
  BOARDLS=$PWD/target/release/boardls
fi
RUNS=${RUNS:-3}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(80 400)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

generate() { # FOLDER MB
  local dir=$1 mb=$2
  mkdir -p "$dir"
  local zfiles=$((mb / 2)) rfiles=$((mb / 4))
  {
    for i in $(seq 1 "$zfiles"); do
      printf 'zgame --size 200 --count 50 --seed %d > %s/zgame-%03d.board\n' "$i" "$dir" "$i"
    done
    for i in $(seq 1 "$rfiles"); do
      printf 'race --preset max --count 1 --seed %d > %s/race-%03d.board\n' "$i" "$dir" "$i"
    done
  } | xargs -P "$(nproc)" -I{} sh -c "\"$BOARDLS\" gen {}"
}

# Best wall time of RUNS and the largest peak RSS, from GNU time.
measure() { # LABEL COMMAND...
  local label=$1
  shift
  local best="" peak=0
  for _ in $(seq 1 "$RUNS"); do
    rm -rf "$work/out"
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null 2>"$work/err" || [ $? -le 1 ]
    read -r wall kb <"$work/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then best=$wall; fi
    [ "$kb" -gt "$peak" ] && peak=$kb
  done
  printf '| %s | %s s | %d MB |\n' "$label" "$best" $((peak / 1024))
}

for mb in "${sizes[@]}"; do
  dir=$work/suite-$mb
  generate "$dir" "$mb"
  total=$(du -sm "$dir" | cut -f1)
  largest=$(find "$dir" -name '*.board' -printf '%s\n' | sort -n | tail -1)
  echo
  echo "## suite of ${total} MB ($(find "$dir" -name '*.board' | wc -l) files, largest $((largest / 1024)) KB), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "| command | best wall of $RUNS | peak RSS |"
  echo "|---|---|---|"
  for jobs in 1 2; do
    for cmd in check "check --suite" export; do
      read -ra args <<<"$cmd"
      jobs_flag=()
      if "$BOARDLS" "${args[0]}" --help | grep -q -- '--jobs'; then
        jobs_flag=(--jobs "$jobs")
      elif [ "$jobs" -gt 1 ]; then
        continue
      fi
      out=()
      [ "${args[0]}" = export ] && out=(--out "$work/out")
      measure "$cmd ${jobs_flag[*]:-}" "$BOARDLS" "${args[@]}" "${jobs_flag[@]}" "${out[@]}" "$dir"
    done
  done
done

if [ "${ONE_FILE:-1}" != 0 ]; then
  dir=$work/one-file
  mkdir -p "$dir"
  "$BOARDLS" gen zgame --size 500 --count 50 --seed 1 >"$dir/zgame-500.board"
  echo
  echo "## one file of 50 zgame boards 500×500 ($(($(stat -c %s "$dir/zgame-500.board") / 1024)) KB), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "| command | best wall of $RUNS | peak RSS |"
  echo "|---|---|---|"
  for jobs in 1 2; do
    measure "check --jobs $jobs" "$BOARDLS" check --jobs "$jobs" "$dir"
  done
fi
