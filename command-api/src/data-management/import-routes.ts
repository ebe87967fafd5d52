import Router from '@koa/router';
import { importRequestSchema, positionToToken } from '@care/events';
import { HttpError, parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';
import { commandContext } from '../shared/request-parsing';
import { ImportFileError } from './import-rows';
import { ImportService } from './import-service';

/**
 * POST /api/admin/imports (administrators): Import Data's dry run (`dryRun: true`, appends nothing) and the import.
 * Both answer the row-by-row report; the import answers 422 with the report when a row is refused
 * (then nothing was imported). A file that cannot be read at all is a 400 naming why.
 */
export function importRoutes(deps: CommandDeps): Router<CommandState> {
  const service = new ImportService(deps.store);
  const router = new Router<CommandState>();
  router.post('/api/admin/imports', requirePermission('admin.panel'), async (ctx) => {
    const { list, csv, dryRun } = parseOr400(importRequestSchema, ctx.request.body);
    let result;
    try {
      result = await service.run(list, csv, dryRun, commandContext(ctx));
    } catch (error) {
      if (error instanceof ImportFileError) throw new HttpError(400, 'Validation failed', { csv: error.message });
      throw error;
    }
    const { report, position } = result;
    ctx.status = dryRun || report.applied ? 200 : 422;
    ctx.body = { ...report, ...(position && { position: positionToToken(position) }) };
  });
  return router;
}
