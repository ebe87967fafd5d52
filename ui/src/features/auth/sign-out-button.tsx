import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { apiSend, errorReason } from '../../shared/api';
import { LOGOUT_PATH } from '../../shared/current-user';
import { wipeLocalCopy } from '../../shared/offline/local-copy';
import { clearOutbox } from '../../shared/offline/outbox';
import { useOutboxRecords } from '../../shared/offline/use-outbox';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { toast } from '../../shared/toast';

/**
 * Logout: POST /api/logout (a write, Origin-checked, so no other site can sign anyone out), then a full
 * load of /landing, which leaves nothing of the signed-in app in memory. The copy kept on the phone for working
 * without signal is removed first, whether or not the request then succeeds.
 */
export function SignOutButton({
  className,
  iconOnly = false,
  iconSize = 16,
}: {
  className: string;
  iconOnly?: boolean;
  iconSize?: number;
}) {
  const [pending, setPending] = useState(false);
  // Records made without signal and not yet sent are lost at sign-out: the carer is asked first.
  const unsent = useOutboxRecords().filter((record) => record.state === 'waiting').length;
  const [asking, setAsking] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      // Storage that cannot be opened holds no copy either: signing out goes on.
      await wipeLocalCopy().catch(() => undefined);
      await clearOutbox().catch(() => undefined);
      await apiSend('POST', LOGOUT_PATH);
      window.location.assign('/landing');
    } catch (error) {
      setPending(false);
      toast({
        title: 'Error',
        description: error instanceof Error ? errorReason(error) : 'Logout failed',
        variant: 'destructive',
      });
    }
  };
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => (unsent > 0 ? setAsking(true) : void signOut())}
        disabled={pending}
        aria-label={iconOnly ? 'Logout' : undefined}
      >
        <LogOut size={iconSize} aria-hidden />
        {!iconOnly && 'Logout'}
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Sign out with records not sent?"
        confirmLabel="Sign out and delete them"
        cancelLabel="Stay signed in"
        onConfirm={() => void signOut()}
      >
        <p>
          {unsent === 1 ? '1 record has' : `${unsent} records have`} not been sent yet. Signing out deletes them from
          this phone.
        </p>
      </ConfirmDialog>
    </>
  );
}
