// `co-scientist project export|import`, run as typed in child processes: a project with its
// hypotheses, reviews, matches, checkpoints, reasoning usage, a linked knowledge collection and audit rows goes
// from a laptop's SQLite to a PostgreSQL database and back, each import verified by reading the
// project back, and the two ends compared. Refusals change nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction } from '../../../src-mcp/store/database.js';
import { appendAuditRows } from '../../../src-mcp/store/audit.js';
import { insertUsageRows, type UsageRow } from '../../../src-mcp/store/usage.js';
import { createCollection, setCollectionLink } from '../../../src-mcp/knowledge/collections.js';
import { allowRoot } from '../../../src-mcp/knowledge/roots.js';
import { ingestDocuments } from '../../../src-mcp/knowledge/ingest.js';
import { parseBundle, type ProjectBundle } from '../../../src-mcp/store/projectTransfer.js';
import { assertServerBuilt, REPO_ROOT } from '../../support/server.js';
import { makeTempDir } from '../../support/tempDirs.js';
import { startProject } from '../../support/engineDriver.js';
import { postgresUnavailableReason, usePostgresDatabase } from '../../support/postgresDatabase.js';
import { writeCorpus, NO_HOOKS } from '../../unit/src-mcp/knowledge/helpers.js';

const unavailable = postgresUnavailableReason();
const BIN = path.join(REPO_ROOT, 'bin/co-scientist.js');

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: makeTempDir('cosci-transfer-home-') }, timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A SQLite data folder with one project that has been through generation, review, a tournament and decisions. */
async function pilotProject(): Promise<{ dataDir: string; projectId: string }> {
  const dataDir = makeTempDir('cosci-transfer-laptop-');
  const db = await openDatabase(dataDir);
  try {
    const driver = await startProject(db, { goal: 'Why do tardigrades survive desiccation so well?', budget: 4 });
    for (let round = 0; round < 4; round += 1) {
      const next = await driver.workUntilDecision();
      if (next.kind !== 'awaiting_decision') break;
      for (const checkpoint of next.checkpoints) await driver.approve(checkpoint);
    }
    const library = path.join(dataDir, 'library');
    fs.mkdirSync(library);
    writeCorpus(library);
    const actor = { clientId: 'claude-desktop', now: () => new Date('2026-11-02T00:00:00Z') };
    await allowRoot(db, { clientId: 'desktop', now: actor.now }, library);
    await createCollection(db, actor, { name: 'Desiccation papers' });
    await ingestDocuments(db, actor, { path: library, collection: 'Desiccation papers', recursive: true }, NO_HOOKS);
    await setCollectionLink(db, actor, { name: 'Desiccation papers', researchId: driver.projectId, linked: true });
    // A provider's calls for it (the usage totals of migration 0017 are derived from them): priced
    // and unpriced, in several groups, with estimates whose float sum depends on the order.
    const call = (role: UsageRow['role'], model: string, costUsd: number | null, second: number): UsageRow => ({
      projectId: driver.projectId, taskId: null, role, reasoner: 'provider:lab', model, inputTokens: 1_200 + second, outputTokens: 300, costUsd,
      outcome: 'submitted', error: null, at: `2026-11-02T00:00:${String(second).padStart(2, '0')}Z`,
    });
    await writeTransaction(db, async () => {
      await insertUsageRows(db, [call('generation', 'large', 0.1, 3), call('generation', 'large', 0.2, 4), call('review', 'large', null, 5), call('judging', 'small', 0.000_123_4, 6)]);
    });
    await writeTransaction(db, async () => {
      await appendAuditRows(db, [
        { at: '2026-11-02T00:00:01Z', clientId: 'claude-code', action: 'tool:get_research_status', target: driver.projectId, arguments: JSON.stringify({ research_id: driver.projectId }), outcome: 'success', errorCode: null, durationMs: 1.25 },
        { at: '2026-11-02T00:00:02Z', clientId: 'desktop', action: 'tool:decide', target: null, arguments: JSON.stringify({ research_id: driver.projectId, action: 'approve' }), outcome: 'success', errorCode: null, durationMs: 3.5 },
      ]);
    });
    return { dataDir, projectId: driver.projectId };
  } finally {
    await closeDatabase(db);
  }
}

function bundleOf(file: string): ProjectBundle {
  return parseBundle(fs.readFileSync(file, 'utf8'));
}

/** What must survive the trip: every table's rows and the audit rows' content (not the store's own ids, hashes or times of transfer). */
function carried(bundle: ProjectBundle) {
  const skip = new Set(['project:import', 'project:export']);
  return {
    tables: Object.fromEntries(Object.entries(bundle.tables).map(([name, t]) => [name, t.rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c, row[i]])))])),
    // leaderboard_version counts the writes that built the board (a cache stamp), not its content.
    derived: Object.fromEntries(Object.entries(bundle.derived).map(([name, t]) => [name, t.rows.map((row) => Object.fromEntries(t.columns.filter((c) => c !== 'leaderboard_version').map((c) => [c, row[t.columns.indexOf(c)]])))])),
    audit: bundle.audit.filter((row) => !skip.has(row.action)).map(({ sourceId: _id, sourceHash: _hash, ...content }) => content),
  };
}

