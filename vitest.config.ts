import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Migrations are .sql files imported as text (esbuild does the same for the real build).
const sqlAsText = {
  name: 'sql-as-text',
  load(id: string) {
    if (!id.endsWith('.sql')) return null;
    return `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`;
  },
};

export default defineConfig({
  plugins: [sqlAsText],
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    // Forks, not threads: better-sqlite3 handles and child processes stay isolated per file.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
