// Generated literature for the knowledge-base benchmarks: Markdown papers with headings, prose,
// the odd code block and table. Like real literature, the text mixes a small core vocabulary with
// a Zipf-like skew (a few words are everywhere) and a long tail of specific entities — genes,
// compounds, cell lines — each named by only a few papers. Queries then meet both kinds.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seededRandom } from '../test/support/seededRandom.js';

const VOCABULARY = (
  'cell cells protein expression signalling pathway activation inhibition receptor ligand kinase phosphorylation ' +
  'transcription factor gene genes mutation variant cohort patients mice model models tissue liver kidney lung heart ' +
  'brain fibrosis inflammation cytokine interleukin macrophage neutrophil lymphocyte stellate hepatocyte fibroblast ' +
  'collagen matrix remodelling apoptosis autophagy senescence proliferation differentiation migration invasion ' +
  'metastasis tumour carcinoma lymphoma leukaemia therapy treatment drug compound inhibitor agonist antagonist dose ' +
  'toxicity efficacy trial randomised placebo outcome survival mortality biomarker diagnosis prognosis imaging assay ' +
  'sequencing transcriptome proteome metabolome microbiome organoid culture knockout knockdown crispr editing vector ' +
  'virus bacteria infection antibiotic resistance vaccine antibody antigen epitope immune tolerance autoimmune ' +
  'insulin glucose lipid cholesterol steatosis obesity diabetes metabolism mitochondria oxidative stress hypoxia ' +
  'angiogenesis endothelial vascular platelet coagulation thrombosis neuron synapse neurodegeneration amyloid tau ' +
  'microglia astrocyte oligodendrocyte myelin axon dendrite plasticity memory cognition behaviour circadian sleep ' +
  'hormone oestrogen androgen cortisol thyroid pituitary adrenal bone cartilage osteoclast osteoblast muscle ' +
  'regeneration stem progenitor niche wnt notch hedgehog tgf smad yap taz mtor ampk nfkb stat jak erk akt pi3k ' +
  'p53 myc ras braf egfr her2 vegf pdgf fgf il6 tnf ifn tlr nlrp3 caspase bcl2 parp brca atm chk1 cdk4 cyclin'
).split(' ');

/** 20,000 entity names shaped like gene and compound symbols (ZNF423, KX2196): the long tail. */
const ENTITIES: readonly string[] = (() => {
  const letters = 'ABCDEFGHIKLMNPRSTVWXZ';
  const names: string[] = [];
  for (let i = 0; names.length < 20_000; i += 1) {
    const a = letters[i % letters.length] as string;
    const b = letters[Math.floor(i / letters.length) % letters.length] as string;
    const c = letters[Math.floor(i / letters.length ** 2) % letters.length] as string;
    names.push(`${a}${b}${c}${(i * 7919) % 997}`.toLowerCase());
  }
  return names;
})();

const FILLER = 'the of and in to with was were by for on is that as from at this these which be an or are we our has'.split(' ');

const SECTIONS = ['Introduction', 'Methods', 'Results', 'Discussion', 'Limitations'];
const SUBSECTIONS = ['Animal models', 'Cell culture', 'Statistical analysis', 'Sequencing', 'Histology', 'Imaging', 'Patient cohort', 'Drug treatment'];

/** Deterministic pseudo-random numbers, so every run benchmarks the same corpus. */
export const random = seededRandom;

/** A vocabulary index skewed towards the front of the list (rank r has weight ~ 1/r). */
export function zipfWord(next: () => number): string {
  const index = Math.floor(Math.exp(next() * Math.log(VOCABULARY.length + 1))) - 1;
  return VOCABULARY[Math.min(VOCABULARY.length - 1, Math.max(0, index))] as string;
}

function sentence(next: () => number, topic: readonly string[]): string {
  const length = 10 + Math.floor(next() * 14);
  const words: string[] = [];
  for (let i = 0; i < length; i += 1) {
    const roll = next();
    words.push(roll < 0.45 ? (FILLER[Math.floor(next() * FILLER.length)] as string) : roll < 0.75 ? (topic[Math.floor(next() * topic.length)] as string) : zipfWord(next));
  }
  const text = words.join(' ');
  return `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}.`;
}

