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
    // The MCP server owns stdout for protocol frames: any console.log would corrupt the stream.
    files: ['src-mcp/**/*.ts'],
    rules: { 'no-console': ['error', { allow: ['error', 'warn'] }] },
  },
  {
    // Only the store speaks SQLite (architecture.md, *A second store*): above it the database handle
    // is passed to store functions, never used for statements, pragmas or transactions of its own.
    // Imports of better-sqlite3 are the dependency-cruiser rule sqlite-driver-only-in-store.
    files: ['src-mcp/**/*.ts'],
    ignores: ['src-mcp/store/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name=/^(prepare|pragma|exec|transaction|inTransaction|function|aggregate|backup|serialize|loadExtension)$/]:matches([object.name=/^db$/i], [object.property.name=/^db$/i])",
          message: 'SQL, pragmas and transactions belong to src-mcp/store: call (or add) a store function that takes the Db.',
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer knows nothing of Node or Electron (ARCHITECTURE §2).
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
