import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The store is async (a networked engine is awaited; docs/architecture.md, *A second
    // store*): a store call left unawaited would run outside the unit of work it belongs to, or
    // lose its error. These rules make a forgotten await an error, not a race.
    files: ['src-mcp/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { project: ['./tsconfig.node.json', './tsconfig.test.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // The MCP server owns stdout for protocol frames: any console.log would corrupt the stream.
    // A store call's promise in a template or String() reads "[object Promise]" where a value
    // belonged (it reached a tool's answer once): no-base-to-string makes that an error too.
    files: ['src-mcp/**/*.ts'],
    rules: { 'no-console': ['error', { allow: ['error', 'warn'] }], '@typescript-eslint/no-base-to-string': 'error' },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer knows nothing of Node or Electron (architecture.md, *Layers and folders*).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'electron', 'better-sqlite3'], message: 'The renderer runs in a browser sandbox.' },
          ],
        },
      ],
    },
  },
);
