import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Kind, parse, visit, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { loadConfig } from '../src/config/config';
import { buildAppSchema } from '../src/graphql/schema';
import { operationComplexity } from '../src/graphql/limits';

/**
 * Every operation the storefront and the admin area send costs no more than the limit, as Apollo Client sends it
 * (a `__typename` in every selection but the operation's own) and with its optional variables absent (the most rows
 * a list may be asked for by default). CI's browser tests found the product page refused with 400 once a field
 * joined the card its related products repeat: the cost of a list's default page counts.
 */
// Here, outside server/src: a contract between the two halves, read by the test only (the server itself reads
// only the built client, decision 0044).
const limit = loadConfig({}).graphql.maxComplexity;
const clientSource = path.resolve(__dirname, '../../client/src');

async function graphqlFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.graphql'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** What Apollo Client's cache adds to each selection set below the operation's root. */
function withTypenames(selectionSet: SelectionSetNode): SelectionSetNode {
  const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } } as const;
  return visit(selectionSet, {
    SelectionSet(node, _key, parent) {
      if (!parent || Array.isArray(parent)) return undefined;
      const has = node.selections.some((one) => one.kind === Kind.FIELD && one.name.value === '__typename');
      return has ? undefined : { ...node, selections: [...node.selections, typename] };
    },
  });
}

it("costs each of the client's operations within the limit, with its optional variables absent", async () => {
  const schema = await buildAppSchema();
  const sources = await Promise.all((await graphqlFiles(clientSource)).map((file) => readFile(file, 'utf8')));
  const parsed = parse(sources.join('\n'));
  const document = {
    ...parsed,
    definitions: parsed.definitions.map((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION || definition.kind === Kind.OPERATION_DEFINITION
        ? { ...definition, selectionSet: withTypenames(definition.selectionSet) }
        : definition,
    ),
  };
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  expect(operations.length).toBeGreaterThan(40);
  const costs: [string, number][] = operations.map((operation) => [
    operation.name?.value ?? '(anonymous)',
    operationComplexity(schema, document, operation, {}),
  ]);
  const over = costs.filter(([, cost]) => !(cost <= limit));
  expect(over).toEqual([]);
});
