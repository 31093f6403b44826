// A deterministic, seeded stand-in for an assistant's reasoning with realistic lengths: hypotheses
// of ~150 words, reviews of ~200, comparison rationales and meta-reviews as long as the output
// schema allows. Every hypothesis carries a hidden quality; the judge picks the better one about
// 85% of the time. Each text is cut to the schema's maxLength / maxItems, as a model that honours
// the stated limits would write it.
import { seededRandom } from './seededRandom.js';

type Json = Record<string, unknown>;

const VOCABULARY = (
  'stellate fibroblast macrophage collagen integrin kinase phosphatase receptor ligand transcription ' +
  'enhancer chromatin methylation acetylation microRNA exosome mitochondria autophagy senescence ' +
  'hypoxia lactate glutamine lipid cholesterol bile insulin leptin adiponectin cytokine chemokine ' +
  'interleukin interferon complement platelet endothelium sinusoid hepatocyte cholangiocyte Kupffer ' +
  'neutrophil lymphocyte regulatory effector memory niche matrix stiffness mechanotransduction YAP ' +
  'TAZ Hedgehog Notch Wnt TGF PDGF VEGF CTGF LOX MMP TIMP galectin osteopontin periostin ' +
  'circadian microbiome metabolite butyrate tryptophan kynurenine ferroptosis pyroptosis necroptosis ' +
  'organoid spheroid scaffold biopsy elastography hydroxyproline sirius picrosirius transcriptomic ' +
  'proteomic single-cell spatial lineage reporter knockout knockdown inhibitor agonist antagonist ' +
  'antibody vaccine nanoparticle siRNA antisense CRISPR vector dose regimen cohort trial biomarker ' +
  'cell cells liver gene loss mice human repair injury scar tissue blood fat drug model early late ' +
  'high low rate risk signal level stage serum mouse tumour fibre zone duct wall'
).split(/\s+/);

/**
 * Short function words: scientific English prose averages ~6–8 characters per word with the space
 * (the abstracts of test/fixtures/knowledge measure 7.6–8.1, general science writing ~6); without
 * them the fake wrote ~9, which overstated every text the assistant writes and reads.
 */
const GLUE = 'the of in and to a by with for that is on as from than at'.split(' ');

const LINKS = 'drives limits sustains reverses amplifies buffers couples gates primes silences'.split(' ');

/** Critiques reviewers keep making, so a meta-review has recurring ones to find. */
const RECURRING_CRITIQUES = [
  'The protocol lacks a negative control that separates the proposed mechanism from generic inflammation',
  'Human relevance is untested because every readout comes from a single mouse model',
  'The effect size needed for the primary readout is not justified by a power calculation',
  'The causal direction between the marker and fibrosis is assumed rather than tested',
  'Off-target effects of the inhibitor are not addressed by a genetic control',
  'The timeline of the intervention does not match the known kinetics of the pathway',
];

export interface Words {
  next(): number;
  words(count: number): string;
  sentence(count: number): string;
}

export function wordSource(seed: number): Words {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // A clause of eight: term, glue, term, verb, glue, term, glue, term ("collagen of the liver drives…").
  const slot = (i: number) => {
    const position = i % 8;
    if (position === 3) return pick(LINKS);
    return position === 1 || position === 4 || position === 6 ? pick(GLUE) : pick(VOCABULARY);
  };
  const words = (count: number) => Array.from({ length: count }, (_, i) => slot(i)).join(' ');
  return {
    next: random,
    words,
    sentence: (count) => {
      const text = words(count);
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
    },
  };
}

function paragraph(source: Words, totalWords: number): string {
  const sentences: string[] = [];
  for (let left = totalWords; left > 0; left -= 14) sentences.push(source.sentence(Math.min(14, left)));
  return sentences.join(' ');
}

/** A hypothesis of ~150 words (summary 70, rationale 40, protocol 30, predictions 2 × 8) plus its title and core claim. */
export function fakeHypothesis(source: Words): Json {
  return {
    title: source.sentence(7).slice(0, -1),
    core_claim: paragraph(source, 28),
    summary: paragraph(source, 70),
    rationale: paragraph(source, 40),
    experimental_protocol: paragraph(source, 30),
    testable_predictions: [source.sentence(8), source.sentence(8)],
    citations: [{ title: source.sentence(6).slice(0, -1), year: 2020 + Math.floor(source.next() * 5) }],
    assumptions: [source.sentence(9)],
  };
}

export function fakeReview(source: Words, hypothesisId: string, quality: number): Json {
  const score = (spread: number) => Math.round(Math.min(1, Math.max(0, quality + (source.next() - 0.5) * spread)) * 100) / 100;
  const critique = () => `${RECURRING_CRITIQUES[Math.floor(source.next() * RECURRING_CRITIQUES.length)] as string}; ${source.words(14)}.`;
  const plausibility = score(0.3);
  const testability = score(0.3);
  const novelty = score(0.3);
  return {
    hypothesis_id: hypothesisId,
    scores: { plausibility, novelty, testability, safety: 0.95, overall: Math.round(Math.min(0.35 * plausibility + 0.35 * testability + 0.3 * novelty, Math.min(plausibility, testability) + 0.25) * 100) / 100 },
    strengths: [source.sentence(30), source.sentence(25)],
    weaknesses: [critique(), critique(), source.sentence(25)],
    recommendations: [source.sentence(25), source.sentence(20)],
  };
}

/** Cuts every string, array and nested value of `value` to the limits `schema` states (a JSON Schema). */
export function fitToSchema(value: unknown, schema: unknown, root: unknown = schema): unknown {
  const resolved = resolveRef(schema, root);
  if (resolved === null || typeof resolved !== 'object') return value;
  const s = resolved as Json;
  if (typeof value === 'string' && typeof s.maxLength === 'number' && value.length > s.maxLength) {
    const cut = value.slice(0, s.maxLength - 1);
    const space = cut.lastIndexOf(' ');
    return `${(space > s.maxLength * 0.6 ? cut.slice(0, space) : cut).replace(/[ ,;:]+$/, '')}.`;
  }
  if (Array.isArray(value)) {
    const limited = typeof s.maxItems === 'number' ? value.slice(0, s.maxItems) : value;
    return limited.map((entry) => fitToSchema(entry, s.items, root));
  }
  if (value !== null && typeof value === 'object') {
    const properties = (s.properties ?? {}) as Json;
    return Object.fromEntries(Object.entries(value as Json).map(([key, entry]) => [key, fitToSchema(entry, properties[key], root)]));
  }
  return value;
}

function resolveRef(schema: unknown, root: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as Json).$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Json)[key] : undefined), root);
}
