// Lint for the whole repository, a step of `npm test`: ESLint's and typescript-eslint's recommended rules,
// and React's rules of hooks for the dashboard. Formatting is left to the editor.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'tests/e2e/.tmp/**', 'tests/e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a parameter or binding a signature requires but the code does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Shown, not failing: the remaining `any`s are API JSON and react-admin records, to be typed from the contract.
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic rules of hooks; the plugin's React Compiler rules (refs, set-state-in-effect, immutability)
    // assume the compiler, which the dashboard does not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tests and benchmarks read JSON answers of the API as they come.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    // `const crypto = require('node:crypto')` shadows Node's global of the same name on purpose.
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
);
