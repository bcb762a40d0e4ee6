#!/usr/bin/env bash
# Usage: npm-tool.sh <package> <version> <bin> <override-variable>
# Prints the path of an npm package's executable, installing the package from npm into a
# per-version directory of the tool cache on first use; later runs only check the file exists.
# The tools installed this way are not devDependencies: the API never loads them. stdout carries
# the path and nothing else; install output goes to stderr. The variable named by
# <override-variable>, when set, is the path to use instead.
set -euo pipefail

package="$1" version="$2" bin_name="$3" override_var="$4"
override="${!override_var:-}"
if [ -n "$override" ]; then
  [ -f "$override" ] || { echo "$bin_name: $override_var=$override is not a file" >&2; exit 1; }
  printf '%s\n' "$override"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/$bin_name-$version"
bin="$dir/node_modules/.bin/$bin_name"
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
  echo "$bin_name: installing $package@$version from npm into $dir (first run only)" >&2
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  printf '{"name":"plinth-tool-%s","private":true}\n' "$bin_name" >"$tmp/package.json"
  # No lifecycle scripts: nothing downloaded should run at install.
  npm install --prefix "$tmp" --no-audit --no-fund --ignore-scripts --loglevel=error "$package@$version" >&2
  rm -rf "${dir:?}/node_modules" "${dir:?}/package.json" "${dir:?}/package-lock.json"
  mv "$tmp/node_modules" "$tmp/package.json" "$tmp/package-lock.json" "$dir/"
  touch "$done_marker"
fi
printf '%s\n' "$bin"
