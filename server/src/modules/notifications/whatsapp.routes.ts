import { timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { describeProblem, inputProblem, isJsonObject } from '../../shared/input-check';
import { rawWebhookBody, signedJsonBody } from '../../shared/signed-webhook';
import { isValidWhatsAppSignature } from './whatsapp';
import { applyWhatsAppStatus, type WhatsAppStatus } from './whatsapp-jobs';

/** Statuses one webhook may carry that are looked at; Meta batches a few, never thousands. */
const maxStatuses = 1000;

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The `statuses` of a Cloud API webhook (`entry[].changes[].value.statuses[]`), the fields we read, checked. */
function statusesOf(payload: Record<string, unknown>): WhatsAppStatus[] {
  const statuses: WhatsAppStatus[] = [];
  const list = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => isJsonObject(item)) : [];
  for (const entry of list(payload.entry)) {
    for (const change of list(entry.changes)) {
      const value = isJsonObject(change.value) ? change.value : {};
      for (const status of list(value.statuses)) {
        if (typeof status.id !== 'string' || typeof status.status !== 'string' || status.id.length > 200) continue;
        statuses.push({
          id: status.id,
          status: status.status,
          callbackData:
            typeof status.biz_opaque_callback_data === 'string' ? status.biz_opaque_callback_data : undefined,
          errors: list(status.errors).map((error) => ({
            code: typeof error.code === 'number' ? error.code : undefined,
            title: typeof error.title === 'string' ? error.title.slice(0, 200) : undefined,
          })),
        });
      }
    }
  }
  return statuses.slice(0, maxStatuses);
}

/**
 * The WhatsApp Cloud API's webhook (decision 0099), mounted before any JSON parser: the signature is over the raw body.
 * GET is Meta's subscription handshake (hub.mode=subscribe and our WHATSAPP_VERIFY_TOKEN: answer hub.challenge).
 * POST carries delivery reports, signed X-Hub-Signature-256 with the app secret and compared in constant time: a
 * bad or missing signature is 401 and changes nothing; `failed` for a message we sent queues its SMS, once.
 */
export function whatsappWebhookRoutes(): Router {
  const router = Router();
  router.get('/whatsapp/webhook', (request, response) => {
    // Mounted before the shop's input guard: the query gets the same check here.
    const problem = inputProblem(request.query, 'query');
    if (problem) {
      response.status(400).json({ success: false, message: describeProblem(problem) });
      return;
    }
    const verifyToken = request.ctx.config.whatsapp.verifyToken;
    const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = request.query;
    if (
      !verifyToken ||
      mode !== 'subscribe' ||
      typeof token !== 'string' ||
      !sameText(token, verifyToken) ||
      typeof challenge !== 'string' ||
      !/^[\w-]{1,200}$/.test(challenge)
    ) {
      response.status(403).json({ success: false, message: 'Verification failed' });
      return;
    }
    response.type('text/plain').send(challenge);
  });
  router.post('/whatsapp/webhook', rawWebhookBody, async (request, response) => {
    const appSecret = request.ctx.config.whatsapp.appSecret;
    const parsed = signedJsonBody(
      request,
      response,
      (body) => !!appSecret && isValidWhatsAppSignature(appSecret, body, request.get('x-hub-signature-256')),
    );
    if (!parsed) return;
    for (const status of statusesOf(parsed)) {
      if (await applyWhatsAppStatus(request.ctx.em, status)) {
        request.ctx.log.warn({ messageId: status.id }, 'whatsapp reported a message failed; its SMS goes instead');
      }
    }
    response.json({ success: true });
  });
  return router;
}
