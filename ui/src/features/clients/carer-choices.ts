import type { ClientView } from '@care/events';
import type { CarerChoice } from './get-carer-choices';

/** Label of a carer the client names who is no longer in the carers list (their record was removed). */
export const REMOVED_CARER = 'Removed carer';

/**
 * The carers to offer: active ones, plus any carer the client already names (inactive, or removed since),
 * so opening and saving the form never drops a choice silently.
 */
export function carersToOffer(carers: readonly CarerChoice[], client: ClientView | undefined): CarerChoice[] {
  const named = new Set(
    [client?.keyworkerCarerId, ...(client?.preferredCarers ?? [])].filter((id): id is string => Boolean(id)),
  );
  const offered = carers
    .filter((carer) => carer.isActive || named.has(carer.id))
    .map((carer) => (carer.isActive ? carer : { ...carer, label: `${carer.label}, inactive` }));
  const known = new Set(carers.map((carer) => carer.id));
  for (const id of named) if (!known.has(id)) offered.push({ id, label: REMOVED_CARER, isActive: false });
  return offered;
}
