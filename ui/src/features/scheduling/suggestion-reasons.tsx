import type { SuggestionReason } from '@care/events';
import { Check, Info, TriangleAlert } from 'lucide-react';

const MARK = {
  for: { Icon: Check, said: 'For:' },
  against: { Icon: TriangleAlert, said: 'Against:' },
  info: { Icon: Info, said: '' },
} as const;

/** A suggested carer's reasons, each marked for or against in words as well as by its icon. */
export function SuggestionReasons({ reasons }: { reasons: readonly SuggestionReason[] }) {
  return (
    <ul className="suggestion-reasons">
      {reasons.map((reason) => {
        const { Icon, said } = MARK[reason.effect];
        return (
          <li key={`${reason.kind}-${reason.text}`} className={`suggestion-reason suggestion-reason-${reason.effect}`}>
            <Icon size={14} aria-hidden />
            {said && <span className="sr-only">{said} </span>}
            {reason.text}
          </li>
        );
      })}
    </ul>
  );
}
