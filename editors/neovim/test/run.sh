#!/usr/bin/env bash
# Runs smoke.lua: headless Neovim with editors/neovim on a copy of the e2e fixture.
# env: BOARDLS_BIN (the server binary, required),
#      BOARDLS_NVIM (the Neovim to run; default: nvim on PATH),
#      BOARDLS_NVIM_PARSER=1 (also install the tree-sitter parser, compiled here from
#        grammar/tree-sitter-board, so that the buffer is highlighted by tree-sitter; 0.10+),
#      BOARDLS_NVIM_OUT_DIR (log and result.json; default: <repo>/target/neovim-smoke, git-ignored)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
: "${BOARDLS_BIN:?set BOARDLS_BIN to the boardls binary}"
NVIM=${BOARDLS_NVIM:-nvim}
OUT=${BOARDLS_NVIM_OUT_DIR:-$REPO/target/neovim-smoke}
rm -rf "$OUT"
mkdir -p "$OUT"
cp "$HERE/../../vscode/test/fixture/e2e.board" "$OUT/e2e.board"
cd "$OUT"
export BOARDLS_NVIM_PLUGIN="$HERE/.." BOARDLS_NVIM_OUT="$OUT/result.json" BOARDLS_NVIM_EXPORT="$OUT/export" BOARDLS_BIN
export XDG_CONFIG_HOME="$OUT/xdg/config" XDG_DATA_HOME="$OUT/xdg/data" XDG_STATE_HOME="$OUT/xdg/state" XDG_CACHE_HOME="$OUT/xdg/cache"
if [[ "${BOARDLS_NVIM_PARSER:-}" == 1 ]]; then
  # Where Neovim looks for parsers: parser/board.so in a 'runtimepath' folder (here the
  # user's site folder, as nvim-treesitter or a hand install would put it).
  grammar=$REPO/grammar/tree-sitter-board
  mkdir -p "$XDG_DATA_HOME/nvim/site/parser"
  cc -shared -fPIC -O1 -I "$grammar/src" "$grammar/src/parser.c" "$grammar/src/scanner.c" \
    -o "$XDG_DATA_HOME/nvim/site/parser/board.so"
fi
rc=0
timeout 120 "$NVIM" --headless -n -i NONE -u "$HERE/smoke.lua" "$OUT/e2e.board" >"$OUT/nvim.log" 2>&1 || rc=$?
# Neovim's own messages (e.g. the applied edit's label) end up in the log without a newline.
sed -e '$a\' "$OUT/nvim.log"
if ((rc == 0)) && [[ -f "$OUT/result.json" ]]; then
  echo "neovim $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["nvim"] + ":", r["checks"])' "$OUT/result.json") passed, 0 failed"
else
  echo "neovim: 0 passed, 1 failed (exit code $rc)"
  exit 1
fi
