#!/usr/bin/env bash
# Packages the VS Code extension for one platform with the server inside: builds boardls with the
# `dist` profile (release, no debug info, stripped) for the Rust target of that platform, copies
# it to editors/vscode/server/boardls (boardls.exe on Windows) and runs
# `vsce package --target TARGET`. The extension starts that binary when boardls.server.path is
# not set. The folder server/ is emptied again afterwards, so that `npm run package` keeps making
# the universal package (no binary: boardls.server.path or `boardls` on PATH).
#
# usage: scripts/package-vscode.sh TARGET
#   TARGET     Rust target (built here; the machine needs that target's toolchain and linker)
#   linux-x64     x86_64-unknown-linux-gnu     (tested on every run of scripts/test.sh)
#   linux-arm64   aarch64-unknown-linux-gnu    (on an arm64 Linux machine, or with a cross linker)
#   darwin-x64    x86_64-apple-darwin          (on macOS)
#   darwin-arm64  aarch64-apple-darwin         (on macOS)
#   win32-x64     x86_64-pc-windows-msvc       (on Windows, in Git Bash)
# env: BOARDLS_RUST_TARGET   another Rust target for TARGET (e.g. x86_64-unknown-linux-musl)
#      BOARDLS_SERVER_BIN    package this binary instead of building one
# out: editors/vscode/boardls-TARGET.vsix (git-ignored); its path is the last line printed.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
EXT=$REPO/editors/vscode
TARGET=${1:-}

case "$TARGET" in
  linux-x64) rust_target=x86_64-unknown-linux-gnu ;;
  linux-arm64) rust_target=aarch64-unknown-linux-gnu ;;
  darwin-x64) rust_target=x86_64-apple-darwin ;;
  darwin-arm64) rust_target=aarch64-apple-darwin ;;
  win32-x64) rust_target=x86_64-pc-windows-msvc ;;
  *)
    echo "usage: scripts/package-vscode.sh linux-x64|linux-arm64|darwin-x64|darwin-arm64|win32-x64" >&2
    exit 2
    ;;
esac
rust_target=${BOARDLS_RUST_TARGET:-$rust_target}
exe=boardls
[[ "$TARGET" != win32-* ]] || exe=boardls.exe

if [[ -n "${BOARDLS_SERVER_BIN:-}" ]]; then
  bin=$BOARDLS_SERVER_BIN
else
  bin=$("$REPO/scripts/build-dist.sh" "$rust_target")
fi
[[ -f "$bin" ]] || { echo "package-vscode: no server binary at $bin" >&2; exit 1; }

cd "$EXT"
if ! cmp -s package-lock.json node_modules/.boardls-installed-lock; then
  npm ci --no-audit --no-fund --loglevel=error --prefer-offline
  cp package-lock.json node_modules/.boardls-installed-lock
fi

rm -rf server
trap 'rm -rf "$EXT/server"' EXIT
mkdir server
cp "$bin" "server/$exe"
chmod 755 "server/$exe"
out=boardls-$TARGET.vsix
npx --no-install vsce package --no-dependencies --allow-missing-repository --target "$TARGET" --out "$out" </dev/null >&2
echo "$EXT/$out"
