#!/usr/bin/env bash
# Prints the path of a Garage server binary for the tests (the second S3 backend, docs/storage.md),
# building it from crates.io on first use with cargo into a per-version cache directory; later
# runs only check the file exists. stdout carries the path and nothing else; build output goes to
# stderr. GARAGE_BIN overrides the lookup. Needs cargo (built here with Rust 1.95).
#
# A test server, so built for a short build rather than a fast binary: only the features the
# harness uses (SQLite, bundled, so no system library; no LMDB, metrics or K2V) at opt-level 1.
set -euo pipefail

version='2.5.0'
# The cache directory names the build, so a change of features or profile builds anew.
flavour='sqlite-o1'

if [ -n "${GARAGE_BIN:-}" ]; then
  [ -x "$GARAGE_BIN" ] || { echo "garage: GARAGE_BIN=$GARAGE_BIN is not an executable file" >&2; exit 1; }
  printf '%s\n' "$GARAGE_BIN"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/garage-v$version-$flavour"
bin="$dir/bin/garage"
if [ -x "$bin" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

command -v cargo >/dev/null || {
  echo "garage: no cargo to build the Garage test server with (apt-get install cargo, or rustup); or set GARAGE_BIN to a garage binary" >&2
  exit 1
}

mkdir -p "$dir"
# Test workers may call this at the same time: one builds, the others wait and reuse its result.
exec 9>"$dir/.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
if [ ! -x "$bin" ]; then
  echo "garage: building garage $version from crates.io (first run only, up to about 18 minutes on 2 busy cores)" >&2
  # Built into a scratch root and moved into place, so an interrupted build never leaves a
  # truncated binary that the check above would accept. The lock file pins the dependencies.
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  CARGO_TARGET_DIR="$tmp/target" CARGO_PROFILE_RELEASE_OPT_LEVEL=1 nice -n 19 \
    cargo install --locked --quiet --root "$tmp/root" --no-default-features --features bundled-libs,sqlite \
    garage --version "$version" >&2
  mkdir -p "$dir/bin"
  mv "$tmp/root/bin/garage" "$bin"
fi
printf '%s\n' "$bin"
