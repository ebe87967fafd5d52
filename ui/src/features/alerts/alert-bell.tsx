import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../shared/lazy-named';
import { clearNewCriticalAlertCue, useNewCriticalAlertCue } from './critical-alert-news';
import { alertCountQueryOptions } from './get-alert-count';
import './alert-bell.css';

const AlertBellPopover = lazyNamed(() => import('./alert-bell-popover'), 'AlertBellPopover');

/** The badge shows at most this; the accessible name says the real figure. */
const BADGE_MAX = 99;

/**
 * The header's bell: how many alerts nobody has acknowledged, live by push, and a list of
 * the open alerts, most severe first, with a link to the Alerts page. The list is read when it is first opened; while open it
 * reloads on `alerts:changed`, and `alerts:new` puts a new alert on top. Until the first press the bell is a plain
 * button: the popover's code loads then, and takes its place opened. A critical alert that arrived since the page
 * loaded rings the bell in red (the shell's live region has said its title) until the bell is opened.
 */
export function AlertBell() {
  const [open, setOpenState] = useState(false);
  const [pressed, setPressed] = useState(false);
  const count = useQuery(alertCountQueryOptions).data?.count;
  const cue = useNewCriticalAlertCue();
  const className = cue ? 'icon-button alert-bell alert-bell-new-critical' : 'icon-button alert-bell';
  const setOpen = (next: boolean) => {
    if (next) clearNewCriticalAlertCue();
    setOpenState(next);
  };
  const name = count === undefined ? 'Alerts' : `Alerts, ${count} active`;
  const face = (
    <>
      <Bell size={20} aria-hidden />
      {count !== undefined && count > 0 && (
        <span className="alert-bell-badge" aria-hidden data-testid="alert-bell-count">
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </>
  );
  const plain = (
    <button
      type="button"
      className={className}
      aria-label={name}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-testid="alert-bell"
      onClick={() => {
        setPressed(true);
        setOpen(true);
      }}
    >
      {face}
    </button>
  );
  return (
    <>
      {pressed ? (
        <Suspense fallback={plain}>
          <AlertBellPopover open={open} onOpenChange={setOpen} name={name} count={count} className={className}>
            {face}
          </AlertBellPopover>
        </Suspense>
      ) : (
        plain
      )}
      {/* Read out when the pushed figure changes (a live region announces changes, not its first content). */}
      <span className="sr-only" role="status">
        {count === undefined ? '' : `${count} active ${count === 1 ? 'alert' : 'alerts'}`}
      </span>
    </>
  );
}
