import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { apiSend, errorReason } from '../../shared/api';
import { LOGOUT_PATH } from '../../shared/current-user';
import { wipeLocalCopy } from '../../shared/offline/local-copy';
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
  const signOut = async () => {
    setPending(true);
    try {
      // Storage that cannot be opened holds no copy either: signing out goes on.
      await wipeLocalCopy().catch(() => undefined);
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
    <button
      type="button"
      className={className}
      onClick={() => void signOut()}
      disabled={pending}
      aria-label={iconOnly ? 'Logout' : undefined}
    >
      <LogOut size={iconSize} aria-hidden />
      {!iconOnly && 'Logout'}
    </button>
  );
}
