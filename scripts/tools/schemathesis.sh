#!/usr/bin/env bash
# Prints the path of a Schemathesis CLI (`schemathesis`) for the fuzz run of the OpenAPI document
# (e2e/fuzz.test.ts), installed from PyPI into a cached virtual environment on first use
# (pip-tool.sh). SCHEMATHESIS_BIN overrides the lookup.
set -euo pipefail
exec bash "$(dirname "$0")/pip-tool.sh" schemathesis 4.32.5 schemathesis.cli schemathesis SCHEMATHESIS_BIN 10
