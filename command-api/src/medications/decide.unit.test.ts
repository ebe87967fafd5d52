import {
  BUILT_IN_MAR_KEY,
  evolveMarKey,
  type MarKeyEntry,
  type PrescriptionDetails,
  type PrescriptionEvent,
} from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { decide } from './decide';
import type { AdministrationInput, ClientFacts, PrescriptionCommand, Recorder } from './prescription-commands';
import { evolve, initialPrescriptionState, type PrescriptionState } from './prescription-state';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a70';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a71';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a72';
const appointmentId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a73';
const carerUser = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a74';
const witnessUser = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a75';
const recordId = (n: number) => `0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6b${String(n).padStart(2, '0')}`;

const client: ClientFacts = { name: 'Mary Jones', allergies: ['Penicillin', 'NSAIDs'] };
const carer: Recorder = { userId: carerUser, carerId, appointmentId };

const details: PrescriptionDetails = {
  name: 'Amlodipine',
  strength: '5mg',
  form: 'tablet',
  route: 'oral',
  dosage: '1 tablet',
  frequency: 'Twice daily',
  doseTimes: ['08:00', '20:00'],
  timeCritical: false,
  prn: null,
  instructions: 'With water',
  prescribedBy: 'Dr Patel',
  startDate: '2026-03-01',
  endDate: null,
  reviewDate: '2026-09-01',
  supportLevel: 'administer',
  witnessRequired: false,
  controlledDrug: false,
  overTheCounter: false,
  covert: null,
  sideEffects: null,
  interactions: null,
};
const paracetamolPrn: PrescriptionDetails = {
  ...details,
  name: 'Paracetamol',
  doseTimes: [],
  frequency: 'When required',
  prn: {
    reason: 'Pain',
    dose: '1g',
    minIntervalMinutes: 240,
    maxDosesIn24h: 4,
    signsToLookFor: null,
    tryFirst: null,
    order: null,
    contactPrescriberWhen: null,
  },
};

const prescribed = (d: PrescriptionDetails = details): PrescriptionEvent => ({
  type: 'MedicationPrescribed',
  data: { id, clientId, details: d, effectiveAt: '2026-03-01T09:00:00.000Z', allergyOverride: null },
});

const dose = (overrides: Partial<AdministrationInput> = {}): AdministrationInput => ({
  recordId: recordId(1),
  dueAt: '2026-03-10T08:00:00.000Z',
  code: 'T',
  administeredAt: '2026-03-10T08:05:00.000Z',
  doseGiven: null,
  reason: null,
  prnReason: null,
  witnessUserId: null,
  notes: null,
  ...overrides,
});
const record = (
  input: AdministrationInput,
  now = '2026-03-10T08:06:00.000Z',
  by: Recorder = carer,
  key: readonly MarKeyEntry[] = BUILT_IN_MAR_KEY,
): PrescriptionCommand => ({
  type: 'RecordAdministration',
  id,
  input,
  by,
  now,
  key,
});
const recorded = (
  input: AdministrationInput,
  status: 'given' | 'refused' | 'missed' | 'not_required' = 'given',
): PrescriptionEvent => ({
  type: 'MedicationAdministrationRecorded',
  data: {
    id: input.recordId,
    prescriptionId: id,
    clientId,
    carerId,
    appointmentId,
    dueAt: input.dueAt,
    code: input.code,
    status,
    administeredAt: input.administeredAt,
    doseGiven: input.doseGiven,
    reason: input.reason,
    prnReason: input.dueAt === null ? input.prnReason : null,
    witnessUserId: input.witnessUserId,
    notes: input.notes,
  },
});

function given(...events: PrescriptionEvent[]) {
  const state = events.reduce<PrescriptionState>(evolve, initialPrescriptionState);
  return {
    when: (command: PrescriptionCommand) => ({
      then: (expected: PrescriptionEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decide(command, state)),
    }),
  };
}

const invalid = (message: string, field: string) => ({ kind: 'invalid', message, field });
const conflict = (message: string, field?: string) => ({ kind: 'conflict', message, field });

