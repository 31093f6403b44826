// Exports carry what the cited document has (issue 15 item 5): a hypothesis that cites a
// knowledge-base document by document_id or by its title exports with the document's authors,
// venue, year and identifiers; keys are author2016word and unique; a citation of nothing the
// project read is marked unverified; and the .bib parses with a real BibTeX parser, identifiers intact.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@retorquere/bibtex-parser';
import { describe, expect, it } from 'vitest';
import { exportBibtex, exportJson, UNVERIFIED_NOTE } from '../../../../../src-mcp/engine/exports/index.js';
import { addHumanHypothesis } from '../../../../../src-mcp/engine/humanInput.js';
import { NOTHING_VERIFIED } from '../../../../../src-mcp/engine/hypotheses.js';
import { normalizeDoi } from '../../../../../src-mcp/engine/scholarlyIdentifiers.js';
import { startResearch } from '../../../../../src-mcp/engine/projects.js';
import { buildReport } from '../../../../../src-mcp/engine/exports/buildReport.js';
import { HypothesisDraftSchema } from '../../../../../src-mcp/engine/schemas.js';
import { createCollection } from '../../../../../src-mcp/knowledge/collections.js';
import { noteDocumentsRead } from '../../../../../src-mcp/knowledge/grounding.js';
import { ingestDocuments } from '../../../../../src-mcp/knowledge/ingest.js';
import { hypothesisDraft } from '../../../../support/fakeAssistant.js';
import { fixture, NO_HOOKS } from '../../knowledge/helpers.js';
import { rows } from '../../../../../src-mcp/store/sql.js';

const BIB = `@article{friedman2008a,
  title = {Mechanisms of Hepatic Fibrogenesis},
  author = {Friedman, Scott L.},
  journal = {Gastroenterology},
  year = {2008},
  doi = {10.1053/j.gastro.2008.03.003},
}

@article{friedman2008b,
  title = {Mechanisms of Stellate Cell Activation in Liver Injury},
  author = {Friedman, Scott L. and Tacke, Frank},
  journal = {Physiological Reviews},
  year = {2008},
  doi = {https://doi.org/10.1152/PHYSREV.00013.2007},
}
`;

async function exportedProject() {
  const f = await fixture();
  fs.writeFileSync(path.join(f.library, 'refs.bib'), BIB);
  await createCollection(f.db, f.actor, { name: 'Fibrosis' });
  await ingestDocuments(f.db, f.actor, { path: f.library, collection: 'Fibrosis', recursive: true }, NO_HOOKS);
  const documents = await rows<{ id: string; title: string }>(f.db, 'SELECT id, title FROM knowledge_documents ORDER BY title');
  const [first, second] = documents;
  if (first === undefined || second === undefined) throw new Error('the .bib was not ingested');
  const project = await startResearch(f.db, f.actor, { goal: 'Find novel therapeutic targets for liver fibrosis', hypothesisCount: 3, seed: 1 });
  await noteDocumentsRead(f.db, project.id, [first.id, second.id], f.actor.now());
  const draft = HypothesisDraftSchema.parse({
    ...hypothesisDraft(1),
    citations: [
      // As the tools invite: by document_id, with whatever title the model typed.
      { title: 'fibrosis paper', document_id: first.id },
      // By title only.
      { title: second.title },
      // Nothing the project read.
      { title: 'Invented study of fibrosis reversal', authors: 'Nobody, Anne', year: 2016 },
    ],
  });
  await addHumanHypothesis(f.db, { clientId: 'desktop', now: f.actor.now }, project.id, draft, NOTHING_VERIFIED);
  const report = await buildReport(f.db, project.id, f.actor.now());
  return { bibtex: exportBibtex(report), json: JSON.parse(exportJson(report)) as { references: Array<Record<string, unknown>> } };
}

describe('references from the knowledge base', () => {
  it('carry the document\'s authors, venue, year and DOI in BibTeX, which a real parser reads back', async () => {
    const { bibtex } = await exportedProject();
    const library = parse(bibtex, { english: false });
    expect(library.errors).toEqual([]);
    const byDoi = new Map(library.entries.map((entry) => [normalizeDoi(String(entry.fields.doi ?? '')), entry]));
    const gastro = byDoi.get('10.1053/j.gastro.2008.03.003');
    expect(gastro?.fields).toMatchObject({ title: 'Mechanisms of Hepatic Fibrogenesis', journal: 'Gastroenterology', year: '2008' });
    expect(gastro?.fields.author).toEqual([expect.objectContaining({ lastName: 'Friedman' })]);
    const physrev = byDoi.get('10.1152/physrev.00013.2007');
    expect(physrev?.fields).toMatchObject({ journal: 'Physiological Reviews', year: '2008' });
    expect(physrev?.fields.author).toHaveLength(2);
    // author2016word keys, unique even when author, year and first word coincide.
    const keys = library.entries.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => key.startsWith('friedman2008mechanisms'))).toHaveLength(2);
    expect(keys.every((key) => /^[a-z]+(\d{4}|nd)[a-z0-9]+$/.test(key))).toBe(true);
    const invented = library.entries.find((entry) => String(entry.fields.title).startsWith('Invented'));
    expect(invented?.key).toBe('nobody2016invented');
    expect(String(invented?.fields.note)).toContain(UNVERIFIED_NOTE);
    expect(String(gastro?.fields.note ?? '')).not.toContain(UNVERIFIED_NOTE);
  });

  it('carry the same identifiers in JSON, verified only where the project read the document', async () => {
    const { json } = await exportedProject();
    const dois = json.references.map((r) => r.doi).filter((doi) => doi !== null).map((doi) => normalizeDoi(String(doi)));
    expect(dois.sort()).toEqual(['10.1053/j.gastro.2008.03.003', '10.1152/physrev.00013.2007']);
    expect(json.references.find((r) => r.doi !== null && normalizeDoi(String(r.doi)) === '10.1053/j.gastro.2008.03.003')).toMatchObject({ venue: 'Gastroenterology', authors: expect.stringContaining('Friedman'), year: 2008, verified: true });
    expect(json.references.find((r) => String(r.title).startsWith('Invented'))).toMatchObject({ verified: false, doi: null });
  });
});
