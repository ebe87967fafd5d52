import { mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServices, metafilePath, servicesBuildIsCurrent } from './build-services';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVICES = ['command-api', 'projector', 'read-api', 'rules', 'ui-server'] as const;

/**
 * The third-party packages a compiled service imports as it starts (`eager`), and those it imports only from code
 * behind an `await import()` (`lazy`), read from the build's metafile.
 */
function packagesOf(metafile: Metafile, outDir: string, name: string): { eager: Set<string>; lazy: Set<string> } {
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const walk = (output: string, deferred: boolean) => {
    if (seen.has(`${output}:${deferred}`)) return;
    seen.add(`${output}:${deferred}`);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      const later = deferred || imported.kind === 'dynamic-import';
      if (!imported.external) walk(imported.path, later);
      else if (!imported.path.startsWith('node:')) (later ? lazy : eager).add(imported.path);
    }
  };
  walk(path.relative(ROOT, path.join(outDir, `${name}.mjs`)), false);
  return { eager, lazy };
}

describe('the compiled services', () => {
  let outDir: string;
  let metafile: Metafile;
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'care-services-build-'));
    metafile = await buildServices(outDir);
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('load the PDF writer and the EventStoreDB client only once they first use them', () => {
    for (const service of SERVICES) {
      const { eager } = packagesOf(metafile, outDir, service);
      expect(eager.has('pdfkit'), `${service} loads pdfkit at start`).toBe(false);
      expect(eager.has('@eventstore/db-client'), `${service} loads the EventStoreDB client at start`).toBe(false);
    }
    // Still in the build, behind the import that loads them on first use.
    expect(packagesOf(metafile, outDir, 'read-api').lazy).toContain('pdfkit');
    expect(packagesOf(metafile, outDir, 'rules').lazy).toContain('pdfkit');
    expect(packagesOf(metafile, outDir, 'command-api').lazy).toContain('@eventstore/db-client');
  });

  it('keep the workspace packages inside the bundle and every other package outside it', () => {
    const { eager } = packagesOf(metafile, outDir, 'read-api');
    expect([...eager].filter((name) => name.startsWith('@care/'))).toEqual([]);
    expect(eager).toContain('kysely');
    expect(eager).toContain('socket.io');
  });

  it('are rebuilt when a source they were built from is newer than the build, or a compiled file is missing', async () => {
    const record = metafilePath(outDir);
    const tomorrow = new Date(Date.now() + 86_400_000);
    await utimes(record, tomorrow, tomorrow);
    expect(servicesBuildIsCurrent(outDir)).toBe(true);
    const longAgo = new Date('2020-01-01T00:00:00Z');
    await utimes(record, longAgo, longAgo);
    expect(servicesBuildIsCurrent(outDir)).toBe(false);
    await utimes(record, tomorrow, tomorrow);
    await rm(path.join(outDir, 'projector.mjs'));
    expect(servicesBuildIsCurrent(outDir)).toBe(false);
  });
});
