import { Router } from 'express';
import { streamCsv } from '../admin/admin.routes';
import { auditService } from './audit.service';

/** The owner's CSV of the audit log, with the page's filters (decision 0103): streamed a page of entries at a time. */
export function auditRoutes(): Router {
  const router = Router();

  router.get('/admin/export/audit.csv', async (request, response) => {
    const { actorId, action, targetType, targetId, from, to } = request.query;
    const chunks = auditService.csv(request.ctx, { actorId, action, targetType, targetId, from, to });
    // The first chunk checks the viewer and the filters: a refusal is a 401/403/400 answer, not a cut download.
    await streamCsv(response, `manukato-audit-${new Date().toISOString().slice(0, 10)}.csv`, chunks);
  });

  return router;
}
