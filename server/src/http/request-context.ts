import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { createLoaders, type Loaders } from '../graphql/loaders';
import type { ResponseCache } from './response-cache';

/** Everything a service needs about the request it serves. */
export interface RequestContext {
  requestId: string;
  /** This request's own EntityManager fork: GraphQL and REST share it, nobody uses the global one. */
  em: EntityManager;
  loaders: Loaders;
  log: Logger;
  config: AppConfig;
  ip: string;
  /** Public answers kept in memory; services that change what they show call invalidate(). */
  responseCache: ResponseCache;
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
}

export function createRequestContext(
  { orm, config, responseCache }: ContextDependencies,
  log: Logger,
  requestId: string,
  ip: string,
): RequestContext {
  const ctx = { requestId, em: orm.em.fork(), log, config, ip, responseCache } as RequestContext;
  ctx.loaders = createLoaders(() => ctx);
  return ctx;
}

/** Forks the EntityManager and builds the DataLoaders once per request. */
export function requestContextMiddleware(dependencies: ContextDependencies) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const log = (request as Request & { log?: Logger }).log;
    request.ctx = createRequestContext(dependencies, log!, String(request.id), request.ip ?? 'unknown');
    next();
  };
}
