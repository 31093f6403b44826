// A realistic finished project, built in code: six hypotheses (one evolved from two parents, one
// rejected, one still pending), reviews of several types, model and human matches, and citations
// covering DOI / PMID / arXiv / no identifier, verified and not, with TeX-hostile and non-ASCII text.
import type { CitationRecord, Hypothesis, LeaderboardEntry, MatchRecord, ResearchProject, Review } from '../../../../../src-mcp/engine/types.js';
import type { ResearchReport } from '../../../../../src-mcp/engine/exports/report.js';

const T0 = '2026-11-02T09:00:00.000Z';

export const CITATIONS = {
  senescenceDoi: { title: 'Senescent hepatic stellate cells & fibrosis regression', authors: 'Krizhanovsky V, Yon M, Dickins RA', year: 2008, doi: '10.1016/j.cell.2008.06.049', verified: true, document_id: 'doc_1' },
  /** The same paper cited again with a DOI URL in capitals: must merge with the one above. */
  senescenceDoiUrl: { title: 'Senescence of activated stellate cells limits liver fibrosis', authors: 'Krizhanovsky, Valery', year: 2008, doi: 'https://doi.org/10.1016/J.CELL.2008.06.049', verified: false },
  pmidUnverified: { title: 'TGF-β signalling in 100% of fibrotic livers: a {meta}-analysis', authors: 'Müller, Jürgen and Øster, Åse', year: 2019, pmid: '31234567', verified: false },
  arxiv: { title: 'Graph neural networks for $\\alpha$-SMA image quantification #2', authors: 'Lee K, Zhang W', year: 2021, arxiv_id: 'arXiv:2103.01234v2', verified: false },
  arxivSameNoVersion: { title: 'GNNs for α-SMA image quantification', arxiv_id: '2103.01234', verified: false },
  noIdentifier: { title: 'The extracellular matrix_stiffness ~ feedback loop in fibrosis', authors: 'Wells RG', year: 2013, verified: false },
  /** Same title as noIdentifier, no ids: merged by title. */
  noIdentifierAgain: { title: 'The Extracellular Matrix Stiffness Feedback Loop in Fibrosis', verified: false },
  /** Same first author, year and first title word as `senescenceDoi`: keys must get a/b suffixes. */
  keyCollision: { title: 'Senescent cell clearance in liver repair', authors: 'Krizhanovsky V', year: 2008, pmid: '18724938', verified: true, document_id: 'doc_2' },
  nonLatin: { title: '肝線維症における星細胞', authors: '田中 太郎', year: 2020, url: 'https://example.org/jp paper?id={7}', verified: false },
} satisfies Record<string, CitationRecord>;

const summaryOf = (claim: string) =>
  `${claim} The mechanism links stellate-cell senescence to matrix remodelling through a defined signalling axis, which the protocol tests in a controlled mouse model with a blinded histological readout. We predict a measurable change in collagen deposition relative to vehicle controls, with the direction fixed in advance and a sample size chosen for eighty percent power.`;

