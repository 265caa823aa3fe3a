// CommonJS so that both eslint.config.mjs and the Jest test that lints fixtures with these rules can load it
// (Jest cannot import an ES module config without experimental flags).
const fs = require('node:fs');
const path = require('node:path');
const { createNodeResolver, importX } = require('eslint-plugin-import-x');

/**
 * The server's layers, lowest first (decision 0043). A file may import its own layer and the layers below it,
 * never one above: the HTTP layer composes the modules, and nothing below it imports http/.
 */
const serverLayers = [
  { name: 'config', paths: ['config'] },
  { name: 'adapters', paths: ['storage', 'mail', 'events'] },
  { name: 'core', paths: ['core'] },
  { name: 'shared', paths: ['shared'] },
  { name: 'modules', paths: ['modules'] },
  { name: 'db', paths: ['db'] },
  // Backup and restore (issue 28): the database, its migrations and storage below; nothing serves requests from here.
  { name: 'ops', paths: ['ops'] },
  { name: 'graphql', paths: ['graphql'] },
  { name: 'http', paths: ['http'] },
  { name: 'entry points', paths: ['main.ts', 'server.ts', 'seed-catalogue-main.ts', 'start-banner.ts', 'tracing'] },
];

// Tests and their helpers put the real pieces together (a storage test signs in a user, a cache test serves
// HTTP): the direction binds the code that ships. Cycles are refused in tests too.
const testFiles = ['**/__tests__/**', '**/*.test.{ts,tsx}', '**/testing/**'];

function serverZones(serverSrc) {
  return serverLayers.flatMap((layer, rank) => {
    const above = serverLayers.slice(rank + 1);
    if (above.length === 0) return [];
    return layer.paths.map((target) => ({
      target: path.join(serverSrc, target),
      from: above.flatMap((higher) => higher.paths.map((from) => path.join(serverSrc, from))),
      message: `server layers point one way: ${layer.name} may import only itself and ${serverLayers
        .slice(0, rank)
        .map((lower) => lower.name)
        .join(', ')} (decision 0043).`,
    }));
  });
}

/** client/src: app → features → shared only, and a feature never imports another feature. */
function clientZones(clientSrc) {
  const features = path.join(clientSrc, 'features');
  const featureNames = fs.existsSync(features)
    ? fs
        .readdirSync(features, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
  const app = [path.join(clientSrc, 'app'), path.join(clientSrc, 'main.tsx'), path.join(clientSrc, 'graphiql')];
  return {
    sharedImportsNeither: {
      target: path.join(clientSrc, 'shared'),
      from: [features, ...app],
      message: 'client/src/shared is imported by features and app, and imports neither (decision 0043).',
    },
    featuresDoNotImportApp: {
      target: features,
      from: app,
      message: 'A feature does not import the app: the app composes features (decision 0043).',
    },
    featuresDoNotImportEachOther: featureNames.map((name) => ({
      target: path.join(features, name),
      from: featureNames.filter((other) => other !== name).map((other) => path.join(features, other)),
      message: `Feature '${name}' imports another feature: share code through client/src/shared instead.`,
    })),
  };
}

/**
 * The import rules for a repository laid out like this one, rooted at `root`: eslint.config.mjs passes the
 * repository, the layer test passes its fixtures.
 */
function importLayerConfigs(root) {
  const serverSrc = path.join(root, 'server/src');
  const client = clientZones(path.join(root, 'client/src'));
  const tsFiles = ['server/**/*.{ts,tsx}', 'client/src/**/*.{ts,tsx}'];
  return [
    {
      files: tsFiles,
      plugins: { 'import-x': importX },
      settings: {
        // Without these import-x skips .ts/.tsx files when it follows imports, and would see no cycle at all.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'] }),
        ],
      },
      rules: {
        // Packages are not followed: a cycle through node_modules is not ours to fix, and skipping them keeps lint fast.
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      files: ['server/src/**/*.{ts,tsx}'],
      ignores: testFiles,
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones(serverSrc) }] },
    },
    {
      files: ['client/src/**/*.{ts,tsx}'],
      ignores: testFiles,
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [client.sharedImportsNeither, client.featuresDoNotImportApp, ...client.featuresDoNotImportEachOther],
          },
        ],
      },
    },
    {
      // A feature's tests stay inside their feature too; the app is theirs to use (its Apollo cache).
      files: testFiles.map((pattern) => `client/src/${pattern}`),
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          { basePath: root, zones: [client.sharedImportsNeither, ...client.featuresDoNotImportEachOther] },
        ],
      },
    },
  ];
}

module.exports = { importLayerConfigs, serverLayers };
