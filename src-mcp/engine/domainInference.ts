// Infers a scientific domain from a research goal when the caller gives none (seeds/000:
// "If not provided, system will infer from goal"). A transparent keyword vote: predictable,
// explainable to the scientist, and overridable by simply passing `domain`.
const DOMAIN_KEYWORDS: Record<string, readonly string[]> = {
  biology: [
    'gene', 'genes', 'genetic', 'genome', 'protein', 'cell', 'cells', 'cellular', 'enzyme', 'rna', 'dna',
    'microbial', 'bacteria', 'bacterial', 'antimicrobial', 'fibrosis', 'stellate', 'organism', 'evolution',
    'ecology', 'species', 'tissue', 'receptor', 'pathway', 'mitochondria', 'crispr', 'epigenetic',
  ],
  medicine: [
    'disease', 'patient', 'patients', 'clinical', 'therapy', 'therapeutic', 'treatment', 'treatments',
    'drug', 'drugs', 'repurposing', 'cancer', 'leukemia', 'aml', 'diagnosis', 'trial', 'vaccine', 'tumor',
    'liver', 'cardiac', 'alzheimer', 'diabetes', 'infection',
  ],
  chemistry: [
    'molecule', 'molecular', 'catalyst', 'catalysis', 'synthesis', 'reaction', 'compound', 'polymer',
    'solvent', 'electrochemical', 'organic', 'inorganic', 'ligand', 'oxidation', 'spectroscopy',
  ],
  physics: [
    'quantum', 'particle', 'laser', 'photon', 'superconduct', 'superconductor', 'plasma', 'gravitational',
    'optics', 'magnetic', 'thermodynamic', 'condensed', 'semiconductor',
  ],
  materials_science: ['material', 'materials', 'alloy', 'battery', 'batteries', 'perovskite', 'graphene', 'ceramic'],
  earth_science: ['climate', 'ocean', 'atmospheric', 'geology', 'soil', 'carbon', 'earthquake', 'glacier'],
  computer_science: ['algorithm', 'neural', 'software', 'machine learning', 'compiler', 'network', 'computation'],
  neuroscience: ['neuron', 'neurons', 'neural circuit', 'brain', 'synapse', 'synaptic', 'cognition', 'cortex'],
};

export const GENERAL_DOMAIN = 'general science';

export function inferDomain(goal: string): string {
  const text = ` ${goal.toLowerCase().replace(/[^a-z0-9\s-]/g, ' ')} `;
  let best = GENERAL_DOMAIN;
  let bestScore = 0;
  for (const [domain, keywords] of Object.entries(DOMAIN_KEYWORDS)) {
    const score = keywords.reduce((sum, keyword) => sum + (text.includes(` ${keyword}`) ? 1 : 0), 0);
    // Ties keep the earlier (more specific for life-science goals) entry, so results are stable.
    if (score > bestScore) {
      best = domain;
      bestScore = score;
    }
  }
  return best;
}
