// The machine-readable report: a stable, versioned document. Field names are snake_case like the
// MCP tool outputs; `format_version` changes only when a field changes meaning or disappears, so
// scripts written against version 1 keep working when fields are added.
import type { CitationRecord, Hypothesis, MatchRecord, Review } from '../types.js';
import type { MetaReviewResult, ResearchPlan, ReviewScores } from '../schemas.js';
import { label, partition, standing, type ResearchReport } from './report.js';
import { bibliography, type Bibliography } from './references.js';
import { bibliographicFields, type BibliographicFields } from '../bibliographicFields.js';
import { matchVerdictFields, type MatchVerdictFields } from '../matchFields.js';

export const REPORT_FORMAT_VERSION = 1;

export interface CitationJson extends BibliographicFields {
  key: string;
  document_id: string | null;
  verified: boolean;
}

export interface HypothesisJson {
  id: string;
  label: string;
  seq: number;
  status: Hypothesis['status'];
  /** The scientist's approval gate (hypothesis_batch checkpoint). */
  gate: Hypothesis['gate'];
  rejected: boolean;
  origin: Hypothesis['origin'];
  method: Hypothesis['method'];
  parents: string[];
  iteration: number;
  summary: string;
  rationale: string;
  experimental_protocol: string;
  testable_predictions: string[];
  assumptions: string[];
  citations: CitationJson[];
  rank: number | null;
  elo: number;
  bt_score: number | null;
  ci95: [number, number] | null;
  p_top_k: number | null;
  matches: number;
  wins: number;
  certified_top_k: boolean;
  near_duplicate_of: string | null;
  safety_flag: string | null;
  created_by: string;
  reasoner: string | null;
  created_at: string;
}

export interface ReviewJson {
  id: string;
  hypothesis_id: string;
  type: Review['type'];
  scores: ReviewScores;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
  citations: CitationJson[];
  assumption_checks: Review['assumptionChecks'];
  fundamental_flaw: boolean;
  narrative: string | null;
  reviewer: string;
  judge: 'model' | 'human';
  created_at: string;
}

export interface MatchJson extends MatchVerdictFields {
  id: string;
  debate: Array<{ speaker: string; argument: string }>;
  created_by: string;
  created_at: string;
}

export interface ReportDocument {
  format_version: typeof REPORT_FORMAT_VERSION;
  generator: 'co-scientist';
  generated_at: string;
  certified: boolean;
  project: {
    id: string;
    goal: string;
    domain: string;
    status: string;
    stage: string;
    iteration: number;
    stop_reason: string | null;
    top_k: number;
    seed: number;
    reasoning_calls_used: number;
    created_by: string;
    created_at: string;
    updated_at: string;
  };
  plan: ResearchPlan;
  meta_review: MetaReviewResult | null;
  /** Ranked, then unranked, then rejected: every hypothesis of the project. */
  hypotheses: HypothesisJson[];
  reviews: ReviewJson[];
  matches: MatchJson[];
  leaderboard: Array<{ hypothesis_id: string; rank: number; elo: number; bt_score: number; ci95: [number, number]; p_top_k: number; matches: number; wins: number; certified_top_k: boolean }>;
  references: Array<Omit<CitationJson, 'document_id'> & { document_ids: string[]; cited_by: string[] }>;
}

function citationJson(citation: CitationRecord, bib: Bibliography): CitationJson {
  return {
    key: bib.keyOf(citation),
    ...bibliographicFields(citation),
    document_id: citation.document_id ?? null,
    verified: citation.verified,
  };
}

function hypothesisJson(report: ResearchReport, h: Hypothesis, bib: Bibliography): HypothesisJson {
  const s = standing(report, h);
  return {
    id: h.id,
    label: label(h),
    seq: h.seq,
    status: h.status,
    gate: h.gate,
    rejected: h.status === 'rejected',
    origin: h.origin,
    method: h.method,
    parents: [...h.parents],
    iteration: h.iteration,
    summary: h.summary,
    rationale: h.rationale,
    experimental_protocol: h.experimentalProtocol,
    testable_predictions: [...h.testablePredictions],
    assumptions: [...h.assumptions],
    citations: h.citations.map((c) => citationJson(c, bib)),
    rank: s.rank,
    elo: s.elo,
    bt_score: s.btScore,
    ci95: s.ci95,
    p_top_k: s.pTopK,
    matches: s.matches,
    wins: s.wins,
    certified_top_k: s.certifiedTopK,
    near_duplicate_of: h.nearDuplicateOf,
    safety_flag: h.safetyFlag,
    created_by: h.createdBy,
    reasoner: h.reasoner,
    created_at: h.createdAt,
  };
}

function reviewJson(r: Review, bib: Bibliography): ReviewJson {
  return {
    id: r.id,
    hypothesis_id: r.hypothesisId,
    type: r.type,
    scores: { ...r.scores },
    strengths: [...r.strengths],
    weaknesses: [...r.weaknesses],
    recommendations: [...r.recommendations],
    citations: r.citations.map((c) => citationJson(c, bib)),
    assumption_checks: r.assumptionChecks.map((check) => ({ ...check })),
    fundamental_flaw: r.fundamentalFlaw,
    narrative: r.narrative,
    reviewer: r.reviewer,
    judge: r.judge,
    created_at: r.createdAt,
  };
}

function matchJson(m: MatchRecord): MatchJson {
  return {
    id: m.id,
    ...matchVerdictFields(m),
    debate: m.debate.map((turn) => ({ ...turn })),
    created_by: m.createdBy,
    created_at: m.createdAt,
  };
}

export function reportDocument(report: ResearchReport): ReportDocument {
  const { project } = report;
  const bib = bibliography(report);
  const { ranked, unranked, rejected } = partition(report);
  return {
    format_version: REPORT_FORMAT_VERSION,
    generator: 'co-scientist',
    generated_at: report.generatedAt,
    certified: report.certified,
    project: {
      id: project.id,
      goal: project.goal,
      domain: project.domain,
      status: project.status,
      stage: project.stage,
      iteration: project.iteration,
      stop_reason: project.stopReason,
      top_k: project.settings.topK,
      seed: project.settings.seed,
      reasoning_calls_used: project.reasoningCallsUsed,
      created_by: project.createdBy,
      created_at: project.createdAt,
      updated_at: project.updatedAt,
    },
    plan: project.plan,
    meta_review: project.metaReview,
    hypotheses: [...ranked, ...unranked, ...rejected].map((h) => hypothesisJson(report, h, bib)),
    reviews: report.reviews.map((r) => reviewJson(r, bib)),
    matches: report.matches.map(matchJson),
    leaderboard: [...report.leaderboard]
      .sort((a, b) => a.rank - b.rank)
      .map((e) => ({ hypothesis_id: e.hypothesisId, rank: e.rank, elo: e.elo, bt_score: e.btScore, ci95: e.ci95, p_top_k: e.pTopK, matches: e.matches, wins: e.wins, certified_top_k: e.certifiedTopK })),
    references: bib.references.map((r) => ({
      key: r.key,
      ...bibliographicFields({ ...r, arxiv_id: r.arxivId }),
      document_ids: r.documentIds,
      verified: r.verified,
      cited_by: r.citedBy,
    })),
  };
}

export function exportJson(report: ResearchReport): string {
  return JSON.stringify(reportDocument(report), null, 2) + '\n';
}
