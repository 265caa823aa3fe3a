import { createHash } from 'node:crypto';
import { TransactionContext, type EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../core/errors';

/** The table migration 0010 creates, in the layout rate-limiter-flexible's PostgreSQL store expects. */
export const rateLimitTable = 'rate_limits';

type Knex = ReturnType<EntityManager['getKnex']>;

/**
 * A fixed-window limit kept in PostgreSQL, so every instance of the shop on one database shares it
 * (decision 0025). Each use is counted by one atomic upsert BEFORE the work it guards: parallel requests
 * cannot all pass a check that is only counted afterwards. `what` names the refused thing in the
 * message: "Too many <what>. Please try again in N minutes."
 */
export class RateLimit {
  // One store per database connection pool (each test shop, or the running shop, has its own ORM) and limit.
  private readonly stores = new WeakMap<Knex, Map<number, RateLimiterPostgres>>();

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    readonly what: string,
  ) {}

  /**
   * Counts one use for `key`; throws TOO_MANY_REQUESTS naming when to retry once over the limit
   * (`limit` when the shop's configuration sets it, else the default).
   */
  async consume(em: EntityManager, key: string, limit = this.limit): Promise<void> {
    try {
      await this.store(em, limit).consume(storedKey(key));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw this.tooMany(error.msBeforeNext);
      throw error;
    }
  }

  /** Gives a use back (a sign-in that succeeded does not count against the limit). */
  async giveBack(em: EntityManager, key: string, limit = this.limit): Promise<void> {
    await this.store(em, limit).reward(storedKey(key));
  }

  private store(em: EntityManager, limit: number): RateLimiterPostgres {
    // The store counts on a connection of its own from the pool. Inside a transaction that holds a row lock, the
    // callers waiting on that row hold pooled connections too: with all of them taken, this wait and theirs never
    // end until lock_timeout (the M-Pesa prompt's 503s, commit 964700e). Counted before or after, never inside:
    // not on the transaction's em, nor on another (the request's) while a transactional callback runs.
    if (em.getTransactionContext() || TransactionContext.getEntityManager()?.getTransactionContext()) {
      throw new Error(`the ${this.name} limit was counted inside a transaction: count it before or after`);
    }
    const knex = em.getKnex();
    let byLimit = this.stores.get(knex);
    if (!byLimit) this.stores.set(knex, (byLimit = new Map()));
    let store = byLimit.get(limit);
    if (!store) {
      store = new RateLimiterPostgres({
        storeClient: knex,
        storeType: 'knex',
        tableName: rateLimitTable,
        // The migration made the table; the store must not try to create it at run time.
        tableCreated: true,
        keyPrefix: this.name,
        points: limit,
        duration: Math.ceil(this.windowMs / 1000),
      });
      byLimit.set(limit, store);
    }
    return store;
  }

  private tooMany(msBeforeNext: number): AppError {
    const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
    return new AppError(
      'TOO_MANY_REQUESTS',
      `Too many ${this.what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

/**
 * Keys name e-mail addresses and client IPs: the table keeps only their SHA-256 (no personal data at
 * rest, and a fixed length that fits the store's varchar(255) key whatever the address's length).
 */
function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
