import { randomUUID } from 'node:crypto';
import {
  carerAccountStreamId,
  carerStreamId,
  clientPrescriptionsStreamId,
  clientStreamId,
  definitionOf,
  destructionStreamId,
  DESTRUCTION_STREAM_PREFIX,
  accessStreamId,
  userStreamId,
  type DestructionEvent,
  type DestructionSubjectKind,
  type EventStore,
  type NewEvent,
  USER_EMAIL_STREAM_PREFIX,
} from '@care/events';
import { simulatedTime } from '@care/events/server';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream, readEvents } from '../shared/event-stream';
import { eventIdsAppended, nextEventIds } from '../shared/idempotency';
import { agencySettings } from '../settings/settings-state';
import { decide, type DestructionFacts } from './decide';
import { evolve, initialProposalState, type ProposalState } from './destruction-state';
import { subjectRecord, type SubjectRecord } from './subject-retention';

/** EventStoreDB has no way to rewrite an event, so a destruction needs the PostgreSQL store (decision 0037). */
export const NEEDS_POSTGRES =
  'Destroying records needs the PostgreSQL event store: an event in EventStoreDB cannot be rewritten, so nothing was destroyed';

/**
 * Propose, approve and reject the destruction of a person's records. Reads only the command side's own streams: the
 * proposal's, the person's (and a client's prescription index), and the settings. The approval hands the store one
 * plan that rewrites, certifies and deletes in one transaction.
 */
export class DestructionService {
  constructor(private readonly store: EventStore) {}

