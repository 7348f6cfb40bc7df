// Reads the JSON reports of Jest, Vitest and Playwright so `npm test` can end with one total.
import { existsSync, readFileSync } from 'node:fs';

export function countJest(file) {
  if (!existsSync(file)) {
    return { passed: 0, failed: 0, skipped: 0 };
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** Vitest writes the same shape as Jest. */
export const countVitest = countJest;

export function countPlaywright(file) {
  if (!existsSync(file)) {
    return { passed: 0, failed: 0, skipped: 0 };
  }
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
}
