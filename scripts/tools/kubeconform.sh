#!/usr/bin/env bash
# Prints the path of a kubeconform (Kubernetes manifest validator) binary for the tests, building
# it from source on first use: the module's go.mod has no replace directives, so a plain `go
# install` works; the result goes into a per-version cache directory and later runs only check the
# file exists. Note that kubeconform fetches JSON schemas over the network unless given local ones
# with -schema-location.
# stdout carries the path and nothing else, so callers can capture it; build output goes to
# stderr. KUBECONFORM_BIN overrides the lookup.
set -euo pipefail

version='v0.8.0'

if [ -n "${KUBECONFORM_BIN:-}" ]; then
  [ -x "$KUBECONFORM_BIN" ] || { echo "kubeconform: KUBECONFORM_BIN=$KUBECONFORM_BIN is not an executable file" >&2; exit 1; }
  printf '%s\n' "$KUBECONFORM_BIN"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/kubeconform-$version"
bin="$dir/bin/kubeconform"
if [ -x "$bin" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

# The Go toolchain, fetched into the cache by go.sh when the machine has none or an older one.
go="$(bash "$(dirname "${BASH_SOURCE[0]}")/go.sh")" || {
  echo "kubeconform: no Go toolchain to build kubeconform $version with (see the line above); or set KUBECONFORM_BIN to a kubeconform binary" >&2
  exit 1
}

mkdir -p "$dir"
# Test workers may call this at the same time: one builds, the others wait and reuse its result.
exec 9>"$dir/.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
if [ ! -x "$bin" ]; then
  echo "kubeconform: building github.com/yannh/kubeconform/cmd/kubeconform@$version (first run only, takes a few minutes)" >&2
  # Built into a scratch directory and moved into place, so an interrupted build never leaves a
  # truncated binary that the check above would accept.
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  GOBIN="$tmp" CGO_ENABLED=0 GOTOOLCHAIN=local GOWORK=off nice -n 19 "$go" install -trimpath -ldflags "-s -w -X main.version=$version" "github.com/yannh/kubeconform/cmd/kubeconform@$version" >&2
  mkdir -p "$dir/bin"
  mv "$tmp/kubeconform" "$bin"
fi
printf '%s\n' "$bin"
