import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { AppError } from '../core/errors';
import { isDatabaseUnavailable, retryAfterSeconds, unavailableMessage } from '../db/unavailable';
import { QueryLimitError } from './limits';

/**
 * One error model: our AppErrors keep their code and field messages; GraphQL's own errors
 * (validation, parsing) pass through; anything else is logged and answered as INTERNAL, with no
 * stack trace, SQL or driver text.
 */
export function formatGraphQLError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (isDatabaseUnavailable(original)) {
      log.warn({ err: original }, 'database unavailable for a GraphQL operation; answered 503');
      return {
        message: unavailableMessage,
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      };
    }
    if (original instanceof AppError) {
      return {
        message: original.message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: {
          code: original.code,
          ...(original.fieldErrors.length > 0
            ? { fieldErrors: original.fieldErrors.map(({ field, code, message }) => ({ field, code, message })) }
            : {}),
        },
      };
    }
    if (original instanceof GraphQLError) {
      // Raised on purpose (parsing, validation, limits, bad variables): safe to show.
      const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
      // A document limit refused during validation: Apollo names it GRAPHQL_VALIDATION_FAILED; one code for all limits.
      if (original.originalError instanceof QueryLimitError) extensions.code = 'QUERY_TOO_COMPLEX';
      return { ...formatted, extensions };
    }
    log.error({ err: original }, 'unexpected error in a GraphQL operation');
    return {
      message: 'Internal server error',
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: 'INTERNAL' },
    };
  };
}

/** True when an operation failed because the database could not do it now (see db/unavailable.ts). */
function unavailableIn(errors: readonly unknown[] | undefined): boolean {
  return (errors ?? []).some((error) => {
    const original = unwrapResolverError(error);
    return isDatabaseUnavailable(original) || (original instanceof AppError && original.code === 'SERVICE_UNAVAILABLE');
  });
}

/**
 * An operation that hit a database time limit, a full pool or an unreachable PostgreSQL is answered with HTTP 503
 * and Retry-After, as REST's are: its writes were rolled back, so clients, proxies and load balancers may retry.
 */
export function serviceUnavailablePlugin<Context extends object>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, response }) {
          if (!unavailableIn(errors)) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(retryAfterSeconds));
        },
      };
    },
  };
}
