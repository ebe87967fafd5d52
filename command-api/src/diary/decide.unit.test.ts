import type { DiaryEntryContent, DiarySliceEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import type { DiaryActor, DiaryCommand } from './diary-commands';
import { evolve, initialDiaryEntryState, type DiaryEntryState, type DiaryStreamEvent } from './diary-state';
import { decide } from './decide';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-00000000000c';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-00000000000d';
const author = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const otherCarer = '0190a5b2-7c3d-7e4f-8a1b-000000000002';
const coordinator = '0190a5b2-7c3d-7e4f-8a1b-000000000003';

const content: DiaryEntryContent = {
  entryDate: '2025-03-04T09:15:00.000Z',
  entryType: 'care_note',
  priority: 'normal',
  title: 'Morning visit',
  content: 'Helped with breakfast; Mrs Green was in good spirits.',
  tags: ['breakfast', 'mood'],
  isConfidential: false,
};

const by = (userId: string) => ({ metadata: { userId } });
const added = (overrides: Partial<DiaryEntryContent> = {}): DiaryStreamEvent => ({
  type: 'DiaryEntryAdded',
  data: { id, carerId, clientId, appointmentId: null, ...content, ...overrides },
  ...by(author),
});
const reviewed: DiaryStreamEvent = {
  type: 'DiaryEntryReviewed',
  data: { id, reviewedBy: coordinator, reviewedAt: '2025-03-05T10:00:00.000Z' },
  ...by(coordinator),
};

const asAuthor: DiaryActor = { userId: author, canReview: false };
const asOtherCarer: DiaryActor = { userId: otherCarer, canReview: false };
const asReviewer: DiaryActor = { userId: coordinator, canReview: true };

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: DiaryStreamEvent[]) {
  const state = events.reduce<DiaryEntryState>(evolve, initialDiaryEntryState);
  return {
    state,
    when: (command: DiaryCommand) => ({
      then: (expected: DiarySliceEvent[]) => expect(decide(command, state)).toEqual(expected),
      refusal: () => refusal(() => decide(command, state)),
      forbidden: () =>
        expect(refusal(() => decide(command, state))).toMatchObject({ kind: 'forbidden', message: 'Forbidden' }),
    }),
  };
}

const add: DiaryCommand = { type: 'AddDiaryEntry', id, carerId, clientId, appointmentId: null, content };
const review = (actor: DiaryActor): DiaryCommand => ({
  type: 'ReviewDiaryEntry',
  id,
  actor,
  reviewedAt: '2025-03-05T10:00:00.000Z',
});
const amend = (actor: DiaryActor, changes: Partial<DiaryEntryContent>, reason: string | null = null): DiaryCommand => ({
  type: 'AmendDiaryEntry',
  id,
  actor,
  changes,
  reason,
});

describe('decide: AddDiaryEntry', () => {
  it('adds the entry with every field', () => {
    given()
      .when(add)
      .then([{ type: 'DiaryEntryAdded', data: { id, carerId, clientId, appointmentId: null, ...content } }]);
  });

  it('keeps the appointment it is about', () => {
    const appointmentId = '0190a5b2-7c3d-7e4f-8a1b-00000000000e';
    given()
      .when({ ...add, appointmentId })
      .then([{ type: 'DiaryEntryAdded', data: { id, carerId, clientId, appointmentId, ...content } }]);
  });

  it('refuses to add an entry that already exists', () => {
    expect(given(added()).when(add).refusal()).toEqual({
      kind: 'conflict',
      message: 'Diary entry already exists',
      field: undefined,
    });
  });
});

describe('decide: ReviewDiaryEntry', () => {
  it('records who reviewed the entry and when', () => {
    given(added())
      .when(review(asReviewer))
      .then([
        { type: 'DiaryEntryReviewed', data: { id, reviewedBy: coordinator, reviewedAt: '2025-03-05T10:00:00.000Z' } },
      ]);
  });

  it('refuses a second review', () => {
    expect(given(added(), reviewed).when(review(asReviewer)).refusal()).toEqual({
      kind: 'conflict',
      message: 'Diary entry already reviewed',
      field: undefined,
    });
  });

  it('refuses a reviewer-less role, even the author', () => {
    given(added()).when(review(asAuthor)).forbidden();
  });

  it('refuses an unknown entry', () => {
    expect(given().when(review(asReviewer)).refusal()).toMatchObject({
      kind: 'not_found',
      message: 'Diary entry not found',
    });
  });

  it('allows a review after an amendment', () => {
    const amended: DiaryStreamEvent = {
      type: 'DiaryEntryAmended',
      data: { id, changes: { title: 'Visit' }, reason: null },
      ...by(author),
    };
    given(added(), amended)
      .when(review(asReviewer))
      .then([
        { type: 'DiaryEntryReviewed', data: { id, reviewedBy: coordinator, reviewedAt: '2025-03-05T10:00:00.000Z' } },
      ]);
  });
});

