// The audit anchor (src-mcp/store/auditAnchor.ts) is overwritten in place, at one length, with a
// check over its id and hash: a read that mixes two writes is recognised and never taken for a
// cut tail, and anchors written before the check (by temp file + rename) are still read.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, openDatabase } from '../../../../src-mcp/store/database.js';
import { appendAuditRows, TAIL_MISSING_ACTION, type AuditEntry } from '../../../../src-mcp/store/audit.js';
import { AUDIT_ANCHOR_FILE, findAnchorBreach, readAuditAnchor } from '../../../../src-mcp/store/auditAnchor.js';
import { makeTempDir } from '../../../support/tempDirs.js';
import { sqlite } from '../../../../src-mcp/store/handle.js';

const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await closeDatabase(db);
});

function entry(i: number): AuditEntry {
  return { at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), clientId: 'cursor', action: 'tool:list_research_projects', target: null, arguments: JSON.stringify({ i }), outcome: 'success', errorCode: null, durationMs: 0.5 };
}

async function database(): Promise<{ db: Db; anchorFile: string }> {
  const dir = makeTempDir('cosci-anchor-');
  const db = await openDatabase(dir);
  open.push(db);
  return { db, anchorFile: path.join(dir, AUDIT_ANCHOR_FILE) };
}

const head = (db: Db) => sqlite(db).prepare('SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1').get() as { id: number; hash: string };
const tailFindings = (db: Db) => sqlite(db).prepare('SELECT COUNT(*) FROM audit_log WHERE action = ?').pluck().get(TAIL_MISSING_ACTION);

describe('the audit anchor file', () => {
  it('names the newest committed row, rewritten in place at one length', async () => {
    const { db, anchorFile } = await database();
    await appendAuditRows(db, [entry(1), entry(2)]);
    expect(readAuditAnchor(db)).toEqual(head(db));
    const first = fs.statSync(anchorFile);
    for (let i = 3; i < 40; i += 1) await appendAuditRows(db, [entry(i)]);
    const later = fs.statSync(anchorFile);
    expect(readAuditAnchor(db)).toEqual(head(db));
    expect(later.ino).toBe(first.ino);
    expect(later.size).toBe(first.size);
    expect(fs.readFileSync(anchorFile, 'utf8').endsWith('\n')).toBe(true);
  });

  it('takes an anchor whose id and hash come from two writes for no anchor, not for a cut tail', async () => {
    const { db, anchorFile } = await database();
    await appendAuditRows(db, [entry(1), entry(2), entry(3)]);
    const written = JSON.parse(fs.readFileSync(anchorFile, 'utf8')) as { id: number; hash: string; check: string };
    const older = sqlite(db).prepare('SELECT hash FROM audit_log WHERE id = 1').pluck().get() as string;
    // What a read sees when it meets another process's write half done: one id, another's hash.
    fs.writeFileSync(anchorFile, `${JSON.stringify({ ...written, hash: older })}\n`);
    expect(readAuditAnchor(db)).toBeUndefined();
    expect(await findAnchorBreach(db)).toBeUndefined();
    await appendAuditRows(db, [entry(4)]);
    expect(tailFindings(db)).toBe(0);
    expect(readAuditAnchor(db)).toEqual(head(db));
  });

  it('still reads an anchor written before the check, and replaces all of it', async () => {
    const { db, anchorFile } = await database();
    await appendAuditRows(db, [entry(1), entry(2)]);
    const { id, hash } = head(db);
    fs.writeFileSync(anchorFile, `${JSON.stringify({ version: 1, id, hash })}\n`);
    expect(readAuditAnchor(db)).toEqual({ id, hash });
    await appendAuditRows(db, [entry(3)]);
    expect(readAuditAnchor(db)).toEqual(head(db));
    expect(tailFindings(db)).toBe(0);
  });

  it('still reports a cut tail against a whole anchor', async () => {
    const { db } = await database();
    await appendAuditRows(db, [entry(1), entry(2), entry(3)]);
    sqlite(db).exec('DROP TRIGGER IF EXISTS audit_log_is_append_only_delete');
    sqlite(db).exec('DELETE FROM audit_log WHERE id > 1');
    expect(await findAnchorBreach(db)).toMatchObject({ kind: 'missing', tableHeadId: 1 });
  });
});
