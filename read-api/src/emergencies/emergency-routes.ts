import Router from '@koa/router';
import type { EmergencyContextView } from '@care/events';
import { requirePermission } from '@care/events/server';
import type { AgencyContacts } from '../shared/agency-contacts';
import { SettingsQueries } from '../settings/settings-queries';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { EMERGENCY_NUMBER, EmergencyQueries } from './emergency-queries';

/**
 * GET /api/emergency (emergencies.raise): what the emergency screen shows its reader: 999, the agency's on-call
 * number, and the emergency contacts of the client of their own visit in progress or next visit. The client is on
 * the reader's own visit, so a carer reads nothing here their work does not already let them read.
 */
export function emergencyRoutes(deps: ReadDeps, contacts: AgencyContacts): Router<ReadState> {
  const queries = new EmergencyQueries(deps.db);
  const router = new Router<ReadState>();
  const settings = new SettingsQueries(deps.db);

  router.get('/api/emergency', requirePermission('emergencies.raise'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      emergencyNumber: EMERGENCY_NUMBER,
      // Saved in the admin panel's Settings, else AGENCY_ON_CALL_PHONE.
      onCallPhone: (await settings.details(contacts)).onCallPhone,
      visit: await queries.currentVisit(ctx.state.session.userId),
    } satisfies EmergencyContextView;
  });

  return router;
}
