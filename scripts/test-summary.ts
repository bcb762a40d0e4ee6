import { readFileSync } from 'node:fs';

/** Prints vitest's JSON results as one plain closing line: `Tests: N passed, N failed, N skipped`. */
const file = process.argv[2] ?? '.tmp/vitest-results.json';
const results = JSON.parse(readFileSync(file, 'utf8')) as {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
};
const skipped = results.numPendingTests + results.numTodoTests;
console.log(`Tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`);
if (results.numTotalTests === 0 || results.numFailedTests > 0) process.exit(1);
