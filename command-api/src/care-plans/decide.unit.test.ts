import type { CarePlanContent, CarePlanEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import type { CarePlanCommand } from './care-plan-commands';
import { evolve, initialCarePlanState, type CarePlanState } from './care-plan-state';
import { decide } from './decide';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const templateId = '0190a5b2-7c3d-7e4f-8a1b-000000000002';
const today = '2026-11-23';

const content: CarePlanContent = {
  title: 'Personal care plan',
  description: 'Support with washing and dressing each morning.',
  objectives: ['Stay living at home safely'],
  interventions: ['Help with a strip wash'],
  goals: ['Dress independently by spring'],
  riskAssessment: [{ area: 'falls', level: 'high', notes: 'Two falls this year' }],
  allergies: ['Penicillin'],
  medicalConditions: ['Type 2 diabetes'],
  emergencyContacts: [{ name: 'Sarah Jones', phone: '07700 900123', relationship: 'Daughter' }],
  visitTasks: [{ visitType: 'personal_care', tasks: ['Strip wash', 'Dress'] }],
};

const created: CarePlanEvent = {
  type: 'CarePlanCreated',
  data: { id, clientId, templateId, content, reviewDate: '2027-02-23', reason: 'First version' },
};
const updatedToV2: CarePlanEvent = {
  type: 'CarePlanUpdated',
  data: {
    id,
    clientId,
    version: 2,
    changes: { goals: ['Dress independently by spring', 'Walk to the shop'] },
    reason: 'New goal',
  },
};
const agreedV1: CarePlanEvent = {
  type: 'CarePlanAgreed',
  data: {
    id,
    clientId,
    version: 1,
    agreedBy: 'Mary Jones',
    relationship: 'Client',
    method: 'in_person',
    agreedOn: today,
  },
};
const underReview: CarePlanEvent = {
  type: 'CarePlanStatusChanged',
  data: { id, clientId, status: 'under_review', reason: 'Hospital stay' },
};
const inactive: CarePlanEvent = {
  type: 'CarePlanStatusChanged',
  data: { id, clientId, status: 'inactive', reason: 'Moved to a care home' },
};

const create = (overrides: Partial<Extract<CarePlanCommand, { type: 'CreateCarePlan' }>> = {}): CarePlanCommand => ({
  type: 'CreateCarePlan',
  id,
  clientId,
  templateId,
  content,
  reviewDate: '2027-02-23',
  reason: 'First version',
  today,
  ...overrides,
});
const agree = (version: number, agreedOn = today): CarePlanCommand => ({
  type: 'AgreeCarePlan',
  id,
  version,
  agreedBy: 'Mary Jones',
  relationship: 'Client',
  method: 'in_person',
  agreedOn,
  today,
});
const review = (
  overrides: Partial<Extract<CarePlanCommand, { type: 'RecordCarePlanReview' }>> = {},
): CarePlanCommand => ({
  type: 'RecordCarePlanReview',
  id,
  reviewedOn: today,
  outcome: 'no_change',
  changes: {},
  notes: 'Met Mary at home',
  nextReviewDate: '2027-05-23',
  today,
  ...overrides,
});

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: CarePlanEvent[]) {
  const state = events.reduce<CarePlanState>(evolve, initialCarePlanState);
  return {
    state,
    when: (command: CarePlanCommand) => ({
      then: (expected: CarePlanEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decide(command, state)),
    }),
  };
}

describe('decide: CreateCarePlan', () => {
  it('records version 1 with its template, content and review date', () => {
    given().when(create()).then([created]);
  });

  it('takes an existing plan already overdue for review (entered from paper), but not a date over a year back', () => {
    given()
      .when(create({ reviewDate: '2026-10-01' }))
      .then([{ ...created, data: { ...created.data, reviewDate: '2026-10-01' } } as CarePlanEvent]);
    expect(
      given()
        .when(create({ reviewDate: '2025-11-22' }))
        .thenRefused(),
    ).toEqual({
      kind: 'invalid',
      message: 'Review date must be within the last year, or later',
      field: 'reviewDate',
    });
  });

  it('refuses a plan without a title', () => {
    expect(
      given()
        .when(create({ content: { ...content, title: ' ' } }))
        .thenRefused(),
    ).toMatchObject({ field: 'title' });
  });

  it('refuses to create the same plan twice', () => {
    expect(given(created).when(create()).thenRefused()).toMatchObject({ kind: 'conflict' });
  });
});