describe('Prescribe', () => {
  const prescribe = (d: PrescriptionDetails, allergyOverrideReason: string | null = null): PrescriptionCommand => ({
    type: 'Prescribe',
    id,
    clientId,
    client,
    details: d,
    allergyOverrideReason,
    now: '2026-03-01T09:00:00.000Z',
  });

  it('prescribes a medicine the client is not allergic to', () => {
    given().when(prescribe(details)).then([prescribed()]);
  });

  it('refuses a medicine the client is allergic to without a reason, naming the allergy', () => {
    expect(
      given()
        .when(prescribe({ ...details, name: 'Ibuprofen' }))
        .thenRefused(),
    ).toEqual(
      invalid(
        'Mary Jones is recorded as allergic to NSAIDs: give a reason to prescribe Ibuprofen anyway',
        'allergyOverrideReason',
      ),
    );
  });

  it('prescribes it with an explicit override, which the event keeps', () => {
    const reason = 'GP confirmed a mild intolerance only';
    given()
      .when(prescribe({ ...details, name: 'Ibuprofen' }, reason))
      .then([
        {
          ...prescribed({ ...details, name: 'Ibuprofen' }),
          data: {
            ...prescribed({ ...details, name: 'Ibuprofen' }).data,
            allergyOverride: { allergies: ['NSAIDs'], reason },
          },
        } as PrescriptionEvent,
      ]);
  });
});

describe('Change, pause, resume, discontinue', () => {
  const now = '2026-03-05T12:00:00.000Z';
  const change = (
    changes: Partial<PrescriptionDetails>,
    allergyOverrideReason: string | null = null,
  ): PrescriptionCommand => ({
    type: 'ChangePrescription',
    id,
    client,
    changes,
    reason: 'GP review',
    allergyOverrideReason,
    now,
  });
  const step = (type: 'PausePrescription' | 'ResumePrescription' | 'DiscontinuePrescription'): PrescriptionCommand => ({
    type,
    id,
    reason: 'In hospital',
    now,
  });

  it('records only what changed, with why and when', () => {
    given(prescribed())
      .when(change({ doseTimes: ['09:00'], dosage: '1 tablet' }))
      .then([
        {
          type: 'PrescriptionChanged',
          data: {
            id,
            clientId,
            changes: { doseTimes: ['09:00'] },
            reason: 'GP review',
            effectiveAt: now,
            allergyOverride: null,
          },
        },
      ]);
  });

  it('records nothing when nothing changed', () => {
    given(prescribed())
      .when(change({ dosage: '1 tablet' }))
      .then([]);
  });

  it('refuses a new name the client is allergic to without an override', () => {
    expect(
      given(prescribed())
        .when(change({ name: 'Ibuprofen' }))
        .thenRefused().field,
    ).toBe('allergyOverrideReason');
  });

  it('pauses an active one, resumes a paused one, and refuses the steps that do not apply', () => {
    given(prescribed())
      .when(step('PausePrescription'))
      .then([{ type: 'PrescriptionPaused', data: { id, clientId, reason: 'In hospital', effectiveAt: now } }]);
    const paused: PrescriptionEvent = {
      type: 'PrescriptionPaused',
      data: { id, clientId, reason: 'In hospital', effectiveAt: now },
    };
    expect(given(prescribed(), paused).when(step('PausePrescription')).thenRefused()).toEqual(
      conflict('Amlodipine is already paused'),
    );
    expect(given(prescribed()).when(step('ResumePrescription')).thenRefused()).toEqual(
      conflict('Amlodipine is not paused'),
    );
    given(prescribed(), paused)
      .when(step('ResumePrescription'))
      .then([{ type: 'PrescriptionResumed', data: { id, clientId, reason: 'In hospital', effectiveAt: now } }]);
  });

  it('makes discontinuing final', () => {
    const discontinued: PrescriptionEvent = {
      type: 'PrescriptionDiscontinued',
      data: { id, clientId, reason: 'Stopped by GP', effectiveAt: now },
    };
    expect(given(prescribed(), discontinued).when(step('ResumePrescription')).thenRefused()).toEqual(
      conflict('Amlodipine is discontinued'),
    );
    expect(
      given(prescribed(), discontinued)
        .when(change({ dosage: '2 tablets' }))
        .thenRefused(),
    ).toEqual(conflict('Amlodipine is discontinued'));
  });

  it('refuses an unknown prescription', () => {
    expect(given().when(step('PausePrescription')).thenRefused()).toEqual({
      kind: 'not_found',
      message: 'Medication not found',
      field: undefined,
    });
  });
});

