#!/usr/bin/env bash
# Prints the path of Redocly CLI (`redocly`, the OpenAPI linter `npm test` runs on the API's
# document with the rules in redocly.yaml), installing it from npm into a per-version directory on
# first use; later runs only check the file exists. It is not a devDependency: it brings a
# documentation renderer's worth of packages the API never loads. stdout carries the path and
# nothing else; install output goes to stderr. REDOCLY_BIN overrides the lookup.
set -euo pipefail

version='2.77.0'

if [ -n "${REDOCLY_BIN:-}" ]; then
  [ -f "$REDOCLY_BIN" ] || { echo "redocly: REDOCLY_BIN=$REDOCLY_BIN is not a file" >&2; exit 1; }
  printf '%s\n' "$REDOCLY_BIN"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/redocly-$version"
bin="$dir/node_modules/.bin/redocly"
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
  echo "redocly: installing @redocly/cli@$version from npm into $dir (first run only)" >&2
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  printf '{"name":"plinth-redocly","private":true}\n' >"$tmp/package.json"
  # No lifecycle scripts: the linter needs none, and nothing downloaded should run at install.
  npm install --prefix "$tmp" --no-audit --no-fund --ignore-scripts --loglevel=error \
    "@redocly/cli@$version" >&2
  rm -rf "${dir:?}/node_modules" "${dir:?}/package.json" "${dir:?}/package-lock.json"
  mv "$tmp/node_modules" "$tmp/package.json" "$tmp/package-lock.json" "$dir/"
  touch "$done_marker"
fi
printf '%s\n' "$bin"
