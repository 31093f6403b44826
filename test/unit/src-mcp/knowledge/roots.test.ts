// Ingestion reads only folders the scientist allowed: "..", symlinks and missing paths must never
// lead outside them, and refusals must say how to allow a folder.
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../src-mcp/engine/errors.js';
import { createCollection } from '../../../../src-mcp/knowledge/collections.js';
import { ingestDocuments } from '../../../../src-mcp/knowledge/ingest.js';
import { allowRoot, disallowRoot, isInside, listAllowedRoots, resolveAllowedTarget } from '../../../../src-mcp/knowledge/roots.js';
import { fixture, NO_HOOKS } from './helpers.js';
import { scalar } from '../../../../src-mcp/store/sql.js';
import { indexedMatches } from './helpers.js';

async function setup() {
  const f = await fixture();
  fs.writeFileSync(path.join(f.outside, 'secret.md'), '# Secret\n\nThe private diary of the scientist.\n');
  fs.writeFileSync(path.join(f.library, 'paper.md'), '# Paper\n\nPublic findings about fibrosis.\n');
  await createCollection(f.db, f.actor, { name: 'Lib' });
  return f;
}

const ingest = async (f: Awaited<ReturnType<typeof setup>>, target: string, clientRoots: string[] = []) =>
  await ingestDocuments(f.db, f.actor, { path: target, collection: 'Lib', recursive: true }, { ...NO_HOOKS, clientRoots });

