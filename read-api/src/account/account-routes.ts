import Router from '@koa/router';
import {
  alertAudiencesReadBy,
  DEFAULT_NOTIFICATION_CHOICES,
  type AlertAudiencesView,
  type NotificationChoices,
  type SupportInfoView,
} from '@care/events';
import { requirePermission } from '@care/events/server';
import { READ_MODEL_SCHEMA } from '@care/projector';
import type { AgencyContacts } from '../shared/agency-contacts';
import { SettingsQueries } from '../settings/settings-queries';
import { bellAudienceOf } from '../shared/audience';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';

/**
 * The signed-in user's own settings and the shell's help (any signed-in user): GET /api/account/notifications
 * (their notification choices, the defaults until they save some) and GET /api/support (the agency's support
 * contacts, from configuration; the on-call number from the agency's settings, else configuration). Whoever reads
 * every alert also has GET /api/account/alert-audiences: the audiences their bell follows and those they may choose.
 */
export function accountRoutes(deps: ReadDeps, contacts: AgencyContacts): Router<ReadState> {
  const router = new Router<ReadState>();
  const settings = new SettingsQueries(deps.db);

  router.get('/api/account/notifications', async (ctx) => {
    const row = await deps.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('users')
      .select('notification_choices')
      .where('id', '=', ctx.state.session.userId)
      .executeTakeFirst();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...DEFAULT_NOTIFICATION_CHOICES, ...(row?.notification_choices ?? {}) } satisfies NotificationChoices;
  });

  router.get('/api/account/alert-audiences', requirePermission('alerts.read'), async (ctx) => {
    const bell = await bellAudienceOf(deps.db, ctx.state.session);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      following: bell.kind === 'staff' ? [...bell.alerts] : [],
      readable: alertAudiencesReadBy(ctx.state.session.role),
    } satisfies AlertAudiencesView;
  });

  router.get('/api/support', async (ctx) => {
    // The on-call number saved in the admin panel's Settings wins over AGENCY_ON_CALL_PHONE (the default).
    const { onCallPhone } = await settings.details(contacts);
    ctx.body = {
      email: contacts.supportEmail,
      phone: contacts.supportPhone,
      hours: contacts.supportHours,
      onCallPhone,
    } satisfies SupportInfoView;
  });

  return router;
}
