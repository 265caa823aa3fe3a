import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { featureBoundaries } from './tools/eslint-feature-boundaries.mjs';
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
    plugins: { 'react-hooks': reactHooks, manukato: { rules: { 'feature-boundaries': featureBoundaries } } },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features stay independent: they share code only through client/src/shared.
      'manukato/feature-boundaries': 'error',
    },
  },
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
