import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';

/**
 * Download Logs: every service's log file in the log folder (pino JSON, one line per entry), the lines whose `time`
 * falls in [from, to], as one NDJSON stream. Lines carry their file's service name when they lack one. Nothing in
 * them is secret: the services never log passwords, tokens or session ids (LOG_REDACTION).
 */
export function serviceLogLines(logDir: string, from: Date, to: Date): PassThrough {
  const out = new PassThrough();
  void (async () => {
    try {
      const files = (await readdir(logDir)).filter((name) => name.endsWith('.log')).sort();
      for (const file of files) {
        const service = file.replace(/\.log$/, '');
        const lines = createInterface({
          input: createReadStream(path.join(logDir, file), { encoding: 'utf8' }),
          crlfDelay: Infinity,
        });
        for await (const line of lines) {
          const entry = parseLine(line);
          if (!entry) continue;
          const time = typeof entry.time === 'number' ? entry.time : Date.parse(String(entry.time));
          if (!(time >= from.getTime() && time <= to.getTime())) continue;
          if (!out.write(`${JSON.stringify({ service, ...entry })}\n`))
            await new Promise((resolve) => out.once('drain', resolve));
        }
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

function parseLine(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
