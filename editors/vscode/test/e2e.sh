#!/usr/bin/env bash
# End-to-end test of the packaged extension in a real VS Code: code-server (VS Code 1.100 in the
# browser) on 127.0.0.1 with the platform package boardls-PLATFORM.vsix (the server inside)
# installed offline, driven in headless Debian chromium by e2e.js (playwright-core). Neither
# boardls.server.path nor a `boardls` on PATH is there: the server that runs is the bundled one.
# It opens a copy of examples/ plus test/fixture/e2e.board and checks what a user sees: lenses,
# the bundled server named in the output channel, inlay hints, an error squiggle and its Problems
# entry, a hover, coloured cells, a lens that changes after typing, the lens and the command that
# write `expect`, the export command, every example file, the Board Preview (cells and outcomes,
# following the cursor and an edit, a click, the analysis board: a move played, taken back,
# played again and added as a case, keystroke → preview on 50×50), Problems against the status
# bar's counts (no suite finding), the Light+ colours,
# a task read by the $boardls problem matcher, and the message for a wrong boardls.server.path.
#
# usage: e2e.sh            (after scripts/package-vscode.sh PLATFORM, e.g. linux-x64)
# env:   BOARDLS_VSIX      the package (default: editors/vscode/boardls-PLATFORM.vsix for this machine)
#        BOARDLS_E2E_OUT   screenshots and logs (default: <repo>/target/vscode-e2e, git-ignored)
#        BOARDLS_CS_CACHE  code-server install (default: ~/.cache/boardls-code-server)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
EXT=$(cd "$HERE/.." && pwd)
REPO=$(cd "$EXT/../.." && pwd)
OUT=${BOARDLS_E2E_OUT:-$REPO/target/vscode-e2e}
CS_DIR=${BOARDLS_CS_CACHE:-$HOME/.cache/boardls-code-server}
PLATFORM=$(node -p 'process.platform + "-" + process.arch')
VSIX=${BOARDLS_VSIX:-$EXT/boardls-$PLATFORM.vsix}

[[ -f "$VSIX" ]] || { echo "e2e: $VSIX is missing: run scripts/package-vscode.sh $PLATFORM first" >&2; exit 1; }
grep -qx 'extension/server/boardls' <<<"$(unzip -Z1 "$VSIX")" ||
  { echo "e2e: $VSIX carries no server (extension/server/boardls)" >&2; exit 1; }
[[ -x /usr/bin/chromium ]] || { echo "e2e: /usr/bin/chromium is missing (apt-get install chromium)" >&2; exit 1; }

bash "$HERE/install-code-server.sh" "$CS_DIR"

# A fresh profile every run: nothing remembered from an earlier run can make a check pass.
rm -rf "$OUT"
mkdir -p "$OUT/ws" "$OUT/data/user/User" "$OUT/data/extensions" "$OUT/xdg"
if [[ -d "$REPO/examples" ]]; then
  cp "$REPO"/examples/*.board "$OUT/ws/"
fi
cp "$HERE/fixture/e2e.board" "$OUT/ws/"

# No boardls on PATH for code-server and what it starts: only the bundled server can answer.
clean_path=
IFS=: read -ra path_dirs <<<"$PATH"
for dir in "${path_dirs[@]}"; do
  [[ -z "$dir" || -e "$dir/boardls" ]] || clean_path+=${clean_path:+:}$dir
done
export PATH=$clean_path
if command -v boardls >/dev/null || ! command -v node >/dev/null; then
  echo "e2e: cannot take boardls off PATH: it shares a folder with node" >&2
  exit 1
fi
cat > "$OUT/data/user/User/settings.json" <<JSON
{
  "workbench.colorTheme": "Default Dark Modern",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "update.mode": "none",
  "chat.commandCenter.enabled": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "editor.minimap.enabled": false,
  "editor.fontSize": 16,
  "files.autoSave": "off",
  "window.restoreWindows": "none"
}
JSON
# A key for "Developer: Inspect Editor Tokens and Scopes", which shows a cell's semantic token type.
cat > "$OUT/data/user/User/keybindings.json" <<'JSON'
[{ "key": "ctrl+alt+shift+t", "command": "editor.action.inspectTMScopes" }]
JSON

export XDG_CONFIG_HOME=$OUT/xdg/config XDG_DATA_HOME=$OUT/xdg/data XDG_CACHE_HOME=$OUT/xdg/cache
export EXTENSIONS_GALLERY='{}'
CS=(
  "$CS_DIR/node_modules/.bin/code-server"
  --user-data-dir "$OUT/data/user" --extensions-dir "$OUT/data/extensions"
  --disable-telemetry --disable-update-check --disable-workspace-trust
  --disable-getting-started-override --disable-proxy
)
"${CS[@]}" --install-extension "$VSIX" > "$OUT/install-extension.log" 2>&1 ||
  { cat "$OUT/install-extension.log" >&2; exit 1; }
ls "$OUT/data/extensions" | grep -q '^boardls\.boardls-' ||
  { echo "e2e: the extension did not install" >&2; cat "$OUT/install-extension.log" >&2; exit 1; }

PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
# Own process group, so that the server and everything it spawned end together.
setsid "${CS[@]}" --bind-addr "127.0.0.1:$PORT" --auth none --ignore-last-opened "$OUT/ws" \
  > "$OUT/code-server.log" 2>&1 &
CS_PID=$!
cleanup() { kill -- -"$CS_PID" 2>/dev/null || true; wait "$CS_PID" 2>/dev/null || true; }
trap cleanup EXIT

for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" 2>/dev/null && break
  kill -0 "$CS_PID" 2>/dev/null || { cat "$OUT/code-server.log" >&2; exit 1; }
  sleep 0.5
done

status=0
CS_URL="http://127.0.0.1:$PORT/?folder=$OUT/ws" OUT_DIR="$OUT" WS_DIR="$OUT/ws" \
  EXTENSIONS_DIR="$OUT/data/extensions" LOGS_DIR="$OUT/data/user/logs" \
  timeout 300 node "$HERE/e2e.js" || status=$?
echo "e2e: screenshots and logs in $OUT"
exit "$status"
