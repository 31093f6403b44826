// Safety screen of research goals and hypotheses (issue "Research engine": anything flagged opens
// a safety_review checkpoint that only the desktop app can decide). A transparent rule set: it
// flags for a human to look, it never silently edits or drops what an assistant wrote.
//
// Each rule wants a harmful *purpose or enhancement*, not the topic alone: "antimicrobial
// resistance mechanisms" is legitimate research, "increase transmissibility of a pathogen" is not.
// A hit is dropped when its clause negates or defends against it ("does not harm patients", "no one
// is enrolled without informed consent", "detect nerve agents"), and every flag carries the passage
// that triggered it, so the scientist sees why. Measured on test/fixtures/safety/labelled.json
// (docs/benchmarks.md, "Safety screen").

interface SafetyRule {
  id: string;
  pattern: RegExp;
  reason: string;
  /** The hit counts only when the sentence also matches this (e.g. names a pathogen). */
  requires?: RegExp;
  /** A long hit ("improve drugs that suppress transmissibility") can be negated by its own middle words. */
  negatedWithin?: boolean;
}

const PATHOGEN = /\w*(virus|pox)\w*|\b(viral|pathogen\w*|bacteri\w*|strain\w*|influenza|h5n1|h7n9|coronavirus\w*|sars|mers|ebola|nipah|marburg|pox\w*|plague|pestis|anthrax|tuberculosis|prion\w*|microb\w*)\b/i;

// Dual-use research of concern (after the US DURC categories) and direct harm to people.
const RULES: readonly SafetyRule[] = [
  {
    id: 'pathogen_enhancement',
    pattern: /\b(enhanc\w*|increas\w*|boost\w*|improv\w*|restor\w*|expand\w*|mak\w*|select\w*)\b[^.;]{0,60}?\b(transmissib\w*|virulen\w*|lethal\w*|deadl\w*|pathogenicity|host range|human-to-human|immune evasion|escape variants?)\b/i,
    requires: PATHOGEN,
    negatedWithin: true,
    reason: 'proposes enhancing the transmissibility, virulence or host range of a pathogen (dual-use research of concern)',
  },
  {
    id: 'gain_of_function',
    pattern: /\bgain[- ]of[- ]function\b[^.]{0,80}\b(virus|viral|pathogen|influenza|coronavirus|sars|mers|h5n1)\b|\b(virus|viral|pathogen|influenza|coronavirus|sars|mers|h5n1)\b[^.]{0,80}\bgain[- ]of[- ]function\b/i,
    reason: 'involves gain-of-function work on a pathogen',
  },
  {
    id: 'select_agents',
    pattern: /\bweaponi[sz]\w*|\b(bio)?weapons?\b|\baerosoli[sz]\w*\b[^.]{0,40}\b(spores?|anthrax|pathogen|virus|toxin|agent)\b|\b(anthrax|smallpox|variola|botulinum|ricin|abrin|sarin|vx|novichok|tabun|soman)\b[^.]{0,60}\b(produc\w*|synthesi[sz]\w*|cultur\w* (at|in) scale|disseminat\w*|dispers\w*|inhalable|stable powder)\b|\b(produc\w*|synthesi[sz]\w*|disseminat\w*)\b[^.]{0,20}\b(anthrax|botulinum|ricin|abrin|sarin|novichok)\b/i,
    reason: 'concerns producing, weaponising or disseminating a select agent or toxin',
  },
  {
    id: 'chemical_weapons',
    pattern: /\b(nerve agent|chemical weapon|blister agent|toxic warfare|(precursors?|routes?) (to|for) (synthesi[sz]\w* )?(sarin|vx|tabun|soman|novichok))\b/i,
    reason: 'concerns chemical warfare agents',
  },
  {
    id: 'mass_harm',
    pattern: /\b(cause|causing|inflict\w*) mass casualt\w*|\b(poison\w*|contaminat\w*|disseminat\w*)\b[^.]{0,40}\b(water supply|food supply|city|population)\b/i,
    reason: 'proposes harming many people at once',
  },
  {
    id: 'evading_safeguards',
    pattern: /\b(evad\w*|escap\w*|avoid\w*|bypass\w*|circumvent\w*)\b[^.]{0,30}\b(dna synthesis screening|biosecurity screening|detection by|diagnostic (pcr )?tests?|detectors?|export controls?)\b|\bspread undetected\b/i,
    reason: 'proposes evading biosecurity screening or detection',
  },
  {
    id: 'resistance_engineering',
    pattern: /\b(confer\w*|engineer\w*|introduc\w*|transfer\w*)\b[^.]{0,60}\bresistance\b[^.]{0,40}\b(to|against)\b[^.]{0,40}\b(first[- ]line|last[- ]resort|all known|all current)\b/i,
    reason: 'proposes engineering resistance to first-line or last-resort treatments',
  },
  {
    id: 'explosives',
    pattern: /\b(improvised explosive|detonat\w* (device|mechanism)|synthesi[sz]\w* (tatp|hmtd|petn)|pipe bomb)\b/i,
    reason: 'concerns making explosives',
  },
  {
    id: 'human_harm',
    pattern: /\bwithout (their |prior |written )?(informed )?(consent|knowledge)\b|\bcovert(ly)? (dose|dosing|administer\w*|expos\w*|infect\w*)\b|\b(unsuspecting|unwitting)\b|\bharm (humans|people|patients|participants|volunteers)\b|\bwithhold\w* (the )?risks?\b|\bdeliberately infect\w*\b/i,
    reason: 'proposes exposing people to harm or experimenting without consent',
  },
];

