import { prescriptionReasonRequestSchema, TEXT_LIMITS, type MedicationView } from '@care/events';
import { useState } from 'react';
import { TextCommandDialog } from '../../shared/text-command-dialog';
import { ChangePrescriptionDialog } from './change-prescription-dialog';
import { MEDICATIONS_PATH, useMedicationCommand } from './medication-api';

type Step = 'pause' | 'resume' | 'discontinue';
const TITLES: Record<Step, string> = { pause: 'Pause', resume: 'Resume', discontinue: 'Discontinue' };
const DONE: Record<Step, string> = {
  pause: 'Medication paused',
  resume: 'Medication resumed',
  discontinue: 'Medication discontinued',
};

/** Change, pause, resume and discontinue (medications.prescribe), each with its reason: the history keeps who, when and why. */
export function PrescriptionActions({ medication }: { medication: MedicationView }) {
  const [step, setStep] = useState<Step | null>(null);
  const [changing, setChanging] = useState(false);
  const command = useMedicationCommand<{ reason: string }>({
    success: step ? DONE[step] : 'Done',
    failure: 'Failed to change the medication',
    inForm: true,
  });
  if (medication.status === 'discontinued') return null;
  const steps: Step[] = medication.status === 'paused' ? ['resume', 'discontinue'] : ['pause', 'discontinue'];
  return (
    <div className="prescription-actions">
      <button type="button" className="link-button small" onClick={() => setChanging(true)}>
        Change
        <span className="sr-only">
          {' '}
          {medication.name} for {medication.clientName}
        </span>
      </button>
      {steps.map((name) => (
        <button key={name} type="button" className="link-button small" onClick={() => setStep(name)}>
          {TITLES[name]}
          <span className="sr-only">
            {' '}
            {medication.name} for {medication.clientName}
          </span>
        </button>
      ))}
      <TextCommandDialog
        open={step !== null}
        onOpenChange={(open) => !open && setStep(null)}
        title={step ? `${TITLES[step]} ${medication.name}` : ''}
        summary={`${medication.name} ${medication.strength ?? ''} for ${medication.clientName ?? 'the client'}`}
        field="reason"
        label="Reason"
        required
        maxLength={TEXT_LIMITS.shortReason}
        schema={prescriptionReasonRequestSchema}
        submitLabel={step ? TITLES[step] : 'Save'}
        onSubmit={(body) => command.mutateAsync({ path: `${MEDICATIONS_PATH}/${medication.id}/${step}`, body })}
      />
      <ChangePrescriptionDialog medication={changing ? medication : null} onClose={() => setChanging(false)} />
    </div>
  );
}
