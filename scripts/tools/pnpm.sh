#!/usr/bin/env bash
# Prints the path of pnpm, installed from npm into the tool cache on first use (npm-tool.sh).
# e2e/clients/install.test.ts uses it to install the TypeScript client from a git tag's
# subdirectory, which npm cannot do. PNPM_BIN overrides the lookup.
set -euo pipefail
exec bash "$(dirname "$0")/npm-tool.sh" pnpm 10.34.8 pnpm PNPM_BIN
