import type { ApolloServerPlugin } from '@apollo/server';
import type { DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { operationInputError } from './input-guard';
import { checkOperationCost, QueryLimitError, type QueryLimits } from './limits';

/**
 * What every GraphQL request is checked for once its operation and variables are known, before anything runs, in
 * one order on both paths (Apollo's plugin below, the direct path in http/direct-queries.ts): the estimated cost
 * (QUERY_TOO_COMPLEX), then the shared input check of its variables and literals (BAD_USER_INPUT). Undefined: none.
 */
export function operationCheckError(
  schema: GraphQLSchema,
  limits: QueryLimits,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  try {
    checkOperationCost(schema, limits, document, operation, variables);
  } catch (error) {
    if (error instanceof QueryLimitError) return error;
    throw error;
  }
  return operationInputError(document, variables);
}

/** The checks on every operation Apollo serves (POST, GET, multipart). */
export function operationChecksPlugin(schema: GraphQLSchema, limits: QueryLimits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request }) {
          if (!operation) return;
          const error = operationCheckError(schema, limits, document, operation, request.variables ?? {});
          if (error) throw error;
        },
      };
    },
  };
}
