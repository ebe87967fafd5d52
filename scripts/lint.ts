import { spawnSync } from 'node:child_process';

/**
 * `npm run lint`: the three checks `npm test` also runs, fastest first, each named in the output.
 * - format: Biome's formatter (biome.json), one line width for the whole repository; `npm run format` rewrites.
 * - boundaries: dependency-cruiser (.dependency-cruiser.cjs): which package may import which, no import cycles.
 * - lint: ESLint with typescript-eslint (eslint.config.js), type-aware where a mistake loses work.
 * Exits non-zero when any of them finds something.
 */
const PACKAGES = [
  'events',
  'command-api',
  'projector',
  'documents',
  'read-api',
  'rules',
  'ui/src',
  'ui/server',
  'scripts',
  'bench',
  'e2e',
];

const checks: readonly { name: string; command: string; args: readonly string[] }[] = [
  { name: 'format', command: 'npx', args: ['biome', 'format', '--max-diagnostics=20', '.'] },
  {
    name: 'boundaries',
    command: 'npx',
    args: ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...PACKAGES],
  },
  { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings=0', '.'] },
];

let failed = 0;
for (const check of checks) {
  const started = Date.now();
  const run = spawnSync(check.command, check.args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status === 0) console.log(`lint: ${check.name} passed (${seconds} s)`);
  else {
    failed += 1;
    console.log(
      `lint: ${check.name} FAILED (${seconds} s)${check.name === 'format' ? ': run `npm run format` to fix' : ''}`,
    );
  }
}
process.exit(failed > 0 ? 1 : 0);
