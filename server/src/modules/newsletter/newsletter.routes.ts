import express, { Router } from 'express';
import { newsletterService } from './newsletter.service';

/**
 * The one-click unsubscribe of RFC 8058: mail clients POST `List-Unsubscribe=One-Click` (form-encoded) to the URL
 * of the List-Unsubscribe header. Only POST: a GET (a scanner following links) must not unsubscribe anyone.
 */
export function newsletterRoutes(): Router {
  const router = Router();
  router.post(
    '/newsletter/unsubscribe',
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (request, response) => {
      await newsletterService.unsubscribe(request.ctx, request.query.token);
      response.status(200).json({ success: true, message: 'Unsubscribed' });
    },
  );
  return router;
}
