import type { Kysely, Selectable } from 'kysely';
import {
  DIARY_ENTRY_CONTENT_FIELDS,
  type DiaryEntryContent,
  type DiaryFieldChange,
  type RecordedEvent,
  definedOnly,
} from '@care/events';
import type { ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import { diarySchema } from './diary-schema';
import { isPersonEvent, personChangeOf, type PersonChange } from '../shared/person-names';
import type { DiaryEntriesTable, DiaryEntryVersionsTable } from './diary-tables';
import { anyUuid, writeRows } from '../shared/bulk-rows';
import { iso } from '../shared/fold-batch';

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
    // A batch is folded in memory and written with a few statements (see applyEntries). A rename rewrites the
    // names copied into entries, so it is applied in its place in the log: the events before it are written first.
    let segment: DiaryRecorded[] = [];
    let registered = new Map<string, PersonChange>();
    const flush = async () => {
      await upsertNames(db, [...registered.values()]);
      registered = new Map();
      await applyEntries(db, segment);
      segment = [];
    };
    for (const event of events) {
      const type: string = event.type;
      if (!isPersonEvent(type)) {
        segment.push(event as DiaryRecorded);
        continue;
      }
      const change = personChangeOf(type, event.data);
      if (change.registered) {
        registered.set(`${change.kind}:${change.id}`, change);
        continue;
      }
      await flush();
      await applyPersonChange(db, change);
    }
    await flush();
  },
};

type Added = Extract<RecordedEvent, { type: 'DiaryEntryAdded' }>;
/** An entry as it is folded: its row, with instants as ISO text and the tags as an array. */
type Entry = Omit<
  DiaryEntriesTable,
  'entry_date' | 'tags' | 'reviewed_at' | 'revision' | 'created_at' | 'updated_at'
> & {
  entry_date: string;
  tags: string[];
  reviewed_at: string | null;
  revision: string;
  created_at: string;
  updated_at: string;
};
type Version = Omit<Selectable<DiaryEntryVersionsTable>, 'occurred_at' | 'revision'> & {
  occurred_at: string;
  revision: string;
};
type Bucket = { author_user_id: string; is_confidential: boolean; entries: number };

/**
 * Entries added, reviewed and amended: the entries the events touch are read in one query, the events are folded
 * into them in log order, then the entries, their versions and the per-author counts are written, one statement
 * each. A bucket an event touched is written even when its net change is nought, so a live table and a rebuilt one
 * hold the same rows whatever the batches were.
 */
async function applyEntries(db: Db, events: readonly DiaryRecorded[]): Promise<void> {
  if (events.length === 0) return;
  const added = events.filter((event): event is Added => event.type === 'DiaryEntryAdded');
  const addedIds = new Set(added.map((event) => event.data.id));
  const existing = [...new Set(events.map((event) => event.data.id).filter((id) => !addedIds.has(id)))];
  const entries = new Map<string, Entry>();
  if (existing.length > 0) {
    for (const row of await db.selectFrom('diary_entries').selectAll().where('id', '=', anyUuid(existing)).execute())
      entries.set(row.id, entryOf(row));
  }
  const names = await namesOf(db, added);
  const name = (kind: 'carer' | 'client', id: string) =>
    names.get(`${kind}:${id}`) ?? { first_name: '', last_name: '' };
  const touched = new Set<string>();
  const versions: Version[] = [];
  const buckets = new Map<string, Bucket>();
  const count = (author: string, confidential: boolean, entries: number) => {
    const key = `${confidential}:${author}`;
    const bucket = buckets.get(key) ?? { author_user_id: author, is_confidential: confidential, entries: 0 };
    bucket.entries += entries;
    buckets.set(key, bucket);
  };
  for (const event of events) {
    const id = event.data.id;
    const stamp = { revision: String(event.revision), updated_at: iso(event.metadata.occurredAt) };
    const version = {
      event_id: event.eventId,
      entry_id: id,
      revision: String(event.revision),
      user_id: event.metadata.userId,
      occurred_at: event.metadata.occurredAt,
    };
    const current = entries.get(id);
    switch (event.type) {
      case 'DiaryEntryAdded': {
        const { carerId, clientId, appointmentId, ...content } = event.data;
        const carer = name('carer', carerId);
        const client = name('client', clientId);
        entries.set(id, {
          id,
          carer_id: carerId,
          client_id: clientId,
          appointment_id: appointmentId,
          ...contentColumns(content),
          author_user_id: event.metadata.userId,
          reviewed_by: null,
          reviewed_at: null,
          amended: false,
          carer_first_name: carer.first_name,
          carer_last_name: carer.last_name,
          client_first_name: client.first_name,
          client_last_name: client.last_name,
          created_at: iso(event.metadata.occurredAt),
          ...stamp,
        });
        count(event.metadata.userId, content.isConfidential, 1);
        const created: DiaryFieldChange[] = DIARY_ENTRY_CONTENT_FIELDS.map((field) => ({
          field,
          from: null,
          to: content[field],
        }));
        versions.push({
          ...version,
          action: 'created',
          changes: created,
          reason: null,
          is_confidential: content.isConfidential,
        });
        break;
      }
      case 'DiaryEntryReviewed': {
        if (current)
          entries.set(id, {
            ...current,
            reviewed_by: event.data.reviewedBy,
            reviewed_at: iso(event.data.reviewedAt),
            ...stamp,
          });
        versions.push({
          ...version,
          action: 'reviewed',
          changes: [],
          reason: null,
          is_confidential: current?.is_confidential ?? true,
        });
        break;
      }
      case 'DiaryEntryAmended': {
        if (!current) continue;
        const before = contentOf(current);
        const changes: DiaryFieldChange[] = [];
        for (const field of DIARY_ENTRY_CONTENT_FIELDS) {
          const to = event.data.changes[field];
          if (to !== undefined) changes.push({ field, from: before[field], to });
        }
        const after = { ...before, ...definedOnly(event.data.changes) };
        entries.set(id, { ...current, ...contentColumns(after), amended: true, ...stamp });
        if (after.isConfidential !== before.isConfidential) {
          count(current.author_user_id, before.isConfidential, -1);
          count(current.author_user_id, after.isConfidential, 1);
        }
        versions.push({
          ...version,
          action: 'amended',
          changes,
          reason: event.data.reason,
          is_confidential: event.data.changes.isConfidential ?? before.isConfidential,
        });
        break;
      }
    }
    if (entries.has(id)) touched.add(id);
  }
  await writeRows(
    db,
    'diary_entries',
    [...touched].map((id) => entries.get(id)!),
    { key: ['id'] },
  );
  await writeRows(db, 'diary_entry_versions', versions);
  await writeRows(db, 'diary_entry_counts', [...buckets.values()], {
    key: ['author_user_id', 'is_confidential'],
    onConflict: 'add',
  });
}

