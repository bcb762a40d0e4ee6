#!/usr/bin/env bash
# Prints the path of a Helm 3 binary for the tests, building it from source on first use
# (go-tool.sh; its go.mod has no replace directives, so a plain `go install`). HELM_BIN overrides
# the lookup.
set -euo pipefail

version='v3.22.0'

# Helm's Makefile stamps these in; without them `helm version` says v3.Y and, worse, `helm
# template` assumes Kubernetes v1.20 (so charts with a newer kubeVersion fail to render offline).
# Like the Makefile, the default Kubernetes version is the one of the client-go Helm is built with
# (v0.Y.Z -> 1.Y), read from the module's go.mod.
go_tool_prepare() {
  local gomod k8sminor pkg
  gomod="$(go_tool_gomod "helm.sh/helm/v3@$version")"
  k8sminor="$(sed -n 's/^[[:space:]]*k8s\.io\/client-go v0\.\([0-9]*\)\..*/\1/p' "$gomod")"
  [ -n "$k8sminor" ] || { echo "helm: could not read the client-go version from $gomod" >&2; exit 1; }
  for pkg in helm.sh/helm/v3/pkg/chartutil helm.sh/helm/v3/pkg/lint/rules; do
    go_tool_ldflags "-X $pkg.k8sVersionMajor=1 -X $pkg.k8sVersionMinor=$k8sminor"
  done
}

# shellcheck source=scripts/tools/go-tool.sh
source "$(dirname "${BASH_SOURCE[0]}")/go-tool.sh"
go_tool --name helm --version "$version" --package helm.sh/helm/v3/cmd/helm \
  --override HELM_BIN --override-is 'a helm binary' \
  --ldflags "-s -w -X helm.sh/helm/v3/internal/version.version=$version -X helm.sh/helm/v3/internal/version.gitTreeState=clean"
