// Prints one closing line for the whole `npm test` run ("tests: N passed, N failed, N skipped"),
// summing the vitest and Playwright JSON reports, and lists every skipped test with its reason
// (e.g. the Electron suite where no Electron binary exists).
import fs from 'node:fs';

const REPORTS = '.cache/test-reports';

function readJson(file) {
  const full = `${REPORTS}/${file}`;
  if (!fs.existsSync(full)) {
    console.error(`test-summary: ${full} is missing (did that test stage run?)`);
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(full, 'utf8'));
}

const vitestSqlite = readJson('vitest.json');
// The second vitest pass: the store, engine and MCP suites with the store on PostgreSQL.
const vitestPostgres = readJson('vitest-postgres.json');
const vitest = Object.fromEntries(
  ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests'].map((key) => [key, vitestSqlite[key] + vitestPostgres[key]]),
);
const playwright = readJson('playwright.json');

const skipped = [];
function collectSkips(suite, trail) {
  for (const child of suite.suites ?? []) collectSkips(child, [...trail, child.title]);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'skipped') continue;
      const reason = (test.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'no reason given';
      skipped.push(`${[...trail, spec.title].filter(Boolean).join(' › ')} [${test.projectName}]: ${reason}`);
    }
  }
}
for (const suite of playwright.suites ?? []) collectSkips(suite, [suite.title]);

const passed = vitest.numPassedTests + playwright.stats.expected + (playwright.stats.flaky ?? 0);
const failed = vitest.numFailedTests + playwright.stats.unexpected;
const skippedCount = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;

if (skipped.length > 0) {
  console.log('\nSkipped:');
  for (const line of skipped) console.log(`  - ${line}`);
}
console.log(`\nunit+integration: ${vitestSqlite.numPassedTests} passed on SQLite, ${vitestPostgres.numPassedTests} on PostgreSQL; e2e: ${playwright.stats.expected} passed`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skippedCount} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
