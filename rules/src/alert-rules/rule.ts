import type { Kysely } from 'kysely';
import type { AlertRaised, AlertSeverity, DomainEvent } from '@care/events';
import type { ReadModelDatabase } from '@care/projector';
import type { z } from 'zod';

/** What a rule wants raised for one subject: the alert's fields, except those the runner fills in. */
export type AlertDraft = Omit<z.output<typeof AlertRaised.schema>, 'id' | 'rule' | 'severity' | 'subject'> & {
  readonly subject: string;
};

/** A subject whose condition stopped holding, with what the record now says (the alert's resolution note). */
export interface Cleared {
  readonly subject: string;
  readonly note: string;
}

/**
 * An alert rule (docs/decisions/0016-alert-rules-in-one-registry.md): a condition over the read models at an instant.
 * `holds` is pure: given the facts and the time, the alerts that should be open now, one per subject. The runner
 * raises each one exactly once (a stream per rule and subject, appended expecting no stream), resolves by the system
 * those it raised whose subject no longer holds, and reopens one the system resolved when its condition holds again.
 * Reading the current state, never replaying history, is what makes a rule's first run on an old store raise what is
 * due now and nothing else.
 */
export interface AlertRule<TFact> {
  /** The rule's name: part of each alert's identity and the alert's `type`, never changed once released. */
  readonly name: string;
  readonly severity: AlertSeverity;
  /** One line for the alert rules table in docs/features/alerts.md. */
  readonly summary: string;
  /** The projections `facts` reads: the runner waits for them to reach an event before it looks again. */
  readonly reads: readonly string[];
  /** Event types after which the condition may have changed (besides the passing of time). */
  readonly watches: readonly DomainEvent['type'][];
  /** Reads the facts the condition needs (typed read-model queries; the only impure part). */
  facts(db: Kysely<ReadModelDatabase>, now: Date): Promise<readonly TFact[]>;
  /** Pure: the alerts that should be open at `now`. */
  holds(facts: readonly TFact[], now: Date): AlertDraft[];
  /** What the record says now about subjects that stopped holding (checked in, renewed…), for the note. */
  whyCleared(db: Kysely<ReadModelDatabase>, subjects: readonly string[], now: Date): Promise<readonly Cleared[]>;
}

/** A rule as the registry and the runner hold it: its facts and condition in one step. */
export interface RegisteredRule extends Omit<AlertRule<unknown>, 'facts' | 'holds'> {
  /** Reads the facts and applies the condition: the drafts that should be open at `now`. */
  evaluate(db: Kysely<ReadModelDatabase>, now: Date): Promise<AlertDraft[]>;
}

export function registered<TFact>(rule: AlertRule<TFact>): RegisteredRule {
  const { facts, holds, ...rest } = rule;
  return { ...rest, evaluate: async (db, now) => holds(await facts(db, now), now) };
}
