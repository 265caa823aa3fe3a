import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { Server } from 'node:http';
import { InMemoryLRUCache, type KeyValueCache, type KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import type { DocumentNode, GraphQLSchema, ValidationRule } from 'graphql';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import type { RequestContext } from '../core/request-context';
import { formatGraphQLError, serviceUnavailablePlugin } from './errors';
import type { CacheBudget } from '../shared/cache-budget';
import { SecondSight } from '../shared/second-sight';
import { operationChecksPlugin } from './operation-checks';
import { parseOptionsFor } from './limits';

/** A parsed document keeps its tokens (for error locations): a few times its JSON, as measured in 0024. */
const documentBytes = (document: DocumentNode) => 4 * Buffer.byteLength(JSON.stringify(document));

/**
 * Apollo's parsed-document store keeping a document from the second time its text is sent (decision 0071): one-off
 * documents (an attacker's, each new) are parsed and validated as always but never stored.
 */
export class SecondSightDocumentStore implements KeyValueCache<DocumentNode> {
  private readonly admission = new SecondSight();

  constructor(private readonly documents: KeyValueCache<DocumentNode>) {}

  get(key: string): Promise<DocumentNode | undefined> {
    return this.documents.get(key);
  }

  async set(key: string, document: DocumentNode, options?: KeyValueCacheSetOptions): Promise<void> {
    if (this.admission.admit(key)) await this.documents.set(key, document, options);
  }

  delete(key: string): Promise<boolean | void> {
    return this.documents.delete(key);
  }
}

export function createApolloServer(
  schema: GraphQLSchema,
  config: AppConfig,
  log: Logger,
  httpServer: Server,
  budget: CacheBudget,
  /** graphqlValidationRules (limits.ts), the same object the direct path validates with. */
  validationRules: ValidationRule[],
): ApolloServer<RequestContext> {
  return new ApolloServer<RequestContext>({
    schema,
    // Developers explore the API in the bundled, offline GraphiQL; GRAPHQL_INTROSPECTION=false refuses it
    // with graphql-js's own rule, among the validation rules.
    introspection: true,
    // The token limit stops the parser itself; the document limits are among the validation rules.
    parseOptions: parseOptionsFor(config.graphql),
    validationRules,
    // Apollo's parsed-document store and persisted-query cache, within the process's cache budget (bytes).
    documentStore: new SecondSightDocumentStore(
      new InMemoryLRUCache<DocumentNode>({ maxSize: budget.apolloDocuments, sizeCalculation: documentBytes }),
    ),
    cache: new InMemoryLRUCache({ maxSize: budget.apolloPersistedQueries }),
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
      operationChecksPlugin(schema, config.graphql),
      serviceUnavailablePlugin(),
    ],
  });
}
