import express, { Router } from 'express';
import { backInStockService } from './back-in-stock.service';
import { cartRemindersService } from './cart-reminders.service';

/**
 * RFC 8058's one-click unsubscribe for the back-in-stock and cart reminder e-mails: mail clients POST
 * `List-Unsubscribe=One-Click` (form-encoded) to the header's URL. Only POST: a GET (a scanner following links)
 * must stop nothing.
 */
export function demandRoutes(): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '2kb' });
  router.post('/back-in-stock/stop', form, async (request, response) => {
    await backInStockService.stop(request.ctx, request.query.token);
    response.status(200).json({ success: true, message: 'Stopped' });
  });
  router.post('/cart-reminders/stop', form, async (request, response) => {
    await cartRemindersService.stop(request.ctx, request.query.token);
    response.status(200).json({ success: true, message: 'Stopped' });
  });
  return router;
}
