#!/usr/bin/env bash
# Prints the path of Redocly CLI (`redocly`, the OpenAPI linter e2e/openapi.test.ts runs on the
# API's document with the rules in redocly.yaml), installed from npm into the tool cache on first
# use (npm-tool.sh). REDOCLY_BIN overrides the lookup.
set -euo pipefail
exec bash "$(dirname "$0")/npm-tool.sh" @redocly/cli 2.77.0 redocly REDOCLY_BIN
