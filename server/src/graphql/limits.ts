import {
  GraphQLError,
  getArgumentValues,
  getVariableValues,
  Kind,
  NoSchemaIntrospectionCustomRule,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ParseOptions,
  type ValidationRule,
} from 'graphql';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
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

/**
 * The validation rules both GraphQL paths add to graphql-js's own (Apollo's validationRules; the direct path's
 * validate): made once per app (app.ts) and handed to both, so neither can drift. Introspection is refused with
 * graphql-js's own rule when GRAPHQL_INTROSPECTION=false (Apollo's message would tell API users to change its options).
 */
export function graphqlValidationRules(limits: QueryLimits, introspection: boolean): ValidationRule[] {
  return [documentLimitsRule(limits), ...(introspection ? [] : [NoSchemaIntrospectionCustomRule])];
}

type PageSizeEstimator = (options: {
  args: Record<string, unknown>;
  childComplexity: number;
  field: GraphQLField<unknown, unknown>;
}) => number;

/**
 * graphql-armor's cost rule weighs a field's selections by its `first`/`last` argument when that is a literal, and
 * knows nothing of variables or of our `limit`. Each field whose resolver declares a `complexity` (the lists: page
 * size, or twice `first` for suggestions) gets, in a copy of the operation, one literal `first` holding the number
 * of rows its arguments (variables included, defaults for absent ones) ask for: the library then multiplies it.
 * Arguments that do not coerce count as absent (execution refuses them anyway). Each node is rewritten once: linear.
 */
function withPageSizes(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): DocumentNode {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 1 });
  const variableValues = coerced.coerced ?? {};
  const fragments = document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION);
  const typeInfo = new TypeInfo(schema);
  return visit(
    { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] },
    visitWithTypeInfo(typeInfo, {
      Field(node): FieldNode | undefined {
        const field = typeInfo.getFieldDef();
        const estimator = field?.extensions?.complexity as PageSizeEstimator | undefined;
        if (!field || typeof estimator !== 'function') return undefined;
        let args: Record<string, unknown>;
        try {
          args = getArgumentValues(field, node, variableValues);
        } catch {
          args = {};
        }
        const rows = Math.max(1, Math.ceil(estimator({ args, childComplexity: 1, field })));
        const first: ArgumentNode = {
          kind: Kind.ARGUMENT,
          name: { kind: Kind.NAME, value: 'first' },
          value: { kind: Kind.INT, value: Number.isFinite(rows) ? String(rows) : String(Number.MAX_SAFE_INTEGER) },
        };
        return { ...node, arguments: [first] };
      },
    }),
  );
}

/**
 * The estimated cost of one operation, by graphql-armor's cost rule: every field 1 plus its selections (no extra
 * weight for depth: the depth limit bounds that), a fragment's cost computed once and reused at every spread (linear
 * in the document however much it expands to; the total may reach Infinity, over any limit), introspection counted
 * like any field, and lists multiplied by the rows they ask for (withPageSizes).
 */
export function operationComplexity(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  let complexity = 0;
  const rule = costLimitRule({
    // The comparison with the limit is ours (the library compares with `>`, which lets NaN through).
    maxCost: Infinity,
    objectCost: 1,
    scalarCost: 1,
    depthCostFactor: 1,
    flattenFragments: true,
    ignoreIntrospection: false,
    onAccept: [(_context, { n }) => (complexity = n)],
    propagateOnRejection: false,
  });
  const errors = validate(schema, withPageSizes(schema, document, operation, variables), [rule]);
  const [error] = errors;
  if (error) throw error;
  return complexity;
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
    // Fragments spreading fragments thousands deep overflow the library's recursion: refused, never let through.
    if (error instanceof RangeError) throw new QueryLimitError(nestedTooDeeply);
    throw error;
  }
  if (!(complexity <= limits.maxComplexity)) {
    const shown = Number.isFinite(complexity) ? String(complexity) : 'beyond counting';
    throw new QueryLimitError(`Query is too complex: cost ${shown} exceeds the limit of ${limits.maxComplexity}.`);
  }
}
