import { can, type DiaryEntryView } from '@care/events';
import { Link } from '@tanstack/react-router';
import { BookOpen, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ListLoadError, ListLoading, LoadMore, SearchBox } from '../../shared/list-states';
import { useCurrentUser } from '../../shared/current-user';
import { useDebouncedValue, usePagedList } from '../../shared/paged-list';
import { DiaryEntryCard } from './diary-entry-card';
import { DiaryEntryDialog } from './diary-entry-dialog';
import { DiaryNavBar } from './diary-nav-bar';
import { DIARY_PATH } from '../../records/diary/diary-query-keys';
import { useReviewDiaryEntry } from './review-diary-entry';
import { OfficeFamilyConcerns } from '../family';
import './diary.css';

export interface DiaryPageProps {
  /** The voice notes of the diary screen (features/voice-notes), placed by the diary page. */
  readonly voiceNotes?: ReactNode;
  /** Only the welfare concerns the dashboard counts (GET /api/diary?welfare=true). */
  readonly welfare?: boolean;
}

type DialogState = { open: boolean; entry?: DiaryEntryView | undefined };

/** The Care Diary screen. */
export function DiaryPage({ voiceNotes, welfare = false }: DiaryPageProps) {
  const user = useCurrentUser();
  const canWrite = can(user.role, 'diary.write');
  const canReview = can(user.role, 'diary.review');
  const review = useReviewDiaryEntry();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  // The server searches title, content, client and carer names, newest first, a page at a time.
  const searched = useDebouncedValue(search.trim());
  const entries = usePagedList<DiaryEntryView>(DIARY_PATH, { search: searched, welfare: welfare ? 'true' : undefined });
  const rows = entries.items;
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

      {welfare && (
        <div className="card notice-card filter-notice" role="note">
          <p>
            <strong>Welfare concerns:</strong> unreviewed diary entries of type incident or observation with priority
            high or urgent.
          </p>
          <Link to="/diary" className="button button-secondary button-small">
            Show all entries
          </Link>
        </div>
      )}

      {welfare && <OfficeFamilyConcerns />}

      <div className="toolbar">
        <SearchBox
          label="Search diary entries"
          placeholder="Search diary entries..."
          value={search}
          onChange={setSearch}
        />
      </div>

      {entries.isPending ? (
        <ListLoading what="diary entries" />
      ) : entries.isError ? (
        <ListLoadError what="diary entries" error={entries.error} onRetry={() => void entries.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card empty-state">
          <BookOpen size={36} aria-hidden className="empty-icon" />
          <p>
            {entries.answered.search
              ? 'No diary entries found matching your search.'
              : welfare
                ? 'No welfare concerns.'
                : 'No diary entries found.'}
          </p>
          {canWrite && !entries.answered.search && !welfare && (
            <button type="button" className="button button-primary" onClick={openAdd}>
              <Plus size={16} aria-hidden />
              Add First Entry
            </button>
          )}
        </div>
      ) : (
        <div className="diary-list">
          {rows.map((entry) => (
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
          <LoadMore
            shown={rows.length}
            total={entries.total}
            hasMore={entries.hasNextPage}
            loading={entries.isFetchingNextPage}
            onLoadMore={() => void entries.fetchNextPage()}
          />
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
