import type { Insertable } from 'kysely';
import type { AccessEvent, RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import { accessLogSchema } from './users-schema';
import type { AccessLogTable } from '../read-model/database';

type AccessRecorded = Extract<RecordedEvent, { type: AccessEvent['type'] }>;

const TYPE_OF = {
  UserSignedIn: 'signed_in',
  UserSignInFailed: 'sign_in_failed',
  UserSignInLockedOut: 'locked_out',
  UserSignedOut: 'signed_out',
  PasswordResetRequested: 'password_reset_requested',
  PasswordResetIssued: 'password_reset_issued',
} as const satisfies Record<AccessEvent['type'], AccessLogTable['type']>;

function row(event: AccessRecorded): Insertable<AccessLogTable> {
  const base = {
    event_id: event.eventId,
    type: TYPE_OF[event.type],
    user_id: event.data.userId,
    ip_address: event.data.ipAddress,
    user_agent: event.data.userAgent,
    occurred_at: event.metadata.occurredAt,
  };
  switch (event.type) {
    case 'UserSignInFailed':
      return { ...base, email: event.data.email, reason: event.data.reason };
    case 'UserSignInLockedOut':
      return { ...base, email: event.data.email, reason: `${event.data.scope}_locked` };
    case 'UserSignedOut':
      return { ...base, email: null, reason: event.data.reason };
    case 'PasswordResetIssued':
      return { ...base, email: null, reason: `requested by ${event.data.requestedBy}` };
    case 'PasswordResetRequested':
    case 'UserSignedIn':
      return { ...base, email: null, reason: null };
  }
}

/** The access log of the admin Security tab: sign-ins, lockouts, sign-outs and password resets, as recorded. */
export const accessLogProjection: Projection = {
  name: 'access_log',
  version: 1,
  tables: ['access_log'],
  schema: accessLogSchema,
  handles: (type) => type in TYPE_OF,
  async apply(db, events) {
    const rows = (events as AccessRecorded[]).map(row);
    for (let start = 0; start < rows.length; start += 1000) {
      await db
        .insertInto('access_log')
        .values(rows.slice(start, start + 1000))
        .execute();
    }
  },
};
