import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { testClock } from './test-clock';

/**
 * `npm test`: type-check and lint, then every suite (unit, integration on real PostgreSQL, end-to-end in Chromium), then one
 * totals line for CI: "N passed, N failed, N skipped".
 *
 * Two phases on the 2-core machine: the unit and integration files two at a time, then the end-to-end files one at a
 * time. Each end-to-end file runs the whole product (five processes) and a Chromium; two of them side by side left a
 * first screen waiting over 30 s for a core. Every phase runs at a set London hour (scripts/test-clock.ts), so a
 * result never depends on the time of day. With arguments (files, `-t`), one run of just those, as before.
 */
const passthrough = process.argv.slice(2);
const typecheck = spawnSync('npm', ['run', '--silent', 'typecheck'], { stdio: 'inherit' });
// Format, import boundaries and lint (scripts/lint.ts): skipped when only some files are asked for.
const lint =
  passthrough.length > 0 ? { status: 0 } : spawnSync('npm', ['run', '--silent', 'lint'], { stdio: 'inherit' });
mkdirSync('.test-results', { recursive: true });

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  failures: string[];
}

/** The first line of a failure, so the end of a long CI log names what failed without scrolling back to it. */
function firstLine(message: string | undefined): string {
  return (
    (message ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/** The tests' clock: shifted to the set London hour, or the machine's, with the reason. */
function clockEnvironment(): NodeJS.ProcessEnv {
  const clock = testClock();
  console.log(`The tests run ${clock.says}.`);
  return clock.kind === 'shifted' ? { ...process.env, ...clock.env } : process.env;
}

function vitest(name: string, args: readonly string[], env: NodeJS.ProcessEnv): Totals {
  const report = `.test-results/${name}.json`;
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { stdio: 'inherit', env },
  );
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults: {
        name: string;
        status: string;
        message?: string;
        assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
      }[];
    };
    // A file that failed outside any test (a broken beforeAll, an import error) counts once.
    const brokenFiles = json.testResults.filter(
      (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
    );
    const failures = json.testResults.flatMap((file) => [
      ...(brokenFiles.includes(file) ? [`${file.name}: ${firstLine(file.message)}`] : []),
      ...file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${file.name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`),
    ]);
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests + brokenFiles.length,
      skipped: json.numPendingTests + json.numTodoTests,
      ok: run.status === 0,
      failures,
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0, ok: false, failures: [`${name}: no report (the run itself broke)`] };
  }
}

const phases =
  passthrough.length > 0
    ? [vitest('vitest', passthrough, clockEnvironment())]
    : [
        // Each phase lands on the set hour as it starts (the second starts some twenty minutes after the first).
        vitest('vitest-unit-integration', ['--exclude', 'e2e/**'], clockEnvironment()),
        vitest('vitest-e2e', ['e2e', '--maxWorkers=1'], clockEnvironment()),
      ];
const passed = phases.reduce((sum, phase) => sum + phase.passed, 0);
const failed = phases.reduce(
  (sum, phase) => sum + phase.failed,
  (typecheck.status === 0 ? 0 : 1) + (lint.status === 0 ? 0 : 1),
);
const skipped = phases.reduce((sum, phase) => sum + phase.skipped, 0);
if (typecheck.status !== 0) console.log('Type check failed (counted as 1 failure).');
if (lint.status !== 0) console.log('Lint failed (counted as 1 failure): `npm run lint` says where.');
const failures = phases.flatMap((phase) => phase.failures);
if (failures.length > 0) console.log(['Failed:', ...failures.map((failure) => `  ${failure}`)].join('\n'));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || phases.some((phase) => !phase.ok) ? 1 : 0);
