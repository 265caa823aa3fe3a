import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  execute,
  Kind,
  parse,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { RequestContext } from '../core/request-context';

function graphqlFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } } as const;

/** Apollo's cache adds __typename to every selection; data written into it must carry them too. */
function withTypenames(document: DocumentNode): DocumentNode {
  return visit(document, {
    SelectionSet(node, _key, parent) {
      if ((parent as DefinitionNode | undefined)?.kind === Kind.OPERATION_DEFINITION) return undefined;
      const has = node.selections.some(
        (selection) => selection.kind === Kind.FIELD && selection.name.value === '__typename',
      );
      return has ? undefined : { ...node, selections: [...node.selections, typename] };
    },
  });
}

/**
 * The client's own operations (client/src/**\/*.graphql), by name, so the server can answer a page's
 * first queries exactly as the client will ask them and hand the answers to Apollo's cache.
 */
export function loadClientOperations(clientSourceDir: string) {
  const definitions = graphqlFiles(clientSourceDir).flatMap((file) => parse(readFileSync(file, 'utf8')).definitions);
  const fragments = new Map(
    definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const operations = new Map(
    definitions
      .filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)
      .filter((operation) => operation.name)
      .map((operation) => [operation.name!.value, operation]),
  );
  const documents = new Map<string, DocumentNode>();

  const documentFor = (operationName: string): DocumentNode | undefined => {
    if (documents.has(operationName)) return documents.get(operationName);
    const operation = operations.get(operationName);
    if (!operation) return undefined;
    const needed = new Map<string, FragmentDefinitionNode>();
    const gather = (node: DefinitionNode) =>
      visit(node, {
        FragmentSpread(spread) {
          const fragment = fragments.get(spread.name.value);
          if (fragment && !needed.has(fragment.name.value)) {
            needed.set(fragment.name.value, fragment);
            gather(fragment);
          }
        },
      });
    gather(operation);
    const document = withTypenames({ kind: Kind.DOCUMENT, definitions: [operation, ...needed.values()] });
    documents.set(operationName, document);
    return document;
  };

  return {
    has: (operationName: string) => operations.has(operationName),
    names: () => [...operations.keys()],
    /** Runs a client operation; undefined when it does not exist or fails (the client will fetch it). */
    async run(schema: GraphQLSchema, ctx: RequestContext, operationName: string, variables: Record<string, unknown>) {
      const document = documentFor(operationName);
      if (!document) return undefined;
      const result = await execute({ schema, document, variableValues: variables, contextValue: ctx });
      if (result.errors?.length) {
        ctx.log.warn(
          { operationName, errors: result.errors.map((error) => error.message) },
          'initial data query failed',
        );
        return undefined;
      }
      return result.data;
    },
  };
}

export type ClientOperations = ReturnType<typeof loadClientOperations>;
