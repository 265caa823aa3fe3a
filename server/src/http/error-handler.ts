import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../core/errors';
import type { Envelope } from '../core/envelope';
import { isDatabaseUnavailable, retryAfterSeconds, unavailableMessage } from '../db/unavailable';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** A page a browser asked for (not an API call): it gets HTML back, whatever went wrong. */
function isPageRequest(request: Request): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.originalUrl.startsWith('/api/') &&
    request.accepts(['json', 'html']) === 'html'
  );
}

const unavailablePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retryAfterSeconds * 5}"><title>Manukato: please try again</title></head>
<body><main><h1>Manukato</h1><p>${unavailableMessage}</p></main></body></html>
`;

/** Maps every failure of a REST call onto the spec's envelope; never a stack trace or SQL. */
export function restErrorHandler(log: Logger) {
  return (error: unknown, request: Request, response: Response, next: NextFunction): void => {
    if (response.headersSent) return next(error);
    if (isDatabaseUnavailable(error)) {
      // A time limit, a full pool, PostgreSQL away: the transaction was rolled back, so the client may retry.
      (request.log ?? log).warn({ err: error }, 'database unavailable for a request; answered 503');
      response.status(503).set('Retry-After', String(retryAfterSeconds));
      // Before Apollo (the session lookup of a /graphql request): a GraphQL client reads `errors`.
      if (request.path === '/graphql') {
        response.json({ errors: [{ message: unavailableMessage, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
      } else if (isPageRequest(request)) {
        // A shopper's browser: a page that says so in words, and tries again by itself after the wait.
        response.set('Cache-Control', 'no-store').type('html').send(unavailablePage);
      } else {
        response.json({ success: false, message: unavailableMessage, code: 'SERVICE_UNAVAILABLE' });
      }
      return;
    }
    if (error instanceof AppError) {
      if (error.code === 'SERVICE_UNAVAILABLE') response.set('Retry-After', String(retryAfterSeconds));
      response.status(error.httpStatus).json({
        success: false,
        message: error.message,
        code: error.code,
        ...(error.fieldErrors.length > 0
          ? { errors: error.fieldErrors.map(({ field, code, message }) => ({ field, code, message })) }
          : {}),
      } satisfies Envelope<never> & { code: string });
      return;
    }
    const httpError = error as HttpLikeError;
    const status = httpError?.status ?? httpError?.statusCode;
    if (status && status >= 400 && status < 500) {
      // Body-parser and similar errors: the client sent something we cannot read.
      const message =
        httpError.type === 'entity.parse.failed'
          ? 'The request body is not valid JSON.'
          : httpError.type === 'entity.too.large'
            ? 'The request body is too large.'
            : httpError.expose && httpError.message
              ? httpError.message
              : 'Bad request';
      response.status(status).json({ success: false, message, code: 'BAD_USER_INPUT' });
      return;
    }
    (request.log ?? log).error({ err: error }, 'unexpected error in a REST call');
    response.status(500).json({ success: false, message: 'Internal server error', code: 'INTERNAL' });
  };
}
