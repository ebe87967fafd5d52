import { can, type DiaryEntryView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { getCoreRowModel, getFilteredRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { BookOpen, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ListLoadError, ListLoading, SearchBox } from '../../shared/list-states';
import { useCurrentUser } from '../../shared/current-user';
import { DiaryEntryCard, carerName, clientName } from './diary-entry-card';
import { DiaryEntryDialog } from './diary-entry-dialog';
import { DiaryNavBar } from './diary-nav-bar';
import { diaryEntriesQueryOptions } from './get-diary-entries';
import { useReviewDiaryEntry } from './review-diary-entry';
import './diary.css';

export interface DiaryPageProps {
  /** The voice notes of the diary screen (features/voice-notes), placed by the diary page. */
  readonly voiceNotes?: ReactNode;
}

const NO_ENTRIES: DiaryEntryView[] = [];

/** One hidden column holds what the search box matches (spec part 2 "Care Diary"). */
const columns: ColumnDef<DiaryEntryView>[] = [
  {
    id: 'search',
    accessorFn: (entry) => [entry.title, entry.content, clientName(entry), carerName(entry)].join(' '),
    filterFn: 'includesString',
  },
];

type DialogState = { open: boolean; entry?: DiaryEntryView | undefined };

/** The Care Diary screen (spec part 1 section 2.11, part 2 "Care Diary"). */
export function DiaryPage({ voiceNotes }: DiaryPageProps) {
  const entries = useQuery(diaryEntriesQueryOptions);
  const user = useCurrentUser();
  const canWrite = can(user.role, 'diary.write');
  const canReview = can(user.role, 'diary.review');
  const review = useReviewDiaryEntry();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ open: false });

  const table = useReactTable({
    data: entries.data ?? NO_ENTRIES,
    columns,
    state: { globalFilter: search.trim() },
    onGlobalFilterChange: setSearch,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (entry) => entry.id,
  });
  const rows = table.getRowModel().rows;
  const openAdd = () => setDialog({ open: true });

  return (
    <section className="page diary-page">
      <div className="page-header">
        <h1 className="page-title">Care Diary</h1>
        {canWrite && (
          <button type="button" className="button button-primary" onClick={openAdd}>
            <Plus size={16} aria-hidden />
            Add Entry
          </button>
        )}
      </div>

      <DiaryNavBar />

      <div className="toolbar">
        <SearchBox label="Search diary entries" placeholder="Search diary entries..." value={search} onChange={setSearch} />
      </div>

      {entries.isPending ? (
        <ListLoading what="diary entries" />
      ) : entries.isError ? (
        <ListLoadError what="diary entries" error={entries.error} onRetry={() => void entries.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card empty-state">
          <BookOpen size={36} aria-hidden className="empty-icon" />
          <p>{search.trim() ? 'No diary entries found matching your search.' : 'No diary entries found.'}</p>
          {canWrite && entries.data.length === 0 && (
            <button type="button" className="button button-primary" onClick={openAdd}>
              <Plus size={16} aria-hidden />
              Add First Entry
            </button>
          )}
        </div>
      ) : (
        <div className="diary-list">
          {rows.map(({ original: entry }) => (
            <DiaryEntryCard
              key={entry.id}
              entry={entry}
              canReview={canReview}
              canAmend={canReview || entry.authorUserId === user.id}
              onAmend={(chosen) => setDialog({ open: true, entry: chosen })}
              onReview={(chosen) => review.mutate(chosen)}
              reviewing={review.isPending && review.variables.id === entry.id}
            />
          ))}
        </div>
      )}

      {voiceNotes}

      {canWrite && (
        <DiaryEntryDialog
          open={dialog.open}
          entry={dialog.entry}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        />
      )}
    </section>
  );
}
