import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

/**
 * `npm test`: type-check, then every suite (unit, integration on real PostgreSQL, end-to-end
 * in Chromium) in one vitest run, then one totals line for CI: "N passed, N failed, N skipped".
 */
const passthrough = process.argv.slice(2);
const typecheck = spawnSync('npm', ['run', '--silent', 'typecheck'], { stdio: 'inherit' });
mkdirSync('.test-results', { recursive: true });
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.test-results/vitest.json', ...passthrough],
  { stdio: 'inherit' },
);

let passed = 0;
let failed = typecheck.status === 0 ? 0 : 1;
let skipped = 0;
try {
  const report = JSON.parse(readFileSync('.test-results/vitest.json', 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { status: string; assertionResults: { status: string }[] }[];
  };
  passed = report.numPassedTests;
  // A file that failed outside any test (a broken beforeAll, an import error) counts once.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'));
  failed += report.numFailedTests + brokenFiles.length;
  skipped = report.numPendingTests + report.numTodoTests;
} catch {
  failed += 1; // no report: the run itself broke
}
if (typecheck.status !== 0) console.log('Type check failed (counted as 1 failure).');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);
