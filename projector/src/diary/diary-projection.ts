import type { Kysely } from 'kysely';
import { DIARY_ENTRY_CONTENT_FIELDS, type DiaryEntryContent, type DiaryFieldChange, type RecordedEvent } from '@care/events';
import type { ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import { diarySchema } from './diary-schema';
import { isPersonEvent, personChangeOf, type PersonChange } from '../shared/person-names';
import type { DiaryEntriesTable } from './diary-tables';

type DiaryRecorded = Extract<RecordedEvent, { type: `DiaryEntry${string}` }>;
type Db = Kysely<ReadModelDatabase>;

const DIARY_EVENTS = new Set(['DiaryEntryAdded', 'DiaryEntryReviewed', 'DiaryEntryAmended']);

/** The diary list (GET /api/diary), each entry's versions, and the names the entries show. */
export const diaryProjection: Projection = {
  name: 'diary',
  version: 1,
  tables: ['diary_entries', 'diary_entry_versions', 'diary_names'],
  schema: diarySchema,
  handles: (type) => DIARY_EVENTS.has(type) || isPersonEvent(type),
  async apply(db, events) {
    // Registrations come in long runs (a rebuild replays every carer and client): one multi-row upsert per run.
    let registered = new Map<string, PersonChange>();
    const flush = async () => {
      const rows = [...registered.values()];
      registered = new Map();
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await upsertNames(db, rows.slice(start, start + INSERT_CHUNK));
      }
    };
    for (const event of events) {
      const type: string = event.type;
      if (isPersonEvent(type)) {
        const change = personChangeOf(type, event.data);
        if (change.registered) {
          registered.set(`${change.kind}:${change.id}`, change);
          continue;
        }
        await flush();
        await applyPersonChange(db, change);
      } else {
        await flush();
        await applyDiaryEvent(db, event as DiaryRecorded);
      }
    }
    await flush();
  },
};

/** Rows per upsert: 4 columns each stays far below PostgreSQL's 65,535 parameter limit. */
const INSERT_CHUNK = 1000;

async function upsertNames(db: Db, changes: readonly PersonChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto('diary_names')
    .values(changes.map(({ kind, id, firstName, lastName }) => ({ kind, id, first_name: firstName ?? '', last_name: lastName ?? '' })))
    .onConflict((oc) =>
      oc.columns(['kind', 'id']).doUpdateSet((eb) => ({ first_name: eb.ref('excluded.first_name'), last_name: eb.ref('excluded.last_name') })),
    )
    .execute();
}

/** A rename: the name table, and the copies in the entries about that person. */
async function applyPersonChange(db: Db, change: PersonChange): Promise<void> {
  const { kind, id, firstName, lastName } = change;
  if (firstName === undefined && lastName === undefined) return;
  await db
    .updateTable('diary_names')
    .set({ ...(firstName !== undefined && { first_name: firstName }), ...(lastName !== undefined && { last_name: lastName }) })
    .where('kind', '=', kind)
    .where('id', '=', id)
    .execute();
  const entries = db.updateTable('diary_entries');
  await (kind === 'carer'
    ? entries
        .set({ ...(firstName !== undefined && { carer_first_name: firstName }), ...(lastName !== undefined && { carer_last_name: lastName }) })
        .where('carer_id', '=', id)
    : entries
        .set({ ...(firstName !== undefined && { client_first_name: firstName }), ...(lastName !== undefined && { client_last_name: lastName }) })
        .where('client_id', '=', id)
  ).execute();
}

async function applyDiaryEvent(db: Db, event: DiaryRecorded): Promise<void> {
  const stamp = { revision: event.revision, updated_at: event.metadata.occurredAt };
  const version = {
    event_id: event.eventId,
    entry_id: event.data.id,
    revision: event.revision,
    user_id: event.metadata.userId,
    occurred_at: event.metadata.occurredAt,
  };
  switch (event.type) {
    case 'DiaryEntryAdded': {
      const { id, carerId, clientId, appointmentId, ...content } = event.data;
      const [carer, client] = await Promise.all([nameOf(db, 'carer', carerId), nameOf(db, 'client', clientId)]);
      await db
        .insertInto('diary_entries')
        .values({
          id,
          carer_id: carerId,
          client_id: clientId,
          appointment_id: appointmentId,
          ...contentColumns(content),
          author_user_id: event.metadata.userId,
          amended: false,
          carer_first_name: carer.first_name,
          carer_last_name: carer.last_name,
          client_first_name: client.first_name,
          client_last_name: client.last_name,
          created_at: event.metadata.occurredAt,
          ...stamp,
        })
        .execute();
      const created: DiaryFieldChange[] = DIARY_ENTRY_CONTENT_FIELDS.map((field) => ({ field, from: null, to: content[field] }));
      await db.insertInto('diary_entry_versions').values({ ...version, action: 'created', changes: JSON.stringify(created), reason: null }).execute();
      return;
    }
    case 'DiaryEntryReviewed':
      await db
        .updateTable('diary_entries')
        .set({ reviewed_by: event.data.reviewedBy, reviewed_at: event.data.reviewedAt, ...stamp })
        .where('id', '=', event.data.id)
        .execute();
      await db.insertInto('diary_entry_versions').values({ ...version, action: 'reviewed', changes: '[]', reason: null }).execute();
      return;
    case 'DiaryEntryAmended': {
      const current = await db.selectFrom('diary_entries').selectAll().where('id', '=', event.data.id).executeTakeFirst();
      if (!current) return;
      const before = contentOf(current);
      const changes: DiaryFieldChange[] = [];
      for (const field of DIARY_ENTRY_CONTENT_FIELDS) {
        const to = event.data.changes[field];
        if (to !== undefined) changes.push({ field, from: before[field], to });
      }
      await db
        .updateTable('diary_entries')
        .set({ ...contentColumns({ ...before, ...definedOnly(event.data.changes) }), amended: true, ...stamp })
        .where('id', '=', event.data.id)
        .execute();
      await db
        .insertInto('diary_entry_versions')
        .values({ ...version, action: 'amended', changes: JSON.stringify(changes), reason: event.data.reason })
        .execute();
      return;
    }
  }
}

function contentColumns(content: DiaryEntryContent) {
  return {
    entry_date: content.entryDate,
    entry_type: content.entryType,
    priority: content.priority,
    title: content.title,
    content: content.content,
    tags: JSON.stringify(content.tags),
    is_confidential: content.isConfidential,
  } satisfies Partial<Record<keyof DiaryEntriesTable, unknown>>;
}

function contentOf(row: { entry_date: Date; entry_type: string; priority: string; title: string; content: string; tags: string[]; is_confidential: boolean }): DiaryEntryContent {
  return {
    entryDate: row.entry_date.toISOString(),
    entryType: row.entry_type as DiaryEntryContent['entryType'],
    priority: row.priority as DiaryEntryContent['priority'],
    title: row.title,
    content: row.content,
    tags: row.tags,
    isConfidential: row.is_confidential,
  };
}

async function nameOf(db: Db, kind: 'carer' | 'client', id: string) {
  const row = await db.selectFrom('diary_names').select(['first_name', 'last_name']).where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
  return row ?? { first_name: '', last_name: '' };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
