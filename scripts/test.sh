#!/usr/bin/env bash
# Every test of boardls, installing what the tests need. The README's test command.
#   scripts/test.sh           all of it
#   scripts/test.sh --quick   Rust checks and tests only (no editors)
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --quiet -- -D warnings

step "cargo test"
cargo test --all-targets --quiet 2>&1 | tee /tmp/boardls-cargo-test.log
grep -q '^test result: ' /tmp/boardls-cargo-test.log

if [ "${1:-}" = "--quick" ]; then
  exit 0
fi

step "check examples/ (mistakes.board must fail, the rest must be clean)"
cargo build --quiet
bin=target/debug/boardls
for f in examples/*.board; do
  if [ "$f" = examples/mistakes.board ]; then
    if "$bin" check "$f" >/dev/null; then echo "mistakes.board passed check"; exit 1; fi
  else
    "$bin" check "$f"
  fi
done

if [ -x tests/nvim/run.sh ]; then
  step "Neovim end to end"
  tests/nvim/run.sh
fi

if [ -x editors/test.sh ]; then
  step "grammar, VS Code extension, code-server end to end"
  BOARDLS_BIN="$PWD/$bin" editors/test.sh
fi

step "all tests passed"
