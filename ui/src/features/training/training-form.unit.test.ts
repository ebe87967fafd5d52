import { describe, expect, it } from 'vitest';
import { checkTrainingForm, EMPTY_TRAINING_FORM } from './training-form';

describe('checkTrainingForm', () => {
  it('shows the required-field messages of the shared schema', () => {
    expect(checkTrainingForm(EMPTY_TRAINING_FORM)).toEqual({
      ok: false,
      errors: {
        carerId: 'Carer is required',
        trainingType: 'Training type is required',
        completedDate: 'Completed date is required',
      },
    });
  });

  it('sends an empty expiry date and other blank optional fields as null', () => {
    const check = checkTrainingForm({
      ...EMPTY_TRAINING_FORM,
      carerId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b',
      trainingType: 'cpr',
      completedDate: '2025-03-01',
      trainingProvider: '  St John Ambulance ',
    });
    expect(check).toEqual({
      ok: true,
      request: {
        carerId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b',
        trainingType: 'cpr',
        trainingProvider: 'St John Ambulance',
        completedDate: '2025-03-01',
        expiryDate: null,
        certificateNumber: null,
        status: 'current',
        documentUrl: null,
        notes: null,
      },
    });
  });
});
