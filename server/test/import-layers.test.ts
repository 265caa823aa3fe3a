import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { parser } from 'typescript-eslint';
import { importLayerConfigs } from '../../tools/eslint-layers.cjs';

/**
 * The import rules of eslint.config.mjs (decision 0043), run on a miniature repository whose files break them on
 * purpose: the rules must name each break, and leave the clean files alone. The repository's own lint ignores
 * these fixtures.
 */
const fixtures = path.join(__dirname, 'import-layer-fixtures');

async function lintFixtures(): Promise<Map<string, string[]>> {
  const eslint = new ESLint({
    cwd: fixtures,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser } }, ...importLayerConfigs(fixtures)],
  });
  // lintText, not lintFiles: ESLint finds files with a dynamic import(), which Jest's module system refuses.
  const files = readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const problems = new Map<string, string[]>();
  for (const file of files) {
    const filePath = path.join(fixtures, file);
    const [result] = await eslint.lintText(readFileSync(filePath, 'utf8'), { filePath });
    problems.set(
      file,
      (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`),
    );
  }
  return problems;
}

describe('import layers lint', () => {
  let problems: Map<string, string[]>;

  beforeAll(async () => {
    problems = await lintFixtures();
  });

  it('refuses a server module importing the HTTP layer, a type-only import included', () => {
    expect(problems.get('server/src/modules/cart/cart.routes.ts')).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: Unexpected path "\.\.\/\.\.\/http\/envelope".*modules may import only itself and config, adapters, core, shared/,
      ),
    ]);
    expect(problems.get('server/src/modules/cart/cart.resolver.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: Unexpected path "\.\.\/\.\.\/http\/app"/),
    ]);
  });

  it('refuses an import cycle on the server', () => {
    expect(problems.get('server/src/modules/orders/order.ts')).toEqual([
      'import-x/no-cycle: Dependency cycle detected',
    ]);
    expect(problems.get('server/src/modules/orders/order-item.ts')).toEqual([
      'import-x/no-cycle: Dependency cycle detected',
    ]);
  });

  it('refuses client shared code importing a feature', () => {
    expect(problems.get('client/src/shared/cart-badge.ts')).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: Unexpected path "\.\.\/features\/cart\/cart-summary".*shared is imported by features and app, and imports neither/,
      ),
    ]);
  });

  it('refuses a feature importing the app or another feature', () => {
    expect(problems.get('client/src/features/admin/admin-summary.ts')).toEqual([
      expect.stringMatching(/Unexpected path "\.\.\/\.\.\/app\/routes".*A feature does not import the app/),
      expect.stringMatching(/Unexpected path "\.\.\/cart\/cart-summary".*Feature 'admin' imports another feature/),
    ]);
  });

  it('refuses an import cycle on the client', () => {
    expect(problems.get('client/src/features/orders/order-list.ts')).toEqual([
      'import-x/no-cycle: Dependency cycle detected',
    ]);
    expect(problems.get('client/src/features/orders/order-row.ts')).toEqual([
      'import-x/no-cycle: Dependency cycle detected',
    ]);
  });

  it('passes imports that point down', () => {
    const clean = [
      'server/src/core/errors.ts',
      'server/src/shared/money.ts',
      'server/src/modules/cart/cart.service.ts',
      'server/src/http/app.ts',
      'server/src/http/envelope.ts',
      'client/src/app/routes.ts',
      'client/src/features/cart/cart-summary.ts',
      'client/src/shared/format-money.ts',
    ];
    for (const file of clean) expect({ file, problems: problems.get(file) }).toEqual({ file, problems: [] });
    // Every fixture was linted: a missing file would make the expectations above vacuous.
    expect(problems.size).toBe(16);
  });
});