describe.skipIf(unavailable !== undefined)(`project export and import between SQLite and PostgreSQL${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  const databases = usePostgresDatabase('transfer');
  beforeAll(() => assertServerBuilt());

  it('carries a project from SQLite to PostgreSQL and back, verified at each import and equal at both ends', async () => {
    const { dataDir, projectId } = await pilotProject();
    const work = makeTempDir('cosci-transfer-files-');
    const first = path.join(work, 'pilot.json');
    const exported = cli(['project', 'export', projectId, '--out', first, '--data-dir', dataDir]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(new RegExp(`^Exported project ${projectId} \\("Why do tardigrades survive desiccation so well\\?"\\) from SQLite .* to ${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ hypotheses, \\d+ reviews, \\d+ matches, \\d+ checkpoints, 1 linked knowledge collections \\(\\d+ documents\\), \\d+ audit rows\\.\\n$`));
    const original = bundleOf(first);
    expect(original.tables.hypotheses?.rows.length).toBeGreaterThan(0);
    expect(original.tables.reviews?.rows.length).toBeGreaterThan(0);
    expect(original.tables.matches?.rows.length).toBeGreaterThan(0);
    expect(original.tables.checkpoints?.rows.length).toBeGreaterThan(0);
    expect(original.tables.knowledge_chunks?.rows.length).toBeGreaterThan(0);
    expect(original.tables.reasoning_usage?.rows.length).toBe(4);
    expect(original.derived.usage_totals?.rows.length).toBe(3);
    expect(original.audit.map((row) => row.action)).toEqual(expect.arrayContaining(['tool:get_research_status', 'tool:decide']));

    const url = databases.url();
    const intoLab = cli(['project', 'import', first, '--database', url, '--data-dir', makeTempDir('cosci-transfer-lab-')]);
    expect(intoLab.code, intoLab.stderr).toBe(0);
    expect(intoLab.stdout).toContain(`Imported project ${projectId}`);
    expect(intoLab.stdout).toMatch(/Verified: the project read back equals the file \(\d+ rows compared, derived counts included\)\./);

    const second = path.join(work, 'from-lab.json');
    expect(cli(['project', 'export', projectId, '--out', second, '--database', url]).code).toBe(0);
    const backHome = makeTempDir('cosci-transfer-home-again-');
    const intoLaptop = cli(['project', 'import', second, '--data-dir', backHome]);
    expect(intoLaptop.code, intoLaptop.stderr).toBe(0);
    const third = path.join(work, 'back-home.json');
    expect(cli(['project', 'export', projectId, '--out', third, '--data-dir', backHome]).code).toBe(0);

    expect(carried(bundleOf(second))).toEqual(carried(original));
    expect(carried(bundleOf(third))).toEqual(carried(original));
    // Each store's chain says where the project came from, and still verifies.
    expect(bundleOf(third).audit.filter((row) => row.action === 'project:import')).toHaveLength(2);
    const doctor = cli(['doctor', '--database', url]);
    expect(doctor.stdout).toContain('✓ audit log');
  });

  it('refuses, changing nothing: an existing output file, an unknown project, a second import, a file that is not an export', async () => {
    const { dataDir, projectId } = await pilotProject();
    const work = makeTempDir('cosci-transfer-refusals-');
    const taken = path.join(work, 'taken.json');
    fs.writeFileSync(taken, 'the scientist wrote this');
    const overwrite = cli(['project', 'export', projectId, '--out', taken, '--data-dir', dataDir]);
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain('already exists');
    expect(fs.readFileSync(taken, 'utf8')).toBe('the scientist wrote this');

    const unknown = cli(['project', 'export', 'nope', '--out', path.join(work, 'x.json'), '--data-dir', dataDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('has no project nope');
    expect(fs.existsSync(path.join(work, 'x.json'))).toBe(false);

    const file = path.join(work, 'pilot.json');
    expect(cli(['project', 'export', projectId, '--out', file, '--data-dir', dataDir]).code).toBe(0);
    const url = await databases.another('refusals');
    expect(cli(['project', 'import', file, '--database', url]).code).toBe(0);
    const before = cli(['project', 'export', projectId, '--out', path.join(work, 'before.json'), '--database', url]);
    expect(before.code).toBe(0);
    const again = cli(['project', 'import', file, '--database', url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`IMPORT_CONFLICT: Project ${projectId} is already in this store; nothing was imported`);

    const notExport = path.join(work, 'notes.json');
    fs.writeFileSync(notExport, JSON.stringify({ hello: 'world' }));
    const wrong = cli(['project', 'import', notExport, '--database', url]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('BUNDLE_INVALID: The file is not a Co-Scientist project export');

    const after = path.join(work, 'after.json');
    expect(cli(['project', 'export', projectId, '--out', after, '--database', url]).code).toBe(0);
    expect(carried(bundleOf(after))).toEqual(carried(bundleOf(path.join(work, 'before.json'))));

    const usage = cli(['project', 'export', projectId]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('project export needs --out <file>.');
  });
});
