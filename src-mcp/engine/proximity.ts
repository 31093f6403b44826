// Proximity between hypotheses: cosine similarity of TF-IDF-weighted word bags. Cheap, deterministic
// and good enough to flag near-duplicates and to pair similar hypotheses in the tournament.

const STOP_WORDS = new Set(
  'a an and are as at be by can could for from has have in into is it its may might of on or our that the their these this those to via we which will with within without would not than then thus also both each such more most less between through'.split(' '),
);

export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word));
}

export interface ProximityIndex {
  similarity(a: string, b: string): number;
  /** Ids whose similarity to `id` is at least `threshold`, most similar first. */
  neighbours(id: string, threshold: number): Array<{ id: string; similarity: number }>;
}

/** Builds an index over `texts` (id → text); IDF is computed over this set. */
export function buildProximityIndex(texts: ReadonlyMap<string, string>): ProximityIndex {
  const termCounts = new Map<string, Map<string, number>>();
  const documentFrequency = new Map<string, number>();
  for (const [id, text] of texts) {
    const counts = new Map<string, number>();
    for (const token of tokens(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
    termCounts.set(id, counts);
    for (const token of counts.keys()) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  }
  const n = Math.max(texts.size, 1);
  const vectors = new Map<string, Map<string, number>>();
  for (const [id, counts] of termCounts) {
    const vector = new Map<string, number>();
    let norm = 0;
    for (const [token, count] of counts) {
      // Smoothed IDF keeps shared domain words from dominating while never going negative.
      const weight = (1 + Math.log(count)) * Math.log(1 + n / (documentFrequency.get(token) ?? 1));
      vector.set(token, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [token, weight] of vector) vector.set(token, weight / norm);
    vectors.set(id, vector);
  }
  const similarity = (a: string, b: string): number => {
    const va = vectors.get(a);
    const vb = vectors.get(b);
    if (va === undefined || vb === undefined) return 0;
    const [small, large] = va.size <= vb.size ? [va, vb] : [vb, va];
    let dot = 0;
    for (const [token, weight] of small) dot += weight * (large.get(token) ?? 0);
    return Math.min(1, dot);
  };
  return {
    similarity,
    neighbours(id, threshold) {
      const result: Array<{ id: string; similarity: number }> = [];
      for (const other of vectors.keys()) {
        if (other === id) continue;
        const value = similarity(id, other);
        if (value >= threshold) result.push({ id: other, similarity: value });
      }
      return result.sort((x, y) => y.similarity - x.similarity || x.id.localeCompare(y.id));
    },
  };
}

/** Above this, two hypotheses say essentially the same thing. */
export const NEAR_DUPLICATE_THRESHOLD = 0.8;
