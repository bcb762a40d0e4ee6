#!/usr/bin/env bash
# Prints the path of a Prometheus Alertmanager binary for the tests (api/src/test/alertmanager-
# server.ts), building it from source on first use (go-tool.sh; its go.mod has no replace
# directives, so a plain `go install`). ALERTMANAGER_BIN overrides the lookup.
#
# Pinned at v0.28.1: v0.34.x does not build from the Go module proxy's zip, because its web UI is
# missing from it (ui/web.go embeds ui/app/dist, which the UI's npm and Elm build makes and the
# module does not hold, so `go install` stops at that go:embed line). v0.28.1's module holds
# everything it embeds and builds as it is: 59 s with empty tool, Go build and Go module caches
# on 2 cores at load 2.5 (about 3 minutes on busier ones).
set -euo pipefail

version='v0.28.1'

# shellcheck source=scripts/tools/go-tool.sh
source "$(dirname "${BASH_SOURCE[0]}")/go-tool.sh"
# Its Makefile (promu) stamps the version in; without it `alertmanager --version` and the
# /api/v2/status answer say nothing.
go_tool --name alertmanager --version "$version" --package github.com/prometheus/alertmanager/cmd/alertmanager \
  --override ALERTMANAGER_BIN --override-is 'an alertmanager binary' --took 'a minute or more' \
  --ldflags "-s -w -X github.com/prometheus/common/version.Version=${version#v}"
