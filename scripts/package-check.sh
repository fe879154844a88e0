#!/usr/bin/env bash
# `boardls package` checked by the judges' own tool: for every game, a package built by one
# command from a plan (the game's original samples, then generated groups, as the README's
# walkthrough does) plus an accepted solution from tests/package/solutions/ (not boardls),
# run through Kattis's `verifyproblem` (0 errors, 0 warnings, statement included), and its
# checktestdata validator compared with `boardls validate` on valid and broken inputs.
#   scripts/package-check.sh [BOARDLS]     (default: target/debug/boardls)
# Installs what it needs: TeX Live, tidy, dvisvgm and g++ from Debian (once per machine,
# about 80 s and 760 MB), problemtools from PyPI in a venv under target/ (cached).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-target/debug/boardls}")
root=$PWD

need=()
command -v pdflatex >/dev/null || need+=(texlive-latex-recommended texlive-latex-extra
  texlive-fonts-recommended texlive-plain-generic texlive-pictures texlive-luatex)
command -v tidy >/dev/null || need+=(tidy)
command -v dvisvgm >/dev/null || need+=(dvisvgm)
command -v g++ >/dev/null || need+=(g++)
[ -d /usr/share/fonts/truetype/dejavu ] || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
venv=target/problemtools
if [ ! -x "$venv/bin/verifyproblem" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "problemtools==1.20260907"
fi
# Not `realpath`: a venv's python is a link to the system one, which lacks the venv's modules.
python=$PWD/$venv/bin/python
verify=$PWD/$venv/bin/verifyproblem

work=$(mktemp -d -t boardls-package.XXXXXX)
trap 'rm -rf "$work"' EXIT
status=0
for game in zgame race chess tetris strings; do
  dir="$work/$game"
  mkdir -p "$dir"
  cp "examples/$game.board" "$dir/samples.board"
  case $game in
    tetris) large="gen tetris --size 8x8 --count 2 --seed 4" ;;
    *) large="gen $game --preset max --count 2" ;;
  esac
  cat > "$dir/tests.plan" <<PLAN
sample: samples.board
edge: gen $game --preset edge
small: gen $game --count 5 --seed 7
large: $large
PLAN
  (cd "$dir" && "$bin" package tests.plan --out "$game" --solution "$root/tests/package/solutions/$game.cpp" \
    --license "cc by-sa" --rights-owner "boardls contributors" 2>&1 | tail -1)
  log="$dir/verify.log"
  "$verify" "$dir/$game" >"$log" 2>&1 || true
  summary=$(grep -E "tested: [0-9]+ errors?, [0-9]+ warnings?" "$log" || echo "no summary")
  echo "$summary"
  if [ "$summary" != "$game tested: 0 errors, 0 warnings" ]; then
    grep -E "ERROR|WARNING" "$log" | head -20 || tail -20 "$log"
    status=1
  fi
  "$python" tests/package/compare_validators.py "$bin" "$python" "$dir/$game" "$game" || status=1
done
# A scoring problem: groups with points (`NAME(POINTS):`), the accepted solution scoring 100.
dir="$work/scoring"
mkdir -p "$dir"
cp examples/strings.board "$dir/samples.board"
cat > "$dir/tests.plan" <<PLAN
sample: samples.board
edge(20): gen strings --preset edge
small(30): gen strings --count 5 --seed 7
large(50): gen strings --preset max --count 2
PLAN
# With limits too: `limits.memory` in problem.yaml, `.timelimit` for DOMjudge.
(cd "$dir" && "$bin" package tests.plan --out scoring --solution "$root/tests/package/solutions/strings.cpp" \
  --license "cc by-sa" --rights-owner "boardls contributors" --time-limit 2 --memory-limit 1024 2>&1 | tail -1)
grep -qx "  memory: 1024" "$dir/scoring/problem.yaml" || { echo "no memory limit in problem.yaml"; status=1; }
[ "$(cat "$dir/scoring/.timelimit")" = 2 ] || { echo "no .timelimit"; status=1; }
"$verify" "$dir/scoring" >"$dir/verify.log" 2>&1 || true
summary=$(grep -E "tested: [0-9]+ errors?, [0-9]+ warnings?" "$dir/verify.log" || echo "no summary")
echo "$summary"
grep -Eq "strings\.cpp +AC\(0\).* 100 " "$dir/verify.log" || { echo "the solution did not score 100"; status=1; }
if [ "$summary" != "scoring tested: 0 errors, 0 warnings" ]; then
  grep -E "ERROR|WARNING" "$dir/verify.log" | head -20 || tail -20 "$dir/verify.log"
  status=1
fi
exit $status
