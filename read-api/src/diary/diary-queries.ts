import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import {
  addDays,
  londonTimeToInstant,
  type DateRange,
  type DiaryEntryType,
  type DiaryEntryVersionView,
  type DiaryEntryView,
  type DiaryFieldChange,
  type DiaryPriority,
} from '@care/events';
import {
  DIARY_SEARCH_COLUMNS,
  READ_MODEL_SCHEMA,
  searchTextOf,
  type DiaryEntriesTable,
  type ReadModelDatabase,
} from '@care/projector';
import { likePattern } from '../shared/like-pattern';
import { WELFARE_PRIORITIES, WELFARE_TYPES } from '../shared/welfare';
import { countOf, pageOf, type Page } from '../shared/paging';

/** Who is reading: a confidential entry is shown only to readers of confidential entries and to its author. */
export interface DiaryViewer {
  readonly userId: string;
  readonly seesConfidential: boolean;
  /** The entries their work lets them read, on `e` (CarerWork.authoredOrAbout); every entry when absent. */
  readonly visible?: RawBuilder<SqlBool>;
}

export interface DiaryFilter {
  readonly search?: string | undefined;
  readonly clientId?: string | undefined;
  readonly carerId?: string | undefined;
  /** Welfare concerns only (docs/features/alerts.md, "Welfare Concerns"). */
  readonly welfare?: boolean | undefined;
  /** Entries dated in these London days, both included. */
  readonly period?: DateRange | undefined;
}

export type EntryRow = Selectable<DiaryEntriesTable> & {
  reviewer_first_name: string | null;
  reviewer_last_name: string | null;
};

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

export function toView(row: EntryRow): DiaryEntryView {
  return {
    id: row.id,
    carerId: row.carer_id,
    clientId: row.client_id,
    appointmentId: row.appointment_id,
    entryDate: row.entry_date.toISOString(),
    entryType: row.entry_type as DiaryEntryType,
    title: row.title,
    content: row.content,
    priority: row.priority as DiaryPriority,
    tags: row.tags,
    isConfidential: row.is_confidential,
    reviewedBy: row.reviewed_by,
    reviewedByName: row.reviewed_by === null ? null : fullName(row.reviewer_first_name, row.reviewer_last_name),
    reviewedAt: row.reviewed_at === null ? null : row.reviewed_at.toISOString(),
    authorUserId: row.author_user_id,
    amended: row.amended,
    revision: String(row.revision),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    client: { firstName: row.client_first_name, lastName: row.client_last_name },
    carer: { user: { firstName: row.carer_first_name, lastName: row.carer_last_name } },
  };
}

type EntryScope = ExpressionBuilder<ReadModelDatabase & { e: DiaryEntriesTable }, 'e'>;

