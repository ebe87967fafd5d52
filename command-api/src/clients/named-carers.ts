import type { ClientEvent } from '@care/events';
import type { ClientState } from './client-state';

/**
 * The carers a decision newly names: a new keyworker, and carers added to the preferred list. Only these
 * must exist on the write side; a carer named before is not checked again, so a client whose keyworker
 * has since been removed can still be edited. Pure.
 */
export function newlyNamedCarers(
  state: ClientState,
  events: readonly ClientEvent[],
): { keyworker: string[]; preferred: string[] } {
  const namedBefore: readonly string[] = state.exists ? state.preferredCarers : [];
  const keyworker = new Set<string>();
  const preferred = new Set<string>();
  for (const event of events) {
    if (event.type === 'ClientRegistered') {
      if (event.data.keyworkerCarerId !== null) keyworker.add(event.data.keyworkerCarerId);
      for (const carerId of event.data.preferredCarers) preferred.add(carerId);
    } else if (event.type === 'ClientKeyworkerAssigned') {
      // decide records an assignment only when the keyworker differs from the current one.
      if (event.data.keyworkerCarerId !== null) keyworker.add(event.data.keyworkerCarerId);
    } else if (event.type === 'ClientPreferredCarersSet') {
      for (const carerId of event.data.carerIds) if (!namedBefore.includes(carerId)) preferred.add(carerId);
    }
  }
  return { keyworker: [...keyworker], preferred: [...preferred] };
}
