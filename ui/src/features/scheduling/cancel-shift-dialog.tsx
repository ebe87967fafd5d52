import type { ShiftView } from '@care/events';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { ApiError } from '../../shared/api';
import { FormDialog } from '../../shared/form-dialog';
import { shiftWhen } from './rota-chips';
import { useShiftCommand } from './shift-command';

/**
 * Asks before a shift is cancelled, naming it ("Cancel the shift of Amelia Hughes, Mon 23/11 07:00–14:00?"): the
 * button sits on a busy rota, and a shift cancelled by mistake has to be planned again.
 */
export function CancelShiftDialog({ shift, onClose }: { shift: ShiftView | undefined; onClose: () => void }) {
  return (
    <FormDialog
      open={shift !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title="Cancel Shift"
      size="small"
    >
      {shift && <CancelShiftForm key={shift.id} shift={shift} onDone={onClose} />}
    </FormDialog>
  );
}

function CancelShiftForm({ shift, onDone }: { shift: ShiftView; onDone: () => void }) {
  const [formError, setFormError] = useState<string>();
  const cancel = useShiftCommand({ success: 'Shift cancelled successfully', failure: 'Failed to cancel shift' });
  const confirm = async () => {
    setFormError(undefined);
    try {
      await cancel.mutateAsync({
        method: 'POST',
        path: `/api/shifts/${encodeURIComponent(shift.id)}/cancel`,
        body: {},
        revision: shift.revision,
      });
      onDone();
    } catch (failure) {
      setFormError(failure instanceof ApiError && failure.status !== 503 ? failure.reason : 'Failed to cancel shift');
    }
  };
  return (
    <>
      <p className="rota-dialog-summary">
        Cancel the shift of {shift.carerName}, {shiftWhen(shift)}?
      </p>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {/* "Keep Shift" rather than "Cancel", which beside "Cancel Shift" would read as the same action. */}
      <div className="dialog-footer">
        <Dialog.Close className="button button-secondary" type="button">
          Keep Shift
        </Dialog.Close>
        <button
          type="button"
          className="button button-danger-outline"
          disabled={cancel.isPending}
          onClick={() => void confirm()}
        >
          Cancel Shift
        </button>
      </div>
    </>
  );
}
