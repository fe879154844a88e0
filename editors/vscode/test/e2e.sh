#!/usr/bin/env bash
# End-to-end test of the packaged extension in a real VS Code: code-server (VS Code 1.100 in the
# browser) on 127.0.0.1 with boardls.vsix installed offline, driven in headless Debian chromium by
# e2e.js (playwright-core). It opens a copy of examples/ plus test/fixture/e2e.board and checks
# what a user sees: lenses, inlay hints, an error squiggle and its Problems entry, a hover, coloured cells, a
# lens that changes after typing, the lens and the command that write `expect`, the export
# command, every example file, the Light+ colours, and the missing-binary message.
#
# usage: e2e.sh            (after `npm ci` and `npm run package` in editors/vscode)
# env:   BOARDLS_BIN       server binary (default: target/debug/boardls, built by `cargo build`)
#        BOARDLS_E2E_OUT   screenshots and logs (default: <repo>/target/vscode-e2e, git-ignored)
#        BOARDLS_CS_CACHE  code-server install (default: ~/.cache/boardls-code-server)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
EXT=$(cd "$HERE/.." && pwd)
REPO=$(cd "$EXT/../.." && pwd)
OUT=${BOARDLS_E2E_OUT:-$REPO/target/vscode-e2e}
CS_DIR=${BOARDLS_CS_CACHE:-$HOME/.cache/boardls-code-server}
VSIX=$EXT/boardls.vsix

if [[ -z "${BOARDLS_BIN:-}" ]]; then
  (cd "$REPO" && cargo build --quiet)
  BOARDLS_BIN=${CARGO_TARGET_DIR:-$REPO/target}/debug/boardls
fi
BOARDLS_BIN=$(realpath "$BOARDLS_BIN")
[[ -x "$BOARDLS_BIN" ]] || { echo "e2e: no server binary at $BOARDLS_BIN" >&2; exit 1; }
[[ -f "$VSIX" ]] || { echo "e2e: $VSIX is missing: run npm run package first" >&2; exit 1; }
[[ -x /usr/bin/chromium ]] || { echo "e2e: /usr/bin/chromium is missing (apt-get install chromium)" >&2; exit 1; }

bash "$HERE/install-code-server.sh" "$CS_DIR"

# A fresh profile every run: nothing remembered from an earlier run can make a check pass.
rm -rf "$OUT"
mkdir -p "$OUT/ws" "$OUT/data/user/User" "$OUT/data/extensions" "$OUT/xdg"
if [[ -d "$REPO/examples" ]]; then
  cp "$REPO"/examples/*.board "$OUT/ws/"
fi
cp "$HERE/fixture/e2e.board" "$OUT/ws/"

# boardls.server.path is machine-overridable: a remote window (code-server is one) ignores it in
# User settings once the extension's settings are registered, which may be before activation.
# Remote settings are the place for it.
mkdir -p "$OUT/data/user/Machine"
cat > "$OUT/data/user/Machine/settings.json" <<JSON
{ "boardls.server.path": "$BOARDLS_BIN" }
JSON
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
  timeout 300 node "$HERE/e2e.js" || status=$?
echo "e2e: screenshots and logs in $OUT"
exit "$status"
