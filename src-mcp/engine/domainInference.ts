// Infers a scientific domain from a research goal when the caller gives none (docs/seed-mapping.md, seed 000: "If not
// provided, system will infer from goal"). A transparent vocabulary vote, predictable and easy to
// explain: each domain has phrases (weight 3: "solar cell" is materials, not biology) and word
// stems (weight 1, matched at the start of a word: "neuro" finds "neurogenesis"). The scientist
// corrects a wrong guess by editing the research plan's domain. Measured on
// test/fixtures/domains/goals.json (test/unit/src-mcp/engine/domainInference.test.ts).

interface Vocabulary {
  phrases: readonly string[];
  stems: readonly string[];
}

const PHRASE_WEIGHT = 3;

const VOCABULARY: Record<string, Vocabulary> = {
  medicine: {
    phrases: ['drug repurposing', 'therapeutic target', 'clinical trial', 'blood test', 'heart failure', 'long covid', 'immune checkpoint', 'early detection'],
    stems: ['disease', 'patient', 'clinic', 'therap', 'treatment', 'drug', 'repurpos', 'cancer', 'leuk', 'aml', 'diagnos', 'vaccin', 'tumo', 'fibrosis', 'cardiac', 'alzheimer', 'diabet', 'infection', 'hospital', 'biomarker', 'pneumonia', 'surg', 'postoperative', 'delirium', 'melanoma', 'sclerosis', 'syndrome', 'covid', 'readmission', 'medic', 'pharma', 'fatigue', 'pancrea', 'children'],
  },
  biology: {
    phrases: ['gene regulatory', 'stem cell', 'stem cells', 'cell biology', 'soil bacteria'],
    stems: ['gene', 'genom', 'genetic', 'protein', 'cell', 'enzym', 'rna', 'dna', 'microb', 'bacteri', 'antimicrobial', 'organism', 'evolution', 'ecolog', 'species', 'tissue', 'receptor', 'pathway', 'mitochondri', 'crispr', 'epigenet', 'arabidopsis', 'fung', 'tardigrad', 'coral', 'symbiont', 'bird', 'migrat', 'plant', 'antibiotic', 'flowering', 'lignin', 'desiccation', 'yeast', 'virus'],
  },
  neuroscience: {
    phrases: ['neural circuit', 'working memory', 'grid cells', 'synaptic plasticity', 'synaptic pruning'],
    stems: ['neuro', 'neuron', 'brain', 'synap', 'cognit', 'cortex', 'cortical', 'hippocamp', 'dopamin', 'striat', 'astrocyt', 'microglia', 'cerebell', 'entorhinal', 'memory', 'sleep', 'language processing'],
  },
  chemistry: {
    phrases: ['organic synthesis', 'oxygen evolution', 'metal-organic framework', 'metal-organic frameworks', 'carbon capture', 'aldol reaction', 'aldol reactions'],
    stems: ['molecul', 'catalys', 'catalyt', 'synthes', 'reaction', 'compound', 'solvent', 'electrochem', 'organic', 'inorganic', 'ligand', 'oxidation', 'spectroscop', 'organocatal', 'enantio', 'photocatal', 'methanol', 'chemi', 'extraction', 'brine', 'overpotential'],
  },
  physics: {
    phrases: ['condensed matter', 'critical temperature', 'edge states', 'thermal conductivity', 'neutrino mass', 'fusion reactor', 'fusion reactors'],
    stems: ['quantum', 'particle', 'laser', 'photon', 'superconduct', 'plasma', 'gravitation', 'optic', 'magnet', 'thermodynam', 'semiconductor', 'neutrino', 'tokamak', 'topolog', 'twisted', 'bilayer', 'oscillation', 'hydride', 'instabilit', 'physic'],
  },
  materials_science: {
    phrases: ['solar cell', 'solar cells', 'solid-state electrolyte', 'solid-state electrolytes', 'high-entropy alloy', 'high-entropy alloys', 'figure of merit', 'flexible electronics', 'silicon wafer', 'silicon wafers', 'carrier lifetime'],
    stems: ['material', 'alloy', 'batter', 'perovskite', 'graphene', 'ceramic', 'polymer', 'electrolyte', 'dendrite', 'thermoelectric', 'creep', 'turbine', 'self-healing', 'wafer', 'defect', 'photovolta', 'coating'],
  },
  earth_science: {
    phrases: ['climate sensitivity', 'ocean current', 'ocean currents', 'sea level', 'satellite radar'],
    stems: ['climat', 'ocean', 'atmospher', 'geolog', 'soil', 'earthquake', 'glacier', 'permafrost', 'groundwater', 'aquifer', 'monsoon', 'stalagmite', 'landslide', 'microplastic', 'atlantic', 'isotope', 'sediment', 'volcan', 'hydrolog'],
  },
  computer_science: {
    phrases: ['machine learning', 'neural network', 'neural networks', 'language model', 'language models', 'reinforcement learning', 'federated learning', 'program synthesis', 'data centre', 'data centres', 'data center', 'traveling salesman', 'travelling salesman'],
    stems: ['algorithm', 'software', 'compiler', 'comput', 'solver', 'heuristic', 'privacy', 'learning', 'scheduling', 'dataset', 'benchmark'],
  },
  mathematics: {
    phrases: ['chromatic number', 'random graphs', 'finite simple groups', 'automorphism group', 'automorphism groups', 'gradient descent', 'non-convex'],
    stems: ['prove', 'proof', 'theorem', 'conjecture', 'bound', 'converg', 'topolog', 'algebra', 'lemma', 'combinator', 'manifold'],
  },
  astronomy: {
    phrases: ['fast radio burst', 'fast radio bursts', 'dark matter', 'hubble constant', 'dwarf galaxies', 'transmission spectroscopy'],
    stems: ['exoplanet', 'galax', 'stellar', 'magnetar', 'supernova', 'telescope', 'jwst', 'cosmolog', 'astro', 'planet', 'lensed', 'black hole'],
  },
  agriculture: {
    phrases: ['crop yield', 'marker-assisted breeding', 'nitrogen fertiliser', 'nitrogen fertilizer', 'heat stress'],
    stems: ['crop', 'yield', 'fertili', 'rice', 'wheat', 'maize', 'breeding', 'agricult', 'agronom', 'livestock', 'canopy', 'drought'],
  },
};

