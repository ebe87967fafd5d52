import type { Insertable } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import { accessLogSchema } from './users-schema';
import type { AccessLogTable } from '../read-model/database';

type AccessRecorded = Extract<RecordedEvent, { type: 'UserSignedIn' | 'UserSignInFailed' | 'UserSignedOut' | 'PasswordResetIssued' }>;

const TYPE_OF = {
  UserSignedIn: 'signed_in',
  UserSignInFailed: 'sign_in_failed',
  UserSignedOut: 'signed_out',
  PasswordResetIssued: 'password_reset_issued',
} as const;

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
    case 'UserSignedOut':
      return { ...base, email: null, reason: event.data.reason };
    case 'PasswordResetIssued':
      return { ...base, email: null, reason: `requested by ${event.data.requestedBy}` };
    case 'UserSignedIn':
      return { ...base, email: null, reason: null };
  }
}

/** The access log of the admin Security tab: every sign-in attempt and sign-out, as recorded. */
export const accessLogProjection: Projection = {
  name: 'access_log',
  version: 1,
  tables: ['access_log'],
  schema: accessLogSchema,
  handles: (type) => type in TYPE_OF,
  async apply(db, events) {
    const rows = (events as AccessRecorded[]).map(row);
    for (let start = 0; start < rows.length; start += 1000) {
      await db.insertInto('access_log').values(rows.slice(start, start + 1000)).execute();
    }
  },
};
