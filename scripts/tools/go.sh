#!/usr/bin/env bash
# Prints the path of a `go` binary of at least the pinned version below, the one the other tool
# scripts build MinIO, etcd, Kubernetes, helm and kubeconform with. stdout carries the path and
# nothing else, so callers can capture it; download output goes to stderr. GO_BIN overrides the
# lookup.
#
# A `go` on PATH is used when it is new enough. Otherwise the exact toolchain is fetched once, as
# the module golang.org/toolchain@v0.0.1-go<version>.<os>-<arch> that the Go module proxy serves
# (the same module `GOTOOLCHAIN=auto` switches to), into a per-version cache directory. Fetching it
# needs some older `go` to run `go mod download` with (which checks the module against the checksum
# database, as configured by default): any `go` on PATH, else Debian's Go 1.19 (golang-1.19-go,
# installed with apt-get when running as root). Go 1.19 cannot switch toolchains by itself but
# downloads this module fine.
set -euo pipefail

# The minimum Go version, pinned here only: every tool script gets its `go` from this script.
version='1.26.8'

if [ -n "${GO_BIN:-}" ]; then
  [ -x "$GO_BIN" ] || { echo "go: GO_BIN=$GO_BIN is not an executable file" >&2; exit 1; }
  printf '%s\n' "$GO_BIN"
  exit 0
fi

# 1.26.8 -> 1026008, 1.26 -> 1026000, so versions compare as numbers.
as_number() {
  local major minor patch
  IFS=. read -r major minor patch <<<"$1"
  echo $(( ${major:-0} * 1000000 + ${minor:-0} * 1000 + ${patch:-0} ))
}
# The version a go binary reports, as a number ("go version go1.26rc1 ..." -> 1026000; a devel
# build or a failure -> 0).
go_number() {
  local v
  v="$(env -u GOROOT GOTOOLCHAIN=local "$1" version 2>/dev/null | sed -n 's/^go version go\([0-9][0-9.]*\).*/\1/p' | sed 's/\.$//')" || true
  as_number "${v:-0}"
}

path_go="$(command -v go 2>/dev/null || true)"
if [ -n "$path_go" ] && [ "$(go_number "$path_go")" -ge "$(as_number "$version")" ]; then
  printf '%s\n' "$path_go"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/go-$version"
bin="$dir/go/bin/go"
if [ -x "$bin" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

# Something to run `go mod download` with: the older go on PATH, or Debian's Go 1.19.
bootstrap="$path_go"
if [ -z "$bootstrap" ]; then
  for g in /usr/lib/go-1.*/bin/go; do [ -x "$g" ] && bootstrap="$g"; done
fi
if [ -z "$bootstrap" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "go: installing golang-1.19-go with apt-get, to fetch Go $version with" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends golang-1.19-go >&2
  [ -x /usr/lib/go-1.19/bin/go ] && bootstrap=/usr/lib/go-1.19/bin/go
fi
if [ -z "$bootstrap" ]; then
  echo "go: Go $version or newer is needed to build the test tools, and there is no go to fetch it with: apt-get install -y golang-1.19-go (or any Go) and run again, install Go $version from https://go.dev/dl/, or set GO_BIN to a go $version binary" >&2
  exit 1
fi

mkdir -p "$dir"
# Tool scripts may call this at the same time: one fetches, the others wait and reuse its result.
exec 9>"$dir/.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
if [ ! -x "$bin" ]; then
  goos="$(env -u GOROOT "$bootstrap" env GOHOSTOS)"
  goarch="$(env -u GOROOT "$bootstrap" env GOHOSTARCH)"
  module="golang.org/toolchain@v0.0.1-go$version.$goos-$goarch"
  echo "go: fetching $module with $(env -u GOROOT "$bootstrap" version | cut -d' ' -f3) (first run only, about 70 MB)" >&2
  # Downloaded into a scratch module cache (writable, so it can be removed) inside a scratch
  # directory, and moved into place at the end, so an interrupted fetch never leaves a toolchain
  # that the check above would accept.
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
  json="$(cd "$tmp" && env -u GOROOT GOMODCACHE="$tmp/modcache" GOFLAGS=-modcacherw GO111MODULE=on \
    GOWORK=off GOTOOLCHAIN=local nice -n 19 "$bootstrap" mod download -json "$module")" || {
    why="$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Error": "\(.*\)",\{0,1\}$/\1/p')"
    echo "go: could not download $module with $bootstrap (${why:-see above}); install Go $version from https://go.dev/dl/, or set GO_BIN to a go $version binary" >&2
    exit 1
  }
  src="$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  if [ -z "$src" ] || [ ! -f "$src/bin/go" ]; then
    echo "go: the download of $module has no bin/go (in '$src')" >&2
    exit 1
  fi
  mv "$src" "$tmp/go"
  # Module zips carry no file modes: make the commands executable again, pkg/tool before bin as
  # the go command itself does when it switches toolchains.
  chmod -R u+w "$tmp/go"
  find "$tmp/go/pkg/tool" "$tmp/go/bin" -type f -exec chmod a+x {} +
  got="$(env -u GOROOT GOTOOLCHAIN=local "$tmp/go/bin/go" version)"
  [ "$got" = "go version go$version $goos/$goarch" ] || { echo "go: the fetched toolchain says '$got', not go$version $goos/$goarch" >&2; exit 1; }
  rm -rf "${dir:?}/go"
  mv "$tmp/go" "$dir/go"
  echo "go: $got in $dir/go" >&2
fi
printf '%s\n' "$bin"