async function namesOf(db: Db, run: readonly Added[]) {
  if (run.length === 0) return new Map<string, { first_name: string; last_name: string }>();
  const carers = [...new Set(run.map((event) => event.data.carerId))];
  const clients = [...new Set(run.map((event) => event.data.clientId))];
  const rows = await db
    .selectFrom('diary_names')
    .select(['kind', 'id', 'first_name', 'last_name'])
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'carer'), eb('id', '=', anyUuid(carers))]),
        eb.and([eb('kind', '=', 'client'), eb('id', '=', anyUuid(clients))]),
      ]),
    )
    .execute();
  return new Map(rows.map((row) => [`${row.kind}:${row.id}`, row]));
}

/** A stored row as the fold keeps it. */
function entryOf(row: Selectable<DiaryEntriesTable>): Entry {
  return {
    ...row,
    entry_date: iso(row.entry_date),
    reviewed_at: row.reviewed_at === null ? null : iso(row.reviewed_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

async function upsertNames(db: Db, changes: readonly PersonChange[]): Promise<void> {
  const rows = changes.map(({ kind, id, firstName, lastName }) => ({
    kind,
    id,
    first_name: firstName ?? '',
    last_name: lastName ?? '',
  }));
  await writeRows(db, 'diary_names', rows, { key: ['kind', 'id'] });
}

/** A rename: the name table, and the copies in the entries about that person. */
async function applyPersonChange(db: Db, change: PersonChange): Promise<void> {
  const { kind, id, firstName, lastName } = change;
  if (firstName === undefined && lastName === undefined) return;
  await db
    .updateTable('diary_names')
    .set({
      ...(firstName !== undefined && { first_name: firstName }),
      ...(lastName !== undefined && { last_name: lastName }),
    })
    .where('kind', '=', kind)
    .where('id', '=', id)
    .execute();
  const entries = db.updateTable('diary_entries');
  await (kind === 'carer'
    ? entries
        .set({
          ...(firstName !== undefined && { carer_first_name: firstName }),
          ...(lastName !== undefined && { carer_last_name: lastName }),
        })
        .where('carer_id', '=', id)
    : entries
        .set({
          ...(firstName !== undefined && { client_first_name: firstName }),
          ...(lastName !== undefined && { client_last_name: lastName }),
        })
        .where('client_id', '=', id)
  ).execute();
}

function contentColumns(content: DiaryEntryContent) {
  return {
    entry_date: iso(content.entryDate),
    entry_type: content.entryType,
    priority: content.priority,
    title: content.title,
    content: content.content,
    tags: content.tags,
    is_confidential: content.isConfidential,
  } satisfies Partial<Record<keyof DiaryEntriesTable, unknown>>;
}

function contentOf(row: Entry): DiaryEntryContent {
  return {
    entryDate: row.entry_date,
    entryType: row.entry_type as DiaryEntryContent['entryType'],
    priority: row.priority as DiaryEntryContent['priority'],
    title: row.title,
    content: row.content,
    tags: row.tags,
    isConfidential: row.is_confidential,
  };
}
