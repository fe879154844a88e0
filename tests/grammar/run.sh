#!/usr/bin/env bash
# Runs the TextMate grammar tests: the annotated files in cases/ through vscode-tmgrammar-test
# (VS Code's own tokenizer, vscode-textmate + oniguruma), then check-coverage.js, which fails if
# a scope of the grammar is asserted nowhere or an assertion line is malformed.
set -euo pipefail
cd "$(dirname "$0")"
GRAMMAR=../../grammar/board.tmLanguage.json

# Reinstall only when the lockfile changed since the last install.
if ! cmp -s package-lock.json node_modules/.boardls-installed-lock 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error --prefer-offline
  cp package-lock.json node_modules/.boardls-installed-lock
fi
npx --no-install vscode-tmgrammar-test --compact -g "$GRAMMAR" 'cases/*.boardtest'
node check-coverage.js "$GRAMMAR" cases/*.boardtest

# The repository's examples are declared clean (mistakes.board aside): nothing in them may be
# highlighted as invalid.
mapfile -t examples < <(ls ../../examples/*.board 2>/dev/null | grep -v '/mistakes\.board$' || true)
if ((${#examples[@]})); then
  node clean-examples.js "$GRAMMAR" "${examples[@]}"
else
  echo "no examples/*.board: skipped the clean-examples check"
fi