describe('decide: versions', () => {
  it('an update makes the next version holding only the fields that changed, with the reason', () => {
    given(created)
      .when({
        type: 'UpdateCarePlan',
        id,
        changes: { title: content.title, goals: ['Dress independently by spring', 'Walk to the shop'] },
        reason: 'New goal',
      })
      .then([updatedToV2]);
  });

  it('an update that changes nothing makes no version', () => {
    given(created)
      .when({
        type: 'UpdateCarePlan',
        id,
        changes: { title: content.title, allergies: ['Penicillin'] },
        reason: 'Checked',
      })
      .then([]);
  });

  it('numbers versions on from the last one', () => {
    given(created, updatedToV2)
      .when({ type: 'UpdateCarePlan', id, changes: { allergies: [] }, reason: 'Allergy ruled out' })
      .then([
        {
          type: 'CarePlanUpdated',
          data: { id, clientId, version: 3, changes: { allergies: [] }, reason: 'Allergy ruled out' },
        },
      ]);
  });

  it('refuses to change an inactive plan or one that does not exist', () => {
    expect(
      given(created, inactive)
        .when({ type: 'UpdateCarePlan', id, changes: { goals: [] }, reason: 'x' })
        .thenRefused(),
    ).toEqual({
      kind: 'conflict',
      message: 'This care plan is inactive: make it active before changing it',
      field: undefined,
    });
    expect(given().when({ type: 'UpdateCarePlan', id, changes: {}, reason: 'x' }).thenRefused()).toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('decide: agreement', () => {
  it('records who agreed the current version, how and when', () => {
    given(created).when(agree(1)).then([agreedV1]);
  });

  it('a new version needs its own agreement: the earlier one does not carry over', () => {
    const state = given(created, agreedV1, updatedToV2).state;
    expect(state.exists && state.agreedVersion).toBe(1);
    given(created, agreedV1, updatedToV2)
      .when(agree(2))
      .then([{ ...agreedV1, data: { ...agreedV1.data, version: 2 } } as CarePlanEvent]);
  });

  it('refuses to agree an earlier version, the same version twice, or a date in the future', () => {
    expect(given(created, updatedToV2).when(agree(1)).thenRefused()).toEqual({
      kind: 'conflict',
      message: 'Only the current version (version 2) can be agreed',
      field: 'version',
    });
    expect(given(created, agreedV1).when(agree(1)).thenRefused()).toEqual({
      kind: 'conflict',
      message: 'Version 1 is already agreed',
      field: 'version',
    });
    expect(given(created).when(agree(1, '2026-11-24')).thenRefused()).toMatchObject({ field: 'agreedOn' });
  });
});

describe('decide: reviews', () => {
  it('Schedule Review sets a new review date', () => {
    given(created)
      .when({ type: 'ScheduleCarePlanReview', id, reviewDate: '2026-12-01', reason: 'After the hospital stay', today })
      .then([
        {
          type: 'CarePlanReviewScheduled',
          data: { id, clientId, reviewDate: '2026-12-01', reason: 'After the hospital stay' },
        },
      ]);
  });

  it('refuses a review date in the past', () => {
    expect(
      given(created)
        .when({ type: 'ScheduleCarePlanReview', id, reviewDate: '2026-11-01', reason: null, today })
        .thenRefused(),
    ).toMatchObject({ kind: 'invalid', field: 'reviewDate' });
  });

  it('a review with no change keeps the version and sets the next date', () => {
    const events = [
      {
        type: 'CarePlanReviewRecorded',
        data: {
          id,
          clientId,
          reviewedOn: today,
          outcome: 'no_change',
          version: 1,
          notes: 'Met Mary at home',
          nextReviewDate: '2027-05-23',
        },
      },
    ] satisfies CarePlanEvent[];
    given(created).when(review()).then(events);
    const after = given(created, ...events).state;
    expect(after.exists && after.reviewDate).toBe('2027-05-23');
  });

  it('a review that updates the plan makes the new version and records it with the review', () => {
    given(created)
      .when(review({ outcome: 'updated', changes: { interventions: ['Help with a shower'] } }))
      .then([
        {
          type: 'CarePlanUpdated',
          data: { id, clientId, version: 2, changes: { interventions: ['Help with a shower'] }, reason: 'Review' },
        },
        {
          type: 'CarePlanReviewRecorded',
          data: {
            id,
            clientId,
            reviewedOn: today,
            outcome: 'updated',
            version: 2,
            notes: 'Met Mary at home',
            nextReviewDate: '2027-05-23',
          },
        },
      ]);
  });

  it('a review may record as "updated" the version saved since the last review, with no further change', () => {
    given(created, updatedToV2)
      .when(review({ outcome: 'updated' }))
      .then([
        {
          type: 'CarePlanReviewRecorded',
          data: {
            id,
            clientId,
            reviewedOn: today,
            outcome: 'updated',
            version: 2,
            notes: 'Met Mary at home',
            nextReviewDate: '2027-05-23',
          },
        },
      ]);
    const reviewed = {
      type: 'CarePlanReviewRecorded',
      data: {
        id,
        clientId,
        reviewedOn: today,
        outcome: 'updated',
        version: 2,
        notes: null,
        nextReviewDate: '2027-05-23',
      },
    } satisfies CarePlanEvent;
    expect(
      given(created, updatedToV2, reviewed)
        .when(review({ outcome: 'updated' }))
        .thenRefused(),
    ).toMatchObject({ field: 'outcome' });
  });

  it('a plan under review is active again once its review is recorded', () => {
    given(created, underReview)
      .when(review())
      .then([
        {
          type: 'CarePlanReviewRecorded',
          data: {
            id,
            clientId,
            reviewedOn: today,
            outcome: 'no_change',
            version: 1,
            notes: 'Met Mary at home',
            nextReviewDate: '2027-05-23',
          },
        },
        { type: 'CarePlanStatusChanged', data: { id, clientId, status: 'active', reason: 'Review recorded' } },
      ]);
  });

  it('refuses an outcome that does not match the changes, and dates out of order', () => {
    expect(
      given(created)
        .when(review({ outcome: 'updated' }))
        .thenRefused(),
    ).toMatchObject({ kind: 'invalid', field: 'outcome' });
    expect(
      given(created)
        .when(review({ changes: { goals: [] } }))
        .thenRefused(),
    ).toMatchObject({ kind: 'invalid', field: 'outcome' });
    expect(
      given(created)
        .when(review({ nextReviewDate: today }))
        .thenRefused(),
    ).toEqual({
      kind: 'invalid',
      message: 'The next review must be after this one',
      field: 'nextReviewDate',
    });
    expect(
      given(created)
        .when(review({ reviewedOn: '2026-11-30' }))
        .thenRefused(),
    ).toMatchObject({ field: 'reviewedOn' });
  });
});

describe('decide: status', () => {
  it('changes the status with a reason, and does nothing when it is already so', () => {
    given(created)
      .when({ type: 'ChangeCarePlanStatus', id, status: 'under_review', reason: 'Hospital stay' })
      .then([underReview]);
    given(created, underReview)
      .when({ type: 'ChangeCarePlanStatus', id, status: 'under_review', reason: 'again' })
      .then([]);
  });

  it('an inactive plan can be made active again', () => {
    given(created, inactive)
      .when({ type: 'ChangeCarePlanStatus', id, status: 'active', reason: 'Back home' })
      .then([{ type: 'CarePlanStatusChanged', data: { id, clientId, status: 'active', reason: 'Back home' } }]);
  });
});
