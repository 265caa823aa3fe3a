import type { DatabaseLimits } from '../config/config';

/**
 * The limits start-up work runs under (decision 0067): a migration may build an index on a large table and a
 * first start seeds the catalogue, so statements get minutes. A lock waited for is still bounded: a migration
 * queued for a table's lock blocks every reader of that table behind it, and running instances release theirs
 * within their own limits (seconds), so half a minute means something outside the shop holds it.
 */
export const startupLimits = {
  statementMs: 10 * 60_000,
  lockMs: 30_000,
  idleInTransactionMs: 60_000,
} as const;

/**
 * Waiting for another instance's start-up (the start-up lock): as long as its migrations and seeds may take, and
 * a little more. A holder that dies releases the lock with its session.
 */
export const startupLockWaitMs = startupLimits.statementMs + 5 * 60_000;

/**
 * node-postgres connection settings that give every connection of the pool the shop's limits from its first
 * statement on: they travel in the start-up message (no statement of their own), so every statement on the
 * connection has them, named prepared statements (shared/prepared-statements.ts) and MikroORM's alike. 0 sends
 * nothing: the server's own default applies. connectionTimeoutMillis bounds reaching the server at all.
 */
export function connectionLimits(limits: DatabaseLimits): Record<string, number> {
  return {
    ...(limits.statementMs > 0 ? { statement_timeout: limits.statementMs } : {}),
    ...(limits.lockMs > 0 ? { lock_timeout: limits.lockMs } : {}),
    ...(limits.idleInTransactionMs > 0 ? { idle_in_transaction_session_timeout: limits.idleInTransactionMs } : {}),
    connectionTimeoutMillis: limits.acquireMs,
  };
}

/**
 * Start-up options of every pooled connection (decision 0091): queries are planned serially. A shop's statements
 * read a few hundred rows at most; a parallel plan for one (PostgreSQL chose two workers for a common search word)
 * starts worker processes that cost more CPU than they save: 13 ms of CPU a search instead of 4, on the core
 * that serves every other shopper.
 */
export const connectionOptions = '-c max_parallel_workers_per_gather=0';