describe('allowed folders', () => {
  it('refuses a folder outside the allowed ones and says where to allow it', async () => {
    const f = await setup();
    await expect(ingest(f, f.outside)).rejects.toMatchObject({
      code: 'insufficient_permissions',
      message: expect.stringMatching(/outside the allowed folders .*Co-Scientist app: Knowledge → Allowed folders/),
      details: { allowed_roots: [f.library] },
    });
    expect(await scalar(f.db, 'SELECT COUNT(*) FROM knowledge_documents')).toBe(0);
  });

  it('refuses ".." that climbs out of an allowed folder, saying how without saying where', async () => {
    const f = await setup();
    const sneaky = `${f.library}${path.sep}..${path.sep}private${path.sep}secret.md`;
    await expect(ingest(f, sneaky)).rejects.toMatchObject({ code: 'insufficient_permissions' });
    await expect(ingest(f, `${f.library}/../private`)).rejects.toThrow(/it leads there through "\.\.", "~" or a symbolic link/);
    // ".." that stays inside is fine.
    fs.mkdirSync(path.join(f.library, 'sub'));
    await expect(ingest(f, `${f.library}/sub/../paper.md`)).resolves.toMatchObject({ added: 1 });
  });

  it('refuses a symlink out of an allowed folder, named directly or met while walking', async () => {
    const f = await setup();
    fs.symlinkSync(path.join(f.outside, 'secret.md'), path.join(f.library, 'innocent.md'));
    fs.symlinkSync(f.outside, path.join(f.library, 'more-papers'));
    await expect(ingest(f, path.join(f.library, 'innocent.md'))).rejects.toMatchObject({ code: 'insufficient_permissions' });
    await expect(ingest(f, path.join(f.library, 'more-papers'))).rejects.toMatchObject({ code: 'insufficient_permissions' });

    const report = await ingest(f, f.library);
    expect(report.added).toBe(1);
    expect(report.problems.map((problem) => [path.basename(problem.path), problem.code])).toEqual([
      ['innocent.md', 'outside_allowed_folders'],
      ['more-papers', 'outside_allowed_folders'],
    ]);
    expect(await indexedMatches(f.db, 'diary')).toBe(0);
  });

  it('follows symlinks that stay inside, ingesting each file once, and survives a link loop', async () => {
    const f = await setup();
    fs.mkdirSync(path.join(f.library, 'nested'));
    fs.symlinkSync(path.join(f.library, 'paper.md'), path.join(f.library, 'nested', 'alias.md'));
    fs.symlinkSync(f.library, path.join(f.library, 'nested', 'loop'));
    const report = await ingest(f, f.library);
    expect(report).toMatchObject({ filesTotal: 1, added: 1, problemCount: 0 });
  });

  it('answers a symlink out of an allowed folder the same whether its target exists or not, without naming the target', async () => {
    const f = await setup();
    const refusal = async (target: string): Promise<{ code: string; message: string }> => {
      const link = path.join(f.library, 'link.md');
      fs.rmSync(link, { force: true });
      fs.symlinkSync(target, link);
      const error = (await ingest(f, link).catch((e: unknown) => e)) as DomainError;
      expect(error).toBeInstanceOf(DomainError);
      return { code: error.code, message: error.message };
    };
    // Before: insufficient_permissions "(it resolves to …/secret.md)" when the target existed, resource_not_found when not.
    const existing = await refusal(path.join(f.outside, 'secret.md'));
    const missing = await refusal(path.join(f.outside, 'no-such-file.md'));
    const passwd = await refusal('/etc/passwd');
    expect(existing.code).toBe('insufficient_permissions');
    expect(missing).toEqual(existing);
    expect(passwd).toEqual(existing);
    expect(existing.message).not.toContain(f.outside);
    expect(existing.message).not.toContain('secret');
  });

  it('does not reveal whether a path outside the allowed folders exists', async () => {
    const f = await setup();
    await expect(ingest(f, path.join(f.outside, 'no-such-file.md'))).rejects.toMatchObject({ code: 'insufficient_permissions' });
    await expect(ingest(f, path.join(f.library, 'no-such-file.md'))).rejects.toMatchObject({ code: 'resource_not_found' });
  });

  it('needs absolute paths, and explains when nothing is allowed yet', async () => {
    const f = await setup();
    await expect(ingest(f, 'papers/paper.md')).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/not an absolute path/) });
    expect(await disallowRoot(f.db, f.library)).toBe(true);
    await expect(ingest(f, f.library)).rejects.toThrow(/no folders have been allowed for ingestion yet/);
  });

  it("also accepts the client's own MCP roots", async () => {
    const f = await setup();
    await expect(ingest(f, f.outside, [f.outside])).resolves.toMatchObject({ added: 1 });
  });

  it('stores allowed folders as real paths and refuses files and the whole disk', async () => {
    const f = await setup();
    const link = path.join(f.base, 'link-to-library');
    fs.symlinkSync(f.library, link);
    const desktop = { clientId: 'desktop', now: () => new Date() };
    expect(await allowRoot(f.db, desktop, link)).toMatchObject({ added: false, root: { path: f.library } });
    await expect(allowRoot(f.db, desktop, path.join(f.library, 'paper.md'))).rejects.toThrow(/is a file; allow the folder/);
    await expect(allowRoot(f.db, desktop, path.parse(f.base).root)).rejects.toThrow(/whole disk/);
    expect((await listAllowedRoots(f.db)).map((root) => root.path)).toEqual([f.library]);
  });
});

describe('property: a resolved target is always inside an allowed folder', () => {
  it('holds for arbitrary mixes of "..", ".", names and symlinks', async () => {
    const f = await setup();
    fs.mkdirSync(path.join(f.library, 'a', 'b'), { recursive: true });
    fs.symlinkSync(f.outside, path.join(f.library, 'a', 'out'));
    fs.symlinkSync(path.join(f.library, 'a'), path.join(f.library, 'in'));
    const segment = fc.constantFrom('..', '.', 'a', 'b', 'out', 'in', 'private', 'library', 'paper.md', 'secret.md');
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 8 }), async (segments) => {
        const raw = [f.library, ...segments].join(path.sep);
        try {
          const target = await resolveAllowedTarget(f.db, raw, []);
          return isInside(f.library, target.realPath);
        } catch (error) {
          // Refusals are coded domain errors, never crashes.
          return error instanceof DomainError && ['insufficient_permissions', 'resource_not_found'].includes(error.code);
        }
      }),
      { numRuns: 500 },
    );
  });
});
