#!/usr/bin/env bash
# Prints the path of the MCP Inspector CLI (`mcp-inspector`, the reference client of the Model
# Context Protocol; e2e/mcp-inspector.test.ts), installed from npm into the tool cache on first use
# (npm-tool.sh). It brings a web UI's worth of packages. Run it with Node 22.19 or later (the
# project's own node). MCP_INSPECTOR_BIN overrides the lookup.
set -euo pipefail
exec bash "$(dirname "$0")/npm-tool.sh" @modelcontextprotocol/inspector 2.12.0 mcp-inspector MCP_INSPECTOR_BIN
