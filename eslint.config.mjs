import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { importLayerConfigs } from './tools/eslint-layers.cjs';
import globals from 'globals';

const noDefaultExport = {
  selector: 'ExportDefaultDeclaration',
  message: 'Use named exports: a name says what a module gives.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'client/src/**/*.generated.ts',
      'data/**',
      'coverage/**',
      'test-results/**',
      // StrykerJS's sandboxes (copies of the repository) and its report.
      '.stryker-tmp/**',
      'reports/**',
      // Deliberately broken imports: server/test/import-layers.test.ts lints them with the same rules.
      'server/test/import-layer-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-syntax': ['error', noDefaultExport],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  // Imports point one way on both sides (server layers; client app → features → shared) and never in a cycle.
  ...importLayerConfigs(import.meta.dirname),
  {
    // A module that exports anything besides components cannot be hot-reloaded: Vite reloads the page instead
    // (decision 0041). Constants are fine, Vite's React plugin handles them.
    files: ['client/src/**/*.tsx'],
    ignores: ['client/src/**/*.test.tsx', 'client/src/**/testing/**'],
    plugins: { 'react-refresh': reactRefresh },
    rules: { 'react-refresh/only-export-components': ['error', { allowConstantExport: true }] },
  },
  {
    // Tools that require a default export, and scripts that talk to a terminal.
    files: [
      '**/*.config.{ts,js,mjs,cjs}',
      'codegen.ts',
      'server/test/global-*.ts',
      '**/scripts/**',
      'bench/**',
      'e2e/**',
      'lighthouse/**',
      'fleet/**',
      '.ci/**',
    ],
    rules: { 'no-restricted-syntax': 'off', 'no-console': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