// Words that, in the hit's clause, turn it around: negation ("does not harm"), and the vocabulary
// of defence and ethics ("block anthrax toxin", "detect nerve agents", "prevent gain-of-function").
const NEGATION = /\b(not|no|never|none|nor|cannot|can't|won't|don't|doesn't|isn't|without|avoid\w*|prevent\w*|prohibit\w*|forbid\w*|ban\w*|refus\w*|minimi[sz]\w*|reduc\w*|lower\w*|decreas\w*|suppress\w*|inhibit\w*|block\w*|limit\w*|mitigat\w*|protect\w*|safeguard\w*|defen[cs]\w*|counter\w*|detect\w*|diagnos\w*|treat\w*|neutrali[sz]\w*|decontaminat\w*|screen\w*|monitor\w*|triage|against|rather than|instead of|free of|exclud\w*)\b/i;
/** How many words before a hit its clause may negate it from. */
const NEGATION_WINDOW_WORDS = 6;
/** Characters of context shown on each side of the matched words. */
const CONTEXT_CHARS = 70;

export interface SafetyMatch {
  rule: string;
  reason: string;
  /** Which part of the screened text it is in (summary, rationale, …; "text" for a single text). */
  field: string;
  /** The words that matched. */
  match: string;
  /** The matched words with their surrounding sentence, «marked». */
  passage: string;
}

export interface SafetyVerdict {
  flagged: boolean;
  reasons: string[];
  ruleIds: string[];
  /** Every hit, with the passage that triggered it. */
  matches: SafetyMatch[];
}

/** Screens one text. */
export function screenText(text: string): SafetyVerdict {
  return screenFields({ text });
}

/** Screens several named parts of one piece of work (a hypothesis's summary, rationale, protocol, …) as a whole. */
export function screenFields(fields: Readonly<Record<string, string | readonly string[] | undefined>>): SafetyVerdict {
  const matches: SafetyMatch[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const texts = value === undefined ? [] : typeof value === 'string' ? [value] : value;
    for (const text of texts) matches.push(...screenOne(field, text));
  }
  const ruleIds = [...new Set(matches.map((m) => m.rule))];
  const reasons = ruleIds.map((id) => RULES.find((rule) => rule.id === id)?.reason ?? id);
  return { flagged: matches.length > 0, reasons, ruleIds, matches };
}

/** What a flagged hypothesis is screened on: everything it says, not only its summary. */
export function screenHypothesis(h: { summary: string; rationale: string; experimentalProtocol: string; testablePredictions?: readonly string[]; assumptions?: readonly string[] }): SafetyVerdict {
  return screenFields({
    summary: h.summary,
    rationale: h.rationale,
    experimental_protocol: h.experimentalProtocol,
    testable_predictions: h.testablePredictions,
    assumptions: h.assumptions,
  });
}

function screenOne(field: string, text: string): SafetyMatch[] {
  const found: SafetyMatch[] = [];
  for (const rule of RULES) {
    const global = new RegExp(rule.pattern.source, 'gi');
    for (const hit of text.matchAll(global)) {
      const start = hit.index;
      const end = start + hit[0].length;
      const sentence = sentenceAround(text, start, end);
      if (rule.requires !== undefined && !rule.requires.test(sentence)) continue;
      if (isNegated(text, start, rule.negatedWithin === true ? hit[0] : '')) continue;
      found.push({ rule: rule.id, reason: rule.reason, field, match: hit[0], passage: passageAround(text, start, end) });
    }
  }
  return found;
}

/** A hit is negated by a cue in the few words before it within its clause, or in `matched` after its first word. */
function isNegated(text: string, start: number, matched: string): boolean {
  const clauseStart = Math.max(text.lastIndexOf('.', start - 1), text.lastIndexOf(';', start - 1), text.lastIndexOf(':', start - 1), text.lastIndexOf(',', start - 1)) + 1;
  const before = text.slice(clauseStart, start).trim().split(/\s+/).slice(-NEGATION_WINDOW_WORDS).join(' ');
  const inside = matched.split(/\s+/).slice(1).join(' ');
  return NEGATION.test(before) || NEGATION.test(inside);
}

function sentenceAround(text: string, start: number, end: number): string {
  const from = Math.max(text.lastIndexOf('.', start - 1), text.lastIndexOf('\n', start - 1)) + 1;
  const stop = text.indexOf('.', end);
  return text.slice(from, stop === -1 ? text.length : stop + 1);
}

function passageAround(text: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(text.length, end + CONTEXT_CHARS);
  const squash = (s: string) => s.replace(/\s+/g, ' ');
  return `${from > 0 ? '…' : ''}${squash(text.slice(from, start))}«${squash(text.slice(start, end))}»${squash(text.slice(end, to))}${to < text.length ? '…' : ''}`;
}
