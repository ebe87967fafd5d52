import type { TrainingDetails, TrainingSliceEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import type { TrainingCommand } from './training-commands';
import { evolve, initialTrainingState, type TrainingState } from './training-state';
import { decide, RENEWAL_BEFORE_COMPLETION } from './decide';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const otherCarerId = '0190a5b2-7c3d-7e4f-8a1b-000000000002';

const details: TrainingDetails = {
  carerId,
  trainingType: 'first_aid',
  trainingProvider: 'St John Ambulance',
  completedDate: '2024-05-01',
  expiryDate: '2027-05-01',
  certificateNumber: 'FA-2024-0001',
  status: 'current',
  documentUrl: 'https://example.org/fa.pdf',
  notes: null,
};

const recorded: TrainingSliceEvent = { type: 'TrainingRecorded', data: { id, ...details } };
const removed: TrainingSliceEvent = { type: 'TrainingRecordRemoved', data: { id } };

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: TrainingSliceEvent[]) {
  const state = events.reduce<TrainingState>(evolve, initialTrainingState);
  return {
    state,
    when: (command: TrainingCommand) => ({
      then: (expected: TrainingSliceEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: (expected: ReturnType<typeof refusal>) =>
        expect(refusal(() => decide(command, state))).toEqual(expected),
    }),
  };
}

const update = (changes: Partial<TrainingDetails>): TrainingCommand => ({ type: 'UpdateTrainingRecord', id, changes });
const renew = (
  completedDate: string,
  expiryDate: string | null,
  certificateNumber: string | null = 'FA-2025-0002',
): TrainingCommand => ({
  type: 'RenewTraining',
  id,
  completedDate,
  expiryDate,
  certificateNumber,
});
const notFound = { kind: 'not_found', message: 'Training record not found', field: undefined } as const;
const datesOutOfOrder = {
  kind: 'invalid',
  message: 'Expiry date must be after the completed date',
  field: 'expiryDate',
} as const;

describe('decide: RecordTraining', () => {
  const record: TrainingCommand = { type: 'RecordTraining', id, details };

  it('records a training with every field', () => {
    given().when(record).then([recorded]);
  });

  it('records one without an expiry date', () => {
    given()
      .when({ ...record, details: { ...details, expiryDate: null } })
      .then([{ type: 'TrainingRecorded', data: { id, ...details, expiryDate: null } }]);
  });

  it('accepts an expiry on the day of completion', () => {
    given()
      .when({ ...record, details: { ...details, expiryDate: details.completedDate } })
      .then([{ type: 'TrainingRecorded', data: { id, ...details, expiryDate: '2024-05-01' } }]);
  });

  it('refuses an expiry before the completed date', () => {
    given()
      .when({ ...record, details: { ...details, expiryDate: '2024-04-30' } })
      .thenRefused(datesOutOfOrder);
  });

  it('refuses to record over an existing record', () => {
    given(recorded)
      .when(record)
      .thenRefused({ kind: 'conflict', message: 'Training record already exists', field: undefined });
  });
});

describe('decide: UpdateTrainingRecord', () => {
  it('records only the fields that changed', () => {
    given(recorded)
      .when(
        update({
          trainingType: 'first_aid',
          trainingProvider: 'British Red Cross',
          notes: 'Refresher',
          status: 'current',
        }),
      )
      .then([
        {
          type: 'TrainingRecordUpdated',
          data: { id, changes: { trainingProvider: 'British Red Cross', notes: 'Refresher' } },
        },
      ]);
  });

  it('clears an optional field', () => {
    given(recorded)
      .when(update({ documentUrl: null, expiryDate: null }))
      .then([{ type: 'TrainingRecordUpdated', data: { id, changes: { documentUrl: null, expiryDate: null } } }]);
  });

  it('moves the record to another carer', () => {
    given(recorded)
      .when(update({ carerId: otherCarerId }))
      .then([{ type: 'TrainingRecordUpdated', data: { id, changes: { carerId: otherCarerId } } }]);
  });

  it('records nothing when every value is the same as now, or nothing was sent', () => {
    given(recorded)
      .when(update({ ...details }))
      .then([]);
    given(recorded).when(update({})).then([]);
  });

  it('checks a new expiry date against the stored completed date', () => {
    given(recorded)
      .when(update({ expiryDate: '2024-04-01' }))
      .thenRefused(datesOutOfOrder);
  });

  it('checks a new completed date against the stored expiry date', () => {
    given(recorded)
      .when(update({ completedDate: '2027-06-01' }))
      .thenRefused(datesOutOfOrder);
    given(recorded)
      .when(update({ completedDate: '2027-06-01', expiryDate: null }))
      .then([
        { type: 'TrainingRecordUpdated', data: { id, changes: { completedDate: '2027-06-01', expiryDate: null } } },
      ]);
  });

  it('refuses an unknown or removed record', () => {
    given()
      .when(update({ notes: 'x' }))
      .thenRefused(notFound);
    given(recorded, removed)
      .when(update({ notes: 'x' }))
      .thenRefused(notFound);
  });
});

describe('decide: RenewTraining', () => {
  it('renews with the new completion, expiry and certificate', () => {
    given(recorded)
      .when(renew('2025-04-20', '2028-04-20'))
      .then([
        {
          type: 'TrainingRenewed',
          data: { id, completedDate: '2025-04-20', expiryDate: '2028-04-20', certificateNumber: 'FA-2025-0002' },
        },
      ]);
  });

  it('renews a record that had been marked expired or pending', () => {
    const expired: TrainingSliceEvent = { type: 'TrainingRecordUpdated', data: { id, changes: { status: 'expired' } } };
    given(recorded, expired)
      .when(renew('2025-04-20', null, null))
      .then([
        {
          type: 'TrainingRenewed',
          data: { id, completedDate: '2025-04-20', expiryDate: null, certificateNumber: null },
        },
      ]);
  });

  it('accepts a renewal on the day of the previous completion', () => {
    given(recorded)
      .when(renew('2024-05-01', '2025-05-01'))
      .then([
        {
          type: 'TrainingRenewed',
          data: { id, completedDate: '2024-05-01', expiryDate: '2025-05-01', certificateNumber: 'FA-2025-0002' },
        },
      ]);
  });

  it('refuses a renewal completed before the previous completion', () => {
    given(recorded)
      .when(renew('2024-04-30', '2027-04-30'))
      .thenRefused({ kind: 'invalid', message: RENEWAL_BEFORE_COMPLETION, field: 'completedDate' });
  });

  it('refuses an expiry before the new completed date', () => {
    given(recorded).when(renew('2025-04-20', '2025-04-19')).thenRefused(datesOutOfOrder);
  });

  it('refuses an unknown or removed record', () => {
    given().when(renew('2025-04-20', null)).thenRefused(notFound);
    given(recorded, removed).when(renew('2025-04-20', null)).thenRefused(notFound);
  });
});

describe('decide: RemoveTrainingRecord', () => {
  const remove: TrainingCommand = { type: 'RemoveTrainingRecord', id };

  it('removes a record', () => {
    given(recorded).when(remove).then([removed]);
  });

  it('refuses an unknown record or one already removed', () => {
    given().when(remove).thenRefused(notFound);
    given(recorded, removed).when(remove).thenRefused(notFound);
  });
});

describe('evolve', () => {
  it('starts with no record and holds the recorded details', () => {
    expect(given().state).toEqual({ exists: false });
    expect(given(recorded).state).toEqual({ exists: true, removed: false, details });
  });

  it('applies changes, and a renewal makes the record current with the new dates', () => {
    const state = given(
      recorded,
      { type: 'TrainingRecordUpdated', data: { id, changes: { status: 'expired', notes: 'Lapsed' } } },
      {
        type: 'TrainingRenewed',
        data: { id, completedDate: '2025-04-20', expiryDate: null, certificateNumber: 'FA-2' },
      },
    ).state;
    expect(state).toEqual({
      exists: true,
      removed: false,
      details: {
        ...details,
        status: 'current',
        notes: 'Lapsed',
        completedDate: '2025-04-20',
        expiryDate: null,
        certificateNumber: 'FA-2',
      },
    });
  });

  it('marks a removed record', () => {
    expect(given(recorded, removed).state).toMatchObject({ exists: true, removed: true });
  });
});
