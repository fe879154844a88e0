#!/usr/bin/env bash
# Neovim end-to-end test of `boardls lsp`: installs neovim when missing, builds boardls, runs
# tests/nvim/e2e.lua headless on a copy of examples/zgame.board. Exit status 0 means pass.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if ! command -v nvim >/dev/null 2>&1; then
    echo "nvim-e2e: installing neovim" >&2
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && apt-get install -y -qq neovim >/dev/null
    else
        sudo apt-get update -qq && sudo apt-get install -y -qq neovim >/dev/null
    fi
fi

# BOARDLS_BIN: a server binary already built (scripts/test.sh passes the one its tests built).
if [ -n "${BOARDLS_BIN:-}" ]; then
    bin="$BOARDLS_BIN"
else
    export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
    cargo build --quiet --manifest-path "$root/Cargo.toml" --bin boardls
    bin="$CARGO_TARGET_DIR/debug/boardls"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The script edits the original sample 1 (`..B / ..B / BB.`), the first case of the example.
if [ -f "$root/examples/zgame.board" ] && grep -qx 'BB\.' "$root/examples/zgame.board"; then
    cp "$root/examples/zgame.board" "$work/zgame.board"
else
    cp "$here/fixture.board" "$work/zgame.board"
fi

cd "$work"
status=0
BOARDLS_CMD="$bin lsp --stdio" BOARDLS_OUT="$work/result.json" \
    timeout 300 nvim --headless -n -i NONE -u "$here/e2e.lua" zgame.board || status=$?
if [ -f "$work/result.json" ]; then
    cat "$work/result.json"
fi
if [ "$status" -ne 0 ]; then
    echo "nvim-e2e: FAILED (exit $status)" >&2
    exit 1
fi
echo "nvim-e2e: passed"