export const GENERAL_DOMAIN = 'general science';
export const INFERABLE_DOMAINS: readonly string[] = Object.keys(VOCABULARY);

/** The words of a goal: lower-cased, ASCII letters, digits and hyphens. */
function words(goal: string): string[] {
  return goal
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** Each domain's score for a goal: phrases count three, word stems one each. */
export function domainScores(goal: string): Map<string, number> {
  const tokens = words(goal);
  const text = ` ${tokens.join(' ')} `;
  const scores = new Map<string, number>();
  for (const [domain, vocabulary] of Object.entries(VOCABULARY)) {
    let score = 0;
    for (const phrase of vocabulary.phrases) if (text.includes(` ${phrase} `)) score += PHRASE_WEIGHT;
    for (const stem of vocabulary.stems) {
      if (stem.includes(' ')) score += text.includes(` ${stem}`) ? 1 : 0;
      else score += tokens.some((token) => token.startsWith(stem)) ? 1 : 0;
    }
    scores.set(domain, score);
  }
  return scores;
}

export function inferDomain(goal: string): string {
  let best = GENERAL_DOMAIN;
  let bestScore = 0;
  // Ties keep the earlier entry (the vocabulary's order), so results are stable.
  for (const [domain, score] of domainScores(goal)) {
    if (score > bestScore) {
      best = domain;
      bestScore = score;
    }
  }
  return best;
}
