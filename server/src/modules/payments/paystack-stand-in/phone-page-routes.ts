import { Router, urlencoded } from 'express';
import { escapeHtml } from '../../../shared/html';
import { transactionData } from './shapes';
import { amountText, simulatorPage } from './pages';
import { kenyanPhone, storable } from './request-checks';
import type { StandIn } from './stand-in-options';
import { promptsPerPage, standInStore } from './store';

/** The simulated M-Pesa phone (/paystack-simulator/phone): the prompts a mobile-money charge sent, to approve. */
export function phonePageRoutes(standIn: StandIn): Router {
  const router = Router();

  router.get('/phone', async (request, response) => {
    const number = request.query.number;
    const phone = kenyanPhone(number);
    const page = Math.max(Number.parseInt(String(request.query.page ?? '1'), 10) || 1, 1);
    const prompts = phone ? await standInStore.pendingPrompts(request.ctx.em, phone, page) : [];
    const shown = prompts.slice(0, promptsPerPage);
    const list = shown
      .map(
        (
          prompt,
        ) => `<li><p>Pay <strong>${escapeHtml(amountText(Number(prompt.amount), prompt.currency))}</strong> to Manukato (reference ${escapeHtml(prompt.reference)})?</p>
<form method="post" action="/paystack-simulator/phone/${escapeHtml(encodeURIComponent(prompt.reference))}"><input type="hidden" name="number" value="${escapeHtml(phone!)}"><button class="pay" name="outcome" value="success">Approve</button><button name="outcome" value="failed">Decline</button></form></li>`,
      )
      .join('');
    const more =
      prompts.length > promptsPerPage
        ? `<p><a href="/paystack-simulator/phone?number=${encodeURIComponent(phone!)}&amp;page=${page + 1}">More prompts</a></p>`
        : '';
    simulatorPage(
      response,
      200,
      'Phone simulator',
      `<p>This stands in for an M-Pesa phone while the shop is in test mode: no money moves.</p>
<form method="get" action="/paystack-simulator/phone"><label for="number">Phone number</label><input id="number" name="number" inputmode="tel" autocomplete="tel" value="${escapeHtml(phone ?? (typeof number === 'string' ? number.slice(0, 20) : ''))}"><button>Show prompts</button></form>
${phone ? (shown.length > 0 ? `<h2>Waiting for approval</h2><ul>${list}</ul>${more}` : '<p>No payment is waiting on this phone.</p>') : number === undefined ? '' : '<p>Enter a Kenyan mobile number, such as 0712 345 678.</p>'}`,
    );
  });

  router.post('/phone/:reference', urlencoded({ extended: false, limit: '1kb' }), async (request, response) => {
    const phone = kenyanPhone(request.body?.number);
    const outcome = request.body?.outcome;
    if (!phone || (outcome !== 'success' && outcome !== 'failed') || !storable(request.params.reference, 200)) {
      simulatorPage(response, 400, 'Choose Approve or Decline', '<p>Go back and choose Approve or Decline.</p>');
      return;
    }
    const found = await standInStore.answerPrompt(request.ctx.em, request.params.reference, phone, outcome);
    if (!found) {
      simulatorPage(
        response,
        404,
        'Prompt not found',
        `<p>This prompt has already been answered or was not sent to this phone. Nothing was paid or changed.</p><p><a href="/paystack-simulator/phone?number=${encodeURIComponent(phone)}">Back to the phone</a></p>`,
      );
      return;
    }
    if (outcome === 'success') await standIn.sendWebhook('charge.success', transactionData(found));
    response.redirect(303, `/paystack-simulator/phone?number=${encodeURIComponent(phone)}`);
  });

  return router;
}
