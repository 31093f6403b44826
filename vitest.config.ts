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
    // Each run gets its own temp directory and fails if a test leaves anything in it; each file's
    // temp folders are removed after its tests (test/support/tempDirs.ts). The PostgreSQL cluster
    // (when the run has none) starts first, outside the run's private temp directory.
    globalSetup: ['test/support/postgresGlobalSetup.ts', 'test/support/tempDirCheck.ts'],
    setupFiles: ['test/support/vitestSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
