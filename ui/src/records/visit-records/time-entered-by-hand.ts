import type { HandEnteredTime } from '@care/events';
import { formatDateTime } from '../../shared/format';

/** The label a check-in or check-out time typed in by hand carries wherever it is shown. */
export const TIME_BY_HAND = 'time entered by hand';

/** "time entered by hand (recorded 21/11/2026 12:40: No signal at the door)", or '' for the server's own time. */
export function handEnteredNote(entered: HandEnteredTime | null): string {
  if (entered === null) return '';
  return `${TIME_BY_HAND} (recorded ${formatDateTime(entered.recordedAt)}${entered.reason ? `: ${entered.reason}` : ''})`;
}