describe('RecordAdministration: one outcome per due dose', () => {
  it('records the outcome of a due dose with who, the visit and when', () => {
    given(prescribed())
      .when(record(dose()))
      .then([recorded(dose())]);
  });

  it('refuses a second outcome for the same dose, saying what was recorded', () => {
    expect(
      given(prescribed(), recorded(dose()))
        .when(record(dose({ recordId: recordId(2), code: 'R', reason: 'Said no' })))
        .thenRefused(),
    ).toEqual(
      conflict(
        'The 08:00 on 10/03/2026 dose of Amlodipine already has an outcome (Taken, recorded for 08:05): correct it with an amendment',
      ),
    );
  });

  it('refuses a time no dose is due at', () => {
    expect(
      given(prescribed())
        .when(record(dose({ dueAt: '2026-03-10T09:00:00.000Z' })))
        .thenRefused(),
    ).toEqual(invalid('No dose of Amlodipine is due at 09:00 on 10/03/2026', 'dueAt'));
  });

  it('takes the 08:00 dose after the March clock change at 07:00 UTC, and refuses 08:00 UTC (09:00 BST)', () => {
    const bst = dose({ dueAt: '2026-03-30T07:00:00.000Z', administeredAt: '2026-03-30T07:02:00.000Z' });
    given(prescribed())
      .when(record(bst, '2026-03-30T07:03:00.000Z'))
      .then([recorded(bst)]);
    expect(
      given(prescribed())
        .when(
          record(
            dose({ dueAt: '2026-03-30T08:00:00.000Z', administeredAt: '2026-03-30T08:02:00.000Z' }),
            '2026-03-30T08:03:00.000Z',
          ),
        )
        .thenRefused().field,
    ).toBe('dueAt');
  });

  it('takes the 20:00 dose after the October change at 20:00 UTC', () => {
    const gmt = dose({ dueAt: '2026-10-26T20:00:00.000Z', administeredAt: '2026-10-26T20:01:00.000Z' });
    given(prescribed())
      .when(record(gmt, '2026-10-26T20:02:00.000Z'))
      .then([recorded(gmt)]);
  });

  it('refuses giving a dose before its window opens (an hour before it is due)', () => {
    expect(
      given(prescribed())
        .when(record(dose({ administeredAt: '2026-03-10T06:30:00.000Z' }), '2026-03-10T06:30:00.000Z'))
        .thenRefused(),
    ).toEqual(conflict('The 08:00 on 10/03/2026 dose of Amlodipine can be given from 07:00', 'dueAt'));
  });

  it('has no dose due while paused', () => {
    const paused: PrescriptionEvent = {
      type: 'PrescriptionPaused',
      data: { id, clientId, reason: 'In hospital', effectiveAt: '2026-03-09T12:00:00.000Z' },
    };
    expect(given(prescribed(), paused).when(record(dose())).thenRefused().field).toBe('dueAt');
  });

  it('needs a reason for a refusal, and records one with it', () => {
    expect(
      given(prescribed())
        .when(record(dose({ code: 'R' })))
        .thenRefused(),
    ).toEqual(invalid('Give a reason for "Refused"', 'reason'));
    const refused = dose({ code: 'R', reason: 'Felt sick' });
    given(prescribed())
      .when(record(refused))
      .then([recorded(refused, 'refused')]);
  });

  it('refuses a time in the future', () => {
    expect(
      given(prescribed())
        .when(record(dose({ administeredAt: '2026-03-10T09:00:00.000Z' })))
        .thenRefused().field,
    ).toBe('administeredAt');
  });
});

