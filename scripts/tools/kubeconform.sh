#!/usr/bin/env bash
# Prints the path of a kubeconform (Kubernetes manifest validator) binary for the tests, building
# it from source on first use (go-tool.sh; its go.mod has no replace directives, so a plain `go
# install`). Note that kubeconform fetches JSON schemas over the network unless given local ones
# with -schema-location. KUBECONFORM_BIN overrides the lookup.
set -euo pipefail

version='v0.8.0'

# shellcheck source=scripts/tools/go-tool.sh
source "$(dirname "${BASH_SOURCE[0]}")/go-tool.sh"
go_tool --name kubeconform --version "$version" --package github.com/yannh/kubeconform/cmd/kubeconform \
  --override KUBECONFORM_BIN --override-is 'a kubeconform binary' \
  --ldflags "-s -w -X main.version=$version"
