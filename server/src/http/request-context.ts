import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import type { RequestContext } from '../core/request-context';
import { createLoaders } from '../graphql/loaders';
import type { ResponseCache } from './response-cache';
import { clientAddressOf, trustFunction } from './client-address';
import type { Mailer } from '../mail/mailer';
import type { SmsSender } from '../modules/notifications/sms';
import { sessionCookieName, sessionTokenOf, viewerForToken } from '../modules/accounts/sessions';
import type { PaystackClient } from '../modules/payments/paystack-client';
import type { ProductViewCache } from '../modules/catalog/product-view-cache';
import type { ListReadCache } from '../modules/catalog/list-read-cache';
import type { FileStorage } from '../storage/file-storage';

/** The request context as the HTTP layer sees it: with the response cache, which services never touch (0035). */
export interface HttpRequestContext extends RequestContext {
  /** Public answers kept in memory, for the HTTP layer: services announce changes instead (decision 0035). */
  responseCache: ResponseCache;
  /** The response cache's generation when the request began: an answer read before a change is not stored. */
  cacheGeneration: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    ctx: HttpRequestContext;
  }
}

export interface ContextDependencies {
  orm: MikroORM;
  config: AppConfig;
  responseCache: ResponseCache;
  mailer: Mailer;
  sms: SmsSender;
  storage: FileStorage;
  paystack: () => PaystackClient;
  productViews: ProductViewCache;
  listReads: ListReadCache;
}

const noHttp: RequestContext['http'] = { setSessionCookie() {}, clearSessionCookie() {} };

export function createRequestContext(
  { orm, config, responseCache, mailer, sms, storage, paystack, productViews, listReads }: ContextDependencies,
  log: Logger,
  requestId: string,
  ip: string,
  http: RequestContext['http'] = noHttp,
): HttpRequestContext {
  const ctx = {
    requestId,
    log,
    config,
    ip,
    responseCache,
    cacheTags: new Set<string>(),
    cacheGeneration: responseCache.generation,
    mailer,
    sms,
    storage,
    paystack,
    productViews,
    listReads,
    viewer: null,
    http,
  } as HttpRequestContext;
  // Forked on first use: a read answered from the response cache never needs one.
  let em: EntityManager | undefined;
  Object.defineProperty(ctx, 'em', { get: () => (em ??= orm.em.fork()), enumerable: true });
  ctx.loaders = createLoaders(() => ctx);
  return ctx;
}

/** Forks the EntityManager, builds the DataLoaders and finds the viewer (one statement, only with a token). */
export function requestContextMiddleware(dependencies: ContextDependencies) {
  // Secure whenever the shop is served over https; `npm start` on http://localhost still signs in.
  const secure = dependencies.config.publicUrl.startsWith('https://');
  const clientAddress = clientAddressOf(trustFunction(dependencies.config.trustProxy));
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const log = (request as Request & { log?: Logger }).log;
    const http: RequestContext['http'] = {
      setSessionCookie: (token, expires) =>
        response.cookie(sessionCookieName, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires }),
      clearSessionCookie: () =>
        response.clearCookie(sessionCookieName, { httpOnly: true, sameSite: 'lax', secure, path: '/' }),
    };
    request.ctx = createRequestContext(dependencies, log!, String(request.id), clientAddress(request), http);
    const token = sessionTokenOf(request);
    if (token) request.ctx.viewer = await viewerForToken(request.ctx.em, token);
    next();
  };
}