function paragraph(next: () => number, topic: readonly string[]): string {
  return Array.from({ length: 3 + Math.floor(next() * 4) }, () => sentence(next, topic)).join(' ');
}

/** One paper of roughly `targetBytes`, about three core words and three entities of its own. */
export function paper(seed: number, targetBytes: number): { name: string; text: string } {
  const next = random(seed);
  const topic = [
    ...Array.from({ length: 3 }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)] as string),
    ...paperEntities(seed),
  ];
  const parts = [`# ${topic.slice(0, 3).join(' ')} in ${topic[3]} (study ${seed})`, ''];
  let section = 0;
  while (parts.join('\n').length < targetBytes) {
    parts.push(`## ${SECTIONS[section % SECTIONS.length]}`, '');
    if (next() < 0.6) parts.push(`### ${SUBSECTIONS[Math.floor(next() * SUBSECTIONS.length)]}`, '');
    for (let i = 0; i < 2 + Math.floor(next() * 3); i += 1) parts.push(paragraph(next, topic), '');
    if (next() < 0.15) parts.push('```r', `fit <- lm(${topic[0]} ~ ${topic[1]} + dose, data = cohort)`, 'summary(fit)', '```', '');
    if (next() < 0.1) parts.push(`| Marker | Control | ${topic[2]} |`, '| --- | --- | --- |', `| ${topic[4]} | 1.0 | ${(1 + next() * 3).toFixed(2)} |`, '');
    section += 1;
  }
  return { name: `paper-${String(seed).padStart(6, '0')}.md`, text: parts.join('\n') };
}

/** Writes `count` papers to `folder`; returns the total size in bytes. */
export async function writePapers(folder: string, count: number, targetBytes: number, firstSeed = 1): Promise<number> {
  await mkdir(folder, { recursive: true });
  let bytes = 0;
  for (let i = 0; i < count; i += 1) {
    const { name, text } = paper(firstSeed + i, targetBytes);
    bytes += Buffer.byteLength(text, 'utf8');
    await writeFile(path.join(folder, name), text, 'utf8');
  }
  return bytes;
}

/** The entities a paper is about (a function of its seed, so queries can name them). */
function paperEntities(seed: number): string[] {
  const next = random(seed * 31 + 7);
  return Array.from({ length: 3 }, () => ENTITIES[Math.floor(next() * ENTITIES.length)] as string);
}

/**
 * Search queries of the kinds assistants send: about specific entities of some paper in the
 * corpus (the common case when grounding a hypothesis), topical combinations of core words,
 * one-word broad queries, long ones, questions in natural language, and misspellings.
 */
export function queries(count: number, seed: number, papers: number): Array<{ query: string; kind: string }> {
  const next = random(seed);
  const pick = (): string => VOCABULARY[Math.floor(next() * VOCABULARY.length)] as string;
  const entity = (): string => paperEntities(1 + Math.floor(next() * papers))[Math.floor(next() * 3)] as string;
  return Array.from({ length: count }, () => {
    const roll = next();
    if (roll < 0.35) return { kind: 'entity', query: `${entity()} ${pick()} ${zipfWord(next)}` };
    if (roll < 0.6) return { kind: 'topical', query: `${pick()} ${pick()} ${zipfWord(next)}` };
    if (roll < 0.7) return { kind: 'broad', query: zipfWord(next) };
    if (roll < 0.8) return { kind: 'long', query: [entity(), ...Array.from({ length: 4 }, () => (next() < 0.5 ? pick() : zipfWord(next)))].join(' ') };
    if (roll < 0.9) return { kind: 'question', query: `what is known about ${entity()} and ${pick()} in ${zipfWord(next)}` };
    return { kind: 'misspelt', query: `${pick()}x ${pick().slice(1)}q` };
  });
}
