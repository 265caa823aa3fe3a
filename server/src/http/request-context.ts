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

/**
 * The request's EntityManager, forked on first use: a read answered from the response cache never needs one. A getter
 * on a class, not one defined on each context: an accessor made per object gives every context a hidden class of its
 * own, which V8 allocates in the old generation, and from there it kept the whole request (its loaders, their
 * answers) alive through every young collection until the next full one (decision 0113).
 */
class LazyFork {
  private fork: EntityManager | undefined;

  constructor(private readonly orm: MikroORM) {}

  get em(): EntityManager {
    return (this.fork ??= this.orm.em.fork());
  }
}

export function createRequestContext(
  { orm, config, responseCache, mailer, sms, storage, paystack, productViews, listReads }: ContextDependencies,
  log: Logger,
  requestId: string,
  ip: string,
  http: RequestContext['http'] = noHttp,
): HttpRequestContext {
  // Assigned in one order, so every context shares one chain of hidden classes.
  const ctx = new LazyFork(orm) as unknown as HttpRequestContext;
  ctx.requestId = requestId;
  ctx.log = log;
  ctx.config = config;
  ctx.ip = ip;
  ctx.responseCache = responseCache;
  ctx.cacheTags = new Set<string>();
  ctx.cacheGeneration = responseCache.generation;
  ctx.mailer = mailer;
  ctx.sms = sms;
  ctx.storage = storage;
  ctx.paystack = paystack;
  ctx.productViews = productViews;
  ctx.listReads = listReads;
  ctx.viewer = null;
  ctx.http = http;
  ctx.loaders = createLoaders(() => ctx);
  return ctx;
}

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
