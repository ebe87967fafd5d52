import type { Kysely } from 'kysely';
import { DIARY_ENTRY_CONTENT_FIELDS, type DiaryEntryContent, type DiaryFieldChange, type RecordedEvent, definedOnly } from '@care/events';
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
  // 2: each version records whether the entry was confidential in it. 3: counts per author for the paged list.
  // 4: the welfare concerns' partial index (the dashboard tile and GET /api/diary?welfare=true).
  version: 4,
  tables: ['diary_entries', 'diary_entry_versions', 'diary_names', 'diary_entry_counts'],
  schema: diarySchema,
  handles: (type) => DIARY_EVENTS.has(type) || isPersonEvent(type),
  async apply(db, events) {
    // Registrations and new entries come in long runs (a rebuild replays every carer, client and note): each run
    // is written with multi-row statements; reviews, amendments and renames are applied one by one, in order.
    let registered = new Map<string, PersonChange>();
    let added: Added[] = [];
    const flushNames = async () => {
      const rows = [...registered.values()];
      registered = new Map();
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await upsertNames(db, rows.slice(start, start + INSERT_CHUNK));
      }
    };
    const flushAdded = async () => {
      const run = added;
      added = [];
      for (let start = 0; start < run.length; start += ENTRY_CHUNK) await insertEntries(db, run.slice(start, start + ENTRY_CHUNK));
    };
    for (const event of events) {
      const type: string = event.type;
      if (isPersonEvent(type)) {
        await flushAdded();
        const change = personChangeOf(type, event.data);
        if (change.registered) {
          registered.set(`${change.kind}:${change.id}`, change);
          continue;
        }
        await flushNames();
        await applyPersonChange(db, change);
        continue;
      }
      await flushNames();
      if (event.type === 'DiaryEntryAdded') {
        added.push(event);
        continue;
      }
      await flushAdded();
      await applyDiaryEvent(db, event as Exclude<DiaryRecorded, Added>);
    }
    await flushNames();
    await flushAdded();
  },
};

type Added = Extract<RecordedEvent, { type: 'DiaryEntryAdded' }>;
/** Rows per multi-row insert of entries: about 20 columns each. */
const ENTRY_CHUNK = 1000;

/** A run of new entries: their names in one query, then one insert for the entries and one for their versions. */
async function insertEntries(db: Db, run: readonly Added[]): Promise<void> {
  if (run.length === 0) return;
  const names = await namesOf(db, run);
  const name = (kind: 'carer' | 'client', id: string) => names.get(`${kind}:${id}`) ?? { first_name: '', last_name: '' };
  await db
    .insertInto('diary_entries')
    .values(
      run.map((event) => {
        const { id, carerId, clientId, appointmentId, ...content } = event.data;
        const carer = name('carer', carerId);
        const client = name('client', clientId);
        return {
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
          revision: event.revision,
          updated_at: event.metadata.occurredAt,
        };
      }),
    )
    .execute();
  const counts = new Map<string, { author_user_id: string; is_confidential: boolean; entries: number }>();
  for (const event of run) {
    const key = `${event.data.isConfidential}:${event.metadata.userId}`;
    const bucket = counts.get(key) ?? { author_user_id: event.metadata.userId, is_confidential: event.data.isConfidential, entries: 0 };
    bucket.entries += 1;
    counts.set(key, bucket);
  }
  await countEntries(db, [...counts.values()]);
  await db
    .insertInto('diary_entry_versions')
    .values(
      run.map((event) => {
        const { id, carerId, clientId, appointmentId, ...content } = event.data;
        const created: DiaryFieldChange[] = DIARY_ENTRY_CONTENT_FIELDS.map((field) => ({ field, from: null, to: content[field] }));
        return {
          ...versionOf(event),
          entry_id: id,
          action: 'created' as const,
          changes: JSON.stringify(created),
          reason: null,
          is_confidential: content.isConfidential,
        };
      }),
    )
    .execute();
}

/** Adds `entries` (negative to take away) to each author's bucket. */
async function countEntries(db: Db, buckets: readonly { author_user_id: string; is_confidential: boolean; entries: number }[]): Promise<void> {
  if (buckets.length === 0) return;
  await db
    .insertInto('diary_entry_counts')
    .values([...buckets])
    .onConflict((oc) =>
      oc.columns(['author_user_id', 'is_confidential']).doUpdateSet((eb) => ({ entries: eb('diary_entry_counts.entries', '+', eb.ref('excluded.entries')) })),
    )
    .execute();
}

async function namesOf(db: Db, run: readonly Added[]) {
  const carers = [...new Set(run.map((event) => event.data.carerId))];
  const clients = [...new Set(run.map((event) => event.data.clientId))];
  const rows = await db
    .selectFrom('diary_names')
    .select(['kind', 'id', 'first_name', 'last_name'])
    .where((eb) => eb.or([eb.and([eb('kind', '=', 'carer'), eb('id', 'in', carers)]), eb.and([eb('kind', '=', 'client'), eb('id', 'in', clients)])]))
    .execute();
  return new Map(rows.map((row) => [`${row.kind}:${row.id}`, row]));
}

const versionOf = (event: DiaryRecorded) => ({
  event_id: event.eventId,
  revision: event.revision,
  user_id: event.metadata.userId,
  occurred_at: event.metadata.occurredAt,
});

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

/** A review or an amendment (new entries are written in runs: insertEntries). */
async function applyDiaryEvent(db: Db, event: Exclude<DiaryRecorded, Added>): Promise<void> {
  const stamp = { revision: event.revision, updated_at: event.metadata.occurredAt };
  const version = { ...versionOf(event), entry_id: event.data.id };
  switch (event.type) {
    case 'DiaryEntryReviewed': {
      const current = await db.selectFrom('diary_entries').select('is_confidential').where('id', '=', event.data.id).executeTakeFirst();
      await db
        .updateTable('diary_entries')
        .set({ reviewed_by: event.data.reviewedBy, reviewed_at: event.data.reviewedAt, ...stamp })
        .where('id', '=', event.data.id)
        .execute();
      await db
        .insertInto('diary_entry_versions')
        .values({ ...version, action: 'reviewed', changes: '[]', reason: null, is_confidential: current?.is_confidential ?? true })
        .execute();
      return;
    }
    case 'DiaryEntryAmended': {
      const current = await db.selectFrom('diary_entries').selectAll().where('id', '=', event.data.id).executeTakeFirst();
      if (!current) return;
      const before = contentOf(current);
      const changes: DiaryFieldChange[] = [];
      for (const field of DIARY_ENTRY_CONTENT_FIELDS) {
        const to = event.data.changes[field];
        if (to !== undefined) changes.push({ field, from: before[field], to });
      }
      const after = { ...before, ...definedOnly(event.data.changes) };
      await db
        .updateTable('diary_entries')
        .set({ ...contentColumns(after), amended: true, ...stamp })
        .where('id', '=', event.data.id)
        .execute();
      if (after.isConfidential !== before.isConfidential) {
        const author = current.author_user_id;
        await countEntries(db, [
          { author_user_id: author, is_confidential: before.isConfidential, entries: -1 },
          { author_user_id: author, is_confidential: after.isConfidential, entries: 1 },
        ]);
      }
      await db
        .insertInto('diary_entry_versions')
        .values({
          ...version,
          action: 'amended',
          changes: JSON.stringify(changes),
          reason: event.data.reason,
          is_confidential: event.data.changes.isConfidential ?? before.isConfidential,
        })
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
