// Prints the suite's closing line, 'N passed, N failed', from Vitest's JSON report.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.log('0 passed, 1 failed');
  console.error(`No test report at ${file}: the test run stopped before Vitest finished.`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(report.numFailedTests === 0 && report.numTotalTests > 0 ? 0 : 1);
