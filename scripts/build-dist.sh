#!/usr/bin/env bash
# Builds the binary that is shipped (`cargo build --profile dist`: release, no debug info,
# stripped) for a Rust target, and prints its path. scripts/dist.sh and
# scripts/package-vscode.sh both use it, so that one build serves the archive and the extension.
#
# usage: scripts/build-dist.sh [RUST_TARGET]   (default: the host's; then target/dist/boardls)
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
host=$(rustc -vV | sed -n 's/^host: //p')
rust_target=${1:-$host}
target_dir=${CARGO_TARGET_DIR:-$REPO/target}
exe=boardls
[[ "$rust_target" != *windows* ]] || exe=boardls.exe

cd "$REPO"
if [[ "$rust_target" == "$host" ]]; then
  # Without --target: the same folder as every other host build, target/dist/.
  cargo build --profile dist --locked --quiet --bin boardls >&2
  echo "$target_dir/dist/$exe"
else
  cargo build --profile dist --locked --quiet --bin boardls --target "$rust_target" >&2
  echo "$target_dir/$rust_target/dist/$exe"
fi
