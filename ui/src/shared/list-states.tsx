import { Search } from 'lucide-react';
import { errorReason, isNetworkError } from './api';
import { formatDateTime } from './format';

/** The search box above a list; the list filters as the user types. */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id?: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (next: string) => void;
}) {
  return (
    <div className="search-box">
      <Search size={16} aria-hidden className="search-box-icon" />
      <input
        id={id}
        type="search"
        className="input"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Shown while a list loads: "Loading <what>...". */
export function ListLoading({ what }: { what: string }) {
  return (
    <div className="card empty-state" role="status">
      <p>Loading {what}...</p>
    </div>
  );
}

/** A list that could not be loaded: the reason, and a way to try again (nothing retries by itself). */
export function ListLoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div className="card empty-state" role="alert">
      <p>
        Could not load {what}: {errorReason(error)}
      </p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * A list shown from what this device kept, because reloading it failed: a phone with a weak signal often reports
 * itself online while every request fails, and the carer still needs the visits it saved. Says when that copy was
 * fetched, why the reload failed, and offers to try again.
 */
export function SavedCopyNotice({
  what,
  error,
  savedAt,
  onRetry,
}: {
  what: string;
  error: Error;
  savedAt: number;
  onRetry: () => void;
}) {
  return (
    <div className="card saved-copy-notice" role="status">
      <p>
        Showing {what} as this phone saved them on {formatDateTime(new Date(savedAt).toISOString())}: could not reload
        them ({isNetworkError(error) ? 'the server cannot be reached' : errorReason(error)}).
      </p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Under a paged list: how many of how many are shown, and the next page on request. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  total: number | undefined;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  if (total === undefined || total === 0) return null;
  const count = (value: number) => value.toLocaleString('en-GB');
  return (
    <div className="load-more" data-testid="load-more">
      <p className="muted small" role="status">
        Showing {count(shown)} of {count(total)}
      </p>
      {hasMore && (
        <button type="button" className="button button-secondary" onClick={onLoadMore} disabled={loading}>
          {loading ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}
