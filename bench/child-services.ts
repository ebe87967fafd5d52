import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * The product's services as separate processes, as they run in production: a bench that times a service over HTTP
 * measures it apart from the bench's own work (its client, the command API it drives) and from the projector's.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

/** Starts a service's entry point under tsx with the product's configuration in `env` (the PostgreSQL store). */
export function startChild(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', EVENTSTORE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Stops a child and resolves when it has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resolves once `url`/health answers 200; fails after a minute. */
export async function untilHealthy(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`${url}/health`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