describe('RecordAdministration: when required (PRN)', () => {
  const prn = (n: number, administeredAt: string, overrides: Partial<AdministrationInput> = {}) =>
    dose({ recordId: recordId(n), dueAt: null, administeredAt, prnReason: 'Back pain', ...overrides });
  const at = (hhmm: string, day = '10') => `2026-03-${day}T${hhmm}:00.000Z`;

  it('gives a PRN dose with its reason', () => {
    given(prescribed(paracetamolPrn))
      .when(record(prn(1, at('08:00')), at('08:01')))
      .then([recorded(prn(1, at('08:00')))]);
  });

  it('needs the reason it is given', () => {
    expect(
      given(prescribed(paracetamolPrn))
        .when(record(prn(1, at('08:00'), { prnReason: null }), at('08:01')))
        .thenRefused(),
    ).toEqual(invalid('Say why this when-required dose is given', 'prnReason'));
  });

  it('refuses a dose inside the minimum interval, saying when the next may be given', () => {
    expect(
      given(prescribed(paracetamolPrn), recorded(prn(1, at('08:00'))))
        .when(record(prn(2, at('11:00')), at('11:00')))
        .thenRefused(),
    ).toEqual(
      conflict(
        'Too soon: Paracetamol was last given at 08:00 and needs at least 4 hours between doses; the next dose can be given from 12:00',
        'administeredAt',
      ),
    );
    given(prescribed(paracetamolPrn), recorded(prn(1, at('08:00'))))
      .when(record(prn(2, at('12:00')), at('12:00')))
      .then([recorded(prn(2, at('12:00')))]);
  });

  it('refuses a dose over the 24-hour maximum, and allows it once the first falls out of the 24 hours', () => {
    const four = [at('00:00'), at('04:00'), at('08:00'), at('12:00')].map((time, n) => recorded(prn(n + 1, time)));
    expect(
      given(prescribed(paracetamolPrn), ...four)
        .when(record(prn(5, at('16:00')), at('16:00')))
        .thenRefused(),
    ).toEqual(
      conflict(
        'Paracetamol has already been given 4 times in the last 24 hours, the most allowed (4)',
        'administeredAt',
      ),
    );
    given(prescribed(paracetamolPrn), ...four)
      .when(record(prn(5, at('00:01', '11')), at('00:01', '11')))
      .then([recorded(prn(5, at('00:01', '11')))]);
  });

  it('does not count a refused PRN dose against the interval', () => {
    const refused = prn(1, at('08:00'), { code: 'R', reason: 'Not in pain now' });
    given(prescribed(paracetamolPrn), recorded(refused, 'refused'))
      .when(record(prn(2, at('09:00')), at('09:00')))
      .then([recorded(prn(2, at('09:00')))]);
  });

  it('refuses a PRN dose of a regular medicine', () => {
    expect(
      given(prescribed())
        .when(record(prn(1, at('08:00')), at('08:01')))
        .thenRefused(),
    ).toEqual(invalid('Amlodipine is not a when-required (PRN) medicine: choose the dose it is for', 'dueAt'));
  });
});

describe('RecordAdministration: witness (controlled drugs)', () => {
  const morphine = { ...details, name: 'Morphine Sulfate', controlledDrug: true, witnessRequired: true };

  it('refuses a dose given without a witness', () => {
    expect(given(prescribed(morphine)).when(record(dose())).thenRefused()).toEqual(
      invalid('Morphine Sulfate needs a second person to witness each dose (controlled drug)', 'witnessUserId'),
    );
  });

  it('refuses the recorder as their own witness', () => {
    expect(
      given(prescribed(morphine))
        .when(record(dose({ witnessUserId: carerUser })))
        .thenRefused().message,
    ).toBe('The witness must be someone other than the person recording the dose');
  });

  it('records the dose with a second person, and needs none for a refusal', () => {
    given(prescribed(morphine))
      .when(record(dose({ witnessUserId: witnessUser })))
      .then([recorded(dose({ witnessUserId: witnessUser }))]);
    const refused = dose({ code: 'R', reason: 'Asleep' });
    given(prescribed(morphine))
      .when(record(refused))
      .then([recorded(refused, 'refused')]);
  });
});

