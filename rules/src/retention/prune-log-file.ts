import { open, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** When a log line was written: pino's `time` (epoch milliseconds); undefined for a line that is not a log entry. */
function timeOf(line: string): number | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const time = (JSON.parse(line) as { time?: unknown }).time;
    return typeof time === 'number' ? time : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The byte offset where the lines to keep start: the first entry written at or after `cutoff`. A line without a
 * time (a stack trace printed to stderr) goes with the entry before it. -1 when every line is older.
 */
export function keptFrom(text: string, cutoff: Date): number {
  let offset = 0;
  for (const line of text.split('\n')) {
    const time = timeOf(line);
    if (time !== undefined && time >= cutoff.getTime()) return Buffer.byteLength(text.slice(0, offset));
    offset += line.length + 1;
  }
  return -1;
}

/**
 * Drops a service log file's entries older than `cutoff`, in place. The launcher appends to the file (O_APPEND),
 * so it is rewritten, not replaced: a new file would leave the service writing to the old, unlinked one. What the
 * service appended while the file was read is carried over; only a line written in the instant between that last
 * read and the rewrite could be lost, and the rewrite happens only when there is something old to drop. Returns
 * the bytes dropped.
 */
export async function pruneLogFile(file: string, cutoff: Date): Promise<number> {
  const text = await readFile(file, 'utf8');
  const from = keptFrom(text, cutoff);
  if (from === 0) return 0;
  const size = Buffer.byteLength(text);
  const dropTo = from === -1 ? size : from;
  // Whatever arrived since the read above, read just before the rewrite.
  const handle = await open(file, 'r');
  let appended: Buffer;
  try {
    const end = (await handle.stat()).size;
    appended = Buffer.alloc(Math.max(0, end - size));
    if (appended.length > 0) await handle.read(appended, 0, appended.length, size);
  } finally {
    await handle.close();
  }
  await writeFile(file, Buffer.concat([Buffer.from(text, 'utf8').subarray(dropTo), appended]));
  return dropTo;
}

/** Every `*.log` file in the log folder (LOG_DIR); the bytes dropped in all. */
export async function pruneLogFolder(logDir: string, cutoff: Date): Promise<{ files: number; bytes: number }> {
  const names = (await readdir(logDir).catch(() => [] as string[])).filter((name) => name.endsWith('.log'));
  let bytes = 0;
  for (const name of names) {
    const file = path.join(logDir, name);
    if ((await stat(file)).isFile()) bytes += await pruneLogFile(file, cutoff);
  }
  return { files: names.length, bytes };
}
