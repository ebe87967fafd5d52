import type { DestructionEvent, RecordedEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { decide, SELF_APPROVAL, type DestructionFacts } from './decide';
import { evolve, initialProposalState } from './destruction-state';
import { retentionRuleFor, subjectRecord } from './subject-retention';

const clientId = '11111111-1111-4111-8111-111111111111';
const proposalId = '22222222-2222-4222-8222-222222222222';
const alice = '33333333-3333-4333-8333-333333333333';
const bob = '44444444-4444-4444-8444-444444444444';

/** The client's own stream: registered, then deactivated at `deactivatedAt`. */
function clientStream(deactivatedAt: string): RecordedEvent[] {
  const meta = (occurredAt: string) => ({ userId: alice, occurredAt, correlationId: 'c', causationId: 'c' });
  const base = { streamId: `client-${clientId}`, position: { commit: 1n, prepare: 1n } };
  return [
    {
      ...base,
      eventId: 'e1',
      revision: 0n,
      type: 'ClientRegistered',
      data: { id: clientId, clientId: 'CL-042', isActive: true },
      metadata: meta('2010-01-01T00:00:00.000Z'),
    },
    {
      ...base,
      eventId: 'e2',
      revision: 1n,
      type: 'ClientDeactivated',
      data: { id: clientId },
      metadata: meta(deactivatedAt),
    },
  ] as unknown as RecordedEvent[];
}

const facts = (
  deactivatedAt: string,
  hadPrescriptions = false,
  now = '2026-06-01T12:00:00.000Z',
): DestructionFacts => ({
  subject: subjectRecord('client', clientId, clientStream(deactivatedAt), hadPrescriptions),
  recordRetentionYears: 7,
  now: new Date(now),
});

const given = (...events: DestructionEvent[]) => events.reduce(evolve, initialProposalState);
const propose = {
  type: 'ProposeDestruction' as const,
  proposalId,
  subjectKind: 'client' as const,
  reason: 'Past retention',
  by: alice,
};

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('destroying a person’s records', () => {
  it('given a client deactivated more than 7 years ago, when an admin proposes, then the proposal names the general rule', () => {
    expect(decide(propose, given(), facts('2018-01-15T10:00:00.000Z'))).toEqual([
      {
        type: 'DestructionProposed',
        data: {
          proposalId,
          subjectKind: 'client',
          subjectId: clientId,
          reference: 'CL-042',
          retentionRule: { rule: 'general', years: 7 },
          eligibleSince: '2025-01-15T10:00:00.000Z',
          reason: 'Past retention',
          proposedBy: alice,
        },
      },
    ]);
  });

  it('given a client deactivated 5 years ago, when proposed, then 409 with the date they become eligible', () => {
    const error = refusal(() => decide(propose, given(), facts('2021-03-10T10:00:00.000Z')));
    expect(error.kind).toBe('conflict');
    expect(error.field).toBe('subjectId');
    expect(error.message).toContain('from 10/03/2028');
  });

  it('given a client with prescriptions deactivated 7½ years ago, when proposed, then 409 until the 8 years of medication records end', () => {
    const error = refusal(() => decide(propose, given(), facts('2018-11-20T10:00:00.000Z', true)));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('medication records are kept 8 years');
    expect(error.message).toContain('20/11/2026');
  });

  it('given a client still active, when proposed, then 409', () => {
    const subject = { ...facts('2010-01-01T00:00:00.000Z').subject!, active: true };
    const error = refusal(() => decide(propose, given(), { ...facts('2010-01-01T00:00:00.000Z'), subject }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('still active');
  });

  const proposed = () => given(...decide(propose, given(), facts('2018-01-15T10:00:00.000Z')));

  it('given a proposal, when a second admin approves, then the approval and the certificate', () => {
    const events = decide({ type: 'ApproveDestruction', by: bob }, proposed(), facts('2018-01-15T10:00:00.000Z'));
    expect(events.map((event) => event.type)).toEqual(['DestructionApproved', 'RecordsDestroyed']);
    expect(events[1]!.data).toMatchObject({
      subjectId: clientId,
      reference: 'CL-042',
      proposedBy: alice,
      approvedBy: bob,
      retentionRule: { rule: 'general', years: 7 },
      destroyedAt: '2026-06-01T12:00:00.000Z',
    });
    expect(JSON.stringify(events)).not.toMatch(/firstName|lastName/);
  });

  it('given a proposal, when its proposer approves it, then 403 saying a second administrator must', () => {
    const error = refusal(() =>
      decide({ type: 'ApproveDestruction', by: alice }, proposed(), facts('2018-01-15T10:00:00.000Z')),
    );
    expect(error.kind).toBe('forbidden');
    expect(error.message).toBe(SELF_APPROVAL);
  });

  it('given a proposal and the client reactivated and deactivated again since, when approved, then 409', () => {
    const error = refusal(() =>
      decide({ type: 'ApproveDestruction', by: bob }, proposed(), facts('2025-12-01T10:00:00.000Z')),
    );
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('01/12/2032');
  });

  it('given the records already destroyed, when approved twice, then 409', () => {
    const state = given(
      ...decide(propose, given(), facts('2018-01-15T10:00:00.000Z')),
      ...decide({ type: 'ApproveDestruction', by: bob }, proposed(), facts('2018-01-15T10:00:00.000Z')),
    );
    const error = refusal(() =>
      decide({ type: 'ApproveDestruction', by: bob }, state, facts('2018-01-15T10:00:00.000Z')),
    );
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('already been destroyed');
  });

  it('given a proposal, when a second admin rejects it, then the rejection, and it can no longer be approved', () => {
    const rejected = decide(
      { type: 'RejectDestruction', by: bob, reason: 'Complaint open' },
      proposed(),
      facts('2018-01-15T10:00:00.000Z'),
    );
    expect(rejected).toEqual([
      { type: 'DestructionRejected', data: { proposalId, rejectedBy: bob, reason: 'Complaint open' } },
    ]);
    const state = given(...decide(propose, given(), facts('2018-01-15T10:00:00.000Z')), ...rejected);
    expect(
      refusal(() => decide({ type: 'ApproveDestruction', by: bob }, state, facts('2018-01-15T10:00:00.000Z'))).kind,
    ).toBe('conflict');
  });

  it('given no proposal, when approved, then 404', () => {
    expect(
      refusal(() => decide({ type: 'ApproveDestruction', by: bob }, given(), facts('2018-01-15T10:00:00.000Z'))).kind,
    ).toBe('not_found');
  });

  it('given a carer with a linked account, removed long ago, then their record names the account and the general rule applies', () => {
    const meta = (occurredAt: string) => ({ userId: alice, occurredAt, correlationId: 'c', causationId: 'c' });
    const base = { streamId: `carer-${clientId}`, position: { commit: 1n, prepare: 1n } };
    const carer = subjectRecord(
      'carer',
      clientId,
      [
        {
          ...base,
          eventId: 'c1',
          revision: 0n,
          type: 'CarerRegistered',
          data: { carerId: clientId, employeeId: 'EMP-7', userId: null, isActive: true },
          metadata: meta('2010-01-01T00:00:00.000Z'),
        },
        {
          ...base,
          eventId: 'c2',
          revision: 1n,
          type: 'CarerAccountLinked',
          data: { carerId: clientId, userId: bob },
          metadata: meta('2010-02-01T00:00:00.000Z'),
        },
        {
          ...base,
          eventId: 'c3',
          revision: 2n,
          type: 'CarerRemoved',
          data: { carerId: clientId },
          metadata: meta('2012-05-01T00:00:00.000Z'),
        },
      ] as unknown as RecordedEvent[],
      true,
    );
    expect(carer).toMatchObject({
      exists: true,
      active: false,
      reference: 'EMP-7',
      userId: bob,
      hadPrescriptions: false,
      lastChangedAt: '2012-05-01T00:00:00.000Z',
    });
    expect(retentionRuleFor(carer, 7)).toEqual({ rule: 'general', years: 7 });
  });
});
