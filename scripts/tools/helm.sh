#!/usr/bin/env bash
# Prints the path of a Helm 3 binary for the tests, building it from source on first use: the
# module's go.mod has no replace directives, so a plain `go install` works; the result goes into a
# per-version cache directory and later runs only check the file exists.
# stdout carries the path and nothing else, so callers can capture it; build output goes to
# stderr. HELM_BIN overrides the lookup.
set -euo pipefail

version='v3.22.0'

if [ -n "${HELM_BIN:-}" ]; then
  [ -x "$HELM_BIN" ] || { echo "helm: HELM_BIN=$HELM_BIN is not an executable file" >&2; exit 1; }
  printf '%s\n' "$HELM_BIN"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/helm-$version"
bin="$dir/bin/helm"
if [ -x "$bin" ]; then
  printf '%s\n' "$bin"
  exit 0
fi

# The Go toolchain, fetched into the cache by go.sh when the machine has none or an older one.
go="$(bash "$(dirname "${BASH_SOURCE[0]}")/go.sh")" || {
  echo "helm: no Go toolchain to build helm $version with (see the line above); or set HELM_BIN to a helm binary" >&2
  exit 1
}

mkdir -p "$dir"
# Test workers may call this at the same time: one builds, the others wait and reuse its result.
exec 9>"$dir/.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
if [ ! -x "$bin" ]; then
  echo "helm: building helm.sh/helm/v3/cmd/helm@$version (first run only, takes a few minutes)" >&2
  # Built into a scratch directory and moved into place, so an interrupted build never leaves a
  # truncated binary that the check above would accept.
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  export GOTOOLCHAIN=local GOWORK=off CGO_ENABLED=0
  # Helm's Makefile stamps these in; without them `helm version` says v3.Y and, worse, `helm
  # template` assumes Kubernetes v1.20 (so charts with a newer kubeVersion fail to render offline).
  # Like the Makefile, the default Kubernetes version is the one of the client-go Helm is built
  # with (v0.Y.Z -> 1.Y).
  gomod="$(cd "$tmp" && "$go" mod download -json "helm.sh/helm/v3@$version" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p')"
  k8sminor="$(sed -n 's/^[[:space:]]*k8s\.io\/client-go v0\.\([0-9]*\)\..*/\1/p' "$gomod")"
  [ -n "$k8sminor" ] || { echo "helm: could not read the client-go version from $gomod" >&2; exit 1; }
  ldflags="-s -w -X helm.sh/helm/v3/internal/version.version=$version -X helm.sh/helm/v3/internal/version.gitTreeState=clean"
  for pkg in helm.sh/helm/v3/pkg/chartutil helm.sh/helm/v3/pkg/lint/rules; do
    ldflags="$ldflags -X $pkg.k8sVersionMajor=1 -X $pkg.k8sVersionMinor=$k8sminor"
  done
  GOBIN="$tmp" nice -n 19 "$go" install -trimpath -ldflags "$ldflags" "helm.sh/helm/v3/cmd/helm@$version" >&2
  mkdir -p "$dir/bin"
  mv "$tmp/helm" "$bin"
fi
printf '%s\n' "$bin"
