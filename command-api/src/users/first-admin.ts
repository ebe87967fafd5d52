import type pg from 'pg';
import type { Logger } from '@care/events/server';
import { Credentials } from '../auth/credentials';
import { DomainError } from '../shared/domain-error';
import type { UserService } from './user-service';

/**
 * On first start (no account has a password yet) creates the administrator named by
 * ADMIN_EMAIL / ADMIN_PASSWORD. Two instances starting together are safe: the email reservation
 * lets only one of them register it.
 */
export async function ensureFirstAdmin(
  pool: pg.Pool,
  users: UserService,
  admin: { email: string; password: string } | undefined,
  log: Logger,
): Promise<void> {
  if ((await new Credentials(pool).count()) > 0) return;
  if (!admin) {
    log.warn('no user accounts yet: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first administrator');
    return;
  }
  try {
    await users.register(
      { email: admin.email, password: admin.password, firstName: 'Site', lastName: 'Administrator', role: 'admin' },
      { userId: 'system', requestId: 'first-admin' },
    );
    log.info({ email: admin.email }, 'first administrator created');
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
  }
}
