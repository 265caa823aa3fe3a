/**
 * Failures that say "the database could not do this now", not "this request is wrong": a time limit ran out,
 * PostgreSQL is full, restarting or out of reach, or the pool had no connection in time (decision 0067). Whatever
 * the request did was rolled back with its transaction, so the same request may simply be sent again: the HTTP
 * layer answers them with a retryable 503.
 */
const unavailableSqlStates = new Set([
  // statement_timeout (or a cancelled query)
  '57014',
  // lock_timeout, or NOWAIT
  '55P03',
  // idle_in_transaction_session_timeout: the session was ended, its transaction rolled back
  '25P03',
  // serialization failure and deadlock: PostgreSQL rolled one side back so the other could go on
  '40001',
  '40P01',
  // too many connections (in all, or for this role or database)
  '53300',
  // the server shutting down, crashed or starting: admin_shutdown, crash_shutdown, cannot_connect_now
  '57P01',
  '57P02',
  '57P03',
]);

/** SQLSTATE class 08: the connection failed. */
const connectionExceptionClass = '08';

/**
 * The network stack's refusals before anything was sent (so nothing can have happened, whatever the peer): a
 * connection reset under a query is node-postgres's "Connection terminated" below, and a reset on the way to
 * another service (Paystack) leaves it unknown whether it acted, which is not this answer's to say.
 */
const unreachableCodes = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres's own words for a connection that ended under a query or never opened in time. */
const connectionEndedMessages = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  // a query on a client whose session PostgreSQL ended (idle_in_transaction_session_timeout, a restart)
  'Client has encountered a connection error and is not queryable',
];

/** knex's pool: no connection free within acquireTimeoutMillis (KnexTimeoutError; MikroORM may rewrap it). */
const acquireTimeoutMessage = 'Knex: Timeout acquiring a connection';

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  previous?: unknown;
  /** graphql-js's NonErrorThrown: what a resolver threw that was not an Error of its realm (as Jest's vm sees Node's). */
  thrownValue?: unknown;
}

function isUnavailableItself(error: ErrorLike): boolean {
  const { code, name } = error;
  const message = typeof error.message === 'string' ? error.message : '';
  if (typeof code === 'string') {
    if (unavailableSqlStates.has(code) || unreachableCodes.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(connectionExceptionClass)) return true;
  }
  if (name === 'KnexTimeoutError' || message.startsWith(acquireTimeoutMessage)) return true;
  return connectionEndedMessages.some((words) => message.startsWith(words));
}

/** True when `error`, or an error it wraps (cause, MikroORM's previous, graphql-js's thrownValue), is such a failure. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  // Wrappers are few; the bound only guards against a cycle.
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const candidate = current as ErrorLike;
    if (isUnavailableItself(candidate)) return true;
    current = candidate.cause ?? candidate.previous ?? candidate.thrownValue;
  }
  return false;
}

/** How long a client is asked to wait before sending the request again (Retry-After, in seconds). */
export const retryAfterSeconds = 2;

/** What shoppers and API clients read: nothing of the database, and that trying again is the right move. */
export const unavailableMessage = 'The shop is busy right now. Please try again in a moment.';
