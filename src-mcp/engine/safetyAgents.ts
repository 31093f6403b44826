// Finds the listed agents a text names (safetyLists.ts), most specific first: a named select
// agent before "a virus". Names match as whole words, in any case, singular or plural, with a
// space or a hyphen where the list has either ("Crimean Congo", "foot and mouth").
import { CHEMICAL_WEAPONS, GENERIC_AGENT_WORDS, INDUSTRIAL_CHEMICALS, OTHER_PATHOGENS, SELECT_AGENTS, SELECT_TOXINS, type AgentClass, type ListedAgent } from './safetyLists.js';

export interface AgentMention {
  name: string;
  agentClass: AgentClass;
  /** Named by a list, not only called "a virus" or "a toxin". */
  named: boolean;
  /** The words the text used ("H5N1" for the avian influenza entry). */
  written: string;
}

interface AgentMatcher extends Omit<AgentMention, 'named' | 'written'> {
  pattern: RegExp;
}

/** What the verdict calls each class, with the list it comes from. */
export const AGENT_CLASS_LABELS: Record<AgentClass, string> = {
  select_agent: 'select agent',
  toxin: 'select toxin',
  chemical_weapon: 'CWC Schedule 1–2 chemical',
  industrial_chemical: 'toxic industrial chemical',
  pathogen: 'pathogen',
};

function namePattern(name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Spaces and hyphens are interchangeable; "B. anthracis" may be written without its space.
  return escaped.replace(/\\\.\s*/g, '\\.\\s*').replace(/[\s-]+/g, '[\\s-]+');
}

function matcher(entry: ListedAgent, agentClass: AgentClass): AgentMatcher {
  // Short acronyms (VX, BZ, TB, SEB) match in capitals only, so "tb" or "seb" inside ordinary text is not one.
  const isAcronym = (n: string) => n.length <= 4 && n === n.toUpperCase();
  const names = [entry.name, ...entry.aliases].sort((a, b) => b.length - a.length).map((n) => (isAcronym(n) ? namePattern(n) : `(?i:${namePattern(n)})`));
  return { name: entry.name, agentClass, pattern: new RegExp(`(?<![\\w-])(?:${names.join('|')})(?:e?s)?(?![\\w])`) };
}

const MATCHERS: readonly AgentMatcher[] = [
  ...SELECT_AGENTS.map((a) => matcher(a, 'select_agent')),
  ...SELECT_TOXINS.map((a) => matcher(a, 'toxin')),
  ...CHEMICAL_WEAPONS.map((a) => matcher(a, 'chemical_weapon')),
  ...INDUSTRIAL_CHEMICALS.map((a) => matcher(a, 'industrial_chemical')),
  ...OTHER_PATHOGENS.map((a) => matcher(a, 'pathogen')),
];

const TOXIN_WORDS = new Set(['toxin', 'mycotoxin', 'neurotoxin', 'biotoxin']);
/** Any "…virus" word ("poxvirus", "lyssavirus") and the generic words of the list. */
const GENERIC = new RegExp(`\\b(?:\\w+virus(?:es)?|${GENERIC_AGENT_WORDS.map(namePattern).join('|')})(?:e?s)?\\b`, 'gi');

/** How a verdict names an agent: the words the text used, and the list entry they belong to. */
export function describeAgent(agent: AgentMention): string {
  const label = AGENT_CLASS_LABELS[agent.agentClass];
  return agent.named && agent.written.toLowerCase() !== agent.name.toLowerCase() ? `${agent.written} (${agent.name}, ${label})` : `${agent.written} (${label})`;
}

/** Every listed agent the text names, named ones first in list order, then generic words. */
export function findAgents(text: string): AgentMention[] {
  const found: AgentMention[] = MATCHERS.flatMap(({ name, agentClass, pattern }) => {
    const hit = pattern.exec(text);
    return hit === null ? [] : [{ name, agentClass, named: true, written: hit[0] }];
  });
  for (const hit of text.matchAll(GENERIC)) {
    const word = hit[0].toLowerCase().replace(/e?s$/, '');
    const agentClass: AgentClass = TOXIN_WORDS.has(word) ? 'toxin' : 'pathogen';
    if (!found.some((f) => f.name === hit[0].toLowerCase())) found.push({ name: hit[0].toLowerCase(), agentClass, named: false, written: hit[0] });
  }
  return found;
}
