import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { Server } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import type { RequestContext } from '../http/request-context';
import { formatGraphQLError } from './errors';
import { queryLimitsPlugin } from './limits';

export function createApolloServer(
  schema: GraphQLSchema,
  config: AppConfig,
  log: Logger,
  httpServer: Server,
): ApolloServer<RequestContext> {
  return new ApolloServer<RequestContext>({
    schema,
    // Developers explore the API in the bundled, offline GraphiQL; introspection stays on for it.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // The server's own shutdown (main.ts) stops Apollo in order; Apollo's handler would race it.
    stopOnTerminationSignals: false,
    formatError: formatGraphQLError(log),
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // Its per-field hooks wrap every resolver; public answers are cached by the server's own response cache.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer }),
      queryLimitsPlugin(schema, config.graphql),
    ],
  });
}
