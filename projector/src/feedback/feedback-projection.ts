import type { Kysely, Selectable } from 'kysely';
import { INITIAL_FEEDBACK_STATUS, type RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import { feedbackSchema } from './feedback-schema';
import type { ReadModelDatabase } from '../read-model/database';
import type { FeedbackSendersTable } from './feedback-tables';
import { writeRows, type BulkRow } from '../shared/bulk-rows';

type FeedbackRecorded = Extract<RecordedEvent, { type: `Feedback${string}` }>;
type UserRecorded = Extract<RecordedEvent, { type: 'UserRegistered' | 'UserProfileChanged' | 'UserRoleChanged' }>;
type ProfileChanged = Extract<RecordedEvent, { type: 'UserProfileChanged' }>;
type Sender = Selectable<FeedbackSendersTable>;

const FEEDBACK_EVENTS = new Set(['FeedbackSubmitted', 'FeedbackStatusChanged', 'FeedbackAdminNotesChanged']);
const USER_EVENTS = new Set(['UserRegistered', 'UserProfileChanged', 'UserRoleChanged']);

/**
 * The admin feedback list (GET /api/feedback). The sender's name, email and role are copied onto the feedback
 * when it is submitted, from this projection's own copy of the accounts (feedback_senders), so the projection
 * depends on no other read model and can be rebuilt alone. Later renames follow onto the feedback.
 */
export const feedbackProjection: Projection = {
  name: 'feedback',
  version: 2,
  tables: ['feedback', 'feedback_senders'],
  schema: feedbackSchema,
  handles: (type) => FEEDBACK_EVENTS.has(type) || USER_EVENTS.has(type),
  async apply(db, events) {
    const senders = await sendersOf(db, events);
    const touched = new Set<string>();
    // New feedback is written in runs, one statement each; a run ends before an event that updates feedback rows.
    let submitted: BulkRow[] = [];
    const flush = async () => {
      await writeRows(db, 'feedback', submitted);
      submitted = [];
    };
    for (const event of events as (FeedbackRecorded | UserRecorded)[]) {
      if (event.type === 'FeedbackSubmitted') {
        submitted.push(submittedRow(event, senders));
        continue;
      }
      if (event.type === 'FeedbackStatusChanged' || event.type === 'FeedbackAdminNotesChanged') {
        await flush();
        await applyEvent(db, event);
        continue;
      }
      const sender = foldSender(senders.get(event.data.userId), event);
      if (!sender) continue;
      senders.set(sender.id, sender);
      touched.add(sender.id);
      if (event.type === 'UserProfileChanged') {
        await flush();
        await applyEvent(db, event);
      }
    }
    await flush();
    const rows = [...touched].map((id) => senders.get(id)!);
    for (let start = 0; start < rows.length; start += 1000) {
      await db
        .insertInto('feedback_senders')
        .values(rows.slice(start, start + 1000))
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            first_name: eb.ref('excluded.first_name'),
            last_name: eb.ref('excluded.last_name'),
            email: eb.ref('excluded.email'),
            role: eb.ref('excluded.role'),
          })),
        )
        .execute();
    }
  },
};

function foldSender(current: Sender | undefined, event: UserRecorded): Sender | undefined {
  switch (event.type) {
    case 'UserRegistered':
      return {
        id: event.data.userId,
        first_name: event.data.firstName,
        last_name: event.data.lastName,
        email: event.data.email,
        role: event.data.role,
      };
    case 'UserProfileChanged':
      return (
        current && {
          ...current,
          first_name: event.data.changes.firstName ?? current.first_name,
          last_name: event.data.changes.lastName ?? current.last_name,
        }
      );
    case 'UserRoleChanged':
      return current && { ...current, role: event.data.role };
  }
}

/** The accounts this batch's events name, as this projection last recorded them. */
async function sendersOf(
  db: Kysely<ReadModelDatabase>,
  events: readonly RecordedEvent[],
): Promise<Map<string, Sender>> {
  const ids = [
    ...new Set(
      events.map((event) =>
        event.type === 'FeedbackSubmitted'
          ? event.metadata.userId
          : USER_EVENTS.has(event.type)
            ? (event.data as { userId: string }).userId
            : undefined,
      ),
    ),
  ].filter((id): id is string => id !== undefined);
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('feedback_senders').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The feedback row a submission creates, with the sender as this projection knows them at that point of the log. */
function submittedRow(
  event: Extract<FeedbackRecorded, { type: 'FeedbackSubmitted' }>,
  senders: ReadonlyMap<string, Sender>,
): BulkRow {
  const sender = senders.get(event.metadata.userId);
  const { id, type, category, message, rating, page } = event.data;
  return {
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
    revision: event.revision.toString(),
    updated_at: event.metadata.occurredAt,
    created_at: event.metadata.occurredAt,
  };
}

async function applyEvent(
  db: Kysely<ReadModelDatabase>,
  event: Exclude<FeedbackRecorded, { type: 'FeedbackSubmitted' }> | ProfileChanged,
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
    case 'FeedbackStatusChanged':
      await db
        .updateTable('feedback')
        .set({ status: event.data.status, ...stamp })
        .where('id', '=', event.data.id)
        .execute();
      return;
    case 'FeedbackAdminNotesChanged':
      await db
        .updateTable('feedback')
        .set({ admin_notes: event.data.adminNotes, ...stamp })
        .where('id', '=', event.data.id)
        .execute();
      return;
  }
}
