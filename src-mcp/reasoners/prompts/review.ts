// Review work items. Each review type is a different scientific check, from a desk screen to
// assumption-by-assumption verification; all share the calibrated rubric and one output contract.
import { REVIEW_TYPES, SAFETY_REASON_MAX_CHARS, type ReviewType } from '../../engine/schemas.js';
import type { GroundingSnippet, PromptHypothesis, PromptProject, TournamentRecord } from './context.js';
import { HYPOTHESIS_TEXT_PER_ITEM, SNIPPETS_SHOWN, capList, clip, dataBlock, hypothesisBlock, idList, joinSections, outputContract, ownHypothesesBlock, projectSection, snippetsSection, feedbackSection, type FeedbackForItem } from './shared.js';
import { SCORING_RUBRIC } from './rubric.js';

export interface ReviewContext {
  project: PromptProject;
  /** Named in the pointer to the full text of the reader's own hypotheses. */
  researchId?: string;
  reviewType: ReviewType;
  hypotheses: PromptHypothesis[];
  metaReviewFeedback?: FeedbackForItem;
  groundingSnippets: GroundingSnippet[];
}

const TYPE_TITLES: Record<ReviewType, string> = {
  initial: 'initial screen',
  full: 'full literature-grounded review',
  deep_verification: 'deep verification',
  observation: 'observation review',
  simulation: 'simulation review',
  tournament: 'tournament-informed review',
};

const TYPE_GUIDANCE: Record<ReviewType, string> = {
  initial: [
    '## Review type: initial screen',
    'A quick desk screen, as a journal editor does before sending a paper out. For each hypothesis check: Is it plausible given basic science? Is it new, or a restatement of something known? Does it make a measurable, falsifiable prediction? Is there a safety or ethical concern?',
    'Flag obvious flaws: circular reasoning, an untestable claim, a mechanism that contradicts established biology/physics/chemistry, correlation presented as causation, a model system taken for the real system. Do not attempt a literature survey; give the one to three points that matter most in each list.',
  ].join('\n'),
  full: [
    '## Review type: full review',
    'A literature-grounded critique, as a study-section reviewer writes it. For each claim in the rationale, say whether the literature (the snippets, and established knowledge you are sure of) supports it, contradicts it, or is silent, and cite the source.',
    'Judge novelty explicitly against that literature: what is already known, what is new. Assess the protocol: validity of the model system, controls (positive, negative, vehicle/sham), confounders, sample size and power, validity of the readout, feasibility and cost. Recommendations say exactly what to change.',
  ].join('\n'),
  deep_verification: [
    '## Review type: deep verification',
    'Decompose each hypothesis into its assumptions: the listed ones and the implicit ones its mechanism needs (each causal link, each "X occurs in Y" claim, each assumption about the model system). Check every assumption against the snippets and established knowledge:',
    '- **supported**: evidence for it (cite it); **unsupported**: evidence against it (cite it); **uncertain**: no decisive evidence either way.',
    'Then decide for each whether it is **fundamental**: if it were false, would the hypothesis collapse, or could it be repaired by narrowing scope, changing the model or adding a control (fixable)?',
    'Set `fundamental_flaw` to true only when a fundamental assumption is *unsupported*: evidence points against it, not merely missing. An uncertain fundamental assumption is what the experiment is for; say so instead of penalising it. Record every assumption you checked in `assumption_checks`.',
  ].join('\n'),
  observation: [
    '## Review type: observation review',
    'Ask whether each hypothesis explains existing observations (published findings, anomalies and unexplained results, including those in the snippets) better than the alternatives. List the observations it accounts for, those it conflicts with, and the competing explanations, and for each observation say which account explains it more parsimoniously.',
    'A hypothesis that explains an anomaly the standard account cannot is a strong candidate; one that only fits observations the standard account already explains gains little. Put the observation-by-observation analysis in `narrative`.',
  ].join('\n'),
  simulation: [
    '## Review type: simulation review',
    'Step through the mechanism and the proposed experiment as a simulation. Start at the intervention and follow each causal step to the readout: what quantity changes, in which direction, roughly by how much, over what time scale.',
    'Then run the experiment in your head: what the control arm shows, what the treatment arm shows if the hypothesis is true, and what it shows if it is false. Identify failure points where the signal could be lost (compensation, redundancy, dose, timing, detection limits, off-target effects) and whether the protocol can tell "hypothesis false" from "experiment failed". Put the step-by-step simulation and predicted outcomes in `narrative`.',
  ].join('\n'),
  tournament: [
    '## Review type: tournament-informed review',
    'Each hypothesis below comes with its tournament record: rating, wins and losses, and the judges\' rationales. Find the recurring reasons it wins or loses, separate reasons about the science from reasons about presentation, and decide whether its losses point to a fixable weakness (make it a recommendation) or a fundamental one.',
    'Your scores stay absolute, on the rubric; do not simply echo its rank.',
  ].join('\n'),
};

