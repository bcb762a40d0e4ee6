#!/usr/bin/env bash
# Prints the path of pnpm, installing it from npm into a per-version directory on first use; later
# runs only check the file exists. e2e/clients/install.test.ts uses it to install the TypeScript
# client from a git tag's subdirectory, which npm cannot do. stdout carries the path and nothing
# else; install output goes to stderr. PNPM_BIN overrides the lookup.
set -euo pipefail

version='10.34.8'

if [ -n "${PNPM_BIN:-}" ]; then
  [ -f "$PNPM_BIN" ] || { echo "pnpm: PNPM_BIN=$PNPM_BIN is not a file" >&2; exit 1; }
  printf '%s\n' "$PNPM_BIN"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/pnpm-$version"
bin="$dir/node_modules/.bin/pnpm"
# Written last: its presence means the installation beside it is complete.
done_marker="$dir/.complete"
if [ -f "$done_marker" ] && [ -e "$bin" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

mkdir -p "$dir"
# Test workers may call this at the same time: one installs, the others wait and reuse its result.
exec 9>"$dir/.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
if [ ! -f "$done_marker" ]; then
  echo "pnpm: installing pnpm@$version from npm into $dir (first run only)" >&2
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  printf '{"name":"plinth-pnpm","private":true}\n' >"$tmp/package.json"
  # No lifecycle scripts: pnpm needs none, and nothing downloaded should run at install.
  npm install --prefix "$tmp" --no-audit --no-fund --ignore-scripts --loglevel=error \
    "pnpm@$version" >&2
  rm -rf "${dir:?}/node_modules" "${dir:?}/package.json" "${dir:?}/package-lock.json"
  mv "$tmp/node_modules" "$tmp/package.json" "$tmp/package-lock.json" "$dir/"
  touch "$done_marker"
fi
printf '%s\n' "$bin"
