import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { createLoaders, type Loaders } from '../graphql/loaders';
import type { ResponseCache } from './response-cache';
import { clientAddressOf, trustFunction } from './client-address';
import type { Mailer } from '../mail/mailer';
import { sessionCookieName, sessionTokenOf, viewerForToken } from '../modules/accounts/sessions';
import type { Viewer } from '../modules/accounts/viewer';
import type { PaystackClient } from '../modules/payments/paystack-client';
import type { FileStorage } from '../storage/file-storage';

/** Everything a service needs about the request it serves. */
export interface RequestContext {
  requestId: string;
  /** This request's own EntityManager fork: GraphQL and REST share it, nobody uses the global one. */
  em: EntityManager;
  loaders: Loaders;
  log: Logger;
  config: AppConfig;
  ip: string;
  /** Public answers kept in memory, for the HTTP layer: services announce changes instead (decision 0035). */
  responseCache: ResponseCache;
  /** What this request's answer was made from (cache tags, events/catalogue-change.ts), added by the reads. */
  cacheTags: Set<string>;
  /** The response cache's generation when the request began: an answer read before a change is not stored. */
  cacheGeneration: number;
  mailer: Mailer;
  /** Uploaded images: the uploads directory or object storage, the same for every instance. */
  storage: FileStorage;
  /** Paystack, or the shop's stand-in when no secret key is configured. */
  paystack: () => PaystackClient;
  /** Who is signed in (from the session cookie or a Bearer token), null for a guest. */
  viewer: Viewer | null;
  /** What services may do to the HTTP answer. */
  http: { setSessionCookie(token: string, expires: Date): void; clearSessionCookie(): void };
}

declare module 'express-serve-static-core' {
  interface Request {
    ctx: RequestContext;
  }
}

const requestIdPattern = /^[\w.-]{1,100}$/;

export function requestIdFor(request: Request): string {
  const offered = request.get('x-request-id');
  return offered && requestIdPattern.test(offered) ? offered : randomUUID();
}

export interface ContextDependencies {
  orm: MikroORM;
  config: AppConfig;
  responseCache: ResponseCache;
  mailer: Mailer;
  storage: FileStorage;
  paystack: () => PaystackClient;
}

const noHttp: RequestContext['http'] = { setSessionCookie() {}, clearSessionCookie() {} };

export function createRequestContext(
  { orm, config, responseCache, mailer, storage, paystack }: ContextDependencies,
  log: Logger,
  requestId: string,
  ip: string,
  http: RequestContext['http'] = noHttp,
): RequestContext {
  const ctx = {
    requestId,
    log,
    config,
    ip,
    responseCache,
    cacheTags: new Set<string>(),
    cacheGeneration: responseCache.generation,
    mailer,
    storage,
    paystack,
    viewer: null,
    http,
  } as RequestContext;
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
