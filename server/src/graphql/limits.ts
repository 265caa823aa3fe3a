import {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getNamedType,
  isCompositeType,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ParseOptions,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import { getArgumentValues, getVariableValues } from 'graphql/execution/values';
import type { ApolloServerPlugin } from '@apollo/server';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';

export interface QueryLimits {
  /** Lexical tokens of one document, counted while parsing (graphql-js stops there). */
  maxTokens: number;
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxComplexity: number;
}

/** Options for every parse of a request's document: the parser gives up past the token limit. */
export function parseOptionsFor(limits: QueryLimits): ParseOptions {
  return { maxTokens: limits.maxTokens };
}

const nestedTooDeeply = 'Query is nested too deeply (fragments within fragments) to be checked.';

/** An operation over one of the limits: QUERY_TOO_COMPLEX, HTTP 400, on every path. */
export class QueryLimitError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } } });
  }
}

/** graphql-armor's rules report "…, found N."; the count is what our own message needs. */
function foundIn(error: GraphQLError): string {
  return /found (\d+)/.exec(error.message)?.[1] ?? 'more';
}

/**
 * Depth, aliases and directives of every operation, following fragments (graphql-armor's rules, which
 * remember each fragment's count: linear in the document). Throws QueryLimitError on the first one over.
 * Needs no variables, so the direct path runs it before the standard validation rules.
 */
export function checkDocumentLimits(schema: GraphQLSchema, limits: QueryLimits, document: DocumentNode): void {
  const refusals: string[] = [];
  const common = { exposeLimits: true, propagateOnRejection: false };
  const refuse = (message: (found: string) => string) => [
    (_context: unknown, error: GraphQLError) => refusals.push(message(foundIn(error))),
  ];
  try {
    validate(schema, document, [
      maxDepthRule({
        ...common,
        n: limits.maxDepth,
        flattenFragments: true,
        ignoreIntrospection: false,
        onReject: refuse((found) => `Query is too deep: depth ${found} exceeds the limit of ${limits.maxDepth}.`),
      }),
      maxAliasesRule({
        ...common,
        n: limits.maxAliases,
        // The rule's default allow-list leaves `x: __typename` (and an alias named __typename) out of the count:
        // 400 of them were answered under a limit of 30 (issue 23). Every alias counts.
        allowList: [],
        onReject: refuse((found) => `Query is too complex: ${found} aliases exceed the limit of ${limits.maxAliases}.`),
      }),
      maxDirectivesRule({
        ...common,
        n: limits.maxDirectives,
        onReject: refuse(
          (found) => `Query is too complex: ${found} directives exceed the limit of ${limits.maxDirectives}.`,
        ),
      }),
    ]);
  } catch (error) {
    // Fragments spreading fragments thousands deep (only possible with the token limit raised) overflow the
    // stack here: refused, never let through.
    if (error instanceof RangeError) throw new QueryLimitError(nestedTooDeeply);
    throw error;
  }
  const [firstRefusal] = refusals;
  if (firstRefusal !== undefined) throw new QueryLimitError(firstRefusal);
}

/**
 * The document limits as a validation rule for Apollo, checked on entering the document. Apollo answers a
 * rule's error as GRAPHQL_VALIDATION_FAILED (status 400); errors.ts gives it back its QUERY_TOO_COMPLEX code.
 * (A rule cannot stop the other rules: a thrown error becomes a 500 in Apollo. They stay cheap because the
 * parser's token limit bounds the document.)
 */
export function documentLimitsRule(limits: QueryLimits): ValidationRule {
  return (context) => ({
    Document(document) {
      try {
        checkDocumentLimits(context.getSchema(), limits, document);
      } catch (error) {
        if (!(error instanceof QueryLimitError)) throw error;
        context.reportError(error);
      }
      return false;
    },
  });
}

type ComplexityEstimator = (options: {
  args: Record<string, unknown>;
  childComplexity: number;
  field: GraphQLField<unknown, unknown>;
}) => number;

/**
 * The estimated cost of one operation: each field costs 1 plus its selections, unless its resolver declares
 * `complexity` (lists: page size × their selections). Each fragment's cost is computed once and reused at
 * every spread, so the time is linear in the document whatever its fragments multiply to (the total may
 * overflow to Infinity, which is over any limit). Variables that do not coerce count as absent arguments
 * (execution refuses them anyway).
 */
export function operationComplexity(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 1 });
  const variableValues = coerced.coerced ?? {};
  const fragmentCosts = new Map<string, number>();

  const costOf = (selectionSet: SelectionSetNode, parentType: GraphQLCompositeType): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const field = (
          name === '__schema'
            ? SchemaMetaFieldDef
            : name === '__type'
              ? TypeMetaFieldDef
              : 'getFields' in parentType
                ? parentType.getFields()[name]
                : undefined
        ) as GraphQLField<unknown, unknown> | undefined;
        if (!field) {
          total += 1;
          continue;
        }
        const childType = getNamedType(field.type);
        const childComplexity =
          selection.selectionSet && isCompositeType(childType) ? costOf(selection.selectionSet, childType) : 0;
        const estimator = field.extensions?.complexity as ComplexityEstimator | number | undefined;
        if (typeof estimator === 'function') {
          let args: Record<string, unknown>;
          try {
            args = getArgumentValues(field, selection, variableValues);
          } catch {
            args = {};
          }
          total += estimator({ args, childComplexity, field });
        } else {
          total += (typeof estimator === 'number' ? estimator : 1) + childComplexity;
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parentType;
        total += costOf(selection.selectionSet, type && isCompositeType(type) ? type : parentType);
      } else {
        const name = selection.name.value;
        let cost = fragmentCosts.get(name);
        if (cost === undefined) {
          // Marked before descending: a cycle (refused by validation anyway) adds nothing instead of looping.
          fragmentCosts.set(name, 0);
          const fragment = fragments.get(name);
          const type = fragment ? schema.getType(fragment.typeCondition.name.value) : undefined;
          cost = fragment && type && isCompositeType(type) ? costOf(fragment.selectionSet, type) : 0;
          fragmentCosts.set(name, cost);
        }
        total += cost;
      }
    }
    return total;
  };

  const root = schema.getRootType(operation.operation);
  return root ? costOf(operation.selectionSet, root) : 0;
}

/** Throws QUERY_TOO_COMPLEX when an operation's estimated cost is over the limit (never skipped). */
export function checkOperationCost(
  schema: GraphQLSchema,
  limits: QueryLimits,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): void {
  let complexity: number;
  try {
    complexity = operationComplexity(schema, document, operation, variables);
  } catch (error) {
    if (error instanceof RangeError) throw new QueryLimitError(nestedTooDeeply);
    throw error;
  }
  if (!(complexity <= limits.maxComplexity)) {
    const shown = Number.isFinite(complexity) ? String(complexity) : 'beyond counting';
    throw new QueryLimitError(`Query is too complex: cost ${shown} exceeds the limit of ${limits.maxComplexity}.`);
  }
}

/**
 * Apollo's side: the document limits as the first custom validation rule (see apollo.ts), the cost (which
 * depends on the variables) once the operation is known, before anything runs.
 */
export function queryCostPlugin(schema: GraphQLSchema, limits: QueryLimits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request }) {
          if (!operation) return;
          checkOperationCost(schema, limits, document, operation, request.variables ?? {});
        },
      };
    },
  };
}
