import Router from '@koa/router';
import { alertRuleSwitchRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch } from '../shared/request-parsing';
import { RuleSwitchService } from './rule-switch-service';

/**
 * POST /api/alert-rules/switch-off and /switch-on { rule, reason } (administrators, like the agency's settings):
 * an alert rule off for the agency, or on again. If-Match: the switches stream's revision (GET /api/alert-rules).
 */
export function ruleSwitchRoutes({ store }: CommandDeps): Router<CommandState> {
  const service = new RuleSwitchService(store);
  const router = new Router<CommandState>({ prefix: '/api/alert-rules' });
  const admin = requirePermission('admin.panel');
  for (const [path, type] of [
    ['/switch-off', 'SwitchAlertRuleOff'],
    ['/switch-on', 'SwitchAlertRuleOn'],
  ] as const) {
    router.post(path, admin, async (ctx) => {
      const input = parseOr400(alertRuleSwitchRequestSchema, ctx.request.body);
      ctx.body = commandReply(await service.run({ type, ...input }, parseIfMatch(ctx), commandContext(ctx)));
    });
  }
  return router;
}