  async propose(
    input: { subjectKind: DestructionSubjectKind; subjectId: string; reason: string },
    context: CommandContext,
  ): Promise<CommandResult> {
    if (!this.store.destroyRecords) throw new DomainError('conflict', NEEDS_POSTGRES);
    const proposalId = randomUUID();
    const facts = await this.facts(input.subjectKind, input.subjectId);
    const events = decide(
      {
        type: 'ProposeDestruction',
        proposalId,
        subjectKind: input.subjectKind,
        reason: input.reason,
        by: context.userId,
      },
      initialProposalState,
      facts,
    );
    const appended = await appendEvents(this.store, destructionStreamId(proposalId), events, 'no_stream', context);
    return { id: proposalId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async reject(proposalId: string, reason: string, context: CommandContext): Promise<CommandResult> {
    const loaded = await this.proposal(proposalId);
    const facts = { subject: undefined, recordRetentionYears: 0, now: now() };
    const events = decide({ type: 'RejectDestruction', by: context.userId, reason }, loaded.state, facts);
    const appended = await appendEvents(this.store, destructionStreamId(proposalId), events, loaded.revision, context);
    return { id: proposalId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async approve(proposalId: string, context: CommandContext): Promise<CommandResult & { eventsRewritten: number }> {
    const destroy = this.store.destroyRecords?.bind(this.store);
    if (!destroy) throw new DomainError('conflict', NEEDS_POSTGRES);
    const loaded = await this.proposal(proposalId);
    const state = loaded.state;
    const facts = state.exists
      ? await this.facts(state.subjectKind, state.subjectId)
      : { subject: undefined, recordRetentionYears: 0, now: now() };
    const [approved, certificate] = stamp(
      decide({ type: 'ApproveDestruction', by: context.userId }, state, facts),
      context,
    );
    if (!state.exists || !approved || !certificate)
      throw new DomainError('not_found', 'Destruction proposal not found');
    const subject = facts.subject!;
    const result = await destroy({
      subjectId: state.subjectId,
      alsoNamedBy: subject.kind === 'carer' && subject.userId ? [subject.userId] : [],
      subjectStreams: subjectStreams(subject),
      keepStreamPrefixes: keptStreamPrefixes(subject),
      renameStreamPrefixes: [USER_EMAIL_STREAM_PREFIX],
      certificateStream: destructionStreamId(proposalId),
      expectedRevision: loaded.revision,
      certificateEventId: certificate.eventId,
      events: (eventsRewritten) => [
        approved,
        { ...certificate, data: { ...(certificate.data as object), eventsRewritten } },
      ],
      alsoDelete: alsoDelete(subject),
    });
    eventIdsAppended(2);
    return {
      id: proposalId,
      revision: result.nextExpectedRevision,
      position: result.position,
      eventsRewritten: result.eventsRewritten,
    };
  }

  private proposal(proposalId: string) {
    return loadStream<DestructionEvent, ProposalState>(
      this.store,
      destructionStreamId(proposalId),
      evolve,
      initialProposalState,
    );
  }

  private async facts(kind: DestructionSubjectKind, id: string): Promise<DestructionFacts> {
    const [own, prescriptions, settings] = await Promise.all([
      readEvents(this.store, kind === 'client' ? clientStreamId(id) : carerStreamId(id)),
      kind === 'client' ? this.store.readStream(clientPrescriptionsStreamId(id)) : Promise.resolve([]),
      agencySettings(this.store),
    ]);
    return {
      subject: subjectRecord(kind, id, own, prescriptions.length > 0),
      recordRetentionYears: settings.recordRetentionYears,
      now: now(),
    };
  }
}

const now = () => simulatedTime() ?? new Date();

/** The person's own streams: every event in them goes, whatever it names. */
function subjectStreams(subject: SubjectRecord): string[] {
  if (subject.kind === 'client') return [clientStreamId(subject.id), clientPrescriptionsStreamId(subject.id)];
  const account = subject.userId;
  return [
    carerStreamId(subject.id),
    ...(account ? [userStreamId(account), accessStreamId(account), carerAccountStreamId(account)] : []),
  ];
}

/**
 * Streams whose events stay whatever they name. The destruction streams hold the certificate. For a carer, also the
 * clients' care records (visits, diary, medication, incidents, care plans, voice notes, tasks, alerts, emergencies):
 * a carer's retention ends on its own clock, and the record of the care a client received must outlive it. Those
 * events name the carer only by id, which says nothing about them once their own records (name, contact details,
 * account, training, leave, working pattern) are gone, and every screen then shows the visit without a carer's name.
 */
function keptStreamPrefixes(subject: SubjectRecord): string[] {
  if (subject.kind === 'client') return [DESTRUCTION_STREAM_PREFIX];
  return [DESTRUCTION_STREAM_PREFIX, ...CLIENT_CARE_RECORD_STREAM_PREFIXES];
}

/** The stream families that make up a client's care record (their names, docs/decisions/0010). */
const CLIENT_CARE_RECORD_STREAM_PREFIXES = [
  'appointment-',
  'diary-entry-',
  'diary-incident-',
  'incident-',
  'care-plan-',
  'client-',
  'prescription-',
  'voice-note-',
  'task-',
  'alert-',
  'emergency-',
  'offline-record-',
  'feedback-',
];

/**
 * What names the person outside the log: the audio of every voice note about them (media.audio, keyed by the note's
 * id), and a carer's sign-in (password hash, reset links, sessions). The audio a carer recorded about a client is
 * that client's record and stays.
 */
function alsoDelete(subject: SubjectRecord): { text: string; values: unknown[] }[] {
  const statements = [
    {
      text: `delete from media.audio where audio_id in (
               select (data->>'id')::uuid from es_events
                where event_type = 'VoiceNoteRecorded' and strpos(data::text, $1::text) > 0)`,
      values: [subject.id],
    },
  ];
  const account = subject.userId;
  if (subject.kind === 'carer' && account) {
    statements.push(
      { text: 'delete from auth.credentials where user_id = $1::uuid', values: [account] },
      { text: 'delete from auth.password_resets where user_id = $1::uuid', values: [account] },
      { text: `delete from auth.sessions where strpos(sess::text, $1::text) > 0`, values: [account] },
    );
  }
  return statements;
}

/** The events as appendEvents stamps them (ids under an Idempotency-Key, schema check, the request's metadata). */
function stamp(events: readonly DestructionEvent[], context: CommandContext): NewEvent[] {
  const simulated = simulatedTime();
  const occurredAt = (simulated ?? new Date()).toISOString();
  const ids = nextEventIds(events.length);
  return events.map((event, index) => ({
    eventId: ids[index]!,
    type: event.type,
    schemaVersion: definitionOf(event.type).schemaVersion,
    data: definitionOf(event.type).schema.parse(event.data),
    metadata: {
      userId: context.userId,
      occurredAt,
      correlationId: context.requestId,
      causationId: context.requestId,
      ...(simulated && { demo: true as const }),
    },
    ...(simulated && { recordedAt: occurredAt }),
  }));
}
