import {
  MEDICATION_RECORD_RETENTION_YEARS,
  type DestructionSubjectKind,
  type RecordedEvent,
  type RetentionRule,
} from '@care/events';

/**
 * What the command side knows about the person whose records would be destroyed, from their own streams only: whether
 * they exist, whether they are still active, when they last changed (their deactivation or removal, or anything
 * after it: the review lists the same instant), whether a client ever had a prescription (their
 * `client-prescriptions-<id>` index stream), and the account a carer signs in with.
 */
export interface SubjectRecord {
  readonly kind: DestructionSubjectKind;
  readonly id: string;
  readonly exists: boolean;
  readonly active: boolean;
  /** The instant of the record's last event (ISO), undefined when there is none. */
  readonly lastChangedAt: string | undefined;
  readonly reference: string | null;
  readonly hadPrescriptions: boolean;
  /** A carer's linked sign-in account, or null. */
  readonly userId: string | null;
}

/** Folds the person's own stream into the facts the retention rule needs. Pure. */
export function subjectRecord(
  kind: DestructionSubjectKind,
  id: string,
  events: readonly RecordedEvent[],
  hadPrescriptions: boolean,
): SubjectRecord {
  let exists = false;
  let active = false;
  let reference: string | null = null;
  let userId: string | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'ClientRegistered':
        exists = true;
        active = event.data.isActive;
        reference = event.data.clientId;
        break;
      case 'CarerRegistered':
        exists = true;
        active = event.data.isActive;
        reference = event.data.employeeId;
        userId = event.data.userId;
        break;
      case 'ClientDetailsChanged':
        reference = event.data.changes.clientId ?? reference;
        break;
      case 'CarerDetailsChanged':
        reference = event.data.changes.employeeId ?? reference;
        break;
      case 'CarerAccountLinked':
        userId = event.data.userId;
        break;
      case 'CarerAccountUnlinked':
        userId = null;
        break;
      case 'ClientDeactivated':
      case 'CarerDeactivated':
      case 'ClientRemoved':
      case 'CarerRemoved':
        active = false;
        break;
      case 'ClientReactivated':
      case 'CarerReactivated':
        active = true;
        break;
      default:
        break;
    }
  }
  const last = events.at(-1);
  return {
    kind,
    id,
    exists,
    active,
    lastChangedAt: last?.metadata.occurredAt,
    reference,
    hadPrescriptions: kind === 'client' && hadPrescriptions,
    userId,
  };
}

/** The rule that applies: the agency's record retention, or at least 8 years for a client with medication records. */
export function retentionRuleFor(subject: SubjectRecord, recordRetentionYears: number): RetentionRule {
  return subject.hadPrescriptions && MEDICATION_RECORD_RETENTION_YEARS > recordRetentionYears
    ? { rule: 'medication', years: MEDICATION_RECORD_RETENTION_YEARS }
    : { rule: 'general', years: recordRetentionYears };
}

/** When the retention period ends: the last change plus the rule's years. */
export function eligibleFrom(lastChangedAt: string, rule: RetentionRule): Date {
  const at = new Date(lastChangedAt);
  at.setUTCFullYear(at.getUTCFullYear() + rule.years);
  return at;
}
