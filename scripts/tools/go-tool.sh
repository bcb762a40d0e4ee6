#!/usr/bin/env bash
# Sourced by the scripts of the tools built from the Go module proxy (minio.sh, etcd.sh, kube.sh,
# helm.sh, kubeconform.sh, oapi-codegen.sh), which then call
#
#   go_tool --name N --version V --package P --override VAR --override-is WHAT
#           [--bins 'B1 B2 ...'] [--ldflags FLAGS] [--took TEXT]
#
# and it does what npm-tool.sh and pip-tool.sh do for theirs: prints the path of the tool, built
# once into a per-version directory of the tool cache, ${XDG_CACHE_HOME:-$HOME/.cache}/plinth/
# tools/N-V/bin/; later runs only check the files exist. With one binary (default N) it prints that
# binary's path, with several (--bins) the bin directory. stdout carries the path and nothing else;
# build output goes to stderr. The variable VAR, when set, is the path to use instead (with several
# binaries, a directory holding them all); WHAT says what it must be, in the error lines.
#
# The build: under a lock (parallel callers build once), in a scratch directory moved into place at
# the end (an interrupted build leaves nothing the check above would accept), with the `go` that
# go.sh prints (fetched into the cache when the machine has none new enough), GOTOOLCHAIN=local
# GOWORK=off CGO_ENABLED=0, -trimpath and -ldflags FLAGS, at the lowest CPU priority: by default
# `go install P@V`. A script may define `go_tool_prepare`, run first in the scratch directory. It
# may add link flags (`go_tool_ldflags`), run the Go (`go_tool_go`; `go_tool_gomod` prints the path
# of a module's go.mod), and write a wrapper module into ./src, for a module `go install` refuses
# (replace directives in its go.mod): then that module is built instead (`go mod tidy`, `go build`
# of . for one binary, of ./cmd/... for several) and kept beside bin/ as src/, for reference. Each
# failure ends with one line saying what to do.

go_tool_name_=''
go_tool_ldflags_=''
go_tool_go_=''

# Appends link flags to the build's (from go_tool_prepare).
go_tool_ldflags() { go_tool_ldflags_="$go_tool_ldflags_ $*"; }

# Runs the Go the tool is built with, at the lowest CPU priority.
go_tool_go() { nice -n 19 "$go_tool_go_" "$@"; }

# Prints the path of the go.mod of a module@version, downloaded into the module cache; says why in
# one line when it cannot.
go_tool_gomod() {
  local json path why
  json="$(go_tool_go mod download -json "$1")" || true
  path="$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p')"
  if [ -z "$path" ] || [ ! -f "$path" ]; then
    why="$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Error": "\(.*\)",\{0,1\}$/\1/p')"
    echo "$go_tool_name_: could not download the go.mod of $1 (${why:-no answer from go mod download})" >&2
    return 1
  fi
  printf '%s\n' "$path"
}

go_tool() {
  local name='' version='' package='' override_var='' override_is='' took='takes a few minutes'
  local -a bins=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --name) name="$2" ;;
      --version) version="$2" ;;
      --package) package="$2" ;;
      --override) override_var="$2" ;;
      --override-is) override_is="$2" ;;
      --bins) read -r -a bins <<<"$2" ;;
      --ldflags) go_tool_ldflags_="$2" ;;
      --took) took="$2" ;;
      *) echo "go-tool.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift 2
  done
  [ ${#bins[@]} -gt 0 ] || bins=("$name")
  go_tool_name_="$name"
  local t

  local override="${!override_var:-}"
  if [ -n "$override" ]; then
    if [ ${#bins[@]} -eq 1 ]; then
      [ -x "$override" ] || { echo "$name: $override_var=$override is not an executable file" >&2; exit 1; }
    else
      for t in "${bins[@]}"; do
        [ -x "$override/$t" ] || { echo "$name: $override_var=$override has no executable $t" >&2; exit 1; }
      done
    fi
    printf '%s\n' "$override"
    exit 0
  fi

  local dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/$name-$version"
  local out="$dir/bin"
  [ ${#bins[@]} -gt 1 ] || out="$dir/bin/${bins[0]}"
  if go_tool_built_ "$dir/bin" "${bins[@]}"; then
    printf '%s\n' "$out"
    exit 0
  fi

  go_tool_go_="$(bash "$(dirname "${BASH_SOURCE[0]}")/go.sh")" || {
    echo "$name: no Go toolchain to build $package@$version with (see the line above); or set $override_var to $override_is" >&2
    exit 1
  }

  mkdir -p "$dir"
  # Test workers may call this at the same time: one builds, the others wait and reuse its result.
  exec 9>"$dir/.lock"
  if command -v flock >/dev/null 2>&1; then flock 9; fi
  if ! go_tool_built_ "$dir/bin" "${bins[@]}"; then
    echo "$name: building $package@$version into $dir (first run only, $took)" >&2
    local tmp
    tmp="$(mktemp -d "$dir/.build.XXXXXX")"
    # shellcheck disable=SC2064 # expanded now: the values are this call's
    trap "go_tool_cleanup_ \$? $(printf '%q ' "$tmp" "$name: building $package@$version failed (see above); or set $override_var to $override_is")" EXIT
    export GOTOOLCHAIN=local GOWORK=off CGO_ENABLED=0
    mkdir -p "$tmp/bin"
    cd "$tmp" || exit 1
    if declare -F go_tool_prepare >/dev/null; then go_tool_prepare; fi
    if [ -f "$tmp/src/go.mod" ]; then
      local -a target=(-o "$tmp/bin/${bins[0]}" .)
      [ ${#bins[@]} -eq 1 ] || target=(-o "$tmp/bin/" ./cmd/...)
      cd "$tmp/src" || exit 1
      go_tool_go mod tidy >&2
      go_tool_go build -trimpath -ldflags "$go_tool_ldflags_" "${target[@]}" >&2
    else
      GOBIN="$tmp/bin" go_tool_go install -trimpath -ldflags "$go_tool_ldflags_" "$package@$version" >&2
    fi
    cd "$dir" || exit 1
    for t in "${bins[@]}"; do
      [ -x "$tmp/bin/$t" ] || { echo "$name: the build made no $t" >&2; exit 1; }
    done
    rm -rf "${dir:?}/bin" "${dir:?}/src"
    if [ -d "$tmp/src" ]; then mv "$tmp/src" "$dir/src"; fi
    mv "$tmp/bin" "$dir/bin"
  fi
  printf '%s\n' "$out"
  exit 0
}

# Whether the directory holds every one of the executables.
go_tool_built_() {
  local bin="$1" t
  shift
  for t in "$@"; do [ -x "$bin/$t" ] || return 1; done
}

# On exit while building: removes the scratch directory; after a failure, says so in one line.
go_tool_cleanup_() {
  local status="$1" tmp="$2" message="$3"
  rm -rf "$tmp"
  if [ "$status" != 0 ]; then echo "$message" >&2; fi
}
