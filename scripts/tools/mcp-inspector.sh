#!/usr/bin/env bash
# Prints the path of the MCP Inspector CLI (`mcp-inspector`, the reference client of the Model
# Context Protocol), installing it from npm into a per-version directory on first use; later runs
# only check the file exists. It is not a devDependency: it brings a web UI's worth of packages
# the API never loads. stdout carries the path and nothing else; install output goes to stderr.
# Run it with Node 22.19 or later (the project's own node). MCP_INSPECTOR_BIN overrides the lookup.
set -euo pipefail

version='2.12.0'

if [ -n "${MCP_INSPECTOR_BIN:-}" ]; then
  [ -f "$MCP_INSPECTOR_BIN" ] || { echo "mcp-inspector: MCP_INSPECTOR_BIN=$MCP_INSPECTOR_BIN is not a file" >&2; exit 1; }
  printf '%s\n' "$MCP_INSPECTOR_BIN"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/mcp-inspector-$version"
bin="$dir/node_modules/.bin/mcp-inspector"
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
  echo "mcp-inspector: installing @modelcontextprotocol/inspector@$version from npm into $dir (first run only)" >&2
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  printf '{"name":"plinth-mcp-inspector","private":true}\n' >"$tmp/package.json"
  # No lifecycle scripts: the CLI needs none, and nothing downloaded should run at install.
  npm install --prefix "$tmp" --no-audit --no-fund --ignore-scripts --loglevel=error \
    "@modelcontextprotocol/inspector@$version" >&2
  rm -rf "${dir:?}/node_modules" "${dir:?}/package.json" "${dir:?}/package-lock.json"
  mv "$tmp/node_modules" "$tmp/package.json" "$tmp/package-lock.json" "$dir/"
  touch "$done_marker"
fi
printf '%s\n' "$bin"
