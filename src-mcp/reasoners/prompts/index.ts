// Instruction texts for every reasoning task kind, and the MCP prompt texts. Pure functions of
// typed context: the same text goes to a delegated assistant, to MCP sampling and to an LLM API.
export type { ExistingHypothesis, GroundingSnippet, PromptCitation, PromptHypothesis, PromptProject, PromptReview, TournamentRecord } from './context.js';
export { toExistingHypothesis, toPromptHypothesis, toPromptReview } from './context.js';
export { generationInstructions, type GenerationContext } from './generation.js';
export { reviewInstructions, type ReviewContext } from './review.js';
export { comparisonInstructions, type ComparisonContext, type ComparisonMember, type ComparisonPair } from './comparison.js';
export { evolutionInstructions, type EvolutionContext } from './evolution.js';
export { metaReviewInstructions, type LeaderboardRow, type MatchRationale, type MetaReviewContext } from './metaReview.js';
export { SCORING_RUBRIC, expectedOverall } from './rubric.js';
export { INJECTION_WARNING, resultShape, schemaText } from './shared.js';
export { rulesFor, type WorkRules } from './rules.js';
export { hypothesisAnalysisPrompt, literatureReviewPrompt, researchWorkflowPrompt } from './mcpPrompts.js';
