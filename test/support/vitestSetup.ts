// Runs in every vitest file before its tests (vitest.config.ts, setupFiles). Registered first, so
// its afterAll runs after the file's own hooks have stopped the servers that used the folders.
import { afterAll } from 'vitest';
import { removeTempDirs } from './tempDirs.js';
import { closeTestStores } from './storeEngine.js';

afterAll(async () => {
  await closeTestStores();
  removeTempDirs();
});