describe('AmendAdministration and PRN effect', () => {
  const amend = (
    changes: Partial<{ code: string; reason: string | null; administeredAt: string }>,
    key: readonly MarKeyEntry[] = BUILT_IN_MAR_KEY,
  ): PrescriptionCommand => ({
    type: 'AmendAdministration',
    id,
    recordId: recordId(1),
    changes,
    reason: 'Recorded against the wrong dose',
    by: carer,
    key,
  });

  it('corrects a record with only what changed, keeping the original in the stream', () => {
    given(prescribed(), recorded(dose()))
      .when(amend({ code: 'R', reason: 'Refused, not taken' }))
      .then([
        {
          type: 'MedicationAdministrationAmended',
          data: {
            id: recordId(1),
            prescriptionId: id,
            clientId,
            changes: { code: 'R', reason: 'Refused, not taken', status: 'refused' },
            reason: 'Recorded against the wrong dose',
          },
        },
      ]);
  });

  it('needs a reason when the new outcome needs one, and refuses an unknown record', () => {
    expect(
      given(prescribed(), recorded(dose()))
        .when(amend({ code: 'NT' }))
        .thenRefused().field,
    ).toBe('reason');
    expect(
      given(prescribed())
        .when(amend({ code: 'R' }))
        .thenRefused(),
    ).toEqual({ kind: 'not_found', message: 'Medication record not found', field: undefined });
  });

  it('records once whether a PRN dose helped', () => {
    const prnDose = dose({ dueAt: null, prnReason: 'Pain' });
    const effect: PrescriptionCommand = {
      type: 'RecordPrnEffect',
      id,
      recordId: recordId(1),
      effect: 'helped',
      notes: null,
    };
    given(prescribed(paracetamolPrn), recorded(prnDose))
      .when(effect)
      .then([
        {
          type: 'PrnEffectRecorded',
          data: { id: recordId(1), prescriptionId: id, clientId, effect: 'helped', notes: null },
        },
      ]);
    const done: PrescriptionEvent = {
      type: 'PrnEffectRecorded',
      data: { id: recordId(1), prescriptionId: id, clientId, effect: 'helped', notes: null },
    };
    expect(given(prescribed(paracetamolPrn), recorded(prnDose), done).when(effect).thenRefused().kind).toBe('conflict');
  });
});

describe("RecordAdministration and AmendAdministration: the agency's own codes on the key", () => {
  const held = evolveMarKey(BUILT_IN_MAR_KEY, {
    type: 'MarCodeAdded',
    data: { code: 'H', label: "Held on the GP's advice", status: 'not_required', needsReason: true },
  });
  const withdrawn = evolveMarKey(held, { type: 'MarCodeWithdrawn', data: { code: 'H', reason: 'Use NR' } });
  const amendWith = (
    changes: Partial<{ code: string; reason: string | null; administeredAt: string }>,
    key: readonly MarKeyEntry[],
  ): PrescriptionCommand => ({
    type: 'AmendAdministration',
    id,
    recordId: recordId(1),
    changes,
    reason: 'Wrong time',
    by: carer,
    key,
  });

  it('records an added code with the outcome it counts as, and asks for its reason', () => {
    const heldDose = dose({ code: 'H', reason: 'GP said to stop until the blood test' });
    given(prescribed())
      .when(record(heldDose, undefined, carer, held))
      .then([recorded(heldDose, 'not_required')]);
    expect(
      given(prescribed())
        .when(record(dose({ code: 'H' }), undefined, carer, held))
        .thenRefused(),
    ).toEqual({
      kind: 'invalid',
      message: `Give a reason for "Held on the GP's advice"`,
      field: 'reason',
    });
  });

  it('refuses a code that is not on the key, and one withdrawn from it', () => {
    expect(
      given(prescribed())
        .when(record(dose({ code: 'H', reason: 'Held' })))
        .thenRefused(),
    ).toEqual({
      kind: 'invalid',
      message: `"H" is not a code of the MAR chart's key`,
      field: 'code',
    });
    expect(
      given(prescribed())
        .when(record(dose({ code: 'H', reason: 'Held' }), undefined, carer, withdrawn))
        .thenRefused(),
    ).toEqual({
      kind: 'invalid',
      message: `"H" (Held on the GP's advice) was withdrawn from the MAR chart's key: choose another code`,
      field: 'code',
    });
  });

  it('lets a record that carries a withdrawn code be corrected in other ways, and names the code in a duplicate refusal', () => {
    const heldDose = dose({ code: 'H', reason: 'Held' });
    const history = [prescribed(), recorded(heldDose, 'not_required')];
    given(...history)
      .when(amendWith({ administeredAt: '2026-03-10T08:10:00.000Z' }, withdrawn))
      .then([
        {
          type: 'MedicationAdministrationAmended',
          data: {
            id: recordId(1),
            prescriptionId: id,
            clientId,
            changes: { administeredAt: '2026-03-10T08:10:00.000Z' },
            reason: 'Wrong time',
          },
        },
      ]);
    expect(
      given(...history)
        .when(record(dose(), undefined, carer, withdrawn))
        .thenRefused().message,
    ).toContain("already has an outcome (Held on the GP's advice");
  });
});
