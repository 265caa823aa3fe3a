import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import type { Mailer } from '../mail/mailer';
import type { FileStorage } from '../storage/file-storage';

/**
 * Each module's DataLoaders for this request. A module adds its own entry where it defines them, by declaration
 * merging (`declare module '…/core/request-context'`), so core never imports a module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the modules (see above).
export interface RequestLoaders {}

/**
 * Everything a service needs about the request it serves. The parts a module owns (the viewer: accounts,
 * the Paystack client: payments) are added by that module the same way as RequestLoaders; the HTTP layer
 * builds it (http/request-context.ts).
 */
export interface RequestContext {
  requestId: string;
  /** This request's own EntityManager fork: GraphQL and REST share it, nobody uses the global one. */
  em: EntityManager;
  loaders: RequestLoaders;
  log: Logger;
  config: AppConfig;
  ip: string;
  /** What this request's answer was made from (cache tags, events/catalogue-change.ts), added by the reads. */
  cacheTags: Set<string>;
  mailer: Mailer;
  /** Uploaded images: the uploads directory or object storage, the same for every instance. */
  storage: FileStorage;
  /** What services may do to the HTTP answer. */
  http: { setSessionCookie(token: string, expires: Date): void; clearSessionCookie(): void };
}

/**
 * The cache tags of a request whose answer is never stored (the direct path's POSTs): adding is a no-op, so a page
 * of 60 products does not build 60 tags for nobody (issue 29's allocation budget).
 */
class UnrecordedTags extends Set<string> {
  override add(): this {
    return this;
  }
}
export const unrecordedTags: Set<string> = new UnrecordedTags();
