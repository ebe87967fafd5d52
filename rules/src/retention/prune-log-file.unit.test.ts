import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptFrom, pruneLogFile, pruneLogFolder } from './prune-log-file';

const entry = (iso: string, msg: string) => JSON.stringify({ level: 30, time: Date.parse(iso), msg });
const CUTOFF = new Date('2025-01-01T00:00:00Z');

describe('log retention on a service log file', () => {
  it('given entries older and newer than the cutoff, then only the older ones and their stack traces are dropped', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'logs-'));
    const file = path.join(dir, 'read-api.log');
    const lines = [
      entry('2023-05-01T10:00:00Z', 'old'),
      'Error: boom',
      '    at old-frame',
      entry('2025-02-01T10:00:00Z', 'kept'),
      'Error: kept trace',
      entry('2026-11-01T10:00:00Z', 'newest'),
    ];
    await writeFile(file, `${lines.join('\n')}\n`);
    const dropped = await pruneLogFile(file, CUTOFF);
    expect(dropped).toBeGreaterThan(0);
    expect(await readFile(file, 'utf8')).toBe(`${lines.slice(3).join('\n')}\n`);
    // Nothing old left: a second run leaves the file as it is.
    expect(await pruneLogFile(file, CUTOFF)).toBe(0);
  });

  it('given only old entries, then the file is emptied; every .log file of the folder is pruned, other files are not touched', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'logs-'));
    await writeFile(path.join(dir, 'rules.log'), `${entry('2022-01-01T00:00:00Z', 'old')}\n`);
    await writeFile(
      path.join(dir, 'projector.log'),
      `${entry('2022-01-01T00:00:00Z', 'old')}\n${entry('2026-01-01T00:00:00Z', 'new')}\n`,
    );
    await writeFile(path.join(dir, 'notes.txt'), `${entry('2022-01-01T00:00:00Z', 'old')}\n`);
    const run = await pruneLogFolder(dir, CUTOFF);
    expect(run.files).toBe(2);
    expect(await readFile(path.join(dir, 'rules.log'), 'utf8')).toBe('');
    expect(await readFile(path.join(dir, 'projector.log'), 'utf8')).toBe(`${entry('2026-01-01T00:00:00Z', 'new')}\n`);
    expect(await readFile(path.join(dir, 'notes.txt'), 'utf8')).toContain('old');
  });

  it('counts the offset in bytes, names with accents included', () => {
    const text = `${entry('2020-01-01T00:00:00Z', 'Zoë')}\n${entry('2026-01-01T00:00:00Z', 'new')}\n`;
    expect(keptFrom(text, CUTOFF)).toBe(Buffer.byteLength(`${entry('2020-01-01T00:00:00Z', 'Zoë')}\n`));
  });
});
