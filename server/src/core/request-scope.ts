import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request whose work is running now, for code that is handed no request context: the database layer's
 * statement log names the request a slow statement ran for (decision 0107). The HTTP layer enters it once per
 * request; work outside requests (the timers' jobs) runs outside it.
 */
const requestScope = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it starts) as part of the request with this id. */
export function runInRequestScope<T>(requestId: string, work: () => T): T {
  return requestScope.run(requestId, work);
}

/** The id of the request the caller runs for, or undefined outside a request. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore();
}
