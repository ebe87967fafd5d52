import { carePlanStreamId, type CarePlanEvent, type EventStore, type VisitType } from '@care/events';
import { loadStream } from '../shared/event-stream';
import { evolve, initialCarePlanState, type CarePlanState } from './care-plan-state';
import { carePlanInUseOf } from './client-plan-reservation';

/**
 * The tasks the client's plan in use (active or under review) lists for a visit type: a visit scheduled for the
 * client without tasks of its own gets these, so the carer's check-out list is the plan's. Read from the streams
 * (the command API never asks the read models); [] when the client has no plan in use or it lists none.
 */
export async function carePlanTasksFor(store: EventStore, clientId: string, visitType: VisitType): Promise<string[]> {
  const planId = await carePlanInUseOf(store, clientId);
  if (planId === null) return [];
  const { state } = await loadStream<CarePlanEvent, CarePlanState>(
    store,
    carePlanStreamId(planId),
    evolve,
    initialCarePlanState,
  );
  if (!state.exists || state.status === 'inactive') return [];
  return [...(state.content.visitTasks.find((list) => list.visitType === visitType)?.tasks ?? [])];
}
