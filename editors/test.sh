#!/usr/bin/env bash
# Tests of the editor side of boardls, each installing what it needs:
#   grammar   TextMate grammar against the annotated files in tests/grammar/ (vscode-tmgrammar-test)
#   vscode    npm ci, type-check, unit tests, bundle, package boardls.vsix and check its contents
#   helix     languages.toml parses and names the server as `boardls lsp`
#   neovim    headless Neovim with editors/neovim against the real server (diagnostics, lens, hover)
#   e2e       the packaged extension in code-server + headless chromium (editors/vscode/test/e2e.sh)
# usage: editors/test.sh [PART…]   (default: all parts; e.g. `editors/test.sh grammar vscode`)
# env:   BOARDLS_BIN (server binary; default: `cargo build`'s target/debug/boardls)
# Exits non-zero when a part fails; the last line reads `editors: N passed, M failed`.
set -uo pipefail

EDITORS=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$EDITORS/.." && pwd)
PARTS=("$@")
((${#PARTS[@]})) || PARTS=(grammar vscode helix neovim e2e)

passed=0
failed=0
vscode_built=0
failures=()

say() { printf '\n=== editors/test.sh: %s\n' "$*"; }

# apt-get install, only for packages that are not installed yet.
need_apt() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  say "apt-get install ${missing[*]}"
  local sudo=()
  ((EUID == 0)) || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
}

need_node() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if ((major < 20)); then
    echo "Node.js 20 or later is needed (found: $(node --version 2>/dev/null || echo none))" >&2
    return 1
  fi
}

server_bin() {
  if [[ -z "${BOARDLS_BIN:-}" ]]; then
    (cd "$REPO" && cargo build --quiet) || return 1
    BOARDLS_BIN=${CARGO_TARGET_DIR:-$REPO/target}/debug/boardls
  fi
  export BOARDLS_BIN
  [[ -x "$BOARDLS_BIN" ]]
}

part_grammar() {
  need_node && bash "$REPO/tests/grammar/run.sh"
}

part_vscode() {
  need_node || return 1
  need_apt unzip || return 1
  cd "$EDITORS/vscode" || return 1
  # npm ci from the committed lockfile; skipped when node_modules was installed from this very
  # lockfile already (BOARDLS_NPM_CI=always forces it).
  if [[ "${BOARDLS_NPM_CI:-}" == always ]] || ! cmp -s package-lock.json node_modules/.boardls-installed-lock; then
    npm ci --no-audit --no-fund --loglevel=error --prefer-offline &&
      cp package-lock.json node_modules/.boardls-installed-lock || return 1
  else
    echo "node_modules is up to date with package-lock.json (npm ci skipped)"
  fi
  npm run -s typecheck &&
    npm run -s test:unit &&
    npm run -s package </dev/null || return 1
  # The package holds the bundle, and the grammar identical to the one in grammar/.
  local listing
  listing=$(unzip -Z1 boardls.vsix) || return 1
  for f in extension/package.json extension/dist/extension.js extension/syntaxes/board.tmLanguage.json \
    extension/language-configuration.json extension/readme.md; do
    grep -qx "$f" <<<"$listing" || { echo "boardls.vsix lacks $f" >&2; return 1; }
  done
  if grep -E '^extension/(node_modules|src|test)/' <<<"$listing" | head -1 | grep -q .; then
    echo "boardls.vsix holds sources or node_modules" >&2
    return 1
  fi
  unzip -p boardls.vsix extension/syntaxes/board.tmLanguage.json | cmp - "$REPO/grammar/board.tmLanguage.json" ||
    { echo "the packaged grammar differs from grammar/board.tmLanguage.json" >&2; return 1; }
  echo "boardls.vsix: $(wc -c <boardls.vsix) bytes, $(wc -l <<<"$listing") files"
}

part_helix() {
  python3 - "$EDITORS/helix/languages.toml" <<'PY'
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    cfg = tomllib.load(f)
langs = [l for l in cfg.get("language", []) if l.get("name") == "board"]
assert len(langs) == 1, "one [[language]] named board"
lang = langs[0]
assert lang.get("file-types") == ["board"], lang.get("file-types")
assert lang.get("comment-token") == "//" or lang.get("comment-tokens") == ["//"], "// comments"
assert "boardls" in lang.get("language-servers", []), "uses the boardls server"
server = cfg["language-server"]["boardls"]
assert server.get("command") == "boardls" and server.get("args") == ["lsp"], server
print("languages.toml: board →", server["command"], *server["args"])
PY
}

part_neovim() {
  need_apt neovim || return 1
  server_bin || return 1
  bash "$EDITORS/neovim/test/run.sh"
}

part_e2e() {
  need_node || return 1
  need_apt build-essential pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev \
    ripgrep chromium curl unzip || return 1
  server_bin || return 1
  # The package under test is the one just built (by the vscode part of this run, or here).
  [[ "$vscode_built" == 1 ]] || part_vscode || return 1
  bash "$EDITORS/vscode/test/e2e.sh"
}

for part in "${PARTS[@]}"; do
  if ! declare -F "part_$part" >/dev/null; then
    echo "unknown part: $part (parts: grammar vscode helix neovim e2e)" >&2
    exit 2
  fi
  say "$part"
  start=$SECONDS
  if (set -e; "part_$part"); then
    passed=$((passed + 1))
    [[ "$part" != vscode ]] || vscode_built=1
    say "$part: ok ($((SECONDS - start)) s)"
  else
    failed=$((failed + 1))
    failures+=("$part")
    say "$part: FAILED ($((SECONDS - start)) s)"
  fi
done

((failed == 0)) || echo "failed parts: ${failures[*]}"
echo "editors: $passed passed, $failed failed"
((failed == 0))
