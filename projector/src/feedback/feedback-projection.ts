import type { Kysely, Selectable } from 'kysely';
import { INITIAL_FEEDBACK_STATUS, type RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import type { ReadModelDatabase, UsersTable } from '../read-model/database';

type FeedbackRecorded = Extract<RecordedEvent, { type: `Feedback${string}` }>;
type ProfileChanged = Extract<RecordedEvent, { type: 'UserProfileChanged' }>;
type Sender = Pick<Selectable<UsersTable>, 'id' | 'first_name' | 'last_name' | 'email' | 'role'>;

const FEEDBACK_EVENTS = new Set(['FeedbackSubmitted', 'FeedbackStatusChanged', 'FeedbackAdminNotesChanged', 'UserProfileChanged']);

/**
 * The admin feedback list (GET /api/feedback). The sender is looked up in the users read model in the
 * same transaction: the users projection runs earlier in the projection list, so within a batch it has
 * already applied every account this batch's feedback can name (an account exists before it signs in).
 */
export const feedbackProjection: Projection = {
  name: 'feedback',
  handles: (type) => FEEDBACK_EVENTS.has(type),
  async apply(db, events) {
    const recorded = events as (FeedbackRecorded | ProfileChanged)[];
    const senders = await sendersOf(db, recorded);
    for (const event of recorded) await applyEvent(db, event, senders);
  },
};

/** One query for every sender named in the batch. */
async function sendersOf(db: Kysely<ReadModelDatabase>, events: readonly (FeedbackRecorded | ProfileChanged)[]): Promise<Map<string, Sender>> {
  const ids = [...new Set(events.filter((event) => event.type === 'FeedbackSubmitted').map((event) => event.metadata.userId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'role'])
    // users.id is a uuid column; metadata user ids are text and may not be uuids (e.g. "system").
    .where((eb) => eb(eb.cast('id', 'text'), 'in', ids))
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

async function applyEvent(
  db: Kysely<ReadModelDatabase>,
  event: FeedbackRecorded | ProfileChanged,
  senders: ReadonlyMap<string, Sender>,
): Promise<void> {
  if (event.type === 'UserProfileChanged') {
    const { firstName, lastName } = event.data.changes;
    if (firstName === undefined && lastName === undefined) return;
    await db
      .updateTable('feedback')
      .set({
        ...(firstName !== undefined ? { user_first_name: firstName } : {}),
        ...(lastName !== undefined ? { user_last_name: lastName } : {}),
      })
      .where('user_id', '=', event.data.userId)
      .execute();
    return;
  }
  const stamp = { revision: event.revision, updated_at: event.metadata.occurredAt };
  switch (event.type) {
    case 'FeedbackSubmitted': {
      const sender = senders.get(event.metadata.userId);
      const { id, type, category, message, rating, page } = event.data;
      await db
        .insertInto('feedback')
        .values({
          id,
          user_id: event.metadata.userId,
          user_first_name: sender?.first_name ?? null,
          user_last_name: sender?.last_name ?? null,
          user_email: sender?.email ?? null,
          user_role: sender?.role ?? null,
          type,
          category,
          message,
          rating,
          page,
          status: INITIAL_FEEDBACK_STATUS,
          admin_notes: null,
          ...stamp,
          created_at: event.metadata.occurredAt,
        })
        .execute();
      return;
    }
    case 'FeedbackStatusChanged':
      await db.updateTable('feedback').set({ status: event.data.status, ...stamp }).where('id', '=', event.data.id).execute();
      return;
    case 'FeedbackAdminNotesChanged':
      await db.updateTable('feedback').set({ admin_notes: event.data.adminNotes, ...stamp }).where('id', '=', event.data.id).execute();
      return;
  }
}
