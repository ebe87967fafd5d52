import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a build is still current: `built` exists and no input (a file, or a folder searched through) was changed
 * after it was written. The UI build and the services' build both decide with this, so `npm start` rebuilds exactly
 * when a source it was built from has been edited.
 */
export function builtAfterInputs(built: string, inputs: readonly string[]): boolean {
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return inputs.every((input) => existsSync(input) && newestMtime(input) < builtAt);
}

/** The latest modification time of a file, or of any file under a folder. */
export function newestMtime(fileOrDir: string): number {
  const stat = statSync(fileOrDir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(fileOrDir, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(fileOrDir, entry.name)));
  }
  return newest;
}
