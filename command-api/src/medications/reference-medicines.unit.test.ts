import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { decideAddReference, evolveReference, initialReferenceState } from './reference-medicines';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a70';
const donepezil = {
  name: 'Donepezil',
  type: 'Tablet' as const,
  strengths: ['5mg', '10mg'],
  category: 'Neurological' as const,
};

describe('adding to the Medicine Database', () => {
  it('adds a medicine that is not there yet', () => {
    expect(decideAddReference(initialReferenceState, id, donepezil)).toEqual([
      { type: 'ReferenceMedicineAdded', data: { id, ...donepezil } },
    ]);
  });

  it('refuses a name already built in or added, whatever its case', () => {
    expect(refusal(() => decideAddReference(initialReferenceState, id, { ...donepezil, name: 'paracetamol' }))).toEqual(
      {
        kind: 'conflict',
        message: 'paracetamol is already in the Medicine Database',
        field: 'name',
      },
    );
    const added = evolveReference(initialReferenceState, {
      type: 'ReferenceMedicineAdded',
      data: { id, ...donepezil },
    });
    expect(refusal(() => decideAddReference(added, id, { ...donepezil, name: 'DONEPEZIL ' })).kind).toBe('conflict');
  });
});
