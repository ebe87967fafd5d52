import type { Kysely, RawBuilder, Selectable, SqlBool } from 'kysely';
import type { VoiceNotePriority, VoiceNoteView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase, type VoiceNotesTable } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';

/** Who is reading: private notes are shown only to their author and to holders of diary.readConfidential. */
export interface VoiceNoteViewer {
  readonly userId: string;
  readonly seesPrivate: boolean;
  /** The notes their work lets them read, on `voice_notes` (CarerWork.authoredOrAbout); all when absent. */
  readonly visible?: RawBuilder<SqlBool>;
}

export interface VoiceNoteFilter {
  readonly diaryEntryId?: string | undefined;
  readonly clientId?: string | undefined;
  readonly carerId?: string | undefined;
}

type Row = Selectable<VoiceNotesTable> & { author_first_name: string | null; author_last_name: string | null };

function toView(row: Row): VoiceNoteView {
  return {
    id: row.id,
    userId: row.user_id,
    clientId: row.client_id,
    carerId: row.carer_id,
    appointmentId: row.appointment_id,
    diaryEntryId: row.diary_entry_id,
    title: row.title,
    category: row.category,
    priority: row.priority as VoiceNotePriority,
    audioUrl: row.audio_url,
    audioFormat: row.audio_format,
    mimeType: row.mime_type,
    duration: row.duration,
    fileSize: row.file_size,
    transcription: row.transcription,
    tags: row.tags,
    isPrivate: row.is_private,
    revision: String(row.revision),
    createdAt: row.created_at.toISOString(),
    author:
      row.author_first_name === null || row.author_last_name === null
        ? null
        : { firstName: row.author_first_name, lastName: row.author_last_name },
  };
}

export class VoiceNoteQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /**
   * The notes the viewer may see, with their author's name. A note attached to a confidential diary entry is as
   * confidential as the entry: only readers of confidential entries, the entry's author and the note's author.
   */
  private visibleNotes(viewer: VoiceNoteViewer) {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('voice_notes')
      .leftJoin('users', 'users.id', 'voice_notes.user_id')
      .selectAll('voice_notes')
      .select(['users.first_name as author_first_name', 'users.last_name as author_last_name']);
    if (viewer.visible) query = query.where(viewer.visible);
    if (!viewer.seesPrivate) {
      query = query.where((eb) =>
        eb.or([
          eb('voice_notes.user_id', '=', viewer.userId),
          eb.and([
            eb('voice_notes.is_private', '=', false),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('diary_entries as entry')
                  .select('entry.id')
                  .whereRef('entry.id', '=', 'voice_notes.diary_entry_id')
                  .where('entry.is_confidential', '=', true)
                  .where('entry.author_user_id', '<>', viewer.userId),
              ),
            ),
          ]),
        ]),
      );
    }
    return query;
  }

  /** Newest first, optionally for one diary entry, client or carer. */
  /** One page of the notes this viewer may see, newest first, and how many match in all. */
  async list(
    filter: VoiceNoteFilter,
    page: Page,
    viewer: VoiceNoteViewer,
  ): Promise<{ rows: VoiceNoteView[]; total: number }> {
    let query = this.visibleNotes(viewer);
    if (filter.diaryEntryId) query = query.where('voice_notes.diary_entry_id', '=', filter.diaryEntryId);
    if (filter.clientId) query = query.where('voice_notes.client_id', '=', filter.clientId);
    if (filter.carerId) query = query.where('voice_notes.carer_id', '=', filter.carerId);
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('voice_notes.created_at', 'desc').orderBy('voice_notes.id', 'desc'), page),
      countOf(query),
    ]);
    return { rows: rows.map(toView), total };
  }

  async byId(id: string, viewer: VoiceNoteViewer): Promise<VoiceNoteView | undefined> {
    const row = await this.visibleNotes(viewer).where('voice_notes.id', '=', id).executeTakeFirst();
    return row ? toView(row) : undefined;
  }
}
