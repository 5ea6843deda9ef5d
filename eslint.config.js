import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint.layers.js';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server*',
      'node_modules',
      'data',
      '.tmp',
      'test-results',
      'bench/results',
      // Ajv's standalone output (scripts/meta-validator.ts); its freshness is a test.
      'runtime/core/schema/meta-validator.generated.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Stored strings must never reach a code evaluator (DESIGN §2.3).
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
  ...layers,
);
