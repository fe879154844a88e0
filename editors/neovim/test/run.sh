#!/usr/bin/env bash
# Runs smoke.lua: headless Neovim with editors/neovim on a copy of the e2e fixture.
# env: BOARDLS_BIN (the server binary, required),
#      BOARDLS_NVIM_OUT_DIR (log and result.json; default: <repo>/target/neovim-smoke, git-ignored)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
: "${BOARDLS_BIN:?set BOARDLS_BIN to the boardls binary}"
OUT=${BOARDLS_NVIM_OUT_DIR:-$(cd "$HERE/../../.." && pwd)/target/neovim-smoke}
rm -rf "$OUT"
mkdir -p "$OUT"
cp "$HERE/../../vscode/test/fixture/e2e.board" "$OUT/e2e.board"
cd "$OUT"
export BOARDLS_NVIM_PLUGIN="$HERE/.." BOARDLS_NVIM_OUT="$OUT/result.json" BOARDLS_BIN
export XDG_CONFIG_HOME="$OUT/xdg/config" XDG_DATA_HOME="$OUT/xdg/data" XDG_STATE_HOME="$OUT/xdg/state" XDG_CACHE_HOME="$OUT/xdg/cache"
rc=0
timeout 120 nvim --headless -n -i NONE -u "$HERE/smoke.lua" "$OUT/e2e.board" >"$OUT/nvim.log" 2>&1 || rc=$?
# Neovim's own messages (e.g. the applied edit's label) end up in the log without a newline.
sed -e '$a\' "$OUT/nvim.log"
if ((rc == 0)) && [[ -f "$OUT/result.json" ]]; then
  echo "neovim: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["checks"])' "$OUT/result.json") passed, 0 failed"
else
  echo "neovim: 0 passed, 1 failed (exit code $rc)"
  exit 1
fi