export class DiaryQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /** The entries the viewer may read, as `e`, nothing selected yet (the diary views group and join on it). */
  visible(viewer: DiaryViewer) {
    let query = this.db.withSchema(READ_MODEL_SCHEMA).selectFrom('diary_entries as e');
    if (viewer.visible) query = query.where(viewer.visible);
    if (!viewer.seesConfidential) {
      query = query.where((eb: EntryScope) =>
        eb.or([eb('e.is_confidential', '=', false), eb('e.author_user_id', '=', viewer.userId)]),
      );
    }
    return query;
  }

  /** The entries the viewer may read, each with what toView needs. */
  entries(viewer: DiaryViewer) {
    return this.visible(viewer)
      .leftJoin('users as reviewer', 'reviewer.id', 'e.reviewed_by')
      .selectAll('e')
      .select(['reviewer.first_name as reviewer_first_name', 'reviewer.last_name as reviewer_last_name']);
  }

  /**
   * One page, newest entry date first, and how many match; `search` matches title, content, client and carer
   * names, case-insensitively.
   */
  async list(
    viewer: DiaryViewer,
    { search, clientId, carerId, welfare, period }: DiaryFilter,
    page: Page,
  ): Promise<{ rows: DiaryEntryView[]; total: number }> {
    let query = this.entries(viewer);
    if (period) {
      // London midnights, right across the clock changes; the entry date index serves the range.
      query = query
        .where('e.entry_date', '>=', new Date(londonTimeToInstant(period.from, '00:00')))
        .where('e.entry_date', '<', new Date(londonTimeToInstant(addDays(period.to, 1), '00:00')));
    }
    if (clientId !== undefined) query = query.where('e.client_id', '=', clientId);
    if (carerId !== undefined) query = query.where('e.carer_id', '=', carerId);
    if (welfare) {
      query = query
        .where('e.reviewed_at', 'is', null)
        .where('e.entry_type', 'in', WELFARE_TYPES)
        .where('e.priority', 'in', WELFARE_PRIORITIES);
    }
    // One text (title, content, client and carer names), the expression the projection's trigram index covers.
    if (search) query = query.where(searchTextOf(DIARY_SEARCH_COLUMNS, 'e'), 'ilike', likePattern(search));
    // The per-author counts know nothing of a carer's work (their clients change with their visits): a reader
    // limited to it is counted over the very rows listed, so the total never counts entries they may not open.
    const unfiltered =
      !viewer.visible && !search && clientId === undefined && carerId === undefined && !welfare && !period;
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('e.entry_date', 'desc').orderBy('e.created_at', 'desc').orderBy('e.id', 'desc'), page),
      unfiltered ? this.countVisible(viewer) : countOf(query),
    ]);
    return { rows: (rows as EntryRow[]).map(toView), total };
  }

  /**
   * How many entries a reader of every client's diary may read, from the per-author counts the projection keeps (a
   * few rows, not a scan of every entry): all of them, or the non-confidential ones and their own confidential ones.
   */
  private async countVisible(viewer: DiaryViewer): Promise<number> {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('diary_entry_counts')
      .select(sql<string>`coalesce(sum(entries), 0)`.as('total'));
    if (!viewer.seesConfidential) {
      query = query.where((eb) => eb.or([eb('is_confidential', '=', false), eb('author_user_id', '=', viewer.userId)]));
    }
    return Number((await query.executeTakeFirstOrThrow()).total);
  }

  async byId(viewer: DiaryViewer, id: string): Promise<DiaryEntryView | undefined> {
    const row = (await this.entries(viewer).where('e.id', '=', id).executeTakeFirst()) as EntryRow | undefined;
    return row ? toView(row) : undefined;
  }

  /**
   * Every version of an entry the viewer may read, oldest first; undefined when they may not read the entry.
   * Each version is checked by the confidentiality it had: a reader of only non-confidential entries who is not
   * the author sees none of the versions from while it was confidential, and not the values those versions held
   * (the "from" side of the change that made it non-confidential).
   */
  async history(viewer: DiaryViewer, id: string): Promise<DiaryEntryVersionView[] | undefined> {
    const entry = await this.byId(viewer, id);
    if (!entry) return undefined;
    const seesEveryVersion = viewer.seesConfidential || entry.authorUserId === viewer.userId;
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('diary_entry_versions as v')
      .leftJoin('users as u', (join) => join.on((eb) => eb(sql`u.id::text`, '=', eb.ref('v.user_id'))))
      .select([
        'v.revision',
        'v.action',
        'v.user_id',
        'v.occurred_at',
        'v.changes',
        'v.reason',
        'v.is_confidential',
        'u.first_name',
        'u.last_name',
      ])
      .where('v.entry_id', '=', id)
      .orderBy('v.revision')
      .execute();
    const versions: DiaryEntryVersionView[] = [];
    let previousConfidential = false;
    for (const row of rows) {
      const hidden = !seesEveryVersion && row.is_confidential;
      const afterConfidential = !seesEveryVersion && previousConfidential;
      previousConfidential = row.is_confidential;
      if (hidden) continue;
      const changes = row.changes as DiaryFieldChange[];
      versions.push({
        revision: String(row.revision),
        action: row.action,
        userId: row.user_id,
        userName: fullName(row.first_name, row.last_name),
        occurredAt: row.occurred_at.toISOString(),
        changes: afterConfidential ? changes.map((change) => ({ ...change, from: null })) : changes,
        reason: row.reason,
      });
    }
    return versions;
  }
}
