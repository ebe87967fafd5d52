import { readFileSync } from 'node:fs';

/** "Now" read from a file holding an ISO instant, else the real time (the end-to-end test's way to move time on). */
export function fileClock(path: string): () => Date {
  return () => {
    try {
      const instant = new Date(readFileSync(path, 'utf8').trim());
      return Number.isNaN(instant.getTime()) ? new Date() : instant;
    } catch {
      return new Date();
    }
  };
}
