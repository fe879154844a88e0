#!/usr/bin/env bash
# Installs code-server (VS Code in the browser) from the npm registry alone, into a cache folder
# outside the repository, for the end-to-end test. Nothing is downloaded from anywhere else:
# code-server's own postinstall would fetch ripgrep from GitHub, so its steps are done here by
# hand and Debian's `rg` stands in. Reuses the folder when a previous run completed.
#
# usage: install-code-server.sh [DEST]   (default: $BOARDLS_CS_CACHE or ~/.cache/boardls-code-server)
# needs (apt): build-essential pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev ripgrep
set -euo pipefail

# 4.100.3 is the last release whose engines.node accepts Node 20 (it is VS Code 1.100.3).
VERSION=4.100.3
DEST=${1:-${BOARDLS_CS_CACHE:-$HOME/.cache/boardls-code-server}}
STAMP="$DEST/.complete-$VERSION"

if [[ -f "$STAMP" && -x "$DEST/node_modules/.bin/code-server" ]]; then
  echo "code-server $VERSION already in $DEST"
  exit 0
fi

command -v rg >/dev/null || { echo "install-code-server: ripgrep (rg) is missing" >&2; exit 1; }

# A half-finished folder from an interrupted run is not trusted.
rm -rf "$DEST"
mkdir -p "$DEST"
cd "$DEST"
echo '{"private":true}' > package.json

# node-pty's build step runs `npx node-gyp`, which must not stop to ask.
export npm_config_yes=true npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

# code-server's postinstall runs a nested `npm install` that fails offline-from-GitHub, so skip
# every script and redo the needed parts below.
npm install --no-save --ignore-scripts "code-server@$VERSION"
# argon2 (password hashing) is the one native module at the top level; built from source.
npm rebuild argon2

VS="$DEST/node_modules/code-server/lib/vscode"
cd "$VS"
npm install --omit=dev --ignore-scripts
mkdir -p node_modules/@vscode/ripgrep/bin
cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
# Native modules of VS Code itself (node-pty, spdlog, @parcel/watcher, kerberos, …).
npm rebuild
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sfn code-linux.sh code-server)
(cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
(cd extensions && npm install --omit=dev)

# --version writes a default config file; keep it inside the cache folder.
XDG_CONFIG_HOME="$DEST/xdg-config" "$DEST/node_modules/.bin/code-server" --version | head -1
touch "$STAMP"
