#!/usr/bin/env bash
# Prints the path of openapi-python-client (the Python client's generator, scripts/clients/python.ts),
# installed from PyPI into a cached virtual environment on first use (pip-tool.sh).
# OPENAPI_PYTHON_CLIENT_BIN overrides the lookup.
set -euo pipefail
exec bash "$(dirname "$0")/pip-tool.sh" openapi-python-client 0.29.1 openapi_python_client openapi-python-client OPENAPI_PYTHON_CLIENT_BIN 11
