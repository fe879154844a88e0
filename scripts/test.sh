#!/usr/bin/env bash
# Every test of boardls, installing what the tests need. The README's test command.
#   scripts/test.sh           all of it
#   scripts/test.sh --quick   Rust checks and tests only (no release build, no editors)
set -euo pipefail
cd "$(dirname "$0")/.."
# Tests never read or write the user's tetris cache.
export BOARDLS_NO_CACHE=1

step() { printf '\n== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy --workspace --all-targets -- -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

# The workspace: boardls, and the tree-sitter grammar's tests (grammar/tree-sitter-board).
step "cargo test --workspace"
# A log of this run's own (runs in other checkouts may be going on at the same time).
test_log=$(mktemp -t boardls-cargo-test.XXXXXX)
trap 'rm -f "$test_log"' EXIT
# The wrong solutions `tests/it/stress.rs` runs are examples: `--all-targets` alone builds them
# only as test harnesses, so build them as programs first.
cargo build --workspace --profile test --examples --quiet
cargo test --workspace --all-targets --quiet 2>&1 | tee "$test_log"
grep -q '^test result: ' "$test_log"

if [ "${1:-}" = "--quick" ]; then
  exit 0
fi

step "check examples/ (mistakes.board must fail, the rest must be clean)"
# The binary `cargo test` built (the `test` profile writes to target/debug/ too): the editors'
# tests below use it as well, so no second build of the crate at another profile.
cargo build --profile test --quiet --bin boardls
bin=target/debug/boardls
for f in examples/*.board; do
  if [ "$f" = examples/mistakes.board ]; then
    if "$bin" check "$f" >/dev/null; then echo "mistakes.board passed check"; exit 1; fi
  else
    "$bin" check "$f"
  fi
done

# One release build (the `dist` profile) serves the archive here and the VS Code package below.
step "release archive (scripts/dist.sh): contents, checksum, reproducible"
out=target/dist-test
rm -rf "$out"
archive=$(BOARDLS_DIST_DIR="$PWD/$out/a" scripts/dist.sh | tail -1)
again=$(BOARDLS_DIST_DIR="$PWD/$out/b" scripts/dist.sh 2>/dev/null | tail -1)
cmp "$archive" "$again"
(cd "$(dirname "$archive")" && sha256sum -c "$(basename "$archive").sha256")
name=$(basename "$archive" .tar.gz)
listing=$(tar -tzf "$archive")
for f in boardls README.md LICENSE; do
  grep -qx "$name/$f" <<<"$listing" || { echo "$archive lacks $f"; exit 1; }
done
# Completions and a man page exactly when the binary makes them.
dist_bin=$(scripts/build-dist.sh)
for pair in completions:completions man:man manpage:man; do
  if grep -Eq "^  ${pair%%:*}( |$)" <<<"$("$dist_bin" help)"; then
    grep -q "^$name/${pair#*:}/" <<<"$listing" || { echo "$archive lacks ${pair#*:}/"; exit 1; }
  fi
done
mkdir -p "$out/x"
tar -xzf "$archive" -C "$out/x"
"$out/x/$name/boardls" --version

# The judges' own tool on a package of every game (TeX Live from Debian once per machine,
# about 80 s; then about 2 minutes: verifyproblem compiles and runs the solutions and
# renders each statement as PDF and HTML).
step "problem packages: verifyproblem on every game, checktestdata against validate"
scripts/package-check.sh "$bin"

if [ -x tests/nvim/run.sh ]; then
  step "Neovim end to end"
  BOARDLS_BIN="$PWD/$bin" tests/nvim/run.sh
fi

if [ -x editors/test.sh ]; then
  step "grammar, VS Code extension, code-server end to end"
  BOARDLS_BIN="$PWD/$bin" editors/test.sh
fi

step "all tests passed"
