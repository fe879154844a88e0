#!/usr/bin/env bash
# The release archive of boardls for one Rust target: dist/boardls-VERSION-TARGET.tar.gz holding
# boardls-VERSION-TARGET/ with the binary (built by scripts/build-dist.sh: release, stripped),
# README.md and LICENSE, plus, when the binary can make them, shell completions
# (`boardls completions SHELL` → completions/) and a man page (`boardls man` → man/boardls.1);
# and dist/boardls-VERSION-TARGET.tar.gz.sha256, which `sha256sum -c` checks.
# The archive is reproducible: sorted names, owner 0, and every mtime the last commit's time
# (or SOURCE_DATE_EPOCH).
#
# usage: scripts/dist.sh [RUST_TARGET]   (default: the host's, e.g. x86_64-unknown-linux-gnu)
# env:   BOARDLS_DIST_DIR   where the archive goes (default: <repo>/dist, git-ignored)
# needs: GNU tar (`gtar` on macOS: brew install gnu-tar), gzip, sha256sum or shasum
# The archive's path is the last line printed.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
host=$(rustc -vV | sed -n 's/^host: //p')
rust_target=${1:-$host}
out_dir=${BOARDLS_DIST_DIR:-$REPO/dist}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$REPO/Cargo.toml" | head -1)
[[ -n "$version" ]] || { echo "dist: no version in Cargo.toml" >&2; exit 1; }
name=boardls-$version-$rust_target

bin=$("$REPO/scripts/build-dist.sh" "$rust_target")
# Completions and the man page are the same on every platform: a cross-built binary may not run
# here, so the host's makes them.
if [[ "$rust_target" == "$host" ]]; then
  maker=$bin
else
  maker=$("$REPO/scripts/build-dist.sh" "$host")
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/$name
mkdir -p "$root"
cp "$bin" "$root/"
cp "$REPO/README.md" "$REPO/LICENSE" "$root/"

# A subcommand the binary lists in its help.
has_command() { grep -Eq "^  $1( |$)" <<<"$("$maker" help 2>/dev/null)"; }

if has_command completions; then
  mkdir -p "$root/completions"
  # clap_complete's file names, as shells look for them.
  for pair in bash:boardls.bash zsh:_boardls fish:boardls.fish elvish:boardls.elv powershell:_boardls.ps1; do
    shell=${pair%%:*}
    if "$maker" completions "$shell" >"$root/completions/${pair#*:}" 2>/dev/null; then
      echo "dist: completions for $shell" >&2
    else
      rm -f "$root/completions/${pair#*:}"
    fi
  done
  rmdir "$root/completions" 2>/dev/null || true
else
  echo "dist: no \`boardls completions\`: the archive has no completions" >&2
fi
for command in man manpage; do
  if has_command "$command"; then
    mkdir -p "$root/man"
    "$maker" "$command" >"$root/man/boardls.1"
    echo "dist: man page from \`boardls $command\`" >&2
    break
  fi
done
[[ -d "$root/man" ]] || echo "dist: no \`boardls man\`: the archive has no man page" >&2

epoch=${SOURCE_DATE_EPOCH:-$(git -C "$REPO" log -1 --format=%ct 2>/dev/null || echo 0)}
mkdir -p "$out_dir"
archive=$out_dir/$name.tar.gz
tar=$(command -v gtar || command -v tar)
"$tar" -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
  --mode='u+rwX,go+rX,go-w' -cf - "$name" | gzip -n -9 >"$archive.tmp"
mv "$archive.tmp" "$archive"
if command -v sha256sum >/dev/null; then
  (cd "$out_dir" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
else
  (cd "$out_dir" && shasum -a 256 "$name.tar.gz" >"$name.tar.gz.sha256")
fi
echo "dist: $("$tar" -tzf "$archive" | wc -l) entries, $(wc -c <"$archive") bytes, sha256 $(cut -d' ' -f1 "$out_dir/$name.tar.gz.sha256")" >&2
echo "$archive"
