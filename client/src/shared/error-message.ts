import { CombinedGraphQLErrors } from '@apollo/client';

/**
 * The message the server wrote for a failed operation (e.g. a rate limit), or `fallback` when the failure
 * never reached it (offline, a proxy's error page): network error texts are not for shoppers.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const message = error.errors[0]?.message?.trim();
    if (message) return message;
  }
  return fallback;
}
