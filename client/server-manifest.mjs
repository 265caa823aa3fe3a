// What the server needs from the client to write a page's HTML, written by the build into dist/server-manifest.json
// (decision 0044): the server reads that file and never the client's sources. Each part has one source here, which
// the client's own code uses too. Plain JavaScript so that the server's tests can run it with Node as well
// (`node client/server-manifest.mjs`), producing the manifest exactly as the build does.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, visit } from 'graphql';

const clientDir = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = path.join(clientDir, 'src');

function readJson(...parts) {
  return JSON.parse(readFileSync(path.join(sourceDir, ...parts), 'utf8'));
}

function graphqlFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

/** Apollo's cache adds __typename to every selection; the server's answers must carry them too. */
function withTypenames(document) {
  return visit(document, {
    SelectionSet(node, _key, parent) {
      if (parent?.kind === Kind.OPERATION_DEFINITION) return undefined;
      const has = node.selections.some(
        (selection) => selection.kind === Kind.FIELD && selection.name.value === '__typename',
      );
      return has ? undefined : { ...node, selections: [...node.selections, typename] };
    },
  });
}

/** Each named operation as one document with the fragments it spreads, as the client sends it. */
function operationDocuments(operationNames) {
  const definitions = graphqlFiles(sourceDir).flatMap((file) => parse(readFileSync(file, 'utf8')).definitions);
  const fragments = new Map(
    definitions
      .filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const operations = new Map(
    definitions
      .filter((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.name)
      .map((operation) => [operation.name.value, operation]),
  );
  return Object.fromEntries(
    operationNames.map((operationName) => {
      const operation = operations.get(operationName);
      if (!operation) throw new Error(`first-screen-operations.json names ${operationName}, which no .graphql defines`);
      const needed = new Map();
      const gather = (node) =>
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
      const document = { kind: Kind.DOCUMENT, definitions: [operation, ...needed.values()] };
      return [operationName, print(withTypenames(document))];
    }),
  );
}

export function buildServerManifest() {
  return {
    // The router declares the same paths (router.test.tsx keeps them in step): anything else answers 404.
    routes: readJson('app', 'route-paths.json'),
    // The header's links, drawn in the first paint.
    navLinks: readJson('app', 'nav-links.json'),
    // The `sizes` of the images a first screen shows: the preload and the first paint pick the same srcset entry.
    imageSizes: readJson('features', 'catalog', 'image-sizes.json'),
    // What a page without its own description says (PageMeta's default, SITE_DESCRIPTION).
    siteDescription: readJson('shared', 'ui', 'site-meta.json').description,
    // The documents of the operations whose answers the server writes into a page (initial-data.ts reads them).
    operations: operationDocuments(readJson('app', 'first-screen-operations.json')),
  };
}

/** Adds server-manifest.json to the storefront's build output. */
export function serverManifestPlugin() {
  return {
    name: 'manukato-server-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'server-manifest.json',
        source: `${JSON.stringify(buildServerManifest(), null, 2)}\n`,
      });
    },
  };
}

// `node client/server-manifest.mjs`: the same JSON on standard output.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(buildServerManifest(), null, 2)}\n`);
}