let seq = 0;
function hypothesis(over: Partial<Hypothesis> & Pick<Hypothesis, 'id'>): Hypothesis {
  seq += 1;
  return {
    projectId: 'res_fixture',
    seq,
    summary: summaryOf(`Hypothesis ${seq}: inducing senescence in activated stellate cells reverses established liver fibrosis.`),
    rationale: 'Activated hepatic stellate cells drive collagen deposition. Senescent stellate cells secrete matrix-degrading enzymes. Therefore inducing senescence should shift the balance toward fibrosis regression, a link not yet tested in established fibrosis.',
    experimentalProtocol: 'Induce fibrosis with CCl4 for six weeks in C57BL/6 mice. Randomise to a senolytic-sparing senescence inducer or vehicle (n = 12 per arm). Quantify Sirius Red area blinded at week ten; include a positive control arm with known anti-fibrotic treatment.',
    testablePredictions: ['Sirius Red positive area decreases by at least 30% versus vehicle at week ten.', 'Hydroxyproline content falls in parallel with p16-positive stellate cell counts.'],
    citations: [],
    assumptions: ['CCl4 fibrosis reflects human fibrosis progression', 'Senescent stellate cells do not re-activate'],
    method: 'literature_based',
    origin: 'generated',
    status: 'in_tournament',
    gate: 'approved',
    parents: [],
    iteration: 1,
    elo: 1000,
    btScore: null,
    ci95: null,
    pTopK: null,
    rank: null,
    matchesPlayed: 0,
    wins: 0,
    nearDuplicateOf: null,
    safetyFlag: null,
    createdBy: 'claude-desktop',
    reasoner: 'delegated:claude-desktop',
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

function review(over: Partial<Review> & Pick<Review, 'id' | 'hypothesisId'>): Review {
  return {
    projectId: 'res_fixture',
    type: 'initial',
    scores: { plausibility: 0.7, novelty: 0.6, testability: 0.8, safety: 0.9, overall: 0.69 },
    strengths: ['Clear, falsifiable readout with blinded quantification.'],
    weaknesses: ['No lineage tracing to show senescent cells are stellate-derived.'],
    recommendations: ['Add an LRAT-Cre lineage-tracing arm.'],
    citations: [],
    assumptionChecks: [],
    fundamentalFlaw: false,
    narrative: null,
    reviewer: 'delegated:claude-desktop',
    judge: 'model',
    createdAt: T0,
    ...over,
  };
}

function match(id: string, firstId: string, secondId: string, winnerId: string, judge: 'model' | 'human' = 'model'): MatchRecord {
  return { id, projectId: 'res_fixture', firstId, secondId, winnerId, judge, confidence: judge === 'human' ? null : 0.7, rationale: 'The winner specifies controls and a blinded readout; the other relies on an untested lineage assumption.', debate: [], createdBy: judge === 'human' ? 'desktop' : 'claude-desktop', createdAt: T0 };
}

export function fixtureReport(): ResearchReport {
  seq = 0;
  const c = CITATIONS;
  // Distinct ideas: the Specific Aims draw one aim from each (issue 15 item 6).
  const h1 = hypothesis({
    id: 'hyp_a1',
    summary: summaryOf('Hypothesis 1: blocking LOXL2 cross-linking lets macrophage proteases resorb mature collagen scars.'),
    rationale: 'Lysyl oxidase cross-links make mature scars protease-resistant. Removing the cross-linking enzyme should expose collagen to matrix metalloproteinases from restorative macrophages.',
    citations: [c.senescenceDoi, c.pmidUnverified],
    elo: 1032,
    rank: 2,
  });
  const h2 = hypothesis({
    id: 'hyp_b2',
    method: 'debate',
    summary: summaryOf('Hypothesis 2: gut-derived endotoxin sustains Kupffer cell TLR4 signalling that keeps fibrosis progressing.'),
    rationale: 'Portal endotoxin rises with barrier leakage. Kupffer cells answer through TLR4 with profibrogenic cytokines, so restoring the intestinal barrier should slow progression.',
    citations: [c.arxiv, c.noIdentifier],
    elo: 1010,
    rank: 3,
  });
  const h3 = hypothesis({ id: 'hyp_c3', method: 'assumptions', citations: [c.senescenceDoiUrl, c.nonLatin], elo: 985, rank: 4 });
  const h4 = hypothesis({ id: 'hyp_d4', method: 'combine', origin: 'evolved', parents: ['hyp_a1', 'hyp_b2'], iteration: 2, citations: [c.noIdentifierAgain, c.arxivSameNoVersion], elo: 1061, rank: 1 });
  const h5 = hypothesis({ id: 'hyp_e5', status: 'rejected', nearDuplicateOf: 'hyp_b2', safetyFlag: 'requires release of a modified hepatotropic virus', citations: [c.pmidUnverified] });
  const h6 = hypothesis({ id: 'hyp_f6', status: 'pending', gate: 'awaiting_approval', method: 'expansion', iteration: 2 });
  const hypotheses = [h4, h1, h2, h3, h6, h5];
  const leaderboard: LeaderboardEntry[] = [
    { hypothesisId: 'hyp_d4', rank: 1, elo: 1061, btScore: 1.84, ci95: [1.21, 2.6], pTopK: 0.93, matches: 6, wins: 5, certifiedTopK: true },
    { hypothesisId: 'hyp_a1', rank: 2, elo: 1032, btScore: 1.12, ci95: [0.7, 1.65], pTopK: 0.81, matches: 6, wins: 4, certifiedTopK: true },
    { hypothesisId: 'hyp_b2', rank: 3, elo: 1010, btScore: 0.74, ci95: [0.41, 1.2], pTopK: 0.2, matches: 6, wins: 2, certifiedTopK: false },
    { hypothesisId: 'hyp_c3', rank: 4, elo: 985, btScore: 0.39, ci95: [0.18, 0.7], pTopK: 0.06, matches: 6, wins: 1, certifiedTopK: false },
  ];
  const reviews = [
    review({ id: 'rev_1', hypothesisId: 'hyp_a1', citations: [c.keyCollision] }),
    review({ id: 'rev_2', hypothesisId: 'hyp_a1', type: 'full', scores: { plausibility: 0.75, novelty: 0.55, testability: 0.8, safety: 0.95, overall: 0.7 } }),
    review({
      id: 'rev_3',
      hypothesisId: 'hyp_d4',
      type: 'deep_verification',
      assumptionChecks: [{ assumption: 'CCl4 fibrosis reflects human disease', verdict: 'uncertain', evidence: 'Partially; lacks metabolic drivers.', fundamental: false }],
      citations: [c.senescenceDoi],
    }),
    review({ id: 'rev_4', hypothesisId: 'hyp_e5', type: 'full', fundamentalFlaw: true, scores: { plausibility: 0.3, novelty: 0.5, testability: 0.4, safety: 0.2, overall: 0.2 }, judge: 'human', reviewer: 'desktop' }),
  ];
  const matches = [
    match('m1', 'hyp_d4', 'hyp_a1', 'hyp_d4'),
    match('m2', 'hyp_b2', 'hyp_d4', 'hyp_d4'),
    match('m3', 'hyp_a1', 'hyp_c3', 'hyp_a1', 'human'),
    match('m4', 'hyp_c3', 'hyp_b2', 'hyp_b2'),
  ];
  const project: ResearchProject = {
    id: 'res_fixture',
    goal: 'Find novel therapeutic targets that reverse established liver fibrosis',
    domain: 'biology',
    domainInferred: true,
    status: 'completed',
    hypothesisBudget: 20,
    progress: 1,
    createdBy: 'claude-desktop',
    createdAt: T0,
    updatedAt: T0,
    plan: {
      goal: 'Find novel therapeutic targets that reverse established liver fibrosis',
      domain: 'biology',
      objectives: ['Identify cellular mechanisms that drive fibrosis regression', 'Prioritise targets testable in mouse models within a year'],
      constraints: ['No human interventional studies'],
      preferences: ['Favour druggable targets'],
      hypothesis_budget: 20,
    },
    settings: { pauseAt: ['research_plan', 'final_report'], chatDeciders: [], topK: 2, maxReasoningCalls: 200, maxIterations: 3, maxWallClockMinutes: 240, seed: 7 },
    stage: 'done',
    iteration: 2,
    workflowStep: 9,
    metaReview: {
      recurring_critiques: ['Protocols lack lineage tracing (H1, H2).', 'Mouse models assumed to reflect human disease.'],
      feedback_for_generation: 'Explore non-stellate mechanisms such as macrophage-driven matrix degradation.',
      feedback_for_review: 'Check lineage claims more carefully.',
      research_overview:
        'The leading hypotheses converge on stellate-cell senescence as a lever for regression. A second cluster targets matrix stiffness feedback. The cheapest decisive experiment is the CCl4 senescence-induction study with lineage tracing. Macrophage mechanisms remain unexplored.',
    },
    reasoningCallsUsed: 42,
    stopReason: 'ranking certified',
  };
  return { project, hypotheses, reviews, matches, leaderboard, certified: true, generatedAt: '2026-11-03T12:00:00.000Z' };
}
