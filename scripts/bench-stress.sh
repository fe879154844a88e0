#!/usr/bin/env bash
# The speed of `boardls stress`, as recorded in BENCHMARKS.md (a script, not criterion: what is
# measured is the whole command, process starts included).
#   1. rounds per second with a fast correct solution (`boardls judge`, a compiled program
#      that starts in about a millisecond) on small inputs, `--jobs 2`;
#   2. the time to shrink a failing 50×50 zgame input with a fast wrong solution.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin boardls --example zgame_no_draws
bin=target/release/boardls
wrong=target/release/examples/zgame_no_draws
field() { grep -o "\"$1\": [0-9]*" | head -1 | grep -o '[0-9]*$'; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
for game in chess zgame race tetris strings; do
  report=$("$bin" stress "$game" --count 3000 --jobs 2 --json -- "$bin" judge "$game")
  rounds=$(field rounds <<<"$report")
  ms=$(field elapsed_ms <<<"$report")
  echo "$game: $rounds rounds in $ms ms: $((rounds * 1000 / ms)) rounds/s"
done
# Exit 1: a failure was found, as it must be.
report=$("$bin" stress zgame --size 50 --density 0.02 --tests 1 --json -- "$wrong") || test $? -eq 1
echo "shrink a failing 50×50 zgame input: $(field shrink_ms <<<"$report") ms," \
  "$(field runs <<<"$report") runs, input now $(grep -o '"input": "1\\n[0-9]* [0-9]*' <<<"$report" | tail -1 | sed 's/.*\\n//')"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
