#!/usr/bin/env bash
# Prints the path of a MinIO server binary for the tests, building it from source on first use.
# Upstream publishes no binaries for this pin, so it is `go install`ed into a per-version cache
# directory; later runs only check the file exists. stdout carries the path and nothing else, so
# callers can capture it; build output goes to stderr. MINIO_BIN overrides the lookup.
set -euo pipefail

# A pseudo-version of a master commit, not a release: the last release's module is no longer
# served by the Go proxy.
version='v0.0.0-20260212201848-7aac2a2c5b7c'

if [ -n "${MINIO_BIN:-}" ]; then
  [ -x "$MINIO_BIN" ] || { echo "minio: MINIO_BIN=$MINIO_BIN is not an executable file" >&2; exit 1; }
  printf '%s\n' "$MINIO_BIN"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/minio-$version"
bin="$dir/bin/minio"
if [ -x "$bin" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

# The Go toolchain, fetched into the cache by go.sh when the machine has none or an older one.
go="$(bash "$(dirname "${BASH_SOURCE[0]}")/go.sh")" || {
  echo "minio: no Go toolchain to build the MinIO test server with (see the line above); or set MINIO_BIN to a minio binary" >&2
  exit 1
}

mkdir -p "$dir"
# Test workers may call this at the same time: one builds, the others wait and reuse its result.
exec 9>"$dir/.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
if [ ! -x "$bin" ]; then
  echo "minio: building github.com/minio/minio@$version (first run only, takes a few minutes)" >&2
  # Built into a scratch directory and moved into place, so an interrupted build never leaves a
  # truncated binary that the check above would accept.
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  GOBIN="$tmp" CGO_ENABLED=0 GOTOOLCHAIN=local GOWORK=off nice -n 19 "$go" install -trimpath "github.com/minio/minio@$version" >&2
  mkdir -p "$dir/bin"
  mv "$tmp/minio" "$bin"
fi
printf '%s\n' "$bin"
