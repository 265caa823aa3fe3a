import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/** The deepest field path of an operation, following fragments (introspection's own depth counts too). */
export function operationDepth(operation: OperationDefinitionNode, document: DocumentNode): number {
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const depthOf = (selectionSet: SelectionSetNode | undefined, seen: Set<string>): number => {
    if (!selectionSet) return 0;
    let deepest = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet, seen) : 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        deepest = Math.max(deepest, depthOf(selection.selectionSet, seen));
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (fragment && !seen.has(name))
          deepest = Math.max(deepest, depthOf(fragment.selectionSet, new Set([...seen, name])));
      }
    }
    return deepest;
  };
  return depthOf(operation.selectionSet, new Set());
}

export interface QueryLimits {
  maxDepth: number;
  maxComplexity: number;
}

/**
 * Throws QUERY_TOO_COMPLEX when an operation is deeper or costlier than the limits. Variables that do not
 * coerce are left to execution, which reports them as BAD_USER_INPUT with the right status.
 */
export function checkQueryLimits(
  schema: GraphQLSchema,
  limits: QueryLimits,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): void {
  const depth = operationDepth(operation, document);
  if (depth > limits.maxDepth) {
    throw new GraphQLError(`Query is too deep: depth ${depth} exceeds the limit of ${limits.maxDepth}.`, {
      extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } },
    });
  }
  let complexity: number;
  try {
    complexity = getComplexity({
      schema,
      query: document,
      operationName,
      variables,
      estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
    });
  } catch {
    return;
  }
  if (complexity > limits.maxComplexity) {
    throw new GraphQLError(`Query is too complex: cost ${complexity} exceeds the limit of ${limits.maxComplexity}.`, {
      extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } },
    });
  }
}

/**
 * Refuses operations deeper or costlier than the limits before anything runs, so one request
 * cannot exhaust the server. List fields declare their cost in their resolvers.
 */
export function queryLimitsPlugin(schema: GraphQLSchema, limits: QueryLimits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request }) {
          if (!operation) return;
          checkQueryLimits(
            schema,
            limits,
            document,
            operation,
            request.operationName ?? undefined,
            request.variables ?? {},
          );
        },
      };
    },
  };
}
