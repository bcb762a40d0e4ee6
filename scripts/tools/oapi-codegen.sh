#!/usr/bin/env bash
# Prints the path of oapi-codegen (the Go client generator, clients/go), building it once from the Go
# module proxy into a per-version cache directory with the Go of scripts/tools/go.sh. stdout carries
# the path and nothing else; build output goes to stderr. OAPI_CODEGEN_BIN overrides the lookup.
#
# v2.8 is the first release that reads OpenAPI 3.1 type arrays (["string","null"]); its output
# needs github.com/oapi-codegen/runtime >= v1.2.0 (runtime.StyleParamWithOptions), and v1.2.0 is
# the last runtime whose go.mod says go 1.20, so the client's go.mod can keep `go 1.23`.
set -euo pipefail

version='v2.8.2'

if [ -n "${OAPI_CODEGEN_BIN:-}" ]; then
  [ -x "$OAPI_CODEGEN_BIN" ] || { echo "oapi-codegen: OAPI_CODEGEN_BIN=$OAPI_CODEGEN_BIN is not an executable file" >&2; exit 1; }
  printf '%s\n' "$OAPI_CODEGEN_BIN"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/oapi-codegen-$version"
bin="$dir/bin/oapi-codegen"
if [ -x "$bin" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

go="$(bash "$(dirname "$0")/go.sh")"
mkdir -p "$dir"
exec 9>"$dir/.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
if [ ! -x "$bin" ]; then
  echo "oapi-codegen: building github.com/oapi-codegen/oapi-codegen/v2@$version into $dir (first run only)" >&2
  # Built into a scratch directory and moved into place, so an interrupted build leaves nothing.
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  GOBIN="$tmp/bin" CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-mod=mod nice -n 19 \
    "$go" install -trimpath "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@$version" >&2
  rm -rf "${dir:?}/bin"
  mv "$tmp/bin" "$dir/bin"
fi
printf '%s\n' "$bin"
