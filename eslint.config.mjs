import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const features = ['catalog', 'reviews', 'accounts', 'cart', 'orders', 'payments', 'notifications', 'admin'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'client/src/shared/api/generated.ts',
      'data/**',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-default-export': 'error',
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features stay independent: they share code only through client/src/shared.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./client/src/features/${feature}`,
            from: './client/src/features',
            except: [`./${feature}`],
            message: 'Features import each other only through client/src/shared.',
          })),
        },
      ],
    },
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
      '.ci/**',
    ],
    rules: { 'import-x/no-default-export': 'off', 'no-console': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
