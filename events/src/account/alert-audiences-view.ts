import type { AlertAudience } from '../alerts/alert-audiences';

/** GET /api/account/alert-audiences: what the caller's bell follows, and what they may choose from. */
export interface AlertAudiencesView {
  /** The audiences the bell, the Alerts tile and the live count follow (always among `readable`). */
  following: AlertAudience[];
  /** Every audience the caller's role reads: the lists show these whatever the bell follows. */
  readable: AlertAudience[];
}
