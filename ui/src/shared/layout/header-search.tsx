import { SEARCH_MIN_LENGTH, type SearchResultsView } from '@care/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { apiGet } from '../api';
import { useDebouncedValue, withParams } from '../paged-list';
import { flatHits, hitTarget, stepActive, typesText, type FlatHit } from './search-results';
import './header-search.css';

/**
 * The header's global search (GET /api/search). Results as you type (debounced), grouped by
 * kind, only what the user may read (the server decides). An ARIA combobox: arrow keys move through the results,
 * Enter opens one, Escape closes the list (a second Escape clears the text), and "/" anywhere outside a text field
 * focuses the box. The mobile search button renders the same component.
 */
export function HeaderSearch({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim());
  const enabled = query.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({
    queryKey: [withParams('/api/search', { q: query })],
    queryFn: () => apiGet<SearchResultsView>(withParams('/api/search', { q: query })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const groups = useMemo(() => (enabled ? (results.data?.groups ?? []) : []), [enabled, results.data]);
  const hits = useMemo(() => flatHits(groups, listId), [groups, listId]);
  const expanded = open && enabled && (results.data !== undefined || results.isError);

  useEffect(() => setActive(-1), [query]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typesText(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const openHit = (flat: FlatHit) => {
    const target = hitTarget(flat.kind, flat.hit);
    setOpen(false);
    setText('');
    input.current?.blur();
    onDone?.();
    void navigate({ to: target.to, search: target.search });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => stepActive(current, hits.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter') {
      const chosen = hits[active] ?? (hits.length > 0 ? hits[0] : undefined);
      if (expanded && chosen) {
        event.preventDefault();
        openHit(chosen);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) setOpen(false);
      else if (text !== '') setText('');
      else {
        input.current?.blur();
        onDone?.();
      }
    }
  };

  const activeHit = expanded ? hits[active] : undefined;
  return (
    <div className="header-search" role="search">
      <Search size={16} aria-hidden className="header-search-icon" />
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search users, carers and clients"
        aria-autocomplete="list"
        // Expanded only while a listbox of results is there to point at ("No results" is a status message).
        aria-expanded={expanded && hits.length > 0}
        aria-controls={expanded && hits.length > 0 ? listId : undefined}
        aria-activedescendant={activeHit?.optionId}
        aria-keyshortcuts="/"
        autoComplete="off"
        placeholder="Search users, carers, clients..."
        autoFocus={autoFocus}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        // A click on a result lands before the blur closes the list (mousedown keeps the focus, below).
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div className="search-results" hidden={!expanded}>
        {results.isError ? (
          <p className="search-empty">Search is not available right now. Try again.</p>
        ) : hits.length === 0 ? (
          <p className="search-empty" role="status">
            No results for “{query}”
          </p>
        ) : (
          <p className="sr-only" role="status">
            {hits.length} {hits.length === 1 ? 'result' : 'results'}
          </p>
        )}
        {hits.length > 0 && (
          <div id={listId} role="listbox" aria-label="Search results">
            {groups
              .filter((group) => group.hits.length > 0)
              .map((group) => (
                <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} className="search-group">
                  <div id={`${listId}-${group.kind}`} className="search-group-label" role="presentation">
                    {group.label}
                    {group.total > group.hits.length && (
                      <span className="muted">
                        {' '}
                        · {group.hits.length} of {group.total}
                      </span>
                    )}
                  </div>
                  {group.hits.map((hit) => {
                    const flat = hits.find(
                      (candidate) => candidate.kind === group.kind && candidate.hit.id === hit.id,
                    )!;
                    const isActive = activeHit === flat;
                    return (
                      <div
                        key={hit.id}
                        id={flat.optionId}
                        role="option"
                        aria-selected={isActive}
                        className={`search-option${isActive ? ' active' : ''}`}
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseEnter={() => setActive(hits.indexOf(flat))}
                        onClick={() => openHit(flat)}
                      >
                        <span className="search-option-title">{hit.title}</span>
                        <span className="search-option-detail">{hit.detail}</span>
                      </div>
                    );
                  })}
                </div>
              ))}
          </div>
        )}
      </div>
    </div>
  );
}