describe('decide: AmendDiaryEntry', () => {
  it('lets the author amend, recording only the changed fields and the reason', () => {
    given(added())
      .when(
        amend(
          asAuthor,
          { title: 'Morning visit', content: 'Helped with breakfast and a wash.', tags: ['breakfast'] },
          'Added the wash',
        ),
      )
      .then([
        {
          type: 'DiaryEntryAmended',
          data: {
            id,
            changes: { content: 'Helped with breakfast and a wash.', tags: ['breakfast'] },
            reason: 'Added the wash',
          },
        },
      ]);
  });

  it("lets a reviewer amend anyone's entry, also a confidential one", () => {
    given(added({ isConfidential: true }))
      .when(amend(asReviewer, { priority: 'high', isConfidential: false }))
      .then([
        { type: 'DiaryEntryAmended', data: { id, changes: { priority: 'high', isConfidential: false }, reason: null } },
      ]);
  });

  it('lets the author amend after a review', () => {
    given(added(), reviewed)
      .when(amend(asAuthor, { entryType: 'observation' }))
      .then([{ type: 'DiaryEntryAmended', data: { id, changes: { entryType: 'observation' }, reason: null } }]);
  });

  it('records nothing when every value is the same as now', () => {
    given(added())
      .when(amend(asAuthor, { ...content }))
      .then([]);
    given(added()).when(amend(asAuthor, {})).then([]);
  });

  it('compares with the latest amended values', () => {
    const amended: DiaryStreamEvent = {
      type: 'DiaryEntryAmended',
      data: { id, changes: { title: 'Visit' }, reason: null },
      ...by(author),
    };
    given(added(), amended)
      .when(amend(asAuthor, { title: 'Visit' }))
      .then([]);
    given(added(), amended)
      .when(amend(asAuthor, { title: 'Morning visit' }))
      .then([{ type: 'DiaryEntryAmended', data: { id, changes: { title: 'Morning visit' }, reason: null } }]);
  });

  it('forbids another carer to amend an entry they did not write', () => {
    given(added())
      .when(amend(asOtherCarer, { title: 'Changed' }))
      .forbidden();
  });

  it('answers "not found" to another carer for a confidential entry, so its existence is not revealed', () => {
    expect(
      given(added({ isConfidential: true }))
        .when(amend(asOtherCarer, { title: 'Changed' }))
        .refusal(),
    ).toMatchObject({
      kind: 'not_found',
      message: 'Diary entry not found',
    });
  });

  it('refuses an unknown entry', () => {
    expect(
      given()
        .when(amend(asReviewer, { title: 'X' }))
        .refusal(),
    ).toMatchObject({ kind: 'not_found', message: 'Diary entry not found' });
  });
});

describe('evolve', () => {
  it('starts with no entry', () => {
    expect(given().state).toEqual({ exists: false });
  });

  it('holds the author from the metadata of the added event, the content, and the review', () => {
    expect(given(added()).state).toEqual({ exists: true, authorUserId: author, clientId, reviewed: false, content });
    expect(given(added(), reviewed).state).toMatchObject({ reviewed: true, authorUserId: author });
  });

  it('applies amendments over the content; the amender does not become the author', () => {
    const amended: DiaryStreamEvent = {
      type: 'DiaryEntryAmended',
      data: { id, changes: { title: 'Visit', isConfidential: true }, reason: 'typo' },
      ...by(coordinator),
    };
    expect(given(added(), amended).state).toEqual({
      exists: true,
      authorUserId: author,
      clientId,
      reviewed: false,
      content: { ...content, title: 'Visit', isConfidential: true },
    });
  });
});
