import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { createLoaders, type Loaders } from '../graphql/loaders';

/** Everything a service needs about the request it serves. */
export interface RequestContext {
  requestId: string;
  /** This request's own EntityManager fork: GraphQL and REST share it, nobody uses the global one. */
  em: EntityManager;
  loaders: Loaders;
  log: Logger;
  config: AppConfig;
  ip: string;
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

export function createRequestContext(
  orm: MikroORM,
  config: AppConfig,
  log: Logger,
  requestId: string,
  ip: string,
): RequestContext {
  const em = orm.em.fork();
  return { requestId, em, loaders: createLoaders(em), log, config, ip };
}

/** Forks the EntityManager and builds the DataLoaders once per request. */
export function requestContextMiddleware(orm: MikroORM, config: AppConfig) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const log = (request as Request & { log?: Logger }).log;
    request.ctx = createRequestContext(orm, config, log!, String(request.id), request.ip ?? 'unknown');
    next();
  };
}
