#!/usr/bin/env bash
# `npm test`: everything CI checks, in order of cost. Run through npm so node_modules/.bin (and
# with it Node 24 from the `node` devDependency) comes first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-tools.sh

echo "== node $(node --version)"
echo "== typecheck"
tsc -p tsconfig.json
echo "== lint"
eslint . --max-warnings=0
echo "== format"
prettier --check . >/dev/null || { prettier --check . ; exit 1; }
echo "== shellcheck"
shopt -s globstar
shellcheck e2e/kind/*.sh scripts/**/*.sh .ci/run
echo "== tests (unit, integration on PGlite and PostgreSQL, end-to-end)"
mkdir -p .tmp
status=0
vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest-results.json "$@" || status=$?
node scripts/test-summary.ts .tmp/vitest-results.json || status=1
exit $status
