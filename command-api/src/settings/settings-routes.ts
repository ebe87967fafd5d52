import Router from '@koa/router';
import { agencySettingsRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch } from '../shared/request-parsing';
import { SettingsService } from './settings-service';

/** PUT /api/settings (administrators): Save Settings on the admin panel's Settings tab. */
export function settingsRoutes(deps: CommandDeps): Router<CommandState> {
  const service = new SettingsService(deps.store);
  const router = new Router<CommandState>();
  router.put('/api/settings', requirePermission('admin.panel'), async (ctx) => {
    const settings = parseOr400(agencySettingsRequestSchema, ctx.request.body);
    ctx.body = commandReply(await service.save(settings, parseIfMatch(ctx), commandContext(ctx)));
  });
  return router;
}
