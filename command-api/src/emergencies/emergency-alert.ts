import { EMERGENCY_RULE, type VisitLocation } from '@care/events';
import type { RaiseAlertInput } from '../alerts/alert-commands';

/** What an emergency's alert says; pure, so the words are tested without a store. */
export interface EmergencyFacts {
  readonly emergencyId: string;
  /** Who pressed the button, as their account names them. */
  readonly raisedBy: string;
  readonly carerId: string | null;
  readonly appointmentId: string | null;
  readonly client: { readonly id: string; readonly name: string; readonly address: string } | null;
  readonly location: VisitLocation | null;
  readonly note: string | null;
}

/** Six decimals is 0.1 m: more than any phone's fix, and short enough to read out on the phone. */
const coordinate = (value: number) => value.toFixed(6);

export function describeLocation(location: VisitLocation | null): string {
  if (location === null) return 'Location not shared.';
  const accuracy = location.accuracy === null ? '' : ` (within ${Math.round(location.accuracy)} m)`;
  return `Location: ${coordinate(location.latitude)}, ${coordinate(location.longitude)}${accuracy}.`;
}

/**
 * The critical alert of an emergency: about the emergency record itself (relatedKind `emergency`), naming the
 * carer (so their own alert list shows it too), the client and the visit when known.
 */
export function emergencyAlert(facts: EmergencyFacts): RaiseAlertInput {
  const where = facts.client ? ` at ${facts.client.name}'s (${facts.client.address})` : '';
  const lines = [`${facts.raisedBy} raised an emergency${where}.`, describeLocation(facts.location)];
  if (facts.note) lines.push(`Note: ${facts.note}`);
  return {
    rule: EMERGENCY_RULE,
    subject: facts.emergencyId,
    severity: 'critical',
    title: `Emergency raised by ${facts.raisedBy}`,
    description: lines.join(' '),
    relatedKind: 'emergency',
    relatedId: facts.emergencyId,
    carerId: facts.carerId,
    clientId: facts.client?.id ?? null,
    appointmentId: facts.appointmentId,
    actionRequired: `Call ${facts.raisedBy} now; if there is no answer, call 999 and give the location.`,
    dueDate: null,
  };
}
