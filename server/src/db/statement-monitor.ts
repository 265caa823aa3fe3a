import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { currentRequestId } from '../core/request-scope';
import type { ShopMetrics, PoolState } from '../shared/shop-metrics';
import { isDatabaseUnavailable } from './unavailable';

/** What knex's query events carry about a statement (the same uid on its start and its end). */
interface QueryEvent {
  __knexQueryUid?: string;
  __knexTxId?: string;
  sql?: string;
}

/** Statements under way are a few per pooled connection; the bound only guards against events that never end. */
const inFlightLimit = 10_000;

/**
 * A statement's shape for the log: string and number literals replaced by `?` (MikroORM sends values inlined), so
 * an e-mail address, a phone number or a password hash never reaches the log; cut to a readable length.
 */
export function statementShape(sql: string): string {
  const shape = sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\b\d+(?:\.\d+)?\b/g, '?')
    .replace(/\s+/g, ' ')
    .trim();
  return shape.length > 1_000 ? `${shape.slice(0, 1_000)}…` : shape;
}

/** The kind of a failed statement, a bounded label: the SQLSTATE's meaning, or how the connection failed. */
export function statementErrorKind(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '57014') return 'timeout';
  if (code === '55P03') return 'lock_timeout';
  if (code === '40001' || code === '40P01') return 'serialization';
  if (typeof code === 'string' && code.startsWith('23')) return 'constraint';
  if (isDatabaseUnavailable(error)) return 'connection';
  return 'other';
}

export interface StatementMonitorOptions {
  log: Logger;
  /** A statement taking at least this long is logged (0: every statement). */
  slowStatementMs: number;
  metrics?: ShopMetrics;
}

/**
 * Watches every statement the ORM's knex sends (MikroORM's, the prepared statements, the rate limiter's, in
 * transactions or not) through knex's own query events: one taking SLOW_STATEMENT_MS or longer is logged with its
 * duration, its shape and the request it ran for; failures are counted by kind, and so are requests for a pooled
 * connection that failed. Answers a function that stops watching.
 */
export function monitorStatements(
  orm: MikroORM,
  { log, slowStatementMs, metrics }: StatementMonitorOptions,
): () => void {
  const knex = orm.em.getKnex();
  const started = new Map<string, bigint>();
  const begin = (query: QueryEvent) => {
    if (!query.__knexQueryUid) return;
    if (started.size >= inFlightLimit) started.delete(started.keys().next().value!);
    started.set(query.__knexQueryUid, process.hrtime.bigint());
  };
  const end = (query: QueryEvent, failed: boolean) => {
    const uid = query.__knexQueryUid;
    const at = uid === undefined ? undefined : started.get(uid);
    if (at === undefined) return;
    started.delete(uid!);
    const durationMs = Number(process.hrtime.bigint() - at) / 1e6;
    if (durationMs < slowStatementMs) return;
    metrics?.statementWasSlow();
    log.warn(
      {
        durationMs: Math.round(durationMs * 10) / 10,
        requestId: currentRequestId(),
        transaction: query.__knexTxId,
        failed,
        sql: statementShape(query.sql ?? ''),
      },
      'slow statement',
    );
  };
  const onResponse = (_response: unknown, query: QueryEvent) => end(query, false);
  const onError = (error: unknown, query: QueryEvent) => {
    metrics?.statementFailed(statementErrorKind(error));
    end(query, true);
  };
  knex.on('query', begin);
  knex.on('query-response', onResponse);
  knex.on('query-error', onError);
  const pool = knex.client.pool;
  const acquireFailed = () => metrics?.connectionNotAcquired();
  pool?.on('acquireFail', acquireFailed);
  return () => {
    knex.off('query', begin);
    knex.off('query-response', onResponse);
    knex.off('query-error', onError);
    pool?.removeListener('acquireFail', acquireFailed);
  };
}

/** The pool as a scrape reports it; undefined while knex has none (before connecting, after closing). */
export function poolStateOf(orm: MikroORM): PoolState | undefined {
  const pool = orm.em.getKnex().client.pool;
  if (!pool) return undefined;
  const max = orm.config.get('pool')?.max ?? 0;
  return { used: pool.numUsed(), free: pool.numFree(), waiting: pool.numPendingAcquires(), max };
}
