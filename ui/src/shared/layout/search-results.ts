import type { SearchGroupView, SearchHitView, SearchKind } from '@care/events';

/** One result in the order the arrow keys walk them: every group's hits, group after group. */
export interface FlatHit {
  readonly kind: SearchKind;
  readonly hit: SearchHitView;
  /** The option's element id (aria-activedescendant). */
  readonly optionId: string;
}

export function flatHits(groups: readonly SearchGroupView[], idPrefix: string): FlatHit[] {
  return groups.flatMap((group) =>
    group.hits.map((hit) => ({ kind: group.kind, hit, optionId: `${idPrefix}-${group.kind}-${hit.id}` })),
  );
}

/** The next active index for an arrow key: wraps at both ends; -1 (none) goes to the first or the last. */
export function stepActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

/**
 * Where a hit opens: the record's own screen, searched for its unique key (employee ID, client ID), so the one
 * card shows; an account opens User Management, the administrators' list of accounts.
 */
export function hitTarget(
  kind: SearchKind,
  hit: SearchHitView,
): { to: '/carers' | '/clients' | '/admin'; search: { search?: string } } {
  if (kind === 'carers') return { to: '/carers', search: { search: hit.key } };
  if (kind === 'clients') return { to: '/clients', search: { search: hit.key } };
  return { to: '/admin', search: {} };
}

/** Whether "/" typed here is text (a field, an editable area) rather than the shortcut to the search box. */
export function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}
