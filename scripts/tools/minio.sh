#!/usr/bin/env bash
# Prints the path of a MinIO server binary for the tests, building it from source on first use
# (go-tool.sh): upstream publishes no binaries for this pin. MINIO_BIN overrides the lookup.
set -euo pipefail

# A pseudo-version of a master commit, not a release: the last release's module is no longer
# served by the Go proxy.
version='v0.0.0-20260212201848-7aac2a2c5b7c'

# shellcheck source=scripts/tools/go-tool.sh
source "$(dirname "${BASH_SOURCE[0]}")/go-tool.sh"
go_tool --name minio --version "$version" --package github.com/minio/minio \
  --override MINIO_BIN --override-is 'a minio binary'
