// What every automatic reasoner (a provider, the client's model through sampling) sends and gets
// back: the work item as a prompt, the answer read as JSON, and the repair turn that sends the
// validation errors back once. The work item itself is the same one a delegated assistant gets.
import type { ReasoningRole } from './types.js';
import type { WorkItem } from '../workItems.js';

export function roleOf(kind: WorkItem['kind']): ReasoningRole {
  if (kind === 'compare') return 'judging';
  if (kind === 'review' || kind === 'meta_review') return 'review';
  return 'generation';
}

export const SYSTEM_PROMPT = [
  'You are the reasoning engine of Co-Scientist, an AI co-scientist that helps a scientist generate, review, rank and evolve research hypotheses.',
  'Do the work item exactly as its instructions say, with the rigour of a domain expert.',
  'Answer with one JSON object that validates against the output schema: no prose before or after it, no Markdown code fences.',
].join(' ');

/** The user turn: the kind's rules and the item's instructions (our domain expertise), the task data to echo ids from, and the schema. */
export function workItemPrompt(item: WorkItem): string {
  return [
    item.rules.text,
    '',
    item.instructions,
    '',
    '## Work item data',
    '```json',
    JSON.stringify({ task_id: item.task_id, kind: item.kind, research_id: item.research_id, context: item.context }),
    '```',
    '',
    '## Output schema',
    '```json',
    JSON.stringify(item.output_schema),
    '```',
  ].join('\n');
}

export function repairPrompt(errors: string): string {
  return [
    'Your answer could not be accepted:',
    errors,
    '',
    'Answer again with the complete corrected JSON object only, following the output schema exactly.',
  ].join('\n');
}

/** Reads a JSON object from a model's text: bare, fenced in Markdown, or with a sentence around it. */
export function parseJsonAnswer(text: string): { value: unknown; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: undefined, error: 'The answer was empty; a JSON object was expected.' };
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(trimmed)?.[1];
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  const candidates = [trimmed, fenced, start >= 0 && end > start ? trimmed.slice(start, end + 1) : undefined];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { value, error: null };
    } catch {
      // try the next reading
    }
  }
  return { value: undefined, error: `The answer is not a valid JSON object (it begins: ${JSON.stringify(trimmed.slice(0, 80))}).` };
}
