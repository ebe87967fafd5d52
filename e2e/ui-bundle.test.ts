import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Administrator credentials must never ship inside the client, where anyone could read them: the UI is
 * built with an administrator configured in every way a build could pick it up, then every output
 * file is searched for it.
 */
describe('the UI bundle', () => {
  let outDir = '';
  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('holds no administrator credential, whatever the environment of the build', async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'care-ui-bundle-'));
    const password = `bundle-${randomBytes(12).toString('hex')}`;
    const email = `admin-${randomBytes(4).toString('hex')}@example.org`;
    const saved = { ...process.env };
    Object.assign(process.env, {
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      VITE_ADMIN_EMAIL: email,
      VITE_ADMIN_PASSWORD: password,
    });
    try {
      await build({ root: path.join(ROOT, 'ui'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    } finally {
      process.env = saved;
    }
    const files = await filesUnder(outDir);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, 'latin1');
      expect({
        file: path.relative(outDir, file),
        hasPassword: text.includes(password),
        hasEmail: text.includes(email),
      }).toEqual({
        file: path.relative(outDir, file),
        hasPassword: false,
        hasEmail: false,
      });
    }
  }, 180_000);
});
