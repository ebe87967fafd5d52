import { existsSync } from 'node:fs';
import { chown, lstat, mkdir, mkdtemp, realpath, rmdir, symlink, unlink } from 'node:fs/promises';
import path from 'node:path';
import { canReach, systemDir, type PostgresAccount } from './postgres-account';

/** Root-owned and world-searchable: where clusters go whose documented folder the 'postgres' account cannot enter. */
const CLUSTERS_DIR = '/var/lib/care-platform';

/**
 * The folder the cluster's files are really in, ready for the account to use. Not root: the requested
 * folder itself. As root: the requested folder when the 'postgres' account can reach it; otherwise (a
 * checkout under /root or another 0700 folder, which we never open up) a folder of that account's under
 * /var/lib/care-platform, with the requested path made a symbolic link to it, so that `.data/postgres` stays
 * where the data is found and a second start reuses it. A cluster that exists is used wherever it is.
 */
export async function placeDataDir(requested: string, account: PostgresAccount | undefined): Promise<string> {
  await mkdir(path.dirname(requested), { recursive: true });
  if (!account) return requested; // initdb creates it
  const existing = await realpath(requested).catch(() => undefined);
  if (existing) {
    if (existsSync(path.join(existing, 'PG_VERSION'))) return existing;
    if (await canReach(account, path.dirname(existing))) return ownedBy(existing, account);
    await removeEmpty(requested); // left by an attempt that could not work; made again below
  }
  if (await canReach(account, path.dirname(requested))) {
    await mkdir(requested, { mode: 0o700 });
    return ownedBy(requested, account);
  }
  const slug = requested
    .replace(/[^A-Za-z0-9._]+/g, '-')
    .replace(/^-/, '')
    .slice(-80);
  const cluster = await mkdtemp(path.join(await systemDir(CLUSTERS_DIR), `${slug}-`));
  await ownedBy(cluster, account);
  await symlink(cluster, requested);
  return cluster;
}

async function ownedBy(dir: string, account: PostgresAccount): Promise<string> {
  await chown(dir, account.uid, account.gid);
  return dir;
}

async function removeEmpty(requested: string): Promise<void> {
  if ((await lstat(requested)).isSymbolicLink()) return unlink(requested);
  await rmdir(requested).catch(() => {
    throw new Error(`${requested} holds files but no PostgreSQL cluster (no PG_VERSION): move it away and start again`);
  });
}
