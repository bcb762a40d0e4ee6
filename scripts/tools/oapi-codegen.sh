#!/usr/bin/env bash
# Prints the path of oapi-codegen (the Go client generator, clients/go), building it once from the
# Go module proxy (go-tool.sh). OAPI_CODEGEN_BIN overrides the lookup.
#
# v2.8 is the first release that reads OpenAPI 3.1 type arrays (["string","null"]); its output
# needs github.com/oapi-codegen/runtime >= v1.2.0 (runtime.StyleParamWithOptions), and v1.2.0 is
# the last runtime whose go.mod says go 1.20, so the client's go.mod can keep `go 1.23`.
set -euo pipefail

version='v2.8.2'

go_tool_prepare() { export GOFLAGS=-mod=mod; }

# shellcheck source=scripts/tools/go-tool.sh
source "$(dirname "${BASH_SOURCE[0]}")/go-tool.sh"
go_tool --name oapi-codegen --version "$version" --package github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen \
  --override OAPI_CODEGEN_BIN --override-is 'an oapi-codegen binary'