function tournamentBlock(h: PromptHypothesis, record: TournamentRecord): string {
  const { shown, note } = capList(record.match_notes, 6);
  const lines = [
    `Elo ${Math.round(record.elo)}${record.rank !== null ? `, rank ${record.rank}` : ''}; ${record.wins} wins in ${record.matches_played} matches.`,
    ...shown.map((m) => `- ${m.won ? 'Won' : 'Lost'}: ${clip(m.rationale, 300)}`),
    note,
  ];
  return dataBlock('tournament_record', lines.join('\n').trim(), { hypothesis_id: h.id });
}

/**
 * The review types the workflow itself hands out (initial screen, then full reviews): their
 * guidance is in the rules, read once per conversation. The others come only when someone asks
 * for one (review_hypothesis), so their guidance comes with that item instead of costing every
 * conversation ~600 tokens (docs/work-items.md, "Rules: stated once").
 */
const WORKFLOW_REVIEW_TYPES: readonly ReviewType[] = ['initial', 'full'];

/**
 * The safety question every review answers (issue 32). It names the categories the safety screen
 * checks (engine/safetyCategories.ts) so that the reviewer catches what the screen's rules miss.
 */
const SAFETY_QUESTION = [
  '## Safety question (every review)',
  `\`safety_concern\`: \`concerning\` if testing the hypothesis would need work of concern — making an agent or toxin more virulent, transmissible, persistent, resistant to treatment or vaccines, able to infect new hosts or evade detection; reconstituting an extinct or eradicated agent; weaponising or releasing one; making a chemical weapon; harming people at scale or without consent — whatever words it uses; otherwise \`none\` (defensive, diagnostic and clinical work is \`none\`). \`concerning\` sends the hypothesis to the scientist's safety review in the app; give the reason in \`safety_reason\` (one sentence, ≤ ${SAFETY_REASON_MAX_CHARS} characters).`,
].join('\n');

/** Said once per conversation (rules version in every item): the reviewer's role, the workflow's review types and the rubric. */
export const REVIEW_RULES = [
  '## Reviewing hypotheses',
  '',
  'You are the reflection agent of an AI co-scientist: a rigorous, fair reviewer. Your scores steer which hypotheses survive, and your weaknesses and recommendations are what the evolution step fixes, so be specific: name the step, the assumption or the missing control. Review each hypothesis on its own merits; do not rank them against each other. Each item names its review type:',
  '',
  ...WORKFLOW_REVIEW_TYPES.map((type) => TYPE_GUIDANCE[type]),
  `Other types (${REVIEW_TYPES.filter((type) => !WORKFLOW_REVIEW_TYPES.includes(type)).join(', ')}) bring their guidance in the item.`,
  '',
  SCORING_RUBRIC,
  '',
  SAFETY_QUESTION,
  '',
  'Citations marked UNVERIFIED were not found in the knowledge base: treat claims resting only on them as unsupported until checked, and say so. Cite only sources given in the item or ones you are certain of, never invented identifiers. `strengths` and `weaknesses`: at least one each, specific and checkable; `recommendations`: concrete changes that would raise the weakest score.',
].join('\n');

export function reviewInstructions(context: ReviewContext): string {
  const { project, reviewType, hypotheses } = context;
  const others = hypotheses.filter((h) => h.written_by_reader === undefined).length;
  const typeRules: Partial<Record<ReviewType, string>> = {
    deep_verification: '`assumption_checks` is required (every assumption checked); set `fundamental_flaw` as the rules define.',
    observation: '`narrative` is required: the observations explained or contradicted, one by one.',
    simulation: '`narrative` is required: the step-by-step simulation, predicted outcomes and failure points.',
  };
  const tournament = (h: PromptHypothesis) => (reviewType === 'tournament' && h.tournament ? [tournamentBlock(h, h.tournament)] : []);
  const own = hypotheses.filter((h) => h.written_by_reader !== undefined);
  return joinSections([
    `# Task: ${TYPE_TITLES[reviewType]} of ${hypotheses.length} hypothes${hypotheses.length === 1 ? 'is' : 'es'} (review type \`${reviewType}\`)`,
    WORKFLOW_REVIEW_TYPES.includes(reviewType) ? '' : TYPE_GUIDANCE[reviewType],
    projectSection(project),
    feedbackSection('Meta-review feedback for reviewers (apply it)', context.metaReviewFeedback, context.researchId),
    [
      '## Hypotheses under review',
      ...hypotheses.filter((h) => h.written_by_reader === undefined).flatMap((h) => [hypothesisBlock(h, {}, Math.floor(HYPOTHESIS_TEXT_PER_ITEM / Math.max(1, others))), ...tournament(h)]),
      ownHypothesesBlock(own.map((h) => ({ h })), context.researchId),
      ...own.flatMap(tournament),
    ]
      .filter((part) => part !== '')
      .join('\n\n'),
    snippetsSection(context.groundingSnippets, 'Literature snippets from the knowledge base', SNIPPETS_SHOWN),
    outputContract([
      `One review per hypothesis, \`hypothesis_id\` copied from: ${idList(hypotheses.map((h) => h.id))}; \`overall\` follows the rubric's four-step rule.`,
      typeRules[reviewType] ?? 'Leave `assumption_checks` and `narrative` out unless they add something specific.',
    ]),
  ]);
}
